//! The "native" yardstick of `urnum bench`: naive loops over host `f32`/`f64`
//! in the same order as the arm (no FMA: Rust never contracts `a*b + c`).
//!
//! binary16 runs the `f32` loop on the widened values (there is no portable
//! host `f16` arithmetic); binary128 has no yardstick. Rounding is the host's
//! round-to-nearest whatever the mode: the yardstick measures speed only.

use softblas::prog::Unary;
use softblas::scalar::i754::Width;
use std::hint::black_box;
use std::ops::{Add, Div, Mul, Sub};

/// A prepared native loop; `run` returns a checksum so that nothing is optimised away.
pub struct Loop(Box<dyn Fn() -> u64>);

impl Loop {
    /// The loop `f`.
    pub fn new(f: impl Fn() -> u64 + 'static) -> Loop {
        Loop(Box::new(f))
    }

    /// Runs the loop once.
    pub fn run(&self) -> u64 {
        (self.0)()
    }
}

/// A host float the loops run on.
trait Host:
    Copy
    + Default
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + PartialOrd
    + 'static
{
    fn key(self) -> u64;
    /// 1.0.
    fn one() -> Self;
    /// The host's libm function `MATH[k]` (for scale only: its bits are not the Hoon's).
    fn lib(self, k: u8) -> Self;
    /// The host's `self^y`: `powf` (`k = 0`) or `powi` of `y` as an integer (`k = 1`).
    fn pow(self, y: Self, k: u8) -> Self;
}

/// The `/lib/math` benchmarks and their arms, in the order [`Host::lib`] numbers them.
pub const MATH: [(&str, Unary); 12] = [
    ("exp", Unary::Exp),
    ("sin", Unary::Sin),
    ("cos", Unary::Cos),
    ("tan", Unary::Tan),
    ("log", Unary::Log),
    ("atan", Unary::Atan),
    ("sqt", Unary::Sqrt),
    ("cbt", Unary::Cbrt),
    ("asin", Unary::Asin),
    ("acos", Unary::Acos),
    ("log-2", Unary::Log2),
    ("log-10", Unary::Log10),
];

/// Applies the libm function `MATH[k]` of a host float type.
macro_rules! libm {
    ($t:ty, $x:expr, $k:expr) => {
        match $k {
            0 => <$t>::exp($x),
            1 => <$t>::sin($x),
            2 => <$t>::cos($x),
            3 => <$t>::tan($x),
            4 => <$t>::ln($x),
            5 => <$t>::atan($x),
            6 => <$t>::sqrt($x),
            7 => <$t>::cbrt($x),
            8 => <$t>::asin($x),
            9 => <$t>::acos($x),
            10 => <$t>::log2($x),
            _ => <$t>::log10($x),
        }
    };
}

/// [`Host`] for a host float type `$t` whose bits `key` widens to `u64`.
macro_rules! host_float {
    ($t:ident) => {
        impl Host for $t {
            fn key(self) -> u64 {
                u64::from(self.to_bits())
            }
            fn one() -> Self {
                1.0
            }
            fn lib(self, k: u8) -> Self {
                libm!($t, self, k)
            }
            fn pow(self, y: Self, k: u8) -> Self {
                if k == 0 {
                    self.powf(y)
                } else {
                    self.powi(y as i32)
                }
            }
        }
    };
}

host_float!(f32);
host_float!(f64);

/// The binary16 value of `h` as an `f32` (exact).
fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let m = f32::from(h & 0x3ff);
    match e {
        0 => sign * m * f32::powi(2.0, -24),
        31 => {
            if m == 0.0 {
                sign * f32::INFINITY
            } else {
                f32::NAN
            }
        }
        _ => sign * (1.0 + m / 1024.0) * f32::powi(2.0, e - 15),
    }
}

/// Builds the loop `make` over the operands converted to the host type of `w`, or `None` at binary128.
macro_rules! host {
    ($w:expr, $bits:expr, $sel:expr, |$v:ident : Vec<$t:ident>, $k:ident| $make:expr) => {{
        fn go<$t: Host>($v: Vec<Vec<$t>>, $k: u8) -> Loop {
            $make
        }
        match $w {
            Width::H => Some(go::<f32>(convert($bits, |x| half_to_f32(x as u16)), $sel)),
            Width::S => Some(go::<f32>(
                convert($bits, |x| f32::from_bits(x as u32)),
                $sel,
            )),
            Width::D => Some(go::<f64>(
                convert($bits, |x| f64::from_bits(x as u64)),
                $sel,
            )),
            Width::Q => None,
        }
    }};
}

/// Each operand's bits as host values.
fn convert<T, const K: usize>(bits: [&[u128]; K], f: impl Fn(u128) -> T) -> Vec<Vec<T>> {
    bits.iter()
        .map(|b| b.iter().map(|&x| f(x)).collect())
        .collect()
}

/// `out[i] = a[i] op b[i]`.
pub fn elementwise(op: &str, w: Width, a: &[u128], b: &[u128]) -> Option<Loop> {
    let sel = match op {
        "add" => 0,
        "mul" => 1,
        _ => 2,
    };
    host!(w, [a, b], sel, |v: Vec<T>, op| {
        let (a, b) = (v[0].clone(), v[1].clone());
        Loop(Box::new(move || {
            let (a, b) = (black_box(&a), black_box(&b));
            let out: Vec<T> = match op {
                0 => a.iter().zip(b).map(|(&x, &y)| x + y).collect(),
                1 => a.iter().zip(b).map(|(&x, &y)| x * y).collect(),
                _ => a.iter().zip(b).map(|(&x, &y)| x / y).collect(),
            };
            out[out.len() / 2].key()
        }))
    })
}

/// `x0 + (x1 + (… + (x_{n−1} + 0)))`.
pub fn cumsum(w: Width, a: &[u128]) -> Option<Loop> {
    host!(w, [a], 0, |v: Vec<T>, _k| {
        let a = v[0].clone();
        Loop(Box::new(move || {
            black_box(&a)
                .iter()
                .rev()
                .fold(T::default(), |acc, &x| x + acc)
                .key()
        }))
    })
}

/// The products, then their right fold from 0 (Lagoon's `+dot` is `+cumsum` of `+mul`).
pub fn dot(w: Width, a: &[u128], b: &[u128]) -> Option<Loop> {
    host!(w, [a, b], 0, |v: Vec<T>, _k| {
        let (a, b) = (v[0].clone(), v[1].clone());
        Loop(Box::new(move || {
            let (a, b) = (black_box(&a), black_box(&b));
            let prods: Vec<T> = a.iter().zip(b).map(|(&x, &y)| x * y).collect();
            prods
                .iter()
                .rev()
                .fold(T::default(), |acc, &x| x + acc)
                .key()
        }))
    })
}

/// The `n × n` product, each cell a left fold over k from 0 (loop order i, k, j).
pub fn mmul(w: Width, n: usize, a: &[u128], b: &[u128]) -> Option<Loop> {
    host!(w, [a, b], 0, |v: Vec<T>, _k| {
        let (a, b) = (v[0].clone(), v[1].clone());
        let n = a.len().isqrt();
        Loop(Box::new(move || {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut c = vec![T::default(); n * n];
            for i in 0..n {
                let row = &mut c[i * n..(i + 1) * n];
                for k in 0..n {
                    let x = a[i * n + k];
                    for (acc, &y) in row.iter_mut().zip(&b[k * n..(k + 1) * n]) {
                        *acc = *acc + x * y;
                    }
                }
            }
            c[n * n / 2].key()
        }))
    })
    .inspect(|_| debug_assert!(a.len() == n * n))
}

/// Column sums of an `n × n` matrix (`dim 0`), each a left fold seeded with the first row.
pub fn sum_dim(w: Width, n: usize, a: &[u128]) -> Option<Loop> {
    host!(w, [a], 0, |v: Vec<T>, _k| {
        let a = v[0].clone();
        let n = a.len().isqrt();
        Loop(Box::new(move || {
            let a = black_box(&a);
            let mut acc: Vec<T> = a[..n].to_vec();
            for i in 1..n {
                for (s, &x) in acc.iter_mut().zip(&a[i * n..(i + 1) * n]) {
                    *s = *s + x;
                }
            }
            acc[n / 2].key()
        }))
    })
    .inspect(|_| debug_assert!(a.len() == n * n))
}

/// Squared distances between the rows of two `n × d` matrices, each a left fold over d.
pub fn cdist_sq(w: Width, n: usize, d: usize, a: &[u128], b: &[u128]) -> Option<Loop> {
    let _ = n;
    host!(w, [a, b], 0, |v: Vec<T>, _k| {
        let (a, b) = (v[0].clone(), v[1].clone());
        let d = 32;
        let n = a.len() / d;
        Loop(Box::new(move || {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut out = vec![T::default(); n * n];
            for i in 0..n {
                for j in 0..n {
                    let (x, y) = (&a[i * d..(i + 1) * d], &b[j * d..(j + 1) * d]);
                    let sq = |k: usize| (x[k] - y[k]) * (x[k] - y[k]);
                    out[i * n + j] = (1..d).fold(sq(0), |acc, k| acc + sq(k));
                }
            }
            out[n * n / 2].key()
        }))
    })
    .inspect(|_| debug_assert!(d == 32))
}

/// The host's libm function `op` (one of [`MATH`]) on every element.
pub fn transcendental(op: &str, w: Width, a: &[u128]) -> Option<Loop> {
    let k = MATH.iter().position(|(m, _)| *m == op)? as u8;
    host!(w, [a], k, |v: Vec<T>, k| {
        let a = v[0].clone();
        Loop(Box::new(move || {
            let a = black_box(&a);
            let out: Vec<T> = a.iter().map(|&x| x.lib(k)).collect();
            out[out.len() / 2].key()
        }))
    })
}

/// `a_i ^ b_i` into a fresh buffer: `powf` for `pow`, `powi` for `pow-n`.
pub fn pow(op: &str, w: Width, a: &[u128], b: &[u128]) -> Option<Loop> {
    let k = u8::from(op == "pow-n");
    host!(w, [a, b], k, |v: Vec<T>, k| {
        let (a, b) = (v[0].clone(), v[1].clone());
        Loop(Box::new(move || {
            let (a, b) = (black_box(&a), black_box(&b));
            let out: Vec<T> = a.iter().zip(b).map(|(&x, &y)| x.pow(y, k)).collect();
            out[out.len() / 2].key()
        }))
    })
}

/// `y_i = y_i + α·x_i` into a fresh buffer (`?axpy`), α the first element of `x`.
pub fn axpy(w: Width, x: &[u128], y: &[u128]) -> Option<Loop> {
    host!(w, [x, y], 0, |v: Vec<T>, _k| {
        let (x, y) = (v[0].clone(), v[1].clone());
        Loop(Box::new(move || {
            let (x, y) = (black_box(&x), black_box(&y));
            let alpha = x[0];
            let out: Vec<T> = y.iter().zip(x).map(|(&b, &a)| b + alpha * a).collect();
            out[out.len() / 2].key()
        }))
    })
}

/// `x_i = α·x_i` into a fresh buffer (`?scal`).
pub fn scal(w: Width, x: &[u128], alpha: u128) -> Option<Loop> {
    host!(w, [x, &[alpha]], 0, |v: Vec<T>, _k| {
        let (x, alpha) = (v[0].clone(), v[1][0]);
        Loop(Box::new(move || {
            let out: Vec<T> = black_box(&x).iter().map(|&a| alpha * a).collect();
            out[out.len() / 2].key()
        }))
    })
}

/// `Σ |x_i|`, a left fold from 0 (`?asum`).
pub fn asum(w: Width, x: &[u128]) -> Option<Loop> {
    host!(w, [x], 0, |v: Vec<T>, _k| {
        let x = v[0].clone();
        Loop(Box::new(move || {
            let abs = |a: T| {
                if a < T::default() {
                    T::default() - a
                } else {
                    a
                }
            };
            black_box(&x)
                .iter()
                .fold(T::default(), |acc, &a| acc + abs(a))
                .key()
        }))
    })
}

/// The magnitude of a host value.
fn mag<T: Host>(a: T) -> T {
    if a < T::default() {
        T::default() - a
    } else {
        a
    }
}

/// `‖x‖₂` by the running scale of `?nrm2` (`complex`: over the components of
/// the bench's complex operand in order, dividing first as `?cnrm2` does).
pub fn nrm2(w: Width, x: &[u128], complex: bool) -> Option<Loop> {
    host!(w, [x], u8::from(complex), |v: Vec<T>, k| {
        let [re, im] = parts(&v[0]);
        let v: Vec<T> = if k == 1 {
            re.iter().zip(&im).flat_map(|(&a, &b)| [a, b]).collect()
        } else {
            re
        };
        Loop(Box::new(move || {
            let (zero, one) = (T::default(), T::one());
            let (mut scale, mut ssq) = (zero, one);
            for &x in black_box(&v) {
                let a = mag(x);
                if a == zero {
                    continue;
                }
                if scale < a {
                    let q = if k == 1 {
                        (scale / a) * (scale / a)
                    } else {
                        (scale * scale) / (a * a)
                    };
                    ssq = one + ssq * q;
                    scale = a;
                } else if k == 1 {
                    ssq = ssq + (a / scale) * (a / scale);
                } else {
                    ssq = ssq + (a * a) / (scale * scale);
                }
            }
            (scale * ssq).key()
        }))
    })
}

/// `Σ (|re x_i| + |im x_i|)` over the bench's complex operand (`?casum`), or
/// (`first_max`) the index of the first largest `|re x_i| + |im x_i|` (`i?camax`).
pub fn casum(w: Width, x: &[u128], first_max: bool) -> Option<Loop> {
    host!(w, [x], u8::from(first_max), |v: Vec<T>, k| {
        let [re, im] = parts(&v[0]);
        Loop(Box::new(move || {
            let (re, im) = (black_box(&re), black_box(&im));
            let mags = re.iter().zip(im).map(|(&a, &b)| mag(a) + mag(b));
            if k == 1 {
                let (mut best, mut m) = (0, T::default());
                for (i, v) in mags.enumerate() {
                    if i == 0 || v > m {
                        (best, m) = (i, v);
                    }
                }
                best as u64
            } else {
                mags.fold(T::default(), |acc, v| acc + v).key()
            }
        }))
    })
}

/// `x_i, y_i = c·x_i + s·y_i, c·y_i − s·x_i` into fresh buffers (`?rot`, `c`
/// and `s` the first elements of `x` and `y`), or with `rotm` the flag −1
/// rotation `x_i, y_i = x_i·h11 + y_i·h12, x_i·h21 + y_i·h22` (`h` the
/// elements 1–4 of `x`).
pub fn rot(w: Width, x: &[u128], y: &[u128], rotm: bool) -> Option<Loop> {
    host!(w, [x, y], u8::from(rotm), |v: Vec<T>, k| {
        let (x, y) = (v[0].clone(), v[1].clone());
        Loop(Box::new(move || {
            let (x, y) = (black_box(&x), black_box(&y));
            let (h11, h12, h21, h22) = if k == 1 {
                (x[1], x[3], x[2], x[4])
            } else {
                (x[0], y[0], T::default() - y[0], x[0])
            };
            let (xo, yo): (Vec<T>, Vec<T>) = x
                .iter()
                .zip(y)
                .map(|(&a, &b)| (a * h11 + b * h12, a * h21 + b * h22))
                .unzip();
            xo[xo.len() / 2].key() ^ yo[yo.len() / 2].key()
        }))
    })
}

/// The complex parts `v_i` and `v_{len−1−i}` of the bench's complex operands.
fn parts<T: Copy>(v: &[T]) -> [Vec<T>; 2] {
    [v.to_vec(), v.iter().rev().copied().collect()]
}

/// `Σ x_i·y_i` of complex vectors (`?dotu`; `?dotc` with `conj`), operands
/// paired as the bench pairs them, each component a left fold from 0.
pub fn cdot(w: Width, a: &[u128], b: &[u128], conj: bool) -> Option<Loop> {
    host!(w, [a, b], u8::from(conj), |v: Vec<T>, k| {
        let ([ar, ai], [br, bi]) = (parts(&v[0]), parts(&v[1]));
        let ai: Vec<T> = if k == 1 {
            ai.iter().map(|&v| T::default() - v).collect()
        } else {
            ai
        };
        Loop(Box::new(move || {
            let [ar, ai, br, bi] = black_box([&ar, &ai, &br, &bi]);
            let (mut sr, mut si) = (T::default(), T::default());
            for i in 0..ar.len() {
                sr = sr + (ar[i] * br[i] - ai[i] * bi[i]);
                si = si + (ar[i] * bi[i] + ai[i] * br[i]);
            }
            sr.key() ^ si.key()
        }))
    })
}

/// The complex rotation `x_i, y_i = c·x_i + s·y_i, c·y_i − s·x_i` into fresh
/// buffers (`crot`, `c` and `s` the first complex elements of `x` and `y`).
pub fn crot(w: Width, a: &[u128], b: &[u128]) -> Option<Loop> {
    host!(w, [a, b], 0, |v: Vec<T>, _k| {
        let ([ar, ai], [br, bi]) = (parts(&v[0]), parts(&v[1]));
        Loop(Box::new(move || {
            let [ar, ai, br, bi] = black_box([&ar, &ai, &br, &bi]);
            let mul = |(p, q): (T, T), (u, v): (T, T)| (p * u - q * v, p * v + q * u);
            let (c, s) = ((ar[0], ai[0]), (br[0], bi[0]));
            let out: Vec<[T; 4]> = (0..ar.len())
                .map(|i| {
                    let (x, y) = ((ar[i], ai[i]), (br[i], bi[i]));
                    let (cx, sy, cy, sx) = (mul(c, x), mul(s, y), mul(c, y), mul(s, x));
                    [cx.0 + sy.0, cx.1 + sy.1, cy.0 - sx.0, cy.1 - sx.1]
                })
                .collect();
            let mid = out[out.len() / 2];
            mid.iter().fold(0, |k, v| k ^ v.key())
        }))
    })
}

/// `y_i = α·(Σ_j a_ij·v_j) + β·v_i` for the row-major `n × n` matrix `a` and
/// `v` the first `n` elements of `b`, each sum a left fold from 0 (`?gemv`,
/// α and β the second and third elements of `a`).
pub fn gemv(w: Width, n: usize, a: &[u128], b: &[u128]) -> Option<Loop> {
    host!(w, [a, &b[..n]], 0, |v: Vec<T>, _k| {
        let (a, x) = (v[0].clone(), v[1].clone());
        let n = x.len();
        Loop(Box::new(move || {
            let (a, x) = (black_box(&a), black_box(&x));
            let (alpha, beta) = (a[1], a[2]);
            let out: Vec<T> = (0..n)
                .map(|i| {
                    let row = &a[i * n..(i + 1) * n];
                    let d = row
                        .iter()
                        .zip(x)
                        .fold(T::default(), |d, (&p, &q)| d + p * q);
                    alpha * d + beta * x[i]
                })
                .collect();
            out[n / 2].key()
        }))
    })
    .inspect(|_| debug_assert!(a.len() == n * n))
}

/// The complex `n × n` product, operands paired as the bench pairs them
/// (element `i` is `v_i + v_{len−1−i}·i`), each cell a left fold over k from 0
/// of the four-product complex product (loop order i, k, j).
pub fn cmmul(w: Width, n: usize, a: &[u128], b: &[u128]) -> Option<Loop> {
    host!(w, [a, b], 0, |v: Vec<T>, _k| {
        let n = v[0].len().isqrt();
        let ([ar, ai], [br, bi]) = (parts(&v[0]), parts(&v[1]));
        Loop(Box::new(move || {
            let [ar, ai, br, bi] = black_box([&ar, &ai, &br, &bi]);
            let (mut cr, mut ci) = (vec![T::default(); n * n], vec![T::default(); n * n]);
            for i in 0..n {
                let (rr, ri) = (&mut cr[i * n..(i + 1) * n], &mut ci[i * n..(i + 1) * n]);
                for k in 0..n {
                    let (xr, xi) = (ar[i * n + k], ai[i * n + k]);
                    let row = k * n..(k + 1) * n;
                    for (((sr, si), &yr), &yi) in rr
                        .iter_mut()
                        .zip(ri.iter_mut())
                        .zip(&br[row.clone()])
                        .zip(&bi[row])
                    {
                        *sr = *sr + (xr * yr - xi * yi);
                        *si = *si + (xr * yi + xi * yr);
                    }
                }
            }
            (cr[n * n / 2].key()) ^ ci[n * n / 2].key()
        }))
    })
    .inspect(|_| debug_assert!(a.len() == n * n))
}
