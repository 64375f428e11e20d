package io.zerorow.encoder;

import io.zerorow.row.BinaryRow;
import io.zerorow.writer.RowWriter;

/**
 * Writes the fields of one bean/record into a started row and reads them back. Implemented by the
 * generated classes and by the interpreted {@link Codec.BeanCodec}. One instance per thread.
 * Internal.
 */
public interface StructCodec {
  void writeFields(RowWriter w, Object bean);

  Object readFields(BinaryRow row);
}
