#include "int96_check.h"

#include <arrow/api.h>
#include <arrow/json/from_string.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace zerorow::tools {
namespace {

std::shared_ptr<arrow::Array> Timestamps(arrow::TimeUnit::type unit,
                                         const std::vector<std::optional<int64_t>>& values) {
  arrow::TimestampBuilder b(arrow::timestamp(unit), arrow::default_memory_pool());
  for (const auto& v : values) {
    arrow::Status st = v ? b.Append(*v) : b.AppendNull();
    EXPECT_TRUE(st.ok()) << st.ToString();
  }
  return b.Finish().ValueOrDie();
}

std::shared_ptr<arrow::Array> OneList(const std::shared_ptr<arrow::Array>& values) {
  auto offsets = arrow::json::ArrayFromJSONString(arrow::int32(), "[0, " + std::to_string(values->length()) + "]");
  return arrow::ListArray::FromArrays(*offsets.ValueOrDie(), *values).ValueOrDie();
}

// Spark's row 5 of parquet-testing's int96_from_spark.parquet: Julian day and nanoseconds
// that give 361746257437964157 ms, which Arrow's µs read wraps to -7188624036226874385.
constexpr int64_t kSparkMs = 361746257437964157;
constexpr int64_t kSparkWrappedUs = -7188624036226874385;

TEST(Int96CheckTest, ValuesThatFitPassNegativeOnesFlooredAndNullsSkipped) {
  auto us =
      Timestamps(arrow::TimeUnit::MICRO, {1704141296123456, -2208988800000001, -1, std::nullopt, 253402300799999999});
  auto ms = Timestamps(arrow::TimeUnit::MILLI, {1704141296123, -2208988800001, -1, std::nullopt, 253402300799999});
  EXPECT_TRUE(CheckInt96(us, ms, "a").ok());
}

TEST(Int96CheckTest, AWrappedValueIsInvalidDataNamingColumnRowAndBothNumbers) {
  auto us = Timestamps(arrow::TimeUnit::MICRO, {1704141296123456, std::nullopt, kSparkWrappedUs});
  auto ms = Timestamps(arrow::TimeUnit::MILLI, {1704141296123, std::nullopt, kSparkMs});
  Status st = CheckInt96(us, ms, "a");
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(st.path(), "a");
  EXPECT_EQ(st.message(),
            "row 2: INT96 timestamp 361746257437964157 ms does not fit int64 microseconds (read at µs it wraps to "
            "-7188624036226874385)");
}

TEST(Int96CheckTest, InsideAListTheFlattenedPositionIsNamed) {
  auto us = OneList(Timestamps(arrow::TimeUnit::MICRO, {0, kSparkWrappedUs}));
  auto ms = OneList(Timestamps(arrow::TimeUnit::MILLI, {0, kSparkMs}));
  Status st = CheckInt96(us, ms, "l");
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.path(), "l[]");
  EXPECT_NE(st.message().find("value 1 of its flattened column"), std::string::npos) << st.message();
}

TEST(Int96CheckTest, ReadsOfDifferentShapesAreRefused) {
  auto us = Timestamps(arrow::TimeUnit::MICRO, {0, 1000});
  auto ms = Timestamps(arrow::TimeUnit::MILLI, {0});
  Status st = CheckInt96(us, ms, "a");
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("differ in shape"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace zerorow::tools
