// The README's code snippets, compiled and run (STYLE: every README example is tested).
// Keep each block identical to its README counterpart.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "zerorow/zerorow.h"

// README.md and cpp-row/README.md quote these lines as laid out here:
// clang-format off

struct Bar { std::string f1; std::vector<int64_t> f2; };
struct Foo { int32_t f1; std::vector<int32_t> f2; std::map<std::string, int32_t> f3;
             std::vector<Bar> f4; std::optional<std::string> note; };
ZEROROW_STRUCT(Bar, f1, f2)                 // global scope, declaration order
ZEROROW_STRUCT(Foo, f1, f2, f3, f4, note)

struct Customer { std::string name; int64_t id; std::optional<int64_t> quantity;
                  std::optional<std::string> email; };  // the reader schema as a struct
ZEROROW_STRUCT(Customer, name, id, quantity, email)

using Money = zerorow::Decimal<12, 2>;       // decimal(12, 2)
struct Trade { Money price; std::chrono::sys_time<std::chrono::microseconds> at;
               std::chrono::year_month_day day; uint64_t order_id = 0; };
ZEROROW_STRUCT(Trade, price, at, day, order_id)

namespace {

const char* json_text =
    R"({"type":"struct","fields":[{"name":"f1","type":"int32","nullable":false},)"
    R"({"name":"f2","type":{"type":"list","element":"int32","element_nullable":true},"nullable":true},)"
    R"({"name":"f3","type":"string","nullable":true}]})";

zerorow::Status Writing(const zerorow::Schema& schema, std::vector<uint8_t>* out) {
  // --- README "Writing"
  zerorow::RowWriter w(schema);       // reuses its buffer on every Reset()
  w.Reset();
  ZR_RETURN_NOT_OK(w.WriteInt32(0, 42));
  zerorow::ArrayWriter a;
  ZR_RETURN_NOT_OK(w.BeginArray(1, 3, &a));
  for (int i = 0; i < 3; ++i) ZR_RETURN_NOT_OK(a.WriteInt32(i, i));
  ZR_RETURN_NOT_OK(a.Finish());
  ZR_RETURN_NOT_OK(w.WriteString(2, "hi"));
  ZR_RETURN_NOT_OK(w.Finish());
  std::span<const uint8_t> bytes = w.bytes();
  // ---
  out->assign(bytes.begin(), bytes.end());
  return zerorow::Status::OK();
}

zerorow::Status Reading(const std::vector<uint8_t>& bytes, int32_t* a_out, int32_t* b_out, std::string* s_out,
                        int32_t* v2_out) {
  // --- README "Reading"
  zerorow::Schema schema;                                    // keep it: views borrow its types
  ZR_ASSIGN_OR_RETURN(schema, zerorow::Schema::FromJson(json_text));
  ZR_ASSIGN_OR_RETURN(zerorow::BinaryRow row,
                      zerorow::ValidateAndWrap(schema, bytes, zerorow::ValidationLevel::kFull));
  ZR_ASSIGN_OR_RETURN(int32_t a, row.GetInt32(0));           // checked: Result<int32_t>
  int32_t b = row.GetInt32Unchecked(0);                      // no checks: for validated rows
  ZR_ASSIGN_OR_RETURN(std::string_view s, row.GetString(2));  // zero copy
  ZR_ASSIGN_OR_RETURN(zerorow::BinaryArray xs, row.GetArray(1));
  ZR_ASSIGN_OR_RETURN(std::span<const int32_t> v, xs.Values<int32_t>());  // zero copy
  // ---
  *a_out = a;
  *b_out = b;
  *s_out = std::string(s);
  *v2_out = v[2];
  return zerorow::Status::OK();
}

TEST(ReadmeTest, WritingAndReading) {
  auto parsed = zerorow::Schema::FromJson(json_text);
  ASSERT_TRUE(parsed.ok());
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(Writing(*parsed, &bytes).ok());
  int32_t a = 0, b = 0, v2 = 0;
  std::string s;
  zerorow::Status st = Reading(bytes, &a, &b, &s, &v2);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(a, 42);
  EXPECT_EQ(b, 42);
  EXPECT_EQ(s, "hi");
  EXPECT_EQ(v2, 2);
  // The checked form reports a truncated row instead of reading it.
  std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + 8);
  EXPECT_EQ(Reading(cut, &a, &b, &s, &v2).kind(), zerorow::ErrorKind::kTruncated);

  const zerorow::Schema& schema = *parsed;
  auto row = zerorow::ValidateAndWrap(schema, bytes, zerorow::ValidationLevel::kFull);
  ASSERT_TRUE(row.ok());
  std::vector<zerorow::BinaryRow> rows{*row};
  const zerorow::Schema& zschema = schema;
  auto arrow = [&]() -> zerorow::Status {
    // --- README "Arrow"
    ArrowArray array; ArrowSchema schema;                      // C Data Interface structs
    ZR_RETURN_NOT_OK(zerorow::arrow_io::ExportRows(zschema, rows, &array, &schema));  // struct array
    zerorow::arrow_io::RowBatch batch;                            // bytes + offsets
    ZR_RETURN_NOT_OK(zerorow::arrow_io::ImportRows(&array, &schema, zschema, &batch));
    // ---
    EXPECT_EQ(batch.bytes, bytes);
    array.release(&array);
    schema.release(&schema);
    return zerorow::Status::OK();
  };
  EXPECT_TRUE(arrow().ok());
}

TEST(ReadmeTest, SchemaJson) {
  // --- README "Schema JSON"
  const char* readme_json = R"({"type":"struct","fields":[
  {"name":"f1","type":"int32","nullable":false},
  {"name":"f2","type":{"type":"list","element":"int32","element_nullable":true},"nullable":true},
  {"name":"f3","type":"string","nullable":true}]})";
  // ---
  auto a = zerorow::Schema::FromJson(readme_json);
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  EXPECT_EQ(a->ToJson(), zerorow::Schema::FromJson(json_text)->ToJson());
  // The factories' defaults give the same schema; JSON without "nullable" is refused.
  auto b = *zerorow::Schema::Make({zerorow::field("f1", zerorow::int32(), false),
                                   zerorow::field("f2", zerorow::list(zerorow::int32())),
                                   zerorow::field("f3", zerorow::string())});
  EXPECT_EQ(b.fingerprint(), a->fingerprint());
  EXPECT_EQ(b.ToJson(), a->ToJson());  // ToJson writes every key, defaults included
  // Hand-written JSON has no defaults (SPEC §4.1: a missing key is invalid_data), so one
  // text means one schema in every language; the error names the key and the path.
  const char* missing_keys[][3] = {
      {R"({"type":"struct","fields":[{"name":"f1","type":"int32"}]})", "nullable", "f1"},
      {R"({"type":"struct","fields":[{"name":"l","type":{"type":"list","element":"int32"},"nullable":true}]})",
       "element_nullable", "l"},
      {R"({"type":"struct","fields":[{"name":"m","type":{"type":"map","key":"string","value":"int32"},)"
       R"("nullable":true}]})", "value_nullable", "m"}};
  for (const auto& [text, key, path] : missing_keys) {
    auto missing = zerorow::Schema::FromJson(text);
    EXPECT_EQ(missing.status().kind(), zerorow::ErrorKind::kInvalidData) << text;
    EXPECT_NE(missing.status().message().find(key), std::string::npos) << missing.status().ToString();
    EXPECT_EQ(missing.status().path(), path) << missing.status().ToString();
  }
}

TEST(ReadmeTest, StructEncoder) {
  Foo foo{7, {1, 2}, {{"k", 1}}, {{"b", {5, 6}}}, std::nullopt};
  // --- README "Struct encoder"
  auto enc = *zerorow::Encoder<Foo>::Make();  // schema inferred: enc.schema()
  zerorow::BinaryRow row = *enc.ToRow(foo);  // valid until the next ToRow on enc
  std::span<const uint8_t> bytes = row.bytes();
  Foo back = *enc.FromRow(row);
  auto bars = *zerorow::Encoder<Bar>::Make();  // keep every encoder in a variable: rows borrow it
  Bar bar = *bars.FromRow(*row.GetArray(3)->GetStruct(0));  // partial decoding
  // ---
  EXPECT_EQ(bytes.size() % 8, 0u);
  EXPECT_EQ(back.f1, 7);
  EXPECT_EQ(back.f3.at("k"), 1);
  EXPECT_EQ(bar.f2, (std::vector<int64_t>{5, 6}));
}

zerorow::Status MoneyAndTime(Trade* out, std::string* schema_json) {
  // --- README "Money and time"
  using namespace std::chrono_literals;  // 2026y, 9h
  auto trades = *zerorow::Encoder<Trade>::Make();  // decimal(12,2), timestamp UTC, date32, decimal(20,0)
  ZR_ASSIGN_OR_RETURN(Money price, Money::FromString("19.99"));
  Trade t{price, std::chrono::sys_days{2026y / 11 / 27} + 9h, 2026y / 11 / 27, 18446744073709551615u};
  ZR_ASSIGN_OR_RETURN(zerorow::BinaryRow row, trades.ToRow(t));
  ZR_ASSIGN_OR_RETURN(Trade back, trades.FromRow(row));  // the same values
  // ---
  *out = back;
  *schema_json = trades.schema().ToJson();
  return zerorow::Status::OK();
}

TEST(ReadmeTest, MoneyAndTime) {
  Trade back;
  std::string schema;
  zerorow::Status st = MoneyAndTime(&back, &schema);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(back.price.ToString(), "19.99");
  EXPECT_EQ(back.day, std::chrono::year_month_day{std::chrono::year{2026} / 11 / 27});
  EXPECT_EQ(back.order_id, UINT64_MAX);
  EXPECT_NE(schema.find(R"({"name":"order_id","type":{"type":"decimal","precision":20,"scale":0},"nullable":false})"),
            std::string::npos)
      << schema;
}

zerorow::Status Evolution(const zerorow::Schema& writer, const zerorow::Schema& reader,
                          std::span<const uint8_t> bytes, int64_t* id_out, int64_t* qty_out, bool* added_out,
                          std::vector<uint8_t>* relaid, Customer* customer) {
  // --- README "Schema evolution"
  zerorow::Resolution res;                                       // keep it: views borrow its tables
  ZR_ASSIGN_OR_RETURN(res, zerorow::Resolve(writer, reader));     // once per pair; refusals here
  ZR_ASSIGN_OR_RETURN(zerorow::ResolvedRow row, res.View(bytes));  // bytes laid out by `writer`
  ZR_ASSIGN_OR_RETURN(int64_t id, row.GetInt64(row.FieldIndex("id")));        // int32 widened
  ZR_ASSIGN_OR_RETURN(int64_t qty, row.GetInt64(row.FieldIndex("quantity")));  // alias "qty"
  ZR_ASSIGN_OR_RETURN(bool added, row.IsNull(row.FieldIndex("email")));       // added: null
  zerorow::RowWriter out(res.reader());                           // the row as the reader lays it out
  ZR_RETURN_NOT_OK(zerorow::WriteReaderRow(row, &out));
  ZR_RETURN_NOT_OK(out.Finish());
  auto customers = *zerorow::Encoder<Customer>::Make();           // its schema: the reader's
  ZR_ASSIGN_OR_RETURN(Customer c, customers.FromRow(row));        // the resolved row as a struct
  // ---
  *customer = std::move(c);
  *id_out = id;
  *qty_out = qty;
  *added_out = added;
  relaid->assign(out.bytes().begin(), out.bytes().end());
  return zerorow::Status::OK();
}

// The lines of the README's ```cpp block that follows `heading`.
std::vector<std::string> ReadmeBlock(const std::string& heading) {
  std::ifstream in(std::filesystem::path(ZEROROW_VECTORS_DIR) / ".." / ".." / "cpp-row" / "README.md");
  std::stringstream text;
  text << in.rdbuf();
  std::string all = text.str();
  size_t at = all.find("\n" + heading + "\n");
  size_t open = all.find("```cpp\n", at);
  size_t close = all.find("```\n", open + 7);
  std::vector<std::string> lines;
  if (at == std::string::npos || open == std::string::npos || close == std::string::npos) return lines;
  std::stringstream block(all.substr(open + 7, close - open - 7));
  for (std::string line; std::getline(block, line);) lines.push_back(line);
  return lines;
}

TEST(ReadmeTest, SchemaEvolution) {
  auto writer = *zerorow::Schema::Make({zerorow::field("id", zerorow::int32(), false),
                                        zerorow::field("name", zerorow::string()),
                                        zerorow::field("qty", zerorow::int16())});
  auto reader = *zerorow::Schema::Make({zerorow::field("name", zerorow::string()),
                                        zerorow::field("id", zerorow::int64(), false),
                                        zerorow::field("quantity", zerorow::int64(), true, {"qty"}),
                                        zerorow::field("email", zerorow::string())});
  zerorow::RowWriter w(writer);
  ASSERT_TRUE(w.WriteInt32(0, 41).ok());
  ASSERT_TRUE(w.WriteString(1, "ann").ok());
  ASSERT_TRUE(w.WriteInt16(2, -3).ok());
  ASSERT_TRUE(w.Finish().ok());
  int64_t id = 0, qty = 0;
  bool added = false;
  std::vector<uint8_t> relaid;
  Customer c;
  zerorow::Status st = Evolution(writer, reader, w.bytes(), &id, &qty, &added, &relaid, &c);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(id, 41);
  EXPECT_EQ(qty, -3);
  EXPECT_TRUE(added);
  EXPECT_EQ(c.name, "ann");
  EXPECT_EQ(c.id, 41);
  EXPECT_EQ(c.quantity, -3);
  EXPECT_FALSE(c.email.has_value());
  auto back = zerorow::ValidateAndWrap(reader, relaid, zerorow::ValidationLevel::kFull);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back->GetString(0), "ann");
  // the README's block is this test's, line for line
  std::ifstream self(__FILE__);
  std::stringstream source;
  source << self.rdbuf();
  std::vector<std::string> block = ReadmeBlock("### Schema evolution");
  ASSERT_EQ(block.size(), 15u);
  for (const std::string& line : block) EXPECT_NE(source.str().find(line + "\n"), std::string::npos) << line;
  // a refused pair: schema_mismatch at the reader's path, as the README says
  auto narrow = *zerorow::Schema::Make({zerorow::field("id", zerorow::int16(), false)});
  EXPECT_EQ(Evolution(writer, narrow, w.bytes(), &id, &qty, &added, &relaid, &c).ToString(),
            "schema_mismatch at id: writer type \"int32\" cannot be read as \"int16\"");
}

}  // namespace
// clang-format on
