#include "zerorow/json.h"

#include <gtest/gtest.h>

#include "zerorow/schema.h"

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
  for (const char* bad : {"", "{", "[1,]", "{\"a\"}", "01", "\"\\x\"", "tru", "1 2", "\"\x01\""}) {
    auto v = ParseJson(bad);
    EXPECT_FALSE(v.ok()) << bad;
    EXPECT_EQ(v.status().kind(), ErrorKind::kInvalidData);
  }
  std::string deep(1000, '[');
  EXPECT_FALSE(ParseJson(deep).ok());
}

// A lone surrogate is valid JSON text but no Unicode scalar: it is kept as its 3-byte form
// (invalid UTF-8), which the user of the string refuses where it belongs; a pair is one code
// point.
TEST(JsonTest, SurrogatesAlonePairedAndFollowedByAnotherEscape) {
  EXPECT_EQ(ParseJson("\"\\ud800\"")->text(), "\xed\xa0\x80");
  EXPECT_EQ(ParseJson("\"\\ud83d\\ude00\"")->text(), "\xf0\x9f\x98\x80");
  EXPECT_EQ(ParseJson("\"\\ud800\\u0041\"")->text(),
            "\xed\xa0\x80"
            "A");
  auto s = Schema::FromJson(R"({"type":"struct","fields":[{"name":"\ud800","type":"int32","nullable":true}]})");
  EXPECT_EQ(s.status().kind(), ErrorKind::kInvalidData);
  EXPECT_NE(s.status().message().find("not valid UTF-8"), std::string::npos) << s.status().ToString();
}

}  // namespace
}  // namespace zerorow
