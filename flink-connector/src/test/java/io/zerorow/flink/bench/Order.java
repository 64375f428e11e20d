package io.zerorow.flink.bench;

/**
 * The wide nested order of the benchmark as a Flink POJO: 30 top-level fields, a customer
 * struct and 0–5 line items (arrays, so Flink's POJO serializer handles them without Kryo).
 */
public class Order {
  public long orderId;
  public Customer customer;
  public Item[] items;
  public long l0, l1, l2, l3, l4, l5, l6, l7, l8;
  public int i0, i1, i2, i3, i4, i5;
  public double d0, d1, d2, d3, d4, d5;
  public String s0, s1, s2, s3, s4, s5;

  public static class Customer {
    public long id;
    public String name;
    public String email;
    public String city;
    public String country;
    public int tier;
  }

  public static class Item {
    public String sku;
    public int qty;
    public double price;
    public double discount;
  }
}
