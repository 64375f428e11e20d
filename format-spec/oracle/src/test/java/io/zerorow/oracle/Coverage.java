package io.zerorow.oracle;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which golden cases each oracle checks. The cases an oracle cannot check are fixed lists (asserted
 * against the schemas by {@link CoverageTest}), so a new case that uses an unsupported type fails
 * the build instead of being skipped silently.
 */
final class Coverage {
  private Coverage() {}

  enum Oracle {
    SPARK("Spark 4.2.0 `UnsafeProjection`"),
    FORY("Fory 0.16.0 `BinaryRow`");

    final String title;

    Oracle(String title) {
      this.title = title;
    }
  }

  /** Type kind → why the oracle cannot check it. */
  static final Map<String, String> SPARK_UNSUPPORTED =
      Map.of(
          "time",
          "`time` has no Spark equivalent (Spark's `TimeType` counts nanoseconds, SPEC §9)");

  static final Map<String, String> FORY_UNSUPPORTED = new LinkedHashMap<>();

  static {
    FORY_UNSUPPORTED.put(
        "decimal",
        "`decimal`: Fory 0.16 writes every decimal, whatever its precision, as a reference to a "
            + "32-byte body holding the little-endian unscaled value; zerorow uses Spark's layout "
            + "(SPEC §3.5, §9), so Fory's `getDecimal` cannot read it");
    FORY_UNSUPPORTED.put(
        "duration",
        "`duration`: Fory 0.16's `Getters` have no duration getter (`Getters.get` throws "
            + "`UnsupportedOperationException` for `DurationType`); SPEC §9 lists it as not shared");
    FORY_UNSUPPORTED.put("time", "`time`: Fory 0.16 has no time-of-day type (SPEC §9)");
    FORY_UNSUPPORTED.put(
        "null", "`null`: Fory 0.16's row types (`org.apache.fory.format.type`) have no null type");
    FORY_UNSUPPORTED.put("interval_ym", "`interval_ym`: Fory 0.16 has no interval types");
    FORY_UNSUPPORTED.put("interval", "`interval`: Fory 0.16 has no interval types");
    FORY_UNSUPPORTED.put("variant", "`variant`: Fory 0.16 has no variant type");
    FORY_UNSUPPORTED.put(
        "empty_struct",
        "struct with no fields: Fory 0.16's `BinaryRow` constructor rejects a schema with 0 "
            + "fields (`Preconditions.checkArgument(numFields > 0)`), so `getStruct` throws "
            + "`IllegalArgumentException`");
  }

  /** The fixed list of cases the Spark oracle does not check. */
  static final Set<String> SPARK_NOT_APPLICABLE =
      Set.of("all_types_null", "array_timestamp_duration_time", "field_defaults", "time_values");

  /** The fixed list of cases the Fory oracle does not check. */
  static final Set<String> FORY_NOT_APPLICABLE =
      Set.of(
          "all_types_null",
          "array_decimals",
          "array_interval",
          "array_interval_ym",
          "array_null",
          "array_timestamp_duration_time",
          "decimal_big_null_reserve",
          "decimal_p18_s6",
          "decimal_p19_s0",
          "decimal_p38_s10",
          "decimal_p9_s2",
          "duration_values",
          "empty_struct_field",
          "field_defaults",
          "interval_and_decimal_reserves",
          "interval_nested_null_reserve",
          "interval_null_reserve",
          "interval_values",
          "interval_ym_values",
          "list_of_lists_new_types",
          "map_interval_values",
          "map_interval_ym_keys",
          "map_new_type_values",
          "new_types_all_null",
          "new_types_in_struct_in_list",
          "null_in_map_and_struct",
          "null_past_bit_63",
          "null_values",
          "spec_example_variant",
          "time_values",
          "variant_arrays",
          "variant_binary_uuid",
          "variant_dates_times",
          "variant_decimals",
          "variant_deep_nesting",
          "variant_floats",
          "variant_from_json_text",
          "variant_in_list_map_struct",
          "variant_integers",
          "variant_large_forms",
          "variant_nanos_and_far_dates",
          "variant_non_canonical",
          "variant_null_and_booleans",
          "variant_objects",
          "variant_strings");

  static Map<String, String> unsupported(Oracle o) {
    return o == Oracle.SPARK ? SPARK_UNSUPPORTED : FORY_UNSUPPORTED;
  }

  static Set<String> notApplicable(Oracle o) {
    return o == Oracle.SPARK ? SPARK_NOT_APPLICABLE : FORY_NOT_APPLICABLE;
  }

  /** The unsupported kinds a case's schema uses for this oracle (empty: the oracle checks it). */
  static Set<String> blockers(Oracle o, Vectors.Case c) {
    Set<String> out = new TreeSet<>(c.kinds());
    out.retainAll(unsupported(o).keySet());
    return out;
  }

  /** Why the oracle does not check the case, or null when it does. */
  static String reason(Oracle o, Vectors.Case c) {
    Set<String> b = blockers(o, c);
    if (b.isEmpty()) {
      return null;
    }
    return b.stream().map(k -> unsupported(o).get(k)).collect(Collectors.joining("; "));
  }

  /** The cases the oracle runs on, after checking the fixed not-applicable list is exact. */
  static List<Vectors.Case> applicable(Oracle o, List<Vectors.Case> all) {
    return all.stream().filter(c -> !notApplicable(o).contains(c.name())).toList();
  }

  // ---- ORACLES.md ------------------------------------------------------------------------

  static String renderOraclesMd(List<Vectors.Case> all) {
    StringBuilder sb = new StringBuilder();
    sb.append("# Oracles for the golden vectors\n\n");
    sb.append(
        "Generated by `format-spec/oracle` (`make test-oracle`); do not edit by hand. "
            + "`CoverageTest` fails when this file does not match the cases and the oracles' fixed "
            + "not-applicable lists; rewrite it with\n"
            + "`mvn -B -ntp -pl format-spec/oracle test -Dzerorow.oracles.write=true`.\n\n");
    sb.append(
        "Two independent implementations of the same layout check every case they can "
            + "express (SPEC.md §9):\n\n");
    sb.append(
        "- **Spark** (`spark-catalyst_2.13:4.2.0`): the case's values.json is built as a "
            + "Catalyst `InternalRow` (`GenericInternalRow`, `UTF8String`, `Decimal`, "
            + "`GenericArrayData`, `ArrayBasedMapData`) and written by Spark's writers; the bytes "
            + "must equal `row.bin` exactly, for both the generated `UnsafeProjection.create(schema)` "
            + "and `InterpretedUnsafeProjection`. Types: `timestamp` with a zone → `TimestampType`, "
            + "without → `TimestampNTZType`, `duration` → `DayTimeIntervalType(DAY, SECOND)`, "
            + "`decimal(p,s)` → `DecimalType(p,s)`, `date32` → `DateType`, `binary`, `fixed_binary` "
            + "and `uuid` → `BinaryType`, `null` → `NullType`, `interval_ym` → "
            + "`YearMonthIntervalType`, `interval` → `CalendarIntervalType` (a `CalendarInterval`), "
            + "`variant` → `VariantType` (a `VariantVal` of values.json's value and metadata), "
            + "`list`/`map`/`struct` → `ArrayType`/`MapType`/`StructType` with the same nullability. "
            + "The same check runs over `format-spec/oracle/random_rows.jsonl`: random schemas and "
            + "values of every type Spark shares, written by the reference generator from a fixed "
            + "seed.\n");
    sb.append(
        "- **Fory** (`org.apache.fory:fory-format:0.16.0`): `row.bin` is wrapped in "
            + "Fory's `BinaryRow` with the equivalent Fory schema and every value, nested lists, maps "
            + "and structs included, is read back through Fory's getters and compared with "
            + "values.json (nulls through `isNullAt`, floats bit for bit).\n\n");
    int spark = 0;
    int fory = 0;
    StringBuilder rows = new StringBuilder();
    for (Vectors.Case c : all) {
      String rs = reason(Oracle.SPARK, c);
      String rf = reason(Oracle.FORY, c);
      if (rs == null) {
        spark++;
      }
      if (rf == null) {
        fory++;
      }
      rows.append("| `")
          .append(c.name())
          .append("` | ")
          .append(rs == null ? "checked" : "not applicable: " + rs)
          .append(" | ")
          .append(rf == null ? "checked" : "not applicable: " + rf)
          .append(" |\n");
    }
    sb.append(all.size())
        .append(" cases: Spark checks ")
        .append(spark)
        .append(", Fory checks ")
        .append(fory)
        .append(".\n\n");
    sb.append("| case | ")
        .append(Oracle.SPARK.title)
        .append(" | ")
        .append(Oracle.FORY.title)
        .append(" |\n");
    sb.append("| --- | --- | --- |\n");
    sb.append(rows);
    sb.append(
        "\nThe `invalid/` cases are not run through the oracles: neither Spark nor Fory "
            + "validates a row.\n");
    return sb.toString();
  }
}
