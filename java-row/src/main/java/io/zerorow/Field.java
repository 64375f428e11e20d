package io.zerorow;

import java.util.Objects;

/** A field of a struct: a name, a type and a nullability flag (SPEC §1, §4.1). */
public final class Field {
  private final String name;
  private final DataType type;
  private final boolean nullable;

  public Field(String name, DataType type, boolean nullable) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.nullable = nullable;
  }

  public static Field of(String name, DataType type, boolean nullable) {
    return new Field(name, type, nullable);
  }

  public String name() {
    return name;
  }

  public DataType type() {
    return type;
  }

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
