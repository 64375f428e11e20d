// Row files (SPEC §5), part of the optional Arrow C++ adapter (zerorow::arrow_adapter):
// an Arrow IPC file with one non-nullable `binary` column `row`, whose field metadata
// carries `zerorow.version`, `zerorow.schema` (canonical JSON) and `zerorow.fingerprint`.
//
//   ZR_RETURN_NOT_OK(zerorow::arrow_io::WriteRowFile("rows.zrow", schema, rows));  // RowBatch
//   ZR_ASSIGN_OR_RETURN(auto file, zerorow::arrow_io::RowFile::Open("rows.zrow", &schema));
//   for (int64_t k = 0; k < file.num_rows(); ++k) use(file.row(k));
//
// Given a reader schema of another layout, Open resolves the file's schema to it (SPEC §13.5)
// and resolved_row(k) reads the file's rows as the reader's.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/binary_row.h"
#include "zerorow/resolve.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io {

inline constexpr const char* kRowColumn = "row";
inline constexpr const char* kVersionKey = "zerorow.version";
inline constexpr const char* kSchemaKey = "zerorow.schema";
inline constexpr const char* kFingerprintKey = "zerorow.fingerprint";

/// Writes `rows` (each checked with BinaryRow::Wrap against `schema`) as one record batch
/// of a row file at `path`. Errors: the row's wrap error, or invalid_argument for I/O.
Status WriteRowFile(const std::string& path, const Schema& schema, const RowBatch& rows);

/// A row file read into memory: its schema and its rows (bytes + offsets).
class RowFile {
 public:
  RowFile() = default;
  /// Opens `path` and checks SPEC §5: one column `row`, `binary` or `large_binary`, not
  /// nullable, no null entry (else invalid_data); zerorow.fingerprint = the fingerprint of
  /// zerorow.schema (else invalid_data); version major 1 (else unsupported). When `reader` is
  /// given, the file's schema is resolved to it (SPEC §13.5; the identity when the
  /// fingerprints are equal): a pair that cannot be read is refused here as schema_mismatch at
  /// the reader's schema path, naming the file and both fingerprints. Every row is then
  /// validated against the file's schema at `level` (the message starts with "row <k>:").
  static Result<RowFile> Open(const std::string& path, const Schema* reader = nullptr,
                              ValidationLevel level = ValidationLevel::kBounds);

  /// The file's own (writer) schema.
  const Schema& schema() const { return schema_; }
  /// The file's schema resolved to the reader schema given to Open (or to itself).
  const Resolution& resolution() const { return resolution_; }
  /// Row k read as the reader's (SPEC §13.4); the view borrows this RowFile.
  Result<ResolvedRow> resolved_row(int64_t k) const { return resolution_.View(row_bytes(k)); }
  /// Every row laid out by the reader schema (a copy), e.g. for Arrow (SPEC §12).
  Result<RowBatch> ReaderRows() const;
  const std::string& version() const { return version_; }
  int64_t num_rows() const { return rows_.num_rows(); }
  std::span<const uint8_t> row_bytes(int64_t k) const { return rows_.row_bytes(k); }
  /// A view of row k (wrapped without validation beyond what Open did).
  Result<BinaryRow> row(int64_t k) const { return BinaryRow::Wrap(row_bytes(k), schema_); }
  const RowBatch& rows() const { return rows_; }

 private:
  Schema schema_;
  Resolution resolution_;
  std::string version_;
  RowBatch rows_;
};

}  // namespace zerorow::arrow_io
