package io.zerorow.row;

import io.zerorow.SchemaMismatchException;
import io.zerorow.encoder.Conv;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.ArrayWriter;
import io.zerorow.writer.BinaryWriter;
import io.zerorow.writer.RowWriter;

/**
 * Lays resolved rows out again by their reader schema (SPEC §13.4): the bytes a {@link RowWriter}
 * of the reader schema would write for the same values. This is how whole-row consumers of a
 * resolved row (an encoder's {@code fromRow}, an {@code ArrowWriter}) reuse their plain-row paths.
 * Nested values whose writer and reader types agree are copied as they are, in one block.
 *
 * <p>Like every whole-row decoder (SPEC §6.2), a copy counts the values it reads against the size
 * of the writer's row, and refuses a row whose references share or overlap bodies as {@code
 * invalid_data} before the copy can grow exponentially. Reuses one buffer; not thread-safe.
 */
public final class RowCopier {
  private final Schema schema;
  private final RowWriter writer;
  private final Node root;
  private long left;

  /** A copier for resolved rows of the reader schema {@code schema}. */
  public RowCopier(Schema schema) {
    this.schema = java.util.Objects.requireNonNull(schema, "schema");
    this.writer = new RowWriter(schema);
    this.root = new Node(schema, "", writer);
  }

  /** The reader schema of the rows this copier lays out. */
  public Schema schema() {
    return schema;
  }

  /**
   * {@code row} laid out by the reader schema: the row itself when it is a plain {@link BinaryRow},
   * else a view of the copier's buffer, valid until the next call ({@link BinaryRow#copy()} keeps
   * it). A row of another reader schema is a {@link SchemaMismatchException}.
   */
  public BinaryRow copy(Row row) {
    java.util.Objects.requireNonNull(row, "copy(row): row is null");
    Schema s = row.schema();
    if (s != schema && !s.equals(schema)) {
      throw new SchemaMismatchException(
          "",
          "expected a row of the reader schema "
              + schema.fingerprintHex()
              + " but found one of "
              + s.fingerprintHex()
              + ": "
              + s);
    }
    if (row instanceof BinaryRow) {
      return (BinaryRow) row;
    }
    ResolvedRowView v = (ResolvedRowView) row;
    left = v.row.getSizeInBytes();
    writer.buffer().clear(); // writeFields starts the row at the cursor
    writeFields(writer, v, root);
    return writer.getRow();
  }

  /** A resolved array laid out by its reader type, in a new array. */
  static BinaryArray copyArray(ResolvedArrayView a) {
    RowCopier c = holder(a.type());
    c.left = a.array.getSizeInBytes();
    c.writer.reset();
    c.writeArray(c.writer, 0, a, c.root.fields[0]);
    return c.writer.getRow().getArray(0).copy();
  }

  /** A resolved map laid out by its reader type, in a new array. */
  static BinaryMap copyMap(ResolvedMapView m) {
    RowCopier c = holder(m.type());
    c.left = m.map().getSizeInBytes();
    c.writer.reset();
    c.writeMap(c.writer, 0, m, c.root.fields[0]);
    return c.writer.getRow().getMap(0).copy();
  }

  /** A copier whose one field holds a nested value of {@code type}. */
  private static RowCopier holder(DataType type) {
    return new RowCopier(Schema.of(Field.of("value", type, true)));
  }

  /** Counts {@code n} values against the writer row's size (SPEC §6.2). */
  private void take(long n, Node at) {
    if ((left -= n) < 0) {
      throw Conv.overBudget(at.path);
    }
  }

  private void writeFields(RowWriter w, ResolvedRowView r, Node n) {
    take(r.plan.present, n);
    w.start();
    Node[] fields = n.fields;
    int[] ordinals = r.plan.ordinals;
    for (int i = 0; i < fields.length; i++) {
      if (ordinals[i] < 0 && r.plan.defaults != null) {
        // a default comes from the reader schema, not from the writer's bytes: it is not counted
        // against the writer row's budget (SPEC §6.2 bounds what shared bodies can make of it)
        long saved = left;
        left = Long.MAX_VALUE;
        write(w, i, r, fields[i]);
        left = saved;
      } else {
        write(w, i, r, fields[i]);
      }
    }
  }

  private void write(BinaryWriter w, int i, Getters g, Node n) {
    if (g.isNullAt(i)) {
      if (n.decimal != null) {
        w.writeDecimal(i, null, n.decimal.precision(), n.decimal.scale());
      } else {
        w.setNullAt(i);
      }
      return;
    }
    // a switch expression without default: a new type must be handled here
    Void done =
        switch (n.type.id()) {
          case BOOL -> {
            w.writeBoolean(i, g.getBoolean(i));
            yield null;
          }
          case INT8 -> {
            w.writeByte(i, g.getByte(i));
            yield null;
          }
          case INT16 -> {
            w.writeShort(i, g.getShort(i));
            yield null;
          }
          case INT32, DATE32, INTERVAL_YM -> {
            w.writeInt(i, g.getInt(i));
            yield null;
          }
          case INT64, TIME, TIMESTAMP, DURATION -> {
            w.writeLong(i, g.getLong(i));
            yield null;
          }
          case FLOAT32 -> {
            w.writeFloat(i, g.getFloat(i));
            yield null;
          }
          case FLOAT64 -> {
            w.writeDouble(i, g.getDouble(i));
            yield null;
          }
          case STRING -> {
            w.writeUtf8(i, g.getUtf8(i));
            yield null;
          }
          case BINARY, FIXED_BINARY -> {
            w.writeBinary(i, g.getBinary(i));
            yield null;
          }
          case DECIMAL -> {
            if (n.type.isVariableWidth()) {
              w.writeDecimal(i, g.getDecimal(i), n.decimal.precision(), n.decimal.scale());
            } else {
              w.writeLong(i, g.getLong(i)); // the unscaled value, already at the reader's scale
            }
            yield null;
          }
          case INTERVAL -> {
            w.writeInterval(i, g.getInterval(i));
            yield null;
          }
          case UUID -> {
            w.writeUuid(i, g.getUuid(i));
            yield null;
          }
          case VARIANT -> {
            w.writeVariant(i, g.getVariant(i));
            yield null;
          }
          case NULL -> {
            w.setNullAt(i);
            yield null;
          }
          case LIST -> {
            writeArray(w, i, g.getArray(i), n);
            yield null;
          }
          case MAP -> {
            writeMap(w, i, g.getMap(i), n);
            yield null;
          }
          case STRUCT -> {
            writeStruct(w, i, g.getStruct(i), n);
            yield null;
          }
        };
  }

  private void writeStruct(BinaryWriter w, int i, Row s, Node n) {
    if (s instanceof BinaryRow) {
      copyWhole(w, i, (BinaryRow) s, n);
      return;
    }
    int c = w.cursor();
    writeFields((RowWriter) n.writer, (ResolvedRowView) s, n);
    w.setOffsetAndSize(i, c);
  }

  private void writeArray(BinaryWriter w, int i, ArrayData a, Node n) {
    if (a instanceof BinaryArray) {
      copyWhole(w, i, (BinaryArray) a, n);
      return;
    }
    int count = a.numElements();
    take(count, n);
    int c = w.cursor();
    ArrayWriter aw = (ArrayWriter) n.writer;
    aw.initialize(count);
    for (int k = 0; k < count; k++) {
      write(aw, k, a, n.element);
    }
    w.setOffsetAndSize(i, c);
  }

  private void writeMap(BinaryWriter w, int i, MapData m, Node n) {
    if (m instanceof BinaryMap) {
      copyWhole(w, i, (BinaryMap) m, n);
      return;
    }
    int count = m.numElements();
    take(2L * count, n);
    int c = w.beginMap();
    ArrayData keys = m.keyArray();
    n.keys.initialize(count);
    for (int k = 0; k < count; k++) {
      write(n.keys, k, keys, n.element);
    }
    w.endMapKeys(c);
    ArrayData values = m.valueArray();
    n.values.initialize(count);
    for (int k = 0; k < count; k++) {
      write(n.values, k, values, n.value);
    }
    w.setOffsetAndSize(i, c);
  }

  /**
   * A nested value that needs no resolving is copied in one block; its bytes count against the
   * budget (in a valid row, such blocks are disjoint parts of it).
   */
  private void copyWhole(BinaryWriter w, int i, BinaryRegion value, Node n) {
    take(value.getSizeInBytes(), n);
    w.writeNested(i, value);
  }

  /**
   * The copier's view of one reader type position: its schema path (for errors) and the writer that
   * lays out its nested values in the shared buffer. Built once per copier.
   */
  private static final class Node {
    final DataType type;
    final String path;
    final DataTypes.DecimalType decimal;

    /** A struct's fields; a list's element (or a map's key) and a map's value. */
    final Node[] fields;

    final Node element;
    final Node value;

    /** For a struct: its RowWriter; for a list: its ArrayWriter. */
    final BinaryWriter writer;

    /** For a map: the key and value array writers. */
    final ArrayWriter keys;

    final ArrayWriter values;

    Node(DataType type, String path, BinaryWriter parent) {
      this.type = type;
      this.path = path;
      this.decimal = type instanceof DataTypes.DecimalType ? (DataTypes.DecimalType) type : null;
      Node[] fs = null;
      Node el = null;
      Node val = null;
      BinaryWriter wr = null;
      ArrayWriter ks = null;
      ArrayWriter vs = null;
      Void done =
          switch (type.storage()) {
            case ROW -> {
              Schema s = (Schema) type;
              wr = path.isEmpty() ? parent : new RowWriter(s, parent);
              fs = new Node[s.numFields()];
              for (int k = 0; k < fs.length; k++) {
                String name = s.field(k).name();
                fs[k] = new Node(s.field(k).type(), path.isEmpty() ? name : path + "." + name, wr);
              }
              yield null;
            }
            case ARRAY -> {
              DataTypes.ListType l = (DataTypes.ListType) type;
              wr = new ArrayWriter(l, parent);
              el = new Node(l.element(), path + "[]", wr);
              yield null;
            }
            case MAP -> {
              DataTypes.MapType m = (DataTypes.MapType) type;
              ks = new ArrayWriter(m.keyArrayType(), parent);
              vs = new ArrayWriter(m.valueArrayType(), parent);
              el = new Node(m.key(), path + "{keys}", ks);
              val = new Node(m.value(), path + "{values}", vs);
              yield null;
            }
            case FIXED, BODY, NONE -> null;
          };
      this.fields = fs;
      this.element = el;
      this.value = val;
      this.writer = wr;
      this.keys = ks;
      this.values = vs;
    }
  }
}
