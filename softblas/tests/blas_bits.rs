//! Bit tables for `softblas::blas`: each row pins one fact of SoftBLAS's
//! semantics (order, NaN handling, stride rules, argument checks), plus the
//! exact posit and fixed-point products and two cross-checks: `gemm` with
//! `α = 1, β = 0` is `exec::contract` (Lagoon's `+mmul`), and the posit and
//! fixed-point dots equal their scalar definitions on the strided vectors.

use proptest::prelude::*;
use softblas::blas::exact::{pdot, pgemm, xdot, xgemm};
use softblas::blas::names::*;
use softblas::blas::{self, BlasError, Complex, Layout, Trans};
use softblas::exec;
use softblas::scalar::{fixp, i754, unum};
use softblas::Policy;
use softblas::{Atom, Dtype, Kind, Prec, Round};

const ONE_S: u32 = 0x3f80_0000;
const NAN_S: u32 = 0x7fc0_0000;

#[test]
fn dot_is_a_left_fold_from_zero() {
    // [1, 2^-24, 2^-24]·[1, 1, 1]: left, (1 + 2^-24) + 2^-24 = 1 (each a tie to
    // even); Lagoon's right fold gives 1 + 2^-23 (`+dot`'s `reel`, lagoon.hoon@aa6f2a6).
    let x = [ONE_S, 0x3380_0000, 0x3380_0000];
    for r in [Round::N, Round::Z] {
        assert_eq!(sdot(3, &x, 1, &[ONE_S; 3], 1, Policy::FAST, r), Ok(ONE_S));
    }
    // Upward, each tie rounds up: 1 + 2^-23, then up again.
    assert_eq!(
        sdot(3, &x, 1, &[ONE_S; 3], 1, Policy::FAST, Round::U),
        Ok(0x3f80_0002)
    );
    // No terms: +0.
    assert_eq!(sdot(0, &[], 1, &[], 1, Policy::FAST, Round::D), Ok(0));
}

#[test]
fn negative_strides_walk_from_the_end() {
    // x read backwards: 3·1 + 2·10 + 1·100 = 123.
    let (x, y) = (
        [1.0f32, 2.0, 3.0].map(f32::to_bits),
        [1.0f32, 10.0, 100.0].map(f32::to_bits),
    );
    assert_eq!(
        sdot(3, &x, -1, &y, 1, Policy::FAST, Round::N),
        Ok(123.0f32.to_bits())
    );
    // Stride −2 over 5 elements reads positions 4, 2, 0.
    let x5 = [1.0f32, 0.0, 2.0, 0.0, 3.0].map(f32::to_bits);
    assert_eq!(
        sdot(3, &x5, -2, &y, 1, Policy::FAST, Round::N),
        Ok(123.0f32.to_bits())
    );
    // A buffer one element short is an error, not a read out of bounds.
    assert_eq!(
        sdot(3, &x5[..4], -2, &y, 1, Policy::FAST, Round::N),
        Err(BlasError::Short {
            arg: "x",
            need: 5,
            len: 4
        })
    );
}

#[test]
fn outputs_are_nan_unified() {
    // axpy: −∞·0 is a NaN; the stored NaN is the canonical positive one.
    let mut y = [0x7f80_0001u32, 0];
    saxpy(
        2,
        0xff80_0000,
        &[ONE_S, 0],
        1,
        &mut y,
        1,
        Policy::FAST,
        Round::N,
    )
    .unwrap();
    assert_eq!(y, [NAN_S, NAN_S]);
    // copy unifies too (a signalling, negative NaN in, canonical out).
    let mut y = [0u16; 1];
    hcopy(1, &[0xfd01], 1, &mut y, 1, Policy::FAST, Round::N).unwrap();
    assert_eq!(y, [0x7e00]);
    // A complex NaN in one component unifies both.
    let mut z = [Complex::new(ONE_S, 0)];
    cscal(
        1,
        Complex::new(0x7f80_0000, 0),
        &mut z,
        1,
        Policy::FAST,
        Round::N,
    )
    .unwrap();
    // (∞·1 − 0·0) + (∞·0 + 0·1)i = ∞ + NaN·i → NaN + NaN·i.
    assert_eq!(z, [Complex::new(NAN_S, NAN_S)]);
}

#[test]
fn iamax_uses_the_gt_macro() {
    // gt is !le: a NaN is taken, and the next element always replaces it.
    let x = [1.0f32, 0.0, 2.0, 0.5].map(f32::to_bits);
    let x = [x[0], NAN_S, x[2], x[3]];
    assert_eq!(isamax(4, &x, 1), Ok(2));
    let x = [ONE_S, 2.0f32.to_bits(), NAN_S];
    assert_eq!(isamax(3, &x, 1), Ok(2));
    // Ties keep the first; −3 has the largest magnitude.
    let x = [1.0f32, -3.0, 3.0].map(f32::to_bits);
    assert_eq!(isamax(3, &x, 1), Ok(1));
    // A zero stride or fewer than two elements: 0 without reading.
    assert_eq!(isamax(5, &[], 0), Ok(0));
    assert_eq!(isamax(1, &[], 1), Ok(0));
}

#[test]
fn unsigned_strides_follow_softblas() {
    // asum with stride 0 is +0 without reading.
    assert_eq!(sasum(4, &[], 0, Policy::FAST, Round::N), Ok(0));
    // scal with stride 0 scales x_0 n times: 2·2·2·2 = 16.
    let mut x = [2.0f64.to_bits()];
    dscal(3, 2.0f64.to_bits(), &mut x, 0, Policy::FAST, Round::N).unwrap();
    assert_eq!(x, [16.0f64.to_bits()]);
    // asum clears signs: |−1| + |2| = 3.
    assert_eq!(
        dasum(
            2,
            &[(-1.0f64).to_bits(), 2.0f64.to_bits()],
            1,
            Policy::FAST,
            Round::N
        ),
        Ok(3.0f64.to_bits())
    );
}

#[test]
fn norms() {
    let x = [3.0f32, 4.0].map(f32::to_bits);
    assert_eq!(
        snrm2(2, &x, 1, Policy::FAST, Round::N),
        Ok(5.0f32.to_bits())
    );
    assert_eq!(snrm2_b(2, &x, 1, Round::N), Ok(5.0f32.to_bits()));
    // One element: its absolute value, unified.
    assert_eq!(
        snrm2(1, &[(-2.0f32).to_bits()], 1, Policy::FAST, Round::N),
        Ok(2.0f32.to_bits())
    );
    // Blue's big accumulator takes 2^100, whose square overflows binary32.
    // 2^100 = 0x7180_0000; the norm is 2^76·√(2^49) = 2^100·√2 rounded once = 0x71b5_04f3.
    assert_eq!(snrm2_b(2, &[0x7180_0000; 2], 1, Round::N), Ok(0x71b5_04f3));
    // A complex norm runs over the 2n components.
    let z = [Complex::new(3.0f32.to_bits(), 4.0f32.to_bits())];
    assert_eq!(
        scnrm2(1, &z, 1, Policy::FAST, Round::N),
        Ok(5.0f32.to_bits())
    );
}

#[test]
fn rotg_scales_by_the_sum() {
    // rotg(3, 4) at binary64, nearest: r = 7·√((3/7)² + (4/7)²) is one ulp
    // below 5, so c and s are one ulp above 0.6 and 0.8; z = 1/c (|b| ≥ |a|).
    let g = drotg(3.0f64.to_bits(), 4.0f64.to_bits(), Round::N);
    assert_eq!(g.r, 0x4013_ffff_ffff_ffff);
    assert_eq!(g.c, 0x3fe3_3333_3333_3334);
    assert_eq!(g.s, 0x3fe9_9999_9999_999b);
    assert_eq!(g.z, 0x3ffa_aaaa_aaaa_aaaa);
    // Both zero: c = 1, s = r = z = 0.
    let g = srotg(0, 0x8000_0000, Round::N);
    assert_eq!((g.r, g.z, g.c, g.s), (0, 0, ONE_S, 0));
}

#[test]
fn rotmg_cases() {
    // p2 = d2·y1 = 0: only param[0] = −2 is written.
    let (mut d1, mut d2, mut x1) = (ONE_S, 0, ONE_S);
    let mut p = [7u32; 5];
    srotmg(&mut d1, &mut d2, &mut x1, ONE_S, &mut p, Round::N).unwrap();
    assert_eq!(
        (d1, d2, x1, p),
        (ONE_S, 0, ONE_S, [0xc000_0000, 7, 7, 7, 7])
    );
    // d1 < 0: flag −1 and everything zero.
    let (mut d1, mut d2, mut x1) = (0xbf80_0000, ONE_S, ONE_S);
    srotmg(&mut d1, &mut d2, &mut x1, ONE_S, &mut p, Round::N).unwrap();
    assert_eq!((d1, d2, x1, p), (0, 0, 0, [0xbf80_0000, 0, 0, 0, 0]));
    // A negative d2 whose q2 underflows to −0 leaves d1 negative, and SoftBLAS's
    // first rescaling loop never ends (d1 → −∞ stays ≤ 2^-24): found by the
    // property test at binary128 in mode A.
    let (mut d1, mut d2, mut x1) = (
        0x1792_8d8e_e66a_5ae6_0a0c_0000_0000u128,
        0xc010_060f_8ae0_74c6_0b81_ac58_a6e3_0d60,
        0x8000_3008_f390_108a_439d_5691_638c_1c3d,
    );
    let y1 = 0x8003_ee14_fbf8_ed10_a4ef_65bc_5fce_0000;
    let mut p = [0u128; 5];
    assert_eq!(
        qrotmg(&mut d1, &mut d2, &mut x1, y1, &mut p, Round::A),
        Err(BlasError::Diverges)
    );
    assert_eq!(p, [0; 5], "nothing is written on divergence");
}

#[test]
fn gemv_and_gemm_arguments() {
    let a = [1.0f32, 2.0, 3.0, 4.0].map(f32::to_bits);
    let x = [1.0f32, 1.0].map(f32::to_bits);
    // `y ← 1·op(A)·x + 0·y` for the 2 × 2 `a`, with the layout, transpose and `x` stride given.
    let gemv = |layout, trans, incx, y: &mut [u32]| {
        sgemv(
            layout,
            trans,
            2,
            2,
            ONE_S,
            &a,
            2,
            &x,
            incx,
            0,
            y,
            1,
            Policy::FAST,
            Round::N,
        )
    };
    let mut y = [0u32; 2];
    // Row-major [[1 2] [3 4]]·[1 1] = [3 7]; column-major reads the transpose.
    gemv(Layout::Row, Trans::N, 1, &mut y).unwrap();
    assert_eq!(y, [3.0f32, 7.0].map(f32::to_bits));
    gemv(Layout::Col, Trans::N, 1, &mut y).unwrap();
    assert_eq!(y, [4.0f32, 6.0].map(f32::to_bits));
    // β = 0 still multiplies: an ∞ in y gives NaN.
    let mut y = [0x7f80_0000u32, 0];
    gemv(Layout::Row, Trans::T, 1, &mut y).unwrap();
    assert_eq!(y, [NAN_S, 6.0f32.to_bits()]);
    // 'C' is rejected for real elements, as is a zero stride: nothing is written.
    let mut y = [5u32, 5];
    assert!(matches!(
        gemv(Layout::Row, Trans::C, 1, &mut y),
        Err(BlasError::Arg(_))
    ));
    assert!(matches!(
        gemv(Layout::Row, Trans::N, 0, &mut y),
        Err(BlasError::Arg(_))
    ));
    let mut c = [5u32; 4];
    assert!(matches!(
        sgemm(
            Trans::N,
            Trans::C,
            2,
            2,
            2,
            ONE_S,
            &a,
            2,
            &a,
            2,
            0,
            &mut c,
            2,
            Policy::FAST,
            Round::N
        ),
        Err(BlasError::Arg(_))
    ));
    assert_eq!((y, c), ([5, 5], [5; 4]));
    // Complex 'C' conjugates: [i]ᴴ·[i] = (−i)(i) = 1.
    let i = Complex::new(0u32, ONE_S);
    let mut c = [Complex::new(0u32, 0)];
    cgemm(
        Trans::C,
        Trans::N,
        1,
        1,
        1,
        Complex::new(ONE_S, 0),
        &[i],
        1,
        &[i],
        1,
        Complex::default(),
        &mut c,
        1,
        Policy::FAST,
        Round::N,
    )
    .unwrap();
    assert_eq!(c, [Complex::new(ONE_S, 0)]);
}

#[test]
fn widening_dots() {
    // hsdot accumulates in binary32: 2048 + 1 is exact there (not in binary16).
    let x = [0x6800u16, 0x3c00]; // 2048, 1
    assert_eq!(
        hsdot(2, 0, &x, 1, &[0x3c00; 2], 1, Policy::FAST, Round::N),
        Ok(2049.0f32.to_bits())
    );
    // sdsdot adds alpha first and rounds to binary32 once at the end.
    let x = [ONE_S, 0x3380_0000, 0x3380_0000];
    assert_eq!(
        sdsdot(3, 0, &x, 1, &[ONE_S; 3], 1, Policy::FAST, Round::N),
        Ok(0x3f80_0001)
    );
}

#[test]
fn posit_dot_rounds_once() {
    // posit8: 1 = 0x40, 2^-4 = 0x20 (half an ulp of 1). Rounding each sum keeps
    // 1 (two ties to even); the quire sums exactly to 1.125 = 0x41.
    let w = unum::Width::P8;
    let seq = unum::add(w, unum::add(w, 0x40, 0x20), 0x20);
    assert_eq!(seq, 0x40);
    assert_eq!(
        pdot::<u8>(3, &[0x40, 0x20, 0x20], 1, &[0x40; 3], 1),
        Ok(0x41)
    );
    // NaR in, NaR out.
    assert_eq!(pdot::<u8>(2, &[0x40, 0x80], 1, &[0x40; 2], 1), Ok(0x80));
    // A 1×3·3×1 pgemm is the same sum.
    let mut c = [0u8];
    pgemm::<u8>(
        Trans::N,
        Trans::N,
        1,
        3,
        1,
        &[0x40, 0x20, 0x20],
        3,
        &[0x40; 3],
        1,
        &mut c,
        1,
    )
    .unwrap();
    assert_eq!(c, [0x41]);
}

/// Two's-complement `bits`-bit value of `v`.
fn signed(v: u128, bits: u32) -> i128 {
    let v = v as i128;
    if v >> (bits - 1) & 1 == 1 {
        v - (1i128 << bits)
    } else {
        v
    }
}

fn pos(n: usize, inc: isize, i: usize) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    }
}

proptest! {
    /// gemm with α = 1, β = 0 and a zero C is Lagoon's `+mmul` (exec::contract), in every mode.
    #[test]
    fn gemm_is_mmul(bits in prop::collection::vec(any::<u32>(), 36), m in 0usize..4, k in 0usize..4, p in 0usize..4, ri in 0usize..5) {
        let r = Round::ALL[ri];
        let a: Vec<u32> = bits[..m * k].to_vec();
        let b: Vec<u32> = bits[18..18 + k * p].to_vec();
        let mut c = vec![0u32; m * p];
        blas::gemm(Trans::N, Trans::N, m, k, p, ONE_S, &a, k.max(1), &b, p.max(1), 0, &mut c, p.max(1), Policy::FAST, r).unwrap();
        let t = Dtype { kind: Kind::I754, bloq: 5, prec: None };
        let atoms = |v: &[u32]| v.iter().map(|&x| Atom::from(x)).collect::<Vec<_>>();
        let want = exec::contract(Policy::FAST, &t, r, (m, k, p), &atoms(&a), &atoms(&b)).unwrap();
        prop_assert_eq!(atoms(&c), want);
    }

    /// pdot is `+fdp` of the strided vectors, at every posit width.
    #[test]
    fn pdot_is_fdp_of_the_walk(bits in prop::collection::vec(any::<u128>(), 12), n in 0usize..5, incx in -2isize..3, incy in -2isize..3) {
        let span = |inc: isize| if n == 0 { 0 } else { (n - 1) * inc.unsigned_abs() + 1 };
        let (x, y) = (&bits[..span(incx)], &bits[..span(incy)]);
        let xs: Vec<u128> = (0..n).map(|i| x[pos(n, incx, i)]).collect();
        let ys: Vec<u128> = (0..n).map(|i| y[pos(n, incy, i)]).collect();
        let mask = |w: unum::Width, v: &[u128]| v.iter().map(|&b| b & w.mask()).collect::<Vec<_>>();
        let w = unum::Width::P16;
        let x16: Vec<u16> = x.iter().map(|&b| b as u16).collect();
        let y16: Vec<u16> = y.iter().map(|&b| b as u16).collect();
        prop_assert_eq!(u128::from(pdot::<u16>(n, &x16, incx, &y16, incy).unwrap()), unum::fdp(w, &mask(w, &xs), &mask(w, &ys)));
        let w = unum::Width::P64;
        let x64: Vec<u64> = x.iter().map(|&b| b as u64).collect();
        let y64: Vec<u64> = y.iter().map(|&b| b as u64).collect();
        prop_assert_eq!(u128::from(pdot::<u64>(n, &x64, incx, &y64, incy).unwrap()), unum::fdp(w, &mask(w, &xs), &mask(w, &ys)));
    }

    /// xdot and xgemm are the exact integer sum of products, truncated toward
    /// zero by 2^b once and wrapped to a + b + 1 bits (checked in i128).
    #[test]
    fn fixed_point_dot_is_exact(a in 0u32..8, b in 0u32..8, bits in prop::collection::vec(any::<u32>(), 20), n in 0usize..5, incx in -2isize..3, incy in -2isize..3) {
        let prec = Prec { a, b };
        let nb = a + b + 1;
        let mask = (1u128 << nb) - 1;
        let vals: Vec<Atom> = bits.iter().map(|&v| Atom::from_u128(u128::from(v) & mask)).collect();
        let span = |inc: isize| if n == 0 { 0 } else { (n - 1) * inc.unsigned_abs() + 1 };
        let (x, y) = (&vals[..span(incx)], &vals[10..10 + span(incy)]);
        let sum: i128 = (0..n)
            .map(|i| signed(x[pos(n, incx, i)].low_u128(), nb) * signed(y[pos(n, incy, i)].low_u128(), nb))
            .sum();
        let want = Atom::from_u128(((sum / (1i128 << b)) as u128) & mask);
        prop_assert_eq!(xdot(prec, n, x, incx, y, incy).unwrap(), want.clone());
        prop_assert_eq!(fixp::fdp(prec, &(0..n).map(|i| x[pos(n, incx, i)].clone()).collect::<Vec<_>>(),
            &(0..n).map(|i| y[pos(n, incy, i)].clone()).collect::<Vec<_>>()), want.clone());
        if incx == 1 && incy == 1 && n > 0 {
            // A 1×n·n×1 product is the same cell.
            let mut c = [Atom::ZERO];
            xgemm(prec, Trans::N, Trans::N, 1, n, 1, x, n, y, 1, &mut c, 1).unwrap();
            prop_assert_eq!(c[0].clone(), want);
        }
    }
}

#[test]
fn i754_widths_of_the_names() {
    // The prefixes are the widths: h = binary16 ... q = binary128.
    assert_eq!(
        hdot(1, &[0x3c00], 1, &[0x3c00], 1, Policy::FAST, Round::N),
        Ok(0x3c00)
    );
    assert_eq!(
        ddot(
            1,
            &[i754::one(i754::Width::D) as u64],
            1,
            &[0x4000_0000_0000_0000],
            1,
            Policy::FAST,
            Round::N
        ),
        Ok(0x4000_0000_0000_0000)
    );
    let one_q = i754::one(i754::Width::Q);
    assert_eq!(
        qdot(2, &[one_q; 2], 1, &[one_q; 2], 1, Policy::FAST, Round::N),
        Ok(i754::pow2(i754::Width::Q, 1))
    );
    let one_c = Complex::new(0x3c00u16, 0);
    assert_eq!(
        idotu(1, &[one_c], 1, &[one_c], 1, Policy::FAST, Round::N),
        Ok(one_c)
    );
}
