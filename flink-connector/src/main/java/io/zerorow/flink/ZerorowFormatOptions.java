package io.zerorow.flink;

import io.zerorow.row.ValidationLevel;
import java.util.Locale;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.ReadableConfig;

/** Options of {@code 'format' = 'zerorow'}; users write them with the prefix {@code zerorow.}. */
public final class ZerorowFormatOptions {
  private ZerorowFormatOptions() {}

  public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS =
      ConfigOptions.key("ignore-parse-errors")
          .booleanType()
          .defaultValue(false)
          .withDescription(
              "Skip a malformed message or row instead of failing the job: "
                  + "messages are counted in the zerorowParseErrors metric, a row file's skipped "
                  + "rows in a warning its reader logs.");

  public static final ConfigOption<String> VALIDATION =
      ConfigOptions.key("validation")
          .stringType()
          .defaultValue("full")
          .withDescription(
              "How much of each incoming row is checked before it is read "
                  + "(SPEC §6.2): 'full' (every offset, size, UTF-8 and padding, once), 'bounds' "
                  + "(each access checked as it happens) or 'none'.");

  public static final ConfigOption<String> WRITER_SCHEMA =
      ConfigOptions.key("writer-schema")
          .stringType()
          .noDefaultValue()
          .withDescription(
              "The schema the messages were written with (zerorow canonical JSON), "
                  + "when it is not the table's: each message is then read through the resolution "
                  + "of this schema against the table's (SPEC §13: fields matched by name or alias, "
                  + "exact widenings, fields the writer lacks read as null).");

  public static final ConfigOption<String> MODE =
      ConfigOptions.key("mode")
          .stringType()
          .defaultValue("decoded")
          .withDescription(
              "Row files only: 'decoded' (the table's columns are the schema's fields) or 'raw'"
                  + " (the table is one BYTES column, each value one row of 'zerorow.schema', for"
                  + " functions that take rows, such as PyFlink's zerorow.flink.row_udf).");

  public static final ConfigOption<String> SCHEMA =
      ConfigOptions.key("schema")
          .stringType()
          .noDefaultValue()
          .withDescription(
              "Row files in raw mode: the schema of the rows (zerorow canonical JSON). Files of"
                  + " other versions of it are read through its resolution (SPEC §13), so every"
                  + " value of the column is a row of this schema; written values must be rows of"
                  + " it.");

  /** The writer schema of option {@code zerorow.writer-schema}, or null. */
  static io.zerorow.type.Schema writerSchema(ReadableConfig options) {
    String json = options.getOptional(WRITER_SCHEMA).orElse(null);
    if (json == null) {
      return null;
    }
    try {
      return io.zerorow.type.Schema.fromJson(json);
    } catch (RuntimeException e) {
      throw new org.apache.flink.table.api.ValidationException(
          "'zerorow.writer-schema' is not "
              + "a zerorow schema (canonical JSON): "
              + e.getMessage(),
          e);
    }
  }

  static ValidationLevel validation(ReadableConfig options) {
    String v = options.get(VALIDATION);
    try {
      return ValidationLevel.valueOf(v.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new org.apache.flink.table.api.ValidationException(
          "'zerorow.validation' must be full, bounds or none " + "but is '" + v + "'");
    }
  }

  /**
   * The validation level, checked to compose with {@code 'zerorow.ignore-parse-errors'}: refused at
   * planning time at {@code none} (see {@link RowFileFormat#checkComposes}).
   */
  static ValidationLevel validation(ReadableConfig options, boolean ignoreParseErrors) {
    ValidationLevel level = validation(options);
    try {
      RowFileFormat.checkComposes(level, ignoreParseErrors);
    } catch (IllegalArgumentException e) {
      throw new org.apache.flink.table.api.ValidationException(e.getMessage());
    }
    return level;
  }

  /** True for {@code 'zerorow.mode' = 'raw'}; an unknown mode is refused. */
  static boolean raw(ReadableConfig options) {
    String mode = options.get(MODE).toLowerCase(Locale.ROOT);
    if (!mode.equals("raw") && !mode.equals("decoded")) {
      throw new org.apache.flink.table.api.ValidationException(
          "'zerorow.mode' must be decoded or raw but is '" + options.get(MODE) + "'");
    }
    return mode.equals("raw");
  }

  /**
   * The schema of raw mode ({@code 'zerorow.schema'}), checked against the table, which must be one
   * BYTES column; in decoded mode the option is refused (the table's columns are the schema).
   */
  static io.zerorow.type.Schema rawSchema(
      ReadableConfig options, org.apache.flink.table.types.logical.RowType table) {
    String json = options.getOptional(SCHEMA).orElse(null);
    if (!raw(options)) {
      if (json != null) {
        throw new org.apache.flink.table.api.ValidationException(
            "'zerorow.schema' is for 'zerorow.mode' = 'raw'; in decoded mode the table's columns"
                + " are the schema");
      }
      return null;
    }
    if (table.getFieldCount() != 1
        || !table
            .getTypeAt(0)
            .is(org.apache.flink.table.types.logical.LogicalTypeFamily.BINARY_STRING)) {
      throw new org.apache.flink.table.api.ValidationException(
          "'zerorow.mode' = 'raw' reads and writes one BYTES column (each value one row of"
              + " 'zerorow.schema') but the table has "
              + table);
    }
    if (json == null) {
      throw new org.apache.flink.table.api.ValidationException(
          "'zerorow.mode' = 'raw' needs 'zerorow.schema', the schema of the rows (zerorow"
              + " canonical JSON, e.g. zerorow.Schema.to_json() in Python): every value of the"
              + " column is a row of it, whatever version of it wrote the files");
    }
    try {
      return io.zerorow.type.Schema.fromJson(json);
    } catch (RuntimeException e) {
      throw new org.apache.flink.table.api.ValidationException(
          "'zerorow.schema' is not a zerorow schema (canonical JSON): " + e.getMessage(), e);
    }
  }
}
