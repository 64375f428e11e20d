package io.zerorow.parquet;

import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryGetters;
import io.zerorow.row.BinaryMap;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.Variant;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-mr's {@link WriteSupport} for rows: walks each row in place (no decoding into objects)
 * and sends its values to the {@link RecordConsumer}. The file's key-value metadata gets {@code
 * zerorow.version}, {@code zerorow.schema} and {@code zerorow.fingerprint}, so {@link
 * ParquetRowReader} restores the exact schema (time zone names, duration) that Parquet's own types
 * cannot hold.
 */
public final class RowWriteSupport extends WriteSupport<BinaryRow> {
  private final Schema schema;
  private final MessageType message;
  private RecordConsumer out;

  /** Writes rows of {@code schema}. */
  public RowWriteSupport(Schema schema) {
    this.schema = schema;
    this.message = ParquetSchemas.toParquet(schema);
  }

  @Override
  public String getName() {
    return "zerorow";
  }

  // abstract in parquet-mr 1.16 beside its ParquetConfiguration twin below, though deprecated
  @SuppressWarnings("deprecation")
  @Override
  public WriteContext init(Configuration configuration) {
    return context();
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return context();
  }

  private WriteContext context() {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put(ParquetRowReader.VERSION_KEY, "1");
    meta.put(ParquetRowReader.SCHEMA_KEY, schema.toJson());
    meta.put(ParquetRowReader.FINGERPRINT_KEY, schema.fingerprintHex());
    return new WriteContext(message, meta);
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.out = recordConsumer;
  }

  @Override
  public void write(BinaryRow row) {
    out.startMessage();
    writeFields(row, schema);
    out.endMessage();
  }

  private void writeFields(BinaryRow row, Schema s) {
    for (int k = 0; k < s.numFields(); k++) {
      if (row.isNullAt(k)) {
        continue;
      }
      Field f = s.field(k);
      out.startField(f.name(), k);
      writeValue(row, k, f.type());
      out.endField(f.name(), k);
    }
  }

  private void writeValue(BinaryGetters g, int i, DataType t) {
    // a switch expression without default: a new type must be handled here
    Void done =
        switch (t.id()) {
          case BOOL -> {
            out.addBoolean(g.getBoolean(i));
            yield null;
          }
          case INT8 -> {
            out.addInteger(g.getByte(i));
            yield null;
          }
          case INT16 -> {
            out.addInteger(g.getShort(i));
            yield null;
          }
          case INT32, DATE32, INTERVAL_YM -> {
            out.addInteger(g.getInt(i));
            yield null;
          }
          case INT64, TIME, TIMESTAMP, DURATION -> {
            out.addLong(g.getLong(i));
            yield null;
          }
          case FLOAT32 -> {
            out.addFloat(g.getFloat(i));
            yield null;
          }
          case FLOAT64 -> {
            out.addDouble(g.getDouble(i));
            yield null;
          }
          case STRING, BINARY, FIXED_BINARY, UUID -> {
            out.addBinary(Binary.fromConstantByteArray(g.getBinary(i)));
            yield null;
          }
          case DECIMAL -> {
            writeDecimal(g, i, (DataTypes.DecimalType) t);
            yield null;
          }
          case VARIANT -> {
            Variant v = g.getVariant(i);
            out.startGroup();
            out.startField("metadata", 0);
            out.addBinary(Binary.fromConstantByteArray(v.metadata()));
            out.endField("metadata", 0);
            out.startField("value", 1);
            out.addBinary(Binary.fromConstantByteArray(v.value()));
            out.endField("value", 1);
            out.endGroup();
            yield null;
          }
          // never reached: a null has no value, and the schema refuses an interval
          case NULL, INTERVAL -> throw new IllegalStateException("no Parquet value for " + t);
          case LIST -> {
            writeList(g.getArray(i), (DataTypes.ListType) t);
            yield null;
          }
          case MAP -> {
            writeMap(g.getMap(i), (DataTypes.MapType) t);
            yield null;
          }
          case STRUCT -> {
            out.startGroup();
            writeFields(g.getStruct(i), (Schema) t);
            out.endGroup();
            yield null;
          }
        };
  }

  private void writeDecimal(BinaryGetters g, int i, DataTypes.DecimalType d) {
    if (d.precision() <= 9) {
      out.addInteger((int) g.getLong(i));
    } else if (d.precision() <= 18) {
      out.addLong(g.getLong(i));
    } else {
      BigDecimal v = g.getDecimal(i);
      byte[] minimal = v.unscaledValue().toByteArray();
      byte[] fixed = new byte[ParquetSchemas.decimalBytes(d.precision())];
      byte sign = (byte) (minimal[0] < 0 ? -1 : 0);
      int pad = fixed.length - minimal.length;
      for (int k = 0; k < pad; k++) {
        fixed[k] = sign;
      }
      System.arraycopy(minimal, 0, fixed, pad, minimal.length);
      out.addBinary(Binary.fromConstantByteArray(fixed));
    }
  }

  private void writeList(BinaryArray a, DataTypes.ListType t) {
    out.startGroup();
    int n = a.numElements();
    if (n > 0) {
      out.startField("list", 0);
      for (int j = 0; j < n; j++) {
        out.startGroup();
        if (!a.isNullAt(j)) {
          out.startField("element", 0);
          writeValue(a, j, t.element());
          out.endField("element", 0);
        }
        out.endGroup();
      }
      out.endField("list", 0);
    }
    out.endGroup();
  }

  private void writeMap(BinaryMap m, DataTypes.MapType t) {
    out.startGroup();
    int n = m.numElements();
    if (n > 0) {
      BinaryArray keys = m.keyArray();
      BinaryArray values = m.valueArray();
      out.startField("key_value", 0);
      for (int j = 0; j < n; j++) {
        out.startGroup();
        out.startField("key", 0);
        writeValue(keys, j, t.key());
        out.endField("key", 0);
        if (!values.isNullAt(j)) {
          out.startField("value", 1);
          writeValue(values, j, t.value());
          out.endField("value", 1);
        }
        out.endGroup();
      }
      out.endField("key_value", 0);
    }
    out.endGroup();
  }
}
