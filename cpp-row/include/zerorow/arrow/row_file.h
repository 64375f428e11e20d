// Row files (SPEC §5), part of the optional Arrow C++ adapter (zerorow::arrow_adapter):
// an Arrow IPC file with one non-nullable `binary` column `row`, whose field metadata
// carries `zerorow.version`, `zerorow.schema` (canonical JSON) and `zerorow.fingerprint`.
//
//   ZR_ASSIGN_OR_RETURN(auto writer, zerorow::arrow_io::RowFileWriter::Open("rows.zrow", schema));
//   ZR_RETURN_NOT_OK(writer.Write(row));  // ... one call per row, then
//   ZR_RETURN_NOT_OK(writer.Close());
//   ZR_ASSIGN_OR_RETURN(auto file, zerorow::arrow_io::RowFileReader::Open("rows.zrow", &schema));
//   for (int64_t k = 0; k < file.num_rows(); ++k) use(file.row(k));
//
// Given a reader schema of another layout, Open resolves the file's schema to it (SPEC §13.5)
// and resolved_row(k) reads the file's rows as the reader's. A directory of row files is a
// RowFileSet (row_file_set.h).
//
// Rows are read in place, never copied one by one: a batch stored uncompressed is read where
// it lies in the memory-mapped file, a compressed one (SPEC §5.2) where Arrow decompressed it.
// Lifetimes: a view from the reader (row(k), resolved_row(k)) borrows the reader; a view from
// a RowFileBatch (batch(b).row(i)) borrows that batch, which holds its buffer (the mapping or
// the decompressed bytes) and its schema, so that it and its views outlive the reader.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
/// SPEC §5.1: the optional second column, the CRC-32C of each row.
inline constexpr const char* kCrcColumn = "crc32c";

/// SPEC §5.2: Arrow IPC body compression of a row file's record batches.
enum class Compression : uint8_t { kNone, kLz4, kZstd };
/// "none", "lz4" or "zstd".
std::string_view CompressionName(Compression c);
/// The codec named `name`; another name is invalid_argument naming the supported ones.
Result<Compression> ParseCompression(std::string_view name);

/// How a RowFileWriter writes (SPEC §5.1, §5.2).
struct RowFileWriteOptions {
  int64_t batch_rows = 4096;
  Compression compression = Compression::kNone;
  bool checksum = true;                              ///< the crc32c column, written by default
  ValidationLevel level = ValidationLevel::kBounds;  ///< what Write checks of each row (see Open)
};

/// How a RowFileReader reads (SPEC §5.2, §5.3, §6.2).
struct RowFileReadOptions {
  ValidationLevel level = ValidationLevel::kBounds;  ///< bounds and full verify checksums
  bool recover = false;                              ///< read the complete batches of a cut or damaged file
  /// How many batches Open reads (decompresses, checks and checksums) ahead of the one it is
  /// taking, on Arrow's CPU thread pool: -1 as many as the pool has threads, 0 none (one
  /// batch at a time). Only in-flight batches count: memory stays bounded by
  /// read_ahead batches beyond what the reader keeps anyway.
  int read_ahead = -1;
};

/// What recovery mode read past (SPEC §5.3): the error the file would have been refused
/// with, the complete batches and rows returned, the rows known lost (-1: unknown) and the
/// byte offset of the first incomplete message (or of the damaged footer).
struct RowFileRecovery {
  Status problem;
  int64_t batches = 0;
  int64_t rows = 0;
  int64_t rows_lost = -1;
  int64_t incomplete_at = -1;
};

/// Writes a row file: rows are checked at the writer's level, buffered, and written as one
/// record batch per `batch_rows` rows. Close() finishes the file; a writer destroyed unclosed
/// closes it too, without a way to report an error. Every error names the file first, then
/// the row ("row file a.zrow: row 3: invalid_data at name: ...", Status::ToString()).
class RowFileWriter {
 public:
  static constexpr int64_t kDefaultBatchRows = 4096;
  /// Creates (or truncates) `path`. Errors: invalid_argument when it cannot be written, or
  /// when batch_rows < 1. `level` (SPEC §6.2) is how much Write checks each row: kBounds (the
  /// default) and kNone the wrap rules W1-W2 (BinaryRow::Wrap), which keep the file's rows
  /// 8-byte aligned; kFull every rule of SPEC §6.3, so that no reader refuses a row the writer
  /// accepted.
  static Result<RowFileWriter> Open(const std::string& path, const Schema& schema,
                                    int64_t batch_rows = kDefaultBatchRows,
                                    ValidationLevel level = ValidationLevel::kBounds);
  /// As above, with the compression, the checksum column and the level of `options`.
  static Result<RowFileWriter> Open(const std::string& path, const Schema& schema, const RowFileWriteOptions& options);
  /// A writer that refuses every call (what a failed Open leaves); use Open.
  RowFileWriter();
  RowFileWriter(RowFileWriter&&) noexcept;
  RowFileWriter& operator=(RowFileWriter&&) noexcept;
  ~RowFileWriter();

  /// Appends a row after checking it at the writer's level; a refused row is not written and
  /// its error names it by its number in the file (context "row file <path>: row <k>").
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
Status WriteRowFile(const std::string& path, const Schema& schema, const RowBatch& rows,
                    ValidationLevel level = ValidationLevel::kBounds);

/// One record batch of a row file, its rows in place: in the memory-mapped file for a batch
/// stored uncompressed, in the buffer Arrow decompressed it into for a compressed one (SPEC
/// §5.2). It holds that buffer and the file's schema and resolution: its views
/// (row_bytes(i), row(i), resolved_row(i)) stay valid while it, or a copy of it, lives, also
/// after the RowFileReader it came from is gone. Copies share the buffer (no bytes copied).
class RowFileBatch {
 public:
  RowFileBatch() = default;
  /// The batch's number in its file.
  int64_t index() const { return index_; }
  /// The number in the file of the batch's first row.
  int64_t first_row() const { return first_row_; }
  int64_t num_rows() const { return num_rows_; }
  /// Whether its rows lie in the file's own bytes (an uncompressed batch of a mapped file)
  /// rather than in a decompressed buffer.
  bool in_place() const { return in_place_; }
  /// The bytes of row i of the batch, for i in [0, num_rows()) (not checked: row() is).
  std::span<const uint8_t> row_bytes(int64_t i) const {
    const int64_t start = offsets32_ != nullptr ? offsets32_[i] : offsets64_[i];
    const int64_t end = offsets32_ != nullptr ? offsets32_[i + 1] : offsets64_[i + 1];
    return {values_ + start, static_cast<size_t>(end - start)};
  }
  /// A view of row i of the batch (validated by Open at its level); an i outside
  /// [0, num_rows()) is out_of_range.
  Result<BinaryRow> row(int64_t i) const;
  /// Row i read as the reader schema's (SPEC §13.4); out_of_range as row().
  Result<ResolvedRow> resolved_row(int64_t i) const;
  const Schema& schema() const { return schema_; }

 private:
  friend class RowFileReader;
  Status CheckRow(int64_t i) const;

  std::shared_ptr<const void> owner_;  // the Arrow record batch, which holds the buffers below
  Schema schema_;                      // a copy shares the types the views borrow
  Resolution resolution_;              // likewise, its tables
  const uint8_t* values_ = nullptr;
  const int32_t* offsets32_ = nullptr;  // a binary row column
  const int64_t* offsets64_ = nullptr;  // a large_binary row column
  int64_t index_ = 0, first_row_ = 0, num_rows_ = 0;
  bool in_place_ = false;
};

/// A row file, mapped into memory and checked: its schema and its batches of rows, each read
/// in place (RowFileBatch).
class RowFileReader {
 public:
  RowFileReader() = default;
  /// Opens `path` and checks SPEC §5: one column `row`, `binary` or `large_binary`, not
  /// nullable, no null entry (else invalid_data); zerorow.fingerprint = the fingerprint of
  /// zerorow.schema (else invalid_data); version major 1 (else unsupported). When `reader` is
  /// given, the file's schema is resolved to it (SPEC §13.5; the identity when the
  /// fingerprints are equal): a pair that cannot be read is refused here as schema_mismatch at
  /// the reader's schema path, naming the file and both fingerprints. Every row is then
  /// validated against the file's schema at `level`. Every error's context is "row file
  /// <path>" (then "row <k>" for a row that fails validation), which ToString() puts first;
  /// a missing or unreadable file is invalid_argument.
  static Result<RowFileReader> Open(const std::string& path, const Schema* reader = nullptr,
                                    ValidationLevel level = ValidationLevel::kBounds);
  /// Open with SPEC §5's options: at level bounds and full every row's CRC-32C (when the
  /// file has the crc32c column) is checked as its batch loads, a mismatch being
  /// invalid_data naming the file, the row number, its batch, its byte offset (uncompressed
  /// files) and both checksums. A file that is not complete (SPEC §5.3) is truncated naming
  /// the file and the byte where it ends; a damaged footer is invalid_data; with
  /// options.recover both open with the complete batches before the problem (recovery()).
  /// Compressed batches are decompressed options.read_ahead at a time in parallel, in order.
  static Result<RowFileReader> Open(const std::string& path, const Schema* reader, const RowFileReadOptions& options);

  /// Every damaged row of the file at `path` (SPEC §5.1 checksum, then full validation
  /// §6.3), each as its error naming the row; empty when every row is whole. The file itself
  /// (its container) failing is the returned error.
  static Result<std::vector<Status>> ValidateAll(const std::string& path, bool recover = false);

  /// The body compression of the file's batches (SPEC §5.2).
  Compression compression() const { return compression_; }
  /// Whether the file carries the crc32c column (SPEC §5.1).
  bool has_checksums() const { return checksum_column_; }
  /// The stored CRC-32C of row k (has_checksums() only).
  uint32_t stored_crc32c(int64_t k) const { return crcs_[static_cast<size_t>(k)]; }
  /// The record batch row k is in.
  int64_t batch_of(int64_t k) const;
  int64_t num_batches() const { return static_cast<int64_t>(batches_.size()); }
  /// Batch b, which keeps its rows' buffer alive (see RowFileBatch); b outside
  /// [0, num_batches()) is out_of_range.
  Result<RowFileBatch> batch(int64_t b) const;
  /// The file's bytes as mapped (the rows of uncompressed batches lie in them); valid while
  /// the reader lives.
  std::span<const uint8_t> file_bytes() const { return file_bytes_; }
  /// What recovery mode read past, when it did (problem is OK for a complete file).
  const RowFileRecovery& recovery() const { return recovery_; }

  /// The file's own (writer) schema.
  const Schema& schema() const { return schema_; }
  /// The file's schema resolved to the reader schema given to Open (or to itself).
  const Resolution& resolution() const { return resolution_; }
  /// Row k read as the reader's (SPEC §13.4); the view borrows this RowFileReader. A k outside
  /// [0, num_rows()) is out_of_range.
  Result<ResolvedRow> resolved_row(int64_t k) const {
    ZR_RETURN_NOT_OK(CheckRow(k));
    return resolution_.View(row_bytes(k), ValidationLevel::kNone);  // Open checked them at its level
  }
  /// Every row laid out by the reader schema (a copy), e.g. for Arrow (SPEC §12).
  Result<RowBatch> ReaderRows() const;
  /// Appends every row laid out by the reader schema to `out` (ReaderRows without a copy
  /// between).
  Status AppendReaderRows(RowBatch* out) const;
  const std::string& version() const { return version_; }
  int64_t num_rows() const { return num_rows_; }
  /// The bytes of row k, for k in [0, num_rows()) (not checked: row() and resolved_row() are).
  std::span<const uint8_t> row_bytes(int64_t k) const {
    const RowFileBatch& b = batches_[static_cast<size_t>(batch_of(k))];
    return b.row_bytes(k - b.first_row_);
  }
  /// A view of row k (wrapped without validation beyond what Open did), borrowing this
  /// reader; a k outside [0, num_rows()) is out_of_range.
  Result<BinaryRow> row(int64_t k) const {
    ZR_RETURN_NOT_OK(CheckRow(k));
    return BinaryRow::Wrap(row_bytes(k), schema_);
  }

 private:
  friend class RowFileSet;
  /// What OpenWith asks for once the file's schema is read and checked: its resolution.
  using ResolveFn = std::function<Result<Resolution>(const Schema& file_schema)>;
  /// Open, with the file's resolution made by `resolve` (before any row is read), so that a
  /// RowFileSet can share one Resolution among the files of one writer schema.
  static Result<RowFileReader> OpenWith(const std::string& path, const RowFileReadOptions& options,
                                        const ResolveFn& resolve);
  /// The error of row k whose bytes do not give its stored CRC-32C, or OK.
  Status CheckCrc(const std::string& path, int64_t k) const;
  /// Where row k is, as SPEC §5.3 names a row: "row k (batch b, byte p)", the byte left out for
  /// a row of a compressed batch (it has no place in the file).
  std::string RowPlace(int64_t k) const;
  /// SPEC §13.5: `file_schema` resolved to `reader`; a refusal names the file at `path`.
  static Result<Resolution> ResolveFile(const std::string& path, const Schema& file_schema, const Schema& reader);
  Status CheckRow(int64_t k) const;

  Schema schema_;
  Resolution resolution_;
  std::string version_;
  std::shared_ptr<const void> file_;  // the mapped file's Arrow buffer
  std::span<const uint8_t> file_bytes_;
  std::vector<RowFileBatch> batches_;
  std::vector<int64_t> batch_starts_;  // the first row of each batch
  int64_t num_rows_ = 0;
  Compression compression_ = Compression::kNone;
  bool checksum_column_ = false;
  std::vector<uint32_t> crcs_;  // one per row when the file has the crc32c column
  RowFileRecovery recovery_;
};

}  // namespace zerorow::arrow_io

/// A RowFileReader lends its rows (Result<RowFileReader>'s `->` on a temporary is refused).
template <>
struct zerorow::LendsViews<zerorow::arrow_io::RowFileReader> : std::true_type {};
/// A RowFileBatch lends its rows (Result<RowFileBatch>'s `->` on a temporary is refused).
template <>
struct zerorow::LendsViews<zerorow::arrow_io::RowFileBatch> : std::true_type {};
