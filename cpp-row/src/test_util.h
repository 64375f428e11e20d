// Helpers shared by the unit tests: golden vector files (ZEROROW_VECTORS_DIR).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "zerorow/testing/files.h"

namespace zerorow::testing {

/// The bytes of a golden-vector file; a missing file aborts the test program with its name
/// (a conformance check never passes without its subject).
inline std::string ReadCaseFile(const std::filesystem::path& p) { return *ReadFile(p); }

/// Names of the valid golden cases.
inline std::vector<std::string> GoldenCases() { return GoldenCaseNames(ZEROROW_VECTORS_DIR); }

inline std::filesystem::path CaseDir(const std::string& name) {
  return std::filesystem::path(ZEROROW_VECTORS_DIR) / name;
}

}  // namespace zerorow::testing
