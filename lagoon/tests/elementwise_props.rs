//! Properties of the elementwise arms (`lagoon::elementwise`): each arm equals
//! its scalar operation applied to every element, against an oracle of its own
//! (native wrapping integers for `%uint`/`%int2`, the `softblas::scalar::i754`
//! operations for `%i754`), keeps `a`'s meta, and the `-scalar` arms equal the
//! ray arms on `(fill meta.a n)`.

mod support;

use lagoon::elementwise as ew;
use lagoon::*;
use proptest::prelude::*;
use softblas::scalar::i754::{self, Width};
use support::*;

#[derive(Clone, Debug)]
struct Pair {
    meta: Meta,
    xs: Vec<u128>,
    ys: Vec<u128>,
    round: Round,
}

/// Two rays of one meta: `%uint`/`%int2` at bloq 3–6, `%i754` at bloq 4–7.
fn pair() -> impl Strategy<Value = Pair> {
    let kinds = vec![Kind::Uint, Kind::Int2, Kind::I754];
    pairs_of(drawn_meta(kinds, 3, usual_bloq))
}

/// Two rays of each drawn meta, with its rounding mode.
fn pairs_of(metas: impl Strategy<Value = (Meta, Round)>) -> impl Strategy<Value = Pair> {
    metas.prop_flat_map(|(meta, round)| {
        let v = (drawn_elements(&meta, 4), drawn_elements(&meta, 4));
        v.prop_map(move |(xs, ys)| Pair {
            meta: meta.clone(),
            xs,
            ys,
            round,
        })
    })
}

/// Integer comparison `op` (`gth gte lth lte equ neq`) of two elements whose
/// order is `ord` (equal elements are equal bits).
fn int_compare(op: &str, ord: std::cmp::Ordering) -> bool {
    match op {
        "gth" => ord.is_gt(),
        "gte" => ord.is_ge(),
        "lth" => ord.is_lt(),
        "lte" => ord.is_le(),
        "equ" => ord.is_eq(),
        _ => ord.is_ne(),
    }
}

/// The oracle of `op` on one pair of elements; `None` where the Hoon crashes.
fn oracle(op: &str, kind: Kind, bloq: u32, r: Round, x: u128, y: u128) -> Option<u128> {
    let m = mask(bloq);
    let w = 1u32 << bloq;
    let flag = |b: bool, one: u128| if b { one } else { 0 };
    match kind {
        Kind::Uint => Some(match op {
            "add" => x.wrapping_add(y) & m,
            "sub" => x.wrapping_sub(y) & m,
            "mul" => x.wrapping_mul(y) & m,
            "div" => x.checked_div(y)?,
            "mod" => x.checked_rem(y)?,
            _ => u128::from(int_compare(op, x.cmp(&y))),
        }),
        Kind::Int2 => {
            let (a, b) = (sext(x, w), sext(y, w));
            Some(match op {
                "add" => (a.wrapping_add(b) as u128) & m,
                "sub" => (a.wrapping_sub(b) as u128) & m,
                "mul" => (a.wrapping_mul(b) as u128) & m,
                "div" => (a.checked_div(b)? as u128) & m,
                "mod" => (a.checked_rem(b)? as u128) & m,
                _ => u128::from(int_compare(op, a.cmp(&b))),
            })
        }
        _ => {
            let f = Width::from_bloq(bloq).unwrap();
            let one = i754::one(f);
            Some(match op {
                "add" => i754::add(f, r, x, y),
                "sub" => i754::sub(f, r, x, y),
                "mul" => i754::mul(f, r, x, y),
                "div" => i754::div(f, r, x, y),
                "mod" => {
                    let (neg, mag) = i754::toi(f, r, i754::div(f, r, x, y))?;
                    let n = i754::san(f, r, neg, &mag);
                    i754::sub(f, r, x, i754::mul(f, r, y, n))
                }
                "gth" => flag(i754::lth(f, y, x), one),
                "gte" => flag(i754::lte(f, y, x), one),
                "lth" => flag(i754::lth(f, x, y), one),
                "lte" => flag(i754::lte(f, x, y), one),
                "equ" => flag(x == y, one),
                _ => flag(x != y, one),
            })
        }
    }
}

proptest! {
    #[test]
    fn ray_arms_apply_the_scalar_op(p in pair()) {
        let door = Door::lake(p.round);
        let (a, b) = (meta_ray(&p.meta, &p.xs), meta_ray(&p.meta, &p.ys));
        for (name, arm) in ELEMENTWISE {
            let want: Option<Vec<u128>> = p.xs.iter().zip(&p.ys)
                .map(|(x, y)| oracle(name, p.meta.kind, p.meta.bloq, p.round, *x, *y))
                .collect();
            match (arm(&door, &a, &b), want) {
                (Ok(got), Some(want)) => {
                    prop_assert_eq!(&got.meta, &p.meta, "{} keeps the meta", name);
                    prop_assert_eq!(got, meta_ray(&p.meta, &want), "{}", name);
                }
                (Err(e), None) => prop_assert!(!e.is_unsupported(), "{}: {}", name, e),
                (got, want) => prop_assert!(false, "{}: got {:?}, oracle {:?}", name, got, want),
            }
        }
    }

    #[test]
    fn scalar_arms_are_ray_arms_on_a_fill(p in pair(), n in any::<u128>()) {
        let door = Door::lake(p.round);
        let a = meta_ray(&p.meta, &p.xs);
        let n = Atom::from_u128(n);
        let b = fill(&p.meta, &n).unwrap();
        type S = fn(&Door, &Ray, &Atom) -> Result<Ray, LagoonError>;
        let pairs: [(S, RayArm); 5] = [
            (ew::add_scalar, ew::add),
            (ew::sub_scalar, ew::sub),
            (ew::mul_scalar, ew::mul),
            (ew::div_scalar, ew::div),
            (ew::mod_scalar, ew::r#mod),
        ];
        for (s, r) in pairs {
            prop_assert_eq!(s(&door, &a, &n).ok(), r(&door, &a, &b).ok());
        }
    }

    #[test]
    fn abs_and_conj_apply_the_unary_op(p in pair()) {
        let door = Door::lake(p.round);
        let a = meta_ray(&p.meta, &p.xs);
        let w = 1u32 << p.meta.bloq;
        let want: Vec<u128> = p.xs.iter().map(|&x| match p.meta.kind {
            Kind::Uint => x,
            Kind::Int2 => (sext(x, w).unsigned_abs()) & mask(p.meta.bloq),
            _ => i754::abs_la(Width::from_bloq(p.meta.bloq).unwrap(), x),
        }).collect();
        prop_assert_eq!(ew::abs(&door, &a).unwrap(), meta_ray(&p.meta, &want));
        prop_assert_eq!(ew::conj(&door, &a).unwrap(), a);
    }

    #[test]
    fn pow_n_is_repeated_mul(p in pair(), n in 0u64..5) {
        let door = Door::lake(p.round);
        let a = meta_ray(&p.meta, &p.xs);
        let mut want = ones(&p.meta).unwrap();
        if n > 0 {
            want = a.clone();
            for _ in 1..n {
                want = ew::mul(&door, &a, &want).unwrap();
            }
        }
        prop_assert_eq!(ew::pow_n(&door, &a, &Atom::from_u64(n)).unwrap(), want);
    }
}

/// A pair of rays of `%unum` (bloq 3–6), `%cplx` (bloq 5–7) or `%fixp` (q3.4 at bloq 3, q7.8 at bloq 4).
fn pair_other() -> impl Strategy<Value = Pair> {
    let kinds = vec![Kind::Unum, Kind::Cplx, Kind::Fixp];
    let bloq = |kind, b| match kind {
        Kind::Unum => 3 + b,
        Kind::Cplx => 5 + b % 3,
        _ => 3 + b % 2,
    };
    pairs_of(drawn_meta(kinds, 2, bloq).prop_map(|(mut meta, round)| {
        if meta.kind == Kind::Fixp {
            let (a, b) = if meta.bloq == 3 { (3, 4) } else { (7, 8) };
            meta.tail = Tail::Prec {
                a: Atom::from_u64(a),
                b: Atom::from_u64(b),
            };
        }
        (meta, round)
    }))
}

/// The library call behind `op` for the kinds of [`pair_other`]; `None` where the Hoon crashes.
fn oracle_other(op: &str, p: &Pair, x: u128, y: u128) -> Option<u128> {
    use softblas::scalar::{cplx, fixp, unum};
    let bloq = p.meta.bloq;
    match p.meta.kind {
        Kind::Unum => {
            let w = unum::Width::from_bloq(bloq).unwrap();
            Some(match op {
                "add" => unum::add(w, x, y),
                "sub" => unum::sub(w, x, y),
                "mul" => unum::mul(w, x, y),
                _ => unum::div(w, x, y),
            })
        }
        Kind::Cplx => {
            let d = cplx::Plane::from_bloq(bloq, p.round).unwrap();
            let (a, b) = (
                cplx::Cplx::from_atom(d.w, &Atom::from_u128(x)),
                cplx::Cplx::from_atom(d.w, &Atom::from_u128(y)),
            );
            let v = match op {
                "add" => d.add(a, b),
                "sub" => d.sub(a, b),
                "mul" => d.mul(a, b),
                _ => d.div(a, b),
            };
            Some(v.to_atom(d.w).low_u128())
        }
        _ => {
            let prec = if bloq == 3 {
                softblas::Prec { a: 3, b: 4 }
            } else {
                softblas::Prec { a: 7, b: 8 }
            };
            let (a, b) = (Atom::from_u128(x), Atom::from_u128(y));
            let v = match op {
                // add/sub are /lib/twoc at width 2^bloq, which equals a+b+1 here.
                "add" => fixp::add(&a, prec, &b, prec).ok()?,
                "sub" => fixp::sub(&a, prec, &b, prec).ok()?,
                "mul" => {
                    let (v, pp) = fixp::mul(&a, prec, &b, prec).ok()?;
                    fixp::scale(&v, pp, prec).ok()?
                }
                _ => fixp::div(&a, prec, &b, prec).ok()?.0,
            };
            Some(v.low_u128() & mask(bloq))
        }
    }
}

proptest! {
    #[test]
    fn other_kinds_apply_their_library(p in pair_other()) {
        let door = Door::lake(p.round);
        let (a, b) = (meta_ray(&p.meta, &p.xs), meta_ray(&p.meta, &p.ys));
        for (name, arm) in &ELEMENTWISE[..4] {
            let want: Option<Vec<u128>> =
                p.xs.iter().zip(&p.ys).map(|(x, y)| oracle_other(name, &p, *x, *y)).collect();
            match (arm(&door, &a, &b), want) {
                (Ok(got), Some(want)) => prop_assert_eq!(got, meta_ray(&p.meta, &want), "{}", name),
                (Err(e), None) => prop_assert!(!e.is_unsupported(), "{}: {}", name, e),
                (got, want) => prop_assert!(false, "{}: got {:?}, oracle {:?}", name, got, want),
            }
        }
    }
}
