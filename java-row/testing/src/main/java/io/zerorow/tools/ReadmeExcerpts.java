package io.zerorow.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that every Java block of a README is code a test runs: each {@code ```java} block (also
 * one indented in a list) must follow a marker {@code <!-- from Source -->} or {@code <!-- from
 * Source.method -->}, and be an excerpt of that source (whitespace aside). {@code Source} is a test
 * class found in the given source folders, or a path ending in {@code .java} relative to the
 * repository root ({@link GoldenVectors#root()}) for a test of another module.
 */
public final class ReadmeExcerpts {
  private static final Pattern FENCE = Pattern.compile("(?m)^[ \\t]*```java[ \\t]*\\n");
  private static final Pattern MARKER =
      Pattern.compile("<!-- from ([\\w./-]+?)(?:\\.\\w+)? -->\\s*$");

  private ReadmeExcerpts() {}

  /**
   * The problems found in {@code readme}: blocks without a marker, markers whose source is missing,
   * and blocks that are not in their source. Also a problem: a README without Java blocks.
   */
  public static List<String> problems(Path readme, Path... sourceFolders) throws IOException {
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    List<String> bad = new ArrayList<>();
    Matcher fence = FENCE.matcher(text);
    int blocks = 0;
    while (fence.find()) {
      blocks++;
      int end = text.indexOf("```", fence.end());
      if (end < 0) {
        bad.add(readme + ": a ```java block without its end");
        break;
      }
      String code = text.substring(fence.end(), end);
      int line = (int) text.substring(0, fence.start()).lines().count() + 1;
      String before = text.substring(0, fence.start()).stripTrailing();
      Matcher marker = MARKER.matcher(before);
      if (!marker.find()) {
        bad.add(readme + ":" + line + ": a Java block without a <!-- from Source --> marker");
        continue;
      }
      Path source = source(marker.group(1), sourceFolders);
      if (source == null) {
        bad.add(readme + ":" + line + ": no source " + marker.group(1));
      } else if (!collapse(Files.readString(source, StandardCharsets.UTF_8))
          .contains(collapse(code))) {
        bad.add(readme + ":" + line + ": not an excerpt of " + source + ":\n" + code);
      }
    }
    if (blocks == 0) {
      bad.add(readme + ": no Java block");
    }
    return bad;
  }

  private static Path source(String name, Path[] folders) {
    if (name.endsWith(".java") || name.contains("/")) {
      Path p = GoldenVectors.root().resolve(name.endsWith(".java") ? name : name + ".java");
      return Files.isRegularFile(p) ? p : null;
    }
    for (Path folder : folders) {
      Path p = folder.resolve(name + ".java");
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    return null;
  }

  private static String collapse(String s) {
    return s.replaceAll("\\s+", " ").trim();
  }
}
