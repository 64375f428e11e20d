#include "zerorow/testing/files.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace zerorow::testing {

Result<std::string> ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(ErrorKind::kInvalidArgument, "cannot read " + path.string());
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> GoldenCaseNames(const std::filesystem::path& root) {
  std::vector<std::string> names;
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return names;
  for (const auto& e : std::filesystem::directory_iterator(root)) {
    const std::string name = e.path().filename().string();
    if (e.is_directory() && name != "invalid" && name != "evolution" && name != "files") names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace zerorow::testing
