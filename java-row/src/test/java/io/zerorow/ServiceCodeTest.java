package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.annotation.Decimal;
import io.zerorow.annotation.Name;
import io.zerorow.encoder.ArrayEncoder;
import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.MapEncoder;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.encoder.TypeInference;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.ValidationLevel;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Schema;
import io.zerorow.writer.WriteLimits;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The encoders as service code uses them: one encoder shared by many threads, bytes decoded without
 * their schema at hand, generic classes with concrete type arguments, re-declared fields and rows
 * over the size limit. Every case runs in both encoder modes.
 */
public class ServiceCodeTest {

  public record Address(String street, String city, int zip) {}

  public record Line(String sku, long qty, List<String> tags) {}

  public record Order(long id, String customer, List<Line> lines, Map<String, List<Long>> marks) {}

  // ---- 1. one encoder, many threads --------------------------------------------------------

  private static Order order(int thread, int k) {
    List<Line> lines = new ArrayList<>();
    // sizes vary per call, so that each thread's buffer grows and shrinks while others write
    for (int j = 0; j < (k % 7); j++) {
      lines.add(
          new Line("sku-" + thread + "-" + j + "x".repeat(k % 50), j * 3L + k, List.of("t" + j)));
    }
    Map<String, List<Long>> marks = new LinkedHashMap<>();
    marks.put("t" + thread, List.of((long) k, (long) -thread));
    return new Order(thread * 1_000_000L + k, "customer " + thread + "/" + k, lines, marks);
  }

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void oneEncoderSharedByEightThreadsGivesEveryThreadItsOwnRows(Encoders.Mode mode)
      throws Exception {
    RowEncoder<Order> shared = Encoders.rowEncoder(Order.class, mode);
    int threads = 8;
    int perThread = 1_000;
    CountDownLatch start = new CountDownLatch(1);
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    AtomicInteger right = new AtomicInteger();
    List<Thread> all = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      Thread th =
          new Thread(
              () -> {
                try {
                  start.await();
                  for (int k = 0; k < perThread; k++) {
                    Order o = order(thread, k);
                    // the three entry points interleaved: encode/decode, toRow/fromRow, and a
                    // toRow view read after another thread has surely encoded
                    Order back = shared.decode(shared.encode(o));
                    BinaryRow row = shared.toRow(o);
                    Order again = shared.fromRow(row);
                    Thread.yield();
                    if (!o.equals(back) || !o.equals(again) || row.getLong(0) != o.id()) {
                      throw new AssertionError("thread " + thread + " call " + k + ": " + back);
                    }
                    right.incrementAndGet();
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              });
      all.add(th);
      th.start();
    }
    start.countDown();
    for (Thread th : all) {
      th.join(60_000);
    }
    assertTrue(failures.isEmpty(), () -> "failures: " + failures.peek());
    assertEquals(threads * perThread, right.get());
  }

  @Test
  void aToRowViewBelongsToItsThreadUntilThatThreadsNextCall() throws Exception {
    RowEncoder<Address> shared = Encoders.rowEncoder(Address.class);
    BinaryRow mine = shared.toRow(new Address("Main St", "Springfield", 1));
    Thread other = new Thread(() -> shared.toRow(new Address("Elm St", "Shelbyville", 2)));
    other.start();
    other.join();
    assertEquals("Main St", mine.getString(0)); // the other thread wrote into a buffer of its own
    shared.toRow(new Address("Oak St", "Capital City", 3));
    assertEquals("Oak St", mine.getString(0)); // this thread's next call reuses the buffer
  }

  @Test
  void arrayMapEncodersAndProjectionsAreSharedToo() throws Exception {
    ArrayEncoder<String> strings = Encoders.arrayEncoder(String.class);
    MapEncoder<String, Long> map = Encoders.mapEncoder(String.class, Long.class);
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    List<Thread> all = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int thread = t;
      Thread th =
          new Thread(
              () -> {
                try {
                  for (int k = 0; k < 2_000; k++) {
                    List<String> l = List.of("a" + thread, "b".repeat(k % 40));
                    Map<String, Long> m = Map.of("k" + thread, (long) k);
                    if (!l.equals(strings.decode(strings.encode(l)))
                        || !m.equals(map.decode(map.encode(m)))) {
                      throw new AssertionError("thread " + thread + " call " + k);
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              });
      all.add(th);
      th.start();
    }
    for (Thread th : all) {
      th.join(60_000);
    }
    assertTrue(failures.isEmpty(), () -> "failures: " + failures.peek());
  }

  // ---- 2. decode(bytes, level) -------------------------------------------------------------

  public record V1(long id, String name) {}

  public record V2(long id, String name, int extra) {}

  public record Customer(long id, String name, String email, long since) {}

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void bytesOfAnotherSchemaAreRefusedWhereTheFixedRegionShowsIt(Encoders.Mode mode) {
    byte[] v1 = Encoders.rowEncoder(V1.class, mode).encode(new V1(7, "xavier"));
    RowEncoder<V2> v2 = Encoders.rowEncoder(V2.class, mode);
    // V1's string body starts at 24, inside V2's fixed region of 32 bytes
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> v2.decode(v1));
    assertEquals("name", e.path());
    assertTrue(e.detail().contains("offset inside the fixed region"), e.getMessage());
    assertThrows(InvalidDataException.class, () -> v2.decode(v1, ValidationLevel.FULL));
    // at NONE nothing is checked first: the documented hazard (reads stay in bounds)
    assertEquals(7, v2.decode(v1, ValidationLevel.NONE).id());

    byte[] customer =
        Encoders.rowEncoder(Customer.class, mode)
            .encode(new Customer(12, "Ada", "ada@example.com", 1_700_000_000L));
    RowEncoder<Address> address = Encoders.rowEncoder(Address.class, mode);
    ZerorowException c = assertThrows(ZerorowException.class, () -> address.decode(customer));
    // Address's street slot holds Customer's id 12: offset 0, inside the fixed region
    assertEquals("street", c.path(), c.getMessage());
  }

  public record Pair(long a, long b) {}

  public record Narrow(long a, int b) {}

  @Test
  void whatOnlyFullSeesIsDocumentedAndDecodesAtBounds() {
    RowEncoder<Narrow> narrow = Encoders.rowEncoder(Narrow.class);
    // a small long in an int slot looks like an int32 with zero high bytes: same layout
    byte[] small = Encoders.rowEncoder(Pair.class).encode(new Pair(1, 2));
    assertEquals(new Narrow(1, 2), narrow.decode(small));
    byte[] big = Encoders.rowEncoder(Pair.class).encode(new Pair(1, 1L << 40));
    InvalidDataException e = assertThrows(InvalidDataException.class, () -> narrow.decode(big));
    assertEquals("b", e.path());
    assertTrue(e.detail().contains("high"), e.getMessage());
    assertThrows(NullPointerException.class, () -> narrow.decode(small, null));
    assertThrows(TruncatedException.class, () -> narrow.decode(new byte[8]));
  }

  // ---- 3. generic classes ------------------------------------------------------------------

  public record Page<T>(List<T> items, T first, Optional<T> last, int total) {}

  public record ProductPage(String title, Page<Address> page) {}

  public record Item(String sku, long qty) {}

  public record Catalog(Map<String, Page<Item>> sections, List<Page<Item>> history) {}

  /** A generic bean whose type argument a subclass fixes. */
  public static class PageBean<T> {
    private List<T> items = new ArrayList<>();
    private T first;
    public String label; // public field, read directly by the generated code

    public List<T> getItems() {
      return items;
    }

    public void setItems(List<T> items) {
      this.items = items;
    }

    public T getFirst() {
      return first;
    }

    public void setFirst(T first) {
      this.first = first;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof PageBean
          && o.getClass() == getClass()
          && items.equals(((PageBean<?>) o).items)
          && Objects.equals(first, ((PageBean<?>) o).first)
          && Objects.equals(label, ((PageBean<?>) o).label);
    }

    @Override
    public int hashCode() {
      return Objects.hash(items, first, label);
    }
  }

  public static class AddressPage extends PageBean<Address> {}

  /** Two levels of type arguments: K fixed here, T by the superclass. */
  public static class Keyed<K, T> extends PageBean<T> {
    public K key;
  }

  public static class AddressesByZip extends Keyed<Integer, Address> {}

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void genericClassesInferThroughTheirTypeArguments(Encoders.Mode mode) {
    Address a = new Address("Main St", "Springfield", 12345);
    Address b = new Address("Elm St", "Shelbyville", 54321);
    ProductPage pp = new ProductPage("t", new Page<>(List.of(a, b), a, Optional.of(b), 2));
    RowEncoder<ProductPage> ppe = Encoders.rowEncoder(ProductPage.class, mode);
    assertEquals(pp, ppe.decode(ppe.encode(pp)));
    Schema page = (Schema) ppe.schema().field(1).type();
    assertEquals(TypeInference.inferSchema(Address.class), page.field(1).type());
    assertEquals(
        DataTypes.list(TypeInference.inferSchema(Address.class), true), page.field(0).type());

    AddressPage ap = new AddressPage();
    ap.setItems(new ArrayList<>(List.of(a, b)));
    ap.setFirst(b);
    ap.label = "L";
    RowEncoder<AddressPage> ape = Encoders.rowEncoder(AddressPage.class, mode);
    assertEquals(ap, ape.decode(ape.encode(ap)));
    assertEquals(
        TypeInference.inferSchema(Address.class),
        ape.schema().field(ape.schema().indexOf("first")).type());

    AddressesByZip z = new AddressesByZip();
    z.setItems(new ArrayList<>(List.of(a)));
    z.key = 12345;
    RowEncoder<AddressesByZip> ze = Encoders.rowEncoder(AddressesByZip.class, mode);
    AddressesByZip zb = ze.decode(ze.encode(z));
    assertEquals(z, zb);
    assertEquals(12345, zb.key);

    Map<String, Page<Item>> sections = new LinkedHashMap<>();
    Item i = new Item("x", 3);
    sections.put("tools", new Page<>(List.of(i), i, Optional.empty(), 1));
    Catalog c = new Catalog(sections, List.of(new Page<>(List.of(), null, Optional.empty(), 0)));
    RowEncoder<Catalog> ce = Encoders.rowEncoder(Catalog.class, mode);
    assertEquals(c, ce.decode(ce.encode(c)));
  }

  public record RawPage(@SuppressWarnings("rawtypes") Page page) {}

  /** A generic class that contains itself with a new type argument at every level. */
  public record Node<T>(T value, Node<List<T>> child) {}

  public record Tree(Node<String> root) {}

  @Test
  void aTypeVariableWithoutAnArgumentIsNamed() {
    UnsupportedException top =
        assertThrows(UnsupportedException.class, () -> Encoders.rowEncoder(Page.class));
    assertTrue(top.path().startsWith("items"), top.getMessage());
    assertTrue(top.detail().contains("T of " + Page.class.getName()), top.getMessage());
    assertTrue(top.detail().contains("Page<Address>"), top.getMessage());
    UnsupportedException raw =
        assertThrows(UnsupportedException.class, () -> Encoders.rowEncoder(RawPage.class));
    assertTrue(raw.path().startsWith("page.items"), raw.getMessage());
    UnsupportedException deep =
        assertThrows(UnsupportedException.class, () -> Encoders.rowEncoder(Tree.class));
    assertTrue(deep.detail().contains("deeper than 64"), deep.getMessage());
  }

  // ---- 8. errors ---------------------------------------------------------------------------

  public static class Base {
    public String name;
  }

  public static class Sub extends Base {
    public String name; // hides Base.name: legal Java, two fields of one name in a row
  }

  public static class Renamed extends Base {
    @Name("display_name")
    public String name;
  }

  public record Twice(@Name("x") int a, @Name("x") int b) {}

  @Test
  void aReDeclaredFieldIsUnsupportedNamingBothClassesAndTheWayOut() {
    UnsupportedException e =
        assertThrows(UnsupportedException.class, () -> Encoders.rowEncoder(Sub.class));
    assertEquals("name", e.path());
    assertTrue(e.detail().contains(Sub.class.getName()), e.getMessage());
    assertTrue(e.detail().contains("superclass " + Base.class.getName()), e.getMessage());
    assertTrue(e.detail().contains("@Name"), e.getMessage());
    Schema renamed = Encoders.rowEncoder(Renamed.class).schema();
    assertEquals("name", renamed.field(0).name());
    assertEquals("display_name", renamed.field(1).name());
    UnsupportedException twice =
        assertThrows(UnsupportedException.class, () -> Encoders.rowEncoder(Twice.class));
    assertTrue(twice.detail().contains("both map to the field name \"x\""), twice.getMessage());
  }

  public record Blob(String name, byte[] payload) {}

  public record Box(long id, List<Blob> blobs, Map<String, Blob> byName) {}

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void anOversizedRowNamesTheField(Encoders.Mode mode) {
    RowEncoder<Box> enc = Encoders.rowEncoder(Box.class, mode);
    Blob small = new Blob("s", new byte[8]);
    Blob big = new Blob("b", new byte[4096]);
    int saved = WriteLimits.limit();
    WriteLimits.setLimit(2048); // stands for 2^31-8: the same checks, without a 2 GB row
    try {
      InvalidDataException list =
          assertThrows(
              InvalidDataException.class,
              () -> enc.encode(new Box(1, List.of(small, big), Map.of())));
      assertEquals("blobs[1].payload", list.path(), list.getMessage());
      assertTrue(list.detail().startsWith("row larger than 2^31-8 bytes"), list.getMessage());
      InvalidDataException map =
          assertThrows(
              InvalidDataException.class,
              () -> enc.toRow(new Box(2, List.of(), Map.of("big", big))));
      assertTrue(map.path().startsWith("byName"), map.getMessage());
      assertTrue(map.path().endsWith(".payload"), map.getMessage());
    } finally {
      WriteLimits.setLimit(saved);
    }
    Box ok = new Box(3, List.of(big), Map.of("s", small));
    Box back = enc.decode(enc.encode(ok));
    assertEquals(ok.blobs().get(0).name(), back.blobs().get(0).name());
    assertNotEquals(0, back.blobs().get(0).payload().length);
    assertSame(Box.class, back.getClass());
  }

  // ---- prices: the decimal default and the annotation ---------------------------------------

  public record Priced(
      String sku, BigDecimal plain, @Decimal(precision = 12, scale = 2) BigDecimal price) {}

  /**
   * The README's note after the seed example: an un-annotated {@code BigDecimal} is decimal(38,18),
   * so 1.5 comes back with scale 18 (equal by {@code compareTo}, not by {@code equals}); a price
   * annotated with its scale comes back {@code equals}.
   */
  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void anUnannotatedBigDecimalKeepsScale18AndAnAnnotatedPriceIsEqual(Encoders.Mode mode) {
    RowEncoder<Priced> enc = Encoders.rowEncoder(Priced.class, mode);
    assertEquals(DataTypes.decimal(38, 18), enc.schema().field(1).type());
    assertEquals(DataTypes.decimal(12, 2), enc.schema().field(2).type());
    Priced p = new Priced("a", new BigDecimal("1.5"), new BigDecimal("19.99"));
    Priced back = enc.decode(enc.encode(p));
    assertEquals(new BigDecimal("1.500000000000000000"), back.plain());
    assertNotEquals(p.plain(), back.plain());
    assertEquals(0, p.plain().compareTo(back.plain()));
    assertEquals(p.price(), back.price());
  }
}
