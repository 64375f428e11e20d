#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>

#include "test_util.h"
#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/row_writer.h"
#include "zerorow/validate.h"

namespace zerorow {
namespace {

struct Released {
  ArrowArray array{};
  ArrowSchema schema{};
  ~Released() {
    if (array.release) array.release(&array);
    if (schema.release) schema.release(&schema);
  }
};

// Every golden row, three times in one batch: export, import, compare bytes.
TEST(ArrowCDataTest, GoldenVectorsRoundTrip) {
  auto cases = testing::GoldenCases();
  ASSERT_FALSE(cases.empty()) << "golden vectors missing under " << ZEROROW_VECTORS_DIR;
  for (const std::string& name : cases) {
    SCOPED_TRACE(name);
    auto schema = Schema::FromJson(testing::ReadCaseFile(testing::CaseDir(name) / "schema.json"));
    ASSERT_TRUE(schema.ok()) << schema.status().ToString();
    std::string row = testing::ReadCaseFile(testing::CaseDir(name) / "row.bin");
    std::vector<uint8_t> bytes;
    std::vector<int64_t> offsets{0};
    for (int k = 0; k < 3; ++k) {
      bytes.insert(bytes.end(), row.begin(), row.end());
      offsets.push_back(static_cast<int64_t>(bytes.size()));
    }
    Released r;
    Status st = arrow_io::ExportRows(*schema, bytes, offsets, &r.array, &r.schema);
    if (name == "interval_values") {
      // Its extreme microseconds do not fit month_day_nano_interval's int64 nanoseconds: the
      // export refuses them (SPEC §12.1, checked) instead of wrapping.
      EXPECT_EQ(st.kind(), ErrorKind::kInvalidData) << st.ToString();
      EXPECT_NE(st.message().find("month_day_nano_interval"), std::string::npos) << st.ToString();
      continue;
    }
    ASSERT_TRUE(st.ok()) << st.ToString();
    EXPECT_EQ(r.array.length, 3);
    EXPECT_EQ(r.array.n_children, schema->num_fields());
    EXPECT_STREQ(r.schema.format, "+s");
    auto imported_schema = arrow_io::ImportSchema(&r.schema);
    ASSERT_TRUE(imported_schema.ok()) << imported_schema.status().ToString();
    EXPECT_EQ(imported_schema->ToJson(), schema->struct_type()->LayoutJson());  // no aliases in Arrow (SPEC §13.2)
    arrow_io::RowBatch batch;
    st = arrow_io::ImportRows(&r.array, &r.schema, *schema, &batch);
    ASSERT_TRUE(st.ok()) << st.ToString();
    ASSERT_EQ(batch.num_rows(), 3);
    for (int k = 0; k < 3; ++k) {
      auto got = batch.row_bytes(k);
      ASSERT_EQ(std::string(got.begin(), got.end()), row) << "row " << k;
    }
  }
}

// The same malformed bytes give the same error kind from the export as from the checked
// getters (SPEC §6.2): every 8-byte word of a valid row overwritten with values that break
// the reference, the array count or the array size, and every truncation of the row.
// For list<int32> the export reads nothing GetArray does not check, so it fails exactly
// when Wrap or GetArray does; for list<string> it also checks the strings, so only a
// getter failure implies an export failure of the same kind.
void ExpectSameKindAsGetters(const Schema& schema, const std::vector<uint8_t>& bytes, bool list_is_all) {
  const std::vector<int64_t> offsets{0, static_cast<int64_t>(bytes.size())};
  Released r;
  Status exported = arrow_io::ExportRows(schema, bytes, offsets, &r.array, &r.schema);
  auto row = BinaryRow::Wrap(bytes, schema);
  if (!row.ok()) {
    EXPECT_EQ(exported.kind(), row.status().kind())
        << "Wrap: " << row.status().ToString() << "\nExportRows: " << exported.ToString();
    return;
  }
  if (row->IsNullUnchecked(0)) return;
  auto xs = row->GetArray(0);
  if (!xs.ok()) {
    EXPECT_EQ(exported.kind(), xs.status().kind())
        << "GetArray: " << xs.status().ToString() << "\nExportRows: " << exported.ToString();
  } else if (list_is_all) {
    EXPECT_TRUE(exported.ok()) << exported.ToString();
  }
}

std::vector<std::vector<uint8_t>> Mutations(const std::vector<uint8_t>& row) {
  std::vector<std::vector<uint8_t>> out;
  const uint64_t values[] = {0,
                             1,
                             7,
                             8,
                             16,
                             uint64_t{1} << 31,
                             0xffffffffu,
                             (uint64_t{16} << 32) | 8,
                             (uint64_t{16} << 32) | 4,
                             (uint64_t{16} << 32) | 1000,
                             (uint64_t{1000} << 32) | 8,
                             (uint64_t{8} << 32) | 16,
                             ~uint64_t{0}};
  for (size_t w = 0; w + 8 <= row.size(); w += 8) {
    for (uint64_t v : values) {
      std::vector<uint8_t> m = row;
      std::memcpy(m.data() + w, &v, 8);
      out.push_back(std::move(m));
    }
  }
  for (size_t n = 0; n < row.size(); ++n) out.emplace_back(row.begin(), row.begin() + n);
  return out;
}

TEST(ArrowCDataTest, MalformedRowsGiveTheGettersErrorKinds) {
  auto ints = *Schema::Make({field("xs", list(int32()))});
  RowWriter w(ints);
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(0, 3, &a).ok());
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(a.WriteInt32(i, i + 1).ok());
  ASSERT_TRUE(a.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  const std::vector<uint8_t> int_row(w.bytes().begin(), w.bytes().end());
  for (const auto& m : Mutations(int_row)) ExpectSameKindAsGetters(ints, m, /*list_is_all=*/true);

  auto strings = *Schema::Make({field("xs", list(string()))});
  RowWriter sw(strings);
  ASSERT_TRUE(sw.BeginArray(0, 2, &a).ok());
  ASSERT_TRUE(a.WriteString(0, "ab").ok());
  ASSERT_TRUE(a.WriteString(1, "cdefghijk").ok());
  ASSERT_TRUE(a.Finish().ok());
  ASSERT_TRUE(sw.Finish().ok());
  const std::vector<uint8_t> string_row(sw.bytes().begin(), sw.bytes().end());
  for (const auto& m : Mutations(string_row)) ExpectSameKindAsGetters(strings, m, /*list_is_all=*/false);
}

TEST(ArrowCDataTest, SlicedStructArrayImport) {
  auto schema = *Schema::Make({field("a", int32()), field("s", string()), field("l", list(int64()))});
  std::vector<uint8_t> bytes;
  std::vector<int64_t> offsets{0};
  RowWriter w(schema, &bytes);
  for (int k = 0; k < 5; ++k) {
    if (k) w.Reset();
    ASSERT_TRUE(w.WriteInt32(0, k).ok());
    if (k == 2) {
      ASSERT_TRUE(w.SetNull(1).ok());
    } else {
      ASSERT_TRUE(w.WriteString(1, std::string(k, 'x')).ok());
    }
    ArrayWriter a;
    ASSERT_TRUE(w.BeginArray(2, k, &a).ok());
    for (int e = 0; e < k; ++e) ASSERT_TRUE(a.WriteInt64(e, e * 10).ok());
    ASSERT_TRUE(a.Finish().ok());
    ASSERT_TRUE(w.Finish().ok());
    offsets.push_back(static_cast<int64_t>(bytes.size()));
  }
  Released r;
  ASSERT_TRUE(arrow_io::ExportRows(schema, bytes, offsets, &r.array, &r.schema).ok());
  EXPECT_EQ(r.array.children[1]->null_count, 1);
  EXPECT_EQ(r.array.children[0]->null_count, 0);
  EXPECT_EQ(r.array.children[0]->buffers[0], nullptr);
  // Slice rows [1, 4) by setting the struct's offset (children are shifted by it).
  r.array.offset = 1;
  r.array.length = 3;
  arrow_io::RowBatch batch;
  Status st = arrow_io::ImportRows(&r.array, &r.schema, schema, &batch);
  ASSERT_TRUE(st.ok()) << st.ToString();
  ASSERT_EQ(batch.num_rows(), 3);
  for (int k = 0; k < 3; ++k) {
    auto got = batch.row_bytes(k);
    std::vector<uint8_t> want(bytes.begin() + offsets[k + 1], bytes.begin() + offsets[k + 2]);
    EXPECT_EQ(std::vector<uint8_t>(got.begin(), got.end()), want) << "row " << k;
    EXPECT_TRUE(Validate(schema, got).ok());
  }
  r.array.offset = 0;
  r.array.length = 5;
}

TEST(ArrowCDataTest, MalformedRowIsAnErrorNotACrash) {
  auto schema = *Schema::Make({field("s", string())});
  std::vector<uint8_t> row(16, 0);
  uint64_t ref = (uint64_t{8} << 32) | 1000;  // body past the end
  std::memcpy(row.data() + 8, &ref, 8);
  std::vector<int64_t> offsets{0, 16};
  Released r;
  Status st = arrow_io::ExportRows(schema, row, offsets, &r.array, &r.schema);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "s");
}

// Shared bodies (accepted at level bounds, rejected by full validation: SPEC §6.3 rule e) can
// make a walk exponential in the nesting depth: 100 outer elements that all reference one
// inner list of 100 ints. Export refuses more elements than the rows have bytes.
TEST(ArrowCDataTest, SharedBodiesCannotAmplifyTheExport) {
  auto schema = *Schema::Make({field("l", list(list(int32(), false), false))});
  const uint64_t n = 100;
  auto put = [](std::vector<uint8_t>& b, size_t at, uint64_t v) { std::memcpy(b.data() + at, &v, 8); };
  const size_t outer = 16;                    // after the row's bitmap word and slot
  const size_t outer_fixed = 8 + 16 + 8 * n;  // count, bitmap (2 words), n slots
  const size_t inner_size = 8 + 16 + 4 * n;   // count, bitmap, n int32 values
  std::vector<uint8_t> row(outer + outer_fixed + inner_size, 0);
  put(row, 8, (uint64_t{outer} << 32) | (outer_fixed + inner_size));
  put(row, outer, n);
  for (uint64_t e = 0; e < n; ++e) put(row, outer + 24 + 8 * e, (uint64_t{outer_fixed} << 32) | inner_size);
  put(row, outer + outer_fixed, n);
  std::vector<int64_t> offsets{0, static_cast<int64_t>(row.size())};
  EXPECT_EQ(Validate(schema, row, ValidationLevel::kBounds).ok(), true);
  EXPECT_EQ(Validate(schema, row, ValidationLevel::kFull).kind(), ErrorKind::kInvalidData);
  Released r;
  Status st = arrow_io::ExportRows(schema, row, offsets, &r.array, &r.schema);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData) << st.ToString();
  EXPECT_EQ(st.path(), "l");
  EXPECT_NE(st.message().find("shared or overlap"), std::string::npos) << st.message();
}

// The block-by-block path of top-level columns: more rows than one block (and not a multiple
// of 64), nulls, empty / short / long / multibyte strings, binary, bool; both overloads.
struct MixedBatch {
  Schema schema = *Schema::Make(
      {field("i", int32()), field("s", string()), field("b", binary()), field("f", bool_()), field("l", int64())});
  std::vector<uint8_t> bytes;
  std::vector<int64_t> offsets{0};
  std::vector<std::string> strings;
};

std::string MixedString(int k) {
  if (k % 11 == 0) return "";
  std::string s = "x" + std::to_string(k);
  if (k % 7 == 0) s += "-\xC3\xA9t\xC3\xA9-" + std::string(k % 37, 'z');  // multibyte, long
  return s;
}

MixedBatch MakeMixed(int n, const std::function<void(RowWriter&, int)>& write_string) {
  MixedBatch m;
  RowWriter w(m.schema);
  for (int k = 0; k < n; ++k) {
    w.Reset();
    EXPECT_TRUE((k % 5 == 0 ? w.SetNull(0) : w.WriteInt32(0, k)).ok());
    m.strings.push_back(MixedString(k));
    if (k % 13 == 3) {
      EXPECT_TRUE(w.SetNull(1).ok());
    } else {
      write_string(w, k);
    }
    EXPECT_TRUE((k % 3 == 0 ? w.SetNull(2) : w.WriteBinary(2, std::string(k % 19, static_cast<char>(k)))).ok());
    EXPECT_TRUE(w.WriteBool(3, k % 4 == 1).ok());
    EXPECT_TRUE(w.WriteInt64(4, int64_t{k} << 33).ok());
    EXPECT_TRUE(w.Finish().ok());
    m.bytes.insert(m.bytes.end(), w.bytes().begin(), w.bytes().end());
    m.offsets.push_back(static_cast<int64_t>(m.bytes.size()));
  }
  return m;
}

bool BitAt(const void* bits, int64_t k) {
  return bits == nullptr || ((static_cast<const uint8_t*>(bits)[k >> 3] >> (k & 7)) & 1);
}

TEST(ArrowCDataTest, TopLevelColumnsAcrossBlocks) {
  const int n = 1000;
  MixedBatch m = MakeMixed(n, [](RowWriter& w, int k) { EXPECT_TRUE(w.WriteString(1, MixedString(k)).ok()); });
  std::vector<BinaryRow> rows;
  for (int k = 0; k < n; ++k) {
    rows.push_back(*BinaryRow::Wrap(
        std::span<const uint8_t>(m.bytes).subspan(m.offsets[k], m.offsets[k + 1] - m.offsets[k]), m.schema));
  }
  for (int overload = 0; overload < 2; ++overload) {
    Released r;
    Status st = overload ? arrow_io::ExportRows(m.schema, rows, &r.array, &r.schema)
                         : arrow_io::ExportRows(m.schema, m.bytes, m.offsets, &r.array, &r.schema);
    ASSERT_TRUE(st.ok()) << st.ToString();
    ASSERT_EQ(r.array.n_children, 5);
    const ArrowArray* s = r.array.children[1];
    const ArrowArray* b = r.array.children[2];
    const ArrowArray* f = r.array.children[3];
    const int32_t* so = static_cast<const int32_t*>(s->buffers[1]);
    const char* sd = static_cast<const char*>(s->buffers[2]);
    const int32_t* bo = static_cast<const int32_t*>(b->buffers[1]);
    const char* bd = static_cast<const char*>(b->buffers[2]);
    int64_t s_nulls = 0, b_nulls = 0;
    for (int k = 0; k < n; ++k) {
      const bool s_valid = k % 13 != 3, b_valid = k % 3 != 0;
      s_nulls += !s_valid;
      b_nulls += !b_valid;
      ASSERT_EQ(BitAt(s->buffers[0], k), s_valid) << k;
      ASSERT_EQ(std::string(sd + so[k], so[k + 1] - so[k]), s_valid ? m.strings[k] : "") << k;
      ASSERT_EQ(BitAt(b->buffers[0], k), b_valid) << k;
      ASSERT_EQ(std::string(bd + bo[k], bo[k + 1] - bo[k]), b_valid ? std::string(k % 19, static_cast<char>(k)) : "")
          << k;
      ASSERT_EQ(BitAt(f->buffers[1], k), k % 4 == 1) << k;
    }
    EXPECT_EQ(s->null_count, s_nulls);
    EXPECT_EQ(b->null_count, b_nulls);
    EXPECT_EQ(f->null_count, 0);
  }
}

// A bad row deep in a batch (past the first blocks) still fails the export with its path.
TEST(ArrowCDataTest, BadStringInALaterBlockIsAnError) {
  const int n = 900;
  for (int bad : {0, 700, n - 1}) {
    // (a) a reference past the end of its row
    MixedBatch m = MakeMixed(n, [](RowWriter& w, int k) { EXPECT_TRUE(w.WriteString(1, MixedString(k)).ok()); });
    const size_t slot = 8 + 8 * 1;
    uint64_t ref = (uint64_t{48} << 32) | 4096;
    std::memcpy(m.bytes.data() + m.offsets[bad] + slot, &ref, 8);
    m.bytes[m.offsets[bad]] &= ~uint8_t{2};  // not null
    Released r;
    Status st = arrow_io::ExportRows(m.schema, m.bytes, m.offsets, &r.array, &r.schema);
    EXPECT_EQ(st.kind(), ErrorKind::kInvalidData) << bad;
    EXPECT_EQ(st.path(), "s") << bad;
  }
  for (int bad : {1, 700, n - 1}) {
    // (b) invalid UTF-8 in one string; (c) a string that is only a continuation byte after
    // one that is only a lead byte: the column as a whole is valid UTF-8, each string is not
    for (int variant = 0; variant < 2; ++variant) {
      MixedBatch m = MakeMixed(n, [&](RowWriter& w, int k) {
        std::string body = MixedString(k);
        if (variant == 0 && k == bad) body = "ok\xFF";
        if (variant == 1 && k == bad - 1) body = "\xC3";
        if (variant == 1 && k == bad) body = "\xA9";
        if (k == bad || k == bad - 1) {
          EXPECT_TRUE(
              w.WriteRawBody(1, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(body.data()), body.size()))
                  .ok());
        } else {
          EXPECT_TRUE(w.WriteString(1, body).ok());
        }
      });
      Released r;
      Status st = arrow_io::ExportRows(m.schema, m.bytes, m.offsets, &r.array, &r.schema);
      EXPECT_EQ(st.kind(), ErrorKind::kInvalidData) << bad << " " << variant;
      EXPECT_EQ(st.path().substr(0, 1), "s") << bad << " " << variant << " " << st.path();
    }
  }
}

// A column reads into a field of its own type or of a widening (SPEC §13.3); a narrowing is
// schema_mismatch.
TEST(ArrowCDataTest, SchemaMismatchOnImport) {
  auto a = *Schema::Make({field("x", int32())});
  auto b = *Schema::Make({field("x", int16())});
  RowWriter w(a);
  ASSERT_TRUE(w.WriteInt32(0, 1).ok());
  ASSERT_TRUE(w.Finish().ok());
  BinaryRow row = w.row();
  Released r;
  ASSERT_TRUE(arrow_io::ExportRows(a, std::span<const BinaryRow>(&row, 1), &r.array, &r.schema).ok());
  arrow_io::RowBatch batch;
  Status st = arrow_io::ImportRows(&r.array, &r.schema, b, &batch);
  EXPECT_EQ(st.kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(st.path(), "x");
  EXPECT_NE(st.message().find("found Arrow type int32"), std::string::npos) << st.ToString();
  auto wide = *Schema::Make({field("x", int64())});
  ASSERT_TRUE(arrow_io::ImportRows(&r.array, &r.schema, wide, &batch).ok());
  EXPECT_EQ(*BinaryRow::Wrap(batch.row_bytes(0), wide)->GetInt64(0), 1);
}

}  // namespace
}  // namespace zerorow

namespace zerorow {
namespace {

// Rows of {l: list<int32>, s: string, m: map<string, int32>}, exported to Arrow.
struct ExportedBatch {
  Schema schema = *Schema::Make({field("l", list(int32())), field("s", string()), field("m", map(string(), int32()))});
  Released r;
  ExportedBatch() {
    std::vector<uint8_t> bytes;
    std::vector<int64_t> offsets{0};
    for (int k = 0; k < 3; ++k) {
      RowWriter w(schema);
      ArrayWriter a;
      EXPECT_TRUE(w.BeginArray(0, 2, &a).ok());
      EXPECT_TRUE(a.WriteInt32(0, k).ok());
      EXPECT_TRUE(a.WriteInt32(1, k).ok());
      EXPECT_TRUE(a.Finish().ok());
      EXPECT_TRUE(w.WriteString(1, "abc").ok());
      MapWriter m;
      ArrayWriter keys, values;
      EXPECT_TRUE(w.BeginMap(2, &m).ok());
      EXPECT_TRUE(m.BeginKeys(1, &keys).ok());
      EXPECT_TRUE(keys.WriteString(0, "k").ok());
      EXPECT_TRUE(keys.Finish().ok());
      EXPECT_TRUE(m.BeginValues(1, &values).ok());
      EXPECT_TRUE(values.WriteInt32(0, k).ok());
      EXPECT_TRUE(values.Finish().ok());
      EXPECT_TRUE(m.Finish().ok());
      EXPECT_TRUE(w.Finish().ok());
      bytes.insert(bytes.end(), w.bytes().begin(), w.bytes().end());
      offsets.push_back(static_cast<int64_t>(bytes.size()));
    }
    EXPECT_TRUE(arrow_io::ExportRows(schema, bytes, offsets, &r.array, &r.schema).ok());
  }
  int32_t* Offsets(int column) {
    return static_cast<int32_t*>(const_cast<void*>(r.array.children[column]->buffers[1]));
  }
  Status Import() {
    arrow_io::RowBatch batch;
    return arrow_io::ImportRows(&r.array, &r.schema, schema, &batch);
  }
};

TEST(ArrowCImportTest, ExportedBatchImports) {
  ExportedBatch b;
  ASSERT_TRUE(b.Import().ok());
}

TEST(ArrowCImportTest, ListOffsetPastTheChildIsInvalidData) {
  ExportedBatch b;
  b.Offsets(0)[3] = 1000;  // the child list holds 6 values
  Status st = b.Import();
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "l");
  EXPECT_EQ(st.expected(), 6);
  EXPECT_EQ(st.actual(), 1000);
}

TEST(ArrowCImportTest, MapOffsetPastTheEntriesIsInvalidData) {
  ExportedBatch b;
  b.Offsets(2)[3] = 7;
  Status st = b.Import();
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "m");
}

TEST(ArrowCImportTest, NegativeAndDecreasingOffsetsAreInvalidData) {
  ExportedBatch neg;
  neg.Offsets(1)[0] = -4;
  EXPECT_EQ(neg.Import().kind(), ErrorKind::kInvalidData);
  ExportedBatch dec;
  dec.Offsets(1)[2] = 1;
  EXPECT_EQ(dec.Import().kind(), ErrorKind::kInvalidData);
}

TEST(ArrowCImportTest, ShortChildIsInvalidData) {
  ExportedBatch b;
  b.r.array.children[1]->length = 1;  // the struct has 3 rows
  Status st = b.Import();
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_NE(st.message().find("length >= 3"), std::string::npos) << st.ToString();
}

// An empty array may leave its buffers null (the C Data Interface allows it for length 0):
// nothing is read or offset from them. Built by hand, as producers like this exist.
TEST(ArrowCImportTest, EmptyArraysWithNullBuffersImportAsNoRows) {
  auto schema = *Schema::Make({field("flag", bool_()), field("n", int64()), field("s", string())});
  ArrowSchema exported{};
  ASSERT_TRUE(arrow_io::ExportSchema(schema, &exported).ok());
  const void* no_buffers[3] = {nullptr, nullptr, nullptr};
  ArrowArray columns[3]{};
  ArrowArray* children[3] = {&columns[0], &columns[1], &columns[2]};
  for (int c = 0; c < 3; ++c) {
    columns[c].n_buffers = c == 2 ? 3 : 2;
    columns[c].buffers = no_buffers;
  }
  ArrowArray top{};
  top.n_buffers = 1;
  top.buffers = no_buffers;
  top.n_children = 3;
  top.children = children;
  for (ArrowArray& column : columns) column.offset = 5;  // an offset into nothing: never applied
  arrow_io::RowBatch batch;
  Status st = arrow_io::ImportRows(&top, &exported, schema, &batch);
  EXPECT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(batch.num_rows(), 0);
  exported.release(&exported);
}

// Map keys and values are named in paths as SPEC §4.3 names them: `{keys}` / `{values}`, in
// schema paths (no index) and value paths alike.
TEST(ArrowCImportTest, MapPathsNameKeysAndValues) {
  ExportedBatch b;  // m: map<string, int32>
  arrow_io::RowBatch batch;
  auto wrong_value =  // int32 values read as int8: a narrowing
      *Schema::Make({field("l", list(int32())), field("s", string()), field("m", map(string(), int8()))});
  Status st = arrow_io::ImportRows(&b.r.array, &b.r.schema, wrong_value, &batch);
  EXPECT_EQ(st.kind(), ErrorKind::kSchemaMismatch) << st.ToString();
  EXPECT_EQ(st.path(), "m{values}") << st.ToString();
  auto wrong_key = *Schema::Make({field("l", list(int32())), field("s", string()), field("m", map(int32(), int32()))});
  st = arrow_io::ImportRows(&b.r.array, &b.r.schema, wrong_key, &batch);
  EXPECT_EQ(st.kind(), ErrorKind::kSchemaMismatch) << st.ToString();
  EXPECT_EQ(st.path(), "m{keys}") << st.ToString();

  ArrowSchema* entries = b.r.schema.children[2]->children[0];
  for (int c = 0; c < 2; ++c) {
    const char* format = entries->children[c]->format;
    entries->children[c]->format = "+us:";  // a union: no zerorow type
    auto imported = arrow_io::ImportSchema(&b.r.schema);
    entries->children[c]->format = format;
    ASSERT_FALSE(imported.ok());
    EXPECT_EQ(imported.status().path(), c == 0 ? "m{keys}" : "m{values}") << imported.status().ToString();
  }
}

// The export names the map column whose values it could not build: `m{values}` (SPEC §4.3).
TEST(ArrowCDataTest, ExportErrorsInsideAMapNameItsValues) {
  auto schema = *Schema::Make({field("m", map(int32(), string()))});
  RowWriter w(schema);
  MapWriter m;
  ArrayWriter keys, values;
  ASSERT_TRUE(w.BeginMap(0, &m).ok());
  ASSERT_TRUE(m.BeginKeys(2, &keys).ok());
  ASSERT_TRUE(keys.WriteInt32(0, 1).ok());
  ASSERT_TRUE(keys.WriteInt32(1, 2).ok());
  ASSERT_TRUE(keys.Finish().ok());
  ASSERT_TRUE(m.BeginValues(2, &values).ok());
  ASSERT_TRUE(values.WriteString(0, "a").ok());
  ASSERT_TRUE(values.WriteString(1, "bcd").ok());
  ASSERT_TRUE(values.Finish().ok());
  ASSERT_TRUE(m.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  std::vector<uint8_t> row(w.bytes().begin(), w.bytes().end());
  // The reference of value 1 ("bcd", 3 bytes) made 1000 bytes long: past its array.
  bool found = false;
  for (size_t at = 0; at + 8 <= row.size() && !found; at += 8) {
    uint64_t ref;
    std::memcpy(&ref, row.data() + at, 8);
    if ((ref & 0xffffffffu) == 3 && (ref >> 32) != 0) {
      ref = (ref & ~uint64_t{0xffffffffu}) | 1000;
      std::memcpy(row.data() + at, &ref, 8);
      found = true;
    }
  }
  ASSERT_TRUE(found);
  std::vector<int64_t> offsets{0, static_cast<int64_t>(row.size())};
  Released r;
  Status st = arrow_io::ExportRows(schema, row, offsets, &r.array, &r.schema);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData) << st.ToString();
  EXPECT_EQ(st.path(), "m{values}") << st.ToString();  // the export names the column it was building
  EXPECT_EQ(Validate(schema, row, ValidationLevel::kFull).path(), "m{values}[1]");
}

TEST(ArrowCImportTest, DictionaryColumnIsRefusedAtSchemaTime) {
  ExportedBatch b;
  ArrowSchema dict{};
  dict.format = "u";
  dict.name = "";
  b.r.schema.children[1]->dictionary = &dict;
  auto s = arrow_io::ImportSchema(&b.r.schema);
  b.r.schema.children[1]->dictionary = nullptr;
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().kind(), ErrorKind::kUnsupported);
  EXPECT_EQ(s.status().path(), "s");
  EXPECT_NE(s.status().message().find("dictionary"), std::string::npos);
}

}  // namespace
}  // namespace zerorow
