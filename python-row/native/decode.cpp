// Decoding rows into the user's classes: a plan precompiled from the inferred schema (struct
// classes, containers, converters) that the native code walks, reading with the checked views.
#include "views.h"

namespace zr {

namespace {

// kFilled: a struct whose class the Python side found equivalent to filling a new instance's
// __dict__ (zerorow.infer._fills_dict): built as pickle rebuilds an object, without calling
// the generated __init__ with keywords.
enum PlanKind : int { kValue = 0, kStruct = 1, kSeq = 2, kMap = 3, kCall = 4, kFilled = 5 };

struct Plan {
  int kind = kValue;
  nb::object target;                            // struct class, container type, or converter callable
  std::vector<nb::object> names;                // struct: the keyword names
  std::vector<std::shared_ptr<Plan>> children;  // struct fields / seq element / map key, value
};
using PlanPtr = std::shared_ptr<Plan>;

// Rows and arrays, plain or resolved (SPEC §13.4: a resolved row decodes into the reader's class).
PyObject* ReadView(nb::handle view, int i, int mode) { return ReadAny(view, i, mode); }

nb::object Decode(const Plan& p, nb::handle view, int i);

nb::object BuildStruct(const Plan& p, nb::handle row) {
  if (!p.target.is_valid()) throw nb::type_error("decode plan was cleared");
  if (p.kind == kFilled) {
    // object.__new__(cls), then its own __dict__ (with the class's shared keys, as __init__
    // would make it) filled in field order, as pickle's BUILD does.
    auto* tp = reinterpret_cast<PyTypeObject*>(p.target.ptr());
    nb::object empty = nb::steal(PyTuple_New(0));
    nb::object out = nb::steal(PyBaseObject_Type.tp_new(tp, empty.ptr(), nullptr));
    if (!out.is_valid()) throw nb::python_error();
    nb::object d = nb::steal(PyObject_GenericGetDict(out.ptr(), nullptr));
    if (!d.is_valid()) throw nb::python_error();
    for (size_t k = 0; k < p.children.size(); ++k) {
      nb::object v = Decode(*p.children[k], row, static_cast<int>(k));
      if (PyDict_SetItem(d.ptr(), p.names[k].ptr(), v.ptr())) throw nb::python_error();
    }
    return out;
  }
  nb::object kwargs = nb::steal(PyDict_New());
  for (size_t k = 0; k < p.children.size(); ++k) {
    nb::object v = Decode(*p.children[k], row, static_cast<int>(k));
    if (PyDict_SetItem(kwargs.ptr(), p.names[k].ptr(), v.ptr())) throw nb::python_error();
  }
  if (!p.target.is_valid()) throw nb::type_error("decode plan was cleared");
  nb::object empty = nb::steal(PyTuple_New(0));
  PyObject* out = PyObject_Call(p.target.ptr(), empty.ptr(), kwargs.ptr());
  if (!out) throw nb::python_error();
  return nb::steal(out);
}

nb::object Decode(const Plan& p, nb::handle view, int i) {
  if (p.kind == kValue || p.kind == kCall) {
    PyObject* raw = ReadView(view, i, kDeep);
    if (!raw) throw nb::python_error();
    nb::object v = nb::steal(raw);
    if (p.kind == kValue || v.is_none()) return v;
    PyObject* out = PyObject_CallOneArg(p.target.ptr(), v.ptr());
    if (!out) {
      // A converter refusing the stored value (an Enum name that is no member): a typed error
      // with the value's path. Other exceptions propagate as they are.
      if (!PyErr_ExceptionMatches(PyExc_ValueError)) throw nb::python_error();
      PyObject *type, *value, *tb;
      PyErr_Fetch(&type, &value, &tb);
      nb::object msg = nb::steal(value ? PyObject_Str(value) : nullptr);
      Py_XDECREF(type);
      Py_XDECREF(value);
      Py_XDECREF(tb);
      if (!msg.is_valid()) throw nb::python_error();
      throw Error(Kind::InvalidData, PathOfSlot(view, i), nb::cast<std::string>(msg));
    }
    return nb::steal(out);
  }
  PyObject* raw = ReadView(view, i, kObjects);
  if (!raw) throw nb::python_error();
  nb::object v = nb::steal(raw);
  if (v.is_none()) return v;
  if (p.kind == kStruct || p.kind == kFilled) return BuildStruct(p, v);
  if (p.kind == kSeq) {
    int n = LengthOf(v);
    nb::object list = nb::steal(PyList_New(n));
    for (int k = 0; k < n; ++k) PyList_SET_ITEM(list.ptr(), k, Decode(*p.children[0], v, k).release().ptr());
    if (p.target.ptr() == reinterpret_cast<PyObject*>(&PyList_Type)) return list;
    return p.target(list);
  }
  // map
  nb::object keys = MapArray(v, Link::Keys), values = MapArray(v, Link::Values);
  int n = LengthOf(keys);
  nb::object d = nb::steal(PyDict_New());
  for (int k = 0; k < n; ++k) {
    nb::object key = Decode(*p.children[0], keys, k), value = Decode(*p.children[1], values, k);
    if (PyDict_SetItem(d.ptr(), key.ptr(), value.ptr())) throw nb::python_error();
  }
  return d;
}

// A plan refers to user classes, which refer back to their module (and so to the encoder
// holding the plan): the GC must see these references to collect such cycles.
int VisitPlan(const Plan& p, visitproc visit, void* arg) {
  Py_VISIT(p.target.ptr());
  for (const nb::object& n : p.names) Py_VISIT(n.ptr());
  for (const PlanPtr& c : p.children)
    if (int rc = VisitPlan(*c, visit, arg)) return rc;
  return 0;
}

int plan_traverse(PyObject* self, visitproc visit, void* arg) {
  Py_VISIT(Py_TYPE(self));
  if (!nb::inst_ready(self)) return 0;
  return VisitPlan(*nb::inst_ptr<Plan>(self), visit, arg);
}

int plan_clear(PyObject* self) {
  Plan* p = nb::inst_ptr<Plan>(self);
  p->target = nb::object();
  p->names.clear();
  p->children.clear();
  return 0;
}

PyType_Slot plan_slots[] = {{Py_tp_traverse, reinterpret_cast<void*>(plan_traverse)},
                            {Py_tp_clear, reinterpret_cast<void*>(plan_clear)},
                            {0, nullptr}};

}  // namespace

GcPause::GcPause() : was_enabled(PyGC_Disable()) {}
GcPause::~GcPause() {
  if (was_enabled) PyGC_Enable();
}

void BindDecode(nb::module_& m) {
  nb::class_<Plan>(m, "DecodePlan", nb::type_slots(plan_slots))
      .def(
          "__init__",
          [](Plan* self, int kind, nb::object target, nb::list names, nb::list children) {
            new (self) Plan();
            self->kind = kind;
            self->target = std::move(target);
            for (nb::handle h : names) {
              // Interned, as attribute names in code are: the instance dicts get the same keys.
              PyObject* name = h.ptr();
              Py_INCREF(name);
              if (PyUnicode_CheckExact(name)) PyUnicode_InternInPlace(&name);
              self->names.push_back(nb::steal(name));
            }
            for (nb::handle h : children) {
              // Share the child plan: the Python object keeps it alive, the copy below is cheap.
              self->children.push_back(std::make_shared<Plan>(nb::cast<const Plan&>(h)));
            }
          },
          nb::arg("kind"), nb::arg("target").none(), nb::arg("names"), nb::arg("children"),
          "kind: 0 deep value, 1 struct (target = class), 2 sequence (target = container), "
          "3 map, 4 converter called on the deep value, 5 struct filled through its __dict__.");

  m.def(
      "decode_row",
      [](const Plan& p, nb::handle row) {
        if (!nb::isinstance<RowView>(row) && !nb::isinstance<ResolvedRowView>(row))
          throw nb::type_error("decode_row needs a BinaryRow or a ResolvedRow");
        // Decoding makes many acyclic objects; pausing the cyclic GC avoids repeated full scans.
        GcPause pause;
        BudgetScope budget(RegionSize(row));  // SPEC §6.2: at most one value per byte
        return BuildStruct(p, row);
      },
      "Builds the user's object from a row with a plan.");
}

}  // namespace zr
