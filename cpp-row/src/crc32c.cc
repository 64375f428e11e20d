// CRC-32C (SPEC §5.1): a slicing-by-8 table path and the CPU's CRC-32C instructions, chosen
// once at run time (a row file is checksummed on every read at level bounds, so the hardware
// path is what makes the check cheap).
#include "zerorow/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>
#define ZEROROW_CRC32C_X86 1
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#include <arm_acle.h>
#if defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif
#define ZEROROW_CRC32C_ARM 1
#endif

namespace zerorow {
namespace crc32c_internal {
namespace {

constexpr uint32_t kPoly = 0x82F63B78u;  // 0x1EDC6F41 reflected

using Tables = std::array<std::array<uint32_t, 256>, 8>;

constexpr Tables MakeTables() {
  Tables t{};
  for (uint32_t n = 0; n < 256; ++n) {
    uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ kPoly : c >> 1;
    t[0][n] = c;
  }
  for (uint32_t n = 0; n < 256; ++n) {
    for (int s = 1; s < 8; ++s) t[s][n] = (t[s - 1][n] >> 8) ^ t[0][t[s - 1][n] & 0xFF];
  }
  return t;
}

constexpr Tables kTables = MakeTables();

uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;  // little-endian hosts only read it this way; the table loop below is byte-wise
}

}  // namespace

uint32_t ExtendTable(uint32_t crc, const uint8_t* data, size_t n) {
  uint32_t c = ~crc;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  while (n >= 8) {  // slicing by 8: one table lookup per byte, eight independent lookups
    uint64_t v = Load64(data) ^ c;
    c = kTables[7][v & 0xFF] ^ kTables[6][(v >> 8) & 0xFF] ^ kTables[5][(v >> 16) & 0xFF] ^
        kTables[4][(v >> 24) & 0xFF] ^ kTables[3][(v >> 32) & 0xFF] ^ kTables[2][(v >> 40) & 0xFF] ^
        kTables[1][(v >> 48) & 0xFF] ^ kTables[0][v >> 56];
    data += 8;
    n -= 8;
  }
#endif
  for (size_t i = 0; i < n; ++i) c = kTables[0][(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return ~c;
}

#if defined(ZEROROW_CRC32C_X86)
__attribute__((target("sse4.2"))) uint32_t ExtendHardware(uint32_t crc, const uint8_t* data, size_t n) {
  uint64_t c = ~crc;
  while (n >= 8) {
    c = _mm_crc32_u64(c, Load64(data));
    data += 8;
    n -= 8;
  }
  uint32_t c32 = static_cast<uint32_t>(c);
  for (size_t i = 0; i < n; ++i) c32 = _mm_crc32_u8(c32, data[i]);
  return ~c32;
}
bool HaveHardware() {
  static const bool have = __builtin_cpu_supports("sse4.2");
  return have;
}
#elif defined(ZEROROW_CRC32C_ARM)
__attribute__((target("+crc"))) uint32_t ExtendHardware(uint32_t crc, const uint8_t* data, size_t n) {
  uint32_t c = ~crc;
  while (n >= 8) {
    c = __crc32cd(c, Load64(data));
    data += 8;
    n -= 8;
  }
  for (size_t i = 0; i < n; ++i) c = __crc32cb(c, data[i]);
  return ~c;
}
bool HaveHardware() {
#if defined(__linux__)
  static const bool have = (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
  return have;
#else
  return false;
#endif
}
#else
uint32_t ExtendHardware(uint32_t crc, const uint8_t* data, size_t n) { return ExtendTable(crc, data, n); }
bool HaveHardware() { return false; }
#endif

}  // namespace crc32c_internal

uint32_t Crc32cExtend(uint32_t crc, std::span<const uint8_t> data) {
  static const bool hardware = crc32c_internal::HaveHardware();
  return hardware ? crc32c_internal::ExtendHardware(crc, data.data(), data.size())
                  : crc32c_internal::ExtendTable(crc, data.data(), data.size());
}

uint32_t Crc32c(std::span<const uint8_t> data) { return Crc32cExtend(0, data); }

}  // namespace zerorow
