// SPEC §5.1-§5.3 against the file vectors: rows (as hex) at every level, the checksum error
// of a damaged value (its row, batch, byte and both checksums), the refusal of cut and
// damaged files and what recovery returns.
#include "file_vectors.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "zerorow/arrow/row_file.h"
#include "zerorow/json.h"
#include "zerorow/testing/files.h"

namespace zerorow::file_vectors {
namespace {

namespace fs = std::filesystem;
using arrow_io::RowFileReader;
using arrow_io::RowFileReadOptions;

std::vector<std::string> Strings(const JsonValue* a) {
  std::vector<std::string> out;
  if (a != nullptr && a->is_array())
    for (const auto& v : a->array()) out.push_back(v.text());
  return out;
}

int64_t Int(const JsonValue* v) { return v == nullptr || v->is_null() ? -1 : std::stoll(v->text()); }

std::vector<std::string> RowHex(const RowFileReader& f) {
  std::vector<std::string> out;
  for (int64_t k = 0; k < f.num_rows(); ++k) {
    auto b = f.row_bytes(k);
    out.push_back(Hex(b.data(), b.size()));
  }
  return out;
}

std::string Crc(uint64_t v) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%08llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

std::string Hex(const uint8_t* p, size_t n) {
  static const char* kDigits = "0123456789abcdef";
  std::string out(2 * n, '0');
  for (size_t i = 0; i < n; ++i) {
    out[2 * i] = kDigits[p[i] >> 4];
    out[2 * i + 1] = kDigits[p[i] & 15];
  }
  return out;
}

std::vector<std::string> FileCaseNames(const std::string& root) {
  std::vector<std::string> names;
  std::error_code ec;
  fs::path dir = fs::path(root) / "files";
  if (!fs::is_directory(dir, ec)) return names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_directory()) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string CheckFileCase(const std::string& dir) {
  auto text = testing::ReadFile(fs::path(dir) / "expected.json");
  if (!text.ok()) return text.status().ToString();
  auto parsed = ParseJson(*text);
  if (!parsed.ok()) return parsed.status().ToString();
  const JsonValue& exp = *parsed;
  const std::string path = (fs::path(dir) / "file.zrow").string();
  if (exp.Find("error") == nullptr) {
    const auto want = Strings(exp.Find("row_hex"));
    for (auto level : {ValidationLevel::kNone, ValidationLevel::kBounds, ValidationLevel::kFull}) {
      auto f = RowFileReader::Open(path, nullptr, RowFileReadOptions{level, false});
      if (!f.ok()) return f.status().ToString();
      if (RowHex(*f) != want) return "the rows differ from row_hex";
      if (f->num_batches() != static_cast<int64_t>(exp.Find("batches")->array().size())) return "batches differ";
      if (arrow_io::CompressionName(f->compression()) != exp.Find("compression")->text())
        return "compression " + std::string(arrow_io::CompressionName(f->compression()));
      if (f->has_checksums() != exp.Find("checksum")->bool_value()) return "checksum column";
    }
    return "";
  }
  const std::string kind = exp.Find("error")->text();
  if (exp.Find("crc32c_stored") != nullptr) {
    for (const auto& level : exp.Find("levels_refusing")->array()) {
      auto lv = level.text() == "full" ? ValidationLevel::kFull : ValidationLevel::kBounds;
      auto f = RowFileReader::Open(path, nullptr, RowFileReadOptions{lv, false});
      if (f.ok()) return "level " + level.text() + " read the damaged row";
      const Status& st = f.status();
      const std::string msg = st.message();
      const std::string where = "row " + exp.Find("row")->text() + " (batch " + exp.Find("batch")->text() + ", byte " +
                                exp.Find("offset")->text() + ")";
      if (st.kind() != ErrorKind::kInvalidData || msg.find(where) == std::string::npos ||
          msg.find(exp.Find("crc32c_stored")->text()) == std::string::npos ||
          msg.find(exp.Find("crc32c_computed")->text()) == std::string::npos)
        return "level " + level.text() + ": expected " + where + " and both checksums, got " + st.ToString();
      if (Crc(static_cast<uint64_t>(*st.expected())) != exp.Find("crc32c_stored")->text()) return "expected()";
    }
    auto f = RowFileReader::Open(path, nullptr, RowFileReadOptions{ValidationLevel::kNone, false});
    if (!f.ok()) return "level none: " + f.status().ToString();
    if (RowHex(*f) != Strings(exp.Find("row_hex_at_level_none"))) return "level none: the rows differ";
    auto all = RowFileReader::ValidateAll(path);
    if (!all.ok()) return all.status().ToString();
    if (all->size() != 1) return "ValidateAll listed " + std::to_string(all->size()) + " rows";
    return "";
  }
  auto f = RowFileReader::Open(path, nullptr, RowFileReadOptions{});
  if (f.ok()) return "opened a file expected to be refused";
  const Status& st = f.status();
  if (ErrorKindName(st.kind()) != kind || !st.actual() || *st.actual() != Int(exp.Find("offset")))
    return "expected " + kind + " at byte " + exp.Find("offset")->text() + ", got " + st.ToString();
  auto r = RowFileReader::Open(path, nullptr, RowFileReadOptions{ValidationLevel::kBounds, true});
  if (!r.ok()) return "recover: " + r.status().ToString();
  const JsonValue* rec = exp.Find("recovered");
  const auto& info = r->recovery();
  if (info.problem.ok()) return "recover: no problem recorded";
  if (info.batches != Int(rec->Find("batches")) || r->num_rows() != Int(rec->Find("rows")) ||
      info.rows_lost != Int(rec->Find("rows_lost")) || info.incomplete_at != Int(rec->Find("incomplete_at")))
    return "recover: batches " + std::to_string(info.batches) + ", rows " + std::to_string(r->num_rows()) + ", lost " +
           std::to_string(info.rows_lost) + ", incomplete at " + std::to_string(info.incomplete_at);
  if (RowHex(*r) != Strings(rec->Find("row_hex"))) return "recover: the rows differ";
  return "";
}

}  // namespace zerorow::file_vectors
