#include "zerorow/binary_row.h"

#include <gtest/gtest.h>

#include <cstring>

#include "zerorow/row_writer.h"

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
