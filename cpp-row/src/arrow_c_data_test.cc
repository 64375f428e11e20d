#include "zerorow/arrow_c_data.h"

#include <gtest/gtest.h>

#include <cstring>

#include "test_util.h"
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
  if (cases.empty()) GTEST_SKIP() << "no vectors";
  for (const std::string& name : cases) {
    SCOPED_TRACE(name);
    auto schema = Schema::FromJson(testing::ReadFile(testing::CaseDir(name) / "schema.json"));
    ASSERT_TRUE(schema.ok()) << schema.status().ToString();
    std::string row = testing::ReadFile(testing::CaseDir(name) / "row.bin");
    std::vector<uint8_t> bytes;
    std::vector<int64_t> offsets{0};
    for (int k = 0; k < 3; ++k) {
      bytes.insert(bytes.end(), row.begin(), row.end());
      offsets.push_back(static_cast<int64_t>(bytes.size()));
    }
    Released r;
    Status st = arrow::ExportRows(*schema, bytes, offsets, &r.array, &r.schema);
    ASSERT_TRUE(st.ok()) << st.ToString();
    EXPECT_EQ(r.array.length, 3);
    EXPECT_EQ(r.array.n_children, schema->num_fields());
    EXPECT_STREQ(r.schema.format, "+s");
    auto imported_schema = arrow::ImportSchema(&r.schema);
    ASSERT_TRUE(imported_schema.ok()) << imported_schema.status().ToString();
    EXPECT_EQ(imported_schema->ToJson(), schema->ToJson());
    arrow::RowBatch batch;
    st = arrow::ImportRows(&r.array, &r.schema, *schema, &batch);
    ASSERT_TRUE(st.ok()) << st.ToString();
    ASSERT_EQ(batch.num_rows(), 3);
    for (int k = 0; k < 3; ++k) {
      auto got = batch.row_bytes(k);
      ASSERT_EQ(std::string(got.begin(), got.end()), row) << "row " << k;
    }
  }
}

TEST(ArrowCDataTest, SlicedStructArrayImport) {
  auto schema = *Schema::Make({field("a", int32()), field("s", utf8()), field("l", list(int64()))});
  std::vector<uint8_t> bytes;
  std::vector<int64_t> offsets{0};
  RowWriter w(schema, &bytes);
  for (int k = 0; k < 5; ++k) {
    if (k) w.Reset();
    ASSERT_TRUE(w.WriteInt32(0, k).ok());
    if (k == 2) { ASSERT_TRUE(w.SetNull(1).ok()); } else { ASSERT_TRUE(w.WriteString(1, std::string(k, 'x')).ok()); }
    ArrayWriter a;
    ASSERT_TRUE(w.BeginArray(2, k, &a).ok());
    for (int e = 0; e < k; ++e) ASSERT_TRUE(a.WriteInt64(e, e * 10).ok());
    ASSERT_TRUE(a.Finish().ok());
    ASSERT_TRUE(w.Finish().ok());
    offsets.push_back(static_cast<int64_t>(bytes.size()));
  }
  Released r;
  ASSERT_TRUE(arrow::ExportRows(schema, bytes, offsets, &r.array, &r.schema).ok());
  EXPECT_EQ(r.array.children[1]->null_count, 1);
  EXPECT_EQ(r.array.children[0]->null_count, 0);
  EXPECT_EQ(r.array.children[0]->buffers[0], nullptr);
  // Slice rows [1, 4) by setting the struct's offset (children are shifted by it).
  r.array.offset = 1;
  r.array.length = 3;
  arrow::RowBatch batch;
  Status st = arrow::ImportRows(&r.array, &r.schema, schema, &batch);
  ASSERT_TRUE(st.ok()) << st.ToString();
  ASSERT_EQ(batch.num_rows(), 3);
  for (int k = 0; k < 3; ++k) {
    auto got = batch.row_bytes(k);
    std::vector<uint8_t> want(bytes.begin() + offsets[k + 1], bytes.begin() + offsets[k + 2]);
    EXPECT_EQ(std::vector<uint8_t>(got.begin(), got.end()), want) << "row " << k;
    EXPECT_TRUE(Validate(got, schema).ok());
  }
  r.array.offset = 0;
  r.array.length = 5;
}

TEST(ArrowCDataTest, MalformedRowIsAnErrorNotACrash) {
  auto schema = *Schema::Make({field("s", utf8())});
  std::vector<uint8_t> row(16, 0);
  uint64_t ref = (uint64_t{8} << 32) | 1000;  // body past the end
  std::memcpy(row.data() + 8, &ref, 8);
  std::vector<int64_t> offsets{0, 16};
  Released r;
  Status st = arrow::ExportRows(schema, row, offsets, &r.array, &r.schema);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "s");
}

TEST(ArrowCDataTest, SchemaMismatchOnImport) {
  auto a = *Schema::Make({field("x", int32())});
  auto b = *Schema::Make({field("x", int64())});
  RowWriter w(a);
  ASSERT_TRUE(w.WriteInt32(0, 1).ok());
  ASSERT_TRUE(w.Finish().ok());
  BinaryRow row = w.row();
  Released r;
  ASSERT_TRUE(arrow::ExportRows(a, std::span<const BinaryRow>(&row, 1), &r.array, &r.schema).ok());
  arrow::RowBatch batch;
  EXPECT_EQ(arrow::ImportRows(&r.array, &r.schema, b, &batch).kind(), ErrorKind::kSchemaMismatch);
}

}  // namespace
}  // namespace zerorow
