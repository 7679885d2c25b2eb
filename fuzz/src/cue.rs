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
            // Every node of the input costs at least 2 bits; jam writes each
            // distinct atom's bits once and every other node in at most
            // 3 + 2·log2(its own length) bits. So the jam is O(n log n) in the
            // input, never the expanded tree (a back-reference bomb stays small).
            let n_bits = a.bit_len().max(1);
            let log = u64::from(64 - n_bits.leading_zeros());
            assert!(
                j.bit_len() <= n_bits * (4 + 2 * (log + 8)) + 64,
                "jam of a cued noun is {} bits from a {}-bit input",
                j.bit_len(),
                n_bits
            );
        }
        (Err(e), Err(f)) => assert_eq!(e, f, "cue's error is not deterministic"),
        _ => panic!("cue is not deterministic"),
    }
}
