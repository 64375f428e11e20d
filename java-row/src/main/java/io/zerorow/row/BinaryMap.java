package io.zerorow.row;

import static io.zerorow.internal.Checks.BOUNDS_CHECKS;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.internal.Platform;
import io.zerorow.type.DataTypes;
import java.util.Objects;

/**
 * A view over one map (SPEC §2.3): a key array and a value array of equal count; entry {@code i} is
 * {@code (keyArray().get(i), valueArray().get(i))}, in the writer's order.
 */
// ResolvedMap: the deprecated former name, kept implemented for one release.
@SuppressWarnings("removal")
public final class BinaryMap extends BinaryRegion implements MapData, ResolvedMap {
  private final DataTypes.MapType type;
  private final BinaryArray keys;
  private final BinaryArray values;

  /** An unpointed view for maps of {@code type}; point it at bytes before reading. */
  public BinaryMap(DataTypes.MapType type) {
    this.type = Objects.requireNonNull(type, "type");
    this.keys = new BinaryArray(type.keyArrayType());
    this.values = new BinaryArray(type.valueArrayType());
  }

  /** A view over a top-level map occupying all of {@code bytes}. */
  public static BinaryMap wrap(DataTypes.MapType type, byte[] bytes) {
    return new BinaryMap(type).pointTo(bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length);
  }

  /**
   * Points at a top-level map at {@code (base, address)} (as {@link BinaryRow#pointTo(Object, long,
   * int)}); a too-short buffer is {@code truncated} (SPEC §6.1).
   *
   * <p><b>Unchecked for off-heap memory:</b> a {@code byte[]} range is checked against the array,
   * but an absolute address (null base) cannot be: a wrong one can crash the JVM.
   */
  public BinaryMap pointTo(Object base, long address, int size) {
    checkHeapRange(base, address, size);
    if (size < 8) {
      throw new TruncatedException("", "expected at least 8 bytes (map header) but found " + size);
    }
    pointToNested(base, address, size, null, null, 0);
    return this;
  }

  void pointToNested(
      Object base, long address, int size, Object owner, BinaryRegion parent, int ordinal) {
    long k = size >= 8 ? Platform.getLong(base, address) : -1;
    if (BOUNDS_CHECKS && (k < 0 || (k & 7) != 0 || k > size - 8 || (size & 7) != 0)) {
      throw new InvalidDataException(
          parent == null ? "" : parent.childPath(ordinal),
          "expected a map whose key array size (multiple of 8) fits in its "
              + size
              + " bytes but found "
              + (k < 0 ? "(missing)" : Long.toUnsignedString(k)));
    }
    setMemory(base, address, size, owner);
    setParent(parent, ordinal);
    keys.pointToNested(base, address + 8, (int) k, owner, this, -1);
    values.pointToNested(base, address + 8 + k, size - 8 - (int) k, owner, this, -2);
    if (BOUNDS_CHECKS && keys.numElements() != values.numElements()) {
      throw new InvalidDataException(
          path(),
          "map with key/value counts that differ: expected "
              + keys.numElements()
              + " values but found "
              + values.numElements());
    }
  }

  /** The map type of this map. */
  public DataTypes.MapType type() {
    return type;
  }

  /** The number of entries. */
  public int numElements() {
    requireSet();
    return keys.numElements();
  }

  /** The key array (a view; no element is null). */
  public BinaryArray keyArray() {
    requireSet();
    return keys;
  }

  /** The value array (a view). */
  public BinaryArray valueArray() {
    requireSet();
    return values;
  }

  @Override
  String childSegment(int ordinal) {
    return ""; // the arrays name their elements {key i} / {value i} (SPEC §4.3)
  }

  /** A copy of this map in a new array (detached from the memory it views). */
  public BinaryMap copy() {
    requireSet();
    return BinaryMap.wrap(type, toBytes());
  }

  /** Equal when the types are equal and the bytes are equal (SPEC §2.1). */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BinaryMap)) {
      return false;
    }
    BinaryMap a = (BinaryMap) o;
    return (type == a.type || type.equals(a.type)) && bytesEqual(a);
  }

  /** A hash of the type and the bytes, consistent with {@link #equals}. */
  @Override
  public int hashCode() {
    return 31 * type.hashCode() + bytesHash();
  }

  /**
   * The entries, e.g. {@code {"a"=1, "b"=2}}; after 32 entries the rest is summarised (the budget
   * of {@code Printer}, as {@link BinaryRow#toString()}).
   */
  @Override
  public String toString() {
    return isSet() ? Printer.print(this) : "BinaryMap(unset)";
  }
}
