// Directories of row files (SPEC §13.5), part of the optional Arrow C++ adapter: the row
// files of a directory read as one sequence of rows, each file's writer schema resolved to
// one reader schema (one Resolution per distinct writer fingerprint).
//
//   ZR_ASSIGN_OR_RETURN(auto files, zerorow::arrow_io::RowFileSet::Open(dir, &reader));
//   for (int64_t k = 0; k < files.num_rows(); ++k) use(files.resolved_row(k));
//
// java-row's RowFileSet and python-row's open_file(directory) read the same files in the same
// order (SPEC §1.1).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "zerorow/arrow/row_file.h"
#include "zerorow/binary_row.h"
#include "zerorow/resolve.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io {

/// The row files at `path`: the file itself, or the regular files of a directory (symbolic
/// links followed, subdirectories left out) in name order, byte by byte, leaving out the
/// names that start with "_" or "." (what Spark and Hadoop write beside their output:
/// `_SUCCESS`, `.part-0.crc`). An empty list for a directory without such files.
/// invalid_argument when `path` does not exist or cannot be listed.
Result<std::vector<std::string>> ListRowFiles(const std::string& path);

/// Row files read as one sequence of rows (SPEC §13.5). Every file is opened, checked (SPEC
/// §5) and resolved when the set is opened, and its rows read in place (as RowFileReader
/// does: mapped, or decompressed); after that, reading a row gives no file or evolution error. Immutable once opened.
class RowFileSet {
 public:
  RowFileSet() = default;

  /// Opens the row files at `path` (ListRowFiles: a directory or one file).
  ///
  /// With a `reader` schema, each file's schema is resolved to it, once per distinct writer
  /// fingerprint; a file whose schema cannot be read as the reader's is refused as
  /// schema_mismatch at the reader's schema path, naming the file. A directory without row
  /// files is then an empty set of the reader schema.
  ///
  /// Without one, the first file's schema is the reader schema and every file must have its
  /// fingerprint (else schema_mismatch naming both files); a directory without row files is
  /// invalid_argument, since no schema is known.
  ///
  /// Rows are validated against their file's schema at `level`. Any error of a file (not a
  /// row file, damaged, a row that fails validation) is that of RowFileReader::Open, whose
  /// message starts with "row file <path>:".
  static Result<RowFileSet> Open(const std::string& path, const Schema* reader = nullptr,
                                 ValidationLevel level = ValidationLevel::kBounds);
  /// Opens `paths`, in this order, as Open(path, ...) opens the files of a directory.
  static Result<RowFileSet> Open(const std::vector<std::string>& paths, const Schema* reader = nullptr,
                                 ValidationLevel level = ValidationLevel::kBounds);

  /// The reader schema: the one given to Open, or the first file's.
  const Schema& reader() const { return reader_; }
  /// Number of files, in reading order.
  int num_files() const { return static_cast<int>(files_.size()); }
  /// File i (0 <= i < num_files(), not checked): its path, schema, resolution and rows.
  const RowFileReader& file(int i) const { return files_[static_cast<size_t>(i)]; }
  const std::string& path(int i) const { return paths_[static_cast<size_t>(i)]; }
  /// Distinct writer fingerprints among the files, one Resolution each (the identity for
  /// files laid out as the reader schema).
  int num_resolutions() const { return static_cast<int>(resolutions_.size()); }

  /// Rows of all files together.
  int64_t num_rows() const { return starts_.back(); }
  /// Row k of the set (file after file, each in its own order) read as the reader's (SPEC
  /// §13.4): a view borrowing this set. out_of_range for a k outside [0, num_rows()).
  Result<ResolvedRow> resolved_row(int64_t k) const;
  /// Row k as written: a BinaryRow of its file's schema (file(file_of(k)).schema()).
  Result<BinaryRow> row(int64_t k) const;
  /// The file that holds row k, for k in [0, num_rows()) (not checked); the row's index in
  /// that file is k - first_row(file_of(k)).
  int file_of(int64_t k) const;
  /// The index in the set of file i's first row.
  int64_t first_row(int i) const { return starts_[static_cast<size_t>(i)]; }
  /// Every row laid out by the reader schema (a copy), e.g. for Arrow (SPEC §12).
  Result<RowBatch> ReaderRows() const;

 private:
  /// The Resolution of the file at `path` (the next one opened), shared with the files
  /// before it of the same writer fingerprint; without a reader schema, the first file's
  /// schema becomes the reader's and a later file of another fingerprint is refused.
  Result<Resolution> ResolutionOf(const std::string& path, const Schema& schema, bool reader_given);
  Status CheckRow(int64_t k) const;

  Schema reader_;
  std::vector<std::string> paths_;
  std::vector<RowFileReader> files_;
  std::vector<int64_t> starts_{0};              // starts_[i]: first row of file i; back(): num_rows()
  std::map<uint64_t, Resolution> resolutions_;  // by writer fingerprint
};

}  // namespace zerorow::arrow_io

/// A RowFileSet lends its rows (Result<RowFileSet>'s `->` on a temporary is refused).
template <>
struct zerorow::LendsViews<zerorow::arrow_io::RowFileSet> : std::true_type {};
