package io.zerorow.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.zerorow.oracle.Coverage.Oracle;
import io.zerorow.oracle.Vectors.Case;
import io.zerorow.oracle.Vectors.ZField;
import io.zerorow.oracle.Vectors.ZType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.InterpretedUnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.CalendarInterval;
import org.apache.spark.unsafe.types.UTF8String;
import org.apache.spark.unsafe.types.VariantVal;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark oracle: Spark's own writers turn each case's values.json into an UnsafeRow whose bytes must
 * equal row.bin exactly (SPEC §9: identical for every type except `time`).
 */
class SparkOracleTest {

  static {
    // UnsafeProjection.create must really generate code: by default Spark silently falls back to
    // InterpretedUnsafeProjection, which is checked separately below.
    SQLConf.get().setConfString(SQLConf.CODEGEN_FACTORY_MODE().key(), "CODEGEN_ONLY");
  }

  @TestFactory
  Stream<DynamicTest> sparkWritesRowBin() {
    List<Case> cases = Coverage.applicable(Oracle.SPARK, Vectors.all());
    assertTrue(cases.size() > 0);
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  /** The oracle is not vacuous: one changed byte in row.bin fails it. */
  @Test
  void aChangedByteIsCaught() {
    Case c = Vectors.load(Vectors.vectorsDir().resolve("seed_foo_small"));
    byte[] bin = c.rowBin().clone();
    bin[8] ^= 1; // f1's value
    Case bad = new Case(c.name(), c.dir(), c.schema(), c.values(), bin);
    AssertionError e = assertThrows(AssertionError.class, () -> check(bad));
    assertTrue(e.getMessage().contains("offset 0x0008"), e.getMessage());
  }

  /**
   * Random schemas and values of every type Spark shares (SPEC §9), the 1.2 types included:
   * oracle/random_rows.jsonl, written by the reference generator from a fixed seed (make vectors).
   */
  @Test
  void sparkWritesTheReferencesRandomRows() throws IOException {
    Path file = Vectors.vectorsDir().getParent().resolve("oracle/random_rows.jsonl");
    List<String> lines = Files.readAllLines(file);
    Set<String> kinds = new TreeSet<>();
    StringBuilder failures = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      JsonNode doc = Vectors.JSON.readTree(lines.get(i));
      Case c =
          new Case(
              "random_rows.jsonl line " + (i + 1),
              file,
              Vectors.parseType(doc.get("schema")),
              doc.get("values"),
              HexFormat.of().parseHex(doc.get("row").asText()));
      kinds.addAll(c.kinds());
      try {
        check(c);
      } catch (AssertionError e) {
        failures.append(e.getMessage()).append('\n');
      }
    }
    assertTrue(lines.size() >= 100, "random rows: " + lines.size());
    assertTrue(
        kinds.containsAll(
            List.of("null", "interval_ym", "interval", "fixed_binary", "uuid", "variant", "map")),
        "the random rows use " + kinds);
    if (failures.length() > 0) {
      fail(failures.toString());
    }
  }

  /**
   * SPEC §3.9 types the numbers of JSON text as Spark's parse_json does: for every scalar of
   * vectors/variant_from_json_text (built by the reference from these texts, in this order: see
   * zerorow_ref/type_cases.py), Spark 4.2.0's VariantBuilder writes the same value bytes, and for
   * the object the same JSON value. (Objects differ in bytes by design: Spark keeps its dictionary
   * in first-seen key order and values in document order, zerorow's canonical form sorts them.)
   */
  @Test
  void sparkParseJsonTypesNumbersAsTheReference() throws IOException {
    List<String> texts =
        List.of(
            "0",
            "-128",
            "128",
            "32768",
            "2147483648",
            "9223372036854775807",
            "9223372036854775808",
            "1".repeat(39),
            "1.50",
            "-0.0",
            "1e3",
            "1E-2",
            "0.1",
            "123456789.123456789",
            "0." + "1".repeat(39),
            " { \"z\" : [ 1 , { \"y\" : null } ] , \"a\" : \"\\u00e9\\n\" } ");
    Case c = Vectors.load(Vectors.vectorsDir().resolve("variant_from_json_text"));
    assertEquals(texts.size(), c.schema().fields().size(), "the texts of type_cases.py");
    for (int i = 0; i < texts.size(); i++) {
      JsonNode expected = c.values().get("v" + i);
      org.apache.spark.types.variant.Variant spark =
          org.apache.spark.types.variant.VariantBuilder.parseJson(texts.get(i), false);
      if (texts.get(i).trim().startsWith("{")) {
        assertEquals(
            Vectors.JSON.readTree(expected.get("json").asText()),
            Vectors.JSON.readTree(spark.toJson(java.time.ZoneOffset.UTC)),
            texts.get(i));
      } else {
        assertEquals(
            expected.get("value").asText(),
            HexFormat.of().formatHex(spark.getValue()),
            "value bytes of " + texts.get(i));
      }
    }
  }

  static void check(Case c) {
    StructType schema = (StructType) sparkType(c.schema());
    InternalRow row = (InternalRow) catalyst(c.values(), c.schema(), "");
    StringBuilder failures = new StringBuilder();

    // 1. the generated projection (what Spark runs and the connector copies)
    UnsafeRow generated = UnsafeProjection.create(schema).apply(row);
    String d1 = Vectors.byteDiff(c.rowBin(), bytes(generated));
    if (!d1.isEmpty()) {
      failures.append("UnsafeProjection.create(schema) differs from row.bin:\n").append(d1);
    }

    // 2. Spark's second, independent writer: InterpretedUnsafeProjection
    List<Expression> exprs = new ArrayList<>();
    StructField[] fs = schema.fields();
    for (int i = 0; i < fs.length; i++) {
      exprs.add(new BoundReference(i, fs[i].dataType(), fs[i].nullable()));
    }
    UnsafeProjection interpreted =
        InterpretedUnsafeProjection.createProjection(CollectionConverters.asScala(exprs).toList());
    String d2 = Vectors.byteDiff(c.rowBin(), bytes(interpreted.apply(row)));
    if (!d2.isEmpty()) {
      failures.append("InterpretedUnsafeProjection differs from row.bin:\n").append(d2);
    }
    if (failures.length() > 0) {
      fail(c.name() + ": Spark's bytes differ from row.bin\n" + failures);
    }
  }

  static byte[] bytes(UnsafeRow r) {
    byte[] out = new byte[r.getSizeInBytes()];
    org.apache.spark.unsafe.Platform.copyMemory(
        r.getBaseObject(),
        r.getBaseOffset(),
        out,
        org.apache.spark.unsafe.Platform.BYTE_ARRAY_OFFSET,
        out.length);
    return out;
  }

  static DataType sparkType(ZType t) {
    return switch (t.kind()) {
      case "bool" -> DataTypes.BooleanType;
      case "int8" -> DataTypes.ByteType;
      case "int16" -> DataTypes.ShortType;
      case "int32" -> DataTypes.IntegerType;
      case "int64" -> DataTypes.LongType;
      case "float32" -> DataTypes.FloatType;
      case "float64" -> DataTypes.DoubleType;
      case "string" -> DataTypes.StringType;
      // Spark has no fixed-size binary or UUID type: the same bytes as BinaryType (SPEC §9)
      case "binary", "fixed_binary", "uuid" -> DataTypes.BinaryType;
      case "null" -> DataTypes.NullType;
      case "interval_ym" -> DataTypes.createYearMonthIntervalType();
      case "interval" -> DataTypes.CalendarIntervalType;
      case "variant" -> DataTypes.VariantType;
      case "date32" -> DataTypes.DateType;
      case "timestamp" -> t.tz() == null ? DataTypes.TimestampNTZType : DataTypes.TimestampType;
      case "duration" ->
          DataTypes.createDayTimeIntervalType(
              DayTimeIntervalType.DAY(), DayTimeIntervalType.SECOND());
      case "decimal" -> DataTypes.createDecimalType(t.precision(), t.scale());
      case "list" -> DataTypes.createArrayType(sparkType(t.element()), t.elementNullable());
      case "map" ->
          DataTypes.createMapType(sparkType(t.key()), sparkType(t.value()), t.valueNullable());
      case "struct" -> {
        StructField[] fs = new StructField[t.fields().size()];
        for (int i = 0; i < fs.length; i++) {
          ZField f = t.fields().get(i);
          fs[i] = DataTypes.createStructField(f.name(), sparkType(f.type()), f.nullable());
        }
        yield DataTypes.createStructType(fs);
      }
      default -> throw new IllegalStateException("no Spark type for " + t);
    };
  }

  /** values.json → Catalyst's internal representation (SPEC §10). */
  static Object catalyst(JsonNode v, ZType t, String path) {
    if (v.isNull()) {
      return null;
    }
    return switch (t.kind()) {
      case "bool" -> v.booleanValue();
      case "int8" -> (byte) v.intValue();
      case "int16" -> (short) v.intValue();
      case "int32", "date32", "interval_ym" -> v.intValue();
      case "int64", "timestamp", "duration" -> Vectors.int64(v);
      case "float32" -> Vectors.float32(v);
      case "float64" -> Vectors.float64(v);
      case "string" -> UTF8String.fromString(v.asText());
      case "binary", "fixed_binary", "uuid" -> Vectors.bytes(v, t);
      case "interval" -> {
        Vectors.Interval i = Vectors.interval(v);
        yield new CalendarInterval(i.months(), i.days(), i.microseconds());
      }
      case "variant" -> {
        Vectors.VariantBytes b = Vectors.variant(v);
        yield new VariantVal(b.value(), b.metadata());
      }
      case "decimal" -> {
        Decimal d = Decimal.apply(Vectors.decimal(v, t), t.precision(), t.scale());
        yield d;
      }
      case "list" -> {
        Object[] items = new Object[v.size()];
        for (int i = 0; i < items.length; i++) {
          items[i] = catalyst(v.get(i), t.element(), path + "[" + i + "]");
        }
        yield new GenericArrayData(items);
      }
      case "map" -> {
        Object[] keys = new Object[v.size()];
        Object[] vals = new Object[v.size()];
        for (int i = 0; i < keys.length; i++) {
          JsonNode e = v.get(i);
          keys[i] = catalyst(e.get(0), t.key(), path + "{key " + i + "}");
          vals[i] = catalyst(e.get(1), t.value(), path + "{value " + i + "}");
        }
        yield new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(vals));
      }
      case "struct" -> {
        Vectors.checkKeys(v, t, path);
        Object[] fields = new Object[t.fields().size()];
        for (int i = 0; i < fields.length; i++) {
          ZField f = t.fields().get(i);
          String p = path.isEmpty() ? f.name() : path + "." + f.name();
          fields[i] = catalyst(Vectors.fieldValue(v, f, p), f.type(), p);
        }
        yield new GenericInternalRow(fields);
      }
      default -> throw new IllegalStateException(path + ": no Spark value for " + t);
    };
  }
}
