//! The bits path of Lagoon's `%i754` arms (`lagoon/src/bits_path.rs`) against the
//! reference path: every arm run twice on the same rays, once with the fast
//! executor (the bits path where it serves) and once through a door whose
//! policy is [`Policy::REFERENCE`] (SoftFloat, atom by atom, end to end), and
//! the results — rays or errors — must be equal.
//!
//! Rays are random at bloq 4, 5, 6, 7 (binary16/32/64/128), in all five
//! rounding modes, with shapes of one element, odd lengths and ranks 1–3,
//! elements biased to NaN (quiet, signalling, with payloads), ±∞, ±0,
//! subnormals and values near 1, and pin blocks that are any non-zero block
//! (Lagoon's `+check` accepts them). Cases where the bits path must decline
//! (unequal metas, other kinds, `+mmul` with a wider `b`) are compared too.
//!
//! `%uint` and `%int2` rays run the same way at bloq 0–7 (3–6 on the integer
//! kernels, 0–2 and 7 declined), elements biased to 0, 1, the greatest and least
//! values and their neighbours, so that wrap-arounds, `min ÷ −1` and
//! divisions by zero (the same error from both paths) occur; `%fixp` rays
//! at bloq 3–7 whose precision fills the element (served at 3–6) or not
//! (declined) likewise, `+mmul` (`+mmul-fixp`'s exact cells) included.

mod support;

use lagoon::*;
use proptest::prelude::*;
use softblas::ieee::Width;
use softblas::Policy;
use std::fmt::Debug;
use support::{ELEMENTWISE, UNARY_FOLDS};

/// `f` under the fast policy and under the reference policy.
fn both<T>(f: impl Fn(Policy) -> T) -> (T, T) {
    (f(Policy::FAST), f(Policy::REFERENCE))
}

/// Asserts that `f` under the fast policy and under the reference policy agree.
fn agree<T: Debug + PartialEq>(what: &str, f: impl Fn(Policy) -> T) -> Result<(), TestCaseError> {
    let (fast, reference) = both(f);
    prop_assert_eq!(fast, reference, "{}", what);
    Ok(())
}

const MODES: [Round; 5] = [Round::N, Round::U, Round::D, Round::Z, Round::A];

/// Special bit patterns of an IEEE width of `bits` bits (`frac` fraction bits).
fn specials(bits: u32, frac: u32) -> Vec<u128> {
    let sign = 1u128 << (bits - 1);
    let inf = (sign - 1) ^ ((1u128 << frac) - 1);
    let one = (sign >> 1) - (1u128 << frac);
    vec![
        0,
        sign,                      // −0
        inf,                       // +∞
        inf | sign,                // −∞
        inf | 1 << (frac - 1),     // canonical quiet NaN
        inf | 1 << (frac - 1) | 5, // quiet NaN with a payload
        inf | 1,                   // signalling NaN
        inf | sign | 3,            // negative signalling NaN
        1,                         // least subnormal
        (1u128 << frac) - 1,       // greatest subnormal
        sign | 1,                  // −least subnormal
        1u128 << frac,             // least normal
        inf - 1,                   // greatest finite
        one,                       // 1.0
        one | 1,                   // 1 + ulp
        one | sign,                // −1.0
    ]
}

/// The fraction-field bits of the IEEE format of bloq 4–7.
fn frac_bits(bloq: u32) -> u32 {
    Width::from_bloq(bloq).expect("an IEEE bloq").frac_bits()
}

/// An element of bloq 4–7: specials, values near 1 (either sign), anything.
fn elem(bloq: u32) -> BoxedStrategy<u128> {
    let bits = 1u32 << bloq;
    let frac = frac_bits(bloq);
    let mask = support::mask(bloq);
    let one = specials(bits, frac)[13];
    prop_oneof![
        3 => prop::sample::select(specials(bits, frac)),
        4 => (any::<u128>(), any::<bool>(), 0u128..4).prop_map(move |(f, s, e)| {
            // Exponents of 1.0 ± 2 with random fractions: sums round, products carry.
            let f = f & ((1u128 << frac) - 1);
            let e = (one >> frac) + e - 2;
            (e << frac | f) | if s { 1u128 << (bits - 1) } else { 0 }
        }),
        3 => any::<u128>().prop_map(move |v| v & mask),
    ]
    .boxed()
}

/// A shape: ranks 1–3 of small dimensions, or one long odd or even row.
fn shape() -> impl Strategy<Value = Vec<u64>> {
    prop_oneof![
        prop::collection::vec(1u64..6, 1..=3),
        (1u64..80).prop_map(|n| vec![n]),
    ]
}

/// A ray of `shape` at `bloq` whose pin block is `pin` (any non-zero block).
fn ray(shape: &[u64], bloq: u32, v: &[u128], pin: u128) -> Ray {
    support::pinned_ray(shape, bloq, Kind::I754, v, pin)
}

/// A non-zero pin block of `bloq` (1 most of the time).
fn pin(bloq: u32) -> BoxedStrategy<u128> {
    let mask = support::mask(bloq);
    prop_oneof![3 => Just(1u128), 1 => any::<u128>().prop_map(move |p| (p & mask).max(1))].boxed()
}

/// `(bloq, shape, a, b, pin a, pin b, mode)`: two rays' worth of elements of one shape.
fn pair() -> impl Strategy<Value = (u32, Vec<u64>, Vec<u128>, Vec<u128>, u128, u128, Round)> {
    (4u32..=7, shape(), prop::sample::select(MODES.to_vec()))
        .prop_flat_map(|(bloq, s, r)| {
            (
                Just(bloq),
                support::two_rays(s, elem(bloq)),
                pin(bloq),
                pin(bloq),
                Just(r),
            )
        })
        .prop_map(|(bloq, (s, a, b), pa, pb, r)| (bloq, s, a, b, pa, pb, r))
}

type Arm2 = fn(&Door, &Ray, &Ray) -> Result<Ray, LagoonError>;
type ArmS = fn(&Door, &Ray, &Atom) -> Result<Ray, LagoonError>;

/// The ray-by-ray arms the bits path serves: the elementwise ones and `dot`.
fn ray_arms() -> impl Iterator<Item = (&'static str, Arm2)> {
    ELEMENTWISE
        .into_iter()
        .chain([("dot", linalg::dot as Arm2)])
}

const SCALAR_ARMS: [(&str, ArmS); 4] = [
    ("add-scalar", elementwise::add_scalar),
    ("sub-scalar", elementwise::sub_scalar),
    ("mul-scalar", elementwise::mul_scalar),
    ("div-scalar", elementwise::div_scalar),
];

proptest! {
    #[test]
    fn ray_ray_arms_agree((bloq, s, va, vb, pa, pb, r) in pair()) {
        let (a, b) = (ray(&s, bloq, &va, pa), ray(&s, bloq, &vb, pb));
        let door = Door::lake(r);
        for (name, arm) in ray_arms() {
            agree(name, |p| arm(&door.with_policy(p), &a, &b))?;
        }
    }

    #[test]
    fn scalar_arms_agree((bloq, s, va, _vb, pa, _pb, r) in pair(), n in any::<u128>(), wide in any::<bool>()) {
        let a = ray(&s, bloq, &va, pa);
        let door = Door::lake(r);
        // The scalar is cut to the element width by +fill: give it high garbage sometimes.
        let n = if wide { Atom::from_u128(n).or(&Atom::pow2(200)) } else { Atom::from_u128(n) };
        for (name, arm) in SCALAR_ARMS {
            agree(name, |p| arm(&door.with_policy(p), &a, &n))?;
        }
    }

    #[test]
    fn unary_arms_and_folds_agree((bloq, s, va, _vb, pa, _pb, r) in pair(), dim in 0u64..4) {
        let a = ray(&s, bloq, &va, pa);
        let door = Door::lake(r);
        for (name, arm) in UNARY_FOLDS {
            agree(name, |p| arm(&door.with_policy(p), &a, dim))?;
        }
        agree("is-close", |p| elementwise::is_close(&door.with_policy(p), &a, &a, &Atom::ONE, &Atom::ONE))?;
    }

    #[test]
    fn mmul_and_cdist_sq_agree(
        bloq in 4u32..=7, m in 1u64..5, k in 1u64..6, p in 1u64..5,
        seed in prop::collection::vec(any::<u128>(), 64), r in prop::sample::select(MODES.to_vec()),
        bloq_b in prop::sample::select(vec![None, Some(4u32), Some(5), Some(6), Some(7)]),
        specials_at in prop::collection::vec(0usize..64, 0..6),
    ) {
        let door = Door::lake(r);
        let bits = 1u32 << bloq;
        let frac = frac_bits(bloq);
        let sp = specials(bits, frac);
        // Values near 1 from the seed, with a few specials placed in.
        let mut v: Vec<u128> = seed.iter().map(|x| sp[13] | (x & ((1u128 << (frac - 2)) - 1))).collect();
        for (j, at) in specials_at.iter().enumerate() {
            v[*at] = sp[(j * 5 + *at) % sp.len()];
        }
        let a = ray(&[m, k], bloq, &v[..(m * k) as usize], 1);
        let b = ray(&[k, p], bloq, &v[10..10 + (k * p) as usize], 1);
        agree("mmul", |p| linalg::mmul(&door.with_policy(p), &a, &b))?;
        // A b of another bloq: the bits path declines, the reference decides.
        if let Some(bb) = bloq_b {
            let wb = ray(&[k, p], bb, &v[20..20 + (k * p) as usize], 1);
            agree("mmul other bloq", |p| linalg::mmul(&door.with_policy(p), &a, &wb))?;
        }
        let c = ray(&[p, k], bloq, &v[30..30 + (p * k) as usize], 1);
        agree("cdist-sq", |p| axis::distances::cdist_sq(&door.with_policy(p), &a, &c))?;
        agree("cdist-sq self", |p| axis::distances::pdist_sq(&door.with_policy(p), &a))?;
    }

    #[test]
    fn mismatched_and_other_kinds_agree((bloq, s, va, vb, pa, pb, r) in pair(), other in 0usize..4) {
        let door = Door::lake(r);
        let a = ray(&s, bloq, &va, pa);
        let mut b = ray(&s, bloq, &vb, pb);
        match other {
            // Another shape of as many elements or more.
            0 => b.meta.shape = vec![s.iter().product::<u64>(), 1],
            // Another kind: the metas differ.
            1 => b.meta.kind = Kind::Uint,
            // A pin missing: +check fails.
            2 => b.data = b.data.low_bits(b.data.bit_len() - 1),
            // A tail on b only.
            _ => b.meta.tail = Tail::Other(TailNoun::Atom(Atom::ONE)),
        }
        for (name, arm) in ray_arms() {
            agree(name, |p| arm(&door.with_policy(p), &a, &b))?;
        }
        let mut u = a.clone();
        u.meta.kind = Kind::Uint;
        agree("uint add", |p| elementwise::add(&door.with_policy(p), &u, &u))?;
        agree("uint cumsum", |p| reduce::cumsum(&door.with_policy(p), &u))?;
        agree("uint sum-dim", |p| axis::reductions::sum_dim(&door.with_policy(p), &u, 0))?;
    }
}

/// An element of an integer kind at `bloq`: an edge (0, 1, the greatest and
/// least values and their neighbours), a small value of either sign, anything.
fn int_elem(bloq: u32) -> BoxedStrategy<u128> {
    let bits = 1u32 << bloq;
    let mask = support::mask(bloq);
    let min = 1u128 << (bits - 1);
    let edges = vec![
        0,
        1,
        2,
        mask,
        mask - 1,
        min,
        min.wrapping_sub(1) & mask,
        (min + 1) & mask,
    ];
    prop_oneof![
        3 => prop::sample::select(edges),
        2 => (0u128..9, any::<bool>()).prop_map(move |(v, neg)| if neg { v.wrapping_neg() & mask } else { v & mask }),
        3 => any::<u128>().prop_map(move |v| v & mask),
    ]
    .boxed()
}

/// `(kind, bloq, shape, a, b, pin a, pin b)`: two integer rays' worth of elements of one shape.
fn int_pair() -> impl Strategy<Value = (Kind, u32, Vec<u64>, Vec<u128>, Vec<u128>, u128, u128)> {
    (
        prop::sample::select(vec![Kind::Uint, Kind::Int2]),
        0u32..=7,
        shape(),
    )
        .prop_flat_map(|(kind, bloq, s)| {
            (
                Just(kind),
                Just(bloq),
                support::two_rays(s, int_elem(bloq)),
                pin(bloq),
                pin(bloq),
            )
        })
        .prop_map(|(kind, bloq, (s, a, b), pa, pb)| (kind, bloq, s, a, b, pa, pb))
}

/// [`ray`] of an integer kind.
fn int_ray(kind: Kind, shape: &[u64], bloq: u32, v: &[u128], pin: u128) -> Ray {
    support::pinned_ray(shape, bloq, kind, v, pin)
}

proptest! {
    #[test]
    fn int_arms_agree((kind, bloq, s, va, vb, pa, pb) in int_pair(), n in any::<u128>(), dim in 0u64..4) {
        let (a, b) = (int_ray(kind, &s, bloq, &va, pa), int_ray(kind, &s, bloq, &vb, pb));
        let door = Door::lake(Round::N);
        for (name, arm) in ray_arms() {
            agree(name, |p| arm(&door.with_policy(p), &a, &b))?;
        }
        // Small scalars often, so that divisions by zero and by one occur.
        let n = Atom::from_u128(if n % 3 == 0 { n % 3 } else { n });
        for (name, arm) in SCALAR_ARMS {
            agree(name, |p| arm(&door.with_policy(p), &a, &n))?;
        }
        for (name, arm) in UNARY_FOLDS {
            agree(name, |p| arm(&door.with_policy(p), &a, dim))?;
        }
        agree("cdist-sq", |p| axis::distances::pdist_sq(&door.with_policy(p), &a))?;
    }

    #[test]
    fn int_mmul_agrees(
        kind in prop::sample::select(vec![Kind::Uint, Kind::Int2]), bloq in 0u32..=7,
        m in 1u64..6, k in 1u64..7, p in 1u64..6,
        v in prop::collection::vec(any::<u128>(), 80),
        edges in prop::collection::vec((0usize..80, 0usize..3), 0..8),
        bloq_b in prop::sample::select(vec![None, Some(3u32), Some(5), Some(7)]),
    ) {
        let door = Door::lake(Round::N);
        let bits = 1u32 << bloq;
        let mask = support::mask(bloq);
        let mut v: Vec<u128> = v.iter().map(|x| x & mask).collect();
        for (at, e) in edges {
            v[at] = [mask, 1u128 << (bits - 1), 0][e];
        }
        let a = int_ray(kind, &[m, k], bloq, &v[..(m * k) as usize], 1);
        let b = int_ray(kind, &[k, p], bloq, &v[40..40 + (k * p) as usize], 1);
        agree("mmul", |p| linalg::mmul(&door.with_policy(p), &a, &b))?;
        if let Some(bb) = bloq_b {
            let wb = int_ray(kind, &[k, p], bb, &v[40..40 + (k * p) as usize], 1);
            agree("mmul other bloq", |p| linalg::mmul(&door.with_policy(p), &a, &wb))?;
        }
    }
}

/// A `%fixp` case: bloq, precision `[a b]`, shape, two rays' elements.
type FixpCase = (u32, (u64, u64), Vec<u64>, Vec<u128>, Vec<u128>);

/// `(bloq, [a b], shape, a, b)`: two `%fixp` rays' worth of elements;
/// the precision fills the element (`b` from 0 to all but the sign) or, one
/// time in five, is narrower (q8.8, which the kernels decline).
fn fixp_case() -> impl Strategy<Value = FixpCase> {
    (3u32..=7, 0usize..5, shape())
        .prop_flat_map(|(bloq, pick, s)| {
            let bits = 1u64 << bloq;
            let prec = match pick {
                0 => (bits - 1, 0),
                1 => (bits - 2, 1),
                2 => (bits / 2 - 1, bits / 2),
                3 => (0, bits - 1),
                _ => (8, 8),
            };
            (Just(bloq), Just(prec), support::two_rays(s, int_elem(bloq)))
        })
        .prop_map(|(bloq, prec, (s, a, b))| (bloq, prec, s, a, b))
}

proptest! {
    #[test]
    fn fixp_arms_agree((bloq, (pa, pb), s, va, vb) in fixp_case(), dim in 0u64..4) {
        let tail = Tail::Prec { a: Atom::from_u64(pa), b: Atom::from_u64(pb) };
        let mut a = int_ray(Kind::Fixp, &s, bloq, &va, 1);
        let mut b = int_ray(Kind::Fixp, &s, bloq, &vb, 1);
        a.meta.tail = tail.clone();
        b.meta.tail = tail;
        let door = Door::lake(Round::N);
        for (name, arm) in ray_arms() {
            agree(name, |p| arm(&door.with_policy(p), &a, &b))?;
        }
        // `+conj` is `%cplx`'s alone.
        for (name, arm) in UNARY_FOLDS.iter().filter(|(name, _)| *name != "conj") {
            agree(name, |p| arm(&door.with_policy(p), &a, dim))?;
        }
    }
}

proptest! {
    /// `+mmul` at `%fixp` (each cell `+fixp-fdp`: the exact sum rescaled
    /// once): served where the precision fills the element at bloq 3–6,
    /// declined elsewhere; elements biased to the extremes, so sums overflow
    /// every host width and cancel.
    #[test]
    fn fixp_mmul_agrees(
        bloq in 3u32..=7, frac in 0u64..64, narrow in 0u32..6,
        m in 1u64..6, k in 1u64..9, p in 1u64..6,
        v in prop::collection::vec(any::<u128>(), 80),
        edges in prop::collection::vec((0usize..80, 0usize..4), 0..40),
    ) {
        let bits = 1u64 << bloq;
        let b_frac = frac % bits;
        // One time in six a precision narrower than the element (declined).
        let (pa, pb) = if narrow == 0 { (2, 3) } else { (bits - 1 - b_frac, b_frac) };
        let mask = support::mask(bloq);
        let mut v: Vec<u128> = v.iter().map(|x| x & mask).collect();
        for (at, e) in edges {
            v[at] = [mask, 1u128 << (bits - 1), 0, 1][e];
        }
        let tail = Tail::Prec { a: Atom::from_u64(pa), b: Atom::from_u64(pb) };
        let mut a = int_ray(Kind::Fixp, &[m, k], bloq, &v[..(m * k) as usize], 1);
        let mut b = int_ray(Kind::Fixp, &[k, p], bloq, &v[40..40 + (k * p) as usize], 1);
        a.meta.tail = tail.clone();
        b.meta.tail = tail;
        let door = Door::lake(Round::N);
        agree("mmul", |p| linalg::mmul(&door.with_policy(p), &a, &b))?;
        agree("mmul-fixp", |p| linalg::mmul_fixp(p, &a, &b))?;
    }
}

/// `+mmul` at `%fixp` where every product is the greatest the width holds
/// (`min · min`), so a cell's sum passes `2^(2·width)` (bloq 6: `2^128`),
/// and where products cancel to a negative sum whose rescale truncates
/// toward zero.
#[test]
fn fixp_mmul_extremes() {
    let door = Door::lake(Round::N);
    for bloq in 3..=6u32 {
        let bits = 1u64 << bloq;
        let min = 1u128 << (bits - 1);
        let mask = support::mask(bloq);
        for frac in [0, 1, bits / 2, bits - 1] {
            let tail = Tail::Prec {
                a: Atom::from_u64(bits - 1 - frac),
                b: Atom::from_u64(frac),
            };
            let fixp = |shape: &[u64], v: &[u128]| {
                let mut r = int_ray(Kind::Fixp, shape, bloq, v, 1);
                r.meta.tail = tail.clone();
                r
            };
            for k in [1u64, 2, 3, 5, 9] {
                let mins = vec![min; k as usize];
                let (a, b) = (fixp(&[1, k], &mins), fixp(&[k, 1], &mins));
                let (fast, reference) = both(|p| linalg::mmul(&door.with_policy(p), &a, &b));
                assert_eq!(fast, reference, "bloq {bloq} frac {frac} k {k} min·min");
                // −1 · 1, then 1 · 1 … : sums −1, 0, 1, … around zero.
                let alt: Vec<u128> = (0..k).map(|i| if i == 0 { mask } else { 1 }).collect();
                let ones = vec![1u128; k as usize];
                let (a, b) = (fixp(&[1, k], &alt), fixp(&[k, 1], &ones));
                let (fast, reference) = both(|p| linalg::mmul(&door.with_policy(p), &a, &b));
                assert_eq!(fast, reference, "bloq {bloq} frac {frac} k {k} near zero");
            }
        }
    }
}

/// Integer rows the bits path must reproduce exactly, each also against the reference.
#[test]
fn int_bit_rows() {
    use elementwise::{add, div, gth, r#mod};
    use Kind::{Int2, Uint};
    let door = Door::lake(Round::N);
    let r = |(kind, bloq): (Kind, u32), v: &[u128]| int_ray(kind, &[v.len() as u64], bloq, v, 1);
    // `arm` on the bits path and on the reference: the same result, whose
    // data is `want` (an error where `want` is `None`).
    let check = |arm: &dyn Fn(&Door) -> Result<Ray, LagoonError>, want: Option<u128>| {
        let (got, reference) = both(|p| arm(&door.with_policy(p)));
        assert_eq!(got, reference);
        match want {
            Some(bits) => assert_eq!(got.unwrap().data, Atom::from_u128(bits)),
            None => assert!(got.is_err()),
        }
    };
    // `arm(a, b)` with both rays of dtype `t`, as `check` does.
    let two = |arm: Arm2, t: (Kind, u32), a: &[u128], b: &[u128], want: Option<u128>| {
        check(&|d| arm(d, &r(t, a), &r(t, b)), want);
    };
    // u8: 255 + 1 wraps to 0, 0 − 1 to 255 (pin at byte 2).
    two(add, (Uint, 3), &[0xff, 0], &[1, 0xff], Some(0x1_ff00));
    // i8: −128 ÷ −1 = −128, −7 ÷ 2 = −3 (toward zero), −7 mod 2 = −1 (the dividend's sign).
    two(div, (Int2, 3), &[0x80, 0xf9], &[0xff, 2], Some(0x1_fd80));
    two(r#mod, (Int2, 3), &[0xf9, 0x80], &[2, 0xff], Some(0x1_00ff));
    // Division by zero: the same error from both paths, at every bloq with a host type.
    for kind in [Uint, Int2] {
        for bloq in 3..=7 {
            two(div, (kind, bloq), &[5, 6, 7], &[1, 0, 1], None);
        }
    }
    // u32 +cumsum wraps; i16 comparisons are signed, u16 unsigned.
    let wraps = r((Uint, 5), &[0xffff_ffff, 2, 3]);
    check(&|d| reduce::cumsum(d, &wraps), Some(0x1_0000_0004));
    two(
        gth,
        (Int2, 4),
        &[0xffff, 1],
        &[1, 0xffff],
        Some(0x1_0001_0000),
    );
    two(
        gth,
        (Uint, 4),
        &[0xffff, 1],
        &[1, 0xffff],
        Some(0x1_0000_0001),
    );
}

/// Bit rows the bits path must reproduce exactly (each also checked against the reference).
#[test]
fn bit_rows() {
    let f32s = |v: &[u128]| ray(&[v.len() as u64], 5, v, 1);
    let z = Door::lake(Round::Z);
    // A one-element NaN slice is returned untouched by +sum-dim (no operation runs),
    // payload and sign kept — the kernels' fold would make it canonical.
    let a = ray(&[1, 1], 5, &[0xffc0_0001], 1);
    let (fast, reference) = both(|p| axis::reductions::sum_dim(&z.with_policy(p), &a, 0).unwrap());
    assert_eq!(fast, reference);
    assert_eq!(fast.data, Atom::from_u64(0x1_ffc0_0001));
    // +cumsum of one −0 is −0 + +0 = +0 except in %d.
    let m0 = f32s(&[0x8000_0000]);
    let (fast, _) = both(|p| reduce::cumsum(&z.with_policy(p), &m0).unwrap());
    assert_eq!(fast.data, Atom::from_u64(0x1_0000_0000));
    let (fast, _) = both(|p| reduce::cumsum(&Door::lake(Round::D).with_policy(p), &m0).unwrap());
    assert_eq!(fast.data, Atom::from_u64(0x1_8000_0000));
    // 1 + 2^-24 in %u rounds up to 1 + 2^-23; the pin block 0x7 of `a` is not copied.
    let a = ray(&[1], 5, &[0x3f80_0000], 7);
    let b = f32s(&[0x3380_0000]);
    let (fast, reference) =
        both(|p| elementwise::add(&Door::lake(Round::U).with_policy(p), &a, &b).unwrap());
    assert_eq!(fast, reference);
    assert_eq!(fast.data, Atom::from_u64(0x1_3f80_0001));
    // binary16 1/3 in %n, and a NaN quotient made canonical.
    let h = |v: &[u128]| ray(&[v.len() as u64], 4, v, 1);
    let (fast, reference) = both(|p| {
        elementwise::div(
            &Door::lake(Round::N).with_policy(p),
            &h(&[0x3c00, 0]),
            &h(&[0x4200, 0]),
        )
        .unwrap()
    });
    assert_eq!(fast, reference);
    assert_eq!(fast.data, Atom::from_u64(0x1_7e00_3555));
}
