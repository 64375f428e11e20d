#include "zerorow/testing/json_values.h"

#include <gtest/gtest.h>

namespace zerorow::testing {
namespace {

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
}  // namespace zerorow::testing
