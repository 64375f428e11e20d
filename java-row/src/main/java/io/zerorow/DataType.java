package io.zerorow;

/**
 * A zerorow type (SPEC §3). Instances are immutable; equality is equality of the canonical JSON
 * text (SPEC §4.1) without field aliases, the text the fingerprint covers (SPEC §4.2): two types
 * are equal when they lay out and read the same bytes. Aliases (SPEC §13.2) only guide a reader
 * through a rename; compare {@link #toJson()} to tell them apart too. Build types with {@link
 * DataTypes}.
 */
public abstract class DataType {
  private String json;
  private String fingerprintText;

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

  /**
   * Appends the canonical JSON of this type, with the fields' aliases or without them (the text of
   * the fingerprint, SPEC §4.2). Only types that hold fields write aliases.
   */
  void appendJson(StringBuilder out, boolean aliases) {
    appendJson(out);
  }

  /** The canonical JSON text of this type (SPEC §4.1), aliases included. */
  public final String toJson() {
    String s = json;
    if (s == null) {
      StringBuilder b = new StringBuilder();
      appendJson(b, true);
      json = s = b.toString();
    }
    return s;
  }

  /** The canonical JSON text without aliases: what the fingerprint hashes (SPEC §4.2). */
  final String fingerprintText() {
    String s = fingerprintText;
    if (s == null) {
      StringBuilder b = new StringBuilder();
      appendJson(b, false);
      fingerprintText = s = b.toString();
    }
    return s;
  }

  /** Equal when the canonical JSON without aliases is equal (see the class comment). */
  @Override
  public final boolean equals(Object o) {
    return o == this
        || o instanceof DataType && ((DataType) o).fingerprintText().equals(fingerprintText());
  }

  @Override
  public final int hashCode() {
    return fingerprintText().hashCode();
  }

  @Override
  public String toString() {
    return toJson();
  }
}
