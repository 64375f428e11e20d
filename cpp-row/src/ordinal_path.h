// What views (binary_row.cc), writers (row_writer.cc), the validator and the Arrow code say
// about an ordinal: its path component (SPEC §4.3) and the error for one outside [0, n).
// Internal to cpp-row.
#pragma once

#include <string>

#include "zerorow/binary_row.h"
#include "zerorow/schema.h"
#include "zerorow/status.h"

namespace zerorow::detail {

/// "[i]", the path component of element i. Built by appending: gcc 12 at -O2 and above
/// reports a false -Wrestrict on `"[" + std::to_string(i)` (a one-byte literal + a string).
inline std::string IndexPath(int64_t i) {
  std::string out(1, '[');
  out += std::to_string(i);
  out += ']';
  return out;
}

/// The path component of ordinal i; a struct field out of range is shown as "[i]".
inline std::string OrdinalPath(const DataType* struct_type, PathStyle style, int i) {
  switch (style) {
    case PathStyle::kField:
      if (struct_type != nullptr && i >= 0 && i < struct_type->num_fields()) {
        return struct_type->fields()[i].name;
      }
      break;
    case PathStyle::kMapKey:
      return "{keys}[" + std::to_string(i) + "]";
    case PathStyle::kMapValue:
      return "{values}[" + std::to_string(i) + "]";
    case PathStyle::kElement:
      break;
  }
  return IndexPath(i);
}

inline Status OrdinalError(int n, int i) {
  return Status::Error(ErrorKind::kOutOfRange,
                       "ordinal " + std::to_string(i) + " out of range [0, " + std::to_string(n) + ")", {}, n, i);
}

}  // namespace zerorow::detail
