// Resolved reads (SPEC §13.4) against direct reads of the same rows: the per-access cost of a
// resolution is one table lookup (the reader ordinal's plan) over a direct checked read. The
// rows are the primitive12 batch; the evolved reader reverses the fields, renames one through
// an alias, widens the int32s to int64 and adds a field.
#include "resolve_bench.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <vector>

#include "shapes.h"
#include "zerorow/resolve.h"

namespace zerorow::bench {
namespace {

constexpr int kRows = 16384;

struct Rows {
  Schema writer = PrimitiveSchema();
  Batch batch = MakeBatch(writer, WritePrimitive, kRows);
  std::vector<std::span<const uint8_t>> bytes;
  std::vector<BinaryRow> direct;
  Resolution identity, evolved;
  std::vector<ResolvedRow> same, resolved;
  int l1_at = -1, i0_at = -1;  // reader ordinals of writer fields l1 (int64) and i0 (int32 -> int64)

  Rows() {
    std::vector<Field> fields;
    for (const Field& f : writer.fields()) {
      DataTypePtr t = f.type->id() == TypeId::kInt32 ? int64() : f.type;
      if (f.name == "l1")
        fields.insert(fields.begin(), field("l1_renamed", t, true, {"l1"}));
      else
        fields.insert(fields.begin(), field(f.name, t));
    }
    fields.push_back(field("added", string()));
    Schema reader = *Schema::Make(fields);
    identity = *Resolve(writer, writer);
    evolved = *Resolve(writer, reader);
    l1_at = reader.FieldIndex("l1_renamed");
    i0_at = reader.FieldIndex("i0");
    for (int k = 0; k < kRows; ++k) {
      auto bytes =
          std::span<const uint8_t>(batch.bytes).subspan(batch.offsets[k], batch.offsets[k + 1] - batch.offsets[k]);
      this->bytes.push_back(bytes);
      direct.push_back(*BinaryRow::Wrap(bytes, writer));
      same.push_back(*identity.View(direct.back()));
      resolved.push_back(*evolved.View(direct.back()));
    }
  }
};

Rows& TheRows() {
  static Rows rows;
  return rows;
}

// Anchor: the checked getter of the writer's own view (BinaryRow::GetInt64 of field l1).
void BM_Resolve_DirectInt64(benchmark::State& state) {
  Rows& r = TheRows();
  for (auto _ : state) {
    int64_t h = 0;
    for (const BinaryRow& row : r.direct) h += row.GetInt64(4).ValueOr(0);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

void BM_Resolve_IdentityInt64(benchmark::State& state) {
  Rows& r = TheRows();
  for (auto _ : state) {
    int64_t h = 0;
    for (const ResolvedRow& row : r.same) h += row.GetInt64(4).ValueOr(0);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

// The same writer field l1 through the evolved reader (renamed, at another ordinal).
void BM_Resolve_EvolvedInt64(benchmark::State& state) {
  Rows& r = TheRows();
  const int at = r.l1_at;
  for (auto _ : state) {
    int64_t h = 0;
    for (const ResolvedRow& row : r.resolved) h += row.GetInt64(at).ValueOr(0);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

// Anchor of the widening: the writer's int32 field i0 read directly.
void BM_Resolve_DirectInt32(benchmark::State& state) {
  Rows& r = TheRows();
  for (auto _ : state) {
    int64_t h = 0;
    for (const BinaryRow& row : r.direct) h += row.GetInt32(0).ValueOr(0);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

// i0 read as the reader's int64: lookup, load of the writer's int32, sign extension.
void BM_Resolve_WidenedInt32ToInt64(benchmark::State& state) {
  Rows& r = TheRows();
  const int at = r.i0_at;
  for (auto _ : state) {
    int64_t h = 0;
    for (const ResolvedRow& row : r.resolved) h += row.GetInt64(at).ValueOr(0);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

// Anchor of a view made per row: BinaryRow::Wrap (W1-W2) of each row's bytes, one field read.
void BM_Resolve_WrapAndRead(benchmark::State& state) {
  Rows& r = TheRows();
  for (auto _ : state) {
    int64_t h = 0;
    for (std::span<const uint8_t> b : r.bytes) h += BinaryRow::Wrap(b, r.writer)->GetInt64(4).ValueOr(0);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

// Resolution::View of each row's bytes (the same wrap, then the resolved view), one field read.
void BM_Resolve_ViewAndRead(benchmark::State& state) {
  Rows& r = TheRows();
  const int at = r.l1_at;
  for (auto _ : state) {
    int64_t h = 0;
    for (std::span<const uint8_t> b : r.bytes) h += r.evolved.View(b)->GetInt64(at).ValueOr(0);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

BENCHMARK(BM_Resolve_DirectInt64);
BENCHMARK(BM_Resolve_IdentityInt64);
BENCHMARK(BM_Resolve_EvolvedInt64);
BENCHMARK(BM_Resolve_DirectInt32);
BENCHMARK(BM_Resolve_WidenedInt32ToInt64);
BENCHMARK(BM_Resolve_WrapAndRead);
BENCHMARK(BM_Resolve_ViewAndRead);

}  // namespace

void PrintResolveRatios(const std::function<double(const std::string&)>& cpu_ns) {
  auto per_row = [&](const char* name) { return cpu_ns(name) / kRows; };
  double direct = per_row("BM_Resolve_DirectInt64"), direct32 = per_row("BM_Resolve_DirectInt32");
  auto line = [](const char* what, double ns, const char* anchor, double anchor_ns, const char* target = "<= 1.3x") {
    std::printf("| %s (ns/row) | %.2f | %s %.2f | %.2fx | %s |\n", what, ns, anchor, anchor_ns, ns / anchor_ns, target);
  };
  line("resolved int64 read, identity resolution", per_row("BM_Resolve_IdentityInt64"), "direct", direct);
  line("resolved int64 read, evolved reader (renamed, moved)", per_row("BM_Resolve_EvolvedInt64"), "direct", direct);
  line("resolved read, writer int32 widened to int64", per_row("BM_Resolve_WidenedInt32ToInt64"), "direct int32",
       direct32);
  line("Resolution::View() per row + int64 read", per_row("BM_Resolve_ViewAndRead"), "BinaryRow::Wrap + read",
       per_row("BM_Resolve_WrapAndRead"), "");
}

}  // namespace zerorow::bench
