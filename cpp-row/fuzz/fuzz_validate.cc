// Entry point: Validate(level=full). A row that passes must then be readable with the
// unchecked getters and must equal its own re-encoding through Arrow C Data.
#include <cstdlib>
#include <optional>
#include <string>

#include "fuzz_common.h"
#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/validate.h"

// The row after an export and an import; nullopt when the export refuses it as SPEC §12.1
// says it must: an interval whose microseconds do not fit month_day_nano's int64 nanoseconds.
static std::optional<std::vector<uint8_t>> RoundTrip(const zerorow::Schema& s, const std::vector<uint8_t>& row) {
  auto r = zerorow::BinaryRow::Wrap(row, s);
  if (!r.ok()) std::abort();
  ArrowArray array;
  ArrowSchema schema;
  zerorow::BinaryRow rows[] = {*r};
  zerorow::Status out = zerorow::arrow_io::ExportRows(s, rows, &array, &schema);
  if (!out.ok()) {
    if (out.message().find("month_day_nano_interval") != std::string::npos) return std::nullopt;
    std::abort();
  }
  zerorow::arrow_io::RowBatch batch;
  zerorow::Status back = zerorow::arrow_io::ImportRows(&array, &schema, s, &batch);
  array.release(&array);
  schema.release(&schema);
  if (!back.ok()) std::abort();
  return batch.bytes;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = zerorow::fuzz::Split(data, size);
  if (!in) return 0;
  std::vector<uint8_t> row(in->row.begin(), in->row.end());
  zerorow::Status st = zerorow::Validate(in->schema, row, zerorow::ValidationLevel::kFull);
  if (!st.ok()) {
    if (st.ToString().empty()) std::abort();
    return 0;
  }
  auto r = zerorow::BinaryRow::Wrap(row, in->schema);
  if (!r.ok()) std::abort();  // full implies bounds
  // A valid row holds at most as many values as it has bytes (every field and element takes
  // at least one byte of a body that overlaps no other): ExportRows relies on it.
  zerorow::fuzz::Budget budget{row.size() + 1};
  volatile uint64_t h = zerorow::fuzz::ReadAll(*r, 0, budget);
  (void)h;
  if (budget.left == 0) std::abort();
  // A valid row survives an Arrow round trip. The bytes are equal except for a
  // non-canonical NaN, which SPEC §6.3 does not make full validation reject (writers
  // canonicalise it, SPEC §2.6): so require a second round trip to be a fixed point.
  std::optional<std::vector<uint8_t>> once = RoundTrip(in->schema, row);
  if (!once) return 0;
  if (*once != row && RoundTrip(in->schema, *once) != once) std::abort();
  if (!zerorow::Validate(in->schema, *once, zerorow::ValidationLevel::kFull).ok()) std::abort();
  return 0;
}
