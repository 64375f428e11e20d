package io.zerorow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zerorow.tools.GoldenVectors;
import io.zerorow.tools.TypeTableProbe;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A type one place forgets is a compile error (format-spec/ADDING_A_TYPE.md): zerorow-java,
 * zerorow-testing and zerorow-parquet compiled with one more {@code TypeId}, {@code StorageKind} or
 * mapping {@code Kind} fail in exactly the files ADDING_A_TYPE.md lists for java-row and
 * java-row/parquet.
 */
class ParquetTypeTableTest {
  private static final Path ROOT = GoldenVectors.root();
  private static final List<Path> SOURCES =
      List.of(
          ROOT.resolve("java-row/src/main/java"),
          ROOT.resolve("java-row/testing/src/main/java"),
          ROOT.resolve("java-row/parquet/src/main/java"));
  private static final Path CORE = ROOT.resolve("java-row/src/main/java/io/zerorow");

  private static void check(Path enumFile, String enumName, String label) throws Exception {
    Set<String> want = new TreeSet<>(TypeTableProbe.documented(label, "java-row"));
    want.addAll(TypeTableProbe.documented(label, "java-row/parquet"));
    assertEquals(
        want,
        TypeTableProbe.uncovered(
            SOURCES, enumFile, enumName, System.getProperty("java.class.path")),
        "the files that must handle a new " + label + " constant");
  }

  @Test
  void aNewTypeIdFailsTheBuildWhereItIsNotHandled() throws Exception {
    check(CORE.resolve("type/TypeId.java"), "TypeId", "TypeId");
  }

  @Test
  void aNewStorageKindFailsTheBuildWhereItIsNotHandled() throws Exception {
    check(CORE.resolve("type/StorageKind.java"), "StorageKind", "StorageKind");
  }

  @Test
  void aNewMappingKindFailsTheBuildWhereItIsNotHandled() throws Exception {
    check(CORE.resolve("internal/Mapping.java"), "Kind", "Mapping.Kind");
  }
}
