// The one type table (zerorow/types.h): names, storage kinds and widths come from one list,
// and the generated functions agree with each other for every entry. This file is also the
// control of TypeTable.ForgottenTypeFailsToCompile: it dispatches on no type by hand, so it
// compiles with an extra entry in the list.
#include "zerorow/types.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "zerorow/schema.h"

namespace zerorow {
namespace {

TEST(TypeTable, NamesRoundTripAndAreUnique) {
  std::set<std::string> names;
  for (int k = 0; k < kNumTypeIds; ++k) {
    const auto id = static_cast<TypeId>(k);
    const std::string_view name = TypeIdName(id);
    EXPECT_TRUE(names.insert(std::string(name)).second) << name;
    ASSERT_TRUE(TypeIdFromName(name).has_value()) << name;
    EXPECT_EQ(*TypeIdFromName(name), id);
  }
  EXPECT_FALSE(TypeIdFromName("uint8").has_value());
}

TEST(TypeTable, StorageKindsAndWidthsFollowSpecSection3) {
  for (int k = 0; k < kNumTypeIds; ++k) {
    const auto id = static_cast<TypeId>(k);
    const int w = NaturalWidth(id);
    EXPECT_TRUE(w == 1 || w == 2 || w == 4 || w == 8) << TypeIdName(id);
    // A reference is 8 bytes wide, and so is the always-zero element of a null (SPEC §3.6).
    if (StorageOf(id) != StorageKind::kFixed) {
      EXPECT_EQ(w, 8) << TypeIdName(id);
    }
  }
  EXPECT_EQ(StorageOf(TypeId::kNull), StorageKind::kNone);
  EXPECT_EQ(StorageOf(TypeId::kVariant), StorageKind::kBody);
  EXPECT_EQ(StorageOf(TypeId::kList), StorageKind::kArray);
  EXPECT_EQ(NaturalWidth(TypeId::kIntervalYm), 4);
  // decimal's kind depends on its precision (SPEC §3.5): the DataType says.
  EXPECT_EQ(decimal(18, 2)->storage(), StorageKind::kFixed);
  EXPECT_EQ(decimal(19, 2)->storage(), StorageKind::kBody);
}

TEST(TypeTable, VisitTypeCallsTheOverloadOfTheRuntimeId) {
  for (int k = 0; k < kNumTypeIds; ++k) {
    const auto id = static_cast<TypeId>(k);
    TypeId seen = VisitType(id, [](auto tag) { return decltype(tag)::id; });
    EXPECT_EQ(seen, id);
  }
}

TEST(TypeTable, TypeMaskHoldsEveryId) {
  uint32_t all = 0;
  for (int k = 0; k < kNumTypeIds; ++k) all |= TypeMask(static_cast<TypeId>(k));
  EXPECT_EQ(all, kNumTypeIds == 32 ? ~uint32_t{0} : (uint32_t{1} << kNumTypeIds) - 1);
}

}  // namespace
}  // namespace zerorow
