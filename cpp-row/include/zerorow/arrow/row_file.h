// Row files (SPEC §5), part of the optional Arrow C++ adapter (zerorow::arrow_adapter):
// an Arrow IPC file with one non-nullable `binary` column `row`, whose field metadata
// carries `zerorow.version`, `zerorow.schema` (canonical JSON) and `zerorow.fingerprint`.
//
//   ZR_ASSIGN_OR_RETURN(auto writer, zerorow::arrow_io::RowFileWriter::Open("rows.zrow", schema));
//   ZR_RETURN_NOT_OK(writer.Write(row));  // ... one call per row, then
//   ZR_RETURN_NOT_OK(writer.Close());
//   ZR_ASSIGN_OR_RETURN(auto file, zerorow::arrow_io::RowFileReader::Open("rows.zrow", &schema));
//   for (int64_t k = 0; k < file.num_rows(); ++k) use(file.row(k));
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/binary_row.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io {

inline constexpr const char* kRowColumn = "row";
inline constexpr const char* kVersionKey = "zerorow.version";
inline constexpr const char* kSchemaKey = "zerorow.schema";
inline constexpr const char* kFingerprintKey = "zerorow.fingerprint";

/// Writes a row file: rows are checked (BinaryRow::Wrap against the schema), buffered, and
/// written as one record batch per `batch_rows` rows. Close() finishes the file; a writer
/// destroyed unclosed closes it too, without a way to report an error.
class RowFileWriter {
 public:
  static constexpr int64_t kDefaultBatchRows = 4096;
  /// Creates (or truncates) `path`. Errors: invalid_argument when it cannot be written, or
  /// when batch_rows < 1.
  static Result<RowFileWriter> Open(const std::string& path, const Schema& schema,
                                    int64_t batch_rows = kDefaultBatchRows);
  /// A writer that refuses every call (what a failed Open leaves); use Open.
  RowFileWriter();
  RowFileWriter(RowFileWriter&&) noexcept;
  RowFileWriter& operator=(RowFileWriter&&) noexcept;
  ~RowFileWriter();

  /// Appends a row; the error of BinaryRow::Wrap, prefixed with "row <k>:", refuses it.
  Status Write(std::span<const uint8_t> row_bytes);
  Status Write(const BinaryRow& row) { return Write(row.bytes()); }
  /// Appends every row of `rows`.
  Status Write(const RowBatch& rows);
  /// Writes the buffered rows as a record batch now (nothing when none are buffered).
  Status Flush();
  /// Flushes and finishes the file. Any call after it is invalid_argument.
  Status Close();

  /// The schema the rows are checked against (an empty schema for a default writer).
  const Schema& schema() const;
  /// Rows written so far (buffered or not).
  int64_t num_rows() const;

 private:
  struct Impl;
  explicit RowFileWriter(std::unique_ptr<Impl> impl);
  Status WriteBatch();                     // the buffered rows (possibly none) as one record batch
  Status Refused(const char* call) const;  // invalid_argument: closed or never opened
  std::unique_ptr<Impl> impl_;
};

/// Writes `rows` as a row file at `path` in one call (a RowFileWriter, one batch).
Status WriteRowFile(const std::string& path, const Schema& schema, const RowBatch& rows);

/// A row file read into memory: its schema and its rows (bytes + offsets).
class RowFileReader {
 public:
  RowFileReader() = default;
  /// Opens `path` and checks SPEC §5: one column `row`, `binary` or `large_binary`, not
  /// nullable, no null entry (else invalid_data); fingerprint = FNV-1a of the schema text
  /// (else invalid_data); version major 1 (else unsupported); when `expected` is given,
  /// equal fingerprints (else schema_mismatch naming both). Every row is then validated at
  /// `level` (the error's path is prefixed with the row number).
  static Result<RowFileReader> Open(const std::string& path, const Schema* expected = nullptr,
                                    ValidationLevel level = ValidationLevel::kBounds);

  const Schema& schema() const { return schema_; }
  const std::string& version() const { return version_; }
  int64_t num_rows() const { return rows_.num_rows(); }
  std::span<const uint8_t> row_bytes(int64_t k) const { return rows_.row_bytes(k); }
  /// A view of row k (wrapped without validation beyond what Open did).
  Result<BinaryRow> row(int64_t k) const { return BinaryRow::Wrap(row_bytes(k), schema_); }
  const RowBatch& rows() const { return rows_; }

 private:
  Schema schema_;
  std::string version_;
  RowBatch rows_;
};

}  // namespace zerorow::arrow_io
