#include "zerorow/binary_row.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>

#include "zerorow/row_writer.h"
#include "zerorow/validate.h"
#include "zerorow/value_json.h"
#include "zerorow/variant.h"

namespace zerorow {
namespace {

void Put64(std::vector<uint8_t>& b, size_t at, uint64_t v) { std::memcpy(b.data() + at, &v, 8); }

TEST(BinaryRowTest, WrapRules) {
  auto s = *Schema::Make({field("a", int64()), field("b", string())});
  std::vector<uint8_t> b(24, 0);
  EXPECT_TRUE(BinaryRow::Wrap(b, s).ok());
  auto t = BinaryRow::Wrap(std::span<const uint8_t>(b).first(16), s);
  EXPECT_EQ(t.status().kind(), ErrorKind::kTruncated);  // W1 at top level
  EXPECT_EQ(t.status().expected(), 24);
  EXPECT_EQ(t.status().actual(), 16);
  b.resize(28);
  EXPECT_EQ(BinaryRow::Wrap(b, s).status().kind(), ErrorKind::kInvalidData);  // W2
}

TEST(BinaryRowTest, ReferencePastTheEndIsAnError) {
  auto s = *Schema::Make({field("a", int64()), field("b", string())});
  std::vector<uint8_t> b(32, 0);
  Put64(b, 16, (uint64_t{24} << 32) | 9);  // 24 + 9 > 32
  BinaryRow r = *BinaryRow::Wrap(b, s);
  auto got = r.GetString(1);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(got.status().path(), "b");
  EXPECT_EQ(got.status().ToString(), "invalid_data at b: expected offset+size <= 32 but found 33");
  Put64(b, 16, (uint64_t{0xffffffff} << 32) | 0xffffffff);  // no overflow in the check
  EXPECT_FALSE(BinaryRow::Wrap(b, s)->GetBinary(1).ok());
  Put64(b, 16, (uint64_t{24} << 32) | 8);
  EXPECT_EQ(BinaryRow::Wrap(b, s)->GetString(1)->size(), 8u);
}

TEST(BinaryRowTest, NestedWrapRules) {
  auto s = *Schema::Make(
      {field("l", list(int64())), field("m", map(int32(), int32())), field("s", struct_({field("x", int64())}))});
  std::vector<uint8_t> b(8 + 24 + 16, 0);
  // l -> 16-byte body claiming 1000 elements.
  Put64(b, 8, (uint64_t{32} << 32) | 16);
  Put64(b, 32, 1000);
  // m -> the same body (key array size 1000: past the end).
  Put64(b, 16, (uint64_t{32} << 32) | 16);
  // s -> an 8-byte body: a row of one field needs 16.
  Put64(b, 24, (uint64_t{32} << 32) | 8);
  BinaryRow r = *BinaryRow::Wrap(b, s);
  auto l = r.GetArray(0);
  EXPECT_EQ(l.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(l.status().path(), "l");
  EXPECT_NE(l.status().message().find("array count larger than the buffer"), std::string::npos);
  EXPECT_EQ(r.GetMap(1).status().kind(), ErrorKind::kInvalidData);
  auto st = r.GetStruct(2);
  EXPECT_EQ(st.status().kind(), ErrorKind::kInvalidData);  // W1 on a nested row is not "truncated"
  EXPECT_EQ(st.status().path(), "s");
  Put64(b, 32, uint64_t{1} << 31);  // count >= 2^31
  EXPECT_EQ(BinaryRow::Wrap(b, s)->GetArray(0).status().kind(), ErrorKind::kInvalidData);
}

TEST(BinaryRowTest, EqualityAndHash) {
  auto s = *Schema::Make({field("a", int32()), field("b", string())});
  RowWriter w1(s), w2(s);
  for (RowWriter* w : {&w1, &w2}) {
    ASSERT_TRUE(w->WriteInt32(0, 5).ok());
    ASSERT_TRUE(w->WriteString(1, "x").ok());
    ASSERT_TRUE(w->Finish().ok());
  }
  EXPECT_TRUE(w1.row() == w2.row());
  EXPECT_EQ(w1.row().Hash(), w2.row().Hash());
  EXPECT_EQ(std::hash<BinaryRow>()(w1.row()), std::hash<BinaryRow>()(w2.row()));
  w2.Reset();
  ASSERT_TRUE(w2.WriteInt32(0, 6).ok());
  ASSERT_TRUE(w2.WriteString(1, "x").ok());
  ASSERT_TRUE(w2.Finish().ok());
  EXPECT_FALSE(w1.row() == w2.row());
}

TEST(BinaryRowTest, ZeroCopySpansAndPaths) {
  auto s = *Schema::Make({field("m", map(string(), list(int16())))});
  RowWriter w(s);
  MapWriter m;
  ASSERT_TRUE(w.BeginMap(0, &m).ok());
  ArrayWriter keys, values, inner;
  ASSERT_TRUE(m.BeginKeys(1, &keys).ok());
  ASSERT_TRUE(keys.WriteString(0, "k").ok());
  ASSERT_TRUE(keys.Finish().ok());
  ASSERT_TRUE(m.BeginValues(1, &values).ok());
  ASSERT_TRUE(values.BeginArray(0, 3, &inner).ok());
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(inner.WriteInt16(i, static_cast<int16_t>(i - 1)).ok());
  ASSERT_TRUE(inner.Finish().ok());
  ASSERT_TRUE(values.Finish().ok());
  ASSERT_TRUE(m.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  BinaryMap map = *w.row().GetMap(0);
  BinaryArray arr = *map.values().GetArray(0);
  auto span = *arr.Values<int16_t>();
  EXPECT_EQ(span.size(), 3u);
  EXPECT_EQ(span[0], -1);
  EXPECT_EQ(reinterpret_cast<const uint8_t*>(span.data()), arr.data() + 16);  // zero copy
  EXPECT_FALSE(arr.Values<int32_t>().ok());
  EXPECT_EQ(map.keys().PathOf(0), "{keys}[0]");
  EXPECT_EQ(map.values().PathOf(2), "{values}[2]");
  EXPECT_EQ(arr.PathOf(1), "[1]");
  EXPECT_EQ(w.row().PathOf(0), "m");
  EXPECT_EQ(arr.GetInt16(3).status().kind(), ErrorKind::kOutOfRange);
}

// ---- the SPEC 1.2 types: written, read (B4, B5) and validated ------------------------------

class NewTypesTest : public ::testing::Test {
 protected:
  Schema s_ = *Schema::Make({field("n", null_type()), field("ym", interval_ym(), false), field("iv", interval()),
                             field("fb", fixed_binary(3)), field("u", uuid()), field("v", variant()),
                             field("l", list(null_type()))});
  std::array<uint8_t, 16> uuid_ = *UuidFromText("0f8fad5b-d9cb-469f-a165-70867728950e");
  Variant var_ = *VariantFromJson(R"({"a":[1,"x"]})");

  std::vector<uint8_t> Row(bool null_interval = false) {
    RowWriter w(s_);
    EXPECT_TRUE(w.WriteInt32(1, -14).ok());
    if (null_interval)
      EXPECT_TRUE(w.SetNull(2).ok());
    else
      EXPECT_TRUE(w.WriteInterval(2, Interval{1, -2, 3}).ok());
    const uint8_t fb[] = {1, 2, 3};
    EXPECT_TRUE(w.WriteBinary(3, fb).ok());
    EXPECT_TRUE(w.WriteUuid(4, uuid_).ok());
    EXPECT_TRUE(w.WriteVariant(5, var_.view()).ok());
    ArrayWriter a;
    EXPECT_TRUE(w.BeginArray(6, 2, &a).ok());
    EXPECT_TRUE(a.Finish().ok());  // its elements become null (SPEC §3.6)
    EXPECT_TRUE(w.Finish().ok()) << w.Finish().ToString();
    return {w.bytes().begin(), w.bytes().end()};
  }
};

TEST_F(NewTypesTest, WrittenRowsValidateAndReadBack) {
  auto bytes = Row();
  ASSERT_TRUE(Validate(s_, bytes, ValidationLevel::kFull).ok()) << Validate(s_, bytes).ToString();
  auto row = *BinaryRow::Wrap(bytes, s_);
  EXPECT_TRUE(*row.IsNull(0));  // a null field is always null
  EXPECT_EQ(*row.GetInt32(1), -14);
  EXPECT_EQ(*row.GetInterval(2), (Interval{1, -2, 3}));
  EXPECT_EQ(row.GetBinary(3)->size(), 3u);
  EXPECT_EQ(*row.GetUuid(4), uuid_);
  EXPECT_EQ(*row.GetVariant(5)->ToJson(), R"({"a":[1,"x"]})");
  auto l = *row.GetArray(6);
  EXPECT_EQ(l.size(), 2);
  EXPECT_TRUE(*l.IsNull(0) && *l.IsNull(1));
  EXPECT_EQ(row.GetString(1).status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(row.GetInterval(1).status().kind(), ErrorKind::kSchemaMismatch);
}

TEST_F(NewTypesTest, ANullIntervalKeepsItsReserveInARow) {
  auto bytes = Row(true);
  ASSERT_TRUE(Validate(s_, bytes, ValidationLevel::kFull).ok()) << Validate(s_, bytes).ToString();
  const size_t fixed = s_.struct_type()->fixed_region_size();
  uint64_t slot;
  std::memcpy(&slot, bytes.data() + 8 + 8 * 2, 8);
  EXPECT_EQ(slot, (uint64_t{fixed} << 32) | 16);  // (cursor << 32) | 16 (SPEC §3.7)
  auto row = *BinaryRow::Wrap(bytes, s_);
  EXPECT_TRUE(*row.IsNull(2));
  EXPECT_EQ(*row.GetInterval(2), Interval{});
}

TEST_F(NewTypesTest, WritersCheckValuesAndSizes) {
  RowWriter w(s_);
  const uint8_t two[] = {1, 2};
  EXPECT_EQ(w.WriteBinary(3, two).kind(), ErrorKind::kInvalidData);  // fixed_binary(3)
  EXPECT_EQ(w.WriteUuid(4, std::span<const uint8_t>(uuid_).first(15)).kind(), ErrorKind::kInvalidData);
  std::vector<uint8_t> bad_meta{0x02, 0, 0};
  Status st = w.WriteVariant(5, bad_meta, var_.value);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "v");
  EXPECT_EQ(w.WriteInt32(0, 1).kind(), ErrorKind::kSchemaMismatch);            // nothing writes a null type
  EXPECT_EQ(w.WriteInt(1, int64_t{1} << 40).kind(), ErrorKind::kInvalidData);  // months are int32
}

TEST_F(NewTypesTest, B4ASizedBodyOfTheWrongSizeIsInvalidData) {
  auto bytes = Row();
  // The uuid's reference says 15 bytes.
  uint64_t slot;
  std::memcpy(&slot, bytes.data() + 8 + 8 * 4, 8);
  Put64(bytes, 8 + 8 * 4, slot - 1);
  auto row = *BinaryRow::Wrap(bytes, s_);
  auto u = row.GetUuid(4);
  ASSERT_FALSE(u.ok());
  EXPECT_EQ(u.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(u.status().path(), "u");
  EXPECT_FALSE(Validate(s_, bytes, ValidationLevel::kFull).ok());
  // The variant's V points past its body.
  auto bytes2 = Row();
  std::memcpy(&slot, bytes2.data() + 8 + 8 * 5, 8);
  bytes2[slot >> 32] = 0xff;
  auto v = BinaryRow::Wrap(bytes2, s_)->GetVariant(5);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.status().kind(), ErrorKind::kInvalidData);
}

TEST_F(NewTypesTest, B5ANullBitOnANonNullableFieldIsInvalidDataWhenRead) {
  auto bytes = Row();
  bytes[0] |= 1u << 1;  // ym is not nullable
  auto row = BinaryRow::Wrap(bytes, s_);
  ASSERT_FALSE(row.ok());
  EXPECT_EQ(row.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(row.status().path(), "ym");
  EXPECT_EQ(Validate(s_, bytes, ValidationLevel::kBounds).kind(), ErrorKind::kInvalidData);
  // Unchecked views skip it; the checked IsNull still refuses.
  auto raw = BinaryRow::WrapUnchecked(bytes.data(), bytes.size(), s_.struct_type().get());
  EXPECT_EQ(raw.IsNull(1).status().kind(), ErrorKind::kInvalidData);
  // Non-nullable list elements: checked when the list is wrapped.
  auto ls = *Schema::Make({field("l", list(int32(), false))});
  RowWriter w(ls);
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(0, 2, &a).ok());
  ASSERT_TRUE(a.WriteInt32(0, 1).ok());
  ASSERT_TRUE(a.WriteInt32(1, 2).ok());
  ASSERT_TRUE(a.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  std::vector<uint8_t> lb(w.bytes().begin(), w.bytes().end());
  lb[16 + 8] |= 2;  // element 1's null bit
  auto arr = BinaryRow::Wrap(lb, ls)->GetArray(0);
  ASSERT_FALSE(arr.ok());
  EXPECT_EQ(arr.status().path(), "l[1]");
}

TEST_F(NewTypesTest, FullValidationRefusesANullTypeWithoutItsBit) {
  auto bytes = Row();
  bytes[0] &= static_cast<uint8_t>(~1u);  // n's null bit cleared
  Status st = Validate(s_, bytes, ValidationLevel::kFull);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "n");
}

TEST(NewTypesSchemaTest, NullOnlyWhereANullCanStand) {
  EXPECT_EQ(Schema::Make({field("n", null_type(), false)}).status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(Schema::Make({field("l", list(null_type(), false))}).status().path(), "l[]");
  EXPECT_EQ(Schema::Make({field("m", map(null_type(), int32()))}).status().path(), "m{keys}");
  EXPECT_TRUE(Schema::Make({field("m", map(int32(), null_type()))}).ok());
  EXPECT_EQ(Schema::Make({field("f", fixed_binary(0))}).status().kind(), ErrorKind::kUnsupported);
  auto s = *Schema::Make({field("f", fixed_binary(16)), field("u", uuid()), field("v", variant()),
                          field("i", interval()), field("y", interval_ym()), field("n", null_type())});
  EXPECT_EQ(s.ToJson(),
            R"({"type":"struct","fields":[{"name":"f","type":{"type":"fixed_binary","size":16},"nullable":true},)"
            R"({"name":"u","type":"uuid","nullable":true},{"name":"v","type":"variant","nullable":true},)"
            R"({"name":"i","type":"interval","nullable":true},{"name":"y","type":"interval_ym","nullable":true},)"
            R"({"name":"n","type":"null","nullable":true}]})");
  EXPECT_EQ(Schema::FromJson(s.ToJson())->ToJson(), s.ToJson());
  EXPECT_EQ(Schema::FromJson(
                R"({"type":"struct","fields":[{"name":"f","type":{"type":"fixed_binary","size":0},"nullable":true}]})")
                .status()
                .kind(),
            ErrorKind::kUnsupported);
}

}  // namespace
}  // namespace zerorow

namespace zerorow {
namespace {

Schema ThreeFields() { return *Schema::Make({field("n", int32()), field("s", string()), field("l", list(int64()))}); }

std::vector<uint8_t> ThreeFieldRow(const Schema& s) {
  RowWriter w(s);
  EXPECT_TRUE(w.WriteInt32(0, 7).ok());
  EXPECT_TRUE(w.WriteString(1, "abc").ok());
  EXPECT_TRUE(w.Finish().ok());
  return {w.bytes().begin(), w.bytes().end()};
}

TEST(CheckedGetterTest, WrongTypeIsSchemaMismatchNamingBothTypes) {
  Schema s = ThreeFields();
  auto bytes = ThreeFieldRow(s);
  BinaryRow row = *BinaryRow::Wrap(bytes, s);
  auto str = row.GetString(0);
  ASSERT_FALSE(str.ok());
  EXPECT_EQ(str.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(str.status().path(), "n");
  EXPECT_EQ(str.status().message(), "cannot read a string value from a field of type int32");
  auto i64 = row.GetInt64(1);
  ASSERT_FALSE(i64.ok());
  EXPECT_EQ(i64.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(i64.status().path(), "s");
  EXPECT_NE(i64.status().message().find("int64"), std::string::npos);
  EXPECT_NE(i64.status().message().find("string"), std::string::npos);
  EXPECT_EQ(row.GetBool(0).status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(row.GetBinary(1).status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(row.GetBody(0).status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(*row.GetInt32(0), 7);
  EXPECT_EQ(*row.GetString(1), "abc");
}

TEST(ResultTest, TakingTheValueOfAnErrorAborts) {
  Schema s = ThreeFields();
  std::vector<uint8_t> truncated(8, 0);
  auto row = BinaryRow::Wrap(truncated, s);
  ASSERT_FALSE(row.ok());
  EXPECT_DEATH((void)*row, "value of a Result taken on an error: truncated");
  EXPECT_DEATH((void)row->num_fields(), "truncated");
  EXPECT_DEATH((void)row.ValueOrDie(), "truncated");
  EXPECT_EQ(row.ValueOr(BinaryRow{}).num_fields(), 0);
}

TEST(ResultTest, DefaultViewsAreEmpty) {
  BinaryArray a;
  EXPECT_EQ(a.size(), 0);
  auto v = a.Values<int32_t>();
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->empty());
  EXPECT_FALSE(a.HasNulls());
  EXPECT_EQ(a.GetInt32(0).status().kind(), ErrorKind::kOutOfRange);
  BinaryMap m;
  EXPECT_EQ(m.size(), 0);
  BinaryRow r;
  EXPECT_EQ(r.num_fields(), 0);
}

// A view borrows its schema's types: wrapping with a temporary Schema does not compile.
template <typename S>
concept WrapsWith = requires(std::span<const uint8_t> b, S&& s) {
  BinaryRow::Wrap(b, std::forward<S>(s));
};
static_assert(WrapsWith<const Schema&>);
static_assert(!WrapsWith<Schema>, "a temporary Schema must be refused");
template <typename R>
concept WrapsWithDereferenced = requires(std::span<const uint8_t> b, R&& r) {
  BinaryRow::Wrap(b, *std::forward<R>(r));
};
static_assert(WrapsWithDereferenced<Result<Schema>&>);
static_assert(!WrapsWithDereferenced<Result<Schema>>, "Wrap(bytes, *Schema::FromJson(json)) must be refused");

}  // namespace
}  // namespace zerorow
