//! Registry entries for Lagoon's computing arms (`<arm>:la`): elementwise
//! arithmetic and comparisons, whole-array reductions, `+range`/`+linspace`,
//! `+change`, `+scale`, and the scalar gates `+fun-scalar`/`+trans-scalar`
//! applied to their operands (urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`).
//!
//! The door's `rnd` face gives the rounding mode (bare `la`: the bunt `%z`).
//! As in Hoon, `(f a b)` and `(f [a b])` are the same call: the arguments are
//! joined into one right-nested sample and split into the parts the arm's type names.

use super::{ArmError, Door, Registry};
use crate::noun::Noun;
use crate::ray::{meta_from_noun, ray_from_noun, ray_to_noun, with_arm, RayNounError};
use lagoon::{builders_arith, change, elementwise as ew, reduce, LagoonError, Meta, Ray};
use softblas::prog::{Binary, Compare, Op2, Unary};
use softblas::{Atom, Kind, Round};

/// Registers the arms of this module.
pub(super) fn register(r: &mut Registry) {
    r.insert("add:la", add);
    r.insert("sub:la", sub);
    r.insert("mul:la", mul);
    r.insert("div:la", div);
    r.insert("mod:la", modulo);
    r.insert("add-scalar:la", add_scalar);
    r.insert("sub-scalar:la", sub_scalar);
    r.insert("mul-scalar:la", mul_scalar);
    r.insert("div-scalar:la", div_scalar);
    r.insert("mod-scalar:la", mod_scalar);
    r.insert("gth:la", gth);
    r.insert("gte:la", gte);
    r.insert("lth:la", lth);
    r.insert("lte:la", lte);
    r.insert("equ:la", equ);
    r.insert("neq:la", neq);
    r.insert("abs:la", abs);
    r.insert("conj:la", conj);
    r.insert("pow-n:la", pow_n);
    r.insert("is-close:la", is_close);
    r.insert("cumsum:la", cumsum);
    r.insert("prod:la", prod);
    r.insert("max:la", max);
    r.insert("min:la", min);
    r.insert("argmax:la", argmax);
    r.insert("argmin:la", argmin);
    r.insert("any:la", any);
    r.insert("all:la", all);
    r.insert("range:la", range);
    r.insert("linspace:la", linspace);
    r.insert("change:la", change);
    r.insert("scale:la", scale);
    r.insert("fun-scalar:la", fun_scalar);
    r.insert("trans-scalar:la", trans_scalar);
    r.insert("unum-sum:la", unum_sum);
}

/// The `la` door: its `rnd` face, bunted to `%z`.
fn door(d: &Door) -> Result<lagoon::Door, ArmError> {
    Ok(lagoon::Door::lake(d.round("rnd", Round::HOON_BUNT)?))
}

/// The sample split into `k` parts (the arguments joined right-nested, then `k − 1` heads and the rest).
fn parts(args: &[Noun], k: usize, arm: &str) -> Result<Vec<Noun>, ArmError> {
    if args.is_empty() {
        return Err(ArmError::BadArgs(format!("{arm}: no arguments")));
    }
    let mut rest = Noun::tuple(args.iter().cloned());
    let mut out = Vec::with_capacity(k);
    for i in 1..k {
        let (h, t) = rest
            .as_cell()
            .map(|(h, t)| (h.clone(), t.clone()))
            .ok_or_else(|| ArmError::BadArgs(format!("{arm}: sample part {i} is missing")))?;
        out.push(h);
        rest = t;
    }
    out.push(rest);
    Ok(out)
}

fn ray(p: &Noun, arm: &str, i: usize) -> Result<Ray, ArmError> {
    ray_from_noun(p).map_err(|e| with_arm(e, arm, i))
}

fn meta(p: &Noun, arm: &str, i: usize) -> Result<Meta, ArmError> {
    meta_from_noun(p).map_err(|e| with_arm(e, arm, i))
}

fn atom<'a>(p: &'a Noun, arm: &str, i: usize) -> Result<&'a Atom, ArmError> {
    p.as_atom()
        .ok_or_else(|| with_arm(RayNounError::NotAtom("the argument"), arm, i))
}

/// The text of a term atom (`%pow` → `"pow"`).
fn term(p: &Noun, arm: &str, i: usize) -> Result<String, ArmError> {
    let a = atom(p, arm, i)?;
    let bytes: Vec<u8> = a
        .to_le_bytes()
        .into_iter()
        .take_while(|b| *b != 0)
        .collect();
    String::from_utf8(bytes)
        .map_err(|_| ArmError::BadArgs(format!("{arm}: argument {i} is not a term")))
}

/// A cell of two atoms (`[a=@ b=@]`).
fn pair<'a>(p: &'a Noun, arm: &str, i: usize) -> Result<(&'a Atom, &'a Atom), ArmError> {
    let (a, b) = p
        .as_cell()
        .ok_or_else(|| with_arm(RayNounError::NotCell("the pair"), arm, i))?;
    Ok((atom(a, arm, i)?, atom(b, arm, i)?))
}

fn loobean(b: bool) -> Noun {
    Noun::atom(u64::from(!b))
}

type RayRay = fn(&lagoon::Door, &Ray, &Ray) -> Result<Ray, LagoonError>;
type RayAtom = fn(&lagoon::Door, &Ray, &Atom) -> Result<Ray, LagoonError>;
type RayOnly = fn(&lagoon::Door, &Ray) -> Result<Ray, LagoonError>;

fn two_rays(d: &Door, args: &[Noun], arm: &str, f: RayRay) -> Result<Noun, ArmError> {
    let p = parts(args, 2, arm)?;
    let (a, b) = (ray(&p[0], arm, 0)?, ray(&p[1], arm, 1)?);
    Ok(ray_to_noun(&f(&door(d)?, &a, &b)?))
}

fn ray_atom(d: &Door, args: &[Noun], arm: &str, f: RayAtom) -> Result<Noun, ArmError> {
    let p = parts(args, 2, arm)?;
    let a = ray(&p[0], arm, 0)?;
    Ok(ray_to_noun(&f(&door(d)?, &a, atom(&p[1], arm, 1)?)?))
}

fn one_ray(d: &Door, args: &[Noun], arm: &str, f: RayOnly) -> Result<Noun, ArmError> {
    let p = parts(args, 1, arm)?;
    Ok(ray_to_noun(&f(&door(d)?, &ray(&p[0], arm, 0)?)?))
}

macro_rules! entries {
    ($via:ident: $($name:ident, $hoon:literal, $f:path;)*) => {$(
        fn $name(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
            $via(d, args, $hoon, $f)
        }
    )*};
}

entries! { two_rays:
    add, "add:la", ew::add;
    sub, "sub:la", ew::sub;
    mul, "mul:la", ew::mul;
    div, "div:la", ew::div;
    modulo, "mod:la", ew::r#mod;
    gth, "gth:la", ew::gth;
    gte, "gte:la", ew::gte;
    lth, "lth:la", ew::lth;
    lte, "lte:la", ew::lte;
    equ, "equ:la", ew::equ;
    neq, "neq:la", ew::neq;
}

entries! { ray_atom:
    add_scalar, "add-scalar:la", ew::add_scalar;
    sub_scalar, "sub-scalar:la", ew::sub_scalar;
    mul_scalar, "mul-scalar:la", ew::mul_scalar;
    div_scalar, "div-scalar:la", ew::div_scalar;
    mod_scalar, "mod-scalar:la", ew::mod_scalar;
    pow_n, "pow-n:la", ew::pow_n;
}

entries! { one_ray:
    abs, "abs:la", ew::abs;
    conj, "conj:la", ew::conj;
    cumsum, "cumsum:la", reduce::cumsum;
    prod, "prod:la", reduce::prod;
    max, "max:la", reduce::max;
    min, "min:la", reduce::min;
}

fn is_close(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "is-close:la";
    let p = parts(args, 4, arm)?;
    let (a, b) = (ray(&p[0], arm, 0)?, ray(&p[1], arm, 1)?);
    let (atol, rtol) = (atom(&p[2], arm, 2)?, atom(&p[3], arm, 2)?);
    Ok(ray_to_noun(&ew::is_close(&door(d)?, &a, &b, atol, rtol)?))
}

fn index_arm(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: fn(&lagoon::Door, &Ray) -> Result<u64, LagoonError>,
) -> Result<Noun, ArmError> {
    let p = parts(args, 1, arm)?;
    Ok(Noun::atom(f(&door(d)?, &ray(&p[0], arm, 0)?)?))
}

fn argmax(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    index_arm(d, args, "argmax:la", reduce::argmax)
}

fn argmin(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    index_arm(d, args, "argmin:la", reduce::argmin)
}

fn flag_arm(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: fn(&lagoon::Door, &Ray) -> Result<bool, LagoonError>,
) -> Result<Noun, ArmError> {
    let p = parts(args, 1, arm)?;
    Ok(loobean(f(&door(d)?, &ray(&p[0], arm, 0)?)?))
}

fn any(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    flag_arm(d, args, "any:la", reduce::any)
}

fn all(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    flag_arm(d, args, "all:la", reduce::all)
}

fn range(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "range:la";
    let p = parts(args, 3, arm)?;
    let m = meta(&p[0], arm, 0)?;
    let (a, b) = pair(&p[1], arm, 1)?;
    let step = atom(&p[2], arm, 2)?;
    Ok(ray_to_noun(&builders_arith::range(
        &door(d)?,
        &m,
        a,
        b,
        step,
    )?))
}

fn linspace(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "linspace:la";
    let p = parts(args, 3, arm)?;
    let m = meta(&p[0], arm, 0)?;
    let (a, b) = pair(&p[1], arm, 1)?;
    let n = atom(&p[2], arm, 2)?;
    Ok(ray_to_noun(&builders_arith::linspace(
        &door(d)?,
        &m,
        a,
        b,
        n,
    )?))
}

fn change(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "change:la";
    let p = parts(args, 3, arm)?;
    let a = ray(&p[0], arm, 0)?;
    let kind = atom(&p[1], arm, 1)?
        .as_u64()
        .and_then(Kind::from_cord)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument 1 is not a kind")))?;
    let bloq = atom(&p[2], arm, 2)?
        .as_u64()
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| ArmError::Unsupported(format!("{arm}: bloq too large")))?;
    Ok(ray_to_noun(&change::change(&door(d)?, &a, kind, bloq)?))
}

fn scale(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "scale:la";
    let p = parts(args, 2, arm)?;
    let m = meta(&p[0], arm, 0)?;
    Ok(ray_to_noun(&builders_arith::scale(
        &m,
        atom(&p[1], arm, 1)?,
    )?))
}

/// The `+$ops` term as a binary kind of `+fun-scalar`.
fn binary_op(t: &str) -> Option<Op2> {
    Some(match t {
        "add" => Op2::Binary(Binary::Add),
        "sub" => Op2::Binary(Binary::Sub),
        "mul" => Op2::Binary(Binary::Mul),
        "div" => Op2::Binary(Binary::Div),
        "mod" => Op2::Binary(Binary::Mod),
        "pow" => Op2::Binary(Binary::Pow),
        "gth" => Op2::Compare(Compare::Gth),
        "gte" => Op2::Compare(Compare::Gte),
        "lth" => Op2::Compare(Compare::Lth),
        "lte" => Op2::Compare(Compare::Lte),
        "equ" => Op2::Compare(Compare::Equ),
        "neq" => Op2::Compare(Compare::Neq),
        _ => return None,
    })
}

/// `((fun-scalar:la meta op) a b)`: the gate applied to two atoms (the gate itself is not a noun here).
fn fun_scalar(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "fun-scalar:la";
    let p = parts(args, 4, arm)?;
    let m = meta(&p[0], arm, 0)?;
    let t = term(&p[1], arm, 1)?;
    let op = binary_op(&t).ok_or_else(|| {
        ArmError::Crash(format!(
            "{arm}: %{t} is not a binary op of +fun-scalar (?+ fun !!)"
        ))
    })?;
    let gate = ew::fun_scalar(&door(d)?, &m, op)?;
    let (a, b) = (atom(&p[2], arm, 2)?, atom(&p[3], arm, 3)?);
    let v = ew::apply2(&gate, a, b).map_err(ArmError::from)?;
    Ok(Noun::Atom(v))
}

/// `((trans-scalar:la bloq kind op) a)`: the unary gate applied to an atom.
fn trans_scalar(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "trans-scalar:la";
    let p = parts(args, 4, arm)?;
    let bloq = atom(&p[0], arm, 0)?
        .as_u64()
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| ArmError::Unsupported(format!("{arm}: bloq too large")))?;
    let kind = atom(&p[1], arm, 1)?
        .as_u64()
        .and_then(Kind::from_cord)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument 1 is not a kind")))?;
    let u = match term(&p[2], arm, 2)?.as_str() {
        "abs" => Unary::Abs,
        "conj" => Unary::Conj,
        t => {
            return Err(ArmError::Crash(format!(
                "{arm}: %{t} is not a unary op of +trans-scalar (?+ fun !!)"
            )))
        }
    };
    let gate = ew::trans_scalar(&door(d)?, bloq, kind, u)?;
    let v = ew::apply1(&gate, atom(&p[3], arm, 3)?).map_err(ArmError::from)?;
    Ok(Noun::Atom(v))
}

fn unum_sum(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "unum-sum:la";
    let p = parts(args, 2, arm)?;
    let bloq = atom(&p[0], arm, 0)?
        .as_u64()
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| ArmError::Unsupported(format!("{arm}: bloq too large")))?;
    let v: Vec<Atom> = p[1]
        .as_list()
        .and_then(|l| l.iter().map(|n| n.as_atom().cloned()).collect())
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument 1 is not a list of atoms")))?;
    Ok(Noun::Atom(reduce::unum_sum(bloq, &v)?))
}
