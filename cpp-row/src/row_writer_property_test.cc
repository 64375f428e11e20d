// The writers never say OK to a bad row (SPEC §6.3): every misuse of the writer API is
// refused or made valid, and a property test drives random call sequences (in and out of
// order, children unfinished, destroyed or reused, writes after Finish) and checks that
// whenever the top-level Finish() returns OK, the bytes pass Validate(kFull).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <vector>

#include "zerorow/row_writer.h"
#include "zerorow/validate.h"

namespace zerorow {
namespace {

Schema MixedSchema() {
  return *Schema::Make({
      field("a", int32(), false),                                         // 0
      field("s", string()),                                               // 1
      field("l", list(string())),                                         // 2
      field("st", struct_({field("x", int64()), field("y", string())})),  // 3
      field("m", map(string(), int32())),                                 // 4
      field("d", decimal(30, 2)),                                         // 5
      field("ns", string(), false),                                       // 6
      field("b", binary()),                                               // 7
  });
}

TEST(RowWriterMisuseTest, UnwrittenNullableVariableWidthFieldBecomesNull) {
  auto s = *Schema::Make({field("s", string()), field("l", list(int32())), field("d", decimal(30, 2))});
  RowWriter w(s);
  ASSERT_TRUE(w.Finish().ok());
  ASSERT_TRUE(Validate(s, w.bytes()).ok()) << Validate(s, w.bytes()).ToString();
  EXPECT_TRUE(*w.row().IsNull(0));
  EXPECT_TRUE(*w.row().IsNull(1));
  EXPECT_TRUE(*w.row().IsNull(2));
}

TEST(RowWriterMisuseTest, UnwrittenNonNullableIsRefused) {
  auto s = *Schema::Make({field("ns", string(), false)});
  RowWriter w(s);
  Status st = w.Finish();
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(st.path(), "ns");
}

// A forgotten number is refused like a forgotten string (never a silent 0), and a forgotten
// nullable number or element reads as null.
TEST(RowWriterMisuseTest, UnwrittenFixedWidthValuesAreNullOrRefused) {
  auto s = *Schema::Make({field("id", int64(), false), field("opt", int32()), field("xs", list(int32()))});
  RowWriter w(s);
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(2, 3, &a).ok());
  ASSERT_TRUE(a.WriteInt32(0, 5).ok());
  ASSERT_TRUE(a.Finish().ok());  // elements 1 and 2 were never written: null
  Status st = w.Finish();
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(st.path(), "id");
  EXPECT_NE(st.message().find("an int64 value is needed"), std::string::npos) << st.ToString();
  w.Reset();
  ASSERT_TRUE(w.WriteInt64(0, 7).ok());
  ASSERT_TRUE(w.BeginArray(2, 3, &a).ok());
  ASSERT_TRUE(a.WriteInt32(0, 5).ok());
  ASSERT_TRUE(a.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  ASSERT_TRUE(Validate(s, w.bytes()).ok());
  EXPECT_TRUE(*w.row().IsNull(1));
  BinaryArray xs = *w.row().GetArray(2);
  EXPECT_FALSE(*xs.IsNull(0));
  EXPECT_TRUE(*xs.IsNull(1));
  EXPECT_TRUE(*xs.IsNull(2));
  // a map key never written, and a non-nullable element
  auto m = *Schema::Make({field("m", map(int32(), int32())), field("ns", list(int32(), false))});
  RowWriter mw(m);
  MapWriter map;
  ArrayWriter keys, values;
  ASSERT_TRUE(mw.BeginMap(0, &map).ok());
  ASSERT_TRUE(map.BeginKeys(1, &keys).ok());
  Status key = keys.Finish();
  EXPECT_EQ(key.kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(key.message(), "map key was not written");
  mw.Reset();
  ArrayWriter ns;
  ASSERT_TRUE(mw.SetNull(0).ok());
  ASSERT_TRUE(mw.BeginArray(1, 2, &ns).ok());
  ASSERT_TRUE(ns.WriteInt32(1, 1).ok());
  Status elem = ns.Finish();
  EXPECT_EQ(elem.path(), "[0]");
  EXPECT_NE(elem.message().find("non-nullable element was not written"), std::string::npos) << elem.ToString();
}

TEST(RowWriterMisuseTest, SecondRowWithoutResetIsRefused) {
  auto s = *Schema::Make({field("s", string())});
  RowWriter w(s);
  ASSERT_TRUE(w.WriteString(0, "x").ok());
  ASSERT_TRUE(w.Finish().ok());
  Status st = w.WriteString(0, "y");
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(st.message().find("Reset()"), std::string::npos) << st.ToString();
  EXPECT_EQ(w.Finish().kind(), ErrorKind::kInvalidArgument);
}

TEST(RowWriterMisuseTest, OutOfOrderAndTwiceAreRefused) {
  auto s = *Schema::Make({field("a", string()), field("b", string())});
  RowWriter w(s);
  ASSERT_TRUE(w.WriteString(1, "b").ok());
  Status st = w.WriteString(0, "a");
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(st.path(), "a");
  EXPECT_EQ(w.WriteString(1, "again").kind(), ErrorKind::kInvalidArgument);
  ASSERT_TRUE(w.Finish().ok());  // field a was never written: null
  EXPECT_TRUE(Validate(s, w.bytes()).ok());
}

TEST(RowWriterMisuseTest, UnfinishedChildBlocksParent) {
  auto s = *Schema::Make({field("l", list(int32())), field("s", string())});
  RowWriter w(s);
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(0, 2, &a).ok());
  EXPECT_EQ(w.WriteString(1, "x").kind(), ErrorKind::kInvalidArgument);
  Status st = w.Finish();
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(st.message().find("still open"), std::string::npos) << st.ToString();
  ASSERT_TRUE(a.Finish().ok());
  ASSERT_TRUE(w.Finish().ok());
  EXPECT_TRUE(Validate(s, w.bytes()).ok());
}

TEST(RowWriterMisuseTest, ChildDestroyedBeforeFinishFailsTheParent) {
  auto s = *Schema::Make({field("l", list(int32()))});
  RowWriter w(s);
  {
    ArrayWriter a;
    ASSERT_TRUE(w.BeginArray(0, 2, &a).ok());
  }
  EXPECT_EQ(w.Finish().kind(), ErrorKind::kInvalidArgument);
  w.Reset();
  ASSERT_TRUE(w.Finish().ok());
}

TEST(RowWriterMisuseTest, ChildWritesAfterParentResetAreRefused) {
  auto s = *Schema::Make({field("l", list(int32()))});
  RowWriter w(s);
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(0, 2, &a).ok());
  w.Reset();
  Status st = a.WriteInt32(0, 1);
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(st.message().find("detached"), std::string::npos) << st.ToString();
  EXPECT_EQ(a.Finish().kind(), ErrorKind::kInvalidArgument);
}

TEST(RowWriterMisuseTest, ChildWritesAfterItsFinishAreRefused) {
  auto s = *Schema::Make({field("l", list(int32()))});
  RowWriter w(s);
  ArrayWriter a;
  ASSERT_TRUE(w.BeginArray(0, 2, &a).ok());
  ASSERT_TRUE(a.Finish().ok());
  EXPECT_EQ(a.WriteInt32(0, 1).kind(), ErrorKind::kInvalidArgument);
}

TEST(RowWriterMisuseTest, MapWithUnfinishedKeysIsRefused) {
  auto s = *Schema::Make({field("m", map(string(), int32()))});
  RowWriter w(s);
  MapWriter m;
  ArrayWriter keys, values;
  ASSERT_TRUE(w.BeginMap(0, &m).ok());
  ASSERT_TRUE(m.BeginKeys(1, &keys).ok());
  ASSERT_TRUE(keys.WriteString(0, "k").ok());
  EXPECT_EQ(m.BeginValues(1, &values).kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(m.Finish().kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(w.Finish().kind(), ErrorKind::kInvalidArgument);
}

TEST(RowWriterMisuseTest, NullThenValueClearsTheNull) {
  auto s = *Schema::Make({field("a", int32()), field("s", string())});
  RowWriter w(s);
  ASSERT_TRUE(w.SetNull(0).ok());
  ASSERT_TRUE(w.WriteInt32(0, 5).ok());
  ASSERT_TRUE(w.SetNull(1).ok());
  ASSERT_TRUE(w.WriteString(1, "x").ok());
  ASSERT_TRUE(w.Finish().ok());
  EXPECT_TRUE(Validate(s, w.bytes()).ok());
  EXPECT_EQ(*w.row().GetInt32(0), 5);
  EXPECT_EQ(*w.row().GetString(1), "x");
}

// ---- property: Finish() OK => Validate(kFull) OK ----------------------------------------------

class RandomWriter {
 public:
  explicit RandomWriter(uint32_t seed) : rng_(seed) {}

  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  // One random call on a row or array writer; may begin children and leave them open.
  void Step(detail::SlotWriter* w, int depth) {
    int n = std::max(1, w->size() + 1);  // sometimes one past the end
    int i = Pick(n);
    switch (Pick(12)) {
      case 0:
        (void)w->WriteInt32(i, Pick(100));
        break;
      case 1:
        (void)w->WriteInt64(i, Pick(100));
        break;
      case 2:
        (void)w->WriteString(i, std::string(static_cast<size_t>(Pick(12)), 'x'));
        break;
      case 3:
        (void)w->SetNull(i);
        break;
      case 4:
        (void)w->WriteDecimal(i, Decimal128{Pick(1000)});
        break;
      case 5:
        (void)w->WriteBinary(i, std::string_view("ab"));
        break;
      case 6: {
        auto a = std::make_unique<ArrayWriter>();
        if (w->BeginArray(i, Pick(4), a.get()).ok() && depth < 3) Fill(a.get(), depth + 1);
        Keep(std::move(a));
        break;
      }
      case 7: {
        auto r = std::make_unique<RowWriter>();
        if (w->BeginStruct(i, r.get()).ok() && depth < 3) Fill(r.get(), depth + 1);
        Keep(std::move(r));
        break;
      }
      case 8: {
        auto m = std::make_unique<MapWriter>();
        if (w->BeginMap(i, m.get()).ok()) FillMap(m.get(), depth + 1);
        Keep(std::move(m));
        break;
      }
      case 9:
        (void)w->WriteFloat64(i, 1.5);
        break;
      case 10:
        if (Pick(4) == 0) Drop();
        break;  // destroy some children, finished or not
      default:
        (void)w->WriteInt(i, Pick(100));
        break;
    }
  }

  void Fill(detail::SlotWriter* w, int depth) {
    int steps = Pick(6);
    for (int k = 0; k < steps; ++k) Step(w, depth);
    if (Pick(8) != 0) {
      if (auto* a = dynamic_cast<ArrayWriter*>(w)) (void)a->Finish();
      if (auto* r = dynamic_cast<RowWriter*>(w)) (void)r->Finish();
    }
  }

  void FillMap(MapWriter* m, int depth) {
    int count = Pick(3);
    auto keys = std::make_unique<ArrayWriter>();
    auto values = std::make_unique<ArrayWriter>();
    if (m->BeginKeys(count, keys.get()).ok()) Fill(keys.get(), depth);
    if (m->BeginValues(count + (Pick(6) == 0), values.get()).ok()) Fill(values.get(), depth);
    if (Pick(8) != 0) (void)m->Finish();
    Keep(std::move(keys));
    Keep(std::move(values));
  }

  template <typename W>
  void Keep(std::unique_ptr<W> w) {
    pool_.push_back(std::shared_ptr<void>(std::move(w)));
  }
  void Drop() {
    if (!pool_.empty()) pool_.erase(pool_.begin() + Pick(static_cast<int>(pool_.size())));
  }
  void Clear() { pool_.clear(); }

 private:
  std::mt19937 rng_;
  std::vector<std::shared_ptr<void>> pool_;
};

TEST(RowWriterPropertyTest, FinishOkMeansTheBytesPassFullValidation) {
  Schema s = MixedSchema();
  RowWriter w(s);
  int finished_ok = 0, refused = 0;
  for (uint32_t seed = 1; seed <= 20000; ++seed) {
    RandomWriter r(seed);
    if (r.Pick(3) == 0) w.Reset();
    int steps = 1 + r.Pick(8);
    if (r.Pick(8) != 0) (void)w.WriteInt32(0, 7);  // the non-nullable int32, most of the time
    for (int k = 0; k < steps; ++k) r.Step(&w, 0);
    if (r.Pick(3) != 0) (void)w.WriteString(6, "n");  // the non-nullable field, often in order
    if (r.Pick(4) == 0) r.Drop();
    Status st = w.Finish();
    if (st.ok()) {
      ++finished_ok;
      Status v = Validate(s, w.bytes(), ValidationLevel::kFull);
      ASSERT_TRUE(v.ok()) << "seed " << seed << ": Finish() said OK but " << v.ToString();
    } else {
      ++refused;
    }
    r.Clear();  // children die after the row (some open, some finished)
    w.Reset();
  }
  // Both outcomes must be common, or the property says little.
  EXPECT_GT(finished_ok, 600);
  EXPECT_GT(refused, 600);
  std::printf("writer property: %d rows finished OK (all valid), %d refused\n", finished_ok, refused);
}

// ---- property: an unwritten value is null or refused, never a silent 0 ------------------------

// Fixed-width fields and array elements of each nullability; random subsets are written.
Schema FixedSchema() {
  return *Schema::Make({
      field("id", int64(), false),               // 0
      field("opt", int32()),                     // 1
      field("flag", bool_(), false),             // 2
      field("score", float64()),                 // 3
      field("day", date32(), false),             // 4
      field("price", decimal(10, 2)),            // 5
      field("xs", list(int32(), false), false),  // 6: non-nullable elements
      field("ys", list(int64())),                // 7: nullable elements
  });
}

TEST(RowWriterPropertyTest, UnwrittenValuesAreNullOrRefusedNeverZero) {
  Schema s = FixedSchema();
  RowWriter w(s);
  int accepted = 0, refused = 0;
  for (uint32_t seed = 1; seed <= 4000; ++seed) {
    std::mt19937 rng(seed);
    auto coin = [&](int in) { return std::uniform_int_distribution<int>(0, in - 1)(rng) == 0; };
    w.Reset();
    bool written[6] = {};
    const std::string names[] = {"id", "opt", "flag", "score", "day", "price"};
    written[0] = !coin(6);
    if (written[0]) {
      ASSERT_TRUE(w.WriteInt64(0, 41).ok());
    }
    written[1] = coin(2);
    if (written[1]) {
      ASSERT_TRUE(w.WriteInt32(1, 42).ok());
    }
    written[2] = !coin(6);
    if (written[2]) {
      ASSERT_TRUE(w.WriteBool(2, false).ok());
    }
    written[3] = coin(2);
    if (written[3]) {
      ASSERT_TRUE(w.WriteFloat64(3, 0.5).ok());
    }
    written[4] = !coin(6);
    if (written[4]) {
      ASSERT_TRUE(w.WriteDate32(4, 0).ok());
    }
    written[5] = coin(2);
    if (written[5]) {
      ASSERT_TRUE(w.WriteDecimal(5, Decimal128{0}).ok());
    }
    const int nx = std::uniform_int_distribution<int>(0, 5)(rng), ny = std::uniform_int_distribution<int>(0, 5)(rng);
    std::vector<bool> xw(nx), yw(ny);
    ArrayWriter xs, ys;
    ASSERT_TRUE(w.BeginArray(6, nx, &xs).ok());
    for (int k = 0; k < nx; ++k) {
      xw[k] = !coin(8);
      if (xw[k]) {
        ASSERT_TRUE(xs.WriteInt32(k, 0).ok());
      }
    }
    Status xs_done = xs.Finish();
    bool xs_all = std::find(xw.begin(), xw.end(), false) == xw.end();
    ASSERT_EQ(xs_done.ok(), xs_all) << "seed " << seed << ": " << xs_done.ToString();
    if (!xs_all) {
      ++refused;
      EXPECT_EQ(xs_done.kind(), ErrorKind::kInvalidArgument);
      std::string first_unwritten = "[";  // appended: gcc 12 warns falsely on "[" + std::to_string
      first_unwritten += std::to_string(std::find(xw.begin(), xw.end(), false) - xw.begin());
      first_unwritten += "]";
      EXPECT_EQ(xs_done.path(), first_unwritten);
      continue;
    }
    ASSERT_TRUE(w.BeginArray(7, ny, &ys).ok());
    for (int k = 0; k < ny; ++k) {
      yw[k] = coin(2);
      if (yw[k]) {
        ASSERT_TRUE(ys.WriteInt64(k, 0).ok());
      }
    }
    ASSERT_TRUE(ys.Finish().ok());  // unwritten nullable elements are null
    Status st = w.Finish();
    int missing = -1;
    for (int f : {0, 2, 4}) {
      if (!written[f] && missing < 0) missing = f;
    }
    if (missing >= 0) {
      ++refused;
      ASSERT_FALSE(st.ok()) << "seed " << seed << ": field " << names[missing] << " was never written";
      EXPECT_EQ(st.kind(), ErrorKind::kInvalidArgument);
      EXPECT_EQ(st.path(), names[missing]) << st.ToString();
      continue;
    }
    ASSERT_TRUE(st.ok()) << "seed " << seed << ": " << st.ToString();
    ++accepted;
    ASSERT_TRUE(Validate(s, w.bytes(), ValidationLevel::kFull).ok());
    BinaryRow row = w.row();
    for (int f = 0; f < 6; ++f) EXPECT_EQ(*row.IsNull(f), !written[f]) << "seed " << seed << " field " << names[f];
    BinaryArray y = *row.GetArray(7);
    for (int k = 0; k < ny; ++k) EXPECT_EQ(*y.IsNull(k), !yw[k]) << "seed " << seed << " ys[" << k << "]";
  }
  EXPECT_GT(accepted, 400);
  EXPECT_GT(refused, 400);
  std::printf("unwritten values: %d rows accepted (unwritten = null), %d refused (naming the field)\n", accepted,
              refused);
}

}  // namespace
}  // namespace zerorow
