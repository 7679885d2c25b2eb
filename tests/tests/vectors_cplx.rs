//! The `/lib/complex` golden vectors (`vectors/complex*.jsonl`) run directly against
//! `softblas::scalar::cplx`, independently of the `urnum` runner, as the one
//! vector reader decodes them ([`urnum_tests::golden_vectors`]).
//!
//! Every vector in these files is an exact comparison of one door arm on atoms; this
//! test dispatches the arm by name and compares bits.

use hoon::Noun;
use softblas::scalar::catalogue::find;
use softblas::scalar::cplx::arms::{self, Call};
use softblas::scalar::cplx::{Cplx, Plane};
use softblas::scalar::i754::Width;
use softblas::{Atom, DoorRound, Round};
use urnum_cli::vector::{Compare, Expr};
use urnum_tests::{golden_vectors, lit, lit_atom};

fn atom_of(e: &Expr) -> Atom {
    lit_atom(e).expect("an atom").clone()
}

/// What a vector's arm returns: an atom, or a loobean.
#[derive(Debug, PartialEq)]
enum Out {
    Atom(Atom),
    Flag(bool),
}

impl Out {
    /// The noun the Hoon gives: the atom, or the loobean (`%.y` is 0).
    fn noun(&self) -> Noun {
        match self {
            Out::Atom(a) => Noun::Atom(a.clone()),
            Out::Flag(f) => Noun::atom(u64::from(!f)),
        }
    }
}

fn comp(d: Plane, a: &Atom) -> u128 {
    assert!(a.bit_len() <= u64::from(d.w.bits()), "component too wide");
    a.low_u128()
}

/// Runs `arm` of door `d` on `args` by its row of `softblas::scalar::cplx::arms`.
fn run(d: Plane, arm: &str, args: &[Atom]) -> Out {
    let el = |i: usize| Cplx::from_atom(d.w, &args[i]);
    let co = |i: usize| comp(d, &args[i]);
    let e = |c: Cplx| Out::Atom(c.to_atom(d.w));
    let c = |x: u128| Out::Atom(Atom::from_u128(x));
    let row = find(arms::ARMS, arm).unwrap_or_else(|| panic!("arm {arm} is not catalogued"));
    match row.call {
        Call::Elem0(f) => e(f(d)),
        Call::Elem1(f) => e(f(d, el(0))),
        Call::Elem2(f) => e(f(d, el(0), el(1))),
        Call::Comp0(f) => c(f(d)),
        Call::Comp1(f) => c(f(d, co(0))),
        Call::Comp2(f) => c(f(d, co(0), co(1))),
        Call::Part(f) => Out::Atom(f(d.w, &args[0])),
        Call::Pack(f) => Out::Atom(f(d.w, &args[0], &args[1])),
        Call::RawElem(f) => e(f(d, &args[0])),
        Call::Test(f) => Out::Flag(f(&args[0], &args[1])),
    }
}

fn run_file(name: &str) -> usize {
    let mut failures = Vec::new();
    let mut n = 0;
    for (_, v) in golden_vectors(|n| n == name) {
        assert_eq!(v.compare, Compare::Exact, "{}", v.id);
        let (arm, door) = v.arm.split_once(':').unwrap();
        let w = ["ch", "cs", "cd", "cq"]
            .iter()
            .position(|n| *n == door)
            .map(|i| Width::ALL[i])
            .unwrap_or_else(|| panic!("door {door}"));
        let r = match v.call.door_args.iter().find(|(face, _)| face == "rnd") {
            Some((_, t)) => {
                let term = String::from_utf8(atom_of(t).to_le_bytes()).unwrap();
                Round::from_term(&term).unwrap()
            }
            None => Round::HOON_BUNT,
        };
        let args: Vec<Atom> = v.call.args.iter().map(atom_of).collect();
        let want = v
            .expected
            .as_ref()
            .and_then(lit)
            .expect("a literal expected value");
        let got = run(Plane::new(w, r), arm, &args);
        n += 1;
        if got.noun() != *want {
            failures.push(format!("{}: got {got:?}, want {want:?}", v.id));
        }
    }
    assert!(failures.is_empty(), "{name}: {failures:#?}");
    n
}

#[test]
fn complex_vectors() {
    for (file, count) in [
        ("complex.jsonl", 52),
        ("complex-oracle.jsonl", 180),
        ("complex-edge.jsonl", 33),
        ("complex-fns.jsonl", 10),
    ] {
        assert_eq!(run_file(file), count, "{file}");
    }
}

/// The withdrawn `oracle/complex/mul-cd-z-001#0` (tests/data/withdrawn.jsonl): in `%z` the finite
/// `ai·bi` = 7.5e307 · −1.8e136 overflows. Pure-Hoon `++fl` gives −inf, so the Hoon's real part is
/// `−inf − (−inf)` = NaN; IEEE 754 (and urnum, urbit/urbit#7426) saturates the product to −max, so
/// the real part is `(ar·br = −inf) − (−max)` = −inf. The imaginary parts agree (+inf).
#[test]
fn complex_mul_overflow_saturates_in_z() {
    let a = Atom::from_hex("0x7fdade249063d006bfd725f7a9ed8bf4").unwrap();
    let b = Atom::from_hex("0xdc3921398150895d7ff0000000000000").unwrap();
    let got = run(Plane::new(Width::D, Round::Z), "mul", &[a, b]);
    let ieee = Out::Atom(Atom::from_hex("0x7ff0000000000000fff0000000000000").unwrap());
    assert_eq!(got, ieee);
}
