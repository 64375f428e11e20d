#!/usr/bin/env bash
# Installs build/dev to a temporary prefix, builds examples/ against it as a fresh consumer
# (find_package(zerorow ... COMPONENTS arrow_adapter)) and runs both programs. Then checks
# that a prefix holding only the core component makes that find_package fail. Last, builds
# examples/subdirectory (cpp-row through add_subdirectory, the README's CMake block) and runs
# its program, and checks that only the core is defined there.
set -euo pipefail
build_root=$1
here=$(cd "$(dirname "$0")" && pwd)
prefix=$(mktemp -d)
core_only=$(mktemp -d)
trap 'rm -rf "$prefix" "$core_only" "$build_root/example-core-only" "$build_root/example-subdirectory"' EXIT
cmake --install "$build_root/dev" --prefix "$prefix" >/dev/null
rm -rf "$build_root/example"
cmake -S "$here" -B "$build_root/example" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$build_root/example"
"$build_root/example/hello_zerorow"
"$build_root/example/seed_arrow_writer"

cmake --install "$build_root/dev" --prefix "$core_only" --component core >/dev/null
if [ -e "$core_only/include/zerorow/arrow/adapter.h" ] || ls "$core_only"/lib*/libzerorow_arrow_adapter.a >/dev/null 2>&1; then
  echo "FAIL: --component core installed the Arrow adapter" >&2
  exit 1
fi
if out=$(cmake -S "$here" -B "$build_root/example-core-only" -G Ninja -DCMAKE_PREFIX_PATH="$core_only" 2>&1); then
  echo "FAIL: find_package(zerorow COMPONENTS arrow_adapter) succeeded without the adapter" >&2
  exit 1
fi
if ! grep -q "required component arrow_adapter is missing" <<<"$out"; then
  echo "FAIL: the find_package error does not name the missing component:" >&2
  echo "$out" >&2
  exit 1
fi
echo "core-only prefix: find_package(zerorow COMPONENTS arrow_adapter) fails as it should:"
grep -A1 "required component" <<<"$out"

sub="$build_root/example-subdirectory"
rm -rf "$sub"
cmake -S "$here/subdirectory" -B "$sub" -G Ninja >/dev/null
cmake --build "$sub"
"$sub/hello_zerorow"
if extra=$(ninja -C "$sub" -t targets all | grep -Eo '^(zerorow_tests|zerorow_testing|zerorow_vectors|zerorow_arrow|zerorow_arrow_adapter|install)[:/]'); then
  echo "FAIL: cpp-row as a subdirectory defined more than zerorow::core: $extra" >&2
  exit 1
fi
echo "cpp-row as a subdirectory: zerorow::core only, hello_zerorow ran"
