package io.zerorow.type;

/**
 * The order of the fields that schema inference gives a bean or record class (SPEC §4). Rows
 * written with one order read correctly only with the same order.
 */
public enum FieldOrder {
  /** Declaration order (superclass fields first): zerorow's default, as in Spark. */
  DECLARATION,
  /**
   * Sorted by Java field name, as Apache Fory's row format orders a class's fields: use it to read
   * rows that Fory wrote, or to write rows that Fory reads.
   */
  NAME
}
