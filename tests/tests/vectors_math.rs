//! The golden vectors `vectors/math-*.jsonl`, run directly against
//! `softblas::math` (not through the registry), as the one vector reader
//! decodes them ([`urnum_tests::golden_vectors`]).
//!
//! Each vector names an arm `<arm>:<door>`, the door sample `[r rtol atol]`,
//! float arguments as atoms and the exact expected atom (or a crash). This
//! test evaluates every one and fails on any mismatch, unsupported arm or
//! unexpected error.

use softblas::math::{Door, MathError};
use softblas::scalar::i754::Width;
use softblas::{Atom, Round};
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

/// Evaluates one vector's arm; `None` when the arm is not one this test knows.
fn eval(arm: &str, d: &Door, args: &[u128]) -> Option<Outcome> {
    let a = |i: usize| args[i];
    let ok = |x: u128| Ok(Atom::from_u128(x));
    let res = |x: Result<u128, MathError>| x.map(Atom::from_u128);
    Some(match arm {
        "tau" => ok(d.tau()),
        "pi" => ok(d.pi()),
        "e" => ok(d.e()),
        "phi" => ok(d.phi()),
        "sqt2" => ok(d.sqt2()),
        "invsqt2" => ok(d.invsqt2()),
        "log2" => ok(d.log2()),
        "invlog2" => ok(d.invlog2()),
        "log10" => ok(d.log10()),
        "huge" => Ok(d.huge()),
        "tiny" => Ok(d.tiny()),
        "exp" => res(d.exp(a(0))),
        "log" => ok(d.log(a(0))),
        "log-2" => ok(d.log_2(a(0))),
        "log-10" => ok(d.log_10(a(0))),
        "sin" => ok(d.sin(a(0))),
        "cos" => ok(d.cos(a(0))),
        "tan" => ok(d.tan(a(0))),
        "asin" => ok(d.asin(a(0))),
        "acos" => ok(d.acos(a(0))),
        "atan" => ok(d.atan(a(0))),
        "sqt" | "sqrt" => ok(d.sqt(a(0))),
        "cbt" | "cbrt" => res(d.cbt(a(0))),
        "atan2" => ok(d.atan2(a(0), a(1))),
        "pow" => res(d.pow(a(0), a(1))),
        "pow-n" => res(d.pow_n(a(0), a(1))),
        "round-bankers" => res(d.round_bankers(a(0))),
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
        let width = match door {
            "rh" => Width::H,
            "rs" => Width::S,
            "rd" => Width::D,
            "rq" => Width::Q,
            other => panic!("{id}: door {other}"),
        };
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
