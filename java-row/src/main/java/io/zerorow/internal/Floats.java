package io.zerorow.internal;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The shortest decimal text that reads back to a float (SPEC §4.1 and §3.9: canonical defaults and
 * a variant's JSON text), written as Python's {@code repr} writes it ({@code 1.5}, {@code 1e+16},
 * {@code 1e-05}), so that every language writes the same text: the reference implementation is
 * Python. NaN and the infinities are not numbers in JSON; callers write them as strings. Not API.
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

  /** {@code d} as Python's repr: fixed notation for exponents -4 to 15, else scientific. */
  private static String format(BigDecimal d, double v) {
    boolean negative = v < 0 || (v == 0 && 1 / v < 0);
    if (d.signum() == 0) {
      return negative ? "-0.0" : "0.0";
    }
    BigDecimal a = d.abs().stripTrailingZeros();
    String digits = a.unscaledValue().toString();
    int exp = digits.length() - 1 - a.scale(); // value = d.ddd × 10^exp
    StringBuilder b = new StringBuilder(negative ? "-" : "");
    if (exp >= -4 && exp < 16) {
      if (exp < 0) {
        b.append("0.");
        b.append("0".repeat(-exp - 1)).append(digits);
      } else if (digits.length() <= exp + 1) {
        b.append(digits).append("0".repeat(exp + 1 - digits.length())).append(".0");
      } else {
        b.append(digits, 0, exp + 1).append('.').append(digits, exp + 1, digits.length());
      }
      return b.toString();
    }
    b.append(digits.charAt(0));
    if (digits.length() > 1) {
      b.append('.').append(digits, 1, digits.length());
    }
    b.append('e').append(exp < 0 ? '-' : '+');
    int e = Math.abs(exp);
    if (e < 10) {
      b.append('0');
    }
    return b.append(e).toString();
  }
}
