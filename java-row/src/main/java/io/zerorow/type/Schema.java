package io.zerorow.type;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.UnsupportedException;
import io.zerorow.internal.TypeMasks;
import io.zerorow.row.BinaryRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A struct type (SPEC §4): an ordered list of fields. The top-level schema of a row and every
 * nested struct are both {@code Schema}s. Construction checks the schema rules of SPEC §4.1
 * (non-empty unique names, the alias rules, depth at most 64).
 */
public final class Schema extends DataType {
  /** Maximum nesting depth; the top-level row is level 1 (SPEC §7). */
  public static final int MAX_DEPTH = 64;

  private final List<Field> fields;
  private final Map<String, Integer> byName;
  private final int depth;

  /** Computed on first use (a data race computes the same value twice, harmlessly). */
  private Long fingerprint;

  /** The type masks of {@link BinaryRow}'s getters, computed on first use (as the fingerprint). */
  private TypeMasks.Fields masks;

  /** {@link #mismatchNote()}: of this instance only, never part of its value. */
  private volatile String mismatchNote;

  Schema(List<Field> fields) {
    this.fields = Collections.unmodifiableList(new ArrayList<>(fields));
    this.byName = new HashMap<>();
    for (int i = 0; i < this.fields.size(); i++) {
      String name = this.fields.get(i).name();
      if (name.isEmpty()) {
        throw new InvalidDataException("[" + i + "]", "field names must be non-empty");
      }
      if (byName.put(name, i) != null) {
        throw new InvalidDataException(name, "duplicate field name \"" + name + "\"");
      }
    }
    checkAliases(this.fields, byName);
    for (Field f : this.fields) {
      checkNulls(f.type(), false, f.name());
    }
    this.depth = depthOf(this);
    if (depth > MAX_DEPTH) {
      throw new UnsupportedException(
          "", "expected nesting depth <= " + MAX_DEPTH + " but found " + depth);
    }
  }

  /**
   * A sentence that every {@link SchemaMismatchException} (and ordinal error) a getter of a row of
   * this schema object throws ends with; null when none. It belongs to this object, not to the
   * schema: {@link #equals}, {@link #hashCode}, the JSON and the fingerprint ignore it, and an
   * equal schema parsed or built elsewhere has none. A connector sets it on the object its restored
   * rows carry, to say how rows of an older schema are read (e.g. Flink's heap state backend).
   */
  public String mismatchNote() {
    return mismatchNote;
  }

  /**
   * Sets {@link #mismatchNote()} (null clears it). Set it only on a schema object that no one but
   * the rows it is meant for uses (one freshly parsed, say): every row of this object shows it.
   */
  public void setMismatchNote(String note) {
    this.mismatchNote = note;
  }

  /**
   * The type masks every {@link BinaryRow} of this schema shares: an internal table ({@code
   * io.zerorow.internal.TypeMasks}) that the row views read, computed once; not for users.
   *
   * @return the table, never null
   */
  public TypeMasks.Fields masks() {
    TypeMasks.Fields m = masks;
    if (m == null) {
      masks = m = new TypeMasks.Fields(this); // its fields are final: safely published
    }
    return m;
  }

  /**
   * The alias rules of SPEC §4.1: an alias is non-empty, appears once in its field, and is neither
   * a field name nor another field's alias in the same struct (else a reader could not tell which
   * field a writer's name means).
   */
  private static void checkAliases(List<Field> fields, Map<String, Integer> byName) {
    Map<String, String> owner = new HashMap<>();
    for (Field f : fields) {
      for (String a : f.aliases()) {
        if (a.isEmpty()) {
          throw new InvalidDataException(f.name(), "the field lists an empty alias");
        }
        if (byName.containsKey(a)) {
          throw new InvalidDataException(
              f.name(), "alias \"" + a + "\" is the name of a field of the same struct");
        }
        String prev = owner.putIfAbsent(a, f.name());
        if (prev != null) {
          throw new InvalidDataException(
              f.name(),
              prev.equals(f.name())
                  ? "the field lists the alias \"" + a + "\" twice"
                  : "alias \"" + a + "\" is already an alias of field \"" + prev + "\"");
        }
      }
    }
  }

  /** Builds a schema from fields in declaration order. */
  public static Schema of(Field... fields) {
    return DataTypes.struct(fields);
  }

  /** Parses schema JSON (any valid JSON with the canonical content, SPEC §4.1). */
  public static Schema fromJson(String json) {
    return SchemaJson.parseSchema(json);
  }

  private static int depthOf(DataType t) {
    return switch (t.storage()) {
      case ROW -> {
        int d = 0;
        for (Field f : ((Schema) t).fields()) {
          d = Math.max(d, depthOf(f.type()));
        }
        yield 1 + d;
      }
      case ARRAY -> 1 + depthOf(((DataTypes.ListType) t).element());
      case MAP -> {
        DataTypes.MapType m = (DataTypes.MapType) t;
        yield 1 + Math.max(depthOf(m.key()), depthOf(m.value()));
      }
      case FIXED, BODY, NONE -> 0;
    };
  }

  /**
   * The rule of SPEC §3.6: the type null stands only where a null can (nullable list elements,
   * nullable map values, never inside a map key; a field's own nullability is {@link Field}'s
   * rule); {@code inKey} while inside a map key. The error names the schema path of the null type
   * ({@code l[]}, {@code m{values}}, {@code m{keys}.a}). A struct outside a key checked its own
   * fields when it was built.
   */
  private static void checkNulls(DataType t, boolean inKey, String path) {
    Void done =
        switch (t.storage()) {
          case NONE -> {
            if (inKey) {
              throw new InvalidDataException(
                  path, "the type null cannot be (or be inside) a map key type (SPEC §3.6)");
            }
            yield null;
          }
          case ARRAY -> {
            DataTypes.ListType l = (DataTypes.ListType) t;
            if (l.element().id() == TypeId.NULL && !l.elementNullable() && !inKey) {
              throw new InvalidDataException(
                  path + "[]", "a list of null must have nullable elements (SPEC §3.6)");
            }
            checkNulls(l.element(), inKey, path + "[]");
            yield null;
          }
          case MAP -> {
            DataTypes.MapType m = (DataTypes.MapType) t;
            checkNulls(m.key(), true, path + "{keys}");
            if (m.value().id() == TypeId.NULL && !m.valueNullable() && !inKey) {
              throw new InvalidDataException(
                  path + "{values}",
                  "a map with null values must have nullable values (SPEC §3.6)");
            }
            checkNulls(m.value(), inKey, path + "{values}");
            yield null;
          }
          case ROW -> {
            for (Field f : inKey ? ((Schema) t).fields() : List.<Field>of()) {
              checkNulls(f.type(), true, path + "." + f.name());
            }
            yield null;
          }
          case FIXED, BODY -> null;
        };
  }

  @Override
  public TypeId id() {
    return TypeId.STRUCT;
  }

  /** The fields, in ordinal order (unmodifiable). */
  public List<Field> fields() {
    return fields;
  }

  /** The number of fields. */
  public int numFields() {
    return fields.size();
  }

  /** The field at {@code ordinal} (0-based). */
  public Field field(int ordinal) {
    return fields.get(ordinal);
  }

  /** The field called {@code name}, or null. */
  public Field field(String name) {
    Integer i = byName.get(name);
    return i == null ? null : fields.get(i);
  }

  /** The ordinal of {@code name}, or -1. */
  public int indexOf(String name) {
    Integer i = byName.get(name);
    return i == null ? -1 : i;
  }

  /** Nesting depth of this struct (1 for a struct of fixed-width fields). */
  public int depth() {
    return depth;
  }

  /** Null bitmap bytes: {@code ceil(n/64)*8} (SPEC §2.1). */
  public int bitmapBytes() {
    return ((fields.size() + 63) >>> 6) << 3;
  }

  /** Bitmap plus slots: where the first body starts. */
  public int fixedRegionSize() {
    return bitmapBytes() + 8 * fields.size();
  }

  /**
   * The 64-bit FNV-1a fingerprint of the canonical JSON without aliases (SPEC §4.2); computed once.
   */
  public long fingerprint() {
    Long f = fingerprint;
    if (f == null) {
      long h = 0xcbf29ce484222325L;
      for (byte b : fingerprintText().getBytes(StandardCharsets.UTF_8)) {
        h ^= (b & 0xff);
        h *= 0x100000001b3L;
      }
      fingerprint = f = h;
    }
    return f;
  }

  /** The fingerprint as 16 lowercase hex digits. */
  public String fingerprintHex() {
    return String.format("%016x", fingerprint());
  }

  @Override
  void appendJson(StringBuilder out) {
    appendJson(out, true);
  }

  @Override
  void appendJson(StringBuilder out, boolean aliases) {
    out.append("{\"type\":\"struct\",\"fields\":[");
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      fields.get(i).appendJson(out, aliases);
    }
    out.append("]}");
  }
}
