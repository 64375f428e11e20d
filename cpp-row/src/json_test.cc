#include "zerorow/json.h"

#include <gtest/gtest.h>

#include "zerorow/json_values.h"

namespace zerorow {
namespace {

TEST(JsonTest, ParsesValues) {
  auto v = ParseJson(R"( {"a": [1, -2.5e3, "x\u00e9\ud83d\ude00", true, null], "b": {}} )");
  ASSERT_TRUE(v.ok()) << v.status().ToString();
  const JsonValue* a = v->Find("a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(*a->array()[0].AsInt64(), 1);
  EXPECT_EQ(*a->array()[1].AsDouble(), -2500);
  EXPECT_EQ(a->array()[2].text(), "xé😀");
  EXPECT_TRUE(a->array()[3].bool_value());
  EXPECT_TRUE(a->array()[4].is_null());
  EXPECT_TRUE(v->Find("b")->is_object());
  EXPECT_EQ(*ParseJson("-9223372036854775808")->AsInt64(), INT64_MIN);
}

TEST(JsonTest, RejectsMalformed) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\"}", "01", "\"\\x\"", "tru", "1 2", "\"\x01\"", "\"\\ud800\""}) {
    auto v = ParseJson(bad);
    EXPECT_FALSE(v.ok()) << bad;
    EXPECT_EQ(v.status().kind(), ErrorKind::kInvalidData);
  }
  std::string deep(1000, '[');
  EXPECT_FALSE(ParseJson(deep).ok());
}

TEST(JsonValuesTest, RowToJsonRoundTrip) {
  auto s = *Schema::Make({field("i", int64()), field("f", float32()), field("d", decimal(5, 2)), field("b", binary()),
                          field("m", map(string(), list(int8()))), field("n", string())});
  auto values = *ParseJson(R"({"i":"-5","f":"NaN","d":"-1.50","b":"00ff","m":[["k",[1,null]]],"n":null})");
  RowWriter w(s);
  Status st = WriteRowFromJson(values, &w);
  ASSERT_TRUE(st.ok()) << st.ToString();
  auto text = RowToJson(w.row());
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(*text, R"({"i":"-5","f":"NaN","d":"-1.50","b":"00ff","m":[["k",[1,null]]],"n":null})");
  EXPECT_TRUE(CheckRowAgainstJson(w.row(), values).ok());
  auto other = *ParseJson(R"({"i":"-5","f":"NaN","d":"-1.50","b":"00ff","m":[["k",[1,2]]],"n":null})");
  Status diff = CheckRowAgainstJson(w.row(), other);
  EXPECT_FALSE(diff.ok());
  EXPECT_EQ(diff.path(), "m{values}[0][1]");
  auto bad = *ParseJson(R"({"i":"-5","f":1,"d":"-1.505","b":"","m":[],"n":null})");
  Status e = WriteRowFromJson(bad, &w);
  EXPECT_EQ(e.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(e.path(), "d");
}

}  // namespace
}  // namespace zerorow
