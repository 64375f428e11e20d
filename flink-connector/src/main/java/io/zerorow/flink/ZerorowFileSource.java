package io.zerorow.flink;

import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.Schema;
import java.util.Objects;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.core.fs.Path;

/**
 * Row files (SPEC §5) as a DataStream of {@link BinaryRow}s, through Flink's {@link FileSource}
 * (files and directories on any Flink file system, continuous monitoring, checkpoints), with the
 * checks of {@code 'format' = 'zerorow'}: every file's schema is resolved against the reader schema
 * when it is opened (SPEC §13.5: rows of other schema versions are laid out by it, a file it cannot
 * read fails the job naming it); a file that was cut or never finished fails the job naming it and
 * the byte where it ends; rows are checked at the validation level before they are read. With
 * {@code ignoreParseErrors}, malformed rows and unreadable files are skipped, and a cut file is
 * read up to its cut, each logged (Flink gives a file format no metric group). The stream's type is
 * {@code ZerorowTypeInfo.of(schema)} (no Kryo).
 *
 * <pre>{@code
 * FileSource<BinaryRow> files = ZerorowFileSource.forRows(schema, new Path(dir)).build();
 * DataStream<BinaryRow> rows =
 *     env.fromSource(files, WatermarkStrategy.noWatermarks(), "row files");
 * }</pre>
 */
public final class ZerorowFileSource {
  private ZerorowFileSource() {}

  /**
   * A file source of the rows of the files at {@code paths}: {@code rows(schema)} over the row
   * files of each path (the path itself when it is a file; else the files of its directory tree
   * whose names do not start with {@code _} or {@code .}, SPEC §13.5), one split per file.
   */
  public static FileSource.FileSourceBuilder<BinaryRow> forRows(Schema schema, Path... paths) {
    return FileSource.forBulkFileFormat(rows(schema), paths)
        .setFileEnumerator(RowFileEnumerator::new);
  }

  /**
   * The bulk format of row files read as {@link BinaryRow}s of {@code schema}: validated in full
   * (SPEC §6.3) before they are returned, malformed rows and cut files failing the job.
   */
  public static BulkFormat<BinaryRow, FileSourceSplit> rows(Schema schema) {
    return rows(schema, ValidationLevel.FULL, false);
  }

  /**
   * The same, with rows checked at {@code level} (what {@code 'zerorow.validation'} sets: {@code
   * BOUNDS} checks each row's offsets and its fields' references, {@code NONE} the row's size only)
   * and, with {@code ignoreParseErrors}, what cannot be read skipped (what {@code
   * 'zerorow.ignore-parse-errors'} does). {@code NONE} with {@code ignoreParseErrors} is refused:
   * at {@code NONE} nothing is checked that could be skipped.
   */
  public static BulkFormat<BinaryRow, FileSourceSplit> rows(
      Schema schema, ValidationLevel level, boolean ignoreParseErrors) {
    Objects.requireNonNull(schema, "schema");
    RowFileFormat.checkComposes(level, ignoreParseErrors);
    return new RowFileFormat<>(
        new RowFileOutputs.Rows(schema, level), ZerorowTypeInfo.of(schema), ignoreParseErrors);
  }
}
