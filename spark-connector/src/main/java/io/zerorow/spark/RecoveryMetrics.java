package io.zerorow.spark;

import io.zerorow.arrow.RowFileReader;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The DataSource V2 metrics of a read with option {@code recover} (SPEC §5.3): rows recovered from
 * cut row files, rows lost at their cuts (where the cut batch's header tells), and cut files. Each
 * task reports its sums ({@link Counts}); Spark adds the tasks' values for the SQL UI and the
 * plan's metrics. The classes are public with no-argument constructors: Spark builds them by name
 * on the driver to aggregate the tasks' values.
 */
public final class RecoveryMetrics {
  /** The metric names, as the plan's metrics map keys them. */
  static final String RECOVERED_ROWS = "zerorowRecoveredRows";

  static final String LOST_ROWS = "zerorowLostRows";
  static final String CUT_FILES = "zerorowCutFiles";

  private RecoveryMetrics() {}

  /** Rows read from the complete record batches of cut files. */
  public static final class RecoveredRows extends CustomSumMetric {
    /** For Spark, which builds it by name. */
    public RecoveredRows() {}

    @Override
    public String name() {
      return RECOVERED_ROWS;
    }

    @Override
    public String description() {
      return "rows recovered from cut row files";
    }
  }

  /** Rows of the batches the cuts went through (0 where a file lost only its footer). */
  public static final class LostRows extends CustomSumMetric {
    /** For Spark, which builds it by name. */
    public LostRows() {}

    @Override
    public String name() {
      return LOST_ROWS;
    }

    @Override
    public String description() {
      return "rows lost at cuts of row files";
    }
  }

  /** Row files found cut (or never finished) and read up to the cut. */
  public static final class CutFiles extends CustomSumMetric {
    /** For Spark, which builds it by name. */
    public CutFiles() {}

    @Override
    public String name() {
      return CUT_FILES;
    }

    @Override
    public String description() {
      return "cut row files read up to the cut";
    }
  }

  /** What a scan with option recover declares ({@code Scan.supportedCustomMetrics}). */
  static CustomMetric[] supported() {
    return new CustomMetric[] {new RecoveredRows(), new LostRows(), new CutFiles()};
  }

  /** One task's sums over the files it read; its reader reports them to Spark. */
  static final class Counts {
    private long recovered;
    private long lost;
    private long cutFiles;

    /** Adds a file read up to its cut, once its rows are read ({@link RowFileReader#cut()}). */
    void add(RowFileReader cut) {
      cutFiles++;
      recovered += Math.max(cut.recoveredRows(), 0);
      lost += Math.max(cut.lostRows(), 0); // -1: its row count unknown
    }

    /** The sums so far, as Spark's {@code PartitionReader.currentMetricsValues} gives them. */
    CustomTaskMetric[] values() {
      return new CustomTaskMetric[] {
        value(RECOVERED_ROWS, recovered), value(LOST_ROWS, lost), value(CUT_FILES, cutFiles)
      };
    }

    private static CustomTaskMetric value(String name, long v) {
      return new CustomTaskMetric() {
        @Override
        public String name() {
          return name;
        }

        @Override
        public long value() {
          return v;
        }
      };
    }
  }
}
