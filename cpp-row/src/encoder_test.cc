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
// Declared inside the user's namespace: ZEROROW_STRUCT must work outside namespace zerorow.
ZEROROW_STRUCT(Bar, f1, f2)
ZEROROW_STRUCT(Foo, f1, f2, f3, f4, note, maybe, blob, index, flag, tiny, small, ratio)

// `long long` maps to int64 like `long` does.
struct Wide {
  long long big = 0;
  std::optional<long long> maybe;
  bool operator==(const Wide&) const = default;
};
ZEROROW_STRUCT(Wide, big, maybe)

// 20 levels of lists, for the decode budget.
template <int N>
struct Nest {
  using type = std::vector<typename Nest<N - 1>::type>;
};
template <>
struct Nest<0> {
  using type = int32_t;
};
struct Deep {
  Nest<20>::type l;
};
ZEROROW_STRUCT(Deep, l)

// Two versions of an order (schema evolution, SPEC §13): version 2 adds a field in front,
// moves `item`, and its lines (a struct inside a list) gain a price.
struct LineV1 {
  std::string sku;
  int32_t qty = 0;
  bool operator==(const LineV1&) const = default;
};
struct OrderV1 {
  int64_t id = 0;
  std::string item;
  std::vector<LineV1> lines;
  bool operator==(const OrderV1&) const = default;
};
struct LineV2 {
  std::string sku;
  int32_t qty = 0;
  std::optional<double> price;
  bool operator==(const LineV2&) const = default;
};
struct OrderV2 {
  std::optional<std::string> note;
  int64_t id = 0;
  std::vector<LineV2> lines;
  std::string item;
  bool operator==(const OrderV2&) const = default;
};
ZEROROW_STRUCT(LineV1, sku, qty)
ZEROROW_STRUCT(OrderV1, id, item, lines)
ZEROROW_STRUCT(LineV2, sku, qty, price)
ZEROROW_STRUCT(OrderV2, note, id, lines, item)
// Version 3 adds a string that is not a std::optional: a row of version 1 has no value for it.
struct OrderV3 {
  int64_t id = 0;
  std::string item;
  std::vector<LineV1> lines;
  std::string channel;
};
ZEROROW_STRUCT(OrderV3, id, item, lines, channel)

// A class renamed: the schema is by structure (SPEC §4.2), the C++ name is not in it.
struct Point {
  int32_t x = 0;
  int32_t y = 0;
  std::optional<std::string> label;
};
struct Coordinate {
  int32_t x = 0;
  int32_t y = 0;
  std::optional<std::string> label;
};
ZEROROW_STRUCT(Point, x, y, label)
ZEROROW_STRUCT(Coordinate, x, y, label)
}  // namespace demo

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
  EXPECT_EQ(
      s.field(3).type->element()->ToJson(),
      R"({"type":"struct","fields":[{"name":"f1","type":"string","nullable":true},{"name":"f2","type":{"type":"list","element":"int64","element_nullable":true},"nullable":true}]})");
  EXPECT_EQ(s.field(6).type->id(), TypeId::kBinary);
}

// The seed Foo/Bar with natural C++ members infers exactly the cross-language schema of
// vectors/seed_foo_small (SPEC Appendix A), and decodes and re-encodes its row.bin.
struct SeedBar {
  std::string f1;
  std::vector<int64_t> f2;
};
struct SeedFoo {
  int32_t f1;
  std::vector<int32_t> f2;
  std::map<std::string, int32_t> f3;
  std::vector<SeedBar> f4;
};
ZEROROW_STRUCT(SeedBar, f1, f2)
ZEROROW_STRUCT(SeedFoo, f1, f2, f3, f4)

TEST(EncoderTest, SeedFooMatchesTheGoldenVector) {
  auto dir = testing::CaseDir("seed_foo_small");
  ASSERT_TRUE(std::filesystem::exists(dir)) << "golden vector missing: " << dir;
  std::string schema_json = testing::ReadCaseFile(dir / "schema.json");
  while (!schema_json.empty() && schema_json.back() == '\n') schema_json.pop_back();
  auto enc = *Encoder<SeedFoo>::Make();
  EXPECT_EQ(enc.schema().ToJson(), schema_json);
  std::string row = testing::ReadCaseFile(dir / "row.bin");
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(row.data()), row.size());
  auto foo = enc.FromRow(*BinaryRow::Wrap(bytes, enc.schema()));
  ASSERT_TRUE(foo.ok()) << foo.status().ToString();
  // std::map iterates in key order; the vector's entries are written in that order too.
  auto again = enc.ToRow(*foo);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(std::string(again->bytes().begin(), again->bytes().end()), row);
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
  auto bar = (*Encoder<SeedBar>::Make()).FromRow(w.row());  // FromRow on a temporary: it returns a value
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
  auto written = enc.ToRow(foo);
  ASSERT_TRUE(written.ok()) << written.status().ToString();
  std::vector<uint8_t> copy(written->bytes().begin(), written->bytes().end());
  Status v = Validate(enc.schema(), copy);
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
  EXPECT_EQ(enc.FromRow(*enc.ToRow(foo))->note, "hi");
}

namespace spec12 {
// SPEC 1.2's types as C++ members.
struct Session {
  zerorow::Uuid id;
  zerorow::Interval idle;
  std::chrono::months term{0};
  std::array<uint8_t, 4> tag{};
  zerorow::Variant payload;
  std::nullptr_t nothing = nullptr;
  std::vector<zerorow::Uuid> peers;
  std::optional<zerorow::Interval> grace;
  std::map<std::string, std::optional<zerorow::Variant>> attrs;
  bool operator==(const Session&) const = default;
};
ZEROROW_STRUCT(Session, id, idle, term, tag, payload, nothing, peers, grace, attrs)
struct Months {
  std::chrono::months m{0};
};
ZEROROW_STRUCT(Months, m)
struct NothingThere {
  std::nullptr_t n = nullptr;
};
ZEROROW_STRUCT(NothingThere, n)
struct SomethingThere {
  std::optional<int64_t> n;
};
ZEROROW_STRUCT(SomethingThere, n)
}  // namespace spec12

TEST(EncoderTest, Spec12MembersRoundTrip) {
  auto enc = *Encoder<spec12::Session>::Make();
  EXPECT_EQ(enc.schema().struct_type()->fields()[0].type->ToJson(), uuid()->ToJson());
  EXPECT_EQ(enc.schema().struct_type()->fields()[1].type->ToJson(), interval()->ToJson());
  EXPECT_EQ(enc.schema().struct_type()->fields()[2].type->ToJson(), interval_ym()->ToJson());
  EXPECT_EQ(enc.schema().struct_type()->fields()[3].type->ToJson(), fixed_binary(4)->ToJson());
  EXPECT_EQ(enc.schema().struct_type()->fields()[4].type->ToJson(), variant()->ToJson());
  EXPECT_EQ(enc.schema().struct_type()->fields()[5].type->ToJson(), null_type()->ToJson());
  EXPECT_TRUE(enc.schema().struct_type()->fields()[5].nullable);  // SPEC §3.6: always null
  spec12::Session s;
  for (int k = 0; k < 16; ++k) s.id.bytes[k] = static_cast<uint8_t>(0xa0 + k);
  s.idle = Interval{1, -2, 3'600'000'000};
  s.term = std::chrono::months(-18);
  s.tag = {1, 2, 3, 4};
  s.payload = *VariantFromJson(R"({"user": "ada", "n": [1, 2.5, null]})");
  s.peers = {s.id, Uuid{}};
  s.grace = Interval{0, 7, 0};
  s.attrs = {{"a", *VariantFromJson("42")}, {"b", std::nullopt}};
  auto written = enc.ToRow(s);
  ASSERT_TRUE(written.ok()) << written.status().ToString();
  std::vector<uint8_t> copy(written->bytes().begin(), written->bytes().end());
  Status v = Validate(enc.schema(), copy);
  ASSERT_TRUE(v.ok()) << v.ToString();
  auto row = *BinaryRow::Wrap(copy, enc.schema());
  EXPECT_EQ(*row.GetInt32(2), -18);
  EXPECT_EQ(*row.GetVariant(4)->AtPath("$.user")->GetString(), "ada");
  auto back = enc.FromRow(row);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, s);
}

TEST(EncoderTest, Spec12MembersRefuseWhatTheirTypeCannotHold) {
  auto months = *Encoder<spec12::Months>::Make();
  auto too_many = months.ToRow(spec12::Months{std::chrono::months(int64_t{INT32_MAX} + 1)});
  ASSERT_FALSE(too_many.ok());
  EXPECT_EQ(too_many.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(too_many.status().path(), "m");
  EXPECT_NE(too_many.status().message().find("2147483648 months is out of range"), std::string::npos)
      << too_many.status().ToString();
  // A std::nullptr_t member reads only nulls: a row whose field holds a value is another type's.
  auto some = *Encoder<spec12::SomethingThere>::Make();
  std::span<const uint8_t> bytes = some.ToRow(spec12::SomethingThere{5})->bytes();
  std::vector<uint8_t> copy(bytes.begin(), bytes.end());
  auto none = *Encoder<spec12::NothingThere>::Make();
  auto res = Resolve(some.schema(), none.schema());
  ASSERT_FALSE(res.ok());  // int64 -> null is no widening (SPEC §13.3)
  auto wrapped = BinaryRow::Wrap(copy, some.schema());
  ASSERT_TRUE(wrapped.ok());
  auto wrong = none.FromRow(*wrapped);  // FromRow reads a row of the same shape: one field
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(wrong.status().path(), "n");
}

TEST(EncoderTest, DecodeErrorsCarryThePath) {
  auto enc = *Encoder<demo::Bar>::Make();
  std::span<const uint8_t> bytes = enc.ToRow(demo::Bar{"abc", {1, 2}})->bytes();
  std::vector<uint8_t> bad(bytes.begin(), bytes.end());
  bad[8 + 8 + 3] = 0x7f;  // f2's reference now points far past the end
  auto back = enc.FromRow(*BinaryRow::Wrap(bad, enc.schema()));
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(back.status().path(), "f2");
}

TEST(EncoderTest, CopiesDoNotShareTheOutputBuffer) {
  auto enc = *Encoder<demo::Bar>::Make();
  Encoder<demo::Bar> copy = enc;
  BinaryRow a = *enc.ToRow(demo::Bar{"first", {1}});
  BinaryRow b = *copy.ToRow(demo::Bar{"second", {2, 3}});
  EXPECT_EQ(*a.GetString(0), "first");
  EXPECT_EQ(*b.GetString(0), "second");
  EXPECT_NE(a.data(), b.data());
}

TEST(EncoderTest, LongLongIsInt64) {
  auto enc = *Encoder<demo::Wide>::Make();
  EXPECT_EQ(enc.schema().field(0).type->id(), TypeId::kInt64);
  demo::Wide w{1LL << 40, -5};
  EXPECT_EQ(*enc.FromRow(*enc.ToRow(w)), w);
}

// A row whose references share bodies: `depth` levels of lists, each holding `fanout`
// references to one inner list (valid at bounds, refused at full: SPEC §6.3 rule e).
std::vector<uint8_t> SharedBodies(int depth, int fanout) {
  auto put = [](std::vector<uint8_t>& b, size_t at, uint64_t v) { std::memcpy(b.data() + at, &v, 8); };
  std::vector<uint8_t> inner(24, 0);  // [count 1][bitmap][int32 7, padded]
  put(inner, 0, 1);
  inner[16] = 7;
  for (int level = 1; level < depth; ++level) {  // the innermost list is level 0
    uint64_t fixed = 8 + ((fanout + 63) / 64) * 8 + 8 * static_cast<uint64_t>(fanout);
    std::vector<uint8_t> outer(fixed, 0);
    put(outer, 0, static_cast<uint64_t>(fanout));
    for (int k = 0; k < fanout; ++k)
      put(outer, fixed - 8 * static_cast<uint64_t>(fanout - k), (fixed << 32) | inner.size());
    outer.insert(outer.end(), inner.begin(), inner.end());
    inner = std::move(outer);
  }
  std::vector<uint8_t> row(16, 0);  // [bitmap][slot: reference to the outermost list]
  put(row, 8, (uint64_t{16} << 32) | inner.size());
  row.insert(row.end(), inner.begin(), inner.end());
  return row;
}

TEST(EncoderTest, DecodeBudgetRefusesSharedBodies) {
  auto enc = *Encoder<demo::Deep>::Make();
  std::vector<uint8_t> bytes = SharedBodies(20, 100);
  auto row = BinaryRow::Wrap(bytes, enc.schema());
  ASSERT_TRUE(row.ok()) << row.status().ToString();  // fine at bounds
  EXPECT_EQ(Validate(enc.schema(), bytes, ValidationLevel::kFull).kind(), ErrorKind::kInvalidData);
  auto back = enc.FromRow(*row);  // 100^20 values if decoded: refused at once
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().kind(), ErrorKind::kInvalidData);
  EXPECT_NE(back.status().message().find("shared"), std::string::npos) << back.status().ToString();
  EXPECT_EQ(back.status().expected(), static_cast<int64_t>(bytes.size()));
  // the same through a resolution (the resolved getters, the same budget)
  auto res = *Resolve(enc.schema(), enc.schema());
  auto resolved = enc.FromRow(*res.View(bytes));
  ASSERT_FALSE(resolved.ok());
  EXPECT_EQ(resolved.status().kind(), ErrorKind::kInvalidData);
  EXPECT_NE(resolved.status().message().find("shared"), std::string::npos) << resolved.status().ToString();
}

TEST(EncoderTest, DecodeBudgetAcceptsAnHonestRow) {
  auto enc = *Encoder<demo::Deep>::Make();
  std::vector<uint8_t> bytes = SharedBodies(20, 1);  // one reference per level: no sharing
  Status v = Validate(enc.schema(), bytes, ValidationLevel::kFull);
  ASSERT_TRUE(v.ok()) << v.ToString();
  auto back = enc.FromRow(*BinaryRow::Wrap(bytes, enc.schema()));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
}

// The bytes of `value`'s row, copied out of the encoder's buffer.
template <typename T>
std::vector<uint8_t> RowBytes(Encoder<T>& enc, const T& value) {
  BinaryRow row = *enc.ToRow(value);
  return {row.bytes().begin(), row.bytes().end()};
}

TEST(EncoderEvolutionTest, OlderWriterIntoNewerStruct) {
  auto v1 = *Encoder<demo::OrderV1>::Make();
  auto v2 = *Encoder<demo::OrderV2>::Make();
  demo::OrderV1 old{7, "tea", {{"a1", 2}, {"b2", 5}}};
  std::vector<uint8_t> bytes = RowBytes(v1, old);
  auto res = Resolve(v1.schema(), v2.schema());
  ASSERT_TRUE(res.ok()) << res.status().ToString();
  auto got = v2.FromRow(*res->View(bytes));
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ(*got, (demo::OrderV2{std::nullopt, 7, {{"a1", 2, std::nullopt}, {"b2", 5, std::nullopt}}, "tea"}));
  // partial: one nested line, resolved, into the newer line struct
  auto lines = *Encoder<demo::LineV2>::Make();
  auto line = lines.FromRow(*res->View(bytes)->GetArray(2)->GetStruct(1));
  ASSERT_TRUE(line.ok()) << line.status().ToString();
  EXPECT_EQ(*line, (demo::LineV2{"b2", 5, std::nullopt}));
}

TEST(EncoderEvolutionTest, NewerWriterIntoOlderStruct) {
  auto v1 = *Encoder<demo::OrderV1>::Make();
  auto v2 = *Encoder<demo::OrderV2>::Make();
  demo::OrderV2 order{"gift", 9, {{"c3", 1, 4.5}}, "jam"};
  std::vector<uint8_t> bytes = RowBytes(v2, order);
  auto res = Resolve(v2.schema(), v1.schema());
  ASSERT_TRUE(res.ok()) << res.status().ToString();
  auto got = v1.FromRow(*res->View(bytes));  // the fields version 1 lacks are skipped
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ(*got, (demo::OrderV1{9, "jam", {{"c3", 1}}}));
}

TEST(EncoderEvolutionTest, Refusals) {
  auto v1 = *Encoder<demo::OrderV1>::Make();
  auto v2 = *Encoder<demo::OrderV2>::Make();
  std::vector<uint8_t> bytes = RowBytes(v1, demo::OrderV1{1, "x", {}});
  // a row read as another reader schema than the encoder's
  auto identity = *Resolve(v1.schema(), v1.schema());
  auto wrong = v2.FromRow(*identity.View(bytes));
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(wrong.status().path(), "");
  EXPECT_NE(wrong.status().message().find("Resolve(writer, encoder.schema())"), std::string::npos)
      << wrong.status().ToString();
  // a member that is not a std::optional cannot hold the null of a field the writer lacks
  auto v3 = *Encoder<demo::OrderV3>::Make();
  auto res = *Resolve(v1.schema(), v3.schema());
  auto missing = v3.FromRow(*res.View(bytes));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(missing.status().path(), "channel");
  // a change SPEC §13.3 does not allow is refused by Resolve, before any row
  auto narrowed = *Schema::Make({field("id", int32(), false)});
  auto refused = Resolve(v1.schema(), narrowed);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().ToString(), "schema_mismatch at id: writer type \"int64\" cannot be read as \"int32\"");
}

TEST(EncoderEvolutionTest, ClassRenamedReadsTheSameRows) {
  auto points = *Encoder<demo::Point>::Make();
  auto coords = *Encoder<demo::Coordinate>::Make();
  EXPECT_TRUE(points.schema().Equals(coords.schema()));
  EXPECT_EQ(points.schema().fingerprint(), coords.schema().fingerprint());
  EXPECT_EQ(points.schema().ToJson(), coords.schema().ToJson());
  auto c = coords.FromRow(*points.ToRow(demo::Point{3, -4, "p"}));
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->x, 3);
  EXPECT_EQ(c->y, -4);
  EXPECT_EQ(c->label, "p");
  auto p = points.FromRow(*coords.ToRow(demo::Coordinate{5, 6, std::nullopt}));
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->x, 5);
  EXPECT_EQ(p->y, 6);
  EXPECT_FALSE(p->label.has_value());
  // the resolution of the two schemas is the identity
  auto res = *Resolve(points.schema(), coords.schema());
  EXPECT_TRUE(res.is_identity());
  std::vector<uint8_t> bytes = RowBytes(points, demo::Point{1, 2, "q"});
  EXPECT_EQ(coords.FromRow(*res.View(bytes))->label, "q");
}

}  // namespace
}  // namespace zerorow
