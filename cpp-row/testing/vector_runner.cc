#include "zerorow/testing/vector_runner.h"

#include <algorithm>
#include <filesystem>

#include "zerorow/json.h"
#include "zerorow/resolve.h"
#include "zerorow/row_writer.h"
#include "zerorow/schema.h"
#include "zerorow/testing/files.h"
#include "zerorow/testing/json_values.h"
#include "zerorow/validate.h"

namespace zerorow::vectors {

namespace fs = std::filesystem;

namespace {

CheckResult Begin(const char* check, const std::string& name) {
  CheckResult r;
  r.check = check;
  r.name = name;
  return r;
}

// Reads `dir`/`name` into *out; false when the file cannot be read.
bool Load(const fs::path& dir, const char* name, std::string* out) {
  auto text = testing::ReadFile(dir / name);
  if (!text.ok()) return false;
  *out = std::move(*text);
  return true;
}

void ValidCase(const fs::path& dir, const std::string& name, std::vector<CheckResult>* out) {
  CheckResult read = Begin("read", name), write = Begin("write", name);
  std::string schema_text, values_text, row;
  if (!Load(dir, "schema.json", &schema_text) || !Load(dir, "values.json", &values_text) ||
      !Load(dir, "row.bin", &row)) {
    read.message = write.message = "missing schema.json, values.json or row.bin";
    out->push_back(read);
    out->push_back(write);
    return;
  }
  auto schema = Schema::FromJson(schema_text);
  auto values = ParseJson(values_text);
  if (!schema.ok() || !values.ok()) {
    read.message = write.message =
        "cannot load: " + (schema.ok() ? values.status().ToString() : schema.status().ToString());
    out->push_back(read);
    out->push_back(write);
    return;
  }
  if (schema->ToJson() != schema_text && schema->ToJson() + "\n" != schema_text) {
    read.message = "schema.json is not in canonical form as we write it: " + schema->ToJson();
  }
  // SPEC §10: the first line of row.annotated.txt names the schema's fingerprint (aliases left out).
  std::string annotated;
  std::string want = "schema fingerprint " + schema->fingerprint_hex();
  if (read.message.empty() && Load(dir, "row.annotated.txt", &annotated)) {
    std::string head = annotated.substr(0, annotated.find('\n'));
    if (head.size() < want.size() || head.compare(head.size() - want.size(), want.size(), want) != 0)
      read.message = "fingerprint " + schema->fingerprint_hex() + " is not the one of row.annotated.txt: " + head;
  } else if (read.message.empty()) {
    read.message = "missing row.annotated.txt";
  }
  // read: validate at full, then compare every value.
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(row.data()), row.size());
  if (read.message.empty()) {
    auto r = ValidateAndWrap(*schema, bytes, ValidationLevel::kFull);
    if (!r.ok()) {
      read.message = "validation failed: " + r.status().ToString();
    } else {
      Status st = testing::CheckRowAgainstJson(*r, *values);
      if (st.ok())
        read.pass = true;
      else
        read.message = st.ToString();
    }
  }
  // write: encode values.json, compare byte for byte.
  RowWriter w(*schema);
  Status st = testing::WriteRowFromJson(*values, &w);
  if (!st.ok()) {
    write.message = st.ToString();
  } else if (w.bytes().size() != bytes.size() || !std::equal(bytes.begin(), bytes.end(), w.bytes().begin())) {
    size_t k = 0;
    while (k < bytes.size() && k < w.bytes().size() && bytes[k] == w.bytes()[k]) ++k;
    write.message = "bytes differ at offset " + std::to_string(k) + " (expected " + std::to_string(bytes.size()) +
                    " bytes, wrote " + std::to_string(w.bytes().size()) + ")";
  } else {
    write.pass = true;
  }
  out->push_back(read);
  out->push_back(write);
}

void InvalidCase(const fs::path& dir, const std::string& name, std::vector<CheckResult>* out) {
  CheckResult res = Begin("reject", name);
  std::string schema_text, expected_text, row;
  if (!Load(dir, "schema.json", &schema_text) || !Load(dir, "expected.json", &expected_text)) {
    res.message = "missing schema.json or expected.json";
    out->push_back(res);
    return;
  }
  auto expected = ParseJson(expected_text);
  const JsonValue* kind = expected.ok() ? expected->Find("error") : nullptr;
  if (kind == nullptr || !kind->is_string()) {
    res.message = "expected.json has no \"error\"";
    out->push_back(res);
    return;
  }
  const JsonValue* want_path = expected->Find("path");
  bool has_row = Load(dir, "row.bin", &row);
  auto schema = Schema::FromJson(schema_text);
  Status got;
  if (!has_row) {
    got = schema.status();
    if (got.ok()) res.message = "schema loaded but must be rejected with " + kind->text();
  } else if (!schema.ok()) {
    res.message = "schema failed to load: " + schema.status().ToString();
  } else {
    got = Validate(*schema, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(row.data()), row.size()),
                   ValidationLevel::kFull);
    if (got.ok()) res.message = "row accepted at level full but must be rejected with " + kind->text();
  }
  if (res.message.empty()) {
    if (ErrorKindName(got.kind()) == kind->text()) {
      res.pass = true;
      if (want_path && want_path->is_string() && want_path->text() != got.path())
        res.path_note = "path \"" + got.path() + "\" vs expected \"" + want_path->text() + "\"";
    } else {
      res.message = "expected " + kind->text() + " but got " + got.ToString();
    }
  }
  out->push_back(res);
}

// SPEC §13.6: resolve writer.json to reader.json; then either read row.bin through the
// resolution and compare with values.json, or expect the refusal of expected.json (kind and
// schema path).
std::string CheckEvolution(const fs::path& dir) {
  std::string writer_text, reader_text, values_text, expected_text, row;
  if (!Load(dir, "writer.json", &writer_text) || !Load(dir, "reader.json", &reader_text))
    return "missing writer.json or reader.json";
  bool has_values = Load(dir, "values.json", &values_text);
  bool has_expected = Load(dir, "expected.json", &expected_text);
  if (has_values == has_expected) return "needs exactly one of values.json and expected.json";
  auto writer = Schema::FromJson(writer_text);
  if (!writer.ok()) return "writer.json: " + writer.status().ToString();
  // A reader schema that breaks the alias rules is refused when it is loaded (invalid_data).
  auto reader = Schema::FromJson(reader_text);
  Result<Resolution> resolution = reader.ok() ? Resolve(*writer, *reader) : Result<Resolution>(reader.status());
  if (has_expected) {
    auto expected = ParseJson(expected_text);
    const JsonValue* kind = expected.ok() ? expected->Find("error") : nullptr;
    const JsonValue* path = expected.ok() ? expected->Find("path") : nullptr;
    if (kind == nullptr || !kind->is_string() || path == nullptr || !path->is_string())
      return "expected.json needs \"error\" and \"path\"";
    if (resolution.ok()) return "resolved, but must be refused with " + kind->text() + " at " + path->text();
    const Status& st = resolution.status();
    std::string got_path = st.path().empty() ? "<row>" : st.path();
    if (ErrorKindName(st.kind()) != kind->text() || got_path != path->text())
      return "expected " + kind->text() + " at " + path->text() + " but got " + st.ToString();
    return "";
  }
  if (!resolution.ok()) return "refused: " + resolution.status().ToString();
  if (!Load(dir, "row.bin", &row)) return "missing row.bin";
  auto values = ParseJson(values_text);
  if (!values.ok()) return "values.json: " + values.status().ToString();
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(row.data()), row.size());
  auto wrapped = ValidateAndWrap(*writer, bytes, ValidationLevel::kFull);
  if (!wrapped.ok()) return "row.bin is not a valid row of writer.json: " + wrapped.status().ToString();
  auto view = resolution->View(*wrapped);
  if (!view.ok()) return view.status().ToString();
  RowWriter out(*reader);
  Status st = WriteReaderRow(*view, &out);
  if (st.ok()) st = out.Finish();
  if (st.ok()) st = testing::CheckRowAgainstJson(out.row(), *values);
  return st.ok() ? "" : st.ToString();
}

void EvolutionCase(const fs::path& dir, const std::string& name, std::vector<CheckResult>* out) {
  CheckResult res = Begin("resolve", name);
  res.message = CheckEvolution(dir);
  res.pass = res.message.empty();
  out->push_back(res);
}

}  // namespace

bool RunAll(const std::string& vectors_dir, std::vector<CheckResult>* out, std::string* error) {
  fs::path root(vectors_dir);
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    *error = "not a directory: " + vectors_dir;
    return false;
  }
  for (const std::string& name : testing::GoldenCaseNames(root)) ValidCase(root / name, name, out);
  if (fs::is_directory(root / "invalid", ec)) {
    for (const std::string& name : testing::GoldenCaseNames(root / "invalid"))
      InvalidCase(root / "invalid" / name, name, out);
  }
  if (fs::is_directory(root / "evolution", ec)) {
    for (const std::string& name : testing::GoldenCaseNames(root / "evolution"))
      EvolutionCase(root / "evolution" / name, name, out);
  }
  return true;
}

}  // namespace zerorow::vectors
