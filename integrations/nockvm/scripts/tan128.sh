#!/usr/bin/env bash
# tan at posit128 (bcb316c) in test mode, one input per process, past the inputs on
# which NockVM aborts (docs/nockapp.md). usage: scripts/tan128.sh [SEED] [OUT_PREFIX]
cd "$(dirname "$0")/.."
B=vendor/nockchain/target/release; NEW=bcb316c384ab5e3f378d481e67d88ef8d6bbb5b2
seed=${1:-68}; o=${2:-work/tan128}
k=0; : > $o.jsonl; : > $o-aborts.txt; : > $o-jetmis.tsv; : > $o-rows.tsv
while [ $k -lt 200 ]; do
  nice -n 15 $B/random sweep work/jams/unumnew.jam work/root/unumnew/arms.tsv $o-part.jsonl $NEW --jets bcb316c --bloqs 7 --per 200 --seed $seed --arms tan --chunk 1 --skip-inputs $k > $o-part.out 2> $o-part.err
  rc=$?
  w=$(wc -l < $o-part.jsonl)
  cat $o-part.jsonl >> $o.jsonl
  cat $o-part.jsonl.jet-mismatches.tsv >> $o-jetmis.tsv 2>/dev/null
  if [ $rc -eq 0 ]; then tail -1 $o-part.out >> $o-rows.tsv; break; fi
  bad=$((k + w)); grep '^call' $o-part.err | tail -1 | sed "s/^/input $bad aborts: /" >> $o-aborts.txt
  k=$((bad + 1))
done
echo "written $(wc -l < $o.jsonl), aborts $(wc -l < $o-aborts.txt), jet mismatches $(wc -l < $o-jetmis.tsv)"
