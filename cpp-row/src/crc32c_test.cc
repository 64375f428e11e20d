// CRC-32C (SPEC §5.1): the check value on the table path and on the hardware path, and both
// paths equal at every length and alignment (the 8-byte loop and the byte tail).
#include "zerorow/crc32c.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace zerorow {
namespace {

std::span<const uint8_t> Bytes(const std::string& s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

TEST(Crc32cTest, CheckValueOnTheTablePath) {
  std::string s = "123456789";
  EXPECT_EQ(crc32c_internal::ExtendTable(0, reinterpret_cast<const uint8_t*>(s.data()), s.size()), 0xE3069283u);
}

TEST(Crc32cTest, CheckValueOnTheHardwarePath) {
#if defined(__x86_64__) || defined(__aarch64__)
  // Every x86-64 and AArch64 machine this project runs on has the instructions: a CPU
  // without them fails here rather than test the table path twice.
  ASSERT_TRUE(crc32c_internal::HaveHardware()) << "no CRC-32C instructions on this CPU";
#endif
  std::string s = "123456789";
  EXPECT_EQ(crc32c_internal::ExtendHardware(0, reinterpret_cast<const uint8_t*>(s.data()), s.size()), 0xE3069283u);
  EXPECT_EQ(Crc32c(Bytes(s)), 0xE3069283u);
}

TEST(Crc32cTest, KnownVectorsOfRfc3720) {
  std::vector<uint8_t> zeros(32, 0), ones(32, 0xFF), inc(32);
  for (int i = 0; i < 32; ++i) inc[i] = static_cast<uint8_t>(i);
  EXPECT_EQ(Crc32c(zeros), 0x8A9136AAu);
  EXPECT_EQ(Crc32c(ones), 0x62A8AB43u);
  EXPECT_EQ(Crc32c(inc), 0x46DD794Eu);
  EXPECT_EQ(Crc32c({}), 0u);
}

TEST(Crc32cTest, PathsAgreeAtEveryLengthAndAlignmentAndExtendChains) {
  std::vector<uint8_t> data(300);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 131 + 7);
  for (size_t start = 0; start < 9; ++start) {
    for (size_t n = 0; start + n <= data.size(); n += 7) {
      uint32_t table = crc32c_internal::ExtendTable(0, data.data() + start, n);
      ASSERT_EQ(Crc32c({data.data() + start, n}), table) << "start " << start << " length " << n;
      size_t half = n / 2;
      ASSERT_EQ(Crc32cExtend(Crc32c({data.data() + start, half}), {data.data() + start + half, n - half}), table);
    }
  }
}

}  // namespace
}  // namespace zerorow
