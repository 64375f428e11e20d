#!/usr/bin/env bash
# run_fuzzers.sh <build-dir> <seconds-per-target> <target>...
# Seeds each target from the golden vectors (valid and invalid), then runs it for the given
# time. Corpora persist under <build-dir>/corpus/<target>; crashes fail the run.
set -euo pipefail
build=$1; seconds=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
vectors="$here/../../format-spec/vectors"
python3 "$here/make_seeds.py" "$vectors" "$build/seeds"
for target in "$@"; do
  corpus="$build/corpus/$target"
  mkdir -p "$corpus" "$build/artifacts"
  if [ "$target" = fuzz_schema_json ]; then seeds="$build/seeds/schema"; else seeds="$build/seeds/row"; fi
  echo "== $target for ${seconds}s"
  log="$build/artifacts/$target.log"
  rc=0
  "$build/fuzz/$target" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
      -artifact_prefix="$build/artifacts/$target-" -print_final_stats=0 >"$log" 2>&1 || rc=$?
  grep -E "DONE|Done [0-9]+ runs" "$log" || true
  if [ "$rc" -ne 0 ]; then
    grep -E -A30 "ERROR|SUMMARY" "$log" | head -60
    echo "$target failed (exit $rc); reproducer in $build/artifacts"
    exit 1
  fi
done
