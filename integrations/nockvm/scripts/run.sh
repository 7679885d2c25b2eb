#!/usr/bin/env bash
# Reproduces docs/nockapp.md's run: urnum as NockVM jets under the numerics
# Hoon test suites, jets off, jets on, and in test mode. Needs git, curl,
# python3 and Rust; reaches github.com and the package registry.
set -euo pipefail
cd "$(dirname "$0")/.."
NOCKCHAIN_REV=c3a0723a31dc5476f51c747ba150be1fb135a77a
NUMERICS_REV=96f3cfe0a0ccb9495b0b8004dc95305f55a5dc26
URBIT_REV=04148b2de4beebfc4cf54d1b1bbdb335c5b91492
mkdir -p vendor work
fetch() { # DIR URL REV
  if [ ! -d "$1/.git" ]; then git clone --quiet "$2" "$1"; fi
  git -C "$1" checkout --quiet "$3"
}
fetch vendor/nockchain https://github.com/zorp-corp/nockchain "$NOCKCHAIN_REV"
fetch vendor/numerics https://github.com/urbit/numerics "$NUMERICS_REV"
[ -f vendor/urbit-test.hoon ] || curl -fsSL -o vendor/urbit-test.hoon \
  "https://raw.githubusercontent.com/urbit/urbit/$URBIT_REV/pkg/base-dev/lib/test.hoon"
python3 scripts/trim_workspace.py vendor/nockchain
export RUSTC_BOOTSTRAP=1
(cd vendor/nockchain && cargo build --release -p hoonc)
rm -rf work/root
python3 scripts/make_kernels.py vendor/numerics \
  vendor/nockchain/crates/hoonc/hoon/hoon-deps/lib/wrapper.hoon vendor/urbit-test.hoon work/root
scripts/compile_kernels.sh
CARGO_TARGET_DIR=vendor/nockchain/target cargo build --release --bin suites
vendor/nockchain/target/release/suites work/jams/lagoon.jam work/jams/libmath.jam \
  work/jams/saloon.jam | tee work/suites.txt
