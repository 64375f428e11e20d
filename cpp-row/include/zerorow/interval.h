// The value of an `interval` (SPEC §3.7): months, days and microseconds, each signed and
// independent (a month is not 30 days, a day is not 86,400 s across a DST change).
#pragma once

#include <cstdint>

namespace zerorow {

/// A calendar interval (Spark's CalendarInterval, Arrow's month_day_nano in µs).
struct Interval {
  int32_t months = 0;
  int32_t days = 0;
  int64_t microseconds = 0;
  bool operator==(const Interval&) const = default;
};

}  // namespace zerorow
