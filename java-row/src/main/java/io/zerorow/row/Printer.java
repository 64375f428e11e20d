package io.zerorow.row;

import io.zerorow.ZerorowException;
import io.zerorow.type.Variant;
import java.math.BigDecimal;

/**
 * The {@code toString} of rows, arrays and maps (plain and resolved), within a budget. A row's
 * references may share or overlap bodies and still be valid at level {@code bounds} (SPEC §6.2), so
 * a row of a few KiB can hold exponentially many values; printing, like decoding, must not walk
 * them all. At most {@link #MAX_ELEMENTS} elements of an array or map, {@link #MAX_DEPTH} nested
 * levels and {@link #MAX_VALUES} values in all are printed; what is left out is shown as {@code
 * ...}.
 */
final class Printer {
  /** Elements of one array or map, then "... (n elements)". */
  static final int MAX_ELEMENTS = 32;

  /** Nested levels below the printed value; deeper values print as "{...}" or "[...]". */
  static final int MAX_DEPTH = 16;

  /** Values (fields, elements, keys) in all; then "...". */
  static final int MAX_VALUES = 2000;

  /** Characters of a variant's JSON text; then "...". */
  static final int MAX_VARIANT_CHARS = 1000;

  private final StringBuilder b = new StringBuilder();
  private int values;
  private int depth;

  private Printer() {}

  /** The text of a row, array or map view (or a plain value). */
  static String print(Object v) {
    Printer p = new Printer();
    p.value(v);
    return p.b.toString();
  }

  private void value(Object v) {
    if (v instanceof Row) {
      row((Row) v);
    } else if (v instanceof MapData) {
      map((MapData) v);
    } else if (v instanceof ArrayData) {
      array((ArrayData) v);
    } else {
      scalar(b, v);
    }
  }

  /** Whether the next value fits the budget; counts it. */
  private boolean fits() {
    return values++ < MAX_VALUES;
  }

  /** Prints {@code get} of {@code i}, or the error it raises (the row may be malformed). */
  private void valueAt(Getters g, int i) {
    try {
      value(g.get(i));
    } catch (ZerorowException e) {
      b.append('<').append(e.getMessage()).append('>');
    }
  }

  private void row(Row r) {
    if (depth >= MAX_DEPTH) {
      b.append("{...}");
      return;
    }
    depth++;
    b.append('{');
    for (int i = 0; i < r.numFields(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      if (!fits()) {
        b.append("...");
        break;
      }
      b.append(r.schema().field(i).name()).append('=');
      valueAt(r, i);
    }
    b.append('}');
    depth--;
  }

  private void array(ArrayData a) {
    elements('[', ']', "elements", a.numElements(), i -> valueAt(a, i));
  }

  private void map(MapData m) {
    elements(
        '{',
        '}',
        "entries",
        m.numElements(),
        i -> {
          valueAt(m.keyArray(), i);
          b.append('=');
          valueAt(m.valueArray(), i);
        });
  }

  /**
   * The {@code n} elements of an array or entries of a map between {@code open} and {@code close},
   * within the budget: at most {@link #MAX_ELEMENTS}, then "... (n elements)".
   */
  private void elements(
      char open, char close, String what, int n, java.util.function.IntConsumer element) {
    if (depth >= MAX_DEPTH) {
      b.append(open).append("...").append(close);
      return;
    }
    depth++;
    b.append(open);
    int shown = Math.min(n, MAX_ELEMENTS);
    for (int i = 0; i < shown; i++) {
      if (i > 0) {
        b.append(", ");
      }
      if (!fits()) {
        shown = i;
        break;
      }
      element.accept(i);
    }
    if (shown < n) {
      b.append(shown > 0 ? ", " : "").append("... (" + n + " " + what + ")");
    }
    b.append(close);
    depth--;
  }

  /** A value that is not a view: strings quoted, bytes in hex, decimals plain. */
  static void scalar(StringBuilder b, Object v) {
    if (v instanceof String) {
      b.append('"').append(v).append('"');
    } else if (v instanceof byte[]) {
      b.append("0x");
      for (byte x : (byte[]) v) {
        b.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
      }
    } else if (v instanceof BigDecimal) {
      b.append(((BigDecimal) v).toPlainString());
    } else if (v instanceof Variant) {
      // the JSON text, cut short like a long array (a variant may hold a whole document)
      String json = v.toString();
      b.append(json.length() <= MAX_VARIANT_CHARS ? json : json.substring(0, MAX_VARIANT_CHARS))
          .append(json.length() <= MAX_VARIANT_CHARS ? "" : "...");
    } else {
      b.append(v);
    }
  }
}
