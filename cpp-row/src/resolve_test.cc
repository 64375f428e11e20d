// Schema evolution (SPEC §13): field aliases in the schema, Resolve's rules and refusals, the
// resolved views, and WriteReaderRow. The property test is resolve_property_test.cc.
#include "zerorow/resolve.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <deque>

#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/arrow/resolved.h"
#include "zerorow/row_writer.h"
#include "zerorow/testing/json_values.h"
#include "zerorow/validate.h"

namespace zerorow {
namespace {

Schema Make(std::vector<Field> fields) {
  auto s = Schema::Make(std::move(fields));
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return *s;
}

// The refusal of a pair: kind schema_mismatch at `path`.
void ExpectRefused(const Schema& w, const Schema& r, const std::string& path, const std::string& text = {}) {
  auto res = Resolve(w, r);
  ASSERT_FALSE(res.ok()) << "resolved: " << w.ToJson() << " -> " << r.ToJson();
  EXPECT_EQ(res.status().kind(), ErrorKind::kSchemaMismatch) << res.status().ToString();
  EXPECT_EQ(res.status().path(), path) << res.status().ToString();
  if (!text.empty()) {
    EXPECT_NE(res.status().message().find(text), std::string::npos) << res.status().ToString();
  }
}

// Keeps `bytes` for the rest of the test program: resolved views borrow their bytes.
std::span<const uint8_t> Kept(std::vector<uint8_t> bytes) {
  static std::deque<std::vector<uint8_t>> kept;
  kept.push_back(std::move(bytes));
  return kept.back();
}

// A view of `bytes` (a row of `writer`) read as `reader`; the Resolution, whose tables the
// view borrows, is kept for the rest of the test program.
ResolvedRow ViewAs(const Schema& writer, const Schema& reader, std::span<const uint8_t> bytes) {
  static std::deque<Resolution> kept;
  kept.push_back(*Resolve(writer, reader));
  return *kept.back().View(bytes);
}

// A row of `schema` from values.json text.
std::vector<uint8_t> RowOf(const Schema& schema, const std::string& values) {
  auto json = ParseJson(values);
  EXPECT_TRUE(json.ok()) << json.status().ToString();
  RowWriter w(schema);
  Status st = testing::WriteRowFromJson(*json, &w);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return std::vector<uint8_t>(w.bytes().begin(), w.bytes().end());
}

// ---- aliases in the schema (SPEC §4.1, §4.2, §13.2) ------------------------------------------

TEST(AliasTest, WrittenLastAndOnlyWhenPresent) {
  Schema s = Make({field("id", int64(), false, {"key", "pk"}), field("name", string())});
  EXPECT_EQ(s.ToJson(),
            R"({"type":"struct","fields":[{"name":"id","type":"int64","nullable":false,"aliases":["key","pk"]},)"
            R"({"name":"name","type":"string","nullable":true}]})");
  auto back = Schema::FromJson(s.ToJson());
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->ToJson(), s.ToJson());
  EXPECT_EQ(back->field(0).aliases, (std::vector<std::string>{"key", "pk"}));
}

TEST(AliasTest, LeftOutOfTheFingerprint) {
  Schema plain = Make({field("id", int64(), false), field("s", struct_({field("x", int32())}))});
  Schema aliased =
      Make({field("id", int64(), false, {"old_id"}), field("s", struct_({field("x", int32(), true, {"y"})}))});
  EXPECT_NE(plain.ToJson(), aliased.ToJson());
  EXPECT_EQ(plain.fingerprint(), aliased.fingerprint());
  EXPECT_EQ(aliased.struct_type()->LayoutJson(), plain.ToJson());
  EXPECT_EQ(Fnv1a64(plain.ToJson()), aliased.fingerprint());
  EXPECT_TRUE(plain.Equals(aliased));  // equality is of the layout, as the fingerprint
  EXPECT_TRUE(plain.struct_type()->Equals(*aliased.struct_type()));
  EXPECT_FALSE(plain.Equals(Make({field("id", int64(), true), field("s", struct_({field("x", int32())}))})));
}

TEST(AliasTest, RulesAreCheckedWhenTheSchemaIsLoaded) {
  struct Case {
    std::vector<Field> fields;
    std::string path;
  };
  std::vector<Case> cases = {
      {{field("a", int32(), true, {""})}, "a"},                                     // empty
      {{field("a", int32(), true, {"x", "x"})}, "a"},                               // twice in one field
      {{field("a", int32(), true, {"b"}), field("b", int32())}, "a"},               // another field's name
      {{field("a", int32(), true, {"a"})}, "a"},                                    // its own name
      {{field("a", int32(), true, {"x"}), field("b", int32(), true, {"x"})}, "b"},  // another field's alias
      {{field("s", struct_({field("a", int32(), true, {""})}))}, "s.a"},            // nested
  };
  for (auto& c : cases) {
    auto s = Schema::Make(c.fields);
    ASSERT_FALSE(s.ok()) << DataType::Struct(c.fields)->ToJson();
    EXPECT_EQ(s.status().kind(), ErrorKind::kInvalidData) << s.status().ToString();
    EXPECT_EQ(s.status().path(), c.path) << s.status().ToString();
    auto parsed = Schema::FromJson(DataType::Struct(c.fields)->ToJson());
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.status().kind(), ErrorKind::kInvalidData);
  }
}

TEST(AliasTest, AliasesMustBeAnArrayOfStrings) {
  for (const char* bad : {R"("x")", R"([1])", R"({"a":"b"})"}) {
    auto s = Schema::FromJson(std::string(R"({"type":"struct","fields":[{"name":"a","type":"int32","nullable":true,)") +
                              R"("aliases":)" + bad + "}]}");
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_EQ(s.status().kind(), ErrorKind::kInvalidData);
    EXPECT_EQ(s.status().path(), "a");
  }
  auto empty =
      Schema::FromJson(R"({"type":"struct","fields":[{"name":"a","type":"int32","nullable":true,"aliases":[]}]})");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->ToJson(), R"({"type":"struct","fields":[{"name":"a","type":"int32","nullable":true}]})");
}

// ---- matching (SPEC §13.1) -------------------------------------------------------------------

TEST(ResolveTest, AddedRemovedReorderedRenamed) {
  Schema w =
      Make({field("id", int32(), false), field("name", string()), field("gone", float64()), field("old", int64())});
  Schema r = Make({field("renamed", int64(), true, {"nope", "old"}), field("name", string()),
                   field("id", int32(), false), field("added", list(int32()))});
  auto res = Resolve(w, r);
  ASSERT_TRUE(res.ok()) << res.status().ToString();
  EXPECT_FALSE(res->is_identity());
  auto bytes = RowOf(w, R"({"id":7,"name":"ann","gone":1.5,"old":"-9"})");
  auto row = res->View(bytes);
  ASSERT_TRUE(row.ok()) << row.status().ToString();
  EXPECT_EQ(row->num_fields(), 4);
  EXPECT_EQ(*row->GetInt64(0), -9);
  EXPECT_EQ(*row->GetString(1), "ann");
  EXPECT_EQ(*row->GetInt32(2), 7);
  EXPECT_TRUE(*row->IsNull(3));
  EXPECT_FALSE(*row->IsNull(0));
  EXPECT_EQ(row->field(0).name, "renamed");
  EXPECT_EQ(row->FieldIndex("added"), 3);
  EXPECT_EQ(row->FieldIndex("old"), -1);  // reader names only
  EXPECT_EQ(row->writer_row().num_fields(), 4);
}

TEST(ResolveTest, NameBeatsAliasAndFirstAliasWins) {
  Schema w = Make({field("a", int32()), field("b", int32()), field("c", int32())});
  Schema r = Make({field("a", int32(), true, {"b"}), field("x", int32(), true, {"z", "c"})});
  auto res = Resolve(w, r);
  ASSERT_TRUE(res.ok()) << res.status().ToString();
  auto bytes = RowOf(w, R"({"a":1,"b":2,"c":3})");
  auto row = *res->View(bytes);
  EXPECT_EQ(*row.GetInt32(0), 1);
  EXPECT_EQ(*row.GetInt32(1), 3);
}

TEST(ResolveTest, AMissingFieldMustBeNullable) {
  Schema w = Make({field("a", int32())});
  ExpectRefused(w, Make({field("a", int32()), field("b", int32(), false, {"x"})}), "b",
                "reader field is not nullable but the writer has no field named \"b\", \"x\"");
  ExpectRefused(w, Make({field("s", struct_({field("q", int32(), false)}), true, {"a"})}), "s",
                "writer type \"int32\" cannot be read as");
}

TEST(ResolveTest, NullabilityWidensNeverNarrows) {
  Schema w = Make({field("a", int32(), false), field("l", list(int32(), false), false),
                   field("m", map(string(), int32(), false), false)});
  Schema wider = Make({field("a", int32()), field("l", list(int32())), field("m", map(string(), int32()))});
  ASSERT_TRUE(Resolve(w, wider).ok());
  ExpectRefused(wider, Make({field("a", int32(), false)}), "a",
                "writer field is nullable and cannot be read as not-null");
  ExpectRefused(Make({field("l", list(int32()))}), Make({field("l", list(int32(), false))}), "l[]",
                "writer elements are nullable");
  ExpectRefused(Make({field("m", map(string(), int32()))}), Make({field("m", map(string(), int32(), false))}),
                "m{values}", "writer map values are nullable");
}

TEST(ResolveTest, MessageNamesBothTypesInCanonicalJson) {
  Schema w = Make({field("orders", list(struct_({field("qty", float64())})))});
  Schema r = Make({field("orders", list(struct_({field("qty", int32())})))});
  auto res = Resolve(w, r);
  ASSERT_FALSE(res.ok());
  EXPECT_EQ(res.status().ToString(),
            "schema_mismatch at orders[].qty: writer type \"float64\" cannot be read as \"int32\"");
  Schema wl = Make({field("x", list(int32()))});
  Schema rs = Make({field("x", string())});
  ExpectRefused(wl, rs, "x",
                "writer type {\"type\":\"list\",\"element\":\"int32\",\"element_nullable\":true} cannot be read as "
                "\"string\"");
}

TEST(ResolveTest, MapKeysWidenButStructKeysKeepTheirFields) {
  Schema w = Make({field("m", map(int32(), string()))});
  auto res = Resolve(w, Make({field("m", map(int64(), binary()))}));
  ASSERT_TRUE(res.ok()) << res.status().ToString();
  auto row = *res->View(Kept(RowOf(w, R"({"m":[[1,"a"],[-2,"bc"]]})")));
  auto m = *row.GetMap(0);
  ASSERT_EQ(m.size(), 2);
  EXPECT_EQ(*m.keys().GetInt64(1), -2);
  auto v = *m.values().GetBinary(1);
  EXPECT_EQ(std::string(v.begin(), v.end()), "bc");
  ExpectRefused(w, Make({field("m", map(int16(), string()))}), "m{keys}");

  auto key = [](std::vector<Field> f) { return Make({field("m", map(struct_(std::move(f)), int32()))}); };
  Schema wk = key({field("a", int32()), field("b", string())});
  EXPECT_TRUE(Resolve(wk, key({field("a", int64()), field("b", binary())})).ok());
  ExpectRefused(wk, key({field("a", int32())}), "m{keys}", "must keep its fields");
  ExpectRefused(wk, key({field("b", string()), field("a", int32())}), "m{keys}", "must keep its fields");
  ExpectRefused(wk, key({field("a", int32()), field("c", string(), true, {"b"})}), "m{keys}");
  ExpectRefused(wk, key({field("a", float32()), field("b", string())}), "m{keys}.a");
}

// ---- widenings (SPEC §13.3) ------------------------------------------------------------------

struct Widening {
  DataTypePtr writer, reader;
  const char* value;  // values.json form of the writer value
};

TEST(ResolveTest, EveryAllowedWideningReadsExactly) {
  Schema w8 = Make({field("v", int8())});
  auto r8 = *Resolve(w8, Make({field("v", float32())}));
  EXPECT_EQ(*r8.View(Kept(RowOf(w8, R"({"v":-128})")))->GetFloat32(0), -128.0f);
  for (auto reader : {int16(), int32(), int64(), float64()}) {
    Schema r = Make({field("v", reader)});
    auto res = Resolve(w8, r);
    ASSERT_TRUE(res.ok()) << reader->ToJson();
    auto row = *res->View(Kept(RowOf(w8, R"({"v":-128})")));
    switch (reader->id()) {
      case TypeId::kInt16:
        EXPECT_EQ(*row.GetInt16(0), -128);
        break;
      case TypeId::kInt32:
        EXPECT_EQ(*row.GetInt32(0), -128);
        break;
      case TypeId::kInt64:
        EXPECT_EQ(*row.GetInt64(0), -128);
        break;
      default:
        EXPECT_EQ(*row.GetFloat64(0), -128.0);
    }
  }
  Schema w16 = Make({field("v", int16())});
  auto bytes16 = RowOf(w16, R"({"v":-32768})");
  EXPECT_EQ(*ViewAs(w16, Make({field("v", int32())}), bytes16).GetInt32(0), -32768);
  EXPECT_EQ(*ViewAs(w16, Make({field("v", int64())}), bytes16).GetInt64(0), -32768);
  EXPECT_EQ(*ViewAs(w16, Make({field("v", float32())}), bytes16).GetFloat32(0), -32768.0f);
  EXPECT_EQ(*ViewAs(w16, Make({field("v", float64())}), bytes16).GetFloat64(0), -32768.0);
  Schema w32 = Make({field("v", int32())});
  auto bytes32 = RowOf(w32, R"({"v":-2147483648})");
  EXPECT_EQ(*ViewAs(w32, Make({field("v", int64())}), bytes32).GetInt64(0), -2147483648LL);
  EXPECT_EQ(*ViewAs(w32, Make({field("v", float64())}), bytes32).GetFloat64(0), -2147483648.0);
  Schema wf = Make({field("v", float32())});
  auto f = *Resolve(wf, Make({field("v", float64())}));
  EXPECT_EQ(*f.View(Kept(RowOf(wf, R"({"v":0.1})")))->GetFloat64(0), static_cast<double>(0.1f));
  EXPECT_TRUE(std::isnan(*f.View(Kept(RowOf(wf, R"({"v":"NaN"})")))->GetFloat64(0)));
  EXPECT_TRUE(std::signbit(*f.View(Kept(RowOf(wf, R"({"v":"-0.0"})")))->GetFloat64(0)));
}

TEST(ResolveTest, DecimalRescalesStringBecomesBinaryZonesChange) {
  Schema wd = Make({field("small", decimal(9, 2)), field("big", decimal(20, 4))});
  Schema rd = Make({field("small", decimal(20, 5)), field("big", decimal(38, 10))});
  auto d = Resolve(wd, rd);
  ASSERT_TRUE(d.ok()) << d.status().ToString();
  auto row = *d->View(Kept(RowOf(wd, R"({"small":"-1234567.89","big":"9999999999999999.9999"})")));
  EXPECT_EQ(DecimalToString(*row.GetDecimal(0), 5), "-1234567.89000");
  EXPECT_EQ(DecimalToString(*row.GetDecimal(1), 10), "9999999999999999.9999000000");
  ExpectRefused(wd, Make({field("small", decimal(9, 1)), field("big", decimal(38, 10))}), "small");
  ExpectRefused(wd, Make({field("small", decimal(9, 3)), field("big", decimal(38, 10))}), "small");

  Schema ws = Make({field("s", string())});
  auto sb = *Resolve(ws, Make({field("s", binary())}));
  auto b = *sb.View(Kept(RowOf(ws, R"({"s":"h\u00e9"})")))->GetBinary(0);
  EXPECT_EQ(std::string(b.begin(), b.end()), "h\xc3\xa9");

  Schema wt = Make({field("t", timestamp("Europe/Paris"))});
  auto tz = *Resolve(wt, Make({field("t", timestamp("+05:30"))}));
  EXPECT_EQ(*tz.View(Kept(RowOf(wt, R"({"t":"1700000000000000"})")))->GetTimestamp(0), 1700000000000000LL);
}

TEST(ResolveTest, EveryRefusedChangeIsRefused) {
  std::vector<std::pair<DataTypePtr, DataTypePtr>> refused = {
      {int32(), float32()},
      {int64(), float32()},
      {int64(), float64()},
      {int16(), int8()},
      {int64(), int32()},
      {float64(), float32()},
      {float32(), int32()},
      {float64(), int64()},
      {binary(), string()},
      {date32(), timestamp()},
      {timestamp(), timestamp("UTC")},
      {timestamp("UTC"), timestamp()},
      {time(), duration()},
      {duration(), time()},
      {bool_(), int8()},
      {int32(), date32()},
      {date32(), int32()},
      {int64(), timestamp()},
      {decimal(5, 2), decimal(5, 1)},
      {decimal(10, 2), decimal(10, 3)},
      {int32(), decimal(18, 0)},
      {string(), list(string())},
      {struct_({}), map(string(), string())},
  };
  for (auto& [w, r] : refused) {
    SCOPED_TRACE(w->ToJson() + " -> " + r->ToJson());
    ExpectRefused(Make({field("v", w)}), Make({field("v", r)}), "v", "writer type " + w->ToJson());
  }
}

TEST(ResolveTest, NestedStructEvolvedInsideAListAndAMapAtDepthThree) {
  auto item_w = struct_({field("sku", string()), field("qty", int16()), field("note", string())});
  auto item_r = struct_({field("qty", int64()), field("code", string(), true, {"sku"}), field("price", float64())});
  Schema w = Make({field("o", struct_({field("items", list(item_w)), field("by", map(string(), item_w))}))});
  Schema r = Make({field("o", struct_({field("by", map(string(), item_r)), field("items", list(item_r))}))});
  auto res = Resolve(w, r);
  ASSERT_TRUE(res.ok()) << res.status().ToString();
  auto bytes = RowOf(w, R"({"o":{"items":[{"sku":"a","qty":2,"note":"x"},null],)"
                        R"("by":[["k",{"sku":"b","qty":-3,"note":null}]]}})");
  auto row = *res->View(bytes);
  auto o = *row.GetStruct(0);
  auto items = *o.GetArray(1);
  ASSERT_EQ(items.size(), 2);
  EXPECT_TRUE(*items.IsNull(1));
  auto item = *items.GetStruct(0);
  EXPECT_EQ(*item.GetInt64(0), 2);
  EXPECT_EQ(*item.GetString(1), "a");
  EXPECT_TRUE(*item.IsNull(2));
  auto by = *o.GetMap(0);
  EXPECT_EQ(*by.keys().GetString(0), "k");
  auto v = *by.values().GetStruct(0);
  EXPECT_EQ(*v.GetInt64(0), -3);
  EXPECT_EQ(*v.GetString(1), "b");
  ExpectRefused(w, Make({field("o", struct_({field("items", list(struct_({field("qty", int8())})))}))}),
                "o.items[].qty");
  ExpectRefused(w, Make({field("o", struct_({field("by", map(string(), struct_({field("sku", int32())})))}))}),
                "o.by{values}.sku");
}

TEST(ResolveTest, IdentityWhenTheFingerprintsAreEqual) {
  Schema w = Make({field("a", int32()), field("s", string())});
  Schema r = Make({field("a", int32(), true, {"x"}), field("s", string())});  // aliases: same layout
  auto res = Resolve(w, r);
  ASSERT_TRUE(res.ok());
  EXPECT_TRUE(res->is_identity());
  auto row = *res->View(Kept(RowOf(w, R"({"a":5,"s":"q"})")));
  EXPECT_EQ(*row.GetInt32(0), 5);
  EXPECT_EQ(*row.GetString(1), "q");
  EXPECT_FALSE((*Resolve(w, Make({field("s", string()), field("a", int32())}))).is_identity());
  Resolution empty;
  EXPECT_TRUE(empty.is_identity());
  EXPECT_EQ(empty.reader().num_fields(), 0);
}

// ---- the views: misuse and bad bytes give typed errors ----------------------------------------

TEST(ResolvedViewTest, GettersCheckOrdinalAndReaderType) {
  Schema w = Make({field("a", int32()), field("s", string())});
  Schema r = Make({field("a", int64()), field("s", string()), field("n", struct_({field("x", int32())}))});
  auto res = *Resolve(w, r);
  auto row = *res.View(Kept(RowOf(w, R"({"a":1,"s":"x"})")));
  EXPECT_EQ(row.GetInt64(3).status().kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(row.GetInt64(-1).status().kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(row.IsNull(9).status().kind(), ErrorKind::kOutOfRange);
  auto wrong = row.GetInt32(0);  // the reader's type is int64: no narrowing getter
  EXPECT_EQ(wrong.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(wrong.status().path(), "a");
  EXPECT_EQ(row.GetString(0).status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(row.GetBinary(1).status().kind(), ErrorKind::kSchemaMismatch);
  auto absent = row.GetStruct(2);  // absent: null, and a nested getter on null is an error
  EXPECT_EQ(absent.status().kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(absent.status().path(), "n");
  EXPECT_EQ(row.GetArray(1).status().kind(), ErrorKind::kSchemaMismatch);
  ResolvedRow none;
  EXPECT_EQ(none.num_fields(), 0);
  EXPECT_EQ(none.GetInt64(0).status().kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(none.struct_type().num_fields(), 0);
  ResolvedMap no_map;
  EXPECT_EQ(no_map.size(), 0);
  EXPECT_EQ(no_map.keys().GetInt32(0).status().kind(), ErrorKind::kOutOfRange);
}

TEST(ResolvedViewTest, ARowOfAnotherSchemaOrShortBytesIsRefused) {
  Schema w = Make({field("a", int32()), field("s", string())});
  Schema other = Make({field("a", int64())});
  auto res = *Resolve(w, Make({field("a", int64())}));
  auto bytes = RowOf(other, R"({"a":"1"})");
  auto wrapped = *BinaryRow::Wrap(bytes, other);
  auto v = res.View(wrapped);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_NE(v.status().message().find(w.fingerprint_hex()), std::string::npos) << v.status().ToString();
  Schema same_layout = Make({field("a", int32(), true, {"z"}), field("s", string())});
  auto good = RowOf(w, R"({"a":1,"s":"x"})");
  EXPECT_TRUE(res.View(*BinaryRow::Wrap(good, same_layout)).ok());  // compared by layout
  EXPECT_EQ(res.View(BinaryRow()).status().kind(), ErrorKind::kInvalidArgument);
  auto shorter = res.View(std::span<const uint8_t>(good.data(), 16));
  ASSERT_FALSE(shorter.ok());
  EXPECT_EQ(shorter.status().kind(), ErrorKind::kTruncated);
}

TEST(ResolvedViewTest, BadReferencesAreNamedByTheReaderPath) {
  Schema w = Make({field("old", string()), field("l", list(struct_({field("q", string())})))});
  Schema r =
      Make({field("new", binary(), true, {"old"}), field("l", list(struct_({field("qq", string(), true, {"q"})})))});
  auto res = *Resolve(w, r);
  auto bytes = RowOf(w, R"({"old":"abc","l":[{"q":"x"}]})");
  bytes[8 + 7] = 0x7f;                                  // field 0's reference: offset far past the end
  auto row = *res.View(bytes, ValidationLevel::kNone);  // kNone: the getters' own checks (B2)
  auto s = row.GetBinary(0);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(s.status().path(), "new");
  // inside the list: the element struct's reference points past its row
  auto good = RowOf(w, R"({"old":"abc","l":[{"q":"x"}]})");
  auto l = *(*res.View(good)).GetArray(1);
  auto item = *l.GetStruct(0);
  std::vector<uint8_t> copy(good);
  size_t item_at = static_cast<size_t>(item.bytes().data() - good.data());
  copy[item_at + 8 + 7] = 0x7f;
  auto bad_item = *(*(*res.View(copy)).GetArray(1)).GetStruct(0);
  auto q = bad_item.GetString(0);
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.status().path(), "qq");
  RowWriter out(res.reader());
  Status st = WriteReaderRow(*res.View(copy), &out);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "l[0].qq");
}

TEST(ResolvedViewTest, ADecimalPastItsPrecisionIsRefusedNotRescaled) {
  Schema w = Make({field("d", decimal(5, 2))});
  auto res = *Resolve(w, Make({field("price", decimal(38, 35), true, {"d"})}));
  auto bytes = RowOf(w, R"({"d":"1.00"})");
  int64_t huge = INT64_MAX;  // valid only below level full: |v| >= 10^5
  std::memcpy(bytes.data() + 8, &huge, 8);
  auto v = res.View(std::span<const uint8_t>(bytes), ValidationLevel::kNone)->GetDecimal(0);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(v.status().path(), "price");
}

// ---- WriteReaderRow ------------------------------------------------------------------------

TEST(WriteReaderRowTest, GivesTheRowTheReaderWouldHaveWritten) {
  Schema w = Make({field("id", int16(), false), field("tags", list(string())), field("gone", int32()),
                   field("m", map(int32(), decimal(5, 2))), field("f", float32())});
  Schema r = Make({field("m", map(int64(), decimal(10, 3))), field("key", int64(), false, {"id"}),
                   field("tags", list(binary())), field("extra", string()), field("f", float64())});
  auto res = *Resolve(w, r);
  auto row = *res.View(Kept(RowOf(w, R"({"id":-3,"tags":["a",null,""],"gone":1,"m":[[1,"1.25"],[2,null]],"f":0.5})")));
  RowWriter out(r);
  ASSERT_TRUE(WriteReaderRow(row, &out).ok());
  ASSERT_TRUE(out.Finish().ok());
  EXPECT_EQ(std::vector<uint8_t>(out.bytes().begin(), out.bytes().end()),
            RowOf(r, R"({"m":[["1","1.250"],["2",null]],"key":"-3","tags":["61",null,""],"extra":null,"f":0.5})"));
  EXPECT_TRUE(Validate(r, out.bytes()).ok());
  RowWriter other(w);
  EXPECT_EQ(WriteReaderRow(row, &other).kind(), ErrorKind::kInvalidArgument);
}

TEST(WriteReaderRowTest, SharedBodiesAreRefusedByTheBudget) {
  // 64 references to one inner list of 1000 elements: valid at bounds, refused at full, and
  // 64,000 values read from a row of about 2.6 KB.
  Schema w = Make({field("l", list(list(int8())))});
  RowWriter big(w);
  ArrayWriter outer, inner;
  ASSERT_TRUE(big.BeginArray(0, 64, &outer).ok());
  for (int k = 0; k < 64; ++k) {
    ASSERT_TRUE(outer.BeginArray(k, k == 0 ? 1000 : 0, &inner).ok());
    for (int e = 0; k == 0 && e < 1000; ++e) ASSERT_TRUE(inner.WriteInt8(e, 1).ok());
    ASSERT_TRUE(inner.Finish().ok());
  }
  ASSERT_TRUE(outer.Finish().ok());
  ASSERT_TRUE(big.Finish().ok());
  std::vector<uint8_t> shared(big.bytes().begin(), big.bytes().end());
  auto lists = *BinaryRow::Wrap(shared, w)->GetArray(0);
  size_t refs = static_cast<size_t>(lists.data() - shared.data()) + 16;  // after the count and bitmap
  for (int k = 1; k < 64; ++k) std::memcpy(shared.data() + refs + 8 * k, shared.data() + refs, 8);
  EXPECT_FALSE(Validate(w, shared).ok());
  Schema r = Make({field("l", list(list(int16())))});
  auto res = *Resolve(w, r);
  RowWriter out(r);
  Status st = WriteReaderRow(*res.View(shared), &out);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData) << st.ToString();
  EXPECT_NE(st.message().find("share or overlap"), std::string::npos) << st.ToString();
  EXPECT_EQ(st.path().rfind("l[", 0), 0u) << st.ToString();
}

// ---- rows -> Arrow of resolved rows (SPEC §12, §13.4) ----------------------------------------

TEST(ResolvedArrowTest, ExportGivesTheReaderSchemaAndValues) {
  Schema w = Make({field("id", int16(), false), field("s", string()), field("gone", float64())});
  Schema r = Make({field("s", binary()), field("key", int64(), false, {"id"}), field("new", list(int32()))});
  auto res = *Resolve(w, r);
  std::vector<ResolvedRow> rows;
  for (const char* v : {R"({"id":1,"s":"a","gone":0.5})", R"({"id":-2,"s":null,"gone":null})"})
    rows.push_back(*res.View(Kept(RowOf(w, v))));
  ArrowArray array;
  ArrowSchema schema;
  ASSERT_TRUE(arrow_io::ExportRows(res, rows, &array, &schema).ok());
  auto imported = arrow_io::ImportSchema(&schema);
  ASSERT_TRUE(imported.ok()) << imported.status().ToString();
  EXPECT_EQ(imported->ToJson(), r.struct_type()->LayoutJson());  // no aliases in Arrow
  arrow_io::RowBatch back;
  ASSERT_TRUE(arrow_io::ImportRows(&array, &schema, r, &back).ok());
  array.release(&array);
  schema.release(&schema);
  ASSERT_EQ(back.num_rows(), 2);
  auto row1 = back.row_bytes(1);
  EXPECT_EQ(std::vector<uint8_t>(row1.begin(), row1.end()), RowOf(r, R"({"s":null,"key":"-2","new":null})"));
  arrow_io::RowBatch none;  // no rows: no bytes either
  ASSERT_TRUE(arrow_io::AppendReaderRows(std::span<const ResolvedRow>(), r, &none).ok());
  EXPECT_EQ(none.num_rows(), 0);
  EXPECT_TRUE(none.bytes.empty());
  // a row that cannot be written: named by its number, nothing of it kept
  std::vector<uint8_t> bad = RowOf(w, R"({"id":1,"s":"a","gone":0.5})");
  bad[16 + 7] = 0x7f;  // s's reference: far past the end
  arrow_io::RowBatch out;
  std::vector<ResolvedRow> two = {rows[0], *res.View(std::span<const uint8_t>(bad), ValidationLevel::kNone)};
  Status st = arrow_io::AppendReaderRows(two, r, &out);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.context(), "row 1") << st.ToString();
  EXPECT_EQ(st.path(), "s");
  EXPECT_EQ(out.num_rows(), 1);
  EXPECT_EQ(out.bytes.size(), static_cast<size_t>(out.offsets.back()));
}

// View(bytes) at its default level refuses bytes of another schema where their fixed region
// shows it; kNone checks the wrap rules only; kFull everything.
TEST(ResolutionViewTest, BytesOfAnotherSchemaAreRefusedAtBounds) {
  Schema v1 = Make({field("id", int64(), false), field("name", string())});
  Schema v2 = Make({field("id", int64(), false), field("name", string()), field("extra", int32())});
  std::vector<uint8_t> bytes = RowOf(v1, R"({"id":7,"name":"xavier"})");
  Resolution same = *Resolve(v2, v2);
  auto refused = same.View(bytes);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().path(), "name");
  EXPECT_NE(refused.status().message().find("offset inside the fixed region"), std::string::npos)
      << refused.status().ToString();
  EXPECT_FALSE(same.View(bytes, ValidationLevel::kFull).ok());
  EXPECT_TRUE(same.View(bytes, ValidationLevel::kNone).ok());  // the caller vouches for the bytes
  Resolution right = *Resolve(v1, v2);
  auto row = right.View(bytes);
  ASSERT_TRUE(row.ok()) << row.status().ToString();
  EXPECT_EQ(*row->GetString(1), "xavier");
  EXPECT_TRUE(*row->IsNull(2));
}

}  // namespace
}  // namespace zerorow
