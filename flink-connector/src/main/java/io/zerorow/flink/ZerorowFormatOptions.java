package io.zerorow.flink;

import io.zerorow.ValidationLevel;
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

  /** The writer schema of option {@code zerorow.writer-schema}, or null. */
  static io.zerorow.Schema writerSchema(ReadableConfig options) {
    String json = options.getOptional(WRITER_SCHEMA).orElse(null);
    if (json == null) {
      return null;
    }
    try {
      return io.zerorow.Schema.fromJson(json);
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
      throw new IllegalArgumentException(
          "'zerorow.validation' must be full, bounds or none " + "but is '" + v + "'");
    }
  }
}
