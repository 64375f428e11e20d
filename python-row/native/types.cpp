// Compiling a schema's JSON object into the native type tree; errors; calendar helpers.
#include "common.h"

namespace zr {

namespace {

Tid TidFromName(const std::string& s) {
  static const char* names[] = {"bool", "int8", "int16", "int32", "int64", "float32",
                                "float64", "string", "binary", "date32", "time",
                                "timestamp", "duration", "decimal", "list", "map", "struct"};
  for (int i = 0; i < 17; ++i)
    if (s == names[i]) return static_cast<Tid>(i);
  throw Error(Kind::Unsupported, "", "unknown type '" + s + "'");
}

nb::handle g_errors[4];  // leaked on purpose: no decref after interpreter shutdown

}  // namespace

TypePtr CompileType(nb::handle json) {
  auto t = std::make_shared<Type>();
  t->json = nb::borrow(json);
  if (nb::isinstance<nb::str>(json)) {
    t->id = TidFromName(nb::cast<std::string>(json));
    t->tzinfo = nb::none();
  } else {
    nb::dict d = nb::cast<nb::dict>(json);
    t->id = TidFromName(nb::cast<std::string>(d["type"]));
    switch (t->id) {
      case Tid::Timestamp:
        t->tz = d.contains("tz") ? nb::cast<std::string>(d["tz"]) : std::string();
        t->tzinfo = d.contains("_tzinfo") ? nb::borrow(d["_tzinfo"]) : nb::none();
        break;
      case Tid::Decimal:
        t->precision = nb::cast<int>(d["precision"]);
        t->scale = nb::cast<int>(d["scale"]);
        break;
      case Tid::List:
        t->elem = CompileType(d["element"]);
        t->elem_nullable = nb::cast<bool>(d["element_nullable"]);
        break;
      case Tid::Map:
        t->elem = CompileType(d["key"]);
        t->value = CompileType(d["value"]);
        t->value_nullable = nb::cast<bool>(d["value_nullable"]);
        break;
      case Tid::Struct: {
        nb::dict names;
        for (nb::handle f : nb::cast<nb::list>(d["fields"])) {
          nb::dict fd = nb::cast<nb::dict>(f);
          Field field;
          field.name = nb::cast<std::string>(fd["name"]);
          PyObject* s = PyUnicode_FromStringAndSize(field.name.data(), field.name.size());
          if (!s) throw nb::python_error();
          PyUnicode_InternInPlace(&s);
          field.py_name = nb::steal(s);
          field.type = CompileType(fd["type"]);
          field.nullable = nb::cast<bool>(fd["nullable"]);
          names[field.py_name] = nb::int_(t->fields.size());
          t->fields.push_back(std::move(field));
        }
        t->name_map = names;
        break;
      }
      default:
        break;
    }
  }
  return t;
}

void AttachCore(Type& t, const zerorow::DataTypePtr& core) {
  t.core = core;
  switch (t.id) {
    case Tid::List: AttachCore(*t.elem, core->element()); break;
    case Tid::Map: AttachCore(*t.elem, core->key()); AttachCore(*t.value, core->value()); break;
    case Tid::Struct:
      for (size_t i = 0; i < t.fields.size(); ++i) AttachCore(*t.fields[i].type, core->fields()[i].type);
      break;
    default: break;
  }
}

const char* KindName(Kind k) {
  switch (k) {
    case Kind::InvalidData: return "invalid_data";
    case Kind::Truncated: return "truncated";
    case Kind::Unsupported: return "unsupported";
    case Kind::SchemaMismatch: return "schema_mismatch";
  }
  return "invalid_data";
}

void SetErrorClasses(nb::handle invalid, nb::handle truncated, nb::handle unsupported,
                     nb::handle mismatch) {
  g_errors[0] = invalid; invalid.inc_ref();
  g_errors[1] = truncated; truncated.inc_ref();
  g_errors[2] = unsupported; unsupported.inc_ref();
  g_errors[3] = mismatch; mismatch.inc_ref();
}

void SetPyError(const Error& e) {
  PyObject* cls = g_errors[static_cast<int>(e.kind)].ptr();
  if (!cls) cls = PyExc_ValueError;
  std::string text = std::string(KindName(e.kind)) + " at " + (e.path.empty() ? "<row>" : e.path) +
                     ": " + e.message;
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
