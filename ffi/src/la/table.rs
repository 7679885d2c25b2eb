//! The table of Lagoon arms the ABI serves: one row per arm with its stable
//! id, its Hoon name, the vere jet name (when vere jets it today), its
//! operands in the Hoon sample's order, its size rule and the Rust function.
//!
//! Ids are part of the ABI: never renumber or reuse one; append new arms.
//! Arms whose sample or product the ABI cannot express (gates as arguments,
//! nested lists, `$baum`, tanks) are not in the table (docs/vere-integration.md
//! lists them with the reason); asking for them is a contract error. Arms that
//! *return* a gate (`+fun-scalar`, `+trans-scalar`) are served applied: the
//! gate's sample follows the arm's.
//!
//! Operands are in the Hoon sample's order, except that the ints of an arm
//! whose sample puts a list before an int (`+get-dim`, `+drop-dim`,
//! `+dim-parts`) take the int first: `ints` is always the fixed ints, then
//! the list.

use super::encode::Out;
use super::ids;
use lagoon::axis::{self, NormOrd, SortDir};
use lagoon::{
    build, builders_arith, change, elementwise as ew, index, linalg, reduce, shape, structure,
    Door, LagoonError, Meta, Ray,
};
use softblas::prog::{Binary, Op2, Unary};
use softblas::{Atom, Kind};

/// One operand of an arm's sample, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// A ray: the next entry of `rays`.
    Ray,
    /// A meta: the next entry of `metas`.
    Meta,
    /// An atom: the next entry of `atoms`.
    Atom,
    /// A cell of two atoms `[a b]`: the next two entries of `atoms`.
    Pair,
    /// A small integer (a dim, a count): the next entry of `ints`.
    Int,
    /// A `(list @)` (a shape, an index): all remaining entries of `ints`.
    List,
    /// A `(list slice)` (`+submatrix`): all remaining entries of `ints`, three
    /// per slice, `[tag lo hi]`: `tag` 0 is `~` (the whole dimension); else
    /// bit 0 is set, bit 1 says `lo` is present and bit 2 that `hi` is (an
    /// absent bound's int is ignored). Another tag or a partial triple breaks the
    /// contract (`URNUM_CONTRACT`): the shim encodes the slices.
    Slices,
}

/// How `plan` sizes an arm's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// No meta-only rule: the plan runs the arm.
    Computed,
    /// A ray with the first ray operand's meta (elementwise arms).
    SameMeta,
    /// `+transpose`: shape `[c r]`, tail `~`.
    Transpose,
    /// `+mmul`: shape `[m p]`, tail `~` (kept for `%fixp`).
    Mmul,
    /// A whole-array reduction boxed at the input's rank (`+cumsum +prod +max
    /// +min`): shape `~[1 …]` of the input's rank, the input's meta otherwise.
    Boxed,
    /// `+dot`: boxed at the first ray's rank when the two shapes are equal.
    Dot,
    /// `+diag`: a square `[n n]`, `n > 0`, gives `[n 1]` with the input's meta.
    Diag,
    /// `+trace`: `(cumsum (diag a))`, shape `[1 1]` with the input's meta.
    Trace,
    /// An axis arm over `+slice-op` (`sum-dim`, `mean-dim`, `norm-dim`, …):
    /// the input's meta with dimension `ints[0]` dropped (`~[1]` when none is left).
    DropDim,
    /// An axis arm over `+slice-idx` (`argmax-dim`, `argmin-dim`): the dropped
    /// shape as [`Rule::DropDim`], bloq 6, `%uint`, tail `~`.
    DropDimIndex,
}

/// The decoded operands of one call under door `D` (`la`'s [`Door`], or
/// Saloon's `Sa`).
pub struct Ctx<D = Door> {
    /// The door (its rounding mode, and for Saloon its tolerance).
    pub door: D,
    /// Ray operands.
    pub rays: Vec<Ray>,
    /// Meta operands.
    pub metas: Vec<Meta>,
    /// Atom operands.
    pub atoms: Vec<Atom>,
    /// Integer operands.
    pub ints: Vec<u64>,
}

/// One Lagoon arm of the ABI.
pub struct Arm {
    /// The stable id (`URNUM_LA_*`).
    pub id: u32,
    /// The Hoon arm (`add`, `add-scalar`, `sum-dim`).
    pub name: &'static str,
    /// `name` with a terminating NUL, for C.
    pub cname: &'static str,
    /// The `%fast` hint name vere registers the jet under, when vere jets the arm today.
    pub jet: Option<&'static str>,
    /// The sample's operands in order.
    pub params: &'static [Param],
    /// How `plan` sizes the result.
    pub rule: Rule,
    /// The computation.
    pub run: fn(&Ctx) -> Result<Out, LagoonError>,
}

/// Which term of `$norm-ord` or the sort direction an atom names.
fn term(a: &Atom) -> String {
    let bytes: Vec<u8> = a
        .to_le_bytes()
        .into_iter()
        .take_while(|b| *b != 0)
        .collect();
    String::from_utf8(bytes).unwrap_or_default()
}

fn norm_ord(a: &Atom) -> Result<NormOrd, LagoonError> {
    NormOrd::from_term(&term(a)).ok_or(LagoonError::Assert {
        arm: "norm",
        check: "the order is one of %l1 %l2 %linf %fro",
    })
}

fn sort_dir(a: &Atom) -> Result<SortDir, LagoonError> {
    SortDir::from_term(&term(a)).ok_or(LagoonError::Assert {
        arm: "sort",
        check: "the direction is %asc or %des",
    })
}

/// A result whose Hoon type is `?`: `%.y` is 0.
fn flag(b: bool) -> Out {
    Out::Atom(Atom::from_u64(u64::from(!b)))
}

fn ray(r: Result<Ray, LagoonError>) -> Result<Out, LagoonError> {
    r.map(Out::Ray)
}

/// The element list of a ray, each item the element width in bytes.
fn ravel(a: &Ray) -> Result<Out, LagoonError> {
    let items = lagoon::ravel(a)?;
    let width = if a.meta.bloq >= 3 {
        u32::try_from((1u64 << a.meta.bloq.min(40)) / 8).map_err(|_| LagoonError::TooLarge {
            bits: u128::from(a.meta.bloq),
        })?
    } else {
        1
    };
    Ok(Out::List { items, width })
}

fn change_arm(c: &Ctx) -> Result<Out, LagoonError> {
    let kind = c.atoms[0]
        .as_u64()
        .and_then(Kind::from_cord)
        .ok_or(LagoonError::Assert {
            arm: "change",
            check: "the kind is one of the six kinds",
        })?;
    let bloq = u32::try_from(c.ints[0]).map_err(|_| LagoonError::TooLarge {
        bits: u128::from(c.ints[0]),
    })?;
    ray(change::change(&c.door, &c.rays[0], kind, bloq))
}

/// The `(list slice)` of `ints` (see [`Param::Slices`]), `None` for a tag
/// outside the encoding or a partial triple.
pub(crate) fn decode_slices(ints: &[u64]) -> Option<Vec<lagoon::Slice>> {
    if !ints.len().is_multiple_of(3) {
        return None;
    }
    ints.chunks(3)
        .map(|t| match t[0] {
            0 => Some(None),
            tag if tag & !7 == 0 && tag & 1 == 1 => Some(Some((
                (tag & 2 != 0).then_some(t[1]),
                (tag & 4 != 0).then_some(t[2]),
            ))),
            _ => None,
        })
        .collect()
}

/// [`decode_slices`] for an arm's body; [`super::operands`] has already
/// refused a malformed encoding with `URNUM_CONTRACT`, so the error is for
/// direct callers of the table.
fn slices(ints: &[u64]) -> Result<Vec<lagoon::Slice>, LagoonError> {
    decode_slices(ints).ok_or_else(|| LagoonError::Unsupported("a malformed slice encoding".into()))
}

/// The `(list @)` result of `items`, each item `width` bytes: the widest
/// item's byte length rounded up to a multiple of 8 (8 at least).
fn wide_list(items: Vec<Atom>) -> Out {
    let widest = items
        .iter()
        .map(|a| a.to_le_bytes().len())
        .max()
        .unwrap_or(0);
    let width = u32::try_from(widest.div_ceil(8).max(1) * 8).unwrap_or(u32::MAX);
    Out::List { items, width }
}

/// A `(list @)` result of 64-bit items (a shape, an index, a tuple of counts).
fn u64_list(items: &[u64]) -> Out {
    Out::List {
        items: items.iter().map(|i| Atom::from_u64(*i)).collect(),
        width: 8,
    }
}

/// The binary op a `+fun-scalar` term names (`$ops` less `%abs %conj`).
fn binary_op(a: &Atom) -> Result<Op2, LagoonError> {
    Op2::from_term(&term(a)).ok_or(LagoonError::Assert {
        arm: "fun-scalar",
        check: "the op is a binary op of $ops (?+ fun !!)",
    })
}

/// `((fun-scalar meta op) x y)`: the gate the arm returns, applied.
fn fun_scalar_arm(c: &Ctx) -> Result<Out, LagoonError> {
    let gate = ew::fun_scalar(&c.door, &c.metas[0], binary_op(&c.atoms[0])?)?;
    ew::apply2(&gate, &c.atoms[1], &c.atoms[2]).map(Out::Atom)
}

/// `((trans-scalar bloq kind op) x)`: the gate the arm returns, applied.
fn trans_scalar_arm(c: &Ctx) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    let kind = c.atoms[0]
        .as_u64()
        .and_then(Kind::from_cord)
        .ok_or(LagoonError::Assert {
            arm: "trans-scalar",
            check: "the kind is one of the six kinds",
        })?;
    let u = match term(&c.atoms[1]).as_str() {
        "abs" => Unary::Abs,
        "conj" => Unary::Conj,
        _ => {
            return Err(LagoonError::Assert {
                arm: "trans-scalar",
                check: "the op is %abs or %conj (?+ fun !!)",
            })
        }
    };
    let gate = ew::trans_scalar(&c.door, bloq, kind, u)?;
    ew::apply1(&gate, &c.atoms[2]).map(Out::Atom)
}

/// `+i754-sun`/`+i754-sqt` on `[bloq x]` (a bloq past 32 bits is outside 4..=7 and crashes).
fn bloq_atom(
    c: &Ctx,
    f: fn(&Door, u32, &Atom) -> Result<Atom, LagoonError>,
) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    f(&c.door, bloq, &c.atoms[0]).map(Out::Atom)
}

/// `+unum-one`: posit one at `bloq` (3..=6; any other bloq crashes).
fn unum_one(c: &Ctx) -> Result<Out, LagoonError> {
    use softblas::scalar::unum::Width;
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    match Width::from_bloq(bloq) {
        Some(w) if bloq <= 6 => Ok(Out::Atom(Atom::from_u128(w.one()))),
        _ => Err(LagoonError::BadBloq {
            kind: Kind::Unum,
            bloq,
        }),
    }
}

/// `+get-item-number [sap dex]`: `ints[0]` is the length of `sap`, then `sap`, then `dex`.
fn item_number(c: &Ctx) -> Result<Out, LagoonError> {
    let rest = &c.ints[1..];
    let n = usize::try_from(c.ints[0])
        .ok()
        .filter(|n| *n <= rest.len())
        .ok_or_else(|| LagoonError::Unsupported("the shape's length exceeds the ints".into()))?;
    lagoon::get_item_number(&rest[..n], &rest[n..]).map(|v| Out::Atom(Atom::from_u64(v)))
}

/// A posit op of `+unum-mod`/`+unum-pow` at `bloq` (3..=6, else the Hoon's
/// `?+ bloq !!`): `+fun-scalar`'s `%unum` gate for `%mod`/`%pow` is this arm.
fn unum_op(c: &Ctx, op: Binary) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    if !(3..=6).contains(&bloq) {
        return Err(LagoonError::BadBloq {
            kind: Kind::Unum,
            bloq,
        });
    }
    let meta = Meta::new(vec![1], bloq, Kind::Unum);
    let gate = ew::fun_scalar(&c.door, &meta, Op2::Binary(op))?;
    ew::apply2(&gate, &c.atoms[0], &c.atoms[1]).map(Out::Atom)
}

/// The atoms of 64-bit list items.
fn atoms(ints: &[u64]) -> Vec<Atom> {
    ints.iter().map(|i| Atom::from_u64(*i)).collect()
}

/// `+unum-fdp [bloq av bv]`: `ints` = `bloq`, the length of `av`, `av`, `bv`.
fn unum_fdp(c: &Ctx) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    let rest = &c.ints[2..];
    let n = usize::try_from(c.ints[1])
        .ok()
        .filter(|n| *n <= rest.len())
        .ok_or_else(|| {
            LagoonError::Unsupported("the first list's length exceeds the ints".into())
        })?;
    linalg::unum_fdp(bloq, &atoms(&rest[..n]), &atoms(&rest[n..])).map(Out::Atom)
}

use Param::{Atom as A, Int as I, List as L, Meta as M, Pair as P, Ray as R, Slices as S};

macro_rules! arms {
    ($($id:path, $name:literal $jet:expr, [$($p:ident),*], $rule:ident, $run:expr;)*) => {
        /// Every arm the ABI serves, by id.
        pub static ARMS: &[Arm] = &[$(Arm {
            id: $id,
            name: $name,
            cname: concat!($name, "\0"),
            jet: $jet,
            params: &[$($p),*],
            rule: Rule::$rule,
            run: $run,
        }),*];
    };
}

arms! {
    // Elementwise (lagoon.hoon@aa6f2a6 +bin-op / +el-wise-op arms).
    ids::URNUM_LA_ADD, "add" Some("add-rays"), [R, R], SameMeta, |c| ray(ew::add(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_SUB, "sub" Some("sub-rays"), [R, R], SameMeta, |c| ray(ew::sub(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_MUL, "mul" Some("mul-rays"), [R, R], SameMeta, |c| ray(ew::mul(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_DIV, "div" Some("div-rays"), [R, R], SameMeta, |c| ray(ew::div(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_MOD, "mod" Some("mod-rays"), [R, R], SameMeta, |c| ray(ew::r#mod(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_ADD_SCALAR, "add-scalar" Some("add-scal"), [R, A], SameMeta, |c| ray(ew::add_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    ids::URNUM_LA_SUB_SCALAR, "sub-scalar" Some("sub-scal"), [R, A], SameMeta, |c| ray(ew::sub_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    ids::URNUM_LA_MUL_SCALAR, "mul-scalar" Some("mul-scal"), [R, A], SameMeta, |c| ray(ew::mul_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    ids::URNUM_LA_DIV_SCALAR, "div-scalar" Some("div-scal"), [R, A], SameMeta, |c| ray(ew::div_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    ids::URNUM_LA_MOD_SCALAR, "mod-scalar" Some("mod-scal"), [R, A], SameMeta, |c| ray(ew::mod_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    ids::URNUM_LA_GTH, "gth" Some("gth"), [R, R], SameMeta, |c| ray(ew::gth(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_GTE, "gte" Some("gte"), [R, R], SameMeta, |c| ray(ew::gte(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_LTH, "lth" Some("lth"), [R, R], SameMeta, |c| ray(ew::lth(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_LTE, "lte" Some("lte"), [R, R], SameMeta, |c| ray(ew::lte(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_EQU, "equ" None, [R, R], SameMeta, |c| ray(ew::equ(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_NEQ, "neq" None, [R, R], SameMeta, |c| ray(ew::neq(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_ABS, "abs" Some("abs"), [R], SameMeta, |c| ray(ew::abs(&c.door, &c.rays[0]));
    ids::URNUM_LA_CONJ, "conj" None, [R], SameMeta, |c| ray(ew::conj(&c.door, &c.rays[0]));
    ids::URNUM_LA_POW_N, "pow-n" None, [R, A], SameMeta, |c| ray(ew::pow_n(&c.door, &c.rays[0], &c.atoms[0]));
    ids::URNUM_LA_IS_CLOSE, "is-close" None, [R, R, P], SameMeta, |c| ray(ew::is_close(&c.door, &c.rays[0], &c.rays[1], &c.atoms[0], &c.atoms[1]));
    // Whole-array reductions.
    ids::URNUM_LA_CUMSUM, "cumsum" Some("cumsum"), [R], Boxed, |c| ray(reduce::cumsum(&c.door, &c.rays[0]));
    ids::URNUM_LA_PROD, "prod" None, [R], Computed, |c| ray(reduce::prod(&c.door, &c.rays[0]));
    ids::URNUM_LA_MAX, "max" Some("max"), [R], Boxed, |c| ray(reduce::max(&c.door, &c.rays[0]));
    ids::URNUM_LA_MIN, "min" Some("min"), [R], Boxed, |c| ray(reduce::min(&c.door, &c.rays[0]));
    ids::URNUM_LA_ARGMAX, "argmax" Some("argmax"), [R], Computed, |c| reduce::argmax(&c.door, &c.rays[0]).map(|i| Out::Atom(Atom::from_u64(i)));
    ids::URNUM_LA_ARGMIN, "argmin" Some("argmin"), [R], Computed, |c| reduce::argmin(&c.door, &c.rays[0]).map(|i| Out::Atom(Atom::from_u64(i)));
    ids::URNUM_LA_ANY, "any" None, [R], Computed, |c| reduce::any(&c.door, &c.rays[0]).map(flag);
    ids::URNUM_LA_ALL, "all" None, [R], Computed, |c| reduce::all(&c.door, &c.rays[0]).map(flag);
    // Builders.
    ids::URNUM_LA_ZEROS, "zeros" None, [M], Computed, |c| ray(build::zeros(&c.metas[0]));
    ids::URNUM_LA_ONES, "ones" None, [M], Computed, |c| ray(build::ones(&c.metas[0]));
    ids::URNUM_LA_FILL, "fill" None, [M, A], Computed, |c| ray(build::fill(&c.metas[0], &c.atoms[0]));
    ids::URNUM_LA_EYE, "eye" None, [M], Computed, |c| ray(build::eye(&c.metas[0]));
    ids::URNUM_LA_IOTA, "iota" None, [M], Computed, |c| ray(build::iota(&c.metas[0]));
    ids::URNUM_LA_MAGIC, "magic" None, [M], Computed, |c| ray(build::magic(&c.metas[0]));
    ids::URNUM_LA_RANGE, "range" Some("range"), [M, P, A], Computed, |c| ray(builders_arith::range(&c.door, &c.metas[0], &c.atoms[0], &c.atoms[1], &c.atoms[2]));
    ids::URNUM_LA_LINSPACE, "linspace" Some("linspace"), [M, P, A], Computed, |c| ray(builders_arith::linspace(&c.door, &c.metas[0], &c.atoms[0], &c.atoms[1], &c.atoms[2]));
    ids::URNUM_LA_SCALE, "scale" None, [M, A], Computed, |c| ray(builders_arith::scale(&c.metas[0], &c.atoms[0]));
    // Shape and indexing.
    ids::URNUM_LA_TRANSPOSE, "transpose" Some("transpose"), [R], Transpose, |c| ray(shape::transpose(&c.rays[0]));
    ids::URNUM_LA_RESHAPE, "reshape" None, [R, L], Computed, |c| ray(shape::reshape(&c.rays[0], &c.ints));
    ids::URNUM_LA_RAVEL, "ravel" Some("ravel"), [R], Computed, |c| ravel(&c.rays[0]);
    ids::URNUM_LA_GET_ITEM, "get-item" None, [R, L], Computed, |c| index::get_item(&c.rays[0], &c.ints).map(Out::Atom);
    ids::URNUM_LA_SET_ITEM, "set-item" None, [R, L, A], Computed, |c| ray(index::set_item(&c.rays[0], &c.ints, &c.atoms[0]));
    ids::URNUM_LA_GET_ROW, "get-row" None, [R, L], Computed, |c| ray(index::get_row(&c.rays[0], &c.ints));
    ids::URNUM_LA_SET_ROW, "set-row" None, [R, L, R], Computed, |c| ray(index::set_row(&c.rays[0], &c.ints, &c.rays[1]));
    ids::URNUM_LA_GET_COL, "get-col" None, [R, L], Computed, |c| ray(index::get_col(&c.rays[0], &c.ints));
    ids::URNUM_LA_SET_COL, "set-col" None, [R, L, R], Computed, |c| ray(index::set_col(&c.rays[0], &c.ints, &c.rays[1]));
    ids::URNUM_LA_CHANGE, "change" None, [R, A, I], Computed, change_arm;
    ids::URNUM_LA_CHECK, "check" None, [R], Computed, |c| lagoon::check(&c.rays[0]).map(flag);
    ids::URNUM_LA_SCALAR_TO_RAY, "scalar-to-ray" None, [M, A], Computed, |c| ray(lagoon::scalar_to_ray(&c.metas[0], &c.atoms[0]));
    ids::URNUM_LA_URGE, "urge" None, [R, I, I], Computed, |c| ray(shape::urge(&c.rays[0], c.ints[0], c.ints[1]));
    // Linear algebra and structure.
    ids::URNUM_LA_DOT, "dot" Some("dot"), [R, R], Dot, |c| ray(linalg::dot(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_DOTC, "dotc" None, [R, R], Computed, |c| ray(linalg::dotc(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_MMUL, "mmul" Some("mmul"), [R, R], Mmul, |c| ray(linalg::mmul(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_MMUL_UNUM, "mmul-unum" None, [R, R], Computed, |c| ray(linalg::mmul_unum(&c.rays[0], &c.rays[1]));
    ids::URNUM_LA_MMUL_FIXP, "mmul-fixp" None, [R, R], Computed, |c| ray(linalg::mmul_fixp(&c.rays[0], &c.rays[1]));
    ids::URNUM_LA_MPOW_N, "mpow-n" None, [R, I], Computed, |c| ray(linalg::mpow_n(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_DIAG, "diag" Some("diag"), [R], Diag, |c| ray(structure::diag(&c.rays[0]));
    ids::URNUM_LA_TRACE, "trace" Some("trace"), [R], Trace, |c| ray(structure::trace(&c.door, &c.rays[0]));
    ids::URNUM_LA_STACK, "stack" None, [R, R, I], Computed, |c| ray(structure::stack(&c.rays[0], &c.rays[1], c.ints[0]));
    ids::URNUM_LA_HSTACK, "hstack" None, [R, R], Computed, |c| ray(structure::hstack(&c.rays[0], &c.rays[1]));
    ids::URNUM_LA_VSTACK, "vstack" None, [R, R], Computed, |c| ray(structure::vstack(&c.rays[0], &c.rays[1]));
    // Axis-wise arms.
    ids::URNUM_LA_SUM_DIM, "sum-dim" None, [R, I], DropDim, |c| ray(axis::sum_dim(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_PROD_DIM, "prod-dim" None, [R, I], DropDim, |c| ray(axis::prod_dim(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_MAX_DIM, "max-dim" None, [R, I], DropDim, |c| ray(axis::max_dim(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_MIN_DIM, "min-dim" None, [R, I], DropDim, |c| ray(axis::min_dim(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_ARGMAX_DIM, "argmax-dim" None, [R, I], DropDimIndex, |c| ray(axis::argmax_dim(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_ARGMIN_DIM, "argmin-dim" None, [R, I], DropDimIndex, |c| ray(axis::argmin_dim(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_MEAN_DIM, "mean-dim" None, [R, I], DropDim, |c| ray(axis::mean_dim(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_MEAN, "mean" None, [R], Computed, |c| ray(axis::mean(&c.door, &c.rays[0]));
    ids::URNUM_LA_VAR, "var" None, [R, I], Computed, |c| ray(axis::var(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_STD, "std" None, [R, I], Computed, |c| ray(axis::std(&c.door, &c.rays[0], c.ints[0]));
    ids::URNUM_LA_VAR_DIM, "var-dim" None, [R, I, I], DropDim, |c| ray(axis::var_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    ids::URNUM_LA_STD_DIM, "std-dim" None, [R, I, I], DropDim, |c| ray(axis::std_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    ids::URNUM_LA_NORM, "norm" None, [R, A], Computed, |c| ray(axis::norm(&c.door, &c.rays[0], norm_ord(&c.atoms[0])?));
    ids::URNUM_LA_NORM_DIM, "norm-dim" None, [R, I, A], DropDim, |c| ray(axis::norm_dim(&c.door, &c.rays[0], c.ints[0], norm_ord(&c.atoms[0])?));
    ids::URNUM_LA_SORT_DIM, "sort-dim" None, [R, I, A], Computed, |c| ray(axis::sort_dim(&c.door, &c.rays[0], c.ints[0], sort_dir(&c.atoms[0])?));
    ids::URNUM_LA_ARGSORT_DIM, "argsort-dim" None, [R, I, A], Computed, |c| ray(axis::argsort_dim(&c.door, &c.rays[0], c.ints[0], sort_dir(&c.atoms[0])?));
    ids::URNUM_LA_ARGTOP_DIM, "argtop-dim" None, [R, I, I], Computed, |c| ray(axis::argtop_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    ids::URNUM_LA_TAKE_DIM, "take-dim" None, [R, R, I], Computed, |c| ray(axis::take_dim(&c.rays[0], &c.rays[1], c.ints[0]));
    ids::URNUM_LA_CDIST_SQ, "cdist-sq" None, [R, R], Computed, |c| ray(axis::cdist_sq(&c.door, &c.rays[0], &c.rays[1]));
    ids::URNUM_LA_PDIST_SQ, "pdist-sq" None, [R], Computed, |c| ray(axis::pdist_sq(&c.door, &c.rays[0]));
    ids::URNUM_LA_BROADCAST_TO, "broadcast-to" None, [R, L], Computed, |c| ray(axis::broadcast_to(&c.rays[0], &c.ints));
    // Appended (ids 111..): the remaining arms of lagoon.hoon@aa6f2a6 that bytes can carry.
    ids::URNUM_LA_SUBMATRIX, "submatrix" None, [S, R], Computed, |c| ray(lagoon::submatrix(&slices(&c.ints)?, &c.rays[0]));
    ids::URNUM_LA_SPAC, "spac" None, [R], Computed, |c| ray(lagoon::spac(&c.rays[0]));
    ids::URNUM_LA_UNSPAC, "unspac" None, [R], Computed, |c| ray(lagoon::unspac(&c.rays[0]));
    ids::URNUM_LA_FUN_SCALAR, "fun-scalar" None, [M, A, A, A], Computed, fun_scalar_arm;
    ids::URNUM_LA_TRANS_SCALAR, "trans-scalar" None, [I, A, A, A], Computed, trans_scalar_arm;
    ids::URNUM_LA_GET_TERM, "get-term" None, [M], Computed, |c| lagoon::print::get_term(&c.metas[0]).map(|t| Out::Atom(Atom::from_le_bytes(t.as_bytes())));
    ids::URNUM_LA_STRIDES, "strides" None, [M], Computed, |c| lagoon::strides(&c.metas[0]).map(wide_list);
    ids::URNUM_LA_GET_DIM, "get-dim" None, [I, L], Computed, |c| lagoon::get_dim(&c.ints[1..], c.ints[0]).map(|v| u64_list(&v));
    ids::URNUM_LA_GET_ITEM_INDEX, "get-item-index" None, [A, L], Computed, |c| lagoon::get_item_index(&c.ints, &c.atoms[0]).map(Out::Atom);
    ids::URNUM_LA_GET_ITEM_NUMBER, "get-item-number" None, [I, L], Computed, |c| item_number(c);
    ids::URNUM_LA_GET_BLOQ_OFFSET, "get-bloq-offset" None, [M, L], Computed, |c| lagoon::get_bloq_offset(&c.metas[0], &c.ints).map(|n| Out::Atom(Atom::from_u64(n)));
    ids::URNUM_LA_PROD_LIST, "prod-list" None, [L], Computed, |c| axis::prod_list(&c.ints).map(|n| Out::Atom(Atom::from_u64(n)));
    ids::URNUM_LA_DROP_DIM, "drop-dim" None, [I, L], Computed, |c| Ok(u64_list(&axis::drop_dim(&c.ints[1..], c.ints[0])));
    ids::URNUM_LA_DIM_PARTS, "dim-parts" None, [I, L], Computed, |c| axis::dim_parts(&c.ints[1..], c.ints[0]).map(|(o, l, i)| u64_list(&[o, l, i]));
    ids::URNUM_LA_I754_SUN, "i754-sun" None, [I, A], Computed, |c| bloq_atom(c, axis::i754_sun);
    ids::URNUM_LA_I754_SQT, "i754-sqt" None, [I, A], Computed, |c| bloq_atom(c, axis::i754_sqt);
    ids::URNUM_LA_UNUM_ONE, "unum-one" None, [I], Computed, unum_one;
    ids::URNUM_LA_UNUM_SUM, "unum-sum" None, [I, L], Computed, |c| reduce::unum_sum(u32::try_from(c.ints[0]).unwrap_or(u32::MAX), &atoms(&c.ints[1..])).map(Out::Atom);
    ids::URNUM_LA_UNUM_FDP, "unum-fdp" None, [I, I, L], Computed, unum_fdp;
    ids::URNUM_LA_UNUM_MOD, "unum-mod" None, [I, A, A], Computed, |c| unum_op(c, Binary::Mod);
    ids::URNUM_LA_UNUM_POW, "unum-pow" None, [I, A, A], Computed, |c| unum_op(c, Binary::Pow);
}

/// The arm with id `id`.
pub fn by_id(id: u32) -> Option<&'static Arm> {
    ARMS.iter().find(|a| a.id == id)
}

/// The arm whose Hoon name is `name` (`add`, `sum-dim`; an `:la` suffix is ignored).
pub fn by_name(name: &str) -> Option<&'static Arm> {
    let name = name.strip_suffix(":la").unwrap_or(name);
    ARMS.iter().find(|a| a.name == name)
}

/// The counts of each operand class an arm takes: rays, metas, atoms, fixed
/// ints, and whether a list takes the remaining ints.
pub fn arity(params: &[Param]) -> (u32, u32, u32, u32, bool) {
    let mut n = (0, 0, 0, 0, false);
    for p in params {
        match p {
            Param::Ray => n.0 += 1,
            Param::Meta => n.1 += 1,
            Param::Atom => n.2 += 1,
            Param::Pair => n.2 += 2,
            Param::Int => n.3 += 1,
            Param::List | Param::Slices => n.4 = true,
        }
    }
    n
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
        assert_eq!(by_name("add:la").map(|a| a.id), Some(1));
        assert_eq!(by_id(72).map(|a| a.name), Some("mmul"));
    }

    #[test]
    fn list_operands_come_last_among_ints() {
        // `ints` = the fixed ints, then the list: so a list arm has no Int after its List.
        for a in ARMS {
            if let Some(i) = a
                .params
                .iter()
                .position(|p| matches!(p, Param::List | Param::Slices))
            {
                assert!(
                    !a.params[i..].contains(&Param::Int),
                    "{}: an Int after the List",
                    a.name
                );
            }
        }
    }

    fn ctx(metas: Vec<Meta>, rays: Vec<Ray>, atoms: Vec<Atom>, ints: Vec<u64>) -> Ctx {
        Ctx {
            door: Door::lake(softblas::Round::N),
            rays,
            metas,
            atoms,
            ints,
        }
    }

    fn run(name: &str, c: &Ctx) -> Result<Out, LagoonError> {
        (by_name(name).expect(name).run)(c)
    }

    fn cord(t: &str) -> Atom {
        Atom::from_le_bytes(t.as_bytes())
    }

    fn atom(v: u64) -> Out {
        Out::Atom(Atom::from_u64(v))
    }

    /// [1.0 2.0 3.0] @rh.
    fn rh3() -> Ray {
        Ray::new(
            Meta::new(vec![3], 4, Kind::I754),
            Atom::from_u128(0x1_4200_4000_3c00),
        )
    }

    #[test]
    fn slice_triples() {
        // `~`, `[~ [~ ~]]`, `[~ [`1 ~]]`, `[~ [~ `2]]`, `[~ [`1 `2]]`.
        let ints = [0, 9, 9, 1, 9, 9, 3, 1, 9, 5, 9, 2, 7, 1, 2];
        assert_eq!(
            slices(&ints).unwrap(),
            vec![
                None,
                Some((None, None)),
                Some((Some(1), None)),
                Some((None, Some(2))),
                Some((Some(1), Some(2)))
            ]
        );
        // A partial triple and an unknown tag punt (a caller error the Hoon cannot see).
        assert!(slices(&[1, 0]).unwrap_err().is_unsupported());
        assert!(slices(&[9, 0, 0]).unwrap_err().is_unsupported());
        assert!(slices(&[2, 0, 0]).unwrap_err().is_unsupported());
    }

    #[test]
    fn appended_arms_on_small_cases() {
        let rs = Meta::new(vec![1], 5, Kind::I754);
        // submatrix x[1:2] (inclusive) of [1 2 3] @rh is [2 3].
        let c = ctx(vec![], vec![rh3()], vec![], vec![7, 1, 2]);
        let want = Ray::new(
            Meta::new(vec![2], 4, Kind::I754),
            Atom::from_u64(0x1_4200_4000),
        );
        assert_eq!(run("submatrix", &c), Ok(Out::Ray(want)));
        // unspac drops the pin, spac restores it.
        let c = ctx(vec![], vec![rh3()], vec![], vec![]);
        let bare = Ray::new(rh3().meta, Atom::from_u64(0x4200_4000_3c00));
        assert_eq!(run("unspac", &c), Ok(Out::Ray(bare.clone())));
        let c = ctx(vec![], vec![bare], vec![], vec![]);
        assert_eq!(run("spac", &c), Ok(Out::Ray(rh3())));
        // ((fun-scalar [~[1] 5 %i754 ~] %add) .1 .2) = .3
        let c = ctx(
            vec![rs.clone()],
            vec![],
            vec![
                cord("add"),
                Atom::from_u64(0x3f80_0000),
                Atom::from_u64(0x4000_0000),
            ],
            vec![],
        );
        assert_eq!(run("fun-scalar", &c), Ok(atom(0x4040_0000)));
        // ((trans-scalar 5 %i754 %abs) .-1) = .1
        let c = ctx(
            vec![],
            vec![],
            vec![cord("i754"), cord("abs"), Atom::from_u64(0xbf80_0000)],
            vec![5],
        );
        assert_eq!(run("trans-scalar", &c), Ok(atom(0x3f80_0000)));
        // get-term of an @rd meta is %rd.
        let rd = Meta::new(vec![2], 6, Kind::I754);
        let c = ctx(vec![rd], vec![], vec![], vec![]);
        assert_eq!(run("get-term", &c), Ok(Out::Atom(cord("rd"))));
        // get-dim [~[2 3] 4] = ~[1 1]: the int (ind) comes first in `ints`.
        let c = ctx(vec![], vec![], vec![], vec![4, 2, 3]);
        assert_eq!(run("get-dim", &c), Ok(u64_list(&[1, 1])));
        // get-item-number [~[2 3] ~[1 2]] = 5: the first list's length first.
        let c = ctx(vec![], vec![], vec![], vec![2, 2, 3, 1, 2]);
        assert_eq!(run("get-item-number", &c), Ok(atom(5)));
        // dim-parts [~[2 3 4] 1] = [2 3 4]; drop-dim [~[5] 0] = ~[1].
        let c = ctx(vec![], vec![], vec![], vec![1, 2, 3, 4]);
        assert_eq!(run("dim-parts", &c), Ok(u64_list(&[2, 3, 4])));
        let c = ctx(vec![], vec![], vec![], vec![0, 5]);
        assert_eq!(run("drop-dim", &c), Ok(u64_list(&[1])));
        // prod-list ~ = 1.
        let c = ctx(vec![], vec![], vec![], vec![]);
        assert_eq!(run("prod-list", &c), Ok(atom(1)));
        // i754-sun [6 3] = .~3; i754-sqt [5 .4] = .2.
        let c = ctx(vec![], vec![], vec![Atom::from_u64(3)], vec![6]);
        assert_eq!(run("i754-sun", &c), Ok(atom(0x4008_0000_0000_0000)));
        let c = ctx(vec![], vec![], vec![Atom::from_u64(0x4080_0000)], vec![5]);
        assert_eq!(run("i754-sqt", &c), Ok(atom(0x4000_0000)));
        // unum-one 3 = 0x40 (rpb one); bloq 7 crashes (?+ bloq !!).
        let c = ctx(vec![], vec![], vec![], vec![3]);
        assert_eq!(run("unum-one", &c), Ok(atom(0x40)));
        let c = ctx(vec![], vec![], vec![], vec![7]);
        assert!(matches!(
            run("unum-one", &c),
            Err(LagoonError::BadBloq { .. })
        ));
        // unum-sum [3 ~[1 1]] = 2 (0x48); unum-fdp [3 ~[1] ~[2]] = 2.
        let c = ctx(vec![], vec![], vec![], vec![3, 0x40, 0x40]);
        assert_eq!(run("unum-sum", &c), Ok(atom(0x48)));
        let c = ctx(vec![], vec![], vec![], vec![3, 1, 0x40, 0x48]);
        assert_eq!(run("unum-fdp", &c), Ok(atom(0x48)));
        // unum-pow [3 2 1] = 2; unum-mod at bloq 2 crashes.
        let c = ctx(
            vec![],
            vec![],
            vec![Atom::from_u64(0x48), Atom::from_u64(0x40)],
            vec![3],
        );
        assert_eq!(run("unum-pow", &c), Ok(atom(0x48)));
        let c = ctx(
            vec![],
            vec![],
            vec![Atom::from_u64(0x48), Atom::from_u64(0x40)],
            vec![2],
        );
        assert!(matches!(
            run("unum-mod", &c),
            Err(LagoonError::BadBloq { .. })
        ));
    }

    #[test]
    fn strides_items_are_whole_words() {
        // strides of [2 3] @rh: every item fits 8 bytes.
        let m = Meta::new(vec![2, 3], 4, Kind::I754);
        let c = ctx(vec![m.clone()], vec![], vec![], vec![]);
        let want = lagoon::strides(&m).unwrap();
        assert_eq!(
            run("strides", &c),
            Ok(Out::List {
                items: want,
                width: 8
            })
        );
    }
}
