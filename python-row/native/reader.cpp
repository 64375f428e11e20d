// Reading values out of views with the access rules B1-B3 of SPEC §6.2: every reference is
// checked against its enclosing region before a byte of the body is touched.
#include <string>

#include "views.h"

#include <datetime.h>  // after Python.h (views.h)

namespace zr {

namespace {

nb::handle g_decimal, g_utc;  // leaked on purpose: no decref after interpreter shutdown

void EnsureImports() {
  if (!PyDateTimeAPI) PyDateTime_IMPORT;
  if (!g_decimal) {
    g_decimal = nb::object(nb::module_::import_("decimal").attr("Decimal")).release();
    g_utc = nb::object(nb::module_::import_("datetime").attr("timezone").attr("utc")).release();
  }
}

std::string Component(Link link, int index, nb::handle parent) {
  switch (link) {
    case Link::Top: return "";
    case Link::Field: {
      const RowView& p = nb::cast<const RowView&>(parent);
      return p.type->fields[index].name;
    }
    case Link::Element: return "[" + std::to_string(index) + "]";
    case Link::Keys: return "{keys}";
    case Link::Values: return "{values}";
  }
  return "";
}

std::string Join(std::string base, Link link, const std::string& comp) {
  if (link == Link::Field) return JoinPath(base, comp);
  return base + comp;
}

[[noreturn]] void Fail(nb::handle self, Link link, int index, std::string msg) {
  std::string base = PathOf(self);
  throw Error(Kind::InvalidData, Join(base, link, Component(link, index, self)), std::move(msg));
}

std::string Num(uint64_t v) { return std::to_string(v); }

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

PyObject* MakeDate(int64_t days) {
  int64_t y; unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y < 1 || y > 9999) {
    PyErr_Format(PyExc_OverflowError,
                 "date32 value %lld is outside datetime.date's range; read it with get_raw()",
                 static_cast<long long>(days));
    return nullptr;
  }
  return PyDate_FromDate(static_cast<int>(y), m, d);
}

PyObject* MakeTimestamp(int64_t us, const Type& t) {
  int64_t days = FloorDiv(us, 86400000000LL);
  int64_t rem = us - days * 86400000000LL;
  int64_t y; unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y < 1 || y > 9999) {
    PyErr_Format(PyExc_OverflowError,
                 "timestamp %lld us is outside datetime.datetime's range; read it with get_raw()",
                 static_cast<long long>(us));
    return nullptr;
  }
  int h = static_cast<int>(rem / 3600000000LL), mi = static_cast<int>(rem / 60000000LL % 60),
      s = static_cast<int>(rem / 1000000 % 60), u = static_cast<int>(rem % 1000000);
  if (t.tz.empty()) return PyDateTime_FromDateAndTime(static_cast<int>(y), m, d, h, mi, s, u);
  PyObject* dt = PyDateTimeAPI->DateTime_FromDateAndTime(static_cast<int>(y), m, d, h, mi, s, u,
                                                         g_utc.ptr(), PyDateTimeAPI->DateTimeType);
  if (!dt || t.tz == "UTC") return dt;
  PyObject* out = PyObject_CallMethod(dt, "astimezone", "O", t.tzinfo.ptr());
  Py_DECREF(dt);
  return out;
}

PyObject* MakeTime(int64_t us) {
  if (us < 0 || us >= 86400000000LL) {
    PyErr_Format(PyExc_OverflowError, "time value %lld us is not within a day", static_cast<long long>(us));
    return nullptr;
  }
  return PyTime_FromTime(static_cast<int>(us / 3600000000LL), static_cast<int>(us / 60000000LL % 60),
                         static_cast<int>(us / 1000000 % 60), static_cast<int>(us % 1000000));
}

PyObject* MakeDuration(int64_t us) {
  int64_t days = FloorDiv(us, 86400000000LL);
  int64_t rem = us - days * 86400000000LL;
  return PyDelta_FromDSU(static_cast<int>(days), static_cast<int>(rem / 1000000), static_cast<int>(rem % 1000000));
}

PyObject* MakeDecimal(i128 unscaled, int scale) {
  std::string text = Int128ToString(unscaled) + "E-" + std::to_string(scale);
  PyObject* s = PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
  if (!s) return nullptr;
  PyObject* out = PyObject_CallOneArg(g_decimal.ptr(), s);
  Py_DECREF(s);
  return out;
}

// B2: the body [off, off+sz) of the reference at ordinal i lies inside the region.
void Body(nb::handle self, const ViewBase& v, Link link, int i, uint64_t* off, uint64_t* sz) {
  uint64_t raw = Load<uint64_t>(v.r.values + static_cast<size_t>(v.r.stride) * i);
  *off = raw >> 32;
  *sz = raw & 0xffffffffu;
  if (*off + *sz > v.r.size)
    Fail(self, link, i, "expected offset+size <= " + Num(v.r.size) + " but found " + Num(*off + *sz));
}

// W1-W2 / B3 for an array body; fills `r`.
bool WrapArray(const uint8_t* data, uint64_t size, uint32_t w, Region* r, std::string* why) {
  if (size < 8) { *why = "array: expected at least 8 bytes but found " + Num(size); return false; }
  uint64_t n = Load<uint64_t>(data);
  if (n >= (uint64_t{1} << 31)) { *why = "array count: expected < 2^31 but found " + Num(n); return false; }
  uint64_t bm = (n + 63) / 64 * 8;
  uint64_t fixed = 8 + bm + Pad8(n * w);
  if (fixed > size) {
    *why = "array count larger than the buffer: " + Num(n) + " elements need expected " + Num(fixed) +
           " bytes but found " + Num(size);
    return false;
  }
  if (size % 8) { *why = "array size: expected a multiple of 8 but found " + Num(size); return false; }
  r->data = data; r->size = static_cast<uint32_t>(size); r->bitmap = data + 8;
  r->values = data + 8 + bm; r->stride = w; r->n = static_cast<int32_t>(n);
  return true;
}

PyObject* NewArray(nb::handle self, const ViewBase& v, Link link, int i, const uint8_t* data,
                   uint64_t size, TypePtr elem, bool elem_nullable, Link child_link, int mode);
PyObject* DeepMap(nb::handle map, int mode);

// A nested row converted to a dict (deep mode), in the native code: no Python callbacks.
PyObject* DeepRow(nb::handle obj, int mode) {
  const RowView& rv = nb::cast<const RowView&>(obj);
  nb::object d = nb::steal(PyDict_New());
  for (int k = 0; k < rv.r.n; ++k) {
    PyObject* item = ReadAt(obj.ptr(), rv, *rv.type->fields[k].type, k, mode);
    if (!item) throw nb::python_error();
    int rc = PyDict_SetItem(d.ptr(), rv.type->fields[k].py_name.ptr(), item);
    Py_DECREF(item);
    if (rc) throw nb::python_error();
  }
  return d.release().ptr();
}

PyObject* NewMap(nb::handle self, const ViewBase& v, Link link, int i, const uint8_t* data,
                 uint64_t size, const TypePtr& mt, int mode) {
  if (size < 8) Fail(self, link, i, "map: expected at least 8 bytes but found " + Num(size));
  uint64_t k = Load<uint64_t>(data);
  if (k % 8 || k > size - 8)
    Fail(self, link, i, "map key array size " + Num(k) + ": expected a multiple of 8 and 8+K <= " + Num(size));
  MapView m;
  m.hold = v.hold; m.type = mt; m.data = data; m.size = static_cast<uint32_t>(size);
  m.parent = nb::borrow(self); m.index = i; m.link = link;
  std::string why;
  if (!WrapArray(data + 8, k, mt->elem->width, &m.keys, &why))
    throw Error(Kind::InvalidData, Join(PathOf(self), link, Component(link, i, self)) + "{keys}", why);
  if (!WrapArray(data + 8 + k, size - 8 - k, mt->value->width, &m.values, &why))
    throw Error(Kind::InvalidData, Join(PathOf(self), link, Component(link, i, self)) + "{values}", why);
  if (Load<uint64_t>(data + 8) != Load<uint64_t>(data + 8 + k))
    Fail(self, link, i, "map with key/value counts that differ: " + Num(Load<uint64_t>(data + 8)) +
                            " keys but " + Num(Load<uint64_t>(data + 8 + k)) + " values");
  nb::object mobj = nb::cast(std::move(m), nb::rv_policy::move);
  if (mode & kDeep) return DeepMap(mobj, mode);
  return mobj.release().ptr();
}

PyObject* NewArray(nb::handle self, const ViewBase& v, Link link, int i, const uint8_t* data,
                   uint64_t size, TypePtr elem, bool elem_nullable, Link child_link, int mode) {
  ArrayView a;
  std::string why;
  if (!WrapArray(data, size, elem->width, &a.r, &why)) {
    if (child_link == Link::Keys || child_link == Link::Values) {
      throw Error(Kind::InvalidData, Join(PathOf(self), child_link, Component(child_link, 0, self)), why);
    }
    Fail(self, link, i, why);
  }
  a.hold = v.hold; a.elem = std::move(elem); a.elem_nullable = elem_nullable;
  a.parent = nb::borrow(self); a.index = i; a.link = child_link;
  nb::object obj = nb::cast(std::move(a), nb::rv_policy::move);
  if (mode & kDeep) {
    const ArrayView& av = nb::cast<const ArrayView&>(obj);
    PyObject* list = PyList_New(av.r.n);
    if (!list) throw nb::python_error();
    nb::object guard = nb::steal(list);
    for (int k = 0; k < av.r.n; ++k) {
      PyObject* item = ReadAt(obj.ptr(), av, *av.elem, k, mode);
      if (!item) throw nb::python_error();
      PyList_SET_ITEM(list, k, item);
    }
    return guard.release().ptr();
  }
  return obj.release().ptr();
}

}  // namespace

nb::object MapArray(nb::handle map, Link which) {
  const MapView& m = nb::cast<const MapView&>(map);
  ArrayView a;
  a.hold = m.hold;
  a.r = which == Link::Keys ? m.keys : m.values;
  a.elem = which == Link::Keys ? m.type->elem : m.type->value;
  a.elem_nullable = which == Link::Keys ? false : m.type->value_nullable;
  a.parent = nb::borrow(map); a.index = 0; a.link = which;
  return nb::cast(std::move(a), nb::rv_policy::move);
}

namespace {

// A map converted in deep mode: a list of (key, value) pairs, or a dict; keys that cannot be
// hashed (lists, dicts) are made hashable by the Python helper.
PyObject* DeepMap(nb::handle map, int mode) {
  nb::object keys = MapArray(map, Link::Keys), values = MapArray(map, Link::Values);
  const ArrayView& ka = nb::cast<const ArrayView&>(keys);
  const ArrayView& va = nb::cast<const ArrayView&>(values);
  int n = ka.r.n;
  bool pairs = mode & kMapPairs;
  nb::object out = nb::steal(pairs ? PyList_New(n) : PyDict_New());
  for (int k = 0; k < n; ++k) {
    nb::object key = nb::steal(ReadAt(keys.ptr(), ka, *ka.elem, k, mode));
    if (!key.is_valid()) throw nb::python_error();
    nb::object value = nb::steal(ReadAt(values.ptr(), va, *va.elem, k, mode));
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

std::string PathOf(nb::handle view) {
  nb::handle parent;
  Link link;
  int index;
  if (nb::isinstance<RowView>(view)) {
    const RowView& r = nb::cast<const RowView&>(view);
    parent = r.parent; link = r.link; index = r.index;
  } else if (nb::isinstance<ArrayView>(view)) {
    const ArrayView& a = nb::cast<const ArrayView&>(view);
    parent = a.parent; link = a.link; index = a.index;
  } else if (nb::isinstance<MapView>(view)) {
    const MapView& m = nb::cast<const MapView&>(view);
    parent = m.parent; link = m.link; index = m.index;
  } else {
    return "";
  }
  if (link == Link::Top || !parent.is_valid() || parent.is_none()) return "";
  return Join(PathOf(parent), link, Component(link, index, parent));
}

PyObject* ReadAt(PyObject* selfp, const ViewBase& v, const Type& t, int i, int mode) {
  nb::handle self(selfp);
  Link link = v.is_row ? Link::Field : Link::Element;
  if (v.r.IsNull(i)) Py_RETURN_NONE;
  const uint8_t* p = v.r.values + static_cast<size_t>(v.r.stride) * i;
  switch (t.id) {
    case Tid::Bool: return PyBool_FromLong(*p != 0);
    case Tid::Int8: return PyLong_FromLong(Load<int8_t>(p));
    case Tid::Int16: return PyLong_FromLong(Load<int16_t>(p));
    case Tid::Int32: return PyLong_FromLong(Load<int32_t>(p));
    case Tid::Int64: return PyLong_FromLongLong(Load<int64_t>(p));
    case Tid::Float32: return PyFloat_FromDouble(Load<float>(p));
    case Tid::Float64: return PyFloat_FromDouble(Load<double>(p));
    case Tid::Date32:
      if (mode & kRawTemporal) return PyLong_FromLong(Load<int32_t>(p));
      EnsureImports();
      return MakeDate(Load<int32_t>(p));
    case Tid::Time:
      if (mode & kRawTemporal) return PyLong_FromLongLong(Load<int64_t>(p));
      EnsureImports();
      return MakeTime(Load<int64_t>(p));
    case Tid::Timestamp:
      if (mode & kRawTemporal) return PyLong_FromLongLong(Load<int64_t>(p));
      EnsureImports();
      return MakeTimestamp(Load<int64_t>(p), t);
    case Tid::Duration:
      if (mode & kRawTemporal) return PyLong_FromLongLong(Load<int64_t>(p));
      EnsureImports();
      return MakeDuration(Load<int64_t>(p));
    case Tid::Decimal: {
      EnsureImports();
      if (t.precision <= 18) return MakeDecimal(Load<int64_t>(p), t.scale);
      uint64_t off, sz;
      Body(self, v, link, i, &off, &sz);
      if (sz < 1 || sz > 16) Fail(self, link, i, "decimal body length: expected 1..16 but found " + Num(sz));
      return MakeDecimal(DecimalFromBE(v.r.data + off, static_cast<int>(sz)), t.scale);
    }
    case Tid::String: {
      uint64_t off, sz;
      Body(self, v, link, i, &off, &sz);
      PyObject* s = PyUnicode_DecodeUTF8(reinterpret_cast<const char*>(v.r.data + off),
                                         static_cast<Py_ssize_t>(sz), "strict");
      if (!s) {
        PyErr_Clear();
        Fail(self, link, i, "string body is not valid UTF-8");
      }
      return s;
    }
    case Tid::Binary: {
      uint64_t off, sz;
      Body(self, v, link, i, &off, &sz);
      return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(v.r.data + off), static_cast<Py_ssize_t>(sz));
    }
    case Tid::List: {
      uint64_t off, sz;
      Body(self, v, link, i, &off, &sz);
      return NewArray(self, v, link, i, v.r.data + off, sz, t.elem, t.elem_nullable, link, mode);
    }
    case Tid::Map: {
      uint64_t off, sz;
      Body(self, v, link, i, &off, &sz);
      // Nested maps need a TypePtr: borrow the owning pointer from the parent's tree.
      const TypePtr& mt = link == Link::Field ? static_cast<const RowView&>(v).type->fields[i].type
                                              : static_cast<const ArrayView&>(v).elem;
      return NewMap(self, v, link, i, v.r.data + off, sz, mt, mode);
    }
    case Tid::Struct: {
      uint64_t off, sz;
      Body(self, v, link, i, &off, &sz);
      if (sz < t.fixed_size)
        Fail(self, link, i, "nested row: expected size >= " + Num(t.fixed_size) + " but found " + Num(sz));
      if (sz % 8) Fail(self, link, i, "nested row size: expected a multiple of 8 but found " + Num(sz));
      const TypePtr& st = link == Link::Field ? static_cast<const RowView&>(v).type->fields[i].type
                                              : static_cast<const ArrayView&>(v).elem;
      RowView r;
      r.hold = v.hold; r.type = st;
      r.r.data = v.r.data + off; r.r.size = static_cast<uint32_t>(sz);
      r.r.bitmap = r.r.data; r.r.values = r.r.data + st->bitmap; r.r.stride = 8;
      r.r.n = static_cast<int32_t>(st->fields.size());
      r.parent = nb::borrow(self); r.index = i; r.link = link; r.is_row = true;
      nb::object obj = nb::cast(std::move(r), nb::rv_policy::move);
      if (mode & kDeep) return DeepRow(obj, mode);
      return obj.release().ptr();
    }
  }
  Py_RETURN_NONE;
}

RowView BuildRow(nb::object schema, TypePtr type, nb::handle buffer, const std::string& level) {
  auto hold = std::make_shared<Holder>();
  if (PyObject_GetBuffer(buffer.ptr(), &hold->view, PyBUF_SIMPLE) != 0) throw nb::python_error();
  hold->has_view = true;
  const uint8_t* data = hold->data();
  size_t size = hold->size();
  if (level == "full") {
    ValidateRow(data, size, *type);
  } else if (level != "bounds" && level != "none") {
    throw nb::value_error("level must be 'none', 'bounds' or 'full'");
  }
  if (size < type->fixed_size)
    throw Error(Kind::Truncated, "", "a " + Num(type->fields.size()) + "-field row needs its bitmap and slots: expected size >= " +
                                         Num(type->fixed_size) + " but found " + Num(size));
  if (size % 8) throw Error(Kind::InvalidData, "", "row size: expected a multiple of 8 but found " + Num(size));
  if (size >= (uint64_t{1} << 31)) throw Error(Kind::InvalidData, "", "row size: expected < 2^31 but found " + Num(size));
  RowView r;
  r.hold = std::move(hold); r.type = type; r.schema = std::move(schema);
  r.r.data = data; r.r.size = static_cast<uint32_t>(size); r.r.bitmap = data;
  r.r.values = data + type->bitmap; r.r.stride = 8; r.r.n = static_cast<int32_t>(type->fields.size());
  r.parent = nb::none(); r.link = Link::Top; r.is_row = true;
  return r;
}

nb::object MakeRow(nb::object schema, TypePtr type, nb::handle buffer, const std::string& level) {
  return nb::cast(BuildRow(std::move(schema), std::move(type), buffer, level), nb::rv_policy::move);
}

}  // namespace zr
