package io.zerorow.flink.bench;

import io.zerorow.BinaryArray;
import io.zerorow.BinaryRow;
import io.zerorow.Schema;
import io.zerorow.flink.FlinkTypes;
import io.zerorow.flink.RowDataEncoder;
import io.zerorow.flink.ZerorowKeys;
import io.zerorow.flink.ZerorowTypeInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code make bench-flink}: a keyed DataStream job (source → keyBy → map reading 3 fields →
 * sum) over 1M wide nested orders, parallelism 2, with the record carried as a zerorow
 * {@link BinaryRow}, as Flink {@link RowData}, as a POJO, and through Kryo (the same POJO
 * class forced to a generic type). Every variant runs in the same JVM, taking turns, and the
 * table gives each median next to zerorow's with the ratio. Args: [records] [rounds].
 */
public final class DataStreamBench {
  static final int POOL = 4096;
  static final LongAdder SUM = new LongAdder();

  static final RowType ORDER_TYPE = (RowType) DataTypes.ROW(fields()).notNull().getLogicalType();

  private static DataTypes.Field[] fields() {
    List<DataTypes.Field> f = new ArrayList<>();
    f.add(DataTypes.FIELD("orderId", DataTypes.BIGINT().notNull()));
    f.add(DataTypes.FIELD("customer", DataTypes.ROW(
        DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
        DataTypes.FIELD("name", DataTypes.STRING()), DataTypes.FIELD("email", DataTypes.STRING()),
        DataTypes.FIELD("city", DataTypes.STRING()), DataTypes.FIELD("country", DataTypes.STRING()),
        DataTypes.FIELD("tier", DataTypes.INT().notNull()))));
    f.add(DataTypes.FIELD("items", DataTypes.ARRAY(DataTypes.ROW(
        DataTypes.FIELD("sku", DataTypes.STRING()), DataTypes.FIELD("qty", DataTypes.INT().notNull()),
        DataTypes.FIELD("price", DataTypes.DOUBLE().notNull()),
        DataTypes.FIELD("discount", DataTypes.DOUBLE().notNull())))));
    for (int i = 0; i < 9; i++) {
      f.add(DataTypes.FIELD("l" + i, DataTypes.BIGINT().notNull()));
    }
    for (int i = 0; i < 6; i++) {
      f.add(DataTypes.FIELD("i" + i, DataTypes.INT().notNull()));
    }
    for (int i = 0; i < 6; i++) {
      f.add(DataTypes.FIELD("d" + i, DataTypes.DOUBLE().notNull()));
    }
    for (int i = 0; i < 6; i++) {
      f.add(DataTypes.FIELD("s" + i, DataTypes.STRING()));
    }
    return f.toArray(new DataTypes.Field[0]);
  }

  static Order order(Random r, long id) {
    Order o = new Order();
    o.orderId = id;
    o.customer = new Order.Customer();
    o.customer.id = r.nextInt(100_000);
    o.customer.name = "customer-" + o.customer.id;
    o.customer.email = "c" + o.customer.id + "@example.com";
    o.customer.city = "city-" + r.nextInt(500);
    o.customer.country = "country-" + r.nextInt(50);
    o.customer.tier = r.nextInt(4);
    o.items = new Order.Item[r.nextInt(6)];
    for (int i = 0; i < o.items.length; i++) {
      Order.Item it = new Order.Item();
      it.sku = "sku-" + r.nextInt(10_000);
      it.qty = 1 + r.nextInt(5);
      it.price = r.nextInt(10_000) / 100.0;
      it.discount = r.nextInt(30) / 100.0;
      o.items[i] = it;
    }
    o.l0 = r.nextInt(1000); o.l1 = r.nextLong(); o.l2 = r.nextLong(); o.l3 = r.nextLong();
    o.l4 = r.nextLong(); o.l5 = r.nextLong(); o.l6 = r.nextLong(); o.l7 = r.nextLong(); o.l8 = r.nextLong();
    o.i0 = r.nextInt(); o.i1 = r.nextInt(); o.i2 = r.nextInt(); o.i3 = r.nextInt(); o.i4 = r.nextInt(); o.i5 = r.nextInt();
    o.d0 = r.nextInt(100_000) / 100.0; o.d1 = r.nextDouble(); o.d2 = r.nextDouble(); o.d3 = r.nextDouble();
    o.d4 = r.nextDouble(); o.d5 = r.nextDouble();
    o.s0 = "status-" + r.nextInt(5); o.s1 = "channel-" + r.nextInt(8); o.s2 = "note " + r.nextInt(1000);
    o.s3 = "warehouse-" + r.nextInt(40); o.s4 = "promo-" + r.nextInt(100); o.s5 = "ref-" + r.nextLong();
    return o;
  }

  static GenericRowData toRowData(Order o) {
    Object[] items = new Object[o.items.length];
    for (int i = 0; i < items.length; i++) {
      Order.Item it = o.items[i];
      items[i] = GenericRowData.of(StringData.fromString(it.sku), it.qty, it.price, it.discount);
    }
    Order.Customer c = o.customer;
    return GenericRowData.of(o.orderId,
        GenericRowData.of(c.id, s(c.name), s(c.email), s(c.city), s(c.country), c.tier),
        new GenericArrayData(items), o.l0, o.l1, o.l2, o.l3, o.l4, o.l5, o.l6, o.l7, o.l8,
        o.i0, o.i1, o.i2, o.i3, o.i4, o.i5, o.d0, o.d1, o.d2, o.d3, o.d4, o.d5,
        s(o.s0), s(o.s1), s(o.s2), s(o.s3), s(o.s4), s(o.s5));
  }

  private static StringData s(String v) {
    return StringData.fromString(v);
  }

  /** The 3 fields every variant reads: customer tier (nested), item count, amount. */
  static long value(long tier, int items, double amount) {
    return tier + items + (long) amount;
  }

  // ---- the four record carriers: key selector and the map reading 3 fields ----------------

  static final class ZerorowRead implements MapFunction<BinaryRow, Long> {
    private transient BinaryRow customer;
    private transient BinaryArray items;

    @Override
    public Long map(BinaryRow o) {
      if (customer == null) {
        customer = new BinaryRow((Schema) o.schema().field(1).type());
        items = new BinaryArray((io.zerorow.DataTypes.ListType) o.schema().field(2).type());
      }
      return value(o.getStruct(1, customer).getInt32(5), o.getArray(2, items).numElements(),
          o.getFloat64(18));
    }
  }

  static final class RowDataKey implements KeySelector<RowData, Long> {
    @Override
    public Long getKey(RowData o) {
      return o.getLong(3);
    }
  }

  static final class RowDataRead implements MapFunction<RowData, Long> {
    @Override
    public Long map(RowData o) {
      return value(o.getRow(1, 6).getInt(5), o.getArray(2).size(), o.getDouble(18));
    }
  }

  static final class PojoKey implements KeySelector<Order, Long> {
    @Override
    public Long getKey(Order o) {
      return o.l0;
    }
  }

  static final class PojoRead implements MapFunction<Order, Long> {
    @Override
    public Long map(Order o) {
      return value(o.customer.tier, o.items.length, o.d0);
    }
  }

  static final class Sum implements MapFunction<Long, Long> {
    @Override
    public Long map(Long v) {
      SUM.add(v);
      return v;
    }
  }

  /**
   * The records, built once before the jobs run. Static: the MiniCluster runs in this JVM, and
   * the records (Flink POJOs, RowData, rows) are not Java-serializable as part of a function.
   */
  static final List<List<?>> POOLS = new ArrayList<>();

  /** Emits pool[i % POOL] for i in [0, n): the source does no encoding work of its own. */
  static final class FromPool<T> implements MapFunction<Long, T> {
    private final int pool;

    FromPool(int pool) {
      this.pool = pool;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T map(Long i) {
      List<?> records = POOLS.get(pool);
      return (T) records.get((int) (i % records.size()));
    }
  }

  interface Variant {
    void build(StreamExecutionEnvironment env, long n);
  }

  static <T> DataStream<T> source(StreamExecutionEnvironment env, long n, List<T> pool,
      TypeInformation<T> type) {
    int index = POOLS.indexOf(pool);
    return env.fromSequence(0, n - 1).map(new FromPool<T>(index)).returns(type);
  }

  static long run(String name, Variant v, long n) throws Exception {
    Configuration conf = new Configuration();
    conf.setString("rest.bind-address", "127.0.0.1");
    conf.setString("rest.address", "127.0.0.1");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2, conf);
    SUM.reset();
    v.build(env, n);
    JobExecutionResult r = env.execute(name);
    return r.getNetRuntime();
  }

  public static void main(String[] args) throws Exception {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    Random random = new Random(42);
    List<Order> pojos = new ArrayList<>();
    List<RowData> rowDatas = new ArrayList<>();
    List<BinaryRow> rows = new ArrayList<>();
    RowDataEncoder encoder = new RowDataEncoder(ORDER_TYPE);
    Schema schema = encoder.schema();
    for (int i = 0; i < POOL; i++) {
      Order o = order(random, i);
      pojos.add(o);
      GenericRowData g = toRowData(o);
      rowDatas.add(g);
      rows.add(encoder.encode(g).copy());
    }
    POOLS.add(rows);
    POOLS.add(rowDatas);
    POOLS.add(pojos);
    TypeInformation<Order> pojoType = TypeExtractor.createTypeInfo(Order.class);
    if (!(pojoType instanceof PojoTypeInfo)) {
      throw new IllegalStateException("Order is not a Flink POJO: " + pojoType);
    }
    String[] names = {"zerorow BinaryRow", "Flink RowData", "POJO", "Kryo (generic POJO)"};
    Variant[] variants = {
      (env, m) -> source(env, m, rows, ZerorowTypeInfo.of(schema))
          .keyBy(ZerorowKeys.int64(schema, "l0")).map(new ZerorowRead()).map(new Sum())
          .sinkTo(new DiscardingSink<>()),
      (env, m) -> source(env, m, rowDatas, InternalTypeInfo.of(ORDER_TYPE))
          .keyBy(new RowDataKey()).map(new RowDataRead()).map(new Sum())
          .sinkTo(new DiscardingSink<>()),
      (env, m) -> source(env, m, pojos, pojoType)
          .keyBy(new PojoKey()).map(new PojoRead()).map(new Sum())
          .sinkTo(new DiscardingSink<>()),
      (env, m) -> source(env, m, pojos, new GenericTypeInfo<>(Order.class))
          .keyBy(new PojoKey()).map(new PojoRead()).map(new Sum())
          .sinkTo(new DiscardingSink<>()),
    };
    // warm-up: every variant once on a tenth of the records
    long[] sums = new long[variants.length];
    for (int v = 0; v < variants.length; v++) {
      run(names[v], variants[v], n / 10);
    }
    long[][] ms = new long[variants.length][rounds];
    for (int round = 0; round < rounds; round++) {
      for (int v = 0; v < variants.length; v++) {
        ms[v][round] = run(names[v], variants[v], n);
        sums[v] = SUM.sum();
      }
    }
    for (int v = 1; v < variants.length; v++) {
      if (sums[v] != sums[0]) {
        throw new IllegalStateException(names[v] + " summed " + sums[v] + " but zerorow " + sums[0]);
      }
    }
    double zr = median(ms[0]);
    System.out.println("## DataStream: source, keyBy, map reading 3 fields, sum (Flink "
        + org.apache.flink.runtime.util.EnvironmentInformation.getVersion() + ")");
    System.out.println();
    String[] load = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg"))
        .trim().split(" ");
    System.out.println(java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).format(
        java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
        + ", load " + load[0] + " " + load[1] + " " + load[2] + ", "
        + Runtime.getRuntime().availableProcessors() + " cores; `make bench-flink "
        + "FLINK_BENCH_ARGS='" + n + " " + rounds + "'`");
    System.out.println();
    System.out.printf("| record carried as (%,d wide nested orders, parallelism 2) | median s "
        + "| %s | time / zerorow |%n|---|---|---|---|%n", n,
        rounds + " runs (s)");
    for (int v = 0; v < variants.length; v++) {
      double med = median(ms[v]);
      System.out.printf("| %s | %.2f | %s | %.2f× |%n", names[v], med / 1000.0,
          Arrays.toString(Arrays.stream(ms[v]).mapToObj(x -> String.format("%.2f", x / 1000.0))
              .toArray()).replace("[", "").replace("]", ""), med / zr);
    }
  }

  static double median(long[] v) {
    long[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }
}
