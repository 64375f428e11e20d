package io.zerorow.connector.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import io.zerorow.type.TypeId;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The driver against an "engine" whose schema is a zerorow schema, with one type dropped. */
class TypeMapVectorsTest {
  /** Maps by identity, but has no decimal type and reads uuid as binary. */
  static final TypeMapVectors.Mapping<Schema> ENGINE =
      new TypeMapVectors.Mapping<>() {
        @Override
        public Schema toEngine(Schema schema) {
          Field[] fields = new Field[schema.numFields()];
          for (int i = 0; i < fields.length; i++) {
            Field f = schema.field(i);
            if (f.type().id() == TypeId.DECIMAL) {
              throw new IllegalArgumentException("no decimal type at " + f.name());
            }
            fields[i] =
                f.type().id() == TypeId.UUID
                    ? Field.of(f.name(), DataTypes.binary(), f.nullable())
                    : Field.of(f.name(), f.type(), f.nullable());
          }
          return Schema.of(fields);
        }

        @Override
        public Schema fromEngine(Schema engine) {
          return engine;
        }
      };

  static final Map<String, Schema> VECTORS =
      Map.of(
          "ints", Schema.of(Field.of("a", DataTypes.int32(), true)),
          "dec", Schema.of(Field.of("d", DataTypes.decimal(9, 2), false)),
          "id", Schema.of(Field.of("u", DataTypes.uuid(), false)));

  @Test
  void declaredOutcomesPass() {
    TypeMapVectors.Counts c =
        TypeMapVectors.check(
            "test",
            ENGINE,
            Map.of(
                "dec", TypeMapVectors.refused("no decimal type at d"),
                "id", TypeMapVectors.changed("uuid as binary")),
            VECTORS);
    assertEquals(new TypeMapVectors.Counts(1, 1, 1), c);
  }

  @Test
  void everyFindingIsListed() {
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () ->
                TypeMapVectors.check(
                    "test",
                    ENGINE,
                    Map.of(
                        "ints", TypeMapVectors.changed("stale"),
                        "dec", TypeMapVectors.refused("another text"),
                        "gone", TypeMapVectors.changed("no such vector")),
                    VECTORS));
    String m = e.getMessage();
    assertTrue(m.contains("4 finding(s) over the 3 vectors' schemas"), m);
    assertTrue(m.contains("gone: declared, but there is no such vector"), m);
    assertTrue(m.contains("ints: comes back equal, but is declared"), m);
    assertTrue(m.contains("its message lacks \"another text\""), m);
    assertTrue(m.contains("id: comes back as {"), m);
  }

  @Test
  void refusalsDeclaredWhereverATypeIs() {
    Map<String, TypeMapVectors.Outcome> d =
        TypeMapVectors.refusedWherever(
            java.util.Set.of(TypeId.VARIANT, TypeId.TIME), (type, at) -> type + " at " + at);
    assertEquals(TypeMapVectors.refused("variant at l[]"), d.get("variant_in_list_map_struct"));
    assertEquals(TypeMapVectors.refused("time at time"), d.get("field_defaults"), "the first");
    assertEquals(TypeMapVectors.refused("variant at m2{values}[]"), d.get("map_new_type_values"));
    assertEquals(null, d.get("int32_edges"));
  }

  @Test
  void goldenVectorsThroughTheIdentity() {
    TypeMapVectors.Mapping<Schema> identity =
        new TypeMapVectors.Mapping<>() {
          @Override
          public Schema toEngine(Schema schema) {
            return schema;
          }

          @Override
          public Schema fromEngine(Schema engine) {
            return engine;
          }
        };
    TypeMapVectors.Counts c = TypeMapVectors.check("identity", identity, Map.of());
    assertTrue(c.equal() > 90 && c.changed() == 0 && c.refused() == 0, c.toString());
  }
}
