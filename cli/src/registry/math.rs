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

use super::{arg, arg_atom, loobean, ArmError, ArmFn, Door, Registry};
use hoon::aura::int::{new_si, old_si};
use hoon::noun::Noun;
use softblas::math::{self, MathError};
use softblas::scalar::i754::Width;
use softblas::{Atom, Round};

/// Registers the `math` arms urnum implements.
pub(super) fn register(r: &mut Registry) {
    for w in Width::ALL {
        let door = math::Door::new(w).name();
        let mut ins = |arm: &str, f: ArmFn| r.insert(&format!("{arm}:{door}"), f);
        // Constants.
        ins("tau", |d, _| constant(d, math::Door::tau));
        ins("pi", |d, _| constant(d, math::Door::pi));
        ins("e", |d, _| constant(d, math::Door::e));
        ins("phi", |d, _| constant(d, math::Door::phi));
        ins("sqt2", |d, _| constant(d, math::Door::sqt2));
        ins("invsqt2", |d, _| constant(d, math::Door::invsqt2));
        ins("log2", |d, _| constant(d, math::Door::log2));
        ins("invlog2", |d, _| constant(d, math::Door::invlog2));
        ins("log10", |d, _| constant(d, math::Door::log10));
        ins("huge", |d, _| Ok(Noun::Atom(door_of(d)?.huge())));
        ins("tiny", |d, _| Ok(Noun::Atom(door_of(d)?.tiny())));
        // Pass-throughs.
        ins("add", |d, a| binary(d, a, "add", |m, x, y| Ok(m.add(x, y))));
        ins("sub", |d, a| binary(d, a, "sub", |m, x, y| Ok(m.sub(x, y))));
        ins("mul", |d, a| binary(d, a, "mul", |m, x, y| Ok(m.mul(x, y))));
        ins("div", |d, a| binary(d, a, "div", |m, x, y| Ok(m.div(x, y))));
        ins("fma", fma);
        ins("neg", |d, a| unary(d, a, "neg", |m, x| Ok(m.neg(x))));
        ins("abs", |d, a| unary(d, a, "abs", |m, x| Ok(m.abs(x))));
        ins("arg", |d, a| unary(d, a, "arg", |m, x| Ok(m.abs(x))));
        ins("sig", |d, a| test1(d, a, "sig", |m, x| Ok(m.sig(x))));
        ins("sgn", |d, a| test1(d, a, "sgn", |m, x| Ok(m.sig(x))));
        ins("lth", |d, a| test2(d, a, "lth", math::Door::lth));
        ins("lte", |d, a| test2(d, a, "lte", math::Door::lte));
        ins("leq", |d, a| test2(d, a, "leq", math::Door::lte));
        ins("gth", |d, a| test2(d, a, "gth", math::Door::gth));
        ins("gte", |d, a| test2(d, a, "gte", math::Door::gte));
        ins("geq", |d, a| test2(d, a, "geq", math::Door::gte));
        ins("equ", |d, a| test2(d, a, "equ", math::Door::equ));
        ins("neq", |d, a| test2(d, a, "neq", math::Door::neq));
        ins("is-close", |d, a| {
            test2(d, a, "is-close", math::Door::is_close)
        });
        ins("all-close", all_close);
        ins("is-int", |d, a| test1(d, a, "is-int", math::Door::is_int));
        ins("sun", sun);
        ins("san", san);
        ins("toi", toi);
        // Kernels.
        ins("exp", |d, a| unary(d, a, "exp", math::Door::exp));
        ins("log", |d, a| unary(d, a, "log", |m, x| Ok(m.log(x))));
        ins("log-2", |d, a| unary(d, a, "log-2", |m, x| Ok(m.log_2(x))));
        ins("log-10", |d, a| {
            unary(d, a, "log-10", |m, x| Ok(m.log_10(x)))
        });
        ins("sin", |d, a| unary(d, a, "sin", |m, x| Ok(m.sin(x))));
        ins("cos", |d, a| unary(d, a, "cos", |m, x| Ok(m.cos(x))));
        ins("tan", |d, a| unary(d, a, "tan", |m, x| Ok(m.tan(x))));
        ins("asin", |d, a| unary(d, a, "asin", |m, x| Ok(m.asin(x))));
        ins("acos", |d, a| unary(d, a, "acos", |m, x| Ok(m.acos(x))));
        ins("atan", |d, a| unary(d, a, "atan", |m, x| Ok(m.atan(x))));
        ins("sqt", |d, a| unary(d, a, "sqt", |m, x| Ok(m.sqt(x))));
        ins("sqrt", |d, a| unary(d, a, "sqrt", |m, x| Ok(m.sqt(x))));
        ins("cbt", |d, a| unary(d, a, "cbt", math::Door::cbt));
        ins("cbrt", |d, a| unary(d, a, "cbrt", math::Door::cbt));
        // Composites and loops.
        ins("atan2", |d, a| {
            binary(d, a, "atan2", |m, y, x| Ok(m.atan2(y, x)))
        });
        ins("pow", |d, a| binary(d, a, "pow", math::Door::pow));
        ins("pow-n", |d, a| binary(d, a, "pow-n", math::Door::pow_n));
        ins("factorial", |d, a| {
            unary(d, a, "factorial", math::Door::factorial)
        });
        if w == Width::S {
            ins("mod", |d, a| binary(d, a, "mod", math::Door::modulo));
        }
        if matches!(w, Width::S | Width::D) {
            ins("round", |d, a| places(d, a, "round", math::Door::round));
            ins("round-places", |d, a| {
                places(d, a, "round-places", math::Door::round_places)
            });
            ins("round-bankers", |d, a| {
                unary(d, a, "round-bankers", math::Door::round_bankers)
            });
        }
    }
}

/// The `softblas` door for the registry door `d` (`rh rs rd rq`) and its sample.
fn door_of(d: &Door) -> Result<math::Door, ArmError> {
    let w = match d.name.as_str() {
        "rh" => Width::H,
        "rs" => Width::S,
        "rd" => Width::D,
        "rq" => Width::Q,
        other => {
            return Err(ArmError::BadArgs(format!(
                "{other} is not a /lib/math door"
            )))
        }
    };
    let bunt = math::Door::new(w);
    let r = d.round("r", Round::Z)?;
    let rtol = float_atom(&d.atom("rtol", Atom::from_u128(bunt.rtol()))?, w, "rtol")?;
    let atol = float_atom(&d.atom("atol", Atom::from_u128(bunt.atol()))?, w, "atol")?;
    math::Door::with(w, r, rtol, atol).map_err(|e| ArmError::BadArgs(e.to_string()))
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
        MathError::Diverges { .. } | MathError::TooManySteps { .. } => {
            ArmError::Unsupported(e.to_string())
        }
        MathError::NoSuchArm { .. } | MathError::NotHoonMode(_) => ArmError::BadArgs(e.to_string()),
    }
}

fn float_noun(v: u128) -> Noun {
    Noun::Atom(Atom::from_u128(v))
}

fn constant(d: &Door, f: fn(&math::Door) -> u128) -> Result<Noun, ArmError> {
    Ok(float_noun(f(&door_of(d)?)))
}

fn unary(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: impl Fn(&math::Door, u128) -> Result<u128, MathError>,
) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let x = float_arg(&m, args, 0, arm)?;
    f(&m, x).map(float_noun).map_err(arm_error)
}

fn binary(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: impl Fn(&math::Door, u128, u128) -> Result<u128, MathError>,
) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let x = float_arg(&m, args, 0, arm)?;
    let y = float_arg(&m, args, 1, arm)?;
    f(&m, x, y).map(float_noun).map_err(arm_error)
}

fn test1(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: impl Fn(&math::Door, u128) -> Result<bool, MathError>,
) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let x = float_arg(&m, args, 0, arm)?;
    f(&m, x).map(loobean).map_err(arm_error)
}

fn test2(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: fn(&math::Door, u128, u128) -> bool,
) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let x = float_arg(&m, args, 0, arm)?;
    let y = float_arg(&m, args, 1, arm)?;
    Ok(loobean(f(&m, x, y)))
}

fn fma(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let a = float_arg(&m, args, 0, "fma")?;
    let b = float_arg(&m, args, 1, "fma")?;
    let c = float_arg(&m, args, 2, "fma")?;
    Ok(float_noun(m.fma(a, b, c)))
}

fn all_close(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let p = float_arg(&m, args, 0, "all-close")?;
    let list = arg(args, 1, "all-close")?
        .as_list()
        .ok_or_else(|| ArmError::BadArgs("all-close: argument 1 is not a list".into()))?;
    let qs = list
        .iter()
        .map(|n| {
            n.as_atom()
                .ok_or_else(|| ArmError::BadArgs("all-close: a list element is a cell".into()))
                .and_then(|a| float_atom(a, m.width(), "all-close"))
        })
        .collect::<Result<Vec<u128>, ArmError>>()?;
    Ok(loobean(m.all_close(p, &qs)))
}

fn sun(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    Ok(float_noun(m.sun(arg_atom(args, 0, "sun")?)))
}

/// `@s` decoding: an even atom `2k` is `--k`, an odd atom `2k−1` is `-k`.
fn san(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let (non_negative, mag) = old_si(arg_atom(args, 0, "san")?);
    Ok(float_noun(m.san(!non_negative, &mag)))
}

/// `(unit @s)`: `~` for NaN and ±∞, else `[~ s]` with `s` zig-zag encoded.
fn toi(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let x = float_arg(&m, args, 0, "toi")?;
    Ok(match m.toi(x) {
        None => Noun::atom(0u64),
        Some((negative, mag)) => {
            let s = new_si(!negative, &mag.to_biguint());
            Noun::cell(Noun::atom(0u64), Noun::Atom(Atom::from_biguint(&s)))
        }
    })
}

fn places(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: fn(&math::Door, u128, &Atom) -> Result<u128, MathError>,
) -> Result<Noun, ArmError> {
    let m = door_of(d)?;
    let x = float_arg(&m, args, 0, arm)?;
    let n = arg_atom(args, 1, arm)?;
    f(&m, x, n).map(float_noun).map_err(arm_error)
}
