package io.zerorow.flink;

import io.zerorow.BinaryRow;
import io.zerorow.Schema;
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
 * What a checkpoint or savepoint keeps of a {@link ZerorowSerializer}: the schema (canonical
 * JSON, SPEC §4.1). On restore, rows written with a schema of the same fingerprint are
 * compatible as they are; any other schema is incompatible (zerorow has no schema evolution
 * yet), and the error names both schemas.
 */
public final class ZerorowSerializerSnapshot implements TypeSerializerSnapshot<BinaryRow> {
  private static final Logger LOG = LoggerFactory.getLogger(ZerorowSerializerSnapshot.class);
  private static final int VERSION = 1;
  private Schema schema;

  /** For Flink, which reads the schema with {@link #readSnapshot}. */
  public ZerorowSerializerSnapshot() {}

  public ZerorowSerializerSnapshot(Schema schema) {
    this.schema = schema;
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
      throw new IOException("zerorow serializer snapshot version " + readVersion
          + " is not known to this connector (it knows " + VERSION + ")");
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
   * Called on the new serializer's snapshot with the one restored from state: same
   * fingerprint → compatible as is; otherwise incompatible.
   */
  @Override
  public TypeSerializerSchemaCompatibility<BinaryRow> resolveSchemaCompatibility(
      TypeSerializerSnapshot<BinaryRow> oldSnapshot) {
    String why = incompatibility(oldSnapshot);
    if (why == null) {
      return TypeSerializerSchemaCompatibility.compatibleAsIs();
    }
    LOG.error(why);
    return TypeSerializerSchemaCompatibility.incompatible();
  }

  /** Null when rows written under {@code oldSnapshot} read as they are; else why not. */
  public String incompatibility(TypeSerializerSnapshot<BinaryRow> oldSnapshot) {
    if (!(oldSnapshot instanceof ZerorowSerializerSnapshot)) {
      return "zerorow state cannot be restored from " + oldSnapshot.getClass().getName();
    }
    Schema old = ((ZerorowSerializerSnapshot) oldSnapshot).schema;
    if (old.fingerprint() == schema.fingerprint() && old.equals(schema)) {
      return null;
    }
    return "zerorow state was written with schema " + old.fingerprintHex() + " " + old.toJson()
        + " but the job now uses schema " + schema.fingerprintHex() + " " + schema.toJson()
        + "; zerorow has no schema evolution: restore with the old schema";
  }
}
