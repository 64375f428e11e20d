#!/usr/bin/env bash
# Installs build/dev to a temporary prefix, builds examples/ against it, runs it.
set -euo pipefail
build_root=$1
here=$(cd "$(dirname "$0")" && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build_root/dev" --prefix "$prefix" >/dev/null
cmake -S "$here" -B "$build_root/example" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$build_root/example"
"$build_root/example/hello_zerorow"
