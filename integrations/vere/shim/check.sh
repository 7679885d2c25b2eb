#!/usr/bin/env bash
# Compile-checks the shim, the harness and the patched dashboard with vere's own
# C flags (vere 859fd5c6 build.zig: global + urbit flags, pkg_noun's -std=gnu23),
# without a vere build: zig cc -c to a scratch object, warnings as errors.
#
#   integrations/vere/shim/check.sh [VERE_SRC]      (default /work/vere-src)
#
# VERE_SRC is a vere source tree at the pinned revision; it is not modified: the
# patch is applied to a scratch copy of pkg/noun and pkg/c3.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
vere=${1:-${VERE_SRC:-/work/vere-src}}
zig=${ZIG:-python3 -m ziglang}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# gmp.h: vere generates it at build time (ext/gmp); for a syntax check any gmp 6
# header does (Debian: apt-get install libgmp-dev). Copied alone, so that no
# other host header shadows zig's musl headers.
gmp_h=${GMP_H:-/usr/include/x86_64-linux-gnu/gmp.h}
[[ -f "$gmp_h" ]] || { echo "check.sh: no gmp.h at $gmp_h (apt-get install libgmp-dev, or GMP_H=...)" >&2; exit 1; }
mkdir -p "$tmp/gmp" && cp "$gmp_h" "$tmp/gmp/gmp.h"

# A scratch copy of the headers and dashboard, with the registration patch applied.
mkdir -p "$tmp/vere/pkg"
cp -r "$vere/pkg/noun" "$vere/pkg/c3" "$tmp/vere/pkg/"
(cd "$tmp/vere" && git apply -p1 "$here/../patch/0002-urnum-jets.patch")

# vere's urbit_flags (build.zig); pkg_noun's sources add -std=gnu23, its test
# binaries (jets-test ...) are compiled with urbit_flags alone.
flags=(
  -g3 -Wall -Werror -fno-sanitize=all
  -Wno-deprecated-non-prototype -Wno-gnu-binary-literal -Wno-gnu-empty-initializer
  -Wno-gnu-statement-expression -Wno-unused-variable -Wno-unused-function -Wno-gnu
  -DU3_GUARD_PAGE -DU3_OS_ENDIAN_little=1 -DU3_OS_PROF=1
  -DU3_OS_linux=1 -DENT_GETENTROPY_UNISTD
)
incs=(
  -I "$here" -I "$root/ffi/include"
  -I "$tmp/vere/pkg/noun" -I "$tmp/vere/pkg/c3" -I "$tmp/vere/pkg"
  -I "$tmp/vere/pkg/noun/platform/linux" -I "$tmp/gmp"
)
targets=("${@:2}")
[[ ${#targets[@]} -gt 0 ]] || targets=(x86_64-linux-musl aarch64-linux-musl)

cc() { # target, extra flags..., source
  local cpu=()
  [[ "$1" != aarch64-* ]] || cpu=(-DU3_CPU_aarch64=1)   # as vere's build.zig
  $zig cc -target "$1" "${flags[@]}" "${cpu[@]}" "${incs[@]}" "${@:2}" -c -o "$tmp/out.o"
}

for t in "${targets[@]}"; do
  for f in "$here"/*.c; do   # every shim file, as the zig package compiles them all
    for d in "" -DU3_URNUM_JET_ONLY; do
      cc "$t" -std=gnu23 $d "$f"
      echo "ok  $t ${d:-(default)}  shim/${f##*/}"
    done
  done
  # the harness's parts are included by urnum_jets_test.c: one translation unit
  if [[ -f "$here/../harness/urnum_jets_test.c" ]]; then
    cc "$t" "$here/../harness/urnum_jets_test.c"
    echo "ok  $t  harness/urnum_jets_test.c"
  fi
  for k in 135 136 137; do
    for d in "" -DU3_URNUM_JETS; do
      cc "$t" -std=gnu23 $d "$tmp/vere/pkg/noun/jets/$k/tree.c"
      echo "ok  $t ${d:-(vere bodies)}  jets/$k/tree.c (patched)"
    done
  done
done
