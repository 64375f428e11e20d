// Decimal(p, s) values (SPEC §3.5): an unscaled 128-bit integer; the scale lives in the type.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "zerorow/status.h"

namespace zerorow {

/// A signed 128-bit integer (GCC's and Clang's __int128; `__extension__` keeps -Wpedantic quiet
/// in code that includes this header with -I).
__extension__ typedef __int128 Int128;

/// Unscaled decimal value v, meaning v × 10^-scale. |v| < 10^38 for valid values.
struct Decimal128 {
  Int128 unscaled = 0;
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

/// A decimal(P, S) value (SPEC §3.5) whose precision and scale are part of its C++ type, so
/// that a struct member can say what it holds: `zerorow::Decimal<12, 2> price;` encodes as
/// decimal(12, 2) (encoder.h). `unscaled` is the value times 10^S.
template <int P, int S>
struct Decimal {
  static_assert(1 <= P && P <= 38 && 0 <= S && S <= P,
                "zerorow::Decimal<P, S>: 1 <= P <= 38 and 0 <= S <= P (SPEC §3.5)");
  static constexpr int kPrecision = P;
  static constexpr int kScale = S;
  Int128 unscaled = 0;

  /// "12.34" rescaled exactly to scale S; invalid_data if that needs rounding or the value
  /// needs more than P digits.
  static Result<Decimal> FromString(std::string_view text) {
    Result<Decimal128> d = DecimalFromString(text, P, S);
    if (!d.ok()) return d.status();
    return Decimal{d->unscaled};
  }
  /// "12.34" for unscaled 1234 at scale 2.
  std::string ToString() const { return DecimalToString(Decimal128{unscaled}, S); }
  bool operator==(const Decimal&) const = default;
  bool operator<(const Decimal& o) const { return unscaled < o.unscaled; }
};

}  // namespace zerorow
