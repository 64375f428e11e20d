package io.zerorow.arrow;

import io.zerorow.internal.Mapping;
import io.zerorow.type.DataType;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Entry points of the Arrow conversion and the type mapping of SPEC §12, both ways.
 *
 * <pre>{@code
 * ArrowWriter w = ArrowUtils.createArrowWriter(schema);
 * w.write(row);                                   // any number of rows
 * ArrowRecordBatch batch = w.finishAsRecordBatch(); // or w.finish() for a VectorSchemaRoot
 * }</pre>
 */
public final class ArrowUtils {
  /** The Arrow names pyarrow uses for list and map children (so schemas compare equal). */
  static final String LIST_ITEM = "item";

  static final String MAP_ENTRIES = "entries";
  static final String MAP_KEY = "key";
  static final String MAP_VALUE = "value";

  private static final class Holder {
    static final RootAllocator ROOT = new RootAllocator(Long.MAX_VALUE);
  }

  static {
    // IPC readers then read these extension types as such (an unregistered one keeps its
    // storage type and its name in the field's metadata, which ArrowTypes reads too)
    org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry.register(VariantType.INSTANCE);
    ArrowUuid.register();
  }

  private ArrowUtils() {}

  /** A process-wide allocator for callers that do not bring their own. */
  public static BufferAllocator rootAllocator() {
    return Holder.ROOT;
  }

  /** A writer of rows of {@code schema} into Arrow vectors from {@link #rootAllocator()}. */
  public static ArrowWriter createArrowWriter(Schema schema) {
    return new ArrowWriter(schema, rootAllocator());
  }

  /** A writer of rows of {@code schema} into Arrow vectors from {@code allocator}. */
  public static ArrowWriter createArrowWriter(Schema schema, BufferAllocator allocator) {
    return new ArrowWriter(schema, allocator);
  }

  // ---- zerorow -> Arrow ---------------------------------------------------------------

  /** The Arrow schema of SPEC §12.1: one column per top-level field, no metadata. */
  public static org.apache.arrow.vector.types.pojo.Schema toArrowSchema(Schema schema) {
    List<org.apache.arrow.vector.types.pojo.Field> fields = new ArrayList<>();
    for (Field f : schema.fields()) {
      fields.add(toArrowField(f.name(), f.type(), f.nullable()));
    }
    return new org.apache.arrow.vector.types.pojo.Schema(fields);
  }

  /** The Arrow field for a zerorow field (SPEC §12.1, through {@link Mapping#toSource}). */
  public static org.apache.arrow.vector.types.pojo.Field toArrowField(
      String name, DataType type, boolean nullable) {
    return ArrowTypes.field(name, Mapping.toSource(type), nullable);
  }

  // ---- Arrow -> zerorow ---------------------------------------------------------------

  /**
   * The zerorow schema of an Arrow schema (SPEC §12.2), in the form Arrow's IPC messages and files
   * carry it (a dictionary-encoded field has its values' type; for the vectors of a {@code
   * VectorSchemaRoot}, whose dictionary fields carry the index type, use {@link ArrowReader}). A
   * type the mapping refuses is {@code unsupported}, naming the column path and the type as Arrow
   * prints it.
   */
  public static Schema fromArrowSchema(org.apache.arrow.vector.types.pojo.Schema schema) {
    Mapping.Source s = Mapping.Source.struct("struct");
    for (org.apache.arrow.vector.types.pojo.Field f : schema.getFields()) {
      s.field(f.getName(), ArrowTypes.source(f), f.isNullable());
    }
    return (Schema) Mapping.toZerorow(s, "").type();
  }

  /** The zerorow type of one Arrow field; {@code path} names it in errors (SPEC §4.3). */
  public static DataType fromArrowType(org.apache.arrow.vector.types.pojo.Field f, String path) {
    return Mapping.toZerorow(ArrowTypes.source(f), path).type();
  }

  /** The verdict of SPEC §12.2 for an Arrow field: exact, widened, rule6 or checked. */
  public static String verdict(org.apache.arrow.vector.types.pojo.Field f) {
    return Mapping.toZerorow(ArrowTypes.source(f), f.getName()).columnVerdict().text();
  }

  /** An Arrow type as Arrow prints it ({@code date64[ms]}, {@code fixed_size_binary[16]} ...). */
  public static String typeName(org.apache.arrow.vector.types.pojo.Field f) {
    return ArrowTypes.name(f);
  }
}
