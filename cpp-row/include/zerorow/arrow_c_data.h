// Rows <-> Arrow C Data Interface, without linking Arrow (SPEC §12).
//
// ExportRows turns a batch of rows into a struct array (one child per top-level field)
// plus its schema, as the ABI-stable C structs of the Arrow C Data Interface. Each column
// is gathered in one pass over the batch (fixed-width columns in a tight loop), not value
// by value. ImportRows goes the other way. The released structs own their memory (the
// `release` callbacks free it), so they can be handed to pyarrow, polars or Arrow C++.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "zerorow/binary_row.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

// The C ABI of the Arrow C Data Interface, declared exactly as the Arrow specification
// gives it (https://arrow.apache.org/docs/format/CDataInterface.html), guarded so that a
// translation unit that also includes Arrow's own declaration sees one definition.
#ifdef __cplusplus
extern "C" {
#endif

#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE

#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
  // Array type description
  const char* format;
  const char* name;
  const char* metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema** children;
  struct ArrowSchema* dictionary;

  // Release callback
  void (*release)(struct ArrowSchema*);
  // Opaque producer-specific data
  void* private_data;
};

struct ArrowArray {
  // Array data description
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void** buffers;
  struct ArrowArray** children;
  struct ArrowArray* dictionary;

  // Release callback
  void (*release)(struct ArrowArray*);
  // Opaque producer-specific data
  void* private_data;
};

#endif  // ARROW_C_DATA_INTERFACE

#ifdef __cplusplus
}
#endif

namespace zerorow::arrow_io {

/// The Arrow type of a struct array with the schema's columns (SPEC §12), as an ArrowSchema
/// (format "+s"). The caller owns `out` and must call out->release.
Status ExportSchema(const Schema& schema, ArrowSchema* out);

/// The zerorow schema of an Arrow struct type (the inverse of ExportSchema; accepts the
/// reader alternatives of SPEC §12: large_utf8/large_binary/large_list, timestamp units).
/// Does not release `schema`.
Result<Schema> ImportSchema(const ArrowSchema* schema);

/// Exports `rows` (each a row of `schema`, e.g. validated) as one struct array with one
/// child per field. The rows are read with bounds-checked access: a malformed row gives an
/// error, never an out-of-bounds read. On success the caller owns `out_array` and
/// `out_schema` (call their release). `out_schema` may be null.
Status ExportRows(const Schema& schema, std::span<const BinaryRow> rows, ArrowArray* out_array,
                  ArrowSchema* out_schema);

/// Same, for rows stored end to end in one buffer: row k is bytes[offsets[k], offsets[k+1]).
/// `offsets` has num_rows + 1 entries.
Status ExportRows(const Schema& schema, std::span<const uint8_t> bytes, std::span<const int64_t> offsets,
                  ArrowArray* out_array, ArrowSchema* out_schema);

/// Rows laid end to end: rows[k] = bytes[offsets[k], offsets[k+1]).
struct RowBatch {
  std::vector<uint8_t> bytes;
  std::vector<int64_t> offsets{0};
  int64_t num_rows() const { return static_cast<int64_t>(offsets.size()) - 1; }
  std::span<const uint8_t> row_bytes(int64_t k) const {
    return {bytes.data() + offsets[k], static_cast<size_t>(offsets[k + 1] - offsets[k])};
  }
};

/// Encodes each entry of a struct array (with `array_schema` describing it, top-level null
/// entries are rejected) as a row of `schema`. The array's column types must map to the
/// schema's (SPEC §12, reader alternatives accepted; else schema_mismatch). Does not
/// release the inputs. Appends to `out`.
Status ImportRows(const ArrowArray* array, const ArrowSchema* array_schema, const Schema& schema, RowBatch* out);

}  // namespace zerorow::arrow_io
