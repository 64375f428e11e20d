#include "zerorow/validate.h"

#include <gtest/gtest.h>

#include <cstring>

#include "zerorow/row_writer.h"
#include "zerorow/schema.h"

namespace zerorow {
namespace {

void Put64(std::vector<uint8_t>& b, size_t at, uint64_t v) { std::memcpy(b.data() + at, &v, 8); }

class ValidateTest : public ::testing::Test {
 protected:
  Schema s_ = *Schema::Make(
      {field("a", int32(), false), field("b", string()), field("c", list(struct_({field("x", bool_())})))});
  std::vector<uint8_t> Good() {
    RowWriter w(s_);
    EXPECT_TRUE(w.WriteInt32(0, 1).ok());
    EXPECT_TRUE(w.WriteString(1, "hey").ok());
    ArrayWriter a;
    EXPECT_TRUE(w.BeginArray(2, 2, &a).ok());
    for (int i = 0; i < 2; ++i) {
      RowWriter r;
      EXPECT_TRUE(a.BeginStruct(i, &r).ok());
      EXPECT_TRUE(r.WriteBool(0, i == 1).ok());
      EXPECT_TRUE(r.Finish().ok());
    }
    EXPECT_TRUE(a.Finish().ok());
    EXPECT_TRUE(w.Finish().ok());
    return {w.bytes().begin(), w.bytes().end()};
  }
};

TEST_F(ValidateTest, GoodRowPassesAtEveryLevel) {
  auto b = Good();
  for (auto level : {ValidationLevel::kNone, ValidationLevel::kBounds, ValidationLevel::kFull})
    EXPECT_TRUE(Validate(s_, b, level).ok()) << ValidationLevelName(level);
}

TEST_F(ValidateTest, NestedErrorsNameThePath) {
  auto b = Good();
  // Layout: bitmap 8 | slots 24 | "hey" body at 32 (8) | array at 40: count, bitmap,
  // 2 refs, then two 16-byte rows. Corrupt the bool of c[1].x.
  size_t array_at = 40;
  size_t row1 = array_at + 8 + 8 + 16 + 16;
  b[row1 + 8] = 2;
  Status st = Validate(s_, b);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "c[1].x");
  EXPECT_EQ(st.expected(), 1);
  EXPECT_EQ(st.actual(), 2);
  EXPECT_EQ(st.ToString(), "invalid_data at c[1].x: expected bool 0 or 1 but found 2");
  // Bounds does not look inside.
  EXPECT_TRUE(Validate(s_, b, ValidationLevel::kBounds).ok());
}

// The bytes-first order of 0.2 stays for one release (CHANGES.md), deprecated, with the
// same results as the type-first order of every language (SPEC §1.1).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST_F(ValidateTest, TheOldArgumentOrderIsADeprecatedAliasWithTheSameResults) {
  auto good = Good();
  auto bad = Good();
  bad[40 + 8 + 8 + 16 + 16 + 8] = 2;  // c[1].x, as in NestedErrorsNameThePath
  for (const auto* b : {&good, &bad}) {
    std::span<const uint8_t> bytes(*b);
    EXPECT_EQ(Validate(bytes, s_).ToString(), Validate(s_, bytes).ToString());
    EXPECT_EQ(Validate(bytes, *s_.struct_type(), ValidationLevel::kFull).ToString(),
              Validate(*s_.struct_type(), bytes, ValidationLevel::kFull).ToString());
    EXPECT_EQ(ValidateReads(bytes, *s_.struct_type()).ToString(), ValidateReads(*s_.struct_type(), bytes).ToString());
    EXPECT_EQ(ValidateFixedRegion(bytes, *s_.struct_type()).ToString(),
              ValidateFixedRegion(*s_.struct_type(), bytes).ToString());
    EXPECT_EQ(ValidateAndWrap(bytes, s_).ok(), ValidateAndWrap(s_, bytes).ok());
  }
  EXPECT_FALSE(Validate(std::span<const uint8_t>(bad), s_).ok());
}
#pragma GCC diagnostic pop

TEST_F(ValidateTest, ARowViewValidatesWithItsOwnType) {
  auto b = Good();
  BinaryRow row = *BinaryRow::Wrap(b, s_);
  EXPECT_TRUE(Validate(row).ok());
  EXPECT_TRUE(Validate(*row.GetArray(2)->GetStruct(1), ValidationLevel::kFull).ok());  // a nested row
  b[40 + 8 + 8 + 16 + 16 + 8] = 2;  // c[1].x, as in NestedErrorsNameThePath
  EXPECT_EQ(Validate(row).ToString(), "invalid_data at c[1].x: expected bool 0 or 1 but found 2");
  EXPECT_TRUE(Validate(row, ValidationLevel::kBounds).ok());
  EXPECT_EQ(Validate(BinaryRow()).kind(), ErrorKind::kInvalidArgument);
}

TEST_F(ValidateTest, CanonicalLayoutRules) {
  {
    auto b = Good();
    b[0] |= 1;  // a is null but not nullable
    EXPECT_EQ(Validate(s_, b).path(), "a");
  }
  {
    auto b = Good();
    b[0] |= 0x10;  // bitmap bit past n
    EXPECT_EQ(Validate(s_, b).kind(), ErrorKind::kInvalidData);
  }
  {
    auto b = Good();
    b[8 + 5] = 1;  // high bytes of the int32 slot
    EXPECT_EQ(Validate(s_, b).path(), "a");
  }
  {
    auto b = Good();
    b[32 + 4] = 1;  // padding after "hey"
    Status st = Validate(s_, b);
    EXPECT_EQ(st.path(), "b");
    EXPECT_NE(st.message().find("padding"), std::string::npos);
  }
  {
    auto b = Good();
    b.resize(b.size() + 8);  // trailing bytes
    Status st = Validate(s_, b);
    EXPECT_NE(st.message().find("trailing"), std::string::npos) << st.ToString();
  }
  {
    auto b = Good();
    Put64(b, 16, (uint64_t{36} << 32) | 3);  // misaligned
    EXPECT_NE(Validate(s_, b).message().find("misaligned"), std::string::npos);
  }
  {
    auto b = Good();
    b[32] = 0xff;  // bad UTF-8
    EXPECT_NE(Validate(s_, b).message().find("UTF-8"), std::string::npos);
  }
  {
    auto b = Good();
    b.resize(16);
    EXPECT_EQ(Validate(s_, b).kind(), ErrorKind::kTruncated);
  }
}

TEST(Utf8Test, Cases) {
  EXPECT_TRUE(IsValidUtf8(std::string_view("plain ascii and more than eight bytes")));
  EXPECT_TRUE(IsValidUtf8(std::string_view("é€😀")));
  EXPECT_TRUE(IsValidUtf8(std::string_view("\0", 1)));
  EXPECT_FALSE(IsValidUtf8(std::string_view("\xc0\x80")));          // overlong
  EXPECT_FALSE(IsValidUtf8(std::string_view("\xed\xa0\x80")));      // surrogate
  EXPECT_FALSE(IsValidUtf8(std::string_view("\xf4\x90\x80\x80")));  // > U+10FFFF
  EXPECT_FALSE(IsValidUtf8(std::string_view("abc\xe2\x82")));       // truncated
}

// Bytes without their schema: what a row's fixed region shows (ValidateFixedRegion), and the
// reads of every value (ValidateReads), each refusing where a reader would go wrong.
TEST(ValidateFixedRegionTest, BytesOfAnotherSchemaAreRefusedWhereTheFixedRegionShowsIt) {
  auto v1 = *Schema::Make({field("id", int64(), false), field("name", string())});
  auto v2 = *Schema::Make({field("id", int64(), false), field("name", string()), field("extra", int32(), false)});
  RowWriter w(v1);
  ASSERT_TRUE(w.WriteInt64(0, 7).ok());
  ASSERT_TRUE(w.WriteString(1, "xavier").ok());
  ASSERT_TRUE(w.Finish().ok());
  std::vector<uint8_t> bytes(w.bytes().begin(), w.bytes().end());
  EXPECT_TRUE(ValidateFixedRegion(*v1.struct_type(), bytes).ok());
  EXPECT_TRUE(Validate(v2, bytes, ValidationLevel::kBounds).ok());  // W1-W2 alone cannot tell
  Status st = ValidateFixedRegion(*v2.struct_type(), bytes);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "name");  // V1's body starts at 24, inside V2's fixed region of 32
  EXPECT_NE(st.message().find("offset inside the fixed region"), std::string::npos) << st.ToString();
  // an int32 slot with a string in its high bytes; a null bit on a non-nullable field
  auto narrow = *Schema::Make({field("a", int32(), false)});
  std::vector<uint8_t> r(16, 0);
  r[8] = 1;
  r[12] = 'x';
  Status high = ValidateFixedRegion(*narrow.struct_type(), r);
  EXPECT_EQ(high.path(), "a");
  EXPECT_NE(high.message().find("high bytes"), std::string::npos) << high.ToString();
  r[12] = 0;
  r[0] = 1;
  EXPECT_EQ(ValidateFixedRegion(*narrow.struct_type(), r).message(), "null value in a non-nullable field");
  EXPECT_EQ(ValidateFixedRegion(*narrow.struct_type(), std::span<const uint8_t>(r.data(), 8)).kind(),
            ErrorKind::kTruncated);
}

TEST(ValidateReadsTest, EveryValueReadsOrTheErrorNamesIt) {
  auto s = *Schema::Make({field("xs", list(string())), field("m", map(string(), int32()))});
  RowWriter w(s);
  ArrayWriter xs;
  ASSERT_TRUE(w.BeginArray(0, 2, &xs).ok());
  ASSERT_TRUE(xs.WriteString(0, "ok").ok());
  ASSERT_TRUE(xs.WriteString(1, "fine").ok());
  ASSERT_TRUE(xs.Finish().ok());
  MapWriter m;
  ArrayWriter keys, values;
  ASSERT_TRUE(w.BeginMap(1, &m).ok());
  ASSERT_TRUE(m.BeginKeys(1, &keys).ok());
  ASSERT_TRUE(keys.WriteString(0, "k").ok());
  ASSERT_TRUE(keys.Finish().ok());
  ASSERT_TRUE(m.BeginValues(1, &values).ok());
  ASSERT_TRUE(values.WriteInt32(0, 1).ok());
  ASSERT_TRUE(values.Finish().ok());
  ASSERT_TRUE(m.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  std::vector<uint8_t> good(w.bytes().begin(), w.bytes().end());
  ASSERT_TRUE(ValidateReads(*s.struct_type(), good).ok());
  // a byte of xs[1] that is not UTF-8: only a read of that string sees it
  std::vector<uint8_t> bad = good;
  size_t at = std::string_view(reinterpret_cast<const char*>(bad.data()), bad.size()).find("fine");
  bad[at] = 0xff;
  Status utf8 = ValidateReads(*s.struct_type(), bad);
  EXPECT_EQ(utf8.path(), "xs[1]");
  EXPECT_EQ(utf8.message(), "string is not valid UTF-8");
  // padding is not a read: non-zero padding passes ValidateReads, not kFull
  std::vector<uint8_t> padded = good;
  padded[at + 4] = 1;
  EXPECT_TRUE(ValidateReads(*s.struct_type(), padded).ok());
  EXPECT_FALSE(Validate(s, padded, ValidationLevel::kFull).ok());
}

// SPEC 1.2's types in the fixed region and the reads: an interval's 16-byte reserve (null or
// not), fixed body sizes (B4), a field of type null, and B5 on a non-nullable element.
TEST(ValidateFixedRegionTest, Spec12TypesShowTheirLayoutInTheFixedRegion) {
  auto s = *Schema::Make({field("i", interval()), field("u", uuid()), field("n", null_type())});
  RowWriter w(s);
  ASSERT_TRUE(w.SetNull(0).ok());  // the interval's reserve at 32, its slot (32 << 32) | 16
  const std::vector<uint8_t> id(16, 0xab);
  ASSERT_TRUE(w.WriteUuid(1, id).ok());
  ASSERT_TRUE(w.Finish().ok());
  const std::vector<uint8_t> good(w.bytes().begin(), w.bytes().end());
  ASSERT_EQ(good.size(), 64u);
  const DataType& st = *s.struct_type();
  EXPECT_TRUE(ValidateFixedRegion(st, good).ok());
  EXPECT_TRUE(ValidateReads(st, good).ok());
  auto slot_size = [](std::vector<uint8_t>& row, int i, uint8_t size) { row[8 + 8 * i] = size; };
  std::vector<uint8_t> r = good;
  slot_size(r, 1, 8);  // a uuid body of 8 bytes
  for (const Status& bad : {ValidateFixedRegion(st, r), ValidateReads(st, r)}) {
    EXPECT_EQ(bad.kind(), ErrorKind::kInvalidData);
    EXPECT_EQ(bad.path(), "u");
    EXPECT_NE(bad.message().find("uuid body of 16 bytes but the reference size is 8"), std::string::npos)
        << bad.ToString();
  }
  r = good;
  slot_size(r, 0, 0);  // a null interval's slot says 16
  Status reserve = ValidateFixedRegion(st, r);
  EXPECT_EQ(reserve.path(), "i");
  EXPECT_NE(reserve.message().find("interval body of 16 bytes"), std::string::npos) << reserve.ToString();
  r = good;
  r[0] &= static_cast<uint8_t>(~4u);  // n's null bit cleared
  Status null_bit = ValidateFixedRegion(st, r);
  EXPECT_EQ(null_bit.path(), "n");
  EXPECT_EQ(null_bit.message(), "a value of type null must have its null bit set");
}

// A row that passes ValidateReads converts to Arrow (SPEC §12.1): an interval's microseconds
// past int64 nanoseconds are refused here, not at ArrowWriter::Finish (the fuzzer found one).
TEST(ValidateReadsTest, AnIntervalArrowCannotHoldIsRefused) {
  auto s = *Schema::Make({field("i", interval())});
  for (int64_t us : {INT64_MIN, INT64_MAX / 1000 + 1}) {
    RowWriter w(s);
    ASSERT_TRUE(w.WriteInterval(0, Interval{1, 2, us}).ok());
    ASSERT_TRUE(w.Finish().ok());
    std::vector<uint8_t> r(w.bytes().begin(), w.bytes().end());
    EXPECT_TRUE(ValidateFixedRegion(*s.struct_type(), r).ok());
    Status st = ValidateReads(*s.struct_type(), r);
    EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
    EXPECT_EQ(st.path(), "i");
    EXPECT_NE(st.message().find(std::to_string(us) + " microseconds does not fit"), std::string::npos) << st.ToString();
  }
  RowWriter w(s);
  ASSERT_TRUE(w.WriteInterval(0, Interval{1, 2, INT64_MAX / 1000}).ok());
  ASSERT_TRUE(w.Finish().ok());
  EXPECT_TRUE(ValidateReads(*s.struct_type(), w.bytes()).ok());
}

TEST(ValidateReadsTest, ANullInANonNullableElementIsRefused) {
  auto s = *Schema::Make({field("xs", list(int32(), false))});
  RowWriter w(s);
  ArrayWriter xs;
  ASSERT_TRUE(w.BeginArray(0, 3, &xs).ok());
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(xs.WriteInt32(k, k).ok());
  ASSERT_TRUE(xs.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  std::vector<uint8_t> r(w.bytes().begin(), w.bytes().end());
  ASSERT_TRUE(ValidateReads(*s.struct_type(), r).ok());
  r[16 + 8] |= 2;  // the list body at 16: count, then its bitmap; element 1 marked null (SPEC §6.2 B5)
  Status st = ValidateReads(*s.struct_type(), r);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "xs[1]");
  EXPECT_EQ(st.message(), "null value in a non-nullable element");
}

// A bitmap bit past the last element is no element's: the reads check and the getters both
// leave it to kFull (SPEC §6.3 rule 2), so a row ValidateReads accepts reads (the fuzzer found
// the getters refusing it as a null element).
TEST(ValidateReadsTest, BitmapBitsPastTheElementsAreLeftToFull) {
  auto s = *Schema::Make({field("xs", list(int32(), false))});
  RowWriter w(s);
  ArrayWriter xs;
  ASSERT_TRUE(w.BeginArray(0, 3, &xs).ok());
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(xs.WriteInt32(k, k).ok());
  ASSERT_TRUE(xs.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  std::vector<uint8_t> r(w.bytes().begin(), w.bytes().end());
  r[16 + 8] |= 32;  // bit 5 of the 3-element list's bitmap
  EXPECT_TRUE(ValidateReads(*s.struct_type(), r).ok());
  auto row = BinaryRow::Wrap(r, s);
  ASSERT_TRUE(row.ok()) << row.status().ToString();
  auto list = row->GetArray(0);
  ASSERT_TRUE(list.ok()) << list.status().ToString();
  EXPECT_EQ(list->size(), 3);
  Status full = Validate(*s.struct_type(), r, ValidationLevel::kFull);
  EXPECT_EQ(full.kind(), ErrorKind::kInvalidData);
  EXPECT_NE(full.message().find("positions >= 3"), std::string::npos) << full.ToString();
}

}  // namespace
}  // namespace zerorow
