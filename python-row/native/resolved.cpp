// Schema evolution (SPEC §13): the binding of cpp-row's Resolve, its resolved views and
// WriteReaderRow. The rules (matching, aliases, widenings, refusals) are cpp-row's; this file
// holds what Python needs: the view types (fields by the reader's names, the buffer and the
// Resolution kept alive) and the re-laying of resolved rows into rows of the reader schema.
#include <zerorow/resolve.h>
#include <zerorow/row_writer.h>
#include <zerorow/validate.h>

#include "views.h"

namespace zr {

namespace {

/// A writer schema resolved to a reader schema: cpp-row's Resolution and both compiled schemas
/// (the Python Schema objects, whose `_native` is the Compiled the views read types from).
struct ResolutionBox {
  zerorow::Resolution core;
  nb::object writer, reader;  // zerorow.Schema; they keep the compiled schemas below alive
  const Compiled* writer_c = nullptr;
  const Compiled* reader_c = nullptr;
  const Compiled& reader_compiled() const { return *reader_c; }
  const Compiled& writer_compiled() const { return *writer_c; }
};

/// A resolved row over `buffer` (a BinaryRow of the writer schema, or any buffer-protocol
/// object wrapped with the writer schema at `level`; "none" reads as "bounds", since a resolved
/// view's getters always check).
ResolvedRowView BuildResolved(nb::handle self, nb::handle buffer, const std::string& level) {
  const ResolutionBox& box = nb::cast<const ResolutionBox&>(self);
  RowView writer_row;
  if (nb::isinstance<RowView>(buffer)) {
    writer_row = nb::cast<const RowView&>(buffer);
  } else {
    writer_row = BuildRow(box.writer, box.writer_compiled(), buffer, level == "none" ? "bounds" : level);
  }
  auto view = box.core.View(writer_row.row);
  if (!view.ok()) ThrowCore(view.status());
  ResolvedRowView r;
  r.hold = writer_row.hold;
  r.row = *view;
  r.type = box.reader_compiled().type;
  r.resolution = nb::borrow(self);  // keeps box.core, whose tables the view borrows, alive
  r.parent = nb::none();
  r.link = Link::Top;
  r.is_row = true;
  return r;
}

PyObject* resolved_row_getattro(PyObject* self, PyObject* name) {
  ResolvedRowView* v = nb::inst_ptr<ResolvedRowView>(self);
  int idx = FieldIndexOf(*v->type, name);
  if (idx == -2) return nullptr;
  if (idx < 0) return PyObject_GenericGetAttr(self, name);
  ZR_GUARD_BEGIN
  return ReadAt(self, *v, idx, kObjects);
  ZR_GUARD_END(nullptr)
}

PyObject* resolved_row_subscript(PyObject* self, PyObject* key) {
  ResolvedRowView* v = nb::inst_ptr<ResolvedRowView>(self);
  int idx;
  if (PyUnicode_Check(key)) {
    idx = FieldIndexOf(*v->type, key);
    if (idx == -2) return nullptr;
    if (idx < 0) {
      PyErr_SetObject(PyExc_KeyError, key);
      return nullptr;
    }
  } else {
    Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) return nullptr;
    int n = v->row.num_fields();
    if (i < 0) i += n;
    if (i < 0 || i >= n) {
      PyErr_SetString(PyExc_IndexError, "row ordinal out of range");
      return nullptr;
    }
    idx = static_cast<int>(i);
  }
  ZR_GUARD_BEGIN
  return ReadAt(self, *v, idx, kObjects);
  ZR_GUARD_END(nullptr)
}

Py_ssize_t resolved_row_length(PyObject* self) { return nb::inst_ptr<ResolvedRowView>(self)->row.num_fields(); }

PyObject* resolved_array_subscript(PyObject* self, PyObject* key) {
  ResolvedArrayView* v = nb::inst_ptr<ResolvedArrayView>(self);
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

Py_ssize_t resolved_array_length(PyObject* self) { return nb::inst_ptr<ResolvedArrayView>(self)->arr.size(); }

PyType_Slot resolved_row_slots[] = {{Py_tp_getattro, reinterpret_cast<void*>(resolved_row_getattro)},
                                    {Py_tp_iter, reinterpret_cast<void*>(ViewIterSlot)},
                                    {Py_mp_subscript, reinterpret_cast<void*>(resolved_row_subscript)},
                                    {Py_mp_length, reinterpret_cast<void*>(resolved_row_length)},
                                    {0, nullptr}};
PyType_Slot resolved_array_slots[] = {{Py_mp_subscript, reinterpret_cast<void*>(resolved_array_subscript)},
                                      {Py_tp_iter, reinterpret_cast<void*>(ViewIterSlot)},
                                      {Py_mp_length, reinterpret_cast<void*>(resolved_array_length)},
                                      {Py_sq_length, reinterpret_cast<void*>(resolved_array_length)},
                                      {0, nullptr}};

/// The row of the reader schema that `row` reads as (cpp-row's WriteReaderRow), appended to
/// `out` by a RowWriter of the reader schema; errors name the value's path.
void Relay(const zerorow::ResolvedRow& row, zerorow::RowWriter* out, const std::string& where) {
  out->Reset();
  zerorow::Status st = zerorow::WriteReaderRow(row, out);
  if (st.ok()) st = out->Finish();
  if (!st.ok()) ThrowCoreAt(st, JoinPath(where, st.path()));
}

/// Resolution: the binding of cpp-row's Resolve.
void BindResolution(nb::module_& m) {
  nb::class_<ResolutionBox>(m, "Resolution")
      .def(
          "__init__",
          [](ResolutionBox* self, nb::object writer, nb::object reader) {
            const Compiled& w = nb::cast<const Compiled&>(writer.attr("_native"));
            const Compiled& r = nb::cast<const Compiled&>(reader.attr("_native"));
            auto res = zerorow::Resolve(w.core, r.core);
            if (!res.ok()) ThrowCore(res.status());
            new (self) ResolutionBox{*res, std::move(writer), std::move(reader), &w, &r};
          },
          nb::arg("writer"), nb::arg("reader"),
          "Resolves `writer` to `reader` (zerorow.Schema objects) with cpp-row (SPEC §13.1-§13.3); "
          "SchemaMismatchError at the reader's schema path when the pair cannot be read.")
      .def_prop_ro("writer", [](const ResolutionBox& b) { return b.writer; })
      .def_prop_ro("reader", [](const ResolutionBox& b) { return b.reader; })
      .def_prop_ro("is_identity", [](const ResolutionBox& b) { return b.core.is_identity(); })
      .def(
          "view",
          [](nb::handle self, nb::handle row_or_buffer, const std::string& level) -> nb::object {
            const ResolutionBox& box = nb::cast<const ResolutionBox&>(self);
            if (level != "none" && level != "bounds" && level != "full")
              throw nb::value_error(
                  ("level must be 'none', 'bounds' or 'full' (zerorow.ValidationLevel), not '" + level + "'").c_str());
            if (nb::isinstance<ResolvedRowView>(row_or_buffer))
              throw nb::type_error("view() takes a BinaryRow of the writer schema or a buffer, not a ResolvedRow");
            if (!box.core.is_identity())
              return nb::cast(BuildResolved(self, row_or_buffer, level), nb::rv_policy::move);
            // The same layout: the plain view (SPEC §13.4), of the reader schema.
            if (!nb::isinstance<RowView>(row_or_buffer))
              return MakeRow(box.reader, box.reader_compiled(), row_or_buffer, level);
            const RowView& row = nb::cast<const RowView&>(row_or_buffer);
            const zerorow::DataType& mine = *box.core.writer().struct_type();
            if (&row.row.struct_type() != &mine && !row.row.struct_type().Equals(mine))
              ThrowCore(zerorow::Status::Error(
                  zerorow::ErrorKind::kSchemaMismatch,
                  "expected a row of the writer schema " + box.core.writer().fingerprint_hex() + " but found another"));
            return nb::borrow(row_or_buffer);
          },
          nb::arg("row_or_buffer"), nb::arg("level") = "bounds",
          "A view of a row written with `writer`, read as a row of `reader`: a ResolvedRow, or, when "
          "the resolution is the identity (same fingerprint), the plain BinaryRow (SPEC §13.4). "
          "`row_or_buffer` is a BinaryRow of the writer schema or a buffer holding one row; `level` "
          "applies to the writer's bytes (SPEC §6.2; a ResolvedRow's getters always check bounds, "
          "so \"none\" reads as \"bounds\").")
      .def(
          "_relay_batch",
          [](const ResolutionBox& b, nb::handle data, nb::handle offsets) {
            // Rows of the writer laid end to end -> the same rows laid out by the reader schema.
            Py_buffer d, o;
            if (PyObject_GetBuffer(data.ptr(), &d, PyBUF_SIMPLE) != 0) throw nb::python_error();
            std::unique_ptr<Py_buffer, void (*)(Py_buffer*)> d_guard(&d, PyBuffer_Release);
            if (PyObject_GetBuffer(offsets.ptr(), &o, PyBUF_SIMPLE) != 0) throw nb::python_error();
            std::unique_ptr<Py_buffer, void (*)(Py_buffer*)> o_guard(&o, PyBuffer_Release);
            const auto* bytes = static_cast<const uint8_t*>(d.buf);
            const auto* offs = static_cast<const int64_t*>(o.buf);
            size_t n = o.len / 8 == 0 ? 0 : static_cast<size_t>(o.len / 8) - 1;
            std::vector<uint8_t> buf;
            std::vector<int64_t> out_offsets{0};
            zerorow::RowWriter w(b.reader_compiled().core, &buf);
            for (size_t k = 0; k < n; ++k) {
              std::string where = "[";  // appended, not "[" + ...: gcc 12's false -Wrestrict
              where += std::to_string(k);
              where += "]";
              if (offs[k] < 0 || offs[k] > offs[k + 1] || offs[k + 1] > d.len)
                throw Error(Kind::InvalidData, where, "row offsets outside the data");
              auto view = b.core.View(std::span<const uint8_t>(bytes + offs[k], offs[k + 1] - offs[k]));
              if (!view.ok()) ThrowCoreAt(view.status(), JoinPath(where, view.status().path()));
              Relay(*view, &w, where);
              out_offsets.push_back(static_cast<int64_t>(buf.size()));
            }
            nb::bytes data_out(reinterpret_cast<const char*>(buf.data()), buf.size());
            nb::bytes offs_out(reinterpret_cast<const char*>(out_offsets.data()), out_offsets.size() * 8);
            return nb::make_tuple(data_out, offs_out);
          },
          "Writer rows end to end (data, n+1 int64 offsets) -> the rows of the reader schema "
          "(cpp-row's WriteReaderRow), as (bytes, int64 offsets as bytes).");
}

/// ResolvedRow: the view of a writer row through a Resolution (reader names and types).
void BindResolvedRow(nb::module_& m) {
  nb::class_<ResolvedRowView>(m, "ResolvedRow", nb::type_slots(resolved_row_slots), nb::is_weak_referenceable())
      .def("_get", [](nb::handle self, int i, int mode) { return ReadChecked(self, i, mode); })
      .def(
          "_deep", [](nb::handle self, int mode) { return DeepValue(self, mode); },
          "The whole row as a dict, under one decode budget (SPEC §6.2).")
      .def("_path", [](nb::handle self) { return PathOf(self); })
      .def("_field_names",
           [](const ResolvedRowView& v) {
             nb::list out;
             for (const Field& f : v.type->fields) out.append(f.py_name);
             return out;
           })
      .def("_type_json", [](const ResolvedRowView& v) { return v.type->json; })
      .def("_resolution", [](const ResolvedRowView& v) { return v.resolution; })
      .def(
          "_reader_is",
          [](const ResolvedRowView& v, const Compiled& c) {
            const zerorow::DataType& mine = v.row.struct_type();
            const zerorow::DataType& theirs = *c.core.struct_type();
            return &mine == &theirs || mine.Equals(theirs);
          },
          "True when the row's reader struct type has the compiled schema's layout.")
      .def(
          "_same_writer",
          [](const ResolvedRowView& a, const ResolvedRowView& b) {
            const zerorow::BinaryRow wa = a.row.writer_row(), wb = b.row.writer_row();
            return &wa.struct_type() == &wb.struct_type() || wa.struct_type().Equals(wb.struct_type());
          },
          "True when both rows were written with schemas of the same layout.")
      .def(
          "_relay",
          [](nb::handle self) {
            const ResolvedRowView& v = nb::cast<const ResolvedRowView&>(self);
            // The top level writes with the reader schema; a nested row's reader type is made a
            // schema first.
            zerorow::Schema schema;
            if (!v.resolution.is_none()) {
              schema = nb::cast<const ResolutionBox&>(v.resolution).reader_compiled().core;
            } else {
              auto made = zerorow::Schema::FromStructType(v.type->core);
              if (!made.ok()) ThrowCore(made.status());
              schema = *made;
            }
            zerorow::RowWriter w(schema);
            Relay(v.row, &w, PathOf(self));
            std::span<const uint8_t> bytes = w.bytes();
            return nb::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size());
          },
          "The row laid out by the reader schema (cpp-row's WriteReaderRow), as bytes.")
      .def(
          "to_bytes", [](const ResolvedRowView& v) { return RegionBytes(v.hold, v.row.bytes()); },
          "The writer's bytes of the row (laid out by the writer schema).")
      .def_prop_ro("nbytes", [](const ResolvedRowView& v) { return v.row.bytes().size(); })
      .def("is_null", [](const ResolvedRowView& v, nb::handle key) {
        int i;
        if (nb::isinstance<nb::str>(key)) {
          i = FieldIndexOf(*v.type, key.ptr());
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

/// ResolvedArray: a writer list read as a list of the reader's element type (a Sequence).
void BindResolvedArray(nb::module_& m) {
  nb::class_<ResolvedArrayView>(m, "ResolvedArray", nb::type_slots(resolved_array_slots))
      .def("_get", [](nb::handle self, int i, int mode) { return ReadChecked(self, i, mode); })
      .def(
          "_deep", [](nb::handle self, int mode) { return DeepValue(self, mode); },
          "The whole array as a list, under one decode budget (SPEC §6.2).")
      .def("_path", [](nb::handle self) { return PathOf(self); })
      .def("_elem_json", [](const ResolvedArrayView& v) { return v.elem->json; })
      .def("_same_element_type", [](const ResolvedArrayView& v) { return v.arr.same_element_type(); })
      .def("_writer_values_info",
           [](const ResolvedArrayView& v) {
             // (exporter, byte offset of the writer's elements, count, writer element TypeId name,
             // element width, fixed width, decimal scale) for to_numpy: the elements start where
             // the bitmap ends (SPEC §2.2).
             zerorow::BinaryArray a = v.arr.writer_array();
             std::span<const uint8_t> bitmap = a.null_bitmap();
             size_t off = static_cast<size_t>(bitmap.data() + bitmap.size() - v.hold->data());
             const zerorow::DataType& t = a.element_type();
             return nb::make_tuple(nb::borrow(v.hold->view.obj), off, a.size(), std::string(TypeIdName(t.id())),
                                   t.element_width(), t.is_fixed_width(), t.scale());
           })
      .def("has_nulls", [](const ResolvedArrayView& v) { return v.arr.writer_array().HasNulls(); })
      .def("is_null",
           [](const ResolvedArrayView& v, int i) {
             if (i < 0) i += v.arr.size();
             auto null = v.arr.IsNull(i);
             CheckCore(null.status());
             return *null;
           })
      .def("to_bytes", [](const ResolvedArrayView& v) { return RegionBytes(v.hold, v.arr.bytes()); });
}

/// ResolvedMap: a writer map read with the reader's key and value types (a Mapping).
void BindResolvedMap(nb::module_& m) {
  nb::class_<ResolvedMapView>(m, "ResolvedMap")
      .def("__len__", [](const ResolvedMapView& m) { return m.map.size(); })
      .def("_keys", [](nb::handle self) { return MapArray(self, Link::Keys); })
      .def("_values", [](nb::handle self) { return MapArray(self, Link::Values); })
      .def("_find",
           [](nb::handle self, nb::handle key) -> nb::object {
             // Ordinal of `key`, or None; a dict index of the keys is built on the first call.
             ResolvedMapView& m = nb::cast<ResolvedMapView&>(self);
             if (!m.key_index.is_valid()) {
               nb::object keys = MapArray(self, Link::Keys);
               nb::dict index;
               for (int k = 0; k < LengthOf(keys); ++k) {
                 nb::object kv = ReadChecked(keys, k, kDeep);
                 if (PyDict_SetDefault(index.ptr(), kv.ptr(), nb::int_(k).ptr()) == nullptr) {
                   PyErr_Clear();  // an unhashable key: no index, callers scan
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
      .def("to_bytes", [](const ResolvedMapView& m) { return RegionBytes(m.hold, m.map.bytes()); });
}

}  // namespace

void BindResolve(nb::module_& m) {
  BindResolution(m);
  BindResolvedRow(m);
  BindResolvedArray(m);
  BindResolvedMap(m);
}

}  // namespace zr
