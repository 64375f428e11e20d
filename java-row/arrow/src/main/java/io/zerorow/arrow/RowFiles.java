package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.SchemaMismatchException;
import io.zerorow.UnsupportedException;
import io.zerorow.ZerorowException;
import io.zerorow.row.Resolution;
import io.zerorow.row.Resolver;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The row container of SPEC §5: one non-nullable binary column {@code row} with metadata, and
 * (since 1.2, SPEC §5.1) an optional non-nullable {@code uint32} column {@code crc32c} holding the
 * CRC-32C of each row's bytes.
 */
public final class RowFiles {
  /** Name of the one column. */
  public static final String COLUMN = "row";

  /** Name of the optional checksum column (SPEC §5.1). */
  public static final String CHECKSUM_COLUMN = "crc32c";

  /** Field metadata key of the format version (SPEC §5). */
  public static final String VERSION_KEY = "zerorow.version";

  /** Field metadata key of the schema's canonical JSON (SPEC §5). */
  public static final String SCHEMA_KEY = "zerorow.schema";

  /** Field metadata key of the schema's fingerprint, 16 hex digits (SPEC §5). */
  public static final String FINGERPRINT_KEY = "zerorow.fingerprint";

  /** The format version this library writes and reads (SPEC §8). */
  public static final String VERSION = "1";

  private RowFiles() {}

  /**
   * An I/O failure of the row file or stream {@code source} ("row file /data/a.arrow", "row
   * stream") as the {@link IOException} the API declares, naming it: an interrupt that closed the
   * channel (a {@code ClosedByInterruptException}, NIO's answer to {@code Thread.interrupt()}) is
   * an {@link java.io.InterruptedIOException} (the thread's interrupt status stays set); a channel
   * already closed says the file is closed; anything else keeps its message after the source. The
   * original exception is the cause.
   */
  static IOException named(String source, IOException e) {
    IOException out;
    if (e instanceof java.nio.channels.ClosedByInterruptException) {
      out =
          new java.io.InterruptedIOException(
              source + ": interrupted: the thread's interrupt closed the file's channel");
    } else if (e instanceof java.nio.channels.ClosedChannelException) {
      out = new IOException(source + ": the file is closed");
    } else if (e.getMessage() != null && e.getMessage().startsWith(source)) {
      return e;
    } else {
      out =
          new IOException(
              source
                  + ": "
                  + e.getClass().getSimpleName()
                  + (e.getMessage() != null ? ": " + e.getMessage() : ""));
    }
    out.initCause(e);
    return out;
  }

  /** The error of a call on a row file or stream that was closed. */
  static IOException closed(String source, String call) {
    return new IOException(source + ": " + call + " after close()");
  }

  /** The Arrow schema of a row file of {@code schema}: {@code row: binary not null} + metadata. */
  public static org.apache.arrow.vector.types.pojo.Schema arrowSchema(Schema schema) {
    return arrowSchema(schema, false);
  }

  /**
   * The Arrow schema of a row file of {@code schema}, with the checksum column {@code crc32c:
   * uint32 not null} after {@code row} when {@code checksum} (SPEC §5.1).
   */
  public static org.apache.arrow.vector.types.pojo.Schema arrowSchema(
      Schema schema, boolean checksum) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put(VERSION_KEY, VERSION);
    meta.put(SCHEMA_KEY, schema.toJson());
    meta.put(FINGERPRINT_KEY, schema.fingerprintHex());
    Field row =
        new Field(COLUMN, new FieldType(false, ArrowType.Binary.INSTANCE, null, meta), null);
    if (!checksum) {
      return new org.apache.arrow.vector.types.pojo.Schema(List.of(row));
    }
    Field crc = new Field(CHECKSUM_COLUMN, new FieldType(false, CRC_TYPE, null), null);
    return new org.apache.arrow.vector.types.pojo.Schema(List.of(row, crc));
  }

  private static final ArrowType CRC_TYPE = new ArrowType.Int(32, false);

  /** True when the checked file has the checksum column {@code crc32c} (SPEC §5.1). */
  public static boolean hasChecksum(org.apache.arrow.vector.types.pojo.Schema arrow) {
    return arrow.getFields().size() == 2;
  }

  /**
   * Checks a row file's Arrow schema (SPEC §5) and returns its zerorow schema: version major 1
   * (else {@code unsupported}); fingerprint = fingerprint of the schema (else {@code
   * invalid_data}); and, when {@code expected} is not null, the same fingerprint as {@code
   * expected} (else {@code schema_mismatch}, naming both).
   */
  public static Schema check(org.apache.arrow.vector.types.pojo.Schema arrow, Schema expected) {
    List<Field> fields = arrow.getFields();
    if (fields.isEmpty()
        || fields.size() > 2
        || !fields.get(0).getName().equals(COLUMN)
        || (fields.size() == 2 && !fields.get(1).getName().equals(CHECKSUM_COLUMN))) {
      throw new InvalidDataException(
          "",
          "expected a column named \"row\" (and optionally \"crc32c\") but found "
              + fields.size()
              + " column(s) "
              + names(fields));
    }
    if (fields.size() == 2) {
      Field crc = fields.get(1);
      if (!crc.getType().equals(CRC_TYPE) || crc.isNullable()) {
        throw new InvalidDataException(
            CHECKSUM_COLUMN,
            "expected a non-nullable column of Arrow type uint32 but found "
                + (crc.isNullable() ? "a nullable " : "")
                + crc.getType());
      }
    }
    Field f = fields.get(0);
    ArrowType.ArrowTypeID t = f.getType().getTypeID();
    if (t != ArrowType.ArrowTypeID.Binary && t != ArrowType.ArrowTypeID.LargeBinary) {
      throw new InvalidDataException(
          COLUMN, "expected Arrow type binary or large_binary but " + "found " + f.getType());
    }
    if (f.isNullable()) {
      throw new InvalidDataException(COLUMN, "expected a non-nullable row column");
    }
    Map<String, String> meta = f.getMetadata();
    String version = required(meta, VERSION_KEY);
    int dot = version.indexOf('.');
    if (!(dot < 0 ? version : version.substring(0, dot)).equals(VERSION)) {
      throw new UnsupportedException(
          "", "expected zerorow.version 1 but found \"" + version + "\"");
    }
    String json = required(meta, SCHEMA_KEY);
    String fingerprint = required(meta, FINGERPRINT_KEY);
    Schema schema;
    try {
      schema = Schema.fromJson(json);
    } catch (ZerorowException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new InvalidDataException(SCHEMA_KEY, "malformed schema JSON: " + e.getMessage());
    }
    if (!fingerprint.equals(schema.fingerprintHex())) {
      throw new InvalidDataException(
          "",
          "zerorow.fingerprint \""
              + fingerprint
              + "\" is not the fingerprint of zerorow.schema: expected "
              + schema.fingerprintHex()
              + " but found "
              + fingerprint);
    }
    if (expected != null && !expected.fingerprintHex().equals(fingerprint)) {
      throw new SchemaMismatchException(
          "",
          "expected rows of schema fingerprint "
              + expected.fingerprintHex()
              + " but the file holds schema fingerprint "
              + fingerprint);
    }
    return schema;
  }

  /**
   * Checks a row file's Arrow schema ({@link #check}) and resolves the file's schema against the
   * reader schema of {@code resolver} (SPEC §13.5), for readers that read files their own way (an
   * engine's file system). A refusal is the {@link io.zerorow.SchemaMismatchException} of {@link
   * Resolution#resolve}, with its schema path and {@code source} (e.g. the file's name) in front of
   * its message.
   */
  public static Resolution resolve(
      org.apache.arrow.vector.types.pojo.Schema arrow, Resolver resolver, String source) {
    Schema schema = check(arrow, null);
    try {
      return resolver.resolve(schema);
    } catch (ZerorowException e) {
      throw ZerorowException.of(e.kind(), e.path(), source + ": " + e.detail());
    }
  }

  /** True when the checked row column is {@code large_binary} (64-bit offsets). */
  static boolean isLarge(org.apache.arrow.vector.types.pojo.Schema arrow) {
    return arrow.getFields().get(0).getType().getTypeID() == ArrowType.ArrowTypeID.LargeBinary;
  }

  private static String required(Map<String, String> meta, String key) {
    String v = meta == null ? null : meta.get(key);
    if (v == null) {
      throw new InvalidDataException(COLUMN, "missing field metadata key " + key);
    }
    return v;
  }

  private static String names(List<Field> fields) {
    StringBuilder b = new StringBuilder("[");
    for (Field f : fields) {
      b.append(b.length() > 1 ? ", " : "").append(f.getName());
    }
    return b.append(']').toString();
  }
}
