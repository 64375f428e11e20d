package io.zerorow.arrow;

import io.zerorow.InvalidDataException;
import io.zerorow.TruncatedException;
import io.zerorow.UnsupportedException;
import io.zerorow.ZerorowException;
import io.zerorow.internal.Platform;
import io.zerorow.row.BinaryRow;
import io.zerorow.type.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.flatbuf.Block;
import org.apache.arrow.flatbuf.BodyCompression;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.Endianness;
import org.apache.arrow.flatbuf.Footer;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Arrow IPC files and streams from any Arrow writer as zerorow rows (SPEC §12.2): the entry point
 * for Arrow data on disk, as {@link ArrowReader} is for Arrow Java vectors.
 *
 * <pre>{@code
 * try (ArrowIpcReader in = ArrowIpcReader.open(path)) {     // an IPC file or stream
 *   Schema schema = in.schema();                           // SPEC §12.2
 *   for (BinaryRow row : in) { ... }                       // one reused row, batch after batch
 * }
 * }</pre>
 *
 * zerorow reads the messages itself (Arrow's flatbuffers, Arrow Java's schema types) and never
 * builds Arrow Java vectors from them, so it reads what Arrow Java cannot (decimal32, decimal64)
 * and checks what Arrow Java trusts: every message and buffer range against the input, every buffer
 * size, offset and child length against its array ({@link ArrowColumn}), before a value is read.
 * Compressed bodies ({@code LZ4_FRAME}, {@code ZSTD}) are decompressed with Arrow's codecs ({@code
 * arrow-compression}); big-endian data is swapped to little-endian when loaded, never read raw.
 * Dictionary batches give dictionary-encoded columns their values (a delta dictionary is {@code
 * unsupported}). Errors are zerorow's, naming the source, the column and, for values, the row
 * number in the whole input. Not thread-safe.
 */
public final class ArrowIpcReader implements Iterable<BinaryRow>, AutoCloseable {
  private static final byte[] MAGIC = {'A', 'R', 'R', 'O', 'W', '1'};

  /** The largest body read onto the heap (one Java array). */
  private static final long MAX_BODY = Integer.MAX_VALUE - 8;

  private final String source;
  private final ByteBuffer input;
  private final boolean fileFormat;
  private final org.apache.arrow.vector.types.pojo.Schema arrowSchema;
  private final boolean bigEndian;

  /** The top-level fields read, by their index in the Arrow schema. */
  private final int[] selected;

  private final boolean strict;
  private RowImporter importer;

  /** Dictionary values by id. */
  private final Map<Long, ArrowColumn> dictionaries = new HashMap<>();

  /** The fields of the dictionaries by id (the value type and children). */
  private final Map<Long, Field> dictionaryFields = new HashMap<>();

  /** File format: the record batch blocks; stream format: the position of the next message. */
  private final List<long[]> blocks = new ArrayList<>();

  private int nextPosition;

  private ArrowIpcReader(String source, ByteBuffer input, List<String> columns, boolean strict) {
    this(source, input, columns, null, strict);
  }

  private ArrowIpcReader(
      String source, ByteBuffer input, List<String> columns, int[] indexes, boolean strict) {
    this.source = source;
    this.input = input.order(ByteOrder.LITTLE_ENDIAN);
    this.strict = strict;
    this.fileFormat = startsWithMagic(input);
    org.apache.arrow.vector.types.pojo.Schema schema;
    boolean big;
    try {
      org.apache.arrow.flatbuf.Schema fb = fileFormat ? readFooter() : readStreamSchema();
      schema = convertSchema(fb);
      big = fb.endianness() == Endianness.Big;
    } catch (ZerorowException e) {
      throw wrap(e);
    } catch (RuntimeException e) {
      // the flatbuffer code's own exceptions on bytes that do not parse
      throw new InvalidDataException("", source + ": not a readable Arrow IPC input: " + e, e);
    }
    this.bigEndian = big;
    this.arrowSchema = schema;
    collectDictionaryFields(arrowSchema.getFields());
    List<Field> all = arrowSchema.getFields();
    if (indexes != null) {
      selected = indexes.clone();
      for (int k : selected) {
        if (k < 0 || k >= all.size()) {
          throw new IndexOutOfBoundsException(
              "column " + k + " of an Arrow schema of " + all.size() + " columns");
        }
      }
    } else if (columns == null) {
      selected = new int[all.size()];
      for (int k = 0; k < selected.length; k++) {
        selected[k] = k;
      }
    } else {
      selected = new int[columns.size()];
      for (int k = 0; k < selected.length; k++) {
        selected[k] = indexOf(all, columns.get(k));
      }
    }
    if (fileFormat) {
      try {
        readFileDictionaries();
      } catch (ZerorowException e) {
        throw wrap(e);
      } catch (RuntimeException e) {
        throw new InvalidDataException(
            "", source + ": a dictionary batch is not readable: " + e, e);
      }
    }
  }

  /**
   * Arrow Java's schema of the flatbuffer, except that decimal32 and decimal64 fields, which Arrow
   * Java's types cannot hold, become decimal128 fields marked with their width ({@link
   * ArrowTypes#DECIMAL_BITS}); zerorow reads their 4- and 8-byte values itself.
   */
  private static org.apache.arrow.vector.types.pojo.Schema convertSchema(
      org.apache.arrow.flatbuf.Schema fb) {
    try {
      return org.apache.arrow.vector.types.pojo.Schema.convertSchema(fb);
    } catch (IllegalArgumentException e) {
      List<Field> fields = new ArrayList<>();
      for (int i = 0; i < fb.fieldsLength(); i++) {
        fields.add(convertField(fb.fields(i)));
      }
      return new org.apache.arrow.vector.types.pojo.Schema(fields);
    }
  }

  private static Field convertField(org.apache.arrow.flatbuf.Field fb) {
    try {
      return Field.convertField(fb);
    } catch (IllegalArgumentException e) {
      // a narrow decimal here or below: built field by field
    }
    Map<String, String> meta = new java.util.LinkedHashMap<>();
    for (int i = 0; i < fb.customMetadataLength(); i++) {
      meta.put(fb.customMetadata(i).key(), fb.customMetadata(i).value());
    }
    ArrowType t;
    if (fb.typeType() == org.apache.arrow.flatbuf.Type.Decimal) {
      org.apache.arrow.flatbuf.Decimal d =
          (org.apache.arrow.flatbuf.Decimal) fb.type(new org.apache.arrow.flatbuf.Decimal());
      t = new ArrowType.Decimal(d.precision(), d.scale(), 128);
      meta.put(ArrowTypes.DECIMAL_BITS, Integer.toString(d.bitWidth()));
    } else {
      t = ArrowType.getTypeForField(fb);
    }
    org.apache.arrow.vector.types.pojo.DictionaryEncoding encoding = null;
    if (fb.dictionary() != null) {
      org.apache.arrow.flatbuf.Int index = fb.dictionary().indexType();
      encoding =
          new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
              fb.dictionary().id(),
              fb.dictionary().isOrdered(),
              index == null
                  ? new ArrowType.Int(32, true)
                  : new ArrowType.Int(index.bitWidth(), index.isSigned()));
    }
    List<Field> children = new ArrayList<>();
    for (int i = 0; i < fb.childrenLength(); i++) {
      children.add(convertField(fb.children(i)));
    }
    return new Field(
        fb.name(),
        new org.apache.arrow.vector.types.pojo.FieldType(fb.nullable(), t, encoding, meta),
        children);
  }

  /** Opens an Arrow IPC file or stream (told apart by the file's leading magic). */
  public static ArrowIpcReader open(Path path) throws IOException {
    return open(path, (List<String>) null, false);
  }

  /**
   * Opens an Arrow IPC file or stream reading only the top-level {@code columns} (null for all);
   * with {@code strict}, values finer than a microsecond are refused instead of floored (SPEC
   * Appendix A rule 6).
   */
  public static ArrowIpcReader open(Path path, List<String> columns, boolean strict)
      throws IOException {
    checkSize(path);
    return new ArrowIpcReader(
        path.toString(), ByteBuffer.wrap(Files.readAllBytes(path)), columns, strict);
  }

  /**
   * Opens an Arrow IPC file or stream reading only the top-level columns at {@code indexes} (for
   * schemas where several columns share a name).
   */
  public static ArrowIpcReader open(Path path, int[] indexes, boolean strict) throws IOException {
    checkSize(path);
    return new ArrowIpcReader(
        path.toString(), ByteBuffer.wrap(Files.readAllBytes(path)), null, indexes, strict);
  }

  private static void checkSize(Path path) throws IOException {
    long size = Files.size(path);
    if (size > MAX_BODY) {
      throw new UnsupportedException(
          "",
          path
              + ": an IPC input of "
              + size
              + " bytes is larger than 2^31-8; read it with Arrow's ArrowFileReader and"
              + " ArrowReader.of(root, provider)");
    }
  }

  /** Reads an Arrow IPC stream (or file) from {@code in}, which it reads to its end. */
  public static ArrowIpcReader open(
      InputStream in, String name, List<String> columns, boolean strict) throws IOException {
    return new ArrowIpcReader(name, ByteBuffer.wrap(in.readAllBytes()), columns, strict);
  }

  private static boolean startsWithMagic(ByteBuffer b) {
    if (b.remaining() < 8) {
      return false;
    }
    for (int i = 0; i < MAGIC.length; i++) {
      if (b.get(b.position() + i) != MAGIC[i]) {
        return false;
      }
    }
    return true;
  }

  private int indexOf(List<Field> all, String name) {
    for (int k = 0; k < all.size(); k++) {
      if (all.get(k).getName().equals(name)) {
        return k;
      }
    }
    throw new io.zerorow.SchemaMismatchException(
        name, source + ": the Arrow schema has no column named \"" + name + "\"");
  }

  private ZerorowException wrap(ZerorowException e) {
    return ZerorowException.of(e.kind(), e.path(), source + ": " + e.detail(), e);
  }

  /** The Arrow schema of the input (dictionary columns with their values' type). */
  public org.apache.arrow.vector.types.pojo.Schema arrowSchema() {
    return arrowSchema;
  }

  /** Whether the input's data is big-endian (it is swapped when loaded). */
  public boolean bigEndian() {
    return bigEndian;
  }

  /**
   * The zerorow schema of the columns read (SPEC §12.2).
   *
   * @throws UnsupportedException for a column the mapping refuses, naming it and its type
   */
  public Schema schema() {
    return importer().schema;
  }

  private RowImporter importer() {
    if (importer == null) {
      List<Field> fields = new ArrayList<>();
      for (int k : selected) {
        fields.add(arrowSchema.getFields().get(k));
      }
      try {
        importer = new RowImporter(fields, strict);
      } catch (ZerorowException e) {
        throw wrap(e);
      }
    }
    return importer;
  }

  // ---- messages ----

  /** A message's metadata and where its body starts. */
  private record Msg(Message message, int bodyStart) {}

  /**
   * Reads the message at {@code pos} (continuation marker, length, flatbuffer); null at the end.
   */
  private Msg message(int pos, String where) {
    if (pos + 4 > input.limit()) {
      if (pos >= input.limit()) {
        return null;
      }
      throw new TruncatedException("", "the input ends inside the length of " + where);
    }
    int length = input.getInt(pos);
    pos += 4;
    if (length == -1) {
      if (pos + 4 > input.limit()) {
        throw new TruncatedException("", "the input ends inside the length of " + where);
      }
      length = input.getInt(pos);
      pos += 4;
    }
    if (length == 0) {
      return null; // end of stream
    }
    if (length < 0 || (long) pos + length > input.limit()) {
      throw new TruncatedException(
          "",
          where
              + ": a metadata length of "
              + length
              + " at byte "
              + (pos - 4)
              + " runs past the input's "
              + input.limit()
              + " bytes");
    }
    ByteBuffer meta = input.duplicate().position(pos).limit(pos + length).slice();
    Message m = Message.getRootAsMessage(meta.order(ByteOrder.LITTLE_ENDIAN));
    return new Msg(m, pos + length);
  }

  private org.apache.arrow.flatbuf.Schema readStreamSchema() {
    Msg m = message(0, "the schema message");
    if (m == null || m.message.headerType() != MessageHeader.Schema) {
      throw new InvalidDataException(
          "", "expected an Arrow IPC stream starting with its schema message");
    }
    nextPosition = (int) Math.min(input.limit(), m.bodyStart + Math.max(0, m.message.bodyLength()));
    return (org.apache.arrow.flatbuf.Schema)
        m.message.header(new org.apache.arrow.flatbuf.Schema());
  }

  private org.apache.arrow.flatbuf.Schema readFooter() {
    int n = input.limit();
    if (n < 18 || !endsWithMagic()) {
      throw new TruncatedException(
          "",
          "the Arrow IPC file ends at byte "
              + n
              + " without its footer and trailing magic ARROW1: it was cut, or its writer never"
              + " finished it");
    }
    int footerLength = input.getInt(n - 10);
    int footerStart = n - 10 - footerLength;
    if (footerLength <= 0 || footerStart < 8) {
      throw new InvalidDataException(
          "", "expected a footer length within the file but found " + footerLength);
    }
    ByteBuffer fb = input.duplicate().position(footerStart).limit(n - 10).slice();
    Footer footer = Footer.getRootAsFooter(fb.order(ByteOrder.LITTLE_ENDIAN));
    for (int i = 0; i < footer.recordBatchesLength(); i++) {
      Block b = footer.recordBatches(i);
      blocks.add(block(b, "record batch " + i));
    }
    for (int i = 0; i < footer.dictionariesLength(); i++) {
      dictionaryBlocks.add(block(footer.dictionaries(i), "dictionary " + i));
    }
    if (footer.schema() == null) {
      throw new InvalidDataException("", "the file's footer has no schema");
    }
    return footer.schema();
  }

  private final List<long[]> dictionaryBlocks = new ArrayList<>();

  private long[] block(Block b, String what) {
    long end = b.offset() + b.metaDataLength() + b.bodyLength();
    if (b.offset() < 8
        || b.metaDataLength() < 0
        || b.bodyLength() < 0
        || end > input.limit() - 10) {
      throw new InvalidDataException(
          "",
          what
              + " lies at bytes "
              + b.offset()
              + " to "
              + end
              + ", outside the file's "
              + input.limit()
              + " bytes");
    }
    return new long[] {b.offset(), b.metaDataLength(), b.bodyLength()};
  }

  private boolean endsWithMagic() {
    int n = input.limit();
    for (int i = 0; i < MAGIC.length; i++) {
      if (input.get(n - 6 + i) != MAGIC[i]) {
        return false;
      }
    }
    return true;
  }

  private void collectDictionaryFields(List<Field> fields) {
    for (Field f : fields) {
      if (f.getDictionary() != null) {
        dictionaryFields.put(f.getDictionary().getId(), f);
      }
      collectDictionaryFields(f.getChildren());
    }
  }

  private void readFileDictionaries() {
    for (int i = 0; i < dictionaryBlocks.size(); i++) {
      long[] b = dictionaryBlocks.get(i);
      Msg m = message((int) b[0], "dictionary " + i);
      if (m == null || m.message.headerType() != MessageHeader.DictionaryBatch) {
        throw new InvalidDataException("", "dictionary block " + i + " holds no dictionary batch");
      }
      dictionary(m, (int) (b[0] + b[1]), "dictionary " + i);
    }
  }

  private void dictionary(Msg m, int bodyStart, String where) {
    DictionaryBatch d = (DictionaryBatch) m.message.header(new DictionaryBatch());
    Field f = dictionaryFields.get(d.id());
    if (f == null) {
      throw new InvalidDataException(
          "", where + ": dictionary id " + d.id() + " belongs to no column of the schema");
    }
    if (d.isDelta()) {
      throw new UnsupportedException(
          f.getName(),
          where + ": a delta dictionary (SPEC §12.2 reads whole dictionaries; write it whole)");
    }
    Field values =
        new Field(
            "dictionary",
            new org.apache.arrow.vector.types.pojo.FieldType(true, f.getType(), null),
            f.getChildren());
    ArrowColumn[] cs = batch(d.data(), bodyStart, m.message.bodyLength(), List.of(values), where);
    dictionaries.put(d.id(), cs[0]);
  }

  // ---- record batches ----

  /** The columns of a record batch, its buffers checked, decompressed and swapped as needed. */
  private ArrowColumn[] batch(
      RecordBatch rb, int bodyStart, long bodyLength, List<Field> fields, String where) {
    if (rb == null) {
      throw new InvalidDataException("", where + ": the message has no record batch");
    }
    if (bodyLength < 0 || bodyStart + bodyLength > input.limit()) {
      throw new TruncatedException(
          "",
          where
              + ": a body of "
              + bodyLength
              + " bytes at byte "
              + bodyStart
              + " runs past the input's "
              + input.limit()
              + " bytes");
    }
    Cursor c = new Cursor(rb, bodyStart, bodyLength, where);
    ArrowColumn[] out = new ArrowColumn[fields.size()];
    int k = 0;
    for (Field f : fields) {
      out[k++] = c.column(f, f.getName());
    }
    return out;
  }

  /** Walks a record batch's field nodes and buffers in the order of its fields. */
  private final class Cursor {
    private final RecordBatch rb;
    private final int bodyStart;
    private final long bodyLength;
    private final String where;
    private final CompressionCodec codec;
    private int node;
    private int buffer;
    private int variadic;

    Cursor(RecordBatch rb, int bodyStart, long bodyLength, String where) {
      this.rb = rb;
      this.bodyStart = bodyStart;
      this.bodyLength = bodyLength;
      this.where = where;
      BodyCompression bc = rb.compression();
      this.codec =
          bc == null
              ? null
              : CommonsCompressionFactory.INSTANCE.createCodec(
                  CompressionUtil.CodecType.fromCompressionType(bc.codec()));
    }

    ArrowColumn column(Field f, String path) {
      if (node >= rb.nodesLength()) {
        throw ArrowColumn.corrupt(path, where + ": the batch has too few field nodes");
      }
      org.apache.arrow.flatbuf.FieldNode n = rb.nodes(node++);
      if (n.length() < 0 || n.length() > Integer.MAX_VALUE) {
        throw ArrowColumn.corrupt(path, where + ": a length of " + n.length());
      }
      int length = (int) n.length();
      ArrowType t = f.getType();
      if (t instanceof ArrowType.ExtensionType) {
        t = ((ArrowType.ExtensionType) t).storageType();
      }
      if (f.getDictionary() != null) {
        ArrowType.Int index = f.getDictionary().getIndexType();
        ArrowColumn.Buf validity = next(path);
        ArrowColumn.Buf data = swap(next(path), index.getBitWidth() / 8, 0);
        ArrowColumn dict = dictionaries.get(f.getDictionary().getId());
        if (dict == null) {
          throw ArrowColumn.corrupt(
              path,
              where + ": no dictionary batch with id " + f.getDictionary().getId() + " came first");
        }
        return new ArrowColumn(
            f,
            length,
            n.nullCount(),
            validity,
            new ArrowColumn.Buf[] {data},
            new ArrowColumn[0],
            dict,
            index);
      }
      List<ArrowColumn.Buf> bufs = new ArrayList<>();
      ArrowColumn.Buf validity = ArrowColumn.Buf.EMPTY;
      if (ArrowColumn.hasValidity(t)) {
        validity = next(path);
      }
      switch (t.getTypeID()) {
        case Null, Struct, FixedSizeList, RunEndEncoded -> {}
        case Union -> {
          bufs.add(next(path));
          if (((ArrowType.Union) t).getMode() == org.apache.arrow.vector.types.UnionMode.Dense) {
            bufs.add(next(path));
          }
        }
        case List, Map -> bufs.add(swap(next(path), 4, 0));
        case LargeList -> bufs.add(swap(next(path), 8, 0));
        case ListView -> {
          bufs.add(swap(next(path), 4, 0));
          bufs.add(swap(next(path), 4, 0));
        }
        case LargeListView -> {
          bufs.add(swap(next(path), 8, 0));
          bufs.add(swap(next(path), 8, 0));
        }
        case Utf8, Binary -> {
          bufs.add(swap(next(path), 4, 0));
          bufs.add(next(path));
        }
        case LargeUtf8, LargeBinary -> {
          bufs.add(swap(next(path), 8, 0));
          bufs.add(next(path));
        }
        case Utf8View, BinaryView -> {
          bufs.add(swap(next(path), 0, 16));
          if (variadic >= rb.variadicBufferCountsLength()) {
            throw ArrowColumn.corrupt(path, where + ": the batch gives no variadic buffer count");
          }
          long count = rb.variadicBufferCounts(variadic++);
          if (count < 0 || count > rb.buffersLength()) {
            throw ArrowColumn.corrupt(path, where + ": a variadic buffer count of " + count);
          }
          for (long i = 0; i < count; i++) {
            bufs.add(next(path));
          }
        }
        case Bool -> bufs.add(next(path));
        case Int -> bufs.add(swap(next(path), ((ArrowType.Int) t).getBitWidth() / 8, 0));
        case FloatingPoint ->
            bufs.add(
                swap(
                    next(path),
                    switch (((ArrowType.FloatingPoint) t).getPrecision()) {
                      case HALF -> 2;
                      case SINGLE -> 4;
                      case DOUBLE -> 8;
                    },
                    0));
        case Decimal -> bufs.add(swap(next(path), ArrowTypes.decimalBits(f) / 8, 0));
        case Date ->
            bufs.add(
                swap(
                    next(path),
                    ((ArrowType.Date) t).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY
                        ? 4
                        : 8,
                    0));
        case Time -> bufs.add(swap(next(path), ((ArrowType.Time) t).getBitWidth() / 8, 0));
        case Timestamp, Duration -> bufs.add(swap(next(path), 8, 0));
        case Interval ->
            bufs.add(
                swap(
                    next(path),
                    switch (((ArrowType.Interval) t).getUnit()) {
                      case YEAR_MONTH -> 4;
                      case DAY_TIME -> 4; // two int32 each
                      case MONTH_DAY_NANO -> -16; // int32, int32, int64
                    },
                    0));
        case FixedSizeBinary -> bufs.add(next(path));
        case NONE -> throw ArrowColumn.corrupt(path, where + ": a field of no type");
      }
      List<Field> fs = f.getChildren();
      ArrowColumn[] children = new ArrowColumn[fs.size()];
      for (int i = 0; i < children.length; i++) {
        children[i] = column(fs.get(i), path + "." + fs.get(i).getName());
      }
      return new ArrowColumn(
          f,
          length,
          ArrowColumn.hasValidity(t) ? n.nullCount() : 0,
          validity,
          bufs.toArray(new ArrowColumn.Buf[0]),
          children,
          null,
          null);
    }

    /** The next buffer: its range checked against the body, decompressed if need be. */
    ArrowColumn.Buf next(String path) {
      if (buffer >= rb.buffersLength()) {
        throw ArrowColumn.corrupt(path, where + ": the batch has too few buffers");
      }
      org.apache.arrow.flatbuf.Buffer b = rb.buffers(buffer++);
      long off = b.offset();
      long len = b.length();
      if (off < 0 || len < 0 || off + len > bodyLength) {
        throw ArrowColumn.corrupt(
            path,
            where
                + ": buffer "
                + (buffer - 1)
                + " at body offset "
                + off
                + " of "
                + len
                + " bytes runs past the body's "
                + bodyLength
                + " bytes");
      }
      long at = Platform.BYTE_ARRAY_OFFSET + input.arrayOffset() + bodyStart + off;
      byte[] array = input.array();
      if (codec == null || len == 0) {
        return new ArrowColumn.Buf(array, at, len);
      }
      return decompress(array, at, len, path);
    }

    private ArrowColumn.Buf decompress(byte[] array, long at, long len, String path) {
      if (len < 8) {
        throw ArrowColumn.corrupt(
            path, where + ": a compressed buffer of " + len + " bytes has no length prefix");
      }
      long plain = Platform.getLong(array, at);
      if (plain == -1) {
        return new ArrowColumn.Buf(array, at + 8, len - 8); // stored uncompressed
      }
      if (plain < 0 || plain > MAX_BODY) {
        throw ArrowColumn.corrupt(
            path, where + ": a compressed buffer claims " + plain + " uncompressed bytes");
      }
      BufferAllocator allocator = ArrowUtils.rootAllocator();
      ArrowBuf in = allocator.buffer(len);
      try {
        Platform.copy(array, at, null, in.memoryAddress(), len);
        in.writerIndex(len);
        in.getReferenceManager().retain();
        try (ArrowBuf out = codec.decompress(allocator, in)) {
          if (out.writerIndex() != plain) {
            throw ArrowColumn.corrupt(
                path,
                where
                    + ": a compressed buffer decompressed to "
                    + out.writerIndex()
                    + " bytes but claims "
                    + plain);
          }
          byte[] copy = new byte[(int) plain];
          Platform.copy(null, out.memoryAddress(), copy, Platform.BYTE_ARRAY_OFFSET, plain);
          return new ArrowColumn.Buf(copy, Platform.BYTE_ARRAY_OFFSET, plain);
        }
      } catch (ZerorowException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new InvalidDataException(
            path, "Arrow array: " + where + ": a compressed buffer does not decompress: " + e, e);
      } finally {
        in.close();
      }
    }

    /**
     * The buffer in little-endian order: as is for little-endian input; else a copy with each
     * element of {@code width} bytes reversed ({@code -16}: a month_day_nano's int32, int32, int64;
     * {@code 0} with {@code view = 16}: a view's length, buffer index and offset, its inline bytes
     * kept).
     */
    ArrowColumn.Buf swap(ArrowColumn.Buf b, int width, int view) {
      if (!bigEndian || b.size() == 0 || (width == 1 && view == 0)) {
        return b;
      }
      byte[] out = Platform.toBytes(b.base(), b.address(), (int) b.size());
      if (view == 16) {
        for (int p = 0; p + 16 <= out.length; p += 16) {
          reverse(out, p, 4);
          int len = ByteBuffer.wrap(out, p, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
          if (len > 12) {
            reverse(out, p + 8, 4);
            reverse(out, p + 12, 4);
          }
        }
      } else if (width == -16) {
        for (int p = 0; p + 16 <= out.length; p += 16) {
          reverse(out, p, 4);
          reverse(out, p + 4, 4);
          reverse(out, p + 8, 8);
        }
      } else {
        for (int p = 0; p + width <= out.length; p += width) {
          reverse(out, p, width);
        }
      }
      return new ArrowColumn.Buf(out, Platform.BYTE_ARRAY_OFFSET, out.length);
    }
  }

  private static void reverse(byte[] b, int from, int n) {
    for (int i = 0, j = from + n - 1; i < n / 2; i++, j--) {
      byte t = b[from + i];
      b[from + i] = b[j];
      b[j] = t;
    }
  }

  // ---- rows ----

  /** Every row of every record batch, in order, in one reused view (SPEC §12.2). */
  @Override
  public Iterator<BinaryRow> iterator() {
    RowImporter imp = importer();
    return new Iterator<>() {
      private int batch;
      private int next;
      private int rows = -1;
      private long base;
      private boolean done;

      @Override
      public boolean hasNext() {
        while (!done && next >= rows) {
          base += Math.max(rows, 0);
          if (!loadBatch(batch++)) {
            done = true;
            return false;
          }
          rows = rowCountOfBatch;
          next = 0;
          try {
            imp.bind(current, rows, base);
          } catch (ZerorowException e) {
            throw wrap(e);
          }
        }
        return !done;
      }

      @Override
      public BinaryRow next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        try {
          return imp.row(next++);
        } catch (ZerorowException e) {
          throw wrap(e);
        }
      }
    };
  }

  private ArrowColumn[] current;

  /** Loads record batch {@code i} into {@link #current}; false past the last one. */
  private boolean loadBatch(int i) {
    try {
      Msg m;
      int bodyStart;
      String where = "record batch " + i;
      if (fileFormat) {
        if (i >= blocks.size()) {
          return false;
        }
        long[] b = blocks.get(i);
        m = message((int) b[0], where);
        bodyStart = (int) (b[0] + b[1]);
      } else {
        while (true) {
          m = message(nextPosition, where);
          if (m == null) {
            return false;
          }
          bodyStart = m.bodyStart;
          long bl = m.message.bodyLength();
          if (bl < 0 || bodyStart + bl > input.limit()) {
            throw new TruncatedException(
                "", where + ": the input ends inside a message body of " + bl + " bytes");
          }
          nextPosition = (int) (bodyStart + bl);
          if (m.message.headerType() == MessageHeader.DictionaryBatch) {
            dictionary(m, bodyStart, "a dictionary batch");
            continue;
          }
          break;
        }
      }
      if (m == null || m.message.headerType() != MessageHeader.RecordBatch) {
        throw new InvalidDataException("", where + " is not a record batch message");
      }
      RecordBatch rb = (RecordBatch) m.message.header(new RecordBatch());
      ArrowColumn[] all =
          batch(rb, bodyStart, m.message.bodyLength(), arrowSchema.getFields(), where);
      current = new ArrowColumn[selected.length];
      for (int k = 0; k < selected.length; k++) {
        current[k] = all[selected[k]];
      }
      if (rb.length() < 0 || rb.length() > Integer.MAX_VALUE) {
        throw new InvalidDataException("", where + ": a row count of " + rb.length());
      }
      rowCountOfBatch = (int) rb.length();
      return true;
    } catch (ZerorowException e) {
      throw wrap(e);
    } catch (RuntimeException e) {
      throw new InvalidDataException(
          "", source + ": record batch " + i + " is not readable Arrow IPC: " + e, e);
    }
  }

  private int rowCountOfBatch;

  /** Nothing to release: the input is on the heap. */
  @Override
  public void close() {
    current = null;
  }
}
