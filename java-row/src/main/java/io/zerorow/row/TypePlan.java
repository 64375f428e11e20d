package io.zerorow.row;

import io.zerorow.SchemaMismatchException;
import io.zerorow.internal.TypeMasks;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import io.zerorow.writer.RowWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * How one reader type reads one writer type (SPEC §13.1–13.3): built once per (writer, reader) pair
 * by {@link Resolution#resolve}, immutable, shared by every view of that pair. A plan whose writer
 * and reader types lay out the same bytes is the identity: its values are read with the plain
 * views.
 */
final class TypePlan {
  // How to read the writer's value of a value type (the reader's getter widens it, SPEC §13.3).
  // SAME is 0 so that a getter tests "present and unchanged" with one AND of its slot entry.
  /** The writer's value has the reader's type (or the same bytes: string→binary, zone changes). */
  static final int SAME = 0;

  /** A decimal read at a larger scale: the unscaled value times {@link #factor}. */
  static final int RESCALE = 1;

  static final int FROM_FLOAT32 = 2;
  static final int FROM_INT32 = 3;
  static final int FROM_INT16 = 4;
  static final int FROM_INT8 = 5;

  /** An interval_ym read as an interval: {@code (months, 0, 0)} (SPEC §13.3). */
  static final int FROM_MONTHS = 6;

  /** A duration read as an interval: {@code (0, 0, µs)} (SPEC §13.3). */
  static final int FROM_MICROS = 7;

  /**
   * Elements of type null read as any (nullable) type: every one is null (SPEC §13.3). A struct
   * field of type null is planned as {@link #ABSENT} instead (it reads as null, never a default).
   */
  static final int NULLS = 8;

  /**
   * The low bits of a struct's {@link #slots} entry that hold the read code; the slot offset above
   * them is a multiple of 8.
   */
  static final int CODE_MASK = 7;

  /** The ordinal and slot entry of a reader field that the writer lacks: it reads as null. */
  static final int ABSENT = -1;

  final DataType writer;
  final DataType reader;

  /** True when writer and reader types are equal (SPEC §4.2): read with the plain views. */
  final boolean identity;

  /** For a value type: one of {@link #SAME}, {@link #RESCALE}, {@link #FROM_FLOAT32} … */
  final int read;

  /** For {@link #RESCALE}: 10^(reader scale − writer scale), for decimals of precision ≤ 18. */
  final long factor;

  /** For a struct: per reader field, the writer's ordinal, or {@link #ABSENT}. */
  final int[] ordinals;

  /**
   * For a struct: per reader field, the offset of the writer's slot in the row (bitmap + 8 ×
   * ordinal) with the read code in its low bits, or {@link #ABSENT}: the one table lookup of a
   * primitive read (SPEC §13.4).
   */
  final int[] slots;

  /** For a struct: per reader field, its plan (null when absent). */
  final TypePlan[] fields;

  /** For a struct: per reader field, the {@link TypeMasks} bit of its type. */
  final int[] typeBits;

  /** For a struct: how many reader fields the writer has (the values a copy reads). */
  final int present;

  /**
   * For a struct whose reader fields the writer lacks have defaults (SPEC §13.7): a row of the
   * reader's field types (every field nullable) holding each such default at the reader's ordinal;
   * null when no default is read. Immutable, shared by every view of the plan.
   */
  final BinaryRow defaults;

  // The primitive getters, each with a bit in the fast flags of an entry (see #entries).
  static final int G_BOOL = 0;
  static final int G_INT8 = 1;
  static final int G_INT16 = 2;
  static final int G_INT32 = 3;
  static final int G_INT64 = 4;
  static final int G_FLOAT32 = 5;
  static final int G_FLOAT64 = 6;

  /** Where the fast flags of a getter start in an entry: read as written, from int32, float32. */
  static final int SAME_AT = 32;

  static final int INT32_AT = 40;
  static final int FLOAT32_AT = 48;

  /**
   * For a struct: per reader field, the offset of its writer slot in the low 32 bits (0 when the
   * writer lacks it; the read code is left out) and, above, one flag per primitive getter and
   * common read: bit {@code SAME_AT + g} when getter {@code g} may read the field and it was
   * written with the reader's type, {@code INT32_AT + g} when it was written as int32, {@code
   * FLOAT32_AT + g} as float32. A getter tests its flag and reads the slot: one array load and one
   * test check the ordinal's type and find the slot (SPEC §13.4); anything else (a field the writer
   * lacks, rarer widenings, a wrong getter) takes the getter's slow path.
   */
  final long[] entries;

  /** For a list: the element plan; for a map: the plans of its key array and value array. */
  final TypePlan element;

  final TypePlan keys;
  final TypePlan values;

  private TypePlan(
      DataType writer,
      DataType reader,
      boolean identity,
      int read,
      long factor,
      int[] ordinals,
      TypePlan[] fields,
      TypePlan element,
      TypePlan keys,
      TypePlan values,
      BinaryRow defaults) {
    this.defaults = defaults;
    this.writer = writer;
    this.reader = reader;
    this.identity = identity;
    this.read = read;
    this.factor = factor;
    this.ordinals = ordinals;
    this.fields = fields;
    this.element = element;
    this.keys = keys;
    this.values = values;
    if (reader instanceof Schema) {
      Schema s = (Schema) reader;
      this.typeBits = new int[s.numFields()];
      for (int i = 0; i < typeBits.length; i++) {
        typeBits[i] = TypeMasks.of(s.field(i).type());
      }
    } else {
      this.typeBits = null;
    }
    int n = 0;
    this.slots = ordinals == null ? null : new int[ordinals.length];
    for (int k = 0; ordinals != null && k < ordinals.length; k++) {
      int w = ordinals[k];
      slots[k] = w < 0 ? ABSENT : (((Schema) writer).bitmapBytes() + 8 * w) | fields[k].read;
      n += w >= 0 ? 1 : 0;
    }
    this.present = n;
    this.entries = ordinals == null ? null : new long[ordinals.length];
    for (int k = 0; ordinals != null && k < ordinals.length; k++) {
      long e = ordinals[k] < 0 ? 0 : slots[k] & ~CODE_MASK; // the slot's offset alone
      for (int g = 0; ordinals[k] >= 0 && g < TypeMasks.PRIMITIVE_GETTERS.length; g++) {
        if ((typeBits[k] & TypeMasks.PRIMITIVE_GETTERS[g]) == 0) {
          continue;
        }
        int code = fields[k].read;
        if (code == SAME) {
          e |= 1L << (SAME_AT + g);
        } else if (code == FROM_INT32) {
          e |= 1L << (INT32_AT + g);
        } else if (code == FROM_FLOAT32) {
          e |= 1L << (FLOAT32_AT + g);
        }
      }
      entries[k] = e;
    }
  }

  static TypePlan identity(DataType t) {
    return new TypePlan(t, t, true, SAME, 1, null, null, null, null, null, null);
  }

  private static TypePlan value(DataType w, DataType r, int read, long factor) {
    return new TypePlan(w, r, false, read, factor, null, null, null, null, null, null);
  }

  static TypePlan struct(
      Schema w, Schema r, int[] ordinals, TypePlan[] fields, BinaryRow defaults) {
    return new TypePlan(w, r, false, SAME, 1, ordinals, fields, null, null, null, defaults);
  }

  static TypePlan list(DataTypes.ListType w, DataTypes.ListType r, TypePlan element) {
    return new TypePlan(
        w, r, element.identity && w.equals(r), SAME, 1, null, null, element, null, null, null);
  }

  static TypePlan map(DataTypes.MapType w, DataTypes.MapType r, TypePlan key, TypePlan value) {
    TypePlan keys = list(w.keyArrayType(), r.keyArrayType(), key);
    TypePlan values = list(w.valueArrayType(), r.valueArrayType(), value);
    return new TypePlan(w, r, false, SAME, 1, null, null, null, keys, values, null);
  }

  // ---- resolving (SPEC §13.1) ----

  /** The plan of reader type {@code r} over writer type {@code w} at schema path {@code path}. */
  static TypePlan resolve(DataType w, DataType r, String path) {
    if (w.equals(r)) {
      return identity(r);
    }
    if (w.id() == TypeId.NULL) {
      // every writer value is null, and a null is a value of every nullable type (SPEC §13.3);
      // the nullability rules refuse a not-null reader
      return value(w, r, NULLS, 1);
    }
    return switch (r.storage()) {
      case ROW -> {
        if (!(w instanceof Schema)) {
          throw typeMismatch(path, w, r);
        }
        yield resolveStruct((Schema) w, (Schema) r, path);
      }
      case ARRAY -> {
        if (!(w instanceof DataTypes.ListType)) {
          throw typeMismatch(path, w, r);
        }
        DataTypes.ListType wl = (DataTypes.ListType) w;
        DataTypes.ListType rl = (DataTypes.ListType) r;
        String p = path + "[]";
        checkNullability(p, ELEMENTS, wl.elementNullable(), rl.elementNullable());
        yield list(wl, rl, resolve(wl.element(), rl.element(), p));
      }
      case MAP -> {
        if (!(w instanceof DataTypes.MapType)) {
          throw typeMismatch(path, w, r);
        }
        DataTypes.MapType wm = (DataTypes.MapType) w;
        DataTypes.MapType rm = (DataTypes.MapType) r;
        TypePlan key = resolveKey(wm.key(), rm.key(), path + "{keys}");
        String p = path + "{values}";
        checkNullability(p, VALUES, wm.valueNullable(), rm.valueNullable());
        yield map(wm, rm, key, resolve(wm.value(), rm.value(), p));
      }
      case FIXED, BODY, NONE -> widening(w, r, path);
    };
  }

  private static TypePlan resolveStruct(Schema w, Schema r, String path) {
    int n = r.numFields();
    int[] ordinals = new int[n];
    TypePlan[] fields = new TypePlan[n];
    boolean anyDefault = false;
    for (int i = 0; i < n; i++) {
      Field rf = r.field(i);
      String p = path.isEmpty() ? rf.name() : path + "." + rf.name();
      int j = match(w, rf);
      if (j < 0) {
        if (!rf.nullable() && !rf.hasDefault()) {
          throw new SchemaMismatchException(
              p,
              "reader field is not nullable but the writer has no field named "
                  + names(rf)
                  + " (declare the field nullable to read it as null, or give it a default,"
                  + " SPEC §13.1, §13.7)");
        }
        ordinals[i] = ABSENT;
        anyDefault |= rf.hasDefault();
        continue;
      }
      Field wf = w.field(j);
      checkNullability(p, FIELD, wf.nullable(), rf.nullable());
      if (wf.type().id() == TypeId.NULL) {
        // always null, and not a default: the writer has the field (SPEC §13.1)
        ordinals[i] = ABSENT;
        continue;
      }
      fields[i] = resolve(wf.type(), rf.type(), p);
      ordinals[i] = j;
    }
    return struct(w, r, ordinals, fields, anyDefault ? defaults(w, r, ordinals) : null);
  }

  /**
   * The row of defaults of a struct plan: the default of every reader field the writer lacks, at
   * its reader ordinal, in a row whose fields are all nullable (the others are null there).
   */
  private static BinaryRow defaults(Schema w, Schema r, int[] ordinals) {
    List<Field> all = new ArrayList<>(r.numFields());
    for (Field f : r.fields()) {
      all.add(Field.of(f.name(), f.type(), true));
    }
    Schema s = DataTypes.struct(all);
    RowWriter rw = new RowWriter(s);
    rw.reset();
    for (int i = 0; i < r.numFields(); i++) {
      Field f = r.field(i);
      boolean absent = ordinals[i] < 0 && match(w, f) < 0;
      Object d = absent ? f.defaultTree() : null;
      io.zerorow.internal.ValuesJson.write(rw, i, f.type(), d);
    }
    return BinaryRow.wrap(s, rw.toByteArray());
  }

  /**
   * The writer ordinal the reader field reads: same name, else its first alias the writer has. A
   * writer field is matched by one reader field at most (SPEC §13.1) without a check here: the
   * names and aliases of a struct's fields are all distinct (SPEC §4.1), and each writer field has
   * one.
   */
  private static int match(Schema w, Field rf) {
    int j = w.indexOf(rf.name());
    for (int k = 0; j < 0 && k < rf.aliases().size(); k++) {
      j = w.indexOf(rf.aliases().get(k));
    }
    return j;
  }

  /**
   * Map keys may widen but never evolve as structs (dropping a field could make two keys equal):
   * struct types inside a key match field for field, in order, with the same names.
   */
  private static TypePlan resolveKey(DataType w, DataType r, String path) {
    if (w.equals(r)) {
      return identity(r);
    }
    return switch (r.storage()) {
      case ROW -> {
        if (!(w instanceof Schema)) {
          throw typeMismatch(path, w, r);
        }
        Schema ws = (Schema) w;
        Schema rs = (Schema) r;
        if (!sameNames(ws, rs)) {
          throw new SchemaMismatchException(
              path,
              "writer type "
                  + w.toJson()
                  + " cannot be read as "
                  + r.toJson()
                  + ": a struct in a map key must keep its field names and order (SPEC §13.1)");
        }
        int n = rs.numFields();
        int[] ordinals = new int[n];
        TypePlan[] fields = new TypePlan[n];
        for (int i = 0; i < n; i++) {
          Field wf = ws.field(i);
          Field rf = rs.field(i);
          String p = path + "." + rf.name();
          checkNullability(p, FIELD, wf.nullable(), rf.nullable());
          fields[i] = resolveKey(wf.type(), rf.type(), p);
          ordinals[i] = i;
        }
        yield struct(ws, rs, ordinals, fields, null);
      }
      case ARRAY -> {
        if (!(w instanceof DataTypes.ListType)) {
          throw typeMismatch(path, w, r);
        }
        DataTypes.ListType wl = (DataTypes.ListType) w;
        DataTypes.ListType rl = (DataTypes.ListType) r;
        String p = path + "[]";
        checkNullability(p, ELEMENTS, wl.elementNullable(), rl.elementNullable());
        yield list(wl, rl, resolveKey(wl.element(), rl.element(), p));
      }
      case MAP -> {
        if (!(w instanceof DataTypes.MapType)) {
          throw typeMismatch(path, w, r);
        }
        DataTypes.MapType wm = (DataTypes.MapType) w;
        DataTypes.MapType rm = (DataTypes.MapType) r;
        TypePlan key = resolveKey(wm.key(), rm.key(), path + "{keys}");
        String p = path + "{values}";
        checkNullability(p, VALUES, wm.valueNullable(), rm.valueNullable());
        yield map(wm, rm, key, resolveKey(wm.value(), rm.value(), p));
      }
      case FIXED, BODY, NONE -> widening(w, r, path);
    };
  }

  private static boolean sameNames(Schema w, Schema r) {
    if (w.numFields() != r.numFields()) {
      return false;
    }
    for (int i = 0; i < w.numFields(); i++) {
      if (!w.field(i).name().equals(r.field(i).name())) {
        return false;
      }
    }
    return true;
  }

  /** The widenings of SPEC §13.3; anything else is refused. */
  private static TypePlan widening(DataType w, DataType r, String path) {
    TypeId from = w.id();
    TypePlan p =
        switch (r.id()) {
          case INT16 -> from == TypeId.INT8 ? value(w, r, FROM_INT8, 1) : null;
          case INT32, INT64, FLOAT32, FLOAT64 -> {
            int read = integerRead(from);
            boolean wide = r.id() == TypeId.INT64 || r.id() == TypeId.FLOAT64;
            // int32 fits int64 and float64 exactly (53 mantissa bits), not float32 (24)
            if (read == FROM_INT8 || read == FROM_INT16 || (read == FROM_INT32 && wide)) {
              yield value(w, r, read, 1);
            }
            yield from == TypeId.FLOAT32 && r.id() == TypeId.FLOAT64
                ? value(w, r, FROM_FLOAT32, 1)
                : null;
          }
          // the same bytes read in place: a string's UTF-8, a fixed_binary's or uuid's bytes
          case BINARY ->
              from == TypeId.STRING || from == TypeId.FIXED_BINARY || from == TypeId.UUID
                  ? value(w, r, SAME, 1)
                  : null;
          case FIXED_BINARY ->
              from == TypeId.UUID && ((DataTypes.FixedBinaryType) r).size() == 16
                  ? value(w, r, SAME, 1)
                  : null;
          // the stored instant is UTC; only the shown zone changes
          case TIMESTAMP ->
              from == TypeId.TIMESTAMP
                      && ((DataTypes.TimestampType) w).tz() != null
                      && ((DataTypes.TimestampType) r).tz() != null
                  ? value(w, r, SAME, 1)
                  : null;
          case DECIMAL ->
              from == TypeId.DECIMAL
                  ? decimal((DataTypes.DecimalType) w, (DataTypes.DecimalType) r, path)
                  : null;
          case INTERVAL ->
              from == TypeId.INTERVAL_YM
                  ? value(w, r, FROM_MONTHS, 1)
                  : from == TypeId.DURATION ? value(w, r, FROM_MICROS, 1) : null;
          case BOOL,
                  INT8,
                  STRING,
                  DATE32,
                  TIME,
                  DURATION,
                  LIST,
                  MAP,
                  STRUCT,
                  NULL,
                  INTERVAL_YM,
                  UUID,
                  VARIANT ->
              null;
        };
    if (p == null) {
      throw typeMismatch(path, w, r);
    }
    return p;
  }

  private static int integerRead(TypeId from) {
    return switch (from) {
      case INT8 -> FROM_INT8;
      case INT16 -> FROM_INT16;
      case INT32 -> FROM_INT32;
      case BOOL,
              INT64,
              FLOAT32,
              FLOAT64,
              STRING,
              BINARY,
              DATE32,
              TIME,
              TIMESTAMP,
              DURATION,
              DECIMAL,
              LIST,
              MAP,
              STRUCT,
              NULL,
              INTERVAL_YM,
              INTERVAL,
              FIXED_BINARY,
              UUID,
              VARIANT ->
          -1;
    };
  }

  /** decimal(p, s) → decimal(p', s') with s' ≥ s and p' − s' ≥ p − s (SPEC §13.3). */
  private static TypePlan decimal(DataTypes.DecimalType w, DataTypes.DecimalType r, String path) {
    int up = r.scale() - w.scale();
    if (up < 0 || r.precision() - r.scale() < w.precision() - w.scale()) {
      throw new SchemaMismatchException(
          path,
          "writer type "
              + w.toJson()
              + " cannot be read as "
              + r.toJson()
              + ": a decimal may gain scale and integer digits, never lose them (SPEC §13.3)");
    }
    long factor = 1;
    for (int k = 0; k < up && k < 18; k++) {
      factor *= 10;
    }
    return value(w, r, RESCALE, factor);
  }

  // what a refused nullability names (SPEC §13.1)
  private static final String FIELD = "field is";
  private static final String ELEMENTS = "elements are";
  private static final String VALUES = "map values are";

  private static void checkNullability(
      String path, String what, boolean wNullable, boolean rNullable) {
    if (wNullable && !rNullable) {
      throw new SchemaMismatchException(
          path,
          "writer "
              + what
              + " nullable and cannot be read as not-null (nullability may widen, never"
              + " narrow, SPEC §13.1)");
    }
  }

  static SchemaMismatchException typeMismatch(String path, DataType w, DataType r) {
    return new SchemaMismatchException(
        path, "writer type " + w.toJson() + " cannot be read as " + r.toJson());
  }

  /** The names a reader field is looked for by: {@code "x", "old_x"}. */
  private static String names(Field f) {
    StringBuilder b = new StringBuilder().append('"').append(f.name()).append('"');
    for (String a : f.aliases()) {
      b.append(", \"").append(a).append('"');
    }
    return b.toString();
  }
}
