//! Shared by the `hw_*` tests: a small deterministic generator of IEEE
//! operands biased to the cases where a hardware emulation of SoftFloat could
//! go wrong (ties, subnormal results, overflow boundaries, cancellation,
//! special values), and the SoftFloat oracle.
#![allow(dead_code)]

use softblas::hw::{self, Isa, Op};
use softblas::scalar::i754::{self, Width};
use softblas::Round;
use softblas::Word;

#[path = "../rng_support/mod.rs"]
mod rng_support;
pub use rng_support::Rng;

/// The layout facts of a width, as plain integers.
#[derive(Clone, Copy)]
pub struct Fmt {
    pub nb: u32,
    pub nf: u32,
    pub emax_field: i64,
}

impl Fmt {
    pub fn of(w: Width) -> Fmt {
        Fmt {
            nb: w.bits(),
            nf: w.frac_bits(),
            emax_field: (1 << w.exp_bits()) - 1,
        }
    }

    pub fn mask(self) -> u64 {
        if self.nb == 64 {
            u64::MAX
        } else {
            (1 << self.nb) - 1
        }
    }

    pub fn bias(self) -> i64 {
        self.emax_field / 2
    }

    /// The value with this sign, exponent field (clamped to finite) and fraction.
    pub fn make(self, neg: bool, e_field: i64, frac: u64) -> u64 {
        let e = e_field.clamp(0, self.emax_field - 1) as u64;
        (u64::from(neg) << (self.nb - 1)) | e << self.nf | (frac & ((1 << self.nf) - 1))
    }

    /// A fraction whose significant bits stop after the top `k` (short significands make ties and exact results).
    pub fn short_frac(self, rng: &mut Rng, k: u32) -> u64 {
        let f = rng.next() & ((1 << self.nf) - 1);
        if k >= self.nf {
            f
        } else {
            f & !((1u64 << (self.nf - k)) - 1)
        }
    }

    pub fn special(self, rng: &mut Rng) -> u64 {
        let sign = rng.below(2) << (self.nb - 1);
        let inf = (self.emax_field as u64) << self.nf;
        let v = match rng.below(10) {
            0 => 0,
            1 => inf,
            2 => inf - 1,                                                  // max
            3 => 1,                                                        // min subnormal
            4 => 1 << self.nf,                                             // min normal
            5 => (1 << self.nf) - 1,                                       // max subnormal
            6 => (self.bias() as u64) << self.nf,                          // 1.0
            7 => inf | 1 << (self.nf - 1) | rng.below(1 << (self.nf - 1)), // quiet NaN, payload
            8 => inf | (1 + rng.below((1 << (self.nf - 1)) - 1)),          // signalling NaN
            _ => rng.next() & ((1 << self.nf) - 1),                        // subnormal
        };
        (sign | v) & self.mask()
    }
}

/// An operand pair for `op` (None = square root) from one of several hard-case families.
pub fn pair(rng: &mut Rng, f: Fmt, op: Option<Op>) -> (u64, u64) {
    let nf = f.nf as i64;
    let ef = f.emax_field - 1; // largest finite exponent field
    let neg = |rng: &mut Rng| rng.below(2) == 1;
    let any = |rng: &mut Rng| rng.next() & f.mask();
    let normal = |rng: &mut Rng| {
        let e = rng.range(1, ef);
        f.make(rng.below(2) == 1, e, rng.next())
    };
    match rng.below(12) {
        0 => (any(rng), any(rng)),
        1 => (normal(rng), normal(rng)),
        2 => (
            f.special(rng),
            if rng.below(2) == 0 {
                f.special(rng)
            } else {
                normal(rng)
            },
        ),
        3 => {
            // Cancellation: b within a few ulps of ±a.
            let a = normal(rng);
            let d = rng.range(-3, 3);
            let b = (a as i64 + d) as u64 & f.mask();
            let b = if op == Some(Op::Add) {
                b ^ 1 << (f.nb - 1)
            } else {
                b
            };
            (a, b)
        }
        4 => {
            // Close exponents, short significands: sums that tie or round at the last bit.
            let ea = rng.range(1, ef);
            let eb = (ea + rng.range(-nf - 3, nf + 3)).clamp(0, ef);
            let ka = rng.below(f.nf as u64 + 1) as u32;
            let kb = rng.below(f.nf as u64 + 1) as u32;
            (
                f.make(neg(rng), ea, f.short_frac(rng, ka)),
                f.make(neg(rng), eb, f.short_frac(rng, kb)),
            )
        }
        5 | 6 => {
            // Results near the subnormal range or near overflow, for the operation at hand.
            let bias = f.bias();
            let target = if rng.below(2) == 0 {
                rng.range(1 - bias - nf - 3, 3 - bias) // tiny result (unbiased exponent)
            } else {
                rng.range(bias - 2, bias + 1) // near overflow
            };
            let k = rng.below(f.nf as u64 + 1) as u32;
            let k2 = rng.below(f.nf as u64 + 1) as u32;
            let fa = f.short_frac(rng, k);
            let fb = f.short_frac(rng, k2);
            match op {
                Some(Op::Mul) => {
                    let ea = rng.range(1, ef);
                    let eb = target - (ea - bias) + bias;
                    (f.make(neg(rng), ea, fa), f.make(neg(rng), eb, fb))
                }
                Some(Op::Div) => {
                    let eb = rng.range(1, ef);
                    let ea = target + (eb - bias) + bias;
                    (f.make(neg(rng), ea, fa), f.make(neg(rng), eb, fb))
                }
                None => {
                    let e = (2 * target + bias).clamp(0, ef);
                    (f.make(false, e, fa), 0)
                }
                _ => {
                    let e = (target + bias).clamp(0, ef);
                    (
                        f.make(neg(rng), e, fa),
                        f.make(neg(rng), e - rng.range(0, 2), fb),
                    )
                }
            }
        }
        7 => {
            // Subnormal operands.
            let a = f.make(neg(rng), 0, rng.next());
            let b = if rng.below(2) == 0 {
                f.make(neg(rng), 0, rng.next())
            } else {
                normal(rng)
            };
            if rng.below(2) == 0 {
                (a, b)
            } else {
                (b, a)
            }
        }
        8 => {
            // Products and quotients of short significands: exact, tie, or just off.
            let ka = rng.below(f.nf as u64 / 2 + 3) as u32;
            let kb = rng.below(f.nf as u64 / 2 + 3) as u32;
            let ea = rng.range(1, ef);
            let eb = if op == Some(Op::Div) {
                (ea - rng.range(-nf, nf)).clamp(1, ef)
            } else {
                (2 * f.bias() - ea + rng.range(-nf, nf)).clamp(1, ef)
            };
            (
                f.make(neg(rng), ea, f.short_frac(rng, ka)),
                f.make(neg(rng), eb, f.short_frac(rng, kb)),
            )
        }
        9 => {
            // Near squares and near exact quotients: a = b·c with c short, then a few ulps off.
            let b = normal(rng);
            let a = (normal(rng) as i64 + rng.range(-2, 2)) as u64 & f.mask();
            (a, b)
        }
        10 => {
            // Wide exponent gaps (one operand vanishes below the other's last bit, ±1 ulp effects).
            let ea = rng.range(1, ef);
            let eb = (ea - rng.range(nf, nf + 4)).clamp(0, ef);
            (
                f.make(neg(rng), ea, f.short_frac(rng, 3)),
                f.make(neg(rng), eb, rng.next()),
            )
        }
        _ => (normal(rng), f.special(rng)),
    }
}

/// SoftFloat's bits for `op` (None = square root).
pub fn reference(w: Width, r: Round, op: Option<Op>, a: u64, b: u64) -> u64 {
    let (a, b) = (u128::from(a), u128::from(b));
    (match op {
        Some(op) => op.reference(w, r, a, b),
        None => i754::soft::sqt(w, r, a),
    }) as u64
}

/// The hardware kernels' bits for whole slices (the vector loop is what is under test).
pub fn hardware<T: Word>(isa: Isa, r: Round, op: Option<Op>, a: &[T], b: &[T]) -> Vec<T> {
    let mut out = vec![T::default(); a.len()];
    match op {
        Some(op) => softblas::hw::elementwise(isa, op, r, a, b, &mut out),
        None => softblas::hw::sqrt(isa, r, a, &mut out),
    }
    out
}

/// Runs `n` hard-case pairs through the kernels at width `T` in mode `r` and
/// returns the first few mismatches (operands, expected, actual).
pub fn sweep<T: Word>(
    isa: Isa,
    seed: u64,
    n: usize,
    r: Round,
    op: Option<Op>,
) -> Vec<(u64, u64, u64, u64)> {
    let f = Fmt::of(T::W);
    let mut rng = Rng(seed);
    let mut bad = Vec::new();
    let mut done = 0;
    while done < n {
        let len = (n - done).min(4096);
        let pairs: Vec<(u64, u64)> = (0..len).map(|_| pair(&mut rng, f, op)).collect();
        let a: Vec<T> = pairs.iter().map(|p| T::of_bits(u128::from(p.0))).collect();
        let b: Vec<T> = pairs.iter().map(|p| T::of_bits(u128::from(p.1))).collect();
        let got = hardware(isa, r, op, &a, &b);
        for (i, &(x, y)) in pairs.iter().enumerate() {
            let want = reference(T::W, r, op, x, y);
            let have = got[i].bits() as u64;
            if want != have && bad.len() < 10 {
                bad.push((x, y, want, have));
            }
        }
        done += len;
    }
    bad
}

pub fn op_name(op: Option<Op>) -> &'static str {
    match op {
        Some(Op::Add) => "add",
        Some(Op::Sub) => "sub",
        Some(Op::Mul) => "mul",
        Some(Op::Div) => "div",
        None => "sqrt",
    }
}

pub const OPS: [Option<Op>; 5] = [
    Some(Op::Add),
    Some(Op::Sub),
    Some(Op::Mul),
    Some(Op::Div),
    None,
];

/// Every instruction-set level of the hardware loops this CPU can run (each
/// must equal SoftFloat), or those of them `URNUM_HW_LEVELS` names
/// (comma-separated `portable`, `fma`, `avx2`, `avx512f`, `avx512`).
pub fn levels() -> Vec<Isa> {
    let all = all_levels();
    match std::env::var("URNUM_HW_LEVELS") {
        Ok(list) => all
            .into_iter()
            .filter(|l| list.split(',').any(|x| x.trim() == l.name()))
            .collect(),
        Err(_) => all,
    }
}

fn all_levels() -> Vec<Isa> {
    let mut v = vec![Isa::Portable];
    let path = hw::host_path(Isa::Avx512);
    if path.contains("avx2") {
        v.push(Isa::Fma);
    }
    if path.contains("mxcsr") || path.contains("avx512") {
        v.push(Isa::Avx2);
    }
    if hw::host_path(Isa::Avx512).contains("avx512") {
        v.push(Isa::Avx512F);
        v.push(Isa::Avx512);
    }
    v
}
