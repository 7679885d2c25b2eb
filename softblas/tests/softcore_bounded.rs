//! The soft core (`softcore`) against Berkeley SoftFloat on raw bits,
//! bounded for CI: for every operation, width and mode, every pair of special
//! encodings and 10^5 hard-biased random cases (`softcore_support::case`).
//! The long runs are `softcore_sweep.rs` (ignored); figures in `docs/softcore.md`.

mod softcore_support;

use softblas::scalar::i754::Width;
use softblas::Round;
use softcore_support::{ops, run};

/// Random cases per operation, width and mode.
const CASES: u64 = 100_000;

fn prove(w: Width) {
    let mut failures = Vec::new();
    for op in ops(w) {
        let modes: &[Round] = if op.rounds() {
            &Round::ALL
        } else {
            &[Round::N]
        };
        for &r in modes {
            let (bad, first) = run(op, w, r, CASES, 0x5eed_0019);
            if bad != 0 {
                failures.push(format!(
                    "{op:?} {w:?} {r:?}: {bad} mismatches, first {first:x?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_width_matches_softfloat() {
    for w in Width::ALL {
        prove(w);
    }
}
