package io.zerorow.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.SchemaMismatchException;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/** The serializer's bytes, copies, and what its snapshot answers on restore. */
class SerializerTest {
  static final Schema V1 =
      Schema.of(Field.of("id", DataTypes.INT64, false), Field.of("name", DataTypes.STRING, true));
  static final Schema V2 =
      Schema.of(
          Field.of("id", DataTypes.INT64, false),
          Field.of("name", DataTypes.STRING, true),
          Field.of("score", DataTypes.FLOAT64, true));

  static BinaryRow row(long id, String name) {
    RowWriter w = new RowWriter(V1);
    w.reset();
    w.writeInt64(0, id);
    w.writeString(1, name);
    return w.getRow().copy();
  }

  @Test
  void serializeCopyAndDeserialize() throws Exception {
    ZerorowSerializer s = new ZerorowSerializer(V1);
    BinaryRow r = row(42, "ada");
    DataOutputSerializer out = new DataOutputSerializer(64);
    s.serialize(r, out);
    assertEquals(4 + r.getSizeInBytes(), out.length());
    // copy(DataInputView, DataOutputView) moves the same bytes without a row in between
    DataOutputSerializer copied = new DataOutputSerializer(64);
    s.copy(new DataInputDeserializer(out.getCopyOfBuffer()), copied);
    assertArrayEquals(out.getCopyOfBuffer(), copied.getCopyOfBuffer());
    BinaryRow back = s.deserialize(new DataInputDeserializer(copied.getCopyOfBuffer()));
    assertEquals(r, back);
    assertEquals("ada", back.getString(1));
    assertEquals(r, s.copy(r));
    assertTrue(s.createInstance().isNullAt(1));
  }

  /**
   * A row whose schema is another object of the same fingerprint (read back from JSON, or with
   * aliases) is not laid out again: serialize and copy move its bytes as they are.
   */
  @Test
  void aRowOfTheSameFingerprintIsCopiedAsItsBytes() throws Exception {
    Schema aliased =
        Schema.of(
            Field.of("id", DataTypes.INT64, false),
            Field.of("name", DataTypes.STRING, true, "full_name"));
    for (Schema same : new Schema[] {Schema.fromJson(V1.toJson()), aliased}) {
      BinaryRow r = BinaryRow.wrap(same, row(7, "grace").toBytes());
      assertTrue(new ReaderLayout(V1).of(r) == r, "no layout step for " + same.toJson());
      ZerorowSerializer s = new ZerorowSerializer(V1);
      assertArrayEquals(r.toBytes(), s.copy(r).toBytes());
      DataOutputSerializer out = new DataOutputSerializer(64);
      s.serialize(r, out);
      assertArrayEquals(
          r.toBytes(), java.util.Arrays.copyOfRange(out.getCopyOfBuffer(), 4, out.length()));
    }
  }

  private static TypeSerializerSnapshot<BinaryRow> writeAndRead(Schema schema) throws Exception {
    DataOutputSerializer out = new DataOutputSerializer(256);
    TypeSerializerSnapshot.writeVersionedSnapshot(
        out, new ZerorowSerializer(schema).snapshotConfiguration());
    return TypeSerializerSnapshot.readVersionedSnapshot(
        new DataInputDeserializer(out.getCopyOfBuffer()), SerializerTest.class.getClassLoader());
  }

  @Test
  void sameSchemaRestoresAsIs() throws Exception {
    TypeSerializerSnapshot<BinaryRow> old = writeAndRead(V1);
    assertEquals(new ZerorowSerializer(V1), old.restoreSerializer());
    ZerorowSerializerSnapshot now =
        (ZerorowSerializerSnapshot) new ZerorowSerializer(V1).snapshotConfiguration();
    assertTrue(now.resolveSchemaCompatibility(old).isCompatibleAsIs());
    assertNull(now.incompatibility(old));
  }

  @Test
  void aSchemaThatCannotReadTheOldOneIsAClearIncompatibility() throws Exception {
    TypeSerializerSnapshot<BinaryRow> old = writeAndRead(V2);
    // V1 lacks V2's score: fine; but an id narrowed to int32 cannot read V2's int64 ids
    Schema narrowed =
        Schema.of(Field.of("id", DataTypes.INT32, false), Field.of("name", DataTypes.STRING, true));
    ZerorowSerializer serializer = new ZerorowSerializer(narrowed);
    ZerorowSerializerSnapshot now = (ZerorowSerializerSnapshot) serializer.snapshotConfiguration();
    TypeSerializerSchemaCompatibility<BinaryRow> c = now.resolveSchemaCompatibility(old);
    assertTrue(c.isIncompatible());
    String why = now.incompatibility(old);
    assertTrue(why.contains(V2.fingerprintHex()) && why.contains(narrowed.fingerprintHex()), why);
    assertTrue(
        why.contains(
            "schema_mismatch at id: writer type \"int64\" cannot be read as " + "\"int32\""),
        why);
    // Flink's own error names the serializers: their text names the schemas and the refusal
    assertTrue(serializer.toString().contains(narrowed.toJson()), serializer.toString());
    assertTrue(serializer.toString().contains("schema_mismatch at id"), serializer.toString());
    assertTrue(new ZerorowSerializer(V2).toString().contains(V2.toJson()));
    assertTrue(writeAndRead(V1).restoreSerializer() instanceof ZerorowSerializer);
  }

  @Test
  void keySelectorsCheckTheFieldOnce() throws Exception {
    assertEquals(42L, ZerorowKeys.int64(V1, "id").getKey(row(42, "x")));
    SchemaMismatchException e =
        assertThrows(SchemaMismatchException.class, () -> ZerorowKeys.int32(V1, "id"));
    assertTrue(
        e.getMessage().contains("expected a int32 key field but found \"int64\""), e.getMessage());
    // a nullable field keys the rows whose field is set (a null fails on that row, naming it)
    assertEquals("x", ZerorowKeys.string(V1, "name").getKey(row(42, "x")));
    assertThrows(SchemaMismatchException.class, () -> ZerorowKeys.string(V1, "id"));
    assertThrows(SchemaMismatchException.class, () -> ZerorowKeys.int64(V1, "nope"));
  }
}
