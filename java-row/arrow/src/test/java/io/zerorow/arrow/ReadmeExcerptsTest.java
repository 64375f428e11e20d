package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zerorow.tools.GoldenVectors;
import io.zerorow.tools.ReadmeExcerpts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every Java block of {@code java-row/arrow/README.md} is an excerpt of the test that runs it
 * ({@link ReadmeExcerpts}, marked {@code <!-- from ReadmeExamplesTest.method -->}).
 */
class ReadmeExcerptsTest {
  @Test
  void readmeBlocksAreExcerptsOfTheirTests() throws IOException {
    Path module = GoldenVectors.root().resolve("java-row/arrow");
    List<String> problems =
        ReadmeExcerpts.problems(
            module.resolve("README.md"), module.resolve("src/test/java/io/zerorow/arrow"));
    assertEquals(List.of(), problems);
  }
}
