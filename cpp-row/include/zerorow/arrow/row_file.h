// Row files (SPEC §5), part of the optional Arrow C++ adapter (zerorow::arrow_adapter):
// an Arrow IPC file with one non-nullable `binary` column `row`, whose field metadata
// carries `zerorow.version`, `zerorow.schema` (canonical JSON) and `zerorow.fingerprint`.
//
//   ZR_RETURN_NOT_OK(zerorow::arrow_io::WriteRowFile("rows.zrow", schema, rows));  // RowBatch
//   ZR_ASSIGN_OR_RETURN(auto file, zerorow::arrow_io::RowFile::Open("rows.zrow", &schema));
//   for (int64_t k = 0; k < file.num_rows(); ++k) use(file.row(k));
#pragma once

#include <cstdint>
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

/// Writes `rows` (each checked with BinaryRow::Wrap against `schema`) as one record batch
/// of a row file at `path`. Errors: the row's wrap error, or invalid_argument for I/O.
Status WriteRowFile(const std::string& path, const Schema& schema, const RowBatch& rows);

/// A row file read into memory: its schema and its rows (bytes + offsets).
class RowFile {
 public:
  RowFile() = default;
  /// Opens `path` and checks SPEC §5: one column `row`, `binary` or `large_binary`, not
  /// nullable, no null entry (else invalid_data); fingerprint = FNV-1a of the schema text
  /// (else invalid_data); version major 1 (else unsupported); when `expected` is given,
  /// equal fingerprints (else schema_mismatch naming both). Every row is then validated at
  /// `level` (the error's path is prefixed with the row number).
  static Result<RowFile> Open(const std::string& path, const Schema* expected = nullptr,
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
