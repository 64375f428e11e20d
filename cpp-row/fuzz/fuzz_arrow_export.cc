// Entry point: arrow_io::ExportRows on unvalidated rows (it reads with bounds checks), and the
// write-time checks ArrowWriter and Resolution::View make at level bounds: ValidateReads and
// ValidateFixedRegion never read outside the row, and a row ValidateReads accepts exports (so
// ArrowWriter::Finish never fails for a row Write accepted).
#include <cstdio>
#include <cstdlib>

#include "fuzz_common.h"
#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/validate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = zerorow::fuzz::Split(data, size);
  if (!in) return 0;
  std::vector<uint8_t> row(in->row.begin(), in->row.end());
  const zerorow::DataType& st = *in->schema.struct_type();
  (void)zerorow::ValidateFixedRegion(st, row);
  zerorow::Status reads = zerorow::ValidateReads(st, row);
  std::vector<int64_t> offsets{0, static_cast<int64_t>(row.size())};
  ArrowArray array;
  ArrowSchema schema;
  zerorow::Status exported = zerorow::arrow_io::ExportRows(in->schema, row, offsets, &array, &schema);
  if (exported.ok()) {
    array.release(&array);
    schema.release(&schema);
  } else if (reads.ok()) {
    std::fprintf(stderr, "ValidateReads accepted a row ExportRows refuses: %s\n", exported.ToString().c_str());
    std::abort();
  }
  return 0;
}
