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
// Every call returns a zerorow::Status or Result, as the row files do; a zerorow::Status
// converts to arrow::Status where one is expected (ARROW_RETURN_NOT_OK, a `return` in a
// function returning arrow::Status), kind and message kept: ToArrowStatus.
#pragma once

#include <arrow/api.h>
#include <arrow/util/config.h>

#include <memory>
#include <span>
#include <vector>

#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/binary_row.h"
#include "zerorow/resolve.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io {

/// A zerorow Status as an arrow::Status ("invalid_data at f3: ..." as the message; the kind
/// maps to Arrow's code: unsupported -> NotImplemented, out_of_range -> IndexError,
/// schema_mismatch -> TypeError, the others -> Invalid).
::arrow::Status ToArrowStatus(const Status& st);
/// An arrow::Status as a zerorow Status (NotImplemented -> unsupported, IndexError ->
/// out_of_range, TypeError -> schema_mismatch, the others -> invalid_argument), unlocated,
/// with Arrow's message.
Status FromArrowStatus(const ::arrow::Status& st);

/// The Arrow schema of a batch of rows: one field per top-level field (SPEC §12).
Result<std::shared_ptr<::arrow::Schema>> ToArrowSchema(const Schema& schema);

/// Collects rows and turns them into one arrow::RecordBatch. Every row is checked when it is
/// written, at the writer's level, so a bad row is refused then, named by its index in the
/// batch, and the rows written before it stay: Finish never fails for a row Write accepted at
/// kBounds or kFull.
class ArrowWriter {
 public:
  /// `pool` is kept for Arrow-side allocations; the columns themselves are built by the
  /// C Data export and handed to Arrow without a copy. `level` (SPEC §6.2) is how much Write
  /// checks each row: kBounds (the default) reads every value as the export will, with the
  /// access rules B1-B3 (ValidateReads: every reference and nested body in bounds, strings
  /// UTF-8, no shared bodies beyond the decode budget); kFull every rule of SPEC §6.3; kNone
  /// only the wrap rules W1-W2 (a bad row then fails Finish, and the whole batch with it).
  static Status Make(const Schema& schema, ::arrow::MemoryPool* pool, std::unique_ptr<ArrowWriter>* out,
                     ValidationLevel level = ValidationLevel::kBounds);
  static Status Make(const Schema& schema, ::arrow::MemoryPool* pool, std::shared_ptr<ArrowWriter>* out,
                     ValidationLevel level = ValidationLevel::kBounds);
  /// From an Arrow schema: its fields become the rows' fields (ImportSchema; a type with no
  /// zerorow type is unsupported, e.g. a dictionary column).
  static Status Make(const std::shared_ptr<::arrow::Schema>& schema, ::arrow::MemoryPool* pool,
                     std::unique_ptr<ArrowWriter>* out, ValidationLevel level = ValidationLevel::kBounds);
  static Status Make(const std::shared_ptr<::arrow::Schema>& schema, ::arrow::MemoryPool* pool,
                     std::shared_ptr<ArrowWriter>* out, ValidationLevel level = ValidationLevel::kBounds);

  /// Appends a copy of `row`, a row of the schema, after checking it at the writer's level; a
  /// refused row is not appended, and its error names it by the index it would have had
  /// ("row 3: invalid_data at name: ...").
  Status Write(const BinaryRow& row);
  Status Write(const std::shared_ptr<BinaryRow>& row);
  Status Write(std::span<const uint8_t> row_bytes);
  /// Appends a resolved row (SPEC §13.4) as the reader reads it: the writer's schema must be
  /// its reader schema, so the batch has the reader's Arrow schema (SPEC §12).
  Status Write(const ResolvedRow& row);
  int64_t num_rows() const { return static_cast<int64_t>(offsets_.size()) - 1; }
  /// The batch of every row written since the last Finish or Reset; the writer is then empty.
  Status Finish(std::shared_ptr<::arrow::RecordBatch>* out);
  /// Drops the rows written since the last Finish (the writer keeps its schema).
  void Reset();
  const Schema& schema() const { return schema_; }
  ValidationLevel level() const { return level_; }

 private:
  ArrowWriter(Schema schema, ::arrow::MemoryPool* pool, ValidationLevel level)
      : schema_(std::move(schema)), pool_(pool), level_(level) {}
  Schema schema_;
  ::arrow::MemoryPool* pool_;
  ValidationLevel level_;
  std::vector<uint8_t> bytes_;
  std::vector<int64_t> offsets_{0};
};

/// Turns arrow::RecordBatches (columns typed per SPEC §12) back into rows.
class ArrowReader {
 public:
  explicit ArrowReader(Schema schema) : schema_(std::move(schema)) {}
  /// Appends one row per batch entry to `out`. An error in an entry names the row it would
  /// have been, its index in `out` ("row 1029: invalid_data at c: ..."), which counts across
  /// the calls that append to one RowBatch; `out` keeps the rows it had before the call.
  Status Read(const ::arrow::RecordBatch& batch, RowBatch* out) const;

 private:
  Schema schema_;
};

}  // namespace zerorow::arrow_io

/// zerorow::Status where Arrow expects an arrow::Status (through ToArrowStatus).
template <>
struct zerorow::detail::StatusConversion<::arrow::Status> {
  static ::arrow::Status Convert(const Status& st) { return arrow_io::ToArrowStatus(st); }
};

#if ARROW_VERSION_MAJOR >= 21
// Arrow 21's ARROW_RETURN_NOT_OK asks arrow::IntoStatus<T> for the types it takes.
template <>
struct arrow::IntoStatus<zerorow::Status> {
  static ::arrow::Status ToStatus(const zerorow::Status& st) { return zerorow::arrow_io::ToArrowStatus(st); }
};
template <typename T>
struct arrow::IntoStatus<zerorow::Result<T>> {
  static ::arrow::Status ToStatus(const zerorow::Result<T>& r) { return zerorow::arrow_io::ToArrowStatus(r.status()); }
};
#endif
