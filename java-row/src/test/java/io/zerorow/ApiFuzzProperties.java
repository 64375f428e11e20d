package io.zerorow;

import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.row.ArrayData;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryMap;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.row.Row;
import io.zerorow.row.Validator;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.RowWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple3;

/**
 * Random sequences of public calls with random, null and wrong-typed arguments (the Java twin of
 * python-row's mutation test). Run in a child JVM by {@link ApiFuzzTest}: the JVM must never die by
 * a signal, and every call either returns or throws one of the documented exceptions. Not run
 * directly by surefire (the name does not end in Test).
 */
public class ApiFuzzProperties {
  static final Schema SCHEMA =
      Schema.of(
          Field.of("id", DataTypes.INT64, false),
          Field.of("name", DataTypes.STRING, true),
          Field.of("flag", DataTypes.BOOL, false),
          Field.of("xs", DataTypes.list(DataTypes.INT32, true), true),
          Field.of(
              "st",
              Schema.of(
                  Field.of("a", DataTypes.INT16, false), Field.of("b", DataTypes.BINARY, true)),
              true),
          Field.of("m", DataTypes.map(DataTypes.STRING, DataTypes.FLOAT64, true), true),
          Field.of("d", DataTypes.decimal(20, 2), true),
          Field.of("t", DataTypes.TIMESTAMP, true));

  /**
   * A reader schema for the resolved-view calls: fields moved, one added, an int16 struct field and
   * the list's int32 elements widened (SPEC §13).
   */
  static final Resolution RESOLUTION =
      Resolution.resolve(
          SCHEMA,
          Schema.of(
              Field.of("name", DataTypes.STRING, true),
              Field.of("id", DataTypes.INT64, false),
              Field.of("extra", DataTypes.FLOAT64, true),
              Field.of("st", Schema.of(Field.of("a", DataTypes.INT32, false)), true),
              Field.of("xs", DataTypes.list(DataTypes.INT64, true), true)));

  /** A bean for the encoder calls. */
  public record Rec(long id, String name, List<Integer> xs, Map<String, Double> m) {}

  static final int CALLS = 40;

  /** The state one sequence works on. */
  static final class State {
    final RowWriter w = new RowWriter(SCHEMA);
    final ArrayWriter aw = new ArrayWriter((DataTypes.ListType) SCHEMA.field(3).type(), w);
    final RowEncoder<Rec> enc = Encoders.rowEncoder(Rec.class);
    BinaryRow row = new BinaryRow(SCHEMA);
    BinaryArray array = new BinaryArray((DataTypes.ListType) SCHEMA.field(3).type());
    BinaryMap map = new BinaryMap((DataTypes.MapType) SCHEMA.field(5).type());
    BinaryRow struct = new BinaryRow((Schema) SCHEMA.field(4).type());
    byte[] bytes = new byte[0];
  }

  @Provide
  Arbitrary<List<Tuple3<Integer, Integer, Long>>> calls() {
    return Arbitraries.integers()
        .between(0, 47)
        .flatMap(
            op ->
                Arbitraries.integers()
                    .between(-2, 9)
                    .flatMap(ord -> Arbitraries.longs().map(x -> Tuple.of(op, ord, x))))
        .list()
        .ofMinSize(1)
        .ofMaxSize(CALLS);
  }

  @Property
  void randomCallsOnlyThrowDocumentedExceptions(
      @ForAll("calls") List<Tuple3<Integer, Integer, Long>> calls) {
    State s = new State();
    for (Tuple3<Integer, Integer, Long> c : calls) {
      try {
        call(s, c.get1(), c.get2(), c.get3());
      } catch (ZerorowException
          | IllegalStateException
          | IllegalArgumentException
          | IndexOutOfBoundsException e) {
        // documented
      } catch (NullPointerException e) {
        // only an argument check naming the argument is documented, not a helpful NPE
        // ("Cannot invoke ... because ... is null") from a missing check
        String m = e.getMessage();
        if (m == null || m.contains("because")) {
          throw new AssertionError("undocumented NullPointerException in call " + c, e);
        }
      } catch (RuntimeException e) {
        throw new AssertionError("undocumented " + e + " in call " + c + " of " + calls, e);
      }
    }
  }

  private static Object value(long x) {
    switch (Math.floorMod(x, 7)) {
      case 0:
        return null;
      case 1:
        return x;
      case 2:
        return "s" + x;
      case 3:
        return new byte[Math.floorMod(x, 20)];
      case 4:
        return BigDecimal.valueOf(x, Math.floorMod(x, 5));
      case 5:
        return x % 2 == 0;
      default:
        return Math.floorMod(x, 100);
    }
  }

  private static byte[] mutate(byte[] b, long x) {
    if (b.length == 0) {
      return new byte[Math.floorMod(x, 96)];
    }
    byte[] out = b.clone();
    switch (Math.floorMod(x, 3)) {
      case 0: // truncate to a multiple of 8 or not
        return java.util.Arrays.copyOf(out, Math.floorMod(x >>> 8, out.length + 1));
      case 1: // flip a byte
        out[Math.floorMod(x >>> 8, out.length)] ^= (byte) (x >>> 20);
        return out;
      default: // overwrite a word with random bits
        int at = Math.floorMod(x >>> 8, Math.max(1, out.length - 7)) & ~7;
        for (int k = 0; k < 8 && at + k < out.length; k++) {
          out[at + k] = (byte) (x >>> (8 * k));
        }
        return out;
    }
  }

  @SuppressWarnings("unchecked")
  static void call(State s, int op, int i, long x) {
    Object v = value(x);
    switch (op) {
      case 0:
        s.w.reset();
        break;
      case 1:
        s.w.writeLong(i, x);
        break;
      case 2:
        s.w.writeString(i, v instanceof String ? (String) v : null);
        break;
      case 3:
        s.w.writeBinary(i, v instanceof byte[] ? (byte[]) v : null);
        break;
      case 4:
        s.w.writeDecimal(i, v instanceof BigDecimal ? (BigDecimal) v : null, 20, 2);
        break;
      case 5:
        s.w.setNullAt(i);
        break;
      case 6:
        s.w.writeBoolean(i, x % 2 == 0);
        break;
      case 7:
        s.w.writeInt(i, (int) x);
        break;
      case 8:
        s.w.setOffsetAndSize(i, (int) (x >> 40));
        break;
      case 9:
        s.aw.initialize(Math.floorMod(x, 10));
        break;
      case 10:
        s.aw.writeInt(i, (int) x);
        break;
      case 11:
        s.aw.writeLong(i, x);
        break;
      case 12:
        s.aw.setNullAt(i);
        break;
      case 13:
        s.aw.writeString(i, (String) (v instanceof String ? v : null));
        break;
      case 14:
        s.bytes = s.w.toByteArray();
        break;
      case 15:
        s.row = BinaryRow.wrap(SCHEMA, s.bytes);
        break;
      case 16:
        s.row = BinaryRow.wrap(SCHEMA, mutate(s.bytes, x));
        break;
      case 17:
        s.row.getLong(i);
        break;
      case 18:
        s.row.getString(i);
        break;
      case 19:
        s.row.getInt(i);
        break;
      case 20:
        s.array = s.row.getArray(i);
        break;
      case 21:
        s.struct = s.row.getStruct(i);
        break;
      case 22:
        s.map = s.row.getMap(i);
        break;
      case 23:
        s.row.toString();
        break;
      case 24:
        s.row.hashCode();
        break;
      case 25:
        s.row.get(i);
        break;
      case 26:
        s.row.getDecimal(i);
        break;
      case 27:
        s.row.getTimestamp(i);
        break;
      case 28:
        Validator.validate(SCHEMA, s.bytes);
        break;
      case 29:
        if (s.array != null) {
          s.array.getInt(i);
        }
        break;
      case 30:
        if (s.array != null) {
          s.array.toString();
          s.array.toIntArray();
        }
        break;
      case 31:
        if (s.map != null) {
          s.map.toString();
        }
        break;
      case 32:
        if (s.map != null) {
          s.map.keyArray().getString(i);
        }
        break;
      case 33:
        if (s.struct != null) {
          s.struct.getBinary(i);
          s.struct.toString();
        }
        break;
      case 34:
        s.enc.toRow(
            new Rec(
                x,
                (String) (v instanceof String ? v : null),
                x % 3 == 0 ? null : List.of(1, (int) x),
                x % 5 == 0 ? null : Map.of("k", 1.5)));
        break;
      case 35:
        s.enc
            .decode(mutate(s.enc.encode(new Rec(x, "n", List.of(1, 2), Map.of("a", 2.0))), x))
            .toString();
        break;
      case 36:
        s.enc.fromRow(
            s.row.schema().equals(s.enc.schema()) ? s.row : new BinaryRow(s.enc.schema()));
        break;
      case 37:
        s.enc.toRow(null);
        break;
      case 38:
        s.row = new BinaryRow(SCHEMA);
        break;
      case 39:
        s.array = new BinaryArray((DataTypes.ListType) SCHEMA.field(3).type());
        break;
      case 40:
        s.row.equals(s.bytes.length == 0 ? null : BinaryRow.wrap(SCHEMA, s.bytes));
        break;
      case 41:
        s.w.writeNested(i, s.row);
        break;
      case 42:
        s.w.getRow().toString();
        break;
      case 43:
        s.row.copy();
        break;
      case 44:
        RESOLUTION.view(s.row).getLong(i);
        break;
      case 45:
        {
          Row r = RESOLUTION.view(s.row);
          r.getString(i);
          ArrayData a = r.getArray(i);
          if (a != null && a.numElements() > 0) {
            a.getLong(Math.floorMod((int) x, a.numElements()));
          }
          Row st = r.getStruct(i);
          if (st != null) {
            st.getInt(0);
          }
          break;
        }
      case 46:
        RESOLUTION.view(s.row).copy().toString();
        break;
      default:
        {
          List<Object> l = new ArrayList<>();
          l.add(s.enc.decode(s.bytes));
          break;
        }
    }
  }
}
