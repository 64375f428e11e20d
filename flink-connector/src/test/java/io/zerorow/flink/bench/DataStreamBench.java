package io.zerorow.flink.bench;

import io.zerorow.flink.RowDataEncoder;
import io.zerorow.flink.ZerorowKeys;
import io.zerorow.flink.ZerorowTypeInfo;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code make bench-flink}: a keyed DataStream job (source → keyBy → map reading 3 fields → sum),
 * parallelism 2, with the record carried as a zerorow {@link BinaryRow}, as Flink {@link RowData},
 * as a POJO, and through Kryo (the same POJO class forced to a generic type), over two shapes of
 * record: the flat row of the NYC flights (19 columns, {@link Flights}; the map reads carrier,
 * dep_delay and distance, keyed by the flight number) and the Spark connector benchmark's wide
 * nested order (SparkBench: 30 top-level fields — 10 longs, 10 doubles, 8 strings, a customer
 * struct, 0–5 line items — the map reading what its SQL reads: order_id, customer.country and the
 * items' qty * price). For each shape every variant runs in the same JVM, taking turns (after a
 * warm-up run each; each round starts with another variant), and the table gives each median next
 * to zerorow's with the ratio. Args: [records] [rounds] [shapes, default flights,orders].
 */
public final class DataStreamBench {
  static final int POOL = 4096;
  static final LongAdder SUM = new LongAdder();
  static final String[] COUNTRIES = {"FR", "DE", "US", "JP", "BR"};
  // ordinals in the order's row: order_id, l1..l9, d0..d9, s0..s7, customer, items
  static final int CUSTOMER = 28;
  static final int ITEMS = 29;

  static final RowType ORDER_TYPE = (RowType) DataTypes.ROW(fields()).notNull().getLogicalType();

  private static DataTypes.Field[] fields() {
    List<DataTypes.Field> f = new ArrayList<>();
    f.add(DataTypes.FIELD("order_id", DataTypes.BIGINT().notNull()));
    for (int i = 1; i < 10; i++) {
      f.add(DataTypes.FIELD("l" + i, DataTypes.BIGINT().notNull()));
    }
    for (int i = 0; i < 10; i++) {
      f.add(DataTypes.FIELD("d" + i, DataTypes.DOUBLE().notNull()));
    }
    for (int i = 0; i < 8; i++) {
      f.add(DataTypes.FIELD("s" + i, DataTypes.STRING()));
    }
    f.add(
        DataTypes.FIELD(
            "customer",
            DataTypes.ROW(
                DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                DataTypes.FIELD("name", DataTypes.STRING()),
                DataTypes.FIELD("country", DataTypes.STRING()),
                DataTypes.FIELD("vip", DataTypes.BOOLEAN().notNull()))));
    f.add(
        DataTypes.FIELD(
            "items",
            DataTypes.ARRAY(
                DataTypes.ROW(
                        DataTypes.FIELD("sku", DataTypes.STRING()),
                        DataTypes.FIELD("qty", DataTypes.INT().notNull()),
                        DataTypes.FIELD("price", DataTypes.DOUBLE().notNull()))
                    .notNull())));
    return f.toArray(new DataTypes.Field[0]);
  }

  /** The order {@code id}, with SparkBench's values (its {@code orders} columns). */
  static Order order(long id) {
    Order o = new Order();
    o.orderId = id;
    long[] l = new long[10];
    for (int i = 1; i < 10; i++) {
      l[i] = id * (i + 7);
    }
    o.l1 = l[1];
    o.l2 = l[2];
    o.l3 = l[3];
    o.l4 = l[4];
    o.l5 = l[5];
    o.l6 = l[6];
    o.l7 = l[7];
    o.l8 = l[8];
    o.l9 = l[9];
    double[] d = new double[10];
    for (int i = 0; i < 10; i++) {
      d[i] = id * (i + 1.25);
    }
    o.d0 = d[0];
    o.d1 = d[1];
    o.d2 = d[2];
    o.d3 = d[3];
    o.d4 = d[4];
    o.d5 = d[5];
    o.d6 = d[6];
    o.d7 = d[7];
    o.d8 = d[8];
    o.d9 = d[9];
    String[] s = new String[8];
    for (int i = 0; i < 8; i++) {
      s[i] = "s" + i + "-" + id % (97 + i);
    }
    o.s0 = s[0];
    o.s1 = s[1];
    o.s2 = s[2];
    o.s3 = s[3];
    o.s4 = s[4];
    o.s5 = s[5];
    o.s6 = s[6];
    o.s7 = s[7];
    o.customer = new Order.Customer();
    o.customer.id = id % 100_000;
    o.customer.name = "customer " + id % 100_000;
    o.customer.country = COUNTRIES[(int) (id % 5)];
    o.customer.vip = id % 11 == 0;
    o.items = new Order.Item[(int) (id % 6)];
    for (int i = 1; i <= o.items.length; i++) {
      Order.Item it = new Order.Item();
      it.sku = "sku" + i;
      it.qty = i;
      it.price = i * 1.5;
      o.items[i - 1] = it;
    }
    return o;
  }

  static GenericRowData toRowData(Order o) {
    Object[] items = new Object[o.items.length];
    for (int i = 0; i < items.length; i++) {
      Order.Item it = o.items[i];
      items[i] = GenericRowData.of(s(it.sku), it.qty, it.price);
    }
    Order.Customer c = o.customer;
    return GenericRowData.of(
        o.orderId,
        o.l1,
        o.l2,
        o.l3,
        o.l4,
        o.l5,
        o.l6,
        o.l7,
        o.l8,
        o.l9,
        o.d0,
        o.d1,
        o.d2,
        o.d3,
        o.d4,
        o.d5,
        o.d6,
        o.d7,
        o.d8,
        o.d9,
        s(o.s0),
        s(o.s1),
        s(o.s2),
        s(o.s3),
        s(o.s4),
        s(o.s5),
        s(o.s6),
        s(o.s7),
        GenericRowData.of(c.id, s(c.name), s(c.country), c.vip),
        new GenericArrayData(items));
  }

  private static StringData s(String v) {
    return StringData.fromString(v);
  }

  /** What every variant computes from the 3 fields (a long, so that the sums compare exactly). */
  static long value(long orderId, boolean fromFrance, double amount) {
    return orderId % 7 + (fromFrance ? 3 : 1) + (long) (amount * 100);
  }

  // ---- the four record carriers: key selector and the map reading 3 fields ----------------

  /** Reads in place, through views kept from record to record. */
  static final class ZerorowRead implements MapFunction<BinaryRow, Long> {
    private static final long serialVersionUID = 1L;
    private transient BinaryRow customer;
    private transient BinaryArray items;
    private transient BinaryRow item;

    @Override
    public Long map(BinaryRow o) {
      if (customer == null) {
        Schema s = o.schema();
        customer = new BinaryRow((Schema) s.field(CUSTOMER).type());
        items = new BinaryArray((io.zerorow.type.DataTypes.ListType) s.field(ITEMS).type());
        item = new BinaryRow((Schema) items.elementType());
      }
      BinaryArray list = o.getArray(ITEMS, items);
      double amount = 0;
      for (int i = 0, n = list.numElements(); i < n; i++) {
        BinaryRow it = list.getStruct(i, item);
        amount += it.getInt32(1) * it.getFloat64(2);
      }
      String country = o.getStruct(CUSTOMER, customer).getString(2);
      return value(o.getInt64(0), "FR".equals(country), amount);
    }
  }

  static final class RowDataKey implements KeySelector<RowData, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long getKey(RowData o) {
      return o.getLong(0);
    }
  }

  static final class RowDataRead implements MapFunction<RowData, Long> {
    private static final long serialVersionUID = 1L;
    private static final StringData FR = StringData.fromString("FR");

    @Override
    public Long map(RowData o) {
      ArrayData items = o.getArray(ITEMS);
      double amount = 0;
      for (int i = 0, n = items.size(); i < n; i++) {
        RowData it = items.getRow(i, 3);
        amount += it.getInt(1) * it.getDouble(2);
      }
      StringData country = o.getRow(CUSTOMER, 4).getString(2);
      return value(o.getLong(0), FR.equals(country), amount);
    }
  }

  static final class PojoKey implements KeySelector<Order, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long getKey(Order o) {
      return o.orderId;
    }
  }

  static final class PojoRead implements MapFunction<Order, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long map(Order o) {
      double amount = 0;
      for (Order.Item it : o.items) {
        amount += it.qty * it.price;
      }
      return value(o.orderId, "FR".equals(o.customer.country), amount);
    }
  }

  static final class Sum implements MapFunction<Long, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Long map(Long v) {
      SUM.add(v);
      return v;
    }
  }

  /**
   * The records, built once before the jobs run. Static: the MiniCluster runs in this JVM, and the
   * records (Flink POJOs, RowData, rows) are not Java-serializable as part of a function.
   */
  static final List<List<?>> POOLS = new ArrayList<>();

  /** Emits pool[i % POOL] for i in [0, n): the source does no encoding work of its own. */
  static final class FromPool<T> implements MapFunction<Long, T> {
    private static final long serialVersionUID = 1L;
    private final int pool;

    FromPool(int pool) {
      this.pool = pool;
    }

    @Override
    @SuppressWarnings("unchecked") // POOLS.get(pool) holds the records of this source's type
    public T map(Long i) {
      List<?> records = POOLS.get(pool);
      return (T) records.get((int) (i % records.size()));
    }
  }

  interface Variant {
    void build(StreamExecutionEnvironment env, long n);
  }

  static <T> DataStream<T> source(
      StreamExecutionEnvironment env, long n, List<T> pool, TypeInformation<T> type) {
    int index = POOLS.indexOf(pool);
    return env.fromSequence(0, n - 1).map(new FromPool<T>(index)).returns(type);
  }

  static long run(String name, Variant v, long n) throws Exception {
    System.gc(); // the garbage of the job before is not collected during this one
    Configuration conf = new Configuration();
    conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
    conf.set(RestOptions.ADDRESS, "127.0.0.1");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2, conf);
    SUM.reset();
    v.build(env, n);
    JobExecutionResult r = env.execute(name);
    return r.getNetRuntime();
  }

  /** One shape of record: its name, and its four variants (zerorow first). */
  record Shape(String title, Variant[] variants) {}

  static final String[] NAMES = {
    "zerorow BinaryRow", "Flink RowData", "POJO", "Kryo (generic POJO)"
  };

  /** The order's pools and variants. */
  static Shape orders() {
    List<Order> pojos = new ArrayList<>();
    List<RowData> rowDatas = new ArrayList<>();
    List<BinaryRow> rows = new ArrayList<>();
    RowDataEncoder encoder = new RowDataEncoder(ORDER_TYPE);
    Schema schema = encoder.schema();
    for (int i = 0; i < POOL; i++) {
      Order o = order(i);
      pojos.add(o);
      GenericRowData g = toRowData(o);
      rowDatas.add(g);
      rows.add(encoder.encode(g).copy());
    }
    POOLS.add(rows);
    POOLS.add(rowDatas);
    POOLS.add(pojos);
    TypeInformation<Order> pojoType = pojoType(Order.class);
    return new Shape(
        "wide nested orders",
        new Variant[] {
          (env, m) ->
              source(env, m, rows, ZerorowTypeInfo.of(schema))
                  .keyBy(ZerorowKeys.int64(schema, "order_id"))
                  .map(new ZerorowRead())
                  .map(new Sum())
                  .sinkTo(new DiscardingSink<>()),
          (env, m) ->
              source(env, m, rowDatas, InternalTypeInfo.of(ORDER_TYPE))
                  .keyBy(new RowDataKey())
                  .map(new RowDataRead())
                  .map(new Sum())
                  .sinkTo(new DiscardingSink<>()),
          (env, m) ->
              source(env, m, pojos, pojoType)
                  .keyBy(new PojoKey())
                  .map(new PojoRead())
                  .map(new Sum())
                  .sinkTo(new DiscardingSink<>()),
          (env, m) ->
              source(env, m, pojos, new GenericTypeInfo<>(Order.class))
                  .keyBy(new PojoKey())
                  .map(new PojoRead())
                  .map(new Sum())
                  .sinkTo(new DiscardingSink<>()),
        });
  }

  /** The flat flights' pools and variants. */
  static Shape flights() {
    List<Flight> pojos = new ArrayList<>();
    List<RowData> rowDatas = new ArrayList<>();
    List<BinaryRow> rows = new ArrayList<>();
    RowDataEncoder encoder = new RowDataEncoder(Flights.ROW_TYPE);
    Schema schema = encoder.schema();
    for (int i = 0; i < POOL; i++) {
      Flight f = Flights.flight(i);
      pojos.add(f);
      GenericRowData g = Flights.toRowData(f);
      rowDatas.add(g);
      rows.add(encoder.encode(g).copy());
    }
    POOLS.add(rows);
    POOLS.add(rowDatas);
    POOLS.add(pojos);
    TypeInformation<Flight> pojoType = pojoType(Flight.class);
    return new Shape(
        "flat flights (19 columns)",
        new Variant[] {
          (env, m) ->
              source(env, m, rows, ZerorowTypeInfo.of(schema))
                  .keyBy(ZerorowKeys.int64(schema, "flight"))
                  .map(new Flights.ZerorowRead())
                  .map(new Sum())
                  .sinkTo(new DiscardingSink<>()),
          (env, m) ->
              source(env, m, rowDatas, InternalTypeInfo.of(Flights.ROW_TYPE))
                  .keyBy(new Flights.RowDataKey())
                  .map(new Flights.RowDataRead())
                  .map(new Sum())
                  .sinkTo(new DiscardingSink<>()),
          (env, m) ->
              source(env, m, pojos, pojoType)
                  .keyBy(new Flights.PojoKey())
                  .map(new Flights.PojoRead())
                  .map(new Sum())
                  .sinkTo(new DiscardingSink<>()),
          (env, m) ->
              source(env, m, pojos, new GenericTypeInfo<>(Flight.class))
                  .keyBy(new Flights.PojoKey())
                  .map(new Flights.PojoRead())
                  .map(new Sum())
                  .sinkTo(new DiscardingSink<>()),
        });
  }

  static <T> TypeInformation<T> pojoType(Class<T> c) {
    TypeInformation<T> t = TypeExtractor.createTypeInfo(c);
    if (!(t instanceof PojoTypeInfo)) {
      throw new IllegalStateException(c.getSimpleName() + " is not a Flink POJO: " + t);
    }
    return t;
  }

  /**
   * Args: [records] [rounds] [shapes: orders,flights]. For each shape, every variant in the same
   * JVM, taking turns: a warm-up run each, then the rounds, each starting with another variant.
   */
  public static void main(String[] args) throws Exception {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    List<String> shapes = List.of((args.length > 2 ? args[2] : "flights,orders").split(","));
    // a profile of one variant (e.g. "0": zerorow only) runs that variant alone
    only = args.length > 3 ? args[3] : null;
    System.out.println(
        "## DataStream: source, keyBy, map reading 3 fields, sum (Flink "
            + EnvironmentInformation.getVersion()
            + ")");
    System.out.println();
    System.out.println(machineLine(n, rounds));
    for (String name : shapes) {
      Shape shape =
          switch (name) {
            case "orders" -> orders();
            case "flights" -> flights();
            default -> throw new IllegalArgumentException("shapes: orders, flights; not " + name);
          };
      long[][] ms = runShape(shape.variants(), n, rounds);
      System.out.println();
      print(shape.title(), ms, n, rounds);
    }
  }

  /** The variants to run, by index ("0,1"), or null for all (args[3], for profiles). */
  static String only;

  static boolean runs(int v) {
    return only == null || List.of(only.split(",")).contains(String.valueOf(v));
  }

  static long[][] runShape(Variant[] variants, long n, int rounds) throws Exception {
    // warm-up: every variant once on all the records (the JIT compiles the code they share with
    // every variant's types seen, as in the measured rounds)
    for (int v = 0; v < variants.length; v++) {
      if (runs(v)) {
        run(NAMES[v], variants[v], n);
      }
    }
    long[] sums = new long[variants.length];
    long[][] ms = new long[variants.length][rounds];
    for (int round = 0; round < rounds; round++) {
      for (int k = 0; k < variants.length; k++) {
        int v = (round + k) % variants.length; // rotated: no variant always runs first
        if (runs(v)) {
          ms[v][round] = run(NAMES[v], variants[v], n);
          sums[v] = SUM.sum();
        }
      }
    }
    for (int v = 1; v < variants.length; v++) {
      if (only == null && sums[v] != sums[0]) {
        throw new IllegalStateException(
            NAMES[v] + " summed " + sums[v] + " but zerorow " + sums[0]);
      }
    }
    return ms;
  }

  static void print(String title, long[][] ms, long n, int rounds) {
    double zr = median(ms[0]);
    System.out.printf(
        "| record carried as (%,d %s, parallelism 2) | median s | %d runs (s) "
            + "| time / zerorow |%n|---|---|---|---|%n",
        n, title, rounds);
    for (int v = 0; v < NAMES.length; v++) {
      double med = median(ms[v]);
      String runs =
          Arrays.stream(ms[v])
              .mapToObj(x -> String.format("%.2f", x / 1000.0))
              .collect(Collectors.joining(", "));
      System.out.printf("| %s | %.2f | %s | %.2f× |%n", NAMES[v], med / 1000.0, runs, med / zr);
    }
  }

  /** When, where and how: the date, the load average, the machine and the command. */
  static String machineLine(long n, int rounds) throws IOException {
    String[] load = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
    String cpu =
        Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
            .filter(l -> l.startsWith("model name"))
            .map(l -> l.split(":", 2)[1].trim())
            .findFirst()
            .orElse("?");
    return ZonedDateTime.now(ZoneOffset.UTC)
            .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
        + ", load "
        + load[0]
        + " "
        + load[1]
        + " "
        + load[2]
        + ", "
        + Runtime.getRuntime().availableProcessors()
        + " cores "
        + cpu
        + ", JDK "
        + Runtime.version().feature()
        + "; `make bench-flink FLINK_BENCH_ARGS='"
        + n
        + " "
        + rounds
        + "'`";
  }

  static double median(long[] v) {
    long[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }
}
