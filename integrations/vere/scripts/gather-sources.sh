#!/usr/bin/env bash
# Assembles a sources directory for prepare.sh where git hosts cannot be reached: vere and each
# package of deps.tsv from local bare git clones (URNUM_GIT_MIRRORS, laid out as
# <owner>+<name>/repo or <owner>/<name>.git) and Debian source packages (apt-get source, which needs
# deb-src lines for the suites that carry the versions named in deps.tsv: bookworm, bullseye, trixie).
#
#   URNUM_GIT_MIRRORS=/work/.mirror integrations/vere/scripts/gather-sources.sh /path/to/sources
#
# Blobs a mirror lacks are left out and listed (vere 859fd5c6: pkg/vere/ivory/ivory.c, the ivory
# pill, which only the urbit binary compiles, not the tests run.sh runs).
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:?usage: gather-sources.sh SOURCES_DIR}"
MIRRORS="${URNUM_GIT_MIRRORS:?set URNUM_GIT_MIRRORS to a directory of bare git clones}"
VERE_REV=859fd5c65c86af647144f024c155988afce0e6c8
mkdir -p "$OUT/deps" "$OUT/debian"
OUT="$(cd "$OUT" && pwd)"

mirror() { # owner/name -> git dir
  for d in "$MIRRORS/${1/\//+}/repo" "$MIRRORS/$1.git" "$MIRRORS/$1"; do
    [ -d "$d" ] && { echo "$d"; return; }
  done
  return 1
}
# archive REPO REV PREFIX: a tar of the tree at REV, leaving out (and naming) blobs the clone lacks.
archive() {
  local g="$1" rev="$2" missing=()
  while read -r _ type obj path; do
    [ "$type" = blob ] && ! git -C "$g" cat-file -e "$obj" 2>/dev/null && missing+=(":!$path")
  done < <(git -C "$g" ls-tree -r "$rev")
  for m in "${missing[@]}"; do echo "  absent from the mirror: ${m#:!}" >&2; done
  git -C "$g" archive --prefix="$3/" "$rev" -- . "${missing[@]}"
}

g="$(mirror urbit/vere)"
rm -rf "$OUT/vere"; mkdir -p "$OUT/vere"
archive "$g" "$VERE_REV" vere | tar -x -C "$OUT"
echo "vere     $VERE_REV"

while IFS=$'\t' read -r name hash use url from; do
  case "$name" in ''|'#'*) continue ;; esac
  case "$from" in
    git:*)
      spec="${from#git:}"; repo="${spec%@*}"; rev="${spec#*@}"
      if g="$(mirror "$repo")" && git -C "$g" cat-file -e "$rev^{commit}" 2>/dev/null; then
        archive "$g" "$rev" "$name" | gzip -1 > "$OUT/deps/$name.tar.gz"
        echo "git      $name ($repo@$rev)"
      else
        echo "absent   $name ($repo@$rev)"
      fi ;;
    debian:*|standin-debian:*)
      spec="${from#*:}"; pkgver="${spec%:*}"; file="${spec##*:}"
      (cd "$OUT/debian" && apt-get source --download-only -qq "$pkgver" >/dev/null 2>&1) || true
      if [ -f "$OUT/debian/$file" ]; then
        ext="${file##*.tar.}"
        cp "$OUT/debian/$file" "$OUT/deps/$name.tar.$ext"
        echo "debian   $name ($file)"
      else
        echo "absent   $name (Debian $pkgver)"
      fi ;;
    *) echo "none     $name ($from)" ;;
  esac
done < "$HERE/deps.tsv"
