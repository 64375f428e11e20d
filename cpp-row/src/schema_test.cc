#include "zerorow/schema.h"

#include <gtest/gtest.h>

namespace zerorow {
namespace {

constexpr const char* kFoo =
    R"({"type":"struct","fields":[{"name":"f1","type":"int32","nullable":false},{"name":"f2","type":{"type":"list","element":"int32","element_nullable":true},"nullable":true}]})";

TEST(SchemaTest, CanonicalRoundTrip) {
  auto s = Schema::FromJson(kFoo);
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ(s->ToJson(), kFoo);
  EXPECT_EQ(s->num_fields(), 2);
  EXPECT_EQ(s->field(1).type->id(), TypeId::kList);
  EXPECT_EQ(s->fingerprint(), Fnv1a64(kFoo));
  EXPECT_EQ(s->fingerprint_hex().size(), 16u);
}

TEST(SchemaTest, AcceptsAnyKeyOrderWhitespaceAndObjectForm) {
  auto s = Schema::FromJson(R"( { "fields" : [ {"nullable":false, "type":{"type":"int32"}, "name":"f1"},
      {"name":"f2","nullable":true,"type":{"element_nullable":true,"element":"int32","type":"list"}} ],
      "type":"struct" } )");
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ(s->ToJson(), kFoo);
}

TEST(SchemaTest, AllTypesRoundTrip) {
  auto s = Schema::Make({
      field("a", bool_()),
      field("b", int8()),
      field("c", int16()),
      field("d", int32()),
      field("e", int64()),
      field("f", float32()),
      field("g", float64()),
      field("h", string()),
      field("i", binary()),
      field("j", date32()),
      field("k", time()),
      field("l", timestamp()),
      field("m", timestamp("Europe/Paris")),
      field("n", duration()),
      field("o", decimal(10, 2)),
      field("p", decimal(38, 10)),
      field("q", list(string(), false)),
      field("r", map(string(), int64(), true)),
      field("s", struct_({field("x", int32(), false)}), false),
  });
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  auto back = Schema::FromJson(s->ToJson());
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->ToJson(), s->ToJson());
  EXPECT_NE(s->ToJson().find(R"({"type":"timestamp","tz":"Europe/Paris"})"), std::string::npos);
  EXPECT_NE(s->ToJson().find(R"("name":"l","type":"timestamp")"), std::string::npos);
}

TEST(SchemaTest, FingerprintKnownValue) {
  // FNV-1a 64 of the empty string and of "a" (well-known test values).
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
}

TEST(SchemaTest, Rejections) {
  EXPECT_EQ(
      Schema::FromJson(R"({"type":"struct","fields":[{"name":"a","type":"int128","nullable":true}]})").status().kind(),
      ErrorKind::kUnsupported);
  EXPECT_EQ(Schema::FromJson(R"({"type":"struct","fields":[{"name":"a","type":"int32"}]})").status().kind(),
            ErrorKind::kInvalidData);
  EXPECT_EQ(Schema::FromJson(R"({"type":"struct","fields":[)").status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(
      Schema::FromJson(
          R"({"type":"struct","fields":[{"name":"a","type":{"type":"decimal","precision":39,"scale":0},"nullable":true}]})")
          .status()
          .kind(),
      ErrorKind::kUnsupported);
  EXPECT_EQ(
      Schema::FromJson(
          R"({"type":"struct","fields":[{"name":"a","type":{"type":"decimal","precision":5,"scale":6},"nullable":true}]})")
          .status()
          .kind(),
      ErrorKind::kUnsupported);
  auto dup = Schema::Make({field("a", int32()), field("a", int64())});
  EXPECT_FALSE(dup.ok());
  auto empty = Schema::Make({field("", int32())});
  EXPECT_FALSE(empty.ok());
}

TEST(SchemaTest, DepthLimit) {
  // Top-level row is level 1; each list adds one: 63 nested lists = depth 64 is allowed.
  auto nest = [](int lists) {
    DataTypePtr t = int32();
    for (int i = 0; i < lists; ++i) t = list(t);
    return Schema::Make({field("a", t)});
  };
  EXPECT_TRUE(nest(63).ok());
  auto bad = nest(64);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().kind(), ErrorKind::kUnsupported);
  std::string deep = "\"int32\"";
  for (int i = 0; i < 200; ++i) deep = R"({"type":"list","element_nullable":true,"element":)" + deep + "}";
  auto r = Schema::FromJson(R"({"type":"struct","fields":[{"name":"a","nullable":true,"type":)" + deep + "}]}");
  EXPECT_EQ(r.status().kind(), ErrorKind::kUnsupported);
}

TEST(SchemaTest, EscapingIsCanonical) {
  auto s = Schema::Make({field("q\"\\\x01é", int32())});
  ASSERT_TRUE(s.ok());
  EXPECT_NE(s->ToJson().find(R"("q\"\\\u0001é")"), std::string::npos);
  auto back =
      Schema::FromJson(R"({"type":"struct","fields":[{"name":"q\"\\\u0001\u00e9","type":"int32","nullable":true}]})");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->ToJson(), s->ToJson());
}

}  // namespace
}  // namespace zerorow
