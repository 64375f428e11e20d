package io.zerorow;

import java.util.Objects;

/** A field of a struct: a name, a type and a nullability flag (SPEC §1, §4.1). */
public final class Field {
  private final String name;
  private final DataType type;
  private final boolean nullable;

  /** A field named {@code name} of {@code type}, which may hold null when {@code nullable}. */
  public Field(String name, DataType type, boolean nullable) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.nullable = nullable;
  }

  /** Same as the constructor: {@code Field.of("id", DataTypes.INT64, false)}. */
  public static Field of(String name, DataType type, boolean nullable) {
    return new Field(name, type, nullable);
  }

  /** The field's name. */
  public String name() {
    return name;
  }

  /** The field's type. */
  public DataType type() {
    return type;
  }

  /** True when the field may hold null. */
  public boolean nullable() {
    return nullable;
  }

  void appendJson(StringBuilder out) {
    out.append("{\"name\":");
    SchemaJson.appendString(out, name);
    out.append(",\"type\":");
    type.appendJson(out);
    out.append(",\"nullable\":").append(nullable).append('}');
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Field
        && ((Field) o).name.equals(name)
        && ((Field) o).type.equals(type)
        && ((Field) o).nullable == nullable;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, type, nullable);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    appendJson(b);
    return b.toString();
  }
}
