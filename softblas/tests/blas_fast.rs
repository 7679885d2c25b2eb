//! Property tests: the SoftBLAS routines on the kernel layer equal their
//! SoftFloat loops bit for bit, at every width and in every rounding mode,
//! over long vectors whose sums walk, grow, stagnate, tie, overflow and
//! cancel, with NaN, ±∞, ±0 and subnormal elements, at the strides each
//! routine takes (0 and negative included where it takes them).
//!
//! The SoftFloat side is each routine's order as its doc comment states,
//! written here once more over the soft core (`softblas::ieee::soft`, which
//! never runs on the hardware); `blas_oracle.rs` checks the same orders
//! against MPFR on short vectors. Case counts come from `PROPTEST_CASES`;
//! each case runs all 4 widths × 5 modes.

mod i754_support;

use i754_support::{pack, value, Rng};
use proptest::prelude::*;
use softblas::blas::{self, Complex};
use softblas::exec::fast::kernels;
use softblas::ieee::{self, soft, Width};
use softblas::scalar::i754;
use softblas::{Round, Word};

/// A fraction field, often with only its top few bits set (short significands tie).
fn fraction(w: Width, rng: &mut Rng) -> u128 {
    let f = rng.next128() & ((1 << w.frac_bits()) - 1);
    match rng.below(3) {
        0 => f & !((1u128 << (w.frac_bits() - rng.below(4) as u32)) - 1),
        _ => f,
    }
}

/// One element of a sum of style `style`: hard values (0), a signed walk
/// near 1 (1), positive values that grow and stagnate the sum (2), short
/// significands in a narrow band, ties against the sum's grid (3), values of
/// the largest binades that overflow, with either sign (4), the subnormals
/// and smallest normals with either sign, which cancel to exact zeros (5).
fn element(w: Width, rng: &mut Rng, style: u64) -> u128 {
    let bias = u128::from(w.bias());
    let top = (1u128 << w.exp_bits()) - 2;
    let neg = rng.below(2) == 1;
    match style {
        0 => value(w, rng),
        1 => pack(w, neg, bias + rng.below(7) as u128 - 3, fraction(w, rng)),
        2 => pack(w, false, bias + rng.below(11) as u128 - 6, fraction(w, rng)),
        3 => {
            let f = rng.next128() & ((1 << w.frac_bits()) - 1);
            let keep = rng.below(3) as u32;
            let f = f & !((1u128 << (w.frac_bits() - keep)) - 1);
            pack(w, neg && rng.below(4) == 0, bias + rng.below(3) as u128, f)
        }
        4 => pack(
            w,
            neg && rng.below(8) == 0,
            top - rng.below(3) as u128,
            fraction(w, rng),
        ),
        _ => pack(w, neg, rng.below(3) as u128, fraction(w, rng)),
    }
}

/// `n` elements in runs of one style each (the sums change regime midway).
fn elements(w: Width, rng: &mut Rng, n: usize) -> Vec<u128> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let (style, run) = (rng.below(6), 1 + rng.below(600) as usize);
        for _ in 0..run.min(n - out.len()) {
            out.push(element(w, rng, style));
        }
    }
    out
}

/// A length: short, around the kernels' blocks, or long.
fn length(rng: &mut Rng) -> usize {
    match rng.below(3) {
        0 => rng.below(20) as usize,
        1 => 56 + rng.below(300) as usize,
        _ => rng.below(3000) as usize,
    }
}

/// Position of element `i` of `n` at signed stride `inc` (BLAS: negative from the end).
fn pos(n: usize, inc: isize, i: usize) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    }
}

/// The elements at positions `at` of `v`, as `T`.
fn words<T: Word>(v: &[u128]) -> Vec<T> {
    v.iter().map(|&b| T::of_bits(b)).collect()
}

/// A buffer holding `n` elements at stride `|inc|`, from [`elements`].
fn strided(w: Width, rng: &mut Rng, n: usize, inc: isize) -> Vec<u128> {
    let len = if n == 0 {
        0
    } else {
        (n - 1) * inc.unsigned_abs() + 1
    };
    elements(w, rng, len)
}

/// Runs `$body` with `$T` the element type of width `$w`.
macro_rules! by_width {
    ($w:expr, $T:ident => $body:expr) => {
        match $w {
            Width::H => {
                type $T = u16;
                $body
            }
            Width::S => {
                type $T = u32;
                $body
            }
            Width::D => {
                type $T = u64;
                $body
            }
            Width::Q => {
                type $T = u128;
                $body
            }
        }
    };
}

/// The left fold by addition from `seed` over the kernel layer ([`kernels::sum_left`])
/// against the soft core's fold.
fn check_sum(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let n = length(&mut rng);
            let v = elements(w, &mut rng, n);
            let s = if rng.below(2) == 0 {
                0
            } else {
                value(w, &mut rng)
            };
            let want = v.iter().fold(s, |acc, &x| soft::add(w, r, acc, x));
            let want = if n == 0 { s } else { want };
            let got = by_width!(w, T => kernels::sum_left::<T>(softblas::Policy::FAST, r, T::of_bits(s), &words::<T>(&v)).bits());
            assert_eq!(got, want, "sum {w:?} {r:?} n={n} seed={s:#x} v={v:x?}");
        }
    }
}

/// `?dot` (signed strides, 0 included) and `?asum` (unsigned strides, 0
/// included) against their SoftFloat loops.
fn check_dot_asum(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let n = length(&mut rng);
            let incs = [1, 1, 2, -1, -3, 0];
            let incx = incs[rng.below(incs.len() as u64) as usize];
            let incy = incs[rng.below(incs.len() as u64) as usize];
            let (x, y) = (strided(w, &mut rng, n, incx), strided(w, &mut rng, n, incy));
            let want = (0..n).fold(0, |acc, i| {
                let p = soft::mul(w, r, x[pos(n, incx, i)], y[pos(n, incy, i)]);
                soft::add(w, r, acc, p)
            });
            let want = ieee::canon(w, want);
            let got = by_width!(w, T => {
                let (xs, ys) = (words::<T>(&x), words::<T>(&y));
                blas::dot(n, &xs, incx, &ys, incy, softblas::Policy::FAST, r).expect("in bounds").bits()
            });
            assert_eq!(got, want, "dot {w:?} {r:?} n={n} incx={incx} incy={incy}");
            let inc = incx.unsigned_abs();
            let want = if n == 0 || inc == 0 {
                0
            } else {
                let sum = (0..n).fold(0, |acc, i| soft::add(w, r, acc, x[i * inc] & !w.sign_bit()));
                ieee::canon(w, sum)
            };
            let got = by_width!(w, T => {
                blas::asum(n, &words::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds").bits()
            });
            assert_eq!(got, want, "asum {w:?} {r:?} n={n} inc={inc} x={x:x?}");
        }
    }
}

/// SoftFloat at one width and mode (the soft core), on bits, with SoftBLAS's complex macros.
#[derive(Clone, Copy)]
struct Sf {
    w: Width,
    r: Round,
}

/// A complex element as bits, real part first.
type C = (u128, u128);

impl Sf {
    fn add(self, a: u128, b: u128) -> u128 {
        soft::add(self.w, self.r, a, b)
    }
    fn sub(self, a: u128, b: u128) -> u128 {
        soft::sub(self.w, self.r, a, b)
    }
    fn mul(self, a: u128, b: u128) -> u128 {
        soft::mul(self.w, self.r, a, b)
    }
    fn cadd(self, a: C, b: C) -> C {
        (self.add(a.0, b.0), self.add(a.1, b.1))
    }
    fn csub(self, a: C, b: C) -> C {
        (self.sub(a.0, b.0), self.sub(a.1, b.1))
    }
    fn cmul(self, a: C, b: C) -> C {
        (
            self.sub(self.mul(a.0, b.0), self.mul(a.1, b.1)),
            self.add(self.mul(a.0, b.1), self.mul(a.1, b.0)),
        )
    }
    /// SoftBLAS's complex `nan_unify`: either component NaN makes both the canonical NaN.
    fn cunify(self, a: C) -> C {
        if ieee::is_nan(self.w, a.0) || ieee::is_nan(self.w, a.1) {
            let n = ieee::canonical_nan(self.w);
            (n, n)
        } else {
            a
        }
    }
}

/// Complex elements whose components are [`elements`].
fn celements(w: Width, rng: &mut Rng, n: usize) -> Vec<C> {
    let (re, im) = (elements(w, rng, n), elements(w, rng, n));
    re.into_iter().zip(im).collect()
}

/// A buffer holding `n` complex elements at stride `|inc|`.
fn cstrided(w: Width, rng: &mut Rng, n: usize, inc: isize) -> Vec<C> {
    let len = if n == 0 {
        0
    } else {
        (n - 1) * inc.unsigned_abs() + 1
    };
    celements(w, rng, len)
}

fn cwords<T: Word>(v: &[C]) -> Vec<Complex<T>> {
    v.iter()
        .map(|&(a, b)| Complex::new(T::of_bits(a), T::of_bits(b)))
        .collect()
}

fn cbits<T: Word>(v: &[Complex<T>]) -> Vec<C> {
    v.iter().map(|z| (z.re.bits(), z.im.bits())).collect()
}

fn bits<T: Word>(v: &[T]) -> Vec<u128> {
    v.iter().map(|b| b.bits()).collect()
}

/// A signed stride, 0 and negative included.
fn sinc(rng: &mut Rng) -> isize {
    [1, 1, 2, -1, -2, 0][rng.below(6) as usize]
}

/// An unsigned stride, 0 included.
fn uinc(rng: &mut Rng) -> usize {
    [1, 1, 2, 3, 0][rng.below(5) as usize]
}

/// `?rot` (unsigned strides) and `?rotm` (every flag) against their SoftFloat loops.
fn check_rot_rotm(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let sf = Sf { w, r };
            let n = length(&mut rng);
            let (incx, incy) = (uinc(&mut rng), uinc(&mut rng));
            let x = strided(w, &mut rng, n, incx as isize);
            let y = strided(w, &mut rng, n, incy as isize);
            let style = rng.below(6);
            let (c, s) = (element(w, &mut rng, style), element(w, &mut rng, 1));
            let (mut wx, mut wy) = (x.clone(), y.clone());
            for i in 0..n {
                let (xi, yj) = (wx[i * incx], wy[i * incy]);
                let t = sf.add(sf.mul(c, xi), sf.mul(s, yj));
                wy[i * incy] = ieee::canon(w, sf.sub(sf.mul(c, yj), sf.mul(s, xi)));
                wx[i * incx] = ieee::canon(w, t);
            }
            let (gx, gy) = by_width!(w, T => {
                let (mut gx, mut gy) = (words::<T>(&x), words::<T>(&y));
                let (c, s) = (T::of_bits(c), T::of_bits(s));
                blas::rot(n, &mut gx, incx, &mut gy, incy, c, s, softblas::Policy::FAST, r).expect("in bounds");
                (bits(&gx), bits(&gy))
            });
            assert_eq!(
                (gx, gy),
                (wx, wy),
                "rot {w:?} {r:?} n={n} incx={incx} incy={incy}"
            );

            // rotm: flag −1, 0, 1 or anything else (NaN included), and −2 (no-op).
            let flags = [
                ieee::neg_one(w),
                0,
                ieee::one(w),
                ieee::pow2(w, 1) | w.sign_bit(),
                value(w, &mut rng),
            ];
            let flag = flags[rng.below(flags.len() as u64) as usize];
            let p: Vec<u128> = (0..4)
                .map(|_| {
                    let style = rng.below(6);
                    element(w, &mut rng, style)
                })
                .collect();
            let eq = |a: u128, b: u128| {
                !ieee::is_nan(w, a)
                    && !ieee::is_nan(w, b)
                    && (a == b || (ieee::is_zero(w, a) && ieee::is_zero(w, b)))
            };
            let (one, m1) = (ieee::one(w), ieee::neg_one(w));
            let h = if eq(flag, m1) {
                Some([p[0], p[1], p[2], p[3]])
            } else if eq(flag, 0) {
                Some([one, p[1], p[2], one])
            } else if eq(flag, ieee::pow2(w, 1) | w.sign_bit()) {
                None
            } else {
                Some([p[0], m1, one, p[3]])
            };
            let (mut wx, mut wy) = (x.clone(), y.clone());
            if let Some([h11, h21, h12, h22]) = h {
                for i in 0..n {
                    let (a, b) = (wx[i * incx], wy[i * incy]);
                    wx[i * incx] = ieee::canon(w, sf.add(sf.mul(a, h11), sf.mul(b, h12)));
                    wy[i * incy] = ieee::canon(w, sf.add(sf.mul(a, h21), sf.mul(b, h22)));
                }
            }
            let (gx, gy) = by_width!(w, T => {
                let (mut gx, mut gy) = (words::<T>(&x), words::<T>(&y));
                let param = [flag, p[0], p[1], p[2], p[3]].map(T::of_bits);
                blas::rotm(n, &mut gx, incx, &mut gy, incy, &param, softblas::Policy::FAST, r).expect("in bounds");
                (bits(&gx), bits(&gy))
            });
            assert_eq!(
                (gx, gy),
                (wx, wy),
                "rotm {w:?} {r:?} n={n} incx={incx} incy={incy} flag={flag:#x}"
            );
        }
    }
}

/// The complex `?dotu`, `?dotc` and `crot` (signed strides, 0 and negative
/// included) against their SoftFloat loops.
fn check_complex(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let sf = Sf { w, r };
            let n = length(&mut rng) / 2;
            let (incx, incy) = (sinc(&mut rng), sinc(&mut rng));
            let x = cstrided(w, &mut rng, n, incx);
            let y = cstrided(w, &mut rng, n, incy);
            for conj in [false, true] {
                let want = (0..n).fold((0, 0), |acc, i| {
                    let (a, b) = (x[pos(n, incx, i)], y[pos(n, incy, i)]);
                    let a = if conj { (a.0, a.1 ^ w.sign_bit()) } else { a };
                    sf.cadd(acc, sf.cmul(a, b))
                });
                let want = sf.cunify(want);
                let got = by_width!(w, T => {
                    let (xs, ys) = (cwords::<T>(&x), cwords::<T>(&y));
                    let z = if conj {
                        blas::dotc(n, &xs, incx, &ys, incy, softblas::Policy::FAST, r)
                    } else {
                        blas::dot(n, &xs, incx, &ys, incy, softblas::Policy::FAST, r)
                    };
                    cbits(&[z.expect("in bounds")])[0]
                });
                assert_eq!(
                    got, want,
                    "dot conj={conj} {w:?} {r:?} n={n} incx={incx} incy={incy}"
                );
            }
            let (c, s) = (celements(w, &mut rng, 1)[0], celements(w, &mut rng, 1)[0]);
            let (mut wx, mut wy) = (x.clone(), y.clone());
            for i in 0..n {
                let (pi, pj) = (pos(n, incx, i), pos(n, incy, i));
                let (xi, yj) = (wx[pi], wy[pj]);
                let t = sf.cadd(sf.cmul(c, xi), sf.cmul(s, yj));
                wy[pj] = sf.cunify(sf.csub(sf.cmul(c, yj), sf.cmul(s, xi)));
                wx[pi] = sf.cunify(t);
            }
            let got = by_width!(w, T => {
                let (mut gx, mut gy) = (cwords::<T>(&x), cwords::<T>(&y));
                let (c, s) = (cwords::<T>(&[c])[0], cwords::<T>(&[s])[0]);
                blas::crot(n, &mut gx, incx, &mut gy, incy, c, s, softblas::Policy::FAST, r).expect("in bounds");
                (cbits(&gx), cbits(&gy))
            });
            assert_eq!(
                got,
                (wx, wy),
                "crot {w:?} {r:?} n={n} incx={incx} incy={incy}"
            );
        }
    }
}

/// The running scale of `?nrm2` (`divide_first` false) and the complex norms
/// over `v` in order, as their doc comments state, on the soft core.
fn o_norm(sf: Sf, v: &[u128], divide_first: bool) -> u128 {
    let w = sf.w;
    let lt = |a: u128, b: u128| {
        !ieee::is_nan(w, a) && !ieee::is_nan(w, b) && {
            let (a, b) = (soft_order(w, a), soft_order(w, b));
            a < b
        }
    };
    let (mut scale, mut ssq) = (0, ieee::one(w));
    for &x in v {
        let a = x & !w.sign_bit();
        if a == 0 {
            continue;
        }
        if lt(scale, a) {
            let q = if divide_first {
                let q = soft::div(w, sf.r, scale, a);
                sf.mul(q, q)
            } else {
                soft::div(w, sf.r, sf.mul(scale, scale), sf.mul(a, a))
            };
            ssq = sf.add(ieee::one(w), sf.mul(ssq, q));
            scale = a;
        } else {
            let q = if divide_first {
                let q = soft::div(w, sf.r, a, scale);
                sf.mul(q, q)
            } else {
                soft::div(w, sf.r, sf.mul(a, a), sf.mul(scale, scale))
            };
            ssq = sf.add(ssq, q);
        }
    }
    ieee::canon(w, sf.mul(scale, soft::sqt(w, sf.r, ssq)))
}

/// A total order key of a non-NaN value's bits (sign-magnitude to two's complement).
fn soft_order(w: Width, a: u128) -> i128 {
    let mag = (a & !w.sign_bit()) as i128;
    if a & w.sign_bit() != 0 {
        -mag
    } else {
        mag
    }
}

/// `?nrm2`, the complex norms, `?casum`, `i?amax` and `i?camax` (unsigned
/// strides, 0 included) against their SoftFloat loops.
fn check_norms(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let sf = Sf { w, r };
            let n = length(&mut rng);
            let inc = uinc(&mut rng);
            let x = strided(w, &mut rng, n, inc as isize);
            let at: Vec<u128> = (0..n).map(|i| x[i * inc]).collect();
            let want = match n {
                _ if n == 0 || inc == 0 => 0,
                1 => ieee::canon(w, at[0] & !w.sign_bit()),
                _ => o_norm(sf, &at, false),
            };
            let got = by_width!(w, T => blas::nrm2(n, &words::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds").bits());
            assert_eq!(got, want, "nrm2 {w:?} {r:?} n={n} inc={inc} x={at:x?}");
            let mags: Vec<u128> = at.iter().map(|&v| v & !w.sign_bit()).collect();
            let gt = |a: u128, b: u128| {
                ieee::is_nan(w, a) || ieee::is_nan(w, b) || soft_order(w, a) > soft_order(w, b)
            };
            let first_max = |m: &[u128]| {
                let mut best = 0;
                for i in 1..m.len() {
                    if gt(m[i], m[best]) {
                        best = i;
                    }
                }
                best
            };
            let want = if n < 2 || inc == 0 {
                0
            } else {
                first_max(&mags)
            };
            let got = by_width!(w, T => blas::iamax(n, &words::<T>(&x), inc).expect("in bounds"));
            assert_eq!(got, want, "iamax {w:?} n={n} inc={inc}");

            let n = n / 2;
            let x = cstrided(w, &mut rng, n, inc as isize);
            let at: Vec<C> = (0..n).map(|i| x[i * inc]).collect();
            let parts: Vec<u128> = at.iter().flat_map(|&(a, b)| [a, b]).collect();
            let want = if n == 0 || inc == 0 {
                0
            } else {
                o_norm(sf, &parts, true)
            };
            let got = by_width!(w, T => blas::cnrm2(n, &cwords::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds").bits());
            assert_eq!(got, want, "cnrm2 {w:?} {r:?} n={n} inc={inc} x={at:x?}");
            let sums: Vec<u128> = at
                .iter()
                .map(|&(a, b)| sf.add(a & !w.sign_bit(), b & !w.sign_bit()))
                .collect();
            let want = if n == 0 || inc == 0 {
                0
            } else {
                ieee::canon(w, sums.iter().fold(0, |acc, &m| sf.add(acc, m)))
            };
            let got = by_width!(w, T => blas::casum(n, &cwords::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds").bits());
            assert_eq!(got, want, "casum {w:?} {r:?} n={n} inc={inc}");
            let want = if n < 2 || inc == 0 {
                0
            } else {
                first_max(&sums)
            };
            let got = by_width!(w, T => blas::icamax(n, &cwords::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds"));
            assert_eq!(got, want, "icamax {w:?} {r:?} n={n} inc={inc}");
        }
    }
}

/// `?axpy` (signed strides) and `?scal` (unsigned strides), real and
/// complex, 0 strides included (one position updated `n` times), against
/// their SoftFloat loops.
fn check_axpy_scal(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let sf = Sf { w, r };
            let n = length(&mut rng) / 2;
            let (incx, incy) = (sinc(&mut rng), [0, 0, 1, -2][rng.below(4) as usize]);
            let x = strided(w, &mut rng, n, incx);
            let y = strided(w, &mut rng, n, incy);
            let style = rng.below(6);
            let alpha = element(w, &mut rng, style);
            let mut want = y.clone();
            for i in 0..n {
                let j = pos(n, incy, i);
                want[j] = ieee::canon(w, sf.add(want[j], sf.mul(alpha, x[pos(n, incx, i)])));
            }
            let got = by_width!(w, T => {
                let mut g = words::<T>(&y);
                blas::axpy(n, T::of_bits(alpha), &words::<T>(&x), incx, &mut g, incy, softblas::Policy::FAST, r)
                    .expect("in bounds");
                bits(&g)
            });
            assert_eq!(got, want, "axpy {w:?} {r:?} n={n} incx={incx} incy={incy}");
            let inc = incy.unsigned_abs();
            let mut want = y.clone();
            for i in 0..n {
                want[i * inc] = ieee::canon(w, sf.mul(alpha, want[i * inc]));
            }
            let got = by_width!(w, T => {
                let mut g = words::<T>(&y);
                blas::scal(n, T::of_bits(alpha), &mut g, inc, softblas::Policy::FAST, r).expect("in bounds");
                bits(&g)
            });
            assert_eq!(got, want, "scal {w:?} {r:?} n={n} inc={inc}");

            let (cx, cy) = (
                cstrided(w, &mut rng, n, incx),
                cstrided(w, &mut rng, n, incy),
            );
            let ca = celements(w, &mut rng, 1)[0];
            let mut want = cy.clone();
            for i in 0..n {
                let j = pos(n, incy, i);
                want[j] = sf.cunify(sf.cadd(want[j], sf.cmul(ca, cx[pos(n, incx, i)])));
            }
            let got = by_width!(w, T => {
                let mut g = cwords::<T>(&cy);
                let a = cwords::<T>(&[ca])[0];
                blas::axpy(n, a, &cwords::<T>(&cx), incx, &mut g, incy, softblas::Policy::FAST, r).expect("in bounds");
                cbits(&g)
            });
            assert_eq!(got, want, "caxpy {w:?} {r:?} n={n} incx={incx} incy={incy}");
            let mut want = cy.clone();
            for i in 0..n {
                want[i * inc] = sf.cunify(sf.cmul(ca, want[i * inc]));
            }
            let got = by_width!(w, T => {
                let mut g = cwords::<T>(&cy);
                blas::scal(n, cwords::<T>(&[ca])[0], &mut g, inc, softblas::Policy::FAST, r).expect("in bounds");
                cbits(&g)
            });
            assert_eq!(got, want, "cscal {w:?} {r:?} n={n} inc={inc}");
        }
    }
}

/// `sdsdot` and `hsdot`: exact widenings, the products and the left fold
/// from `α` at the wide width, the result rounded to binary32, unified.
fn check_widening(seed: u64) {
    let mut rng = Rng(seed);
    for r in Round::ALL {
        for (from, wide) in [(Width::S, Width::D), (Width::H, Width::S)] {
            let n = length(&mut rng);
            let incs = [1, 1, 2, -1, -3, 0];
            let incx = incs[rng.below(incs.len() as u64) as usize];
            let incy = incs[rng.below(incs.len() as u64) as usize];
            let (x, y) = (
                strided(from, &mut rng, n, incx),
                strided(from, &mut rng, n, incy),
            );
            let style = rng.below(8);
            let alpha = element(from, &mut rng, style);
            let up = |v| i754::convert(from, wide, r, v);
            let acc = (0..n).fold(up(alpha), |acc, i| {
                let p = soft::mul(wide, r, up(x[pos(n, incx, i)]), up(y[pos(n, incy, i)]));
                soft::add(wide, r, acc, p)
            });
            let want = ieee::canon(Width::S, i754::convert(wide, Width::S, r, acc));
            let got = i754_support::widening_dot(from, n, alpha, (&x, incx), (&y, incy), r);
            assert_eq!(
                got, want,
                "{from:?}->{wide:?} {r:?} n={n} incx={incx} incy={incy} alpha={alpha:#x}"
            );
        }
    }
}

proptest! {
    #[test]
    fn sum_left_equals_the_softfloat_fold(seed in any::<u64>()) { check_sum(seed) }

    #[test]
    fn widening_dots_equal_their_softfloat_loops(seed in any::<u64>()) { check_widening(seed) }

    #[test]
    fn dot_and_asum_equal_their_softfloat_loops(seed in any::<u64>()) { check_dot_asum(seed) }

    #[test]
    fn rot_and_rotm_equal_their_softfloat_loops(seed in any::<u64>()) { check_rot_rotm(seed) }

    #[test]
    fn complex_dots_and_crot_equal_their_softfloat_loops(seed in any::<u64>()) { check_complex(seed) }

    #[test]
    fn norms_sums_and_maxima_equal_their_softfloat_loops(seed in any::<u64>()) { check_norms(seed) }

    #[test]
    fn axpy_and_scal_equal_their_softfloat_loops(seed in any::<u64>()) { check_axpy_scal(seed) }
}
