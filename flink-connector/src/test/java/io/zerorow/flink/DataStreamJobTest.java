package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.arrow.RowFileWriter;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** DataStream jobs carrying BinaryRows: keyBy and shuffles without Kryo, and exactly-once state. */
class DataStreamJobTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER =
      new MiniClusterExtension(
          new org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration.Builder()
              .setNumberTaskManagers(1)
              .setNumberSlotsPerTaskManager(2)
              .build());

  static final Schema EVENT =
      Schema.of(
          Field.of("key", DataTypes.INT64, false),
          Field.of("id", DataTypes.INT64, false),
          Field.of("name", DataTypes.STRING, true),
          Field.of("items", DataTypes.list(DataTypes.INT64, false), true));

  /** Per-key state, kept as a row too (so checkpoints hold zerorow bytes). */
  static final Schema TOTAL =
      Schema.of(Field.of("sum", DataTypes.INT64, false), Field.of("count", DataTypes.INT64, false));

  static final int KEYS = 7;

  /** Builds the event row of sequence number {@code i}. */
  static final class ToEvent implements MapFunction<Long, BinaryRow> {
    private static final long serialVersionUID = 1L;
    private transient RowWriter writer;
    private transient io.zerorow.writer.ArrayWriter items;

    @Override
    public BinaryRow map(Long i) {
      if (writer == null) {
        writer = new RowWriter(EVENT);
        items =
            new io.zerorow.writer.ArrayWriter((DataTypes.ListType) EVENT.field(3).type(), writer);
      }
      writer.reset();
      writer.writeInt64(0, i % KEYS);
      writer.writeInt64(1, i);
      writer.writeString(2, "event-" + i);
      int c = writer.cursor();
      items.initialize((int) (i % 3));
      for (int k = 0; k < i % 3; k++) {
        items.writeInt64(k, i * k);
      }
      writer.setOffsetAndSize(3, c);
      return BinaryRow.wrap(EVENT, writer.toByteArray());
    }
  }

  /** Running (key, sum of ids, count) per key, with the total in keyed state. */
  static final class SumPerKey
      extends KeyedProcessFunction<Long, BinaryRow, Tuple3<Long, Long, Long>> {
    private static final long serialVersionUID = 1L;
    private transient ValueState<BinaryRow> total;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
      total =
          getRuntimeContext()
              .getState(new ValueStateDescriptor<>("total", ZerorowTypeInfo.of(TOTAL)));
    }

    @Override
    public void processElement(
        BinaryRow event, Context ctx, Collector<Tuple3<Long, Long, Long>> out) throws Exception {
      BinaryRow t = total.value();
      long sum = (t == null ? 0 : t.getInt64(0)) + event.getInt64(1);
      long count = (t == null ? 0 : t.getInt64(1)) + 1;
      RowWriter w = new RowWriter(TOTAL);
      w.reset();
      w.writeInt64(0, sum);
      w.writeInt64(1, count);
      total.update(BinaryRow.wrap(TOTAL, w.toByteArray()));
      out.collect(Tuple3.of(ctx.getCurrentKey(), sum, count));
    }
  }

  static Map<Long, Tuple3<Long, Long, Long>> finalTotals(List<Tuple3<Long, Long, Long>> updates) {
    Map<Long, Tuple3<Long, Long, Long>> last = new HashMap<>();
    for (Tuple3<Long, Long, Long> u : updates) {
      last.merge(u.f0, u, (a, b) -> a.f2 >= b.f2 ? a : b);
    }
    return last;
  }

  /**
   * Every input row gave exactly one update: per key, the counts 1..c each once (a row replayed
   * after the restore but already counted would repeat a count; a lost one would leave a gap).
   */
  static void assertEachRowOnce(long n, List<Tuple3<Long, Long, Long>> updates) {
    assertEquals(n, updates.size(), "one update per input row");
    Map<Long, List<Long>> counts = new HashMap<>();
    for (Tuple3<Long, Long, Long> u : updates) {
      counts.computeIfAbsent(u.f0, k -> new ArrayList<>()).add(u.f2);
    }
    for (Map.Entry<Long, List<Long>> e : counts.entrySet()) {
      List<Long> c = e.getValue();
      c.sort(null);
      for (int i = 0; i < c.size(); i++) {
        assertEquals(i + 1L, c.get(i), "the counts of key " + e.getKey());
      }
    }
  }

  static void assertExactTotals(long n, Map<Long, Tuple3<Long, Long, Long>> totals) {
    assertEquals(KEYS, totals.size());
    for (long k = 0; k < KEYS; k++) {
      long sum = 0;
      long count = 0;
      for (long i = 1; i <= n; i++) {
        if (i % KEYS == k) {
          sum += i;
          count++;
        }
      }
      assertEquals(count, totals.get(k).f2, "count of key " + k);
      assertEquals(sum, totals.get(k).f1, "sum of key " + k);
    }
  }

  static StreamExecutionEnvironment environment(Configuration conf) {
    conf.set(PipelineOptions.GENERIC_TYPES, false); // any Kryo fallback fails the job
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
    env.configure(conf);
    env.setParallelism(2);
    return env;
  }

  @Test
  void rowsGoThroughKeyByAndAShuffleWithoutKryo() throws Exception {
    StreamExecutionEnvironment env = environment(new Configuration());
    long n = 2000;
    DataStream<BinaryRow> events =
        env.fromSequence(1, n).map(new ToEvent()).returns(ZerorowTypeInfo.of(EVENT)).rebalance();
    List<Tuple3<Long, Long, Long>> updates = new ArrayList<>();
    events
        .keyBy(ZerorowKeys.int64(EVENT, "key"))
        .process(new SumPerKey())
        .executeAndCollect()
        .forEachRemaining(updates::add);
    assertEachRowOnce(n, updates);
    assertExactTotals(n, finalTotals(updates));
  }

  @Test
  void genericTypesReallyAreDisabled() {
    StreamExecutionEnvironment env = environment(new Configuration());
    // the control: a type only Kryo could carry is refused under the same settings
    assertThrows(
        UnsupportedOperationException.class,
        () ->
            env.fromSequence(1, 3)
                .map(i -> (Object) new StringBuilder())
                .returns(Object.class)
                .rebalance()
                .executeAndCollect()
                .forEachRemaining(x -> {}));
  }

  static final AtomicBoolean CHECKPOINTED = new AtomicBoolean();
  static final AtomicBoolean FAILED = new AtomicBoolean();

  /** Fails the job once, after a checkpoint has completed and part of the input was read. */
  static final class FailOnce implements MapFunction<BinaryRow, BinaryRow>, CheckpointListener {
    private static final long serialVersionUID = 1L;
    private long seen;

    @Override
    public BinaryRow map(BinaryRow event) throws Exception {
      if (++seen % 10 == 0) {
        Thread.sleep(2); // leave room for checkpoints while the input is read
      }
      if (CHECKPOINTED.get() && seen > 200 && FAILED.compareAndSet(false, true)) {
        throw new RuntimeException("injected failure");
      }
      return event;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
      CHECKPOINTED.set(true);
    }
  }

  @Test
  void aFailureAndRestoreCountsEveryRowExactlyOnce() throws Exception {
    Configuration conf = new Configuration();
    conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
    conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
    conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
    StreamExecutionEnvironment env = environment(conf);
    env.enableCheckpointing(100);
    long n = 3000;
    List<Tuple3<Long, Long, Long>> updates = new ArrayList<>();
    env.fromSequence(1, n)
        .map(new ToEvent())
        .returns(ZerorowTypeInfo.of(EVENT))
        .map(new FailOnce())
        .returns(ZerorowTypeInfo.of(EVENT))
        .keyBy(ZerorowKeys.int64(EVENT, "key"))
        .process(new SumPerKey())
        .executeAndCollect()
        .forEachRemaining(updates::add);
    assertTrue(FAILED.get(), "the failure was injected");
    // state restored from the checkpoint: each key's total counts every row exactly once, and
    // the collected output (checkpointed with the job) holds each row's update once
    assertExactTotals(n, finalTotals(updates));
    assertEachRowOnce(n, updates);
  }

  /** A user type whose row field gets its schema from a TypeInfoFactory. */
  public static class Envelope {
    public String source;

    @TypeInfo(EventRows.class)
    public BinaryRow event;
  }

  public static class EventRows extends ZerorowTypeInfoFactory {
    public EventRows() {
      super(EVENT);
    }
  }

  @Test
  void typeInfoFactoryGivesTheRowFieldItsSchema() {
    TypeInformation<Envelope> t = TypeExtractor.createTypeInfo(Envelope.class);
    PojoTypeInfo<?> pojo = assertInstanceOf(PojoTypeInfo.class, t);
    assertEquals(ZerorowTypeInfo.of(EVENT), pojo.getTypeAt(pojo.getFieldIndex("event")));
  }

  /** Events whose key fields are nullable, as every field of a schema from pandas or Arrow is. */
  static final Schema TAGGED =
      Schema.of(
          Field.of("id", DataTypes.INT64, true),
          Field.of("group", DataTypes.STRING, true),
          Field.of("tag", DataTypes.INT32, true));

  /** Row {@code i}: group null every third row, else "g1"/"g2"; tag null on even rows, else 1. */
  static BinaryRow tagged(RowWriter w, long i) {
    w.reset();
    w.writeInt64(0, i);
    if (i % 3 == 0) {
      w.setNullAt(1);
    } else {
      w.writeString(1, "g" + i % 3);
    }
    if (i % 2 == 0) {
      w.setNullAt(2);
    } else {
      w.writeInt32(2, 1);
    }
    return w.getRow();
  }

  /** Counts the rows per key; emits (the key's fields as text, the count so far). */
  static final class CountPerKey
      extends KeyedProcessFunction<BinaryRow, BinaryRow, Tuple2<String, Long>> {
    private static final long serialVersionUID = 1L;
    private transient ValueState<Long> count;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
      count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
    }

    @Override
    public void processElement(BinaryRow row, Context ctx, Collector<Tuple2<String, Long>> out)
        throws Exception {
      long c = (count.value() == null ? 0 : count.value()) + 1;
      count.update(c);
      BinaryRow key = ctx.getCurrentKey();
      String group = key.isNullAt(0) ? "null" : key.getString(0);
      String tag = key.isNullAt(1) ? "null" : String.valueOf(key.getInt32(1));
      out.collect(Tuple2.of(group + "/" + tag, c));
    }
  }

  /**
   * Row files as a DataStream of BinaryRows (ZerorowFileSource), keyed by two nullable fields
   * (ZerorowKeys.fields: a null is a key), without Kryo. A file whose writer never finished it
   * fails the strict source naming it; the lenient one reads its complete batches.
   */
  @Test
  void rowFilesAsADataStreamKeyedByNullableFields(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    RowWriter w = new RowWriter(TAGGED);
    try (RowFileWriter done = RowFileWriter.file(dir.resolve("part-0.arrow"), TAGGED)) {
      for (long i = 0; i < 60; i++) {
        done.write(tagged(w, i));
      }
    }
    Path open = dir.resolve("open.tmp");
    try (RowFileWriter unfinished =
        RowFileWriter.file(open, TAGGED, io.zerorow.arrow.ArrowUtils.rootAllocator(), 4, 1 << 20)) {
      for (long i = 60; i < 70; i++) {
        unfinished.write(tagged(w, i));
      }
      Files.copy(open, dir.resolve("part-1.arrow")); // two batches: rows 60-67, no footer
    }
    Files.delete(open);
    Map<String, Long> expected = new HashMap<>();
    for (long i = 0; i < 68; i++) {
      String key = (i % 3 == 0 ? "null" : "g" + i % 3) + "/" + (i % 2 == 0 ? "null" : "1");
      expected.merge(key, 1L, Long::sum);
    }
    org.apache.flink.core.fs.Path files = new org.apache.flink.core.fs.Path(dir.toUri());

    StreamExecutionEnvironment env = environment(new Configuration());
    Map<String, Long> counts = new HashMap<>();
    env.fromSource(
            org.apache.flink.connector.file.src.FileSource.forBulkFileFormat(
                    ZerorowFileSource.rows(TAGGED, ValidationLevel.BOUNDS, true), files)
                .build(),
            WatermarkStrategy.noWatermarks(),
            "row files")
        .keyBy(ZerorowKeys.fields(TAGGED, "group", "tag"))
        .process(new CountPerKey())
        .returns(Types.TUPLE(Types.STRING, Types.LONG))
        .executeAndCollect()
        .forEachRemaining(t -> counts.merge(t.f0, t.f1, Math::max));
    assertEquals(expected, counts);

    StreamExecutionEnvironment strict = environment(new Configuration());
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                strict
                    .fromSource(
                        ZerorowFileSource.forRows(TAGGED, files).build(),
                        WatermarkStrategy.noWatermarks(),
                        "row files")
                    .executeAndCollect()
                    .forEachRemaining(r -> {}));
    String m = org.apache.flink.util.ExceptionUtils.stringifyException(e);
    assertTrue(
        m.contains(
            "truncated at <row>: row file "
                + RowFileFormatTest.name(dir.resolve("part-1.arrow"))
                + ": the file ends at byte "),
        m);
  }

  @Test
  void keysOverNullableFields() throws Exception {
    RowWriter w = new RowWriter(TAGGED);
    BinaryRow withNull = tagged(w, 0).copy(); // group and tag null
    BinaryRow other = tagged(w, 6).copy(); // the same key fields, another id
    org.apache.flink.api.java.functions.KeySelector<BinaryRow, BinaryRow> both =
        ZerorowKeys.fields(TAGGED, "group", "tag");
    BinaryRow k0 = both.getKey(withNull);
    assertEquals(k0, both.getKey(other));
    assertEquals(k0.hashCode(), both.getKey(other).hashCode());
    assertTrue(k0.isNullAt(0) && k0.isNullAt(1));
    assertTrue(!k0.equals(both.getKey(tagged(w, 1).copy())));
    assertEquals(
        ZerorowTypeInfo.of(Schema.of(TAGGED.field(1), TAGGED.field(2))),
        ((org.apache.flink.api.java.typeutils.ResultTypeQueryable<?>) both).getProducedType());
    // a basic-typed key over a nullable field keys the rows whose field is set ...
    assertEquals(Long.valueOf(5), ZerorowKeys.int64(TAGGED, "id").getKey(tagged(w, 5)));
    assertEquals(Integer.valueOf(1), ZerorowKeys.int32(TAGGED, "tag").getKey(tagged(w, 5)));
    // ... and a null there fails naming the field and the selector where null is a key
    NullPointerException e =
        assertThrows(
            NullPointerException.class, () -> ZerorowKeys.string(TAGGED, "group").getKey(withNull));
    assertTrue(e.getMessage().contains("field \"group\" is null in this row"), e.getMessage());
    assertTrue(e.getMessage().contains("ZerorowKeys.fields(schema, \"group\")"), e.getMessage());
    assertThrows(
        io.zerorow.SchemaMismatchException.class, () -> ZerorowKeys.fields(TAGGED, "nope"));
    assertThrows(IllegalArgumentException.class, () -> ZerorowKeys.fields(TAGGED, "id", "id"));
  }
}
