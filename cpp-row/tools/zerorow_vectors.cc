// The C++ golden-vector runner for `make test-vectors` (SPEC §8):
//   zerorow_vectors <vectors-folder>
// prints `PASS|FAIL <read|write|reject|resolve|file> <case>[: why]`, one line per check. Exits 0 when it
// ran (even with FAILs), 2 when it could not run.
#include <cstdio>

#include "zerorow/testing/vector_runner.h"
#ifdef ZEROROW_FILE_VECTORS
#include "file_vectors.h"
#endif

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <vectors-folder>\n", argv[0]);
    return 2;
  }
  std::vector<zerorow::vectors::CheckResult> results;
  std::string error;
  if (!zerorow::vectors::RunAll(argv[1], &results, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
#ifdef ZEROROW_FILE_VECTORS
  // SPEC §5: the row files of files/ (this needs the Arrow adapter; a build without it
  // reports no file checks, which the harness counts as failures)
  for (const std::string& name : zerorow::file_vectors::FileCaseNames(argv[1])) {
    zerorow::vectors::CheckResult r;
    r.check = "file";
    r.name = name;
    r.message = zerorow::file_vectors::CheckFileCase(std::string(argv[1]) + "/files/" + name);
    r.pass = r.message.empty();
    results.push_back(r);
  }
#endif
  int failed = 0;
  for (const auto& r : results) {
    if (r.pass) {
      std::printf("PASS %s %s\n", r.check.c_str(), r.name.c_str());
    } else {
      ++failed;
      std::printf("FAIL %s %s: %s\n", r.check.c_str(), r.name.c_str(), r.message.c_str());
    }
  }
  std::fprintf(stderr, "%zu checks, %d failed\n", results.size(), failed);
  return 0;
}
