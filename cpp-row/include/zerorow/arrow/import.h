// Arrow C Data Interface -> rows, without linking Arrow (SPEC §12, with its reader
// alternatives); export.h goes the other way. Import trusts nothing in the arrays: buffer
// counts, child lengths and offsets are checked before anything is read.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "zerorow/arrow/c_data.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

namespace zerorow::arrow_io {

/// Rows laid end to end: rows[k] = bytes[offsets[k], offsets[k+1]).
struct RowBatch {
  std::vector<uint8_t> bytes;
  std::vector<int64_t> offsets{0};
  int64_t num_rows() const { return static_cast<int64_t>(offsets.size()) - 1; }
  std::span<const uint8_t> row_bytes(int64_t k) const {
    return {bytes.data() + offsets[k], static_cast<size_t>(offsets[k + 1] - offsets[k])};
  }
};

/// The zerorow schema of an Arrow struct type (the inverse of ExportSchema; accepts the
/// reader alternatives of SPEC §12: large_utf8/large_binary/large_list, timestamp units).
/// A dictionary-encoded column is unsupported. Does not release `schema`.
Result<Schema> ImportSchema(const ArrowSchema* schema);

/// Encodes each entry of a struct array (with `array_schema` describing it, top-level null
/// entries are rejected) as a row of `schema`. The array's column types must map to the
/// schema's (SPEC §12, reader alternatives accepted; else schema_mismatch). Does not
/// release the inputs. Appends to `out`.
Status ImportRows(const ArrowArray* array, const ArrowSchema* array_schema, const Schema& schema, RowBatch* out);

}  // namespace zerorow::arrow_io
