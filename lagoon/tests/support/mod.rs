//! Helpers the lagoon tests share: rays from element bits and back.
#![allow(dead_code)]

use lagoon::{ravel, Atom, Kind, Meta, Ray};

/// The ray of `shape`, `bloq` and `kind` holding the elements `v`.
pub fn ray(shape: &[u64], bloq: u32, kind: Kind, v: &[u128]) -> Ray {
    let elems: Vec<Atom> = v.iter().map(|x| Atom::from_u128(*x)).collect();
    Ray::from_elems(Meta::new(shape.to_vec(), bloq, kind), &elems).unwrap()
}

/// The ray of `shape`, `bloq` and `kind` holding the elements `v` under the
/// pin block `pin` (any non-zero block; Lagoon's `+check` accepts them).
pub fn pinned_ray(shape: &[u64], bloq: u32, kind: Kind, v: &[u128], pin: u128) -> Ray {
    let r = ray(shape, bloq, kind, v);
    let top = (v.len() as u64) << bloq;
    let data = r.data.low_bits(top).or(&Atom::from_u128(pin).shl(top));
    Ray::new(r.meta, data)
}

/// An `%i754` ray of binary32 elements (bloq 5).
pub fn f32s(shape: &[u64], v: &[u128]) -> Ray {
    ray(shape, 5, Kind::I754, v)
}

/// The elements of `r` as bits.
pub fn elems(r: &Ray) -> Vec<u128> {
    ravel(r).unwrap().iter().map(Atom::low_u128).collect()
}

/// All bits of an element of `bloq`.
pub fn mask(bloq: u32) -> u128 {
    if bloq >= 7 {
        u128::MAX
    } else {
        (1u128 << (1u32 << bloq)) - 1
    }
}

/// The ray of `meta` holding the elements `v`.
pub fn meta_ray(meta: &Meta, v: &[u128]) -> Ray {
    let elems: Vec<Atom> = v.iter().map(|x| Atom::from_u128(*x)).collect();
    Ray::from_elems(meta.clone(), &elems).unwrap()
}

/// The two's-complement value of the low `w` bits of `v`.
pub fn sext(v: u128, w: u32) -> i128 {
    let sh = 128 - w;
    ((v << sh) as i128) >> sh
}

/// The bloq the property tests draw for `kind` from a draw `b` in 0–3:
/// `%i754` 4–7, every other kind 3–6.
pub fn usual_bloq(kind: Kind, b: u32) -> u32 {
    if kind == Kind::I754 {
        4 + b
    } else {
        3 + b
    }
}

/// A meta and a Hoon rounding mode as the property tests draw them: a shape
/// of 1 to `max_rank` extents of 1–3, one of `kinds`, the bloq `bloq_of`
/// gives for the kind and a draw in 0–3.
pub fn drawn_meta(
    kinds: Vec<Kind>,
    max_rank: usize,
    bloq_of: fn(Kind, u32) -> u32,
) -> impl proptest::strategy::Strategy<Value = (Meta, softblas::Round)> {
    use proptest::prelude::*;
    (
        prop::collection::vec(1u64..4, 1..=max_rank),
        prop::sample::select(kinds),
        0u32..4,
        prop::sample::select(<softblas::Round as softblas::DoorRound>::HOON.to_vec()),
    )
        .prop_map(move |(shape, kind, b, round)| (Meta::new(shape, bloq_of(kind, b), kind), round))
}

/// The elements of a ray of `meta`: any bits of its bloq, or often a value
/// below `small` (so that ties and divisions by zero happen).
pub fn drawn_elements(
    meta: &Meta,
    small: u128,
) -> impl proptest::strategy::Strategy<Value = Vec<u128>> {
    use proptest::prelude::*;
    let m = mask(meta.bloq);
    let n = meta.shape.iter().product::<u64>() as usize;
    prop::collection::vec(
        prop_oneof![any::<u128>().prop_map(move |x| x & m), 0u128..small],
        n,
    )
}

/// A ray-by-ray Lagoon arm.
pub type RayArm = fn(&lagoon::Door, &Ray, &Ray) -> Result<Ray, lagoon::LagoonError>;

/// The elementwise ray-by-ray arms by Hoon name, the four arithmetic ones first.
pub const ELEMENTWISE: [(&str, RayArm); 11] = [
    ("add", lagoon::elementwise::add),
    ("sub", lagoon::elementwise::sub),
    ("mul", lagoon::elementwise::mul),
    ("div", lagoon::elementwise::div),
    ("mod", lagoon::elementwise::r#mod),
    ("gth", lagoon::elementwise::gth),
    ("gte", lagoon::elementwise::gte),
    ("lth", lagoon::elementwise::lth),
    ("lte", lagoon::elementwise::lte),
    ("equ", lagoon::elementwise::equ),
    ("neq", lagoon::elementwise::neq),
];

/// A one-ray Lagoon arm with the axis `dim` for the arms that take one.
pub type UnaryArm = fn(&lagoon::Door, &Ray, u64) -> Result<Ray, lagoon::LagoonError>;

/// The one-ray arms and folds by Hoon name that every kind's bits path
/// serves (`dim` goes to the axis folds).
pub const UNARY_FOLDS: [(&str, UnaryArm); 6] = [
    ("abs", |d, a, _| lagoon::elementwise::abs(d, a)),
    ("conj", |d, a, _| lagoon::elementwise::conj(d, a)),
    ("cumsum", |d, a, _| lagoon::reduce::cumsum(d, a)),
    ("prod", |d, a, _| lagoon::reduce::prod(d, a)),
    ("sum-dim", lagoon::axis::reductions::sum_dim),
    ("prod-dim", lagoon::axis::reductions::prod_dim),
];

/// Two rays' worth of elements of `shape`, each drawn by `elem`:
/// `(shape, a, b)`.
pub fn two_rays(
    shape: Vec<u64>,
    elem: proptest::strategy::BoxedStrategy<u128>,
) -> impl proptest::strategy::Strategy<Value = (Vec<u64>, Vec<u128>, Vec<u128>)> {
    use proptest::prelude::*;
    let n = shape.iter().product::<u64>() as usize;
    (
        Just(shape),
        prop::collection::vec(elem.clone(), n),
        prop::collection::vec(elem, n),
    )
}

/// The operands of a two-matrix arm: sides `(x, y, z)` drawn from `sides`, the
/// first operand's `x·y` elements and the second's `y·z` (`[x y]` and `[y z]`
/// for `+mmul`, `[x y]` and `[z y]` for `+cdist-sq`), each drawn by `elem`.
pub fn matrix_pair(
    sides: [std::ops::Range<u64>; 3],
    elem: proptest::strategy::BoxedStrategy<u128>,
) -> impl proptest::strategy::Strategy<Value = ((u64, u64, u64), Vec<u128>, Vec<u128>)> {
    use proptest::prelude::*;
    let [x, y, z] = sides;
    (x, y, z).prop_flat_map(move |(x, y, z)| {
        (
            Just((x, y, z)),
            prop::collection::vec(elem.clone(), (x * y) as usize),
            prop::collection::vec(elem.clone(), (y * z) as usize),
        )
    })
}
