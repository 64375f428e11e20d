// Row files (SPEC §5) over Arrow C++ IPC.
#include "zerorow/arrow/row_file.h"

#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/ipc/api.h>

#include <algorithm>

#include "zerorow/arrow/adapter.h"
#include "zerorow/arrow/resolved.h"

namespace zerorow::arrow_io {
namespace {

// An error met in the file at `path`, named by it first ("row file a.zrow: row 3: invalid_data
// at name: ..."), so that a file of a directory is known by its error. The field path stays
// the path.
Status InFile(const std::string& path, Status st) {
  if (st.ok()) return st;
  return std::move(st).WithContext("row file " + path);
}

// An Arrow error as a zerorow Status (I/O and IPC errors are invalid_argument for a
// missing file, invalid_data for a file Arrow cannot read).
Status FromArrow(const ::arrow::Status& st, ErrorKind kind, std::string_view what) {
  if (st.ok()) return Status::OK();
  return Status::Unlocated(kind, std::string(what) + ": " + st.ToString());
}

// SPEC §5: the version's major number must be 1 ("1", "1.0", ...).
Status CheckVersion(const std::string& version) {
  std::string major = version.substr(0, version.find('.'));
  bool digits = !major.empty() && major.find_first_not_of("0123456789") == std::string::npos;
  if (!digits) return Status::InvalidData("zerorow.version \"" + version + "\" is not a version number");
  if (major != std::to_string(kFormatVersion)) {
    return Status::Unsupported("row file format version " + version + "; this reader reads major version " +
                               std::to_string(kFormatVersion));
  }
  return Status::OK();
}

template <typename ArrayT>
Status AppendRows(const ArrayT& column, RowBatch* out) {
  if (column.null_count() != 0) return Status::InvalidData("the row column has null entries");
  for (int64_t i = 0; i < column.length(); ++i) {
    auto v = column.GetView(i);
    out->bytes.insert(out->bytes.end(), reinterpret_cast<const uint8_t*>(v.data()),
                      reinterpret_cast<const uint8_t*>(v.data()) + v.size());
    out->offsets.push_back(static_cast<int64_t>(out->bytes.size()));
  }
  return Status::OK();
}

}  // namespace

// ---- writing -------------------------------------------------------------------------------

struct RowFileWriter::Impl {
  std::string path;
  Schema schema;
  int64_t batch_rows;
  ValidationLevel level = ValidationLevel::kBounds;
  std::shared_ptr<::arrow::Schema> arrow_schema;
  std::shared_ptr<::arrow::io::FileOutputStream> sink;
  std::shared_ptr<::arrow::ipc::RecordBatchWriter> writer;
  ::arrow::BinaryBuilder builder;
  int64_t num_rows = 0;
  int64_t num_batches = 0;
  bool closed = false;
};

namespace {

// The one-column Arrow schema of a row file of `schema` (SPEC §5).
std::shared_ptr<::arrow::Schema> RowFileArrowSchema(const Schema& schema) {
  auto metadata =
      ::arrow::key_value_metadata({kVersionKey, kSchemaKey, kFingerprintKey},
                                  {std::to_string(kFormatVersion), schema.ToJson(), schema.fingerprint_hex()});
  return ::arrow::schema({::arrow::field(kRowColumn, ::arrow::binary(), /*nullable=*/false, metadata)});
}

}  // namespace

RowFileWriter::RowFileWriter() = default;
RowFileWriter::RowFileWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RowFileWriter::RowFileWriter(RowFileWriter&&) noexcept = default;
RowFileWriter& RowFileWriter::operator=(RowFileWriter&&) noexcept = default;
RowFileWriter::~RowFileWriter() {
  if (impl_ && !impl_->closed) (void)Close();  // no caller left to report an error to
}

Result<RowFileWriter> RowFileWriter::Open(const std::string& path, const Schema& schema, int64_t batch_rows,
                                          ValidationLevel level) {
  if (batch_rows < 1)
    return Status::Unlocated(ErrorKind::kInvalidArgument,
                             "batch_rows must be >= 1 but is " + std::to_string(batch_rows))
        .WithContext("row file " + path);
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->schema = schema;
  impl->batch_rows = batch_rows;
  impl->level = level;
  impl->arrow_schema = RowFileArrowSchema(schema);
  auto sink = ::arrow::io::FileOutputStream::Open(path);
  ZR_RETURN_NOT_OK(InFile(path, FromArrow(sink.status(), ErrorKind::kInvalidArgument, "cannot open")));
  impl->sink = *sink;
  auto writer = ::arrow::ipc::MakeFileWriter(impl->sink, impl->arrow_schema);
  ZR_RETURN_NOT_OK(InFile(path, FromArrow(writer.status(), ErrorKind::kInvalidArgument, "cannot write")));
  impl->writer = *writer;
  return RowFileWriter(std::move(impl));
}

const Schema& RowFileWriter::schema() const {
  static const Schema kNone;
  return impl_ ? impl_->schema : kNone;
}
int64_t RowFileWriter::num_rows() const { return impl_ ? impl_->num_rows : 0; }

Status RowFileWriter::Refused(const char* call) const {
  if (!impl_)
    return Status::Unlocated(ErrorKind::kInvalidArgument,
                             std::string("RowFileWriter::") + call + " on a writer not opened (use Open)");
  return Status::Unlocated(ErrorKind::kInvalidArgument, std::string("RowFileWriter::") + call + " after Close()")
      .WithContext("row file " + impl_->path);
}

Status RowFileWriter::Write(std::span<const uint8_t> row_bytes) {
  if (!impl_ || impl_->closed) return Refused("Write");
  // W1-W2 keep every row of the file 8-byte aligned whatever the level; kFull checks what
  // every reader at kFull will (SPEC §6.3), so no reader refuses a row this writer accepted.
  Status check = impl_->level == ValidationLevel::kFull ? Validate(row_bytes, impl_->schema, ValidationLevel::kFull)
                                                        : BinaryRow::Wrap(row_bytes, impl_->schema).status();
  if (!check.ok()) return InFile(impl_->path, std::move(check).WithContext("row " + std::to_string(impl_->num_rows)));
  ZR_RETURN_NOT_OK(
      InFile(impl_->path, FromArrow(impl_->builder.Append(row_bytes.data(), static_cast<int64_t>(row_bytes.size())),
                                    ErrorKind::kInvalidArgument, "building the row column")));
  ++impl_->num_rows;
  if (impl_->builder.length() >= impl_->batch_rows) return Flush();
  return Status::OK();
}

Status RowFileWriter::Write(const RowBatch& rows) {
  for (int64_t k = 0; k < rows.num_rows(); ++k) ZR_RETURN_NOT_OK(Write(rows.row_bytes(k)));
  return Status::OK();
}

Status RowFileWriter::Flush() {
  if (!impl_ || impl_->closed) return Refused("Flush");
  if (impl_->builder.length() == 0) return Status::OK();
  return WriteBatch();
}

Status RowFileWriter::WriteBatch() {
  const int64_t n = impl_->builder.length();
  std::shared_ptr<::arrow::Array> column;
  ZR_RETURN_NOT_OK(FromArrow(impl_->builder.Finish(&column), ErrorKind::kInvalidArgument, "building the row column"));
  auto batch = ::arrow::RecordBatch::Make(impl_->arrow_schema, n, {column});
  ++impl_->num_batches;
  return InFile(impl_->path, FromArrow(impl_->writer->WriteRecordBatch(*batch), ErrorKind::kInvalidArgument,
                                       "cannot write a record batch"));
}

Status RowFileWriter::Close() {
  if (!impl_ || impl_->closed) return Refused("Close");
  // A file without rows still gets one (empty) batch, as readers that expect one see it.
  Status flushed = impl_->builder.length() > 0 || impl_->num_batches == 0 ? WriteBatch() : Status::OK();
  impl_->closed = true;
  ZR_RETURN_NOT_OK(flushed);
  ZR_RETURN_NOT_OK(
      InFile(impl_->path, FromArrow(impl_->writer->Close(), ErrorKind::kInvalidArgument, "cannot finish the file")));
  return InFile(impl_->path, FromArrow(impl_->sink->Close(), ErrorKind::kInvalidArgument, "cannot close the file"));
}

Status WriteRowFile(const std::string& path, const Schema& schema, const RowBatch& rows, ValidationLevel level) {
  ZR_ASSIGN_OR_RETURN(RowFileWriter writer,
                      RowFileWriter::Open(path, schema, std::max<int64_t>(rows.num_rows(), 1), level));
  ZR_RETURN_NOT_OK(writer.Write(rows));
  return writer.Close();
}

// ---- reading -------------------------------------------------------------------------------

namespace {

// The metadata of a row file's one column (SPEC §5): version, schema text, fingerprint.
struct RowColumnMeta {
  std::string version, schema_json, fingerprint;
  bool large = false;  // large_binary
};

// SPEC §5's checks of the file's Arrow schema: one non-nullable binary or large_binary
// column `row` carrying the three keys.
Result<RowColumnMeta> ReadRowColumn(const ::arrow::Schema& arrow_schema) {
  if (arrow_schema.num_fields() != 1 || arrow_schema.field(0)->name() != kRowColumn) {
    return Status::InvalidData("a row file has exactly one column named \"row\"; found " + arrow_schema.ToString());
  }
  const auto& field = arrow_schema.field(0);
  const auto type_id = field->type()->id();
  if (type_id != ::arrow::Type::BINARY && type_id != ::arrow::Type::LARGE_BINARY) {
    return Status::InvalidData("the row column is " + field->type()->ToString() + ", not binary or large_binary");
  }
  if (field->nullable()) return Status::InvalidData("the row column is nullable");
  const auto& meta = field->metadata();
  RowColumnMeta out;
  out.large = type_id == ::arrow::Type::LARGE_BINARY;
  std::string* values[3] = {&out.version, &out.schema_json, &out.fingerprint};
  const char* keys[3] = {kVersionKey, kSchemaKey, kFingerprintKey};
  for (int i = 0; i < 3; ++i) {
    auto v = meta ? meta->Get(keys[i]) : ::arrow::Result<std::string>(::arrow::Status::KeyError(""));
    if (!v.ok()) return Status::InvalidData(std::string("the row column has no ") + keys[i] + " metadata");
    *values[i] = *v;
  }
  return out;
}

// The file's schema, after the version and fingerprint checks.
Result<Schema> ReadSchema(const RowColumnMeta& meta) {
  ZR_RETURN_NOT_OK(CheckVersion(meta.version));
  // The fingerprint of the schema, not of its text: aliases are left out of it (SPEC §4.2).
  ZR_ASSIGN_OR_RETURN(Schema schema, Schema::FromJson(meta.schema_json));
  std::string schema_fp = schema.fingerprint_hex();
  if (meta.fingerprint != schema_fp) {
    return Status::InvalidData("zerorow.fingerprint " + meta.fingerprint +
                               " is not the fingerprint of zerorow.schema (" + schema_fp + ")");
  }
  return schema;
}

// Every record batch's rows, appended to `out`.
Status ReadBatches(::arrow::ipc::RecordBatchFileReader& reader, bool large, RowBatch* out) {
  for (int b = 0; b < reader.num_record_batches(); ++b) {
    auto batch = reader.ReadRecordBatch(b);
    ZR_RETURN_NOT_OK(FromArrow(batch.status(), ErrorKind::kInvalidData, "reading record batch " + std::to_string(b)));
    ZR_RETURN_NOT_OK(FromArrow((*batch)->ValidateFull(), ErrorKind::kInvalidData, "record batch " + std::to_string(b)));
    const auto& column = *(*batch)->column(0);
    if (large) {
      ZR_RETURN_NOT_OK(AppendRows(static_cast<const ::arrow::LargeBinaryArray&>(column), out));
    } else {
      ZR_RETURN_NOT_OK(AppendRows(static_cast<const ::arrow::BinaryArray&>(column), out));
    }
  }
  return Status::OK();
}

// Every row validated against the file's schema at `level`; an error names the row.
Status ValidateRows(const RowBatch& rows, const Schema& schema, ValidationLevel level) {
  for (int64_t k = 0; k < rows.num_rows(); ++k) {
    Status st = Validate(rows.row_bytes(k), schema, level);
    if (!st.ok()) return std::move(st).WithContext("row " + std::to_string(k));
  }
  return Status::OK();
}

// The file's Arrow IPC reader, its row column's metadata and its schema (SPEC §5 checks).
struct OpenedFile {
  std::shared_ptr<::arrow::ipc::RecordBatchFileReader> reader;
  RowColumnMeta meta;
  Schema schema;
};

Status OpenFile(const std::string& path, OpenedFile* out) {
  auto file = ::arrow::io::ReadableFile::Open(path);
  ZR_RETURN_NOT_OK(FromArrow(file.status(), ErrorKind::kInvalidArgument, "cannot open"));
  auto reader = ::arrow::ipc::RecordBatchFileReader::Open(*file);
  ZR_RETURN_NOT_OK(FromArrow(reader.status(), ErrorKind::kInvalidData, "not an Arrow IPC file"));
  out->reader = *reader;
  ZR_ASSIGN_OR_RETURN(out->meta, ReadRowColumn(*out->reader->schema()));
  ZR_ASSIGN_OR_RETURN(out->schema, ReadSchema(out->meta));
  return Status::OK();
}

}  // namespace

Result<Resolution> RowFileReader::ResolveFile(const std::string& path, const Schema& file_schema,
                                              const Schema& reader) {
  auto resolution = Resolve(file_schema, reader);
  if (resolution.ok()) return resolution;
  const Status& st = resolution.status();
  return InFile(path,
                Status::Error(st.kind(),
                              "its schema " + file_schema.fingerprint_hex() + " cannot be read as the reader schema " +
                                  reader.fingerprint_hex() + ": " + st.message(),
                              st.path()));
}

Result<RowFileReader> RowFileReader::Open(const std::string& path, const Schema* reader_schema, ValidationLevel level) {
  // SPEC §13.5: the file's schema resolved to the reader's when the file is opened (to itself
  // when no reader schema is given).
  return OpenWith(path, level, [&](const Schema& schema) {
    return ResolveFile(path, schema, reader_schema != nullptr ? *reader_schema : schema);
  });
}

Result<RowFileReader> RowFileReader::OpenWith(const std::string& path, ValidationLevel level,
                                              const ResolveFn& resolve) {
  OpenedFile opened;
  ZR_RETURN_NOT_OK(InFile(path, OpenFile(path, &opened)));
  RowFileReader out;
  out.version_ = opened.meta.version;
  out.schema_ = opened.schema;
  ZR_ASSIGN_OR_RETURN(out.resolution_, resolve(out.schema_));  // its refusals name the file already
  ZR_RETURN_NOT_OK(InFile(path, ReadBatches(*opened.reader, opened.meta.large, &out.rows_)));
  ZR_RETURN_NOT_OK(InFile(path, ValidateRows(out.rows_, out.schema_, level)));
  return out;
}

Status RowFileReader::CheckRow(int64_t k) const {
  if (k >= 0 && k < num_rows()) return Status::OK();
  return Status::Error(ErrorKind::kOutOfRange,
                       "row " + std::to_string(k) + " out of range [0, " + std::to_string(num_rows()) + ")", {},
                       num_rows(), k);
}

Result<RowBatch> RowFileReader::ReaderRows() const {
  if (resolution_.is_identity()) return rows_;
  RowBatch out;
  ZR_RETURN_NOT_OK(AppendReaderRows(resolution_, rows_, &out));
  return out;
}

}  // namespace zerorow::arrow_io
