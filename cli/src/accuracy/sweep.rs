//! The deterministic input sweep of each arm: which arguments the accuracy report measures.
//!
//! Each arm has a *core* region (the arguments most programs pass, sampled
//! uniformly in value) and a *wide* region (its whole finite domain, sampled
//! uniformly over bit patterns, which is log-uniform over magnitudes). Point
//! `i` of `n` is a pure function of `(arm, width, i, n)`: the first half of the
//! points is drawn from the core, the rest from the wide region, each from a
//! SplitMix64 stream seeded by the arm, the width and `i`. At `@rh` a
//! one-argument arm is swept exhaustively instead: every bit pattern but the
//! NaNs (63 490 inputs, ±∞ included). A point counts as *core* when its
//! arguments lie in the core region, whichever half drew it.

use super::func::Func;
use super::svg::{Axis, Panel};
use super::ulp::{self, Exact};
use crate::rng::SplitMix64;
use num_bigint::BigUint;
use rug::float::Constant;
use rug::ops::Pow;
use rug::{Float, Integer};
use softblas::scalar::i754::{self, Width};

/// Working precision of the sampler's arithmetic (well above `@rq`'s 113 bits).
const PREC: u32 = 256;

/// The sweep's only source of pseudo-randomness: the tools' SplitMix64
/// stream ([`crate::rng`]) seeded by the arm, the width and the point.
struct Rng(SplitMix64);

impl Rng {
    fn new(func: Func, w: Width, i: u64) -> Rng {
        // FNV-1a of the arm's name, mixed with the width and the point index.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in func.name().bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Rng(SplitMix64::new(
            h ^ (u64::from(w.bloq()) << 56) ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        ))
    }

    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform value in `[0, 1)` as a high-precision float.
    fn unit(&mut self) -> Float {
        let k = Float::with_val(PREC, self.next());
        k >> 64u32
    }

    /// A uniform integer in `[lo, hi]`.
    fn int(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }

    /// A uniform bit pattern among the magnitudes `lo..=hi` (as bits), negated half the time when `signed`.
    fn bits(&mut self, w: Width, lo: u128, hi: u128, signed: bool) -> u128 {
        let span = hi - lo + 1;
        let r = (u128::from(self.next()) << 64 | u128::from(self.next())) % span;
        let sign = if signed && self.next() & 1 == 1 {
            w.sign_bit()
        } else {
            0
        };
        sign | (lo + r)
    }
}

/// The float at `w` nearest to `v` (ties to even).
pub fn to_bits(w: Width, v: &Float) -> u128 {
    ulp::round_nearest(w, &from_float(v, false))
}

/// The exact value of an MPFR float; `sticky` says that the true value lies beyond it, away from zero.
pub fn from_float(v: &Float, sticky: bool) -> Exact {
    if v.is_nan() {
        return Exact::Nan;
    }
    let negative = v.is_sign_negative();
    if v.is_infinite() {
        return Exact::Inf { negative };
    }
    match v.to_integer_exp() {
        Some((int, exp)) if !v.is_zero() => Exact::Finite {
            negative,
            sig: BigUint::from_bytes_le(&int.abs().to_digits::<u8>(rug::integer::Order::Lsf)),
            exp: i64::from(exp),
            sticky,
        },
        // Zero, or an underflow below MPFR's own range: all that is known is a remainder far below any float.
        _ => Exact::Finite {
            negative,
            sig: BigUint::default(),
            exp: i64::from(i32::MIN),
            sticky,
        },
    }
}

/// The float `bits` at `w` as an MPFR float, exactly.
pub fn to_float(w: Width, bits: u128) -> Float {
    let p = w.precision();
    match ulp::decode(w, bits) {
        Exact::Nan => Float::with_val(p, rug::float::Special::Nan),
        Exact::Inf { negative: false } => Float::with_val(p, rug::float::Special::Infinity),
        Exact::Inf { negative: true } => Float::with_val(p, rug::float::Special::NegInfinity),
        Exact::Finite {
            negative, sig, exp, ..
        } => {
            if sig == BigUint::default() {
                let z = if negative {
                    rug::float::Special::NegZero
                } else {
                    rug::float::Special::Zero
                };
                return Float::with_val(p, z);
            }
            let int = Integer::from_digits(&sig.to_bytes_le(), rug::integer::Order::Lsf);
            let mut f = Float::with_val(p, int);
            f <<= exp as i32;
            if negative {
                -f
            } else {
                f
            }
        }
    }
}

/// One end of a core interval.
#[derive(Clone, Copy, Debug)]
enum Bound {
    /// A rational `num / den`.
    Q(i64, i64),
    /// `k·π`.
    Pi(i64),
    /// `ln` of the smallest subnormal (where `exp` stops giving nonzero results).
    LnMinSub,
    /// `ln` of the largest finite value (where `exp` starts to overflow).
    LnMax,
}

impl Bound {
    fn value(self, w: Width) -> Float {
        match self {
            Bound::Q(n, d) => Float::with_val(PREC, n) / d,
            Bound::Pi(k) => Float::with_val(PREC, Constant::Pi) * k,
            Bound::LnMinSub => Float::with_val(PREC, to_float(w, i754::min_subnormal(w))).ln(),
            Bound::LnMax => Float::with_val(PREC, to_float(w, i754::max_finite(w))).ln(),
        }
    }

    fn describe(self) -> String {
        match self {
            Bound::Q(n, 1) => n.to_string(),
            Bound::Q(n, d) => format!("{n}/{d}"),
            Bound::Pi(1) => "π".into(),
            Bound::Pi(-1) => "−π".into(),
            Bound::Pi(k) => format!("{k}π"),
            Bound::LnMinSub => "ln(min subnormal)".into(),
            Bound::LnMax => "ln(max finite)".into(),
        }
    }
}

/// The wide region of a one-argument arm: bit-uniform magnitudes in a range.
#[derive(Clone, Copy, Debug)]
enum Wide {
    /// Every finite value (`signed`) or every positive finite value.
    Finite { signed: bool },
    /// Every value of magnitude at most 1, both signs.
    UpToOne,
}

/// Where an arm is sampled.
#[derive(Clone, Copy, Debug)]
enum Domain {
    /// A one-argument arm: the core interval and the wide region.
    One(Bound, Bound, Wide),
    /// `atan2(y, x)`: core `y, x ∈ [−1, 1]`; wide: both bit-uniform over all finite values.
    Atan2,
    /// `pow(x, n)`: core `x ∈ [1/4, 4]`, `n ∈ [−8, 8]`; wide: `x` bit-uniform positive
    /// finite, `n = L / log2 x` with `L` uniform over the exponents of finite results.
    Pow,
    /// `pow-n(x, n)`: core `x ∈ [−2, 2]`, integer `n ∈ [1, 16]`; wide: integer
    /// `n ∈ [1, 64]`, `x = ±2^(u·(emax+1)/n)` with `u` uniform in `[−1, 1]`.
    PowN,
}

fn domain(f: Func) -> Domain {
    use Bound::{LnMax, LnMinSub, Pi, Q};
    match f {
        Func::Exp => Domain::One(LnMinSub, LnMax, Wide::Finite { signed: true }),
        Func::Log | Func::Log2 | Func::Log10 | Func::Sqt => {
            Domain::One(Q(1, 4), Q(4, 1), Wide::Finite { signed: false })
        }
        Func::Sin | Func::Cos | Func::Tan => {
            Domain::One(Pi(-1), Pi(1), Wide::Finite { signed: true })
        }
        Func::Asin | Func::Acos => Domain::One(Q(-1, 1), Q(1, 1), Wide::UpToOne),
        Func::Atan => Domain::One(Q(-4, 1), Q(4, 1), Wide::Finite { signed: true }),
        Func::Cbt => Domain::One(Q(-8, 1), Q(8, 1), Wide::Finite { signed: true }),
        Func::Atan2 => Domain::Atan2,
        Func::Pow => Domain::Pow,
        Func::PowN => Domain::PowN,
    }
}

/// The sweep of one arm at one width: how many points and which.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// The arm.
    pub func: Func,
    /// The width.
    pub width: Width,
    /// The number of points.
    pub len: u64,
    /// Whether the sweep is every non-NaN bit pattern (`@rh`, one-argument arms).
    pub exhaustive: bool,
    /// The core region: an interval per argument.
    core: [(Float, Float); 2],
}

/// How many non-NaN `@rh` bit patterns there are.
const RH_NON_NAN: u64 = 65_536 - 2 * 1023;

impl Sweep {
    /// The sweep of `func` at `w` with `n` sampled points (exhaustive instead for one-argument arms at `@rh`).
    pub fn new(func: Func, w: Width, n: u64) -> Sweep {
        let exhaustive = w == Width::H && func.arity() == 1;
        let q = |n: i64, d: i64| Bound::Q(n, d).value(w);
        let core = match domain(func) {
            Domain::One(lo, hi, _) => [(lo.value(w), hi.value(w)), (q(0, 1), q(0, 1))],
            Domain::Atan2 => [(q(-1, 1), q(1, 1)), (q(-1, 1), q(1, 1))],
            Domain::Pow => [(q(1, 4), q(4, 1)), (q(-8, 1), q(8, 1))],
            Domain::PowN => [(q(-2, 1), q(2, 1)), (q(1, 1), q(16, 1))],
        };
        Sweep {
            func,
            width: w,
            len: if exhaustive { RH_NON_NAN } else { n },
            exhaustive,
            core,
        }
    }

    /// The arguments of point `i`.
    pub fn point(&self, i: u64) -> [u128; 2] {
        let w = self.width;
        if self.exhaustive {
            // The i-th pattern in ordinal order from −∞ to +∞, NaNs left out.
            let inf = i754::inf(w) as i128;
            return [ulp::from_ordinal(w, i as i128 - inf), 0];
        }
        let mut rng = Rng::new(self.func, w, i);
        let core = i < self.len / 2;
        let max = i754::max_finite(w);
        let uniform = |rng: &mut Rng, lo: &Float, hi: &Float| -> u128 {
            let v = Float::with_val(PREC, hi - lo) * rng.unit() + lo;
            to_bits(w, &v)
        };
        match domain(self.func) {
            Domain::One(_, _, wide) => {
                let (lo, hi) = &self.core[0];
                let x = if core {
                    uniform(&mut rng, lo, hi)
                } else {
                    match wide {
                        Wide::Finite { signed } => rng.bits(w, 1, max, signed),
                        Wide::UpToOne => rng.bits(w, 1, i754::one(w), true),
                    }
                };
                [x, 0]
            }
            Domain::Atan2 => {
                if core {
                    let ((a, b), (c, d)) = (&self.core[0], &self.core[1]);
                    [uniform(&mut rng, a, b), uniform(&mut rng, c, d)]
                } else {
                    [rng.bits(w, 1, max, true), rng.bits(w, 1, max, true)]
                }
            }
            Domain::Pow => {
                if core {
                    let ((a, b), (c, d)) = (&self.core[0], &self.core[1]);
                    [uniform(&mut rng, a, b), uniform(&mut rng, c, d)]
                } else {
                    let x = rng.bits(w, 1, max, false);
                    let lo = Float::with_val(PREC, min_sub_log2(w));
                    let hi = Float::with_val(PREC, i64::from(w.bias()) + 1);
                    let l = Float::with_val(PREC, &hi - &lo) * rng.unit() + lo;
                    let lx = Float::with_val(PREC, to_float(w, x)).log2();
                    let n = if lx.is_zero() { l } else { l / lx };
                    [x, to_bits(w, &n)]
                }
            }
            Domain::PowN => {
                if core {
                    let (a, b) = &self.core[0];
                    let x = uniform(&mut rng, a, b);
                    let n = rng.int(1, 16);
                    [x, to_bits(w, &Float::with_val(PREC, n))]
                } else {
                    let n = rng.int(1, 64);
                    let u = Float::with_val(PREC, rng.unit() * 2u32) - 1u32;
                    let e = u * (i64::from(w.bias()) + 1) / n;
                    let x = Float::with_val(PREC, 2u32).pow(&e);
                    let x = if rng.next() & 1 == 1 { -x } else { x };
                    [to_bits(w, &x), to_bits(w, &Float::with_val(PREC, n))]
                }
            }
        }
    }

    /// Whether the arguments lie in the arm's core region.
    pub fn is_core(&self, args: [u128; 2]) -> bool {
        let w = self.width;
        let within = |bits: u128, lo: &Float, hi: &Float| {
            let v = to_float(w, bits);
            !v.is_nan() && &v >= lo && &v <= hi
        };
        let (a, b) = &self.core[0];
        let (c, d) = &self.core[1];
        within(args[0], a, b) && (self.func.arity() == 1 || within(args[1], c, d))
    }

    /// The plot abscissae of a point: `(core panel, wide panel)`, given the exact result.
    pub fn coords(&self, args: [u128; 2], exact: &Float) -> (f64, f64) {
        let w = self.width;
        match domain(self.func) {
            Domain::One(..) => (ulp::to_f64(w, args[0]), ulp::ordinal(w, args[0]) as f64),
            Domain::Atan2 => {
                let a = exact.to_f64();
                (a, a)
            }
            Domain::Pow => {
                let l = ulp::to_f64(w, args[1]) * ulp::log2_abs(w, args[0]);
                (l, l)
            }
            Domain::PowN => {
                let n = ulp::to_f64(w, args[1]);
                (n, n)
            }
        }
    }

    /// The abscissa ranges of the two plot panels, with their axis kinds.
    pub fn panels(&self) -> [Panel; 2] {
        let w = self.width;
        let ord = |bits: u128| ulp::ordinal(w, bits) as f64;
        match domain(self.func) {
            Domain::One(_, _, wide) => {
                let core = Panel {
                    lo: self.core[0].0.to_f64(),
                    hi: self.core[0].1.to_f64(),
                    axis: Axis::Value,
                };
                let (a, b) = match wide {
                    Wide::Finite { signed: true } => {
                        (-ord(i754::max_finite(w)), ord(i754::max_finite(w)))
                    }
                    Wide::Finite { signed: false } => (0.0, ord(i754::max_finite(w))),
                    Wide::UpToOne => (-ord(i754::one(w)), ord(i754::one(w))),
                };
                [
                    core,
                    Panel {
                        lo: a,
                        hi: b,
                        axis: Axis::Ordinal,
                    },
                ]
            }
            Domain::Atan2 => {
                let pi = Float::with_val(64, Constant::Pi).to_f64();
                let p = Panel {
                    lo: -pi,
                    hi: pi,
                    axis: Axis::Angle,
                };
                [p, p]
            }
            Domain::Pow => [
                Panel {
                    lo: -16.0,
                    hi: 16.0,
                    axis: Axis::Log2Result,
                },
                Panel {
                    lo: min_sub_log2(w) as f64,
                    hi: f64::from(w.bias() + 1),
                    axis: Axis::Log2Result,
                },
            ],
            Domain::PowN => [
                Panel {
                    lo: 1.0,
                    hi: 16.0,
                    axis: Axis::Exponent,
                },
                Panel {
                    lo: 1.0,
                    hi: 64.0,
                    axis: Axis::Exponent,
                },
            ],
        }
    }

    /// A sentence saying how this sweep chooses its points, for the report.
    pub fn describe(&self) -> String {
        let half =
            "half the points uniform in value over the core, half bit-uniform over the wide region";
        let how = if self.exhaustive {
            "every non-NaN bit pattern".to_string()
        } else {
            half.to_string()
        };
        let region = match domain(self.func) {
            Domain::One(lo, hi, wide) => {
                let wide = match wide {
                    Wide::Finite { signed: true } => "all finite x",
                    Wide::Finite { signed: false } => "all positive finite x",
                    Wide::UpToOne => "all |x| ≤ 1",
                };
                format!(
                    "core x ∈ [{}, {}]; wide: {wide}",
                    lo.describe(),
                    hi.describe()
                )
            }
            Domain::Atan2 => "core y, x ∈ [−1, 1]; wide: y, x over all finite values".into(),
            Domain::Pow => {
                "core x ∈ [1/4, 4], n ∈ [−8, 8]; wide: x over all positive finite values, \
                 n = L/log₂x with L uniform over the exponents of finite results"
                    .into()
            }
            Domain::PowN => "core x ∈ [−2, 2], integer n ∈ [1, 16]; wide: integer n ∈ [1, 64], \
                 x = ±2^(u·(emax+1)/n), u uniform in [−1, 1]"
                .into(),
        };
        format!("{region} ({how})")
    }
}

/// `log2` of the smallest subnormal: `emin − p + 1`.
fn min_sub_log2(w: Width) -> i64 {
    1 - i64::from(w.bias()) - i64::from(w.frac_bits())
}
