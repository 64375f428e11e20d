// The writers never say OK to a bad row (issue 17.1): every misuse named in the issue is
// refused or made valid, and a property test drives random call sequences (in and out of
// order, children unfinished, destroyed or reused, writes after Finish) and checks that
// whenever the top-level Finish() returns OK, the bytes pass Validate(kFull).
#include <gtest/gtest.h>

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
  ASSERT_TRUE(Validate(w.bytes(), s).ok()) << Validate(w.bytes(), s).ToString();
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
  EXPECT_TRUE(Validate(w.bytes(), s).ok());
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
  EXPECT_TRUE(Validate(w.bytes(), s).ok());
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
  EXPECT_TRUE(Validate(w.bytes(), s).ok());
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
    for (int k = 0; k < steps; ++k) r.Step(&w, 0);
    if (r.Pick(3) != 0) (void)w.WriteString(6, "n");  // the non-nullable field, often in order
    if (r.Pick(4) == 0) r.Drop();
    Status st = w.Finish();
    if (st.ok()) {
      ++finished_ok;
      Status v = Validate(w.bytes(), s, ValidationLevel::kFull);
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

}  // namespace
}  // namespace zerorow
