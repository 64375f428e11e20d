#include "zerorow/encoder.h"

#include <gtest/gtest.h>

#include "test_util.h"
#include "zerorow/validate.h"

namespace demo {
struct Bar {
  std::string f1;
  std::vector<int64_t> f2;
  bool operator==(const Bar&) const = default;
};
struct Foo {
  int32_t f1 = 0;
  std::vector<int32_t> f2;
  std::map<std::string, int32_t> f3;
  std::vector<Bar> f4;
  std::optional<std::string> note;
  std::vector<std::optional<double>> maybe;
  std::vector<uint8_t> blob;
  std::unordered_map<int64_t, std::optional<Bar>> index;
  bool flag = false;
  int8_t tiny = 0;
  int16_t small = 0;
  float ratio = 0;
  bool operator==(const Foo&) const = default;
};
}  // namespace demo

ZEROROW_STRUCT(demo::Bar, f1, f2)
ZEROROW_STRUCT(demo::Foo, f1, f2, f3, f4, note, maybe, blob, index, flag, tiny, small, ratio)

namespace zerorow {
namespace {

TEST(EncoderTest, SchemaIsInferredInDeclarationOrder) {
  auto enc = Encoder<demo::Foo>::Make();
  ASSERT_TRUE(enc.ok()) << enc.status().ToString();
  const Schema& s = enc->schema();
  ASSERT_EQ(s.num_fields(), 12);
  EXPECT_EQ(s.field(0).name, "f1");
  EXPECT_FALSE(s.field(0).nullable);  // primitive scalar (SPEC Appendix A rule 1)
  EXPECT_TRUE(s.field(1).nullable);   // everything else is nullable
  EXPECT_TRUE(s.field(4).nullable);   // std::optional
  EXPECT_FALSE(s.field(8).nullable);  // bool
  EXPECT_EQ(s.field(1).type->ToJson(), R"({"type":"list","element":"int32","element_nullable":true})");
  EXPECT_EQ(s.field(2).type->ToJson(), R"({"type":"map","key":"string","value":"int32","value_nullable":true})");
  EXPECT_EQ(s.field(3).type->element()->ToJson(),
            R"({"type":"struct","fields":[{"name":"f1","type":"string","nullable":true},{"name":"f2","type":{"type":"list","element":"int64","element_nullable":true},"nullable":true}]})");
  EXPECT_EQ(s.field(6).type->id(), TypeId::kBinary);
}

// The seed Foo/Bar with natural C++ members infers exactly the cross-language schema of
// vectors/seed_foo_small (SPEC Appendix A), and decodes and re-encodes its row.bin.
struct SeedBar { std::string f1; std::vector<int64_t> f2; };
struct SeedFoo { int32_t f1; std::vector<int32_t> f2; std::map<std::string, int32_t> f3; std::vector<SeedBar> f4; };

}  // namespace
}  // namespace zerorow
ZEROROW_STRUCT(zerorow::SeedBar, f1, f2)
ZEROROW_STRUCT(zerorow::SeedFoo, f1, f2, f3, f4)
namespace zerorow {
namespace {

TEST(EncoderTest, SeedFooMatchesTheGoldenVector) {
  auto dir = testing::CaseDir("seed_foo_small");
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no vectors";
  std::string schema_json = testing::ReadFile(dir / "schema.json");
  while (!schema_json.empty() && schema_json.back() == '\n') schema_json.pop_back();
  auto enc = *Encoder<SeedFoo>::Make();
  EXPECT_EQ(enc.schema().ToJson(), schema_json);
  std::string row = testing::ReadFile(dir / "row.bin");
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(row.data()), row.size());
  auto foo = enc.FromRow(*BinaryRow::Wrap(bytes, enc.schema()));
  ASSERT_TRUE(foo.ok()) << foo.status().ToString();
  // std::map iterates in key order; the vector's entries are written in that order too.
  auto again = enc.ToRow(*foo);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(std::string(again->begin(), again->end()), row);
}

TEST(EncoderTest, NullIntoNonOptionalIsAnError) {
  auto s = *Schema::Make({field("f1", string()), field("f2", list(int64()))});
  RowWriter w(s);
  ASSERT_TRUE(w.WriteString(0, "x").ok());
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(1, 2, &a).ok());
  ASSERT_TRUE(a.WriteInt64(0, 1).ok());
  ASSERT_TRUE(a.SetNull(1).ok());
  ASSERT_TRUE(a.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  auto bar = Encoder<SeedBar>::Make()->FromRow(w.row());
  ASSERT_FALSE(bar.ok());
  EXPECT_EQ(bar.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(bar.status().path(), "f2[1]");
}

TEST(EncoderTest, RoundTrip) {
  auto enc = *Encoder<demo::Foo>::Make();
  demo::Foo foo;
  foo.f1 = 7;
  foo.f2 = {1, 2, 3};
  foo.f3 = {{"a", 1}, {"b", 2}};
  foo.f4 = {{"x", {1, 2}}, {"y", {}}};
  foo.maybe = {1.5, std::nullopt};
  foo.blob = {0, 255};
  foo.index = {{5, demo::Bar{"z", {9}}}, {6, std::nullopt}};
  foo.flag = true;
  foo.tiny = -3;
  foo.small = 300;
  foo.ratio = 0.25f;
  auto bytes = enc.ToRow(foo);
  ASSERT_TRUE(bytes.ok()) << bytes.status().ToString();
  std::vector<uint8_t> copy(bytes->begin(), bytes->end());
  Status v = Validate(copy, enc.schema());
  ASSERT_TRUE(v.ok()) << v.ToString();
  auto row = *BinaryRow::Wrap(copy, enc.schema());
  auto back = enc.FromRow(row);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, foo);
  // Partial decoding: one nested struct straight from its view.
  auto bar_enc = *Encoder<demo::Bar>::Make();
  auto bar = bar_enc.FromRow(*row.GetArray(3)->GetStruct(0));
  ASSERT_TRUE(bar.ok());
  EXPECT_EQ(bar->f1, "x");
  EXPECT_EQ(bar->f2, (std::vector<int64_t>{1, 2}));
  foo.note = "hi";
  ASSERT_TRUE(enc.ToRow(foo).ok());
  EXPECT_EQ(enc.FromRow(*BinaryRow::Wrap(*enc.ToRow(foo), enc.schema()))->note, "hi");
}

TEST(EncoderTest, DecodeErrorsCarryThePath) {
  auto enc = *Encoder<demo::Bar>::Make();
  auto bytes = *enc.ToRow(demo::Bar{"abc", {1, 2}});
  std::vector<uint8_t> bad(bytes.begin(), bytes.end());
  bad[8 + 8 + 3] = 0x7f;  // f2's reference now points far past the end
  auto back = enc.FromRow(*BinaryRow::Wrap(bad, enc.schema()));
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(back.status().path(), "f2");
}

}  // namespace
}  // namespace zerorow
