package io.zerorow.internal;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The shortest decimal text that reads back to a float (SPEC §3.9's JSON text of a variant, and
 * float defaults in canonical JSON, §4.1): the fewest significant digits, of those the closest to
 * the value, in the notation of ECMAScript's {@code Number::toString} ({@code 0.1}, {@code 100},
 * {@code 1e+21}, {@code 1.5e-7}), so that every language writes the same text. Negative zero is
 * {@code -0.0}. NaN and the infinities are not numbers in JSON; callers write them as strings. Not
 * API.
 */
public final class Floats {
  private Floats() {}

  /** The shortest text of a float64 (finite). */
  public static String shortest(double v) {
    return format(shortestDigits(v, 17, false), v);
  }

  /** The shortest text that reads back to this float32 value (finite). */
  public static String shortest(float v) {
    return format(shortestDigits(v, 9, true), v);
  }

  private static BigDecimal shortestDigits(double v, int max, boolean f32) {
    if (v == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal exact = new BigDecimal(v);
    for (int p = 1; p < max; p++) {
      BigDecimal r = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
      if (f32 ? r.floatValue() == (float) v : r.doubleValue() == v) {
        return r;
      }
    }
    return exact.round(new MathContext(max, RoundingMode.HALF_EVEN));
  }

  /**
   * {@code d} in ECMAScript's notation: with value = 0.<i>digits</i> × 10^<i>n</i>, plain digits
   * while -6 &lt; n ≤ 21, else scientific ({@code 1e+21}, {@code 1.5e-7}).
   */
  private static String format(BigDecimal d, double v) {
    boolean negative = v < 0 || (v == 0 && 1 / v < 0);
    if (d.signum() == 0) {
      return negative ? "-0.0" : "0";
    }
    BigDecimal a = d.abs().stripTrailingZeros();
    String digits = a.unscaledValue().toString();
    int k = digits.length();
    int n = k - a.scale(); // value = 0.digits × 10^n
    StringBuilder b = new StringBuilder(negative ? "-" : "");
    if (k <= n && n <= 21) {
      b.append(digits).append("0".repeat(n - k));
    } else if (0 < n && n <= 21) {
      b.append(digits, 0, n).append('.').append(digits, n, k);
    } else if (-6 < n && n <= 0) {
      b.append("0.").append("0".repeat(-n)).append(digits);
    } else {
      int e = n - 1;
      b.append(digits.charAt(0));
      if (k > 1) {
        b.append('.').append(digits, 1, k);
      }
      b.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
    }
    return b.toString();
  }
}
