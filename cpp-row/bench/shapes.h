// The three row shapes the benchmarks use, and writers for them.
#pragma once

#include <vector>

#include "zerorow/row_writer.h"
#include "zerorow/schema.h"

namespace zerorow::bench {

/// Seed Foo{int32 f1; list<int32> f2; map<string,int32> f3; list<Bar> f4},
/// Bar{string f1; list<int64> f2}: 10 ints, 5 map entries, 3 Bars of 5 longs.
Schema FooSchema();
Status WriteFoo(RowWriter* w, int seed);

/// 12 primitive fields (int32 x3, int64 x3, float64 x2, float32, bool, int16, date32).
Schema PrimitiveSchema();
Status WritePrimitive(RowWriter* w, int seed);

/// 30 fields: 10 strings (16-24 bytes), 1 list<int64> of 10, 19 primitives.
Schema WideSchema();
Status WriteWide(RowWriter* w, int seed);

/// The Python benchmark's 5-field record: int32 id, string name ("name<k>"), float64 score,
/// int64 count, bool flag.
Schema RecordSchema();
Status WriteRecord(RowWriter* w, int seed);

/// `n` rows of a shape laid end to end.
struct Batch {
  std::vector<uint8_t> bytes;
  std::vector<int64_t> offsets{0};
};
Batch MakeBatch(const Schema& schema, Status (*write)(RowWriter*, int), int n);

}  // namespace zerorow::bench
