package io.zerorow.bench;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.encoders.ExpressionEncoder;

/** The three row encoders for one class, set up as each library documents. */
public final class Libs<T> {
  public final io.zerorow.encoder.RowEncoder<T> zerorow;
  public final org.apache.fory.format.encoder.RowEncoder<T> fory;
  public final ExpressionEncoder.Serializer<T> sparkSer;
  public final ExpressionEncoder.Deserializer<T> sparkDeser;

  public Libs(Class<T> cls) {
    zerorow = io.zerorow.encoder.Encoders.rowEncoder(cls);
    fory = org.apache.fory.format.encoder.Encoders.bean(cls);
    ExpressionEncoder<T> enc = ExpressionEncoder.javaBean(cls);
    sparkSer = enc.createSerializer();
    ExpressionEncoder<T> bound =
        enc.resolveAndBind(enc.resolveAndBind$default$1(), enc.resolveAndBind$default$2());
    sparkDeser = bound.createDeserializer();
  }

  /** Spark's serializer returns its reused UnsafeRow. */
  public InternalRow spark(T value) {
    return sparkSer.apply(value);
  }
}
