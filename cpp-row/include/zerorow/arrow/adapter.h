// Optional Arrow C++ adapter (target zerorow::arrow_adapter, built when Arrow C++ is found):
// rows <-> arrow::RecordBatch through the Arrow C Data Interface (export.h, import.h), so
// the core never links Arrow.
//
//   std::shared_ptr<zerorow::arrow_io::ArrowWriter> writer;   // or std::unique_ptr
//   ARROW_RETURN_NOT_OK(zerorow::arrow_io::ArrowWriter::Make(schema, arrow::default_memory_pool(), &writer));
//   ARROW_RETURN_NOT_OK(writer->Write(row));
//   std::shared_ptr<arrow::RecordBatch> batch;
//   ARROW_RETURN_NOT_OK(writer->Finish(&batch));
//
// `schema` is a zerorow::Schema or a std::shared_ptr<arrow::Schema> whose fields map to
// zerorow types (SPEC §12 read backwards), as in the seed documents' ArrowWriter::Make.
#pragma once

#include <arrow/api.h>

#include <memory>
#include <span>
#include <vector>

#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/binary_row.h"
#include "zerorow/resolve.h"
#include "zerorow/schema.h"

namespace zerorow::arrow_io {

/// A zerorow Status as an arrow::Status ("invalid_data at f3: ..." as the message).
::arrow::Status ToArrowStatus(const Status& st);

/// The Arrow schema of a batch of rows: one field per top-level field (SPEC §12).
::arrow::Result<std::shared_ptr<::arrow::Schema>> ToArrowSchema(const Schema& schema);

/// Collects rows and turns them into one arrow::RecordBatch.
class ArrowWriter {
 public:
  /// `pool` is kept for Arrow-side allocations; the columns themselves are built by the
  /// C Data export and handed to Arrow without a copy.
  static ::arrow::Status Make(const Schema& schema, ::arrow::MemoryPool* pool, std::unique_ptr<ArrowWriter>* out);
  static ::arrow::Status Make(const Schema& schema, ::arrow::MemoryPool* pool, std::shared_ptr<ArrowWriter>* out);
  /// From an Arrow schema: its fields become the rows' fields (ImportSchema; a type with no
  /// zerorow type is NotImplemented, e.g. a dictionary column).
  static ::arrow::Status Make(const std::shared_ptr<::arrow::Schema>& schema, ::arrow::MemoryPool* pool,
                              std::unique_ptr<ArrowWriter>* out);
  static ::arrow::Status Make(const std::shared_ptr<::arrow::Schema>& schema, ::arrow::MemoryPool* pool,
                              std::shared_ptr<ArrowWriter>* out);

  /// Appends a copy of `row` (a row of the schema; read with bounds checks at Finish).
  ::arrow::Status Write(const BinaryRow& row);
  ::arrow::Status Write(const std::shared_ptr<BinaryRow>& row);
  ::arrow::Status Write(std::span<const uint8_t> row_bytes);
  /// Appends a resolved row (SPEC §13.4) as the reader reads it: the writer's schema must be
  /// its reader schema, so the batch has the reader's Arrow schema (SPEC §12).
  ::arrow::Status Write(const ResolvedRow& row);
  int64_t num_rows() const { return static_cast<int64_t>(offsets_.size()) - 1; }
  /// The batch of every row written since the last Finish or Reset; the writer is then empty.
  ::arrow::Status Finish(std::shared_ptr<::arrow::RecordBatch>* out);
  /// Drops the rows written since the last Finish (the writer keeps its schema).
  void Reset();
  const Schema& schema() const { return schema_; }

 private:
  ArrowWriter(Schema schema, ::arrow::MemoryPool* pool) : schema_(std::move(schema)), pool_(pool) {}
  Schema schema_;
  ::arrow::MemoryPool* pool_;
  std::vector<uint8_t> bytes_;
  std::vector<int64_t> offsets_{0};
};

/// Turns arrow::RecordBatches (columns typed per SPEC §12) back into rows.
class ArrowReader {
 public:
  explicit ArrowReader(Schema schema) : schema_(std::move(schema)) {}
  /// Appends one row per batch entry to `out`.
  ::arrow::Status Read(const ::arrow::RecordBatch& batch, RowBatch* out) const;

 private:
  Schema schema_;
};

}  // namespace zerorow::arrow_io
