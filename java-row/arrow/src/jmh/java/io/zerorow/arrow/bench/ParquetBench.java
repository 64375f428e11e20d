package io.zerorow.arrow.bench;

import io.zerorow.parquet.ParquetRowReader;
import io.zerorow.parquet.ParquetRowWriter;
import io.zerorow.row.BinaryArray;
import io.zerorow.row.BinaryRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Parquet write and read of the same data: zerorow rows through zerorow-parquet vs Avro
 * GenericRecords through parquet-avro (3-level lists, uncompressed, same row group size). The score
 * is files of {@code rows} rows per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 4, time = 3)
@Fork(value = 1)
public class ParquetBench {
  @Param({"65536"})
  public int rows;

  static final Schema AVRO =
      SchemaBuilder.record("row")
          .fields()
          .requiredLong("id")
          .optionalInt("qty")
          .optionalDouble("price")
          .optionalBoolean("flag")
          .optionalString("name")
          .name("ts")
          .type()
          .optional()
          .type(LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG)))
          .name("day")
          .type()
          .optional()
          .type(LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT)))
          .name("tags")
          .type()
          .optional()
          .array()
          .items()
          .nullable()
          .intType()
          .endRecord();

  Path dir;
  BinaryRow[] zrows;
  GenericRecord[] records;
  Path zfile;
  Path afile;

  /** The same values as the rows, as Avro records (the conversion is not timed). */
  static GenericRecord toAvro(BinaryRow r) {
    GenericData.Record g = new GenericData.Record(AVRO);
    g.put(0, r.getLong(0));
    g.put(1, r.isNullAt(1) ? null : r.getInt(1));
    g.put(2, r.isNullAt(2) ? null : r.getDouble(2));
    g.put(3, r.isNullAt(3) ? null : r.getBoolean(3));
    g.put(4, r.isNullAt(4) ? null : new Utf8(r.getString(4)));
    g.put(5, r.isNullAt(5) ? null : r.getLong(5));
    g.put(6, r.isNullAt(6) ? null : r.getInt(6));
    if (!r.isNullAt(7)) {
      BinaryArray a = r.getArray(7);
      List<Integer> tags = new ArrayList<>();
      for (int j = 0; j < a.numElements(); j++) {
        tags.add(a.isNullAt(j) ? null : a.getInt(j));
      }
      g.put(7, tags);
    }
    return g;
  }

  static PlainParquetConfiguration conf() {
    PlainParquetConfiguration c = new PlainParquetConfiguration();
    c.set("parquet.avro.write-old-list-structure", "false");
    return c;
  }

  @Setup(Level.Trial)
  public void setup() throws IOException {
    dir = Files.createTempDirectory("zerorow-parquet-bench");
    List<byte[]> data = ArrowBench.makeRows(rows);
    zrows = new BinaryRow[rows];
    records = new GenericRecord[rows];
    for (int i = 0; i < rows; i++) {
      zrows[i] = BinaryRow.wrap(ArrowBench.SCHEMA, data.get(i));
      records[i] = toAvro(zrows[i]);
    }
    zfile = dir.resolve("z.parquet");
    afile = dir.resolve("a.parquet");
    writeZerorow(zfile);
    writeAvro(afile);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    for (Path p : List.of(zfile, afile, dir.resolve("zw.parquet"), dir.resolve("aw.parquet"))) {
      Files.deleteIfExists(p);
    }
    Files.deleteIfExists(dir);
  }

  void writeZerorow(Path p) throws IOException {
    try (ParquetRowWriter w =
        ParquetRowWriter.open(
            new LocalOutputFile(p), ArrowBench.SCHEMA, CompressionCodecName.UNCOMPRESSED)) {
      for (BinaryRow r : zrows) {
        w.write(r);
      }
    }
  }

  void writeAvro(Path p) throws IOException {
    try (ParquetWriter<GenericRecord> w =
        AvroParquetWriter.<GenericRecord>builder(new LocalOutputFile(p))
            .withSchema(AVRO)
            .withConf(conf())
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
            .build()) {
      for (GenericRecord r : records) {
        w.write(r);
      }
    }
  }

  @Benchmark
  public void writeZerorow() throws IOException {
    writeZerorow(dir.resolve("zw.parquet"));
  }

  @Benchmark
  public void writeAvro() throws IOException {
    writeAvro(dir.resolve("aw.parquet"));
  }

  @Benchmark
  public void readZerorow(Blackhole bh) throws IOException {
    try (ParquetRowReader r = ParquetRowReader.open(zfile, ArrowBench.SCHEMA)) {
      for (BinaryRow row : r) {
        bh.consume(row.getSizeInBytes());
      }
    }
  }

  @Benchmark
  public void readAvro(Blackhole bh) throws IOException {
    try (ParquetReader<GenericRecord> r =
        AvroParquetReader.<GenericRecord>builder(new LocalInputFile(afile), conf()).build()) {
      for (GenericRecord g = r.read(); g != null; g = r.read()) {
        bh.consume(g);
      }
    }
  }
}
