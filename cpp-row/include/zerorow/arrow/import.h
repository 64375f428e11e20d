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

/// Field metadata a Parquet reader puts on a column whose Parquet logical type Arrow does not
/// keep: "INTERVAL" on a fixed_size_binary[12] (Arrow C++ reads Parquet's INTERVAL as those
/// bytes) makes it an interval by SPEC §12.3 (u32 months and days, checked < 2^31; u32 ms × 1000).
inline constexpr const char* kParquetLogicalTypeKey = "zerorow.parquet.logical_type";

/// How ImportRows reads values (SPEC §12.2).
struct ImportOptions {
  /// The global row number of the batch's first entry (rows of the batches before it), so that
  /// an error about a value names its row in the whole file or stream (SPEC §5).
  int64_t first_row = 0;
  /// SPEC Appendix A rule 6: values finer than a microsecond (nanosecond timestamps, durations,
  /// times, month_day_nano intervals) are refused as invalid_data instead of floored.
  bool strict = false;
};

/// The zerorow schema of an Arrow struct type: every column mapped by SPEC §12.2 (the one
/// mapping every import uses), names and nullability kept. A type with no zerorow type is
/// unsupported, naming the column path and the type as Arrow prints it. Does not release
/// `schema`.
Result<Schema> ImportSchema(const ArrowSchema* schema);
/// The zerorow type of one Arrow type (SPEC §12.2).
Result<DataTypePtr> ImportType(const ArrowSchema* type);

/// Encodes each entry of a struct array (with `array_schema` describing it; top-level null
/// entries are rejected) as a row of `schema`. Each field of `schema` takes the Arrow column of
/// its name (other columns are left out), at every struct level; the column's SPEC §12.2 type
/// must be the field's type or widen to it (SPEC §13.3), else schema_mismatch naming the path
/// and both types. Dictionaries, run ends, views, large and fixed-size layouts are read as
/// their values; every buffer, offset, index and child length is checked before it is read
/// (invalid_data naming the column and the row). Does not release the inputs. Appends to `out`.
Status ImportRows(const ArrowArray* array, const ArrowSchema* array_schema, const Schema& schema, RowBatch* out,
                  const ImportOptions& options = {});

/// The type an ArrowSchema describes as Arrow prints it: "date64[ms]", "fixed_size_binary[16]",
/// "list<item: string>", "dictionary<values=string, indices=int32, ordered=0>".
std::string ArrowTypeName(const ArrowSchema* schema);

}  // namespace zerorow::arrow_io
