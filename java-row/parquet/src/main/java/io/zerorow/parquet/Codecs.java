package io.zerorow.parquet;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Map;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page codecs of SPEC §12.3 for reading: parquet-mr's own for UNCOMPRESSED, SNAPPY, GZIP, ZSTD
 * and LZ4_RAW; LZ4 here, in the Hadoop framing parquet-mr writes and, when a page is not in that
 * framing, as one raw LZ4 block (older parquet-cpp wrote LZ4 so; Arrow reads both); BROTLI here,
 * with Google's pure-Java decoder (parquet-mr would need a native Hadoop codec). LZO (whose only
 * library is GPL) is refused before reading, naming the column ({@link ParquetRowReader}).
 */
final class Codecs implements CompressionCodecFactory {
  private final CodecFactory parquet = new CodecFactory(new PlainParquetConfiguration(), 0);
  private final Map<CompressionCodecName, BytesInputDecompressor> own =
      new EnumMap<>(CompressionCodecName.class);

  Codecs() {
    own.put(CompressionCodecName.LZ4, new Decompressor(Codecs::lz4));
    own.put(CompressionCodecName.BROTLI, new Decompressor(Codecs::brotli));
  }

  /** Whether pages of {@code codec} can be read. */
  static boolean readable(CompressionCodecName codec) {
    return codec != CompressionCodecName.LZO;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return parquet.getCompressor(codec);
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    BytesInputDecompressor d = own.get(codec);
    return d != null ? d : parquet.getDecompressor(codec);
  }

  @Override
  public void release() {
    parquet.release();
  }

  /** A page's bytes decompressed to exactly {@code size} bytes. */
  private interface Decode {
    byte[] decode(byte[] in, int size) throws IOException;
  }

  private static final class Decompressor implements BytesInputDecompressor {
    private final Decode decode;

    Decompressor(Decode decode) {
      this.decode = decode;
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      ByteArrayOutputStream in = new ByteArrayOutputStream((int) Math.max(0, bytes.size()));
      bytes.writeAllTo(in);
      return BytesInput.from(decode.decode(in.toByteArray(), uncompressedSize));
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int size)
        throws IOException {
      byte[] in = new byte[compressedSize];
      input.duplicate().get(in);
      output.put(decode.decode(in, size));
    }

    @Override
    public void release() {}
  }

  /**
   * LZ4 pages: Hadoop's block framing (each block a big-endian uncompressed size, then chunks of a
   * big-endian compressed size and a raw LZ4 block), else one raw LZ4 block.
   */
  static byte[] lz4(byte[] in, int size) throws IOException {
    byte[] out = new byte[size];
    try {
      if (hadoopLz4(in, out)) {
        return out;
      }
    } catch (RuntimeException e) {
      // not Hadoop framing: a raw block below
    }
    int n =
        new io.airlift.compress.lz4.Lz4Decompressor().decompress(in, 0, in.length, out, 0, size);
    if (n != size) {
      throw new IOException(
          "an LZ4 page decompressed to " + n + " bytes but its header says " + size);
    }
    return out;
  }

  private static boolean hadoopLz4(byte[] in, byte[] out) {
    io.airlift.compress.lz4.Lz4Decompressor lz4 = new io.airlift.compress.lz4.Lz4Decompressor();
    int at = 0;
    int written = 0;
    while (at < in.length) {
      if (at + 8 > in.length) {
        return false;
      }
      int blockSize = bigEndian(in, at);
      at += 4;
      int blockEnd = written + blockSize;
      if (blockSize < 0 || blockEnd > out.length) {
        return false;
      }
      while (written < blockEnd) {
        if (at + 4 > in.length) {
          return false;
        }
        int chunk = bigEndian(in, at);
        at += 4;
        if (chunk < 0 || at + chunk > in.length) {
          return false;
        }
        int n = lz4.decompress(in, at, chunk, out, written, blockEnd - written);
        at += chunk;
        written += n;
      }
    }
    return written == out.length;
  }

  private static int bigEndian(byte[] b, int at) {
    return ((b[at] & 0xff) << 24)
        | ((b[at + 1] & 0xff) << 16)
        | ((b[at + 2] & 0xff) << 8)
        | (b[at + 3] & 0xff);
  }

  /** A BROTLI page: one Brotli stream. */
  static byte[] brotli(byte[] in, int size) throws IOException {
    try (InputStream s =
        new org.brotli.dec.BrotliInputStream(new java.io.ByteArrayInputStream(in))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream(size);
      byte[] buf = new byte[8192];
      int n;
      while ((n = s.read(buf)) > 0) {
        out.write(buf, 0, n);
        if (out.size() > size) {
          break;
        }
      }
      if (out.size() != size) {
        throw new IOException(
            "a BROTLI page decompressed to " + out.size() + " bytes but its header says " + size);
      }
      return out.toByteArray();
    }
  }
}
