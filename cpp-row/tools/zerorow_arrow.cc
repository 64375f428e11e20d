// zerorow_arrow: golden vectors -> Arrow IPC files, and row files (SPEC §5), through the
// Arrow C++ adapter. Built only with the adapter (Arrow C++ found).
//
//   zerorow_arrow to-arrow <vectors-dir> <out-dir>
//       every golden case's row.bin -> <out-dir>/<case>.arrow (one record batch, SPEC §12);
//       prints "OK <case>", "SKIP <case>: <reason>" (Arrow C++ refused the import) or
//       "ERROR <case>: <error>"; exits 1 if any case is an ERROR.
//   zerorow_arrow write-rowfile <schema.json> <out.zrow> <row.bin>...
//       prints "rows=<n> fingerprint=<hex>".
//   zerorow_arrow read-rowfile [--hex] <in.zrow> [expected-schema.json]
//       checks the metadata, validates every row at level full, prints
//       "rows=<n> fingerprint=<hex>" and "row <k> bytes=<len>" per row (with --hex, then
//       " hex=<the row bytes in lowercase hex>").
// Errors print "<kind> at <path>: <message>" (Status::ToString, SPEC §1.1) and exit 2; usage errors exit 64.
#include <arrow/api.h>
#include <arrow/c/bridge.h>
#include <arrow/io/file.h>
#include <arrow/ipc/api.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "zerorow/arrow/adapter.h"
#include "zerorow/arrow/export.h"
#include "zerorow/arrow/import.h"
#include "zerorow/arrow/row_file.h"
#include "zerorow/testing/files.h"

namespace fs = std::filesystem;

namespace {

int Fail(const zerorow::Status& st) {
  std::cerr << st.ToString() << "\n";
  return 2;
}

int Usage() {
  std::cerr << "usage: zerorow_arrow to-arrow <vectors-dir> <out-dir>\n"
               "       zerorow_arrow write-rowfile <schema.json> <out.zrow> <row.bin>...\n"
               "       zerorow_arrow read-rowfile [--hex] <in.zrow> [expected-schema.json]\n";
  return 64;
}

zerorow::Result<zerorow::Schema> LoadSchema(const std::string& path) {
  ZR_ASSIGN_OR_RETURN(std::string text, zerorow::testing::ReadFile(path));
  return zerorow::Schema::FromJson(text);
}

std::string Describe(const zerorow::Status& st) { return st.ToString(); }

// One case: "OK", or the SKIP / ERROR reason in *why.
enum class Outcome { kOk, kSkip, kError };

Outcome ConvertCase(const fs::path& dir, const fs::path& out, std::string* why) {
  auto schema_text = zerorow::testing::ReadFile(dir / "schema.json");
  auto row_file = zerorow::testing::ReadFile(dir / "row.bin");
  if (!schema_text.ok() || !row_file.ok()) {
    *why = Describe(schema_text.ok() ? row_file.status() : schema_text.status());
    return Outcome::kError;
  }
  const std::string& row = *row_file;
  auto schema = zerorow::Schema::FromJson(*schema_text);
  if (!schema.ok()) return *why = Describe(schema.status()), Outcome::kError;
  std::vector<uint8_t> bytes(row.begin(), row.end());
  std::vector<int64_t> offsets{0, static_cast<int64_t>(bytes.size())};
  auto wrapped = zerorow::BinaryRow::Wrap(bytes, *schema);
  if (!wrapped.ok()) return *why = Describe(wrapped.status()), Outcome::kError;
  ArrowArray c_array;
  ArrowSchema c_schema;
  zerorow::Status st = zerorow::arrow_io::ExportRows(*schema, bytes, offsets, &c_array, &c_schema);
  if (!st.ok()) return *why = Describe(st), Outcome::kError;
  // Arrow C++ takes ownership of both structs; what it refuses is its limit, not ours.
  auto batch = ::arrow::ImportRecordBatch(&c_array, &c_schema);
  if (!batch.ok()) return *why = "Arrow C++ refused the import: " + batch.status().ToString(), Outcome::kSkip;
  auto valid = (*batch)->ValidateFull();
  if (!valid.ok()) return *why = "invalid Arrow batch: " + valid.ToString(), Outcome::kError;
  auto sink = ::arrow::io::FileOutputStream::Open(out.string());
  if (!sink.ok()) return *why = sink.status().ToString(), Outcome::kError;
  auto writer = ::arrow::ipc::MakeFileWriter(*sink, (*batch)->schema());
  ::arrow::Status ast = writer.status();
  if (ast.ok()) ast = (*writer)->WriteRecordBatch(**batch);
  if (ast.ok()) ast = (*writer)->Close();
  if (ast.ok()) ast = (*sink)->Close();
  if (!ast.ok()) return *why = ast.ToString(), Outcome::kError;
  return Outcome::kOk;
}

int ToArrow(const std::string& vectors, const std::string& out_dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(vectors, ec)) {
    if (e.is_directory() && fs::exists(e.path() / "row.bin")) names.push_back(e.path().filename().string());
  }
  if (ec) return Fail(zerorow::Status::Error(zerorow::ErrorKind::kInvalidArgument, "cannot list " + vectors));
  std::sort(names.begin(), names.end());
  fs::create_directories(out_dir, ec);
  int ok = 0, skipped = 0, errors = 0;
  for (const std::string& name : names) {
    std::string why;
    switch (ConvertCase(fs::path(vectors) / name, fs::path(out_dir) / (name + ".arrow"), &why)) {
      case Outcome::kOk:
        std::printf("OK %s\n", name.c_str());
        ++ok;
        break;
      case Outcome::kSkip:
        std::printf("SKIP %s: %s\n", name.c_str(), why.c_str());
        ++skipped;
        break;
      case Outcome::kError:
        std::printf("ERROR %s: %s\n", name.c_str(), why.c_str());
        ++errors;
        break;
    }
  }
  std::printf("%d written, %d skipped, %d errors\n", ok, skipped, errors);
  return errors ? 1 : 0;
}

int WriteRowFileCmd(const std::string& schema_path, const std::string& out, const std::vector<std::string>& rows) {
  auto schema = LoadSchema(schema_path);
  if (!schema.ok()) return Fail(schema.status());
  zerorow::arrow_io::RowBatch batch;
  for (const std::string& p : rows) {
    auto row = zerorow::testing::ReadFile(p);
    if (!row.ok()) return Fail(row.status());
    batch.bytes.insert(batch.bytes.end(), row->begin(), row->end());
    batch.offsets.push_back(static_cast<int64_t>(batch.bytes.size()));
  }
  zerorow::Status st = zerorow::arrow_io::WriteRowFile(out, *schema, batch);
  if (!st.ok()) return Fail(st);
  std::printf("rows=%lld fingerprint=%s\n", static_cast<long long>(batch.num_rows()),
              schema->fingerprint_hex().c_str());
  return 0;
}

int ReadRowFileCmd(const std::string& in, const std::string* expected_path, bool hex) {
  zerorow::Schema expected;
  if (expected_path) {
    auto s = LoadSchema(*expected_path);
    if (!s.ok()) return Fail(s.status());
    expected = *s;
  }
  auto file =
      zerorow::arrow_io::RowFileReader::Open(in, expected_path ? &expected : nullptr, zerorow::ValidationLevel::kFull);
  if (!file.ok()) return Fail(file.status());
  std::printf("rows=%lld fingerprint=%s\n", static_cast<long long>(file->num_rows()),
              file->schema().fingerprint_hex().c_str());
  for (int64_t k = 0; k < file->num_rows(); ++k) {
    auto bytes = file->row_bytes(k);
    std::printf("row %lld bytes=%zu", static_cast<long long>(k), bytes.size());
    if (hex) {
      std::fputs(" hex=", stdout);
      for (uint8_t b : bytes) std::printf("%02x", b);
    }
    std::fputc('\n', stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return Usage();
  std::string cmd = argv[1];
  if (cmd == "to-arrow" && argc == 4) return ToArrow(argv[2], argv[3]);
  if (cmd == "write-rowfile" && argc >= 4) {
    return WriteRowFileCmd(argv[2], argv[3], std::vector<std::string>(argv + 4, argv + argc));
  }
  if (cmd == "read-rowfile") {
    std::vector<std::string> args(argv + 2, argv + argc);
    bool hex = !args.empty() && args[0] == "--hex";
    if (hex) args.erase(args.begin());
    if (args.size() == 1) return ReadRowFileCmd(args[0], nullptr, hex);
    if (args.size() == 2) return ReadRowFileCmd(args[0], &args[1], hex);
  }
  return Usage();
}
