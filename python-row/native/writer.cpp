// The encoder: walks Python objects along the compiled schema, fetching attributes with the
// C API, and hands each value to cpp-row's writers (zerorow::RowWriter / ArrayWriter /
// MapWriter), which own the layout, the canonical form (SPEC §2.6) and the value checks.
#include <zerorow/decimal.h>
#include <zerorow/row_writer.h>
#include <zerorow/validate.h>

#include <cmath>
#include <limits>

#include "views.h"

// datetime.h needs Python.h (from views.h) first; include sorting would move it up.
// clang-format off
#include <datetime.h>
// clang-format on

namespace zr {

bool g_strict = false;

namespace {

using Slots = zerorow::detail::SlotWriter;

nb::handle g_enum, g_decimal_cls, g_plain, g_uuid_cls;  // leaked on purpose: no decref after interpreter shutdown

/// The path (SPEC §4.3) of the value being written, kept as a chain on the stack and turned
/// into text only on error; each step is ordinal `i` of a cpp-row writer, which spells it.
struct PathNode {
  const PathNode* parent;
  const Slots* writer;  // null at the top
  int i;
  std::string Text() const {
    if (!writer) return "";
    return JoinPath(parent ? parent->Text() : std::string(), writer->PathOf(i));
  }
};

/// Clears a Python error the walker replaces with its own, except the ones that must never be
/// swallowed (MemoryError, KeyboardInterrupt and anything else outside Exception).
void ClearOrRethrow() {
  if (!PyErr_Occurred()) return;
  if (PyErr_ExceptionMatches(PyExc_MemoryError) || !PyErr_ExceptionMatches(PyExc_Exception)) throw nb::python_error();
  PyErr_Clear();
}

std::string Repr(PyObject* v) {
  PyObject* r = PyObject_Repr(v);
  if (!r) {
    ClearOrRethrow();
    return "<unprintable>";
  }
  Py_ssize_t n;
  const char* s = PyUnicode_AsUTF8AndSize(r, &n);
  std::string out = s ? std::string(s, std::min<Py_ssize_t>(n, 80)) : "<unprintable>";
  if (s && n > 80) out += "...";
  Py_DECREF(r);
  return out;
}

/// A double in Python's shortest round-trip form ("1e+39").
std::string ShortFloat(double d) {
  char* text = PyOS_double_to_string(d, 'r', 0, Py_DTSF_ADD_DOT_0, nullptr);
  if (!text) {
    PyErr_Clear();
    return std::to_string(d);
  }
  std::string out(text);
  PyMem_Free(text);
  return out;
}

[[noreturn]] void Mismatch(const PathNode& p, PyObject* v, const char* want) {
  throw Error(Kind::SchemaMismatch, p.Text(),
              std::string("expected ") + want + " but found " + Py_TYPE(v)->tp_name + " " + Repr(v));
}
[[noreturn]] void Invalid(const PathNode& p, std::string msg) {
  throw Error(Kind::InvalidData, p.Text(), std::move(msg));
}

int64_t AsInt(const PathNode& p, PyObject* v, int64_t lo, int64_t hi, const char* tname) {
  // bool is an int subclass in Python, but True is not a number of an integer type (nor a
  // date or a time): refused as Arrow's and Spark's converters refuse it
  if (PyBool_Check(v) || (!PyLong_CheckExact(v) && (PyFloat_Check(v) || !PyIndex_Check(v)))) Mismatch(p, v, tname);
  int overflow = 0;
  long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
  if (x == -1 && PyErr_Occurred()) throw nb::python_error();
  if (overflow || x < lo || x > hi)
    Invalid(p, Repr(v) + " is out of range for " + tname + ": expected " + std::to_string(lo) +
                   " <= v <= " + std::to_string(hi));
  return x;  // narrower integer types are range-checked by cpp-row's WriteInt
}

/// The range of an integer type, for the messages of values outside it.
std::pair<int64_t, int64_t> IntRange(Tid id) {
  switch (id) {
    case Tid::kInt8:
      return {INT8_MIN, INT8_MAX};
    case Tid::kInt16:
      return {INT16_MIN, INT16_MAX};
    case Tid::kInt32:
    case Tid::kIntervalYm:
      return {INT32_MIN, INT32_MAX};
    case Tid::kBool:
    case Tid::kInt64:
    case Tid::kFloat32:
    case Tid::kFloat64:
    case Tid::kString:
    case Tid::kBinary:
    case Tid::kDate32:
    case Tid::kTime:
    case Tid::kTimestamp:
    case Tid::kDuration:
    case Tid::kDecimal:
    case Tid::kList:
    case Tid::kMap:
    case Tid::kStruct:
    case Tid::kNull:
    case Tid::kInterval:
    case Tid::kFixedBinary:
    case Tid::kUuid:
    case Tid::kVariant:
      return {INT64_MIN, INT64_MAX};
  }
  return {INT64_MIN, INT64_MAX};
}

int64_t Mul(const PathNode& p, int64_t a, int64_t b, int64_t c) {
  __int128 r = static_cast<__int128>(a) * b + c;
  if (r > std::numeric_limits<int64_t>::max() || r < std::numeric_limits<int64_t>::min())
    Invalid(p, "value overflows int64 microseconds");
  return static_cast<int64_t>(r);
}

int64_t DeltaMicros(const PathNode& p, PyObject* d) {
  int64_t days = PyDateTime_DELTA_GET_DAYS(d), secs = PyDateTime_DELTA_GET_SECONDS(d),
          us = PyDateTime_DELTA_GET_MICROSECONDS(d);
  return Mul(p, Mul(p, days, 86400, secs), 1000000, us);
}

/// A datetime / timedelta subclass with nanoseconds (pandas Timestamp, Timedelta): its
/// datetime fields already hold the value floored to the microsecond; strict refuses it.
void CheckSubMicros(const PathNode& p, PyObject* v) {
  if (!g_strict || !PyObject_HasAttrString(v, "nanosecond")) return;
  nb::object ns = nb::steal(PyObject_GetAttrString(v, "nanosecond"));
  if (!ns.is_valid()) throw nb::python_error();
  if (PyObject_IsTrue(ns.ptr()) == 1)
    Invalid(p, Repr(v) +
                   " has nanoseconds; a zerorow value holds microseconds (the encoder is strict: "
                   "truncate the value, or build the encoder without strict=True)");
}

bool IsNumpyScalar(PyObject* v) {
  const char* name = Py_TYPE(v)->tp_name;
  return std::strcmp(name, "numpy.datetime64") == 0 || std::strcmp(name, "numpy.timedelta64") == 0;
}

/// A NumPy datetime64 / timedelta64 in microseconds, floored (or refused when strict), by
/// zerorow._temporal (which names the value in its error).
int64_t NumpyMicros(const PathNode& p, PyObject* v, const char* want) {
  std::string tn = Py_TYPE(v)->tp_name;
  if (tn != std::string("numpy.") + want) Mismatch(p, v, want);
  nb::object fn = nb::module_::import_("zerorow._temporal").attr("numpy_micros");
  nb::object out = nb::steal(PyObject_CallFunction(fn.ptr(), "Oi", v, g_strict ? 1 : 0));
  if (!out.is_valid()) {
    if (!PyErr_ExceptionMatches(PyExc_ValueError)) throw nb::python_error();
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    nb::object msg = nb::steal(PyObject_Str(value));
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    Invalid(p, msg.is_valid() ? nb::cast<std::string>(msg) : std::string("bad NumPy value"));
  }
  return nb::cast<int64_t>(out);
}

int64_t TemporalValue(const PathNode& p, PyObject* v, const Type& t) {
  switch (t.id) {
    case Tid::kDate32:
      if (PyDate_Check(v) && !PyDateTime_Check(v))
        return DaysFromCivil(PyDateTime_GET_YEAR(v), PyDateTime_GET_MONTH(v), PyDateTime_GET_DAY(v));
      if (PyDateTime_Check(v)) Mismatch(p, v, "datetime.date (not datetime) or int days");
      return AsInt(p, v, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), "date32");
    case Tid::kTime:
      if (PyTime_Check(v) && PyDateTime_TIME_GET_TZINFO(v) != Py_None)
        Mismatch(p, v, "a datetime.time without tzinfo (a zerorow time has no zone, SPEC §3.3)");
      if (PyTime_Check(v))
        return ((PyDateTime_TIME_GET_HOUR(v) * 60LL + PyDateTime_TIME_GET_MINUTE(v)) * 60 +
                PyDateTime_TIME_GET_SECOND(v)) *
                   1000000LL +
               PyDateTime_TIME_GET_MICROSECOND(v);
      return AsInt(p, v, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), "time");
    case Tid::kDuration:
      if (PyDelta_Check(v)) {
        if (!PyDelta_CheckExact(v)) CheckSubMicros(p, v);
        return DeltaMicros(p, v);
      }
      if (IsNumpyScalar(v)) return NumpyMicros(p, v, "timedelta64");
      return AsInt(p, v, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), "duration");
    case Tid::kTimestamp: {
      if (!PyDateTime_Check(v)) {
        if (IsNumpyScalar(v)) {
          if (!t.core->tz().empty()) Mismatch(p, v, "an aware datetime for a timestamp with zone");
          return NumpyMicros(p, v, "datetime64");
        }
        return AsInt(p, v, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), "timestamp");
      }
      if (!PyDateTime_CheckExact(v)) CheckSubMicros(p, v);
      nb::object off = nb::steal(PyObject_CallMethod(v, "utcoffset", nullptr));
      if (!off.is_valid()) throw nb::python_error();
      bool aware = !off.is_none();
      if (aware != !t.core->tz().empty())
        Mismatch(p, v,
                 t.core->tz().empty() ? "a naive datetime for a timestamp without zone"
                                      : "an aware datetime for a timestamp with zone");
      int64_t days = DaysFromCivil(PyDateTime_GET_YEAR(v), PyDateTime_GET_MONTH(v), PyDateTime_GET_DAY(v));
      int64_t secs =
          (PyDateTime_DATE_GET_HOUR(v) * 60LL + PyDateTime_DATE_GET_MINUTE(v)) * 60 + PyDateTime_DATE_GET_SECOND(v);
      int64_t us = Mul(p, Mul(p, days, 86400, secs), 1000000, PyDateTime_DATE_GET_MICROSECOND(v));
      if (aware) us -= DeltaMicros(p, off.ptr());
      return us;
    }
    case Tid::kBool:
    case Tid::kInt8:
    case Tid::kInt16:
    case Tid::kInt32:
    case Tid::kInt64:
    case Tid::kFloat32:
    case Tid::kFloat64:
    case Tid::kString:
    case Tid::kBinary:
    case Tid::kDecimal:
    case Tid::kList:
    case Tid::kMap:
    case Tid::kStruct:
    case Tid::kNull:
    case Tid::kIntervalYm:
    case Tid::kInterval:
    case Tid::kFixedBinary:
    case Tid::kUuid:
    case Tid::kVariant:
      return 0;  // not temporal: the caller dispatches only the four above
  }
  return 0;
}

// A decimal.Decimal / int as the unscaled value at the type's scale: the exact rescaling, the
// rounding and precision checks (SPEC §3.5) are cpp-row's DecimalFromString, on plain text.
zerorow::Decimal128 DecimalValue(const PathNode& p, PyObject* v, const Type& t) {
  bool is_int = PyLong_Check(v) && !PyBool_Check(v);
  if (!is_int && PyObject_IsInstance(v, g_decimal_cls.ptr()) != 1) Mismatch(p, v, "decimal.Decimal or int");
  nb::object text = is_int ? nb::steal(PyObject_Str(v)) : nb::steal(PyObject_Format(v, g_plain.ptr()));
  if (!text.is_valid()) throw nb::python_error();
  Py_ssize_t n;
  const char* s = PyUnicode_AsUTF8AndSize(text.ptr(), &n);
  if (!s) throw nb::python_error();
  auto r =
      zerorow::DecimalFromString(std::string_view(s, static_cast<size_t>(n)), t.core->precision(), t.core->scale());
  if (!r.ok()) ThrowCoreAt(r.status(), p.Text());
  return r.value();
}

/// Raises a cpp-row write error at the walker's path (the core names only the ordinal).
void Ok(const PathNode& p, const zerorow::Status& st) {
  if (!st.ok()) ThrowCoreAt(st, p.Text());
}

void WriteStructFields(zerorow::RowWriter& w, const Type& t, PyObject* obj, const PathNode& path);
void WriteValue(Slots& w, int i, const Type& t, PyObject* v, const PathNode& p);

/// True when `v` is a view of the binding whose bytes already have type `t`: they are copied
/// (after cpp-row's full validation of the region) instead of being walked.
template <typename View>
bool SameView(PyObject* v, const TypePtr View::*type, const Type& t) {
  if (!nb::isinstance<View>(nb::handle(v))) return false;
  const Type& mine = *(nb::cast<const View&>(nb::handle(v)).*type);
  return &mine == &t || mine.core->Equals(*t.core);
}

// Fast path for 1-D contiguous buffers (NumPy arrays, array.array) whose element type is the
// array's: the elements go to the writer without a Python object each. Returns false to take
// the general path.
bool WriteArrayFromBuffer(Slots& w, int i, const Type& elem, PyObject* obj, const PathNode& path) {
  if (PyBytes_Check(obj) || PyByteArray_Check(obj) || PyUnicode_Check(obj) || !PyObject_CheckBuffer(obj)) return false;
  Py_buffer b;
  if (PyObject_GetBuffer(obj, &b, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) != 0) {
    ClearOrRethrow();
    return false;
  }
  struct Release {
    Py_buffer* b;
    ~Release() { PyBuffer_Release(b); }
  } release{&b};
  if (b.ndim != 1 || !b.format) return false;
  char f = b.format[0] == '<' || b.format[0] == '=' || b.format[0] == '@' ? b.format[1] : b.format[0];
  bool is_int = f == 'b' || f == 'h' || f == 'i' || f == 'l' || f == 'q';
  bool ok = false;
  switch (elem.id) {
    case Tid::kBool:
      ok = f == '?';
      break;
    case Tid::kInt8:
      ok = is_int && b.itemsize == 1;
      break;
    case Tid::kInt16:
      ok = is_int && b.itemsize == 2;
      break;
    case Tid::kInt32:
      ok = is_int && b.itemsize == 4;
      break;
    case Tid::kInt64:
      ok = is_int && b.itemsize == 8;
      break;
    case Tid::kFloat32:
      ok = f == 'f';
      break;
    case Tid::kFloat64:
      ok = f == 'd';
      break;
    case Tid::kIntervalYm:
      ok = is_int && b.itemsize == 4;
      break;
    case Tid::kString:
    case Tid::kBinary:
    case Tid::kDate32:
    case Tid::kTime:
    case Tid::kTimestamp:
    case Tid::kDuration:
    case Tid::kDecimal:
    case Tid::kList:
    case Tid::kMap:
    case Tid::kStruct:
    case Tid::kNull:
    case Tid::kInterval:
    case Tid::kFixedBinary:
    case Tid::kUuid:
    case Tid::kVariant:
      break;  // no bulk copy: the general path
  }
  if (!ok) return false;
  int64_t n = static_cast<int64_t>(b.shape ? b.shape[0] : b.len / b.itemsize);
  zerorow::ArrayWriter a;
  Ok(path, w.BeginArray(i, n, &a));
  size_t count = static_cast<size_t>(n);
  zerorow::Status st;
  switch (elem.id) {  // one checked bulk copy by cpp-row (NaNs canonicalised there)
    case Tid::kBool:
      st = a.WriteValues(std::span<const uint8_t>(static_cast<const uint8_t*>(b.buf), count));
      break;
    case Tid::kInt8:
      st = a.WriteValues(std::span<const int8_t>(static_cast<const int8_t*>(b.buf), count));
      break;
    case Tid::kInt16:
      st = a.WriteValues(std::span<const int16_t>(static_cast<const int16_t*>(b.buf), count));
      break;
    case Tid::kInt32:
    case Tid::kIntervalYm:
      st = a.WriteValues(std::span<const int32_t>(static_cast<const int32_t*>(b.buf), count));
      break;
    case Tid::kInt64:
      st = a.WriteValues(std::span<const int64_t>(static_cast<const int64_t*>(b.buf), count));
      break;
    case Tid::kFloat32:
      st = a.WriteValues(std::span<const float>(static_cast<const float*>(b.buf), count));
      break;
    case Tid::kFloat64:
      st = a.WriteValues(std::span<const double>(static_cast<const double*>(b.buf), count));
      break;
    case Tid::kString:
    case Tid::kBinary:
    case Tid::kDate32:
    case Tid::kTime:
    case Tid::kTimestamp:
    case Tid::kDuration:
    case Tid::kDecimal:
    case Tid::kList:
    case Tid::kMap:
    case Tid::kStruct:
    case Tid::kNull:
    case Tid::kInterval:
    case Tid::kFixedBinary:
    case Tid::kUuid:
    case Tid::kVariant:
      break;  // `ok` was false for them
  }
  if (!st.ok()) ThrowCore(st, path.Text());  // the core names the element ("[k]")
  Ok(path, a.Finish());
  return true;
}

void WriteList(Slots& w, int i, const Type& t, PyObject* v, const PathNode& p) {
  if (PyUnicode_Check(v) || PyBytes_Check(v) || PyDict_Check(v)) Mismatch(p, v, "a sequence");
  if (SameView<ArrayView>(v, &ArrayView::elem, *t.elem)) {
    const ArrayView& src = nb::cast<const ArrayView&>(nb::handle(v));
    Ok(p, zerorow::ValidateArrayBody(*t.core->element(), src.arr.bytes()));
    Ok(p, w.WriteRawBody(i, src.arr.bytes()));
    return;
  }
  if (WriteArrayFromBuffer(w, i, *t.elem, v, p)) return;
  nb::object seq = nb::steal(PySequence_Fast(v, "expected a sequence"));
  if (!seq.is_valid()) {
    ClearOrRethrow();
    Mismatch(p, v, "a sequence");
  }
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  zerorow::ArrayWriter a;
  Ok(p, w.BeginArray(i, n, &a));
  for (Py_ssize_t k = 0; k < n; ++k)
    WriteValue(a, static_cast<int>(k), *t.elem, items[k], PathNode{&p, &a, static_cast<int>(k)});
  Ok(p, a.Finish());
}

void WriteMap(Slots& w, int i, const Type& t, PyObject* v, const PathNode& p) {
  if (SameView<MapView>(v, &MapView::type, t)) {
    const MapView& src = nb::cast<const MapView&>(nb::handle(v));
    Ok(p, zerorow::ValidateMapBody(*t.core, src.map.bytes()));
    Ok(p, w.WriteRawBody(i, src.map.bytes()));
    return;
  }
  nb::object keys, vals;
  if (PyDict_Check(v)) {
    keys = nb::steal(PyDict_Keys(v));
    vals = nb::steal(PyDict_Values(v));
  } else if (PyMapping_Check(v) && PyObject_HasAttrString(v, "items") && !PyList_Check(v) && !PyTuple_Check(v)) {
    keys = nb::steal(PyMapping_Keys(v));
    vals = nb::steal(PyMapping_Values(v));
  } else {  // a sequence of (key, value) pairs
    nb::object pairs = nb::steal(PySequence_Fast(v, "expected a mapping or (key, value) pairs"));
    if (!pairs.is_valid()) {
      ClearOrRethrow();
      Mismatch(p, v, "a mapping");
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(pairs.ptr());
    keys = nb::steal(PyList_New(n));
    vals = nb::steal(PyList_New(n));
    for (Py_ssize_t k = 0; k < n; ++k) {
      PyObject* pr = PySequence_Fast_GET_ITEM(pairs.ptr(), k);
      if (!PyTuple_Check(pr) && !PyList_Check(pr)) Mismatch(p, pr, "a (key, value) pair");
      if (PySequence_Size(pr) != 2) Mismatch(p, pr, "a (key, value) pair");
      PyList_SET_ITEM(keys.ptr(), k, PySequence_GetItem(pr, 0));
      PyList_SET_ITEM(vals.ptr(), k, PySequence_GetItem(pr, 1));
    }
  }
  if (!keys.is_valid() || !vals.is_valid()) throw nb::python_error();
  if (!PyDict_Check(v)) {  // SPEC §2.3: writers MUST NOT write two equal keys (Python equality)
    nb::object seen = nb::steal(PySet_New(keys.ptr()));
    if (!seen.is_valid())
      ClearOrRethrow();  // unhashable keys: cannot be checked here
    else if (PySet_GET_SIZE(seen.ptr()) != PyList_GET_SIZE(keys.ptr()))
      Invalid(p, "the map has two equal keys (SPEC §2.3)");
  }
  Py_ssize_t n = PyList_GET_SIZE(keys.ptr());
  zerorow::MapWriter m;
  Ok(p, w.BeginMap(i, &m));
  {
    zerorow::ArrayWriter a;
    Ok(p, m.BeginKeys(n, &a));
    for (Py_ssize_t k = 0; k < n; ++k)
      WriteValue(a, static_cast<int>(k), *t.elem, PyList_GET_ITEM(keys.ptr(), k),
                 PathNode{&p, &a, static_cast<int>(k)});
    Ok(p, a.Finish());
  }
  {
    zerorow::ArrayWriter a;
    Ok(p, m.BeginValues(n, &a));
    for (Py_ssize_t k = 0; k < n; ++k)
      WriteValue(a, static_cast<int>(k), *t.value, PyList_GET_ITEM(vals.ptr(), k),
                 PathNode{&p, &a, static_cast<int>(k)});
    Ok(p, a.Finish());
  }
  Ok(p, m.Finish());
}

// A bytes-like value into a binary, fixed_binary or uuid (whose sizes cpp-row checks).
void WriteBytes(Slots& w, int i, PyObject* v, const PathNode& p) {
  if (PyUnicode_Check(v) || !PyObject_CheckBuffer(v)) Mismatch(p, v, "bytes-like object");
  Py_buffer b;
  if (PyObject_GetBuffer(v, &b, PyBUF_SIMPLE) != 0) {
    ClearOrRethrow();
    Mismatch(p, v, "contiguous bytes-like object");
  }
  zerorow::Status st =
      w.WriteBinary(i, std::span<const uint8_t>(static_cast<const uint8_t*>(b.buf), static_cast<size_t>(b.len)));
  PyBuffer_Release(&b);
  Ok(p, st);
}

// zerorow.Interval(months, days, microseconds) — any 3-sequence of ints (SPEC §3.7).
zerorow::Interval IntervalValue(const PathNode& p, PyObject* v) {
  if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != 3) Mismatch(p, v, "zerorow.Interval(months, days, microseconds)");
  zerorow::Interval out;
  out.months = static_cast<int32_t>(AsInt(p, PyTuple_GET_ITEM(v, 0), INT32_MIN, INT32_MAX, "interval months"));
  out.days = static_cast<int32_t>(AsInt(p, PyTuple_GET_ITEM(v, 1), INT32_MIN, INT32_MAX, "interval days"));
  out.microseconds = AsInt(p, PyTuple_GET_ITEM(v, 2), INT64_MIN, INT64_MAX, "interval microseconds");
  return out;
}

// Writes one Python value at ordinal i of a row or array writer.
void WriteValue(Slots& w, int i, const Type& t, PyObject* v, const PathNode& p) {
  if (v == Py_None) return Ok(p, w.SetNull(i));
  switch (t.id) {
    case Tid::kBool: {
      if (PyBool_Check(v)) return Ok(p, w.WriteBool(i, v == Py_True));
      return Ok(p, w.WriteBool(i, AsInt(p, v, 0, 1, "bool") != 0));
    }
    case Tid::kInt8:
    case Tid::kInt16:
    case Tid::kInt32:
    case Tid::kInt64:
      if (PyLong_CheckExact(v)) {  // fast path; overflow and errors take the checked path below
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
        auto [lo, hi] = IntRange(t.id);
        if (!overflow && !(x == -1 && PyErr_Occurred()) && x >= lo && x <= hi) return Ok(p, w.WriteInt(i, x));
        if (PyErr_Occurred()) ClearOrRethrow();
      }
      {
        auto [lo, hi] = IntRange(t.id);
        return Ok(p, w.WriteInt(i, AsInt(p, v, lo, hi, zerorow::TypeIdName(t.core->id()).data())));
      }
    case Tid::kFloat32:
    case Tid::kFloat64: {
      double d;
      if (PyFloat_CheckExact(v)) {
        d = PyFloat_AS_DOUBLE(v);
      } else {
        if (PyBool_Check(v) || PyUnicode_Check(v) || !PyNumber_Check(v)) Mismatch(p, v, "float");
        d = PyFloat_AsDouble(v);
        if (d == -1.0 && PyErr_Occurred()) {
          ClearOrRethrow();
          Mismatch(p, v, "float");
        }
      }
      if (t.id == Tid::kFloat32 && std::isfinite(d) && std::fabs(d) > std::numeric_limits<float>::max())
        Invalid(p, ShortFloat(d) + " is out of range for float32: expected |v| <= " +
                       ShortFloat(std::numeric_limits<float>::max()));
      return Ok(p, w.WriteFloat(i, d));
    }
    case Tid::kDate32:
    case Tid::kTime:
    case Tid::kTimestamp:
    case Tid::kDuration:
      return Ok(p, w.WriteInt(i, TemporalValue(p, v, t)));
    case Tid::kDecimal:
      return Ok(p, w.WriteDecimal(i, DecimalValue(p, v, t)));
    case Tid::kString: {
      PyObject* src = v;
      nb::object name;
      if (t.enum_name.is_valid()) {  // an Enum field: a member, its value or its name only
        name = nb::steal(PyObject_CallOneArg(t.enum_name.ptr(), v));
        if (!name.is_valid()) throw nb::python_error();
        if (name.is_none()) {
          nb::object what = nb::steal(PyObject_CallMethod(t.enum_name.ptr(), "describe", nullptr));
          Mismatch(p, v, what.is_valid() ? nb::cast<std::string>(what).c_str() : "an enum member");
        }
        src = name.ptr();
      } else if (!PyUnicode_CheckExact(v) && PyObject_IsInstance(v, g_enum.ptr()) == 1) {
        name = nb::steal(PyObject_GetAttrString(v, "name"));
        src = name.ptr();
      }
      if (!PyUnicode_Check(src)) Mismatch(p, v, "str");
      Py_ssize_t n;
      const char* s = PyUnicode_AsUTF8AndSize(src, &n);
      if (!s) {
        ClearOrRethrow();
        Invalid(p, Repr(v) + " cannot be encoded as UTF-8");
      }
      return Ok(p, w.WriteString(i, std::string_view(s, static_cast<size_t>(n))));
    }
    case Tid::kBinary:
      return WriteBytes(w, i, v, p);
    case Tid::kStruct: {
      if (SameView<RowView>(v, &RowView::type, t)) {  // a row of this type: copy its bytes
        const RowView& src = nb::cast<const RowView&>(nb::handle(v));
        Ok(p, zerorow::ValidateStructBody(*t.core, src.row.bytes()));
        return Ok(p, w.WriteRawStruct(i, src.row.bytes()));
      }
      zerorow::RowWriter child;
      Ok(p, w.BeginStruct(i, &child));
      WriteStructFields(child, t, v, p);
      return Ok(p, child.Finish());
    }
    case Tid::kList:
      return WriteList(w, i, t, v, p);
    case Tid::kMap:
      return WriteMap(w, i, t, v, p);
    case Tid::kNull:
      Mismatch(p, v, "None (a value of type null is always null, SPEC §3.6)");
    case Tid::kIntervalYm: {
      auto [lo, hi] = IntRange(t.id);
      return Ok(p, w.WriteInt(i, AsInt(p, v, lo, hi, "interval_ym (months)")));
    }
    case Tid::kInterval:
      return Ok(p, w.WriteInterval(i, IntervalValue(p, v)));
    case Tid::kFixedBinary:
      return WriteBytes(w, i, v, p);
    case Tid::kUuid: {
      if (PyObject_IsInstance(v, g_uuid_cls.ptr()) == 1) {
        nb::object raw = nb::steal(PyObject_GetAttrString(v, "bytes"));
        if (!raw.is_valid()) throw nb::python_error();
        return WriteBytes(w, i, raw.ptr(), p);
      }
      if (PyUnicode_Check(v)) Mismatch(p, v, "uuid.UUID (or its 16 bytes)");
      return WriteBytes(w, i, v, p);
    }
    case Tid::kVariant: {
      if (nb::isinstance<VariantObject>(nb::handle(v)))
        return Ok(p, w.WriteVariant(i, nb::cast<const VariantObject&>(nb::handle(v)).view));
      zerorow::Variant built;
      try {
        built = VariantOfPython(v);
      } catch (Error& e) {
        e.path = p.Text();
        throw;
      }
      return Ok(p, w.WriteVariant(i, built.metadata, built.value));
    }
  }
}

/// Field `f` of object `obj` as a new reference, or null with a Python error set. Objects go
/// through their type's tp_getattro, which is what PyObject_GetAttr calls; it is read per
/// field since a property may reassign obj.__class__.
PyObject* FetchAttr(PyObject* obj, const Field& f) {
  getattrofunc get = Py_TYPE(obj)->tp_getattro;
  return get ? get(obj, f.py_name.ptr()) : PyObject_GetAttr(obj, f.py_name.ptr());
}

/// An attribute fetch failed. Only the attribute itself missing is a schema mismatch (chained
/// to the AttributeError); any other exception from a property or __getattr__, an
/// AttributeError about another name among them, propagates as itself.
[[noreturn]] void FetchFailed(PyObject* obj, const Field& f, const PathNode& p) {
  if (!PyErr_ExceptionMatches(PyExc_AttributeError)) throw nb::python_error();
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);
  PyErr_NormalizeException(&type, &value, &tb);
  nb::object name = nb::steal(value ? PyObject_GetAttrString(value, "name") : nullptr);
  if (!name.is_valid()) PyErr_Clear();
  bool about_field =
      !name.is_valid() || name.is_none() || PyObject_RichCompareBool(name.ptr(), f.py_name.ptr(), Py_EQ) == 1;
  if (!about_field) {
    PyErr_Restore(type, value, tb);
    throw nb::python_error();
  }
  Py_XDECREF(type);
  Py_XDECREF(tb);
  nb::object cause = nb::steal(value);
  Error e(Kind::SchemaMismatch, p.Text(),
          std::string("object of type ") + Py_TYPE(obj)->tp_name + " has no attribute '" + f.core->name + "'");
  SetPyError(e);  // raised here so the AttributeError can be its __cause__
  if (cause.is_valid()) {
    PyObject *t2, *v2, *tb2;
    PyErr_Fetch(&t2, &v2, &tb2);
    PyErr_NormalizeException(&t2, &v2, &tb2);
    if (v2) {
      PyException_SetCause(v2, cause.release().ptr());
    }
    PyErr_Restore(t2, v2, tb2);
  }
  throw nb::python_error();
}

/// Writes the common exact types (None, bool, int, float, str) without building a path;
/// returns false for anything else and on any error, which WriteValue then reports (a failed
/// write leaves the row as it was, so writing again gives the same error).
inline bool TryWriteFast(zerorow::RowWriter& w, int i, Tid id, PyObject* v) {
  if (v == Py_None) return w.SetNull(i).ok();
  switch (id) {
    case Tid::kBool:
      return (v == Py_True || v == Py_False) && w.WriteBool(i, v == Py_True).ok();
    case Tid::kInt8:
    case Tid::kInt16:
    case Tid::kInt32:
    case Tid::kInt64: {
      if (!PyLong_CheckExact(v)) return false;
      int overflow = 0;
      long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
      if (overflow || (x == -1 && PyErr_Occurred())) {
        ClearOrRethrow();
        return false;
      }
      return w.WriteInt(i, x).ok();
    }
    case Tid::kFloat32:
    case Tid::kFloat64:
      return PyFloat_CheckExact(v) && w.WriteFloat(i, PyFloat_AS_DOUBLE(v)).ok();
    case Tid::kString: {
      if (!PyUnicode_CheckExact(v)) return false;
      Py_ssize_t n;
      const char* s = PyUnicode_AsUTF8AndSize(v, &n);
      if (!s) {
        ClearOrRethrow();
        return false;
      }
      return w.WriteString(i, std::string_view(s, static_cast<size_t>(n))).ok();
    }
    case Tid::kBinary:
    case Tid::kDate32:
    case Tid::kTime:
    case Tid::kTimestamp:
    case Tid::kDuration:
    case Tid::kDecimal:
    case Tid::kList:
    case Tid::kMap:
    case Tid::kStruct:
    case Tid::kNull:
    case Tid::kIntervalYm:
    case Tid::kInterval:
    case Tid::kFixedBinary:
    case Tid::kUuid:
    case Tid::kVariant:
      return false;  // the general path (WriteValue)
  }
  return false;
}

/// The fields of a struct from a dict (SPEC Appendix A rule 6): a key that is not a field is an
/// error naming it, a missing key is null for a nullable field and an error otherwise.
void WriteDictFields(zerorow::RowWriter& w, const Type& t, PyObject* obj, const PathNode& path) {
  Py_ssize_t found = 0;
  for (size_t i = 0; i < t.fields.size(); ++i) {
    const Field& f = t.fields[i];
    int ord = static_cast<int>(i);
    PyObject* raw = PyDict_GetItemWithError(obj, f.py_name.ptr());
    if (!raw) {
      if (PyErr_Occurred()) throw nb::python_error();
      if (!f.core->nullable)
        throw Error(Kind::SchemaMismatch, PathNode{&path, &w, ord}.Text(),
                    "the dict has no key '" + f.core->name + "' for this non-nullable field");
      Ok(PathNode{&path, &w, ord}, w.SetNull(ord));
      continue;
    }
    ++found;
    nb::object v = nb::borrow(raw);  // held: writing may run Python code that edits the dict
    if (!f.type->enum_name.is_valid() && TryWriteFast(w, ord, f.type->id, raw)) continue;
    WriteValue(w, ord, *f.type, raw, PathNode{&path, &w, ord});
  }
  if (found == PyDict_Size(obj)) return;
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  while (PyDict_Next(obj, &pos, &key, &value)) {
    if (PyUnicode_Check(key) && PyDict_Contains(t.name_map.ptr(), key) == 1) continue;
    throw Error(Kind::SchemaMismatch, path.Text(),
                "the dict has the key " + Repr(key) + ", which is not a field of the struct");
  }
}

void WriteStructFields(zerorow::RowWriter& w, const Type& t, PyObject* obj, const PathNode& path) {
  if (PyDict_Check(obj)) return WriteDictFields(w, t, obj, path);
  // Fields in ordinal order: the writer needs bodies in that order (canonical form).
  for (size_t i = 0; i < t.fields.size(); ++i) {
    const Field& f = t.fields[i];
    int ord = static_cast<int>(i);
    PyObject* raw = FetchAttr(obj, f);
    if (!raw) FetchFailed(obj, f, PathNode{&path, &w, ord});
    nb::object v = nb::steal(raw);
    if (!f.type->enum_name.is_valid() && TryWriteFast(w, ord, f.type->id, raw)) continue;
    WriteValue(w, ord, *f.type, raw, PathNode{&path, &w, ord});
  }
}

void EnsureImports() {
  if (!PyDateTimeAPI) PyDateTime_IMPORT;
  if (!g_enum) {
    g_enum = nb::object(nb::module_::import_("enum").attr("Enum")).release();
    g_decimal_cls = nb::object(nb::module_::import_("decimal").attr("Decimal")).release();
    g_plain = nb::str("f").release();  // format(Decimal, "f"): plain digits, no exponent
    g_uuid_cls = nb::object(nb::module_::import_("uuid").attr("UUID")).release();
  }
}

}  // namespace

/// Encodes `obj` as one row with the top-level writer `w` (Reset() is called here); on
/// success the row is w.bytes().
void EncodeInto(const Type& t, PyObject* obj, zerorow::RowWriter& w) {
  EnsureImports();
  if (obj == Py_None)
    throw Error(Kind::SchemaMismatch, "",
                "expected an object with the schema's fields (a dataclass or "
                "NamedTuple instance, an object with those attributes, or a dict) "
                "but found None");
  w.Reset();
  PathNode top{nullptr, nullptr, 0};
  WriteStructFields(w, t, obj, top);
  Ok(top, w.Finish());
}

void EncodeMany(const Compiled& c, PyObject* objs, std::vector<uint8_t>* buf, std::vector<int64_t>* offsets) {
  StrictScope strict(c.strict);
  nb::object seq = nb::steal(PySequence_Fast(objs, "expected a sequence of objects"));
  if (!seq.is_valid()) throw nb::python_error();
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  offsets->assign(1, 0);
  offsets->reserve(static_cast<size_t>(n) + 1);
  zerorow::RowWriter w(c.core, buf);  // appends row after row to buf
  for (Py_ssize_t k = 0; k < n; ++k) {
    // A list is read in place, not copied (a copy costs two passes over 100k objects): each
    // object is held while it is encoded, and a list shrunk meanwhile (by a property) is an
    // error rather than a read past its end.
    if (k >= PySequence_Fast_GET_SIZE(seq.ptr()))
      throw std::runtime_error("the sequence of objects changed size while it was encoded");
    nb::object obj = nb::borrow(PySequence_Fast_GET_ITEM(seq.ptr(), k));
    try {
      EncodeInto(*c.type, obj.ptr(), w);
    } catch (Error& e) {  // name the failing object: "[2].x: ..."
      e.path = JoinPath("[" + std::to_string(k) + "]", e.path);
      throw;
    }
    offsets->push_back(static_cast<int64_t>(buf->size()));
    if (k == 0 && n > 1) {  // grow once, from the first row's size, instead of doubling
      size_t want = buf->size() / 4 * 5 * static_cast<size_t>(n);  // capped: rows may differ
      buf->reserve(std::min<size_t>(want, size_t{256} << 20));
    }
  }
}

}  // namespace zr
