// SPEC §12.2 through Arrow C++ arrays: each Arrow type reads as its zerorow type with its
// values (dictionaries, run ends, views, large and fixed-size layouts, unsigned, float16,
// decimals of every width, every time unit, intervals, the uuid and variant extensions), or is
// refused naming the column, the row and the type as Arrow prints it.
#include <arrow/api.h>
#include <arrow/c/bridge.h>
#include <arrow/extension/uuid.h>
#include <arrow/json/from_string.h>
#include <gtest/gtest.h>

#include <string>

#include "zerorow/arrow/import.h"
#include "zerorow/testing/json_values.h"

namespace zerorow {
namespace {

std::shared_ptr<::arrow::Array> FromJson(const std::shared_ptr<::arrow::DataType>& t, const std::string& json) {
  return ::arrow::json::ArrayFromJSONString(t, json).ValueOrDie();
}

struct Imported {
  Status status;
  std::string schema;               // canonical JSON of the one column's type
  std::vector<std::string> values;  // values.json of each row's one field
};

// One column named "c" through ImportSchema + ImportRows.
Imported Import(const std::shared_ptr<::arrow::Array>& column, arrow_io::ImportOptions options = {}) {
  auto batch =
      ::arrow::RecordBatch::Make(::arrow::schema({::arrow::field("c", column->type())}), column->length(), {column});
  ArrowArray c_array;
  ArrowSchema c_schema;
  EXPECT_TRUE(::arrow::ExportRecordBatch(*batch, &c_array, &c_schema).ok());
  Imported out;
  auto schema = arrow_io::ImportSchema(&c_schema);
  arrow_io::RowBatch rows;
  out.status = schema.ok() ? arrow_io::ImportRows(&c_array, &c_schema, *schema, &rows, options) : schema.status();
  if (out.status.ok()) {
    out.schema = schema->field(0).type->ToJson();
    for (int64_t k = 0; k < rows.num_rows(); ++k) {
      auto text = testing::RowToJson(*BinaryRow::Wrap(rows.row_bytes(k), *schema));
      out.values.push_back(text->substr(5, text->size() - 6));  // {"c":...} -> ...
    }
  }
  c_array.release(&c_array);
  c_schema.release(&c_schema);
  return out;
}

using Values = std::vector<std::string>;

TEST(ImportMappingTest, EachArrowTypeReadsAsItsZerorowType) {
  struct Case {
    std::shared_ptr<::arrow::DataType> arrow;
    std::string json, zerorow;
    Values values;
  };
  const Case cases[] = {
      {::arrow::null(), "[null, null]", "\"null\"", {"null", "null"}},
      {::arrow::uint8(), "[255, null]", "\"int16\"", {"255", "null"}},
      {::arrow::uint64(),
       "[18446744073709551615]",
       R"({"type":"decimal","precision":20,"scale":0})",
       {"\"18446744073709551615\""}},
      {::arrow::float16(), "[1.5]", "\"float32\"", {"1.5"}},
      {::arrow::large_utf8(), R"(["a", null])", "\"string\"", {"\"a\"", "null"}},
      {::arrow::utf8_view(),
       R"(["short", "a much longer string value"])",
       "\"string\"",
       {"\"short\"", "\"a much longer string value\""}},
      {::arrow::fixed_size_binary(2), R"(["ab"])", R"({"type":"fixed_binary","size":2})", {"\"6162\""}},
      {::arrow::date64(), "[172800000]", "\"date32\"", {"2"}},
      {::arrow::time32(::arrow::TimeUnit::SECOND), "[61]", "\"time\"", {"\"61000000\""}},
      {::arrow::time64(::arrow::TimeUnit::NANO), "[1999]", "\"time\"", {"\"1\""}},
      {::arrow::timestamp(::arrow::TimeUnit::NANO), "[-1]", "\"timestamp\"", {"\"-1\""}},  // floored
      {::arrow::duration(::arrow::TimeUnit::MILLI), "[2]", "\"duration\"", {"\"2000\""}},
      {::arrow::decimal32(5, 2), R"(["1.25"])", R"({"type":"decimal","precision":5,"scale":2})", {"\"1.25\""}},
      {::arrow::decimal256(38, 0), R"(["-7"])", R"({"type":"decimal","precision":38,"scale":0})", {"\"-7\""}},
      {::arrow::month_interval(), "[14]", "\"interval_ym\"", {"14"}},
      {::arrow::day_time_interval(),
       "[[2, 1500]]",
       "\"interval\"",
       {R"({"months":0,"days":2,"microseconds":"1500000"})"}},
      {::arrow::month_day_nano_interval(),
       "[[1, 2, 3500]]",
       "\"interval\"",
       {R"({"months":1,"days":2,"microseconds":"3"})"}},
      {::arrow::fixed_size_list(::arrow::int32(), 2),
       "[[1, 2], null]",
       R"({"type":"list","element":"int32","element_nullable":true})",
       {"[1,2]", "null"}},
      {::arrow::list_view(::arrow::int8()),
       "[[1], []]",
       R"({"type":"list","element":"int8","element_nullable":true})",
       {"[1]", "[]"}},
      {::arrow::large_list(::arrow::utf8()),
       R"([["x"]])",
       R"({"type":"list","element":"string","element_nullable":true})",
       {"[\"x\"]"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.arrow->ToString());
    Imported got = Import(FromJson(c.arrow, c.json));
    ASSERT_TRUE(got.status.ok()) << got.status.ToString();
    EXPECT_EQ(got.schema, c.zerorow);
    EXPECT_EQ(got.values, c.values);
  }
}

TEST(ImportMappingTest, DictionariesAndRunEndsReadAsTheirValues) {
  auto dict = ::arrow::DictionaryArray::FromArrays(::arrow::dictionary(::arrow::int8(), ::arrow::utf8()),
                                                   FromJson(::arrow::int8(), "[0, null, 1, 0]"),
                                                   FromJson(::arrow::utf8(), R"(["a", null])"))
                  .ValueOrDie();
  Imported got = Import(dict);
  ASSERT_TRUE(got.status.ok()) << got.status.ToString();
  EXPECT_EQ(got.values, (Values{"\"a\"", "null", "null", "\"a\""}));
  // A dictionary inside a list.
  auto list = ::arrow::ListArray::FromArrays(*FromJson(::arrow::int32(), "[0, 2, 4]"), *dict).ValueOrDie();
  got = Import(list);
  ASSERT_TRUE(got.status.ok()) << got.status.ToString();
  EXPECT_EQ(got.values, (Values{R"(["a",null])", R"([null,"a"])"}));
  // An index outside the dictionary (built by hand: Arrow's builders would refuse it).
  auto bad = ::arrow::ArrayData::Make(::arrow::dictionary(::arrow::int8(), ::arrow::utf8()), 2,
                                      {nullptr, FromJson(::arrow::int8(), "[0, 5]")->data()->buffers[1]}, 0);
  bad->dictionary = FromJson(::arrow::utf8(), R"(["a"])")->data();
  got = Import(::arrow::MakeArray(bad));
  EXPECT_EQ(got.status.kind(), ErrorKind::kInvalidData) << got.status.ToString();
  EXPECT_EQ(got.status.path(), "[1].c") << got.status.ToString();

  auto ree = ::arrow::RunEndEncodedArray::Make(5, FromJson(::arrow::int32(), "[2, 5]"),
                                               FromJson(::arrow::utf8(), R"(["p", null])"))
                 .ValueOrDie();
  got = Import(ree);
  ASSERT_TRUE(got.status.ok()) << got.status.ToString();
  EXPECT_EQ(got.values, (Values{"\"p\"", "\"p\"", "null", "null", "null"}));
  got = Import(ree->Slice(1, 2));
  EXPECT_EQ(got.values, (Values{"\"p\"", "null"}));
}

TEST(ImportMappingTest, ColumnsWithoutDistinctNamesAreRefusedByNumber) {
  auto refused = [](const std::vector<std::string>& names) {
    ::arrow::FieldVector fields;
    ::arrow::ArrayVector columns;
    for (const auto& n : names) {
      fields.push_back(::arrow::field(n, ::arrow::int32()));
      columns.push_back(FromJson(::arrow::int32(), "[1]"));
    }
    ArrowArray c_array;
    ArrowSchema c_schema;
    EXPECT_TRUE(::arrow::ExportRecordBatch(*::arrow::RecordBatch::Make(::arrow::schema(fields), 1, columns), &c_array,
                                           &c_schema)
                    .ok());
    auto schema = arrow_io::ImportSchema(&c_schema);
    c_array.release(&c_array);
    c_schema.release(&c_schema);
    return schema.status();
  };
  Status st = refused({"a", ""});
  EXPECT_EQ(st.kind(), ErrorKind::kUnsupported);
  EXPECT_NE(st.message().find("column 1 has no name"), std::string::npos) << st.ToString();
  st = refused({"a", "b", "a"});
  EXPECT_EQ(st.kind(), ErrorKind::kUnsupported);
  EXPECT_EQ(st.path(), "a");
  EXPECT_NE(st.message().find("column 2 has the name of an earlier column"), std::string::npos) << st.ToString();
  EXPECT_TRUE(refused({"a", "b"}).ok());
}

TEST(ImportMappingTest, ExtensionsUuidAndVariant) {
  auto storage = FromJson(::arrow::fixed_size_binary(16), R"(["0123456789abcdef"])");
  auto uuid_array = ::arrow::ExtensionType::WrapArray(::arrow::extension::uuid(), storage);
  Imported got = Import(uuid_array);
  ASSERT_TRUE(got.status.ok()) << got.status.ToString();
  EXPECT_EQ(got.schema, "\"uuid\"");
  EXPECT_EQ(got.values, (Values{"\"30313233-3435-3637-3839-616263646566\""}));
}

TEST(ImportMappingTest, RefusalsAndCheckedValuesNameColumnRowAndArrowType) {
  Imported got = Import(FromJson(::arrow::decimal256(40, 2), R"(["1.00"])"));
  EXPECT_EQ(got.status.kind(), ErrorKind::kUnsupported);
  EXPECT_EQ(got.status.path(), "c");
  EXPECT_NE(got.status.message().find("decimal256(40, 2)"), std::string::npos) << got.status.ToString();
  got = Import(FromJson(::arrow::date64(), "[0, 5]"), {/*first_row=*/1000, false});
  EXPECT_EQ(got.status.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(got.status.path(), "[1001].c");
  EXPECT_NE(got.status.message().find("date64[ms] value 5 is not a whole number of days"), std::string::npos)
      << got.status.ToString();
  got = Import(FromJson(::arrow::timestamp(::arrow::TimeUnit::NANO), "[1]"), {0, /*strict=*/true});
  EXPECT_EQ(got.status.kind(), ErrorKind::kInvalidData);
  EXPECT_NE(got.status.message().find("timestamp[ns] value 1 has nanoseconds"), std::string::npos)
      << got.status.ToString();
  got = Import(FromJson(::arrow::duration(::arrow::TimeUnit::SECOND), "[9223372036854775807]"));
  EXPECT_EQ(got.status.kind(), ErrorKind::kInvalidData);
  EXPECT_NE(got.status.message().find("duration[s] value"), std::string::npos) << got.status.ToString();
}

}  // namespace
}  // namespace zerorow
