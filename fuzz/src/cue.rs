//! The `cue` target: `cue` on arbitrary bytes (a little-endian atom).
//!
//! Invariants: decoding is deterministic; for every decoded noun `n`,
//! `cue (jam n)` is `n` (compared through jams) and `jam` is canonical
//! (`jam (cue (jam n)) = jam n`); a failure is one of the typed errors. Work and
//! memory stay linear in the input (libFuzzer's `-rss_limit_mb`/`-timeout`
//! catch a violation).

use hoon::jam::{cue, jam};
use softblas::Atom;

/// Runs one case.
///
/// # Panics
/// On a violated invariant.
pub fn run(data: &[u8]) {
    let a = Atom::from_le_bytes(data);
    let first = cue(&a);
    let second = cue(&a);
    match (&first, &second) {
        (Ok(n), Ok(m)) => {
            let j = jam(n);
            assert_eq!(j, jam(m), "cue is not deterministic");
            let back = cue(&j).expect("cue of a jam fails");
            assert_eq!(jam(&back), j, "cue (jam n) differs from n");
            // A jam is never longer than its input's meaningful bits plus the
            // re-expansion of small back-referenced atoms: at most linear.
            assert!(
                j.bit_len() <= 2 * a.bit_len() + 64,
                "jam of a cued noun is {} bits from a {}-bit input",
                j.bit_len(),
                a.bit_len()
            );
        }
        (Err(e), Err(f)) => assert_eq!(e, f, "cue's error is not deterministic"),
        _ => panic!("cue is not deterministic"),
    }
}
