// Rows -> Arrow of resolved rows: re-laid by the reader schema, then ExportRows (SPEC §13.4).
#include <string>

#include "zerorow/arrow/export.h"
#include "zerorow/arrow/resolved.h"
#include "zerorow/row_writer.h"

namespace zerorow::arrow_io {

namespace {

// The error named by its row ("row <k>: invalid_data at ..."), the path and numbers kept.
Status AtRow(Status st, int64_t k) { return std::move(st).WithContext("row " + std::to_string(k)); }

// Appends the reader's layout of `row` to `out` with `writer` (a RowWriter of the reader
// schema appending to out->bytes).
Status AppendOne(const ResolvedRow& row, int64_t k, RowWriter* writer, RowBatch* out) {
  writer->Reset();
  Status st = WriteReaderRow(row, writer);
  if (st.ok()) st = writer->Finish();
  if (!st.ok()) return AtRow(st, k);
  out->offsets.push_back(static_cast<int64_t>(out->bytes.size()));
  return Status::OK();
}

// A RowWriter appending to a vector starts a row when it is made and after each Reset(): the
// bytes past the last finished row (an unfinished one, or that start) are dropped.
Status Trimmed(Status st, RowBatch* out) {
  out->bytes.resize(static_cast<size_t>(out->offsets.back()));
  return st;
}

}  // namespace

Status AppendReaderRows(std::span<const ResolvedRow> rows, const Schema& reader, RowBatch* out) {
  RowWriter writer(reader, &out->bytes);
  for (size_t k = 0; k < rows.size(); ++k) {
    Status st = AppendOne(rows[k], static_cast<int64_t>(k), &writer, out);
    if (!st.ok()) return Trimmed(st, out);
  }
  return Trimmed(Status::OK(), out);
}

Status AppendReaderRows(const Resolution& resolution, const RowBatch& writer_rows, RowBatch* out) {
  RowWriter writer(resolution.reader(), &out->bytes);
  for (int64_t k = 0; k < writer_rows.num_rows(); ++k) {
    auto row = resolution.View(writer_rows.row_bytes(k), ValidationLevel::kNone);  // read with bounds checks
    Status st = row.ok() ? AppendOne(*row, k, &writer, out) : AtRow(row.status(), k);
    if (!st.ok()) return Trimmed(st, out);
  }
  return Trimmed(Status::OK(), out);
}

Status ExportRows(const Resolution& resolution, std::span<const ResolvedRow> rows, ArrowArray* out_array,
                  ArrowSchema* out_schema) {
  RowBatch batch;
  ZR_RETURN_NOT_OK(AppendReaderRows(rows, resolution.reader(), &batch));
  return ExportRows(resolution.reader(), batch.bytes, batch.offsets, out_array, out_schema);
}

}  // namespace zerorow::arrow_io
