//! Registry entries for the arms of `/lib/math`'s float doors `rh rs rd rq`.
//!
//! Every arm of the four doors of `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9
//! except `sea`, `bit`, `drg` and `grd` (the stdlib `fn`/`dn` conversions) is
//! registered under `arm:door` (`exp:rd`, `pi:rs`, `mod:rs`, `round:rd`), computed by
//! [`softblas::math`]. Constants take no arguments.
//!
//! Door faces: `r` (a rounding term, bunt `%z`), `rtol` and `atol` (float atoms,
//! bunts `.1e-5 .0` at `rs` and the like). Nouns: a float is an atom of the door's
//! width (a wider atom is a harness error); a loobean is `0` (`%.y`) or `1` (`%.n`);
//! `sun` takes an `@ud`, `san` an `@s`, and `toi` gives a `(unit @s)`. A Hoon crash
//! is [`ArmError::Crash`]; an input on which the Hoon never terminates, or which
//! would take too many loop steps, is [`ArmError::Unsupported`].

use super::{arg, arg_atom, loobean, ArmError, Door, Entry, Registry};
use hoon::aura::int::{new_si, old_si};
use hoon::noun::Noun;
use softblas::math::arms::{self, Arm, Call};
use softblas::math::{self, LoopError, MathError};
use softblas::scalar::i754::Width;
use softblas::{Atom, Round};

/// Registers every row of [`softblas::math::arms`] under `arm:door` (and
/// its aliases) at the doors that have it.
pub(super) fn register(r: &mut Registry) {
    for w in Width::ALL {
        let door = math::Door::new(w).name();
        for row in arms::ARMS.iter().filter(|a| a.widths.contains(&w)) {
            for name in std::iter::once(&row.name).chain(row.aliases) {
                r.arms.insert(format!("{name}:{door}"), Entry::Math(row));
            }
        }
    }
}

/// Calls the `/lib/math` row `row` through `d` on `args`, decoding the
/// sample and encoding the product as the row's [`Call`] says.
///
/// # Errors
/// [`ArmError::BadArgs`] for a sample that is not the row's; the arm's errors.
pub(super) fn call(row: &Arm, d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let arm = row.name;
    let x = |i: usize| float_arg(&m, args, i, arm);
    let float = |r: Result<u128, MathError>| r.map(float_noun).map_err(arm_error);
    match row.call {
        Call::Constant(f) => Ok(float_noun(f(&m))),
        Call::Wide(f) => Ok(Noun::Atom(f(&m))),
        Call::Float1(f) => float(f(&m, x(0)?)),
        Call::Float2(f) => float(f(&m, x(0)?, x(1)?)),
        Call::Float3(f) => Ok(float_noun(f(&m, x(0)?, x(1)?, x(2)?))),
        Call::Test1(f) => f(&m, x(0)?).map(loobean).map_err(arm_error),
        Call::Test2(f) => Ok(loobean(f(&m, x(0)?, x(1)?))),
        Call::TestList(f) => Ok(loobean(f(&m, x(0)?, &float_list(&m, args, arm)?))),
        Call::Places(f) => float(f(&m, x(0)?, arg_atom(args, 1, arm)?)),
        Call::Unsigned(f) => Ok(float_noun(f(&m, arg_atom(args, 0, arm)?))),
        Call::Signed(f) => {
            // `@s`: an even atom `2k` is `--k`, an odd atom `2k−1` is `-k`.
            let (non_negative, mag) = old_si(arg_atom(args, 0, arm)?);
            Ok(float_noun(f(&m, !non_negative, &mag)))
        }
        // `(unit @s)`: `~` for NaN and ±∞, else `[~ s]` with `s` zig-zag encoded.
        Call::ToInt(f) => Ok(match f(&m, x(0)?) {
            None => Noun::atom(0u64),
            Some((negative, mag)) => {
                let s = new_si(!negative, &mag.to_biguint());
                Noun::cell(Noun::atom(0u64), Noun::Atom(Atom::from_biguint(&s)))
            }
        }),
    }
}

/// The floats of the list that is argument 1 (`all-close`'s `q`).
fn float_list(m: &math::Door, args: &[Noun], arm: &str) -> Result<Vec<u128>, ArmError> {
    let list = arg(args, 1, arm)?
        .as_list()
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument 2 is not a list")))?;
    list.iter()
        .map(|n| {
            n.as_atom()
                .ok_or_else(|| ArmError::BadArgs(format!("{arm}: a list element is a cell")))
                .and_then(|a| float_atom(a, m.width(), arm))
        })
        .collect()
}

/// The `softblas` door for the registry door `d` (`rh rs rd rq`) and its sample.
fn door_of(d: &Door) -> Result<math::Door, ArmError> {
    let bunt = math::Door::of_name(&d.name)
        .ok_or_else(|| ArmError::BadArgs(format!("{} is not a /lib/math door", d.name)))?;
    let w = bunt.width();
    let r = d.round("r", Round::Z)?;
    let rtol = float_atom(&d.atom("rtol", Atom::from_u128(bunt.rtol()))?, w, "rtol")?;
    let atol = float_atom(&d.atom("atol", Atom::from_u128(bunt.atol()))?, w, "atol")?;
    math::Door::with(w, r, rtol, atol)
        .map(|m| m.with_policy(d.policy))
        .map_err(|e| ArmError::BadArgs(e.to_string()))
}

/// The bits of a float atom of width `w`, or a harness error when the atom is wider.
fn float_atom(a: &Atom, w: Width, what: &str) -> Result<u128, ArmError> {
    a.as_u128()
        .filter(|v| v & !w.mask() == 0)
        .ok_or_else(|| ArmError::BadArgs(format!("{what}: {a} is wider than {} bits", w.bits())))
}

/// The `i`-th argument as a float of the door's width.
fn float_arg(m: &math::Door, args: &[Noun], i: usize, arm: &str) -> Result<u128, ArmError> {
    float_atom(arg_atom(args, i, arm)?, m.width(), arm)
}

/// A `/lib/math` error as a registry error: crashes are crashes, loops are unsupported.
fn arm_error(e: MathError) -> ArmError {
    match e {
        MathError::ToiNotFinite { .. } | MathError::Assertion { .. } => {
            ArmError::Crash(e.to_string())
        }
        MathError::Loop(LoopError::Diverges { .. })
        | MathError::Loop(LoopError::TooManySteps { .. }) => ArmError::Unsupported(e.to_string()),
        MathError::NoSuchArm { .. } | MathError::NotHoonMode(_) => ArmError::BadArgs(e.to_string()),
    }
}

fn float_noun(v: u128) -> Noun {
    Noun::Atom(Atom::from_u128(v))
}
