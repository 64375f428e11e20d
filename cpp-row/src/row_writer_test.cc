#include "zerorow/row_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "zerorow/validate.h"

namespace zerorow {
namespace {

std::string Hex(std::span<const uint8_t> b) {
  static const char* k = "0123456789abcdef";
  std::string s;
  for (uint8_t c : b) {
    s.push_back(k[c >> 4]);
    s.push_back(k[c & 15]);
  }
  return s;
}

Schema FooSchema() {
  auto bar = struct_({field("f1", string()), field("f2", list(int64()))});
  return *Schema::Make({field("f1", int32(), false), field("f2", list(int32())), field("f3", map(string(), int32())),
                        field("f4", list(bar))});
}

TEST(RowWriterTest, FixedWidthLayout) {
  auto s = *Schema::Make({field("a", int32()), field("b", bool_()), field("c", int64())});
  RowWriter w(s);
  ASSERT_TRUE(w.WriteInt32(0, -1).ok());
  ASSERT_TRUE(w.SetNull(1).ok());
  ASSERT_TRUE(w.WriteInt64(2, 0x0102030405060708).ok());
  ASSERT_TRUE(w.Finish().ok());
  // bitmap (bit 1) | ff ff ff ff 00 00 00 00 (no sign extension) | zero null slot | int64
  EXPECT_EQ(Hex(w.bytes()),
            "0200000000000000"
            "ffffffff00000000"
            "0000000000000000"
            "0807060504030201");
  EXPECT_TRUE(Validate(s, w.bytes()).ok());
  BinaryRow r = w.row();
  EXPECT_EQ(*r.GetInt32(0), -1);
  EXPECT_TRUE(*r.IsNull(1));
  EXPECT_FALSE(*r.IsNull(0));
  EXPECT_EQ(*r.GetInt64(2), 0x0102030405060708);
  EXPECT_EQ(r.GetInt32(3).status().kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(r.GetInt32(-1).status().kind(), ErrorKind::kOutOfRange);
}

TEST(RowWriterTest, StringLayoutAndReuse) {
  auto s = *Schema::Make({field("s", string()), field("e", string())});
  RowWriter w(s);
  ASSERT_TRUE(w.WriteString(0, "hello").ok());
  ASSERT_TRUE(w.WriteString(1, "").ok());
  ASSERT_TRUE(w.Finish().ok());
  // slots: (24 << 32 | 5), (32 << 32 | 0); body "hello" + 3 zero bytes; empty string no body.
  EXPECT_EQ(Hex(w.bytes()),
            "0000000000000000"
            "0500000018000000"
            "0000000020000000"
            "68656c6c6f000000");
  EXPECT_TRUE(Validate(s, w.bytes()).ok());
  EXPECT_EQ(*w.row().GetString(0), "hello");
  EXPECT_EQ(*w.row().GetString(1), "");
  w.Reset();
  ASSERT_TRUE(w.WriteString(0, "x").ok());
  ASSERT_TRUE(w.SetNull(1).ok());
  ASSERT_TRUE(w.Finish().ok());
  EXPECT_EQ(w.bytes().size(), 32u);
  EXPECT_TRUE(Validate(s, w.bytes()).ok());
  EXPECT_EQ(*w.row().GetString(0), "x");
}

TEST(RowWriterTest, NestedFooRoundTrip) {
  Schema s = FooSchema();
  RowWriter w(s);
  ASSERT_TRUE(w.WriteInt32(0, 42).ok());
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(1, 3, &a).ok());
  ASSERT_TRUE(a.WriteInt32(0, 1).ok());
  ASSERT_TRUE(a.SetNull(1).ok());
  ASSERT_TRUE(a.WriteInt32(2, 3).ok());
  ASSERT_TRUE(a.Finish().ok());
  MapWriter m;
  ASSERT_TRUE(w.BeginMap(2, &m).ok());
  ArrayWriter keys, values;
  ASSERT_TRUE(m.BeginKeys(2, &keys).ok());
  ASSERT_TRUE(keys.WriteString(0, "k1").ok());
  ASSERT_TRUE(keys.WriteString(1, "k2").ok());
  EXPECT_EQ(keys.SetNull(1).kind(), ErrorKind::kInvalidData);  // keys are never null
  ASSERT_TRUE(keys.Finish().ok());
  ASSERT_TRUE(m.BeginValues(2, &values).ok());
  ASSERT_TRUE(values.WriteInt32(0, 10).ok());
  ASSERT_TRUE(values.SetNull(1).ok());
  ASSERT_TRUE(values.Finish().ok());
  ASSERT_TRUE(m.Finish().ok());
  ArrayWriter bars;
  ASSERT_TRUE(w.BeginArray(3, 2, &bars).ok());
  for (int i = 0; i < 2; ++i) {
    RowWriter bar;
    ASSERT_TRUE(bars.BeginStruct(i, &bar).ok());
    ASSERT_TRUE(bar.WriteString(0, i == 0 ? "first" : "second").ok());
    ArrayWriter longs;
    ASSERT_TRUE(bar.BeginArray(1, 5, &longs).ok());
    for (int k = 0; k < 5; ++k) ASSERT_TRUE(longs.WriteInt64(k, int64_t{k} * 1000000000000LL).ok());
    ASSERT_TRUE(longs.Finish().ok());
    ASSERT_TRUE(bar.Finish().ok());
  }
  ASSERT_TRUE(bars.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  Status v = Validate(s, w.bytes());
  ASSERT_TRUE(v.ok()) << v.ToString();

  BinaryRow r = w.row();
  EXPECT_EQ(*r.GetInt32(0), 42);
  BinaryArray f2 = *r.GetArray(1);
  EXPECT_EQ(f2.size(), 3);
  EXPECT_TRUE(*f2.IsNull(1));
  auto span = f2.Values<int32_t>();
  ASSERT_TRUE(span.ok());
  EXPECT_EQ((*span)[2], 3);
  BinaryMap f3 = *r.GetMap(2);
  EXPECT_EQ(f3.size(), 2);
  EXPECT_EQ(*f3.keys().GetString(1), "k2");
  EXPECT_EQ(*f3.values().GetInt32(0), 10);
  EXPECT_TRUE(*f3.values().IsNull(1));
  BinaryRow bar1 = *r.GetArray(3)->GetStruct(1);
  EXPECT_EQ(*bar1.GetString(0), "second");
  EXPECT_EQ(*bar1.GetArray(1)->GetInt64(4), 4000000000000LL);
  EXPECT_EQ(r.GetArray(3)->GetStructUnchecked(0).GetStringUnchecked(0), "first");
  EXPECT_EQ(f2.GetInt64(0).status().kind(), ErrorKind::kSchemaMismatch);  // width 4 array
  EXPECT_EQ(r.GetStruct(1).status().kind(), ErrorKind::kSchemaMismatch);
}

TEST(RowWriterTest, TypeAndRangeErrors) {
  auto s = *Schema::Make({field("a", int8(), false), field("t", time()), field("s", string())});
  RowWriter w(s);
  EXPECT_EQ(w.WriteInt32(0, 1).kind(), ErrorKind::kSchemaMismatch);
  Status st = w.WriteInt(0, 300);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "a");
  EXPECT_TRUE(w.WriteInt(0, -128).ok());
  EXPECT_EQ(w.SetNull(0).kind(), ErrorKind::kInvalidData);  // not nullable
  EXPECT_EQ(w.WriteTime(1, 86'400'000'000LL).kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(w.WriteString(2, std::string_view("\xff", 1)).kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(w.WriteInt(7, 1).kind(), ErrorKind::kOutOfRange);
}

// WriteInt / WriteFloat (what bindings call) have an inline path for the common types: they
// must write what the typed writers write and give the same errors, at every boundary.
TEST(RowWriterTest, BindingWritesMatchTypedWrites) {
  auto s = *Schema::Make({field("i8", int8()), field("i16", int16()), field("i32", int32()), field("i64", int64()),
                          field("d", date32()), field("t", time()), field("ts", timestamp()), field("du", duration()),
                          field("f", float32()), field("g", float64()), field("b", bool_())});
  const int64_t lo32 = INT32_MIN, hi32 = INT32_MAX;
  RowWriter a(s), b(s);
  for (int64_t v : {int64_t{0}, int64_t{-1}, lo32, hi32, int64_t{-128}, int64_t{127}}) {
    a.Reset();
    b.Reset();
    ASSERT_TRUE(a.WriteInt(2, v).ok());
    ASSERT_TRUE(b.WriteInt32(2, static_cast<int32_t>(v)).ok());
    ASSERT_TRUE(a.WriteInt(4, v).ok());
    ASSERT_TRUE(b.WriteDate32(4, static_cast<int32_t>(v)).ok());
    ASSERT_TRUE(a.WriteInt(3, v * 3).ok() && a.WriteInt(6, v).ok() && a.WriteInt(7, -v).ok());
    ASSERT_TRUE(b.WriteInt64(3, v * 3).ok() && b.WriteTimestamp(6, v).ok() && b.WriteDuration(7, -v).ok());
    ASSERT_TRUE(a.WriteInt(0, v & 0x7f).ok() && a.WriteInt(1, v & 0x7fff).ok());
    ASSERT_TRUE(b.WriteInt8(0, static_cast<int8_t>(v & 0x7f)).ok() &&
                b.WriteInt16(1, static_cast<int16_t>(v & 0x7fff)).ok());
    ASSERT_TRUE(a.WriteFloat(8, 0.5 * v).ok() && a.WriteFloat(9, -0.25 * v).ok());
    ASSERT_TRUE(b.WriteFloat32(8, static_cast<float>(0.5 * v)).ok() && b.WriteFloat64(9, -0.25 * v).ok());
    ASSERT_TRUE(a.Finish().ok() && b.Finish().ok());
    EXPECT_EQ(Hex(a.bytes()), Hex(b.bytes())) << v;
  }
  a.Reset();
  for (int i : {2, 4}) {
    for (int64_t v : {lo32 - 1, hi32 + 1}) {
      Status st = a.WriteInt(i, v);
      EXPECT_EQ(st.kind(), ErrorKind::kInvalidData) << i << " " << v;
      EXPECT_EQ(st.path(), i == 2 ? "i32" : "d");
      EXPECT_EQ(st.actual(), v);
    }
  }
  EXPECT_EQ(a.WriteInt(5, -1).kind(), ErrorKind::kInvalidData);  // time: 0 <= v < 86400e6
  EXPECT_TRUE(a.WriteInt(5, 86'399'999'999LL).ok());
  EXPECT_EQ(a.WriteInt(10, 1).kind(), ErrorKind::kSchemaMismatch);  // bool
  EXPECT_EQ(a.WriteInt(-1, 1).kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(a.WriteInt(11, 1).kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(a.WriteFloat(3, 1.0).kind(), ErrorKind::kSchemaMismatch);  // int64
  EXPECT_EQ(a.WriteFloat(11, 1.0).kind(), ErrorKind::kOutOfRange);
  EXPECT_EQ(a.WriteFloat(8, 1e300).kind(), ErrorKind::kInvalidData);  // beyond float32
  EXPECT_EQ(a.WriteFloat64(8, 1.0).kind(), ErrorKind::kSchemaMismatch);
  auto st = *Schema::Make({field("s", struct_({field("x", int64())}))});
  RowWriter sw(st);  // a struct field takes no other kind of value
  ArrayWriter aw;
  MapWriter mw;
  EXPECT_EQ(sw.WriteInt(0, 1).kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(sw.WriteFloat(0, 1.0).kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(sw.WriteFloat64(0, 1.0).kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(sw.WriteString(0, "x").kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(sw.WriteBinary(0, std::string_view("x")).kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(sw.WriteDecimal(0, Decimal128{}).kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(sw.BeginArray(0, 1, &aw).kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(sw.BeginMap(0, &mw).kind(), ErrorKind::kSchemaMismatch);
  EXPECT_EQ(sw.size_so_far(), 16u);  // nothing was written
  RowWriter nested;                  // not started: every write is an error, never a write
  EXPECT_EQ(nested.WriteInt(0, 1).kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(nested.WriteFloat(0, 1.0).kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(nested.WriteString(0, "x").kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(nested.WriteBinary(0, std::string_view("x")).kind(), ErrorKind::kInvalidArgument);
}

TEST(RowWriterTest, FloatsAreCanonical) {
  auto s = *Schema::Make({field("f", float32()), field("d", float64())});
  RowWriter w(s);
  uint32_t weird_nan32 = 0x7fc00001;
  float f;
  std::memcpy(&f, &weird_nan32, 4);
  ASSERT_TRUE(w.WriteFloat32(0, f).ok());
  ASSERT_TRUE(w.WriteFloat64(1, -std::numeric_limits<double>::quiet_NaN()).ok());
  ASSERT_TRUE(w.Finish().ok());
  EXPECT_EQ(Hex(w.bytes()),
            "0000000000000000"
            "0000c07f00000000"
            "000000000000f87f");
}

TEST(RowWriterTest, DecimalLayouts) {
  auto s = *Schema::Make({field("small", decimal(10, 2)), field("big", decimal(38, 4)),
                          field("bignull", decimal(20, 0)), field("l", list(decimal(20, 0)))});
  RowWriter w(s);
  ASSERT_TRUE(w.WriteDecimal(0, *DecimalFromString("-12.34", 10, 2)).ok());
  ASSERT_TRUE(w.WriteDecimal(1, *DecimalFromString("1.5", 38, 4)).ok());  // 15000 = 0x3a98
  ASSERT_TRUE(w.SetNull(2).ok());
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(3, 2, &a).ok());
  ASSERT_TRUE(a.WriteDecimal(0, Decimal128{-1}).ok());
  ASSERT_TRUE(a.SetNull(1).ok());
  ASSERT_TRUE(a.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  Status v = Validate(s, w.bytes());
  ASSERT_TRUE(v.ok()) << v.ToString();
  std::string hex = Hex(w.bytes());
  // bitmap: field 2 null; small: -1234; big: ref (40 << 32 | 2); bignull: (56 << 32 | 0)
  EXPECT_EQ(hex.substr(0, 16 * 5),
            "0400000000000000"
            "2efbffffffffffff"
            "0200000028000000"
            "0000000038000000"
            "2800000048000000");
  EXPECT_EQ(hex.substr(16 * 5, 32), "3a980000000000000000000000000000");
  BinaryRow r = w.row();
  EXPECT_EQ(DecimalToString(*r.GetDecimal(0), 2), "-12.34");
  EXPECT_EQ(DecimalToString(*r.GetDecimal(1), 4), "1.5000");
  EXPECT_EQ(r.GetArray(3)->GetDecimal(0)->unscaled, -1);
  w.Reset();
  EXPECT_EQ(w.WriteDecimal(0, Decimal128{10000000000}).kind(), ErrorKind::kInvalidData);
  EXPECT_FALSE(DecimalFromString("1.234", 10, 2).ok());
  EXPECT_EQ(DecimalToString(*DecimalFromString("7", 5, 0), 0), "7");
  EXPECT_EQ(DecimalToString(Decimal128{-5}, 3), "-0.005");
}

TEST(RowWriterTest, AppendModeKeepsRowsAligned) {
  auto s = *Schema::Make({field("s", string())});
  std::vector<uint8_t> out;
  RowWriter w(s, &out);
  std::vector<size_t> offsets;
  for (int i = 0; i < 3; ++i) {
    if (i) w.Reset();
    offsets.push_back(w.offset());
    ASSERT_TRUE(w.WriteString(0, std::string(i * 3, 'x')).ok());
    ASSERT_TRUE(w.Finish().ok());
  }
  for (size_t o : offsets) EXPECT_EQ(o % 8, 0u);
  EXPECT_EQ(out.size() % 8, 0u);
  size_t before = out.size();
  w.Reset();
  ASSERT_TRUE(w.WriteString(0, "abandoned").ok());
  w.Reset();  // the unfinished row is dropped
  ASSERT_TRUE(w.WriteString(0, "kept").ok());
  ASSERT_TRUE(w.Finish().ok());
  EXPECT_EQ(w.offset(), before);
  EXPECT_EQ(out.size(), before + 24);
}

TEST(RowWriterTest, OverflowIsAnError) {
  auto s = *Schema::Make({field("l", list(int64()))});
  RowWriter w(s);
  ArrayWriter a;
  Status st = w.BeginArray(0, (int64_t{1} << 31) - 1, &a);  // 16 GiB of elements
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_NE(st.message().find("2^31-8"), std::string::npos) << st.ToString();
  EXPECT_EQ(w.BeginArray(0, int64_t{1} << 31, &a).kind(), ErrorKind::kInvalidData);
}

}  // namespace
}  // namespace zerorow

namespace zerorow {
namespace {

TEST(RowWriterBulkTest, WriteValuesAndRawStruct) {
  auto inner = struct_({field("x", int32())});
  auto s = *Schema::Make({field("d", list(float64())), field("b", list(bool_())), field("s", inner)});
  RowWriter w(s);
  ArrayWriter d;
  ASSERT_TRUE(w.BeginArray(0, 3, &d).ok());
  std::vector<double> xs{1.5, std::nan(""), -0.0};
  EXPECT_EQ(d.WriteValues(std::span<const float>()).kind(), ErrorKind::kSchemaMismatch);
  ASSERT_TRUE(d.WriteValues(std::span<const double>(xs)).ok());
  ASSERT_TRUE(d.Finish().ok());
  ArrayWriter b;
  ASSERT_TRUE(w.BeginArray(1, 2, &b).ok());
  std::vector<uint8_t> bad{0, 2}, good{1, 0};
  EXPECT_EQ(b.WriteValues(std::span<const uint8_t>(bad)).kind(), ErrorKind::kInvalidData);
  ASSERT_TRUE(b.WriteValues(std::span<const uint8_t>(good)).ok());
  ASSERT_TRUE(b.Finish().ok());
  // A struct body copied from another row of the struct type.
  RowWriter other(*Schema::FromStructType(inner));
  ASSERT_TRUE(other.WriteInt32(0, 9).ok());
  ASSERT_TRUE(other.Finish().ok());
  ASSERT_TRUE(w.WriteRawStruct(2, other.bytes()).ok());
  ASSERT_TRUE(w.Finish().ok());
  Status v = Validate(s, w.bytes());
  ASSERT_TRUE(v.ok()) << v.ToString();
  EXPECT_TRUE(std::isnan(*w.row().GetArray(0)->GetFloat64(1)));
  EXPECT_EQ(*w.row().GetStruct(2)->GetInt32(0), 9);
  auto f = *Schema::Make({field("f", float32())});
  RowWriter fw(f);
  EXPECT_EQ(fw.WriteFloat(0, 1e300).kind(), ErrorKind::kInvalidData);
  EXPECT_TRUE(fw.WriteFloat(0, INFINITY).ok());
}

TEST(RowWriterTest, AppendingWriterKeepsWhatTheVectorHeld) {
  auto s = *Schema::Make({field("a", int64())});
  std::vector<uint8_t> buf(16, 0xab);  // someone else's bytes
  RowWriter w(s, &buf);
  ASSERT_TRUE(w.WriteInt64(0, 7).ok());
  ASSERT_TRUE(w.Finish().ok());
  ASSERT_EQ(buf.size(), 32u);
  EXPECT_EQ(buf[0], 0xab);
  EXPECT_EQ(buf[15], 0xab);
  EXPECT_EQ(w.offset(), 16u);
  EXPECT_EQ(*w.row().GetInt64(0), 7);
}

// A RowWriter moves with its buffer and its row (vectors of writers, factories).
RowWriter MakeWriter(const Schema& s, int64_t id) {
  RowWriter w(s);
  EXPECT_TRUE(w.WriteInt64(0, id).ok());
  return w;  // moved out mid-row
}

TEST(RowWriterTest, MovesWithItsBufferAndRow) {
  auto s = *Schema::Make({field("id", int64(), false), field("name", string())});
  std::vector<RowWriter> writers;
  for (int64_t k = 0; k < 4; ++k) writers.push_back(MakeWriter(s, k));  // the vector reallocates
  for (int64_t k = 0; k < 4; ++k) {
    std::string name = "w";  // appended: gcc 12 warns falsely on "w" + std::to_string(k)
    name += std::to_string(k);
    ASSERT_TRUE(writers[k].WriteString(1, name).ok());
    ASSERT_TRUE(writers[k].Finish().ok());
    EXPECT_EQ(*writers[k].row().GetInt64(0), k);
    EXPECT_EQ(*writers[k].row().GetString(1), name);
  }
  BinaryRow kept = writers[0].row();
  RowWriter moved = std::move(writers[0]);
  EXPECT_EQ(*kept.GetString(1), "w0");  // the buffer moved, the row's bytes did not
  Status gone = writers[0].WriteInt64(0, 1);
  EXPECT_EQ(gone.kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(gone.message().find("moved from"), std::string::npos) << gone.ToString();
  writers[0].Reset();  // a moved-from writer stays refused
  EXPECT_EQ(writers[0].Finish().kind(), ErrorKind::kInvalidArgument);
  moved.Reset();
  ASSERT_TRUE(moved.WriteInt64(0, 9).ok());
  ASSERT_TRUE(moved.Finish().ok());
  // moved while a child writer is open: the child is detached and the row must be written again
  RowWriter w(*Schema::Make({field("xs", list(int32()))}));
  ArrayWriter xs;
  ASSERT_TRUE(w.BeginArray(0, 1, &xs).ok());
  RowWriter other = std::move(w);
  EXPECT_EQ(xs.WriteInt32(0, 1).kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(other.Finish().kind(), ErrorKind::kInvalidArgument);
  other.Reset();
  ASSERT_TRUE(other.BeginArray(0, 1, &xs).ok());
  ASSERT_TRUE(xs.WriteInt32(0, 1).ok());
  ASSERT_TRUE(xs.Finish().ok());
  ASSERT_TRUE(other.Finish().ok());
  EXPECT_TRUE(Validate(other.row()).ok());
}

TEST(RowWriterTest, ANegativeArrayCountSaysSo) {
  auto s = *Schema::Make({field("xs", list(int32()))});
  RowWriter w(s);
  ArrayWriter a;
  Status st = w.BeginArray(0, -1, &a);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(st.ToString(), "invalid_argument at xs: array count must be >= 0 but is -1 (a list has no negative size)");
  Status wrong = w.WriteString(0, "x");
  EXPECT_EQ(wrong.message(), "cannot write a string value into a field of type list");
  EXPECT_EQ(w.WriteInt32(0, 1).message(), "cannot write an int32 value into a field of type list");
}

}  // namespace
}  // namespace zerorow
