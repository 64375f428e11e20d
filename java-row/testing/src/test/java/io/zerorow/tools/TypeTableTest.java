package io.zerorow.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A type one place forgets is a compile error (format-spec/ADDING_A_TYPE.md): zerorow-java and
 * zerorow-testing compiled with one more {@code TypeId}, {@code StorageKind}, encoder {@code Kind}
 * or mapping {@code Kind} fail in exactly the files ADDING_A_TYPE.md lists, and nowhere else.
 */
class TypeTableTest {
  private static final Path ROOT = GoldenVectors.root();
  private static final List<Path> SOURCES =
      List.of(
          ROOT.resolve("java-row/src/main/java"), ROOT.resolve("java-row/testing/src/main/java"));
  private static final Path CORE = ROOT.resolve("java-row/src/main/java/io/zerorow");

  private static void check(Path enumFile, String enumName, String label) throws Exception {
    assertEquals(
        TypeTableProbe.documented(label, "java-row"),
        TypeTableProbe.uncovered(
            SOURCES, enumFile, enumName, System.getProperty("java.class.path")),
        "the files that must handle a new " + enumName + " constant");
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
  void aNewJavaKindFailsTheBuildWhereItIsNotHandled() throws Exception {
    check(CORE.resolve("encoder/Kind.java"), "Kind", "encoder.Kind");
  }

  @Test
  void aNewMappingKindFailsTheBuildWhereItIsNotHandled() throws Exception {
    check(CORE.resolve("internal/Mapping.java"), "Kind", "Mapping.Kind");
  }
}
