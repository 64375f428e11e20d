#include "zerorow/arrow/parquet_footer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace zerorow::arrow_io {
namespace {

// A FileMetaData in the Thrift compact protocol, written by hand: version 1, the schema list,
// num_rows 0, no row groups.
struct Thrift {
  std::string out;
  void Varint(uint64_t n) {
    while (n >= 0x80) {
      out.push_back(static_cast<char>((n & 0x7F) | 0x80));
      n >>= 7;
    }
    out.push_back(static_cast<char>(n));
  }
  void I32(int16_t delta, int64_t v) {
    out.push_back(static_cast<char>(delta << 4 | 5));
    Varint(static_cast<uint64_t>((v << 1) ^ (v >> 63)));
  }
  void Name(int16_t delta, const std::string& s) {
    out.push_back(static_cast<char>(delta << 4 | 8));
    Varint(s.size());
    out += s;
  }
  // logicalType (field 10) holding union member `member` as an empty struct.
  void Logical(int16_t delta, int member) {
    out.push_back(static_cast<char>(delta << 4 | 12));
    out.push_back(static_cast<char>(member < 16 ? (member << 4 | 12) : 12));
    if (member >= 16) Varint(static_cast<uint64_t>(member) << 1);
    out += std::string(2, '\0');  // the member's empty struct, then the union's end
  }
  void Stop() { out.push_back('\0'); }
};

struct Elem {
  std::string name;
  int type = -1, num_children = 0, converted = -1, logical = 0, field_id = -1, length = 0;
};

std::vector<uint8_t> Footer(const std::vector<Elem>& elements, int schema_lists = 1) {
  Thrift t;
  t.I32(1, 1);  // version
  for (int list = 0; list < schema_lists; ++list) {
    if (list == 0) {
      t.out.push_back(static_cast<char>(1 << 4 | 9));  // field 2: list
    } else {
      t.out.push_back(static_cast<char>(9));  // field 2 again: the id written out (zigzag)
      t.Varint(2 << 1);
    }
    if (elements.size() < 15) {
      t.out.push_back(static_cast<char>(elements.size() << 4 | 12));
    } else {
      t.out.push_back(static_cast<char>(0xF0 | 12));
      t.Varint(elements.size());
    }
    for (const Elem& e : elements) {
      int16_t last = 0;
      auto delta = [&](int16_t id) {
        int16_t d = static_cast<int16_t>(id - last);
        last = id;
        return d;
      };
      if (e.type >= 0) t.I32(delta(1), e.type);
      if (e.length > 0) t.I32(delta(2), e.length);
      t.I32(delta(3), e.num_children > 0 ? 1 : 0);  // repetition: optional
      t.Name(delta(4), e.name);
      if (e.num_children > 0) t.I32(delta(5), e.num_children);
      if (e.converted >= 0) t.I32(delta(6), e.converted);
      if (e.field_id >= 0) t.I32(delta(9), e.field_id);
      if (e.logical > 0) t.Logical(delta(10), e.logical);
      t.Stop();
    }
  }
  t.out.push_back(static_cast<char>(1 << 4 | 6));  // field 3: num_rows
  t.Varint(0);
  t.out.push_back(static_cast<char>(1 << 4 | 9));  // field 4: row groups, none
  t.out.push_back(static_cast<char>(0 << 4 | 12));
  t.Stop();
  return {t.out.begin(), t.out.end()};
}

std::span<const uint8_t> Bytes(const std::string& s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

TEST(ParquetFooter, NothingToPatch) {
  auto patched = PatchParquetFooter(Footer({{.name = "m", .num_children = 1}, {.name = "a", .type = 1}}));
  ASSERT_TRUE(patched.ok()) << patched.status().ToString();
  EXPECT_TRUE(patched->marks.empty());
  EXPECT_TRUE(patched->footer.empty());
}

TEST(ParquetFooter, IntervalLosesItsUnknownLogicalTypeAndGetsAFreshFieldId) {
  // parquet-mr's form: FIXED_LEN_BYTE_ARRAY(12), converted type INTERVAL (21), logical type
  // UNKNOWN (union member 11), inside a group.
  auto footer = Footer({{.name = "m", .num_children = 1},
                        {.name = "g", .num_children = 1, .field_id = 2147483647},
                        {.name = "i", .type = 7, .converted = 21, .logical = 11, .field_id = 5, .length = 12}});
  auto patched = PatchParquetFooter(footer);
  ASSERT_TRUE(patched.ok()) << patched.status().ToString();
  ASSERT_EQ(patched->marks.size(), 1u);
  const ParquetMark& m = patched->marks[0];
  EXPECT_EQ(m.kind, ParquetMark::Kind::kInterval);
  EXPECT_EQ(m.path, "g.i");
  EXPECT_EQ(m.original_field_id, 5);
  EXPECT_EQ(m.field_id, 2147483646);  // 2^31-1 is the group's
  EXPECT_LT(patched->footer.size(), footer.size() + 8);
  // Patched again: the same element (still INTERVAL), now with the fresh id and no logical type.
  auto again = PatchParquetFooter(Bytes(patched->footer));
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  ASSERT_EQ(again->marks.size(), 1u);
  EXPECT_EQ(again->marks[0].original_field_id, 2147483646);
  EXPECT_EQ(again->marks[0].path, "g.i");
}

TEST(ParquetFooter, VariantGroups) {
  auto footer = Footer({{.name = "m", .num_children = 2},
                        {.name = "v", .num_children = 2, .logical = 16},
                        {.name = "metadata", .type = 6},
                        {.name = "value", .type = 6},
                        {.name = "s", .num_children = 3, .logical = 16},
                        {.name = "metadata", .type = 6},
                        {.name = "value", .type = 6},
                        {.name = "typed_value", .type = 2}});
  auto patched = PatchParquetFooter(footer);
  ASSERT_TRUE(patched.ok()) << patched.status().ToString();
  ASSERT_EQ(patched->marks.size(), 2u);
  EXPECT_EQ(patched->marks[0].kind, ParquetMark::Kind::kVariant);
  EXPECT_EQ(patched->marks[0].path, "v");
  EXPECT_FALSE(patched->marks[0].original_field_id.has_value());
  EXPECT_EQ(patched->marks[1].kind, ParquetMark::Kind::kShreddedVariant);
  EXPECT_EQ(patched->marks[1].path, "s");
  // The annotation is gone: nothing is marked a second time.
  auto again = PatchParquetFooter(Bytes(patched->footer));
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_TRUE(again->marks.empty());
}

TEST(ParquetFooter, BrokenBytesAreInvalidDataNeverARead) {
  auto footer = Footer(
      {{.name = "m", .num_children = 1}, {.name = "i", .type = 7, .converted = 21, .logical = 11, .length = 12}});
  for (size_t n = 0; n < footer.size(); ++n) {
    auto cut = PatchParquetFooter(std::span<const uint8_t>(footer.data(), n));
    if (!cut.ok()) {
      EXPECT_EQ(cut.status().kind(), ErrorKind::kInvalidData);
    }
  }
  // A map (field 7, type 11) of 2^62 entries of bools, a list of 2^62 i32: each is refused on
  // its count (they once ran for as long as the count said, reading nothing).
  for (const std::vector<uint8_t>& huge :
       {std::vector<uint8_t>{0x7b, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0x22, 0, 0},
        std::vector<uint8_t>{0x79, 0xf5, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0, 0}}) {
    auto r = PatchParquetFooter(huge);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().kind(), ErrorKind::kInvalidData);
    EXPECT_NE(r.status().message().find("than the footer has bytes"), std::string::npos) << r.status().ToString();
  }
  std::vector<uint8_t> deep(200, static_cast<uint8_t>(1 << 4 | 12));  // structs nested 200 deep
  auto r = PatchParquetFooter(deep);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().kind(), ErrorKind::kInvalidData);
}

TEST(ParquetFooter, ASchemaListTwiceIsInvalidData) {
  auto r = PatchParquetFooter(
      Footer({{.name = "m", .num_children = 1}, {.name = "i", .type = 7, .converted = 21, .length = 12}}, 2));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().kind(), ErrorKind::kInvalidData);
  EXPECT_NE(r.status().message().find("appears twice"), std::string::npos) << r.status().ToString();
}

TEST(ParquetFooter, DeepGroupsCostLinearWorkAndCutPaths) {
  // 20,000 groups nested one in the other, each holding an INTERVAL leaf beside the next group:
  // every leaf is marked, and each path names at most 64 levels (not the 20,000 above it).
  std::vector<Elem> elements{{.name = "m", .num_children = 2}};
  constexpr int kDepth = 20000;
  for (int k = 0; k < kDepth; ++k) {
    elements.push_back({.name = "i", .type = 7, .converted = 21, .length = 12});
    elements.push_back({.name = "g", .num_children = k + 1 < kDepth ? 2 : 1});
  }
  elements.push_back({.name = "i", .type = 7, .converted = 21, .length = 12});
  auto r = PatchParquetFooter(Footer(elements));
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->marks.size(), static_cast<size_t>(kDepth + 1));
  EXPECT_EQ(r->marks[0].path, "i");
  EXPECT_EQ(r->marks[2].path, "g.g.i");
  const std::string& last = r->marks.back().path;
  EXPECT_EQ(last.rfind("...", 0), 0u) << last;
  EXPECT_EQ(last.size(), 3 + 64 * 2 - 1 + 1) << last;  // "..." then ".g" x 63 and ".i"
}

}  // namespace
}  // namespace zerorow::arrow_io
