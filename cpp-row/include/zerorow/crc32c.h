// CRC-32C (SPEC §5.1): the checksum of each row of a row file. Castagnoli polynomial
// 0x1EDC6F41 (reflected 0x82F63B78), initial value and final xor 0xFFFFFFFF: the CRC of iSCSI
// (RFC 3720) and of java.util.zip.CRC32C. Crc32c("123456789") == 0xE3069283.
//
// The hardware path (SSE 4.2 `crc32` on x86-64, the ARMv8 CRC32C instructions on AArch64) is
// chosen once at run time; the table path gives the same values on any CPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace zerorow {

/// The CRC-32C of `data`, on the fastest path this CPU has.
uint32_t Crc32c(std::span<const uint8_t> data);
/// Continues a CRC-32C: Crc32cExtend(Crc32c(a), b) == Crc32c(a followed by b).
uint32_t Crc32cExtend(uint32_t crc, std::span<const uint8_t> data);

namespace crc32c_internal {
/// The table path (any CPU), for the tests that check both paths give the check value.
uint32_t ExtendTable(uint32_t crc, const uint8_t* data, size_t n);
/// True when this CPU has the CRC-32C instructions and the build has the hardware path.
bool HaveHardware();
/// The hardware path; call only when HaveHardware() (elsewhere it is the table path).
uint32_t ExtendHardware(uint32_t crc, const uint8_t* data, size_t n);
}  // namespace crc32c_internal

}  // namespace zerorow
