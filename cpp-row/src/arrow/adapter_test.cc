// The adapter against the real Arrow C++: every golden vector becomes a RecordBatch that
// passes ValidateFull(), has the SPEC §12 types, and reads back to the same bytes.
#include "zerorow/arrow/adapter.h"

#include <gtest/gtest.h>

#include "test_util.h"
#include "zerorow/row_writer.h"

namespace zerorow {
namespace {

TEST(ArrowAdapterTest, GoldenVectorsThroughArrowCpp) {
  auto cases = testing::GoldenCases();
  ASSERT_FALSE(cases.empty()) << "golden vectors missing under " << ZEROROW_VECTORS_DIR;
  for (const std::string& name : cases) {
    SCOPED_TRACE(name);
    auto schema = *Schema::FromJson(testing::ReadCaseFile(testing::CaseDir(name) / "schema.json"));
    std::string row = testing::ReadCaseFile(testing::CaseDir(name) / "row.bin");
    std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(row.data()), row.size());
    std::unique_ptr<arrow_io::ArrowWriter> writer;
    ASSERT_TRUE(arrow_io::ArrowWriter::Make(schema, ::arrow::default_memory_pool(), &writer).ok());
    for (int k = 0; k < 4; ++k) ASSERT_TRUE(writer->Write(bytes).ok());
    std::shared_ptr<::arrow::RecordBatch> batch;
    auto st = writer->Finish(&batch);
    if (name == "interval_values") {
      // Its extreme microseconds do not fit month_day_nano_interval's nanoseconds: the export
      // refuses them (SPEC §12.1, checked), never a wrapped value.
      EXPECT_NE(st.message().find("month_day_nano_interval"), std::string::npos) << st.ToString();
      continue;
    }
    if (name == "max_depth_64") {
      // Arrow C++ refuses to import C Data nested deeper than its own limit of 64: asserted,
      // so that the case cannot pass quietly (SKIPS.md lists no skip for it).
      EXPECT_NE(st.message().find("Recursion level"), std::string::npos) << st.ToString();
      continue;
    }
    ASSERT_TRUE(st.ok()) << st.ToString();
    ASSERT_TRUE(batch->ValidateFull().ok()) << batch->ValidateFull().ToString();
    EXPECT_EQ(batch->num_rows(), 4);
    EXPECT_EQ(batch->num_columns(), schema.num_fields());
    auto arrow_schema = arrow_io::ToArrowSchema(schema);
    ASSERT_TRUE(arrow_schema.ok());
    EXPECT_TRUE(batch->schema()->Equals(**arrow_schema));

    arrow_io::RowBatch back;
    auto rst = arrow_io::ArrowReader(schema).Read(*batch->Slice(1, 2), &back);
    ASSERT_TRUE(rst.ok()) << rst.ToString();
    ASSERT_EQ(back.num_rows(), 2);
    for (int k = 0; k < 2; ++k) {
      auto got = back.row_bytes(k);
      EXPECT_EQ(std::string(got.begin(), got.end()), row);
    }
  }
}

TEST(ArrowAdapterTest, TypesFollowSpecSection12) {
  auto schema = *Schema::Make({field("t", timestamp("UTC")), field("d", decimal(20, 2)),
                               field("m", map(string(), int32(), false)), field("l", list(int64(), false)),
                               field("tm", time()), field("du", duration()), field("dt", date32())});
  auto s = *arrow_io::ToArrowSchema(schema);
  EXPECT_EQ(s->field(0)->type()->ToString(), "timestamp[us, tz=UTC]");
  EXPECT_EQ(s->field(1)->type()->ToString(), "decimal128(20, 2)");
  auto m = std::static_pointer_cast<::arrow::MapType>(s->field(2)->type());
  EXPECT_EQ(m->ToString(), "map<string, int32>");
  EXPECT_FALSE(m->item_field()->nullable());
  EXPECT_FALSE(m->key_field()->nullable());
  EXPECT_FALSE(m->keys_sorted());
  EXPECT_EQ(s->field(3)->type()->ToString(), "list<item: int64 not null>");
  EXPECT_EQ(s->field(4)->type()->ToString(), "time64[us]");
  EXPECT_EQ(s->field(5)->type()->ToString(), "duration[us]");
  EXPECT_EQ(s->field(6)->type()->ToString(), "date32[day]");
}

TEST(ArrowAdapterTest, ReaderAcceptsAlternatives) {
  // large_utf8 + timestamp[ms] read as string + timestamp (µs).
  auto schema = *Schema::Make({field("s", string()), field("t", timestamp())});
  ::arrow::LargeStringBuilder sb;
  ASSERT_TRUE(sb.Append("hello").ok());
  ASSERT_TRUE(sb.AppendNull().ok());
  ::arrow::TimestampBuilder tb(::arrow::timestamp(::arrow::TimeUnit::MILLI), ::arrow::default_memory_pool());
  ASSERT_TRUE(tb.Append(1500).ok());
  ASSERT_TRUE(tb.Append(-2).ok());
  auto batch =
      ::arrow::RecordBatch::Make(::arrow::schema({::arrow::field("s", ::arrow::large_utf8()),
                                                  ::arrow::field("t", ::arrow::timestamp(::arrow::TimeUnit::MILLI))}),
                                 2, {*sb.Finish(), *tb.Finish()});
  arrow_io::RowBatch rows;
  auto st = arrow_io::ArrowReader(schema).Read(*batch, &rows);
  ASSERT_TRUE(st.ok()) << st.ToString();
  auto r0 = *BinaryRow::Wrap(rows.row_bytes(0), schema);
  EXPECT_EQ(*r0.GetString(0), "hello");
  EXPECT_EQ(*r0.GetTimestamp(1), 1500000);
  auto r1 = *BinaryRow::Wrap(rows.row_bytes(1), schema);
  EXPECT_TRUE(*r1.IsNull(0));
  EXPECT_EQ(*r1.GetTimestamp(1), -2000);
}

// The seed documents' calls: Make from a std::shared_ptr<arrow::Schema> into a
// std::shared_ptr<ArrowWriter>, Write, Finish; Reset drops what was written.
TEST(ArrowAdapterTest, SeedCallsWithArrowSchemaAndSharedPtr) {
  auto arrow_schema = ::arrow::schema(
      {::arrow::field("f1", ::arrow::int32(), false), ::arrow::field("f2", ::arrow::list(::arrow::int32()))});
  std::shared_ptr<arrow_io::ArrowWriter> writer;
  ASSERT_TRUE(arrow_io::ArrowWriter::Make(arrow_schema, ::arrow::default_memory_pool(), &writer).ok());
  EXPECT_EQ(writer->schema().ToJson(),
            R"({"type":"struct","fields":[{"name":"f1","type":"int32","nullable":false},)"
            R"({"name":"f2","type":{"type":"list","element":"int32","element_nullable":true},"nullable":true}]})");
  RowWriter w(writer->schema());
  auto write_row = [&](int32_t v) {
    w.Reset();
    ASSERT_TRUE(w.WriteInt32(0, v).ok());
    ArrayWriter a;
    ASSERT_TRUE(w.BeginArray(1, 1, &a).ok());
    ASSERT_TRUE(a.WriteInt32(0, v * 10).ok());
    ASSERT_TRUE(a.Finish().ok());
    ASSERT_TRUE(w.Finish().ok());
    ASSERT_TRUE(writer->Write(std::make_shared<BinaryRow>(w.row())).ok());
  };
  write_row(1);
  writer->Reset();
  EXPECT_EQ(writer->num_rows(), 0);
  write_row(2);
  write_row(3);
  std::shared_ptr<::arrow::RecordBatch> batch;
  ASSERT_TRUE(writer->Finish(&batch).ok());
  ASSERT_TRUE(batch->ValidateFull().ok());
  EXPECT_TRUE(batch->schema()->Equals(*arrow_schema));
  EXPECT_EQ(batch->num_rows(), 2);
  auto f1 = std::static_pointer_cast<::arrow::Int32Array>(batch->column(0));
  EXPECT_EQ(f1->Value(0), 2);
  EXPECT_EQ(f1->Value(1), 3);
  EXPECT_EQ(writer->num_rows(), 0);  // Finish empties the writer
}

TEST(ArrowAdapterTest, MakeRefusesArrowSchemasWithoutZerorowTypes) {
  std::shared_ptr<arrow_io::ArrowWriter> writer;
  // SPEC §12.2: unions and decimals past 38 digits have no zerorow type, named as Arrow prints them.
  auto u = ::arrow::schema({::arrow::field(
      "u", ::arrow::sparse_union({::arrow::field("i", ::arrow::int32()), ::arrow::field("s", ::arrow::utf8())}))});
  auto st = arrow_io::ArrowWriter::Make(u, ::arrow::default_memory_pool(), &writer);
  EXPECT_TRUE(st.IsNotImplemented()) << st.ToString();
  EXPECT_NE(st.message().find("sparse_union<i: int32=0, s: string=1>"), std::string::npos) << st.ToString();
  EXPECT_NE(st.message().find("at u"), std::string::npos) << st.ToString();
  EXPECT_EQ(writer, nullptr);
  auto wide = ::arrow::schema({::arrow::field("h", ::arrow::decimal256(40, 2))});
  st = arrow_io::ArrowWriter::Make(wide, ::arrow::default_memory_pool(), &writer);
  EXPECT_TRUE(st.IsNotImplemented()) << st.ToString();
  EXPECT_NE(st.message().find("decimal256(40, 2)"), std::string::npos) << st.ToString();
  // Dictionaries, float16 and uint64 do map (SPEC §12.2).
  auto mapped = ::arrow::schema({::arrow::field("d", ::arrow::dictionary(::arrow::int32(), ::arrow::utf8())),
                                 ::arrow::field("f", ::arrow::float16()), ::arrow::field("n", ::arrow::uint64())});
  ASSERT_TRUE(arrow_io::ArrowWriter::Make(mapped, ::arrow::default_memory_pool(), &writer).ok());
  EXPECT_EQ(writer->schema().ToJson(),
            R"({"type":"struct","fields":[{"name":"d","type":"string","nullable":true},)"
            R"({"name":"f","type":"float32","nullable":true},)"
            R"({"name":"n","type":{"type":"decimal","precision":20,"scale":0},"nullable":true}]})");
  std::unique_ptr<arrow_io::ArrowWriter> unique;
  st = arrow_io::ArrowWriter::Make(std::shared_ptr<::arrow::Schema>(), ::arrow::default_memory_pool(), &unique);
  EXPECT_TRUE(st.IsInvalid()) << st.ToString();
  EXPECT_EQ(unique, nullptr);
}

}  // namespace
}  // namespace zerorow
