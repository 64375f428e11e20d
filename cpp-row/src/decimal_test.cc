#include "zerorow/decimal.h"

#include <gtest/gtest.h>

namespace zerorow {
namespace {

TEST(DecimalTest, TextRoundTrip) {
  EXPECT_EQ(DecimalToString(*DecimalFromString("-12.34", 10, 4), 4), "-12.3400");
  EXPECT_EQ(DecimalToString(*DecimalFromString("0.5", 3, 1), 1), "0.5");
  EXPECT_EQ(DecimalToString(*DecimalFromString("-0.001", 5, 3), 3), "-0.001");
  EXPECT_EQ(DecimalToString(*DecimalFromString("1.500", 5, 1), 1), "1.5");  // exact zeros dropped
  std::string max38(38, '9');
  EXPECT_EQ(DecimalToString(*DecimalFromString(max38, 38, 0), 0), max38);
  EXPECT_FALSE(DecimalFromString("1" + max38, 38, 0).ok());
  EXPECT_FALSE(DecimalFromString("1.25", 5, 1).ok());  // needs rounding
  EXPECT_FALSE(DecimalFromString("1000", 3, 0).ok());  // exceeds precision
  EXPECT_FALSE(DecimalFromString("1e3", 5, 0).ok());
  EXPECT_FALSE(DecimalFromString("", 5, 0).ok());
}

TEST(DecimalTest, MinimalBigEndian) {
  uint8_t b[16];
  EXPECT_EQ(DecimalToBigEndian(Decimal128{0}, b), 1);
  EXPECT_EQ(b[0], 0x00);
  EXPECT_EQ(DecimalToBigEndian(Decimal128{-1}, b), 1);
  EXPECT_EQ(b[0], 0xff);
  EXPECT_EQ(DecimalToBigEndian(Decimal128{128}, b), 2);  // 00 80, as BigInteger.toByteArray()
  EXPECT_EQ(b[0], 0x00);
  EXPECT_EQ(b[1], 0x80);
  EXPECT_EQ(DecimalToBigEndian(Decimal128{-129}, b), 2);  // ff 7f
  EXPECT_EQ(b[0], 0xff);
  EXPECT_EQ(b[1], 0x7f);
  for (__int128 v :
       {__int128{0}, __int128{-1}, __int128{127}, __int128{-128}, __int128{1} << 100, -(__int128{1} << 120)}) {
    int n = DecimalToBigEndian(Decimal128{v}, b);
    EXPECT_EQ(DecimalFromBigEndian(b, n).unscaled, v);
  }
}

}  // namespace
}  // namespace zerorow
