// The struct encoder's money, time and unsigned members (encoder.h): the types they map to,
// exact round trips, and the values a member cannot hold refused with the path.
#include <gtest/gtest.h>

#include <chrono>
#include <limits>

#include "zerorow/encoder.h"
#include "zerorow/validate.h"

namespace trading {
using namespace std::chrono;  // NOLINT: the member types read better without std::chrono::

struct Trade {
  zerorow::Decimal<12, 2> price;
  std::optional<zerorow::Decimal<30, 4>> fee;
  sys_time<microseconds> at;          // an instant: timestamp tz UTC
  system_clock::time_point received;  // nanoseconds here: floored to microseconds
  local_time<seconds> wall;           // a wall-clock time: timestamp without a zone
  year_month_day trade_date;          // date32
  sys_days settle;                    // date32
  milliseconds latency{0};            // duration
  hh_mm_ss<microseconds> opens_at;    // time
  uint8_t venue = 0;                  // int16
  uint16_t lot = 0;                   // int32
  uint32_t seq = 0;                   // int64
  uint64_t order_id = 0;              // decimal(20, 0)
  std::vector<uint32_t> fills;        // list<int64>
  std::map<std::string, zerorow::Decimal<10, 2>> quotes;
  bool operator==(const Trade& o) const {
    return price == o.price && fee == o.fee && at == o.at && received == o.received && wall == o.wall &&
           trade_date == o.trade_date && settle == o.settle && latency == o.latency &&
           opens_at.to_duration() == o.opens_at.to_duration() && venue == o.venue && lot == o.lot && seq == o.seq &&
           order_id == o.order_id && fills == o.fills && quotes == o.quotes;
  }
};
ZEROROW_STRUCT(Trade, price, fee, at, received, wall, trade_date, settle, latency, opens_at, venue, lot, seq, order_id,
               fills, quotes)

struct Coarse {
  local_time<seconds> wall;
  days span{0};
};
ZEROROW_STRUCT(Coarse, wall, span)

struct Fine {
  local_time<microseconds> wall;
  microseconds span{0};
};
ZEROROW_STRUCT(Fine, wall, span)

struct Small {
  uint8_t v = 0;
};
ZEROROW_STRUCT(Small, v)

struct Signed {
  int16_t v = 0;
};
ZEROROW_STRUCT(Signed, v)
}  // namespace trading

namespace zerorow {
namespace {
using namespace std::chrono;  // NOLINT

trading::Trade Sample() {
  trading::Trade t;
  t.price = *Decimal<12, 2>::FromString("1234567.89");
  t.fee = *Decimal<30, 4>::FromString("-0.0125");
  t.at = sys_days{2026y / November / 27} + 14h + 30min + 15s + 123456us;
  t.received = system_clock::time_point{sys_days{2026y / November / 27}.time_since_epoch() + 999ns};
  t.wall = local_days{2026y / November / 27} + 9h;
  t.trade_date = 2026y / November / 27;
  t.settle = sys_days{2026y / December / 1};
  t.latency = 1500ms;
  t.opens_at = hh_mm_ss<microseconds>{9h + 30min};
  t.venue = 255;
  t.lot = 65535;
  t.seq = std::numeric_limits<uint32_t>::max();
  t.order_id = std::numeric_limits<uint64_t>::max();
  t.fills = {0, 1, std::numeric_limits<uint32_t>::max()};
  t.quotes = {{"bid", *Decimal<10, 2>::FromString("99.5")}, {"ask", *Decimal<10, 2>::FromString("100.25")}};
  return t;
}

TEST(EncoderTypesTest, MoneyTimeAndUnsignedMembersMapToTheSpecTypes) {
  auto enc = *Encoder<trading::Trade>::Make();
  const char* expected =
      R"({"type":"struct","fields":[)"
      R"({"name":"price","type":{"type":"decimal","precision":12,"scale":2},"nullable":true},)"
      R"({"name":"fee","type":{"type":"decimal","precision":30,"scale":4},"nullable":true},)"
      R"({"name":"at","type":{"type":"timestamp","tz":"UTC"},"nullable":true},)"
      R"({"name":"received","type":{"type":"timestamp","tz":"UTC"},"nullable":true},)"
      R"({"name":"wall","type":"timestamp","nullable":true},)"
      R"({"name":"trade_date","type":"date32","nullable":true},)"
      R"({"name":"settle","type":"date32","nullable":true},)"
      R"({"name":"latency","type":"duration","nullable":true},)"
      R"({"name":"opens_at","type":"time","nullable":true},)"
      R"({"name":"venue","type":"int16","nullable":false},)"
      R"({"name":"lot","type":"int32","nullable":false},)"
      R"({"name":"seq","type":"int64","nullable":false},)"
      R"({"name":"order_id","type":{"type":"decimal","precision":20,"scale":0},"nullable":false},)"
      R"({"name":"fills","type":{"type":"list","element":"int64","element_nullable":true},"nullable":true},)"
      R"({"name":"quotes","type":{"type":"map","key":"string","value":{"type":"decimal","precision":10,"scale":2},)"
      R"("value_nullable":true},"nullable":true}]})";
  EXPECT_EQ(enc.schema().ToJson(), (*Schema::FromJson(expected)).ToJson());
}

TEST(EncoderTypesTest, RoundTripsExactlyAndFloorsBelowAMicrosecond) {
  auto enc = *Encoder<trading::Trade>::Make();
  trading::Trade t = Sample();
  BinaryRow row = *enc.ToRow(t);
  ASSERT_TRUE(Validate(row, ValidationLevel::kFull).ok());
  EXPECT_EQ(*row.GetTimestamp(2),
            (sys_days{2026y / November / 27} + 14h + 30min + 15s + 123456us).time_since_epoch().count());
  EXPECT_EQ(*row.GetDuration(7), 1'500'000);
  EXPECT_EQ(*row.GetTime(8), (9h + 30min) / 1us);
  EXPECT_EQ(DecimalToString(*row.GetDecimal(12), 0), "18446744073709551615");
  trading::Trade back = *enc.FromRow(row);
  trading::Trade floored = t;
  floored.received = time_point_cast<nanoseconds>(floor<microseconds>(t.received));  // 999 ns -> 0
  EXPECT_EQ(back, floored);
  EXPECT_EQ(back.price.ToString(), "1234567.89");
  EXPECT_EQ(back.fee->ToString(), "-0.0125");
  // SPEC Appendix A rule 6: toward negative infinity, so -1 ns is -1 us
  t.received = system_clock::time_point{nanoseconds{-1}};
  EXPECT_EQ(*(*enc.ToRow(t)).GetTimestamp(3), -1);
}

TEST(EncoderTypesTest, ValuesAMemberCannotHoldAreRefusedWithThePath) {
  // a microsecond value read into seconds or days must be a whole number of them
  auto fine = *Encoder<trading::Fine>::Make();
  auto coarse = *Encoder<trading::Coarse>::Make();
  trading::Fine f{local_days{2026y / January / 1} + 1500ms, microseconds{86'400'000'000}};
  auto ok_span = coarse.FromRow(*fine.ToRow(trading::Fine{local_days{2026y / January / 1} + 2s, hours{48}}));
  ASSERT_TRUE(ok_span.ok()) << ok_span.status().ToString();
  EXPECT_EQ(ok_span->span, days{2});
  auto wall = coarse.FromRow(*fine.ToRow(f));
  ASSERT_FALSE(wall.ok());
  EXPECT_EQ(wall.status().kind(), ErrorKind::kInvalidData);
  EXPECT_EQ(wall.status().path(), "wall");
  EXPECT_NE(wall.status().message().find("not a whole number"), std::string::npos) << wall.status().ToString();
  // an unsigned member refuses what the signed type it maps to holds beyond its range
  auto signed_enc = *Encoder<trading::Signed>::Make();
  auto small = *Encoder<trading::Small>::Make();
  for (int16_t bad : {int16_t{-1}, int16_t{256}}) {
    auto got = small.FromRow(*signed_enc.ToRow(trading::Signed{bad}));
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.status().path(), "v");
    EXPECT_EQ(got.status().message(), "value " + std::to_string(bad) + " is out of range for uint8_t");
  }
  EXPECT_EQ(small.FromRow(*signed_enc.ToRow(trading::Signed{255}))->v, 255);
  // a calendar date that does not exist, a time of day past 24 h, a decimal that needs rounding
  auto enc = *Encoder<trading::Trade>::Make();
  trading::Trade t = Sample();
  t.trade_date = 2026y / February / 30;
  auto bad_date = enc.ToRow(t);
  ASSERT_FALSE(bad_date.ok());
  EXPECT_EQ(bad_date.status().path(), "trade_date");
  EXPECT_NE(bad_date.status().message().find("2026-2-30 is not a valid date"), std::string::npos);
  t = Sample();
  t.opens_at = hh_mm_ss<microseconds>{25h};
  auto late = enc.ToRow(t);
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.status().path(), "opens_at");
  auto rounding = Decimal<12, 2>::FromString("1.005");
  ASSERT_FALSE(rounding.ok());
  // a decimal's text is not in a row: no "at <row>" in the message
  EXPECT_EQ(rounding.status().ToString().rfind("invalid_data: cannot write decimal '1.005'", 0), 0u)
      << rounding.status().ToString();
}

TEST(StatusTest, ContextComesFirstAndUnlocatedErrorsSayNoRow) {
  Status st = Status::Error(ErrorKind::kInvalidData, "bad", "name").WithContext("row 3").WithContext("row file a.zrow");
  EXPECT_EQ(st.ToString(), "row file a.zrow: row 3: invalid_data at name: bad");
  EXPECT_EQ(st.context(), "row file a.zrow: row 3");
  EXPECT_EQ(st.message(), "bad");
  EXPECT_EQ(st.path(), "name");
  EXPECT_EQ(Status::Error(ErrorKind::kTruncated, "short").ToString(), "truncated at <row>: short");
  Status free = Status::Unlocated(ErrorKind::kInvalidArgument, "misuse");
  EXPECT_EQ(free.ToString(), "invalid_argument: misuse");
  EXPECT_EQ(std::move(free).WithPathPrefix("f").ToString(), "invalid_argument at f: misuse");
  EXPECT_EQ(TypeIdWithArticle(TypeId::kInt32), "an int32");
  EXPECT_EQ(TypeIdWithArticle(TypeId::kString), "a string");
}

}  // namespace
}  // namespace zerorow
