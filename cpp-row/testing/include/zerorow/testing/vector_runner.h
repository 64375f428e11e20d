// The golden-vector checks of SPEC §8 (read, write, reject, resolve), shared by the
// zerorow_vectors program and the GoogleTest suite (zerorow::testing, not part of the
// shipped library).
#pragma once

#include <string>
#include <vector>

namespace zerorow::vectors {

struct CheckResult {
  std::string check;  // "read", "write", "reject" or "resolve" (SPEC §13.6)
  std::string name;   // the case folder name
  bool pass = false;
  std::string message;    // why it failed (empty on PASS)
  std::string path_note;  // reject: the error path we produced vs expected.json's, if they differ
};

/// Runs every check over `vectors_dir` (the folder holding the cases and invalid/).
/// Returns false (with `error`) only when the folder cannot be read.
bool RunAll(const std::string& vectors_dir, std::vector<CheckResult>* out, std::string* error);

}  // namespace zerorow::vectors
