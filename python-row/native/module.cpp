// The `zerorow._zerorow` extension: compiled schemas, the view classes and the encoder.
//
// Attribute and item access on BinaryRow go through hand-written type slots (tp_getattro,
// mp_subscript) rather than nanobind's method dispatch: a field read is a pointer compare
// on the interned name, a bounds-checked load and one PyLong.
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <zerorow/crc32c.h>
#include <zerorow/row_writer.h>
#include <zerorow/validate.h>
#include <zerorow/value_json.h>

#include <cstdio>
#include <optional>

#include "view_slots.h"

namespace zr {

void EncodeInto(const Type& t, PyObject* obj, zerorow::RowWriter& w);
void BindArrow(nb::module_& m);
void BindDecode(nb::module_& m);
void BindResolve(nb::module_& m);
void BindTypes(nb::module_& m);

int FieldIndexOf(const Type& t, PyObject* name) {
  // Attribute names in code are interned, as are the field names: a pointer compare per field
  // finds them (a 30-field row costs less than the dict's hash and compare); other strings
  // (built at run time) go through the dict.
  size_t n = t.fields.size();
  for (size_t k = 0; k < n && k < 64; ++k)
    if (t.fields[k].py_name.ptr() == name) return static_cast<int>(k);
  PyObject* o = PyDict_GetItemWithError(t.name_map.ptr(), name);
  if (!o) return PyErr_Occurred() ? -2 : -1;
  return static_cast<int>(PyLong_AsLong(o));
}

namespace {

/// Iterates ordinals 0..n-1 of a row or array view.
struct Iter {
  nb::object view;
  int i = 0;
  int mode = kObjects;
};

nb::object Read(nb::handle self, int i, int mode) {
  PyObject* out;
  std::optional<GcPause> pause;
  std::optional<BudgetScope> budget;  // a deep read converts a whole value (SPEC §6.2)
  if (mode & kDeep) {
    pause.emplace();
    budget.emplace(RegionSize(self));
  }
  bool row = nb::isinstance<RowView>(self) || nb::isinstance<ResolvedRowView>(self);
  if (i < 0 || i >= LengthOf(self))
    throw nb::index_error(row ? "row ordinal out of range" : "array index out of range");
  out = ReadAny(self, i, mode);
  if (!out) throw nb::python_error();
  return nb::steal(out);
}

// tp_iternext of _Iter: NULL with no error set ends the loop. Raising StopIteration through
// nanobind would throw a C++ exception at the end of every loop, and unwinding costs about a
// microsecond: more than the loop itself for a short list (a `for` over an order's items).
PyObject* iter_next(PyObject* self) {
  Iter* it = nb::inst_ptr<Iter>(self);
  ZR_GUARD_BEGIN
  nb::handle view = it->view;
  if (!(it->mode & kDeep)) {  // the `for` over a list or row: read the slot directly
    if (IsArrayView(view)) {
      const ArrayView& a = ViewOf<ArrayView>(view);
      if (it->i >= a.arr.size()) return nullptr;
      return ReadAt(view.ptr(), a, it->i++, it->mode);
    }
    if (IsRowView(view)) {
      const RowView& r = ViewOf<RowView>(view);
      if (it->i >= r.row.num_fields()) return nullptr;
      return ReadAt(view.ptr(), r, it->i++, it->mode);
    }
  }
  if (it->i >= LengthOf(view)) return nullptr;
  return Read(it->view, it->i++, it->mode).release().ptr();
  ZR_GUARD_END(nullptr)
}

PyType_Slot iter_slots[] = {{Py_tp_iternext, reinterpret_cast<void*>(iter_next)}, {0, nullptr}};

PyTypeObject* g_iter_type = nullptr;

// tp_iter of the row and array views (plain and resolved): a slot, not a bound __iter__, so a
// `for` over a view makes its iterator without nanobind's method dispatch.
PyObject* view_iter(PyObject* self) {
  ZR_GUARD_BEGIN
  return NewInstance(g_iter_type, Iter{nb::borrow(self), 0, kObjects});
  ZR_GUARD_END(nullptr)
}

}  // namespace

PyObject* ViewIterSlot(PyObject* self) { return view_iter(self); }

nb::object RegionBytes(const HolderPtr& h, std::span<const uint8_t> region) {
  const uint8_t* data = region.data();
  size_t size = region.size();
  if (h->view.obj && PyBytes_CheckExact(h->view.obj) && data == h->data() && size == h->size())
    return nb::borrow(h->view.obj);
  return nb::steal(PyBytes_FromStringAndSize(reinterpret_cast<const char*>(data), size));
}

namespace {

/// A memoryview of a region, without copying.
nb::object RegionMemoryview(const HolderPtr& h, std::span<const uint8_t> region) {
  const uint8_t* data = region.data();
  size_t size = region.size();
  nb::object mv = nb::steal(PyMemoryView_FromObject(h->view.obj));
  if (!mv.is_valid()) throw nb::python_error();
  mv = mv.attr("cast")("B");
  size_t start = static_cast<size_t>(data - h->data());
  return mv[nb::slice(nb::int_(start), nb::int_(start + size), nb::none())];
}

bool SameType(const Type& a, const Type& b) {
  // Compared on cpp-row's types: rows of different schemas are never equal, whatever their bytes.
  return &a == &b || a.core->Equals(*b.core);
}

}  // namespace

nb::object ReadChecked(nb::handle self, int i, int mode) { return Read(self, i, mode); }

nb::object MakeIter(nb::handle view) { return nb::steal(view_iter(view.ptr())); }

namespace {

/// The values.json text of field 0 of a row (a one-field row holding a default).
std::string RowFieldJson(const zerorow::BinaryRow& row, const zerorow::DataType& t) {
  std::string out;
  CheckCore(zerorow::AppendJsonValue(row, 0, t, &out));
  return out;
}

/// A default's value as Python reads it (deep: dicts, lists, Interval, UUID, Variant ...).
nb::object DefaultToPython(const zerorow::DefaultValue& d, const zerorow::DataTypePtr& t) {
  auto core = zerorow::Schema::FromStructType(zerorow::struct_({zerorow::field("default", t)}));
  CheckCore(core.status());
  auto hold = std::make_shared<Holder>();
  hold->owned.assign(d.row_bytes().begin(), d.row_bytes().end());
  RowView v;
  v.hold = hold;
  v.type = CompileType(core->struct_type());
  v.row = zerorow::BinaryRow::WrapUnchecked(hold->owned.data(), hold->owned.size(), core->struct_type().get());
  v.is_row = true;
  v.parent = nb::none();
  v.schema = nb::none();
  nb::object view = nb::cast(std::move(v), nb::rv_policy::move);
  // The compiled types must outlive the read: keep `core` alive through a capsule on the view's
  // lifetime by reading now, while it is in scope.
  return ReadChecked(view, 0, kDeep);
}

/// A Compiled over a checked cpp-row schema (its extras laid once).
Compiled CompileSchema(zerorow::Result<zerorow::Schema> core, nb::handle enums = nb::handle(), bool strict = false) {
  CheckCore(core.status());
  TypePtr t = CompileType(core->struct_type(), enums);
  Compiled c{std::move(t), std::move(core).value()};
  c.strict = strict;
  return c;
}

}  // namespace

/// CompiledSchema (cpp-row's Schema with the binding's type tree) and the schema helpers.
void BindSchema(nb::module_& m) {
  nb::class_<Compiled>(m, "CompiledSchema")
      .def_static(
          "from_json", [](const std::string& text) { return CompileSchema(zerorow::Schema::FromJson(text)); },
          "Parses and checks schema JSON with cpp-row (SPEC §4.1 rules).")
      .def_static(
          "of_type",
          [](const TypeHandle& struct_type) { return CompileSchema(zerorow::Schema::FromStructType(struct_type.t)); },
          "Checks a struct type (a NativeType) as a schema with cpp-row (SPEC §4.1 rules).")
      .def_static(
          "for_encoder",
          [](const Compiled& schema, nb::handle enums, bool strict) {
            return CompileSchema(schema.core, enums, strict);
          },
          nb::arg("schema"), nb::arg("enums"), nb::arg("strict"),
          "An encoder's own copy of a compiled schema (the same cpp-row Schema): the Enum checks of "
          "its string nodes, keyed by ordinal path, and strict=True.")
      .def(
          "struct_type", [](const Compiled& c) { return TypeHandle{c.core.struct_type()}; },
          "The schema's struct type (a NativeType).")
      .def(
          "to_json", [](const Compiled& c) { return c.core.ToJson(); }, "cpp-row's canonical JSON (SPEC §4.1).")
      .def(
          "fingerprint", [](const Compiled& c) { return c.core.fingerprint(); },
          "cpp-row's fingerprint, the 64 bits as an unsigned int (SPEC §4.2).")
      .def(
          "fingerprint_hex", [](const Compiled& c) { return c.core.fingerprint_hex(); },
          "cpp-row's fingerprint, 16 lowercase hex digits (SPEC §4.2).");

  m.def(
      "canonical_type_json",
      [](const std::string& text) {
        auto t = zerorow::DataTypeFromJson(text);
        CheckCore(t.status());
        return t.value()->ToJson();
      },
      "Parses and checks one type's JSON with cpp-row; returns its canonical JSON.");

  m.def(
      "type_table",
      [] {
        nb::list out;
        for (int k = 0; k < zerorow::kNumTypeIds; ++k) {
          auto id = static_cast<zerorow::TypeId>(k);
          out.append(nb::make_tuple(std::string(zerorow::TypeIdName(id)),
                                    std::string(zerorow::StorageKindName(zerorow::StorageOf(id))),
                                    zerorow::NaturalWidth(id)));
        }
        return out;
      },
      "cpp-row's list of types (zerorow/types.h), in TypeId order: (JSON name, storage kind, element width).");

  m.def(
      "default_value",
      [](const std::string& type_json, const std::string& default_json) {
        // The default (values.json form) checked by cpp-row, then read back as a Python value.
        auto t = zerorow::DataTypeFromJson(type_json);
        CheckCore(t.status());
        auto d = zerorow::DefaultValue::FromJson(*t, default_json);
        CheckCore(d.status());
        return nb::make_tuple((*d)->json(), DefaultToPython(**d, *t));
      },
      nb::arg("type_json"), nb::arg("default_json"),
      "(canonical values.json text, Python value) of a default given as values.json text (SPEC §13.7).");

  m.def(
      "default_json",
      [](nb::handle compiled_one, nb::handle value) {
        // A Python value as the default of the one field of `compiled_one` ({"default": type}):
        // encoded by the encoder, then printed canonically by cpp-row.
        const Compiled& c = nb::cast<const Compiled&>(compiled_one);
        zerorow::RowWriter w(c.core);
        nb::dict obj;
        obj["default"] = value;
        EncodeInto(*c.type, obj.ptr(), w);
        const zerorow::DataTypePtr& t = c.core.field(0).type;
        auto d = zerorow::DefaultValue::FromJson(t, RowFieldJson(w.row(), *t));
        CheckCore(d.status());
        return (*d)->json();
      },
      nb::arg("compiled_one"), nb::arg("value").none(),
      "The canonical values.json text of a Python value as a default of the field type (SPEC §13.7).");

  m.def(
      "fingerprint_hex",
      [](nb::bytes text) {
        char out[17];
        std::snprintf(out, sizeof out, "%016llx",
                      static_cast<unsigned long long>(
                          zerorow::Fnv1a64(std::string_view(static_cast<const char*>(text.data()), text.size()))));
        return std::string(out);
      },
      "cpp-row's FNV-1a 64 of some bytes, as 16 lowercase hex digits (SPEC §4.2).");
}

/// BinaryRow (the seed's RowData, a deprecated alias): the view of one row; fields by attribute, ordinal or name.
void BindBinaryRow(nb::module_& m) {
  // Pooled: a view that dies is parked and its object revived by the next view made, which
  // skips nanobind's registration of a new instance; a batch of up to 16,384 rows (Spark's
  // and Flink's batches are 10,000) then makes its views from the pool.
  nb::class_<RowView> cls(m, "BinaryRow", nb::type_slots(kRowSlots<RowView>), nb::is_weak_referenceable(),
                          nb::pooled(16384));
  g_types.row = reinterpret_cast<PyTypeObject*>(cls.ptr());
  cls.def(
         "__init__",
         [](RowView* self, nb::object schema, nb::handle buffer, const std::string& level) {
           nb::object native = schema.attr("_native");
           const Compiled& c = nb::cast<const Compiled&>(native);
           new (self) RowView(BuildRow(schema, c, buffer, level));
         },
         nb::arg("schema"), nb::arg("buffer"), nb::arg("level") = "bounds",
         "A zero-copy view of one row of `schema` over any buffer-protocol object.")
      .def("__eq__",
           [](nb::handle self, nb::handle other) -> nb::object {
             if (!nb::isinstance<RowView>(other)) return nb::borrow(Py_NotImplemented);
             const RowView& a = nb::cast<const RowView&>(self);
             const RowView& b = nb::cast<const RowView&>(other);
             bool eq = a.row == b.row && SameType(*a.type, *b.type);
             return nb::bool_(eq);
           })
      .def("__hash__",
           [](const RowView& v) {
             return nb::hash(nb::bytes(reinterpret_cast<const char*>(v.row.data()), v.row.size_bytes()));
           })
      .def("_validate",
           [](nb::handle self) {
             // Full validation by cpp-row (SPEC §6.3); a nested row is validated as its own region.
             const RowView& v = nb::cast<const RowView&>(self);
             if (v.link == Link::Top)
               CheckCore(zerorow::Validate(v.row.struct_type(), v.row.bytes()));
             else
               CheckCore(zerorow::ValidateStructBody(v.row.struct_type(), v.row.bytes()), PathOf(self));
           })
      .def("_schema", [](const RowView& v) { return v.schema.is_valid() ? v.schema : nb::none(); })
      .def(
          "to_bytes", [](const RowView& v) { return RegionBytes(v.hold, v.row.bytes()); },
          "The row's bytes (the original bytes object when the row is all of it).")
      .def("to_memoryview", [](const RowView& v) { return RegionMemoryview(v.hold, v.row.bytes()); });
  DefRowMethods(cls);
}

/// BinaryArray (the seed's ArrayData, a deprecated alias): the Sequence view of one list value.
void BindBinaryArray(nb::module_& m) {
  nb::class_<ArrayView> cls(m, "BinaryArray", nb::type_slots(kArraySlots<ArrayView>), nb::pooled(1024));
  g_types.array = reinterpret_cast<PyTypeObject*>(cls.ptr());
  cls.def("__eq__",
          [](nb::handle self, nb::handle other) -> nb::object {
            if (nb::isinstance<ArrayView>(other)) {
              const ArrayView& a = nb::cast<const ArrayView&>(self);
              const ArrayView& b = nb::cast<const ArrayView&>(other);
              return nb::bool_(a.arr == b.arr && SameType(*a.elem, *b.elem));
            }
            if (nb::isinstance<nb::list>(other) || nb::isinstance<nb::tuple>(other)) {
              nb::list mine = nb::steal<nb::list>(PySequence_List(self.ptr()));
              return nb::bool_(mine.equal(nb::steal(PySequence_List(other.ptr()))));
            }
            return nb::borrow(Py_NotImplemented);
          })
      .def("_values_info",
           [](const ArrayView& v) {
             // (exporter, byte offset of the elements, count, element type) for to_numpy
             // The elements start where cpp-row's null bitmap ends (SPEC §2.2).
             std::span<const uint8_t> bitmap = v.arr.null_bitmap();
             size_t off = static_cast<size_t>(bitmap.data() + bitmap.size() - v.hold->data());
             return nb::make_tuple(nb::borrow(v.hold->view.obj), off, v.arr.size(), TypeHandle{v.elem->core});
           })
      .def("has_nulls", [](const ArrayView& v) { return v.arr.HasNulls(); });
  DefArrayMethods(cls);
}

/// BinaryMap (the seed's MapData, a deprecated alias): the Mapping view of one map value.
void BindBinaryMap(nb::module_& m) {
  nb::class_<MapView> cls(m, "BinaryMap", nb::pooled(256));
  g_types.map = reinterpret_cast<PyTypeObject*>(cls.ptr());
  DefMapMethods(cls);
  cls.def("__eq__", [](nb::handle self, nb::handle other) -> nb::object {
    if (!nb::isinstance<MapView>(other)) return nb::borrow(Py_NotImplemented);
    const MapView& a = nb::cast<const MapView&>(self);
    const MapView& b = nb::cast<const MapView&>(other);
    return nb::bool_(a.map == b.map && SameType(*a.type, *b.type));
  });
}

/// The iterator over the ordinals of a row or array view.
void BindIter(nb::module_& m) {
  nb::class_<Iter> cls(m, "_Iter", nb::type_slots(iter_slots), nb::pooled(256));
  g_iter_type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  cls.def("__iter__", [](nb::handle self) { return nb::borrow(self); });
}

/// Module functions over rows: wrapping, validation, reads.
void BindRowFunctions(nb::module_& m) {
  m.def(
      "make_row",
      [](nb::object schema, const Compiled& c, nb::handle buffer, const std::string& level) {
        return MakeRow(std::move(schema), c, buffer, level);
      },
      nb::arg("schema"), nb::arg("compiled"), nb::arg("buffer"), nb::arg("level") = "bounds");

  m.def("row_reader", &RowReader, nb::arg("schema"), nb::arg("compiled"), nb::arg("level") = "bounds",
        "A function read_row(buffer) -> make_row(schema, compiled, buffer, level), made once per "
        "schema: the per-record reader of zerorow.flink's functions.");

  m.def(
      "make_rows",
      [](nb::object schema, const Compiled& c, nb::handle buffer, nb::ndarray<const int64_t, nb::ndim<1>> starts,
         nb::ndarray<const int64_t, nb::ndim<1>> ends, const std::string& level, int64_t first_row) {
        auto span = [](const nb::ndarray<const int64_t, nb::ndim<1>>& a) {
          if (a.shape(0) > 1 && a.stride(0) != 1)
            throw nb::value_error("make_rows: starts and ends must be contiguous int64 arrays");
          return std::span<const int64_t>(a.data(), a.shape(0));
        };
        return MakeRows(std::move(schema), c, buffer, span(starts), span(ends), level, first_row);
      },
      nb::arg("schema"), nb::arg("compiled"), nb::arg("buffer"), nb::arg("starts"), nb::arg("ends"),
      nb::arg("level") = "bounds", nb::arg("first_row") = 0,
      "Views of rows [starts[k], ends[k]) of one buffer, in one call (int64 NumPy arrays), all "
      "checked at `level` first; errors name row first_row + k.");

  m.def(
      "validate",
      [](const Compiled& c, nb::handle buffer) {
        Py_buffer b;
        if (PyObject_GetBuffer(buffer.ptr(), &b, PyBUF_SIMPLE) != 0) throw nb::python_error();
        zerorow::Status st = zerorow::Validate(
            c.core, std::span<const uint8_t>(static_cast<const uint8_t*>(b.buf), static_cast<size_t>(b.len)),
            zerorow::ValidationLevel::kFull);
        PyBuffer_Release(&b);
        CheckCore(st);
      },
      "Full validation (SPEC §6.3) of one top-level row, by cpp-row.");

  m.def(
      "first_invalid_row",
      [](const Compiled& c, nb::handle buffer, nb::ndarray<const int64_t, nb::ndim<1>> offsets, int64_t start) {
        // A row file's batches are validated here in one call per batch: the per-row Python
        // call costs more than cpp-row's walk of a small row.
        if (offsets.shape(0) > 1 && offsets.stride(0) != 1)
          throw nb::value_error("first_invalid_row: offsets must be a contiguous int64 array");
        Py_buffer b;
        if (PyObject_GetBuffer(buffer.ptr(), &b, PyBUF_SIMPLE) != 0) throw nb::python_error();
        const auto* data = static_cast<const uint8_t*>(b.buf);
        const int64_t len = b.len;
        const int64_t* o = offsets.data();
        const int64_t n = static_cast<int64_t>(offsets.shape(0)) - 1;
        int64_t found = -1;
        bool bad_offsets = false;
        {
          nb::gil_scoped_release unlocked;
          for (int64_t k = start < 0 ? 0 : start; k < n; ++k) {
            if (o[k] < 0 || o[k] > o[k + 1] || o[k + 1] > len) {
              bad_offsets = true;
              found = k;
              break;
            }
            std::span<const uint8_t> row(data + o[k], static_cast<size_t>(o[k + 1] - o[k]));
            if (!zerorow::Validate(c.core, row, zerorow::ValidationLevel::kFull).ok()) {
              found = k;
              break;
            }
          }
        }
        PyBuffer_Release(&b);
        if (bad_offsets)
          throw nb::value_error(("first_invalid_row: offsets of row " + std::to_string(found) +
                                 " lie outside the buffer of " + std::to_string(len) + " bytes")
                                    .c_str());
        return found;
      },
      nb::arg("compiled"), nb::arg("buffer"), nb::arg("offsets"), nb::arg("start") = 0,
      "The index of the first row at or after `start` of rows end to end in `buffer` (row k is "
      "buffer[offsets[k]:offsets[k+1]]) that fails full validation (SPEC §6.3), or -1.");

  // SPEC §5.1: the CRC-32C of rows, cpp-row's (hardware-accelerated), one call per batch.
  m.def(
      "crc32c",
      [](nb::handle buffer) {
        Py_buffer b;
        if (PyObject_GetBuffer(buffer.ptr(), &b, PyBUF_SIMPLE) != 0) throw nb::python_error();
        uint32_t crc = zerorow::Crc32c({static_cast<const uint8_t*>(b.buf), static_cast<size_t>(b.len)});
        PyBuffer_Release(&b);
        return crc;
      },
      nb::arg("buffer"), "The CRC-32C (SPEC §5.1) of a bytes-like object.");

  m.def(
      "crc32c_rows",
      [](nb::handle buffer, nb::ndarray<const int64_t, nb::ndim<1>> offsets, nb::ndarray<uint32_t, nb::ndim<1>> out,
         nb::object stored, int64_t start) {
        // Either fills `out` with each row's CRC-32C (stored is None), or compares them with
        // `stored` and returns the first row at or after `start` whose CRC differs (-1: none);
        // `out` then holds the computed CRCs up to that row.
        if ((offsets.shape(0) > 1 && offsets.stride(0) != 1) || (out.shape(0) > 1 && out.stride(0) != 1))
          throw nb::value_error("crc32c_rows: offsets and out must be contiguous arrays");
        const int64_t n = static_cast<int64_t>(offsets.shape(0)) - 1;
        if (static_cast<int64_t>(out.shape(0)) < n) throw nb::value_error("crc32c_rows: out is shorter than the rows");
        const uint32_t* want = nullptr;
        nb::ndarray<const uint32_t, nb::ndim<1>> stored_array;
        if (!stored.is_none()) {
          stored_array = nb::cast<nb::ndarray<const uint32_t, nb::ndim<1>>>(stored);
          if (static_cast<int64_t>(stored_array.shape(0)) < n || (n > 1 && stored_array.stride(0) != 1))
            throw nb::value_error("crc32c_rows: stored must be a contiguous uint32 array of one CRC per row");
          want = stored_array.data();
        }
        Py_buffer b;
        if (PyObject_GetBuffer(buffer.ptr(), &b, PyBUF_SIMPLE) != 0) throw nb::python_error();
        const auto* data = static_cast<const uint8_t*>(b.buf);
        const int64_t len = b.len;
        const int64_t* o = offsets.data();
        uint32_t* got = out.data();
        int64_t found = -1, bad = -1;
        {
          nb::gil_scoped_release unlocked;
          for (int64_t k = start < 0 ? 0 : start; k < n; ++k) {
            if (o[k] < 0 || o[k] > o[k + 1] || o[k + 1] > len) {
              bad = k;
              break;
            }
            got[k] = zerorow::Crc32c({data + o[k], static_cast<size_t>(o[k + 1] - o[k])});
            if (want != nullptr && got[k] != want[k]) {
              found = k;
              break;
            }
          }
        }
        PyBuffer_Release(&b);
        if (bad >= 0)
          throw nb::value_error(("crc32c_rows: offsets of row " + std::to_string(bad) + " lie outside the buffer of " +
                                 std::to_string(len) + " bytes")
                                    .c_str());
        return found;
      },
      nb::arg("buffer"), nb::arg("offsets"), nb::arg("out"), nb::arg("stored").none() = nb::none(),
      nb::arg("start") = 0,
      "CRC-32C of rows end to end in `buffer` (row k is buffer[offsets[k]:offsets[k+1]]) into "
      "`out`; with `stored`, the first row at or after `start` whose CRC differs, or -1.");

  m.def(
      "get", [](nb::handle view, int i, int mode) { return Read(view, i, mode); },
      "Reads ordinal i of a row or array view; mode bits: 1 raw temporal ints, 2 deep, 4 map pairs.");
}

/// The encoder: objects -> row bytes (writer.cpp walks the objects).
void BindEncoder(nb::module_& m) {
  m.def(
      "encode",
      [](const Compiled& c, nb::handle obj) {
        auto to_bytes = [](const zerorow::RowWriter& w) {
          std::span<const uint8_t> row = w.bytes();
          return nb::bytes(reinterpret_cast<const char*>(row.data()), row.size());
        };
        StrictScope strict(c.strict);
        if (c.busy) {  // re-entered from Python code run by the walker: a writer of its own
          zerorow::RowWriter w(c.core);
          EncodeInto(*c.type, obj.ptr(), w);
          return to_bytes(w);
        }
        if (!c.writer) c.writer = std::make_unique<zerorow::RowWriter>(c.core);
        struct Busy {
          const Compiled& c;
          Busy(const Compiled& x) : c(x) { c.busy = true; }
          ~Busy() { c.busy = false; }
        } busy(c);
        EncodeInto(*c.type, obj.ptr(), *c.writer);
        return to_bytes(*c.writer);
      },
      nb::arg("compiled"), nb::arg("obj").none(),
      "Encodes one object (dataclass, object with attributes, or dict) as a row; returns bytes.");

  m.def(
      "encode_many",
      [](const Compiled& c, nb::handle objs) {
        std::vector<uint8_t> buf;
        std::vector<int64_t> offsets;
        EncodeMany(c, objs.ptr(), &buf, &offsets);
        nb::bytes data(reinterpret_cast<const char*>(buf.data()), buf.size());
        nb::bytes offs(reinterpret_cast<const char*>(offsets.data()), offsets.size() * 8);
        return nb::make_tuple(data, offs);
      },
      "Encodes many objects end to end; returns (bytes, int64 offsets as bytes, n+1 entries).");
}

}  // namespace zr

using namespace zr;

NB_MODULE(_zerorow, m) {
  m.doc() = "Native core of zerorow: zero-copy row views, validation and the encoder.";
  m.def("_set_error_classes", &SetErrorClasses);
  BindTypes(m);
  BindSchema(m);
  BindBinaryRow(m);
  BindBinaryArray(m);
  BindBinaryMap(m);
  BindIter(m);
  BindRowFunctions(m);
  BindEncoder(m);
  BindArrow(m);
  BindDecode(m);
  BindResolve(m);
  BindVariant(m);
  // The resolved views' types (bound in resolved.cpp), kept alive by the module.
  g_types.rrow = reinterpret_cast<PyTypeObject*>(m.attr("ResolvedRow").ptr());
  g_types.rarray = reinterpret_cast<PyTypeObject*>(m.attr("ResolvedArray").ptr());
  g_types.rmap = reinterpret_cast<PyTypeObject*>(m.attr("ResolvedMap").ptr());

  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const Error& e) {
      SetPyError(e);
    }
  });
}
