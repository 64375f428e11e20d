#include "zerorow/validate.h"

#include <gtest/gtest.h>

#include <cstring>

#include "zerorow/row_writer.h"

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
    EXPECT_TRUE(Validate(b, s_, level).ok()) << ValidationLevelName(level);
}

TEST_F(ValidateTest, NestedErrorsNameThePath) {
  auto b = Good();
  // Layout: bitmap 8 | slots 24 | "hey" body at 32 (8) | array at 40: count, bitmap,
  // 2 refs, then two 16-byte rows. Corrupt the bool of c[1].x.
  size_t array_at = 40;
  size_t row1 = array_at + 8 + 8 + 16 + 16;
  b[row1 + 8] = 2;
  Status st = Validate(b, s_);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "c[1].x");
  EXPECT_EQ(st.expected(), 1);
  EXPECT_EQ(st.actual(), 2);
  EXPECT_EQ(st.ToString(), "invalid_data at c[1].x: expected bool 0 or 1 but found 2");
  // Bounds does not look inside.
  EXPECT_TRUE(Validate(b, s_, ValidationLevel::kBounds).ok());
}

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
    EXPECT_EQ(Validate(b, s_).path(), "a");
  }
  {
    auto b = Good();
    b[0] |= 0x10;  // bitmap bit past n
    EXPECT_EQ(Validate(b, s_).kind(), ErrorKind::kInvalidData);
  }
  {
    auto b = Good();
    b[8 + 5] = 1;  // high bytes of the int32 slot
    EXPECT_EQ(Validate(b, s_).path(), "a");
  }
  {
    auto b = Good();
    b[32 + 4] = 1;  // padding after "hey"
    Status st = Validate(b, s_);
    EXPECT_EQ(st.path(), "b");
    EXPECT_NE(st.message().find("padding"), std::string::npos);
  }
  {
    auto b = Good();
    b.resize(b.size() + 8);  // trailing bytes
    Status st = Validate(b, s_);
    EXPECT_NE(st.message().find("trailing"), std::string::npos) << st.ToString();
  }
  {
    auto b = Good();
    Put64(b, 16, (uint64_t{36} << 32) | 3);  // misaligned
    EXPECT_NE(Validate(b, s_).message().find("misaligned"), std::string::npos);
  }
  {
    auto b = Good();
    b[32] = 0xff;  // bad UTF-8
    EXPECT_NE(Validate(b, s_).message().find("UTF-8"), std::string::npos);
  }
  {
    auto b = Good();
    b.resize(16);
    EXPECT_EQ(Validate(b, s_).kind(), ErrorKind::kTruncated);
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

}  // namespace
}  // namespace zerorow
