package io.zerorow.row;

import io.zerorow.SchemaMismatchException;
import io.zerorow.type.Schema;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves writer schemas against one reader schema, keeping one {@link Resolution} per distinct
 * writer fingerprint (SPEC §13.5): the resolver of a table or a directory of row files, whose files
 * may hold several writer schemas. Thread-safe; a refused writer schema is refused again on each
 * call (its {@link SchemaMismatchException} is not kept).
 *
 * <pre>{@code
 * Resolver tableSchema = new Resolver(readerSchema);
 * for (file : files) {
 *   Resolution r = tableSchema.resolve(schemaOf(file));   // resolved once per writer schema
 *   ...
 * }
 * }</pre>
 */
public final class Resolver {
  private final Schema reader;
  private final ConcurrentHashMap<Long, Resolution> byFingerprint = new ConcurrentHashMap<>();

  /** A resolver for rows read with {@code reader}. */
  public Resolver(Schema reader) {
    this.reader = Objects.requireNonNull(reader, "Resolver(reader): reader is null");
  }

  /** The reader schema. */
  public Schema reader() {
    return reader;
  }

  /**
   * The resolution of {@code writer} against the reader schema, resolved on the first call for its
   * fingerprint (see {@link Resolution#resolve}).
   */
  public Resolution resolve(Schema writer) {
    Objects.requireNonNull(writer, "resolve(writer): writer is null");
    Resolution r = byFingerprint.get(writer.fingerprint());
    if (r != null && r.writer().equals(writer)) {
      return r;
    }
    Resolution fresh = Resolution.resolve(writer, reader);
    if (r == null) {
      // another thread may have stored an equal resolution meanwhile: either serves
      byFingerprint.putIfAbsent(writer.fingerprint(), fresh);
    }
    return fresh;
  }

  /** How many distinct writer schemas have been resolved (one resolution each). */
  public int size() {
    return byFingerprint.size();
  }
}
