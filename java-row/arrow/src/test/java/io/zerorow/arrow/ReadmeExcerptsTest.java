package io.zerorow.arrow;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.tools.GoldenVectors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every Java block of {@code java-row/arrow/README.md} that follows a {@code <!-- from Class.method
 * -->} marker is an excerpt of that test class (whitespace aside), so the README shows code a test
 * runs.
 */
class ReadmeExcerptsTest {
  static final Pattern BLOCK =
      Pattern.compile("<!-- from (\\w+)(?:\\.\\w+)? -->\\s*```java\\n(.*?)```", Pattern.DOTALL);

  private static String collapse(String s) {
    return s.replaceAll("\\s+", " ").trim();
  }

  @Test
  void readmeBlocksAreExcerptsOfTheirTests() throws IOException {
    Path module = GoldenVectors.root().resolve("java-row/arrow");
    String text = Files.readString(module.resolve("README.md"), StandardCharsets.UTF_8);
    Matcher m = BLOCK.matcher(text);
    List<String> bad = new ArrayList<>();
    int blocks = 0;
    while (m.find()) {
      blocks++;
      Path source = module.resolve("src/test/java/io/zerorow/arrow/" + m.group(1) + ".java");
      if (!collapse(Files.readString(source, StandardCharsets.UTF_8))
          .contains(collapse(m.group(2)))) {
        bad.add(m.group(1) + ":\n" + m.group(2));
      }
    }
    assertTrue(blocks >= 3, "expected the README's marked blocks but found " + blocks);
    assertTrue(bad.isEmpty(), "README blocks that are not in their test:\n" + bad);
  }
}
