// Rows <-> Arrow C Data Interface through cpp-row (zerorow::core), wrapped in the PyCapsules
// of the Arrow PyCapsule interface ("arrow_schema", "arrow_array", "arrow_array_stream").
// No pyarrow here: any consumer of the protocol (pyarrow, polars, DuckDB) takes the capsules.
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <zerorow/arrow/export.h>
#include <zerorow/arrow/import.h>
#include <zerorow/arrow/parquet_footer.h>
#include <zerorow/schema.h>

#include <cstdlib>

#include "views.h"

extern "C" {
#ifndef ARROW_C_STREAM_INTERFACE
#define ARROW_C_STREAM_INTERFACE
struct ArrowArrayStream {
  int (*get_schema)(struct ArrowArrayStream*, struct ArrowSchema* out);
  int (*get_next)(struct ArrowArrayStream*, struct ArrowArray* out);
  const char* (*get_last_error)(struct ArrowArrayStream*);
  void (*release)(struct ArrowArrayStream*);
  void* private_data;
};
#endif
}

namespace zr {

namespace {

void Check(const zerorow::Status& st) { CheckCore(st); }

/// Same Arrow type tree: formats, names, nullability and children (metadata ignored).
bool SameArrowSchema(const ArrowSchema* a, const ArrowSchema* b) {
  auto str = [](const char* s) { return std::string(s ? s : ""); };
  if (str(a->format) != str(b->format) || str(a->name) != str(b->name)) return false;
  if ((a->flags & ARROW_FLAG_NULLABLE) != (b->flags & ARROW_FLAG_NULLABLE)) return false;
  if (a->n_children != b->n_children) return false;
  for (int64_t k = 0; k < a->n_children; ++k)
    if (!SameArrowSchema(a->children[k], b->children[k])) return false;
  return true;
}

void DeleteSchemaCapsule(PyObject* cap) {
  auto* s = static_cast<ArrowSchema*>(PyCapsule_GetPointer(cap, "arrow_schema"));
  if (s && s->release) s->release(s);
  std::free(s);
}

void DeleteArrayCapsule(PyObject* cap) {
  auto* a = static_cast<ArrowArray*>(PyCapsule_GetPointer(cap, "arrow_array"));
  if (a && a->release) a->release(a);
  std::free(a);
}

void DeleteStreamCapsule(PyObject* cap) {
  auto* s = static_cast<ArrowArrayStream*>(PyCapsule_GetPointer(cap, "arrow_array_stream"));
  if (s && s->release) s->release(s);
  std::free(s);
}

template <typename T>
T* Alloc() {
  T* p = static_cast<T*>(std::calloc(1, sizeof(T)));
  if (!p) throw std::bad_alloc();
  return p;
}

nb::object SchemaCapsule(const zerorow::Schema& schema) {
  auto* s = Alloc<ArrowSchema>();
  zerorow::Status st = zerorow::arrow_io::ExportSchema(schema, s);
  if (!st.ok()) {
    std::free(s);
    Check(st);
  }
  return nb::steal(PyCapsule_New(s, "arrow_schema", DeleteSchemaCapsule));
}

/// A one-batch stream (the Arrow C stream interface) over an exported struct array.
struct OneBatchStream {
  zerorow::Schema schema;
  ArrowArray array{};
  bool taken = false;
  std::string error{};
};

int StreamGetSchema(ArrowArrayStream* s, ArrowSchema* out) {
  auto* p = static_cast<OneBatchStream*>(s->private_data);
  zerorow::Status st = zerorow::arrow_io::ExportSchema(p->schema, out);
  if (!st.ok()) {
    p->error = st.ToString();
    return 22;
  }  // EINVAL
  return 0;
}

int StreamGetNext(ArrowArrayStream* s, ArrowArray* out) {
  auto* p = static_cast<OneBatchStream*>(s->private_data);
  if (p->taken) {
    out->release = nullptr;
    return 0;
  }                 // end of stream
  *out = p->array;  // move
  p->array.release = nullptr;
  p->taken = true;
  return 0;
}

const char* StreamLastError(ArrowArrayStream* s) {
  auto* p = static_cast<OneBatchStream*>(s->private_data);
  return p->error.empty() ? nullptr : p->error.c_str();
}

void StreamRelease(ArrowArrayStream* s) {
  auto* p = static_cast<OneBatchStream*>(s->private_data);
  if (p->array.release) p->array.release(&p->array);
  delete p;
  s->release = nullptr;
}

struct Buf {
  Py_buffer b{};
  explicit Buf(nb::handle o) {
    if (PyObject_GetBuffer(o.ptr(), &b, PyBUF_SIMPLE) != 0) throw nb::python_error();
  }
  ~Buf() { PyBuffer_Release(&b); }
  const uint8_t* data() const { return static_cast<const uint8_t*>(b.buf); }
  size_t size() const { return static_cast<size_t>(b.len); }
};

void ExportArray(const Compiled& c, nb::handle data, nb::handle offsets, ArrowArray* out) {
  Buf d(data), o(offsets);
  if (o.size() % 8 || o.size() < 8) throw nb::value_error("offsets must be n+1 int64 values");
  std::span<const int64_t> offs(reinterpret_cast<const int64_t*>(o.data()), o.size() / 8);
  int64_t last = offs.back();
  for (size_t k = 0; k + 1 < offs.size(); ++k)
    if (offs[k] < 0 || offs[k] > offs[k + 1]) throw nb::value_error("offsets must be non-decreasing");
  if (offs[0] < 0 || static_cast<size_t>(last) > d.size()) throw nb::value_error("offsets past the data");
  Check(zerorow::arrow_io::ExportRows(c.core, std::span<const uint8_t>(d.data(), d.size()), offs, out, nullptr));
}

// The imported rows handed to Python without a copy: read-only NumPy arrays (uint8 rows,
// int64 offsets) over the batch's own vectors, which a capsule keeps alive. Copying tens of
// megabytes of rows into a bytes object cost as much as the import itself.
nb::tuple BatchToPython(zerorow::arrow_io::RowBatch&& batch) {
  using Batch = zerorow::arrow_io::RowBatch;
  auto* owned = new Batch(std::move(batch));
  owned->bytes.reserve(8);  // a non-null data pointer for a batch of no rows
  nb::capsule owner(owned, [](void* p) noexcept { delete static_cast<Batch*>(p); });
  nb::ndarray<nb::numpy, const uint8_t, nb::ndim<1>> data(owned->bytes.data(), {owned->bytes.size()}, owner);
  nb::ndarray<nb::numpy, const int64_t, nb::ndim<1>> offs(owned->offsets.data(), {owned->offsets.size()}, owner);
  return nb::make_tuple(data.cast(), offs.cast());
}

}  // namespace

void BindArrow(nb::module_& m) {
  m.def(
      "arrow_schema_capsule", [](const Compiled& c) { return SchemaCapsule(c.core); },
      "An 'arrow_schema' PyCapsule: the struct type of a batch of rows (SPEC §12).");

  m.def(
      "arrow_export",
      [](const Compiled& c, nb::handle data, nb::handle offsets) {
        auto* a = Alloc<ArrowArray>();
        try {
          ExportArray(c, data, offsets, a);
        } catch (...) {
          std::free(a);
          throw;
        }
        nb::object array = nb::steal(PyCapsule_New(a, "arrow_array", DeleteArrayCapsule));
        return nb::make_tuple(SchemaCapsule(c.core), array);
      },
      "Rows end to end (data, int64 offsets) -> ('arrow_schema', 'arrow_array') capsules.");

  m.def(
      "encode_arrow",
      [](const Compiled& c, nb::handle objs) {
        // The rows go straight from the encoder's buffer to ExportRows: no bytes objects, no
        // offsets to check again (the same rows and the same export as RowBatch.to_arrow()).
        std::vector<uint8_t> buf;
        std::vector<int64_t> offsets;
        EncodeMany(c, objs.ptr(), &buf, &offsets);
        auto* a = Alloc<ArrowArray>();
        zerorow::Status st = zerorow::arrow_io::ExportRows(c.core, buf, offsets, a, nullptr);
        if (!st.ok()) {
          std::free(a);
          Check(st);
        }
        nb::object array = nb::steal(PyCapsule_New(a, "arrow_array", DeleteArrayCapsule));
        return nb::make_tuple(SchemaCapsule(c.core), array);
      },
      "Objects -> rows -> ('arrow_schema', 'arrow_array') capsules of their struct array.");

  m.def(
      "arrow_export_stream",
      [](const Compiled& c, nb::handle data, nb::handle offsets) {
        auto* p = new OneBatchStream{c.core};
        try {
          ExportArray(c, data, offsets, &p->array);
        } catch (...) {
          delete p;
          throw;
        }
        auto* s = Alloc<ArrowArrayStream>();
        s->get_schema = StreamGetSchema;
        s->get_next = StreamGetNext;
        s->get_last_error = StreamLastError;
        s->release = StreamRelease;
        s->private_data = p;
        return nb::steal(PyCapsule_New(s, "arrow_array_stream", DeleteStreamCapsule));
      },
      "Rows end to end -> an 'arrow_array_stream' capsule with one batch.");

  m.def(
      "arrow_schema_equal",
      [](nb::handle a_capsule, nb::handle b_capsule) {
        auto* a = static_cast<ArrowSchema*>(PyCapsule_GetPointer(a_capsule.ptr(), "arrow_schema"));
        auto* b = static_cast<ArrowSchema*>(PyCapsule_GetPointer(b_capsule.ptr(), "arrow_schema"));
        if (!a || !b) throw nb::python_error();
        return SameArrowSchema(a, b);
      },
      "True when two 'arrow_schema' capsules describe the same types, names and nullability.");

  m.def(
      "arrow_import_schema",
      [](nb::handle schema_capsule) {
        auto* s = static_cast<ArrowSchema*>(PyCapsule_GetPointer(schema_capsule.ptr(), "arrow_schema"));
        if (!s) throw nb::python_error();
        auto r = zerorow::arrow_io::ImportSchema(s);
        Check(r.status());
        return r.value().ToJson();
      },
      "The canonical JSON of the zerorow schema of an 'arrow_schema' capsule (SPEC §12).");

  m.def(
      "arrow_import",
      [](const Compiled& c, nb::handle schema_capsule, nb::handle array_capsule, int64_t first_row, bool strict) {
        auto* s = static_cast<ArrowSchema*>(PyCapsule_GetPointer(schema_capsule.ptr(), "arrow_schema"));
        auto* a = static_cast<ArrowArray*>(PyCapsule_GetPointer(array_capsule.ptr(), "arrow_array"));
        if (!s || !a) throw nb::python_error();
        zerorow::arrow_io::RowBatch batch;
        Check(zerorow::arrow_io::ImportRows(a, s, c.core, &batch, {first_row, strict}));
        return BatchToPython(std::move(batch));
      },
      nb::arg("compiled"), nb::arg("schema_capsule"), nb::arg("array_capsule"), nb::arg("first_row") = 0,
      nb::arg("strict") = false,
      "('arrow_schema', 'arrow_array') capsules of a struct array -> (rows data, int64 offsets), read-only "
      "NumPy arrays over the imported rows (no copy), by cpp-row's SPEC §12.2 mapping; first_row numbers the rows "
      "in errors, strict refuses sub-microsecond values.");

  m.def(
      "arrow_type_name",
      [](nb::handle schema_capsule) {
        auto* s = static_cast<ArrowSchema*>(PyCapsule_GetPointer(schema_capsule.ptr(), "arrow_schema"));
        if (!s) throw nb::python_error();
        return zerorow::arrow_io::ArrowTypeName(s);
      },
      "The type of an 'arrow_schema' capsule as Arrow prints it (cpp-row's ArrowTypeName).");

  m.attr("PARQUET_LOGICAL_TYPE_KEY") = zerorow::arrow_io::kParquetLogicalTypeKey;

  m.def(
      "parquet_footer_patch",
      [](nb::bytes footer) {
        auto patched =
            zerorow::arrow_io::PatchParquetFooter({reinterpret_cast<const uint8_t*>(footer.c_str()), footer.size()});
        if (!patched.ok()) ThrowCore(patched.status());
        nb::list marks;
        for (const auto& m : patched->marks) {
          const char* kind = m.kind == zerorow::arrow_io::ParquetMark::Kind::kInterval  ? "interval"
                             : m.kind == zerorow::arrow_io::ParquetMark::Kind::kVariant ? "variant"
                                                                                        : "shredded_variant";
          nb::object original = m.original_field_id ? nb::object(nb::int_(*m.original_field_id)) : nb::none();
          marks.append(nb::make_tuple(m.field_id, kind, original, m.path));
        }
        return nb::make_tuple(nb::bytes(patched->footer.data(), patched->footer.size()), marks);
      },
      "cpp-row's PatchParquetFooter: (the footer to read instead, [(field id, 'interval' | "
      "'variant' | 'shredded_variant', the original field id or None, path)]).");

  m.def(
      "arrow_import_stream",
      [](const Compiled& c, nb::handle stream_capsule, bool strict) {
        auto* st = static_cast<ArrowArrayStream*>(PyCapsule_GetPointer(stream_capsule.ptr(), "arrow_array_stream"));
        if (!st) throw nb::python_error();
        ArrowSchema schema{};
        if (st->get_schema(st, &schema) != 0) {
          const char* e = st->get_last_error(st);
          throw Error(Kind::InvalidData, "", std::string("Arrow stream: ") + (e ? e : "get_schema failed"));
        }
        zerorow::arrow_io::RowBatch batch;
        zerorow::Status status;
        while (true) {
          ArrowArray array{};
          if (st->get_next(st, &array) != 0) {
            const char* e = st->get_last_error(st);
            status = zerorow::Status::InvalidData(std::string("Arrow stream: ") + (e ? e : "get_next failed"));
            break;
          }
          if (!array.release) break;
          status = zerorow::arrow_io::ImportRows(&array, &schema, c.core, &batch, {batch.num_rows(), strict});
          array.release(&array);
          if (!status.ok()) break;
        }
        if (schema.release) schema.release(&schema);
        Check(status);
        return BatchToPython(std::move(batch));
      },
      nb::arg("compiled"), nb::arg("stream_capsule"), nb::arg("strict") = false,
      "An 'arrow_array_stream' capsule of struct batches -> (rows data, int64 offsets).");
}

}  // namespace zr
