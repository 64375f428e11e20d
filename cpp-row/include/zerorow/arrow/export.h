// Rows -> Arrow C Data Interface, without linking Arrow (SPEC §12); import.h goes the
// other way.
//
// ExportRows turns a batch of rows into a struct array (one child per top-level field)
// plus its schema. Each column is gathered in one pass over the batch (top-level
// fixed-width and string columns block by block in tight loops), not value by value.
#pragma once

#include <cstdint>
#include <span>

#include "zerorow/arrow/c_data.h"
#include "zerorow/binary_row.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

namespace zerorow::arrow_io {

/// The Arrow type of a struct array with the schema's columns (SPEC §12), as an ArrowSchema
/// (format "+s"). The caller owns `out` and must call out->release.
Status ExportSchema(const Schema& schema, ArrowSchema* out);

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

}  // namespace zerorow::arrow_io
