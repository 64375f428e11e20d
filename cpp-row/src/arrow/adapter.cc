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

Status FromArrowStatus(const ::arrow::Status& st) {
  if (st.ok()) return Status::OK();
  ErrorKind kind = st.IsNotImplemented() ? ErrorKind::kUnsupported
                   : st.IsIndexError()   ? ErrorKind::kOutOfRange
                   : st.IsTypeError()    ? ErrorKind::kSchemaMismatch
                                         : ErrorKind::kInvalidArgument;
  return Status::Unlocated(kind, "Arrow: " + st.ToString());
}

Result<std::shared_ptr<::arrow::Schema>> ToArrowSchema(const Schema& schema) {
  ArrowSchema c_schema;
  ZR_RETURN_NOT_OK(ExportSchema(schema, &c_schema));
  auto imported = ::arrow::ImportSchema(&c_schema);  // takes ownership (releases c_schema)
  if (!imported.ok()) return FromArrowStatus(imported.status());
  return *std::move(imported);
}

namespace {

Result<Schema> FromArrowSchema(const std::shared_ptr<::arrow::Schema>& schema) {
  if (schema == nullptr)
    return Status::Unlocated(ErrorKind::kInvalidArgument, "ArrowWriter::Make: the Arrow schema is null");
  ArrowSchema c_schema;
  ZR_RETURN_NOT_OK(FromArrowStatus(::arrow::ExportSchema(*schema, &c_schema)));
  Result<Schema> imported = ImportSchema(&c_schema);
  c_schema.release(&c_schema);
  return imported;
}

}  // namespace

Status ArrowWriter::Make(const Schema& schema, ::arrow::MemoryPool* pool, std::unique_ptr<ArrowWriter>* out,
                         ValidationLevel level) {
  out->reset(new ArrowWriter(schema, pool ? pool : ::arrow::default_memory_pool(), level));
  return Status::OK();
}

Status ArrowWriter::Make(const Schema& schema, ::arrow::MemoryPool* pool, std::shared_ptr<ArrowWriter>* out,
                         ValidationLevel level) {
  std::unique_ptr<ArrowWriter> writer;
  ZR_RETURN_NOT_OK(Make(schema, pool, &writer, level));
  *out = std::move(writer);
  return Status::OK();
}

Status ArrowWriter::Make(const std::shared_ptr<::arrow::Schema>& schema, ::arrow::MemoryPool* pool,
                         std::unique_ptr<ArrowWriter>* out, ValidationLevel level) {
  ZR_ASSIGN_OR_RETURN(Schema imported, FromArrowSchema(schema));
  return Make(imported, pool, out, level);
}

Status ArrowWriter::Make(const std::shared_ptr<::arrow::Schema>& schema, ::arrow::MemoryPool* pool,
                         std::shared_ptr<ArrowWriter>* out, ValidationLevel level) {
  ZR_ASSIGN_OR_RETURN(Schema imported, FromArrowSchema(schema));
  return Make(imported, pool, out, level);
}

Status ArrowWriter::Write(const BinaryRow& row) { return Write(row.bytes()); }

Status ArrowWriter::Write(const std::shared_ptr<BinaryRow>& row) {
  if (row == nullptr)
    return Status::Unlocated(ErrorKind::kInvalidArgument, "ArrowWriter::Write: the row is null")
        .WithContext("row " + std::to_string(num_rows()));
  return Write(row->bytes());
}

void ArrowWriter::Reset() {
  bytes_.clear();
  offsets_.assign(1, 0);
}

Status ArrowWriter::Write(std::span<const uint8_t> row) {
  // The export at Finish reads every value with the access rules (SPEC §6.2): at kBounds the
  // same reads happen here, so a row Finish would refuse is refused now, alone.
  const DataType& st = *schema_.struct_type();
  // At kFull the reads check runs too: only it knows what Arrow cannot hold (an interval past
  // int64 nanoseconds, SPEC §12.1).
  Status check = level_ == ValidationLevel::kFull     ? Validate(st, row, ValidationLevel::kFull)
                 : level_ == ValidationLevel::kBounds ? ValidateReads(st, row)
                                                      : BinaryRow::Wrap(row, schema_).status();
  if (check.ok() && level_ == ValidationLevel::kFull) check = ValidateReads(st, row);
  if (!check.ok()) return std::move(check).WithContext("row " + std::to_string(num_rows()));
  bytes_.insert(bytes_.end(), row.begin(), row.end());
  offsets_.push_back(static_cast<int64_t>(bytes_.size()));
  return Status::OK();
}

Status ArrowWriter::Write(const ResolvedRow& row) {
  RowWriter out(schema_, &bytes_);  // appends a row of the reader schema after the others
  Status st = WriteReaderRow(row, &out);
  if (st.ok()) st = out.Finish();
  if (!st.ok()) {
    bytes_.resize(static_cast<size_t>(offsets_.back()));  // drops the unfinished row
    return std::move(st).WithContext("row " + std::to_string(num_rows()));
  }
  offsets_.push_back(static_cast<int64_t>(bytes_.size()));
  return Status::OK();
}

Status ArrowWriter::Finish(std::shared_ptr<::arrow::RecordBatch>* out) {
  ArrowArray c_array;
  ArrowSchema c_schema;
  Status st = ExportRows(schema_, bytes_, offsets_, &c_array, &c_schema);
  Reset();
  ZR_RETURN_NOT_OK(st);
  // ImportRecordBatch takes ownership of both structs (it calls their release).
  auto batch = ::arrow::ImportRecordBatch(&c_array, &c_schema);
  if (!batch.ok()) return FromArrowStatus(batch.status());
  *out = *std::move(batch);
  return Status::OK();
}

Status ArrowReader::Read(const ::arrow::RecordBatch& batch, RowBatch* out) const {
  ArrowArray c_array;
  ArrowSchema c_schema;
  ZR_RETURN_NOT_OK(FromArrowStatus(::arrow::ExportRecordBatch(batch, &c_array, &c_schema)));
  // Rows are numbered by their index in `out`, counting across the reads that append to it.
  Status st = ImportRows(&c_array, &c_schema, schema_, out, ImportOptions{out->num_rows(), false});
  c_array.release(&c_array);
  c_schema.release(&c_schema);
  return st;
}

}  // namespace zerorow::arrow_io
