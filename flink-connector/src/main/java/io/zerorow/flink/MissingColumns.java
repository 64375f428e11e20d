package io.zerorow.flink;

import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reader's columns that a file's schema lacks. Such a column reads as NULL (SPEC §13.1: a
 * nullable reader field the writer lacks), which is right for a column added since the file was
 * written, and silent for a misspelt or differently cased one: files written from pandas or Arrow
 * are all nullable, so a typo reads as a column of NULLs. {@link RowFileFormat} warns once per
 * writer schema per task, naming the file's nearest field.
 */
final class MissingColumns {
  private static final Logger LOG = LoggerFactory.getLogger(MissingColumns.class);

  private MissingColumns() {}

  /** Logs {@link #describe}'s warnings. */
  static void warn(Schema reader, Schema writer, String file) {
    for (String w : describe(reader, writer, file)) {
      LOG.warn(w);
    }
  }

  /** One warning per reader field that neither its name nor an alias finds in {@code writer}. */
  static List<String> describe(Schema reader, Schema writer, String file) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < reader.numFields(); i++) {
      Field f = reader.field(i);
      if (found(f, writer)) {
        continue;
      }
      String near = nearest(f.name(), writer);
      out.add(
          "zerorow: column \""
              + f.name()
              + "\" is not in row file "
              + file
              + " (schema "
              + writer.fingerprintHex()
              + ", and every file of that schema): it reads as NULL there"
              + (near == null
                  ? " (no field of the file has a similar name)"
                  : "; the file has \"" + near + "\": did you mean it?"));
    }
    return out;
  }

  private static boolean found(Field f, Schema writer) {
    if (writer.indexOf(f.name()) >= 0) {
      return true;
    }
    for (String alias : f.aliases()) {
      if (writer.indexOf(alias) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The writer field whose name is {@code name} but for case, else the one within an edit distance
   * of 2 (1 for names of up to 4 characters) that is nearest, else null.
   */
  static String nearest(String name, Schema writer) {
    String lower = name.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = name.length() <= 4 ? 2 : 3;
    for (int i = 0; i < writer.numFields(); i++) {
      String w = writer.field(i).name();
      if (w.toLowerCase(Locale.ROOT).equals(lower)) {
        return w;
      }
      int d = distance(lower, w.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = w;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance. */
  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
