#!/usr/bin/env bash
# Reproduces docs/nockapp.md's runs: urnum as NockVM jets under the numerics
# Hoon test suites at the urnum specification's revisions (jets off, jets on,
# test mode), then the random jet-against-Nock runs.
#
# Sources: with URNUM_SOURCES=/path, a directory laid out as the repositories
# (numerics/, urbit/pkg/base-dev/lib/test.hoon, nockchain/; see
# scripts/gather_sources.py, which checks every file taken from a stored copy
# against its length). Without it, git clones by commit and one HTTPS file.
# Needs python3 and Rust; hoonc's first boot takes about 10 minutes (its data
# dir is kept between runs). RANDOM_RUNS=0 skips the random runs; SUITES=0 the suites.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(python3 scripts/gather_sources.py revs)"
mkdir -p vendor work
if [ -n "${URNUM_SOURCES:-}" ]; then
  src="$URNUM_SOURCES"
  python3 scripts/gather_sources.py check "$src"
  if [ ! -f vendor/nockchain/Cargo.toml ]; then
    rm -rf vendor/nockchain
    cp -a "$src/nockchain" vendor/nockchain
  fi
else
  src=vendor/sources
  clone() { # DIR URL REV
    if [ ! -d "$1/.git" ]; then git clone --quiet "$2" "$1"; fi
    git -C "$1" checkout --quiet "$3"
  }
  clone vendor/nockchain https://github.com/zorp-corp/nockchain "$NOCKCHAIN_REV"
  clone vendor/numerics-git https://github.com/urbit/numerics "$BASE_REV"
  mkdir -p "$src/urbit/pkg/base-dev/lib"
  [ -f "$src/urbit/pkg/base-dev/lib/test.hoon" ] || curl -fsSL \
    -o "$src/urbit/pkg/base-dev/lib/test.hoon" \
    "https://raw.githubusercontent.com/urbit/urbit/$URBIT_REV/pkg/base-dev/lib/test.hoon"
  python3 scripts/gather_sources.py from-git vendor/numerics-git "$src"
fi
python3 scripts/trim_workspace.py vendor/nockchain
export RUSTC_BOOTSTRAP=1
(cd vendor/nockchain && nice -n 15 cargo build --release -p hoonc)
CARGO_TARGET_DIR=vendor/nockchain/target nice -n 15 cargo build --release --bins
rm -rf work/root
vendor/nockchain/target/release/random emit-kernel "$src/numerics" work/k-random.hoon
python3 scripts/make_kernels.py "$src/numerics" \
  vendor/nockchain/crates/hoonc/hoon/hoon-deps/lib/wrapper.hoon \
  "$src/urbit/pkg/base-dev/lib/test.hoon" work/root work/k-random.hoon
scripts/compile_kernels.sh
if [ "${SUITES:-1}" != 0 ]; then
  nice -n 15 vendor/nockchain/target/release/suites --unum-rev 96f3cfe work/jams/lagoon.jam \
    work/jams/libmath.jam work/jams/saloon.jam | tee work/suites.txt
fi
if [ "${RANDOM_RUNS:-1}" != 0 ]; then
  nice -n 15 vendor/nockchain/target/release/random work/jams/random.jam \
    --seed "${SEED:-35}" --calls "${CALLS:-300}" --call-timeout 300 --out work/random \
    | tee work/random.txt
fi
