//! Registry entries for the arms of the `/lib/complex` doors `ch cs cd cq`.
//!
//! Each arm is registered once per door (`add:cs`, `abs:cd`, `zero:ch`, ...); the door's
//! name gives the component width and its `rnd` face the rounding mode (bunt `%z`).
//! Element arguments and results are packed atoms (`im << w | re`); component arguments
//! and results (`re`, `im`, `rpi`, `rexp`, ...) are float atoms of the component width;
//! `equ`/`neq` return loobeans (`%.y` = 0). Nullary arms (`zero one rpi`) take no
//! arguments. The semantics are in [`softblas::scalar::cplx`].

use super::{arg_atom, loobean, ArmError, Door, Entry, Registry};
use hoon::noun::Noun;
use softblas::scalar::cplx::arms::{self, Arm, Call};
use softblas::scalar::cplx::{Cplx, Plane};
use softblas::scalar::i754::Width;
use softblas::{DoorRound, Round};

/// The complex doors and their component widths.
const DOORS: [(&str, Width); 4] = [
    ("ch", Width::H),
    ("cs", Width::S),
    ("cd", Width::D),
    ("cq", Width::Q),
];

/// Registers every row of [`softblas::scalar::cplx::arms`] at the four complex doors.
pub(super) fn register(r: &mut Registry) {
    for (door, _) in DOORS {
        for row in arms::ARMS {
            r.arms
                .insert(format!("{}:{door}", row.name), Entry::Complex(row));
        }
    }
}

/// The complex door named by `door` with its rounding mode (bunt `%z`).
fn door_of(door: &Door) -> Result<Plane, ArmError> {
    let w = DOORS
        .iter()
        .find(|(n, _)| *n == door.name)
        .map(|(_, w)| *w)
        .ok_or_else(|| ArmError::BadArgs(format!("{} is not a complex door", door.name)))?;
    Ok(Plane::new(w, door.round("rnd", Round::HOON_BUNT)?).with_exec(door.policy.exec))
}

/// Calls the `/lib/complex` row `row` through `door` on `args`, decoding the
/// sample and encoding the product as the row's [`Call`] says.
///
/// # Errors
/// [`ArmError::BadArgs`] for a missing or cell argument; [`ArmError::Unsupported`]
/// for a component argument wider than the component (see [`comp`]).
pub(super) fn call(row: &Arm, door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    let arm = row.name;
    let raw = |i: usize| arg_atom(args, i, arm);
    // An element argument, masked as the float arms read it.
    let el = |i: usize| raw(i).map(|a| Cplx::from_atom(d.w, a));
    let co = |i: usize| comp(d, args, i, arm);
    let elem = |c: Cplx| Noun::Atom(c.to_atom(d.w));
    Ok(match row.call {
        Call::Elem0(f) => elem(f(d)),
        Call::Elem1(f) => elem(f(d, el(0)?)),
        Call::Elem2(f) => elem(f(d, el(0)?, el(1)?)),
        Call::Comp0(f) => Noun::atom(f(d)),
        Call::Comp1(f) => Noun::atom(f(d, co(0)?)),
        Call::Comp2(f) => Noun::atom(f(d, co(0)?, co(1)?)),
        Call::Part(f) => Noun::Atom(f(d.w, raw(0)?)),
        Call::Pack(f) => Noun::Atom(f(d.w, raw(0)?, raw(1)?)),
        Call::RawElem(f) => elem(f(d, raw(0)?)),
        Call::Test(f) => loobean(f(raw(0)?, raw(1)?)),
    })
}

/// The `i`-th argument as a component float.
///
/// # Errors
/// [`ArmError::Unsupported`] when the atom is wider than the component: `fabs` and
/// `rlog` would look at the raw atom, and no test passes such an argument.
fn comp(d: Plane, args: &[Noun], i: usize, arm: &str) -> Result<u128, ArmError> {
    let a = arg_atom(args, i, arm)?;
    if a.bit_len() > u64::from(d.w.bits()) {
        return Err(ArmError::Unsupported(format!(
            "{arm}: component argument wider than {} bits",
            d.w.bits()
        )));
    }
    Ok(a.low_u128())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(name: &str, door: &Door, args: &[u128]) -> Noun {
        let args: Vec<Noun> = args.iter().map(|a| Noun::atom(*a)).collect();
        Registry::new().call(name, door, &args).unwrap()
    }

    #[test]
    fn bare_door_rounds_toward_zero() {
        // 1 + 1.5·2^-24 is 0.75 ulp above 1: %z keeps 1, %n rounds up.
        let (p, q) = (0x3f80_0000, 0x33c0_0000);
        assert_eq!(
            call("add:cs", &Door::bare("cs"), &[p, q]),
            Noun::atom(0x3f80_0000u64)
        );
        let mut n = Door::bare("cs");
        n.args.insert("rnd".into(), Noun::atom(u64::from(b'n')));
        assert_eq!(call("add:cs", &n, &[p, q]), Noun::atom(0x3f80_0001u64));
    }

    #[test]
    fn loobeans_and_nullary_arms() {
        let d = Door::bare("cd");
        // %.y is 0, %.n is 1.
        assert_eq!(call("equ:cd", &d, &[5, 5]), Noun::atom(0u64));
        assert_eq!(call("neq:cd", &d, &[5, 5]), Noun::atom(1u64));
        // Nullary arms take no arguments; one:cd is 1.0 in the low 64 bits.
        assert_eq!(
            call("one:cd", &d, &[]),
            Noun::atom(0x3ff0_0000_0000_0000u64)
        );
        assert_eq!(call("zero:cq", &Door::bare("cq"), &[]), Noun::atom(0u64));
    }

    #[test]
    fn wide_component_arguments_are_unsupported() {
        let d = Door::bare("ch");
        let r = Registry::new().call("fabs:ch", &d, &[Noun::atom(0x1_0000u64)]);
        assert!(matches!(r, Err(ArmError::Unsupported(_))));
    }
}
