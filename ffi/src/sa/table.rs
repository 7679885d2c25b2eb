//! The table of Saloon arms the ABI serves (urbit/numerics
//! `saloon/desk/lib/saloon.hoon@424a2bf`, computed by the `saloon` crate):
//! one row per arm with its stable id, its Hoon name, its operands in the
//! sample's order (the classes of [`Param`], as for Lagoon), its size rule,
//! the number of parts of its product, and the Rust function.
//!
//! A product is a list of parts, each a value of the Lagoon forms (a ray, an
//! atom): `[vals vecs]` of `+eig` is two parts, `[x iter rnorm]` of `+cg` three
//! (a ray and two atoms). `+chol-unit`'s `(unit ray)` is zero parts for `~`
//! and one part (the ray) for `[~ u]`.
//!
//! Ids are part of the ABI: never renumber or reuse one; append new arms. Not
//! served: the gate arms (`+trans-scalar +fun-scalar +fill-simple
//! +fill-windowed`), the fills (their `rng` operand is a tagged cell), the
//! float-list helpers (`+sum-sq +house +reflect`), the scalar helpers (`+fadd`
//! … `+cpak`, one SoftFloat operation each: `urnum_math`/`urnum_scalar`), the
//! complex rotations `+rot-cols-h +rot-rows-h +sweep-herm`, `+gi +si` (Lagoon's
//! `get-item`/`set-item`).

use super::ids;
use crate::la::encode::Out;
use crate::la::table::{Ctx, Param, Rule};
use lagoon::Ray;
use saloon::elementwise::{self as el, BinaryOp, LakeOp, UnaryOp};
use saloon::fl::Cf;
use saloon::grid::{CGrid, Grid};
use saloon::{eig, qr, solvers as so, svd, Sa, SaloonError};
use softblas::Atom;

/// The product of a Saloon arm: its parts in order.
pub type Parts = Vec<Out>;

/// How many parts an arm's product has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Always this many.
    Fixed(u8),
    /// A `(unit ray)`: 0 parts for `~`, 1 for `[~ u]`.
    Unit,
}

/// One Saloon arm of the ABI.
pub struct Arm {
    /// The stable id (`URNUM_SA_*`).
    pub id: u32,
    /// The Hoon arm (`exp`, `eig`, `chol-solve`).
    pub name: &'static str,
    /// `name` with a terminating NUL, for C.
    pub cname: &'static str,
    /// The sample's operands in order.
    pub params: &'static [Param],
    /// How `plan` sizes the result: [`Rule::SameMeta`] or [`Rule::Computed`].
    pub rule: Rule,
    /// The parts of the product.
    pub parts: Shape,
    /// The computation.
    pub run: fn(&Ctx<Sa>) -> Result<Parts, SaloonError>,
}

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

fn grid(c: &Ctx<Sa>, i: usize) -> Result<Grid, SaloonError> {
    Grid::of(&c.rays[i])
}

/// The complex grid of ray `i`, whose bloq names the complex width.
fn cgrid(c: &Ctx<Sa>, i: usize) -> Result<CGrid, SaloonError> {
    let a = &c.rays[i];
    let cf = Cf::new(a.meta.bloq, c.door.rnd).ok_or_else(|| {
        SaloonError::Unsupported(format!("complex bloq {} outside 5..=8", a.meta.bloq))
    })?;
    CGrid::of(a, cf.d.w)
}

fn un(c: &Ctx<Sa>, op: UnaryOp) -> Result<Parts, SaloonError> {
    el::unary(&c.door, op, &c.rays[0]).map(one)
}

fn bi(c: &Ctx<Sa>, op: BinaryOp) -> Result<Parts, SaloonError> {
    el::binary(&c.door, op, &c.rays[0], &c.rays[1]).map(one)
}

fn lk(c: &Ctx<Sa>, op: LakeOp) -> Result<Parts, SaloonError> {
    el::lake(&c.door, op, &c.rays[0], &c.rays[1]).map(one)
}

/// `+rot-cols`/`+rot-rows` on ray 0 at `(p, q)` = ints, `(c, s)` = atoms.
fn rot(c: &Ctx<Sa>, rows: bool) -> Result<Parts, SaloonError> {
    let mut m = grid(c, 0)?;
    let (p, q) = (c.ints[0], c.ints[1]);
    let (co, si) = (c.atoms[0].low_u128(), c.atoms[1].low_u128());
    if rows {
        eig::rot_rows(&c.door, &mut m, p, q, co, si)?;
    } else {
        eig::rot_cols(&c.door, &mut m, p, q, co, si)?;
    }
    m.ray().map(one)
}

type SolveFn = fn(&Sa, &Ray, &Ray, &Atom) -> Result<so::Solve, SaloonError>;

/// `+cg`/`+pcg`: `[x iter rnorm]`.
fn solve(c: &Ctx<Sa>, f: SolveFn) -> Result<Parts, SaloonError> {
    let s = f(&c.door, &c.rays[0], &c.rays[1], &c.atoms[0])?;
    Ok(vec![
        Out::Ray(s.x),
        Out::Atom(Atom::from_u64(s.iter)),
        Out::Atom(Atom::from_u128(s.rnorm)),
    ])
}

use Param::{Atom as A, Int as I, Ray as R};

macro_rules! arms {
    ($($id:ident, $name:literal, [$($p:ident),*], $rule:ident, $parts:expr, $run:expr;)*) => {
        /// Every Saloon arm the ABI serves, by id.
        pub static ARMS: &[Arm] = &[$(Arm {
            id: ids::$id,
            name: $name,
            cname: concat!($name, "\0"),
            params: &[$($p),*],
            rule: Rule::$rule,
            parts: $parts,
            run: $run,
        }),*];
    };
}

const P1: Shape = Shape::Fixed(1);
const P2: Shape = Shape::Fixed(2);
const P3: Shape = Shape::Fixed(3);

arms! {
    // Element-wise arms (saloon.hoon +exp … +pow over +trans-scalar/+fun-scalar).
    URNUM_SA_NEG, "neg", [R], SameMeta, P1, |c| un(c, UnaryOp::Neg);
    URNUM_SA_FACTORIAL, "factorial", [R], SameMeta, P1, |c| un(c, UnaryOp::Factorial);
    URNUM_SA_EXP, "exp", [R], SameMeta, P1, |c| un(c, UnaryOp::Exp);
    URNUM_SA_SIN, "sin", [R], SameMeta, P1, |c| un(c, UnaryOp::Sin);
    URNUM_SA_COS, "cos", [R], SameMeta, P1, |c| un(c, UnaryOp::Cos);
    URNUM_SA_TAN, "tan", [R], SameMeta, P1, |c| un(c, UnaryOp::Tan);
    URNUM_SA_LOG, "log", [R], SameMeta, P1, |c| un(c, UnaryOp::Log);
    URNUM_SA_LOG_10, "log-10", [R], SameMeta, P1, |c| un(c, UnaryOp::Log10);
    URNUM_SA_LOG_2, "log-2", [R], SameMeta, P1, |c| un(c, UnaryOp::Log2);
    URNUM_SA_SQRT, "sqrt", [R], SameMeta, P1, |c| un(c, UnaryOp::Sqrt);
    URNUM_SA_SQT, "sqt", [R], SameMeta, P1, |c| un(c, UnaryOp::Sqrt);
    URNUM_SA_CBRT, "cbrt", [R], SameMeta, P1, |c| un(c, UnaryOp::Cbrt);
    URNUM_SA_CBT, "cbt", [R], SameMeta, P1, |c| un(c, UnaryOp::Cbrt);
    URNUM_SA_POW_N, "pow-n", [R, R], SameMeta, P1, |c| bi(c, BinaryOp::PowN);
    URNUM_SA_POW, "pow", [R, R], SameMeta, P1, |c| bi(c, BinaryOp::Pow);
    // Delegations to (lake rnd).
    URNUM_SA_LTH, "lth", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Lth);
    URNUM_SA_LTE, "lte", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Lte);
    URNUM_SA_LEQ, "leq", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Lte);
    URNUM_SA_EQU, "equ", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Equ);
    URNUM_SA_GTH, "gth", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Gth);
    URNUM_SA_GTE, "gte", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Gte);
    URNUM_SA_GEQ, "geq", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Gte);
    URNUM_SA_NEQ, "neq", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Neq);
    URNUM_SA_ADD, "add", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Add);
    URNUM_SA_SUB, "sub", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Sub);
    URNUM_SA_MUL, "mul", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Mul);
    URNUM_SA_DIV, "div", [R, R], SameMeta, P1, |c| lk(c, LakeOp::Div);
    URNUM_SA_ABS, "abs", [R], SameMeta, P1, |c| el::abs(&c.door, &c.rays[0]).map(one);
    URNUM_SA_FMA, "fma", [R, R, R], SameMeta, P1, |c| el::fma(&c.door, &c.rays[0], &c.rays[1], &c.rays[2]).map(one);
    URNUM_SA_IS_CLOSE, "is-close", [R, R], Computed, P1, |c| el::is_close(&c.door, &c.rays[0], &c.rays[1]).map(one);
    URNUM_SA_ALL_CLOSE, "all-close", [R], Computed, P1, |c| el::all_close(&c.door, &c.rays[0]).map(flag);
    URNUM_SA_ANY_CLOSE, "any-close", [R], Computed, P1, |c| el::any_close(&c.door, &c.rays[0]).map(flag);
    // Eigendecomposition (cyclic Jacobi).
    URNUM_SA_EIG, "eig", [R], Computed, P2, |c| eig::eig(&c.door, &c.rays[0]).map(|(v, w)| rays([v, w]));
    URNUM_SA_EIG_HERM, "eig-herm", [R], Computed, P2, |c| eig::eig_herm(&c.door, &c.rays[0]).map(|(v, w)| rays([v, w]));
    URNUM_SA_EIGVALS, "eigvals", [R], Computed, P1, |c| eig::eigvals(&c.door, &c.rays[0]).map(one);
    URNUM_SA_EIGVECS, "eigvecs", [R], Computed, P1, |c| eig::eigvecs(&c.door, &c.rays[0]).map(one);
    URNUM_SA_SYMMETRIC, "symmetric", [R], Computed, P1, |c| eig::symmetric(&c.door, &grid(c, 0)?).map(flag);
    URNUM_SA_OFF_NORM, "off-norm", [R], Computed, P1, |c| eig::off_norm(&c.door, &grid(c, 0)?).map(float);
    URNUM_SA_FROB, "frob", [R], Computed, P1, |c| eig::frob(&c.door, &grid(c, 0)?).map(float);
    URNUM_SA_DIAG, "diag", [R], Computed, P1, |c| eig::diag(&grid(c, 0)?)?.ray().map(one);
    URNUM_SA_ROT_COLS, "rot-cols", [R, I, I, A, A], Computed, P1, |c| rot(c, false);
    URNUM_SA_ROT_ROWS, "rot-rows", [R, I, I, A, A], Computed, P1, |c| rot(c, true);
    URNUM_SA_SWEEP_ONCE, "sweep-once", [R, R], Computed, P2, |c| {
        let (mut m, mut v) = (grid(c, 0)?, grid(c, 1)?);
        eig::sweep_once(&c.door, &mut m, &mut v)?;
        Ok(rays([m.ray()?, v.ray()?]))
    };
    URNUM_SA_HERMITIAN, "hermitian", [R], Computed, P1, |c| eig::hermitian(&c.door, &cgrid(c, 0)?).map(flag);
    URNUM_SA_OFF_NORM_H, "off-norm-h", [R], Computed, P1, |c| eig::off_norm_h(&c.door, &cgrid(c, 0)?).map(float);
    URNUM_SA_FROB_H, "frob-h", [R], Computed, P1, |c| eig::frob_h(&c.door, &cgrid(c, 0)?).map(float);
    URNUM_SA_DIAG_REAL, "diag-real", [R], Computed, P1, |c| eig::diag_real(&cgrid(c, 0)?)?.ray().map(one);
    // Solvers.
    URNUM_SA_MATVEC, "matvec", [R, R], Computed, P1, |c| so::matvec(&c.door, &c.rays[0], &c.rays[1]).map(one);
    URNUM_SA_MATVEC_T, "matvec-t", [R, R], Computed, P1, |c| so::matvec_t(&c.door, &c.rays[0], &c.rays[1]).map(one);
    URNUM_SA_DOTV, "dotv", [R, R], Computed, P1, |c| so::dotv(&c.door, &c.rays[0], &c.rays[1]).map(float);
    URNUM_SA_NRM2, "nrm2", [R], Computed, P1, |c| so::nrm2(&c.door, &c.rays[0]).map(float);
    URNUM_SA_AXPYV, "axpyv", [A, R, R], Computed, P1, |c| so::axpyv(&c.door, &c.atoms[0], &c.rays[0], &c.rays[1]).map(one);
    URNUM_SA_COL_DOT, "col-dot", [R, I, I], Computed, P1, |c| so::col_dot(&c.door, &c.rays[0], c.ints[0], c.ints[1]).map(float);
    URNUM_SA_GRAM, "gram", [R], Computed, P1, |c| so::gram(&c.door, &c.rays[0]).map(one);
    URNUM_SA_CHOL_UNIT, "chol-unit", [R], Computed, Shape::Unit, |c| so::chol_unit(&c.door, &c.rays[0]).map(rays);
    URNUM_SA_CHOL, "chol", [R], Computed, P1, |c| so::chol(&c.door, &c.rays[0]).map(one);
    URNUM_SA_TRSV_LO, "trsv-lo", [R, R], Computed, P1, |c| so::trsv_lo(&c.door, &c.rays[0], &c.rays[1]).map(one);
    URNUM_SA_TRSV_UP, "trsv-up", [R, R], Computed, P1, |c| so::trsv_up(&c.door, &c.rays[0], &c.rays[1]).map(one);
    URNUM_SA_TRSV_R, "trsv-r", [R, R], Computed, P1, |c| so::trsv_r(&c.door, &c.rays[0], &c.rays[1]).map(one);
    URNUM_SA_CHOL_SOLVE, "chol-solve", [R, R], Computed, P1, |c| so::chol_solve(&c.door, &c.rays[0], &c.rays[1]).map(one);
    URNUM_SA_CG, "cg", [R, R, A], Computed, P3, |c| solve(c, so::cg);
    URNUM_SA_PCG, "pcg", [R, R, A], Computed, P3, |c| solve(c, so::pcg);
    // SVD (one-sided Jacobi) and QR (Householder).
    URNUM_SA_SVD_SWEEP, "svd-sweep", [R, R, A], Computed, P3, |c| {
        let (mut w, mut v) = (grid(c, 0)?, grid(c, 1)?);
        let n = svd::svd_sweep(&c.door, &mut w, &mut v, c.atoms[0].low_u128())?;
        Ok(vec![Out::Ray(w.ray()?), Out::Ray(v.ray()?), Out::Atom(Atom::from_u64(n))])
    };
    URNUM_SA_SVD, "svd", [R], Computed, P3, |c| svd::svd(&c.door, &c.rays[0]).map(|s| rays([s.u, s.s, s.v]));
    URNUM_SA_SVD_VALS, "svd-vals", [R], Computed, P1, |c| svd::svd_vals(&c.door, &c.rays[0]).map(one);
    URNUM_SA_QR, "qr", [R], Computed, P2, |c| qr::qr(&c.door, &c.rays[0]).map(|(q, r)| rays([q, r]));
    URNUM_SA_LSTSQ, "lstsq", [R, R], Computed, P1, |c| qr::lstsq(&c.door, &c.rays[0], &c.rays[1]).map(one);
}

/// The arm with id `id`.
pub fn by_id(id: u32) -> Option<&'static Arm> {
    ARMS.iter().find(|a| a.id == id)
}

/// The arm whose Hoon name is `name` (`exp`, `chol-solve`; an `:sa` suffix is ignored).
pub fn by_name(name: &str) -> Option<&'static Arm> {
    let name = name.strip_suffix(":sa").unwrap_or(name);
    ARMS.iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn ids_and_names_are_unique() {
        let ids: BTreeSet<u32> = ARMS.iter().map(|a| a.id).collect();
        let names: BTreeSet<&str> = ARMS.iter().map(|a| a.name).collect();
        assert_eq!(ids.len(), ARMS.len());
        assert_eq!(names.len(), ARMS.len());
        assert!(!ids.contains(&0), "0 is never an arm id");
        assert_eq!(by_name("eig:sa").map(|a| a.id), Some(ids::URNUM_SA_EIG));
        // Only the element-wise arms have a meta-only rule, and it is SameMeta.
        assert!(ARMS
            .iter()
            .all(|a| matches!(a.rule, Rule::SameMeta | Rule::Computed)));
    }
}
