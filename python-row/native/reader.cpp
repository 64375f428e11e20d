// Reading values out of the views: every byte is read by cpp-row's checked getters
// (zerorow::BinaryRow / BinaryArray / BinaryMap, access rules B1-B3 of SPEC §6.2); this file
// only turns what they return into Python objects and their errors into zerorow errors.
#include <zerorow/decimal.h>
#include <zerorow/validate.h>

#include <string>

#include "views.h"

// datetime.h needs Python.h (from views.h) first; include sorting would move it up.
// clang-format off
#include <datetime.h>
// clang-format on

namespace zr {

namespace {

nb::handle g_decimal, g_utc, g_interval, g_uuid;  // leaked on purpose: no decref after interpreter shutdown

void EnsureImports() {
  if (!PyDateTimeAPI) PyDateTime_IMPORT;
  if (!g_decimal) {
    g_decimal = nb::object(nb::module_::import_("decimal").attr("Decimal")).release();
    g_utc = nb::object(nb::module_::import_("datetime").attr("timezone").attr("utc")).release();
    g_interval = nb::object(nb::module_::import_("zerorow.values").attr("Interval")).release();
    g_uuid = nb::object(nb::module_::import_("uuid").attr("UUID")).release();
  }
}

// The path component of ordinal `index` of `parent`, as cpp-row spells it (SPEC §4.3): the
// field name, "[i]", or "{keys}[i]" / "{values}[i]" for the elements of a map's arrays (whose
// own views add nothing: cpp-row names the array in its elements).
std::string Component(Link link, int index, nb::handle parent) {
  switch (link) {
    case Link::Field:
      if (nb::isinstance<ResolvedRowView>(parent)) return nb::cast<const ResolvedRowView&>(parent).row.PathOf(index);
      return nb::cast<const RowView&>(parent).row.PathOf(index);
    case Link::Element:
      if (nb::isinstance<ResolvedArrayView>(parent))
        return nb::cast<const ResolvedArrayView&>(parent).arr.PathOf(index);
      return nb::cast<const ArrayView&>(parent).arr.PathOf(index);
    case Link::Top:
    case Link::Keys:
    case Link::Values:
      return "";
  }
  return "";
}

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

/// Raises OverflowError for a stored value Python's datetime types cannot hold (the bytes are
/// valid: SPEC's ranges are wider), naming the value's path; `where()` builds it on error only.
template <typename Where>
PyObject* OutOfRange(const char* what, long long value, const char* unit, const char* range, Where where) {
  std::string path = where();
  PyErr_Format(PyExc_OverflowError, "%s value %lld%s%s%s is outside %s; read it with get_raw()", what, value, unit,
               path.empty() ? "" : " at ", path.c_str(), range);
  return nullptr;
}

template <typename Where>
PyObject* MakeDate(int64_t days, Where where) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y < 1 || y > 9999) return OutOfRange("date32", days, "", "datetime.date's range", where);
  return PyDate_FromDate(static_cast<int>(y), m, d);
}

template <typename Where>
PyObject* MakeTimestamp(int64_t us, const Type& t, Where where) {
  int64_t days = FloorDiv(us, 86400000000LL);
  int64_t rem = us - days * 86400000000LL;
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y < 1 || y > 9999) return OutOfRange("timestamp", us, " us", "datetime.datetime's range", where);
  int h = static_cast<int>(rem / 3600000000LL), mi = static_cast<int>(rem / 60000000LL % 60),
      s = static_cast<int>(rem / 1000000 % 60), u = static_cast<int>(rem % 1000000);
  if (t.core->tz().empty()) return PyDateTime_FromDateAndTime(static_cast<int>(y), m, d, h, mi, s, u);
  PyObject* dt = PyDateTimeAPI->DateTime_FromDateAndTime(static_cast<int>(y), m, d, h, mi, s, u, g_utc.ptr(),
                                                         PyDateTimeAPI->DateTimeType);
  if (!dt || t.core->tz() == "UTC") return dt;
  PyObject* out = PyObject_CallMethod(dt, "astimezone", "O", t.tzinfo.ptr());
  Py_DECREF(dt);
  return out;
}

template <typename Where>
PyObject* MakeTime(int64_t us, Where where) {
  if (us < 0 || us >= 86400000000LL) return OutOfRange("time", us, " us", "a day", where);
  return PyTime_FromTime(static_cast<int>(us / 3600000000LL), static_cast<int>(us / 60000000LL % 60),
                         static_cast<int>(us / 1000000 % 60), static_cast<int>(us % 1000000));
}

PyObject* MakeDuration(int64_t us) {
  int64_t days = FloorDiv(us, 86400000000LL);
  int64_t rem = us - days * 86400000000LL;
  return PyDelta_FromDSU(static_cast<int>(days), static_cast<int>(rem / 1000000), static_cast<int>(rem % 1000000));
}

PyObject* MakeDecimal(zerorow::Decimal128 value, int scale) {
  std::string text = zerorow::DecimalToString(value, scale);
  PyObject* s = PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
  if (!s) return nullptr;
  PyObject* out = PyObject_CallOneArg(g_decimal.ptr(), s);
  Py_DECREF(s);
  return out;
}

/// The path cpp-row's errors from `self`'s getters are relative to.
std::string ErrorPrefix(nb::handle self) { return self.is_valid() ? PathOf(self) : std::string(); }

/// The value of a cpp-row Result, or the error raised with the path of `self`.
template <typename T>
T Take(nb::handle self, zerorow::Result<T>&& r) {
  if (!r.ok()) ThrowCore(r.status(), ErrorPrefix(self));
  return std::move(r).value();
}

PyObject* DeepMap(nb::handle map, int mode);

// A nested row converted to a dict (deep mode), in the native code: no Python callbacks.
// `View` is RowView or ResolvedRowView (the reader's names).
template <typename View>
PyObject* DeepRow(nb::handle obj, int mode) {
  const View& rv = ViewOf<View>(obj);
  nb::object d = nb::steal(PyDict_New());
  for (int k = 0; k < rv.row.num_fields(); ++k) {
    PyObject* item = ReadAt(obj.ptr(), rv, k, mode);
    if (!item) throw nb::python_error();
    int rc = PyDict_SetItem(d.ptr(), rv.type->fields[k].py_name.ptr(), item);
    Py_DECREF(item);
    if (rc) throw nb::python_error();
  }
  return d.release().ptr();
}

PyObject* NewMap(nb::handle self, const ViewBase& v, Link link, int i, zerorow::BinaryMap map, const TypePtr& mt,
                 int mode) {
  MapView m;
  m.hold = v.hold;
  m.map = map;
  m.type = mt;
  m.unchecked = v.unchecked;
  m.parent = nb::borrow(self);
  m.index = i;
  m.link = link;
  nb::object mobj = nb::steal(NewInstance(g_types.map, std::move(m)));
  if (mode & kDeep) return DeepMap(mobj, mode);
  return mobj.release().ptr();
}

PyObject* NewMap(nb::handle self, const ViewBase& v, Link link, int i, zerorow::ResolvedMap map, const TypePtr& mt,
                 int mode) {
  ResolvedMapView m;
  m.hold = v.hold;
  m.map = map;
  m.type = mt;
  m.parent = nb::borrow(self);
  m.index = i;
  m.link = link;
  nb::object mobj = nb::steal(NewInstance(g_types.rmap, std::move(m)));
  if (mode & kDeep) return DeepMap(mobj, mode);
  return mobj.release().ptr();
}

/// The elements of an array view (plain or resolved) as a list, in deep mode.
PyObject* DeepList(nb::handle obj, int mode) {
  int n = LengthOf(obj);
  PyObject* list = PyList_New(n);
  if (!list) throw nb::python_error();
  nb::object guard = nb::steal(list);
  for (int k = 0; k < n; ++k) {
    PyObject* item = ReadAny(obj, k, mode);
    if (!item) throw nb::python_error();
    PyList_SET_ITEM(list, k, item);
  }
  return guard.release().ptr();
}

PyObject* NewArray(nb::handle self, const ViewBase& v, Link link, int i, zerorow::BinaryArray arr, TypePtr elem,
                   int mode) {
  ArrayView a;
  a.hold = v.hold;
  a.arr = arr;
  a.elem = std::move(elem);
  a.unchecked = v.unchecked;
  a.parent = nb::borrow(self);
  a.index = i;
  a.link = link;
  nb::object obj = nb::steal(NewInstance(g_types.array, std::move(a)));
  if (mode & kDeep) return DeepList(obj, mode);
  return obj.release().ptr();
}

PyObject* NewArray(nb::handle self, const ViewBase& v, Link link, int i, zerorow::ResolvedArray arr, TypePtr elem,
                   int mode) {
  ResolvedArrayView a;
  a.hold = v.hold;
  a.arr = arr;
  a.elem = std::move(elem);
  a.parent = nb::borrow(self);
  a.index = i;
  a.link = link;
  nb::object obj = nb::steal(NewInstance(g_types.rarray, std::move(a)));
  if (mode & kDeep) return DeepList(obj, mode);
  return obj.release().ptr();
}

PyObject* NewRow(nb::handle self, const ViewBase& v, Link link, int i, zerorow::BinaryRow row, TypePtr st, int mode) {
  RowView r;
  r.hold = v.hold;
  r.row = row;
  r.type = std::move(st);
  r.unchecked = v.unchecked;
  r.parent = nb::borrow(self);
  r.index = i;
  r.link = link;
  r.is_row = true;
  nb::object obj = nb::steal(NewInstance(g_types.row, std::move(r)));
  if (mode & kDeep) return DeepRow<RowView>(obj, mode);
  return obj.release().ptr();
}

PyObject* NewRow(nb::handle self, const ViewBase& v, Link link, int i, zerorow::ResolvedRow row, TypePtr st, int mode) {
  ResolvedRowView r;
  r.hold = v.hold;
  r.row = row;
  r.type = std::move(st);
  r.resolution = nb::none();
  r.parent = nb::borrow(self);
  r.index = i;
  r.link = link;
  r.is_row = true;
  nb::object obj = nb::steal(NewInstance(g_types.rrow, std::move(r)));
  if (mode & kDeep) return DeepRow<ResolvedRowView>(obj, mode);
  return obj.release().ptr();
}

/// Refuses a conversion that went past its decode budget (views.h), at the value's path.
template <typename SV>
[[noreturn]] void OverBudget(nb::handle self, const SV& sv, int i) {
  int64_t total = g_budget->total;
  throw Error(Kind::InvalidData, JoinPath(ErrorPrefix(self), sv.PathOf(i)),
              "expected at most " + std::to_string(total) +
                  " decoded values and string/binary bytes (one per byte of the " + std::to_string(total) +
                  "-byte value) but found more: references share or overlap bodies "
                  "(SPEC §6.2; level full rejects such rows)");
}

template <typename SV>
inline void Spend(int64_t n, nb::handle self, const SV& sv, int i) {
  if (g_budget && (g_budget->left -= n) < 0) OverBudget(self, sv, i);
}

/// cpp-row's checked getter `checked` (errors raised with the view's path) or, for level
/// "none", its ...Unchecked twin `unchecked` (generic lambdas: a resolved view, which has no
/// unchecked getters, never instantiates it).
template <bool kChecked, typename SV, typename C, typename U>
auto GetValue(nb::handle self, const SV& sv, int i, C checked, U unchecked) {
  if constexpr (kChecked) {
    return Take(self, checked(sv, i));
  } else {
    return unchecked(sv, i);
  }
}
#define ZR_GET(Name)                                                    \
  GetValue<kChecked>(                                                   \
      self, sv, i, [](const auto& s, int k) { return s.Get##Name(k); }, \
      [](const auto& s, int k) { return s.Get##Name##Unchecked(k); })

// Ordinal i of a row or array: `sv` is the cpp-row view (BinaryRow / BinaryArray, or the
// resolved ResolvedRow / ResolvedArray, always checked), `tp` the binding's type of the value as
// read (the reader's, for a resolved view; owning pointer, for nested views).
/// A reader field the writer lacks (SPEC §13.1): null, and no byte of the row spent on it.
inline bool Absent(const zerorow::detail::SlotView&, int) { return false; }
template <bool kRow>
inline bool Absent(const zerorow::detail::ResolvedSlots<kRow>& sv, int i) {
  return sv.IsAbsent(i);
}
/// A reader field the writer lacks that reads as its default (SPEC §13.7), else nullptr.
inline const zerorow::DefaultValue* DefaultAt(const zerorow::detail::SlotView&, int) { return nullptr; }
template <bool kRow>
inline const zerorow::DefaultValue* DefaultAt(const zerorow::detail::ResolvedSlots<kRow>& sv, int i) {
  return sv.DefaultOf(i);
}

template <bool kChecked, typename SV>
PyObject* ReadValue(nb::handle self, const ViewBase& v, const SV& sv, const TypePtr& tp, int i, int mode);

template <bool kChecked, typename SV>
PyObject* ReadSlot(nb::handle self, const ViewBase& v, const SV& sv, const TypePtr& tp, int i, int mode) {
  if (Absent(sv, i)) Py_RETURN_NONE;
  if (const zerorow::DefaultValue* d = DefaultAt(sv, i)) {
    // A default (SPEC §13.7) is read from its own valid row, under its own decode budget.
    BudgetScope own(d->row_bytes().size());
    return ReadValue<kChecked>(self, v, sv, tp, i, mode);
  }
  return ReadValue<kChecked>(self, v, sv, tp, i, mode);
}

template <bool kChecked, typename SV>
PyObject* ReadValue(nb::handle self, const ViewBase& v, const SV& sv, const TypePtr& tp, int i, int mode) {
  Spend(1, self, sv, i);
  bool null = GetValue<kChecked>(
      self, sv, i, [](const auto& s, int k) { return s.IsNull(k); },
      [](const auto& s, int k) { return s.IsNullUnchecked(k); });
  if (null) Py_RETURN_NONE;
  const Type& t = *tp;
  Link link = v.is_row ? Link::Field : Link::Element;
  auto where = [&] { return JoinPath(ErrorPrefix(self), sv.PathOf(i)); };
  switch (t.id) {
    case Tid::kBool:
      return PyBool_FromLong(ZR_GET(Bool));
    case Tid::kInt8:
      return PyLong_FromLong(ZR_GET(Int8));
    case Tid::kInt16:
      return PyLong_FromLong(ZR_GET(Int16));
    case Tid::kInt32:
      return PyLong_FromLong(ZR_GET(Int32));
    case Tid::kInt64:
      return PyLong_FromLongLong(ZR_GET(Int64));
    case Tid::kFloat32:
      return PyFloat_FromDouble(ZR_GET(Float32));
    case Tid::kFloat64:
      return PyFloat_FromDouble(ZR_GET(Float64));
    case Tid::kDate32: {
      int32_t days = ZR_GET(Date32);
      if (mode & kRawTemporal) return PyLong_FromLong(days);
      EnsureImports();
      return MakeDate(days, where);
    }
    case Tid::kTime: {
      int64_t us = ZR_GET(Time);
      if (mode & kRawTemporal) return PyLong_FromLongLong(us);
      EnsureImports();
      return MakeTime(us, where);
    }
    case Tid::kTimestamp: {
      int64_t us = ZR_GET(Timestamp);
      if (mode & kRawTemporal) return PyLong_FromLongLong(us);
      EnsureImports();
      return MakeTimestamp(us, t, where);
    }
    case Tid::kDuration: {
      int64_t us = ZR_GET(Duration);
      if (mode & kRawTemporal) return PyLong_FromLongLong(us);
      EnsureImports();
      return MakeDuration(us);
    }
    case Tid::kDecimal: {
      zerorow::Decimal128 d = ZR_GET(Decimal);
      EnsureImports();
      return MakeDecimal(d, t.core->scale());
    }
    case Tid::kString: {
      std::string_view s = ZR_GET(String);
      Spend(static_cast<int64_t>(s.size()), self, sv, i);
      PyObject* out = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "strict");
      if (!out) {
        // The core does not re-check UTF-8 on access (full validation does); Python must.
        PyErr_Clear();
        ThrowCore(
            zerorow::Status::Error(zerorow::ErrorKind::kInvalidData, "string body is not valid UTF-8", sv.PathOf(i)),
            ErrorPrefix(self));
      }
      return out;
    }
    case Tid::kBinary: {
      std::span<const uint8_t> b = ZR_GET(Binary);
      Spend(static_cast<int64_t>(b.size()), self, sv, i);
      return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(b.data()), static_cast<Py_ssize_t>(b.size()));
    }
    case Tid::kList:
      return NewArray(self, v, link, i, ZR_GET(Array), t.elem, mode);
    case Tid::kMap:
      return NewMap(self, v, link, i, ZR_GET(Map), tp, mode);
    case Tid::kStruct:
      return NewRow(self, v, link, i, ZR_GET(Struct), tp, mode);
    case Tid::kNull:
      Py_RETURN_NONE;  // IsNull was false: only on bytes full validation refuses
    case Tid::kIntervalYm:
      return PyLong_FromLong(ZR_GET(Int32));
    case Tid::kInterval: {
      zerorow::Interval iv = ZR_GET(Interval);
      EnsureImports();
      return PyObject_CallFunction(g_interval.ptr(), "iiL", iv.months, iv.days,
                                   static_cast<long long>(iv.microseconds));
    }
    case Tid::kFixedBinary: {
      std::span<const uint8_t> b = ZR_GET(Binary);
      Spend(static_cast<int64_t>(b.size()), self, sv, i);
      return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(b.data()), static_cast<Py_ssize_t>(b.size()));
    }
    case Tid::kUuid: {
      std::array<uint8_t, 16> u = ZR_GET(Uuid);
      EnsureImports();
      nb::dict kw;
      kw["bytes"] = nb::bytes(reinterpret_cast<const char*>(u.data()), 16);
      return nb::handle(g_uuid).operator()(**kw).release().ptr();
    }
    case Tid::kVariant: {
      zerorow::VariantView vv = ZR_GET(Variant);
      Spend(static_cast<int64_t>(vv.value().size() + vv.metadata().size()), self, sv, i);
      return MakeVariant(v.hold, vv).release().ptr();
    }
  }
  Py_RETURN_NONE;
}

#undef ZR_GET

}  // namespace

DecodeBudget* g_budget = nullptr;
ViewTypes g_types;

size_t RegionSize(nb::handle view) {
  if (IsRowView(view)) return ViewOf<RowView>(view).row.size_bytes();
  if (IsArrayView(view)) return ViewOf<ArrayView>(view).arr.bytes().size();
  if (IsResolvedRowView(view)) return ViewOf<ResolvedRowView>(view).row.bytes().size();
  if (IsResolvedArrayView(view)) return ViewOf<ResolvedArrayView>(view).arr.bytes().size();
  if (IsResolvedMapView(view)) return ViewOf<ResolvedMapView>(view).map.bytes().size();
  return nb::cast<const MapView&>(view).map.size_bytes();
}

nb::object MapArray(nb::handle map, Link which) {
  if (IsResolvedMapView(map)) {
    const ResolvedMapView& m = ViewOf<ResolvedMapView>(map);
    ResolvedArrayView a;
    a.hold = m.hold;
    a.arr = which == Link::Keys ? m.map.keys() : m.map.values();
    a.elem = which == Link::Keys ? m.type->elem : m.type->value;
    a.parent = nb::borrow(map);
    a.index = 0;
    a.link = which;
    return nb::steal(NewInstance(g_types.rarray, std::move(a)));
  }
  const MapView& m = ViewOf<MapView>(map);
  ArrayView a;
  a.hold = m.hold;
  a.unchecked = m.unchecked;
  a.arr = which == Link::Keys ? m.map.keys() : m.map.values();
  a.elem = which == Link::Keys ? m.type->elem : m.type->value;
  a.parent = nb::borrow(map);
  a.index = 0;
  a.link = which;
  return nb::steal(NewInstance(g_types.array, std::move(a)));
}

namespace {

// A map converted in deep mode: a list of (key, value) pairs, or a dict; keys that cannot be
// hashed (lists, dicts) are made hashable by the Python helper.
PyObject* DeepMap(nb::handle map, int mode) {
  nb::object keys = MapArray(map, Link::Keys), values = MapArray(map, Link::Values);
  int n = LengthOf(keys);
  bool pairs = mode & kMapPairs;
  nb::object out = nb::steal(pairs ? PyList_New(n) : PyDict_New());
  for (int k = 0; k < n; ++k) {
    nb::object key = nb::steal(ReadAny(keys, k, mode));
    if (!key.is_valid()) throw nb::python_error();
    nb::object value = nb::steal(ReadAny(values, k, mode));
    if (!value.is_valid()) throw nb::python_error();
    if (pairs) {
      PyList_SET_ITEM(out.ptr(), k, PyTuple_Pack(2, key.ptr(), value.ptr()));
    } else if (PyDict_SetItem(out.ptr(), key.ptr(), value.ptr()) != 0) {
      PyErr_Clear();
      return nb::module_::import_("zerorow._convert").attr("deep_map")(map, mode).release().ptr();
    }
  }
  return out.release().ptr();
}

}  // namespace

nb::object DeepValue(nb::handle view, int mode) {
  GcPause pause;
  BudgetScope budget(RegionSize(view));  // SPEC §6.2: at most one value per byte
  mode |= kDeep;
  if (IsRowView(view)) return nb::steal(DeepRow<RowView>(view, mode));
  if (IsResolvedRowView(view)) return nb::steal(DeepRow<ResolvedRowView>(view, mode));
  if (IsMapView(view) || IsResolvedMapView(view)) return nb::steal(DeepMap(view, mode));
  return nb::steal(DeepList(view, mode));
}

namespace {

Kind KindOf(zerorow::ErrorKind k) {
  switch (k) {
    case zerorow::ErrorKind::kTruncated:
      return Kind::Truncated;
    case zerorow::ErrorKind::kUnsupported:
      return Kind::Unsupported;
    case zerorow::ErrorKind::kSchemaMismatch:
      return Kind::SchemaMismatch;
    case zerorow::ErrorKind::kInvalidData:
    case zerorow::ErrorKind::kOutOfRange:
    case zerorow::ErrorKind::kInvalidArgument:
      return Kind::InvalidData;
  }
  return Kind::InvalidData;
}

}  // namespace

// The core's message with the context it names (the row of an Arrow import, "row 3: ...").
static std::string MessageOf(const zerorow::Status& st) {
  return st.context().empty() ? st.message() : st.context() + ": " + st.message();
}

void ThrowCore(const zerorow::Status& st, const std::string& prefix) {
  if (st.kind() == zerorow::ErrorKind::kOutOfRange) throw nb::index_error(MessageOf(st).c_str());
  if (st.kind() == zerorow::ErrorKind::kInvalidArgument) throw nb::value_error(MessageOf(st).c_str());
  throw Error(KindOf(st.kind()), JoinPath(prefix, st.path()), MessageOf(st));
}

void ThrowCoreAt(const zerorow::Status& st, std::string path) {
  if (st.kind() == zerorow::ErrorKind::kOutOfRange) throw nb::index_error(MessageOf(st).c_str());
  if (st.kind() == zerorow::ErrorKind::kInvalidArgument) throw nb::value_error(MessageOf(st).c_str());
  throw Error(KindOf(st.kind()), std::move(path), MessageOf(st));
}

std::string PathOf(nb::handle view) {
  nb::handle parent;
  Link link;
  int index;
  if (nb::isinstance<RowView>(view)) {
    const RowView& r = nb::cast<const RowView&>(view);
    parent = r.parent;
    link = r.link;
    index = r.index;
  } else if (nb::isinstance<ArrayView>(view)) {
    const ArrayView& a = nb::cast<const ArrayView&>(view);
    parent = a.parent;
    link = a.link;
    index = a.index;
  } else if (nb::isinstance<MapView>(view)) {
    const MapView& m = nb::cast<const MapView&>(view);
    parent = m.parent;
    link = m.link;
    index = m.index;
  } else if (nb::isinstance<ResolvedRowView>(view) || nb::isinstance<ResolvedArrayView>(view)) {
    const ViewBase& b = nb::isinstance<ResolvedRowView>(view)
                            ? static_cast<const ViewBase&>(nb::cast<const ResolvedRowView&>(view))
                            : static_cast<const ViewBase&>(nb::cast<const ResolvedArrayView&>(view));
    parent = b.parent;
    link = b.link;
    index = b.index;
  } else if (nb::isinstance<ResolvedMapView>(view)) {
    const ResolvedMapView& m = nb::cast<const ResolvedMapView&>(view);
    parent = m.parent;
    link = m.link;
    index = m.index;
  } else {
    return "";
  }
  if (link == Link::Top || !parent.is_valid() || parent.is_none()) return "";
  return JoinPath(PathOf(parent), Component(link, index, parent));
}

std::string PathOfSlot(nb::handle view, int i) {
  if (nb::isinstance<RowView>(view)) return JoinPath(PathOf(view), nb::cast<const RowView&>(view).row.PathOf(i));
  if (nb::isinstance<ResolvedRowView>(view))
    return JoinPath(PathOf(view), nb::cast<const ResolvedRowView&>(view).row.PathOf(i));
  if (nb::isinstance<ResolvedArrayView>(view))
    return JoinPath(PathOf(view), nb::cast<const ResolvedArrayView&>(view).arr.PathOf(i));
  return JoinPath(PathOf(view), nb::cast<const ArrayView&>(view).arr.PathOf(i));
}

PyObject* ReadAt(PyObject* self, const RowView& v, int i, int mode) {
  const TypePtr& t = v.type->fields[static_cast<size_t>(i)].type;
  return v.unchecked ? ReadSlot<false>(self, v, v.row, t, i, mode) : ReadSlot<true>(self, v, v.row, t, i, mode);
}

PyObject* ReadAt(PyObject* self, const ArrayView& v, int i, int mode) {
  return v.unchecked ? ReadSlot<false>(self, v, v.arr, v.elem, i, mode)
                     : ReadSlot<true>(self, v, v.arr, v.elem, i, mode);
}

// A resolved view reads with cpp-row's resolved getters, which are always checked (SPEC §13.4).
PyObject* ReadAt(PyObject* self, const ResolvedRowView& v, int i, int mode) {
  return ReadSlot<true>(self, v, v.row, v.type->fields[static_cast<size_t>(i)].type, i, mode);
}

PyObject* ReadAt(PyObject* self, const ResolvedArrayView& v, int i, int mode) {
  return ReadSlot<true>(self, v, v.arr, v.elem, i, mode);
}

PyObject* ReadAny(nb::handle view, int i, int mode) {
  if (IsRowView(view)) return ReadAt(view.ptr(), ViewOf<RowView>(view), i, mode);
  if (IsArrayView(view)) return ReadAt(view.ptr(), ViewOf<ArrayView>(view), i, mode);
  if (IsResolvedRowView(view)) return ReadAt(view.ptr(), ViewOf<ResolvedRowView>(view), i, mode);
  return ReadAt(view.ptr(), nb::cast<const ResolvedArrayView&>(view), i, mode);
}

int LengthOf(nb::handle view) {
  if (IsRowView(view)) return ViewOf<RowView>(view).row.num_fields();
  if (IsArrayView(view)) return ViewOf<ArrayView>(view).arr.size();
  if (IsResolvedRowView(view)) return ViewOf<ResolvedRowView>(view).row.num_fields();
  return nb::cast<const ResolvedArrayView&>(view).arr.size();
}

namespace {

// SPEC §6.2's three level words (zerorow.ValidationLevel); anything else is a ValueError.
void CheckLevel(const std::string& level) {
  if (level != "none" && level != "bounds" && level != "full")
    throw nb::value_error(
        ("level must be 'none', 'bounds' or 'full' (zerorow.ValidationLevel), not '" + level + "'").c_str());
}

// One top-level row view over `bytes`, a region of the buffer `hold` keeps alive.
RowView WrapRow(nb::object schema, const Compiled& c, const HolderPtr& hold, std::span<const uint8_t> bytes,
                const std::string& level) {
  RowView r;
  // SPEC §6.2 levels, one meaning each: none checks nothing, bounds checks the wrap rules here
  // and every access later, full validates the whole row once and then reads as bounds.
  CheckLevel(level);
  if (level == "none") {
    r.row = zerorow::BinaryRow::WrapUnchecked(bytes.data(), bytes.size(), c.core.struct_type().get());
    r.unchecked = true;
  } else {
    if (level == "full") CheckCore(zerorow::Validate(c.core, bytes, zerorow::ValidationLevel::kFull));
    r.row = Take(nb::handle(), zerorow::BinaryRow::Wrap(bytes, c.core));
  }
  r.hold = hold;
  r.type = c.type;
  r.schema = std::move(schema);
  r.parent = nb::none();
  r.link = Link::Top;
  r.is_row = true;
  return r;
}

HolderPtr HoldBuffer(nb::handle buffer) {
  auto hold = std::make_shared<Holder>();
  if (PyObject_GetBuffer(buffer.ptr(), &hold->view, PyBUF_SIMPLE) != 0) throw nb::python_error();
  hold->has_view = true;
  return hold;
}

}  // namespace

RowView BuildRow(nb::object schema, const Compiled& c, nb::handle buffer, const std::string& level) {
  HolderPtr hold = HoldBuffer(buffer);
  return WrapRow(std::move(schema), c, hold, std::span<const uint8_t>(hold->data(), hold->size()), level);
}

nb::list MakeRows(nb::object schema, const Compiled& c, nb::handle buffer, std::span<const int64_t> starts,
                  std::span<const int64_t> ends, const std::string& level, int64_t first_row) {
  if (starts.size() != ends.size())
    throw nb::value_error(
        ("make_rows: " + std::to_string(starts.size()) + " starts but " + std::to_string(ends.size()) + " ends")
            .c_str());
  CheckLevel(level);
  bool none = level == "none", full = level == "full";
  HolderPtr hold = HoldBuffer(buffer);
  const uint64_t size = hold->size();
  const uint8_t* data = hold->data();
  const size_t n = starts.size();
  // Pass 1, the batch's check in one native loop (SPEC §6.2): every row's bounds in the
  // buffer, then its wrap rules W1-W2 (bounds) or its full validation (full); level none
  // checks only that each row lies inside the buffer. The views made in pass 2 are then
  // wrapped without a check of their own; their reads stay checked (B1-B3) below none.
  const zerorow::DataType* st = c.core.struct_type().get();
  for (size_t k = 0; k < n; ++k) {
    int64_t a = starts[k], b = ends[k];
    if (a < 0 || b < a || static_cast<uint64_t>(b) > size)
      throw Error(Kind::Truncated, "<row " + std::to_string(first_row + static_cast<int64_t>(k)) + ">",
                  "expected 0 <= start <= end <= " + std::to_string(size) + " but found start " + std::to_string(a) +
                      ", end " + std::to_string(b));
    if (none) continue;
    // The check reads each row's null bitmap, its first touch of the row: fetch a few rows
    // ahead so the loop does not wait on memory row by row (checked offsets only).
    if (k + 8 < n && starts[k + 8] >= 0 && static_cast<uint64_t>(starts[k + 8]) < size)
      __builtin_prefetch(data + starts[k + 8]);
    std::span<const uint8_t> bytes(data + a, static_cast<size_t>(b - a));
    zerorow::Status st_k = full ? zerorow::Validate(c.core, bytes, zerorow::ValidationLevel::kFull)
                                : zerorow::BinaryRow::Wrap(bytes, c.core).status();
    if (!st_k.ok())
      throw Error(KindOf(st_k.kind()), st_k.path(),
                  "row " + std::to_string(first_row + static_cast<int64_t>(k)) + " of the batch: " + MessageOf(st_k));
  }
  // Pass 2: the views, each a copy of one template with its bytes set.
  nb::object out = nb::steal(PyList_New(static_cast<Py_ssize_t>(n)));
  if (!out.is_valid()) throw nb::python_error();
  RowView proto;
  proto.hold = hold;
  proto.type = c.type;
  proto.schema = std::move(schema);
  proto.parent = nb::none();
  proto.link = Link::Top;
  proto.is_row = true;
  proto.unchecked = none;
  for (size_t k = 0; k < n; ++k) {
    RowView r = proto;
    r.row = zerorow::BinaryRow::WrapUnchecked(data + starts[k], static_cast<size_t>(ends[k] - starts[k]), st);
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(k), NewInstance(g_types.row, std::move(r)));
  }
  return nb::steal<nb::list>(out.release());
}

nb::object MakeRow(nb::object schema, const Compiled& c, nb::handle buffer, const std::string& level) {
  return nb::steal(NewInstance(g_types.row, BuildRow(std::move(schema), c, buffer, level)));
}

nb::object RowReader(nb::object schema, nb::object compiled, const std::string& level) {
  if (!nb::isinstance<Compiled>(compiled))
    throw nb::type_error(
        ("row_reader: compiled must be a CompiledSchema, not " + std::string(Py_TYPE(compiled.ptr())->tp_name))
            .c_str());
  const Compiled* c = &nb::cast<const Compiled&>(compiled);
  // Checked once here, so a bad level fails when the reader is made, not at its first row.
  CheckLevel(level);
  // The closure holds the schema and its compiled form (a reference each, so `c` stays valid);
  // each call is one positional argument through nanobind's vectorcall, no level string to
  // convert, and the view is allocated straight from its type.
  return nb::cpp_function(
      [schema = std::move(schema), compiled = std::move(compiled), c, level](nb::handle buffer) -> nb::object {
        return nb::steal(NewInstance(g_types.row, BuildRow(schema, *c, buffer, level)));
      },
      nb::arg("buffer"), nb::name("read_row"));
}

}  // namespace zr
