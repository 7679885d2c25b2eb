//! Shared support of the soft-core proofs: the Berkeley SoftFloat oracle
//! (`softfloat-sys` 0.1.4, SoftFloat 3e 8086-SSE), the same operations on
//! `softcore`, and operand generators biased to the hard cases.
//!
//! The oracle is the only `unsafe` of these tests. Soundness rests on the
//! `softfloat-sys` declarations matching SoftFloat 3e's prototypes (by-value
//! `#[repr(C)]` structs of one `u16`/`u32`/`u64` or `[u64; 2]`), and on the
//! routines touching nothing but their arguments and the calling thread's
//! `_Thread_local` rounding mode and flags, which [`Oracle`] sets and restores.
#![allow(dead_code, unsafe_code)]

use softblas::scalar::i754::Width;
use softblas::Round;
use softcore::{self as soft, Binary128, Binary16, Binary32, Binary64};
use softfloat_sys as sf;
use softfloat_sys::{float128_t, float16_t, float32_t, float64_t};

/// One operation of the core's surface; each takes up to three operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Fma,
    Sqrt,
    RoundToInt,
    /// `ui64_to_fN` of the low 64 bits of the first operand.
    FromU64,
    /// Conversion to the given width.
    Convert(Width),
    /// `(lt, le, eq)` packed as bits 0, 1, 2.
    Compare,
}

impl Op {
    /// The operations rounded in a mode, with their arity.
    pub const ARITH: [Op; 6] = [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Fma, Op::Sqrt];

    /// How many operands the operation reads.
    pub fn arity(self) -> usize {
        match self {
            Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Compare => 2,
            Op::Fma => 3,
            _ => 1,
        }
    }

    /// Whether the rounding mode matters.
    pub fn rounds(self) -> bool {
        self != Op::Compare
    }
}

/// Every width, narrowest first.
pub const WIDTHS: [Width; 4] = [Width::H, Width::S, Width::D, Width::Q];

fn code(r: Round) -> u8 {
    match r {
        Round::N => sf::softfloat_round_near_even,
        Round::Z => sf::softfloat_round_minMag,
        Round::D => sf::softfloat_round_min,
        Round::U => sf::softfloat_round_max,
        Round::A => sf::softfloat_round_near_maxMag,
    }
}

/// SoftFloat with this thread's rounding mode held at one value; the mode and
/// flags that were there come back on drop. Not `Send`: the mode is per thread.
pub struct Oracle {
    round: Round,
    saved: (u8, u8),
    _thread: std::marker::PhantomData<*const ()>,
}

impl Oracle {
    /// Sets this thread's SoftFloat mode to `r`.
    pub fn new(r: Round) -> Oracle {
        // SAFETY: the helpers read/write this thread's SoftFloat mode and flag bytes.
        let saved = unsafe {
            let saved = (
                sf::softfloat_roundingMode_read_helper(),
                sf::softfloat_exceptionFlags_read_helper(),
            );
            sf::softfloat_roundingMode_write_helper(code(r));
            saved
        };
        Oracle {
            round: r,
            saved,
            _thread: std::marker::PhantomData,
        }
    }

    /// SoftFloat's raw result bits of `op` at width `w` on `x`.
    #[inline(always)]
    pub fn eval(&self, op: Op, w: Width, x: [u128; 3]) -> u128 {
        let m = code(self.round);
        let [a, b, c] = x;
        macro_rules! go {
            ($t:ident, $wrap:expr, $un:expr, $add:ident, $sub:ident, $mul:ident, $div:ident,
             $fma:ident, $sqrt:ident, $rti:ident, $ui:ident, $lt:ident, $le:ident, $eq:ident,
             $to16:expr, $to32:expr, $to64:expr, $to128:expr) => {{
                let (a, b, c) = ($wrap(a), $wrap(b), $wrap(c));
                match op {
                    Op::Add => $un(sf::$add(a, b)),
                    Op::Sub => $un(sf::$sub(a, b)),
                    Op::Mul => $un(sf::$mul(a, b)),
                    Op::Div => $un(sf::$div(a, b)),
                    Op::Fma => $un(sf::$fma(a, b, c)),
                    Op::Sqrt => $un(sf::$sqrt(a)),
                    Op::RoundToInt => $un(sf::$rti(a, m, false)),
                    Op::FromU64 => $un(sf::$ui(x[0] as u64)),
                    Op::Compare => {
                        u128::from(sf::$lt(a, b))
                            | u128::from(sf::$le(a, b)) << 1
                            | u128::from(sf::$eq(a, b)) << 2
                    }
                    Op::Convert(Width::H) => $to16(a),
                    Op::Convert(Width::S) => $to32(a),
                    Op::Convert(Width::D) => $to64(a),
                    Op::Convert(Width::Q) => $to128(a),
                }
            }};
        }
        let h = |a: u128| float16_t { v: a as u16 };
        let s = |a: u128| float32_t { v: a as u32 };
        let d = |a: u128| float64_t { v: a as u64 };
        let q = |a: u128| float128_t {
            v: [a as u64, (a >> 64) as u64],
        };
        let uq = |x: float128_t| u128::from(x.v[0]) | u128::from(x.v[1]) << 64;
        let same = |a: u128| a;
        // SAFETY: by-value SoftFloat calls on plain-old-data structs (module docs).
        unsafe {
            match w {
                Width::H => go!(
                    h,
                    h,
                    |z: float16_t| u128::from(z.v),
                    f16_add,
                    f16_sub,
                    f16_mul,
                    f16_div,
                    f16_mulAdd,
                    f16_sqrt,
                    f16_roundToInt,
                    ui64_to_f16,
                    f16_lt_quiet,
                    f16_le_quiet,
                    f16_eq,
                    |a: float16_t| same(u128::from(a.v)),
                    |a| u128::from(sf::f16_to_f32(a).v),
                    |a| u128::from(sf::f16_to_f64(a).v),
                    |a| uq(sf::f16_to_f128(a))
                ),
                Width::S => go!(
                    s,
                    s,
                    |z: float32_t| u128::from(z.v),
                    f32_add,
                    f32_sub,
                    f32_mul,
                    f32_div,
                    f32_mulAdd,
                    f32_sqrt,
                    f32_roundToInt,
                    ui64_to_f32,
                    f32_lt_quiet,
                    f32_le_quiet,
                    f32_eq,
                    |a| u128::from(sf::f32_to_f16(a).v),
                    |a: float32_t| same(u128::from(a.v)),
                    |a| u128::from(sf::f32_to_f64(a).v),
                    |a| uq(sf::f32_to_f128(a))
                ),
                Width::D => go!(
                    d,
                    d,
                    |z: float64_t| u128::from(z.v),
                    f64_add,
                    f64_sub,
                    f64_mul,
                    f64_div,
                    f64_mulAdd,
                    f64_sqrt,
                    f64_roundToInt,
                    ui64_to_f64,
                    f64_lt_quiet,
                    f64_le_quiet,
                    f64_eq,
                    |a| u128::from(sf::f64_to_f16(a).v),
                    |a| u128::from(sf::f64_to_f32(a).v),
                    |a: float64_t| same(u128::from(a.v)),
                    |a| uq(sf::f64_to_f128(a))
                ),
                Width::Q => go!(
                    q,
                    q,
                    uq,
                    f128_add,
                    f128_sub,
                    f128_mul,
                    f128_div,
                    f128_mulAdd,
                    f128_sqrt,
                    f128_roundToInt,
                    ui64_to_f128,
                    f128_lt_quiet,
                    f128_le_quiet,
                    f128_eq,
                    |a| u128::from(sf::f128_to_f16(a).v),
                    |a| u128::from(sf::f128_to_f32(a).v),
                    |a| u128::from(sf::f128_to_f64(a).v),
                    |a: float128_t| same(uq(a))
                ),
            }
        }
    }
}

/// SoftFloat's binary16 `add`, `sub`, `mul` or `div` as a plain function of
/// raw bits, for the exhaustive loops (the mode is the thread's, as set by an
/// [`Oracle`]); `None` for other operations.
pub fn oracle_h_pair(op: Op) -> Option<fn(u128, u128) -> u128> {
    fn h(a: u128) -> float16_t {
        float16_t { v: a as u16 }
    }
    // SAFETY (each arm): by-value SoftFloat calls on plain-old-data structs (module docs).
    Some(match op {
        Op::Add => |a, b| u128::from(unsafe { sf::f16_add(h(a), h(b)) }.v),
        Op::Sub => |a, b| u128::from(unsafe { sf::f16_sub(h(a), h(b)) }.v),
        Op::Mul => |a, b| u128::from(unsafe { sf::f16_mul(h(a), h(b)) }.v),
        Op::Div => |a, b| u128::from(unsafe { sf::f16_div(h(a), h(b)) }.v),
        _ => return None,
    })
}

/// SoftFloat's binary16 or binary32 square root as a plain function of raw
/// bits (the thread's mode, as set by an [`Oracle`]); `None` for other widths.
pub fn oracle_sqrt(w: Width) -> Option<fn(u128) -> u128> {
    // SAFETY (each arm): by-value SoftFloat calls on plain-old-data structs (module docs).
    Some(match w {
        Width::H => |a| u128::from(unsafe { sf::f16_sqrt(float16_t { v: a as u16 }) }.v),
        Width::S => |a| u128::from(unsafe { sf::f32_sqrt(float32_t { v: a as u32 }) }.v),
        _ => return None,
    })
}

impl Drop for Oracle {
    fn drop(&mut self) {
        // SAFETY: plain writes of this thread's SoftFloat mode and flag bytes.
        unsafe {
            sf::softfloat_roundingMode_write_helper(self.saved.0);
            sf::softfloat_exceptionFlags_write_helper(self.saved.1);
        }
    }
}

/// The soft core's raw result bits of `op` at width `w` in mode `r` on `x`.
#[inline(always)]
pub fn core(op: Op, w: Width, r: Round, x: [u128; 3]) -> u128 {
    macro_rules! go {
        ($f:ty) => {{
            let [a, b, c] = x;
            match op {
                Op::Add => soft::add::<$f>(a, b, r),
                Op::Sub => soft::sub::<$f>(a, b, r),
                Op::Mul => soft::mul::<$f>(a, b, r),
                Op::Div => soft::div::<$f>(a, b, r),
                Op::Fma => soft::fma::<$f>(a, b, c, r),
                Op::Sqrt => soft::sqrt::<$f>(a, r),
                Op::RoundToInt => soft::round_to_int::<$f>(a, r),
                Op::FromU64 => soft::from_u64::<$f>(a as u64, r),
                Op::Compare => {
                    u128::from(soft::lt::<$f>(a, b))
                        | u128::from(soft::le::<$f>(a, b)) << 1
                        | u128::from(soft::eq::<$f>(a, b)) << 2
                }
                Op::Convert(Width::H) => soft::convert::<$f, Binary16>(a, r),
                Op::Convert(Width::S) => soft::convert::<$f, Binary32>(a, r),
                Op::Convert(Width::D) => soft::convert::<$f, Binary64>(a, r),
                Op::Convert(Width::Q) => soft::convert::<$f, Binary128>(a, r),
            }
        }};
    }
    if let Op::Convert(to) = op {
        if to == w {
            return x[0] & w.mask();
        }
    }
    match w {
        Width::H => go!(Binary16),
        Width::S => go!(Binary32),
        Width::D => go!(Binary64),
        Width::Q => go!(Binary128),
    }
}

/// Two SplitMix64 streams, a small seedable generator for reproducible
/// cases: `next`/`below` draw values, `choose` draws the branch a generator
/// takes (which kind of operand, exponent or significand).
///
/// The choices can be replayed ([`Rng::replay`]): cases generated with the
/// same choices and fresh values follow the same branches, so a sweep that
/// replays each choice sequence for a block of cases runs without branch
/// mispredictions in the generator; each case still has the distribution of
/// an unblocked one.
pub struct Rng {
    values: u64,
    choices: u64,
    mark: u64,
}

/// One SplitMix64 step of `state`.
#[inline]
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator of `seed`.
    pub fn new(seed: u64) -> Rng {
        let choices = seed ^ 0x6a09_e667_f3bc_c908;
        Rng {
            values: seed,
            choices,
            mark: choices,
        }
    }
    /// The next 64 random bits.
    #[inline]
    pub fn next(&mut self) -> u64 {
        splitmix(&mut self.values)
    }
    /// 128 random bits.
    #[inline]
    pub fn wide(&mut self) -> u128 {
        u128::from(self.next()) << 64 | u128::from(self.next())
    }
    /// A value below `n` (`n > 0`), uniform up to a bias below `n / 2^64`:
    /// the high word of `next · n` (a multiplication, not a division, which
    /// made case generation the larger part of a sweep's time).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
    /// A branch below `n` from the choice stream.
    #[inline]
    pub fn choose(&mut self, n: u64) -> u64 {
        ((u128::from(splitmix(&mut self.choices)) * u128::from(n)) >> 64) as u64
    }
    /// Starts a block: when `fresh`, the choices go on from here (and this
    /// point is marked); otherwise they restart at the last mark.
    #[inline]
    pub fn replay(&mut self, fresh: bool) {
        if fresh {
            self.mark = self.choices;
        } else {
            self.choices = self.mark;
        }
    }
}

/// The special encodings of width `w`: zeros, subnormal and normal extremes,
/// ±1 and its neighbours, infinities, quiet and signaling NaNs with payloads.
pub fn specials(w: Width) -> Vec<u128> {
    let f = w.frac_bits();
    let inf = ((1u128 << w.exp_bits()) - 1) << f;
    let one = u128::from(w.bias()) << f;
    let quiet = 1u128 << (f - 1);
    let mag = [
        0,
        1,
        2,
        3,
        quiet - 1,
        quiet,
        (1 << f) - 1,
        1 << f,
        (1 << f) + 1,
        one - 1,
        one,
        one + 1,
        one + (1 << f),
        inf - 1,
        inf - 2,
        inf - (1 << f),
        inf,
        inf | 1,
        inf | (quiet - 1),
        inf | 0x5 << (f / 2),
        inf | quiet,
        inf | quiet | 1,
        inf | ((1 << f) - 1),
    ];
    let sign = 1u128 << (w.bits() - 1);
    mag.iter().flat_map(|&m| [m, m | sign]).collect()
}

/// A significand pattern of `f` bits: random, sparse, dense, or with a random run of trailing zeros.
#[inline(always)]
fn frac_pattern(rng: &mut Rng, f: u32) -> u128 {
    let mask = (1u128 << f) - 1;
    let x = rng.wide() & mask;
    match rng.choose(6) {
        0 => x,
        1 => 1 << rng.below(u64::from(f)),
        2 => mask ^ (1 << rng.below(u64::from(f))),
        3 => x >> rng.below(u64::from(f)) << rng.below(u64::from(f)) & mask,
        4 => x & !((1 << rng.below(u64::from(f) + 1)) - 1) | (x & 1),
        _ => (x >> rng.below(u64::from(f) + 1)) | (mask & !(mask >> rng.below(4))),
    }
}

/// An exponent field near the format's edges or near `near` (when given).
#[inline(always)]
fn exp_field(rng: &mut Rng, w: Width, near: Option<i64>) -> u128 {
    let max = (1i64 << w.exp_bits()) - 1;
    let bias = i64::from(w.bias());
    let p = i64::from(w.precision());
    let e = match (rng.choose(8), near) {
        (0..=2, Some(n)) => n + rng.below(2 * p as u64 + 8) as i64 - p - 4,
        (3, Some(n)) => bias - (n - bias) + rng.below(7) as i64 - 3,
        (3, None) | (4, _) => rng.below(p as u64 + 2) as i64,
        (5, _) => max - 1 - rng.below(p as u64 + 2) as i64,
        (6, _) => bias + rng.below(2 * p as u64) as i64 - p,
        _ => rng.below(max as u64 + 1) as i64,
    };
    e.clamp(0, max) as u128
}

/// One operand of width `w`: a special, random bits, or a structured value whose
/// exponent is near `near` (a partner's exponent field) or the format's edges.
#[inline(always)]
pub fn operand(rng: &mut Rng, w: Width, specials: &[u128], near: Option<i64>) -> u128 {
    let f = w.frac_bits();
    match rng.choose(8) {
        0 => specials[rng.below(specials.len() as u64) as usize],
        1 => rng.wide() & w.mask(),
        _ => {
            let sign = u128::from(rng.next() & 1) << (w.bits() - 1);
            sign | exp_field(rng, w, near) << f | frac_pattern(rng, f)
        }
    }
}

/// The exponent field of `a`.
#[inline(always)]
pub fn field(w: Width, a: u128) -> i64 {
    ((a >> w.frac_bits()) & ((1 << w.exp_bits()) - 1)) as i64
}

/// A case for `op` at width `w`: hard-biased operands, the later ones near
/// the first's exponent (cancellation, ties, overflow and underflow edges).
#[inline(always)]
pub fn case(rng: &mut Rng, op: Op, w: Width, specials: &[u128]) -> [u128; 3] {
    if op == Op::FromU64 {
        let n = rng.next();
        let x = match rng.choose(4) {
            0 => n >> rng.below(64),
            1 => n | (1 << 63),
            2 => (n >> rng.below(64)) << rng.below(64),
            _ => n,
        };
        return [u128::from(x), 0, 0];
    }
    let a = operand(rng, w, specials, None);
    let near = Some(field(w, a));
    let b = operand(rng, w, specials, near);
    let c = if op == Op::Fma {
        // Near the product's exponent: cancellation against a·b.
        let prod = field(w, a) + field(w, b) - i64::from(w.bias());
        operand(rng, w, specials, Some(prod))
    } else {
        0
    };
    [a, b, c]
}

/// Runs `n` cases of `op` at `w` in `r` from `seed`; returns the mismatches
/// (first ten kept as `(operands, core, oracle)`) and their count.
pub fn run(op: Op, w: Width, r: Round, n: u64, seed: u64) -> (u64, Vec<([u128; 3], u128, u128)>) {
    run_blocked(op, w, r, n, seed, 1)
}

/// [`run`] with the generator's choices replayed for blocks of `block`
/// consecutive cases ([`Rng::replay`]); `block = 1` draws every case's
/// choices afresh.
pub fn run_blocked(
    op: Op,
    w: Width,
    r: Round,
    n: u64,
    seed: u64,
    block: u64,
) -> (u64, Vec<([u128; 3], u128, u128)>) {
    run_with(
        (op, w, r),
        (n, seed, block),
        |x| core(op, w, r, x),
        |o, x| o.eval(op, w, x),
    )
}

/// [`run_blocked`] of `(op, w, r)` with `(n, seed, block)`, the two sides
/// given as functions: called with constant `op` and `w` (and
/// `core(op, w, r, x)`, `o.eval(op, w, x)` as the sides), the loop is
/// specialised to the line and neither side dispatches per case.
#[inline(always)]
pub fn run_with(
    (op, w, r): (Op, Width, Round),
    (n, seed, block): (u64, u64, u64),
    core: impl Fn([u128; 3]) -> u128,
    oracle: impl Fn(&Oracle, [u128; 3]) -> u128,
) -> (u64, Vec<([u128; 3], u128, u128)>) {
    let specials = specials(w);
    let o = Oracle::new(r);
    let mut rng = Rng::new(seed ^ (w.bits() as u64) << 32 ^ (r as u64) << 40);
    let mut bad = 0;
    let mut first = Vec::new();
    // Every special pair first, then the random cases.
    let mut check = |x: [u128; 3]| {
        let (got, want) = (core(x), oracle(&o, x));
        if got != want {
            bad += 1;
            if first.len() < 10 {
                first.push((x, got, want));
            }
        }
    };
    if op != Op::FromU64 {
        for &a in &specials {
            for &b in &specials {
                check([
                    a,
                    b,
                    specials[((a ^ b.rotate_left(7)) % specials.len() as u128) as usize],
                ]);
            }
        }
    }
    for i in 0..n {
        rng.replay(i % block == 0);
        check(case(&mut rng, op, w, &specials));
    }
    (bad, first)
}

/// Every operation of the surface at width `w` (conversions to each other width).
pub fn ops(w: Width) -> Vec<Op> {
    let mut v = Op::ARITH.to_vec();
    v.extend([Op::RoundToInt, Op::FromU64, Op::Compare]);
    v.extend(WIDTHS.iter().filter(|&&t| t != w).map(|&t| Op::Convert(t)));
    v
}
