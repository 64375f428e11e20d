package io.zerorow.type;

import io.zerorow.InvalidDataException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Json;
import io.zerorow.internal.ValuesJson;
import io.zerorow.row.Resolution;
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
 *
 * <p>A field may carry a default (SPEC §13.7): the value a reader reads when the writer has no such
 * field, written in the JSON form of {@code values.json} ({@link #withDefault(String)}). Like
 * aliases it is in the canonical JSON but not in the fingerprint nor in {@link #equals}; it is
 * checked against the field's type when the field is built.
 */
public final class Field {
  private final String name;
  private final DataType type;
  private final boolean nullable;
  private final List<String> aliases;

  /** The default in canonical JSON form ({@link ValuesJson#check}), or null for none. */
  private final Object defaultValue;

  /** A field named {@code name} of {@code type}, which may hold null when {@code nullable}. */
  public Field(String name, DataType type, boolean nullable) {
    this(name, type, nullable, List.of());
  }

  /** A field that had the names {@code aliases} before (SPEC §13.2), in the order given. */
  public Field(String name, DataType type, boolean nullable, List<String> aliases) {
    this(name, type, nullable, aliases, null, false);
  }

  private Field(
      String name,
      DataType type,
      boolean nullable,
      List<String> aliases,
      Object defaultTree,
      boolean checked) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.nullable = nullable;
    Objects.requireNonNull(aliases, "aliases");
    for (String a : aliases) {
      Objects.requireNonNull(a, "an alias of field \"" + name + "\" is null");
    }
    this.aliases = List.copyOf(aliases);
    if (type.id() == TypeId.NULL && !nullable) {
      throw new InvalidDataException(
          name, "a field of type null must be nullable: its value is always null (SPEC §3.6)");
    }
    this.defaultValue = defaultTree == null || checked ? defaultTree : checkDefault(defaultTree);
  }

  private Object checkDefault(Object tree) {
    if (type.id() == TypeId.NULL) {
      throw new InvalidDataException(name, "a field of type null has no default (SPEC §13.7)");
    }
    // a default is a non-null value of the type, whatever the field's nullability; a problem
    // anywhere inside it is reported at the field (SPEC §13.7)
    try {
      return ValuesJson.check(type, false, tree, "");
    } catch (ZerorowException e) {
      throw new InvalidDataException(
          name,
          "the default is not a value of "
              + type
              + (e.path().isEmpty() ? ": " : " (at " + e.path() + "): ")
              + e.detail());
    }
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
    return new Field(name, type, nullable, List.of(aliases), defaultValue, true);
  }

  /**
   * This field with a default (SPEC §13.7), given in the JSON form of {@code values.json} (SPEC
   * §10): e.g. {@code "0"} for an int32, {@code "\"EUR\""} for a string, {@code "\"7\""} for an
   * int64; null for no default.
   *
   * @throws InvalidDataException when the text is not a non-null value of the field's type
   */
  public Field withDefault(String json) {
    if (json == null) {
      return withDefaultValue(null);
    }
    Object tree = Json.parse(json);
    if (tree == null) {
      throw new InvalidDataException(
          name, "a default of null: a default is a non-null value (SPEC §13.7)");
    }
    return withDefaultValue(tree);
  }

  /**
   * This field with a default given as a parsed JSON tree ({@link Json#parse}); null for no
   * default. Not API: the schema reader's form of {@link #withDefault(String)}.
   */
  public Field withDefaultValue(Object tree) {
    return new Field(name, type, nullable, aliases, tree, false);
  }

  /** True when the field has a default (SPEC §13.7). */
  public boolean hasDefault() {
    return defaultValue != null;
  }

  /** The default as canonical JSON text in the form of {@code values.json}, or null. */
  public String defaultJson() {
    if (defaultValue == null) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    ValuesJson.appendCanonical(b, defaultValue);
    return b.toString();
  }

  /** The default in the checked tree form of {@link ValuesJson#check}, or null. Not API. */
  public Object defaultTree() {
    return defaultValue;
  }

  /** The canonical JSON, with aliases and the default, or without them (the fingerprint's text). */
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
    if (withAliases && defaultValue != null) {
      out.append(",\"default\":");
      ValuesJson.appendCanonical(out, defaultValue);
    }
    out.append('}');
  }

  /**
   * Equal name, type and nullability; aliases and defaults are left out, as from the fingerprint.
   */
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

  /** The canonical JSON of the field, aliases and default included. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    appendJson(b, true);
    return b.toString();
  }
}
