// Files of the golden vectors (format-spec/vectors, SPEC §10), for the test programs, the
// vector runner and the tools. Part of zerorow::testing, not of the shipped library.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "zerorow/status.h"

namespace zerorow::testing {

/// The bytes of the file at `path`; invalid_argument naming the path when it cannot be read.
Result<std::string> ReadFile(const std::filesystem::path& path);

/// The names of the golden cases under `root`, sorted: its folders except `invalid/` and
/// `evolution/`, which hold other kinds of case. Empty when `root` is not a folder.
std::vector<std::string> GoldenCaseNames(const std::filesystem::path& root);

}  // namespace zerorow::testing
