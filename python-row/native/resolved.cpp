// Schema evolution (SPEC §13): the binding of cpp-row's Resolve, its resolved views and
// WriteReaderRow. The rules (matching, aliases, widenings, refusals) are cpp-row's; this file
// holds what Python needs: the view types (fields by the reader's names, the buffer and the
// Resolution kept alive) and the re-laying of resolved rows into rows of the reader schema.
#include <zerorow/resolve.h>
#include <zerorow/row_writer.h>
#include <zerorow/validate.h>

#include "view_slots.h"

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
  nb::class_<ResolvedRowView> cls(m, "ResolvedRow", nb::type_slots(kRowSlots<ResolvedRowView>),
                                  nb::is_weak_referenceable());
  DefRowMethods(cls);
  cls.def("_resolution", [](const ResolvedRowView& v) { return v.resolution; })
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
          "The writer's bytes of the row (laid out by the writer schema).");
}

/// ResolvedArray: a writer list read as a list of the reader's element type (a Sequence).
void BindResolvedArray(nb::module_& m) {
  nb::class_<ResolvedArrayView> cls(m, "ResolvedArray", nb::type_slots(kArraySlots<ResolvedArrayView>));
  DefArrayMethods(cls);
  cls.def("_same_element_type", [](const ResolvedArrayView& v) { return v.arr.same_element_type(); })
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
      .def("has_nulls", [](const ResolvedArrayView& v) { return v.arr.writer_array().HasNulls(); });
}

/// ResolvedMap: a writer map read with the reader's key and value types (a Mapping).
void BindResolvedMap(nb::module_& m) {
  nb::class_<ResolvedMapView> cls(m, "ResolvedMap");
  DefMapMethods(cls);
}

}  // namespace

void BindResolve(nb::module_& m) {
  BindResolution(m);
  BindResolvedRow(m);
  BindResolvedArray(m);
  BindResolvedMap(m);
}

}  // namespace zr
