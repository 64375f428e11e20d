// Values in the values.json form (SPEC §10): every type written and printed back, and field
// defaults (SPEC §13.7) checked against their type when a schema is loaded.
#include "zerorow/value_json.h"

#include <gtest/gtest.h>

#include <string>

#include "zerorow/validate.h"

namespace zerorow {
namespace {

// The canonical text of `json` as a value of `t` (written, validated, printed back).
std::string RoundTrip(const DataTypePtr& t, std::string_view json) {
  auto d = DefaultValue::FromJson(t, json);
  EXPECT_TRUE(d.ok()) << d.status().ToString();
  if (!d.ok()) return "";
  auto s = Schema::FromStructType(struct_({field("default", t)}));
  EXPECT_TRUE(Validate(*s, (*d)->row_bytes(), ValidationLevel::kFull).ok());
  return (*d)->json();
}

TEST(ValueJsonTest, EveryTypeReadsBackCanonically) {
  EXPECT_EQ(RoundTrip(bool_(), "true"), "true");
  EXPECT_EQ(RoundTrip(int8(), "-5"), "-5");
  EXPECT_EQ(RoundTrip(int64(), "\"-9223372036854775808\""), "\"-9223372036854775808\"");
  EXPECT_EQ(RoundTrip(float32(), "0.1"), "0.1");
  EXPECT_EQ(RoundTrip(float64(), "\"-0.0\""), "\"-0.0\"");
  EXPECT_EQ(RoundTrip(float64(), "1e300"), "1e+300");
  EXPECT_EQ(RoundTrip(string(), "\"EUR\""), "\"EUR\"");
  EXPECT_EQ(RoundTrip(binary(), "\"00FF\""), "\"00ff\"");
  EXPECT_EQ(RoundTrip(decimal(10, 2), "\"1.5\""), "\"1.50\"");
  EXPECT_EQ(RoundTrip(interval_ym(), "-14"), "-14");
  EXPECT_EQ(RoundTrip(interval(), R"({"months":1,"days":-2,"microseconds":"3"})"),
            R"({"months":1,"days":-2,"microseconds":"3"})");
  EXPECT_EQ(RoundTrip(fixed_binary(2), "\"abcd\""), "\"abcd\"");
  EXPECT_EQ(RoundTrip(uuid(), "\"0F8FAD5B-D9CB-469F-A165-70867728950E\""), "\"0f8fad5b-d9cb-469f-a165-70867728950e\"");
  EXPECT_EQ(RoundTrip(variant(), R"({"json":"{\"b\":1,\"a\":[true]}"})"),
            R"({"metadata":"11020001026162","value":"0202000100050703010001040c01","json":"{\"a\":[true],\"b\":1}"})");
  EXPECT_EQ(RoundTrip(list(int32()), "[1,null,3]"), "[1,null,3]");
  EXPECT_EQ(RoundTrip(map(string(), int64()), R"([["a","1"]])"), R"([["a","1"]])");
  EXPECT_EQ(RoundTrip(struct_({field("y", int32()), field("x", string())}), R"({"x":"s","y":2})"),
            R"({"y":2,"x":"s"})");  // keys in field order
}

TEST(ValueJsonTest, DefaultsThatAreNotValuesOfTheTypeAreInvalidData) {
  struct Case {
    DataTypePtr type;
    const char* json;
    const char* says;
  };
  const Case cases[] = {
      {int8(), "300", "out of range"},
      {decimal(5, 2), "\"1.234\"", "decimal"},
      {fixed_binary(4), "\"00\"", "expected 4 bytes"},
      {string(), "\"\\ud800\"", "not valid UTF-8"},  // a lone surrogate: JSON, but no string
      {variant(), R"({"metadata":"01","value":"00"})", "variant"},
      {struct_({field("a", int32()), field("b", int32())}), R"({"a":1})", "missing field \"b\""},
      {int32(), "null", "non-null"},
      {time(), "\"-1\"", "out of range"},
      {int64(), "7", "a string of decimal digits"},  // the values.json form exactly (SPEC §10)
      {int32(), "\"7\"", "a JSON number"},
  };
  for (const Case& c : cases) {
    auto d = DefaultValue::FromJson(c.type, c.json);
    ASSERT_FALSE(d.ok()) << c.json;
    EXPECT_EQ(d.status().kind(), ErrorKind::kInvalidData) << c.json;
    EXPECT_NE(d.status().ToString().find(c.says), std::string::npos) << d.status().ToString();
  }
}

TEST(ValueJsonTest, SchemaDefaultsAreCanonicalLastAndOutsideTheFingerprint) {
  const char* with = R"({"type":"struct","fields":[{"name":"count","type":"int64","nullable":false,"default":"0"},)"
                     R"({"name":"cur","type":"string","nullable":true,"aliases":["currency"],"default":"EUR"}]})";
  const char* without = R"({"type":"struct","fields":[{"name":"count","type":"int64","nullable":false},)"
                        R"({"name":"cur","type":"string","nullable":true}]})";
  auto a = Schema::FromJson(with);
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  auto b = Schema::FromJson(without);
  EXPECT_EQ(a->fingerprint(), b->fingerprint());
  EXPECT_TRUE(a->Equals(*b));
  EXPECT_EQ(a->ToJson(), R"({"type":"struct","fields":[{"name":"count","type":"int64","nullable":false,"default":"0"},)"
                         R"({"name":"cur","type":"string","nullable":true,"aliases":["currency"],"default":"EUR"}]})");
  EXPECT_EQ(Schema::FromJson(a->ToJson())->ToJson(), a->ToJson());
}

TEST(ValueJsonTest, ABadDefaultInASchemaIsInvalidDataAtTheField) {
  auto s = Schema::FromJson(
      R"({"type":"struct","fields":[{"name":"o","type":{"type":"struct","fields":[{"name":"n","type":"int8","nullable":true,"default":1000}]},"nullable":true}]})");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(s.status().path(), "o.n");
  auto null_default =
      Schema::FromJson(R"({"type":"struct","fields":[{"name":"z","type":"null","nullable":true,"default":1}]})");
  ASSERT_FALSE(null_default.ok());
  EXPECT_EQ(null_default.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(null_default.status().path(), "z");
}

TEST(ValueJsonTest, UuidText) {
  auto u = UuidFromText("0f8fad5bd9cb469fa16570867728950e");
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(UuidToText(*u), "0f8fad5b-d9cb-469f-a165-70867728950e");
  EXPECT_FALSE(UuidFromText("0f8fad5b-d9cb-469f-a165-7086772895").ok());
  EXPECT_FALSE(UuidFromText("zz8fad5b-d9cb-469f-a165-70867728950e").ok());
}

}  // namespace
}  // namespace zerorow
