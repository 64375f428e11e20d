package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.testutils.logging.LoggerAuditingExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schema evolution (SPEC §13) in Flink: keyed state taken with one schema and restored with a newer
 * one (a savepoint, both state backends), row files of two schemas read as one table, and messages
 * read with {@code 'zerorow.writer-schema'}.
 */
class EvolutionTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER =
      new MiniClusterExtension(
          new org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration.Builder()
              .setNumberTaskManagers(1)
              .setNumberSlotsPerTaskManager(2)
              .build());

  /** Per-key totals, version 1. */
  static final Schema TOTAL_V1 =
      Schema.of(
          Field.of("sum", DataTypes.INT32, false),
          Field.of("count", DataTypes.INT32, false),
          Field.of("last", DataTypes.STRING, true));

  /** Version 2: sum and count widened, last renamed (its alias), max added. */
  static final Schema TOTAL_V2 =
      Schema.of(
          Field.of("sum", DataTypes.INT64, false),
          Field.of("count", DataTypes.INT64, false),
          Field.of("last_event", DataTypes.STRING, true, "last"),
          Field.of("max", DataTypes.INT64, true));

  /** A schema that cannot read version 1: sum narrowed. */
  static final Schema TOTAL_BAD =
      Schema.of(Field.of("sum", DataTypes.INT16, false), Field.of("count", DataTypes.INT32, false));

  static final int EVENTS = 30;
  static final int KEYS = 3;

  @TempDir Path tmp;

  @RegisterExtension
  final LoggerAuditingExtension restoreLog =
      new LoggerAuditingExtension(ZerorowSerializerSnapshot.class, org.slf4j.event.Level.WARN);

  static BinaryRow totalV1(int sum, int count, String last) {
    RowWriter w = new RowWriter(TOTAL_V1);
    w.reset();
    w.writeInt32(0, sum);
    w.writeInt32(1, count);
    w.writeString(2, last);
    return w.getRow().copy();
  }

  // ---- the serializer and its snapshot -------------------------------------------------------

  @Test
  void aSchemaThatReadsTheOldOneIsCompatibleAfterMigration() throws Exception {
    DataOutputSerializer out = new DataOutputSerializer(256);
    TypeSerializerSnapshot.writeVersionedSnapshot(
        out, new ZerorowSerializer(TOTAL_V1).snapshotConfiguration());
    TypeSerializerSnapshot<BinaryRow> old =
        TypeSerializerSnapshot.readVersionedSnapshot(
            new DataInputDeserializer(out.getCopyOfBuffer()), getClass().getClassLoader());
    ZerorowSerializer now = new ZerorowSerializer(TOTAL_V2);
    TypeSerializerSchemaCompatibility<BinaryRow> c =
        now.snapshotConfiguration().resolveSchemaCompatibility(old);
    assertTrue(c.isCompatibleAfterMigration());
    // where a heap backend's restore is logged, the way to read its rows: conform
    String hint = String.join("\n", restoreLog.getMessages());
    assertTrue(hint.contains("read state rows through ZerorowTypeInfo.conform(row)"), hint);
    assertTrue(hint.contains(TOTAL_V1.fingerprintHex()), hint);

    // what Flink does to migrate: read with the restore serializer, write with the new one
    TypeSerializer<BinaryRow> restore = old.restoreSerializer();
    DataOutputSerializer state = new DataOutputSerializer(64);
    restore.serialize(totalV1(12, 3, "e7"), state);
    BinaryRow read = restore.deserialize(new DataInputDeserializer(state.getCopyOfBuffer()));
    DataOutputSerializer migrated = new DataOutputSerializer(64);
    now.serialize(read, migrated);
    BinaryRow v2 = now.deserialize(new DataInputDeserializer(migrated.getCopyOfBuffer()));
    assertEquals(TOTAL_V2, v2.schema());
    assertEquals(12L, v2.getInt64(0));
    assertEquals(3L, v2.getInt64(1));
    assertEquals("e7", v2.getString(2));
    assertTrue(v2.isNullAt(3));
    // a copy is in the serializer's schema too, and so is conform's row
    assertEquals(v2, now.copy(read));
    assertEquals(v2, ZerorowTypeInfo.of(TOTAL_V2).conform(read));
    TypeSerializer<BinaryRow> other = now.duplicate();
    assertNotSame(now, other);
    assertEquals(now, other);
  }

  /** Version 1's fields sum and count swapped: the same types at each other's ordinals. */
  static final Schema TOTAL_SWAPPED =
      Schema.of(
          Field.of("count", DataTypes.INT32, false),
          Field.of("sum", DataTypes.INT32, false),
          Field.of("last", DataTypes.STRING, true));

  /** Version 1's snapshot as Flink reads it back from a checkpoint. */
  TypeSerializerSnapshot<BinaryRow> restoredSnapshotOfVersion1() throws IOException {
    DataOutputSerializer out = new DataOutputSerializer(256);
    TypeSerializerSnapshot.writeVersionedSnapshot(
        out, new ZerorowSerializer(TOTAL_V1).snapshotConfiguration());
    return TypeSerializerSnapshot.readVersionedSnapshot(
        new DataInputDeserializer(out.getCopyOfBuffer()), getClass().getClassLoader());
  }

  /** What a heap backend does before the job registers its state: reads a row with the old one. */
  static BinaryRow restoreOneRow(TypeSerializerSnapshot<BinaryRow> old) throws IOException {
    DataOutputSerializer state = new DataOutputSerializer(64);
    new ZerorowSerializer(TOTAL_V1).serialize(totalV1(12, 3, "e7"), state);
    return old.restoreSerializer()
        .duplicate()
        .deserialize(new DataInputDeserializer(state.getCopyOfBuffer()));
  }

  @Test
  void rowsAHeapBackendRestoredNameConformInTheirErrorsAndNoOtherRowsDo() throws Exception {
    TypeSerializerSnapshot<BinaryRow> old = restoredSnapshotOfVersion1();
    BinaryRow restored = restoreOneRow(old);
    assertTrue(
        new ZerorowSerializer(TOTAL_V2)
            .snapshotConfiguration()
            .resolveSchemaCompatibility(old)
            .isCompatibleAfterMigration());
    String note =
        "state restored as schema "
            + TOTAL_V1.fingerprintHex()
            + " "
            + TOTAL_V1.toJson()
            + "; the job declares "
            + TOTAL_V2.fingerprintHex()
            + " "
            + TOTAL_V2.toJson()
            + ": read it through ZerorowTypeInfo.conform(row) (SPEC §13)";
    io.zerorow.SchemaMismatchException e =
        assertThrows(io.zerorow.SchemaMismatchException.class, () -> restored.getInt64(0));
    assertTrue(
        e.getMessage().startsWith("schema_mismatch at sum: expected a field of type int64")
            && e.getMessage().endsWith("but the field has type \"int32\"; " + note),
        e.getMessage());
    IndexOutOfBoundsException added =
        assertThrows(IndexOutOfBoundsException.class, () -> restored.isNullAt(3));
    assertTrue(added.getMessage().endsWith("; " + note), added.getMessage());
    // the note is the restored schema object's: an equal schema elsewhere has none, and the
    // schema's value (equality, hash, fingerprint, JSON) does not see it
    assertEquals(note, restored.schema().mismatchNote());
    assertEquals(TOTAL_V1, restored.schema());
    assertEquals(TOTAL_V1.hashCode(), restored.schema().hashCode());
    assertEquals(TOTAL_V1.toJson(), restored.schema().toJson());
    assertEquals(null, TOTAL_V1.mismatchNote());
    assertEquals(null, totalV1(1, 1, "x").schema().mismatchNote());
    IndexOutOfBoundsException plain =
        assertThrows(IndexOutOfBoundsException.class, () -> totalV1(1, 1, "x").isNullAt(3));
    assertEquals("ordinal 3 of a row of 3 fields", plain.getMessage());
    // what the job gets through conform, and a row the job writes, carry none
    BinaryRow conformed = ZerorowTypeInfo.of(TOTAL_V2).conform(restored);
    assertEquals(12L, conformed.getInt64(0));
    assertEquals(null, conformed.schema().mismatchNote());
    // a later restore of the same state reads a schema object of its own, without the note
    assertEquals(null, restoreOneRow(restoredSnapshotOfVersion1()).schema().mismatchNote());
  }

  @Test
  void aHeapRestoreThatMovesAFieldToAnotherOrdinalIsRefusedRocksDbsIsMigrated() throws Exception {
    // heap: rows were restored before the job names its schema; a getInt32(0) of the job's "count"
    // would read the old rows' "sum" without an error, so the restore is refused
    TypeSerializerSnapshot<BinaryRow> heap = restoredSnapshotOfVersion1();
    BinaryRow restored = restoreOneRow(heap);
    assertEquals(12, restored.getInt32(0));
    ZerorowSerializer swapped = new ZerorowSerializer(TOTAL_SWAPPED);
    assertTrue(swapped.snapshotConfiguration().resolveSchemaCompatibility(heap).isIncompatible());
    assertTrue(
        swapped
            .toString()
            .contains(
                "schema_mismatch at count: the job declares field \"count\" at ordinal 0 where"
                    + " the restored rows have field \"sum\""),
        swapped.toString());
    assertEquals(null, restored.schema().mismatchNote());
    // RocksDB: nothing read before the job names its schema; each value is migrated by name
    TypeSerializerSnapshot<BinaryRow> rocks = restoredSnapshotOfVersion1();
    assertTrue(
        new ZerorowSerializer(TOTAL_SWAPPED)
            .snapshotConfiguration()
            .resolveSchemaCompatibility(rocks)
            .isCompatibleAfterMigration());
    BinaryRow migrated = swapped.copy(restoreOneRow(rocks));
    assertEquals(3, migrated.getInt32(0));
    assertEquals(12, migrated.getInt32(1));
    // a nested struct whose fields swap is found too (by its schema path)
    Schema nestedV1 = Schema.of(Field.of("t", TOTAL_V1, true));
    Schema nestedSwapped = Schema.of(Field.of("t", DataTypes.list(TOTAL_SWAPPED, true), true));
    assertEquals(
        "t[].count: the job declares field \"count\" at ordinal 0 where the restored rows have"
            + " field \"sum\"",
        ZerorowSerializerSnapshot.ordinalClash(
            Schema.of(Field.of("t", DataTypes.list(TOTAL_V1, true), true)), nestedSwapped, ""));
    assertEquals(
        "t.count: the job declares field \"count\" at ordinal 0 where the restored rows have"
            + " field \"sum\"",
        ZerorowSerializerSnapshot.ordinalClash(
            nestedV1, Schema.of(Field.of("t", TOTAL_SWAPPED, true)), ""));
    // renamed through an alias, widened, added at the end: the same fields at the same ordinals
    assertEquals(null, ZerorowSerializerSnapshot.ordinalClash(TOTAL_V1, TOTAL_V2, ""));
  }

  // ---- keyed state through a savepoint -------------------------------------------------------

  static final AtomicLong COUNTED = new AtomicLong();

  /** Version 1 of a job: per-key totals of the events, in state as TOTAL_V1 rows. */
  static final class TotalsV1 extends KeyedProcessFunction<Long, Long, Long> {
    private static final long serialVersionUID = 1L;

    private transient ValueState<BinaryRow> total;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
      total =
          getRuntimeContext()
              .getState(new ValueStateDescriptor<>("total", ZerorowTypeInfo.of(TOTAL_V1)));
    }

    @Override
    public void processElement(Long i, Context ctx, Collector<Long> out) throws Exception {
      BinaryRow t = total.value();
      total.update(
          totalV1(
              (t == null ? 0 : t.getInt32(0)) + i.intValue(),
              (t == null ? 0 : t.getInt32(1)) + 1,
              "e" + i));
      COUNTED.incrementAndGet();
    }
  }

  /** Version 2 of the job: reads each key's total, now TOTAL_V2, when the key comes by. */
  static final class TotalsV2 extends KeyedProcessFunction<Long, Long, String> {
    private static final long serialVersionUID = 1L;

    static final ZerorowTypeInfo TYPE = ZerorowTypeInfo.of(TOTAL_V2);
    private transient ValueState<BinaryRow> total;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
      total = getRuntimeContext().getState(new ValueStateDescriptor<>("total", TYPE));
    }

    @Override
    public void processElement(Long key, Context ctx, Collector<String> out) throws Exception {
      BinaryRow stored = total.value();
      BinaryRow t = TYPE.conform(stored); // a heap backend hands back the rows it restored
      out.collect(
          key
              + ": sum="
              + t.getInt64(0)
              + " count="
              + t.getInt64(1)
              + " last="
              + t.getString(2)
              + " max="
              + (t.isNullAt(3) ? "null" : t.getInt64(3))
              + " stored as v2="
              + stored.schema().equals(TOTAL_V2));
    }
  }

  /** A version whose schema cannot read version 1's state. */
  static final class TotalsBad extends KeyedProcessFunction<Long, Long, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
      getRuntimeContext()
          .getState(new ValueStateDescriptor<>("total", ZerorowTypeInfo.of(TOTAL_BAD)));
    }

    @Override
    public void processElement(Long k, Context ctx, Collector<Long> out) {}
  }

  /** Version 2 reading its state without conform: a getter of the new types on each total. */
  static final class TotalsV2Unconformed extends KeyedProcessFunction<Long, Long, Long> {
    private static final long serialVersionUID = 1L;

    private transient ValueState<BinaryRow> total;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
      total = getRuntimeContext().getState(new ValueStateDescriptor<>("total", TotalsV2.TYPE));
    }

    @Override
    public void processElement(Long key, Context ctx, Collector<Long> out) throws Exception {
      out.collect(total.value().getInt64(0));
    }
  }

  /** Version 1 with sum and count at each other's ordinals (TOTAL_SWAPPED). */
  static final class TotalsSwapped extends KeyedProcessFunction<Long, Long, String> {
    private static final long serialVersionUID = 1L;

    private transient ValueState<BinaryRow> total;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
      total =
          getRuntimeContext()
              .getState(new ValueStateDescriptor<>("total", ZerorowTypeInfo.of(TOTAL_SWAPPED)));
    }

    @Override
    public void processElement(Long key, Context ctx, Collector<String> out) throws Exception {
      BinaryRow t = total.value();
      out.collect(key + ": sum=" + t.getInt32(1) + " count=" + t.getInt32(0));
    }
  }

  static StreamExecutionEnvironment environment(Configuration conf, String backend) {
    conf.set(PipelineOptions.GENERIC_TYPES, false);
    conf.set(StateBackendOptions.STATE_BACKEND, backend);
    conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
    env.configure(conf);
    env.setParallelism(2);
    return env;
  }

  /** Runs version 1 until it has counted every event, then stops it with a savepoint. */
  String savepointOfVersion1(String backend) throws Exception {
    COUNTED.set(0);
    StreamExecutionEnvironment env = environment(new Configuration(), backend);
    // unbounded (a savepoint needs a running job); only the first EVENTS are counted
    DataGeneratorSource<Long> source =
        new DataGeneratorSource<>(
            i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(300), Types.LONG);
    env.fromSource(source, WatermarkStrategy.noWatermarks(), "events")
        .setParallelism(1)
        .uid("events")
        .filter(i -> i < EVENTS)
        .setParallelism(1)
        .keyBy(i -> i % KEYS)
        .process(new TotalsV1())
        .uid("totals")
        .sinkTo(new DiscardingSink<>());
    JobClient job = env.executeAsync("totals v1");
    boolean stopped = false;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (COUNTED.get() < EVENTS) {
        assertTrue(System.nanoTime() < deadline, "version 1 counted " + COUNTED.get());
        Thread.sleep(20);
      }
      while (true) {
        try {
          String savepoint =
              job.stopWithSavepoint(
                      false,
                      tmp.resolve("savepoints").toUri().toString(),
                      SavepointFormatType.CANONICAL)
                  .get(60, TimeUnit.SECONDS);
          stopped = true;
          return savepoint;
        } catch (java.util.concurrent.ExecutionException e) {
          // on a loaded machine a subtask without input may still be deploying when every key
          // has been counted: the savepoint is refused until all tasks run, so ask again
          boolean deploying =
              org.apache.flink.util.ExceptionUtils.findThrowableWithMessage(
                      e, "is not being executed at the moment")
                  .isPresent();
          if (!deploying || System.nanoTime() > deadline) {
            throw e;
          }
          Thread.sleep(100);
        }
      }
    } finally {
      if (!stopped) {
        job.cancel().get(60, TimeUnit.SECONDS); // never leave its slots to the next test
      }
    }
  }

  /** Version 2 restored from {@code savepoint}: one line per key. */
  List<String> restoreVersion2(String savepoint, String backend) throws Exception {
    return restore(savepoint, backend, new TotalsV2());
  }

  /** {@code job} restored from {@code savepoint} and run over keys 0, 1, 2: its output, sorted. */
  static <T> List<String> restore(
      String savepoint, String backend, KeyedProcessFunction<Long, Long, T> job) throws Exception {
    Configuration conf = new Configuration();
    conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
    conf.set(StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE, true); // v1's source
    StreamExecutionEnvironment env = environment(conf, backend);
    List<String> out = new ArrayList<>();
    env.fromData(0L, 1L, 2L)
        .keyBy(k -> k)
        .process(job)
        .uid("totals")
        .executeAndCollect()
        .forEachRemaining(r -> out.add(String.valueOf(r)));
    out.sort(null);
    return out;
  }

  /** The error chain of {@code job} restored from {@code savepoint}, which must fail. */
  static <T> String failedRestore(
      String savepoint, String backend, KeyedProcessFunction<Long, Long, T> job) {
    return causes(assertThrows(Exception.class, () -> restore(savepoint, backend, job)));
  }

  /** The totals as TotalsSwapped prints them. */
  static List<String> expectedSwapped() {
    List<String> out = new ArrayList<>();
    for (String line : expectedTotals(true)) {
      out.add(line.substring(0, line.indexOf(" last=")));
    }
    return out;
  }

  static List<String> expectedTotals(boolean storedAsV2) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < KEYS; k++) {
      long sum = 0;
      long count = 0;
      int last = 0;
      for (int i = k; i < EVENTS; i += KEYS) {
        sum += i;
        count++;
        last = i;
      }
      out.add(
          k
              + ": sum="
              + sum
              + " count="
              + count
              + " last=e"
              + last
              + " max=null"
              + " stored as v2="
              + storedAsV2);
    }
    return out;
  }

  @Test
  void rocksDbStateOfVersion1IsMigratedWhenVersion2Restores() throws Exception {
    String savepoint = savepointOfVersion1("rocksdb");
    // RocksDB migrates every value on restore: the job reads rows of version 2
    assertEquals(expectedTotals(true), restoreVersion2(savepoint, "rocksdb"));
    // fields at each other's ordinals are migrated by name too
    assertEquals(expectedSwapped(), restore(savepoint, "rocksdb", new TotalsSwapped()));
  }

  @Test
  void heapStateOfVersion1ReadsThroughConformAndARefusedRestoreNamesThePath() throws Exception {
    String savepoint = savepointOfVersion1("hashmap");
    // a heap backend keeps the rows it restored (version 1): conform lays them out as version 2
    assertEquals(expectedTotals(false), restoreVersion2(savepoint, "hashmap"));

    // read without conform, a restored row's getter error names conform and both schemas
    String unconformed = failedRestore(savepoint, "hashmap", new TotalsV2Unconformed());
    assertTrue(
        unconformed.contains("SchemaMismatchException: schema_mismatch at sum: expected a field")
            && unconformed.contains(
                "but the field has type \"int32\"; state restored as schema "
                    + TOTAL_V1.fingerprintHex()
                    + " "
                    + TOTAL_V1.toJson()
                    + "; the job declares "
                    + TOTAL_V2.fingerprintHex()
                    + " "
                    + TOTAL_V2.toJson()
                    + ": read it through ZerorowTypeInfo.conform(row)"),
        unconformed);

    // fields at each other's ordinals with the same types: refused, never read by the wrong ordinal
    String swapped = failedRestore(savepoint, "hashmap", new TotalsSwapped());
    assertTrue(
        swapped.contains(
            "schema_mismatch at count: the job declares field \"count\" at ordinal 0 where the"
                + " restored rows have field \"sum\""),
        swapped);

    Configuration conf = new Configuration();
    conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
    conf.set(StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE, true);
    StreamExecutionEnvironment env = environment(conf, "hashmap");
    env.fromData(0L)
        .keyBy(k -> k)
        .process(new TotalsBad())
        .uid("totals")
        .sinkTo(new DiscardingSink<>());
    Exception e = assertThrows(Exception.class, () -> env.execute("totals with a bad schema"));
    String chain = causes(e);
    assertTrue(
        chain.contains(TOTAL_V1.fingerprintHex()) && chain.contains(TOTAL_BAD.toJson()), chain);
    assertTrue(
        chain.contains(
            "schema_mismatch at sum: writer type \"int32\" cannot be read as " + "\"int16\""),
        chain);
  }

  static String causes(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      b.append(c).append('\n');
    }
    return b.toString();
  }

  // ---- row files of two schemas, one table ---------------------------------------------------

  static final Schema FILE_V1 =
      Schema.of(
          Field.of("id", DataTypes.INT32, false),
          Field.of("name", DataTypes.STRING, true),
          Field.of("score", DataTypes.FLOAT32, true));
  static final Schema FILE_V2 =
      Schema.of(
          Field.of("id", DataTypes.INT64, false),
          Field.of("name", DataTypes.STRING, true),
          Field.of("score", DataTypes.FLOAT64, true),
          Field.of("tags", DataTypes.list(DataTypes.STRING, true), true));

  static void writeFiles(Path dir) throws IOException {
    Files.createDirectories(dir);
    RowWriter w1 = new RowWriter(FILE_V1);
    try (RowFileWriter out = RowFileWriter.file(dir.resolve("a-v1.arrow"), FILE_V1)) {
      for (int i = 0; i < 3; i++) {
        w1.reset();
        w1.writeInt32(0, i);
        w1.writeString(1, "old-" + i);
        w1.writeFloat32(2, i * 0.25f);
        out.write(w1.getRow());
      }
    }
    RowWriter w2 = new RowWriter(FILE_V2);
    io.zerorow.writer.ArrayWriter tags =
        new io.zerorow.writer.ArrayWriter(
            (io.zerorow.type.DataTypes.ListType) FILE_V2.field(3).type(), w2);
    try (RowFileWriter out = RowFileWriter.file(dir.resolve("b-v2.arrow"), FILE_V2)) {
      for (long i = 5_000_000_000L; i < 5_000_000_002L; i++) {
        w2.reset();
        w2.writeInt64(0, i);
        w2.writeString(1, "new-" + i);
        w2.writeFloat64(2, 0.1);
        int c = w2.cursor();
        tags.initialize(1);
        tags.writeString(0, "t");
        w2.setOffsetAndSize(3, c);
        out.write(w2.getRow());
      }
    }
  }

  static List<String> query(TableEnvironment t, String sql) throws Exception {
    List<String> out = new ArrayList<>();
    for (Row r : TableJobTest.collect(t, sql)) {
      out.add(r.toString());
    }
    out.sort(null);
    return out;
  }

  @Test
  void rowFilesOfTwoSchemasReadAsTheTablesColumns() throws Exception {
    Path dir = tmp.resolve("orders");
    writeFiles(dir);
    TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    t.executeSql(
        "CREATE TABLE orders (id BIGINT NOT NULL, name STRING, score DOUBLE, "
            + "tags ARRAY<STRING>, note STRING) WITH ('connector' = 'filesystem', 'path' = '"
            + dir.toUri()
            + "', 'format' = 'zerorow')");
    assertEquals(
        List.of(
            "+I[0, old-0, 0.0, null, null]",
            "+I[1, old-1, 0.25, null, null]",
            "+I[2, old-2, 0.5, null, null]",
            "+I[5000000000, new-5000000000, 0.1, [t], null]",
            "+I[5000000001, new-5000000001, 0.1, [t], null]"),
        query(t, "SELECT * FROM orders"));
    assertEquals(
        List.of("+I[old-1]", "+I[old-2]"),
        query(t, "SELECT name FROM orders WHERE score > 0.2 AND tags IS NULL"));

    t.executeSql(
        "CREATE TABLE narrow (id INT NOT NULL) WITH ('connector' = 'filesystem', "
            + "'path' = '"
            + dir.toUri()
            + "', 'format' = 'zerorow')");
    Exception e = assertThrows(Exception.class, () -> query(t, "SELECT id FROM narrow"));
    String chain = causes(e);
    assertTrue(
        chain.contains("schema_mismatch at id: row file ") && chain.contains("b-v2.arrow"), chain);
    assertTrue(chain.contains("writer type \"int64\" cannot be read as \"int32\""), chain);
  }

  // ---- messages with 'zerorow.writer-schema' -------------------------------------------------

  static final org.apache.flink.table.types.DataType TABLE =
      org.apache.flink.table.api.DataTypes.ROW(
          org.apache.flink.table.api.DataTypes.FIELD(
              "id", org.apache.flink.table.api.DataTypes.BIGINT().notNull()),
          org.apache.flink.table.api.DataTypes.FIELD(
              "name", org.apache.flink.table.api.DataTypes.STRING()),
          org.apache.flink.table.api.DataTypes.FIELD(
              "email", org.apache.flink.table.api.DataTypes.STRING()));

  static org.apache.flink.api.common.serialization.DeserializationSchema<RowData> messages(
      Schema writer, int[][] projection) {
    Configuration options = new Configuration();
    options.setString("writer-schema", writer.toJson());
    return FormatFactoryTest.factory()
        .createDecodingFormat(null, options)
        .createRuntimeDecoder(FormatFactoryTest.CONTEXT, TABLE, projection);
  }

  @Test
  void messagesOfAnotherWriterSchemaReadAsTheTablesColumns() throws Exception {
    RowWriter w = new RowWriter(FILE_V1);
    w.reset();
    w.writeInt32(0, 7);
    w.writeString(1, "seven");
    w.setNullAt(2);
    byte[] message = w.toByteArray();
    RowData all = messages(FILE_V1, new int[][] {{0}, {1}, {2}}).deserialize(message);
    assertEquals(7L, all.getLong(0));
    assertEquals("seven", all.getString(1).toString());
    assertTrue(all.isNullAt(2));
    RowData projected = messages(FILE_V1, new int[][] {{1}}).deserialize(message);
    assertEquals(1, projected.getArity());
    assertEquals("seven", projected.getString(0).toString());
    // a malformed message is still an error naming the message
    IOException bad =
        assertThrows(
            IOException.class,
            () ->
                messages(FILE_V1, new int[][] {{1}})
                    .deserialize(java.util.Arrays.copyOf(message, 12)));
    assertTrue(
        bad.getMessage().contains("message 0")
            && bad.getMessage().contains(FILE_V1.fingerprintHex()),
        bad.getMessage());

    // a writer schema the table cannot read is refused when the query is planned
    Schema wide = Schema.of(Field.of("id", DataTypes.STRING, false));
    ValidationException e =
        assertThrows(ValidationException.class, () -> messages(wide, new int[][] {{0}}));
    assertTrue(
        e.getMessage()
            .contains(
                "schema_mismatch at id: writer type \"string\" cannot be " + "read as \"int64\""),
        e.getMessage());
    assertTrue(e.getMessage().contains(wide.toJson()), e.getMessage());
  }
}
