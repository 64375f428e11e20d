// What views (binary_row.cc) and writers (row_writer.cc) say about an ordinal: its path
// component (SPEC §4.3) and the error for one outside [0, n). Internal to cpp-row.
#pragma once

#include <string>

#include "zerorow/schema.h"
#include "zerorow/status.h"

namespace zerorow::detail {

/// path_style: 0 = struct fields (by name), 2 = map keys, 3 = map values, else list elements.
inline std::string OrdinalPath(const DataType* struct_type, int path_style, int i) {
  switch (path_style) {
    case 0:
      if (struct_type != nullptr && i >= 0 && i < struct_type->num_fields()) {
        return struct_type->fields()[i].name;
      }
      break;
    case 2: return "{keys}[" + std::to_string(i) + "]";
    case 3: return "{values}[" + std::to_string(i) + "]";
  }
  return "[" + std::to_string(i) + "]";
}

inline Status OrdinalError(int n, int i) {
  return Status::Error(ErrorKind::kOutOfRange,
                       "ordinal " + std::to_string(i) + " out of range [0, " + std::to_string(n) + ")",
                       {}, n, i);
}

}  // namespace zerorow::detail
