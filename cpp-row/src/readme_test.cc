// The README's code snippets, compiled and run (STYLE: every README example is tested).
// Keep each block identical to its README counterpart.
#include <gtest/gtest.h>

#include <iostream>

#include "zerorow/zerorow.h"

struct Bar { std::string f1; std::vector<int64_t> f2; };
struct Foo { int32_t f1; std::vector<int32_t> f2; std::map<std::string, int32_t> f3;
             std::vector<Bar> f4; std::optional<std::string> note; };
ZEROROW_STRUCT(Bar, f1, f2)                 // global scope, declaration order
ZEROROW_STRUCT(Foo, f1, f2, f3, f4, note)

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

TEST(ReadmeTest, WritingAndReading) {
  auto parsed = zerorow::Schema::FromJson(json_text);
  ASSERT_TRUE(parsed.ok());
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(Writing(*parsed, &bytes).ok());
  // --- README "Reading"
  auto schema = zerorow::Schema::FromJson(json_text);              // Result<Schema>
  auto row = zerorow::ValidateAndWrap(bytes, *schema, zerorow::ValidationLevel::kFull);
  if (!row.ok()) std::cerr << row.status().ToString();  // "invalid_data at f3: expected ..."
  int32_t a = *row->GetInt32(0);                       // bounds-checked, Result<int32_t>
  int32_t b = row->GetInt32Unchecked(0);               // no checks: for validated rows
  std::string_view s = *row->GetString(2);             // zero copy
  zerorow::BinaryArray xs = *row->GetArray(1);
  std::span<const int32_t> v = *xs.Values<int32_t>();  // zero copy
  // ---
  ASSERT_TRUE(row.ok()) << row.status().ToString();
  EXPECT_EQ(a, 42);
  EXPECT_EQ(b, 42);
  EXPECT_EQ(s, "hi");
  EXPECT_EQ(v[2], 2);

  std::vector<zerorow::BinaryRow> rows{*row};
  const zerorow::Schema& zschema = *schema;
  auto arrow = [&]() -> zerorow::Status {
    // --- README "Arrow"
    ArrowArray array; ArrowSchema schema;                      // C Data Interface structs
    ZR_RETURN_NOT_OK(zerorow::arrow::ExportRows(zschema, rows, &array, &schema));  // struct array
    zerorow::arrow::RowBatch batch;                            // bytes + offsets
    ZR_RETURN_NOT_OK(zerorow::arrow::ImportRows(&array, &schema, zschema, &batch));
    // ---
    EXPECT_EQ(batch.bytes, bytes);
    array.release(&array);
    schema.release(&schema);
    return zerorow::Status::OK();
  };
  EXPECT_TRUE(arrow().ok());
}

TEST(ReadmeTest, StructEncoder) {
  Foo foo{7, {1, 2}, {{"k", 1}}, {{"b", {5, 6}}}, std::nullopt};
  // --- README "Struct encoder"
  auto enc = *zerorow::Encoder<Foo>::Make();  // schema inferred: enc.schema()
  zerorow::BinaryRow row = *enc.ToRow(foo);  // valid until the next ToRow on enc
  std::span<const uint8_t> bytes = row.bytes();
  Foo back = *enc.FromRow(row);
  Bar bar = *zerorow::Encoder<Bar>::Make()->FromRow(*row.GetArray(3)->GetStruct(0));  // partial
  // ---
  EXPECT_EQ(bytes.size() % 8, 0u);
  EXPECT_EQ(back.f1, 7);
  EXPECT_EQ(back.f3.at("k"), 1);
  EXPECT_EQ(bar.f2, (std::vector<int64_t>{5, 6}));
}

}  // namespace
