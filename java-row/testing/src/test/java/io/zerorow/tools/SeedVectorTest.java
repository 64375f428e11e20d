package io.zerorow.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zerorow.encoder.Encoders;
import io.zerorow.encoder.RowEncoder;
import io.zerorow.type.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The seed_foo_small golden case is the seed example's classes (SeedExampleTest in zerorow-java has
 * them as a public-field class and a bean; records infer the same schema): the encoders infer its
 * schema and write its bytes back exactly, in both modes.
 */
class SeedVectorTest {
  record Bar(String f1, List<Long> f2) {}

  record Foo(int f1, List<Integer> f2, Map<String, Integer> f3, List<Bar> f4) {}

  @ParameterizedTest
  @EnumSource(Encoders.Mode.class)
  void encodersInferTheSchemaAndWriteTheBytes(Encoders.Mode mode) throws Exception {
    RowEncoder<Foo> encoder = Encoders.rowEncoder(Foo.class, mode);
    Path dir = GoldenVectors.folder().resolve("seed_foo_small");
    Schema golden =
        Schema.fromJson(Files.readString(dir.resolve("schema.json"), StandardCharsets.UTF_8));
    assertEquals(golden, encoder.schema());
    byte[] row = Files.readAllBytes(dir.resolve("row.bin"));
    assertArrayEquals(row, encoder.encode(encoder.decode(row)));
  }
}
