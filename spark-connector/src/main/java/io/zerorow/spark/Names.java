package io.zerorow.spark;

import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * Names as Spark resolves them: {@link #fold} gives a reader schema the names of the file's fields
 * when {@code spark.sql.caseSensitive} is false (as Parquet and ORC read files whose column names
 * differ in case), and {@link #nearest} finds the name a misspelt one was meant to be.
 */
final class Names {
  private Names() {}

  /**
   * {@code reader} with each field renamed to the field of {@code writer} that has its name in
   * another case, at every level (structs, and structs inside lists and maps); a field whose name
   * the writer has exactly, or that no writer field matches, keeps its name. Two writer fields that
   * match one reader field only ignoring case are an error naming them (Parquet's rule).
   */
  static Schema fold(Schema reader, Schema writer) {
    return (Schema) fold((DataType) reader, writer, "");
  }

  private static DataType fold(DataType reader, DataType writer, String path) {
    if (reader.id() != writer.id()) {
      return reader;
    }
    switch (reader.id()) {
      case STRUCT:
        {
          Schema r = (Schema) reader;
          Schema w = (Schema) writer;
          List<Field> out = new ArrayList<>();
          boolean changed = false;
          for (Field f : r.fields()) {
            Field match = w.indexOf(f.name()) >= 0 ? w.field(f.name()) : ignoringCase(w, f, path);
            if (match == null) {
              out.add(f);
              continue;
            }
            DataType t = fold(f.type(), match.type(), path + f.name() + ".");
            Field g = new Field(match.name(), t, f.nullable(), f.aliases());
            changed |= !g.equals(f);
            out.add(g);
          }
          return changed ? Schema.of(out.toArray(new Field[0])) : r;
        }
      case LIST:
        {
          DataTypes.ListType r = (DataTypes.ListType) reader;
          DataType e = fold(r.element(), ((DataTypes.ListType) writer).element(), path);
          return e == r.element() ? r : DataTypes.list(e, r.elementNullable());
        }
      case MAP:
        {
          DataTypes.MapType r = (DataTypes.MapType) reader;
          DataTypes.MapType w = (DataTypes.MapType) writer;
          DataType k = fold(r.key(), w.key(), path);
          DataType v = fold(r.value(), w.value(), path);
          return k == r.key() && v == r.value() ? r : DataTypes.map(k, v, r.valueNullable());
        }
      default:
        return reader;
    }
  }

  private static Field ignoringCase(Schema writer, Field f, String path) {
    Field found = null;
    for (Field w : writer.fields()) {
      if (w.name().equalsIgnoreCase(f.name())) {
        if (found != null) {
          throw SparkSchemas.analysisError(
              "format(\"zerorow\"): reader field "
                  + path
                  + f.name()
                  + " matches two file fields ignoring case, "
                  + found.name()
                  + " and "
                  + w.name()
                  + " (spark.sql.caseSensitive is false; set it to true or rename one)");
        }
        found = w;
      }
    }
    return found;
  }

  /** The name of {@code names} nearest {@code name}: equal ignoring case, else by edit distance. */
  static String nearest(String name, Collection<String> names) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String lower = name.toLowerCase(Locale.ROOT);
    for (String n : names) {
      int d = distance(lower, n.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = n;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance (insertions, deletions and substitutions of one character). */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
