// Helpers shared by the unit tests: golden vector files.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace zerorow::testing {

inline std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Names of the valid golden cases (empty when the vectors are absent); invalid/ and
/// evolution/ hold cases of their own kinds.
inline std::vector<std::string> GoldenCases() {
  std::vector<std::string> out;
  std::filesystem::path root(ZEROROW_VECTORS_DIR);
  if (!std::filesystem::exists(root)) return out;
  for (const auto& e : std::filesystem::directory_iterator(root)) {
    std::string name = e.path().filename().string();
    if (e.is_directory() && name != "invalid" && name != "evolution") out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::filesystem::path CaseDir(const std::string& name) {
  return std::filesystem::path(ZEROROW_VECTORS_DIR) / name;
}

}  // namespace zerorow::testing
