// zerorow.Variant (SPEC §3.9): a view of a variant value read in place by cpp-row's
// VariantView (every offset checked), its conversions to JSON text and Python values, and
// the canonical builder from Python values (cpp-row's VariantBuilder) and from JSON text.
#include <nanobind/stl/string.h>
#include <zerorow/value_json.h>
#include <zerorow/variant.h>

#include "views.h"

// datetime.h needs Python.h (from views.h) first; include sorting would move it up.
// clang-format off
#include <datetime.h>
// clang-format on

namespace zr {

namespace {

nb::handle g_decimal_cls, g_uuid_cls, g_utc, g_variant_cls;  // leaked on purpose

void EnsureImports() {
  if (!PyDateTimeAPI) PyDateTime_IMPORT;
  if (!g_decimal_cls) {
    g_decimal_cls = nb::object(nb::module_::import_("decimal").attr("Decimal")).release();
    g_uuid_cls = nb::object(nb::module_::import_("uuid").attr("UUID")).release();
    g_utc = nb::object(nb::module_::import_("datetime").attr("timezone").attr("utc")).release();
  }
}

[[noreturn]] void Throw(const zerorow::Status& st) {
  if (st.kind() == zerorow::ErrorKind::kOutOfRange) {
    if (st.message().find("no key") != std::string::npos) throw nb::key_error(st.message().c_str());
    throw nb::index_error(st.message().c_str());
  }
  if (st.kind() == zerorow::ErrorKind::kInvalidArgument) throw nb::value_error(st.message().c_str());
  ThrowCore(st);
}

template <typename T>
T Take(zerorow::Result<T>&& r) {
  if (!r.ok()) Throw(r.status());
  return std::move(r).value();
}

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

PyObject* Date(int64_t days) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y < 1 || y > 9999) {
    PyErr_Format(PyExc_OverflowError, "variant date %lld is outside datetime.date's range", (long long)days);
    return nullptr;
  }
  return PyDate_FromDate(static_cast<int>(y), m, d);
}

PyObject* Timestamp(int64_t us, bool utc) {
  int64_t days = FloorDiv(us, 86400000000LL), rem = us - days * 86400000000LL;
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y < 1 || y > 9999) {
    PyErr_Format(PyExc_OverflowError, "variant timestamp %lld us is outside datetime's range", (long long)us);
    return nullptr;
  }
  int h = static_cast<int>(rem / 3600000000LL), mi = static_cast<int>(rem / 60000000LL % 60),
      s = static_cast<int>(rem / 1000000 % 60), u = static_cast<int>(rem % 1000000);
  if (!utc) return PyDateTime_FromDateAndTime(static_cast<int>(y), m, d, h, mi, s, u);
  return PyDateTimeAPI->DateTime_FromDateAndTime(static_cast<int>(y), m, d, h, mi, s, u, g_utc.ptr(),
                                                 PyDateTimeAPI->DateTimeType);
}

/// The Python value of a variant value (SPEC §3.9 "To language values"); recursion is bounded
/// by cpp-row's 1,000-level rule (a deeper value is an error from the view).
nb::object ToPython(const zerorow::VariantView& v, int depth) {
  using zerorow::VariantType;
  EnsureImports();
  if (depth > zerorow::kMaxVariantDepth)
    throw Error(Kind::InvalidData, "", "variant: more than 1000 nested objects and arrays at " + v.path());
  VariantType t = Take(v.type());
  switch (t) {
    case VariantType::kNull:
      return nb::none();
    case VariantType::kBool:
      return nb::bool_(Take(v.GetBool()));
    case VariantType::kInt8:
    case VariantType::kInt16:
    case VariantType::kInt32:
    case VariantType::kInt64:
      return nb::int_(Take(v.GetInt()));
    case VariantType::kFloat:
    case VariantType::kDouble:
      return nb::float_(Take(v.GetDouble()));
    case VariantType::kDecimal4:
    case VariantType::kDecimal8:
    case VariantType::kDecimal16: {
      zerorow::VariantDecimal d = Take(v.GetDecimal());
      std::string text = zerorow::DecimalToString(d.unscaled, d.scale);
      return nb::steal(PyObject_CallOneArg(g_decimal_cls.ptr(), nb::str(text.c_str()).ptr()));
    }
    case VariantType::kString: {
      std::string_view s = Take(v.GetString());
      return nb::str(s.data(), s.size());
    }
    case VariantType::kBinary: {
      auto b = Take(v.GetBinary());
      return nb::bytes(reinterpret_cast<const char*>(b.data()), b.size());
    }
    case VariantType::kUuid: {
      auto u = Take(v.GetUuid());
      nb::dict kw;
      kw["bytes"] = nb::bytes(reinterpret_cast<const char*>(u.data()), 16);
      return g_uuid_cls(**kw);
    }
    case VariantType::kDate: {
      PyObject* o = Date(Take(v.GetTemporal()));
      if (!o) throw nb::python_error();
      return nb::steal(o);
    }
    case VariantType::kTimeNtz: {
      int64_t us = Take(v.GetTemporal());
      if (us < 0 || us >= 86400000000LL)
        throw Error(Kind::InvalidData, "", "variant time outside a day at " + v.path());
      return nb::steal(PyTime_FromTime(static_cast<int>(us / 3600000000LL), static_cast<int>(us / 60000000LL % 60),
                                       static_cast<int>(us / 1000000 % 60), static_cast<int>(us % 1000000)));
    }
    case VariantType::kTimestamp:
    case VariantType::kTimestampNtz:
    case VariantType::kTimestampNanos:
    case VariantType::kTimestampNtzNanos: {
      int64_t x = Take(v.GetTemporal());
      const bool nanos = t == VariantType::kTimestampNanos || t == VariantType::kTimestampNtzNanos;
      if (nanos) x = FloorDiv(x, 1000);  // SPEC Appendix A rule 6: floored to the microsecond
      PyObject* o = Timestamp(x, t == VariantType::kTimestamp || t == VariantType::kTimestampNanos);
      if (!o) throw nb::python_error();
      return nb::steal(o);
    }
    case VariantType::kObject: {
      int n = Take(v.size());
      nb::dict out;
      for (int k = 0; k < n; ++k) {
        std::string_view key = Take(v.KeyAt(k));
        out[nb::str(key.data(), key.size())] = ToPython(Take(v.ValueAt(k)), depth + 1);
      }
      return out;
    }
    case VariantType::kArray: {
      int n = Take(v.size());
      nb::list out;
      for (int k = 0; k < n; ++k) out.append(ToPython(Take(v.Get(k)), depth + 1));
      return out;
    }
  }
  return nb::none();
}

std::string Utf8(nb::handle s) {
  Py_ssize_t n;
  const char* p = PyUnicode_AsUTF8AndSize(s.ptr(), &n);
  if (!p) throw nb::python_error();
  return std::string(p, static_cast<size_t>(n));
}

void Check(const zerorow::Status& st, const std::string& where) {
  if (!st.ok()) throw Error(Kind::InvalidData, "", st.message() + (where.empty() ? "" : " (at " + where + ")"));
}

/// A Python value into the builder (SPEC §3.9 "Canonical variants").
void FromPython(zerorow::VariantBuilder* b, nb::handle obj, const std::string& where, int depth) {
  EnsureImports();
  if (depth > zerorow::kMaxVariantDepth)
    throw Error(Kind::InvalidData, "", "variant: more than 1000 nested objects and arrays (at " + where + ")");
  PyObject* o = obj.ptr();
  if (o == Py_None) return Check(b->Null(), where);
  if (PyBool_Check(o)) return Check(b->Bool(o == Py_True), where);
  if (g_variant_cls && PyObject_IsInstance(o, g_variant_cls.ptr()) == 1) {
    const auto& view = nb::cast<const VariantObject&>(obj).view;
    return Check(b->Append(view), where);
  }
  if (PyLong_Check(o)) {
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (x == -1 && PyErr_Occurred()) throw nb::python_error();
    if (!overflow) return Check(b->Int(x), where);
    std::string text = Utf8(nb::str(obj));  // beyond int64: a decimal of scale 0 when <= 38 digits
    auto d = zerorow::DecimalFromString(text, 38, 0);
    if (!d.ok())
      throw Error(Kind::InvalidData, "",
                  "variant: the integer " + text + " has more than 38 digits (at " + where + ")");
    return Check(b->Decimal(*d, 0), where);
  }
  if (PyFloat_Check(o)) return Check(b->Double(PyFloat_AS_DOUBLE(o)), where);
  if (PyUnicode_Check(o)) return Check(b->String(Utf8(obj)), where);
  if (PyBytes_Check(o) || PyByteArray_Check(o) || PyMemoryView_Check(o)) {
    Py_buffer buf;
    if (PyObject_GetBuffer(o, &buf, PyBUF_SIMPLE) != 0) throw nb::python_error();
    zerorow::Status st = b->Binary(std::span<const uint8_t>(static_cast<const uint8_t*>(buf.buf), buf.len));
    PyBuffer_Release(&buf);
    return Check(st, where);
  }
  if (PyDict_Check(o) || PyObject_HasAttrString(o, "keys")) {
    Check(b->BeginObject(), where);
    nb::object items = nb::steal(PyMapping_Items(o));
    if (!items.is_valid()) throw nb::python_error();
    for (nb::handle pair : items) {
      nb::handle key = pair[0];
      if (!PyUnicode_Check(key.ptr()))
        throw Error(
            Kind::SchemaMismatch, "",
            "variant: object keys are str, not " + std::string(Py_TYPE(key.ptr())->tp_name) + " (at " + where + ")");
      std::string k = Utf8(key);
      Check(b->Key(k), where);
      FromPython(b, pair[1], where + "." + k, depth + 1);
    }
    return Check(b->EndObject(), where);
  }
  if (PyList_Check(o) || PyTuple_Check(o)) {
    Check(b->BeginArray(), where);
    nb::object seq = nb::steal(PySequence_Fast(o, "a sequence"));
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
    for (Py_ssize_t k = 0; k < n; ++k)
      FromPython(b, PySequence_Fast_GET_ITEM(seq.ptr(), k), where + "[" + std::to_string(k) + "]", depth + 1);
    return Check(b->EndArray(), where);
  }
  if (PyObject_IsInstance(o, g_decimal_cls.ptr()) == 1) {
    nb::object t = nb::steal(PyObject_CallMethod(o, "as_tuple", nullptr));
    if (!t.is_valid()) throw nb::python_error();
    int exp = nb::cast<int>(t.attr("exponent"));
    std::string digits;
    for (nb::handle d : t.attr("digits")) digits += static_cast<char>('0' + nb::cast<int>(d));
    if (exp > 0) digits += std::string(static_cast<size_t>(exp), '0');
    int scale = exp < 0 ? -exp : 0;
    if (nb::cast<int>(t.attr("sign"))) digits = "-" + digits;
    __int128 u = 0;
    size_t first = digits[0] == '-' ? 1 : 0;
    if (digits.size() - first > 38)
      throw Error(Kind::InvalidData, "", "variant: a decimal of more than 38 digits (at " + where + ")");
    for (size_t k = first; k < digits.size(); ++k) u = u * 10 + (digits[k] - '0');
    return Check(b->Decimal(zerorow::Decimal128{first ? -u : u}, scale), where);
  }
  if (PyDateTime_Check(o)) {
    nb::object off = nb::steal(PyObject_CallMethod(o, "utcoffset", nullptr));
    if (!off.is_valid()) throw nb::python_error();
    int64_t days = DaysFromCivil(PyDateTime_GET_YEAR(o), PyDateTime_GET_MONTH(o), PyDateTime_GET_DAY(o));
    int64_t us = ((days * 86400 + PyDateTime_DATE_GET_HOUR(o) * 3600LL + PyDateTime_DATE_GET_MINUTE(o) * 60LL +
                   PyDateTime_DATE_GET_SECOND(o)) *
                  1000000LL) +
                 PyDateTime_DATE_GET_MICROSECOND(o);
    if (!off.is_none()) {
      us -= (int64_t{PyDateTime_DELTA_GET_DAYS(off.ptr())} * 86400 + PyDateTime_DELTA_GET_SECONDS(off.ptr())) *
                1000000LL +
            PyDateTime_DELTA_GET_MICROSECONDS(off.ptr());
    }
    return Check(b->Timestamp(us, !off.is_none()), where);
  }
  if (PyDate_Check(o))
    return Check(b->Date(static_cast<int32_t>(
                     DaysFromCivil(PyDateTime_GET_YEAR(o), PyDateTime_GET_MONTH(o), PyDateTime_GET_DAY(o)))),
                 where);
  if (PyTime_Check(o)) {
    if (PyDateTime_TIME_GET_TZINFO(o) != Py_None)
      throw Error(Kind::SchemaMismatch, "",
                  "variant: a time with tzinfo (variant times have no zone, at " + where + ")");
    int64_t us =
        ((PyDateTime_TIME_GET_HOUR(o) * 60LL + PyDateTime_TIME_GET_MINUTE(o)) * 60 + PyDateTime_TIME_GET_SECOND(o)) *
            1000000LL +
        PyDateTime_TIME_GET_MICROSECOND(o);
    return Check(b->TimeNtz(us), where);
  }
  if (PyObject_IsInstance(o, g_uuid_cls.ptr()) == 1) {
    nb::bytes raw = nb::cast<nb::bytes>(obj.attr("bytes"));
    return Check(b->Uuid(std::span<const uint8_t, 16>(reinterpret_cast<const uint8_t*>(raw.c_str()), 16)), where);
  }
  // A NumPy float32 is a variant float (SPEC §3.9), other NumPy scalars their Python value.
  const char* tn = Py_TYPE(o)->tp_name;
  if (std::strcmp(tn, "numpy.float32") == 0) return Check(b->Float(nb::cast<float>(obj.attr("item")())), where);
  if (std::strncmp(tn, "numpy.", 6) == 0 && PyObject_HasAttrString(o, "item"))
    return FromPython(b, obj.attr("item")(), where, depth);
  throw Error(Kind::SchemaMismatch, "",
              std::string("variant: cannot hold a value of type ") + tn + " (at " + where + ")");
}

}  // namespace

zerorow::Variant VariantOfPython(nb::handle obj) {
  zerorow::VariantBuilder b;
  FromPython(&b, obj, "$", 0);
  auto v = b.Finish();
  if (!v.ok()) throw Error(Kind::InvalidData, "", v.status().message());
  return std::move(v).value();
}

nb::object MakeVariant(HolderPtr hold, const zerorow::VariantView& view) {
  VariantObject out;
  out.hold = std::move(hold);
  out.view = view;
  return nb::cast(std::move(out), nb::rv_policy::move);
}

nb::object OwnedVariant(zerorow::Variant v) {
  auto hold = std::make_shared<Holder>();
  // One buffer: the value, then the metadata; the view points into it.
  hold->owned = v.value;
  hold->owned.insert(hold->owned.end(), v.metadata.begin(), v.metadata.end());
  std::span<const uint8_t> all(hold->owned.data(), hold->owned.size());
  auto view = zerorow::VariantView::Make(all.subspan(v.value.size()), all.subspan(0, v.value.size()));
  if (!view.ok()) ThrowCore(view.status());
  return MakeVariant(std::move(hold), *view);
}

nb::object VariantToPython(const zerorow::VariantView& v) { return ToPython(v, 0); }

void BindVariant(nb::module_& m) {
  nb::class_<VariantObject> cls(m, "Variant");
  cls.def(
         "__init__",
         [](VariantObject* self, nb::bytes metadata, nb::bytes value) {
           zerorow::Variant v;
           v.metadata.assign(reinterpret_cast<const uint8_t*>(metadata.c_str()),
                             reinterpret_cast<const uint8_t*>(metadata.c_str()) + metadata.size());
           v.value.assign(reinterpret_cast<const uint8_t*>(value.c_str()),
                          reinterpret_cast<const uint8_t*>(value.c_str()) + value.size());
           auto view = zerorow::VariantView::Make(v.metadata, v.value);
           zerorow::Status st = view.ok() ? view->Validate() : view.status();
           if (!st.ok()) Check(st, st.path());
           nb::object made = OwnedVariant(std::move(v));
           new (self) VariantObject(nb::cast<const VariantObject&>(made));
         },
         nb::arg("metadata"), nb::arg("value"))
      .def_static("_from_parts",
                  [](nb::bytes metadata, nb::bytes value) {
                    zerorow::Variant v;
                    v.metadata.assign(reinterpret_cast<const uint8_t*>(metadata.c_str()),
                                      reinterpret_cast<const uint8_t*>(metadata.c_str()) + metadata.size());
                    v.value.assign(reinterpret_cast<const uint8_t*>(value.c_str()),
                                   reinterpret_cast<const uint8_t*>(value.c_str()) + value.size());
                    auto view = zerorow::VariantView::Make(v.metadata, v.value);
                    zerorow::Status st = view.ok() ? view->Validate() : view.status();
                    if (!st.ok()) Check(st, st.path());
                    return OwnedVariant(std::move(v));
                  })
      .def_static("from_json",
                  [](const std::string& text) {
                    auto v = zerorow::VariantFromJson(text);
                    if (!v.ok()) throw Error(Kind::InvalidData, "", v.status().message());
                    return OwnedVariant(std::move(v).value());
                  })
      .def_static(
          "of", [](nb::handle obj) { return OwnedVariant(VariantOfPython(obj)); }, nb::arg("obj").none())
      .def_prop_ro("type",
                   [](const VariantObject& v) { return std::string(zerorow::VariantTypeName(Take(v.view.type()))); })
      .def_prop_ro("path", [](const VariantObject& v) { return v.view.path(); })
      .def_prop_ro("metadata",
                   [](const VariantObject& v) {
                     return nb::bytes(reinterpret_cast<const char*>(v.view.metadata().data()),
                                      v.view.metadata().size());
                   })
      .def_prop_ro("value",
                   [](const VariantObject& v) {
                     std::span<const uint8_t> value = v.view.value();
                     if (v.view.path() != "$") value = value.subspan(0, Take(v.view.ValueSize()));
                     return nb::bytes(reinterpret_cast<const char*>(value.data()), value.size());
                   })
      .def("__getitem__",
           [](const VariantObject& v, nb::handle key) {
             if (PyUnicode_Check(key.ptr())) return MakeVariant(v.hold, Take(v.view.Get(Utf8(key))));
             Py_ssize_t i = PyNumber_AsSsize_t(key.ptr(), PyExc_IndexError);
             if (i == -1 && PyErr_Occurred()) throw nb::python_error();
             int n = Take(v.view.size());
             if (i < 0) i += n;
             return MakeVariant(v.hold, Take(v.view.Get(static_cast<int>(i))));
           })
      .def("__len__", [](const VariantObject& v) { return Take(v.view.size()); })
      .def("keys",
           [](const VariantObject& v) {
             nb::list out;
             int n = Take(v.view.size());
             for (int k = 0; k < n; ++k) {
               std::string_view key = Take(v.view.KeyAt(k));
               out.append(nb::str(key.data(), key.size()));
             }
             return out;
           })
      .def("at", [](const VariantObject& v,
                    const std::string& path) { return MakeVariant(v.hold, Take(v.view.AtPath(path))); })
      .def("to_json", [](const VariantObject& v) { return Take(v.view.ToJson()); })
      .def("to_python", [](const VariantObject& v) { return VariantToPython(v.view); })
      .def("validate",
           [](const VariantObject& v) {
             zerorow::Status st = v.view.Validate();
             if (!st.ok()) Check(st, st.path());
           })
      .def("__eq__",
           [](const VariantObject& a, nb::handle other) -> nb::object {
             if (!nb::isinstance<VariantObject>(other)) return nb::borrow(Py_NotImplemented);
             const VariantObject& b = nb::cast<const VariantObject&>(other);
             zerorow::VariantBuilder x, y;  // compared canonically: the same value, the same bytes
             Check(x.Append(a.view), "");
             Check(y.Append(b.view), "");
             return nb::bool_(Take(x.Finish()) == Take(y.Finish()));
           })
      .def("__hash__",
           [](const VariantObject& v) {
             zerorow::VariantBuilder x;
             Check(x.Append(v.view), "");
             zerorow::Variant c = Take(x.Finish());
             std::string all(c.value.begin(), c.value.end());
             all.append(c.metadata.begin(), c.metadata.end());
             return static_cast<Py_hash_t>(zerorow::Fnv1a64(all) & 0x7fffffffffffffffULL);
           })
      .def("__repr__", [](const VariantObject& v) {
        auto json = v.view.ToJson();
        std::string text = json.ok() ? *json : "<invalid: " + json.status().message() + ">";
        if (text.size() > 200) text = text.substr(0, 200) + "...";
        return "Variant(" + text + ")";
      });
  g_variant_cls = cls.inc_ref();
}

}  // namespace zr
