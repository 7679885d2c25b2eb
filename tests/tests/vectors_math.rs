//! The golden vectors `vectors/math-*.jsonl`, run directly against
//! `softblas::math` (not through the registry), as the one vector reader
//! decodes them ([`urnum_tests::golden_vectors`]).
//!
//! Each vector names an arm `<arm>:<door>`, the door sample `[r rtol atol]`,
//! float arguments as atoms and the exact expected atom (or a crash). This
//! test evaluates every one and fails on any mismatch, unsupported arm or
//! unexpected error.

use softblas::math::arms::{self, Call};
use softblas::math::{Door, MathError};
use softblas::scalar::i754::Width;
use softblas::{Atom, DoorRound, Round};
use urnum_cli::vector::{Compare, Expr, Vector};
use urnum_tests::{golden_vectors, lit_atom, vectors_dir};

/// What an arm gave: an atom, or an error.
type Outcome = Result<Atom, MathError>;

fn u128_of(e: &Expr) -> u128 {
    lit_atom(e).and_then(Atom::as_u128).expect("float argument")
}

fn door_of(v: &Vector, width: Width) -> Door {
    let bunt = Door::new(width);
    let face = |f: &str| {
        v.call
            .door_args
            .iter()
            .find(|(k, _)| k == f)
            .map(|(_, e)| e)
    };
    let r = face("r").map_or(Round::Z, |e| {
        let term = String::from_utf8(lit_atom(e).expect("a term").to_le_bytes()).expect("text");
        Round::from_term(&term).expect("term")
    });
    let rtol = face("rtol").map_or(bunt.rtol(), u128_of);
    let atol = face("atol").map_or(bunt.atol(), u128_of);
    if v.call.door_args.is_empty() {
        return bunt;
    }
    Door::with(width, r, rtol, atol).expect("door")
}

/// Evaluates one vector's arm by its row of `softblas::math::arms`; `None`
/// for an arm this test does not run (one whose sample is not floats).
fn eval(arm: &str, d: &Door, args: &[u128]) -> Option<Outcome> {
    let float = |x: Result<u128, MathError>| x.map(Atom::from_u128);
    Some(match arms::find(arm)?.call {
        Call::Constant(f) => Ok(Atom::from_u128(f(d))),
        Call::Wide(f) => Ok(f(d)),
        Call::Float1(f) => float(f(d, args[0])),
        Call::Float2(f) => float(f(d, args[0], args[1])),
        _ => return None,
    })
}

#[test]
fn math_vectors_pass() {
    let vectors = golden_vectors(|n| n.starts_with("math-"));
    assert!(
        !vectors.is_empty(),
        "no math vectors found in {}",
        vectors_dir().display()
    );
    let (mut passed, mut failed) = (0usize, Vec::new());
    for (_, v) in &vectors {
        let id = &v.id;
        let (arm, door) = v.arm.split_once(':').expect("door");
        let width = Door::of_name(door)
            .unwrap_or_else(|| panic!("{id}: door {door}"))
            .width();
        let d = door_of(v, width);
        let args: Vec<u128> = v.call.args.iter().map(u128_of).collect();
        let got = eval(arm, &d, &args);
        let crash = v.compare == Compare::Crash;
        let expected = v.expected.as_ref().and_then(lit_atom);
        let good = match (&got, crash) {
            (Some(Err(MathError::ToiNotFinite { .. } | MathError::Assertion { .. })), true) => true,
            (Some(Ok(a)), false) => Some(a) == expected,
            _ => false,
        };
        if good {
            passed += 1;
        } else {
            failed.push(format!(
                "{id} {}: expected {:?}{}, got {got:?}",
                v.hoon.as_deref().unwrap_or(""),
                expected,
                if crash { " (crash)" } else { "" },
            ));
        }
    }
    for f in &failed {
        eprintln!("FAIL {f}");
    }
    eprintln!("math vectors: {passed} passed, {} failed", failed.len());
    assert!(failed.is_empty());
}
