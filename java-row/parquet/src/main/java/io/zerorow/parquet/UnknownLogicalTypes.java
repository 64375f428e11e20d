package io.zerorow.parquet;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Files whose footer holds a logical type newer than parquet-mr knows (a member of Parquet's {@code
 * LogicalType} union it cannot name): parquet-mr fails on the whole footer (a {@code
 * NullPointerException} while converting it), though every other column is readable. zerorow reads
 * the footer itself first; when it finds such types it serves parquet-mr the same file with those
 * annotations left out of the footer, and refuses those columns only ({@code unsupported}, naming
 * them; SPEC §12.3: a logical type the reader does not know is refused, naming it).
 */
final class UnknownLogicalTypes {
  /** The file as parquet-mr may read it, and the dotted paths of the columns to refuse. */
  record Read(InputFile file, Set<String> unknown) {}

  private UnknownLogicalTypes() {}

  /** {@code file} itself when its footer has no unknown logical type. */
  static Read of(InputFile file) throws IOException {
    long length = file.getLength();
    if (length < 12) {
      return new Read(file, Set.of()); // parquet-mr reports the damage
    }
    byte[] tail = new byte[8];
    try (SeekableInputStream in = file.newStream()) {
      in.seek(length - 8);
      in.readFully(tail);
      int footerLength = ByteBuffer.wrap(tail).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
      long footerStart = length - 8 - footerLength;
      if (footerLength <= 0 || footerStart < 4) {
        return new Read(file, Set.of());
      }
      byte[] footer = new byte[footerLength];
      in.seek(footerStart);
      in.readFully(footer);
      FileMetaData meta;
      try {
        meta = Util.readFileMetaData(new ByteArrayInputStream(footer));
      } catch (IOException | RuntimeException e) {
        return new Read(file, Set.of()); // parquet-mr reports the damage
      }
      Set<String> unknown = unknownColumns(meta.getSchema());
      if (unknown.isEmpty()) {
        return new Read(file, Set.of());
      }
      ByteArrayOutputStream patched = new ByteArrayOutputStream();
      Util.writeFileMetaData(meta, patched);
      byte[] body = patched.toByteArray();
      byte[] newTail = new byte[body.length + 8];
      System.arraycopy(body, 0, newTail, 0, body.length);
      ByteBuffer.wrap(newTail, body.length, 8)
          .order(java.nio.ByteOrder.LITTLE_ENDIAN)
          .putInt(body.length)
          .put(new byte[] {'P', 'A', 'R', '1'});
      return new Read(new Patched(file, footerStart, newTail), unknown);
    }
  }

  /**
   * The dotted paths (top-level names joined with {@code .}) of the schema elements whose logical
   * type is a union member parquet-mr does not know; their annotation is removed in place.
   */
  private static Set<String> unknownColumns(List<SchemaElement> schema) {
    Set<String> out = new TreeSet<>();
    Deque<int[]> open = new ArrayDeque<>(); // children left per open group
    Deque<String> names = new ArrayDeque<>();
    for (int i = 0; i < schema.size(); i++) {
      SchemaElement e = schema.get(i);
      while (!open.isEmpty() && open.peek()[0] == 0) {
        open.pop();
        names.pop();
      }
      if (!open.isEmpty()) {
        open.peek()[0]--;
      }
      String path =
          i == 0
              ? ""
              : (names.isEmpty() || names.peek().isEmpty() ? "" : names.peek() + ".") + e.getName();
      if (e.isSetLogicalType() && e.getLogicalType().getSetField() == null) {
        out.add(path);
        e.unsetLogicalType();
      }
      if (e.getNum_children() > 0) {
        open.push(new int[] {e.getNum_children()});
        names.push(path);
      }
    }
    return out;
  }

  /** The original file up to its footer, then the patched footer and its length and magic. */
  private static final class Patched implements InputFile {
    private final InputFile base;
    private final long footerStart;
    private final byte[] tail;

    Patched(InputFile base, long footerStart, byte[] tail) {
      this.base = base;
      this.footerStart = footerStart;
      this.tail = tail;
    }

    @Override
    public long getLength() {
      return footerStart + tail.length;
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
      SeekableInputStream in = base.newStream();
      return new SeekableInputStream() {
        private long pos;

        @Override
        public long getPos() {
          return pos;
        }

        @Override
        public void seek(long newPos) throws IOException {
          pos = newPos;
          if (pos < footerStart) {
            in.seek(pos);
          }
        }

        @Override
        public int read() throws IOException {
          byte[] one = new byte[1];
          return read(one, 0, 1) <= 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          if (len == 0) {
            return 0;
          }
          if (pos >= getLength()) {
            return -1;
          }
          int n;
          if (pos < footerStart) {
            in.seek(pos);
            n = in.read(b, off, (int) Math.min(len, footerStart - pos));
          } else {
            n = (int) Math.min(len, getLength() - pos);
            System.arraycopy(tail, (int) (pos - footerStart), b, off, n);
          }
          if (n > 0) {
            pos += n;
          }
          return n;
        }

        @Override
        public void readFully(byte[] bytes) throws IOException {
          readFully(bytes, 0, bytes.length);
        }

        @Override
        public void readFully(byte[] bytes, int start, int len) throws IOException {
          int done = 0;
          while (done < len) {
            int n = read(bytes, start + done, len - done);
            if (n <= 0) {
              throw new EOFException("the file ends " + (len - done) + " bytes early");
            }
            done += n;
          }
        }

        @Override
        public int read(ByteBuffer buf) throws IOException {
          byte[] b = new byte[buf.remaining()];
          int n = read(b, 0, b.length);
          if (n > 0) {
            buf.put(b, 0, n);
          }
          return n;
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
          byte[] b = new byte[buf.remaining()];
          readFully(b);
          buf.put(b);
        }

        @Override
        public void close() throws IOException {
          in.close();
        }
      };
    }

    @Override
    public String toString() {
      return base.toString();
    }
  }
}
