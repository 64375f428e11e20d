package io.zerorow.flink;

import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.io.IOException;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.table.data.RowData;

/**
 * One message = one zerorow row, read as a {@link RowData} of the projected fields. A malformed
 * message fails the job with its number, size, field path and the numbers; with {@code
 * zerorow.ignore-parse-errors} it is skipped and counted (metric {@code zerorowParseErrors},
 * registered in {@link #open}).
 *
 * <p>A format is handed a message's bytes alone, never the connector's position (a Kafka partition
 * and offset): the position an error gives is the message's number among those this instance (one
 * per source subtask) has read since it started, counting from 0, and its length.
 */
public final class ZerorowDeserializationSchema implements DeserializationSchema<RowData> {
  private static final long serialVersionUID = 1L;
  public static final String PARSE_ERRORS_METRIC = "zerorowParseErrors";
  private final RowDecoder decoder;
  private final TypeInformation<RowData> producedType;
  private final boolean ignoreParseErrors;

  /** The messages' writer schema when it is not the table's (SPEC §13), else null. */
  private final String writerJson;

  private transient Schema writer;
  private transient Counter parseErrors;
  private transient long messages;

  ZerorowDeserializationSchema(
      RowDecoder decoder, TypeInformation<RowData> producedType, boolean ignoreParseErrors) {
    this(decoder, producedType, ignoreParseErrors, null);
  }

  ZerorowDeserializationSchema(
      RowDecoder decoder,
      TypeInformation<RowData> producedType,
      boolean ignoreParseErrors,
      Schema writer) {
    this.decoder = decoder;
    this.producedType = producedType;
    this.ignoreParseErrors = ignoreParseErrors;
    this.writerJson = writer == null ? null : writer.toJson();
    this.writer = writer;
  }

  /** The schema the messages are laid out by. */
  private Schema writer() {
    if (writer == null) {
      writer = writerJson == null ? decoder.schema() : Schema.fromJson(writerJson);
    }
    return writer;
  }

  @Override
  public void open(InitializationContext context) {
    parseErrors = context.getMetricGroup().counter(PARSE_ERRORS_METRIC);
  }

  /** Malformed messages skipped so far (with {@code zerorow.ignore-parse-errors}). */
  public long parseErrors() {
    return counter().getCount();
  }

  private Counter counter() {
    if (parseErrors == null) {
      parseErrors = new SimpleCounter();
    }
    return parseErrors;
  }

  @Override
  public RowData deserialize(byte[] message) throws IOException {
    if (message == null) {
      return null;
    }
    long n = messages++;
    try {
      return writerJson == null
          ? decoder.decode(message)
          : decoder.decode(BinaryRow.wrap(writer(), message), true);
    } catch (ZerorowException e) {
      if (ignoreParseErrors) {
        counter().inc();
        return null;
      }
      throw new IOException(
          "zerorow: cannot read message "
              + n
              + " ("
              + message.length
              + " bytes; messages are numbered from 0 by each source subtask since it started) as a"
              + " row of schema "
              + writer().fingerprintHex()
              + ": "
              + e.getMessage()
              + " (set 'zerorow.ignore-parse-errors' = 'true' to skip such messages)",
          e);
    }
  }

  @Override
  public boolean isEndOfStream(RowData nextElement) {
    return false;
  }

  @Override
  public TypeInformation<RowData> getProducedType() {
    return producedType;
  }
}
