package io.zerorow.row;

import io.zerorow.SchemaMismatchException;
import io.zerorow.type.Schema;
import java.util.Objects;

/**
 * A writer schema resolved against a reader schema (SPEC §13): rows laid out by the writer's schema
 * are read with the reader's field names, ordinals and types.
 *
 * <pre>{@code
 * Resolution r = Resolution.resolve(writerSchema, readerSchema);   // once per pair
 * Row row = r.view(BinaryRow.wrap(writerSchema, bytes));   // per row, in place
 * long id = row.getLong(readerSchema.indexOf("id"));
 * }</pre>
 *
 * <p>Fields are matched by name at every level (struct fields, list elements, map keys and values),
 * through the reader field's aliases when the writer lacks its name; a writer field the reader
 * lacks is skipped, a reader field the writer lacks reads as null; values may widen exactly (SPEC
 * §13.3) and nullability may widen. Everything else is refused here, once, as a {@link
 * SchemaMismatchException} at the schema path of the reader's value naming both types: {@code
 * schema_mismatch at orders[].qty: writer type "float64" cannot be read as "int32"}. Once a pair
 * resolves, every row valid for the writer schema reads without evolution errors.
 *
 * <p>When writer and reader have the same fingerprint the resolution is the identity: {@link #view}
 * returns the row itself (a {@link BinaryRow} is a {@link Row}), at no cost. Otherwise reading
 * reader field {@code i} costs one table lookup over a direct read.
 *
 * <p>Immutable and thread-safe: build it once per (writer, reader) pair and share it ({@link
 * Resolver} keeps one per writer fingerprint). Views are not thread-safe, like {@link BinaryRow}.
 */
public final class Resolution {
  private final Schema writer;
  private final Schema reader;

  /** Null for the identity. */
  private final TypePlan plan;

  private Resolution(Schema writer, Schema reader, TypePlan plan) {
    this.writer = writer;
    this.reader = reader;
    this.plan = plan;
  }

  /**
   * Resolves {@code writer} against {@code reader} (SPEC §13.1–13.3).
   *
   * @throws SchemaMismatchException when the reader cannot read the writer's rows, at the schema
   *     path of the first reader value that cannot be read
   */
  public static Resolution resolve(Schema writer, Schema reader) {
    Objects.requireNonNull(writer, "resolve(writer, reader): writer is null");
    Objects.requireNonNull(reader, "resolve(writer, reader): reader is null");
    if (writer.fingerprint() == reader.fingerprint() && writer.equals(reader)) {
      return new Resolution(writer, reader, null);
    }
    return new Resolution(writer, reader, TypePlan.resolve(writer, reader, ""));
  }

  /** The schema the rows are laid out by. */
  public Schema writer() {
    return writer;
  }

  /** The schema the rows are read with. */
  public Schema reader() {
    return reader;
  }

  /** True when writer and reader lay out the same bytes: {@link #view} returns the row itself. */
  public boolean isIdentity() {
    return plan == null;
  }

  /**
   * The row read with the reader schema: {@code row} itself for the identity, else a view over it
   * (see {@link Row} for re-pointing). The row must be pointed at bytes of the writer schema: a row
   * of another schema is a {@link SchemaMismatchException}, an unset view an {@link
   * IllegalStateException}.
   */
  public Row view(BinaryRow row) {
    Objects.requireNonNull(row, "view(row): row is null");
    Schema s = row.schema();
    if (s != writer && !s.equals(writer)) {
      throw new SchemaMismatchException(
          "",
          "expected a row of the writer schema "
              + writer.fingerprintHex()
              + " but found one of schema "
              + s.fingerprintHex()
              + ": "
              + s);
    }
    row.requireSet();
    return plan == null ? row : new ResolvedRowView(plan, row);
  }

  /**
   * Which writer field each reader field reads, e.g. {@code Resolution(id <- id, name <- absent)}.
   */
  @Override
  public String toString() {
    if (plan == null) {
      return "Resolution(identity " + writer.fingerprintHex() + ")";
    }
    StringBuilder b = new StringBuilder("Resolution(");
    for (int i = 0; i < reader.numFields(); i++) {
      int w = plan.ordinals[i];
      b.append(i == 0 ? "" : ", ").append(reader.field(i).name()).append(" <- ");
      b.append(w < 0 ? "absent" : writer.field(w).name());
    }
    return b.append(')').toString();
  }
}
