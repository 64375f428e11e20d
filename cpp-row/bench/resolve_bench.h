// Resolved reads (SPEC §13.4) against direct reads of the same rows, in the same run.
#pragma once

#include <functional>
#include <string>

namespace zerorow::bench {

/// Prints the resolved-read rows of the ratio table; `cpu_ns` gives a benchmark's CPU time
/// per iteration by name (0 when it did not run).
void PrintResolveRatios(const std::function<double(const std::string&)>& cpu_ns);

}  // namespace zerorow::bench
