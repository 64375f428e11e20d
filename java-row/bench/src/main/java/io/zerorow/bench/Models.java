package io.zerorow.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark shapes, as JavaBeans that all three libraries accept. Field names sort in
 * declaration order, because Spark's bean encoder orders fields by name: ordinal i is then the same
 * field everywhere.
 */
public final class Models {
  private Models() {}

  /** The seed's Foo. */
  public static class Foo {
    private int f1;
    private List<Integer> f2;
    private Map<String, Integer> f3;
    private List<Bar> f4;

    public int getF1() {
      return f1;
    }

    public void setF1(int v) {
      f1 = v;
    }

    public List<Integer> getF2() {
      return f2;
    }

    public void setF2(List<Integer> v) {
      f2 = v;
    }

    public Map<String, Integer> getF3() {
      return f3;
    }

    public void setF3(Map<String, Integer> v) {
      f3 = v;
    }

    public List<Bar> getF4() {
      return f4;
    }

    public void setF4(List<Bar> v) {
      f4 = v;
    }
  }

  /** The seed's Bar. */
  public static class Bar {
    private String f1;
    private List<Long> f2;

    public String getF1() {
      return f1;
    }

    public void setF1(String v) {
      f1 = v;
    }

    public List<Long> getF2() {
      return f2;
    }

    public void setF2(List<Long> v) {
      f2 = v;
    }
  }

  /** A flat struct of 12 primitive fields. */
  public static class Flat {
    private int f01;
    private long f02;
    private double f03;
    private float f04;
    private short f05;
    private byte f06;
    private boolean f07;
    private int f08;
    private long f09;
    private double f10;
    private int f11;
    private long f12;

    public int getF01() {
      return f01;
    }

    public void setF01(int v) {
      f01 = v;
    }

    public long getF02() {
      return f02;
    }

    public void setF02(long v) {
      f02 = v;
    }

    public double getF03() {
      return f03;
    }

    public void setF03(double v) {
      f03 = v;
    }

    public float getF04() {
      return f04;
    }

    public void setF04(float v) {
      f04 = v;
    }

    public short getF05() {
      return f05;
    }

    public void setF05(short v) {
      f05 = v;
    }

    public byte getF06() {
      return f06;
    }

    public void setF06(byte v) {
      f06 = v;
    }

    public boolean isF07() {
      return f07;
    }

    public void setF07(boolean v) {
      f07 = v;
    }

    public int getF08() {
      return f08;
    }

    public void setF08(int v) {
      f08 = v;
    }

    public long getF09() {
      return f09;
    }

    public void setF09(long v) {
      f09 = v;
    }

    public double getF10() {
      return f10;
    }

    public void setF10(double v) {
      f10 = v;
    }

    public int getF11() {
      return f11;
    }

    public void setF11(int v) {
      f11 = v;
    }

    public long getF12() {
      return f12;
    }

    public void setF12(long v) {
      f12 = v;
    }
  }

  /** 30 fields: 10 ints/longs, 10 strings, 9 doubles and a list. */
  public static class Wide {
    private int f01;
    private long f02;
    private int f03;
    private long f04;
    private int f05;
    private long f06;
    private int f07;
    private long f08;
    private int f09;
    private long f10;
    private String f11;
    private String f12;
    private String f13;
    private String f14;
    private String f15;
    private String f16;
    private String f17;
    private String f18;
    private String f19;
    private String f20;
    private double f21;
    private double f22;
    private double f23;
    private double f24;
    private double f25;
    private double f26;
    private double f27;
    private double f28;
    private double f29;
    private List<Integer> f30;

    public int getF01() {
      return f01;
    }

    public void setF01(int v) {
      f01 = v;
    }

    public long getF02() {
      return f02;
    }

    public void setF02(long v) {
      f02 = v;
    }

    public int getF03() {
      return f03;
    }

    public void setF03(int v) {
      f03 = v;
    }

    public long getF04() {
      return f04;
    }

    public void setF04(long v) {
      f04 = v;
    }

    public int getF05() {
      return f05;
    }

    public void setF05(int v) {
      f05 = v;
    }

    public long getF06() {
      return f06;
    }

    public void setF06(long v) {
      f06 = v;
    }

    public int getF07() {
      return f07;
    }

    public void setF07(int v) {
      f07 = v;
    }

    public long getF08() {
      return f08;
    }

    public void setF08(long v) {
      f08 = v;
    }

    public int getF09() {
      return f09;
    }

    public void setF09(int v) {
      f09 = v;
    }

    public long getF10() {
      return f10;
    }

    public void setF10(long v) {
      f10 = v;
    }

    public String getF11() {
      return f11;
    }

    public void setF11(String v) {
      f11 = v;
    }

    public String getF12() {
      return f12;
    }

    public void setF12(String v) {
      f12 = v;
    }

    public String getF13() {
      return f13;
    }

    public void setF13(String v) {
      f13 = v;
    }

    public String getF14() {
      return f14;
    }

    public void setF14(String v) {
      f14 = v;
    }

    public String getF15() {
      return f15;
    }

    public void setF15(String v) {
      f15 = v;
    }

    public String getF16() {
      return f16;
    }

    public void setF16(String v) {
      f16 = v;
    }

    public String getF17() {
      return f17;
    }

    public void setF17(String v) {
      f17 = v;
    }

    public String getF18() {
      return f18;
    }

    public void setF18(String v) {
      f18 = v;
    }

    public String getF19() {
      return f19;
    }

    public void setF19(String v) {
      f19 = v;
    }

    public String getF20() {
      return f20;
    }

    public void setF20(String v) {
      f20 = v;
    }

    public double getF21() {
      return f21;
    }

    public void setF21(double v) {
      f21 = v;
    }

    public double getF22() {
      return f22;
    }

    public void setF22(double v) {
      f22 = v;
    }

    public double getF23() {
      return f23;
    }

    public void setF23(double v) {
      f23 = v;
    }

    public double getF24() {
      return f24;
    }

    public void setF24(double v) {
      f24 = v;
    }

    public double getF25() {
      return f25;
    }

    public void setF25(double v) {
      f25 = v;
    }

    public double getF26() {
      return f26;
    }

    public void setF26(double v) {
      f26 = v;
    }

    public double getF27() {
      return f27;
    }

    public void setF27(double v) {
      f27 = v;
    }

    public double getF28() {
      return f28;
    }

    public void setF28(double v) {
      f28 = v;
    }

    public double getF29() {
      return f29;
    }

    public void setF29(double v) {
      f29 = v;
    }

    public List<Integer> getF30() {
      return f30;
    }

    public void setF30(List<Integer> v) {
      f30 = v;
    }
  }

  /** Foo with {@code n} elements in each collection and 5 longs per Bar. */
  public static Foo foo(int n) {
    Foo foo = new Foo();
    foo.setF1(42);
    List<Integer> f2 = new ArrayList<>();
    Map<String, Integer> f3 = new LinkedHashMap<>();
    List<Bar> f4 = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      f2.add(i);
      f3.put("key" + i, i);
      Bar bar = new Bar();
      bar.setF1("bar-" + i);
      List<Long> l = new ArrayList<>();
      for (int j = 0; j < 5; j++) {
        l.add((long) i * 100 + j);
      }
      bar.setF2(l);
      f4.add(bar);
    }
    foo.setF2(f2);
    foo.setF3(f3);
    foo.setF4(f4);
    return foo;
  }

  public static Flat flat() {
    Flat f = new Flat();
    f.setF01(1);
    f.setF02(2L << 40);
    f.setF03(3.5);
    f.setF04(4.25f);
    f.setF05((short) 5);
    f.setF06((byte) 6);
    f.setF07(true);
    f.setF08(-8);
    f.setF09(-9L);
    f.setF10(10.125);
    f.setF11(11);
    f.setF12(12L);
    return f;
  }

  public static Wide wide() {
    Wide w = new Wide();
    w.setF01(1);
    w.setF02(2);
    w.setF03(3);
    w.setF04(4);
    w.setF05(5);
    w.setF06(6);
    w.setF07(7);
    w.setF08(8);
    w.setF09(9);
    w.setF10(10);
    w.setF11("alpha");
    w.setF12("bravo-charlie");
    w.setF13("delta");
    w.setF14("echo foxtrot golf");
    w.setF15("hotel");
    w.setF16("india");
    w.setF17("juliett-kilo");
    w.setF18("lima");
    w.setF19("mike november oscar");
    w.setF20("papa");
    w.setF21(21.5);
    w.setF22(22.5);
    w.setF23(23.5);
    w.setF24(24.5);
    w.setF25(25.5);
    w.setF26(26.5);
    w.setF27(27.5);
    w.setF28(28.5);
    w.setF29(29.5);
    List<Integer> l = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      l.add(i * 3);
    }
    w.setF30(l);
    return w;
  }
}
