// Row files (SPEC §5) over Arrow C++ IPC.
#include "zerorow/arrow/row_file.h"

#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/ipc/api.h>

#include "zerorow/arrow/adapter.h"
#include "zerorow/arrow/resolved.h"

namespace zerorow::arrow_io {
namespace {

// An Arrow error as a zerorow Status (I/O and IPC errors are invalid_argument for a
// missing file, invalid_data for a file Arrow cannot read).
Status FromArrow(const ::arrow::Status& st, ErrorKind kind, std::string_view what) {
  if (st.ok()) return Status::OK();
  return Status::Error(kind, std::string(what) + ": " + st.ToString());
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

Status WriteRowFile(const std::string& path, const Schema& schema, const RowBatch& rows) {
  ::arrow::BinaryBuilder builder;
  for (int64_t k = 0; k < rows.num_rows(); ++k) {
    auto bytes = rows.row_bytes(k);
    auto wrapped = BinaryRow::Wrap(bytes, schema);
    if (!wrapped.ok()) {
      const Status& st = wrapped.status();
      return Status::Error(st.kind(), "row " + std::to_string(k) + ": " + st.message(), st.path(), st.expected(),
                           st.actual());
    }
    ZR_RETURN_NOT_OK(FromArrow(builder.Append(bytes.data(), static_cast<int64_t>(bytes.size())),
                               ErrorKind::kInvalidArgument, "building the row column"));
  }
  std::shared_ptr<::arrow::Array> column;
  ZR_RETURN_NOT_OK(FromArrow(builder.Finish(&column), ErrorKind::kInvalidArgument, "building the row column"));
  auto metadata =
      ::arrow::key_value_metadata({kVersionKey, kSchemaKey, kFingerprintKey},
                                  {std::to_string(kFormatVersion), schema.ToJson(), schema.fingerprint_hex()});
  auto field = ::arrow::field(kRowColumn, ::arrow::binary(), /*nullable=*/false, metadata);
  auto arrow_schema = ::arrow::schema({field});
  auto batch = ::arrow::RecordBatch::Make(arrow_schema, rows.num_rows(), {column});

  auto sink = ::arrow::io::FileOutputStream::Open(path);
  ZR_RETURN_NOT_OK(FromArrow(sink.status(), ErrorKind::kInvalidArgument, "opening " + path));
  auto writer = ::arrow::ipc::MakeFileWriter(*sink, arrow_schema);
  ZR_RETURN_NOT_OK(FromArrow(writer.status(), ErrorKind::kInvalidArgument, "writing " + path));
  ZR_RETURN_NOT_OK(FromArrow((*writer)->WriteRecordBatch(*batch), ErrorKind::kInvalidArgument, "writing " + path));
  ZR_RETURN_NOT_OK(FromArrow((*writer)->Close(), ErrorKind::kInvalidArgument, "writing " + path));
  return FromArrow((*sink)->Close(), ErrorKind::kInvalidArgument, "closing " + path);
}

Result<RowFile> RowFile::Open(const std::string& path, const Schema* reader_schema, ValidationLevel level) {
  auto file = ::arrow::io::ReadableFile::Open(path);
  ZR_RETURN_NOT_OK(FromArrow(file.status(), ErrorKind::kInvalidArgument, "opening " + path));
  auto reader = ::arrow::ipc::RecordBatchFileReader::Open(*file);
  ZR_RETURN_NOT_OK(FromArrow(reader.status(), ErrorKind::kInvalidData, "not an Arrow IPC file"));
  const auto& arrow_schema = (*reader)->schema();
  if (arrow_schema->num_fields() != 1 || arrow_schema->field(0)->name() != kRowColumn) {
    return Status::InvalidData("a row file has exactly one column named \"row\"; found " + arrow_schema->ToString());
  }
  const auto& field = arrow_schema->field(0);
  auto type_id = field->type()->id();
  if (type_id != ::arrow::Type::BINARY && type_id != ::arrow::Type::LARGE_BINARY) {
    return Status::InvalidData("the row column is " + field->type()->ToString() + ", not binary or large_binary");
  }
  if (field->nullable()) return Status::InvalidData("the row column is nullable");
  const auto& meta = field->metadata();
  std::string values[3];
  const char* keys[3] = {kVersionKey, kSchemaKey, kFingerprintKey};
  for (int i = 0; i < 3; ++i) {
    auto v = meta ? meta->Get(keys[i]) : ::arrow::Result<std::string>(::arrow::Status::KeyError(""));
    if (!v.ok()) return Status::InvalidData(std::string("the row column has no ") + keys[i] + " metadata");
    values[i] = *v;
  }
  RowFile out;
  out.version_ = values[0];
  ZR_RETURN_NOT_OK(CheckVersion(values[0]));
  // The fingerprint of the schema, not of its text: aliases are left out of it (SPEC §4.2).
  ZR_ASSIGN_OR_RETURN(out.schema_, Schema::FromJson(values[1]));
  std::string text_fp = out.schema_.fingerprint_hex();
  if (values[2] != text_fp) {
    return Status::InvalidData("zerorow.fingerprint " + values[2] + " is not the fingerprint of zerorow.schema (" +
                               text_fp + ")");
  }
  // SPEC §13.5: the file's schema resolved to the reader's when the file is opened.
  auto resolution = Resolve(out.schema_, reader_schema ? *reader_schema : out.schema_);
  if (!resolution.ok()) {
    const Status& st = resolution.status();
    return Status::Error(st.kind(),
                         "row file " + path + ": its schema " + out.schema_.fingerprint_hex() +
                             " cannot be read as the reader schema " + reader_schema->fingerprint_hex() + ": " +
                             st.message(),
                         st.path());
  }
  out.resolution_ = *resolution;
  for (int b = 0; b < (*reader)->num_record_batches(); ++b) {
    auto batch = (*reader)->ReadRecordBatch(b);
    ZR_RETURN_NOT_OK(FromArrow(batch.status(), ErrorKind::kInvalidData, "reading record batch " + std::to_string(b)));
    ZR_RETURN_NOT_OK(FromArrow((*batch)->ValidateFull(), ErrorKind::kInvalidData, "record batch " + std::to_string(b)));
    const auto& column = *(*batch)->column(0);
    if (type_id == ::arrow::Type::BINARY) {
      ZR_RETURN_NOT_OK(AppendRows(static_cast<const ::arrow::BinaryArray&>(column), &out.rows_));
    } else {
      ZR_RETURN_NOT_OK(AppendRows(static_cast<const ::arrow::LargeBinaryArray&>(column), &out.rows_));
    }
  }
  for (int64_t k = 0; k < out.rows_.num_rows(); ++k) {
    Status st = Validate(out.rows_.row_bytes(k), out.schema_, level);
    if (!st.ok()) {
      return Status::Error(st.kind(), "row " + std::to_string(k) + ": " + st.message(), st.path(), st.expected(),
                           st.actual());
    }
  }
  return out;
}

Result<RowBatch> RowFile::ReaderRows() const {
  if (resolution_.is_identity()) return rows_;
  RowBatch out;
  ZR_RETURN_NOT_OK(AppendReaderRows(resolution_, rows_, &out));
  return out;
}

}  // namespace zerorow::arrow_io
