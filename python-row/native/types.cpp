// Compiling a schema's JSON object into the native type tree; errors; calendar helpers.
#include "common.h"

namespace zr {

namespace {

nb::handle g_errors[4];  // leaked on purpose: no decref after interpreter shutdown

}  // namespace

TypePtr CompileType(nb::handle json, const zerorow::DataTypePtr& core) {
  // The shape, parameters and names come from cpp-row's type; the JSON object adds what only
  // Python has (the tzinfo of a zone) and is kept for the Python layer.
  auto t = std::make_shared<Type>();
  t->json = nb::borrow(json);
  t->core = core;
  t->id = core->id();
  t->tzinfo = nb::none();
  nb::dict d = nb::isinstance<nb::dict>(json) ? nb::cast<nb::dict>(json) : nb::dict();
  if (d.contains("_enum_name")) t->enum_name = nb::borrow(d["_enum_name"]);
  switch (t->id) {
    case Tid::kTimestamp:
      t->tz = core->tz();
      if (d.contains("_tzinfo")) t->tzinfo = nb::borrow(d["_tzinfo"]);
      break;
    case Tid::kDecimal:
      t->precision = core->precision();
      t->scale = core->scale();
      break;
    case Tid::kList:
      t->elem = CompileType(d["element"], core->element());
      t->elem_nullable = core->element_nullable();
      break;
    case Tid::kMap:
      t->elem = CompileType(d["key"], core->key());
      t->value = CompileType(d["value"], core->value());
      t->value_nullable = core->value_nullable();
      break;
    case Tid::kStruct: {
      nb::dict names;
      nb::list fjson = nb::cast<nb::list>(d["fields"]);
      for (int i = 0; i < core->num_fields(); ++i) {
        const zerorow::Field& cf = core->fields()[static_cast<size_t>(i)];
        Field field;
        field.name = cf.name;
        PyObject* s = PyUnicode_FromStringAndSize(field.name.data(), static_cast<Py_ssize_t>(field.name.size()));
        if (!s) throw nb::python_error();
        PyUnicode_InternInPlace(&s);
        field.py_name = nb::steal(s);
        field.type = CompileType(nb::cast<nb::dict>(fjson[i])["type"], cf.type);
        field.nullable = cf.nullable;
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
