package io.zerorow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zerorow.annotation.Aliases;
import io.zerorow.annotation.Name;
import io.zerorow.encoder.TypeInference;
import io.zerorow.type.DataTypes;
import io.zerorow.type.Field;
import io.zerorow.type.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Field aliases (SPEC §4.1, §4.2, §13.2): canonical JSON, fingerprint, equality, the alias rules
 * for built and loaded schemas, and {@code @Aliases} in schema inference.
 */
class SchemaAliasesTest {
  static final Schema RENAMED =
      Schema.of(
          Field.of("id", DataTypes.int64(), false),
          Field.of("customer", DataTypes.string(), true, "client", "buyer"));

  @Test
  void aliasesAreWrittenLastAndOnlyWhenPresent() {
    assertEquals(
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"int64\",\"nullable\":false},"
            + "{\"name\":\"customer\",\"type\":\"string\",\"nullable\":true,"
            + "\"aliases\":[\"client\",\"buyer\"]}]}",
        RENAMED.toJson());
    Schema back = Schema.fromJson(RENAMED.toJson());
    assertEquals(RENAMED.toJson(), back.toJson());
    assertEquals(List.of("client", "buyer"), back.field(1).aliases());
    assertEquals(List.of(), back.field(0).aliases());
    // any key order and whitespace on input; an empty list is not written back
    Schema loose =
        Schema.fromJson(
            "{ \"fields\": [ {\"aliases\": [], \"nullable\": true, \"type\": \"int8\","
                + " \"name\": \"x\"} ], \"type\": \"struct\" }");
    assertEquals(
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"x\",\"type\":\"int8\",\"nullable\":true}]}",
        loose.toJson());
  }

  @Test
  void aliasesInsideListsMapsAndStructsAreWrittenToo() {
    Schema inner = Schema.of(Field.of("qty", DataTypes.int32(), false, "quantity"));
    Schema s =
        Schema.of(
            Field.of("orders", DataTypes.list(inner, true), true),
            Field.of("byId", DataTypes.map(DataTypes.int32(), inner, false), true));
    assertEquals(2, s.toJson().split("\"aliases\":\\[\"quantity\"\\]", -1).length - 1);
    assertEquals(s.toJson(), Schema.fromJson(s.toJson()).toJson());
  }

  @Test
  void aliasesAreOutsideTheFingerprintAndEquality() {
    Schema plain =
        Schema.of(
            Field.of("id", DataTypes.int64(), false),
            Field.of("customer", DataTypes.string(), true));
    assertEquals(plain.fingerprint(), RENAMED.fingerprint());
    assertEquals(plain.fingerprintHex(), RENAMED.fingerprintHex());
    assertEquals(plain, RENAMED);
    assertEquals(plain.hashCode(), RENAMED.hashCode());
    assertEquals(plain.field(1), RENAMED.field(1));
    assertNotEquals(plain.toJson(), RENAMED.toJson());
    // the fingerprint is FNV-1a over the canonical JSON without aliases (SPEC §4.2)
    long h = 0xcbf29ce484222325L;
    for (byte b : plain.toJson().getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    assertEquals(h, RENAMED.fingerprint());
  }

  @Test
  void fieldFactoriesKeepAliases() {
    Field f = Field.of("a", DataTypes.int32(), true).withAliases("b", "c");
    assertEquals(List.of("b", "c"), f.aliases());
    assertEquals(List.of(), f.withAliases().aliases());
    assertEquals(f, new Field("a", DataTypes.int32(), true, List.of("b", "c")));
    assertTrue(f.toString().endsWith("\"aliases\":[\"b\",\"c\"]}"), f.toString());
    assertThrows(
        NullPointerException.class, () -> Field.of("a", DataTypes.int32(), true, "b", null));
  }

  /** Each broken alias rule, in a built schema and in a loaded one (SPEC §4.1). */
  @Test
  void aliasRulesAreCheckedWhenBuiltAndWhenLoaded() {
    assertRefused(
        "x", "the field lists an empty alias", Field.of("x", DataTypes.int32(), true, ""));
    assertRefused(
        "x",
        "the field lists the alias \"old\" twice",
        Field.of("x", DataTypes.int32(), true, "old", "old"));
    assertRefused(
        "x",
        "alias \"y\" is the name of a field of the same struct",
        Field.of("x", DataTypes.int32(), true, "y"),
        Field.of("y", DataTypes.int32(), true));
    assertRefused(
        "x",
        "alias \"x\" is the name of a field of the same struct",
        Field.of("x", DataTypes.int32(), true, "x"));
    assertRefused(
        "y",
        "alias \"old\" is already an alias of field \"x\"",
        Field.of("x", DataTypes.int32(), true, "old"),
        Field.of("y", DataTypes.int32(), true, "old"));
  }

  private static void assertRefused(String path, String detail, Field... fields) {
    InvalidDataException built = assertThrows(InvalidDataException.class, () -> Schema.of(fields));
    assertEquals(path, built.path());
    assertTrue(built.detail().startsWith(detail), built.getMessage());
    // the same schema as JSON, loaded, nested one level down
    StringBuilder json = new StringBuilder("{\"type\":\"struct\",\"fields\":[");
    for (int i = 0; i < fields.length; i++) {
      json.append(i > 0 ? "," : "").append(fields[i]);
    }
    json.append("]}");
    String nested =
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"outer\",\"type\":"
            + json
            + ",\"nullable\":true}]}";
    InvalidDataException loaded =
        assertThrows(InvalidDataException.class, () -> Schema.fromJson(nested));
    assertEquals("outer." + path, loaded.path());
    assertTrue(loaded.detail().startsWith(detail), loaded.getMessage());
  }

  @Test
  void malformedAliasesAreInvalidData() {
    for (String aliases : new String[] {"\"old\"", "[1]", "[null]", "{}"}) {
      String json =
          "{\"type\":\"struct\",\"fields\":[{\"name\":\"x\",\"type\":\"int32\",\"nullable\":true,"
              + "\"aliases\":"
              + aliases
              + "}]}";
      InvalidDataException e =
          assertThrows(InvalidDataException.class, () -> Schema.fromJson(json), aliases);
      assertEquals("x", e.path());
      assertTrue(e.detail().contains("\"aliases\" must be an array of strings"), e.getMessage());
    }
  }

  public record CustomerV2(long id, @Aliases({"client", "buyer"}) String customer) {}

  /** A bean: the annotation on the field, or on the getter. */
  public static class Account {
    @Aliases("owner_name")
    private String holder;

    private long balance;

    public String getHolder() {
      return holder;
    }

    public void setHolder(String holder) {
      this.holder = holder;
    }

    @Aliases("amount")
    public long getBalance() {
      return balance;
    }

    public void setBalance(long balance) {
      this.balance = balance;
    }
  }

  public record Renamed(@Name("the_name") @Aliases("name") String name) {}

  public record Clash(@Aliases("b") int a, int b) {}

  @Test
  void inferenceReadsAliasesFromRecordsAndBeans() {
    Schema r = TypeInference.inferSchema(CustomerV2.class);
    assertEquals(RENAMED.toJson(), r.toJson());
    Schema a = TypeInference.inferSchema(Account.class);
    assertEquals(List.of("owner_name"), a.field("holder").aliases());
    assertEquals(List.of("amount"), a.field("balance").aliases());
    assertEquals(List.of("name"), TypeInference.inferSchema(Renamed.class).field(0).aliases());
    assertEquals(
        a.fingerprint(),
        Schema.of(
                Field.of("holder", DataTypes.string(), true),
                Field.of("balance", DataTypes.int64(), false))
            .fingerprint());
    InvalidDataException e =
        assertThrows(InvalidDataException.class, () -> TypeInference.inferSchema(Clash.class));
    assertEquals("a", e.path());
    assertTrue(
        e.getMessage().contains("alias \"b\" is the name of a field of the same struct"),
        e.getMessage());
  }
}
