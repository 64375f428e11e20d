package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.util.ValueVectorUtility;

/**
 * {@code ValueVectorUtility.validateFull} for every vector, except where Arrow Java 19.0.0's
 * validator is itself wrong, which this checks by hand instead: it rejects every {@code MapVector}
 * ("Incorrect arrow type ... Map(false)": its type visitor treats a map as a list) and every
 * decimal whose precision equals the declared precision (it tests {@code precision < p} instead of
 * {@code <=}).
 */
final class ArrowValidation {
  private ArrowValidation() {}

  static void validateFull(VectorSchemaRoot root) {
    for (FieldVector v : root.getFieldVectors()) {
      validateFull(v);
    }
  }

  static void validateFull(FieldVector v) {
    if (!needsManual(v)) {
      ValueVectorUtility.validateFull(v);
      return;
    }
    int n = v.getValueCount();
    if (v instanceof DecimalVector) {
      DecimalVector d = (DecimalVector) v;
      BigInteger limit = BigInteger.TEN.pow(d.getPrecision());
      for (int i = 0; i < n; i++) {
        if (!d.isNull(i)) {
          BigDecimal x = d.getObject(i);
          assertEquals(d.getScale(), x.scale());
          assertTrue(x.unscaledValue().abs().compareTo(limit) < 0, "decimal " + x);
        }
      }
    } else if (v instanceof ListVector) { // also MapVector
      ListVector l = (ListVector) v;
      int prev = 0;
      assertEquals(0, n == 0 ? 0 : l.getOffsetBuffer().getInt(0));
      for (int i = 0; i < n; i++) {
        int end = l.getOffsetBuffer().getInt(4L * (i + 1));
        assertTrue(end >= prev, "offsets must not decrease");
        prev = end;
      }
      assertEquals(prev, l.getDataVector().getValueCount());
      if (v instanceof MapVector) {
        StructVector entries = (StructVector) l.getDataVector();
        for (int j = 0; j < entries.getValueCount(); j++) {
          assertFalse(entries.isNull(j), "map entries are never null");
          assertFalse(entries.getChildrenFromFields().get(0).isNull(j), "map keys are never null");
        }
      }
      validateFull(l.getDataVector());
    } else if (v instanceof StructVector) {
      for (FieldVector c : ((StructVector) v).getChildrenFromFields()) {
        assertEquals(n, c.getValueCount());
        validateFull(c);
      }
    }
  }

  private static boolean needsManual(FieldVector v) {
    if (v instanceof DecimalVector || v instanceof MapVector) {
      return true;
    }
    for (FieldVector c : v.getChildrenFromFields()) {
      if (needsManual(c)) {
        return true;
      }
    }
    return false;
  }
}
