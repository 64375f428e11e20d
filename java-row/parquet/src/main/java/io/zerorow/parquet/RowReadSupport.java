package io.zerorow.parquet;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-mr's {@link ReadSupport} for rows: requests only the columns of the projection (the
 * zerorow schema to read) and materializes each record into one reused row.
 */
public final class RowReadSupport extends ReadSupport<BinaryRow> {
  private final Schema projection;
  private final boolean strict;

  /** The materializer of the file being read (its record number names rows in errors). */
  private RowConverters.Materializer materializer;

  /** Reads the columns of {@code projection} (fields by name, nested structs too). */
  public RowReadSupport(Schema projection) {
    this(projection, false);
  }

  /**
   * Reads the columns of {@code projection}; with {@code strict}, values finer than a microsecond
   * are refused instead of floored (SPEC Appendix A rule 6).
   */
  public RowReadSupport(Schema projection, boolean strict) {
    this.projection = projection;
    this.strict = strict;
  }

  /** The 0-based number of the record being read in the file, or -1 before the first. */
  long recordNumber() {
    return materializer == null ? -1 : materializer.recordNumber();
  }

  /** The schema of the rows read: the fields asked for, in their order. */
  public Schema projection() {
    return projection;
  }

  @Override
  public ReadContext init(InitContext context) {
    return new ReadContext(ParquetSchemas.project(context.getFileSchema(), projection));
  }

  // abstract in parquet-mr 1.16 beside its ParquetConfiguration twin below, though deprecated
  @SuppressWarnings("deprecation")
  @Override
  public RecordMaterializer<BinaryRow> prepareForRead(
      Configuration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return materializer(readContext);
  }

  @Override
  public RecordMaterializer<BinaryRow> prepareForRead(
      ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return materializer(readContext);
  }

  private RecordMaterializer<BinaryRow> materializer(ReadContext readContext) {
    materializer =
        new RowConverters.Materializer(readContext.getRequestedSchema(), projection, strict);
    return materializer;
  }
}
