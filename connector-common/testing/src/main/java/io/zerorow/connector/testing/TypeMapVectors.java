package io.zerorow.connector.testing;

import io.zerorow.tools.GoldenVectors;
import io.zerorow.type.DataType;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * The schema-to-engine type-map check of every connector: each golden vector's schema ({@code
 * format-spec/vectors}, SPEC §10) goes through an engine's mapping and back. By default the schema
 * must come back equal; the engine's test declares, by vector name, the vectors that come back
 * changed (a type the engine has no exact twin for, SPEC Appendix B) or are refused (a type the
 * engine lacks). {@link #check} fails, listing every finding at once, on:
 *
 * <ul>
 *   <li>a vector whose round trip is not what was declared: not equal and not declared (a new
 *       vector, or a mapping that lost something), or declared but equal (a stale declaration);
 *   <li>a declared name that is no vector (a renamed or removed vector);
 *   <li>a changed schema whose field names or nullability differ, or that changes again on a second
 *       round trip;
 *   <li>a refusal whose message lacks the declared text (the field's path, what to use instead).
 * </ul>
 */
public final class TypeMapVectors {
  private TypeMapVectors() {}

  /**
   * An engine's schema mapping, both ways.
   *
   * @param <E> the engine's schema type
   */
  public interface Mapping<E> {
    /**
     * The engine's schema of {@code schema}.
     *
     * @param schema a zerorow schema
     * @return the engine's schema
     */
    E toEngine(Schema schema);

    /**
     * The zerorow schema of {@code engine}.
     *
     * @param engine an engine's schema
     * @return the zerorow schema
     */
    Schema fromEngine(E engine);
  }

  /** What a vector's schema does in the round trip, when it does not come back equal. */
  public sealed interface Outcome permits Changed, Refused {}

  /**
   * It maps, and comes back as another schema (same field names and nullability), the same again on
   * a second round trip.
   *
   * @param why why (the type the engine maps it to)
   */
  public record Changed(String why) implements Outcome {}

  /**
   * The engine refuses it: mapping it throws, with {@code text} in the message.
   *
   * @param text what the message must contain
   */
  public record Refused(String text) implements Outcome {}

  /**
   * How many vectors did what.
   *
   * @param equal came back equal
   * @param changed came back changed, as declared
   * @param refused were refused, as declared
   */
  public record Counts(int equal, int changed, int refused) {}

  /**
   * Declares a changed round trip.
   *
   * @param why why
   * @return the outcome
   */
  public static Outcome changed(String why) {
    return new Changed(why);
  }

  /**
   * Declares a refusal.
   *
   * @param text what the message must contain
   * @return the outcome
   */
  public static Outcome refused(String text) {
    return new Refused(text);
  }

  /**
   * Declares refused every golden vector whose schema holds a type of {@code lacking} (a type the
   * engine or its version does not have), with the text {@code message} makes of the first such
   * type and its field path (depth first in field order, the order the mappings visit fields:
   * {@code a}, {@code a[]} for a list's elements, {@code m{keys}[]} and {@code m{values}[]} for a
   * map's, {@code s.x} for a struct's field).
   *
   * @param lacking the types the engine refuses
   * @param message the refusal's text, of the type's name (SPEC §3) and the field path
   * @return the declarations, by vector name
   */
  public static Map<String, Outcome> refusedWherever(
      Set<TypeId> lacking, BiFunction<String, String, String> message) {
    Map<String, Outcome> out = new TreeMap<>();
    for (GoldenVectors.Case c : GoldenVectors.valid()) {
      for (Field f : c.schema().fields()) {
        String found = first(f.type(), f.name(), lacking, message);
        if (found != null) {
          out.put(c.name(), refused(found));
          break;
        }
      }
    }
    return out;
  }

  /** The text of the first type of {@code lacking} in {@code type} at {@code path}, or null. */
  private static String first(
      DataType type, String path, Set<TypeId> lacking, BiFunction<String, String, String> message) {
    if (lacking.contains(type.id())) {
      return message.apply(type.id().jsonName(), path);
    }
    if (type instanceof DataTypes.ListType l) {
      return first(l.element(), path + "[]", lacking, message);
    }
    if (type instanceof DataTypes.MapType m) {
      String keys = first(m.key(), path + "{keys}[]", lacking, message);
      return keys != null ? keys : first(m.value(), path + "{values}[]", lacking, message);
    }
    if (type instanceof Schema s) {
      for (Field f : s.fields()) {
        String inner = first(f.type(), path + "." + f.name(), lacking, message);
        if (inner != null) {
          return inner;
        }
      }
    }
    return null;
  }

  /**
   * Runs every golden vector's schema through {@code mapping} and back.
   *
   * @param <E> the engine's schema type
   * @param engine the engine and version, for the messages
   * @param mapping the engine's mapping
   * @param declared the vectors that do not come back equal, by name
   * @return the counts, when every vector did what was expected
   * @throws AssertionError naming every vector that did not, and every unknown name
   */
  public static <E> Counts check(String engine, Mapping<E> mapping, Map<String, Outcome> declared) {
    Map<String, Schema> vectors = new TreeMap<>();
    for (GoldenVectors.Case c : GoldenVectors.valid()) {
      vectors.put(c.name(), c.schema());
    }
    return check(engine, mapping, declared, vectors);
  }

  /**
   * {@link #check(String, Mapping, Map)} over the given schemas instead of the golden vectors.
   *
   * @param <E> the engine's schema type
   * @param engine the engine and version, for the messages
   * @param mapping the engine's mapping
   * @param declared the schemas that do not come back equal, by name
   * @param vectors the schemas, by name
   * @return the counts
   * @throws AssertionError naming every schema that did not do what was expected
   */
  public static <E> Counts check(
      String engine,
      Mapping<E> mapping,
      Map<String, Outcome> declared,
      Map<String, Schema> vectors) {
    Objects.requireNonNull(mapping, "mapping");
    List<String> failures = new ArrayList<>();
    for (String name : new TreeSet<>(declared.keySet())) {
      if (!vectors.containsKey(name)) {
        failures.add(name + ": declared, but there is no such vector (renamed or removed?)");
      }
    }
    int equal = 0;
    int changed = 0;
    int refused = 0;
    for (Map.Entry<String, Schema> v : new TreeMap<>(vectors).entrySet()) {
      String failure = roundTrip(mapping, v.getValue(), declared.get(v.getKey()));
      if (failure != null) {
        failures.add(v.getKey() + ": " + failure);
      } else if (declared.get(v.getKey()) == null) {
        equal++;
      } else if (declared.get(v.getKey()) instanceof Changed) {
        changed++;
      } else {
        refused++;
      }
    }
    if (!failures.isEmpty()) {
      throw new AssertionError(
          engine
              + ": "
              + failures.size()
              + " finding(s) over the "
              + vectors.size()
              + " vectors' schemas (SPEC Appendix B):\n  "
              + String.join("\n  ", failures));
    }
    return new Counts(equal, changed, refused);
  }

  /** Null when {@code schema} does what {@code expected} says (null: comes back equal). */
  private static <E> String roundTrip(Mapping<E> mapping, Schema schema, Outcome expected) {
    E engine;
    try {
      engine = mapping.toEngine(schema);
    } catch (Exception e) { // an engine may throw its checked errors (Spark's AnalysisException)
      if (expected instanceof Refused r) {
        return String.valueOf(e.getMessage()).contains(r.text())
            ? null
            : "refused as declared, but its message lacks \"" + r.text() + "\": " + e.getMessage();
      }
      return "refused (" + e + "), declared " + (expected == null ? "equal" : expected);
    }
    if (expected instanceof Refused) {
      return "maps, but is declared refused: " + expected;
    }
    Schema back;
    try {
      back = mapping.fromEngine(engine);
    } catch (Exception e) {
      return "maps to " + engine + ", which does not map back: " + e;
    }
    if (back.equals(schema)) {
      return expected == null ? null : "comes back equal, but is declared " + expected;
    }
    if (expected == null) {
      return "comes back as " + back.toJson() + " (declare it changed, or fix the mapping)";
    }
    String shape = sameFields(schema, back);
    if (shape != null) {
      return shape;
    }
    Schema again = mapping.fromEngine(mapping.toEngine(back));
    return again.equals(back)
        ? null
        : "changes again on a second round trip: " + back.toJson() + " then " + again.toJson();
  }

  /** Null when both have the same field names and nullability, in order. */
  private static String sameFields(Schema sent, Schema back) {
    if (sent.numFields() != back.numFields()) {
      return "comes back with " + back.numFields() + " fields, not " + sent.numFields();
    }
    for (int i = 0; i < sent.numFields(); i++) {
      Field a = sent.field(i);
      Field b = back.field(i);
      if (!a.name().equals(b.name()) || a.nullable() != b.nullable()) {
        return "field "
            + i
            + " comes back as "
            + b.name()
            + (b.nullable() ? " (nullable)" : " (not nullable)")
            + ", not "
            + a.name()
            + (a.nullable() ? " (nullable)" : " (not nullable)");
      }
    }
    return null;
  }
}
