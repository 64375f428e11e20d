// The steps of the import (import_rows.cc drives them). One mapping function, MapType
// (import_schema.cc), gives the zerorow type of every Arrow type (SPEC §12.2); Bind
// (import_bind.cc) pairs every Arrow array with the zerorow type it is written as, checks
// that the mapped type can be read as it (equal, or a widening of SPEC §13.3), and checks the
// array's buffers, children, lengths, offsets, views, dictionary indices and run ends before
// anything is read; WriteCell (import_cells.cc) writes one value through the row writers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "zerorow/arrow/c_data.h"
#include "zerorow/arrow/import.h"
#include "zerorow/row_writer.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

namespace zerorow::arrow_io::internal {

/// How the values of an Arrow array are stored (its physical layout, SPEC §12.2's rows).
enum class Source : uint8_t {
  kNull,             // "n": no buffers
  kBool,             // "b": bits
  kSigned,           // "c" "s" "i" "l": width 1, 2, 4, 8
  kUnsigned,         // "C" "S" "I" "L"
  kFloat16,          // "e"
  kFloat32,          // "f"
  kFloat64,          // "g"
  kDecimal,          // "d:p,s[,bits]": width 4, 8, 16, 32
  kDate32,           // "tdD"
  kDate64,           // "tdm": ms, checked to be whole days
  kTime,             // "tts" "ttm" (int32), "ttu" "ttn" (int64)
  kTimestamp,        // "ts?:tz"
  kDuration,         // "tD?"
  kMonths,           // "tiM": int32
  kDayTime,          // "tiD": int32 days, int32 ms
  kMonthDayNano,     // "tin": int32 months, int32 days, int64 ns
  kBinary,           // "z" "u" (offsets of width 4), "Z" "U" (width 8)
  kBinaryView,       // "vz" "vu": 16-byte views over variadic data buffers
  kFixedSizeBinary,  // "w:n"
  kList,             // "+l" (width 4), "+L" (width 8)
  kListView,         // "+vl" "+vL": offsets and sizes
  kFixedSizeList,    // "+w:n"
  kMap,              // "+m"
  kStruct,           // "+s"
  kVariant,          // extension parquet.variant over struct<metadata, value>
  kDictionary,       // an index array with a dictionary
  kRunEnd,           // "+r": run_ends and values children
};

/// What the format and metadata of an ArrowSchema say (one parse, shared by MapType and Bind).
struct Format {
  Source source = Source::kNull;
  int width = 0;                // bytes per value (ints, decimals, times) or per offset (binary, lists)
  bool utf8 = false;            // binary sources: a string type
  bool unsigned_index = false;  // dictionary: unsigned indices
  int64_t unit_mul = 1;         // temporal: µs = v * unit_mul / unit_div (rule 6 when unit_div > 1)
  int64_t unit_div = 1;
  std::string tz;  // timestamp
  int precision = 0, scale = 0;
  int32_t fixed = 0;              // fixed_size_binary / fixed_size_list size
  bool uuid = false;              // extension arrow.uuid over fixed_size_binary(16)
  bool parquet_interval = false;  // fixed_size_binary(12) with kParquetLogicalTypeKey INTERVAL
};

/// Parses `s`'s format (and its extension name); unsupported naming the Arrow type otherwise.
Result<Format> ParseFormat(const ArrowSchema* s, const std::string& path);

/// THE mapping of SPEC §12.2: the zerorow type an Arrow type reads as (names and nullability
/// of nested fields kept), or unsupported naming the path and the type as Arrow prints it.
Result<DataTypePtr> MapType(const ArrowSchema* s, const std::string& path);

/// An Arrow array bound to the zerorow type it is written as.
struct Col {
  const ArrowArray* a = nullptr;
  const DataType* t = nullptr;  // the target type
  Format f;
  bool strict = false;     // SPEC Appendix A rule 6: refuse sub-µs values instead of flooring
  std::string arrow_name;  // the Arrow type as Arrow prints it, for messages
  // list, list view, fixed size list: {element}; map: {key, value}; struct: one per target
  // field; variant: {metadata, value}; dictionary: {values}; run end: {run_ends, values}.
  std::vector<Col> children;
  int64_t entries_offset = 0;  // map: the entries struct's offset
  int64_t data_buffers = 0;    // views: the number of variadic data buffers
  const int64_t* data_sizes = nullptr;

  int64_t Phys(int64_t j) const { return a->offset + j; }
  /// The validity bit of entry j of this array itself (dictionary and run-end arrays look
  /// through to their values in WriteCell).
  bool Valid(int64_t j) const {
    if (f.source == Source::kNull) return false;
    const auto* bits = a->n_buffers > 0 ? static_cast<const uint8_t*>(a->buffers[0]) : nullptr;
    if (a->null_count == 0 || bits == nullptr || f.source == Source::kRunEnd) return true;
    int64_t p = Phys(j);
    return (bits[p >> 3] >> (p & 7)) & 1;
  }
  /// [begin, end) of value j of a binary or list array (offsets of width 4 or 8).
  std::pair<int64_t, int64_t> Range(int64_t j) const {
    int64_t p = Phys(j);
    if (f.width == 8) {
      const auto* o = static_cast<const int64_t*>(a->buffers[1]);
      return {o[p], o[p + 1]};
    }
    const auto* o = static_cast<const int32_t*>(a->buffers[1]);
    return {o[p], o[p + 1]};
  }
};

/// Binds array `a` described by `s` to target type `t`: schema_mismatch when the mapped type
/// cannot be read as `t`, invalid_data when the array's shape, offsets or indices are broken.
Status Bind(const ArrowArray* a, const ArrowSchema* s, const DataType& t, const std::string& path, bool strict,
            Col* out);
/// The same for the top-level struct: target fields matched to Arrow children by name.
Status BindTop(const ArrowArray* a, const ArrowSchema* s, const DataType& st, bool strict, Col* out);

/// Entry j of `c` after dictionaries and run ends: the array that holds its value and the
/// index there (invalid_data for an index outside the dictionary).
Result<std::pair<const Col*, int64_t>> Resolve(const Col& c, int64_t j);

/// Writes value j of `c` as field/element i of `w` (null when the entry is null).
Status WriteCell(detail::SlotWriter* w, int i, const Col& c, int64_t j);

/// The slot bits of value j of a fixed-width column read as its own mapped type (no
/// dictionary, run ends or widening): bool bits, integers, floats (NaN canonical), dates,
/// times in µs (rule 6), decimal p <= 18, months. For the top-level scatter's loop.
Result<uint64_t> FixedBits(const Col& c, int64_t j);

/// µs of a temporal value `v` in the column's unit: exact for s / ms / µs (invalid_data when
/// past int64), floored or refused (strict) for ns (SPEC Appendix A rule 6).
Result<int64_t> ToMicros(const Col& c, int64_t v);

}  // namespace zerorow::arrow_io::internal
