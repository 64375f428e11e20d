// The steps of the import (import_rows.cc drives them): Bind (import_bind.cc) pairs every
// Arrow array with the zerorow type it is read as and checks its shape and offsets before
// anything is read; WriteCell (import_cells.cc) writes one value through the row writers.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "zerorow/arrow/c_data.h"
#include "zerorow/row_writer.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

namespace zerorow::arrow_io::internal {

/// An Arrow array bound to the zerorow type it is read as.
struct Col {
  const ArrowArray* a = nullptr;
  const DataType* t = nullptr;
  bool large = false;          // int64 offsets (U, Z, +L)
  int64_t mul = 1, div = 1;    // time unit conversion to µs
  int64_t entries_offset = 0;  // map: offset of the entries struct
  std::vector<Col> children;

  int64_t Phys(int64_t j) const { return a->offset + j; }
  bool Valid(int64_t j) const {
    const auto* bits = static_cast<const uint8_t*>(a->buffers[0]);
    if (a->null_count == 0 || bits == nullptr) return true;
    int64_t p = Phys(j);
    return (bits[p >> 3] >> (p & 7)) & 1;
  }
  /// [begin, end) offsets of value j of a string/binary/list/map array.
  std::pair<int64_t, int64_t> Range(int64_t j) const {
    int64_t p = Phys(j);
    if (large) {
      const auto* o = static_cast<const int64_t*>(a->buffers[1]);
      return {o[p], o[p + 1]};
    }
    const auto* o = static_cast<const int32_t*>(a->buffers[1]);
    return {o[p], o[p + 1]};
  }
};

/// Binds array `a` described by `s` to type `t` (schema_mismatch when the types differ),
/// after checking its buffers, children, child lengths and offsets (invalid_data).
Status Bind(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, Col* out);

/// The slot bits of fixed-width value j of `c` (zero-extended to 64 bits), converted to
/// microseconds for time types and checked against the decimal's precision.
Result<uint64_t> FixedBits(const Col& c, int64_t j);

/// The canonical NaN (SPEC §2.6) for float bits coming from Arrow; other bits unchanged.
uint64_t Canonical(const DataType& t, uint64_t bits);

/// Writes value j of `c` as field/element i of `w` (null when the entry is null).
Status WriteCell(detail::SlotWriter* w, int i, const Col& c, int64_t j);

}  // namespace zerorow::arrow_io::internal
