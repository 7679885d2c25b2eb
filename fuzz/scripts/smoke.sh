#!/usr/bin/env bash
# Builds the six fuzz targets and runs each for SECS seconds (default 60) from
# the committed seed corpora, failing on any crash, timeout or out-of-memory.
# Used by .ci/run; see docs/fuzzing.md for the long runs.
#
#   fuzz/scripts/smoke.sh [SECS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked --version 0.13.2
fi
# --no-trace-compares: the soft core is Rust and instrumented like the rest,
# and tracing its every integer compare triples the cost of an arm
# (regress-svd-work: 23 s with tracing, 7.7 s without, against the 30 s
# timeout). The smoke replays the corpora; the hour-long runs of
# docs/fuzzing.md keep the tracing.
for t in cue aura arms softcore hw; do cargo fuzz build -s none --no-trace-compares "$t"; done
cargo fuzz build -s address --no-trace-compares abi
bin="${CARGO_TARGET_DIR:-target}/x86_64-unknown-linux-gnu/release"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Two targets at a time (SMOKE_JOBS): each fuzzer is one process on one
# core, so on CI's two cores the six runs take three slots of SECS.
jobs="${SMOKE_JOBS:-2}"
one() {
  local t="$1"
  mkdir -p "$work/$t" "$work/art-$t"
  # The corpus directory is read only: new inputs go to $work/$t.
  # A fixed seed keeps CI reproducible; set SEED to explore.
  # -report_slow_units at the timeout: libFuzzer writes a slow-unit
  # artifact for any input over 10 s by default, and cases at the arms'
  # work limits (svd, magic at 2^30 data bits) take that long on a slow
  # 2-core machine; the smoke fails on timeouts, not on slow units.
  local rc=0
  "$bin/$t" -seed="${SEED:-1}" -max_total_time="$secs" -timeout=30 -report_slow_units=30 -rss_limit_mb=2048 -max_len=4096 \
      -print_final_stats=1 -artifact_prefix="$work/art-$t/" "$work/$t" "corpus/$t" >"$work/$t.log" 2>&1 || rc=$?
  echo "$rc" >"$work/$t.rc"
}
targets=(cue aura arms softcore hw abi)
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  for t in "${targets[@]:i:jobs}"; do one "$t" & done
  wait
done
status=0
for t in "${targets[@]}"; do
  log="$work/$t.log"
  rc="$(cat "$work/$t.rc")"
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  arts="$(ls "$work/art-$t" | wc -l)"
  printf '%-5s %s s: %s executions, %s artifacts\n' "$t" "$secs" "${execs:-?}" "$arts"
  if [ "$arts" -ne 0 ] || [ "$rc" -ne 0 ]; then
    status=1
    tail -40 "$log"
  fi
done
exit "$status"
