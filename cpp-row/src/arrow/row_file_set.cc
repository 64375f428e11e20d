// Directories of row files (SPEC §13.5): which files count, their order, and one Resolution
// per distinct writer fingerprint.
#include "zerorow/arrow/row_file_set.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "zerorow/arrow/resolved.h"

namespace zerorow::arrow_io {
namespace {

namespace fs = std::filesystem;

// Names that engines write beside their output (`_SUCCESS`, `_metadata`, `.part-0.crc`) and
// that are no row files: Spark and Hadoop skip them too.
bool IsHidden(const std::string& name) { return name.empty() || name[0] == '_' || name[0] == '.'; }

Status ListError(const std::string& path, const std::error_code& ec) {
  return Status::Error(ErrorKind::kInvalidArgument, "cannot list the directory " + path + ": " + ec.message());
}

}  // namespace

Result<std::vector<std::string>> ListRowFiles(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status)) {
    return Status::Error(ErrorKind::kInvalidArgument, "no such row file or directory: " + path);
  }
  if (ec) return ListError(path, ec);
  if (!fs::is_directory(status)) return std::vector<std::string>{path};
  std::vector<std::string> names;
  fs::directory_iterator it(path, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::error_code type_ec;  // an entry that vanished or cannot be read is no regular file
    if (!IsHidden(name) && it->is_regular_file(type_ec)) names.push_back(std::move(name));
  }
  if (ec) return ListError(path, ec);
  std::sort(names.begin(), names.end());  // std::string compares bytes as unsigned char
  std::vector<std::string> out;
  out.reserve(names.size());
  for (const std::string& name : names) out.push_back((fs::path(path) / name).string());
  return out;
}

Result<RowFileSet> RowFileSet::Open(const std::string& path, const Schema* reader, ValidationLevel level) {
  ZR_ASSIGN_OR_RETURN(std::vector<std::string> paths, ListRowFiles(path));
  if (paths.empty() && reader == nullptr) {
    return Status::Error(ErrorKind::kInvalidArgument,
                         "the directory " + path +
                             " holds no row files (names starting with \"_\" or \".\" are skipped) and no reader "
                             "schema was given to read it as empty");
  }
  return Open(paths, reader, level);
}

Result<RowFileSet> RowFileSet::Open(const std::vector<std::string>& paths, const Schema* reader,
                                    ValidationLevel level) {
  if (paths.empty() && reader == nullptr) {
    return Status::Error(ErrorKind::kInvalidArgument, "RowFileSet::Open: no row files and no reader schema");
  }
  RowFileSet out;
  if (reader != nullptr) out.reader_ = *reader;
  for (const std::string& path : paths) {
    ZR_ASSIGN_OR_RETURN(RowFileReader file,
                        RowFileReader::OpenWith(path, RowFileReadOptions{level, false}, [&](const Schema& schema) {
                          return out.ResolutionOf(path, schema, reader != nullptr);
                        }));
    out.starts_.push_back(out.starts_.back() + file.num_rows());
    out.files_.push_back(std::move(file));
    out.paths_.push_back(path);
  }
  return out;
}

Result<Resolution> RowFileSet::ResolutionOf(const std::string& path, const Schema& schema, bool reader_given) {
  if (!reader_given && files_.empty()) {
    reader_ = schema;  // without a reader schema, the first file's is the one to read
  } else if (!reader_given && schema.fingerprint() != reader_.fingerprint()) {
    return Status::Error(ErrorKind::kSchemaMismatch,
                         "row file " + path + " has schema " + schema.fingerprint_hex() + " but row file " +
                             paths_.front() + " has schema " + reader_.fingerprint_hex() +
                             ": give a reader schema to read files of several writer schemas");
  }
  auto found = resolutions_.find(schema.fingerprint());
  if (found != resolutions_.end() && found->second.writer().Equals(schema)) return found->second;
  ZR_ASSIGN_OR_RETURN(Resolution resolution, RowFileReader::ResolveFile(path, schema, reader_));
  resolutions_.emplace(schema.fingerprint(), resolution);  // a colliding fingerprint keeps the first
  return resolution;
}

Status RowFileSet::CheckRow(int64_t k) const {
  if (k >= 0 && k < num_rows()) return Status::OK();
  return Status::Error(ErrorKind::kOutOfRange,
                       "row " + std::to_string(k) + " out of range [0, " + std::to_string(num_rows()) + ")", {},
                       num_rows(), k);
}

int RowFileSet::file_of(int64_t k) const {
  // starts_ is sorted; files without rows repeat a start, and the last file starting at or
  // before k is the one that holds it.
  return static_cast<int>(std::upper_bound(starts_.begin(), starts_.end(), k) - starts_.begin()) - 1;
}

Result<ResolvedRow> RowFileSet::resolved_row(int64_t k) const {
  ZR_RETURN_NOT_OK(CheckRow(k));
  const int f = file_of(k);
  return file(f).resolved_row(k - first_row(f));
}

Result<BinaryRow> RowFileSet::row(int64_t k) const {
  ZR_RETURN_NOT_OK(CheckRow(k));
  const int f = file_of(k);
  return file(f).row(k - first_row(f));
}

Result<RowBatch> RowFileSet::ReaderRows() const {
  RowBatch out;
  for (int f = 0; f < num_files(); ++f) {
    Status st = file(f).AppendReaderRows(&out);
    if (!st.ok()) return std::move(st).WithContext("row file " + path(f));
  }
  return out;
}

}  // namespace zerorow::arrow_io
