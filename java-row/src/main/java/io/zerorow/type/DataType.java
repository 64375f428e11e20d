package io.zerorow.type;

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

  /** Computed on first use (a data race computes the same value twice, harmlessly). */
  private StorageKind storage;

  DataType() {}

  /** Which type of SPEC §3 this is. */
  public abstract TypeId id();

  /** Width of an array element of this type: 1, 2, 4 or 8 (SPEC §3). */
  public int elementWidth() {
    return id().width();
  }

  /**
   * How a value of this type is stored (SPEC §3, "Storage kinds"): {@code FIXED} in the slot,
   * {@code BODY}, {@code ARRAY}, {@code MAP} or {@code ROW} behind a reference, {@code NONE} for
   * the type null.
   */
  public final StorageKind storage() {
    StorageKind s = storage;
    if (s == null) {
      storage = s = storageOf(this);
    }
    return s;
  }

  private static StorageKind storageOf(DataType t) {
    return switch (t.id()) {
      case BOOL,
              INT8,
              INT16,
              INT32,
              INT64,
              FLOAT32,
              FLOAT64,
              DATE32,
              TIME,
              TIMESTAMP,
              DURATION,
              INTERVAL_YM ->
          StorageKind.FIXED;
      case DECIMAL ->
          ((DataTypes.DecimalType) t).precision() <= DataTypes.DecimalType.MAX_LONG_PRECISION
              ? StorageKind.FIXED
              : StorageKind.BODY;
      case STRING, BINARY, FIXED_BINARY, UUID, INTERVAL, VARIANT -> StorageKind.BODY;
      case LIST -> StorageKind.ARRAY;
      case MAP -> StorageKind.MAP;
      case STRUCT -> StorageKind.ROW;
      case NULL -> StorageKind.NONE;
    };
  }

  /**
   * True when the value lives behind a reference in its slot (storage kinds {@code BODY}, {@code
   * ARRAY}, {@code MAP}, {@code ROW}): string, binary, list, map, struct, decimal with precision
   * above 18, interval, fixed_binary, uuid and variant.
   */
  public boolean isVariableWidth() {
    return switch (storage()) {
      case FIXED, NONE -> false;
      case BODY, ARRAY, MAP, ROW -> true;
    };
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
