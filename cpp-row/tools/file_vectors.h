// The row file vectors (format-spec/vectors/files, SPEC §5 and §10) read through
// RowFileReader: the `file <case>` check of the C++ vector runner, also run by the adapter
// tests.
#pragma once

#include <string>
#include <vector>

namespace zerorow::file_vectors {

/// "" when the case at `dir` reads as its expected.json says, else why not.
std::string CheckFileCase(const std::string& dir);
/// The case names of `root`/files in name order (none when the folder is missing).
std::vector<std::string> FileCaseNames(const std::string& root);
/// The lowercase hex of `n` bytes.
std::string Hex(const uint8_t* p, size_t n);

}  // namespace zerorow::file_vectors
