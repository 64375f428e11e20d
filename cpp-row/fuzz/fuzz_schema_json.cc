// Entry point: Schema::FromJson (and the JSON reader under it). A schema that loads must
// write canonical JSON that loads back to the same text.
#include <cstdlib>
#include <string_view>

#include "zerorow/json.h"
#include "zerorow/schema.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)zerorow::ParseJson(text);
  auto s = zerorow::Schema::FromJson(text);
  if (!s.ok()) return 0;
  auto back = zerorow::Schema::FromJson(s->ToJson());
  if (!back.ok() || back->ToJson() != s->ToJson()) std::abort();
  return 0;
}
