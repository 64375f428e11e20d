// The block path of the export (export_internal.h): top-level fixed-width and string/binary
// columns read straight from the rows, a block of rows at a time, so each block is read from
// memory once while every column takes its values from it (a transpose). Validity and bool
// bits are built 64 rows at a time in a register word.
#include <algorithm>
#include <bit>
#include <cstring>

#include "export_internal.h"
#include "zerorow/validate.h"

namespace zerorow::arrow_io::internal {
namespace {

// Stores the low (count + 7) / 8 bytes of a 64-row bitmap word (a full word without a call).
inline void StoreBits(uint8_t* dst, uint64_t word, size_t count) {
  if (count == 64) {
    std::memcpy(dst, &word, 8);
  } else {
    std::memcpy(dst, &word, (count + 7) / 8);
  }
}

template <typename T>
void GatherBlock(const uint8_t* const* ptrs, size_t begin, size_t end, size_t off, uint8_t* out) {
  T* dst = reinterpret_cast<T*>(out);
  for (size_t k = begin; k < end; ++k) dst[k] = detail::Load<T>(ptrs[k] + off);
}

}  // namespace

void GatherColumnBlock(FixedColumn& c, const uint8_t* const* ptrs, size_t begin, size_t end, uint64_t block_nulls) {
  switch (c.width) {
    case 1:
      GatherBlock<uint8_t>(ptrs, begin, end, c.offset, c.values.data());
      break;
    case 2:
      GatherBlock<uint16_t>(ptrs, begin, end, c.offset, c.values.data());
      break;
    case 4:
      GatherBlock<uint32_t>(ptrs, begin, end, c.offset, c.values.data());
      break;
    case 8:
      GatherBlock<uint64_t>(ptrs, begin, end, c.offset, c.values.data());
      break;
    default: {
      // 64 rows at a time into a register word (begin is a multiple of 64: kBlockRows is).
      uint8_t* bits = c.values.data();
      for (size_t base = begin; base < end; base += 64) {
        const size_t stop = std::min(end, base + 64);
        uint64_t word = 0;
        for (size_t k = base; k < stop; ++k) word |= static_cast<uint64_t>(ptrs[k][c.offset] != 0) << (k - base);
        StoreBits(bits + base / 8, word, stop - base);
      }
    }
  }
  uint8_t* valid_bits = c.validity.data();
  if (((block_nulls >> (c.field & 63)) & 1) == 0) {
    // begin is a multiple of 8 (kBlockRows is).
    std::memset(valid_bits + begin / 8, 0xff, (end - begin) / 8);
    if (end & 7) valid_bits[end / 8] |= static_cast<uint8_t>((1u << (end & 7)) - 1);
    return;
  }
  const size_t byte = c.field >> 3;
  const int bit = c.field & 7;
  int64_t nulls = 0;
  for (size_t base = begin; base < end; base += 64) {
    const size_t stop = std::min(end, base + 64);
    uint64_t word = 0;
    for (size_t k = base; k < stop; ++k) word |= static_cast<uint64_t>(~(ptrs[k][byte] >> bit) & 1u) << (k - base);
    StoreBits(valid_bits + base / 8, word, stop - base);
    nulls += static_cast<int64_t>(stop - base) - std::popcount(word);
  }
  c.nulls += nulls;
}

namespace {

// Pass 1 of a string/binary block: checks every non-null reference against its row (B2)
// and extends the offsets and the validity bitmap 64 rows at a time. Returns the new total
// body size, or false when a reference is past its row or the column passes 2 GiB.
bool ReferenceBlock(VarColumn& c, const uint8_t* const* ptrs, const uint32_t* sizes, size_t begin, size_t end,
                    uint64_t* total_out) {
  const size_t byte = static_cast<size_t>(c.field) >> 3;
  const int bit = c.field & 7;
  const size_t slot_offset = c.slot_offset;
  int32_t* off = reinterpret_cast<int32_t*>(c.offsets.data());
  uint64_t total = c.total;
  uint64_t bad = 0;
  for (size_t base = begin; base < end; base += 64) {  // begin is a multiple of 64
    const size_t stop = std::min(end, base + 64);
    uint64_t valid_word = 0;
    for (size_t k = base; k < stop; ++k) {
      const uint8_t* row = ptrs[k];
      const uint64_t valid = (~(row[byte] >> bit)) & 1u;
      const uint64_t ref = detail::Load<uint64_t>(row + slot_offset);
      const uint64_t sz = (ref & 0xffffffffu) & (0 - valid);              // null: no body
      bad |= valid & static_cast<uint64_t>((ref >> 32) + sz > sizes[k]);  // B2
      off[k] = static_cast<int32_t>(total);
      total += sz;
      valid_word |= valid << (k - base);
    }
    c.nulls += static_cast<int64_t>(stop - base) - std::popcount(valid_word);
    StoreBits(c.validity.data() + base / 8, valid_word, stop - base);
  }
  if (bad || total > INT32_MAX) return false;
  off[end] = static_cast<int32_t>(total);
  *total_out = total;
  return true;
}

// Makes room for `total` bytes plus the 16 bytes of slack the short copies write: grows
// once per block at most, extrapolating from the first block to the whole batch of `n` rows.
void ReserveData(VarColumn& c, uint64_t total, size_t end, size_t n) {
  if (total + 16 <= c.data.size()) return;
  uint64_t want = std::max<uint64_t>(total + 16, c.data.size() * 2);
  if (c.data.size() == 0) {
    want = std::max<uint64_t>(want, std::min<uint64_t>(total * n / end + total / 8 + 64, uint64_t{INT32_MAX} + 16));
  }
  Buffer bigger(want, /*zero=*/false);
  if (c.total) std::memcpy(bigger.data(), c.data.data(), c.total);
  c.data = std::move(bigger);
}

// Pass 2: copies the bodies of rows [begin, end) (short ones as one 8- or 16-byte move when
// the row holds those bytes: bodies are padded to 8). True when some string starts on a
// UTF-8 continuation byte.
bool CopyBodies(VarColumn& c, const uint8_t* const* ptrs, const uint32_t* sizes, size_t begin, size_t end) {
  const int32_t* off = reinterpret_cast<const int32_t*>(c.offsets.data());
  uint8_t* dst = c.data.data();
  uint64_t starts_mid_char = 0;
  for (size_t k = begin; k < end; ++k) {
    const uint32_t sz = static_cast<uint32_t>(off[k + 1] - off[k]);
    if (sz == 0) continue;
    const uint8_t* row = ptrs[k];
    const uint64_t body = detail::Load<uint64_t>(row + c.slot_offset) >> 32;
    const uint8_t* src = row + body;
    if (sz <= 8 && body + 8 <= sizes[k]) {
      std::memcpy(dst + off[k], src, 8);
    } else if (sz <= 16 && body + 16 <= sizes[k]) {
      std::memcpy(dst + off[k], src, 16);
    } else {
      std::memcpy(dst + off[k], src, sz);
    }
    starts_mid_char |= (src[0] & 0xC0) == 0x80;
  }
  return starts_mid_char != 0;
}

}  // namespace

bool VarColumnBlock(VarColumn& c, const uint8_t* const* ptrs, const uint32_t* sizes, size_t begin, size_t end,
                    size_t n) {
  uint64_t total = 0;
  if (!ReferenceBlock(c, ptrs, sizes, begin, end, &total)) return false;
  ReserveData(c, total, end, n);
  const bool starts_mid_char = CopyBodies(c, ptrs, sizes, begin, end);
  // Valid UTF-8 as a whole with no string starting on a continuation byte: every string
  // boundary is a code point boundary, so each string is valid on its own.
  if (c.utf8 && (starts_mid_char || !IsValidUtf8(std::span<const uint8_t>(c.data.data() + c.total, total - c.total))))
    return false;
  c.total = total;
  return true;
}

int FixedWidthOf(const DataType& t) {
  switch (t.id()) {
    case TypeId::kBool:
      return 0;
    case TypeId::kInt8:
      return 1;
    case TypeId::kInt16:
      return 2;
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kFloat32:
    case TypeId::kIntervalYm:
      return 4;
    case TypeId::kInt64:
    case TypeId::kFloat64:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kDuration:
      return 8;
    case TypeId::kDecimal:  // 16-byte Arrow values
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kStruct:
    case TypeId::kNull:  // no buffers
    case TypeId::kInterval:
    case TypeId::kFixedBinary:
    case TypeId::kUuid:
    case TypeId::kVariant:
      return -1;  // the cell path
  }
  return -1;
}

}  // namespace zerorow::arrow_io::internal
