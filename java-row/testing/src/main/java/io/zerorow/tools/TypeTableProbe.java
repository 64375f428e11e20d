package io.zerorow.tools;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The check of {@code format-spec/ADDING_A_TYPE.md}: compiles zerorow's Java sources with one more
 * constant in one of its type enums ({@code TypeId}, {@code StorageKind}, the mapping's {@code
 * Kind}, the encoders' {@code Kind}) and reports the files where javac finds a switch expression
 * that does not cover the new constant. Every dispatch over types is such a switch without a {@code
 * default}, so these files are exactly the places a new type must be handled; a test compares them
 * with the list the document gives. (An enum with a constructor gets its arguments: only {@code
 * TypeId}'s, its JSON name and width, are known here.)
 */
public final class TypeTableProbe {
  private TypeTableProbe() {}

  /** The constant added to the enum: a name no code knows. */
  public static final String PROBE = "PROBE_TYPE_NOBODY_HANDLES";

  /**
   * Compiles every {@code .java} file under {@code sourceRoots} against {@code classpath}, with
   * {@code enumFile} (one of them) given one more constant, and returns the simple names of the
   * files where a switch expression does not cover it (javac's "does not cover all possible input
   * values"). Other errors are returned as {@code "!<message>"} entries, so a test sees them.
   */
  public static Set<String> uncovered(
      List<Path> sourceRoots, Path enumFile, String enumName, String classpath) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no system Java compiler: run the tests on a JDK");
    }
    List<JavaFileObject> units = new ArrayList<>();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      for (Path root : sourceRoots) {
        try (Stream<Path> s = Files.walk(root)) {
          for (Path p : (Iterable<Path>) s.filter(q -> q.toString().endsWith(".java"))::iterator) {
            if (p.toAbsolutePath().normalize().equals(enumFile.toAbsolutePath().normalize())) {
              units.add(patched(p, enumName));
            } else {
              for (JavaFileObject o : files.getJavaFileObjects(p)) {
                units.add(o);
              }
            }
          }
        }
      }
      Path out = Files.createTempDirectory("zerorow-type-probe");
      List<String> options =
          List.of(
              "-proc:none",
              "-XDignore.symbol.file",
              // go on past the first errors: attribute and flow-check every class, so every
              // switch that misses the probe is reported, not only the first file's
              "-XDshould-stop.ifError=FLOW",
              "-Xmaxerrs",
              "100000",
              "--release",
              "17",
              "-classpath",
              classpath,
              "-d",
              out.toString());
      javac.getTask(null, files, diagnostics, options, null, units).call();
    }
    Set<String> where = new TreeSet<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR) {
        continue;
      }
      String msg = d.getMessage(Locale.ROOT);
      String file =
          d.getSource() == null ? "?" : Path.of(d.getSource().getName()).getFileName().toString();
      if (msg.contains("does not cover all possible input values")) {
        where.add(file.replace(".java", ""));
      } else {
        where.add("!" + file + ": " + msg.lines().findFirst().orElse(msg));
      }
    }
    return where;
  }

  /**
   * The files {@code format-spec/ADDING_A_TYPE.md} lists for a probe: the backticked file names
   * before the colon of each bullet under the heading {@code #### `<label>` — <module>} of its Java
   * section ({@code label}: the enum's name, {@code Mapping.Kind} and {@code encoder.Kind} for the
   * two enums named {@code Kind}).
   */
  public static Set<String> documented(String label, String module) throws IOException {
    List<String> lines =
        Files.readAllLines(GoldenVectors.root().resolve("format-spec/ADDING_A_TYPE.md"));
    String heading = "#### `" + label + "` — " + module;
    Set<String> out = new TreeSet<>();
    boolean in = false;
    for (String line : lines) {
      if (line.startsWith("#")) {
        in = line.strip().equals(heading);
        continue;
      }
      if (in && line.startsWith("- `")) {
        // every backticked name before the colon: "- `A`, `B`: what they handle"
        String names = line.substring(2, line.indexOf(':') < 0 ? line.length() : line.indexOf(':'));
        int open = names.indexOf('`');
        while (open >= 0) {
          int close = names.indexOf('`', open + 1);
          out.add(names.substring(open + 1, close));
          open = names.indexOf('`', close + 1);
        }
      }
    }
    if (out.isEmpty()) {
      throw new IllegalStateException("ADDING_A_TYPE.md has no list under \"" + heading + "\"");
    }
    return out;
  }

  /** The source of enum {@code name} with {@link #PROBE} added before its first constant. */
  private static JavaFileObject patched(Path p, String name) throws IOException {
    String text = Files.readString(p);
    int at = text.indexOf("enum " + name + " {");
    if (at < 0) {
      throw new IllegalArgumentException("no enum " + name + " in " + p);
    }
    int body = text.indexOf('{', at);
    // the first constant starts after the body's opening brace (and its Javadoc comment)
    String patched =
        text.substring(0, body + 1)
            + "\n  "
            + PROBE
            + (name.equals("TypeId") ? "(\"probe\", 8)" : "")
            + ","
            + text.substring(body + 1);
    URI uri = p.toUri();
    return new SimpleJavaFileObject(uri, JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return patched;
      }
    };
  }
}
