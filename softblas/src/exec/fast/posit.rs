//! The posit kernels: Lagoon's `%unum` elements at posit8, posit16 and
//! posit32 (bloq 3–5, the doors `rpb rph rps` of `/lib/unum`), held in the
//! host's `u8 u16 u32` ([`PositWord`]), computed on `u64` carriers by the
//! fixed-width codec and arithmetic of `crate::scalar::unum::word` (the
//! code the scalar arms run: one codec, the regime a `leading_zeros`), and
//! the exact sums, dots and matrix products on a fixed-width quire of
//! 32-bit digits ([`Quire`]) instead of a big integer. posit64 and posit128
//! are declined: their carriers would be `u128`.
//!
//! Each element is exactly what the reference executor's scalar dispatch
//! (`crate::ops`, the `%unum` rows: `/lib/unum`'s `++pp` at
//! `libmath/desk/lib/unum.hoon@96f3cfe` through `+fun-scalar` of
//! lagoon.hoon@aa6f2a6) computes:
//!
//! | kernel | `/lib/unum` | here |
//! |---|---|---|
//! | `add sub mul div` | `++add ++sub ++mul ++div`: exact, one `+bit` | the same arms on `u64` (`scalar::unum::word`) |
//! | `neg abs` | two's complement of the pattern | the same, on the pattern |
//! | copy, `conj` | the pattern | the pattern |
//! | [`sum`], [`fdp`], [`contract`] | `++fdp`: `q-mul-add` from a zero quire, `q-to-p` once | [`Quire`]: the same exact sum, rounded once by `+bit` |
//!
//! The quire of `/lib/unum` is `16n` bits wrapping modulo `2^(16n)` with
//! q-NaR at `2^(16n−1)`; a product is at most `maxpos² = 2^(16n−32)` quire
//! units, so fewer than `2^31` terms ([`MAX_TERMS`]) can neither wrap nor
//! reach q-NaR's pattern, and within that the quire is the exact integer
//! sum. The quire kernels take at most that many terms (callers decline
//! longer ones); a NaR factor makes the result NaR, a zero factor adds
//! nothing, as `q-mul-add` says.
//!
//! Served: `Copy`, `Unary(Neg | Abs | Conj)` and `Binary(Add | Sub | Mul |
//! Div)` ([`PositMap`]), and the quire kernels. Per-step folds and
//! contractions (whose every step rounds) run the reference executor.

use crate::dtype::{Dtype, Kind};
use crate::exec::fast::ints::Int;
use crate::exec::fast::kernels::{Elementwise, Step};
use crate::hw::Op;
use crate::prog::Node;
use crate::scalar::unum::{self, word, Width};
use crate::word::Dims;

/// The posit width of a `%unum` dtype the kernels serve: posit8, posit16,
/// posit32 (bloq 3–5); else `None`.
pub fn width_of(t: &Dtype) -> Option<Width> {
    match (t.kind, t.bloq) {
        (Kind::Unum, 3..=5) => Width::from_bloq(t.bloq),
        _ => None,
    }
}

/// Runs the generic `$f::<T>(args)` with `T` the host word of the posit
/// width `$w` (posit8 `u8`, posit16 `u16`, posit32 `u32`): the one width →
/// carrier map of the posit kernels.
///
/// # Panics
/// At another width ([`width_of`] gives only these).
#[macro_export]
macro_rules! by_posit {
    ($w:expr, $f:ident $args:tt $(,)?) => {
        $crate::by_carrier!(
            $w,
            [
                $crate::scalar::unum::Width::P8 => u8,
                $crate::scalar::unum::Width::P16 => u16,
                $crate::scalar::unum::Width::P32 => u32
            ],
            $f $args,
            w => unreachable!("no posit kernel at {w:?}")
        )
    };
}
pub use crate::by_posit;

/// A host word holding one posit (`u8`, `u16`, `u32`): an [`Int`] (so it
/// meets atoms as the integer kernels' words do) with its posit width.
pub trait PositWord: Int {
    /// The posit width this word holds.
    const W: Width;
    /// The pattern, widened to the `u64` carrier ([`Int::bits`]).
    #[inline(always)]
    fn wide(self) -> u64 {
        // The bits fit: the word is at most 32 bits wide.
        self.bits() as u64
    }
    /// The low bits of the carrier `v` ([`Int::of_bits`]).
    #[inline(always)]
    fn narrow(v: u64) -> Self {
        Self::of_bits(u128::from(v))
    }
}

impl PositWord for u8 {
    const W: Width = Width::P8;
}

impl PositWord for u16 {
    const W: Width = Width::P16;
}

impl PositWord for u32 {
    const W: Width = Width::P32;
}

/// An elementwise posit kind: what one single program computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositMap {
    /// The operand unchanged (`Copy`, and `Conj` on a real kind).
    Copy,
    /// `/lib/unum` `++neg`: the two's complement of the pattern.
    Neg,
    /// `/lib/unum` `++abs`: `neg` of a negative pattern (NaR stays NaR).
    Abs,
    /// `++add ++sub ++mul ++div` over operands 0 and 1.
    Two(Op),
}

impl PositMap {
    /// The posit kernel of a single program's node, or `None` when none serves it.
    ///
    /// These are the `%i754` kinds ([`Elementwise::of_node`]) that have a
    /// posit meaning: copy, `neg`, `abs` and `+ − × ÷`.
    pub fn of_node(node: &Node) -> Option<PositMap> {
        Some(match Elementwise::of_node(node)? {
            Elementwise::Copy => PositMap::Copy,
            Elementwise::Neg => PositMap::Neg,
            Elementwise::Abs => PositMap::Abs,
            Elementwise::Two(Step::Arith(op)) => PositMap::Two(op),
            _ => return None,
        })
    }
}

/// `k` at every element of `out` over the equally long `ins` (one per operand).
///
/// # Panics
/// When `ins` has fewer operands than `k` takes or a buffer is shorter than `out`.
pub fn map<T: PositWord>(k: PositMap, ins: &[&[T]], out: &mut [T]) {
    let n = out.len();
    let w = T::W;
    // One loop per kind, each with the width a constant, so nothing is re-decided per element.
    macro_rules! zip {
        ($f:path) => {
            for ((o, &x), &y) in out.iter_mut().zip(&ins[0][..n]).zip(&ins[1][..n]) {
                *o = T::narrow($f(w, x.wide(), y.wide()));
            }
        };
    }
    match k {
        PositMap::Copy => out.copy_from_slice(&ins[0][..n]),
        PositMap::Neg => {
            for (o, &x) in out.iter_mut().zip(&ins[0][..n]) {
                *o = T::narrow(unum::neg(w, u128::from(x.wide())) as u64);
            }
        }
        PositMap::Abs => {
            for (o, &x) in out.iter_mut().zip(&ins[0][..n]) {
                *o = T::narrow(unum::abs(w, u128::from(x.wide())) as u64);
            }
        }
        PositMap::Two(Op::Add) => zip!(word::add::<u64>),
        PositMap::Two(Op::Sub) => {
            for ((o, &x), &y) in out.iter_mut().zip(&ins[0][..n]).zip(&ins[1][..n]) {
                let ny = unum::neg(w, u128::from(y.wide())) as u64;
                *o = T::narrow(word::add::<u64>(w, x.wide(), ny));
            }
        }
        PositMap::Two(Op::Mul) => zip!(word::mul::<u64>),
        PositMap::Two(Op::Div) => zip!(word::div::<u64>),
    }
}

/// The most terms a quire kernel takes: fewer than `2^31` products of at
/// most `2^(16n−32)` units neither wrap the quire nor reach q-NaR, and keep
/// every digit of a [`Quire`] within an `i64`.
pub const MAX_TERMS: usize = (1 << 31) - 1;

/// The digits of a [`Quire`]: posit32's `16n = 512` bits in 32-bit digits,
/// and two more for a term's top digits.
const DIGITS: usize = 18;

/// A posit's exact value ready for the quire: the signed significand
/// (0 for zero) and its weight in quire units halved, `e + (8n − 16)/2 ≥ 0`,
/// so that a product's weight is the sum of two (its `qscale` included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Term {
    sig: i64,
    at: u32,
}

/// The quire term of the posit `p`, or `None` for NaR.
#[inline(always)]
fn term(w: Width, p: u64) -> Option<Term> {
    let half = 4 * w.n() - 8;
    match word::decode::<u64>(w, p) {
        unum::Dec::N => None,
        unum::Dec::Z => Some(Term::default()),
        unum::Dec::P(s, e, a) => Some(Term {
            // |e| ≤ 4(n − 2) − …: e + qscale/2 ≥ 0 (minpos is 2^−qscale/2) and a < 2^28.
            sig: if s { a as i64 } else { -(a as i64) },
            at: (e + i64::from(half)) as u32,
        }),
    }
}

/// The quire of `/lib/unum` at posit8 to posit32, exact for up to
/// [`MAX_TERMS`] terms: a signed integer in units of `2^−(8n−16)` held as
/// 32-bit digits in `i64`s whose carries wait until [`Quire::round`], so
/// adding a term is three additions without a branch.
#[derive(Clone, Copy, Debug)]
pub struct Quire {
    digits: [i64; DIGITS],
    nar: bool,
}

impl Default for Quire {
    fn default() -> Self {
        Quire::new()
    }
}

impl Quire {
    /// The zero quire.
    pub const fn new() -> Quire {
        Quire {
            digits: [0; DIGITS],
            nar: false,
        }
    }

    /// Adds `sig · 2^at` units (`|sig| < 2^56`, `at ≤ 16n − 32`).
    #[inline(always)]
    fn add_units(&mut self, sig: i64, at: u32) {
        let v = i128::from(sig) << (at & 31);
        let d = (at >> 5) as usize;
        let q = &mut self.digits[d..d + 3];
        q[0] += i64::from(v as u32);
        q[1] += i64::from((v >> 32) as u32);
        q[2] += (v >> 64) as i64;
    }

    /// `+q-add-p`: adds the posit `p` (NaR makes the quire NaR).
    #[inline(always)]
    pub fn add_posit(&mut self, w: Width, p: u64) {
        match term(w, p) {
            Some(t) => self.add_units(t.sig, t.at + 4 * w.n() - 8),
            None => self.nar = true,
        }
    }

    /// `+q-mul-add`: adds the exact product `a·b` (a NaR factor makes the quire NaR).
    #[inline(always)]
    pub fn add_product(&mut self, w: Width, a: u64, b: u64) {
        match (term(w, a), term(w, b)) {
            (Some(x), Some(y)) => self.add_terms(x, y),
            _ => self.nar = true,
        }
    }

    #[inline(always)]
    fn add_terms(&mut self, x: Term, y: Term) {
        self.add_units(x.sig * y.sig, x.at + y.at);
    }

    /// `+q-to-p`: the quire rounded once to a posit of width `w` (q-NaR gives NaR).
    pub fn round(&self, w: Width) -> u64 {
        if self.nar {
            return 1 << (w.n() - 1);
        }
        // The carries, digit by digit: 32-bit digits and the sign in `carry` (0 or −1).
        let mut d = [0u32; DIGITS];
        let mut carry = 0i64;
        for (o, &q) in d.iter_mut().zip(&self.digits) {
            let t = q + carry;
            *o = t as u32;
            carry = t >> 32;
        }
        let neg = carry < 0;
        if neg {
            // The magnitude: the two's complement of the digits.
            let mut c = 1u64;
            for x in d.iter_mut() {
                let t = u64::from(!*x) + c;
                *x = t as u32;
                c = t >> 32;
            }
        }
        let Some(top) = d.iter().rposition(|&x| x != 0) else {
            return 0;
        };
        // The top three digits hold at least 65 bits of the magnitude; the rest is sticky.
        let digit = |i: usize| top.checked_sub(i).map_or(0, |j| u128::from(d[j]));
        let window = digit(0) << 64 | digit(1) << 32 | digit(2);
        let below = top.saturating_sub(2);
        let rest = d[..below].iter().any(|&x| x != 0);
        let sh = 64 - window.leading_zeros().min(64);
        let sig = (window >> sh) as u64 | u64::from(rest || window & ((1 << sh) - 1) != 0);
        let unit = 32 * (top as i64 - 2) + i64::from(sh);
        word::encode::<u64>(w, !neg, unit - i64::from(8 * w.n() - 16), sig)
    }
}

/// `+fdp` of `a` and `b` against posit ones, `Σ a_i` in the quire rounded
/// once (Lagoon's `+unum-sum`); `None` beyond [`MAX_TERMS`] terms.
pub fn sum<T: PositWord>(xs: &[T]) -> Option<T> {
    if xs.len() > MAX_TERMS {
        return None;
    }
    let mut q = Quire::new();
    for &x in xs {
        q.add_posit(T::W, x.wide());
    }
    Some(T::narrow(q.round(T::W)))
}

/// `+fdp`: `Σ a_i·b_i` over the shorter length in the quire, rounded once;
/// `None` beyond [`MAX_TERMS`] terms.
pub fn fdp<T: PositWord>(a: &[T], b: &[T]) -> Option<T> {
    if a.len().min(b.len()) > MAX_TERMS {
        return None;
    }
    let mut q = Quire::new();
    for (&x, &y) in a.iter().zip(b) {
        q.add_product(T::W, x.wide(), y.wide());
    }
    Some(T::narrow(q.round(T::W)))
}

/// The sums along the middle axis of `xs` seen as `[outer len inner]`, each
/// `+fdp` against ones in the quire (Lagoon's `+sum-dim` at `%unum`), into
/// `out` (`outer · inner`, row-major); `false` (nothing written) beyond
/// [`MAX_TERMS`] terms a sum.
///
/// # Panics
/// When `xs` holds fewer than `outer · len · inner` elements or `out` fewer than `outer · inner`.
pub fn sum_slices<T: PositWord>(xs: &[T], (outer, len, inner): Dims, out: &mut [T]) -> bool {
    if len > MAX_TERMS {
        return false;
    }
    let w = T::W;
    let mut qs = vec![Quire::new(); inner];
    for (o, block) in out
        .chunks_exact_mut(inner.max(1))
        .zip(xs.chunks_exact((len * inner).max(1)))
        .take(outer)
    {
        qs.fill(Quire::new());
        // Row by row, each slice's quire takes its next element: every sum in its own order.
        for row in block.chunks_exact(inner).take(len) {
            for (q, &x) in qs.iter_mut().zip(row) {
                q.add_posit(w, x.wide());
            }
        }
        for (r, q) in o.iter_mut().zip(&qs) {
            *r = T::narrow(q.round(w));
        }
    }
    true
}

/// The `m × p` row-major product of `a` (`m × k`) and `b` (`k × p`), each
/// cell `+fdp` of row `i` of `a` and column `j` of `b` in the quire, rounded
/// once (Lagoon's `+mmul-unum`); `false` (nothing written) beyond
/// [`MAX_TERMS`] terms a cell. Every operand is decoded once: a cell is
/// NaR when its row or column holds a NaR, else the exact sum of the
/// products of the decoded significands.
///
/// # Panics
/// When `a`, `b` or `c` holds fewer than `m·k`, `k·p` or `m·p` elements.
pub fn contract<T: PositWord>((m, k, p): Dims, a: &[T], b: &[T], c: &mut [T]) -> bool {
    if k > MAX_TERMS {
        return false;
    }
    let w = T::W;
    let nar = T::narrow(1 << (w.n() - 1));
    // Rows of a, and columns of b laid out as rows, as terms; a NaR anywhere marks its line.
    let decode = |xs: &mut dyn Iterator<Item = T>, lines: usize| {
        let mut terms = Vec::with_capacity(lines * k);
        let mut has_nar = vec![false; lines];
        for (i, x) in xs.enumerate() {
            let t = term(w, x.wide());
            has_nar[i / k.max(1)] |= t.is_none();
            terms.push(t.unwrap_or_default());
        }
        (terms, has_nar)
    };
    let (ta, nar_a) = decode(&mut a[..m * k].iter().copied(), m);
    let (tb, nar_b) = decode(
        &mut (0..p).flat_map(|j| (0..k).map(move |kk| b[kk * p + j])),
        p,
    );
    for (i, row) in c[..m * p].chunks_exact_mut(p.max(1)).enumerate() {
        let ra = &ta[i * k..i * k + k];
        for (j, cell) in row.iter_mut().enumerate() {
            if nar_a[i] || nar_b[j] {
                *cell = nar;
                continue;
            }
            let mut q = Quire::new();
            for (&x, &y) in ra.iter().zip(&tb[j * k..j * k + k]) {
                q.add_terms(x, y);
            }
            *cell = T::narrow(q.round(w));
        }
    }
    true
}
