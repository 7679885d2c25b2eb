//! Registry entries for the arms of the `/lib/complex` doors `ch cs cd cq`.
//!
//! Each arm is registered once per door (`add:cs`, `abs:cd`, `zero:ch`, ...); the door's
//! name gives the component width and its `rnd` face the rounding mode (bunt `%z`).
//! Element arguments and results are packed atoms (`im << w | re`); component arguments
//! and results (`re`, `im`, `rpi`, `rexp`, ...) are float atoms of the component width;
//! `equ`/`neq` return loobeans (`%.y` = 0). Nullary arms (`zero one rpi`) take no
//! arguments. The semantics are in [`softblas::scalar::cplx`].

use super::{arg_atom, loobean, ArmError, ArmFn, Door, Registry};
use hoon::noun::Noun;
use softblas::scalar::cplx::{self, Cplx, Door as CDoor};
use softblas::scalar::i754::Width;
use softblas::Round;

/// The complex doors and their component widths.
const DOORS: [(&str, Width); 4] = [
    ("ch", Width::H),
    ("cs", Width::S),
    ("cd", Width::D),
    ("cq", Width::Q),
];

/// Registers every arm of the four complex doors.
pub(super) fn register(r: &mut Registry) {
    let arms: [(&str, ArmFn); 30] = [
        ("re", re),
        ("im", im),
        ("pak", pak),
        ("fneg", fneg),
        ("fabs", fabs),
        ("zero", zero),
        ("one", one),
        ("add", add),
        ("sub", sub),
        ("neg", neg),
        ("conj", conj),
        ("mul", mul),
        ("div", div),
        ("abs", abs),
        ("equ", equ),
        ("neq", neq),
        ("rpi", rpi),
        ("rexp", rexp),
        ("rsin", rsin),
        ("rcos", rcos),
        ("rlog", rlog),
        ("ratan", ratan),
        ("ratn", ratn),
        ("cexp", cexp),
        ("clog", clog),
        ("csqrt", csqrt),
        ("csin", csin),
        ("ccos", ccos),
        ("ctan", ctan),
        ("cpow", cpow),
    ];
    for (door, _) in DOORS {
        for (arm, f) in arms {
            r.insert(&format!("{arm}:{door}"), f);
        }
    }
}

/// The complex door named by `door` with its rounding mode (bunt `%z`).
fn door_of(door: &Door) -> Result<CDoor, ArmError> {
    let w = DOORS
        .iter()
        .find(|(n, _)| *n == door.name)
        .map(|(_, w)| *w)
        .ok_or_else(|| ArmError::BadArgs(format!("{} is not a complex door", door.name)))?;
    Ok(CDoor::new(w, door.round("rnd", Round::HOON_BUNT)?))
}

/// The `i`-th argument as an element, masked as the float arms read it.
fn elem(d: CDoor, args: &[Noun], i: usize, arm: &str) -> Result<Cplx, ArmError> {
    Ok(Cplx::from_atom(d.w, arg_atom(args, i, arm)?))
}

/// The `i`-th argument as a component float.
///
/// # Errors
/// [`ArmError::Unsupported`] when the atom is wider than the component: `fabs` and
/// `rlog` would look at the raw atom, and no test passes such an argument.
fn comp(d: CDoor, args: &[Noun], i: usize, arm: &str) -> Result<u128, ArmError> {
    let a = arg_atom(args, i, arm)?;
    if a.bit_len() > u64::from(d.w.bits()) {
        return Err(ArmError::Unsupported(format!(
            "{arm}: component argument wider than {} bits",
            d.w.bits()
        )));
    }
    Ok(a.low_u128())
}

fn out_elem(d: CDoor, c: Cplx) -> Result<Noun, ArmError> {
    Ok(Noun::Atom(c.to_atom(d.w)))
}

fn out_comp(x: u128) -> Result<Noun, ArmError> {
    Ok(Noun::atom(x))
}

fn re(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    Ok(Noun::Atom(cplx::re_atom(d.w, arg_atom(args, 0, "re")?)))
}

fn im(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    Ok(Noun::Atom(cplx::im_atom(d.w, arg_atom(args, 0, "im")?)))
}

fn pak(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    let (r, i) = (arg_atom(args, 0, "pak")?, arg_atom(args, 1, "pak")?);
    Ok(Noun::Atom(cplx::pak_atoms(d.w, r, i)))
}

fn fneg(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_comp(d.fneg(comp(d, args, 0, "fneg")?))
}

fn fabs(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_comp(d.fabs(comp(d, args, 0, "fabs")?))
}

fn zero(door: &Door, _args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.zero())
}

fn one(door: &Door, _args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.one())
}

fn add(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.add(elem(d, args, 0, "add")?, elem(d, args, 1, "add")?))
}

fn sub(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.sub(elem(d, args, 0, "sub")?, elem(d, args, 1, "sub")?))
}

fn neg(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.neg(elem(d, args, 0, "neg")?))
}

fn conj(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.conj(elem(d, args, 0, "conj")?))
}

fn mul(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.mul(elem(d, args, 0, "mul")?, elem(d, args, 1, "mul")?))
}

fn div(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.div(elem(d, args, 0, "div")?, elem(d, args, 1, "div")?))
}

fn abs(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.abs_atom(arg_atom(args, 0, "abs")?))
}

fn equ(_door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    Ok(loobean(cplx::equ_atoms(
        arg_atom(args, 0, "equ")?,
        arg_atom(args, 1, "equ")?,
    )))
}

fn neq(_door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    Ok(loobean(!cplx::equ_atoms(
        arg_atom(args, 0, "neq")?,
        arg_atom(args, 1, "neq")?,
    )))
}

fn rpi(door: &Door, _args: &[Noun]) -> Result<Noun, ArmError> {
    out_comp(door_of(door)?.rpi())
}

fn rexp(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_comp(d.rexp(comp(d, args, 0, "rexp")?))
}

fn rsin(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_comp(d.rsin(comp(d, args, 0, "rsin")?))
}

fn rcos(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_comp(d.rcos(comp(d, args, 0, "rcos")?))
}

fn rlog(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_comp(d.rlog(comp(d, args, 0, "rlog")?))
}

fn ratan(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_comp(d.ratan(comp(d, args, 0, "ratan")?))
}

fn ratn(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_comp(d.ratn(comp(d, args, 0, "ratn")?, comp(d, args, 1, "ratn")?))
}

fn cexp(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.cexp(elem(d, args, 0, "cexp")?))
}

fn clog(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.clog(elem(d, args, 0, "clog")?))
}

fn csqrt(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.csqrt(elem(d, args, 0, "csqrt")?))
}

fn csin(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.csin(elem(d, args, 0, "csin")?))
}

fn ccos(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.ccos(elem(d, args, 0, "ccos")?))
}

fn ctan(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(d, d.ctan(elem(d, args, 0, "ctan")?))
}

fn cpow(door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let d = door_of(door)?;
    out_elem(
        d,
        d.cpow(elem(d, args, 0, "cpow")?, elem(d, args, 1, "cpow")?),
    )
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
