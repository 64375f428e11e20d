package io.zerorow.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which files of a directory tree a connector reads (SPEC §13.5). */
class RowFileListingTest {
  @TempDir Path dir;

  private List<String> names(Path root, boolean recursive) throws IOException {
    return RowFileListing.list(new LocalFiles(), root, recursive).stream()
        .map(e -> dir.relativize(e.path()).toString())
        .toList();
  }

  private void touch(String... names) throws IOException {
    for (String n : names) {
      Path p = dir.resolve(n);
      Files.createDirectories(p.getParent());
      Files.write(p, new byte[] {1});
    }
  }

  @Test
  void hiddenNamesAreLeftOutAndTheRestSortedByBytes() throws IOException {
    touch("b.zrow", "a.zrow", "_SUCCESS", ".a.zrow.crc", "Z.zrow", "é.zrow");
    Files.createDirectories(dir.resolve("_temporary/0"));
    touch("_temporary/0/part-0.zrow", "sub/c.zrow", ".hidden/d.zrow", "sub/_x");
    assertEquals(List.of("Z.zrow", "a.zrow", "b.zrow", "é.zrow"), names(dir, false));
    assertEquals(List.of("Z.zrow", "a.zrow", "b.zrow", "é.zrow", "sub/c.zrow"), names(dir, true));
  }

  @Test
  void aFileIsItselfWhateverItsName() throws IOException {
    touch("_odd");
    assertEquals(List.of("_odd"), names(dir.resolve("_odd"), true));
  }

  @Test
  void anEmptyDirectoryHasNoRowFilesAndAMissingPathIsAnError() throws IOException {
    assertEquals(List.of(), names(dir, true));
    assertThrows(NoSuchFileException.class, () -> names(dir.resolve("missing"), true));
  }

  @Test
  void theRuleIsJavaRowsOne() {
    assertFalse(RowFileListing.isRowFile("_SUCCESS"));
    assertFalse(RowFileListing.isRowFile(".part-0.inprogress.1"));
    assertTrue(RowFileListing.isRowFile("part-00000.zrow"));
    assertTrue(RowFileListing.isRowFile("a_b"));
  }
}
