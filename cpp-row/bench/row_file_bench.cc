// Row files (SPEC §5.2): RowFileReader::Open of a file of 200,000 wide rows (bench/shapes.h)
// with its batches read ahead on Arrow's CPU thread pool (the default) and one at a time on
// the calling thread (read_ahead = 0), for each codec, side by side in one run. Open reads
// every batch, checks every row's CRC-32C and validates every row at bounds.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>

#include "shapes.h"
#include "zerorow/arrow/row_file.h"

namespace zerorow::bench {
namespace {

constexpr int kRows = 200000;

// The files, written once per run and removed at exit.
struct Files {
  std::map<int, std::string> paths;
  ~Files() {
    std::error_code ec;
    for (const auto& [codec, path] : paths) std::filesystem::remove(path, ec);
  }
};

const std::string& FileOf(arrow_io::Compression codec) {
  static Files files;
  const int key = static_cast<int>(codec);
  if (auto it = files.paths.find(key); it != files.paths.end()) return it->second;
  const Schema schema = WideSchema();
  const Batch rows = MakeBatch(schema, WriteWide, kRows);
  const std::string path =
      (std::filesystem::temp_directory_path() /
       ("zerorow_bench_" + std::to_string(::getpid()) + "_" + std::string(arrow_io::CompressionName(codec)) + ".zrow"))
          .string();
  arrow_io::RowFileWriteOptions options;
  options.compression = codec;
  auto writer = arrow_io::RowFileWriter::Open(path, schema, options);
  for (int k = 0; k < kRows; ++k) {
    const size_t at = static_cast<size_t>(rows.offsets[k]);
    const size_t size = static_cast<size_t>(rows.offsets[k + 1]) - at;
    if (!writer->Write(std::span<const uint8_t>(rows.bytes.data() + at, size)).ok()) std::abort();
  }
  if (!writer->Close().ok()) std::abort();
  return files.paths.emplace(key, path).first->second;
}

// range(0): the codec (Compression); range(1): read_ahead (-1: the pool's threads, 0: none).
void BM_RowFileOpen(benchmark::State& state) {
  const auto codec = static_cast<arrow_io::Compression>(state.range(0));
  const std::string& path = FileOf(codec);
  arrow_io::RowFileReadOptions options;
  options.read_ahead = static_cast<int>(state.range(1));
  int64_t bytes = 0;  // of every row, uncompressed
  {
    auto file = arrow_io::RowFileReader::Open(path, nullptr, options);
    for (int64_t k = 0; file.ok() && k < file->num_rows(); ++k)
      bytes += static_cast<int64_t>(file->row_bytes(k).size());
  }
  for (auto _ : state) {
    auto file = arrow_io::RowFileReader::Open(path, nullptr, options);
    if (!file.ok()) {
      state.SkipWithError(file.status().ToString().c_str());
      return;
    }
    benchmark::DoNotOptimize(file->num_rows());
  }
  state.SetBytesProcessed(state.iterations() * bytes);
  state.SetLabel(std::string(arrow_io::CompressionName(codec)) +
                 (state.range(1) == 0 ? ", one thread" : ", read ahead"));
}
BENCHMARK(BM_RowFileOpen)->ArgsProduct({{0, 1, 2}, {0, -1}})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace zerorow::bench
