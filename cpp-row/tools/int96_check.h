// SPEC §12.3: an INT96 timestamp (legacy Impala/Spark) is read at microseconds, and the
// microsecond value is checked, never wrapped. Arrow C++'s Parquet reader converts INT96 to
// the unit it is asked for without a range check, so a Julian day past int64 microseconds
// comes out wrapped. An INT96's Julian day is an int32, so its value always fits int64
// milliseconds: reading the column a second time at milliseconds and requiring
// floor(µs / 1000) == ms for every non-null value detects every wrapped value exactly.
#pragma once

#include <arrow/array.h>

#include <memory>
#include <string>

#include "zerorow/status.h"

namespace zerorow::tools {

// `us` and `ms`: the same Parquet column read at microseconds and at milliseconds (the same
// shape; timestamps at any depth, lists and maps flattened). invalid_data at the column path
// when a value does not fit, naming the row (or, below a list or map, the position in the
// flattened values) and both numbers.
Status CheckInt96(const std::shared_ptr<arrow::Array>& us, const std::shared_ptr<arrow::Array>& ms,
                  const std::string& column);

}  // namespace zerorow::tools
