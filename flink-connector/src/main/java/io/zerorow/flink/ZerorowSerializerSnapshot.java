package io.zerorow.flink;

import io.zerorow.ZerorowException;
import io.zerorow.row.BinaryRow;
import io.zerorow.row.Resolution;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a checkpoint or savepoint keeps of a {@link ZerorowSerializer}: the schema (canonical JSON,
 * SPEC §4.1, aliases included). On restore with the job's schema (SPEC §13):
 *
 * <ul>
 *   <li>the same fingerprint: compatible as is;
 *   <li>a schema that resolves the old one (fields matched by name or alias, exact widenings, new
 *       fields nullable): compatible after migration — Flink reads the old state with the old
 *       serializer and writes it with the new one, which lays each row out by the new schema; a
 *       heap backend keeps the rows it restored as they are, so their schema object gets a note
 *       ({@link Schema#mismatchNote()}) that each getter's schema_mismatch on them ends with,
 *       naming both schemas and {@link ZerorowTypeInfo#conform}; and a heap backend's restore is
 *       refused where the new schema puts another field at an old field's ordinal, which a getter
 *       could read without an error;
 *   <li>anything else: incompatible, and Flink's error (through the serializer's text) and the log
 *       name both schemas and the schema path that refused, e.g. {@code schema_mismatch at count:
 *       writer type "int64" cannot be read as "int32"}.
 * </ul>
 */
public final class ZerorowSerializerSnapshot implements TypeSerializerSnapshot<BinaryRow> {
  private static final Logger LOG = LoggerFactory.getLogger(ZerorowSerializerSnapshot.class);
  private static final int VERSION = 1;
  private Schema schema;

  /** The serializer this snapshot was taken of (null when read from state). */
  private transient ZerorowSerializer serializer;

  /**
   * For a snapshot read from state ({@link #readSnapshot}; null for any other): set once its {@link
   * #restoreSerializer()} has read a row. A heap backend reads all of its state so before the job
   * registers it; RocksDB reads none then (it keeps the bytes and migrates them afterwards).
   */
  private transient AtomicBoolean rowsRestored;

  /** For Flink, which reads the schema with {@link #readSnapshot}. */
  public ZerorowSerializerSnapshot() {}

  public ZerorowSerializerSnapshot(Schema schema) {
    this.schema = schema;
  }

  ZerorowSerializerSnapshot(Schema schema, ZerorowSerializer serializer) {
    this.schema = schema;
    this.serializer = serializer;
  }

  public Schema schema() {
    return schema;
  }

  @Override
  public int getCurrentVersion() {
    return VERSION;
  }

  @Override
  public void writeSnapshot(DataOutputView out) throws IOException {
    byte[] json = schema.toJson().getBytes(StandardCharsets.UTF_8);
    out.writeInt(json.length);
    out.write(json);
  }

  @Override
  public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader)
      throws IOException {
    if (readVersion != VERSION) {
      throw new IOException(
          "zerorow serializer snapshot version "
              + readVersion
              + " is not known to this connector (it knows "
              + VERSION
              + ")");
    }
    byte[] json = new byte[in.readInt()];
    in.readFully(json);
    // a schema object of its own (fromJson interns nothing): the note resolveSchemaCompatibility
    // may set on it reaches the rows restored with it and no others
    schema = Schema.fromJson(new String(json, StandardCharsets.UTF_8));
    rowsRestored = new AtomicBoolean();
  }

  @Override
  public TypeSerializer<BinaryRow> restoreSerializer() {
    return new ZerorowSerializer(schema, rowsRestored);
  }

  /**
   * Called on the new serializer's snapshot with the one restored from state: same fingerprint →
   * compatible as is; a schema that can read the old one → compatible after migration; else
   * incompatible.
   */
  @Override
  public TypeSerializerSchemaCompatibility<BinaryRow> resolveSchemaCompatibility(
      TypeSerializerSnapshot<BinaryRow> oldSnapshot) {
    String why = incompatibility(oldSnapshot);
    if (why != null) {
      LOG.error(why);
      if (serializer != null) {
        serializer.refused(why);
      }
      return TypeSerializerSchemaCompatibility.incompatible();
    }
    ZerorowSerializerSnapshot restored = (ZerorowSerializerSnapshot) oldSnapshot;
    Schema old = restored.schema;
    if (old.fingerprint() == schema.fingerprint() && old.equals(schema)) {
      return TypeSerializerSchemaCompatibility.compatibleAsIs();
    }
    boolean heapRows = restored.rowsRestored != null && restored.rowsRestored.get();
    String clash = heapRows ? ordinalClash(old, schema, "") : null;
    if (clash != null) {
      String refusal =
          schemasChanged("restored by a heap backend as", old)
              + ": schema_mismatch at "
              + clash
              + ". A heap backend hands the job the rows it restored, unmigrated, so a getter by the"
              + " job's ordinals would read another field of the same type without an error (SPEC"
              + " §13). On a heap backend keep each old field at its ordinal (rename through an"
              + " alias, add fields at the end) and read state through"
              + " ZerorowTypeInfo.conform(row); or restore on RocksDB, which migrates every value";
      LOG.error(refusal);
      if (serializer != null) {
        serializer.refused(refusal);
      }
      return TypeSerializerSchemaCompatibility.incompatible();
    }
    if (restored.rowsRestored != null) {
      // A heap backend restored its state with the old serializer before the job named the new
      // one, and hands back those rows as they are: a getter's schema_mismatch on one of them
      // (e.g. reading a widened field by its new type) says how to read it. The schema object is
      // the restored snapshot's own (readSnapshot), so the note reaches no other rows.
      old.setMismatchNote(
          "state restored as schema "
              + old.fingerprintHex()
              + " "
              + old.toJson()
              + "; the job declares "
              + schema.fingerprintHex()
              + " "
              + schema.toJson()
              + ": read it through ZerorowTypeInfo.conform(row) (SPEC §13)");
    }
    LOG.warn(
        "zerorow: state written with schema {} is restored by a job of schema {} (compatible after"
            + " migration, SPEC §13). RocksDB migrates every value now; a heap backend (hashmap,"
            + " Flink's default) hands the job the rows it restored, still of schema {}, until"
            + " the job writes them again: read state rows through ZerorowTypeInfo.conform(row),"
            + " which gives a row of the job's schema on either backend (reading an old row by"
            + " the new schema's types fails with schema_mismatch)",
        old.fingerprintHex(),
        schema.fingerprintHex(),
        old.fingerprintHex());
    return TypeSerializerSchemaCompatibility.compatibleAfterMigration();
  }

  /**
   * Where a getter by {@code now}'s ordinals would read another field of a row of {@code old}: the
   * schema path and both names (a field of {@code now} whose name and aliases do not name the field
   * of {@code old} at its ordinal, in the struct or in one nested in a field, list or map); null
   * when every ordinal both have is the same field. Reading such a field by a getter of another
   * type fails anyway; of the same type, it would not.
   */
  static String ordinalClash(DataType old, DataType now, String path) {
    if (old instanceof Schema o && now instanceof Schema n) {
      for (int i = 0; i < Math.min(o.numFields(), n.numFields()); i++) {
        Field was = o.field(i);
        Field is = n.field(i);
        String at = path.isEmpty() ? is.name() : path + "." + is.name();
        if (!is.name().equals(was.name()) && !is.aliases().contains(was.name())) {
          return at
              + ": the job declares field \""
              + is.name()
              + "\" at ordinal "
              + i
              + " where the restored rows have field \""
              + was.name()
              + "\"";
        }
        String inside = ordinalClash(was.type(), is.type(), at);
        if (inside != null) {
          return inside;
        }
      }
    } else if (old instanceof DataTypes.ListType o && now instanceof DataTypes.ListType n) {
      return ordinalClash(o.element(), n.element(), path + "[]");
    } else if (old instanceof DataTypes.MapType o && now instanceof DataTypes.MapType n) {
      String keys = ordinalClash(o.key(), n.key(), path + "{keys}");
      return keys != null ? keys : ordinalClash(o.value(), n.value(), path + "{values}");
    }
    return null;
  }

  /**
   * "zerorow state was {@code how} schema X {json} but the job now uses schema Y {json}": the start
   * of every refusal of a restored state, with both schemas in full.
   */
  private String schemasChanged(String how, Schema old) {
    return "zerorow state was "
        + how
        + " schema "
        + old.fingerprintHex()
        + " "
        + old.toJson()
        + " but the job now uses schema "
        + schema.fingerprintHex()
        + " "
        + schema.toJson();
  }

  /** Null when rows written under {@code oldSnapshot} can be read with this schema, else why. */
  public String incompatibility(TypeSerializerSnapshot<BinaryRow> oldSnapshot) {
    if (!(oldSnapshot instanceof ZerorowSerializerSnapshot)) {
      return "zerorow state cannot be restored from " + oldSnapshot.getClass().getName();
    }
    Schema old = ((ZerorowSerializerSnapshot) oldSnapshot).schema;
    try {
      Resolution.resolve(old, schema);
      return null;
    } catch (ZerorowException e) {
      return schemasChanged("written with", old)
          + ", which cannot read it (SPEC §13): "
          + e.getMessage()
          + "; restore with a schema "
          + "that can (fields matched by name or alias, exact widenings, added fields nullable)";
    }
  }
}
