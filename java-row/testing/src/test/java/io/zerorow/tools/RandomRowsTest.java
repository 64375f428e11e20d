package io.zerorow.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Validator;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Property tests over random schemas and values (jqwik drives the seeds, a seeded generator builds
 * the cases, so a failure reproduces from its seed): encode → validate(full) → decode gives the
 * input back, and mutated rows only ever raise zerorow's own exceptions.
 */
class RandomRowsTest {
  static final DataType[] LEAVES = {
    DataTypes.BOOL,
    DataTypes.INT8,
    DataTypes.INT16,
    DataTypes.INT32,
    DataTypes.INT64,
    DataTypes.FLOAT32,
    DataTypes.FLOAT64,
    DataTypes.STRING,
    DataTypes.BINARY,
    DataTypes.DATE32,
    DataTypes.TIME,
    DataTypes.TIMESTAMP,
    DataTypes.timestamp("Europe/Paris"),
    DataTypes.DURATION,
    DataTypes.decimal(9, 2),
    DataTypes.decimal(18, 0),
    DataTypes.decimal(19, 4),
    DataTypes.decimal(38, 10),
    DataTypes.NULL,
    DataTypes.INTERVAL_YM,
    DataTypes.INTERVAL,
    DataTypes.fixedBinary(3),
    DataTypes.fixedBinary(16),
    DataTypes.UUID,
    DataTypes.VARIANT
  };
  static final DataType[] KEYS = {
    DataTypes.INT32,
    DataTypes.INT64,
    DataTypes.STRING,
    DataTypes.DATE32,
    DataTypes.UUID,
    DataTypes.INTERVAL_YM,
    DataTypes.fixedBinary(3)
  };

  /** A nullability the type allows: the type null is always nullable (SPEC §3.6). */
  static boolean nullable(Random r, DataType t) {
    return t.id() == io.zerorow.type.TypeId.NULL || r.nextBoolean();
  }

  static Schema schema(Random r, int depth) {
    int n = r.nextInt(depth == 0 ? 8 : 4) + (depth == 0 ? 1 : 0);
    if (r.nextInt(20) == 0 && depth == 0) {
      n = 60 + r.nextInt(80); // bitmaps of more than one word
    }
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      DataType t = type(r, depth + 1);
      fields.add(Field.of("f" + i, t, nullable(r, t)));
    }
    return DataTypes.struct(fields);
  }

  static DataType type(Random r, int depth) {
    int k = r.nextInt(depth < 4 ? 10 : 7);
    if (k < 7) {
      return LEAVES[r.nextInt(LEAVES.length)];
    }
    if (k == 7) {
      DataType e = type(r, depth + 1);
      return DataTypes.list(e, nullable(r, e));
    }
    if (k == 8) {
      DataType v = type(r, depth + 1);
      return DataTypes.map(KEYS[r.nextInt(KEYS.length)], v, nullable(r, v));
    }
    return schema(r, depth);
  }

  static Object value(Random r, DataType t, boolean nullable) {
    if (nullable && r.nextInt(6) == 0 || t.id() == io.zerorow.type.TypeId.NULL) {
      return null;
    }
    switch (t.id()) {
      case INTERVAL_YM:
        return BigDecimal.valueOf(r.nextInt());
      case INTERVAL:
        {
          Map<String, Object> iv = new LinkedHashMap<>();
          iv.put("months", BigDecimal.valueOf(r.nextInt()));
          iv.put("days", BigDecimal.valueOf(r.nextInt()));
          iv.put("microseconds", Long.toString(r.nextLong()));
          return iv;
        }
      case FIXED_BINARY:
      case UUID:
        {
          int n =
              t.id() == io.zerorow.type.TypeId.UUID ? 16 : ((DataTypes.FixedBinaryType) t).size();
          byte[] x = new byte[n];
          r.nextBytes(x);
          if (t.id() == io.zerorow.type.TypeId.UUID) {
            java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(x);
            return new java.util.UUID(bb.getLong(), bb.getLong()).toString();
          }
          return java.util.HexFormat.of().formatHex(x);
        }
      case VARIANT:
        {
          io.zerorow.type.Variant v = io.zerorow.type.Variant.of(variantValue(r, 0));
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("metadata", java.util.HexFormat.of().formatHex(v.metadata()));
          m.put("value", java.util.HexFormat.of().formatHex(v.value()));
          m.put("json", v.toJson());
          return m;
        }
      case BOOL:
        return r.nextBoolean();
      case INT8:
        return BigDecimal.valueOf((byte) r.nextInt());
      case INT16:
        return BigDecimal.valueOf((short) r.nextInt());
      case INT32:
      case DATE32:
        return BigDecimal.valueOf(r.nextInt(3) == 0 ? r.nextInt(10) : r.nextInt());
      case INT64:
      case TIMESTAMP:
      case DURATION:
        return Long.toString(r.nextInt(4) == 0 ? Long.MIN_VALUE : r.nextLong());
      case TIME:
        return Long.toString((long) (r.nextDouble() * 86_400_000_000L));
      case FLOAT32:
        {
          float f = Float.intBitsToFloat(r.nextInt());
          return Float.isNaN(f)
              ? "NaN"
              : f == 0 && 1 / f < 0
                  ? "-0.0"
                  : Float.isInfinite(f)
                      ? (f > 0 ? "Infinity" : "-Infinity")
                      : new BigDecimal(Float.toString(f));
        }
      case FLOAT64:
        {
          double d = r.nextInt(4) == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextGaussian();
          return Double.isNaN(d)
              ? "NaN"
              : d == 0 && 1 / d < 0
                  ? "-0.0"
                  : Double.isInfinite(d)
                      ? (d > 0 ? "Infinity" : "-Infinity")
                      : new BigDecimal(Double.toString(d));
        }
      case STRING:
        {
          StringBuilder b = new StringBuilder();
          int n = r.nextInt(20);
          for (int i = 0; i < n; i++) {
            int cp =
                r.nextInt(4) == 0
                    ? 0x10000 + r.nextInt(0x1000)
                    : r.nextInt(3) == 0 ? 0xe0 + r.nextInt(0x700) : r.nextInt(0x7f);
            b.appendCodePoint(cp);
          }
          return b.toString();
        }
      case BINARY:
        {
          byte[] x = new byte[r.nextInt(20)];
          r.nextBytes(x);
          StringBuilder b = new StringBuilder();
          for (byte y : x) {
            b.append(String.format("%02x", y));
          }
          return b.toString();
        }
      case DECIMAL:
        {
          DataTypes.DecimalType d = (DataTypes.DecimalType) t;
          BigInteger u =
              new BigInteger(d.precision() * 3 + 2, r).mod(BigInteger.TEN.pow(d.precision()));
          if (r.nextBoolean()) {
            u = u.negate();
          }
          return new BigDecimal(u, d.scale()).toPlainString();
        }
      case LIST:
        {
          DataTypes.ListType l = (DataTypes.ListType) t;
          List<Object> out = new ArrayList<>();
          int n = r.nextInt(r.nextInt(10) == 0 ? 100 : 5);
          for (int i = 0; i < n; i++) {
            out.add(value(r, l.element(), l.elementNullable()));
          }
          return out;
        }
      case MAP:
        {
          DataTypes.MapType m = (DataTypes.MapType) t;
          List<Object> out = new ArrayList<>();
          Set<Object> keys = new HashSet<>();
          int n = r.nextInt(5);
          for (int i = 0; i < n; i++) {
            Object k = value(r, m.key(), false);
            if (keys.add(k)) {
              List<Object> pair = new ArrayList<>();
              pair.add(k);
              pair.add(value(r, m.value(), m.valueNullable()));
              out.add(pair);
            }
          }
          return out;
        }
      default:
        {
          Schema s = (Schema) t;
          Map<String, Object> out = new LinkedHashMap<>();
          for (Field f : s.fields()) {
            out.put(f.name(), value(r, f.type(), f.nullable()));
          }
          return out;
        }
    }
  }

  /** A random Java value a variant holds: nested maps and lists of scalars. */
  static Object variantValue(Random r, int depth) {
    switch (r.nextInt(depth < 3 ? 9 : 7)) {
      case 0:
        return null;
      case 1:
        return r.nextBoolean();
      case 2:
        return r.nextInt(3) == 0 ? (long) r.nextInt(200) - 100 : r.nextLong();
      case 3:
        return r.nextGaussian();
      case 4:
        return new BigDecimal(BigInteger.valueOf(r.nextInt()), r.nextInt(10));
      case 5:
        return "s" + r.nextInt(1000) + (r.nextBoolean() ? "" : "x".repeat(70));
      case 6:
        return java.time.LocalDate.ofEpochDay(r.nextInt(100_000));
      case 7:
        {
          List<Object> l = new ArrayList<>();
          for (int i = r.nextInt(4); i > 0; i--) {
            l.add(variantValue(r, depth + 1));
          }
          return l;
        }
      default:
        {
          Map<String, Object> m = new LinkedHashMap<>();
          for (int i = r.nextInt(4); i > 0; i--) {
            m.put("k" + r.nextInt(6), variantValue(r, depth + 1));
          }
          return m;
        }
    }
  }

  @Property(tries = 300)
  void encodeValidateDecodeGivesTheInputBack(@ForAll long seed) {
    Random r = new Random(seed);
    Schema s = schema(r, 0);
    @SuppressWarnings("unchecked")
    Map<String, Object> values = (Map<String, Object>) value(r, s, false);
    byte[] row = JsonValues.write(s, values);
    Validator.validate(s, row);
    assertNull(JsonValues.diff(s, values, JsonValues.read(BinaryRow.wrap(s, row))), "seed " + seed);
    // the schema survives its canonical JSON, and equal values give equal bytes
    Schema again = Schema.fromJson(s.toJson());
    assertArrayEquals(row, JsonValues.write(again, values));
  }

  @Property(tries = 300)
  void mutatedRowsOnlyRaiseZerorowExceptions(@ForAll long seed) {
    Random r = new Random(seed);
    Schema s = schema(r, 0);
    @SuppressWarnings("unchecked")
    Map<String, Object> values = (Map<String, Object>) value(r, s, false);
    byte[] row = JsonValues.write(s, values);
    for (int round = 0; round < 20; round++) {
      byte[] m = row.clone();
      int flips = 1 + r.nextInt(4);
      for (int i = 0; i < flips; i++) {
        int at = r.nextInt(m.length);
        m[at] = r.nextInt(3) == 0 ? (byte) 0xff : (byte) r.nextInt();
      }
      if (r.nextInt(8) == 0) {
        m = java.util.Arrays.copyOf(m, Math.max(0, m.length - 8 * (1 + r.nextInt(3))));
      }
      try {
        Validator.validate(s, m);
      } catch (ZerorowException expected) {
        // fine
      }
      try {
        BinaryRow view = BinaryRow.wrap(s, m);
        JsonValues.read(view);
        view.toString();
      } catch (ZerorowException expected) {
        // fine: anything else fails the property
      }
    }
  }
}
