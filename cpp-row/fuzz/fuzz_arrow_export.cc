// Entry point: arrow_io::ExportRows on unvalidated rows (it reads with bounds checks).
#include "fuzz_common.h"
#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = zerorow::fuzz::Split(data, size);
  if (!in) return 0;
  std::vector<uint8_t> row(in->row.begin(), in->row.end());
  std::vector<int64_t> offsets{0, static_cast<int64_t>(row.size())};
  ArrowArray array;
  ArrowSchema schema;
  if (zerorow::arrow_io::ExportRows(in->schema, row, offsets, &array, &schema).ok()) {
    array.release(&array);
    schema.release(&schema);
  }
  return 0;
}
