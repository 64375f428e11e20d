// Row files (SPEC §5): round trip, the metadata checks, and files that are not row files.
#include "zerorow/arrow/row_file.h"

#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/ipc/api.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../../tools/file_vectors.h"
#include "test_util.h"
#include "zerorow/arrow/adapter.h"
#include "zerorow/row_writer.h"

namespace zerorow {
namespace {

namespace fs = std::filesystem;

fs::path TempDir() { return fs::temp_directory_path() / ("zerorow_row_file_test_" + std::to_string(::getpid())); }

fs::path TempPath(const std::string& name) {
  fs::create_directories(TempDir());
  return TempDir() / name;
}

// Removes this process's temporary folder at exit.
class TempDirCleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(TempDir(), ec);
  }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new TempDirCleanup);

struct Case {
  Schema schema;
  std::string row;
};

Case LoadCase(const std::string& name) {
  return {*Schema::FromJson(testing::ReadCaseFile(testing::CaseDir(name) / "schema.json")),
          testing::ReadCaseFile(testing::CaseDir(name) / "row.bin")};
}

arrow_io::RowBatch Repeat(const std::string& row, int n) {
  arrow_io::RowBatch b;
  for (int i = 0; i < n; ++i) {
    b.bytes.insert(b.bytes.end(), row.begin(), row.end());
    b.offsets.push_back(static_cast<int64_t>(b.bytes.size()));
  }
  return b;
}

// Writes an Arrow IPC file with one column `row` of `type`/`nullable` and `metadata`.
void WriteRaw(const fs::path& path, std::shared_ptr<::arrow::Field> field, std::shared_ptr<::arrow::Array> column) {
  auto schema = ::arrow::schema({std::move(field)});
  auto batch = ::arrow::RecordBatch::Make(schema, column->length(), {column});
  auto sink = *::arrow::io::FileOutputStream::Open(path.string());
  auto writer = *::arrow::ipc::MakeFileWriter(sink, schema);
  ASSERT_TRUE(writer->WriteRecordBatch(*batch).ok());
  ASSERT_TRUE(writer->Close().ok());
  ASSERT_TRUE(sink->Close().ok());
}

std::shared_ptr<::arrow::KeyValueMetadata> Meta(const std::string& version, const std::string& schema_json,
                                                const std::string& fingerprint) {
  return ::arrow::key_value_metadata({arrow_io::kVersionKey, arrow_io::kSchemaKey, arrow_io::kFingerprintKey},
                                     {version, schema_json, fingerprint});
}

std::shared_ptr<::arrow::Array> RowColumn(const std::string& row, int n, bool with_null = false) {
  ::arrow::BinaryBuilder b;
  for (int i = 0; i < n; ++i) EXPECT_TRUE(b.Append(row).ok());
  if (with_null) EXPECT_TRUE(b.AppendNull().ok());
  return *b.Finish();
}

TEST(RowFileTest, GoldenVectorsRoundTrip) {
  auto cases = testing::GoldenCases();
  ASSERT_FALSE(cases.empty()) << "golden vectors missing under " << ZEROROW_VECTORS_DIR;
  for (const std::string& name : cases) {
    SCOPED_TRACE(name);
    Case c = LoadCase(name);
    fs::path path = TempPath(name + ".zrow");
    Status st = arrow_io::WriteRowFile(path.string(), c.schema, Repeat(c.row, 3));
    ASSERT_TRUE(st.ok()) << st.ToString();
    auto file = arrow_io::RowFileReader::Open(path.string(), &c.schema, ValidationLevel::kFull);
    ASSERT_TRUE(file.ok()) << file.status().ToString();
    EXPECT_EQ(file->version(), "1");
    EXPECT_TRUE(file->schema().Equals(c.schema));
    ASSERT_EQ(file->num_rows(), 3);
    for (int64_t k = 0; k < 3; ++k) {
      auto bytes = file->row_bytes(k);
      EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()), c.row);
      EXPECT_TRUE(file->row(k).ok());
    }
    // The file is a plain Arrow IPC file: one non-nullable binary column with the metadata.
    auto in = *::arrow::io::ReadableFile::Open(path.string());
    auto reader = *::arrow::ipc::RecordBatchFileReader::Open(in);
    auto field = reader->schema()->field(0);
    EXPECT_EQ(field->name(), "row");
    EXPECT_TRUE(field->type()->Equals(::arrow::binary()));
    EXPECT_FALSE(field->nullable());
    EXPECT_EQ(*field->metadata()->Get("zerorow.schema"), c.schema.ToJson());
    EXPECT_EQ(*field->metadata()->Get("zerorow.fingerprint"), c.schema.fingerprint_hex());
    fs::remove(path);
  }
}

// SPEC §5, §10: every row file vector (format-spec/vectors/files).
TEST(RowFileTest, FileVectors) {
  auto names = file_vectors::FileCaseNames(ZEROROW_VECTORS_DIR);
  ASSERT_GE(names.size(), 8u);
  for (const std::string& name : names) {
    EXPECT_EQ(file_vectors::CheckFileCase(std::string(ZEROROW_VECTORS_DIR) + "/files/" + name), "") << name;
  }
}

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void WriteAll(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// SPEC §5.1, §5.2: each compression with and without checksums reads back the same rows.
TEST(RowFileTest, CompressionAndChecksumOptions) {
  Case c = LoadCase("list_of_struct");
  for (auto codec : {arrow_io::Compression::kNone, arrow_io::Compression::kLz4, arrow_io::Compression::kZstd}) {
    for (bool checksum : {true, false}) {
      SCOPED_TRACE(std::string(arrow_io::CompressionName(codec)) + (checksum ? " crc" : ""));
      fs::path path = TempPath("options.zrow");
      arrow_io::RowFileWriteOptions options;
      options.batch_rows = 7;
      options.compression = codec;
      options.checksum = checksum;
      auto w = arrow_io::RowFileWriter::Open(path.string(), c.schema, options);
      ASSERT_TRUE(w.ok()) << w.status().ToString();
      ASSERT_TRUE(w->Write(Repeat(c.row, 20)).ok());
      ASSERT_TRUE(w->Close().ok());
      auto f = arrow_io::RowFileReader::Open(path.string(), nullptr, arrow_io::RowFileReadOptions{});
      ASSERT_TRUE(f.ok()) << f.status().ToString();
      EXPECT_EQ(f->compression(), codec);
      EXPECT_EQ(f->has_checksums(), checksum);
      EXPECT_EQ(f->num_batches(), 3);
      ASSERT_EQ(f->num_rows(), 20);
      auto b = f->row_bytes(19);
      EXPECT_EQ(std::string(reinterpret_cast<const char*>(b.data()), b.size()), c.row);
    }
  }
  EXPECT_EQ(arrow_io::ParseCompression("brotli").status().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(arrow_io::ParseCompression("brotli").status().message().find("use none, lz4 or zstd"), std::string::npos);
}

// Writes `n` rows of `c` to `path` in batches of `batch_rows`, compressed with `codec`.
void WriteRows(const fs::path& path, const Case& c, int n, int64_t batch_rows, arrow_io::Compression codec) {
  arrow_io::RowFileWriteOptions options;
  options.batch_rows = batch_rows;
  options.compression = codec;
  auto w = arrow_io::RowFileWriter::Open(path.string(), c.schema, options);
  ASSERT_TRUE(w.ok()) << w.status().ToString();
  ASSERT_TRUE(w->Write(Repeat(c.row, n)).ok());
  ASSERT_TRUE(w->Close().ok());
}

bool Inside(std::span<const uint8_t> part, std::span<const uint8_t> whole) {
  return part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size();
}

// The rows of an uncompressed file are read where they lie in the mapped file (no copy); those
// of a compressed one in their batch's decompressed buffer, outside it.
TEST(RowFileTest, RowsAreReadInPlace) {
  Case c = LoadCase("list_of_struct");
  for (auto codec : {arrow_io::Compression::kNone, arrow_io::Compression::kZstd}) {
    SCOPED_TRACE(arrow_io::CompressionName(codec));
    fs::path path = TempPath("in_place.zrow");
    WriteRows(path, c, 20, 7, codec);
    auto f = arrow_io::RowFileReader::Open(path.string());
    ASSERT_TRUE(f.ok()) << f.status().ToString();
    const std::string on_disk = ReadAll(path);
    ASSERT_EQ(f->file_bytes().size(), on_disk.size());
    ASSERT_EQ(f->num_batches(), 3);
    for (int64_t k = 0; k < f->num_rows(); ++k) {
      std::span<const uint8_t> row = f->row_bytes(k);
      ASSERT_EQ(std::string(reinterpret_cast<const char*>(row.data()), row.size()), c.row) << k;
      EXPECT_EQ(Inside(row, f->file_bytes()), codec == arrow_io::Compression::kNone) << k;
      if (codec == arrow_io::Compression::kNone) {  // the very bytes of the file at that offset
        const size_t at = static_cast<size_t>(row.data() - f->file_bytes().data());
        EXPECT_EQ(on_disk.substr(at, row.size()), c.row);
        EXPECT_EQ(at % 8, 0u) << "rows of a row file stay 8-byte aligned in the mapping (SPEC §5)";
      }
    }
    for (int64_t b = 0; b < f->num_batches(); ++b) {
      auto batch = f->batch(b);
      ASSERT_TRUE(batch.ok());
      EXPECT_EQ(batch->in_place(), codec == arrow_io::Compression::kNone);
      EXPECT_EQ(batch->index(), b);
      EXPECT_EQ(batch->first_row(), 7 * b);
      EXPECT_EQ(batch->num_rows(), b < 2 ? 7 : 6);
      EXPECT_EQ(batch->row_bytes(0).data(), f->row_bytes(7 * b).data()) << "the reader's rows are its batches'";
    }
  }
}

// A batch held outlives its reader, and so do the views of its rows: the decompressed buffer
// (or the mapping) lives as long as the batch (run under ASan, a dangling view is an error).
TEST(RowFileTest, ABatchAndItsViewsOutliveTheReader) {
  Case c = LoadCase("list_of_struct");
  for (auto codec : {arrow_io::Compression::kNone, arrow_io::Compression::kLz4, arrow_io::Compression::kZstd}) {
    SCOPED_TRACE(arrow_io::CompressionName(codec));
    fs::path path = TempPath("outlive.zrow");
    WriteRows(path, c, 20, 7, codec);
    arrow_io::RowFileBatch kept;
    BinaryRow view;
    ResolvedRow resolved;
    {
      auto f = arrow_io::RowFileReader::Open(path.string());
      ASSERT_TRUE(f.ok()) << f.status().ToString();
      auto batch = f->batch(1);
      ASSERT_TRUE(batch.ok());
      kept = *batch;
      auto row = kept.row(3);
      ASSERT_TRUE(row.ok());
      view = *row;
      auto r = kept.resolved_row(3);
      ASSERT_TRUE(r.ok());
      resolved = *r;
    }  // the reader is gone; `kept` holds the batch's buffer and the schema's types
    fs::remove(path);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(view.bytes().data()), view.bytes().size()), c.row);
    EXPECT_TRUE(Validate(kept.schema(), view.bytes(), ValidationLevel::kFull).ok());
    ASSERT_EQ(resolved.num_fields(), view.num_fields());
    for (int i = 0; i < view.num_fields(); ++i) EXPECT_EQ(*resolved.IsNull(i), *view.IsNull(i)) << i;
    arrow_io::RowFileBatch copy = kept;  // copies share the buffer
    kept = arrow_io::RowFileBatch();
    EXPECT_EQ(copy.row_bytes(3).data(), view.bytes().data());
    EXPECT_TRUE(Validate(copy.schema(), copy.row_bytes(6), ValidationLevel::kFull).ok());
    EXPECT_EQ(copy.row(7).status().kind(), ErrorKind::kOutOfRange);
    EXPECT_NE(copy.row(7).status().message().find("row 7 out of range [0, 7) of batch 1"), std::string::npos)
        << copy.row(7).status().ToString();
    EXPECT_EQ(copy.row(-1).status().kind(), ErrorKind::kOutOfRange);
  }
}

TEST(RowFileTest, ABatchOutsideTheFileIsOutOfRange) {
  Case c = LoadCase("bool_values");
  fs::path path = TempPath("batches.zrow");
  WriteRows(path, c, 4, 2, arrow_io::Compression::kNone);
  auto f = arrow_io::RowFileReader::Open(path.string());
  ASSERT_TRUE(f.ok());
  for (int64_t b : {-1, 2}) {
    auto batch = f->batch(b);
    ASSERT_FALSE(batch.ok());
    EXPECT_EQ(batch.status().kind(), ErrorKind::kOutOfRange);
    EXPECT_NE(batch.status().message().find("batch " + std::to_string(b) + " out of range [0, 2)"), std::string::npos);
  }
}

// SPEC §5.2: batches decompressed ahead in parallel give the same rows as one at a time, and the
// first damaged row of the file is the one reported, however many batches are in flight.
TEST(RowFileTest, ReadAheadGivesTheSameRowsAndTheFirstError) {
  Case c = LoadCase("list_of_struct");
  fs::path path = TempPath("ahead.zrow");
  WriteRows(path, c, 50, 3, arrow_io::Compression::kZstd);
  for (int ahead : {0, 1, 4, -1, 100}) {
    arrow_io::RowFileReadOptions options;
    options.read_ahead = ahead;
    auto f = arrow_io::RowFileReader::Open(path.string(), nullptr, options);
    ASSERT_TRUE(f.ok()) << ahead << ": " << f.status().ToString();
    ASSERT_EQ(f->num_batches(), 17);
    ASSERT_EQ(f->num_rows(), 50);
    for (int64_t k = 0; k < 50; ++k) {
      auto row = f->row_bytes(k);
      ASSERT_EQ(std::string(reinterpret_cast<const char*>(row.data()), row.size()), c.row) << ahead << " " << k;
    }
  }
  // Rows 4 (batch 1) and 13 (batch 4) damaged in an uncompressed file: row 4 is reported.
  fs::path plain = TempPath("ahead_plain.zrow");
  WriteRows(plain, c, 50, 3, arrow_io::Compression::kNone);
  std::string bytes = ReadAll(plain);
  size_t at = 0;
  std::vector<size_t> starts;
  while ((at = bytes.find(c.row, at)) != std::string::npos) starts.push_back(at), at += c.row.size();
  ASSERT_EQ(starts.size(), 50u);
  bytes[starts[13] + 9] ^= 0x10;
  bytes[starts[4] + 9] ^= 0x10;
  WriteAll(plain, bytes);
  for (int ahead : {0, 1, -1, 100}) {
    arrow_io::RowFileReadOptions options;
    options.read_ahead = ahead;
    auto f = arrow_io::RowFileReader::Open(plain.string(), nullptr, options);
    ASSERT_FALSE(f.ok());
    EXPECT_NE(f.status().message().find("row 4 (batch 1, byte " + std::to_string(starts[4]) + "): crc32c is"),
              std::string::npos)
        << ahead << ": " << f.status().ToString();
  }
}

// SPEC §5.1: every byte of a row, flipped, is caught at bounds and full (naming the row) and
// read at none; ValidateAll lists the one damaged row.
TEST(RowFileTest, EveryFlippedByteOfARowIsCaught) {
  Case c = LoadCase("list_of_struct");
  fs::path path = TempPath("flip.zrow");
  ASSERT_TRUE(arrow_io::WriteRowFile(path.string(), c.schema, Repeat(c.row, 5)).ok());
  const std::string good = ReadAll(path);
  const size_t first = good.find(c.row);
  const size_t at = good.find(c.row, first + c.row.size() * 2);  // row 2
  ASSERT_NE(at, std::string::npos);
  fs::path bad_path = TempPath("flipped.zrow");
  for (size_t i = at; i < at + c.row.size(); ++i) {
    std::string bad = good;
    bad[i] = static_cast<char>(bad[i] ^ 0x04);
    WriteAll(bad_path, bad);
    for (auto level : {ValidationLevel::kBounds, ValidationLevel::kFull}) {
      auto f = arrow_io::RowFileReader::Open(bad_path.string(), nullptr, arrow_io::RowFileReadOptions{level, false});
      ASSERT_FALSE(f.ok()) << "byte " << i;
      EXPECT_EQ(f.status().kind(), ErrorKind::kInvalidData);
      EXPECT_NE(f.status().message().find("row 2 (batch 0, byte " + std::to_string(at) + "): crc32c is 0x"),
                std::string::npos)
          << f.status().ToString();
    }
    EXPECT_TRUE(
        arrow_io::RowFileReader::Open(bad_path.string(), nullptr, arrow_io::RowFileReadOptions{ValidationLevel::kNone})
            .ok());
    auto all = arrow_io::RowFileReader::ValidateAll(bad_path.string());
    ASSERT_TRUE(all.ok());
    ASSERT_EQ(all->size(), 1u);
  }
}

// SPEC §5.3: every cut of a file is truncated (naming the byte it ends at), never read as if
// whole; recovery returns the complete batches before the cut.
TEST(RowFileTest, EveryCutIsTruncatedAndRecoveryReadsTheCompleteBatches) {
  Case c = LoadCase("bool_values");
  fs::path path = TempPath("cut.zrow");
  arrow_io::RowFileWriteOptions options;
  options.batch_rows = 2;
  auto w = arrow_io::RowFileWriter::Open(path.string(), c.schema, options);
  ASSERT_TRUE(w.ok());
  ASSERT_TRUE(w->Write(Repeat(c.row, 6)).ok());
  ASSERT_TRUE(w->Close().ok());
  const std::string whole = ReadAll(path);
  fs::path cut_path = TempPath("cut_part.zrow");
  for (size_t n = 0; n < whole.size(); ++n) {
    WriteAll(cut_path, whole.substr(0, n));
    auto f = arrow_io::RowFileReader::Open(cut_path.string(), nullptr, arrow_io::RowFileReadOptions{});
    ASSERT_FALSE(f.ok()) << "cut at " << n;
    EXPECT_EQ(f.status().kind(), ErrorKind::kTruncated) << n << ": " << f.status().ToString();
    EXPECT_EQ(f.status().actual(), static_cast<int64_t>(n));
    auto r = arrow_io::RowFileReader::Open(cut_path.string(), nullptr,
                                           arrow_io::RowFileReadOptions{ValidationLevel::kBounds, true});
    if (r.ok()) {
      EXPECT_EQ(r->num_rows() % 2, 0);
      EXPECT_EQ(r->recovery().rows, r->num_rows());
      EXPECT_EQ(r->recovery().problem.kind(), ErrorKind::kTruncated);
    }
  }
}

TEST(RowFileTest, EmptyFileAndLargeBinary) {
  Case c = LoadCase("int32_edges");
  fs::path path = TempPath("empty.zrow");
  ASSERT_TRUE(arrow_io::WriteRowFile(path.string(), c.schema, arrow_io::RowBatch{}).ok());
  auto file = arrow_io::RowFileReader::Open(path.string(), &c.schema);
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  EXPECT_EQ(file->num_rows(), 0);

  ::arrow::LargeBinaryBuilder b;
  ASSERT_TRUE(b.Append(c.row).ok());
  auto column = *b.Finish();
  WriteRaw(
      path,
      ::arrow::field("row", ::arrow::large_binary(), false, Meta("1", c.schema.ToJson(), c.schema.fingerprint_hex())),
      column);
  auto large = arrow_io::RowFileReader::Open(path.string(), nullptr, ValidationLevel::kFull);
  ASSERT_TRUE(large.ok()) << large.status().ToString();
  EXPECT_EQ(large->num_rows(), 1);
  // a row outside the file is out_of_range, never a read past the rows
  for (int64_t k : {int64_t{1}, int64_t{-1}}) {
    EXPECT_EQ(large->row(k).status().kind(), ErrorKind::kOutOfRange) << k;
    EXPECT_EQ(large->resolved_row(k).status().kind(), ErrorKind::kOutOfRange) << k;
  }
  EXPECT_EQ(large->row(1).status().ToString(), "out_of_range at <row>: row 1 out of range [0, 1)");
}

TEST(RowFileTest, AReaderSchemaTheFileCannotBeResolvedToIsRefusedNamingTheFile) {
  Case a = LoadCase("int32_edges");
  auto other = *Schema::Make({field("must", int32(), false)});  // the file's schema lacks it
  fs::path path = TempPath("mismatch.zrow");
  ASSERT_TRUE(arrow_io::WriteRowFile(path.string(), a.schema, Repeat(a.row, 1)).ok());
  auto file = arrow_io::RowFileReader::Open(path.string(), &other);
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(file.status().path(), "must");
  EXPECT_NE(file.status().ToString().find(path.string()), std::string::npos) << file.status().ToString();
  EXPECT_NE(file.status().ToString().find(a.schema.fingerprint_hex()), std::string::npos);
  EXPECT_NE(file.status().ToString().find(other.fingerprint_hex()), std::string::npos);
}

// SPEC §13.5: a file of an older writer schema opened with the reader schema reads the
// reader's values, and its rows go to Arrow with the reader's Arrow schema.
TEST(RowFileTest, AReaderSchemaResolvesTheFileSchema) {
  auto writer = *Schema::Make({field("id", int32(), false), field("qty", int16()), field("gone", string())});
  auto reader =
      *Schema::Make({field("note", string()), field("quantity", int64(), true, {"qty"}), field("id", int64(), false)});
  RowWriter w(writer);
  arrow_io::RowBatch rows;
  for (int k = 0; k < 3; ++k) {
    w.Reset();
    ASSERT_TRUE(w.WriteInt32(0, k).ok());
    ASSERT_TRUE(w.WriteInt16(1, static_cast<int16_t>(-k)).ok());
    ASSERT_TRUE(w.WriteString(2, "x").ok());
    ASSERT_TRUE(w.Finish().ok());
    rows.bytes.insert(rows.bytes.end(), w.bytes().begin(), w.bytes().end());
    rows.offsets.push_back(static_cast<int64_t>(rows.bytes.size()));
  }
  fs::path path = TempPath("evolved.zrow");
  ASSERT_TRUE(arrow_io::WriteRowFile(path.string(), writer, rows).ok());
  auto file = arrow_io::RowFileReader::Open(path.string(), &reader, ValidationLevel::kFull);
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  EXPECT_EQ(file->schema().fingerprint(), writer.fingerprint());
  EXPECT_FALSE(file->resolution().is_identity());
  auto row = file->resolved_row(2);
  ASSERT_TRUE(row.ok()) << row.status().ToString();
  EXPECT_TRUE(*row->IsNull(0));
  EXPECT_EQ(*row->GetInt64(1), -2);
  EXPECT_EQ(*row->GetInt64(2), 2);
  auto reader_rows = file->ReaderRows();
  ASSERT_TRUE(reader_rows.ok()) << reader_rows.status().ToString();
  std::unique_ptr<arrow_io::ArrowWriter> aw;
  ASSERT_TRUE(arrow_io::ArrowWriter::Make(reader, ::arrow::default_memory_pool(), &aw).ok());
  for (int64_t k = 0; k < file->num_rows(); ++k) ASSERT_TRUE(aw->Write(*file->resolved_row(k)).ok());
  std::shared_ptr<::arrow::RecordBatch> batch;
  auto finished = aw->Finish(&batch);
  ASSERT_TRUE(finished.ok()) << finished.ToString();
  EXPECT_TRUE(batch->schema()->Equals(**arrow_io::ToArrowSchema(reader)));
  EXPECT_EQ(batch->column(2)->ToString(), "[\n  0,\n  1,\n  2\n]");
  EXPECT_EQ(reader_rows->num_rows(), 3);
  auto again = BinaryRow::Wrap(reader_rows->row_bytes(1), reader);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again->GetInt64(1), -1);
  // a row of another reader schema is refused by the writer, typed
  std::unique_ptr<arrow_io::ArrowWriter> wrong;
  ASSERT_TRUE(arrow_io::ArrowWriter::Make(writer, ::arrow::default_memory_pool(), &wrong).ok());
  EXPECT_FALSE(wrong->Write(*file->resolved_row(0)).ok());
  EXPECT_EQ(wrong->num_rows(), 0);
}

TEST(RowFileTest, FingerprintNotOfSchemaText) {
  Case c = LoadCase("int32_edges");
  fs::path path = TempPath("badfp.zrow");
  WriteRaw(path, ::arrow::field("row", ::arrow::binary(), false, Meta("1", c.schema.ToJson(), "0123456789abcdef")),
           RowColumn(c.row, 1));
  auto file = arrow_io::RowFileReader::Open(path.string());
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.status().kind(), ErrorKind::kInvalidData);
}

TEST(RowFileTest, WrongVersion) {
  Case c = LoadCase("int32_edges");
  fs::path path = TempPath("version.zrow");
  for (const char* v : {"2", "2.0"}) {
    WriteRaw(path,
             ::arrow::field("row", ::arrow::binary(), false, Meta(v, c.schema.ToJson(), c.schema.fingerprint_hex())),
             RowColumn(c.row, 1));
    auto file = arrow_io::RowFileReader::Open(path.string());
    ASSERT_FALSE(file.ok());
    EXPECT_EQ(file.status().kind(), ErrorKind::kUnsupported) << v;
  }
  WriteRaw(path,
           ::arrow::field("row", ::arrow::binary(), false, Meta("1.3", c.schema.ToJson(), c.schema.fingerprint_hex())),
           RowColumn(c.row, 1));
  EXPECT_TRUE(arrow_io::RowFileReader::Open(path.string()).ok());  // minor versions are readable
}

TEST(RowFileTest, NotARowFile) {
  Case c = LoadCase("int32_edges");
  auto meta = Meta("1", c.schema.ToJson(), c.schema.fingerprint_hex());
  fs::path path = TempPath("shape.zrow");
  // nullable column
  WriteRaw(path, ::arrow::field("row", ::arrow::binary(), true, meta), RowColumn(c.row, 1));
  EXPECT_EQ(arrow_io::RowFileReader::Open(path.string()).status().kind(), ErrorKind::kInvalidData);
  // extra column
  {
    auto col = RowColumn(c.row, 1);
    auto schema = ::arrow::schema(
        {::arrow::field("row", ::arrow::binary(), false, meta), ::arrow::field("extra", ::arrow::binary(), false)});
    auto batch = ::arrow::RecordBatch::Make(schema, 1, {col, col});
    auto sink = *::arrow::io::FileOutputStream::Open(path.string());
    auto writer = *::arrow::ipc::MakeFileWriter(sink, schema);
    ASSERT_TRUE(writer->WriteRecordBatch(*batch).ok());
    ASSERT_TRUE(writer->Close().ok());
    ASSERT_TRUE(sink->Close().ok());
  }
  EXPECT_EQ(arrow_io::RowFileReader::Open(path.string()).status().kind(), ErrorKind::kInvalidData);
  // wrong name, wrong type, missing metadata
  WriteRaw(path, ::arrow::field("rows", ::arrow::binary(), false, meta), RowColumn(c.row, 1));
  EXPECT_EQ(arrow_io::RowFileReader::Open(path.string()).status().kind(), ErrorKind::kInvalidData);
  WriteRaw(path, ::arrow::field("row", ::arrow::utf8(), false, meta), *::arrow::MakeArrayOfNull(::arrow::utf8(), 0));
  EXPECT_EQ(arrow_io::RowFileReader::Open(path.string()).status().kind(), ErrorKind::kInvalidData);
  WriteRaw(path, ::arrow::field("row", ::arrow::binary(), false), RowColumn(c.row, 1));
  EXPECT_EQ(arrow_io::RowFileReader::Open(path.string()).status().kind(), ErrorKind::kInvalidData);
  // not an Arrow file at all
  { std::ofstream(path, std::ios::binary | std::ios::trunc) << "not arrow"; }
  Status not_arrow = arrow_io::RowFileReader::Open(path.string()).status();
  EXPECT_EQ(not_arrow.kind(), ErrorKind::kInvalidData);
  Status missing = arrow_io::RowFileReader::Open((path.string() + ".missing")).status();
  EXPECT_EQ(missing.kind(), ErrorKind::kInvalidArgument);
  // every refusal names the file (a file of a directory is known by it)
  for (const Status& st : {not_arrow, missing}) {
    EXPECT_EQ(st.ToString().rfind("row file " + path.string(), 0), 0u) << st.ToString();
  }
}

TEST(RowFileTest, InvalidRowFailsFullValidation) {
  Case c = LoadCase("int32_edges");
  std::string bad = c.row;
  bad.resize(bad.size() - 8);  // truncated: the wrap rules or full validation refuse it
  fs::path path = TempPath("badrow.zrow");
  EXPECT_FALSE(arrow_io::WriteRowFile(path.string(), c.schema, Repeat(bad, 1)).ok());
  WriteRaw(path,
           ::arrow::field("row", ::arrow::binary(), false, Meta("1", c.schema.ToJson(), c.schema.fingerprint_hex())),
           RowColumn(bad, 1));
  auto file = arrow_io::RowFileReader::Open(path.string(), &c.schema, ValidationLevel::kFull);
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.status().ToString().find("row file " + path.string() + ": row 0 (batch 0, byte "), std::string::npos)
      << file.status().ToString();
}

// The writer's level: at kFull a row every reader at kFull would refuse is refused when it is
// written, named by the file and its number; at the default (kBounds) it is written.
TEST(RowFileTest, WriterLevelRefusesARowNamingTheFileAndTheRow) {
  auto schema = *Schema::Make({field("id", int64(), false), field("name", string())});
  RowWriter w(schema);
  ASSERT_TRUE(w.WriteInt64(0, 1).ok());
  ASSERT_TRUE(w.WriteString(1, "ok").ok());
  ASSERT_TRUE(w.Finish().ok());
  std::vector<uint8_t> good(w.bytes().begin(), w.bytes().end());
  std::vector<uint8_t> bad = good;
  bad[24] = 0xff;  // the string body: not UTF-8
  fs::path path = TempPath("levels.zrow");
  auto full = arrow_io::RowFileWriter::Open(path.string(), schema, 2, ValidationLevel::kFull);
  ASSERT_TRUE(full.ok()) << full.status().ToString();
  ASSERT_TRUE(full->Write(good).ok());
  ASSERT_TRUE(full->Write(good).ok());
  Status refused = full->Write(bad);
  EXPECT_EQ(refused.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(refused.path(), "name");
  EXPECT_EQ(refused.ToString(),
            "row file " + path.string() + ": row 2: invalid_data at name: string is not valid UTF-8");
  ASSERT_TRUE(full->Write(good).ok());
  ASSERT_TRUE(full->Close().ok());
  EXPECT_EQ(full->Write(good).ToString(),
            "row file " + path.string() + ": invalid_argument: RowFileWriter::Write after Close()");
  auto file = arrow_io::RowFileReader::Open(path.string(), &schema, ValidationLevel::kFull);
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  EXPECT_EQ(file->num_rows(), 3);
  fs::path lax = TempPath("lax.zrow");
  ASSERT_TRUE(arrow_io::WriteRowFile(lax.string(), schema, Repeat(std::string(bad.begin(), bad.end()), 1)).ok());
  auto read = arrow_io::RowFileReader::Open(lax.string(), &schema, ValidationLevel::kFull);
  ASSERT_FALSE(read.ok());
  // the row named as SPEC §5.3 names it: its number, batch and byte in the file
  EXPECT_EQ(read.status().ToString().rfind("row file " + lax.string() + ": row 0 (batch 0, byte ", 0), 0u)
      << read.status().ToString();
  EXPECT_NE(read.status().ToString().find("): invalid_data at name:"), std::string::npos) << read.status().ToString();
}

Status ReadmeRowFiles(const Schema& schema, const arrow_io::RowBatch& rows, const std::string& path) {
  auto use = [](const Result<BinaryRow>& r) { return r.ok(); };
  std::span<const uint8_t> row = rows.row_bytes(0);
  // cpp-row/README.md quotes these lines as laid out here:
  // clang-format off
  // --- README "Row files"
  ZR_ASSIGN_OR_RETURN(auto writer, zerorow::arrow_io::RowFileWriter::Open(path, schema));
  ZR_RETURN_NOT_OK(writer.Write(row));                          // a BinaryRow or its bytes
  ZR_RETURN_NOT_OK(writer.Write(rows));                         // or a RowBatch
  ZR_RETURN_NOT_OK(writer.Close());
  ZR_ASSIGN_OR_RETURN(auto file, zerorow::arrow_io::RowFileReader::Open(path, &schema, zerorow::ValidationLevel::kFull));
  for (int64_t k = 0; k < file.num_rows(); ++k) use(file.row(k));  // BinaryRow views
  ZR_ASSIGN_OR_RETURN(auto batch, file.batch(0));  // a RowFileBatch: holds its rows' buffer
  use(batch.row(0));                               // its views outlive `file` while it lives
  // ---
  // clang-format on
  if (file.num_rows() != 1 + rows.num_rows()) return Status::InvalidData("unexpected row count");
  return Status::OK();
}

// RowFileWriter: batches of batch_rows rows, a flush on demand, every call refused after
// Close, a row that does not wrap refused with its number.
TEST(RowFileTest, WriterBatchesAndRefusals) {
  Case c = LoadCase("int32_edges");
  fs::path path = TempPath("writer.zrow");
  auto writer = arrow_io::RowFileWriter::Open(path.string(), c.schema, /*batch_rows=*/3);
  ASSERT_TRUE(writer.ok()) << writer.status().ToString();
  std::span<const uint8_t> row(reinterpret_cast<const uint8_t*>(c.row.data()), c.row.size());
  for (int k = 0; k < 7; ++k) ASSERT_TRUE(writer->Write(row).ok());
  ASSERT_TRUE(writer->Flush().ok());  // rows 6..6 as a batch of 1
  ASSERT_TRUE(writer->Write(Repeat(c.row, 2)).ok());
  std::string bad = c.row.substr(0, c.row.size() - 8);
  Status refused = writer->Write(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bad.data()), bad.size()));
  EXPECT_EQ(refused.kind(), ErrorKind::kTruncated);
  EXPECT_NE(refused.ToString().find("row 9:"), std::string::npos) << refused.ToString();
  EXPECT_EQ(writer->num_rows(), 9);
  ASSERT_TRUE(writer->Close().ok());
  EXPECT_EQ(writer->Write(row).kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(writer->Close().kind(), ErrorKind::kInvalidArgument);

  auto in = *::arrow::io::ReadableFile::Open(path.string());
  auto reader = *::arrow::ipc::RecordBatchFileReader::Open(in);
  EXPECT_EQ(reader->num_record_batches(), 4);  // 3 + 3 + 1 (flushed) + 2 (closed)
  auto file = arrow_io::RowFileReader::Open(path.string(), &c.schema, ValidationLevel::kFull);
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  EXPECT_EQ(file->num_rows(), 9);

  EXPECT_EQ(arrow_io::RowFileWriter::Open(path.string(), c.schema, 0).status().kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(arrow_io::RowFileWriter::Open((TempDir() / "no" / "such" / "dir.zrow").string(), c.schema).status().kind(),
            ErrorKind::kInvalidArgument);
  arrow_io::RowFileWriter unopened;
  EXPECT_EQ(unopened.Write(row).kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(unopened.num_rows(), 0);
}

// A writer destroyed without Close still leaves a complete file.
TEST(RowFileTest, WriterClosesWhenDestroyed) {
  Case c = LoadCase("int32_edges");
  fs::path path = TempPath("dropped.zrow");
  {
    auto writer = *arrow_io::RowFileWriter::Open(path.string(), c.schema);
    ASSERT_TRUE(writer.Write(Repeat(c.row, 5)).ok());
  }
  auto file = arrow_io::RowFileReader::Open(path.string(), &c.schema, ValidationLevel::kFull);
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  EXPECT_EQ(file->num_rows(), 5);
}

TEST(RowFileTest, Readme) {
  Case c = LoadCase("int32_edges");
  Status st = ReadmeRowFiles(c.schema, Repeat(c.row, 2), TempPath("readme.zrow").string());
  EXPECT_TRUE(st.ok()) << st.ToString();
}

}  // namespace
}  // namespace zerorow
