//! Registry entries for Lagoon's computing arms (`<arm>:la`): elementwise
//! arithmetic and comparisons, whole-array reductions, `+range`/`+linspace`,
//! `+change`, `+scale`, and the scalar gates `+fun-scalar`/`+trans-scalar`
//! applied to their operands (urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`).
//!
//! The door's `rnd` face gives the rounding mode (bare `la`: the bunt `%z`).
//! As in Hoon, `(f a b)` and `(f [a b])` are the same call: the arguments are
//! joined into one right-nested sample and split into the parts the arm's type names.

use super::{
    atom_part, atoms_part, bloq_part, kind_part, loobean, one_ray, one_ray_to, sample, term_part,
    two_rays, ArmError, Door, Registry,
};
use crate::registry::args::{meta_part, ray_part};
use hoon::noun::Noun;
use hoon::ray::ray_to_noun;
use lagoon::{builders_arith, change, elementwise as ew, reduce, LagoonError, Ray};
use softblas::prog::{Op2, Unary};
use softblas::Atom;

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

/// A cell of two atoms (`[a=@ b=@]`).
fn pair<'a>(p: &'a Noun, arm: &str, i: usize) -> Result<(&'a Atom, &'a Atom), ArmError> {
    let (a, b) = p
        .as_cell()
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument {i} is not a pair")))?;
    Ok((atom_part(a, arm, i)?, atom_part(b, arm, i)?))
}

type RayAtom = fn(&lagoon::Door, &Ray, &Atom) -> Result<Ray, LagoonError>;

fn ray_atom(d: &Door, args: &[Noun], arm: &str, f: RayAtom) -> Result<Noun, ArmError> {
    let p = sample(args, 2, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    Ok(ray_to_noun(&f(&d.lake()?, &a, atom_part(&p[1], arm, 1)?)?))
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
    let p = sample(args, 4, arm)?;
    let (a, b) = (ray_part(&p[0], arm, 0)?, ray_part(&p[1], arm, 1)?);
    let (atol, rtol) = (atom_part(&p[2], arm, 2)?, atom_part(&p[3], arm, 2)?);
    Ok(ray_to_noun(&ew::is_close(&d.lake()?, &a, &b, atol, rtol)?))
}

fn argmax(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    one_ray_to(d, args, "argmax:la", reduce::argmax, Noun::atom)
}

fn argmin(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    one_ray_to(d, args, "argmin:la", reduce::argmin, Noun::atom)
}

fn any(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    one_ray_to(d, args, "any:la", reduce::any, loobean)
}

fn all(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    one_ray_to(d, args, "all:la", reduce::all, loobean)
}

fn range(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "range:la";
    let p = sample(args, 3, arm)?;
    let m = meta_part(&p[0], arm, 0)?;
    let (a, b) = pair(&p[1], arm, 1)?;
    let step = atom_part(&p[2], arm, 2)?;
    Ok(ray_to_noun(&builders_arith::range(
        &d.lake()?,
        &m,
        a,
        b,
        step,
    )?))
}

fn linspace(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "linspace:la";
    let p = sample(args, 3, arm)?;
    let m = meta_part(&p[0], arm, 0)?;
    let (a, b) = pair(&p[1], arm, 1)?;
    let n = atom_part(&p[2], arm, 2)?;
    Ok(ray_to_noun(&builders_arith::linspace(
        &d.lake()?,
        &m,
        a,
        b,
        n,
    )?))
}

fn change(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "change:la";
    let p = sample(args, 3, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    let kind = kind_part(&p[1], arm, 1)?;
    let bloq = bloq_part(&p[2], arm, 2)?;
    Ok(ray_to_noun(&change::change(&d.lake()?, &a, kind, bloq)?))
}

fn scale(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "scale:la";
    let p = sample(args, 2, arm)?;
    let m = meta_part(&p[0], arm, 0)?;
    Ok(ray_to_noun(&builders_arith::scale(
        &m,
        atom_part(&p[1], arm, 1)?,
    )?))
}

/// `((fun-scalar:la meta op) a b)`: the gate applied to two atoms (the gate itself is not a noun here).
fn fun_scalar(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "fun-scalar:la";
    let p = sample(args, 4, arm)?;
    let m = meta_part(&p[0], arm, 0)?;
    let t = term_part(&p[1], arm, 1)?;
    let op = Op2::from_term(&t).ok_or_else(|| {
        ArmError::Crash(format!(
            "{arm}: %{t} is not a binary op of +fun-scalar (?+ fun !!)"
        ))
    })?;
    let gate = ew::fun_scalar(&d.lake()?, &m, op)?;
    let (a, b) = (atom_part(&p[2], arm, 2)?, atom_part(&p[3], arm, 3)?);
    let v = ew::apply2(&gate, a, b).map_err(ArmError::from)?;
    Ok(Noun::Atom(v))
}

/// `((trans-scalar:la bloq kind op) a)`: the unary gate applied to an atom.
fn trans_scalar(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "trans-scalar:la";
    let p = sample(args, 4, arm)?;
    let bloq = bloq_part(&p[0], arm, 0)?;
    let kind = kind_part(&p[1], arm, 1)?;
    let u = match term_part(&p[2], arm, 2)?.as_str() {
        "abs" => Unary::Abs,
        "conj" => Unary::Conj,
        t => {
            return Err(ArmError::Crash(format!(
                "{arm}: %{t} is not a unary op of +trans-scalar (?+ fun !!)"
            )))
        }
    };
    let gate = ew::trans_scalar(&d.lake()?, bloq, kind, u)?;
    let v = ew::apply1(&gate, atom_part(&p[3], arm, 3)?).map_err(ArmError::from)?;
    Ok(Noun::Atom(v))
}

fn unum_sum(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "unum-sum:la";
    let p = sample(args, 2, arm)?;
    let bloq = bloq_part(&p[0], arm, 0)?;
    let v = atoms_part(&p[1], arm, 1)?;
    Ok(Noun::Atom(reduce::unum_sum(bloq, &v)?))
}
