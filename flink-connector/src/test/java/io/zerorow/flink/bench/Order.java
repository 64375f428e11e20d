package io.zerorow.flink.bench;

/**
 * The wide nested order of the Spark connector's benchmark as a Flink POJO: 30 top-level fields (10
 * longs, 10 doubles, 8 strings, a customer struct, 0–5 line items; arrays, so Flink's POJO
 * serializer handles them without Kryo).
 */
public class Order {
  public long orderId;
  public long l1, l2, l3, l4, l5, l6, l7, l8, l9;
  public double d0, d1, d2, d3, d4, d5, d6, d7, d8, d9;
  public String s0, s1, s2, s3, s4, s5, s6, s7;
  public Customer customer;
  public Item[] items;

  /** The customer struct. */
  public static class Customer {
    public long id;
    public String name;
    public String country;
    public boolean vip;
  }

  /** One line item. */
  public static class Item {
    public String sku;
    public int qty;
    public double price;
  }
}
