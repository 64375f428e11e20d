// The encoder: walks Python objects along the compiled schema and writes canonical rows
// (SPEC §2.6) straight into a byte buffer, fetching attributes with the C API.
#include <cmath>
#include <limits>

#include "views.h"

#include <datetime.h>  // after Python.h (views.h)

namespace zr {

namespace {

constexpr uint64_t kMaxRow = (uint64_t{1} << 31) - 8;

nb::handle g_enum, g_decimal_cls;  // leaked on purpose: no decref after interpreter shutdown

/// A path (SPEC §4.3) kept as a chain on the stack and turned into text only on error.
struct PathNode {
  const PathNode* parent;
  const std::string* name;  // field name, or null for an element
  int64_t index;
  const char* tag;          // "{keys}" / "{values}" or null
  std::string Text() const {
    std::string base = parent ? parent->Text() : std::string();
    if (name) return JoinPath(base, *name);
    if (tag) return base + tag + "[" + std::to_string(index) + "]";
    if (index >= 0) return base + "[" + std::to_string(index) + "]";
    return base;
  }
};

std::string Repr(PyObject* v) {
  PyObject* r = PyObject_Repr(v);
  if (!r) { PyErr_Clear(); return "<unprintable>"; }
  Py_ssize_t n;
  const char* s = PyUnicode_AsUTF8AndSize(r, &n);
  std::string out = s ? std::string(s, std::min<Py_ssize_t>(n, 80)) : "<unprintable>";
  if (s && n > 80) out += "...";
  Py_DECREF(r);
  return out;
}

[[noreturn]] void Mismatch(const PathNode& p, PyObject* v, const char* want) {
  throw Error(Kind::SchemaMismatch, p.Text(),
              std::string("expected ") + want + " but found " + Py_TYPE(v)->tp_name + " " + Repr(v));
}
[[noreturn]] void Invalid(const PathNode& p, std::string msg) {
  throw Error(Kind::InvalidData, p.Text(), std::move(msg));
}

struct Out {
  std::vector<uint8_t>* buf;
  size_t row_base;  // start of the top-level row, for the 2^31 limit (SPEC §7)
  void Grow(const PathNode& p, size_t n) {
    if (buf->size() + n - row_base > kMaxRow)
      Invalid(p, "row larger than 2^31-8 bytes: expected size <= " + std::to_string(kMaxRow) + " but found " +
                     std::to_string(buf->size() + n - row_base));
    buf->resize(buf->size() + n, 0);
  }
};

int64_t AsInt(const PathNode& p, PyObject* v, int64_t lo, int64_t hi, const char* tname) {
  if (PyFloat_Check(v) || !PyIndex_Check(v)) Mismatch(p, v, tname);
  int overflow = 0;
  long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
  if (x == -1 && PyErr_Occurred()) throw nb::python_error();
  if (overflow || x < lo || x > hi)
    Invalid(p, Repr(v) + " is out of range for " + tname + ": expected " + std::to_string(lo) + " <= v <= " + std::to_string(hi));
  return x;
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

int64_t TemporalValue(const PathNode& p, PyObject* v, const Type& t) {
  switch (t.id) {
    case Tid::Date32:
      if (PyDate_Check(v) && !PyDateTime_Check(v))
        return DaysFromCivil(PyDateTime_GET_YEAR(v), PyDateTime_GET_MONTH(v), PyDateTime_GET_DAY(v));
      if (PyDateTime_Check(v)) Mismatch(p, v, "datetime.date (not datetime) or int days");
      return AsInt(p, v, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), "date32");
    case Tid::Time:
      if (PyTime_Check(v))
        return ((PyDateTime_TIME_GET_HOUR(v) * 60LL + PyDateTime_TIME_GET_MINUTE(v)) * 60 +
                PyDateTime_TIME_GET_SECOND(v)) * 1000000LL + PyDateTime_TIME_GET_MICROSECOND(v);
      return AsInt(p, v, 0, 86399999999LL, "time");
    case Tid::Duration:
      if (PyDelta_Check(v)) return DeltaMicros(p, v);
      return AsInt(p, v, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), "duration");
    case Tid::Timestamp: {
      if (!PyDateTime_Check(v))
        return AsInt(p, v, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), "timestamp");
      nb::object off = nb::steal(PyObject_CallMethod(v, "utcoffset", nullptr));
      if (!off.is_valid()) throw nb::python_error();
      bool aware = !off.is_none();
      if (aware != !t.tz.empty())
        Mismatch(p, v, t.tz.empty() ? "a naive datetime for a timestamp without zone"
                                    : "an aware datetime for a timestamp with zone");
      int64_t days = DaysFromCivil(PyDateTime_GET_YEAR(v), PyDateTime_GET_MONTH(v), PyDateTime_GET_DAY(v));
      int64_t secs = (PyDateTime_DATE_GET_HOUR(v) * 60LL + PyDateTime_DATE_GET_MINUTE(v)) * 60 +
                     PyDateTime_DATE_GET_SECOND(v);
      int64_t us = Mul(p, Mul(p, days, 86400, secs), 1000000, PyDateTime_DATE_GET_MICROSECOND(v));
      if (aware) us -= DeltaMicros(p, off.ptr());
      return us;
    }
    default:
      return 0;
  }
}

// Rescales a decimal.Decimal / int exactly to the type's scale (SPEC §3.5).
i128 DecimalValue(const PathNode& p, PyObject* v, const Type& t) {
  std::string why = "decimal(" + std::to_string(t.precision) + "," + std::to_string(t.scale) + ")";
  if (PyLong_Check(v) && !PyBool_Check(v)) {
    nb::object d = g_decimal_cls(nb::handle(v));
    return DecimalValue(p, d.ptr(), t);
  }
  if (!PyObject_IsInstance(v, g_decimal_cls.ptr())) Mismatch(p, v, "decimal.Decimal or int");
  nb::object tup = nb::steal(PyObject_CallMethod(v, "as_tuple", nullptr));
  if (!tup.is_valid()) throw nb::python_error();
  int sign = nb::cast<int>(tup[0]);
  nb::tuple digits = nb::cast<nb::tuple>(tup[1]);
  nb::object expo = tup[2];
  if (!nb::isinstance<nb::int_>(expo)) Invalid(p, Repr(v) + " cannot be stored in " + why);
  int64_t exp = nb::cast<int64_t>(expo);
  std::vector<int> ds;
  for (nb::handle h : digits) ds.push_back(nb::cast<int>(h));
  // value = digits * 10^exp; we need digits' = value * 10^scale.
  int64_t shift = exp + t.scale;
  if (shift < 0) {
    for (int64_t k = 0; k < -shift; ++k) {
      if (ds.empty()) break;
      if (ds.back() != 0) Invalid(p, Repr(v) + " needs rounding to fit " + why);
      ds.pop_back();
    }
  } else {
    bool nonzero = false;
    for (int d : ds) nonzero |= d != 0;
    if (nonzero) for (int64_t k = 0; k < shift && k < 40; ++k) ds.push_back(0);
  }
  size_t first = 0;
  while (first < ds.size() && ds[first] == 0) ++first;
  if (ds.size() - first > static_cast<size_t>(t.precision))
    Invalid(p, Repr(v) + " exceeds the precision of " + why);
  i128 u = 0;
  for (size_t k = first; k < ds.size(); ++k) u = u * 10 + ds[k];
  return sign ? -u : u;
}

void WriteStruct(Out& o, const Type& t, PyObject* obj, const PathNode& path);
void WriteArray(Out& o, const Type& elem, bool nullable, PyObject* seq, const PathNode& path, const char* tag);

// Writes a fixed-width value into `slot_pos` (w bytes).
void WriteFixed(Out& o, size_t slot_pos, const Type& t, PyObject* v, const PathNode& p) {
  uint8_t* s = o.buf->data() + slot_pos;
  switch (t.id) {
    case Tid::Bool: {
      if (PyBool_Check(v)) { *s = v == Py_True; return; }
      int64_t x = AsInt(p, v, 0, 1, "bool");
      *s = static_cast<uint8_t>(x);
      return;
    }
    case Tid::Int8: { int8_t x = static_cast<int8_t>(AsInt(p, v, -128, 127, "int8")); std::memcpy(s, &x, 1); return; }
    case Tid::Int16: { int16_t x = static_cast<int16_t>(AsInt(p, v, -32768, 32767, "int16")); std::memcpy(s, &x, 2); return; }
    case Tid::Int32: {
      int32_t x = static_cast<int32_t>(AsInt(p, v, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), "int32"));
      std::memcpy(s, &x, 4);
      return;
    }
    case Tid::Int64: {
      int64_t x = AsInt(p, v, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), "int64");
      std::memcpy(s, &x, 8);
      return;
    }
    case Tid::Float32: case Tid::Float64: {
      if (!PyFloat_Check(v) && !PyLong_Check(v) && !PyIndex_Check(v) && !PyNumber_Check(v)) Mismatch(p, v, "float");
      if (PyBool_Check(v) || PyUnicode_Check(v)) Mismatch(p, v, "float");
      double d = PyFloat_AsDouble(v);
      if (d == -1.0 && PyErr_Occurred()) { PyErr_Clear(); Mismatch(p, v, "float"); }
      if (t.id == Tid::Float64) {
        if (std::isnan(d)) { uint64_t q = 0x7ff8000000000000ULL; std::memcpy(s, &q, 8); }
        else std::memcpy(s, &d, 8);
      } else {
        if (std::isnan(d)) { uint32_t q = 0x7fc00000u; std::memcpy(s, &q, 4); return; }
        float f = static_cast<float>(d);
        if (std::isinf(f) && !std::isinf(d)) Invalid(p, Repr(v) + " is out of range for float32");
        std::memcpy(s, &f, 4);
      }
      return;
    }
    case Tid::Date32: { int32_t x = static_cast<int32_t>(TemporalValue(p, v, t)); std::memcpy(s, &x, 4); return; }
    case Tid::Time: {
      int64_t x = TemporalValue(p, v, t);
      if (x < 0 || x >= 86400000000LL) Invalid(p, "time " + std::to_string(x) + " is not in [0, 86400000000)");
      std::memcpy(s, &x, 8);
      return;
    }
    case Tid::Timestamp: case Tid::Duration: { int64_t x = TemporalValue(p, v, t); std::memcpy(s, &x, 8); return; }
    case Tid::Decimal: { int64_t x = static_cast<int64_t>(DecimalValue(p, v, t)); std::memcpy(s, &x, 8); return; }
    default: return;
  }
}

void StoreRef(Out& o, const PathNode& p, size_t slot_pos, size_t region_base, size_t body_pos, uint64_t size) {
  uint64_t off = body_pos - region_base;
  if (off >= (uint64_t{1} << 31) || size >= (uint64_t{1} << 31))
    Invalid(p, "row larger than 2^31-8 bytes: offset " + std::to_string(off));
  uint64_t ref = (off << 32) | size;
  std::memcpy(o.buf->data() + slot_pos, &ref, 8);
}

void AppendBytes(Out& o, const PathNode& p, const void* data, size_t n) {
  size_t at = o.buf->size();
  o.Grow(p, Pad8(n));
  if (n) std::memcpy(o.buf->data() + at, data, n);
}

// Writes a variable-width value's body at the cursor and its reference into the slot.
void WriteVar(Out& o, size_t slot_pos, size_t region_base, bool in_row, const Type& t, PyObject* v, const PathNode& p) {
  size_t body = o.buf->size();
  switch (t.id) {
    case Tid::String: {
      PyObject* src = v;
      nb::object name;
      if (!PyUnicode_CheckExact(v) && PyObject_IsInstance(v, g_enum.ptr()) == 1) {
        name = nb::steal(PyObject_GetAttrString(v, "name"));
        src = name.ptr();
      }
      if (!PyUnicode_Check(src)) Mismatch(p, v, "str");
      Py_ssize_t n;
      const char* s = PyUnicode_AsUTF8AndSize(src, &n);
      if (!s) { PyErr_Clear(); Invalid(p, Repr(v) + " cannot be encoded as UTF-8"); }
      AppendBytes(o, p, s, static_cast<size_t>(n));
      StoreRef(o, p, slot_pos, region_base, body, static_cast<uint64_t>(n));
      return;
    }
    case Tid::Binary: {
      if (PyUnicode_Check(v) || !PyObject_CheckBuffer(v)) Mismatch(p, v, "bytes-like object");
      Py_buffer b;
      if (PyObject_GetBuffer(v, &b, PyBUF_SIMPLE) != 0) { PyErr_Clear(); Mismatch(p, v, "contiguous bytes-like object"); }
      size_t n = static_cast<size_t>(b.len);
      try { AppendBytes(o, p, b.buf, n); } catch (...) { PyBuffer_Release(&b); throw; }
      PyBuffer_Release(&b);
      StoreRef(o, p, slot_pos, region_base, body, n);
      return;
    }
    case Tid::Decimal: {
      uint8_t be[16];
      int n = DecimalToBE(DecimalValue(p, v, t), be);
      o.Grow(p, in_row ? 16 : Pad8(n));
      std::memcpy(o.buf->data() + body, be, n);
      StoreRef(o, p, slot_pos, region_base, body, static_cast<uint64_t>(n));
      return;
    }
    case Tid::Struct:
      WriteStruct(o, t, v, p);
      break;
    case Tid::List:
      if (PyUnicode_Check(v) || PyBytes_Check(v) || PyDict_Check(v)) Mismatch(p, v, "a sequence");
      WriteArray(o, *t.elem, t.elem_nullable, v, p, nullptr);
      break;
    case Tid::Map: {
      o.Grow(p, 8);
      nb::object keys, vals;
      if (PyDict_Check(v)) {
        keys = nb::steal(PyDict_Keys(v));
        vals = nb::steal(PyDict_Values(v));
      } else if (PyMapping_Check(v) && PyObject_HasAttrString(v, "items") && !PyList_Check(v) && !PyTuple_Check(v)) {
        keys = nb::steal(PyMapping_Keys(v));
        vals = nb::steal(PyMapping_Values(v));
      } else {  // a sequence of (key, value) pairs
        nb::object pairs = nb::steal(PySequence_Fast(v, "expected a mapping or (key, value) pairs"));
        if (!pairs.is_valid()) { PyErr_Clear(); Mismatch(p, v, "a mapping"); }
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
      if (!PyDict_Check(v)) {  // SPEC §2.3: writers MUST NOT write two equal keys
        nb::object seen = nb::steal(PySet_New(keys.ptr()));
        if (!seen.is_valid()) PyErr_Clear();  // unhashable keys: cannot be checked here
        else if (PySet_GET_SIZE(seen.ptr()) != PyList_GET_SIZE(keys.ptr()))
          Invalid(p, "the map has two equal keys (SPEC §2.3)");
      }
      WriteArray(o, *t.elem, false, keys.ptr(), p, "{keys}");
      uint64_t k = o.buf->size() - body - 8;
      std::memcpy(o.buf->data() + body, &k, 8);
      WriteArray(o, *t.value, t.value_nullable, vals.ptr(), p, "{values}");
      break;
    }
    default:
      return;
  }
  StoreRef(o, p, slot_pos, region_base, body, o.buf->size() - body);
}

// Fast path for 1-D contiguous buffers (NumPy arrays, array.array) whose element type is the
// array's: one memcpy (floats get their NaNs canonicalized). Returns false to take the slow path.
bool WriteArrayFromBuffer(Out& o, const Type& elem, PyObject* obj, const PathNode& path) {
  if (PyBytes_Check(obj) || PyByteArray_Check(obj) || PyUnicode_Check(obj) || !PyObject_CheckBuffer(obj)) return false;
  if (!elem.fixed || elem.id == Tid::Decimal || elem.id == Tid::Time || elem.id == Tid::Date32 ||
      elem.id == Tid::Timestamp || elem.id == Tid::Duration) return false;
  Py_buffer b;
  if (PyObject_GetBuffer(obj, &b, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) != 0) { PyErr_Clear(); return false; }
  struct Release { Py_buffer* b; ~Release() { PyBuffer_Release(b); } } release{&b};
  if (b.ndim != 1 || !b.format || static_cast<uint32_t>(b.itemsize) != elem.width) return false;
  char f = b.format[0] == '<' || b.format[0] == '=' || b.format[0] == '@' ? b.format[1] : b.format[0];
  bool ok = false;
  switch (elem.id) {
    case Tid::Bool: ok = f == '?'; break;
    case Tid::Int8: case Tid::Int16: case Tid::Int32: case Tid::Int64: ok = f == 'b' || f == 'h' || f == 'i' || f == 'l' || f == 'q'; break;
    case Tid::Float32: ok = f == 'f'; break;
    case Tid::Float64: ok = f == 'd'; break;
    default: break;
  }
  if (!ok) return false;
  uint64_t n = static_cast<uint64_t>(b.shape ? b.shape[0] : b.len / b.itemsize);
  if (n >= (uint64_t{1} << 31)) Invalid(path, "array count is not below 2^31");
  uint64_t w = elem.width, bm = (n + 63) / 64 * 8;
  size_t base = o.buf->size();
  o.Grow(path, 8 + bm + Pad8(n * w));
  std::memcpy(o.buf->data() + base, &n, 8);
  uint8_t* dst = o.buf->data() + base + 8 + bm;
  if (n) std::memcpy(dst, b.buf, n * w);
  if (elem.id == Tid::Float64) {
    for (uint64_t i = 0; i < n; ++i) {
      double d; std::memcpy(&d, dst + 8 * i, 8);
      if (std::isnan(d)) { uint64_t q = 0x7ff8000000000000ULL; std::memcpy(dst + 8 * i, &q, 8); }
    }
  } else if (elem.id == Tid::Float32) {
    for (uint64_t i = 0; i < n; ++i) {
      float d; std::memcpy(&d, dst + 4 * i, 4);
      if (std::isnan(d)) { uint32_t q = 0x7fc00000u; std::memcpy(dst + 4 * i, &q, 4); }
    }
  } else if (elem.id == Tid::Bool) {
    for (uint64_t i = 0; i < n; ++i)
      if (dst[i] > 1) Invalid(PathNode{&path, nullptr, static_cast<int64_t>(i), nullptr}, "bool byte is not 0 or 1");
  }
  return true;
}

void WriteArray(Out& o, const Type& elem, bool nullable, PyObject* seq_in, const PathNode& path, const char* tag) {
  if (!tag && WriteArrayFromBuffer(o, elem, seq_in, path)) return;
  nb::object seq = nb::steal(PySequence_Fast(seq_in, "expected a sequence"));
  if (!seq.is_valid()) { PyErr_Clear(); Mismatch(path, seq_in, "a sequence"); }
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  if (static_cast<uint64_t>(n) >= (uint64_t{1} << 31)) Invalid(path, "array count is not below 2^31");
  size_t base = o.buf->size();
  uint64_t w = elem.width, bm = (n + 63) / 64 * 8;
  o.Grow(path, 8 + bm + Pad8(n * w));
  uint64_t count = static_cast<uint64_t>(n);
  std::memcpy(o.buf->data() + base, &count, 8);
  size_t values = base + 8 + bm;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* v = items[i];
    PathNode p{&path, nullptr, i, tag};
    if (v == Py_None) {
      if (!nullable) Invalid(p, tag ? "map key is None" : "None for a non-nullable element");
      (*o.buf)[base + 8 + (i >> 3)] |= static_cast<uint8_t>(1u << (i & 7));
      continue;
    }
    if (elem.fixed) WriteFixed(o, values + w * i, elem, v, p);
    else WriteVar(o, values + w * i, base, false, elem, v, p);
  }
}

PyObject* FetchField(PyObject* obj, const Field& f, bool is_dict) {
  if (is_dict) {
    PyObject* v = PyDict_GetItemWithError(obj, f.py_name.ptr());
    if (!v) { if (PyErr_Occurred()) throw nb::python_error(); Py_RETURN_NONE; }
    Py_INCREF(v);
    return v;
  }
  return PyObject_GetAttr(obj, f.py_name.ptr());
}

void WriteStruct(Out& o, const Type& t, PyObject* obj, const PathNode& path) {
  if (nb::isinstance<RowView>(nb::handle(obj))) {
    const RowView& r = nb::cast<const RowView&>(nb::handle(obj));
    if (r.type.get() == &t || nb::cast<bool>(r.type->json.equal(t.json))) {
      ValidateStruct(r.r.data, r.r.size, t, path.Text(), false);
      AppendBytes(o, path, r.r.data, r.r.size);
      return;
    }
  }
  bool is_dict = PyDict_Check(obj);
  size_t base = o.buf->size();
  o.Grow(path, t.fixed_size);
  for (size_t i = 0; i < t.fields.size(); ++i) {
    const Field& f = t.fields[i];
    PathNode p{&path, &f.name, -1, nullptr};
    PyObject* raw = FetchField(obj, f, is_dict);
    if (!raw) {
      PyErr_Clear();
      throw Error(Kind::SchemaMismatch, p.Text(), std::string("object of type ") + Py_TYPE(obj)->tp_name +
                                                      " has no attribute '" + f.name + "'");
    }
    nb::object v = nb::steal(raw);
    size_t slot = base + t.bitmap + 8 * i;
    if (raw == Py_None) {
      if (!f.nullable) Invalid(p, "None for the non-nullable field " + f.name);
      (*o.buf)[base + (i >> 3)] |= static_cast<uint8_t>(1u << (i & 7));
      if (f.type->id == Tid::Decimal && f.type->precision > 18) {  // SPEC §3.5: keep the reserve
        size_t body = o.buf->size();
        o.Grow(p, 16);
        StoreRef(o, p, slot, base, body, 0);
      }
      continue;
    }
    if (f.type->fixed) WriteFixed(o, slot, *f.type, raw, p);
    else WriteVar(o, slot, base, true, *f.type, raw, p);
  }
}

void EnsureImports() {
  if (!PyDateTimeAPI) PyDateTime_IMPORT;
  if (!g_enum) {
    g_enum = nb::object(nb::module_::import_("enum").attr("Enum")).release();
    g_decimal_cls = nb::object(nb::module_::import_("decimal").attr("Decimal")).release();
  }
}

}  // namespace

/// Encodes `obj` as one row of struct type `t`, appending to `buf`.
void EncodeInto(const Type& t, PyObject* obj, std::vector<uint8_t>* buf) {
  EnsureImports();
  if (obj == Py_None) throw Error(Kind::InvalidData, "", "the top-level row cannot be None");
  Out o{buf, buf->size()};
  PathNode top{nullptr, nullptr, -1, nullptr};
  WriteStruct(o, t, obj, top);
}

}  // namespace zr
