package io.zerorow.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.oracle.Coverage.Oracle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The fixed not-applicable lists match the schemas, and ORACLES.md matches both. */
class CoverageTest {

  @Test
  void fixedListsMatchTheSchemas() {
    List<Vectors.Case> all = Vectors.all();
    Set<String> names = all.stream().map(Vectors.Case::name).collect(Collectors.toSet());
    for (Oracle o : Oracle.values()) {
      Set<String> computed =
          all.stream()
              .filter(c -> Coverage.reason(o, c) != null)
              .map(Vectors.Case::name)
              .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(
          new TreeSet<>(Coverage.notApplicable(o)),
          computed,
          o
              + ": the fixed not-applicable list in Coverage.java differs from the cases whose "
              + "schemas use a type this oracle cannot express");
      for (String n : Coverage.notApplicable(o)) {
        assertTrue(names.contains(n), o + ": not-applicable case " + n + " does not exist");
      }
    }
  }

  @Test
  void oraclesMdIsUpToDate() throws IOException {
    String expected = Coverage.renderOraclesMd(Vectors.all());
    Path md = Vectors.vectorsDir().resolve("ORACLES.md");
    if (Boolean.getBoolean("zerorow.oracles.write")) {
      Files.writeString(md, expected, StandardCharsets.UTF_8);
    }
    String actual = Files.exists(md) ? Files.readString(md, StandardCharsets.UTF_8) : "";
    assertEquals(
        expected,
        actual,
        md
            + " is out of date; rewrite it with "
            + "mvn -B -ntp -pl format-spec/oracle test -Dzerorow.oracles.write=true");
  }
}
