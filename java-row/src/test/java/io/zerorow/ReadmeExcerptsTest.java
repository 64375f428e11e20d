package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Every Java block of {@code java-row/README.md} that follows a {@code <!-- from Class -->} marker
 * is an excerpt of that test class (whitespace aside), so the README shows code a test runs.
 */
class ReadmeExcerptsTest {
  static final Pattern BLOCK =
      Pattern.compile("<!-- from (\\w+)(?:\\.\\w+)? -->\\s*```java\\n(.*?)```", Pattern.DOTALL);

  /** The blocks of {@code readme} and the test sources they come from, under {@code tests}. */
  static List<String> mismatches(Path readme, Path tests) throws IOException {
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    Matcher m = BLOCK.matcher(text);
    List<String> bad = new ArrayList<>();
    int blocks = 0;
    while (m.find()) {
      blocks++;
      Path source = tests.resolve(m.group(1) + ".java");
      String code = collapse(Files.readString(source, StandardCharsets.UTF_8));
      if (!code.contains(collapse(m.group(2)))) {
        bad.add(m.group(1) + ":\n" + m.group(2));
      }
    }
    if (blocks == 0) {
      bad.add("no <!-- from ... --> block in " + readme);
    }
    return bad;
  }

  private static String collapse(String s) {
    return s.replaceAll("\\s+", " ").trim();
  }

  @Test
  void readmeBlocksAreExcerptsOfTheirTests() throws IOException {
    // Maven runs the tests in the module's folder and says so in "basedir"
    Path module = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
    List<String> bad =
        mismatches(module.resolve("README.md"), module.resolve("src/test/java/io/zerorow"));
    assertTrue(bad.isEmpty(), "README blocks that are not in their test:\n" + bad);
  }
}
