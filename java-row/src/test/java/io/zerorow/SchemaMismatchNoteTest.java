package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import io.zerorow.writer.RowWriter;
import org.junit.jupiter.api.Test;

/**
 * {@link Schema#mismatchNote()}: a sentence of one schema object that the getters' errors on its
 * rows end with, outside the schema's value (SPEC §4.2: the fingerprint covers names, types and
 * nullability only).
 */
class SchemaMismatchNoteTest {
  static final String JSON =
      "{\"type\":\"struct\",\"fields\":[{\"name\":\"a\",\"type\":\"int32\",\"nullable\":false},"
          + "{\"name\":\"b\",\"type\":\"string\",\"nullable\":true}]}";

  static BinaryRow row(Schema s) {
    RowWriter w = new RowWriter(s);
    w.reset();
    w.writeInt32(0, 7);
    w.setNullAt(1);
    return w.getRow().copy();
  }

  @Test
  void getterErrorsOfRowsOfThatSchemaObjectEndWithItAndNoOthers() {
    Schema noted = Schema.fromJson(JSON);
    Schema other = Schema.fromJson(JSON);
    BinaryRow r = row(noted); // a row built before the note shows it too
    noted.setMismatchNote("read it another way");
    assertEquals(
        "schema_mismatch at a: expected a field of type int64 or time or timestamp or duration or"
            + " decimal with precision <= 18 but the field has type \"int32\"; read it another way",
        assertThrows(SchemaMismatchException.class, () -> r.getLong(0)).getMessage());
    assertEquals(
        "ordinal 2 of a row of 2 fields; read it another way",
        assertThrows(IndexOutOfBoundsException.class, () -> r.isNullAt(2)).getMessage());
    assertEquals(7, r.getInt(0)); // reads that fit are untouched
    // an equal schema object has none; the note is not part of the schema's value
    assertNull(other.mismatchNote());
    assertEquals(
        "schema_mismatch at a: expected a field of type int64 or time or timestamp or duration or"
            + " decimal with precision <= 18 but the field has type \"int32\"",
        assertThrows(SchemaMismatchException.class, () -> row(other).getLong(0)).getMessage());
    assertEquals(other, noted);
    assertEquals(other.hashCode(), noted.hashCode());
    assertEquals(other.fingerprint(), noted.fingerprint());
    assertEquals(other.toJson(), noted.toJson());
    assertEquals(row(other), r);
    noted.setMismatchNote(null);
    assertEquals(
        "ordinal 2 of a row of 2 fields",
        assertThrows(IndexOutOfBoundsException.class, () -> r.isNullAt(2)).getMessage());
  }
}
