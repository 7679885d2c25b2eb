#!/usr/bin/env bash
# Compiles work/root/<suite>/k-<suite>.hoon (or $SUITES) with hoonc into work/jams/<suite>.jam.
# hoonc boots its Hoon compiler once per data directory (about 10 minutes);
# set HOONC_NEW=1 to start from a fresh one.
set -euo pipefail
cd "$(dirname "$0")/.."
HOONC="${HOONC:-vendor/nockchain/target/release/hoonc}"
mkdir -p work/jams work/logs
for k in ${SUITES:-work/root/*/k-*.hoon}; do
  suite="$(basename "$k" .hoon)"; suite="${suite#k-}"
  out="work/jams/$suite"
  mkdir -p "$out"
  echo "hoonc: $suite"
  "$HOONC" ${HOONC_NEW:+--new} "$k" "$(dirname "$k")" --output "$out" > "work/logs/hoonc-$suite.log" 2>&1 \
    || { echo "hoonc failed on $suite (work/logs/hoonc-$suite.log)"; exit 1; }
  mv "$out/out.jam" "work/jams/$suite.jam"
  rmdir "$out"
done
