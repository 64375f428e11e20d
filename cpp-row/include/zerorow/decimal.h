// Decimal(p, s) values (SPEC §3.5): an unscaled 128-bit integer; the scale lives in the type.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "zerorow/status.h"

namespace zerorow {

/// Unscaled decimal value v, meaning v × 10^-scale. |v| < 10^38 for valid values.
struct Decimal128 {
  __int128 unscaled = 0;
  bool operator==(const Decimal128&) const = default;
};

/// "-12.3400" for unscaled -123400 at scale 4; "7" at scale 0 (SPEC §10 values.json form).
std::string DecimalToString(Decimal128 value, int scale);
/// Parses "-12.34", "1.5", "7", "1e3"-free plain decimal text and rescales it exactly to
/// `scale`; invalid_data if it needs rounding or |v| >= 10^precision.
Result<Decimal128> DecimalFromString(std::string_view text, int precision, int scale);
/// True when |v| < 10^precision.
bool DecimalFitsPrecision(Decimal128 value, int precision);
/// Minimal big-endian two's-complement bytes of v (1..16 bytes; 0 is one byte 00) — the
/// body of a decimal with precision > 18 (SPEC §3.5). Returns the length written to out.
int DecimalToBigEndian(Decimal128 value, uint8_t out[16]);
/// Inverse of DecimalToBigEndian for 1..16 bytes (sign-extended).
Decimal128 DecimalFromBigEndian(const uint8_t* bytes, int length);

}  // namespace zerorow
