//! Registry entries for the arms of `/lib/unum`'s posit doors `rpb rph rps rpd rpq`.
//!
//! Every row of [`softblas::scalar::unum::arms`] (each arm of `++pp` in
//! `libmath/desk/lib/unum.hoon@96f3cfe` except the gate-returning `round`) is registered for each
//! of the five doors under three keys that name the `/lib/unum` revision served:
//!
//! - `arm:door@96f3cfe`: the text `96f3cfe` ([`UnumRev::V96f3cfe`]);
//! - `arm:door@bcb316c`: the text `bcb316c` ([`UnumRev::Bcb316c`]);
//! - `arm:door`: the registry's revision, [`UnumRev::DEFAULT`] (the newest text, `bcb316c`)
//!   unless it was built with another (`Registry::with_unum_rev`, `urnum eval --unum-rev`).
//!
//! The revisions differ only in `exp sin cos tan log log-2 log-10 atan asin acos pow cbrt`
//! ([`softblas::scalar::unum::fns`] and [`softblas::scalar::unum::reduced`]); every other arm is
//! the same function under all three keys. A vector names its revision (`urnum check` pins its
//! posit arms to `@<rev>`, see `vectors/README.md`). Constants (`zero pi q-zero n ...`) are
//! called with no arguments.
//!
//! Nouns: a posit is an atom; `+$up` is `[%p s e a]` (loobean, `@s`, `@u`), `[%z ~]` or `[%n ~]`;
//! `+$fn` is `[%f s e a]`, `[%i s]` or `[%n ~]`; a quire is an atom; `toi` gives a `(unit @s)`.
//! A posit argument wider than the door's `n` bits is reported unsupported: the Hoon's
//! behaviour on such atoms (unmasked pass-through in `add`, crashes in `neg`) is not reproduced.
//! None of the elementary functions crashes; an input on which the Hoon loops forever
//! (`factorial` where `x − 1` rounds to `x`), or which would take too many steps (`pow-n` with a
//! huge exponent and a base near 1), is [`ArmError::Unsupported`].

use super::{arg, arg_atom, loobean, ArmError, Door, Entry, Registry};
use hoon::aura::int::{new_si, old_si};
use hoon::noun::Noun;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::ToPrimitive;
use softblas::scalar::unum::arms::{self, Arm, Call};
use softblas::scalar::unum::fns::LoopError;
use softblas::scalar::unum::{self, UnumError, UnumRev, Up, Width};
use softblas::Atom;

/// Registers every row of [`softblas::scalar::unum::arms`] at the five posit doors, once per
/// revision (`arm:door@rev`) and once for the revision `unsuffixed` (`arm:door`).
pub(super) fn register(r: &mut Registry, unsuffixed: UnumRev) {
    for w in Width::ALL {
        for row in arms::ARMS {
            let key = format!("{}:{}", row.name, w.door());
            for rev in UnumRev::ALL {
                r.arms
                    .insert(format!("{key}@{}", rev.short()), Entry::Unum(row, rev));
            }
            r.arms.insert(key, Entry::Unum(row, unsuffixed));
        }
    }
}

/// Calls the `/lib/unum` row `row` of revision `rev` through the posit door `d` on `a`,
/// decoding the sample and encoding the product as the row's [`Call`] says.
///
/// # Errors
/// [`ArmError::BadArgs`] for a sample that is not the row's or a door that is not a posit
/// door; [`ArmError::Unsupported`] for posit atoms wider than the door and for the loops of
/// the elementary functions; [`ArmError::Crash`] where the Hoon crashes.
pub(super) fn call(row: &Arm, rev: UnumRev, d: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let arm = row.name;
    let w = width(d)?;
    let p = |i: usize| posit(a, i, arm, w);
    let atom = |i: usize| arg_atom(a, i, arm).map(Atom::to_biguint);
    let int = |i: usize| arg_atom(a, i, arm).map(signed);
    Ok(match row.call {
        Call::Fact(f) => big(&f(w)),
        Call::Constant(f) => posit_noun(f(w)),
        Call::Unary(f) => posit_noun(f(w, p(0)?)),
        Call::Binary(f) => posit_noun(f(w, p(0)?, p(1)?)),
        Call::Compare(f) => loobean(f(w, p(0)?, p(1)?)),
        Call::Ternary(f) => posit_noun(f(w, p(0)?, p(1)?, p(2)?)),
        Call::Compare3(f) => loobean(f(w, p(0)?, p(1)?, p(2)?)),
        Call::Elementary(f) => posit_noun(f.apply(rev, w, p(0)?).map_err(fn_error)?),
        Call::Pow => posit_noun(unum::pow_at(rev, w, p(0)?, p(1)?)),
        Call::PowN(f) => posit_noun(f(w, p(0)?, &atom(1)?).map_err(fn_error)?),
        Call::FromUnsigned(f) => posit_noun(f(w, &atom(0)?)),
        Call::FromSigned(f) => posit_noun(f(w, &int(0)?)),
        Call::ToInteger(f) => match f(w, p(0)?) {
            None => Noun::NULL,
            Some(v) => Noun::cell(Noun::NULL, Noun::Atom(signed_atom(&v))),
        },
        Call::Natural(f) => big(&f(&atom(0)?)),
        Call::SignedCompare(f) => loobean(f(int(0)?.cmp(&int(1)?))),
        Call::ToQuire(f) => big(&f(w, p(0)?)),
        Call::FromQuire(f) => posit_noun(f(w, &atom(0)?)),
        Call::Quire1(f) => big(&f(w, &atom(0)?).map_err(crash)?),
        Call::Quire2(f) => big(&f(w, &atom(0)?, &atom(1)?).map_err(crash)?),
        Call::QuirePosit(f) => big(&f(w, &atom(0)?, p(1)?)),
        Call::QuireProduct(f) => big(&f(w, &atom(0)?, p(1)?, p(2)?)),
        Call::Dot(f) => {
            let av = posit_list(arg(a, 0, arm)?, arm, w)?;
            let bv = posit_list(arg(a, 1, arm)?, arm, w)?;
            posit_noun(f(w, &av, &bv))
        }
        Call::ToIeee(f) => posit_noun(unum::to_ieee(w, f, p(0)?)),
        // `sea:r?` reads only the float's own bits of the atom, so wider atoms are masked.
        Call::FromIeee(f) => {
            let x = arg_atom(a, 0, arm)?.low_u128() & (u128::MAX >> (128 - f.bits()));
            posit_noun(unum::from_ieee(w, f, x))
        }
        Call::Decode(f) => up_noun(&f(w, p(0)?)),
        Call::Encode(f) => posit_noun(f(w, &up_arg(arg(a, 0, arm)?)?)),
        Call::Smag => smag(w, a)?,
        Call::UpToFn => up_to_fn(arg(a, 0, arm)?)?,
        Call::FnToUp => fn_to_up(arg(a, 0, arm)?)?,
    })
}

/// An elementary function's loop error: the Hoon does not crash there, so it is unsupported.
fn fn_error(e: LoopError) -> ArmError {
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

/// `+smag [neg mag]`: `mag`, or `(2^n − mag) mod 2^n` when `neg` (crashing when `mag > 2^n`).
fn smag(w: Width, a: &[Noun]) -> Result<Noun, ArmError> {
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
