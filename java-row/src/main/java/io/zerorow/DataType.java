package io.zerorow;

/**
 * A zerorow type (SPEC §3). Instances are immutable; equality is equality of the canonical JSON
 * text (SPEC §4.1). Build them with {@link DataTypes}.
 */
public abstract class DataType {
  private String json;

  DataType() {}

  /** Which type of SPEC §3 this is. */
  public abstract TypeId id();

  /** Width of an array element of this type: 1, 2, 4 or 8 (SPEC §3). */
  public int elementWidth() {
    return id().width();
  }

  /**
   * True when the value lives in a body referenced from its slot: string, binary, list, map,
   * struct, and decimal with precision above 18.
   */
  public boolean isVariableWidth() {
    switch (id()) {
      case STRING:
      case BINARY:
      case LIST:
      case MAP:
      case STRUCT:
        return true;
      case DECIMAL:
        return ((DataTypes.DecimalType) this).precision() > 18;
      default:
        return false;
    }
  }

  /** Appends the canonical JSON of this type (SPEC §4.1). */
  abstract void appendJson(StringBuilder out);

  /** The canonical JSON text of this type (SPEC §4.1). */
  public final String toJson() {
    String s = json;
    if (s == null) {
      StringBuilder b = new StringBuilder();
      appendJson(b);
      json = s = b.toString();
    }
    return s;
  }

  @Override
  public final boolean equals(Object o) {
    return o instanceof DataType && ((DataType) o).toJson().equals(toJson());
  }

  @Override
  public final int hashCode() {
    return toJson().hashCode();
  }

  @Override
  public String toString() {
    return toJson();
  }
}
