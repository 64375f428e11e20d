#include "zerorow/decimal.h"

#include <algorithm>

namespace zerorow {

namespace {
using i128 = __int128;
using u128 = unsigned __int128;

u128 Pow10(int n) {
  u128 p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}
u128 Abs(i128 v) { return v < 0 ? u128(0) - u128(v) : u128(v); }
}  // namespace

bool DecimalFitsPrecision(Decimal128 value, int precision) { return Abs(value.unscaled) < Pow10(precision); }

std::string DecimalToString(Decimal128 value, int scale) {
  u128 mag = Abs(value.unscaled);
  std::string digits;
  do {
    digits.push_back(static_cast<char>('0' + static_cast<int>(mag % 10)));
    mag /= 10;
  } while (mag != 0);
  while (static_cast<int>(digits.size()) <= scale) digits.push_back('0');
  std::reverse(digits.begin(), digits.end());
  std::string out = value.unscaled < 0 ? "-" : "";
  if (scale == 0) return out + digits;
  out += digits.substr(0, digits.size() - scale);
  out += '.';
  out += digits.substr(digits.size() - scale);
  return out;
}

Result<Decimal128> DecimalFromString(std::string_view text, int precision, int scale) {
  auto bad = [&](const std::string& why) {
    return Status::Unlocated(ErrorKind::kInvalidData, "cannot write decimal '" + std::string(text) + "' as decimal(" +
                                                          std::to_string(precision) + "," + std::to_string(scale) +
                                                          "): " + why);
  };
  size_t i = 0;
  bool neg = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) neg = text[i++] == '-';
  u128 mag = 0;
  int frac_digits = 0, digits = 0;
  bool seen_point = false;
  const u128 limit = Pow10(38);
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') return bad("not a plain decimal number");
    ++digits;
    int d = c - '0';
    if (seen_point) {
      if (frac_digits >= scale) {
        if (d != 0) return bad("needs rounding");
        continue;  // trailing zeros beyond the scale are exact
      }
      ++frac_digits;
    }
    mag = mag * 10 + d;
    if (mag >= limit * 10) return bad("exceeds the precision");
  }
  if (digits == 0) return bad("no digits");
  mag *= Pow10(scale - frac_digits);
  if (mag >= Pow10(precision)) return bad("exceeds the precision");
  i128 v = static_cast<i128>(mag);
  return Decimal128{neg ? -v : v};
}

int DecimalToBigEndian(Decimal128 value, uint8_t out[16]) {
  uint8_t le[16];
  u128 u = static_cast<u128>(value.unscaled);
  for (int k = 0; k < 16; ++k) le[k] = static_cast<uint8_t>(u >> (8 * k));
  // Drop leading bytes that are pure sign extension (BigInteger.toByteArray()).
  int len = 16;
  while (len > 1) {
    uint8_t top = le[len - 1], next = le[len - 2];
    if ((top == 0x00 && !(next & 0x80)) || (top == 0xff && (next & 0x80)))
      --len;
    else
      break;
  }
  for (int k = 0; k < len; ++k) out[k] = le[len - 1 - k];
  return len;
}

Decimal128 DecimalFromBigEndian(const uint8_t* bytes, int length) {
  if (length <= 0) return Decimal128{0};
  u128 u = (bytes[0] & 0x80) ? ~u128(0) : u128(0);
  for (int k = 0; k < length; ++k) u = (u << 8) | bytes[k];
  return Decimal128{static_cast<i128>(u)};
}

}  // namespace zerorow
