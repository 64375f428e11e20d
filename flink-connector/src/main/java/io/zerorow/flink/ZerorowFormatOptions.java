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
          .withDescription("Skip a malformed message or row (and count it in the "
              + "zerorowParseErrors metric) instead of failing the job.");

  public static final ConfigOption<String> VALIDATION =
      ConfigOptions.key("validation")
          .stringType()
          .defaultValue("full")
          .withDescription("How much of each incoming row is checked before it is read "
              + "(SPEC §6.2): 'full' (every offset, size, UTF-8 and padding, once), 'bounds' "
              + "(each access checked as it happens) or 'none'.");

  static ValidationLevel validation(ReadableConfig options) {
    String v = options.get(VALIDATION);
    try {
      return ValidationLevel.valueOf(v.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'zerorow.validation' must be full, bounds or none "
          + "but is '" + v + "'");
    }
  }
}
