// Variant values (SPEC §3.9): the canonical builder, JSON in and out, reading in place, and
// every rule of the validator, including bytes that lie.
#include "zerorow/variant.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "test_util.h"
#include "zerorow/value_json.h"

namespace zerorow {
namespace {

std::string Hex(const std::vector<uint8_t>& b) { return BytesToHex(b); }

Variant FromJson(std::string_view text) {
  auto v = VariantFromJson(text);
  EXPECT_TRUE(v.ok()) << v.status().ToString();
  return v.ok() ? *v : Variant{};
}

TEST(VariantTest, CanonicalBytesOfAnObject) {
  // {"b": 1, "a": "x"}: keys sorted in the metadata (sorted_strings set), ids in key order.
  Variant v = FromJson(R"({"b":1,"a":"x"})");
  EXPECT_EQ(Hex(v.metadata), "11020001026162");  // v1 sorted, 2 keys, offsets 0 1 2, "ab"
  // object: 1-byte ids and offsets, 2 fields; ids 0 (a) 1 (b); offsets 0 2 4; "x" then int8 1
  EXPECT_EQ(Hex(v.value), "0202000100020405780c01");
  ASSERT_TRUE(v.view().Validate().ok());
  EXPECT_EQ(*v.view().ToJson(), R"({"a":"x","b":1})");
}

TEST(VariantTest, NumbersFromJsonTakeTheSmallestType) {
  EXPECT_EQ(*FromJson("5").view().type(), VariantType::kInt8);
  EXPECT_EQ(*FromJson("300").view().type(), VariantType::kInt16);
  EXPECT_EQ(*FromJson("70000").view().type(), VariantType::kInt32);
  EXPECT_EQ(*FromJson("5000000000").view().type(), VariantType::kInt64);
  EXPECT_EQ(*FromJson("18446744073709551616").view().type(), VariantType::kDecimal16);  // > int64
  EXPECT_EQ(*FromJson("1.50").view().type(), VariantType::kDecimal4);
  EXPECT_EQ(*FromJson("1234567890.5").view().type(), VariantType::kDecimal8);
  EXPECT_EQ(*FromJson("1e3").view().type(), VariantType::kDouble);
  Variant d = FromJson("-1.50");
  VariantDecimal dec = *d.view().GetDecimal();
  EXPECT_EQ(dec.scale, 2);
  EXPECT_EQ(DecimalToString(dec.unscaled, dec.scale), "-1.50");
  EXPECT_EQ(*d.view().ToJson(), "-1.50");
  // 39 digits: a double, not a decimal.
  EXPECT_EQ(*FromJson("123456789012345678901234567890123456789").view().type(), VariantType::kDouble);
}

TEST(VariantTest, DuplicateKeysAndBadJsonAreInvalidData) {
  auto dup = VariantFromJson(R"({"a":1,"a":2})");
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.status().kind(), ErrorKind::kInvalidData);
  EXPECT_NE(dup.status().message().find("duplicate key \"a\""), std::string::npos);
  EXPECT_EQ(VariantFromJson("[1,").status().kind(), ErrorKind::kInvalidData);
}

TEST(VariantTest, ReadsInPlaceByKeyIndexAndPath) {
  Variant v = FromJson(R"({"items":[{"price":1.25,"sku":"A"},{"price":2}],"n":null,"ok":true})");
  VariantView root = v.view();
  EXPECT_EQ(*root.size(), 3);
  EXPECT_EQ(*root.KeyAt(0), "items");
  auto price = root.AtPath("$.items[0].price");
  ASSERT_TRUE(price.ok()) << price.status().ToString();
  EXPECT_EQ(*price->type(), VariantType::kDecimal4);
  EXPECT_EQ(price->path(), "$.items[0].price");
  EXPECT_EQ(*root.AtPath("$.items[1].price")->GetInt(), 2);
  EXPECT_EQ(*root.AtPath(R"($["ok"])")->GetBool(), true);
  EXPECT_EQ(*root.Get("n")->type(), VariantType::kNull);
  EXPECT_EQ(root.Get("missing").status().kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(root.Get("items")->Get(5).status().kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(root.Get(0).status().kind(), ErrorKind::kSchemaMismatch);  // an object, not an array
  EXPECT_EQ(root.Get("ok")->GetInt().status().kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(root.AtPath("$.items[x]").status().kind(), ErrorKind::kInvalidArgument);
}

TEST(VariantTest, ToJsonOfEveryScalar) {
  VariantBuilder b;
  ASSERT_TRUE(b.BeginArray().ok());
  ASSERT_TRUE(b.Float(0.1f).ok());
  ASSERT_TRUE(b.Double(std::nan("")).ok());
  ASSERT_TRUE(b.Date(19753).ok());                         // 2024-01-31
  ASSERT_TRUE(b.TimeNtz(49500250000).ok());                // 13:45:00.250000
  ASSERT_TRUE(b.Timestamp(1706708700250000, true).ok());   // zoned: Z
  ASSERT_TRUE(b.Timestamp(1706708700250000, false).ok());  // naive
  const uint8_t bytes[] = {0, 1, 2};
  ASSERT_TRUE(b.Binary(bytes).ok());
  auto u = UuidFromText("0f8fad5b-d9cb-469f-a165-70867728950e");
  ASSERT_TRUE(b.Uuid(*u).ok());
  ASSERT_TRUE(b.String(std::string(70, 'z')).ok());  // a long string
  ASSERT_TRUE(b.EndArray().ok());
  Variant v = *b.Finish();
  EXPECT_EQ(*v.view().ToJson(), R"([0.1,"NaN","2024-01-31","13:45:00.250000","2024-01-31T13:45:00.250000Z",)"
                                R"("2024-01-31T13:45:00.250000","AAEC","0f8fad5b-d9cb-469f-a165-70867728950e",")" +
                                    std::string(70, 'z') + "\"]");
  EXPECT_TRUE(v.view().Validate().ok());
}

TEST(VariantTest, NestingOf1000LevelsIsTheLimit) {
  std::string deep(1000, '[');
  deep += std::string(1000, ']');
  Variant v = FromJson(deep);
  EXPECT_TRUE(v.view().Validate().ok());
  EXPECT_TRUE(v.view().ToJson().ok());
  auto too_deep = VariantFromJson("[" + deep + "]");
  ASSERT_FALSE(too_deep.ok());
  EXPECT_EQ(too_deep.status().kind(), ErrorKind::kInvalidData);
  EXPECT_NE(too_deep.status().message().find("1000"), std::string::npos);
}

TEST(VariantTest, BuilderRefusesMisuse) {
  VariantBuilder b;
  EXPECT_FALSE(b.Key("a").ok());  // outside an object
  ASSERT_TRUE(b.BeginObject().ok());
  EXPECT_FALSE(b.Int(1).ok());  // a value without a key
  ASSERT_TRUE(b.Key("a").ok());
  ASSERT_TRUE(b.Int(1).ok());
  ASSERT_TRUE(b.Key("a").ok());
  ASSERT_TRUE(b.Int(2).ok());
  EXPECT_FALSE(b.EndObject().ok());  // duplicate key
  VariantBuilder empty;
  EXPECT_FALSE(empty.Finish().ok());
  VariantBuilder big;
  EXPECT_FALSE(big.Decimal(Decimal128{static_cast<__int128>(10000000000000000000ULL) * 10000000000000000000ULL}, 0)
                   .ok());  // 10^38: 39 digits
  EXPECT_FALSE(big.Decimal(Decimal128{1}, 39).ok());
  const char bad_utf8[] = {'\xff', 0};
  EXPECT_FALSE(big.String(bad_utf8).ok());
}

// Bytes that break each rule: reading never leaves the spans, Validate names the rule.
struct Broken {
  const char* name;
  std::string metadata_hex, value_hex, expect;
};

std::vector<uint8_t> FromHex(const std::string& h) {
  std::vector<uint8_t> out;
  for (size_t k = 0; k + 1 < h.size(); k += 2)
    out.push_back(static_cast<uint8_t>(std::stoi(h.substr(k, 2), nullptr, 16)));
  return out;
}

TEST(VariantTest, ValidateRefusesEachBrokenRule) {
  const Broken cases[] = {
      {"version 2", "020000", "00", "version"},
      {"header bit 5", "210000", "00", "bit 5"},
      {"metadata too short", "01", "00", "dictionary size"},
      {"first offset not 0",
       "11010100"
       "61",
       "00", "first dictionary offset"},
      {"offsets decrease",
       "1102000201"
       "6162",
       "00", "decrease"},
      {"unsorted keys",
       "1102000102"
       "6261",
       "00", "not greater"},
      {"bad key utf-8",
       "110100"
       "01"
       "ff",
       "00", "UTF-8"},
      {"unknown primitive", "010000", "54", "unknown primitive"},  // id 21
      {"short string past the end", "010000", "0d61", "past"},     // length 3, 1 byte
      {"bad string utf-8", "010000", "05ff", "UTF-8"},
      {"decimal4 too large", "010000",
       "2000"
       "00ca9a3b",
       "too many digits"},  // 10^9
      {"decimal scale 39", "010000",
       "2027"
       "01000000",
       "scale"},
      {"field id past the dictionary", "010000", "020105000100", "field id"},  // id 5, dict 0
      {"array offset past the values", "010000",
       "030109"
       "00",
       "offset"},
      {"object keys not increasing",
       "1102000102"
       "6162",
       "020201000002040c010c02", "increasing"},
  };
  for (const Broken& c : cases) {
    std::vector<uint8_t> m = FromHex(c.metadata_hex), v = FromHex(c.value_hex);
    auto view = VariantView::Make(m, v);
    Status st = view.ok() ? view->Validate() : view.status();
    ASSERT_FALSE(st.ok()) << c.name;
    EXPECT_EQ(st.kind(), ErrorKind::kInvalidData) << c.name;
    EXPECT_NE(st.message().find(c.expect), std::string::npos) << c.name << ": " << st.ToString();
    if (view.ok()) {
      (void)view->ToJson();  // never reads outside (ASan)
      (void)view->type();
    }
  }
}

TEST(VariantTest, AppendRekeysIntoTheBuiltVariant) {
  Variant inner = FromJson(R"({"z":1,"y":[true]})");
  VariantBuilder b;
  ASSERT_TRUE(b.BeginObject().ok());
  ASSERT_TRUE(b.Key("a").ok());
  ASSERT_TRUE(b.Append(inner.view()).ok());
  ASSERT_TRUE(b.EndObject().ok());
  Variant v = *b.Finish();
  EXPECT_EQ(*v.view().ToJson(), R"({"a":{"y":[true],"z":1}})");
  EXPECT_EQ(v, FromJson(R"({"a":{"z":1,"y":[true]}})"));  // the same bytes as from JSON
}

}  // namespace
}  // namespace zerorow
