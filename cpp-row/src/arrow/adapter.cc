#include "zerorow/arrow/adapter.h"

#include <arrow/c/bridge.h>

#include "zerorow/row_writer.h"

namespace zerorow::arrow_io {

::arrow::Status ToArrowStatus(const Status& st) {
  if (st.ok()) return ::arrow::Status::OK();
  switch (st.kind()) {
    case ErrorKind::kUnsupported:
      return ::arrow::Status::NotImplemented(st.ToString());
    case ErrorKind::kOutOfRange:
      return ::arrow::Status::IndexError(st.ToString());
    case ErrorKind::kSchemaMismatch:
      return ::arrow::Status::TypeError(st.ToString());
    default:
      return ::arrow::Status::Invalid(st.ToString());
  }
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> ToArrowSchema(const Schema& schema) {
  ArrowSchema c_schema;
  ARROW_RETURN_NOT_OK(ToArrowStatus(ExportSchema(schema, &c_schema)));
  return ::arrow::ImportSchema(&c_schema);  // takes ownership (releases c_schema)
}

namespace {

::arrow::Result<Schema> FromArrowSchema(const std::shared_ptr<::arrow::Schema>& schema) {
  if (schema == nullptr) return ::arrow::Status::Invalid("ArrowWriter::Make: the Arrow schema is null");
  ArrowSchema c_schema;
  ARROW_RETURN_NOT_OK(::arrow::ExportSchema(*schema, &c_schema));
  Result<Schema> imported = ImportSchema(&c_schema);
  c_schema.release(&c_schema);
  if (!imported.ok()) return ToArrowStatus(imported.status());
  return *std::move(imported);
}

}  // namespace

::arrow::Status ArrowWriter::Make(const Schema& schema, ::arrow::MemoryPool* pool, std::unique_ptr<ArrowWriter>* out) {
  out->reset(new ArrowWriter(schema, pool ? pool : ::arrow::default_memory_pool()));
  return ::arrow::Status::OK();
}

::arrow::Status ArrowWriter::Make(const Schema& schema, ::arrow::MemoryPool* pool, std::shared_ptr<ArrowWriter>* out) {
  std::unique_ptr<ArrowWriter> writer;
  ARROW_RETURN_NOT_OK(Make(schema, pool, &writer));
  *out = std::move(writer);
  return ::arrow::Status::OK();
}

::arrow::Status ArrowWriter::Make(const std::shared_ptr<::arrow::Schema>& schema, ::arrow::MemoryPool* pool,
                                  std::unique_ptr<ArrowWriter>* out) {
  ARROW_ASSIGN_OR_RAISE(Schema imported, FromArrowSchema(schema));
  return Make(imported, pool, out);
}

::arrow::Status ArrowWriter::Make(const std::shared_ptr<::arrow::Schema>& schema, ::arrow::MemoryPool* pool,
                                  std::shared_ptr<ArrowWriter>* out) {
  ARROW_ASSIGN_OR_RAISE(Schema imported, FromArrowSchema(schema));
  return Make(imported, pool, out);
}

::arrow::Status ArrowWriter::Write(const BinaryRow& row) { return Write(row.bytes()); }

::arrow::Status ArrowWriter::Write(const std::shared_ptr<BinaryRow>& row) {
  if (row == nullptr) return ::arrow::Status::Invalid("ArrowWriter::Write: the row is null");
  return Write(row->bytes());
}

void ArrowWriter::Reset() {
  bytes_.clear();
  offsets_.assign(1, 0);
}

::arrow::Status ArrowWriter::Write(std::span<const uint8_t> row) {
  ARROW_RETURN_NOT_OK(ToArrowStatus(BinaryRow::Wrap(row, schema_).status()));
  bytes_.insert(bytes_.end(), row.begin(), row.end());
  offsets_.push_back(static_cast<int64_t>(bytes_.size()));
  return ::arrow::Status::OK();
}

::arrow::Status ArrowWriter::Write(const ResolvedRow& row) {
  RowWriter out(schema_, &bytes_);  // appends a row of the reader schema after the others
  Status st = WriteReaderRow(row, &out);
  if (st.ok()) st = out.Finish();
  if (!st.ok()) {
    bytes_.resize(static_cast<size_t>(offsets_.back()));  // drops the unfinished row
    return ToArrowStatus(st);
  }
  offsets_.push_back(static_cast<int64_t>(bytes_.size()));
  return ::arrow::Status::OK();
}

::arrow::Status ArrowWriter::Finish(std::shared_ptr<::arrow::RecordBatch>* out) {
  ArrowArray c_array;
  ArrowSchema c_schema;
  Status st = ExportRows(schema_, bytes_, offsets_, &c_array, &c_schema);
  Reset();
  ARROW_RETURN_NOT_OK(ToArrowStatus(st));
  // ImportRecordBatch takes ownership of both structs (it calls their release).
  ARROW_ASSIGN_OR_RAISE(*out, ::arrow::ImportRecordBatch(&c_array, &c_schema));
  return ::arrow::Status::OK();
}

::arrow::Status ArrowReader::Read(const ::arrow::RecordBatch& batch, RowBatch* out) const {
  ArrowArray c_array;
  ArrowSchema c_schema;
  ARROW_RETURN_NOT_OK(::arrow::ExportRecordBatch(batch, &c_array, &c_schema));
  Status st = ImportRows(&c_array, &c_schema, schema_, out);
  c_array.release(&c_array);
  c_schema.release(&c_schema);
  return ToArrowStatus(st);
}

}  // namespace zerorow::arrow_io
