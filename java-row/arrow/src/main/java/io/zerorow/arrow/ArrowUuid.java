package io.zerorow.arrow;

import io.zerorow.UnsupportedException;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;

/**
 * Arrow's canonical {@code arrow.uuid} extension type (SPEC §12.1: a zerorow uuid), looked up
 * rather than linked: Arrow Java has it from version 18 on, and Spark 3.5 puts Arrow 12 on the
 * class path of the jobs that write row files. There every type but uuid still maps, and a uuid
 * column is refused naming the field.
 */
final class ArrowUuid {
  private static final ArrowType.ExtensionType TYPE = load();

  private ArrowUuid() {}

  private static ArrowType.ExtensionType load() {
    try {
      Class<?> c = Class.forName("org.apache.arrow.vector.extension.UuidType");
      return (ArrowType.ExtensionType) c.getField("INSTANCE").get(null);
    } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
      return null;
    }
  }

  /** Registers the type with Arrow's IPC readers, when this Arrow has it. */
  static void register() {
    if (TYPE != null) {
      ExtensionTypeRegistry.register(TYPE);
    }
  }

  /** The type, or an {@link UnsupportedException} at {@code field} when this Arrow lacks it. */
  static ArrowType.ExtensionType type(String field) {
    if (TYPE == null) {
      throw new UnsupportedException(
          field,
          "a uuid column needs Arrow Java 18 or later (arrow.uuid); this class path has Arrow "
              + ArrowType.class.getPackage().getImplementationVersion()
              + ": write the field as fixed_binary(16)");
    }
    return TYPE;
  }
}
