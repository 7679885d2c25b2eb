//! Registry entries for the arms of `/lib/unum`'s posit doors `rpb rph rps rpd rpq`.
//!
//! Every arm of `++pp` (`libmath/desk/lib/unum.hoon@96f3cfe`) except the gate-returning `round`
//! is registered under `arm:door` for each of the five doors, computed by
//! [`softblas::scalar::unum`] (the elementary functions `exp log log-2 log-10 sin cos tan asin
//! acos atan pow pow-n cbrt factorial` by [`softblas::scalar::unum::fns`]). Constants
//! (`zero pi q-zero n ...`) are called with no arguments.
//!
//! Nouns: a posit is an atom; `+$up` is `[%p s e a]` (loobean, `@s`, `@u`), `[%z ~]` or `[%n ~]`;
//! `+$fn` is `[%f s e a]`, `[%i s]` or `[%n ~]`; a quire is an atom; `toi` gives a `(unit @s)`.
//! A posit argument wider than the door's `n` bits is reported unsupported: the Hoon's
//! behaviour on such atoms (unmasked pass-through in `add`, crashes in `neg`) is not reproduced.
//! None of the elementary functions crashes; an input on which the Hoon loops forever
//! (`factorial` where `x − 1` rounds to `x`), or which would take too many steps (`pow-n` with a
//! huge exponent and a base near 1), is [`ArmError::Unsupported`].

use super::{arg, arg_atom, loobean, ArmError, Door, Registry};
use hoon::aura::int::{new_si, old_si};
use hoon::noun::Noun;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::ToPrimitive;
use softblas::scalar::unum::fns::{self, FnError, Unary};
use softblas::scalar::unum::{self, quire, Const, Ieee, UnumError, Up, Width};
use softblas::Atom;

/// Registers the `unum` arms urnum implements.
pub(super) fn register(r: &mut Registry) {
    for w in Width::ALL {
        let d = w.door();
        let mut ins = |arm: &str, f: super::ArmFn| r.insert(&format!("{arm}:{d}"), f);
        // Door facts and constants.
        ins("n", |d, _| Ok(uint(u64::from(width(d)?.n()))));
        ins("es", |_, _| Ok(uint(2)));
        ins("useed", |_, _| Ok(uint(16)));
        ins("msk", |d, _| Ok(posit_noun(width(d)?.mask())));
        ins("zero", |d, _| constant(d, Const::Zero));
        ins("one", |d, _| constant(d, Const::One));
        ins("nar", |d, _| constant(d, Const::Nar));
        ins("maxpos", |d, _| constant(d, Const::Maxpos));
        ins("minpos", |d, _| constant(d, Const::Minpos));
        ins("huge", |d, _| constant(d, Const::Maxpos));
        ins("tiny", |d, _| constant(d, Const::Minpos));
        ins("pi", |d, _| constant(d, Const::Pi));
        ins("tau", |d, _| constant(d, Const::Tau));
        ins("e", |d, _| constant(d, Const::E));
        ins("phi", |d, _| constant(d, Const::Phi));
        ins("sqt2", |d, _| constant(d, Const::Sqt2));
        ins("invsqt2", |d, _| constant(d, Const::Invsqt2));
        ins("log2", |d, _| constant(d, Const::Log2));
        ins("invlog2", |d, _| constant(d, Const::Invlog2));
        ins("log10", |d, _| constant(d, Const::Log10));
        ins("qbits", |d, _| Ok(uint(quire::qbits(width(d)?))));
        ins("qscale", |d, _| Ok(uint(quire::qscale(width(d)?))));
        ins("qmod", |d, _| Ok(big(&quire::qmod(width(d)?))));
        ins("q-nar", |d, _| Ok(big(&quire::q_nar(width(d)?))));
        ins("q-zero", |_, _| Ok(uint(0)));
        // Codec.
        ins("sea", |d, a| {
            let w = width(d)?;
            Ok(up_noun(&unum::sea(w, posit(a, 0, "sea", w)?)))
        });
        ins("bit", |d, a| {
            let w = width(d)?;
            Ok(posit_noun(unum::bit(w, &up_arg(arg(a, 0, "bit")?)?)))
        });
        ins("smag", smag);
        // Sign, order, arithmetic.
        ins("neg", |d, a| unary(d, a, "neg", unum::neg));
        ins("abs", |d, a| unary(d, a, "abs", unum::abs));
        ins("sgn", |d, a| unary(d, a, "sgn", unum::sgn));
        ins("sqt", |d, a| unary(d, a, "sqt", unum::sqt));
        ins("rnd", |d, a| unary(d, a, "rnd", unum::rnd));
        ins("flr", |d, a| unary(d, a, "flr", unum::flr));
        ins("cel", |d, a| unary(d, a, "cel", unum::cel));
        ins("add", |d, a| binary(d, a, "add", unum::add));
        ins("sub", |d, a| binary(d, a, "sub", unum::sub));
        ins("mul", |d, a| binary(d, a, "mul", unum::mul));
        ins("div", |d, a| binary(d, a, "div", unum::div));
        ins("lth", |d, a| compare(d, a, "lth", unum::lth));
        ins("lte", |d, a| compare(d, a, "lte", unum::lte));
        ins("gth", |d, a| compare(d, a, "gth", unum::gth));
        ins("gte", |d, a| compare(d, a, "gte", unum::gte));
        ins("equ", |d, a| compare(d, a, "equ", unum::equ));
        ins("neq", |d, a| compare(d, a, "neq", unum::neq));
        ins("fma", |d, a| {
            let w = width(d)?;
            let (x, y, z) = (
                posit(a, 0, "fma", w)?,
                posit(a, 1, "fma", w)?,
                posit(a, 2, "fma", w)?,
            );
            Ok(posit_noun(unum::fma(w, x, y, z)))
        });
        ins("is-close", |d, a| {
            let w = width(d)?;
            let arm = "is-close";
            let (x, y, t) = (
                posit(a, 0, arm, w)?,
                posit(a, 1, arm, w)?,
                posit(a, 2, arm, w)?,
            );
            Ok(loobean(unum::is_close(w, x, y, t)))
        });
        ins("isqt", |_, a| {
            Ok(big(&unum::isqt(&arg_atom(a, 0, "isqt")?.to_biguint())))
        });
        ins("gte-s", |_, a| signed_compare(a, "gte-s", |o| o.is_ge()));
        ins("lte-s", |_, a| signed_compare(a, "lte-s", |o| o.is_le()));
        // Integers.
        ins("sun", |d, a| {
            let w = width(d)?;
            Ok(posit_noun(unum::sun(
                w,
                &arg_atom(a, 0, "sun")?.to_biguint(),
            )))
        });
        ins("san", |d, a| {
            let w = width(d)?;
            Ok(posit_noun(unum::san(w, &signed(arg_atom(a, 0, "san")?))))
        });
        ins("toi", |d, a| {
            let w = width(d)?;
            Ok(match unum::toi(w, posit(a, 0, "toi", w)?) {
                None => Noun::NULL,
                Some(v) => Noun::cell(Noun::NULL, Noun::Atom(signed_atom(&v))),
            })
        });
        // Quire.
        ins("p-to-q", |d, a| {
            let w = width(d)?;
            Ok(big(&unum::p_to_q(w, posit(a, 0, "p-to-q", w)?)))
        });
        ins("q-to-p", |d, a| {
            let w = width(d)?;
            Ok(posit_noun(unum::q_to_p(w, &quire_arg(a, 0, "q-to-p")?)))
        });
        ins("q-mul-add", |d, a| {
            quire_mul(d, a, "q-mul-add", unum::q_mul_add)
        });
        ins("q-mul-sub", |d, a| {
            quire_mul(d, a, "q-mul-sub", unum::q_mul_sub)
        });
        ins("q-add-p", |d, a| {
            quire_posit(d, a, "q-add-p", unum::q_add_p)
        });
        ins("q-sub-p", |d, a| {
            quire_posit(d, a, "q-sub-p", unum::q_sub_p)
        });
        ins("q-negate", |d, a| {
            let w = width(d)?;
            unum::q_negate(w, &quire_arg(a, 0, "q-negate")?)
                .map(|q| big(&q))
                .map_err(crash)
        });
        ins("q-add-q", |d, a| {
            let w = width(d)?;
            let (x, y) = (quire_arg(a, 0, "q-add-q")?, quire_arg(a, 1, "q-add-q")?);
            Ok(big(&unum::q_add_q(w, &x, &y)))
        });
        ins("q-sub-q", |d, a| {
            let w = width(d)?;
            let (x, y) = (quire_arg(a, 0, "q-sub-q")?, quire_arg(a, 1, "q-sub-q")?);
            unum::q_sub_q(w, &x, &y).map(|q| big(&q)).map_err(crash)
        });
        ins("fdp", |d, a| {
            let w = width(d)?;
            let av = posit_list(arg(a, 0, "fdp")?, "fdp", w)?;
            let bv = posit_list(arg(a, 1, "fdp")?, "fdp", w)?;
            Ok(posit_noun(unum::fdp(w, &av, &bv)))
        });
        // IEEE 754.
        ins("to-rh", |d, a| to_float(d, a, "to-rh", Ieee::H));
        ins("to-rs", |d, a| to_float(d, a, "to-rs", Ieee::S));
        ins("to-rd", |d, a| to_float(d, a, "to-rd", Ieee::D));
        ins("to-rq", |d, a| to_float(d, a, "to-rq", Ieee::Q));
        ins("from-rh", |d, a| from_float(d, a, "from-rh", Ieee::H));
        ins("from-rs", |d, a| from_float(d, a, "from-rs", Ieee::S));
        ins("from-rd", |d, a| from_float(d, a, "from-rd", Ieee::D));
        ins("from-rq", |d, a| from_float(d, a, "from-rq", Ieee::Q));
        ins("up-to-fn", |_, a| up_to_fn(arg(a, 0, "up-to-fn")?));
        ins("fn-to-up", |_, a| fn_to_up(arg(a, 0, "fn-to-up")?));
        // Elementary functions.
        ins("exp", |d, a| elementary(d, a, Unary::Exp));
        ins("sin", |d, a| elementary(d, a, Unary::Sin));
        ins("cos", |d, a| elementary(d, a, Unary::Cos));
        ins("tan", |d, a| elementary(d, a, Unary::Tan));
        ins("log", |d, a| elementary(d, a, Unary::Log));
        ins("log-2", |d, a| elementary(d, a, Unary::Log2));
        ins("log-10", |d, a| elementary(d, a, Unary::Log10));
        ins("cbrt", |d, a| elementary(d, a, Unary::Cbrt));
        ins("atan", |d, a| elementary(d, a, Unary::Atan));
        ins("asin", |d, a| elementary(d, a, Unary::Asin));
        ins("acos", |d, a| elementary(d, a, Unary::Acos));
        ins("factorial", |d, a| elementary(d, a, Unary::Factorial));
        ins("pow", |d, a| binary(d, a, "pow", fns::pow));
        ins("pow-n", |d, a| {
            let w = width(d)?;
            let x = posit(a, 0, "pow-n", w)?;
            let p = arg_atom(a, 1, "pow-n")?.to_biguint();
            fns::pow_n(w, x, &p).map(posit_noun).map_err(fn_error)
        });
    }
}

/// A one-argument elementary function of the door.
fn elementary(d: &Door, a: &[Noun], f: Unary) -> Result<Noun, ArmError> {
    let w = width(d)?;
    f.apply(w, posit(a, 0, f.arm(), w)?)
        .map(posit_noun)
        .map_err(fn_error)
}

/// An elementary function's loop error: the Hoon does not crash there, so it is unsupported.
fn fn_error(e: FnError) -> ArmError {
    ArmError::Unsupported(e.to_string())
}

const TERM_P: u64 = 0x70;
const TERM_Z: u64 = 0x7a;
const TERM_N: u64 = 0x6e;
const TERM_F: u64 = 0x66;
const TERM_I: u64 = 0x69;

/// The posit width of the door the arm is called through.
fn width(d: &Door) -> Result<Width, ArmError> {
    Width::from_door(&d.name)
        .ok_or_else(|| ArmError::BadArgs(format!("door {} is not a posit door", d.name)))
}

fn crash(e: UnumError) -> ArmError {
    ArmError::Crash(e.to_string())
}

fn uint(v: u64) -> Noun {
    Noun::atom(v)
}

fn big(v: &BigUint) -> Noun {
    Noun::Atom(Atom::from_biguint(v))
}

fn posit_noun(p: u128) -> Noun {
    Noun::Atom(Atom::from_u128(p))
}

/// The `i`-th argument as a posit of width `w`.
///
/// # Errors
/// [`ArmError::Unsupported`] when the atom is wider than `n` bits.
fn posit(args: &[Noun], i: usize, arm: &str, w: Width) -> Result<u128, ArmError> {
    posit_atom(arg_atom(args, i, arm)?, arm, w)
}

fn posit_atom(a: &Atom, arm: &str, w: Width) -> Result<u128, ArmError> {
    if a.bit_len() > u64::from(w.n()) {
        return Err(ArmError::Unsupported(format!(
            "{arm}:{}: a posit atom wider than {} bits (the Hoon's handling of unmasked atoms is not reproduced)",
            w.door(),
            w.n()
        )));
    }
    Ok(a.low_u128())
}

fn posit_list(n: &Noun, arm: &str, w: Width) -> Result<Vec<u128>, ArmError> {
    let items = n
        .as_list()
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument is not a list")))?;
    items
        .iter()
        .map(|x| {
            let a = x
                .as_atom()
                .ok_or_else(|| ArmError::BadArgs(format!("{arm}: list item is a cell")))?;
            posit_atom(a, arm, w)
        })
        .collect()
}

fn quire_arg(args: &[Noun], i: usize, arm: &str) -> Result<BigUint, ArmError> {
    Ok(arg_atom(args, i, arm)?.to_biguint())
}

/// An `@s` atom as an integer ([`old_si`]: even `2v` is `v`, odd `2v−1` is `−v`).
fn signed(a: &Atom) -> BigInt {
    let (non_negative, mag) = old_si(a);
    let sign = if non_negative {
        Sign::Plus
    } else {
        Sign::Minus
    };
    BigInt::from_biguint(sign, mag.to_biguint())
}

/// An integer as an `@s` atom ([`new_si`]).
fn signed_atom(v: &BigInt) -> Atom {
    Atom::from_biguint(&new_si(v.sign() != Sign::Minus, v.magnitude()))
}

/// A constant of the door (`huge` is `maxpos`, `tiny` is `minpos`).
fn constant(d: &Door, c: Const) -> Result<Noun, ArmError> {
    Ok(posit_noun(c.bits(width(d)?)))
}

fn unary(d: &Door, a: &[Noun], arm: &str, f: fn(Width, u128) -> u128) -> Result<Noun, ArmError> {
    let w = width(d)?;
    Ok(posit_noun(f(w, posit(a, 0, arm, w)?)))
}

fn binary(
    d: &Door,
    a: &[Noun],
    arm: &str,
    f: fn(Width, u128, u128) -> u128,
) -> Result<Noun, ArmError> {
    let w = width(d)?;
    Ok(posit_noun(f(w, posit(a, 0, arm, w)?, posit(a, 1, arm, w)?)))
}

fn compare(
    d: &Door,
    a: &[Noun],
    arm: &str,
    f: fn(Width, u128, u128) -> bool,
) -> Result<Noun, ArmError> {
    let w = width(d)?;
    Ok(loobean(f(w, posit(a, 0, arm, w)?, posit(a, 1, arm, w)?)))
}

fn signed_compare(
    a: &[Noun],
    arm: &str,
    f: fn(std::cmp::Ordering) -> bool,
) -> Result<Noun, ArmError> {
    let x = signed(arg_atom(a, 0, arm)?);
    let y = signed(arg_atom(a, 1, arm)?);
    Ok(loobean(f(x.cmp(&y))))
}

fn quire_mul(
    d: &Door,
    a: &[Noun],
    arm: &str,
    f: fn(Width, &BigUint, u128, u128) -> BigUint,
) -> Result<Noun, ArmError> {
    let w = width(d)?;
    let q = quire_arg(a, 0, arm)?;
    Ok(big(&f(w, &q, posit(a, 1, arm, w)?, posit(a, 2, arm, w)?)))
}

fn quire_posit(
    d: &Door,
    a: &[Noun],
    arm: &str,
    f: fn(Width, &BigUint, u128) -> BigUint,
) -> Result<Noun, ArmError> {
    let w = width(d)?;
    let q = quire_arg(a, 0, arm)?;
    Ok(big(&f(w, &q, posit(a, 1, arm, w)?)))
}

fn to_float(d: &Door, a: &[Noun], arm: &str, f: Ieee) -> Result<Noun, ArmError> {
    let w = width(d)?;
    Ok(posit_noun(unum::to_ieee(w, f, posit(a, 0, arm, w)?)))
}

/// `from-r?`: `sea:r?` reads only the float's own bits of the atom, so wider atoms are masked.
fn from_float(d: &Door, a: &[Noun], arm: &str, f: Ieee) -> Result<Noun, ArmError> {
    let w = width(d)?;
    let x = arg_atom(a, 0, arm)?.low_u128() & (u128::MAX >> (128 - f.bits()));
    Ok(posit_noun(unum::from_ieee(w, f, x)))
}

/// `+smag [neg mag]`: `mag`, or `(2^n − mag) mod 2^n` when `neg` (crashing when `mag > 2^n`).
fn smag(d: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let w = width(d)?;
    let neg = flag_arg(arg(a, 0, "smag")?, "smag")?;
    let mag = arg_atom(a, 1, "smag")?;
    if !neg {
        return Ok(Noun::Atom(mag.clone()));
    }
    let m = mag.to_biguint();
    let top = BigUint::from(1u8) << w.n();
    if m > top {
        return Err(ArmError::Crash("smag: (sub (bex n) mag) underflows".into()));
    }
    Ok(big(&((top - m) % (BigUint::from(1u8) << w.n()))))
}

fn flag_arg(n: &Noun, arm: &str) -> Result<bool, ArmError> {
    match n.as_atom().and_then(Atom::as_u64) {
        Some(0) => Ok(true),
        Some(1) => Ok(false),
        _ => Err(ArmError::BadArgs(format!("{arm}: expected a flag"))),
    }
}

fn term_of(n: &Noun) -> Option<u64> {
    n.as_atom().and_then(Atom::as_u64)
}

/// A `+$up` noun.
fn up_noun(u: &Up) -> Noun {
    match u {
        Up::Z => Noun::cell(uint(TERM_Z), Noun::NULL),
        Up::N => Noun::cell(uint(TERM_N), Noun::NULL),
        Up::P { s, e, a } => Noun::tuple([
            uint(TERM_P),
            loobean(*s),
            Noun::Atom(signed_atom(&BigInt::from(*e))),
            big(a),
        ]),
    }
}

/// Parses a `+$up` noun; an exponent beyond ±2^62 is clamped (it saturates `+bit` either way).
fn up_arg(n: &Noun) -> Result<Up, ArmError> {
    let bad = || ArmError::BadArgs("bit: argument is not an $up".into());
    let (h, t) = n.as_cell().ok_or_else(bad)?;
    match term_of(h).ok_or_else(bad)? {
        TERM_Z => Ok(Up::Z),
        TERM_N => Ok(Up::N),
        TERM_P => {
            let (s, t) = t.as_cell().ok_or_else(bad)?;
            let (e, a) = t.as_cell().ok_or_else(bad)?;
            let s = flag_arg(s, "bit")?;
            let e = signed(e.as_atom().ok_or_else(bad)?);
            let limit = 1i64 << 62;
            let e = e.to_i64().unwrap_or(if e.sign() == Sign::Minus {
                -limit
            } else {
                limit
            });
            let e = e.clamp(-limit, limit);
            let a = a.as_atom().ok_or_else(bad)?.to_biguint();
            Ok(Up::P { s, e, a })
        }
        _ => Err(bad()),
    }
}

/// `+up-to-fn`: `%n` → `[%n ~]`, `%z` → `[%f & --0 0]`, `[%p s e a]` → `[%f s e a]`.
fn up_to_fn(n: &Noun) -> Result<Noun, ArmError> {
    let bad = || ArmError::BadArgs("up-to-fn: argument is not an $up".into());
    let (h, t) = n.as_cell().ok_or_else(bad)?;
    match term_of(h).ok_or_else(bad)? {
        TERM_N => Ok(Noun::cell(uint(TERM_N), Noun::NULL)),
        TERM_Z => Ok(Noun::tuple([uint(TERM_F), loobean(true), uint(0), uint(0)])),
        TERM_P => Ok(Noun::cell(uint(TERM_F), t.clone())),
        _ => Err(bad()),
    }
}

/// `+fn-to-up`: anything but `%f` → `[%n ~]`, a zero significand → `[%z ~]`, else `[%p s e a]`.
fn fn_to_up(n: &Noun) -> Result<Noun, ArmError> {
    let bad = || ArmError::BadArgs("fn-to-up: argument is not an $fn".into());
    let (h, t) = n.as_cell().ok_or_else(bad)?;
    match term_of(h).ok_or_else(bad)? {
        TERM_F => {
            let a = t.slot(7).and_then(Noun::as_atom).ok_or_else(bad)?;
            if a.is_zero() {
                Ok(Noun::cell(uint(TERM_Z), Noun::NULL))
            } else {
                Ok(Noun::cell(uint(TERM_P), t.clone()))
            }
        }
        TERM_I | TERM_N => Ok(Noun::cell(uint(TERM_N), Noun::NULL)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    //! The `unum-*` golden vectors through the shared runner: every one runs and passes.

    use crate::registry::Registry;
    use crate::vector::{self, Outcome};
    use std::path::Path;

    #[test]
    fn unum_vectors() {
        let reg = Registry::new();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
        let mut passed = 0;
        for name in ["unum-core", "unum-edge", "unum-fns", "unum-oracle"] {
            let file = vector::load(&dir.join(format!("{name}.jsonl"))).expect("vector file");
            for r in vector::run_file(&reg, &file, None).results {
                match &r.outcome {
                    Outcome::Passed => passed += 1,
                    Outcome::Failed(f) => panic!("{}: {f:?}", r.id),
                    Outcome::Unsupported(why) => panic!("{} unsupported: {why}", r.id),
                    Outcome::Divergent { reason, .. } => panic!("{} divergent: {reason}", r.id),
                }
            }
        }
        assert_eq!(passed, 1435 + 134, "every unum vector runs");
    }
}
