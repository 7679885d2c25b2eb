//! Saloon's element-wise arms on the kernel layer (saloon.hoon@424a2bf
//! `+trans-scalar`, `+fun-scalar`, `+el-wise-op:la`, `+bin-op:la`): a bit
//! table of the quirks the gate tables and loops keep (each row says what it
//! pins), and a property test against the scalar libraries called directly.

use lagoon::{Meta, Ray};
use proptest::prelude::*;
use saloon::elementwise::{binary, fun_scalar, trans_scalar, unary, BinaryOp, UnaryOp};
use saloon::{Sa, SaloonError};
use softblas::math::{self, MathError};
use softblas::scalar::cplx::{Cplx, Plane};
use softblas::scalar::i754::Width;
use softblas::scalar::unum::{self, fns};
use softblas::{Atom, Kind, Round};

fn ray(kind: Kind, bloq: u32, xs: &[u128]) -> Ray {
    let e: Vec<Atom> = xs.iter().map(|&x| Atom::from_u128(x)).collect();
    Ray::from_elems(Meta::new(vec![xs.len() as u64], bloq, kind), &e).unwrap()
}

fn empty(kind: Kind, bloq: u32) -> Ray {
    Ray::from_elems(Meta::new(vec![0], bloq, kind), &[]).unwrap()
}

fn elems(r: &Ray) -> Vec<u128> {
    (0..r.meta.elems().unwrap())
        .map(|i| r.get_u128(i))
        .collect()
}

fn crashes<T>(r: Result<T, SaloonError>) -> bool {
    matches!(r, Err(e) if !e.is_unsupported())
}

fn unsupported<T>(r: Result<T, SaloonError>) -> bool {
    matches!(r, Err(e) if e.is_unsupported())
}

#[test]
fn gate_tables_and_loops() {
    let sa = Sa::bare();
    // The gate is built before the loop: %int2, %fixp, a bloq outside the kind's
    // table, and %uint ops other than factorial crash even on an empty ray.
    assert!(crashes(unary(&sa, UnaryOp::Exp, &empty(Kind::Int2, 5))));
    assert!(crashes(unary(&sa, UnaryOp::Exp, &empty(Kind::Fixp, 5))));
    assert!(crashes(unary(&sa, UnaryOp::Exp, &empty(Kind::I754, 3))));
    assert!(crashes(unary(&sa, UnaryOp::Exp, &empty(Kind::Unum, 7))));
    assert!(crashes(unary(&sa, UnaryOp::Neg, &empty(Kind::Uint, 3))));
    assert!(crashes(trans_scalar(&sa, 8, Kind::I754, UnaryOp::Sin)));
    // A %cplx factorial is a gate that crashes only when called: an empty ray
    // passes through, a nonempty one crashes.
    let e = empty(Kind::Cplx, 6);
    assert_eq!(unary(&sa, UnaryOp::Factorial, &e).unwrap(), e);
    let z = ray(Kind::Cplx, 6, &[0x4000_0000_3f80_0000]);
    assert!(crashes(unary(&sa, UnaryOp::Factorial, &z)));
    assert!(crashes(binary(&sa, BinaryOp::PowN, &z, &z)));
    // +bin-op crashes on an empty ray ((dec 0)) and on metas that differ.
    let r = empty(Kind::I754, 5);
    assert!(crashes(binary(&sa, BinaryOp::Pow, &r, &r)));
    let (a, b) = (
        ray(Kind::I754, 5, &[0x4000_0000]),
        ray(Kind::I754, 6, &[0x4000_0000_0000_0000]),
    );
    assert!(crashes(binary(&sa, BinaryOp::Pow, &a, &b)));
    // %uint: factorial is the exact x! cut to the element; %pow is %pow-n, exact x^n cut.
    let u = ray(Kind::Uint, 3, &[5, 6, 200]);
    assert_eq!(
        elems(&unary(&sa, UnaryOp::Factorial, &u).unwrap()),
        vec![120, 720 % 256, 0]
    );
    let (x, n) = (ray(Kind::Uint, 3, &[3, 2]), ray(Kind::Uint, 3, &[5, 9]));
    for op in [BinaryOp::Pow, BinaryOp::PowN] {
        assert_eq!(
            elems(&binary(&sa, op, &x, &n).unwrap()),
            vec![243, 0],
            "{op:?}"
        );
    }
    // The %uint gates read no rounding mode: one program whatever rnd is.
    let m = Meta::new(vec![1], 3, Kind::Uint);
    assert_ne!(
        fun_scalar(&sa, &m, BinaryOp::Pow).unwrap(),
        fun_scalar(&Sa::sake(Round::Z, Atom::ONE), &m, BinaryOp::Pow).unwrap(),
        "the program carries its mode, even where the kind ignores it"
    );
}

#[test]
fn rtol_travels_in_the_factorial_gate() {
    // 3! at @rd: bare sa's rtol 0x1 meets |x − 1| < rtol exactly at x = 1, giving 6;
    // rtol = 0 never does, so the count-down passes below 1 and never ends.
    let three = ray(Kind::I754, 6, &[0x4008_0000_0000_0000]);
    assert_eq!(
        elems(&unary(&Sa::bare(), UnaryOp::Factorial, &three).unwrap()),
        vec![0x4018_0000_0000_0000]
    );
    let zero_tol = Sa::sake(Round::N, Atom::ZERO);
    assert!(unsupported(unary(&zero_tol, UnaryOp::Factorial, &three)));
    // A wide rtol is read at the element width (the door masks it): 0x1 above bit 63
    // is 0 at @rd.
    let wide = Sa::sake(Round::N, Atom::from_u128(1 << 64));
    assert!(unsupported(unary(&wide, UnaryOp::Factorial, &three)));
    // Negative x fails the Hoon's ?> (gte x .0): a crash.
    let neg = ray(Kind::I754, 6, &[0xc008_0000_0000_0000]);
    assert!(crashes(unary(&Sa::bare(), UnaryOp::Factorial, &neg)));
}

/// The value the library gives for `op` at one element: `Ok(bits)`, or `Err(true)` for a
/// crash and `Err(false)` for unsupported.
type Oracle = Result<u128, bool>;

fn math_oracle(r: Result<u128, MathError>) -> Oracle {
    r.map_err(|e| {
        matches!(
            e,
            MathError::ToiNotFinite { .. } | MathError::Assertion { .. }
        )
    })
}

fn unary_oracle(sa: &Sa, kind: Kind, bloq: u32, op: UnaryOp, x: u128) -> Oracle {
    match kind {
        Kind::I754 => {
            let w = Width::from_bloq(bloq).unwrap();
            let d = math::Door::with(w, sa.rnd, sa.rtol.low_u128(), 0).unwrap();
            math_oracle(match op {
                UnaryOp::Neg => Ok(d.neg(x)),
                UnaryOp::Factorial => d.factorial(x),
                UnaryOp::Exp => d.exp(x),
                UnaryOp::Sin => Ok(d.sin(x)),
                UnaryOp::Cos => Ok(d.cos(x)),
                UnaryOp::Tan => Ok(d.tan(x)),
                UnaryOp::Log => Ok(d.log(x)),
                UnaryOp::Log10 => Ok(d.log_10(x)),
                UnaryOp::Log2 => Ok(d.log_2(x)),
                UnaryOp::Sqrt => Ok(d.sqt(x)),
                UnaryOp::Cbrt => d.cbt(x),
            })
        }
        Kind::Unum => {
            let w = unum::Width::from_bloq(bloq).unwrap();
            let f = match op {
                UnaryOp::Neg => return Ok(unum::neg(w, x)),
                UnaryOp::Sqrt => return Ok(unum::sqt(w, x)),
                UnaryOp::Factorial => fns::Unary::Factorial,
                UnaryOp::Exp => fns::Unary::Exp,
                UnaryOp::Sin => fns::Unary::Sin,
                UnaryOp::Cos => fns::Unary::Cos,
                UnaryOp::Tan => fns::Unary::Tan,
                UnaryOp::Log => fns::Unary::Log,
                UnaryOp::Log10 => fns::Unary::Log10,
                UnaryOp::Log2 => fns::Unary::Log2,
                UnaryOp::Cbrt => fns::Unary::Cbrt,
            };
            f.apply(sa.unum.expect("the door names a revision"), w, x)
                .map_err(|_| false)
        }
        _ => {
            let d = Plane::from_bloq(bloq, sa.rnd).unwrap();
            let p = Cplx::from_atom(d.w, &Atom::from_u128(x));
            let v = match op {
                UnaryOp::Neg => d.neg(p),
                UnaryOp::Exp => d.cexp(p),
                UnaryOp::Sin => d.csin(p),
                UnaryOp::Cos => d.ccos(p),
                UnaryOp::Tan => d.ctan(p),
                UnaryOp::Log => d.clog(p),
                UnaryOp::Sqrt => d.csqrt(p),
                _ => return Err(true),
            };
            Ok(v.to_atom(d.w).low_u128())
        }
    }
}

fn mode() -> impl Strategy<Value = Round> {
    prop::sample::select(vec![Round::N, Round::U, Round::D, Round::Z])
}

fn kind_bloq() -> impl Strategy<Value = (Kind, u32)> {
    prop::sample::select(vec![
        (Kind::I754, 4),
        (Kind::I754, 5),
        (Kind::Unum, 3),
        (Kind::Unum, 4),
        (Kind::Cplx, 5),
    ])
}

proptest! {
    /// Every unary arm is its library's arm at each element, the first failing element's
    /// crash or decline is the arm's, and the result keeps the ray's meta.
    #[test]
    fn unary_arms_are_the_libraries_elementwise(
        (kind, bloq) in kind_bloq(),
        op in prop::sample::select(UnaryOp::ALL.to_vec()),
        rnd in mode(),
        rtol in any::<u16>(),
        raw in prop::collection::vec(any::<u128>(), 0..4),
    ) {
        let sa = Sa::sake(rnd, Atom::from_u64(u64::from(rtol)));
        let mask = u128::MAX >> (128 - (1u32 << bloq));
        let xs: Vec<u128> = raw.iter().map(|x| x & mask).collect();
        let a = ray(kind, bloq, &xs);
        let expect: Result<Vec<u128>, bool> = xs
            .iter()
            .map(|&x| unary_oracle(&sa, kind, bloq, op, x).map(|v| v & mask))
            .collect();
        match (unary(&sa, op, &a), expect) {
            (Ok(r), Ok(v)) => {
                prop_assert_eq!(&r.meta, &a.meta);
                prop_assert_eq!(elems(&r), v);
            }
            (Err(e), Err(crash)) => prop_assert_eq!(!e.is_unsupported(), crash, "{}", e),
            (got, want) => prop_assert!(false, "{:?} vs {:?}", got, want),
        }
    }
}

/// `pow-n` over rays long enough for the kernel layer's rounds of products
/// (`math::batch::pow_n`, chunks of 256) is the door's loop at each element,
/// at `@rh @rs @rd` in every door mode; a failing exponent placed late
/// gives the door's crash.
#[test]
fn pow_n_over_long_rays_is_the_door_at_each_element() {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        s = s.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        s >> 11
    };
    for (bloq, w) in [(4, Width::H), (5, Width::S), (6, Width::D)] {
        for rnd in [Round::N, Round::U, Round::D, Round::Z] {
            let sa = Sa::sake(rnd, Atom::ZERO);
            let d = math::Door::with(w, rnd, 0, 0).unwrap();
            let one = softblas::scalar::i754::one(w);
            let len = 700;
            let xs: Vec<u128> = (0..len)
                .map(|i| match i % 3 {
                    0 => one + u128::from(next() % 64),
                    _ => u128::from(next()) & w.mask(),
                })
                .collect();
            let mut ns: Vec<u128> = (0..len)
                .map(|_| softblas::scalar::i754::sun(w, Round::N, &Atom::from_u64(next() % 70)))
                .collect();
            let want: Vec<u128> = xs
                .iter()
                .zip(&ns)
                .map(|(&x, &n)| d.pow_n(x, n).unwrap())
                .collect();
            let got = binary(
                &sa,
                BinaryOp::PowN,
                &ray(Kind::I754, bloq, &xs),
                &ray(Kind::I754, bloq, &ns),
            );
            assert_eq!(elems(&got.unwrap()), want, "{w:?} {rnd:?}");
            // A half as the exponent of element 600: the door's `?>` crash.
            ns[600] = softblas::scalar::i754::pow2(w, -1);
            let got = binary(
                &sa,
                BinaryOp::PowN,
                &ray(Kind::I754, bloq, &xs),
                &ray(Kind::I754, bloq, &ns),
            );
            assert!(crashes(got), "{w:?} {rnd:?}");
        }
    }
}
