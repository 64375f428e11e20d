// zerorow C++ benchmarks with their anchors (memcpy of the same bytes, a plain pointer load)
// in the same run; the end of the output is a table of ratios (the contract of scripts/bench_report.py).
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>

#include "resolve_bench.h"
#include "shapes.h"
#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/binary_row.h"
#include "zerorow/validate.h"

namespace zerorow::bench {
namespace {

constexpr int kBatchRows = 16384;  // primitive12: 1.7 MB, larger than L2, like a real batch

struct Shape {
  const char* name;
  Schema schema;
  Status (*write)(RowWriter*, int);
  Batch batch;
  std::vector<BinaryRow> rows;
};

std::vector<Shape>& Shapes() {
  static std::vector<Shape> shapes = [] {
    std::vector<Shape> s;
    s.push_back({"foo", FooSchema(), WriteFoo, {}, {}});
    s.push_back({"primitive12", PrimitiveSchema(), WritePrimitive, {}, {}});
    s.push_back({"wide30", WideSchema(), WriteWide, {}, {}});
    s.push_back({"record5", RecordSchema(), WriteRecord, {}, {}});
    for (Shape& sh : s) {
      sh.batch = MakeBatch(sh.schema, sh.write, kBatchRows);
      for (int k = 0; k < kBatchRows; ++k) {
        auto bytes = std::span<const uint8_t>(sh.batch.bytes)
                         .subspan(sh.batch.offsets[k], sh.batch.offsets[k + 1] - sh.batch.offsets[k]);
        sh.rows.push_back(*BinaryRow::Wrap(bytes, sh.schema));
      }
    }
    return s;
  }();
  return shapes;
}

// Reads every value of a view with the getter of its type, checked or unchecked. A checked
// getter on another type is a schema_mismatch, which `*` would turn into an abort.
template <bool kChecked>
uint64_t ReadAll(const detail::SlotView& v) {
  uint64_t h = 0;
  for (int i = 0; i < v.size(); ++i) {
    const DataType& t = v.TypeAt(i);
    if constexpr (kChecked) {
      if (*v.IsNull(i)) continue;
    } else {
      if (v.IsNullUnchecked(i)) continue;
    }
    switch (t.id()) {
      case TypeId::kString:
        h += kChecked ? v.GetString(i)->size() : v.GetStringUnchecked(i).size();
        break;
      case TypeId::kList:
        h += kChecked ? ReadAll<kChecked>(*v.GetArray(i)) : ReadAll<kChecked>(v.GetArrayUnchecked(i));
        break;
      case TypeId::kStruct:
        h += kChecked ? ReadAll<kChecked>(*v.GetStruct(i)) : ReadAll<kChecked>(v.GetStructUnchecked(i));
        break;
      case TypeId::kMap: {
        BinaryMap m = kChecked ? *v.GetMap(i) : v.GetMapUnchecked(i);
        h += ReadAll<kChecked>(m.keys()) + ReadAll<kChecked>(m.values());
        break;
      }
      case TypeId::kInt32:
      case TypeId::kDate32:
        h += static_cast<uint32_t>(kChecked ? *v.GetInt32(i) : v.GetInt32Unchecked(i));
        break;
      case TypeId::kFloat32:
        h += std::bit_cast<uint32_t>(kChecked ? *v.GetFloat32(i) : v.GetFloat32Unchecked(i));
        break;
      case TypeId::kFloat64:
        h += std::bit_cast<uint64_t>(kChecked ? *v.GetFloat64(i) : v.GetFloat64Unchecked(i));
        break;
      case TypeId::kInt16:
        h += static_cast<uint16_t>(kChecked ? *v.GetInt16(i) : v.GetInt16Unchecked(i));
        break;
      case TypeId::kInt8:
        h += static_cast<uint8_t>(kChecked ? *v.GetInt8(i) : v.GetInt8Unchecked(i));
        break;
      case TypeId::kBool:
        h += kChecked ? *v.GetBool(i) : v.GetBoolUnchecked(i);
        break;
      case TypeId::kBinary:
        h += kChecked ? v.GetBinary(i)->size() : v.GetBinaryUnchecked(i).size();
        break;
      case TypeId::kDecimal:
        h += static_cast<uint64_t>((kChecked ? *v.GetDecimal(i) : v.GetDecimalUnchecked(i)).unscaled);
        break;
      default:  // int64, time, timestamp, duration
        h += static_cast<uint64_t>(kChecked ? *v.GetInt64(i) : v.GetInt64Unchecked(i));
    }
  }
  return h;
}

void BM_Write(benchmark::State& state) {
  Shape& sh = Shapes()[state.range(0)];
  RowWriter w(sh.schema);
  int k = 0;
  for (auto _ : state) {
    Status st = sh.write(&w, k++);
    benchmark::DoNotOptimize(st);
    benchmark::DoNotOptimize(w.bytes().data());
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(w.bytes().size()));
  state.SetLabel(sh.name);
}

template <bool kChecked>
void BM_ReadAll(benchmark::State& state) {
  Shape& sh = Shapes()[state.range(0)];
  for (auto _ : state) {
    uint64_t h = 0;
    for (const BinaryRow& r : sh.rows) h += ReadAll<kChecked>(r);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kBatchRows);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(sh.batch.bytes.size()));
  state.SetLabel(sh.name);
}

// One int64 field (ordinal 4) from each validated row of the batch. The anchor reads the
// same bytes through the same row views with a plain pointer load at a constant offset.
void BM_FieldRead_PlainLoad(benchmark::State& state) {
  Shape& sh = Shapes()[1];
  const size_t off = sh.schema.struct_type()->bitmap_size() + 8 * 4;
  for (auto _ : state) {
    int64_t h = 0;
    for (const BinaryRow& r : sh.rows) h += *reinterpret_cast<const int64_t*>(r.data() + off);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kBatchRows);
}

void BM_FieldRead_Checked(benchmark::State& state) {
  Shape& sh = Shapes()[1];
  for (auto _ : state) {
    int64_t h = 0;
    for (const BinaryRow& r : sh.rows) h += r.GetInt64(4).ValueOr(0);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kBatchRows);
}

void BM_FieldRead_Unchecked(benchmark::State& state) {
  Shape& sh = Shapes()[1];
  for (auto _ : state) {
    int64_t h = 0;
    for (const BinaryRow& r : sh.rows) h += r.GetInt64Unchecked(4);
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kBatchRows);
}

void BM_Validate(benchmark::State& state) {
  Shape& sh = Shapes()[state.range(0)];
  auto level = static_cast<ValidationLevel>(state.range(1));
  for (auto _ : state) {
    bool ok = true;
    for (const BinaryRow& r : sh.rows) ok &= Validate(sh.schema, r.bytes(), level).ok();
    benchmark::DoNotOptimize(ok);
  }
  state.SetItemsProcessed(state.iterations() * kBatchRows);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(sh.batch.bytes.size()));
  state.SetLabel(std::string(sh.name) + "/" + std::string(ValidationLevelName(level)));
}

void BM_ExportArrow(benchmark::State& state) {
  Shape& sh = Shapes()[state.range(0)];
  for (auto _ : state) {
    ArrowArray array;  // rows end to end in one buffer, as in an Arrow binary column
    Status st = arrow_io::ExportRows(sh.schema, sh.batch.bytes, sh.batch.offsets, &array, nullptr);
    benchmark::DoNotOptimize(array.length);
    if (st.ok()) array.release(&array);
  }
  state.SetItemsProcessed(state.iterations() * kBatchRows);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(sh.batch.bytes.size()));
  state.SetLabel(sh.name);
}

void BM_ImportArrow(benchmark::State& state) {
  Shape& sh = Shapes()[state.range(0)];
  ArrowArray array;
  ArrowSchema schema;
  Status st = arrow_io::ExportRows(sh.schema, sh.rows, &array, &schema);
  for (auto _ : state) {
    arrow_io::RowBatch out;
    out.bytes.reserve(sh.batch.bytes.size());
    Status s = arrow_io::ImportRows(&array, &schema, sh.schema, &out);
    benchmark::DoNotOptimize(out.bytes.data());
  }
  array.release(&array);
  schema.release(&schema);
  state.SetItemsProcessed(state.iterations() * kBatchRows);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(sh.batch.bytes.size()));
  state.SetLabel(sh.name);
}

// Anchor: memcpy of the same bytes (the batch) into a fresh buffer, as export allocates.
void BM_Memcpy(benchmark::State& state) {
  Shape& sh = Shapes()[state.range(0)];
  const auto& src = sh.batch.bytes;
  for (auto _ : state) {
    std::unique_ptr<uint8_t[]> dst(new uint8_t[src.size()]);
    std::memcpy(dst.get(), src.data(), src.size());
    benchmark::DoNotOptimize(dst.get());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(src.size()));
  state.SetLabel(sh.name);
}

BENCHMARK(BM_Write)->DenseRange(0, 3);
BENCHMARK(BM_ReadAll<true>)->DenseRange(0, 3)->Name("BM_ReadAll_Checked");
BENCHMARK(BM_ReadAll<false>)->DenseRange(0, 3)->Name("BM_ReadAll_Unchecked");
BENCHMARK(BM_FieldRead_PlainLoad);
BENCHMARK(BM_FieldRead_Checked);
BENCHMARK(BM_FieldRead_Unchecked);
BENCHMARK(BM_Validate)->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2}});
BENCHMARK(BM_ExportArrow)->DenseRange(0, 3);
BENCHMARK(BM_ImportArrow)->DenseRange(0, 3);
BENCHMARK(BM_Memcpy)->DenseRange(0, 3);

// One variable-width getter per validated row: GetString on record5's `name` (ordinal 1) or
// GetArray on foo's `f2` (ordinal 1), checked (type check, B1-B3, a Result) or unchecked.
enum class VarGetter { kString, kArray };

template <VarGetter kGetter, bool kChecked>
void BM_GetVar(benchmark::State& state) {
  Shape& sh = Shapes()[kGetter == VarGetter::kString ? 3 : 0];
  for (auto _ : state) {
    uint64_t h = 0;
    for (const BinaryRow& r : sh.rows) {
      if constexpr (kGetter == VarGetter::kString) {
        h += kChecked ? r.GetString(1).ValueOr(std::string_view()).size() : r.GetStringUnchecked(1).size();
      } else {
        h += kChecked ? r.GetArray(1).ValueOr(BinaryArray()).size() : r.GetArrayUnchecked(1).size();
      }
    }
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations() * kBatchRows);
}

BENCHMARK(BM_GetVar<VarGetter::kString, true>)->Name("BM_GetString_Checked");
BENCHMARK(BM_GetVar<VarGetter::kString, false>)->Name("BM_GetString_Unchecked");
BENCHMARK(BM_GetVar<VarGetter::kArray, true>)->Name("BM_GetArray_Checked");
BENCHMARK(BM_GetVar<VarGetter::kArray, false>)->Name("BM_GetArray_Unchecked");

// Remembers every run so the ratios can be printed after the usual console output.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  struct R {
    double ns = 0, bps = 0;
  };
  std::map<std::string, R> runs;
  void ReportRuns(const std::vector<Run>& reports) override {
    ConsoleReporter::ReportRuns(reports);
    for (const Run& r : reports) {
      R x;
      x.ns = r.GetAdjustedCPUTime();  // CPU time: the machine is shared
      auto it = r.counters.find("bytes_per_second");
      if (it != r.counters.end()) x.bps = it->second;
      runs[r.benchmark_name()] = x;
    }
  }
};

// What the checked getters cost over the ...Unchecked ones, per call and per row.
void PrintGetterCost(RatioReporter& rep) {
  auto& r = rep.runs;
  auto per_row = [](double ns) { return ns / kBatchRows; };
  std::printf("\n## checked getters vs ...Unchecked (same run, validated rows, ns per row)\n\n");
  std::printf("| getter | checked | unchecked | difference | ratio |\n| --- | --- | --- | --- | --- |\n");
  auto line = [&](const std::string& what, const std::string& checked, const std::string& unchecked) {
    double c = per_row(r[checked].ns), u = per_row(r[unchecked].ns);
    std::printf("| %s | %.2f | %.2f | %+.2f | %.2fx |\n", what.c_str(), c, u, c - u, c / u);
  };
  line("GetInt64 (primitive12, ordinal 4)", "BM_FieldRead_Checked", "BM_FieldRead_Unchecked");
  line("GetString (record5 name)", "BM_GetString_Checked", "BM_GetString_Unchecked");
  line("GetArray (foo f2, list<int32>)", "BM_GetArray_Checked", "BM_GetArray_Unchecked");
  const char* shapes[] = {"foo", "primitive12", "wide30", "record5"};
  for (int s = 0; s < 4; ++s) {
    line(std::string("every field of a ") + shapes[s] + " row", "BM_ReadAll_Checked/" + std::to_string(s),
         "BM_ReadAll_Unchecked/" + std::to_string(s));
  }
}

void PrintRatios(RatioReporter& rep) {
  auto& r = rep.runs;
  auto gb = [](double bps) { return bps / 1e9; };
  auto per_row = [](double ns) { return ns / kBatchRows; };
  std::printf("\n## zerorow C++ ratios (same run)\n\n");
  std::printf("| measure | zerorow | anchor | ratio | target |\n| --- | --- | --- | --- | --- |\n");
  double plain = per_row(r["BM_FieldRead_PlainLoad"].ns);
  double checked = per_row(r["BM_FieldRead_Checked"].ns);
  double unchecked = per_row(r["BM_FieldRead_Unchecked"].ns);
  std::printf("| int64 field read, bounds-checked (ns/row) | %.2f | plain load %.2f | %.2fx | |\n", checked, plain,
              checked / plain);
  std::printf("| int64 field read, unchecked on a validated row (ns/row) | %.2f | plain load %.2f | %.2fx | <= 2x |\n",
              unchecked, plain, unchecked / plain);
  const char* shapes[] = {"foo", "primitive12", "wide30", "record5"};
  for (int s = 0; s < 4; ++s) {
    double mem = r["BM_Memcpy/" + std::to_string(s)].bps;
    for (int l = 0; l < 3; ++l) {
      auto v = r["BM_Validate/" + std::to_string(s) + "/" + std::to_string(l)];
      std::printf("| validate %s, level %s (GB/s; ns/row) | %.2f; %.1f | memcpy %.2f | %.2f | %s |\n", shapes[s],
                  std::string(ValidationLevelName(static_cast<ValidationLevel>(l))).c_str(), gb(v.bps), per_row(v.ns),
                  gb(mem), v.bps / mem, (s == 1 && l == 2) ? ">= 1 GB/s" : "");
    }
    auto e = r["BM_ExportArrow/" + std::to_string(s)];
    std::printf("| rows -> Arrow C Data, %s (GB/s; ns/row) | %.2f; %.1f | memcpy %.2f | %.2f | %s |\n", shapes[s],
                gb(e.bps), per_row(e.ns), gb(mem), e.bps / mem, s == 1 ? ">= 0.5" : "");
    auto im = r["BM_ImportArrow/" + std::to_string(s)];
    std::printf("| Arrow C Data -> rows, %s (GB/s; ns/row) | %.2f; %.1f | memcpy %.2f | %.2f | |\n", shapes[s],
                gb(im.bps), per_row(im.ns), gb(mem), im.bps / mem);
    auto w = r["BM_Write/" + std::to_string(s)];
    auto rc = r["BM_ReadAll_Checked/" + std::to_string(s)];
    auto ru = r["BM_ReadAll_Unchecked/" + std::to_string(s)];
    std::printf("| write one %s row (ns) | %.1f | | | |\n", shapes[s], w.ns);
    std::printf("| read all fields of a %s row, checked / unchecked (ns) | %.1f / %.1f | | %.2fx | |\n", shapes[s],
                per_row(rc.ns), per_row(ru.ns), rc.ns / ru.ns);
  }
  PrintGetterCost(rep);
  PrintResolveRatios([&](const std::string& name) { return r[name].ns; });
}

}  // namespace
}  // namespace zerorow::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  zerorow::bench::Shapes();  // build the batches before timing
  zerorow::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  zerorow::bench::PrintRatios(reporter);
  benchmark::Shutdown();
  return 0;
}
