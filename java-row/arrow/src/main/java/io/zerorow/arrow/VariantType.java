package io.zerorow.arrow;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The Arrow extension type {@code parquet.variant} (SPEC §12.1): a variant column is a struct of
 * the two byte strings of Parquet's Variant encoding, {@code metadata} and {@code value}, both
 * binary and not nullable; the extension name tells readers it is one value. Arrow Java 19 has no
 * such type, so zerorow brings its own (its metadata is empty).
 */
public final class VariantType extends ArrowType.ExtensionType {
  /** The one instance. */
  public static final VariantType INSTANCE = new VariantType();

  private VariantType() {}

  @Override
  public ArrowType storageType() {
    return ArrowType.Struct.INSTANCE;
  }

  @Override
  public String extensionName() {
    return ArrowTypes.VARIANT_EXTENSION;
  }

  @Override
  public boolean extensionEquals(ArrowType.ExtensionType other) {
    return other instanceof VariantType;
  }

  @Override
  public String serialize() {
    return "";
  }

  @Override
  public ArrowType deserialize(ArrowType storageType, String serializedData) {
    if (!(storageType instanceof ArrowType.Struct)) {
      throw new UnsupportedOperationException(
          "parquet.variant needs a struct storage type but found " + storageType);
    }
    return INSTANCE;
  }

  @Override
  public FieldVector getNewVector(String name, FieldType fieldType, BufferAllocator allocator) {
    return new VariantVector(
        name,
        allocator,
        new StructVector(
            name, allocator, new FieldType(fieldType.isNullable(), storageType(), null), null));
  }

  /** A vector of {@code parquet.variant}: its storage struct holds the two binary children. */
  public static final class VariantVector extends ExtensionTypeVector<StructVector> {
    VariantVector(String name, BufferAllocator allocator, StructVector storage) {
      super(name, allocator, storage);
    }

    /**
     * The field of this column: its type is {@code parquet.variant} (the storage struct's field
     * would lose the extension), its children those of the storage struct.
     */
    @Override
    public org.apache.arrow.vector.types.pojo.Field getField() {
      org.apache.arrow.vector.types.pojo.Field storage = getUnderlyingVector().getField();
      return new org.apache.arrow.vector.types.pojo.Field(
          getName(),
          new FieldType(storage.isNullable(), INSTANCE, null, storage.getMetadata()),
          storage.getChildren());
    }

    /** The variant at {@code index} as JSON text, or null. */
    @Override
    public Object getObject(int index) {
      if (isNull(index)) {
        return null;
      }
      StructVector s = getUnderlyingVector();
      byte[] metadata =
          ((org.apache.arrow.vector.VarBinaryVector) s.getChild("metadata")).get(index);
      byte[] value = ((org.apache.arrow.vector.VarBinaryVector) s.getChild("value")).get(index);
      return new io.zerorow.type.Variant(metadata, value).toJson();
    }

    @Override
    public int hashCode(int index) {
      return getUnderlyingVector().hashCode(index);
    }

    @Override
    public int hashCode(int index, org.apache.arrow.memory.util.hash.ArrowBufHasher hasher) {
      return getUnderlyingVector().hashCode(index, hasher);
    }
  }
}
