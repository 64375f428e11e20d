// The type slots and the shared methods of the two view families: plain views (BinaryRow,
// BinaryArray, BinaryMap; module.cpp) and resolved views (ResolvedRow, ResolvedArray,
// ResolvedMap; resolved.cpp). Each is one template over the view's C++ type, instantiated once
// per family, so a change to how a field is looked up or an index is checked is made once.
#pragma once

#include "views.h"

namespace zr {

/// The ordinal of a row view's field `key` (an interned str compares by pointer first) or of
/// an int ordinal (negative from the end): -1 with KeyError / IndexError set, -2 with the
/// lookup's error set.
template <typename Row>
int RowOrdinal(const Row& v, PyObject* key) {
  if (PyUnicode_Check(key)) {
    int idx = FieldIndexOf(*v.type, key);
    if (idx == -1) PyErr_SetObject(PyExc_KeyError, key);
    return idx < 0 ? -2 : idx;
  }
  Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
  if (i == -1 && PyErr_Occurred()) return -2;
  int n = v.row.num_fields();
  if (i < 0) i += n;
  if (i < 0 || i >= n) {
    PyErr_SetString(PyExc_IndexError, "row ordinal out of range");
    return -2;
  }
  return static_cast<int>(i);
}

/// tp_getattro of a row view: a field by name, else the class's attributes (methods).
template <typename Row>
PyObject* RowGetattro(PyObject* self, PyObject* name) {
  Row* v = nb::inst_ptr<Row>(self);
  if (!PyUnicode_Check(name)) return PyObject_GenericGetAttr(self, name);
  int idx = FieldIndexOf(*v->type, name);
  if (idx == -2) return nullptr;
  if (idx < 0) return PyObject_GenericGetAttr(self, name);
  ZR_GUARD_BEGIN
  return ReadAt(self, *v, idx, kObjects);
  ZR_GUARD_END(nullptr)
}

/// mp_subscript of a row view: row["name"] or row[ordinal].
template <typename Row>
PyObject* RowSubscript(PyObject* self, PyObject* key) {
  Row* v = nb::inst_ptr<Row>(self);
  int idx = RowOrdinal(*v, key);
  if (idx < 0) return nullptr;
  ZR_GUARD_BEGIN
  return ReadAt(self, *v, idx, kObjects);
  ZR_GUARD_END(nullptr)
}

template <typename Row>
Py_ssize_t RowLength(PyObject* self) {
  return nb::inst_ptr<Row>(self)->row.num_fields();
}

/// mp_subscript of an array view: an element (negative from the end) or a slice, as a list.
template <typename Array>
PyObject* ArraySubscript(PyObject* self, PyObject* key) {
  Array* v = nb::inst_ptr<Array>(self);
  ZR_GUARD_BEGIN
  int n = v->arr.size();
  if (PySlice_Check(key)) {
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(key, &start, &stop, &step) < 0) return nullptr;
    Py_ssize_t len = PySlice_AdjustIndices(n, &start, &stop, step);
    nb::object list = nb::steal(PyList_New(len));
    if (!list.is_valid()) return nullptr;
    for (Py_ssize_t k = 0, i = start; k < len; ++k, i += step) {
      PyObject* item = ReadAt(self, *v, static_cast<int>(i), kObjects);
      if (!item) return nullptr;
      PyList_SET_ITEM(list.ptr(), k, item);
    }
    return list.release().ptr();
  }
  Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
  if (i == -1 && PyErr_Occurred()) return nullptr;
  if (i < 0) i += n;
  if (i < 0 || i >= n) {
    PyErr_SetString(PyExc_IndexError, "array index out of range");
    return nullptr;
  }
  return ReadAt(self, *v, static_cast<int>(i), kObjects);
  ZR_GUARD_END(nullptr)
}

template <typename Array>
Py_ssize_t ArrayLength(PyObject* self) {
  return nb::inst_ptr<Array>(self)->arr.size();
}

/// The type slots of a family's row and array views.
template <typename Row>
PyType_Slot kRowSlots[] = {{Py_tp_getattro, reinterpret_cast<void*>(RowGetattro<Row>)},
                           {Py_tp_iter, reinterpret_cast<void*>(ViewIterSlot)},
                           {Py_mp_subscript, reinterpret_cast<void*>(RowSubscript<Row>)},
                           {Py_mp_length, reinterpret_cast<void*>(RowLength<Row>)},
                           {0, nullptr}};
template <typename Array>
PyType_Slot kArraySlots[] = {{Py_mp_subscript, reinterpret_cast<void*>(ArraySubscript<Array>)},
                             {Py_tp_iter, reinterpret_cast<void*>(ViewIterSlot)},
                             {Py_mp_length, reinterpret_cast<void*>(ArrayLength<Array>)},
                             {Py_sq_length, reinterpret_cast<void*>(ArrayLength<Array>)},
                             {0, nullptr}};

/// The methods both row families have: reads, paths, names, bytes and nulls.
template <typename Row, typename... Extra>
void DefRowMethods(nb::class_<Row, Extra...>& cls) {
  cls.def("_get", [](nb::handle self, int i, int mode) { return ReadChecked(self, i, mode); })
      .def(
          "_deep", [](nb::handle self, int mode) { return DeepValue(self, mode); },
          "The whole row as a dict, under one decode budget (SPEC §6.2).")
      .def("_path", [](nb::handle self) { return PathOf(self); })
      .def("_field_names",
           [](const Row& v) {
             nb::list out;
             for (const Field& f : v.type->fields) out.append(f.py_name);
             return out;
           })
      .def("_type", [](const Row& v) { return TypeHandle{v.type->core}; })
      .def(
          "_has_type",
          [](const Row& v, const Compiled& c) {
            // A nested row has its own type node: compare by content only when not the same node.
            const zerorow::DataType& mine = v.row.struct_type();  // a resolved row's: the reader's
            const zerorow::DataType& theirs = *c.core.struct_type();
            return &mine == &theirs || mine.Equals(theirs);
          },
          "True when the row's struct type has the compiled schema's layout (SPEC §4.2).")
      .def_prop_ro("nbytes", [](const Row& v) { return v.row.bytes().size(); })
      .def("is_null", [](nb::handle self, nb::handle key) {
        const Row& v = nb::cast<const Row&>(self);
        int i;
        if (nb::isinstance<nb::str>(key)) {
          i = FieldIndexOf(*v.type, key.ptr());
          if (i == -2) throw nb::python_error();
          if (i < 0) throw nb::key_error(nb::cast<std::string>(key).c_str());
        } else {
          i = nb::cast<int>(key);
          if (i < 0) i += v.row.num_fields();
        }
        auto null = v.row.IsNull(i);
        CheckCore(null.status());
        return *null;
      });
}

/// The methods both array families have.
template <typename Array, typename... Extra>
void DefArrayMethods(nb::class_<Array, Extra...>& cls) {
  cls.def("_get", [](nb::handle self, int i, int mode) { return ReadChecked(self, i, mode); })
      .def(
          "_deep", [](nb::handle self, int mode) { return DeepValue(self, mode); },
          "The whole array as a list, under one decode budget (SPEC §6.2).")
      .def("_path", [](nb::handle self) { return PathOf(self); })
      .def("_elem_type", [](const Array& v) { return TypeHandle{v.elem->core}; })
      .def("is_null",
           [](const Array& v, int i) {
             if (i < 0) i += v.arr.size();
             auto null = v.arr.IsNull(i);
             CheckCore(null.status());
             return *null;
           })
      .def("to_bytes", [](const Array& v) { return RegionBytes(v.hold, v.arr.bytes()); });
}

/// The methods both map families have: length, keys and values as arrays, lookups, bytes.
template <typename Map, typename... Extra>
void DefMapMethods(nb::class_<Map, Extra...>& cls) {
  cls.def("__len__", [](const Map& m) { return m.map.size(); })
      .def("_keys", [](nb::handle self) { return MapArray(self, Link::Keys); })
      .def("_values", [](nb::handle self) { return MapArray(self, Link::Values); })
      .def("_find",
           [](nb::handle self, nb::handle key) -> nb::object {
             // Ordinal of `key`, or None; a dict index of the keys is built on the first call
             // (NotImplemented: a key or a lookup that cannot hash, callers scan).
             Map& m = nb::cast<Map&>(self);
             if (!m.key_index.is_valid()) {
               nb::object keys = MapArray(self, Link::Keys);
               nb::dict index;
               for (int k = 0, n = LengthOf(keys); k < n; ++k) {
                 nb::object kv = ReadChecked(keys, k, kDeep);
                 if (PyDict_SetDefault(index.ptr(), kv.ptr(), nb::int_(k).ptr()) == nullptr) {
                   PyErr_Clear();
                   return nb::borrow(Py_NotImplemented);
                 }
               }
               m.key_index = index;
             }
             PyObject* hit = PyDict_GetItemWithError(m.key_index.ptr(), key.ptr());
             if (!hit) {
               if (PyErr_Occurred()) {
                 PyErr_Clear();
                 return nb::borrow(Py_NotImplemented);
               }
               return nb::none();
             }
             return nb::borrow(hit);
           })
      .def(
          "_deep", [](nb::handle self, int mode) { return DeepValue(self, mode); },
          "The whole map as a dict (or pairs), under one decode budget (SPEC §6.2).")
      .def("_path", [](nb::handle self) { return PathOf(self); })
      .def("to_bytes", [](const Map& m) { return RegionBytes(m.hold, m.map.bytes()); });
}

}  // namespace zr
