// Row files (SPEC §5) over Arrow C++ IPC.
#include "zerorow/arrow/row_file.h"

#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/io/memory.h>
#include <arrow/ipc/api.h>
#include <arrow/util/compression.h>
#include <arrow/util/future.h>
#include <arrow/util/thread_pool.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>

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
  Status check = impl_->level == ValidationLevel::kFull ? Validate(impl_->schema, row_bytes, ValidationLevel::kFull)
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

// One record batch as a task of the read-ahead left it: its problem (SPEC §5's checks of its
// columns, Arrow's structural ones) or, when asked, the first row whose bytes do not give its
// stored CRC-32C (SPEC §5.1).
struct CheckedBatch {
  std::shared_ptr<::arrow::RecordBatch> batch;
  Status problem;
  int64_t first_bad_crc = -1;
};

// Runs on a thread of the read-ahead, so it touches nothing but the batch.
CheckedBatch CheckBatch(std::shared_ptr<::arrow::RecordBatch> batch, bool large, bool crcs) {
  CheckedBatch out{std::move(batch), Status::OK(), -1};
  out.problem = FromArrow(out.batch->ValidateFull(), ErrorKind::kInvalidData, "the batch");
  if (!out.problem.ok()) return out;
  if (out.batch->column(0)->null_count() != 0) {
    out.problem = Status::InvalidData("the row column has null entries");
    return out;
  }
  if (out.batch->num_columns() < 2) return out;
  const auto& crc = static_cast<const ::arrow::UInt32Array&>(*out.batch->column(1));
  if (crc.null_count() != 0) {
    out.problem = Status::InvalidData("the crc32c column has null entries");
    return out;
  }
  if (!crcs) return out;
  const auto& column = *out.batch->column(0);
  for (int64_t i = 0; i < crc.length() && out.first_bad_crc < 0; ++i) {
    std::string_view v = large ? static_cast<const ::arrow::LargeBinaryArray&>(column).GetView(i)
                               : static_cast<const ::arrow::BinaryArray&>(column).GetView(i);
    if (Crc32c({reinterpret_cast<const uint8_t*>(v.data()), v.size()}) != crc.Value(i)) out.first_bad_crc = i;
  }
  return out;
}

using BatchFuture = ::arrow::Future<std::shared_ptr<::arrow::RecordBatch>>;

// Takes batches 0..n-1 in order with `take`, while up to `ahead` of the next ones are read
// (decompressed, SPEC §5.2) and checked by CheckBatch on Arrow's CPU thread pool: `start(b)`
// begins reading batch b. Every batch begun is waited for before returning, also after an
// error, so that no task outlives what it reads.
Status ReadAhead(int64_t n, int64_t ahead, bool large, bool crcs, const std::function<BatchFuture(int64_t)>& start,
                 const std::function<Status(int64_t, const ::arrow::Result<CheckedBatch>&)>& take) {
  std::deque<::arrow::Future<CheckedBatch>> pending;
  Status st;
  int64_t next = 0;
  for (int64_t b = 0; b < n && st.ok(); ++b) {
    for (; next < n && next <= b + ahead; ++next) {
      pending.push_back(start(next).Then([large, crcs](const std::shared_ptr<::arrow::RecordBatch>& batch) {
        return CheckBatch(batch, large, crcs);
      }));
    }
    st = take(b, pending.front().result());
    pending.pop_front();
  }
  for (auto& f : pending) f.Wait();
  return st;
}

}  // namespace

Result<RowFileBatch> RowFileReader::batch(int64_t b) const {
  if (b >= 0 && b < num_batches()) return batches_[static_cast<size_t>(b)];
  return Status::Error(ErrorKind::kOutOfRange,
                       "batch " + std::to_string(b) + " out of range [0, " + std::to_string(num_batches()) + ")", {},
                       num_batches(), b);
}

Status RowFileBatch::CheckRow(int64_t i) const {
  if (i >= 0 && i < num_rows_) return Status::OK();
  return Status::Error(ErrorKind::kOutOfRange,
                       "row " + std::to_string(i) + " out of range [0, " + std::to_string(num_rows_) + ") of batch " +
                           std::to_string(index_),
                       {}, num_rows_, i);
}

Result<BinaryRow> RowFileBatch::row(int64_t i) const {
  ZR_RETURN_NOT_OK(CheckRow(i));
  return BinaryRow::Wrap(row_bytes(i), schema_);
}

Result<ResolvedRow> RowFileBatch::resolved_row(int64_t i) const {
  ZR_RETURN_NOT_OK(CheckRow(i));
  return resolution_.View(row_bytes(i), ValidationLevel::kNone);  // Open checked them at its level
}

namespace {}  // namespace

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
    // A slice of the mapping, which it keeps alive: the batches read in place point into it.
    auto buf = (*mapped)->ReadAt(0, *size);
    ZR_RETURN_NOT_OK(InFile(path, FromArrow(buf.status(), ErrorKind::kInvalidArgument, "cannot read")));
    file = *buf;
  } else {
    file = std::make_shared<::arrow::Buffer>(nullptr, 0);
  }
  const uint8_t* data = file->data();
  const int64_t n = file->size();

  RowFileReader out;
  out.file_ = file;
  out.file_bytes_ = {data, static_cast<size_t>(n)};
  RowColumnMeta meta;
  // Decompression is parallel across batches (the read-ahead), not within one: a batch's
  // decoding runs on a thread of Arrow's CPU pool, where waiting on that pool again could
  // leave every thread waiting.
  auto ipc_options = ::arrow::ipc::IpcReadOptions::Defaults();
  ipc_options.use_threads = false;
  const int64_t ahead = options.read_ahead < 0 ? ::arrow::GetCpuThreadPoolCapacity() : options.read_ahead;
  ::arrow::internal::Executor* pool = ahead > 0 ? ::arrow::internal::GetCpuThreadPool() : nullptr;
  int64_t first_bad_crc = -1;  // reported after every batch is read, as when each row was copied
  const bool check_crcs = options.level != ValidationLevel::kNone;
  auto take = [&](int64_t b, const ::arrow::Result<CheckedBatch>& r, const std::string& reading) -> Status {
    ZR_RETURN_NOT_OK(InFile(path, FromArrow(r.status(), ErrorKind::kInvalidData, reading + std::to_string(b))));
    if (!r->problem.ok()) {
      const Status& p = r->problem;
      return InFile(path, Status::Error(p.kind(), "record batch " + std::to_string(b) + ": " + p.message(), p.path()));
    }
    RowFileBatch batch;
    batch.owner_ = r->batch;
    batch.schema_ = out.schema_;
    batch.resolution_ = out.resolution_;
    batch.index_ = b;
    batch.first_row_ = out.num_rows_;
    batch.num_rows_ = r->batch->num_rows();
    const auto& column = *r->batch->column(0);
    std::shared_ptr<::arrow::Buffer> values;
    if (meta.large) {
      const auto& c = static_cast<const ::arrow::LargeBinaryArray&>(column);
      batch.offsets64_ = c.raw_value_offsets();
      values = c.value_data();
    } else {
      const auto& c = static_cast<const ::arrow::BinaryArray&>(column);
      batch.offsets32_ = c.raw_value_offsets();
      values = c.value_data();
    }
    batch.values_ = values != nullptr ? values->data() : nullptr;
    batch.in_place_ = batch.values_ != nullptr && batch.values_ >= data && batch.values_ < data + n;
    if (r->first_bad_crc >= 0 && first_bad_crc < 0) first_bad_crc = out.num_rows_ + r->first_bad_crc;
    if (meta.checksum) {
      const auto& c = static_cast<const ::arrow::UInt32Array&>(*r->batch->column(1));
      out.crcs_.insert(out.crcs_.end(), c.raw_values(), c.raw_values() + c.length());
    }
    out.batch_starts_.push_back(out.num_rows_);
    out.num_rows_ += batch.num_rows_;
    out.batches_.push_back(std::move(batch));
    return Status::OK();
  };
  // SPEC §5.3: a complete file is read through its footer; any other is walked from its start
  // to name where it ends, and under `recover` its complete batches are read.
  auto reader =
      ::arrow::ipc::RecordBatchFileReader::Open(std::make_shared<::arrow::io::BufferReader>(file), ipc_options);
  Walk walk = WalkMessages(path, data, n);
  if (reader.ok()) {
    ZR_ASSIGN_OR_RETURN(meta, InFileR(path, ReadRowColumn(*(*reader)->schema())));
    ZR_ASSIGN_OR_RETURN(out.schema_, InFileR(path, ReadSchema(meta)));
    out.version_ = meta.version;
    ZR_ASSIGN_OR_RETURN(out.resolution_, resolve(out.schema_));  // its refusals name the file already
    // Arrow's reentrant generator: each call begins reading the next batch, decoded on `pool`.
    auto batches = (*reader)->GetRecordBatchGenerator(false, ::arrow::io::default_io_context(),
                                                      ::arrow::io::CacheOptions::LazyDefaults(), pool);
    ZR_RETURN_NOT_OK(InFile(path, FromArrow(batches.status(), ErrorKind::kInvalidData, "reading its record batches")));
    ZR_RETURN_NOT_OK(ReadAhead(
        (*reader)->num_record_batches(), ahead, meta.large, check_crcs, [&](int64_t) { return (*batches)(); },
        [&](int64_t b, const ::arrow::Result<CheckedBatch>& r) { return take(b, r, "reading record batch "); }));
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
    auto memo = std::make_shared<::arrow::ipc::DictionaryMemo>();
    auto arrow_schema = ::arrow::ipc::ReadSchema(**schema_msg, memo.get());
    ZR_RETURN_NOT_OK(InFile(path, FromArrow(arrow_schema.status(), ErrorKind::kInvalidData, "the schema message")));
    ZR_ASSIGN_OR_RETURN(meta, InFileR(path, ReadRowColumn(**arrow_schema)));
    ZR_ASSIGN_OR_RETURN(out.schema_, InFileR(path, ReadSchema(meta)));
    out.version_ = meta.version;
    ZR_ASSIGN_OR_RETURN(out.resolution_, resolve(out.schema_));
    // Batch b is message b + 1 (the schema is message 0), read on its own from its bytes.
    auto read = [&file, &walk, schema = *arrow_schema, memo,
                 ipc_options](int64_t b) -> ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> {
      const Message& m = walk.messages[static_cast<size_t>(b) + 1];
      ARROW_ASSIGN_OR_RAISE(auto msg,
                            ::arrow::ipc::Message::Open(::arrow::SliceBuffer(file, m.at + 8, m.body_at - m.at - 8),
                                                        ::arrow::SliceBuffer(file, m.body_at, m.end - m.body_at)));
      return ::arrow::ipc::ReadRecordBatch(*msg, schema, memo.get(), ipc_options);
    };
    const int64_t num_batches = static_cast<int64_t>(walk.messages.size()) - 1;
    ZR_RETURN_NOT_OK(ReadAhead(
        num_batches, ahead, meta.large, check_crcs,
        [&](int64_t b) {
          if (pool == nullptr) return BatchFuture::MakeFinished(read(b));
          return ::arrow::DeferNotOk(pool->Submit(read, b));
        },
        [&](int64_t b, const ::arrow::Result<CheckedBatch>& r) { return take(b, r, "batch "); }));
    out.recovery_.problem = walk.problem;
    out.recovery_.batches = num_batches;
    out.recovery_.rows = out.num_rows_;
    out.recovery_.rows_lost = walk.rows_lost;
    out.recovery_.incomplete_at = walk.incomplete_at;
  }
  if (walk.messages.size() > 1) out.compression_ = walk.messages[1].compression;
  out.checksum_column_ = meta.checksum;
  if (first_bad_crc >= 0) return out.CheckCrc(path, first_bad_crc);  // SPEC §5.1
  for (int64_t k = 0; k < out.num_rows(); ++k) {
    Status st = Validate(out.schema_, out.row_bytes(k), options.level);
    if (!st.ok()) return InFile(path, std::move(st).WithContext(out.RowPlace(k)));
  }
  return out;
}

std::string RowFileReader::RowPlace(int64_t k) const {
  const RowFileBatch& batch = batches_[static_cast<size_t>(batch_of(k))];
  const int64_t at = batch.in_place() ? row_bytes(k).data() - file_bytes_.data() : -1;
  return "row " + std::to_string(k) + " (batch " + std::to_string(batch_of(k)) +
         (at >= 0 ? ", byte " + std::to_string(at) : std::string()) + ")";
}

int64_t RowFileReader::batch_of(int64_t k) const {
  auto it = std::upper_bound(batch_starts_.begin(), batch_starts_.end(), k);
  return static_cast<int64_t>(it - batch_starts_.begin()) - 1;
}

Status RowFileReader::CheckCrc(const std::string& path, int64_t k) const {
  if (crcs_.empty()) return Status::OK();
  const uint32_t stored = crcs_[static_cast<size_t>(k)];
  const uint32_t computed = Crc32c(row_bytes(k));
  if (stored == computed) return Status::OK();
  char hex[64];
  std::snprintf(hex, sizeof(hex), "crc32c is 0x%08x but the row's bytes give 0x%08x", stored, computed);
  // The row in the message (not only its context), as SPEC §5.1 words it: "row 20015 (batch 2):
  // crc32c is ... but the row's bytes give ...".
  std::string row = RowPlace(k) + ": ";
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
      st = Validate(file.schema_, file.row_bytes(k), ValidationLevel::kFull);
      if (!st.ok()) st = InFile(path, std::move(st).WithContext(file.RowPlace(k)));
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

Status RowFileReader::AppendReaderRows(RowBatch* out) const {
  if (resolution_.is_identity()) {  // the bytes as they are, offsets moved past `out`'s
    for (const RowFileBatch& batch : batches_) {
      for (int64_t i = 0; i < batch.num_rows(); ++i) {
        std::span<const uint8_t> row = batch.row_bytes(i);
        out->bytes.insert(out->bytes.end(), row.begin(), row.end());
        out->offsets.push_back(static_cast<int64_t>(out->bytes.size()));
      }
    }
    return Status::OK();
  }
  std::vector<ResolvedRow> views;  // of every row, so that an error names the row's number in the file
  views.reserve(static_cast<size_t>(num_rows_));
  for (const RowFileBatch& batch : batches_) {
    for (int64_t i = 0; i < batch.num_rows(); ++i) {
      ZR_ASSIGN_OR_RETURN(ResolvedRow view, batch.resolved_row(i));
      views.push_back(view);
    }
  }
  return arrow_io::AppendReaderRows(views, resolution_.reader(), out);
}

Result<RowBatch> RowFileReader::ReaderRows() const {
  RowBatch out;
  ZR_RETURN_NOT_OK(AppendReaderRows(&out));
  return out;
}

}  // namespace zerorow::arrow_io
