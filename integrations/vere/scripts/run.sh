#!/usr/bin/env bash
# Builds the pinned vere with urnum's jets by vere's own zig build and runs vere's tests and urnum's
# jet-against-jet harness, on x86_64 and (under qemu-aarch64) on aarch64.
#
#   integrations/vere/scripts/run.sh                         # sources from the network
#   URNUM_VERE_SOURCES=/path/to/sources URNUM_VERE_OFFLINE=1 integrations/vere/scripts/run.sh
#
# Environment: URNUM_VERE_WORK (default integrations/vere/work), URNUM_VERE_ARCHES (default
# "x86_64 aarch64"), URNUM_VERE_TESTS (default below), URNUM_VERE_OPTIMIZE (zig -Doptimize; default:
# vere's own, Debug), URNUM_VERE_HARNESS_ARGS (arguments of urnum-jets-test). Needs Rust with the musl
# targets (rustup target add x86_64-unknown-linux-musl aarch64-unknown-linux-musl), python3 with pip,
# and for aarch64 Debian's qemu-user.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="${URNUM_VERE_WORK:-$HERE/work}"
mkdir -p "$WORK"; WORK="$(cd "$WORK" && pwd)"
export URNUM_VERE_WORK="$WORK"
ARCHES="${URNUM_VERE_ARCHES:-x86_64 aarch64}"
TESTS="${URNUM_VERE_TESTS:-jets-test nock-test retrieve-test serial-test equality-test hashtable-test palloc-test urnum-jets-test}"
OPTIMIZE="${URNUM_VERE_OPTIMIZE:-}"
step() { printf '\n=== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

step "sources: vere and its packages, by hash"
"$HERE/scripts/prepare.sh"
ZIG="$WORK/zig/ziglang/zig"
export ZIG_GLOBAL_CACHE_DIR="$WORK/zig-cache"

step "urnum's sealed musl archives"
for arch in $ARCHES; do
  (cd "$ROOT" && cargo build --release -p urnum-ffi --target "$arch-unknown-linux-musl")
done

step "vere with urnum: the patched tree"
rm -rf "$WORK/vere"
cp -a "$WORK/vere-pristine" "$WORK/vere"
V="$WORK/vere"
# vere's build.zig reads the short revision from .git/logs/HEAD; a tree without git history gets one line.
if [ ! -f "$V/.git/logs/HEAD" ]; then
  mkdir -p "$V/.git/logs"
  printf '%s %s urnum <urnum@localhost> 0 +0000\tcheckout\n' 0000000000000000000000000000000000000000 \
    "$(cat "$WORK/vere.rev")" > "$V/.git/logs/HEAD"
fi
for p in "$HERE"/patch/*.patch; do
  (cd "$V" && patch -p1 --quiet --forward < "$p")
done
E="$V/ext/urnum"
mkdir -p "$E"
cp -a "$HERE/ext/urnum/." "$E/"
mkdir -p "$E/include" "$E/shim" "$E/harness"
cp "$ROOT/ffi/include/urnum.h" "$E/include/"
cp "$HERE"/shim/*.c "$E/shim/"
cp "$HERE"/shim/*.h "$E/include/" 2>/dev/null || true
cp "$HERE"/harness/*.c "$E/harness/"
for arch in $ARCHES; do
  mkdir -p "$E/lib/$arch-linux-musl"
  (cd "$E/lib/$arch-linux-musl" && "$ZIG" ar x "$ROOT/target/$arch-unknown-linux-musl/release/liburnum_ffi.a" urnum.o)
done

status=0
for arch in $ARCHES; do
  out="$V/out-$arch"
  flags=(-p "$out")
  [ -n "$OPTIMIZE" ] && flags+=(-Doptimize="$OPTIMIZE")
  runner=()
  if [ "$arch" != "$(uname -m)" ]; then
    flags+=(-Dtarget="$arch-linux-musl" -fqemu); runner=(qemu-aarch64)
  fi
  for t in $TESTS; do
    step "$arch: $t"
    # vere's build runs each test binary it builds (under qemu-aarch64 with -fqemu where it is foreign).
    if ! (cd "$V" && "$ZIG" build "$t" "${flags[@]}" --summary failures); then
      echo "FAIL $arch $t"; status=1; continue
    fi
    # The harness runs once more by name with its arguments (vere's build passes none).
    if [ "$t" = urnum-jets-test ] && [ -n "${URNUM_VERE_HARNESS_ARGS:-}" ]; then
      read -r -a args <<< "$URNUM_VERE_HARNESS_ARGS"
      if ! (cd "$V" && "${runner[@]}" "$out/bin/$t" "${args[@]}"); then
        echo "FAIL $arch $t ${args[*]}"; status=1; continue
      fi
    fi
    echo "PASS $arch $t"
  done
done
exit $status
