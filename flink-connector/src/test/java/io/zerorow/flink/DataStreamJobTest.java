package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.BinaryRow;
import io.zerorow.DataTypes;
import io.zerorow.Field;
import io.zerorow.RowWriter;
import io.zerorow.Schema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
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
    private transient io.zerorow.ArrayWriter items;

    @Override
    public BinaryRow map(Long i) {
      if (writer == null) {
        writer = new RowWriter(EVENT);
        items = new io.zerorow.ArrayWriter((DataTypes.ListType) EVENT.field(3).type(), writer);
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
}
