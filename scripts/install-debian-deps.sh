#!/usr/bin/env bash
# Installs the Debian packages the build needs, only those missing (apt-get needs root).
set -euo pipefail
wanted=(cmake ninja-build g++ libgtest-dev libbenchmark-dev clang libclang-rt-14-dev
        clang-format-14 openjdk-17-jdk-headless maven python3-venv)
missing=()
for p in "${wanted[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing Debian packages: ${missing[*]}"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
