package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.Resolution;
import io.zerorow.Schema;
import io.zerorow.ZerorowException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 *       serializer and writes it with the new one, which lays each row out by the new schema;
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
    schema = Schema.fromJson(new String(json, StandardCharsets.UTF_8));
  }

  @Override
  public TypeSerializer<BinaryRow> restoreSerializer() {
    return new ZerorowSerializer(schema);
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
    Schema old = ((ZerorowSerializerSnapshot) oldSnapshot).schema;
    if (old.fingerprint() == schema.fingerprint() && old.equals(schema)) {
      return TypeSerializerSchemaCompatibility.compatibleAsIs();
    }
    // A heap backend restored its state with the old serializer before the job named the new
    // one, and hands back those rows as they are: the hint belongs where the restore is logged.
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
      return "zerorow state was written with schema "
          + old.fingerprintHex()
          + " "
          + old.toJson()
          + " but the job now uses schema "
          + schema.fingerprintHex()
          + " "
          + schema.toJson()
          + ", which cannot read it (SPEC §13): "
          + e.getMessage()
          + "; restore with a schema "
          + "that can (fields matched by name or alias, exact widenings, added fields nullable)";
    }
  }
}
