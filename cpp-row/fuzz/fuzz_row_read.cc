// Entry point: BinaryRow::Wrap + every bounds-checked getter, without validation (SPEC §6.2
// level bounds): whatever the bytes, nothing may read outside the buffer. The row's CRC-32C
// (SPEC §5.1) on the hardware path must equal the table path's, for bytes of any length.
#include <cstdlib>

#include "fuzz_common.h"
#include "zerorow/crc32c.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = zerorow::fuzz::Split(data, size);
  if (!in) return 0;
  // Copy to an exact-size heap buffer so ASan catches a read one past the end.
  std::vector<uint8_t> row(in->row.begin(), in->row.end());
  if (zerorow::Crc32c(row) != zerorow::crc32c_internal::ExtendTable(0, row.data(), row.size())) std::abort();
  auto r = zerorow::BinaryRow::Wrap(row, in->schema);
  if (!r.ok()) return 0;
  zerorow::fuzz::Budget budget{8 * row.size() + 1024};
  volatile uint64_t h = zerorow::fuzz::ReadAll(*r, 0, budget);
  (void)h;
  return 0;
}
