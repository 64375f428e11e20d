// Must not compile: the ways to keep a view past what it borrows (a temporary encoder, a
// temporary Resolution, the bytes of a temporary container, a temporary row file batch). The ctest tests
// LifetimeCompileFail.* (cmake/CompileFail.cmake) compile this file once per ZR_CASE_* and
// check the compiler's refusal; ZR_CASE_SAFE is the control: the safe form of every case
// compiles, with -Wpedantic -Werror (zerorow's headers included with -I stay quiet).
#include <cstdint>
#include <vector>

#include "zerorow/arrow/row_file.h"
#include "zerorow/encoder.h"
#include "zerorow/resolve.h"
#include "zerorow/validate.h"

namespace shop {
struct Price {
  int64_t id = 0;
  zerorow::Decimal<12, 2> amount;
};
ZEROROW_STRUCT(Price, id, amount)

std::vector<uint8_t> Fetch(int key);  // e.g. a row from a key-value store, by value
}  // namespace shop

int64_t Use(const zerorow::Schema& schema, const zerorow::Schema& reader, const shop::Price& p) {
#if defined(ZR_CASE_TEMP_ENCODER_ARROW)
  zerorow::BinaryRow row = *zerorow::Encoder<shop::Price>::Make()->ToRow(p);  // the encoder dies here
  return *row.GetInt64(0);
#elif defined(ZR_CASE_TEMP_ENCODER_STAR)
  zerorow::BinaryRow row = *(*zerorow::Encoder<shop::Price>::Make()).ToRow(p);
  return *row.GetInt64(0);
#elif defined(ZR_CASE_WRAP_TEMP_BYTES)
  zerorow::BinaryRow row = *zerorow::BinaryRow::Wrap(shop::Fetch(1), schema);  // the vector dies here
  return *row.GetInt64(0);
#elif defined(ZR_CASE_VALIDATE_AND_WRAP_TEMP_BYTES)
  zerorow::BinaryRow row = *zerorow::ValidateAndWrap(schema, shop::Fetch(1), zerorow::ValidationLevel::kFull);
  return *row.GetInt64(0);
#elif defined(ZR_CASE_VIEW_TEMP_BYTES)
  zerorow::Resolution res = *zerorow::Resolve(schema, reader);
  zerorow::ResolvedRow row = *res.View(shop::Fetch(1));
  return *row.GetInt64(0);
#elif defined(ZR_CASE_TEMP_RESOLUTION)
  std::vector<uint8_t> bytes = shop::Fetch(1);
  zerorow::ResolvedRow row = *zerorow::Resolve(schema, reader)->View(bytes);  // the tables die here
  return *row.GetInt64(0);
#elif defined(ZR_CASE_ARRAY_WRAP_TEMP_BYTES)
  zerorow::BinaryArray a = *zerorow::BinaryArray::Wrap(shop::Fetch(1), schema.fields()[0].type.get());
  return a.size();
#elif defined(ZR_CASE_TEMP_ROW_FILE_BATCH)
  auto file = zerorow::arrow_io::RowFileReader::Open("rows.zrow");
  zerorow::BinaryRow row = *file->batch(0)->row(0);  // the batch, which holds the rows' buffer, dies here
  return *row.GetInt64(0);
#elif defined(ZR_CASE_SAFE)
  auto enc = *zerorow::Encoder<shop::Price>::Make();  // keep the encoder: rows borrow its buffer
  zerorow::BinaryRow row = *enc.ToRow(p);
  shop::Price back = *(*zerorow::Encoder<shop::Price>::Make()).FromRow(row);  // FromRow returns a value
  std::vector<uint8_t> bytes = shop::Fetch(1);                                // keep the bytes: views borrow them
  zerorow::BinaryRow wrapped = *zerorow::BinaryRow::Wrap(bytes, schema);
  zerorow::BinaryRow checked = *zerorow::ValidateAndWrap(schema, bytes);
  zerorow::Resolution res = *zerorow::Resolve(schema, reader);  // keep the resolution
  zerorow::ResolvedRow resolved = *res.View(bytes);
  zerorow::ResolvedRow again = *res.View(row.bytes());  // a span is a borrowed range
  auto file = zerorow::arrow_io::RowFileReader::Open("rows.zrow");
  zerorow::arrow_io::RowFileBatch batch = *file->batch(0);  // keep the batch: its rows' buffer lives in it
  zerorow::BinaryRow from_file = *batch.row(0);
  return back.id + *row.GetInt64(0) + *wrapped.GetInt64(0) + *checked.GetInt64(0) + *resolved.GetInt64(0) +
         *again.GetInt64(0) + *from_file.GetInt64(0) +
         static_cast<int64_t>(zerorow::Schema::FromJson("{}")->fields().size());
#else
#error "define one ZR_CASE_*"
#endif
}
