//! The catalogue of Lagoon arms: one row per arm of `lagoon.hoon@aa6f2a6`
//! that the row type can express, giving its Hoon name, vere's jet name, its
//! sample, its product's Hoon type, the C ABI's size rule and the Rust
//! function.
//!
//! Every consumer derives what it needs from [`ARMS`]: the registry of
//! `urnum-cli` decodes a sample from nouns by walking [`Arm::params`] and
//! encodes the product by [`Arm::product`]; the C ABI (`urnum-ffi`) decodes
//! its argument block by walking the same list; `urnum eval` and the vector
//! runner take the product's type from the row; `urnum gen-hoon` draws
//! arguments per parameter. Arms the row type cannot express (a `$baum`, a
//! tank, nested lists, atoms wider than 64 bits in a list) are in
//! [`NOT_CATALOGUED`] with the reason, and their callers stay hand-written.
//!
//! # The decoded sample
//!
//! A row's function takes its sample as [`Args`]: the rays, metas and atoms
//! in sample order, each in its own vector, and one vector `ints` holding
//! first the fixed ints ([`Param::Int`]) in order, then, when the sample has
//! `k` lists, the lengths of the first `k − 1`, then the lists' items one
//! list after the other. A [`Param::Pair`] is two atoms; a [`Param::Kind`] or
//! [`Param::Term`] is an atom; [`Param::Slices`] is three ints per slice (see
//! its docs). The C ABI's argument block has exactly this layout, so its
//! decoder is a copy; the registry builds the same vectors from nouns.
//!
//! # Adding an arm
//!
//! Write the function (in its section's module), add its row here, add a
//! test (a golden vector or a unit test). The registry serves the row at once
//! (`urnum check`, `urnum eval`); the C ABI's test then asks for an id in
//! `ffi/src/la/ids.rs` (or a line in `ffi::la::table::NOT_EXPRESSIBLE`).

mod bodies;
mod row;
#[cfg(test)]
mod tests;

pub use bodies::decode_slices;
pub use row::{
    arity, catalogue_faults, find, product_in, Args, Arm, Mold, Out, Param, Rule, NORM_ORDS,
    SORT_DIRS,
};

use crate::axis;
use crate::{
    build, builders_arith, elementwise as ew, index, linalg, meta, reduce, shape, structure,
};
use bodies::{
    atoms, bloq_atom, change_arm, fixp_fdp, flag, fun_scalar_arm, item_number, norm_ord, ravel,
    ray, slices, sort_dir, trans_scalar_arm, u64_list, unum_fdp, unum_one, unum_op, wide_list,
};
use softblas::prog::Binary;
use softblas::Atom;

/// The row of the arm named `name` (`add`, `sum-dim`; an `:la` suffix is ignored).
pub fn by_name(name: &str) -> Option<&'static Arm> {
    find(ARMS, name, ":la")
}

/// Lagoon arms the row type cannot express, each with the reason; their
/// registry entries are hand-written and the C ABI does not serve them.
pub static NOT_CATALOGUED: &[(&str, Mold, &str)] = &[
    (
        "en-ray",
        Mold::Ray,
        "its sample is a $baum (a nested list of any depth)",
    ),
    ("de-ray", Mold::Baum, "its product is a $baum"),
    ("get-item-baum", Mold::Atom(""), "its sample is a $baum"),
    ("to-tank", Mold::Tank, "its product is a tank"),
    ("print", Mold::Null, "it raises a %slog hint"),
    ("slog", Mold::Noun, "its product is the stdlib gate `same`"),
    ("squeeze", Mold::Noun, "it is a wet gate over any noun"),
    (
        "product",
        Mold::Noun,
        "it is a wet gate over lists of any noun",
    ),
    (
        "gather",
        Mold::Noun,
        "its sample and product are nested lists",
    ),
    ("dim-slices", Mold::Noun, "its product is a nested list"),
    ("slice-flat", Mold::Noun, "its sample holds a nested list"),
    (
        "rank-slice",
        Mold::Noun,
        "its list holds floats up to 128 bits and its product pairs",
    ),
    (
        "norm-slice",
        Mold::Atom(""),
        "its list holds floats up to 128 bits",
    ),
    ("bin-op", Mold::Ray, "its sample holds a gate"),
    ("el-wise-op", Mold::Ray, "its sample holds a gate"),
    ("ter-op", Mold::Ray, "its sample holds a gate"),
];

/// The Hoon type of the product of Lagoon arm `name` (catalogued or not).
pub fn product_of(name: &str) -> Option<Mold> {
    product_in(ARMS, NOT_CATALOGUED, name)
}

use Param::{
    Atom as A, Count as N, Index as X, Int as I, Kind as K, Meta as M, Pair as P, Ray as R,
    Shape as L, Slices as S, Values as V,
};

const NORM: Param = Param::Term(NORM_ORDS);
const SORT: Param = Param::Term(SORT_DIRS);
const RAY: Mold = Mold::Ray;
const FLAG: Mold = Mold::Flag;
const AT: Mold = Mold::Atom("");
const UD: Mold = Mold::Atom("ud");
const UX: Mold = Mold::Atom("ux");
const TAS: Mold = Mold::Atom("tas");
const LIST: Mold = Mold::List("");
const TRIPLE: Mold = Mold::Tuple(&[("", AT), ("", AT), ("", AT)]);

/// The static `ARMS: &[Arm]` of a catalogue from its rows, one per line:
/// `"name" jet, [params], product, rule, run;` (`jet` an `Option<&str>`).
/// `Arm`, `Rule`, the parameter names and the products are the caller's
/// names in scope (Saloon's `Arm` is its own instance of the row type).
#[macro_export]
macro_rules! catalogue {
    ($doc:literal; $($name:literal $jet:expr, [$($p:ident),*], $product:ident, $rule:ident, $run:expr;)*) => {
        #[doc = $doc]
        pub static ARMS: &[Arm] = &[$(Arm {
            name: $name,
            jet: $jet,
            params: &[$($p),*],
            product: $product,
            rule: Rule::$rule,
            run: $run,
        }),*];
    };
}

catalogue! {
    "Every catalogued Lagoon arm.";
    // Elementwise (lagoon.hoon@aa6f2a6 +bin-op / +el-wise-op arms).
    "add" Some("add-rays"), [R, R], RAY, SameMeta, |c| ray(ew::add(&c.door, &c.rays[0], &c.rays[1]));
    "sub" Some("sub-rays"), [R, R], RAY, SameMeta, |c| ray(ew::sub(&c.door, &c.rays[0], &c.rays[1]));
    "mul" Some("mul-rays"), [R, R], RAY, SameMeta, |c| ray(ew::mul(&c.door, &c.rays[0], &c.rays[1]));
    "div" Some("div-rays"), [R, R], RAY, SameMeta, |c| ray(ew::div(&c.door, &c.rays[0], &c.rays[1]));
    "mod" Some("mod-rays"), [R, R], RAY, SameMeta, |c| ray(ew::r#mod(&c.door, &c.rays[0], &c.rays[1]));
    "add-scalar" Some("add-scal"), [R, A], RAY, SameMeta, |c| ray(ew::add_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "sub-scalar" Some("sub-scal"), [R, A], RAY, SameMeta, |c| ray(ew::sub_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "mul-scalar" Some("mul-scal"), [R, A], RAY, SameMeta, |c| ray(ew::mul_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "div-scalar" Some("div-scal"), [R, A], RAY, SameMeta, |c| ray(ew::div_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "mod-scalar" Some("mod-scal"), [R, A], RAY, SameMeta, |c| ray(ew::mod_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "gth" Some("gth"), [R, R], RAY, SameMeta, |c| ray(ew::gth(&c.door, &c.rays[0], &c.rays[1]));
    "gte" Some("gte"), [R, R], RAY, SameMeta, |c| ray(ew::gte(&c.door, &c.rays[0], &c.rays[1]));
    "lth" Some("lth"), [R, R], RAY, SameMeta, |c| ray(ew::lth(&c.door, &c.rays[0], &c.rays[1]));
    "lte" Some("lte"), [R, R], RAY, SameMeta, |c| ray(ew::lte(&c.door, &c.rays[0], &c.rays[1]));
    "equ" None, [R, R], RAY, SameMeta, |c| ray(ew::equ(&c.door, &c.rays[0], &c.rays[1]));
    "neq" None, [R, R], RAY, SameMeta, |c| ray(ew::neq(&c.door, &c.rays[0], &c.rays[1]));
    "abs" Some("abs"), [R], RAY, SameMeta, |c| ray(ew::abs(&c.door, &c.rays[0]));
    "conj" None, [R], RAY, SameMeta, |c| ray(ew::conj(&c.door, &c.rays[0]));
    "pow-n" None, [R, N], RAY, SameMeta, |c| ray(ew::pow_n(&c.door, &c.rays[0], &c.atoms[0]));
    "is-close" None, [R, R, P], RAY, SameMeta, |c| ray(ew::is_close(&c.door, &c.rays[0], &c.rays[1], &c.atoms[0], &c.atoms[1]));
    // Whole-array reductions.
    "cumsum" Some("cumsum"), [R], RAY, Boxed, |c| ray(reduce::cumsum(&c.door, &c.rays[0]));
    "prod" None, [R], RAY, Computed, |c| ray(reduce::prod(&c.door, &c.rays[0]));
    "max" Some("max"), [R], RAY, Boxed, |c| ray(reduce::max(&c.door, &c.rays[0]));
    "min" Some("min"), [R], RAY, Boxed, |c| ray(reduce::min(&c.door, &c.rays[0]));
    "argmax" Some("argmax"), [R], UD, Computed, |c| reduce::argmax(&c.door, &c.rays[0]).map(|i| Out::Atom(Atom::from_u64(i)));
    "argmin" Some("argmin"), [R], UD, Computed, |c| reduce::argmin(&c.door, &c.rays[0]).map(|i| Out::Atom(Atom::from_u64(i)));
    "any" None, [R], FLAG, Computed, |c| reduce::any(&c.door, &c.rays[0]).map(flag);
    "all" None, [R], FLAG, Computed, |c| reduce::all(&c.door, &c.rays[0]).map(flag);
    // Builders.
    "zeros" None, [M], RAY, Computed, |c| ray(build::zeros(&c.metas[0]));
    "ones" None, [M], RAY, Computed, |c| ray(build::ones(&c.metas[0]));
    "fill" None, [M, A], RAY, Computed, |c| ray(build::fill(&c.metas[0], &c.atoms[0]));
    "eye" None, [M], RAY, Computed, |c| ray(build::eye(&c.metas[0]));
    "iota" None, [M], RAY, Computed, |c| ray(build::iota(&c.metas[0]));
    "magic" None, [M], RAY, Computed, |c| ray(build::magic(&c.metas[0]));
    "range" Some("range"), [M, P, A], RAY, Computed, |c| ray(builders_arith::range(&c.door, &c.metas[0], &c.atoms[0], &c.atoms[1], &c.atoms[2]));
    "linspace" Some("linspace"), [M, P, A], RAY, Computed, |c| ray(builders_arith::linspace(&c.door, &c.metas[0], &c.atoms[0], &c.atoms[1], &c.atoms[2]));
    "scale" None, [M, A], RAY, Computed, |c| ray(builders_arith::scale(&c.metas[0], &c.atoms[0]));
    // Shape and indexing.
    "transpose" Some("transpose"), [R], RAY, Transpose, |c| ray(shape::transpose(&c.rays[0]));
    "reshape" None, [R, X], RAY, Computed, |c| ray(shape::reshape(&c.rays[0], &c.ints));
    "ravel" Some("ravel"), [R], LIST, Computed, |c| ravel(&c.rays[0]);
    "get-item" None, [R, X], UX, Computed, |c| index::get_item(&c.rays[0], &c.ints).map(Out::Atom);
    "set-item" None, [R, X, A], RAY, Computed, |c| ray(index::set_item(&c.rays[0], &c.ints, &c.atoms[0]));
    "get-row" None, [R, X], RAY, Computed, |c| ray(index::get_row(&c.rays[0], &c.ints));
    "set-row" None, [R, X, R], RAY, Computed, |c| ray(index::set_row(&c.rays[0], &c.ints, &c.rays[1]));
    "get-col" None, [R, X], RAY, Computed, |c| ray(index::get_col(&c.rays[0], &c.ints));
    "set-col" None, [R, X, R], RAY, Computed, |c| ray(index::set_col(&c.rays[0], &c.ints, &c.rays[1]));
    "change" None, [R, K, I], RAY, Computed, change_arm;
    "check" None, [R], FLAG, Computed, |c| crate::check(&c.rays[0]).map(flag);
    "scalar-to-ray" None, [M, A], RAY, Computed, |c| ray(crate::scalar_to_ray(&c.metas[0], &c.atoms[0]));
    "urge" None, [R, I, I], RAY, Computed, |c| ray(shape::urge(&c.rays[0], c.ints[0], c.ints[1]));
    // Linear algebra and structure.
    "dot" Some("dot"), [R, R], RAY, Dot, |c| ray(linalg::dot(&c.door, &c.rays[0], &c.rays[1]));
    "dotc" None, [R, R], RAY, Computed, |c| ray(linalg::dotc(&c.door, &c.rays[0], &c.rays[1]));
    "mmul" Some("mmul"), [R, R], RAY, Mmul, |c| ray(linalg::mmul(&c.door, &c.rays[0], &c.rays[1]));
    "mmul-unum" None, [R, R], RAY, Computed, |c| ray(linalg::mmul_unum(&c.rays[0], &c.rays[1]));
    "mmul-fixp" None, [R, R], RAY, Computed, |c| ray(linalg::mmul_fixp(c.door.policy, &c.rays[0], &c.rays[1]));
    "mpow-n" None, [R, I], RAY, Computed, |c| ray(linalg::mpow_n(&c.door, &c.rays[0], c.ints[0]));
    "diag" Some("diag"), [R], RAY, Diag, |c| ray(structure::diag(&c.rays[0]));
    "trace" Some("trace"), [R], RAY, Trace, |c| ray(structure::trace(&c.door, &c.rays[0]));
    "stack" None, [R, R, I], RAY, Computed, |c| ray(structure::stack(&c.rays[0], &c.rays[1], c.ints[0]));
    "hstack" None, [R, R], RAY, Computed, |c| ray(structure::hstack(&c.rays[0], &c.rays[1]));
    "vstack" None, [R, R], RAY, Computed, |c| ray(structure::vstack(&c.rays[0], &c.rays[1]));
    // Axis-wise arms.
    "sum-dim" None, [R, I], RAY, DropDim, |c| ray(axis::sum_dim(&c.door, &c.rays[0], c.ints[0]));
    "prod-dim" None, [R, I], RAY, DropDim, |c| ray(axis::prod_dim(&c.door, &c.rays[0], c.ints[0]));
    "max-dim" None, [R, I], RAY, DropDim, |c| ray(axis::max_dim(&c.door, &c.rays[0], c.ints[0]));
    "min-dim" None, [R, I], RAY, DropDim, |c| ray(axis::min_dim(&c.door, &c.rays[0], c.ints[0]));
    "argmax-dim" None, [R, I], RAY, DropDimIndex, |c| ray(axis::argmax_dim(&c.door, &c.rays[0], c.ints[0]));
    "argmin-dim" None, [R, I], RAY, DropDimIndex, |c| ray(axis::argmin_dim(&c.door, &c.rays[0], c.ints[0]));
    "mean-dim" None, [R, I], RAY, DropDim, |c| ray(axis::mean_dim(&c.door, &c.rays[0], c.ints[0]));
    "mean" None, [R], RAY, Computed, |c| ray(axis::mean(&c.door, &c.rays[0]));
    "var" None, [R, I], RAY, Computed, |c| ray(axis::var(&c.door, &c.rays[0], c.ints[0]));
    "std" None, [R, I], RAY, Computed, |c| ray(axis::std(&c.door, &c.rays[0], c.ints[0]));
    "var-dim" None, [R, I, I], RAY, DropDim, |c| ray(axis::var_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    "std-dim" None, [R, I, I], RAY, DropDim, |c| ray(axis::std_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    "norm" None, [R, NORM], RAY, Computed, |c| ray(axis::norm(&c.door, &c.rays[0], norm_ord(&c.atoms[0])?));
    "norm-dim" None, [R, I, NORM], RAY, DropDim, |c| ray(axis::norm_dim(&c.door, &c.rays[0], c.ints[0], norm_ord(&c.atoms[0])?));
    "sort-dim" None, [R, I, SORT], RAY, Computed, |c| ray(axis::sort_dim(&c.door, &c.rays[0], c.ints[0], sort_dir(&c.atoms[0])?));
    "argsort-dim" None, [R, I, SORT], RAY, Computed, |c| ray(axis::argsort_dim(&c.door, &c.rays[0], c.ints[0], sort_dir(&c.atoms[0])?));
    "argtop-dim" None, [R, I, I], RAY, Computed, |c| ray(axis::argtop_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    "take-dim" None, [R, R, I], RAY, Computed, |c| ray(axis::take_dim(&c.rays[0], &c.rays[1], c.ints[0]));
    "cdist-sq" None, [R, R], RAY, Computed, |c| ray(axis::cdist_sq(&c.door, &c.rays[0], &c.rays[1]));
    "pdist-sq" None, [R], RAY, Computed, |c| ray(axis::pdist_sq(&c.door, &c.rays[0]));
    "broadcast-to" None, [R, L], RAY, Computed, |c| ray(axis::broadcast_to(&c.rays[0], &c.ints));
    // Appended (ids 111..): the remaining arms of lagoon.hoon@aa6f2a6 that bytes can carry.
    "submatrix" None, [S, R], RAY, Computed, |c| ray(crate::submatrix(&slices(&c.ints)?, &c.rays[0]));
    "spac" None, [R], RAY, Computed, |c| ray(crate::spac(&c.rays[0]));
    "unspac" None, [R], RAY, Computed, |c| ray(crate::unspac(&c.rays[0]));
    "fun-scalar" None, [M, A, A, A], AT, Computed, fun_scalar_arm;
    "trans-scalar" None, [I, K, A, A], AT, Computed, trans_scalar_arm;
    "get-term" None, [M], TAS, Computed, |c| crate::print::get_term(&c.metas[0]).map(|t| Out::Atom(Atom::from_le_bytes(t.as_bytes())));
    "strides" None, [M], LIST, Computed, |c| crate::strides(&c.metas[0]).map(wide_list);
    "get-dim" None, [L, I], LIST, Computed, |c| crate::get_dim(&c.ints[1..], c.ints[0]).map(|v| u64_list(&v));
    "get-item-index" None, [L, A], AT, Computed, |c| crate::get_item_index(&c.ints, &c.atoms[0]).map(Out::Atom);
    "get-item-number" None, [L, X], AT, Computed, |c| item_number(c);
    "get-bloq-offset" None, [M, X], AT, Computed, |c| crate::get_bloq_offset(&c.metas[0], &c.ints).map(|n| Out::Atom(Atom::from_u64(n)));
    "prod-list" None, [L], AT, Computed, |c| meta::prod_list(&c.ints).map(|n| Out::Atom(Atom::from_u64(n)));
    "drop-dim" None, [L, I], RAY, Computed, |c| Ok(u64_list(&meta::drop_dim(&c.ints[1..], c.ints[0])));
    "dim-parts" None, [L, I], TRIPLE, Computed, |c| meta::dim_parts(&c.ints[1..], c.ints[0]).map(|(o, l, i)| u64_list(&[o, l, i]));
    "i754-sun" None, [I, A], AT, Computed, |c| bloq_atom(c, axis::i754_sun);
    "i754-sqt" None, [I, A], AT, Computed, |c| bloq_atom(c, axis::i754_sqt);
    "unum-one" None, [I], AT, Computed, unum_one;
    "unum-sum" None, [I, V], AT, Computed, |c| reduce::unum_sum(u32::try_from(c.ints[0]).unwrap_or(u32::MAX), &atoms(&c.ints[1..])).map(Out::Atom);
    "unum-fdp" None, [I, V, V], AT, Computed, unum_fdp;
    "unum-mod" None, [I, A, A], AT, Computed, |c| unum_op(c, Binary::Mod);
    "unum-pow" None, [I, A, A], AT, Computed, |c| unum_op(c, Binary::Pow);
    "fixp-fdp" None, [P, V, V], AT, Computed, fixp_fdp;
}
