// Row files (SPEC §5) over Arrow C++ IPC.
#include "zerorow/arrow/row_file.h"

#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/io/memory.h>
#include <arrow/ipc/api.h>
#include <arrow/util/compression.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "zerorow/arrow/adapter.h"
#include "zerorow/arrow/resolved.h"
#include "zerorow/crc32c.h"

namespace zerorow::arrow_io {
namespace {

// An Arrow error as a zerorow Status (I/O and IPC errors are invalid_argument for a
// missing file, invalid_data for a file Arrow cannot read).
Status FromArrow(const ::arrow::Status& st, ErrorKind kind, std::string_view what) {
  if (st.ok()) return Status::OK();
  return Status::Unlocated(kind, std::string(what) + ": " + st.ToString());
}

// An error met in the file at `path`, named by it first ("row file a.zrow: row 3: invalid_data
// at name: ..."), so that a file of a directory is known by its error. The field path stays
// the path.
Status InFile(const std::string& path, Status st) {
  if (st.ok()) return st;
  return std::move(st).WithContext("row file " + path);
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

std::string_view CompressionName(Compression c) {
  switch (c) {
    case Compression::kLz4:
      return "lz4";
    case Compression::kZstd:
      return "zstd";
    case Compression::kNone:
      break;
  }
  return "none";
}

Result<Compression> ParseCompression(std::string_view name) {
  for (Compression c : {Compression::kNone, Compression::kLz4, Compression::kZstd}) {
    if (name == CompressionName(c)) return c;
  }
  return Status::Error(ErrorKind::kInvalidArgument,
                       "unknown row file compression \"" + std::string(name) + "\": use none, lz4 or zstd (SPEC §5.2)");
}

struct RowFileWriter::Impl {
  std::string path;
  Schema schema;
  int64_t batch_rows;
  bool checksum = true;
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

// The Arrow schema of a row file of `schema` (SPEC §5): the row column, then the CRC-32C
// column (SPEC §5.1) when `checksum`.
std::shared_ptr<::arrow::Schema> RowFileArrowSchema(const Schema& schema, bool checksum) {
  auto metadata =
      ::arrow::key_value_metadata({kVersionKey, kSchemaKey, kFingerprintKey},
                                  {std::to_string(kFormatVersion), schema.ToJson(), schema.fingerprint_hex()});
  ::arrow::FieldVector fields = {::arrow::field(kRowColumn, ::arrow::binary(), /*nullable=*/false, metadata)};
  if (checksum) fields.push_back(::arrow::field(kCrcColumn, ::arrow::uint32(), /*nullable=*/false));
  return ::arrow::schema(fields);
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
  RowFileWriteOptions options;
  options.batch_rows = batch_rows;
  options.level = level;
  return Open(path, schema, options);
}

Result<RowFileWriter> RowFileWriter::Open(const std::string& path, const Schema& schema,
                                          const RowFileWriteOptions& options) {
  const int64_t batch_rows = options.batch_rows;
  if (batch_rows < 1)
    return Status::Unlocated(ErrorKind::kInvalidArgument,
                             "batch_rows must be >= 1 but is " + std::to_string(batch_rows))
        .WithContext("row file " + path);
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->schema = schema;
  impl->batch_rows = batch_rows;
  impl->level = options.level;
  impl->checksum = options.checksum;
  impl->arrow_schema = RowFileArrowSchema(schema, options.checksum);
  auto ipc_options = ::arrow::ipc::IpcWriteOptions::Defaults();
  if (options.compression != Compression::kNone) {
    auto codec = ::arrow::util::Codec::Create(options.compression == Compression::kLz4 ? ::arrow::Compression::LZ4_FRAME
                                                                                       : ::arrow::Compression::ZSTD);
    ZR_RETURN_NOT_OK(InFile(path, FromArrow(codec.status(), ErrorKind::kUnsupported, "compression")));
    ipc_options.codec = std::shared_ptr<::arrow::util::Codec>(std::move(*codec));
  }
  auto sink = ::arrow::io::FileOutputStream::Open(path);
  ZR_RETURN_NOT_OK(InFile(path, FromArrow(sink.status(), ErrorKind::kInvalidArgument, "cannot open")));
  impl->sink = *sink;
  auto writer = ::arrow::ipc::MakeFileWriter(impl->sink, impl->arrow_schema, ipc_options);
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
  ::arrow::ArrayVector columns = {column};
  if (impl_->checksum) {  // SPEC §5.1: the CRC-32C of each row, beside it
    const auto& rows = static_cast<const ::arrow::BinaryArray&>(*column);
    ::arrow::UInt32Builder crcs;
    ZR_RETURN_NOT_OK(FromArrow(crcs.Reserve(n), ErrorKind::kInvalidArgument, "building the crc32c column"));
    for (int64_t i = 0; i < n; ++i) {
      auto v = rows.GetView(i);
      crcs.UnsafeAppend(Crc32c({reinterpret_cast<const uint8_t*>(v.data()), v.size()}));
    }
    std::shared_ptr<::arrow::Array> crc_column;
    ZR_RETURN_NOT_OK(FromArrow(crcs.Finish(&crc_column), ErrorKind::kInvalidArgument, "building the crc32c column"));
    columns.push_back(crc_column);
  }
  auto batch = ::arrow::RecordBatch::Make(impl_->arrow_schema, n, columns);
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

// The metadata of a row file's row column (SPEC §5): version, schema text, fingerprint.
struct RowColumnMeta {
  std::string version, schema_json, fingerprint;
  bool large = false;     // large_binary
  bool checksum = false;  // the crc32c column follows (SPEC §5.1)
};

// SPEC §5's checks of the file's Arrow schema: one non-nullable binary or large_binary
// column `row` carrying the three keys, and optionally a non-nullable uint32 `crc32c`.
Result<RowColumnMeta> ReadRowColumn(const ::arrow::Schema& arrow_schema) {
  const int n = arrow_schema.num_fields();
  bool crc = n == 2 && arrow_schema.field(1)->name() == kCrcColumn;
  if ((n != 1 && !crc) || arrow_schema.field(0)->name() != kRowColumn) {
    return Status::InvalidData("a row file has one column named \"row\" (and optionally \"crc32c\", SPEC §5); found " +
                               arrow_schema.ToString());
  }
  if (crc) {
    const auto& f = arrow_schema.field(1);
    if (f->type()->id() != ::arrow::Type::UINT32 || f->nullable())
      return Status::InvalidData("the crc32c column is " + std::string(f->nullable() ? "nullable " : "") +
                                 f->type()->ToString() + ", not a non-nullable uint32 (SPEC §5.1)");
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
  out.checksum = crc;
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

template <typename T>
Result<T> InFileR(const std::string& path, Result<T> r) {
  if (r.ok()) return r;
  return InFile(path, r.status());
}

// ---- SPEC §5.3: the messages of an IPC file read from its start ----------------------------

// One encapsulated message: where it starts, where its body starts and ends, its header
// type (Message.fbs: 1 schema, 3 record batch) and a record batch's length (-1: none).
struct Message {
  int64_t at = 0, body_at = 0, end = 0;
  int kind = 0;
  int64_t rows = -1;
  Compression compression = Compression::kNone;  // a record batch's (RecordBatch.compression)
};

// Reads the four fields of a Message flatbuffer the walk needs, each with a bounds check.
class FlatMessage {
 public:
  FlatMessage(const uint8_t* p, int64_t n) : p_(p), n_(n) {}
  bool Parse(Message* m) {
    uint32_t root;
    if (!Read(0, &root)) return false;
    uint8_t kind = 0;
    int64_t body = 0;
    if (!Field(root, 1, &kind) || !Field(root, 3, &body) || body < 0) return false;
    m->kind = kind;
    m->body_at = 0;
    m->end = body;  // the caller adds the body's start
    if (kind == 3) {
      int64_t at = Slot(root, 2);
      uint32_t rel;
      if (at <= 0 || !Read(root + at, &rel)) return false;
      const int64_t batch = root + at + rel;
      int64_t rows = 0;
      if (!Field(batch, 0, &rows)) return false;
      m->rows = rows;
      int64_t comp = Slot(batch, 3);
      if (comp < 0) return false;
      if (comp > 0) {  // BodyCompression.codec: LZ4_FRAME 0, ZSTD 1
        uint32_t crel;
        uint8_t codec = 0;
        if (!Read(batch + comp, &crel) || !Field(batch + comp + crel, 0, &codec)) return false;
        m->compression = codec == 1 ? Compression::kZstd : Compression::kLz4;
      }
    }
    return true;
  }

 private:
  template <typename T>
  bool Read(int64_t at, T* out) const {
    if (at < 0 || at + static_cast<int64_t>(sizeof(T)) > n_) return false;
    std::memcpy(out, p_ + at, sizeof(T));
    return true;
  }
  // The offset of field k of the table at `table` from it, 0 when absent, -1 when damaged.
  int64_t Slot(int64_t table, int k) const {
    int32_t back;
    uint16_t vt_size, off;
    if (!Read(table, &back)) return -1;
    int64_t vt = table - back;
    if (!Read(vt, &vt_size)) return -1;
    if (4 + 2 * k >= vt_size) return 0;
    if (!Read(vt + 4 + 2 * k, &off)) return -1;
    return off;
  }
  template <typename T>
  bool Field(int64_t table, int k, T* out) const {
    int64_t off = Slot(table, k);
    if (off < 0) return false;
    if (off == 0) return true;  // the default, already in *out
    return Read(table + off, out);
  }
  const uint8_t* p_;
  int64_t n_;
};

// What the walk found: the complete messages, and how the file ends.
struct Walk {
  std::vector<Message> messages;  // schema, then record batches, all complete
  Status problem;                 // truncated (cut) or invalid_data (damaged), OK when complete
  int64_t rows_lost = -1;         // SPEC §5.3: known only when the cut batch's header is whole
  int64_t incomplete_at = -1;
  int64_t footer_at = -1;  // where the footer starts, when the file ends with one
};

std::string Rows(int64_t n) { return std::to_string(n) + (n == 1 ? " row" : " rows"); }

Walk WalkMessages(const std::string& path, const uint8_t* data, int64_t size) {
  Walk w;
  int64_t limit = size, footer_at = -1;
  if (size >= 18 && std::memcmp(data + size - 6, "ARROW1", 6) == 0) {
    int32_t footer_len;
    std::memcpy(&footer_len, data + size - 10, 4);
    if (footer_len >= 0 && footer_len <= size - 18) footer_at = limit = size - 10 - footer_len;
  }
  auto cut = [&](int64_t at, const std::string& expected, int64_t lost) {
    int64_t batches = 0, rows = 0;
    for (const Message& m : w.messages) {
      if (m.kind == 3) {
        ++batches;
        rows += m.rows;
      }
    }
    w.rows_lost = lost;
    w.incomplete_at = at;
    w.problem = InFile(path, Status::Error(ErrorKind::kTruncated,
                                           "it ends at byte " + std::to_string(size) +
                                               " without its footer: it was cut, or its writer never finished it "
                                               "(expected " +
                                               expected + "); recovery reads the " + Rows(rows) + " of its " +
                                               std::to_string(batches) + " complete batches",
                                           {}, std::nullopt, size));
  };
  auto damaged = [&](int64_t at, const std::string& what) {
    w.incomplete_at = at;
    w.problem =
        InFile(path, Status::Error(ErrorKind::kInvalidData, "damaged at byte " + std::to_string(at) + ": " + what, {},
                                   std::nullopt, at));
  };
  if (size < 8 || std::memcmp(data, "ARROW1", 6) != 0) {
    if (size < 8 && (size == 0 || std::memcmp(data, "ARROW1\0\0", static_cast<size_t>(size)) == 0)) {
      cut(0, "the 8 bytes of the ARROW1 magic that start a row file", -1);
    } else {
      damaged(0, "it does not start with the ARROW1 magic: not an Arrow IPC file");
    }
    return w;
  }
  int64_t pos = 8;
  while (true) {
    if (pos == limit && limit < size) break;  // the footer follows
    if (pos + 8 > limit) {
      if (limit < size) return damaged(pos, "a message runs into the footer"), w;
      cut(pos,
          (w.messages.empty() ? "the schema message at byte " : "the next message or the footer at byte ") +
              std::to_string(pos),
          -1);
      return w;
    }
    uint32_t cont;
    int32_t len;
    std::memcpy(&cont, data + pos, 4);
    std::memcpy(&len, data + pos + 4, 4);
    if (cont != 0xFFFFFFFFu || len < 0) return damaged(pos, "not an encapsulated Arrow IPC message"), w;
    if (len == 0) {  // the end-of-stream marker: the footer must follow
      if (footer_at < 0) {
        cut(pos + 8, "the footer after the end-of-stream marker ending at byte " + std::to_string(pos + 8), 0);
      }
      break;
    }
    Message m;
    m.at = pos;
    const int64_t meta_end = pos + 8 + len;
    if (meta_end > limit) {
      if (limit < size) return damaged(pos, "a message header runs into the footer"), w;
      cut(pos, "the " + std::to_string(len) + "-byte header of the message at byte " + std::to_string(pos), -1);
      return w;
    }
    FlatMessage flat(data + pos + 8, len);
    if (!flat.Parse(&m)) return damaged(pos, "a message header that cannot be parsed"), w;
    m.body_at = meta_end;
    m.end = meta_end + m.end;
    if (m.kind != (w.messages.empty() ? 1 : 3))
      return damaged(pos, "a row file holds one schema message, then record batches"), w;
    if (m.end > limit) {
      if (limit < size) return damaged(pos, "a message body runs into the footer"), w;
      cut(pos, "the body of the message at byte " + std::to_string(pos) + " to end at byte " + std::to_string(m.end),
          m.rows);
      return w;
    }
    w.messages.push_back(m);
    pos = m.end;
  }
  w.footer_at = footer_at;
  return w;
}

// The rows of one Arrow batch (and their CRC-32C column), appended to the reader's state.
struct Loaded {
  RowBatch rows;
  std::vector<uint32_t> crcs;
  std::vector<int64_t> batch_starts, file_offsets;
};

template <typename ArrayT>
Status AppendRows(const ArrayT& column, const ::arrow::Array* crc, const uint8_t* file, int64_t file_size,
                  Loaded* out) {
  if (column.null_count() != 0) return Status::InvalidData("the row column has null entries");
  out->batch_starts.push_back(out->rows.num_rows());
  const uint8_t* values = column.value_data() ? column.value_data()->data() : nullptr;
  // A row's byte offset in the file when its batch is read in place (not decompressed).
  const bool in_place = values != nullptr && values >= file && values < file + file_size;
  for (int64_t i = 0; i < column.length(); ++i) {
    auto v = column.GetView(i);
    const auto* p = reinterpret_cast<const uint8_t*>(v.data());
    out->file_offsets.push_back(in_place ? p - file : -1);
    out->rows.bytes.insert(out->rows.bytes.end(), p, p + v.size());
    out->rows.offsets.push_back(static_cast<int64_t>(out->rows.bytes.size()));
  }
  if (crc != nullptr) {
    if (crc->null_count() != 0) return Status::InvalidData("the crc32c column has null entries");
    const auto& c = static_cast<const ::arrow::UInt32Array&>(*crc);
    for (int64_t i = 0; i < c.length(); ++i) out->crcs.push_back(c.Value(i));
  }
  return Status::OK();
}

Status AppendBatch(const ::arrow::RecordBatch& batch, const RowColumnMeta& meta, int64_t b, const uint8_t* file,
                   int64_t size, Loaded* out) {
  ZR_RETURN_NOT_OK(FromArrow(batch.ValidateFull(), ErrorKind::kInvalidData, "record batch " + std::to_string(b)));
  const ::arrow::Array* crc = meta.checksum ? batch.column(1).get() : nullptr;
  const auto& column = *batch.column(0);
  if (meta.large) return AppendRows(static_cast<const ::arrow::LargeBinaryArray&>(column), crc, file, size, out);
  return AppendRows(static_cast<const ::arrow::BinaryArray&>(column), crc, file, size, out);
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
  return Open(path, reader_schema, RowFileReadOptions{level, false});
}

Result<RowFileReader> RowFileReader::Open(const std::string& path, const Schema* reader_schema,
                                          const RowFileReadOptions& options) {
  // SPEC §13.5: the file's schema resolved to the reader's when the file is opened (to itself
  // when no reader schema is given).
  return OpenWith(path, options, [&](const Schema& schema) {
    return ResolveFile(path, schema, reader_schema != nullptr ? *reader_schema : schema);
  });
}

Result<RowFileReader> RowFileReader::OpenWith(const std::string& path, const RowFileReadOptions& options,
                                              const ResolveFn& resolve) {
  auto mapped = ::arrow::io::MemoryMappedFile::Open(path, ::arrow::io::FileMode::READ);
  ZR_RETURN_NOT_OK(InFile(path, FromArrow(mapped.status(), ErrorKind::kInvalidArgument, "cannot open")));
  auto size = (*mapped)->GetSize();
  ZR_RETURN_NOT_OK(InFile(path, FromArrow(size.status(), ErrorKind::kInvalidArgument, "cannot read its size")));
  std::shared_ptr<::arrow::Buffer> file;
  if (*size > 0) {
    auto buf = (*mapped)->ReadAt(0, *size);
    ZR_RETURN_NOT_OK(InFile(path, FromArrow(buf.status(), ErrorKind::kInvalidArgument, "cannot read")));
    file = *buf;
  } else {
    file = std::make_shared<::arrow::Buffer>(nullptr, 0);
  }
  const uint8_t* data = file->data();
  const int64_t n = file->size();

  RowFileReader out;
  RowColumnMeta meta;
  Loaded loaded;
  // SPEC §5.3: a complete file is read through its footer; any other is walked from its start
  // to name where it ends, and under `recover` its complete batches are read.
  auto reader = ::arrow::ipc::RecordBatchFileReader::Open(std::make_shared<::arrow::io::BufferReader>(file));
  Walk walk = WalkMessages(path, data, n);
  if (reader.ok()) {
    ZR_ASSIGN_OR_RETURN(meta, InFileR(path, ReadRowColumn(*(*reader)->schema())));
    ZR_ASSIGN_OR_RETURN(out.schema_, InFileR(path, ReadSchema(meta)));
    out.version_ = meta.version;
    ZR_ASSIGN_OR_RETURN(out.resolution_, resolve(out.schema_));  // its refusals name the file already
    for (int b = 0; b < (*reader)->num_record_batches(); ++b) {
      auto batch = (*reader)->ReadRecordBatch(b);
      ZR_RETURN_NOT_OK(InFile(
          path, FromArrow(batch.status(), ErrorKind::kInvalidData, "reading record batch " + std::to_string(b))));
      ZR_RETURN_NOT_OK(InFile(path, AppendBatch(**batch, meta, b, data, n, &loaded)));
    }
  } else {
    if (walk.problem.ok()) {  // every message is whole, yet Arrow cannot read the footer
      walk.incomplete_at = walk.footer_at;
      walk.rows_lost = 0;
      walk.problem = InFile(
          path, Status::Error(ErrorKind::kInvalidData,
                              "a damaged footer (at byte " + std::to_string(walk.footer_at) +
                                  "); its batches are whole: recovery reads them (" + reader.status().ToString() + ")",
                              {}, std::nullopt, n));
    }
    if (!options.recover || walk.messages.empty()) return walk.problem;
    const Message& first = walk.messages.front();
    auto schema_msg =
        ::arrow::ipc::Message::Open(::arrow::SliceBuffer(file, first.at + 8, first.body_at - first.at - 8),
                                    ::arrow::SliceBuffer(file, first.body_at, first.end - first.body_at));
    ZR_RETURN_NOT_OK(InFile(path, FromArrow(schema_msg.status(), ErrorKind::kInvalidData, "the schema message")));
    ::arrow::ipc::DictionaryMemo memo;
    auto arrow_schema = ::arrow::ipc::ReadSchema(**schema_msg, &memo);
    ZR_RETURN_NOT_OK(InFile(path, FromArrow(arrow_schema.status(), ErrorKind::kInvalidData, "the schema message")));
    ZR_ASSIGN_OR_RETURN(meta, InFileR(path, ReadRowColumn(**arrow_schema)));
    ZR_ASSIGN_OR_RETURN(out.schema_, InFileR(path, ReadSchema(meta)));
    out.version_ = meta.version;
    ZR_ASSIGN_OR_RETURN(out.resolution_, resolve(out.schema_));
    int64_t b = 0;
    for (size_t i = 1; i < walk.messages.size(); ++i, ++b) {
      const Message& m = walk.messages[i];
      auto msg = ::arrow::ipc::Message::Open(::arrow::SliceBuffer(file, m.at + 8, m.body_at - m.at - 8),
                                             ::arrow::SliceBuffer(file, m.body_at, m.end - m.body_at));
      ZR_RETURN_NOT_OK(InFile(path, FromArrow(msg.status(), ErrorKind::kInvalidData, "batch " + std::to_string(b))));
      auto batch = ::arrow::ipc::ReadRecordBatch(**msg, *arrow_schema, &memo, ::arrow::ipc::IpcReadOptions::Defaults());
      ZR_RETURN_NOT_OK(InFile(path, FromArrow(batch.status(), ErrorKind::kInvalidData, "batch " + std::to_string(b))));
      ZR_RETURN_NOT_OK(InFile(path, AppendBatch(**batch, meta, b, data, n, &loaded)));
    }
    out.recovery_.problem = walk.problem;
    out.recovery_.batches = b;
    out.recovery_.rows = loaded.rows.num_rows();
    out.recovery_.rows_lost = walk.rows_lost;
    out.recovery_.incomplete_at = walk.incomplete_at;
  }
  if (walk.messages.size() > 1) out.compression_ = walk.messages[1].compression;
  out.rows_ = std::move(loaded.rows);
  out.crcs_ = std::move(loaded.crcs);
  out.batch_starts_ = std::move(loaded.batch_starts);
  out.file_offsets_ = std::move(loaded.file_offsets);
  out.checksum_column_ = meta.checksum;
  if (options.level != ValidationLevel::kNone && meta.checksum) {  // SPEC §5.1, a batch at a time
    for (int64_t k = 0; k < out.num_rows(); ++k) ZR_RETURN_NOT_OK(out.CheckCrc(path, k));
  }
  for (int64_t k = 0; k < out.num_rows(); ++k) {
    Status st = Validate(out.rows_.row_bytes(k), out.schema_, options.level);
    if (!st.ok()) return InFile(path, std::move(st).WithContext("row " + std::to_string(k)));
  }
  return out;
}

int64_t RowFileReader::batch_of(int64_t k) const {
  auto it = std::upper_bound(batch_starts_.begin(), batch_starts_.end(), k);
  return static_cast<int64_t>(it - batch_starts_.begin()) - 1;
}

Status RowFileReader::CheckCrc(const std::string& path, int64_t k) const {
  if (crcs_.empty()) return Status::OK();
  const uint32_t stored = crcs_[static_cast<size_t>(k)];
  const uint32_t computed = Crc32c(rows_.row_bytes(k));
  if (stored == computed) return Status::OK();
  char hex[64];
  std::snprintf(hex, sizeof(hex), "crc32c is 0x%08x but the row's bytes give 0x%08x", stored, computed);
  const int64_t at = file_offsets_[static_cast<size_t>(k)];
  // The row in the message (not only its context), as SPEC §5.1 words it: "row 20015 (batch 2):
  // crc32c is ... but the row's bytes give ...".
  std::string row = "row " + std::to_string(k) + " (batch " + std::to_string(batch_of(k)) +
                    (at >= 0 ? ", byte " + std::to_string(at) : std::string()) + "): ";
  return InFile(
      path, Status::Unlocated(ErrorKind::kInvalidData, row + hex + ": the row changed after it was written (SPEC §5.1)",
                              stored, computed));
}

Result<std::vector<Status>> RowFileReader::ValidateAll(const std::string& path, bool recover) {
  ZR_ASSIGN_OR_RETURN(RowFileReader file, Open(path, nullptr, RowFileReadOptions{ValidationLevel::kNone, recover}));
  std::vector<Status> out;
  for (int64_t k = 0; k < file.num_rows(); ++k) {
    Status st = file.CheckCrc(path, k);
    if (st.ok()) {
      st = Validate(file.row_bytes(k), file.schema_, ValidationLevel::kFull);
      if (!st.ok()) st = InFile(path, std::move(st).WithContext("row " + std::to_string(k)));
    }
    if (!st.ok()) out.push_back(st);
  }
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
