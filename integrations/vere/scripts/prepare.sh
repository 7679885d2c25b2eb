#!/usr/bin/env bash
# Lays out vere at its pinned revision and every package its zig build needs, checked by hash, in
# $URNUM_VERE_WORK (default integrations/vere/work): the vere tree in vere/, zig 0.15.2 in zig/, the
# packages in zig-cache/p/<hash>/ (zig's global package cache, which `zig build` then reads offline).
#
# Each package comes from $URNUM_VERE_SOURCES/deps/<name>.tar.{gz,xz} or <name>/ when that directory
# is given (see gather-sources.sh), else from its URL in deps.tsv; `zig fetch` hashes what it unpacks
# and the script fails unless the hash is the one vere pins. Two kinds of exception, both printed:
#   - a package marked `unused` in deps.tsv (no file of it is compiled by the targets run.sh builds)
#     that neither source has is stood in for by an empty directory under its pinned hash;
#   - a package whose row says `standin-debian` may come from that Debian source tarball when the
#     upstream one cannot be had (gmp: Debian's 6.3.0+dfsg is the release less doc/, which the build
#     does not read); its hash then differs and it is placed under the pinned hash, with a note.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
VERE_REV=859fd5c65c86af647144f024c155988afce0e6c8
WORK="${URNUM_VERE_WORK:-$HERE/work}"
SOURCES="${URNUM_VERE_SOURCES:-}"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"

# zig 0.15.2, the version vere's build.zig.zon asks for, from the Python package registry.
if [ ! -d "$WORK/zig/ziglang" ]; then
  python3 -m pip install --quiet --target "$WORK/zig" ziglang==0.15.2
fi
ZIG="$WORK/zig/ziglang/zig"
[ "$("$ZIG" version)" = 0.15.2 ] || { echo "prepare: zig is not 0.15.2" >&2; exit 1; }
export ZIG_GLOBAL_CACHE_DIR="$WORK/zig-cache"
mkdir -p "$ZIG_GLOBAL_CACHE_DIR/p"

# vere itself.
if [ ! -f "$WORK/vere.rev" ] || [ "$(cat "$WORK/vere.rev")" != "$VERE_REV" ]; then
  rm -rf "$WORK/vere-pristine"
  if [ -n "$SOURCES" ] && [ -d "$SOURCES/vere" ]; then
    cp -a "$SOURCES/vere" "$WORK/vere-pristine"
  else
    git clone --quiet https://github.com/urbit/vere "$WORK/vere-pristine"
    git -C "$WORK/vere-pristine" checkout --quiet "$VERE_REV"
    rm -rf "$WORK/vere-pristine/.git"
  fi
  echo "$VERE_REV" > "$WORK/vere.rev"
fi
[ -f "$WORK/vere-pristine/build.zig.zon" ] || { echo "prepare: no vere tree" >&2; exit 1; }

status=0
while IFS=$'\t' read -r name hash use url from; do
  case "$name" in ''|'#'*) continue ;; esac
  dest="$ZIG_GLOBAL_CACHE_DIR/p/$hash"
  if [ -d "$dest" ] && [ ! -f "$dest/URNUM-STAND-IN" ]; then echo "have     $name"; continue; fi
  src=""
  if [ -n "$SOURCES" ]; then
    for c in "$SOURCES/deps/$name.tar.gz" "$SOURCES/deps/$name.tar.xz" "$SOURCES/deps/$name"; do
      [ -e "$c" ] && { src="$c"; break; }
    done
  fi
  if [ -z "$src" ] && [ -z "${URNUM_VERE_OFFLINE:-}" ]; then src="$url"; fi
  got=""
  if [ -n "$src" ]; then got="$("$ZIG" fetch "$src" 2>/dev/null || true)"; fi
  if [ "$got" = "$hash" ]; then
    echo "exact    $name ($src)"
  elif [ -n "$got" ] && [ "${from%%:*}" = standin-debian ]; then
    rm -rf "$dest"; cp -a "$ZIG_GLOBAL_CACHE_DIR/p/$got" "$dest"
    printf 'stand-in for %s: %s (hash %s), from %s\n' "$url" "$src" "$got" "$from" > "$dest/URNUM-STAND-IN"
    echo "STAND-IN $name: $src hashes to $got, placed under $hash (${from#standin-debian:})"
  elif [ "$use" = unused ]; then
    rm -rf "$dest"; mkdir -p "$dest"
    printf 'stand-in for %s: not compiled by the targets run.sh builds\n' "$url" > "$dest/URNUM-STAND-IN"
    echo "STAND-IN $name: empty (not compiled by these targets; ${got:+got $got}${got:-no source})"
  else
    echo "MISSING  $name: ${got:-no source} (want $hash from $url)" >&2; status=1
  fi
done < "$HERE/deps.tsv"
exit $status
