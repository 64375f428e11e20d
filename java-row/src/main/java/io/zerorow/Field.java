package io.zerorow;

import java.util.List;
import java.util.Objects;

/**
 * A field of a struct: a name, a type, a nullability flag and the names the field had before
 * (aliases, SPEC §1, §4.1, §13.2).
 *
 * <p>Aliases let a reader schema find a renamed field in rows written before the rename ({@link
 * Resolution}). They are written in the canonical JSON but are not part of the fingerprint, nor of
 * {@link #equals}: a field with aliases lays out the same bytes as one without. The alias rules
 * (non-empty, unique, distinct from the struct's field names and other aliases) are checked when
 * the struct is built ({@link Schema}).
 */
public final class Field {
  private final String name;
  private final DataType type;
  private final boolean nullable;
  private final List<String> aliases;

  /** A field named {@code name} of {@code type}, which may hold null when {@code nullable}. */
  public Field(String name, DataType type, boolean nullable) {
    this(name, type, nullable, List.of());
  }

  /** A field that had the names {@code aliases} before (SPEC §13.2), in the order given. */
  public Field(String name, DataType type, boolean nullable, List<String> aliases) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.nullable = nullable;
    Objects.requireNonNull(aliases, "aliases");
    for (String a : aliases) {
      Objects.requireNonNull(a, "an alias of field \"" + name + "\" is null");
    }
    this.aliases = List.copyOf(aliases);
  }

  /** Same as the constructor: {@code Field.of("id", DataTypes.INT64, false)}. */
  public static Field of(String name, DataType type, boolean nullable) {
    return new Field(name, type, nullable);
  }

  /**
   * A field with its former names, e.g. {@code Field.of("customer_id", DataTypes.int64(), false,
   * "client_id")} for a field renamed from {@code client_id} (SPEC §13.2).
   */
  public static Field of(String name, DataType type, boolean nullable, String... aliases) {
    return new Field(name, type, nullable, List.of(aliases));
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

  /** The field's former names (SPEC §13.2), in the order given; empty for most fields. */
  public List<String> aliases() {
    return aliases;
  }

  /** This field with {@code aliases} instead of its own. */
  public Field withAliases(String... aliases) {
    return new Field(name, type, nullable, List.of(aliases));
  }

  void appendJson(StringBuilder out, boolean withAliases) {
    out.append("{\"name\":");
    SchemaJson.appendString(out, name);
    out.append(",\"type\":");
    type.appendJson(out, withAliases);
    out.append(",\"nullable\":").append(nullable);
    if (withAliases && !aliases.isEmpty()) {
      out.append(",\"aliases\":[");
      for (int i = 0; i < aliases.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        SchemaJson.appendString(out, aliases.get(i));
      }
      out.append(']');
    }
    out.append('}');
  }

  /** Equal name, type and nullability; aliases are left out, as from the fingerprint. */
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

  /** The canonical JSON of the field, aliases included. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    appendJson(b, true);
    return b.toString();
  }
}
