// Entry points: Schema::FromJson (and the JSON reader under it), and PatchParquetFooter over the
// same bytes. A schema that loads must write canonical JSON that loads back to the same text.
#include <cstdlib>
#include <string_view>

#include "zerorow/arrow/parquet_footer.h"
#include "zerorow/json.h"
#include "zerorow/schema.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // The Parquet footer patcher reads untrusted Thrift bytes too: any input, never a crash; a
  // patched footer patches again.
  auto patched = zerorow::arrow_io::PatchParquetFooter({data, size});
  if (patched.ok() && !patched->marks.empty()) {
    auto again = zerorow::arrow_io::PatchParquetFooter(
        {reinterpret_cast<const uint8_t*>(patched->footer.data()), patched->footer.size()});
    if (!again.ok()) std::abort();
  }
  (void)zerorow::ParseJson(text);
  auto s = zerorow::Schema::FromJson(text);
  if (!s.ok()) return 0;
  auto back = zerorow::Schema::FromJson(s->ToJson());
  if (!back.ok() || back->ToJson() != s->ToJson()) std::abort();
  return 0;
}
