package io.zerorow.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every Java block of {@code java-row/README.md} is an excerpt of a test that runs it ({@link
 * ReadmeExcerpts}): the seed example, schema evolution, "Coming from Fory" (a test of {@code
 * format-spec/oracle}).
 */
class ReadmeExcerptsTest {
  @Test
  void javaRowReadmeBlocksAreExcerptsOfTheirTests() throws IOException {
    Path javaRow = GoldenVectors.root().resolve("java-row");
    List<String> problems =
        ReadmeExcerpts.problems(
            javaRow.resolve("README.md"), javaRow.resolve("src/test/java/io/zerorow"));
    assertEquals(List.of(), problems);
  }
}
