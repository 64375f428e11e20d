// The Python-only extras of a schema's nodes, the NativeType handles a zerorow.DataType holds;
// errors; calendar helpers.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/vector.h>

#include "views.h"

namespace zr {

namespace {

nb::handle g_errors[4];  // leaked on purpose: no decref after interpreter shutdown

}  // namespace

namespace {

/// tzinfo of a schema zone, made by zerorow.schema.resolve_tz (the Python zone rules).
nb::object ZoneObject(const std::string& tz) { return nb::module_::import_("zerorow.schema").attr("resolve_tz")(tz); }

TypePtr Compile(const zerorow::DataTypePtr& core, nb::handle enums, std::vector<int>* at) {
  auto t = std::make_shared<Type>();
  t->core = core;
  t->id = core->id();
  t->tzinfo = nb::none();
  if (enums.is_valid() && !at->empty()) {  // an encoder's Enum check of this node, if any
    nb::tuple key = nb::steal<nb::tuple>(PyTuple_New(static_cast<Py_ssize_t>(at->size())));
    for (size_t k = 0; k < at->size(); ++k) PyTuple_SET_ITEM(key.ptr(), k, PyLong_FromLong((*at)[k]));
    PyObject* hit = PyDict_GetItemWithError(enums.ptr(), key.ptr());
    if (hit)
      t->enum_name = nb::borrow(hit);
    else if (PyErr_Occurred())
      throw nb::python_error();
  }
  auto child = [&](const zerorow::DataTypePtr& c, int k) {
    at->push_back(k);
    TypePtr out = Compile(c, enums, at);
    at->pop_back();
    return out;
  };
  switch (t->id) {
    case Tid::kTimestamp:
      if (!core->tz().empty()) t->tzinfo = ZoneObject(core->tz());
      break;
    case Tid::kList:
      t->elem = child(core->element(), 0);
      break;
    case Tid::kMap:
      t->elem = child(core->key(), 0);
      t->value = child(core->value(), 1);
      break;
    case Tid::kStruct: {
      nb::dict names;
      for (int i = 0; i < core->num_fields(); ++i) {
        const zerorow::Field& cf = core->fields()[static_cast<size_t>(i)];
        Field field;
        field.core = &cf;
        PyObject* s = PyUnicode_FromStringAndSize(cf.name.data(), static_cast<Py_ssize_t>(cf.name.size()));
        if (!s) throw nb::python_error();
        PyUnicode_InternInPlace(&s);
        field.py_name = nb::steal(s);
        field.type = child(cf.type, i);
        names[field.py_name] = nb::int_(i);
        t->fields.push_back(std::move(field));
      }
      t->name_map = names;
      break;
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
    case Tid::kDate32:
    case Tid::kTime:
    case Tid::kDuration:
    case Tid::kDecimal:
    case Tid::kNull:
    case Tid::kIntervalYm:
    case Tid::kInterval:
    case Tid::kFixedBinary:
    case Tid::kUuid:
    case Tid::kVariant:
      break;  // everything is in cpp-row's type (`core`)
  }
  return t;
}

}  // namespace

TypePtr CompileType(const zerorow::DataTypePtr& core, nb::handle enums) {
  // The shape, parameters and names come from cpp-row's type; this adds what only Python has
  // (interned names, the tzinfo of a zone, an encoder's Enum checks).
  std::vector<int> at;
  return Compile(core, enums.is_valid() && nb::len(enums) > 0 ? enums : nb::handle(), &at);
}

namespace {

zerorow::DataTypePtr Child(const std::optional<TypeHandle>& h, const char* what, const std::string& id) {
  if (!h || !h->t) throw nb::type_error((id + " needs its " + what + " type").c_str());
  return h->t;
}

/// A cpp-row type from the arguments of zerorow.DataType(...): no checks beyond the shape, as
/// cpp-row's factories; Schema::FromStructType applies the SPEC §4.1 rules when a schema is made.
zerorow::DataTypePtr MakeType(const std::string& id, const std::string& tz, int precision, int scale, int64_t size,
                              const std::optional<TypeHandle>& element, bool element_nullable,
                              const std::optional<TypeHandle>& key, const std::optional<TypeHandle>& value,
                              bool value_nullable, nb::handle fields) {
  std::optional<Tid> tid = zerorow::TypeIdFromName(id);
  if (!tid) throw Error(Kind::Unsupported, "", "unknown type '" + id + "'");
  switch (*tid) {
    case Tid::kTimestamp:
      return zerorow::DataType::Timestamp(tz);
    case Tid::kDecimal:
      return zerorow::DataType::Decimal(precision, scale);
    case Tid::kFixedBinary:
      return zerorow::DataType::FixedBinary(size);
    case Tid::kList:
      return zerorow::DataType::List(Child(element, "element", id), element_nullable);
    case Tid::kMap:
      return zerorow::DataType::Map(Child(key, "key", id), Child(value, "value", id), value_nullable);
    case Tid::kStruct: {
      // fields: (name, NativeType, nullable, aliases, canonical default JSON or None) tuples
      std::vector<zerorow::Field> out;
      for (nb::handle f : fields) {
        nb::tuple t = nb::cast<nb::tuple>(f);
        zerorow::Field cf = zerorow::field(nb::cast<std::string>(t[0]), nb::cast<const TypeHandle&>(t[1]).t,
                                           nb::cast<bool>(t[2]), nb::cast<std::vector<std::string>>(t[3]));
        if (!t[4].is_none()) {
          auto with = zerorow::WithDefault(std::move(cf), nb::cast<std::string>(t[4]));
          CheckCore(with.status());
          cf = std::move(with).value();
        }
        out.push_back(std::move(cf));
      }
      return zerorow::DataType::Struct(std::move(out));
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
    case Tid::kDate32:
    case Tid::kTime:
    case Tid::kDuration:
    case Tid::kNull:
    case Tid::kIntervalYm:
    case Tid::kInterval:
    case Tid::kUuid:
    case Tid::kVariant:
      break;
  }
  return zerorow::DataType::Primitive(*tid);
}

}  // namespace

void BindTypes(nb::module_& m) {
  nb::class_<TypeHandle>(m, "NativeType", "A handle to one of cpp-row's types (what a zerorow.DataType holds).")
      .def_prop_ro("id", [](const TypeHandle& h) { return std::string(zerorow::TypeIdName(h.t->id())); })
      .def_prop_ro("tz", [](const TypeHandle& h) { return h.t->tz(); })
      .def_prop_ro("precision", [](const TypeHandle& h) { return h.t->precision(); })
      .def_prop_ro("scale", [](const TypeHandle& h) { return h.t->scale(); })
      .def_prop_ro("size",
                   [](const TypeHandle& h) { return h.t->body_size(); })  // unsigned: fixed_binary sizes past 2^31
      .def_prop_ro("element", [](const TypeHandle& h) { return TypeHandle{h.t->element()}; })
      .def_prop_ro("element_nullable", [](const TypeHandle& h) { return h.t->element_nullable(); })
      .def_prop_ro("key", [](const TypeHandle& h) { return TypeHandle{h.t->key()}; })
      .def_prop_ro("value", [](const TypeHandle& h) { return TypeHandle{h.t->value()}; })
      .def_prop_ro("value_nullable", [](const TypeHandle& h) { return h.t->value_nullable(); })
      .def(
          "fields",
          [](const TypeHandle& h) {
            nb::list out;
            for (const zerorow::Field& f : h.t->fields()) {
              nb::list aliases;
              for (const std::string& a : f.aliases) aliases.append(a);
              nb::object def = f.default_value ? nb::cast(f.default_value->json()) : nb::none();
              out.append(nb::make_tuple(f.name, TypeHandle{f.type}, f.nullable, nb::tuple(aliases), def));
            }
            return out;
          },
          "(name, NativeType, nullable, aliases, canonical default JSON or None) of each field.")
      .def(
          "to_json", [](const TypeHandle& h) { return h.t->ToJson(); }, "Canonical JSON text (SPEC §4.1), unchecked.")
      .def(
          "layout_json", [](const TypeHandle& h) { return h.t->LayoutJson(); },
          "The canonical JSON without aliases and defaults (what equality and the fingerprint cover).")
      .def("is_", [](const TypeHandle& a, const TypeHandle& b) { return a.t == b.t; });

  m.def(
      "make_type",
      [](const std::string& id, const std::string& tz, int precision, int scale, int64_t size,
         std::optional<TypeHandle> element, bool element_nullable, std::optional<TypeHandle> key,
         std::optional<TypeHandle> value, bool value_nullable, nb::handle fields) {
        return TypeHandle{
            MakeType(id, tz, precision, scale, size, element, element_nullable, key, value, value_nullable, fields)};
      },
      nb::arg("id"), nb::arg("tz"), nb::arg("precision"), nb::arg("scale"), nb::arg("size"), nb::arg("element").none(),
      nb::arg("element_nullable"), nb::arg("key").none(), nb::arg("value").none(), nb::arg("value_nullable"),
      nb::arg("fields"), "A cpp-row type from zerorow.DataType's arguments (checked when a Schema is made).");

  m.def(
      "parse_type",
      [](const std::string& text) {
        auto t = zerorow::DataTypeFromJson(text);
        CheckCore(t.status());
        return TypeHandle{*t};
      },
      "Parses and checks one type's JSON with cpp-row (SPEC §4.1).");
}

const char* KindName(Kind k) {
  switch (k) {
    case Kind::InvalidData:
      return "invalid_data";
    case Kind::Truncated:
      return "truncated";
    case Kind::Unsupported:
      return "unsupported";
    case Kind::SchemaMismatch:
      return "schema_mismatch";
  }
  return "invalid_data";
}

void SetErrorClasses(nb::handle invalid, nb::handle truncated, nb::handle unsupported, nb::handle mismatch) {
  g_errors[0] = invalid;
  invalid.inc_ref();
  g_errors[1] = truncated;
  truncated.inc_ref();
  g_errors[2] = unsupported;
  unsupported.inc_ref();
  g_errors[3] = mismatch;
  mismatch.inc_ref();
}

void SetPyError(const Error& e) {
  PyObject* cls = g_errors[static_cast<int>(e.kind)].ptr();
  if (!cls) cls = PyExc_ValueError;
  std::string text = std::string(KindName(e.kind)) + " at " + (e.path.empty() ? "<row>" : e.path) + ": " + e.message;
  PyObject* exc = PyObject_CallFunction(cls, "NsN", PyUnicode_FromStringAndSize(text.data(), text.size()),
                                        KindName(e.kind), PyUnicode_FromStringAndSize(e.path.data(), e.path.size()));
  if (!exc) return;  // the constructor raised; keep that error
  PyErr_SetObject(cls, exc);
  Py_DECREF(exc);
}

int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

void CivilFromDays(int64_t z, int64_t* y, unsigned* m, unsigned* d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = static_cast<int64_t>(yoe) + era * 400 + (*m <= 2);
}

}  // namespace zr
