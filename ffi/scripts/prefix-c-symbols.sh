#!/usr/bin/env bash
# Usage: prefix-c-symbols.sh IN.a OUT.a [PREFIX]
#
# Renames the C symbols bundled in urnum's static library (Berkeley SoftFloat
# from softfloat-sys, and its helper) to PREFIX<name> (default urnum_sf_), in
# their definitions and in every reference from urnum's Rust objects, so that
# the archive can be linked next to vere's own SoftFloat (ext/softfloat)
# without a duplicate symbol and without urnum's calls binding to vere's copy.
#
# Renamed: every defined external symbol of an archive member that rustc did
# not produce (members not named *.rcgu.o) whose name does not start with "__"
# (compiler-rt intrinsics keep their names: codegen calls them by name).
# Tools: llvm-nm and llvm-objcopy when installed, else binutils nm and objcopy
# (override with NM=, OBJCOPY=). Both read these archives; binutils' LTO plugin
# may print complaints about rustc's embedded bitcode, which are ignored.
set -euo pipefail
in=$1
out=$2
prefix=${3:-urnum_sf_}
pick() { if command -v "$1" >/dev/null 2>&1; then echo "$1"; else echo "$2"; fi; }
nm=${NM:-$(pick llvm-nm nm)}
objcopy=${OBJCOPY:-$(pick llvm-objcopy objcopy)}
map=$(mktemp)
syms=$(mktemp)
trap 'rm -f "$map" "$syms"' EXIT
# nm -A prints "ARCHIVE:MEMBER: ADDR TYPE NAME" (llvm) or "ARCHIVE:MEMBER:ADDR TYPE NAME"
# (binutils) per defined external symbol; it exits 1 when some member has no
# symbols, which is not an error here. Lines whose next-to-last field is not a
# one-letter symbol type are diagnostics, not symbols.
"$nm" --defined-only --extern-only -A "$in" >"$syms" 2>/dev/null || [ -s "$syms" ]
awk -v p="$prefix" 'NF >= 3 && $1 ~ /:/ && $(NF-1) ~ /^[A-Za-z]$/ {
      split($1, f, ":"); member = f[2]; name = $NF;
      if (member !~ /\.rcgu\.o$/ && name !~ /^__/ && !(name in seen)) {
        seen[name] = 1; print name, p name
      }
    }' "$syms" >"$map"
if [ ! -s "$map" ]; then
  echo "prefix-c-symbols: no C symbols found in $in" >&2
  exit 1
fi
"$objcopy" --redefine-syms="$map" "$in" "$out"
echo "prefix-c-symbols: renamed $(wc -l <"$map") symbols into $out"
