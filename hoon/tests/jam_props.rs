//! Properties of `jam`/`cue` against a direct transcription of Hoon's `++jam`.
//!
//! The oracle below follows `++jam` of `sys/hoon.hoon` step by step: recursive,
//! a list of (noun, position) pairs searched by noun equality, values as big
//! integers built with `cat`/`lsh`/`mix`. The library's `jam` must produce the
//! same atom; `cue` must invert it and must never panic.

use hoon::jam::{cue, jam, CueError};
use hoon::{Atom, Noun};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

fn met0(a: &BigUint) -> u64 {
    a.bits()
}

/// `++mat`: (bit length, encoding).
fn mat(a: &BigUint) -> (u64, BigUint) {
    if a.is_zero() {
        return (1, BigUint::one());
    }
    let b = met0(a);
    let c = met0(&BigUint::from(b));
    let low_b = BigUint::from(b) & ((BigUint::one() << (c - 1)) - 1u32);
    let x = low_b | (a << (c - 1));
    // cat 0 (bex c) x
    let bex_c = BigUint::one() << c;
    (2 * c + b, bex_c.clone() | (x << met0(&bex_c)))
}

/// `++jam`'s inner loop: (bit length, encoding).
fn oracle(a: &Noun, b: u64, m: &mut Vec<(Noun, u64)>) -> (u64, BigUint) {
    let c = m.iter().find(|(n, _)| n == a).map(|(_, p)| *p);
    match c {
        None => {
            m.push((a.clone(), b));
            match a {
                Noun::Atom(x) => {
                    let (p, q) = mat(&x.to_biguint());
                    (1 + p, q << 1u32)
                }
                Noun::Cell(cell) => {
                    let (pd, qd) = oracle(&cell.0, b + 2, m);
                    let (pe, qe) = oracle(&cell.1, b + 2 + pd, m);
                    let cat = qd.clone() | (qe << met0(&qd));
                    (2 + pd + pe, BigUint::one() ^ (cat << 2u32))
                }
            }
        }
        Some(u) => {
            if let Noun::Atom(x) = a {
                if x.bit_len() <= met0(&BigUint::from(u)) {
                    let (p, q) = mat(&x.to_biguint());
                    return (1 + p, q << 1u32);
                }
            }
            let (p, q) = mat(&BigUint::from(u));
            (2 + p, BigUint::from(3u32) ^ (q << 2u32))
        }
    }
}

fn hoon_jam(n: &Noun) -> Atom {
    Atom::from_biguint(&oracle(n, 0, &mut Vec::new()).1)
}

/// Atoms that exercise every encoding: 0, small values (re-written rather than
/// back-referenced), positions-sized values, and multi-limb values.
fn atom() -> impl Strategy<Value = Atom> {
    prop_oneof![
        (0u64..8).prop_map(Atom::from_u64),
        any::<u64>().prop_map(Atom::from_u64),
        prop::collection::vec(any::<u64>(), 2..5).prop_map(|l| Atom::from_limbs(&l)),
    ]
}

/// A noun built from a pool: leaves are atoms, each step conses two earlier
/// pool entries, so subtrees are shared (same allocation) and repeated (equal
/// but separately built).
fn noun() -> impl Strategy<Value = Noun> {
    (
        prop::collection::vec(atom(), 1..6),
        prop::collection::vec((any::<usize>(), any::<usize>()), 0..14),
    )
        .prop_map(|(leaves, ops)| {
            let mut pool: Vec<Noun> = leaves.into_iter().map(Noun::Atom).collect();
            for (i, j) in ops {
                let n = pool.len();
                let cell = Noun::cell(pool[i % n].clone(), pool[j % n].clone());
                pool.push(cell);
            }
            pool.pop().unwrap_or(Noun::NULL)
        })
}

proptest! {
    #[test]
    fn jam_matches_the_hoon(n in noun()) {
        prop_assert_eq!(jam(&n), hoon_jam(&n));
    }

    #[test]
    fn cue_inverts_jam(n in noun()) {
        let j = jam(&n);
        let back = cue(&j).unwrap();
        prop_assert_eq!(&back, &n);
        prop_assert_eq!(jam(&back), j);
    }

    #[test]
    fn cue_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        // Whatever it returns, a success must be a noun whose jam cues to itself.
        if let Ok(n) = cue(&Atom::from_le_bytes(&bytes)) {
            prop_assert_eq!(cue(&jam(&n)).unwrap(), n);
        }
    }

    #[test]
    fn cue_never_panics_on_mutated_jams(n in noun(), flips in prop::collection::vec(any::<u16>(), 1..4), cut in any::<u16>()) {
        // Flip a few bits of a real jam and truncate it: malformed but plausible input.
        let mut a = jam(&n);
        for f in flips {
            let i = u64::from(f) % (a.bit_len() + 1);
            a = a.xor(&Atom::pow2(i));
        }
        let keep = u64::from(cut) % (a.bit_len() + 2);
        let _ = cue(&a.low_bits(keep));
    }
}

#[test]
fn known_values() {
    let a = |v: u64| Noun::atom(v);
    // Rows worked from `++jam`/`++mat` by hand (and agreed by the oracle).
    let table: [(Noun, u64); 5] = [
        (a(0), 2),                       // tag 0, mat 0 = `1`
        (a(1), 12),                      // tag 0, mat 1 = 0b110
        (Noun::cell(a(0), a(0)), 41),    // second 0 re-written: met 0 <= met 2
        (Noun::cell(a(1), a(2)), 4657),  // 0b01 | (12 | 72 << 4) << 2
        (Noun::cell(a(1), a(1)), 0x331), // second 1 re-written: met 1 <= met 2
    ];
    for (n, v) in table {
        assert_eq!(jam(&n), Atom::from_u64(v), "{n:?}");
        assert_eq!(hoon_jam(&n), Atom::from_u64(v), "{n:?}");
        assert_eq!(cue(&Atom::from_u64(v)).unwrap(), n);
    }
}

#[test]
fn repeated_cells_and_big_atoms_become_back_references() {
    let big = Noun::Atom(Atom::pow2(100));
    let pair = Noun::cell(Noun::atom(1u64), Noun::atom(2u64));
    // [[1 2] [1 2]]: the second pair is a back-reference to bit 2.
    let n = Noun::cell(pair.clone(), pair);
    let j = jam(&n);
    assert_eq!(j, hoon_jam(&n));
    // 2 (outer tag) + 13 (first pair, jam 4657) + 2 (backref tag) + 6 (mat 2) bits.
    assert_eq!(j.bit_len(), 2 + 13 + 2 + 6);
    // [big big]: the second is a back-reference, far shorter than 100 bits.
    let n = Noun::cell(big.clone(), big);
    assert!(jam(&n).bit_len() < 2 * 100);
    assert_eq!(jam(&n), hoon_jam(&n));
    assert_eq!(cue(&jam(&n)).unwrap(), n);
}

#[test]
fn long_lists_do_not_recurse() {
    // 2000 elements: jam and cue are iterative (this depth is also safe for drop).
    let l = Noun::list((0..2000u64).map(Noun::atom));
    assert_eq!(cue(&jam(&l)).unwrap(), l);
}

#[test]
fn malformed_inputs_are_typed_errors() {
    // Empty input: the top node starts past the end.
    assert_eq!(cue(&Atom::ZERO), Err(CueError::PastEnd { bit: 0, len: 0 }));
    // A cell tag with nothing after it.
    assert!(matches!(
        cue(&Atom::from_u64(0b01)),
        Err(CueError::PastEnd { .. })
    ));
    // A back-reference (0b11) to position 1 (mat 1 = 0b110), where nothing starts.
    assert!(matches!(
        cue(&Atom::from_u64(0b1_1011)),
        Err(CueError::BadBackref { bit: 0, .. })
    ));
    // A back-reference to the cell that contains it: [x <ref 0>] is a cycle Hoon rejects.
    // bits: cell 01, atom 0 (0b10), backref 11 + mat 0 (1).
    let cyc = Atom::from_u64(0b1_11_10_01);
    assert!(matches!(
        cue(&cyc),
        Err(CueError::BadBackref { bit: 4, .. })
    ));
    // A back-reference tag at the top of the input: its length prefix reads
    // only the zeros past the end and never terminates.
    assert_eq!(
        cue(&Atom::from_u64(0b11)),
        Err(CueError::UnterminatedLength { bit: 2 })
    );
}

#[test]
fn huge_lengths_take_the_remaining_bits_as_hoon_does() {
    // An atom whose length-of-length says 2^99 + ... bits: `++cut` past the end
    // reads zeros, so Hoon returns the bits that are there, without crashing.
    // bits: tag 0, 100 zeros, 1, 99 length bits (zero), then 5 value bits 0b10111.
    let n = Atom::from_u64(0b10111)
        .shl(1 + 100 + 1 + 99)
        .or(&Atom::pow2(101));
    assert_eq!(cue(&n), Ok(Noun::atom(0b10111u64)));
    // The same atom as the head of a cell: the tail starts past the end.
    let cell = n.shl(2).or(&Atom::ONE);
    assert!(matches!(cue(&cell), Err(CueError::PastEnd { .. })));
}

#[test]
fn large_malformed_inputs_fail_fast() {
    // 256 KiB of 0x55: bits 1,0,1,0,... open two million nested cells and then
    // run off the end. The decoder keeps an explicit stack, so this is a plain error.
    let bytes = vec![0x55u8; 1 << 18];
    assert!(matches!(
        cue(&Atom::from_le_bytes(&bytes)),
        Err(CueError::PastEnd { .. })
    ));
    // 256 KiB of 0xaa: bits 0,1 are the atom 0; the rest is trailing and ignored.
    let bytes = vec![0xaau8; 1 << 18];
    assert_eq!(cue(&Atom::from_le_bytes(&bytes)), Ok(Noun::NULL));
}
