#!/usr/bin/env bash
# The README's test command: installs the Debian packages the test oracles
# need when they are missing (a C compiler and CMake for Berkeley SoftFloat
# through softfloat-sys and for the C programs of the ABI tests; GMP, MPFR
# and MPC for the rug/MPFR oracle), then runs `cargo test --workspace` with
# any arguments given (`./test.sh -p urnum-lagoon`).
set -euo pipefail
cd "$(dirname "$0")"

missing=()
command -v cc >/dev/null 2>&1 || missing+=(build-essential)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
if command -v dpkg-query >/dev/null 2>&1; then
  for p in libgmp-dev libmpfr-dev libmpc-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "test.sh: install ${missing[*]} (or your system's equivalents), then run again" >&2
    exit 2
  fi
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "test.sh: installing ${missing[*]}" >&2
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

exec cargo test --workspace "$@"
