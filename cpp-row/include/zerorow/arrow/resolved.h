// Rows -> Arrow of resolved rows (SPEC §12, §13.4): the reader's values under the reader's Arrow
// schema. Each resolved row is first laid out by the reader schema (WriteReaderRow), then the
// rows go through the usual ExportRows: one conversion path for plain and resolved rows.
//
//   ZR_ASSIGN_OR_RETURN(zerorow::Resolution res, zerorow::Resolve(writer, reader));
//   zerorow::arrow_io::RowBatch rows;                                 // of the reader schema
//   ZR_RETURN_NOT_OK(zerorow::arrow_io::AppendReaderRows(res, writer_rows, &rows));
//   ZR_RETURN_NOT_OK(zerorow::arrow_io::ExportRows(res.reader(), rows.bytes, rows.offsets, &array, &schema));
#pragma once

#include <span>

#include "zerorow/arrow/c_data.h"
#include "zerorow/arrow/import.h"
#include "zerorow/resolve.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

namespace zerorow::arrow_io {

/// Appends each resolved row, laid out by `reader` (the rows' reader schema), to `out`. An
/// error names the row: "row <k>: ..." with the value's path.
Status AppendReaderRows(std::span<const ResolvedRow> rows, const Schema& reader, RowBatch* out);

/// Appends each row of `writer_rows` (rows of resolution.writer(), wrapped with W1-W2) read
/// through `resolution` and laid out by resolution.reader(), to `out`.
Status AppendReaderRows(const Resolution& resolution, const RowBatch& writer_rows, RowBatch* out);

/// ExportRows of resolved rows: a struct array whose schema is the reader's (SPEC §12).
Status ExportRows(const Resolution& resolution, std::span<const ResolvedRow> rows, ArrowArray* out_array,
                  ArrowSchema* out_schema);

}  // namespace zerorow::arrow_io
