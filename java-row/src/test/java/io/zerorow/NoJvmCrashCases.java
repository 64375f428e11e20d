package io.zerorow;

import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryMap;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.row.Validator;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.RowWriter;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Calls that once crashed the JVM, run in a child JVM by {@link NoJvmCrashTest}: each case must end
 * with the named exception (or a value), never a signal. Prints {@code ok <case>} per case and
 * exits 0 when every case behaved.
 */
public final class NoJvmCrashCases {
  static final Schema SCHEMA =
      Schema.of(
          Field.of("id", DataTypes.INT64, false),
          Field.of("name", DataTypes.STRING, true),
          Field.of("tag", DataTypes.STRING, false),
          Field.of("blob", DataTypes.BINARY, false),
          Field.of("xs", DataTypes.list(DataTypes.INT32, false), true),
          Field.of("m", DataTypes.map(DataTypes.STRING, DataTypes.INT32, true), true));

  /** A record for the encoder cases. */
  public record Pair(long a, String b) {}

  interface Case {
    Object run() throws Exception;
  }

  private static final Map<String, Object[]> CASES = new LinkedHashMap<>();

  private static void expect(String name, Class<? extends Throwable> error, Case c) {
    CASES.put(name, new Object[] {error, c});
  }

  static {
    expect(
        "RowWriter.writeString(nullable, null)",
        null,
        () -> {
          RowWriter w = new RowWriter(SCHEMA);
          w.reset();
          w.writeString(1, null);
          if (!w.getRow().isNullAt(1)) {
            throw new AssertionError("null string not written as null");
          }
          return w.getRow();
        });
    expect(
        "RowWriter.writeString(non-nullable, null)",
        InvalidDataException.class,
        () -> {
          RowWriter w = new RowWriter(SCHEMA);
          w.reset();
          w.writeString(2, null);
          return w.getRow();
        });
    expect(
        "RowWriter.writeBinary(non-nullable, null)",
        InvalidDataException.class,
        () -> {
          RowWriter w = new RowWriter(SCHEMA);
          w.reset();
          w.writeBinary(3, null);
          return w.getRow();
        });
    expect(
        "ArrayWriter.writeString(null)",
        null,
        () -> {
          ArrayWriter a = new ArrayWriter(DataTypes.list(DataTypes.STRING, true));
          a.reset(2);
          a.writeString(0, null);
          a.writeString(1, "x");
          return a.getArray().toString();
        });
    expect(
        "ArrayWriter.writeString(non-nullable element, null)",
        InvalidDataException.class,
        () -> {
          ArrayWriter a = new ArrayWriter(DataTypes.list(DataTypes.STRING, false));
          a.reset(1);
          a.writeString(0, null);
          return a.getArray();
        });
    expect(
        "ArrayWriter.writeLong on an int32 array",
        SchemaMismatchException.class,
        () -> {
          ArrayWriter a = new ArrayWriter(DataTypes.list(DataTypes.INT32, false));
          a.reset(1);
          a.writeLong(0, 1);
          return a.getArray();
        });
    expect(
        "RowWriter without reset()",
        IllegalStateException.class,
        () -> {
          RowWriter w = new RowWriter(SCHEMA);
          w.writeLong(0, 1);
          return w;
        });
    expect(
        "unset BinaryRow.toString",
        null,
        () -> {
          String s = new BinaryRow(SCHEMA).toString();
          if (!s.contains("unset")) {
            throw new AssertionError(s);
          }
          return s;
        });
    expect(
        "unset BinaryRow.isNullAt",
        IllegalStateException.class,
        () -> new BinaryRow(SCHEMA).isNullAt(0));
    expect(
        "unset BinaryRow.getLong",
        IllegalStateException.class,
        () -> new BinaryRow(SCHEMA).getLong(0));
    expect(
        "unset BinaryRow.getString",
        IllegalStateException.class,
        () -> new BinaryRow(SCHEMA).getString(1));
    expect(
        "unset BinaryRow.getArray",
        IllegalStateException.class,
        () -> new BinaryRow(SCHEMA).getArray(4));
    expect("unset BinaryRow.copy", IllegalStateException.class, () -> new BinaryRow(SCHEMA).copy());
    expect(
        "unset BinaryRow.hashCode/equals",
        null,
        () -> {
          BinaryRow a = new BinaryRow(SCHEMA);
          return a.hashCode() + (a.equals(new BinaryRow(SCHEMA)) ? 1 : 0);
        });
    expect(
        "unset BinaryRow fromRow",
        IllegalStateException.class,
        () -> {
          RowEncoder<Pair> e = Encoders.rowEncoder(Pair.class);
          return e.fromRow(new BinaryRow(e.schema()));
        });
    expect(
        "unset BinaryRow fromRow (interpreted)",
        IllegalStateException.class,
        () -> {
          RowEncoder<Pair> e = Encoders.rowEncoder(Pair.class, Encoders.Mode.INTERPRETED);
          return e.fromRow(new BinaryRow(e.schema()));
        });
    expect(
        "unset BinaryRow validate",
        IllegalStateException.class,
        () -> {
          Validator.validate(new BinaryRow(SCHEMA), ValidationLevel.FULL);
          return null;
        });
    DataTypes.ListType ints = DataTypes.list(DataTypes.INT32, false);
    expect(
        "unset BinaryArray.toString",
        null,
        () -> {
          String s = new BinaryArray(ints).toString();
          if (!s.contains("unset")) {
            throw new AssertionError(s);
          }
          return s;
        });
    expect(
        "unset BinaryArray.getInt",
        IllegalStateException.class,
        () -> new BinaryArray(ints).getInt(0));
    expect(
        "unset BinaryArray.toIntArray",
        IllegalStateException.class,
        () -> new BinaryArray(ints).toIntArray());
    DataTypes.MapType map = DataTypes.map(DataTypes.STRING, DataTypes.INT32, true);
    expect(
        "unset BinaryMap.toString",
        null,
        () -> {
          String s = new BinaryMap(map).toString();
          if (!s.contains("unset")) {
            throw new AssertionError(s);
          }
          return s;
        });
    expect(
        "unset BinaryMap.keyArray",
        IllegalStateException.class,
        () -> new BinaryMap(map).keyArray().getString(0));
    expect(
        "BinaryRow.pointTo past the array",
        IndexOutOfBoundsException.class,
        () -> new BinaryRow(SCHEMA).pointTo(new byte[64], 1L << 40, 64));
    expect(
        "BinaryArray.pointTo before the array",
        IndexOutOfBoundsException.class,
        () -> new BinaryArray(ints).pointTo(new byte[64], 0L, 64));
    expect(
        "writeDecimal of another precision",
        SchemaMismatchException.class,
        () -> {
          Schema s = Schema.of(Field.of("d", DataTypes.decimal(5, 2), true));
          RowWriter w = new RowWriter(s);
          w.reset();
          w.writeDecimal(0, new BigDecimal("1.5"), 30, 2);
          return w.getRow();
        });
  }

  public static void main(String[] args) {
    int failed = 0;
    for (Map.Entry<String, Object[]> e : CASES.entrySet()) {
      @SuppressWarnings("unchecked")
      Class<? extends Throwable> error = (Class<? extends Throwable>) e.getValue()[0];
      Case c = (Case) e.getValue()[1];
      String outcome;
      try {
        Object v = c.run();
        outcome = error == null ? null : "returned " + v + " instead of " + error.getSimpleName();
      } catch (Throwable t) {
        outcome = error != null && error.isInstance(t) ? null : "threw " + t;
        if (outcome == null) {
          System.out.println("   " + t);
        }
      }
      if (outcome == null) {
        System.out.println("ok " + e.getKey());
      } else {
        failed++;
        System.out.println("FAILED " + e.getKey() + ": " + outcome);
      }
    }
    System.out.println(failed == 0 ? "all " + CASES.size() + " cases passed" : failed + " failed");
    System.exit(failed == 0 ? 0 : 1);
  }
}
