//! The catalogue of Saloon arms (`saloon.hoon@424a2bf`): one row per arm
//! the row type of [`lagoon::arms`] can express, with its Hoon name, sample,
//! product type, the C ABI's size rule and the Rust function.
//!
//! A row's value is its product's parts ([`Parts`]): one [`Out`] for a ray or
//! an atom, one per item of a tuple product (`[vals vecs]` of `+eig` is two,
//! `[x iter rnorm]` of `+cg` three), and for `+chol-unit`'s `(unit ray)` none
//! for `~` and one for `[~ u]`. The registry of `urnum-cli` and the C ABI
//! both serve these rows; the arms outside them (gates, `rng` states, lists
//! of floats, the scalar helpers `+fadd` … `+cpak`, the complex rotations)
//! are listed in [`NOT_CATALOGUED`] with the reason.

use crate::elementwise::{self as el, BinaryOp, LakeOp, UnaryOp};
use crate::fl::Cf;
use crate::grid::{CGrid, Grid};
use crate::{eig, qr, solvers as so, svd, Sa, SaloonError};
use lagoon::arms::{Args, Mold, Out, Param, Rule};
use lagoon::Ray;
use softblas::Atom;

/// The value of a Saloon arm: its product's parts in order.
pub type Parts = Vec<Out>;

/// A catalogued Saloon arm.
pub type Arm = lagoon::arms::Arm<Sa, Parts, SaloonError>;

/// How many parts a product of type `product` has: `None` for a unit (zero
/// or one), else the tuple's length (1 for anything that is not a tuple).
pub fn parts_of(product: Mold) -> Option<usize> {
    match product {
        Mold::Unit(_) => None,
        Mold::Tuple(items) => Some(items.len()),
        _ => Some(1),
    }
}

/// The row of the arm named `name` (`exp`, `chol-solve`; an `:sa` suffix is ignored).
pub fn by_name(name: &str) -> Option<&'static Arm> {
    lagoon::arms::find(ARMS, name, ":sa")
}

/// Saloon arms outside the catalogue, each with its product type and the reason.
pub static NOT_CATALOGUED: &[(&str, Mold, &str)] = &[
    (
        "trans-scalar",
        Mold::Atom(""),
        "its product is a gate (the registry applies it)",
    ),
    (
        "fun-scalar",
        Mold::Atom(""),
        "its product is a gate (the registry applies it)",
    ),
    (
        "fill-simple",
        FILL,
        "its sample holds a gate and an rng state",
    ),
    (
        "fill-windowed",
        FILL,
        "its sample holds a gate and an rng state",
    ),
    (
        "fill-uniform",
        FILL,
        "its sample and product hold an rng state (a tagged cell)",
    ),
    (
        "fill-normal",
        FILL,
        "its sample and product hold an rng state (a tagged cell)",
    ),
    (
        "fill-expon",
        FILL,
        "its sample and product hold an rng state (a tagged cell)",
    ),
    (
        "fill-below",
        FILL,
        "its sample and product hold an rng state (a tagged cell)",
    ),
    (
        "sum-sq",
        AT,
        "its sample is a list of floats up to 128 bits",
    ),
    (
        "house",
        HOUSE,
        "its sample and product hold lists of floats up to 128 bits",
    ),
    (
        "reflect",
        RAY,
        "its sample holds a list of floats up to 128 bits",
    ),
    ("fadd", AT, "a scalar helper of two floats up to 128 bits"),
    ("fsub", AT, "a scalar helper of two floats up to 128 bits"),
    ("fmul", AT, "a scalar helper of two floats up to 128 bits"),
    ("fdiv", AT, "a scalar helper of two floats up to 128 bits"),
    ("fgte", FLAG, "a scalar helper of two floats up to 128 bits"),
    ("flte", FLAG, "a scalar helper of two floats up to 128 bits"),
    ("near", FLAG, "a scalar helper of two floats up to 128 bits"),
    ("fabs", AT, "a scalar helper of a float up to 128 bits"),
    ("fsqt", AT, "a scalar helper of a float up to 128 bits"),
    ("fneg", AT, "a scalar helper of a float up to 128 bits"),
    ("fsign", AT, "a scalar helper of a float up to 128 bits"),
    ("f0", AT, "a scalar constant"),
    ("f1", AT, "a scalar constant"),
    ("f2", AT, "a scalar constant"),
    ("feps", AT, "a scalar constant"),
    ("stol", AT, "a scalar constant"),
    ("cb-comp", AT, "a scalar helper"),
    (
        "cadd",
        AT,
        "a complex helper of packed values up to 256 bits",
    ),
    (
        "csub",
        AT,
        "a complex helper of packed values up to 256 bits",
    ),
    (
        "cmul",
        AT,
        "a complex helper of packed values up to 256 bits",
    ),
    (
        "cdiv",
        AT,
        "a complex helper of packed values up to 256 bits",
    ),
    (
        "cconj",
        AT,
        "a complex helper of packed values up to 256 bits",
    ),
    (
        "cre",
        AT,
        "a complex helper of packed values up to 256 bits",
    ),
    (
        "cabs-re",
        AT,
        "a complex helper of packed values up to 256 bits",
    ),
    (
        "cnear",
        FLAG,
        "a complex helper of packed values up to 256 bits",
    ),
    (
        "cpak",
        AT,
        "a complex helper of packed values up to 256 bits",
    ),
    ("gi", Mold::Atom("ux"), "Lagoon's get-item, served there"),
    ("si", RAY, "Lagoon's set-item, served there"),
    (
        "rot-cols-h",
        RAY,
        "its rotation is two complex values up to 256 bits",
    ),
    (
        "rot-rows-h",
        RAY,
        "its rotation is two complex values up to 256 bits",
    ),
    (
        "sweep-herm",
        PAIR,
        "not served by the C ABI yet (its grid is complex)",
    ),
];

/// The Hoon type of the product of Saloon arm `name` (catalogued or not).
pub fn product_of(name: &str) -> Option<Mold> {
    lagoon::arms::product_in(ARMS, NOT_CATALOGUED, name)
}

const RAY: Mold = Mold::Ray;
const FLAG: Mold = Mold::Flag;
const AT: Mold = Mold::Atom("");
const UD: Mold = Mold::Atom("ud");
const PAIR: Mold = Mold::Tuple(&[("", RAY), ("", RAY)]);
const EIG: Mold = Mold::Tuple(&[("vals", RAY), ("vecs", RAY)]);
const SOLVE: Mold = Mold::Tuple(&[("x", RAY), ("iter", UD), ("rnorm", AT)]);
const SVD: Mold = Mold::Tuple(&[("u", RAY), ("s", RAY), ("v", RAY)]);
const SVD_SWEEP: Mold = Mold::Tuple(&[("mat", RAY), ("vecs", RAY), ("rots", UD)]);
const QR: Mold = Mold::Tuple(&[("q", RAY), ("r", RAY)]);
const UNIT: Mold = Mold::Unit(&RAY);
const HOUSE: Mold = Mold::Tuple(&[("v", Mold::List("")), ("vv", AT), ("alpha", AT)]);
/// `[ray=ray r=rng:rand]`: the generator state's type is not in the table.
const FILL: Mold = Mold::Tuple(&[("ray", RAY), ("r", Mold::Noun)]);

fn one(r: Ray) -> Parts {
    vec![Out::Ray(r)]
}

fn rays(rs: impl IntoIterator<Item = Ray>) -> Parts {
    rs.into_iter().map(Out::Ray).collect()
}

fn float(v: u128) -> Parts {
    vec![Out::Atom(Atom::from_u128(v))]
}

/// A loobean: `%.y` is 0.
fn flag(b: bool) -> Parts {
    vec![Out::Atom(Atom::from_u64(u64::from(!b)))]
}

fn grid(c: &Args<Sa>, i: usize) -> Result<Grid, SaloonError> {
    Grid::of(&c.rays[i])
}

/// The complex grid of ray `i`, whose bloq names the complex width.
fn cgrid(c: &Args<Sa>, i: usize) -> Result<CGrid, SaloonError> {
    let a = &c.rays[i];
    let cf = Cf::new(c.door.policy.exec, a.meta.bloq, c.door.rnd).ok_or_else(|| {
        SaloonError::Unsupported(format!("complex bloq {} outside 5..=8", a.meta.bloq))
    })?;
    CGrid::of(a, cf.d.w)
}

fn un(c: &Args<Sa>, op: UnaryOp) -> Result<Parts, SaloonError> {
    el::unary(&c.door, op, &c.rays[0]).map(one)
}

fn bi(c: &Args<Sa>, op: BinaryOp) -> Result<Parts, SaloonError> {
    el::binary(&c.door, op, &c.rays[0], &c.rays[1]).map(one)
}

fn lk(c: &Args<Sa>, op: LakeOp) -> Result<Parts, SaloonError> {
    el::lake(&c.door, op, &c.rays[0], &c.rays[1]).map(one)
}

/// `+rot-cols`/`+rot-rows` on ray 0 at `(p, q)` = ints, `(c, s)` = atoms.
fn rot(c: &Args<Sa>, rows: bool) -> Result<Parts, SaloonError> {
    let mut m = grid(c, 0)?;
    let (p, q) = (c.ints[0], c.ints[1]);
    let (co, si) = (c.atoms[0].low_u128(), c.atoms[1].low_u128());
    eig::rotate(&c.door, &mut m, (p, q), (co, si), rows)?;
    m.ray().map(one)
}

type SolveFn = fn(&Sa, &Ray, &Ray, &Atom) -> Result<so::Solve, SaloonError>;

/// `+cg`/`+pcg`: `[x iter rnorm]`.
fn solve(c: &Args<Sa>, f: SolveFn) -> Result<Parts, SaloonError> {
    let s = f(&c.door, &c.rays[0], &c.rays[1], &c.atoms[0])?;
    Ok(vec![
        Out::Ray(s.x),
        Out::Atom(Atom::from_u64(s.iter)),
        Out::Atom(Atom::from_u128(s.rnorm)),
    ])
}

use Param::{Atom as A, Int as I, Ray as R};

lagoon::catalogue! {
    "Every catalogued Saloon arm.";
    // Element-wise arms (saloon.hoon +exp … +pow over +trans-scalar/+fun-scalar).
    "neg" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Neg);
    "factorial" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Factorial);
    "exp" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Exp);
    "sin" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Sin);
    "cos" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Cos);
    "tan" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Tan);
    "log" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Log);
    "log-10" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Log10);
    "log-2" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Log2);
    "sqrt" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Sqrt);
    "sqt" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Sqrt);
    "cbrt" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Cbrt);
    "cbt" None, [R], RAY, SameMeta, |c| un(c, UnaryOp::Cbrt);
    "pow-n" None, [R, R], RAY, SameMeta, |c| bi(c, BinaryOp::PowN);
    "pow" None, [R, R], RAY, SameMeta, |c| bi(c, BinaryOp::Pow);
    // Delegations to (lake rnd).
    "lth" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Lth);
    "lte" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Lte);
    "leq" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Lte);
    "equ" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Equ);
    "gth" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Gth);
    "gte" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Gte);
    "geq" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Gte);
    "neq" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Neq);
    "add" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Add);
    "sub" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Sub);
    "mul" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Mul);
    "div" None, [R, R], RAY, SameMeta, |c| lk(c, LakeOp::Div);
    "abs" None, [R], RAY, SameMeta, |c| el::abs(&c.door, &c.rays[0]).map(one);
    "fma" None, [R, R, R], RAY, SameMeta, |c| el::fma(&c.door, &c.rays[0], &c.rays[1], &c.rays[2]).map(one);
    "is-close" None, [R, R], RAY, Computed, |c| el::is_close(&c.door, &c.rays[0], &c.rays[1]).map(one);
    "all-close" None, [R], FLAG, Computed, |c| el::all_close(&c.door, &c.rays[0]).map(flag);
    "any-close" None, [R], FLAG, Computed, |c| el::any_close(&c.door, &c.rays[0]).map(flag);
    // Eigendecomposition (cyclic Jacobi).
    "eig" None, [R], EIG, Computed, |c| eig::eig(&c.door, &c.rays[0]).map(|(v, w)| rays([v, w]));
    "eig-herm" None, [R], EIG, Computed, |c| eig::eig_herm(&c.door, &c.rays[0]).map(|(v, w)| rays([v, w]));
    "eigvals" None, [R], RAY, Computed, |c| eig::eigvals(&c.door, &c.rays[0]).map(one);
    "eigvecs" None, [R], RAY, Computed, |c| eig::eigvecs(&c.door, &c.rays[0]).map(one);
    "symmetric" None, [R], FLAG, Computed, |c| eig::symmetric(&c.door, &grid(c, 0)?).map(flag);
    "off-norm" None, [R], AT, Computed, |c| eig::off_norm(&c.door, &grid(c, 0)?).map(float);
    "frob" None, [R], AT, Computed, |c| eig::frob(&c.door, &grid(c, 0)?).map(float);
    "diag" None, [R], RAY, Computed, |c| eig::diag(&grid(c, 0)?)?.ray().map(one);
    "rot-cols" None, [R, I, I, A, A], RAY, Computed, |c| rot(c, false);
    "rot-rows" None, [R, I, I, A, A], RAY, Computed, |c| rot(c, true);
    "sweep-once" None, [R, R], PAIR, Computed, |c| {
        let (mut m, mut v) = (grid(c, 0)?, grid(c, 1)?);
        eig::sweep_once(&c.door, &mut m, &mut v)?;
        Ok(rays([m.ray()?, v.ray()?]))
    };
    "hermitian" None, [R], FLAG, Computed, |c| eig::hermitian(&c.door, &cgrid(c, 0)?).map(flag);
    "off-norm-h" None, [R], AT, Computed, |c| eig::off_norm_h(&c.door, &cgrid(c, 0)?).map(float);
    "frob-h" None, [R], AT, Computed, |c| eig::frob_h(&c.door, &cgrid(c, 0)?).map(float);
    "diag-real" None, [R], RAY, Computed, |c| eig::diag_real(&cgrid(c, 0)?)?.ray().map(one);
    // Solvers.
    "matvec" None, [R, R], RAY, Computed, |c| so::matvec(&c.door, &c.rays[0], &c.rays[1]).map(one);
    "matvec-t" None, [R, R], RAY, Computed, |c| so::matvec_t(&c.door, &c.rays[0], &c.rays[1]).map(one);
    "dotv" None, [R, R], AT, Computed, |c| so::dotv(&c.door, &c.rays[0], &c.rays[1]).map(float);
    "nrm2" None, [R], AT, Computed, |c| so::nrm2(&c.door, &c.rays[0]).map(float);
    "axpyv" None, [A, R, R], RAY, Computed, |c| so::axpyv(&c.door, &c.atoms[0], &c.rays[0], &c.rays[1]).map(one);
    "col-dot" None, [R, I, I], AT, Computed, |c| so::col_dot(&c.door, &c.rays[0], c.ints[0], c.ints[1]).map(float);
    "gram" None, [R], RAY, Computed, |c| so::gram(&c.door, &c.rays[0]).map(one);
    "chol-unit" None, [R], UNIT, Computed, |c| so::chol_unit(&c.door, &c.rays[0]).map(rays);
    "chol" None, [R], RAY, Computed, |c| so::chol(&c.door, &c.rays[0]).map(one);
    "trsv-lo" None, [R, R], RAY, Computed, |c| so::trsv_lo(&c.door, &c.rays[0], &c.rays[1]).map(one);
    "trsv-up" None, [R, R], RAY, Computed, |c| so::trsv_up(&c.door, &c.rays[0], &c.rays[1]).map(one);
    "trsv-r" None, [R, R], RAY, Computed, |c| so::trsv_r(&c.door, &c.rays[0], &c.rays[1]).map(one);
    "chol-solve" None, [R, R], RAY, Computed, |c| so::chol_solve(&c.door, &c.rays[0], &c.rays[1]).map(one);
    "cg" None, [R, R, A], SOLVE, Computed, |c| solve(c, so::cg);
    "pcg" None, [R, R, A], SOLVE, Computed, |c| solve(c, so::pcg);
    // SVD (one-sided Jacobi) and QR (Householder).
    "svd-sweep" None, [R, R, A], SVD_SWEEP, Computed, |c| {
        let (mut w, mut v) = (grid(c, 0)?, grid(c, 1)?);
        let n = svd::svd_sweep(&c.door, &mut w, &mut v, c.atoms[0].low_u128())?;
        Ok(vec![Out::Ray(w.ray()?), Out::Ray(v.ray()?), Out::Atom(Atom::from_u64(n))])
    };
    "svd" None, [R], SVD, Computed, |c| svd::svd(&c.door, &c.rays[0]).map(|s| rays([s.u, s.s, s.v]));
    "svd-vals" None, [R], RAY, Computed, |c| svd::svd_vals(&c.door, &c.rays[0]).map(one);
    "qr" None, [R], QR, Computed, |c| qr::qr(&c.door, &c.rays[0]).map(|(q, r)| rays([q, r]));
    "lstsq" None, [R, R], RAY, Computed, |c| qr::lstsq(&c.door, &c.rays[0], &c.rays[1]).map(one);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_rules_meta_only_for_elementwise() {
        let faults = lagoon::arms::catalogue_faults(ARMS, NOT_CATALOGUED);
        assert_eq!(faults, Vec::<String>::new());
        assert!(ARMS
            .iter()
            .all(|a| matches!(a.rule, Rule::SameMeta | Rule::Computed)));
        assert_eq!(
            by_name("eig:sa").map(|a| parts_of(a.product)),
            Some(Some(2))
        );
        assert_eq!(product_of("house"), Some(HOUSE));
    }
}
