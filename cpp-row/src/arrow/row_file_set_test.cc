// Directories of row files (SPEC §13.5): which files count and in what order, one
// Resolution per writer fingerprint, and the refusals (a file that cannot be resolved, files
// of two schemas without a reader schema, no files, no directory, a file that is no row file).
#include "zerorow/arrow/row_file_set.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "zerorow/row_writer.h"

namespace zerorow {
namespace {

namespace fs = std::filesystem;
using arrow_io::RowBatch;
using arrow_io::RowFileSet;

// A fresh directory for one test, removed when the test ends.
class RowFileSetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("zerorow_row_file_set_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string In(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

// Writer v1 and the reader: id widened, qty renamed (alias), note dropped, email added.
Schema V1() { return *Schema::Make({field("id", int32(), false), field("qty", int16()), field("note", string())}); }
Schema Reader() {
  return *Schema::Make(
      {field("id", int64(), false), field("quantity", int64(), true, {"qty"}), field("email", string())});
}

// Rows of V1: id = first + k, qty = -(first + k).
RowBatch V1Rows(int first, int n) {
  Schema schema = V1();
  RowWriter w(schema);
  RowBatch rows;
  for (int k = first; k < first + n; ++k) {
    w.Reset();
    EXPECT_TRUE(w.WriteInt32(0, k).ok());
    EXPECT_TRUE(w.WriteInt16(1, static_cast<int16_t>(-k)).ok());
    EXPECT_TRUE(w.WriteString(2, "old").ok());
    EXPECT_TRUE(w.Finish().ok());
    rows.bytes.insert(rows.bytes.end(), w.bytes().begin(), w.bytes().end());
    rows.offsets.push_back(static_cast<int64_t>(rows.bytes.size()));
  }
  return rows;
}

// Rows of the reader schema: id = first + k, quantity = -(first + k), an email.
RowBatch ReaderRows(int first, int n) {
  Schema schema = Reader();
  RowWriter w(schema);
  RowBatch rows;
  for (int k = first; k < first + n; ++k) {
    w.Reset();
    EXPECT_TRUE(w.WriteInt64(0, k).ok());
    EXPECT_TRUE(w.WriteInt64(1, -k).ok());
    EXPECT_TRUE(w.WriteString(2, "e@x").ok());
    EXPECT_TRUE(w.Finish().ok());
    rows.bytes.insert(rows.bytes.end(), w.bytes().begin(), w.bytes().end());
    rows.offsets.push_back(static_cast<int64_t>(rows.bytes.size()));
  }
  return rows;
}

void Touch(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

bool Mentions(const Status& st, const std::string& text) { return st.ToString().find(text) != std::string::npos; }

// Files of two writer schemas read through one reader schema, file after file in name order;
// what engines leave beside the files, and subdirectories, are not read.
TEST_F(RowFileSetTest, TwoWriterSchemasReadThroughAReaderSchema) {
  const Schema v1 = V1(), reader = Reader();
  ASSERT_TRUE(arrow_io::WriteRowFile(In("part-0.zrow"), v1, V1Rows(0, 3)).ok());
  ASSERT_TRUE(arrow_io::WriteRowFile(In("part-1.zrow"), reader, ReaderRows(10, 2)).ok());
  ASSERT_TRUE(arrow_io::WriteRowFile(In("part-2.zrow"), v1, RowBatch{}).ok());  // no rows
  ASSERT_TRUE(arrow_io::WriteRowFile(In("part-3.zrow"), v1, V1Rows(20, 1)).ok());
  Touch(In("_SUCCESS"), "");
  Touch(In(".part-0.zrow.crc"), "crc");
  fs::create_directories(dir_ / "sub");
  ASSERT_TRUE(arrow_io::WriteRowFile((dir_ / "sub" / "part-9.zrow").string(), v1, V1Rows(90, 1)).ok());

  auto files = RowFileSet::Open(dir_.string(), &reader, ValidationLevel::kFull);
  ASSERT_TRUE(files.ok()) << files.status().ToString();
  ASSERT_EQ(files->num_files(), 4);
  EXPECT_EQ(files->path(0), In("part-0.zrow"));
  EXPECT_EQ(files->path(3), In("part-3.zrow"));
  EXPECT_TRUE(files->reader().Equals(reader));
  ASSERT_EQ(files->num_rows(), 6);
  EXPECT_EQ(files->num_resolutions(), 2);  // v1, and the identity of part-1
  // One Resolution for both v1 files: copies share one state, so one writer schema object.
  EXPECT_EQ(&files->file(0).resolution().writer(), &files->file(3).resolution().writer());
  EXPECT_FALSE(files->file(0).resolution().is_identity());
  EXPECT_TRUE(files->file(1).resolution().is_identity());

  const int64_t ids[] = {0, 1, 2, 10, 11, 20};
  const int files_of[] = {0, 0, 0, 1, 1, 3};
  for (int64_t k = 0; k < files->num_rows(); ++k) {
    SCOPED_TRACE(k);
    auto row = files->resolved_row(k);
    ASSERT_TRUE(row.ok()) << row.status().ToString();
    EXPECT_EQ(*row->GetInt64(0), ids[k]);
    EXPECT_EQ(*row->GetInt64(row->FieldIndex("quantity")), -ids[k]);
    EXPECT_EQ(*row->IsNull(2), files_of[k] != 1);  // v1 has no email
    EXPECT_EQ(files->file_of(k), files_of[k]);
    // the plain view: the row as its file's schema lays it out
    auto plain = files->row(k);
    ASSERT_TRUE(plain.ok()) << plain.status().ToString();
    EXPECT_EQ(&plain->struct_type(), files->file(files_of[k]).schema().struct_type().get());
    EXPECT_EQ(plain->field(2).name, files_of[k] == 1 ? "email" : "note");
  }
  EXPECT_EQ(files->first_row(3), 5);
  EXPECT_EQ(files->resolved_row(6).status().kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(files->row(-1).status().kind(), ErrorKind::kOutOfRange);

  auto relaid = files->ReaderRows();
  ASSERT_TRUE(relaid.ok()) << relaid.status().ToString();
  ASSERT_EQ(relaid->num_rows(), 6);
  for (int64_t k = 0; k < 6; ++k) {
    auto back = BinaryRow::Wrap(relaid->row_bytes(k), reader);
    ASSERT_TRUE(back.ok()) << back.status().ToString();
    EXPECT_TRUE(Validate(reader, relaid->row_bytes(k), ValidationLevel::kFull).ok());
    EXPECT_EQ(*back->GetInt64(1), -ids[k]);
  }
}

// Files are read in byte order of their names, whatever order the directory lists them in.
TEST_F(RowFileSetTest, FilesAreListedInNameOrder) {
  const Schema v1 = V1();
  for (const char* name : {"b", "a10", "a2", "B", "_b", ".a"})
    ASSERT_TRUE(arrow_io::WriteRowFile(In(name), v1, V1Rows(0, 1)).ok());
  auto listed = arrow_io::ListRowFiles(dir_.string());
  ASSERT_TRUE(listed.ok()) << listed.status().ToString();
  EXPECT_EQ(*listed, (std::vector<std::string>{In("B"), In("a10"), In("a2"), In("b")}));
  // A file is a list of itself.
  EXPECT_EQ(*arrow_io::ListRowFiles(In("b")), std::vector<std::string>{In("b")});
  auto one = RowFileSet::Open(In("a2"));
  ASSERT_TRUE(one.ok()) << one.status().ToString();
  EXPECT_EQ(one->num_files(), 1);
  EXPECT_EQ(one->num_rows(), 1);
}

// SPEC §13.5: a file whose schema cannot be read as the reader's is refused when the set is
// opened, at the reader's schema path, naming the file.
TEST_F(RowFileSetTest, AFileThatCannotBeResolvedIsRefusedNamingIt) {
  const Schema reader = Reader();
  ASSERT_TRUE(arrow_io::WriteRowFile(In("a.zrow"), reader, ReaderRows(0, 1)).ok());
  auto narrow = *Schema::Make({field("id", int64(), false), field("quantity", float64())});  // float64 -> int64
  RowWriter w(narrow);
  ASSERT_TRUE(w.WriteInt64(0, 1).ok());
  ASSERT_TRUE(w.WriteFloat64(1, 2.5).ok());
  ASSERT_TRUE(w.Finish().ok());
  RowBatch rows;
  rows.bytes.assign(w.bytes().begin(), w.bytes().end());
  rows.offsets.push_back(static_cast<int64_t>(rows.bytes.size()));
  ASSERT_TRUE(arrow_io::WriteRowFile(In("b.zrow"), narrow, rows).ok());

  auto files = RowFileSet::Open(dir_.string(), &reader);
  ASSERT_FALSE(files.ok());
  EXPECT_EQ(files.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(files.status().path(), "quantity");
  EXPECT_TRUE(Mentions(files.status(), In("b.zrow"))) << files.status().ToString();
  EXPECT_FALSE(Mentions(files.status(), In("a.zrow"))) << files.status().ToString();
  // A not-null reader field the writer lacks is refused at that field.
  auto strict = *Schema::Make({field("id", int64(), false), field("must", int32(), false)});
  auto refused = RowFileSet::Open(dir_.string(), &strict);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().path(), "must");
  EXPECT_TRUE(Mentions(refused.status(), In("a.zrow"))) << refused.status().ToString();
}

// Without a reader schema the first file's schema is the reader's; a file of another
// fingerprint is refused, naming both files and both fingerprints.
TEST_F(RowFileSetTest, FilesOfTwoSchemasNeedAReaderSchema) {
  const Schema v1 = V1(), reader = Reader();
  ASSERT_TRUE(arrow_io::WriteRowFile(In("a.zrow"), v1, V1Rows(0, 2)).ok());
  ASSERT_TRUE(arrow_io::WriteRowFile(In("b.zrow"), v1, V1Rows(2, 1)).ok());
  auto same = RowFileSet::Open(dir_.string());
  ASSERT_TRUE(same.ok()) << same.status().ToString();
  EXPECT_TRUE(same->reader().Equals(v1));
  EXPECT_EQ(same->num_rows(), 3);
  EXPECT_EQ(same->num_resolutions(), 1);
  EXPECT_EQ(*same->resolved_row(2)->GetInt32(0), 2);

  ASSERT_TRUE(arrow_io::WriteRowFile(In("c.zrow"), reader, ReaderRows(0, 1)).ok());
  auto mixed = RowFileSet::Open(dir_.string());
  ASSERT_FALSE(mixed.ok());
  const Status& st = mixed.status();
  EXPECT_EQ(st.kind(), ErrorKind::kSchemaMismatch);
  EXPECT_TRUE(Mentions(st, In("c.zrow")) && Mentions(st, In("a.zrow"))) << st.ToString();
  EXPECT_TRUE(Mentions(st, v1.fingerprint_hex()) && Mentions(st, reader.fingerprint_hex())) << st.ToString();
  EXPECT_TRUE(RowFileSet::Open(dir_.string(), &reader).ok());  // with one, all three are read
}

// A directory without row files (nothing, or only what engines leave beside them) is an
// empty set of the reader schema; without a reader schema there is no schema to read it with.
TEST_F(RowFileSetTest, EmptyDirectory) {
  const Schema reader = Reader();
  Touch(In("_SUCCESS"), "");
  auto files = RowFileSet::Open(dir_.string(), &reader);
  ASSERT_TRUE(files.ok()) << files.status().ToString();
  EXPECT_EQ(files->num_files(), 0);
  EXPECT_EQ(files->num_rows(), 0);
  EXPECT_EQ(files->num_resolutions(), 0);
  EXPECT_TRUE(files->reader().Equals(reader));
  EXPECT_EQ(files->resolved_row(0).status().kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(files->ReaderRows()->num_rows(), 0);

  auto unknown = RowFileSet::Open(dir_.string());
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().kind(), ErrorKind::kInvalidArgument);
  EXPECT_TRUE(Mentions(unknown.status(), dir_.string())) << unknown.status().ToString();
  EXPECT_EQ(RowFileSet::Open(std::vector<std::string>{}).status().kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ((*RowFileSet::Open(std::vector<std::string>{}, &reader)).num_rows(), 0);
}

TEST_F(RowFileSetTest, MissingDirectory) {
  const Schema reader = Reader();
  const std::string missing = In("no-such-dir");
  for (const Schema* r : {static_cast<const Schema*>(nullptr), &reader}) {
    auto files = RowFileSet::Open(missing, r);
    ASSERT_FALSE(files.ok());
    EXPECT_EQ(files.status().kind(), ErrorKind::kInvalidArgument);
    EXPECT_TRUE(Mentions(files.status(), missing)) << files.status().ToString();
  }
  EXPECT_EQ(arrow_io::ListRowFiles(missing).status().kind(), ErrorKind::kInvalidArgument);
  // a listed file that is gone by the time it is opened
  auto gone = RowFileSet::Open(std::vector<std::string>{missing}, &reader);
  ASSERT_FALSE(gone.ok());
  EXPECT_EQ(gone.status().kind(), ErrorKind::kInvalidArgument);
  EXPECT_TRUE(Mentions(gone.status(), "row file " + missing + ":")) << gone.status().ToString();
}

// A file of the directory that is no row file (not Arrow; Arrow without the row column) is
// refused with the error of RowFileReader::Open, naming the file.
TEST_F(RowFileSetTest, AFileThatIsNoRowFileIsRefusedNamingIt) {
  const Schema v1 = V1();
  ASSERT_TRUE(arrow_io::WriteRowFile(In("a.zrow"), v1, V1Rows(0, 1)).ok());
  Touch(In("notes.txt"), "not a row file");
  auto files = RowFileSet::Open(dir_.string(), &v1);
  ASSERT_FALSE(files.ok());
  EXPECT_EQ(files.status().kind(), ErrorKind::kInvalidData);
  EXPECT_TRUE(Mentions(files.status(), "row file " + In("notes.txt") + ":")) << files.status().ToString();
  fs::remove(In("notes.txt"));
  // a row that fails validation at level full names its file and its row
  RowBatch bad = V1Rows(0, 1);
  bad.bytes.back() = 1;  // the string body's padding, which must be zero (SPEC §6.3)
  {
    auto writer = arrow_io::RowFileWriter::Open(In("b.zrow"), v1);
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE(writer->Write(V1Rows(0, 1)).ok());
    ASSERT_TRUE(writer->Write(bad).ok());  // it wraps; only full validation sees the padding
    ASSERT_TRUE(writer->Close().ok());
  }
  EXPECT_TRUE(RowFileSet::Open(dir_.string(), &v1).ok());
  auto full = RowFileSet::Open(dir_.string(), &v1, ValidationLevel::kFull);
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.status().kind(), ErrorKind::kInvalidData);
  EXPECT_TRUE(Mentions(full.status(), "row file " + In("b.zrow") + ": row 1 (batch 0, byte "))
      << full.status().ToString();
}

Status ReadmeRowFileSet(const std::string& dir, const Schema& reader) {
  auto use = [](const Result<ResolvedRow>& r) { return r.ok(); };
  // cpp-row/README.md quotes these lines as laid out here:
  // clang-format off
  // --- README "Directories of row files"
  ZR_ASSIGN_OR_RETURN(auto files, zerorow::arrow_io::RowFileSet::Open(dir, &reader));  // every file resolved here
  for (int64_t k = 0; k < files.num_rows(); ++k) use(files.resolved_row(k));  // the reader's fields and types
  ZR_ASSIGN_OR_RETURN(auto rows, files.ReaderRows());  // every row laid out by the reader schema
  // ---
  // clang-format on
  if (files.num_files() != 2 || rows.num_rows() != 3) return Status::InvalidData("unexpected files or rows");
  return Status::OK();
}

TEST_F(RowFileSetTest, Readme) {
  ASSERT_TRUE(arrow_io::WriteRowFile(In("2024.zrow"), V1(), V1Rows(0, 2)).ok());
  ASSERT_TRUE(arrow_io::WriteRowFile(In("2025.zrow"), Reader(), ReaderRows(2, 1)).ok());
  Status st = ReadmeRowFileSet(dir_.string(), Reader());
  EXPECT_TRUE(st.ok()) << st.ToString();
}

}  // namespace
}  // namespace zerorow
