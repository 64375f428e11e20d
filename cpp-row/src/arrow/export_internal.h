// The two paths of the export (export_rows.cc drives them):
// - the cell path (export_cells.cc): any column, value by value through "cells" (pointer to
//   the slot/element plus the enclosing region for the B2/B3 checks); nested columns recurse
//   on their children's cells. It reports every error with its path.
// - the block path (export_blocks.cc): top-level fixed-width and string/binary columns,
//   read straight from the rows 256 rows at a time. A string column that fails a check
//   there is redone by the cell path, which names the error.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "c_data_internal.h"
#include "zerorow/binary_row.h"
#include "zerorow/status.h"

namespace zerorow::arrow_io::internal {

// ---- cell path ------------------------------------------------------------------------------

/// The values of one column: slot[k] points at the slot/element of value k (nullptr when
/// null); region[k]/region_size[k] is its enclosing row or array, for the B2/B3 checks.
struct Cells {
  std::vector<const uint8_t*> slot, region;
  std::vector<uint32_t> region_size;
  // The bytes of all the input rows. A column of canonical rows cannot hold more elements,
  // entries or string bytes than that (bodies do not overlap, SPEC §6.3 rule e; every element
  // takes at least one byte): more means shared bodies, whose walk can grow exponentially.
  uint64_t budget = 0;
  size_t size() const { return slot.size(); }
  void Reserve(size_t n) {
    slot.reserve(n);
    region.reserve(n);
    region_size.reserve(n);
  }
  void Add(const uint8_t* s, const uint8_t* r, uint32_t rs) {
    slot.push_back(s);
    region.push_back(r);
    region_size.push_back(rs);
  }
  /// B2: the body referenced by cell k.
  Result<std::span<const uint8_t>> Body(size_t k) const;
};

/// Fills `out` with the column of type `t` whose values `cells` point at.
Status ExportColumn(const DataType& t, const Cells& cells, ArrowArray* out);

// ---- block path -----------------------------------------------------------------------------

/// Rows per block: a block of rows stays in cache while every column takes its values.
inline constexpr size_t kBlockRows = 256;

/// A top-level fixed-width column gathered block by block.
struct FixedColumn {
  int field;
  int width;  // 1, 2, 4, 8 bytes; 0 = bool (bit-packed)
  size_t offset;
  Buffer values, validity;
  int64_t nulls = 0;
};

/// The slot width the block path gathers for a type (0 = bool), or -1 for the cell path.
int FixedWidthOf(const DataType& t);

/// Rows [begin, end) of column `c`. `block_nulls` is the OR of the rows' bitmap word holding
/// this column's bit: when the bit is clear, the validity bits are set wholesale.
void GatherColumnBlock(FixedColumn& c, const uint8_t* const* ptrs, size_t begin, size_t end, uint64_t block_nulls);

/// A top-level string/binary column read block by block.
struct VarColumn {
  int field;
  size_t slot_offset;
  bool utf8;
  Buffer offsets, validity, data;  // data holds `total` bytes and at least 16 bytes of slack
  uint64_t total = 0;
  int64_t nulls = 0;
  bool failed = false;
};

/// Rows [begin, end) of `c` (of `n` rows). False when a check fails (a reference past its
/// row, over 2 GiB, UTF-8 that needs the per-string check): the cell path then redoes it.
bool VarColumnBlock(VarColumn& c, const uint8_t* const* ptrs, const uint32_t* sizes, size_t begin, size_t end,
                    size_t n);

}  // namespace zerorow::arrow_io::internal
