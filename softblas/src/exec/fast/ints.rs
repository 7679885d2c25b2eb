//! The integer kernels: `%uint`, `%int2` and `%fixp` elements at bloq 3–6
//! (`%fixp` where the precision fills the element, `a + b + 1 = 2^bloq`:
//! q3.4, q7.8, q15.16, q31.32 and the like), held in the host's `u8 u16 u32
//! u64`, computed by plain loops over slices that LLVM vectorises (integer
//! arithmetic has no rounding mode, so no `unsafe` and no hardware module is
//! needed). Bloq 7 (`u128`) is declined: each carrier type is another copy
//! of every loop in the C ABI's archive, whose ELF pass numbers sections
//! plainly (fewer than 65,280), and the debug archive sits near that limit.
//!
//! Each element is exactly what the reference executor's scalar dispatch
//! (`crate::ops`, the `%uint` and `%int2` rows: the stdlib `++fe` door and
//! `/lib/twoc` at width `2^bloq`, lagoon.hoon@aa6f2a6) computes for operands
//! within the width, which are the only operands these loops see:
//!
//! | op | `%uint` (`++fe`) | `%int2` (`/lib/twoc`) | `%fixp` q`a`.`b` |
//! |---|---|---|---|
//! | `add sub` | wrapping | wrapping (the same bits) | as `%int2` |
//! | `mul` | wrapping | wrapping | `/lib/fixed` `mul` then `scale`: the exact product's magnitude shifted right by `b` (toward zero), wrapped |
//! | `div` | floor | toward zero; `min ÷ −1 = min` | `/lib/fixed` `div`: `(|x|·2^b) ÷ |y|` toward zero, signed, wrapped |
//! | `mod` | remainder | remainder with the dividend's sign; `min mod −1 = 0` | as `%int2` |
//! | comparisons | unsigned, 1 or 0 | signed, 1 or 0 (`equ`/`neq` by bits) | signed, `2^b` or 0 |
//! | `abs` | identity | `twoc` `abs` (`abs(min) = min`) | as `%int2` |
//! | `neg` | (no gate) | `twoc` `neg` (`neg(min) = min`) | as `%int2` |
//!
//! (`%fixp` reads its operands at width `a + b + 1`, which is the element's
//! width where these kernels serve it, so its two's complement is the host's.)
//!
//! A division or remainder by zero, where the Hoon crashes, gives
//! [`IntError::DivideByZero`] before anything is returned; callers then
//! decline, and the reference executor reports the crash it names. The
//! accumulators of folds and contractions stay within the width because
//! every gate's value does (`++fe`, `/lib/twoc` and `/lib/fixed` cut their
//! results), so the wrapping sums and products of the host types are the
//! Hoon's, in any order: `add` folds, `%uint`/`%int2` `mul` folds and the
//! contraction's sums run in whatever order vectorises, the other folds
//! (`%fixp` products truncate) in the order they are given.

use crate::atom::Atom;
use crate::dtype::{Dtype, Kind, Prec};
use crate::hw::Op;
use crate::prog::{Binary, Compare, Node, Op1, Op2, Unary};
use crate::word::Dims;
use std::borrow::Cow;
use std::fmt::Debug;
use thiserror::Error;

/// Which integer rows an integer kernel follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    /// `%uint`: the stdlib `++fe` door, unsigned.
    Uint,
    /// `%int2`: `/lib/twoc`, two's complement.
    Int2,
    /// `%fixp` with `b` fraction bits whose `a + b + 1` is the element width:
    /// `/lib/twoc` and `/lib/fixed`.
    Fixp {
        /// The fraction bits.
        b: u32,
    },
}

/// The carrier of a served integer dtype: its kind and bloq (3–6, one host
/// integer `u8 u16 u32 u64` per element).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ints {
    /// The rows the kernels follow.
    pub kind: IntKind,
    /// The element bloq, 3–7.
    pub bloq: u32,
}

impl Ints {
    /// The bloqs the integer kernels serve: those a host integer type holds exactly.
    pub const BLOQS: std::ops::RangeInclusive<u32> = 3..=6;

    /// The carrier of `t`, when it is `%uint` or `%int2` at a bloq in
    /// [`Ints::BLOQS`], or `%fixp` there with a precision `[a b]` of
    /// `a + b + 1 = 2^bloq` bits.
    pub fn of(t: &Dtype) -> Option<Ints> {
        let kind = match (t.kind, t.prec) {
            (Kind::Uint, None) => IntKind::Uint,
            (Kind::Int2, None) => IntKind::Int2,
            (Kind::Fixp, Some(Prec { a, b }))
                if t.bloq < 64 && u64::from(a) + u64::from(b) + 1 == 1u64 << t.bloq =>
            {
                IntKind::Fixp { b }
            }
            _ => return None,
        };
        Ints::BLOQS
            .contains(&t.bloq)
            .then_some(Ints { kind, bloq: t.bloq })
    }
}

/// Why an integer kernel gave no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IntError {
    /// A division or remainder by zero (the Hoon crashes; the reference names it).
    #[error("integer division or remainder by zero")]
    DivideByZero,
}

/// A two-operand integer kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntStep {
    /// `a + b`, `a − b`, `a × b` wrapping; `a ÷ b` floor (`%uint`), toward zero (`%int2`).
    Arith(Op),
    /// The remainder: of the floor division (`%uint`), with the dividend's sign (`%int2`).
    Mod,
    /// A comparison: 1 when it holds, else 0.
    Compare(Compare),
}

impl IntStep {
    /// The integer kernel of a two-operand node kind, or `None` when none serves it.
    pub fn of_op2(op: Op2) -> Option<IntStep> {
        Some(match op {
            Op2::Binary(Binary::Mod) => IntStep::Mod,
            Op2::Binary(b) => IntStep::Arith(b.arith()?),
            Op2::Compare(c) => IntStep::Compare(c),
            Op2::Nx(_) => return None,
        })
    }
}

/// An elementwise integer kind: what one single program computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntMap {
    /// The operand unchanged (`Copy`, `Conj`, and `%uint`'s `Abs`).
    Copy,
    /// `/lib/twoc` `abs` (`%int2`, `%fixp`).
    Abs,
    /// `/lib/twoc` `neg` (`%int2`, `%fixp`).
    Neg,
    /// A two-operand kind over operands 0 and 1.
    Two(IntStep),
}

impl IntMap {
    /// The integer kernel of a single program's node at `kind`, or `None` when none serves it.
    pub fn of_node(kind: IntKind, node: &Node) -> Option<IntMap> {
        Some(match (node, kind) {
            (Node::Op1(Op1::Copy | Op1::Unary(Unary::Conj), _, _), _)
            | (Node::Op1(Op1::Unary(Unary::Abs), _, _), IntKind::Uint) => IntMap::Copy,
            (Node::Op1(Op1::Unary(Unary::Abs), _, _), IntKind::Int2 | IntKind::Fixp { .. }) => {
                IntMap::Abs
            }
            (Node::Op1(Op1::Unary(Unary::Neg), _, _), IntKind::Int2 | IntKind::Fixp { .. }) => {
                IntMap::Neg
            }
            (Node::Op2(op, _, _), _) => IntMap::Two(IntStep::of_op2(*op)?),
            _ => return None,
        })
    }
}

/// A host integer holding one element: `u8 u16 u32 u64`, with the
/// operations of both kinds (the signed ones on the same bits read as two's
/// complement) and the element I/O of a little-endian atom.
pub trait Int: Copy + Default + Eq + Ord + Debug + Send + Sync + 'static {
    /// The element width in bits.
    const BITS: u32;
    /// The value 1.
    const ONE: Self;
    /// The bits in the low bits of a `u128`.
    fn bits(self) -> u128;
    /// The value of the low [`Int::BITS`] bits of `b`.
    fn of_bits(b: u128) -> Self;
    /// `a + b` modulo `2^BITS`.
    fn wadd(self, b: Self) -> Self;
    /// `a − b` modulo `2^BITS`.
    fn wsub(self, b: Self) -> Self;
    /// `a × b` modulo `2^BITS`.
    fn wmul(self, b: Self) -> Self;
    /// The unsigned quotient and remainder, or `None` when `b` is 0.
    fn udiv_rem(self, b: Self) -> Option<(Self, Self)>;
    /// The signed quotient (toward zero, `min ÷ −1 = min`) and remainder
    /// (the dividend's sign), or `None` when `b` is 0.
    fn sdiv_rem(self, b: Self) -> Option<(Self, Self)>;
    /// The signed `a < b`.
    fn slt(self, b: Self) -> bool;
    /// The two's-complement magnitude (`abs(min) = min`).
    fn sabs(self) -> Self;
    /// The two's-complement negation (`neg(min) = min`).
    fn sneg(self) -> Self;
    /// `/lib/fixed` `mul` then `scale` of two's-complement values with `b`
    /// fraction bits filling the width: the exact product's magnitude shifted
    /// right by `b`, with the product's sign, wrapped.
    fn fmul(self, y: Self, b: u32) -> Self;
    /// `/lib/fixed` `div` at `b` fraction bits filling the width:
    /// `(|x|·2^b) ÷ |y|` truncated, negative when the signs differ, wrapped;
    /// `None` when `y` is 0.
    fn fdiv(self, y: Self, b: u32) -> Option<Self>;
    /// The first `n` elements of the little-endian atom `a` (zeros past its
    /// top), borrowed from its limbs where they are the elements in memory.
    fn read(a: &Atom, n: usize) -> Cow<'_, [Self]>;
    /// The atom whose `n` elements `fill` writes into a zeroed buffer, element 0 lowest.
    fn atom_with(n: usize, fill: impl FnOnce(&mut [Self])) -> Atom;
}

/// [`Int`] for the unsigned `$u` with signed twin `$s` and signed type `$w`
/// of twice the width (`%fixp`'s exact products); `$io` says how it meets atoms.
macro_rules! int {
    ($u:ty, $s:ty, $w:ty, $io:ident) => {
        impl Int for $u {
            const BITS: u32 = <$u>::BITS;
            const ONE: Self = 1;
            #[inline(always)]
            fn bits(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn of_bits(b: u128) -> Self {
                b as $u
            }
            #[inline(always)]
            fn wadd(self, b: Self) -> Self {
                self.wrapping_add(b)
            }
            #[inline(always)]
            fn wsub(self, b: Self) -> Self {
                self.wrapping_sub(b)
            }
            #[inline(always)]
            fn wmul(self, b: Self) -> Self {
                self.wrapping_mul(b)
            }
            #[inline(always)]
            fn udiv_rem(self, b: Self) -> Option<(Self, Self)> {
                (b != 0).then(|| (self / b, self % b))
            }
            #[inline(always)]
            fn sdiv_rem(self, b: Self) -> Option<(Self, Self)> {
                let (x, y) = (self as $s, b as $s);
                (y != 0).then(|| (x.wrapping_div(y) as $u, x.wrapping_rem(y) as $u))
            }
            #[inline(always)]
            fn slt(self, b: Self) -> bool {
                (self as $s) < (b as $s)
            }
            #[inline(always)]
            fn sabs(self) -> Self {
                (self as $s).wrapping_abs() as $u
            }
            #[inline(always)]
            fn sneg(self) -> Self {
                self.wrapping_neg()
            }
            #[inline(always)]
            fn fmul(self, y: Self, b: u32) -> Self {
                // |x·y| ≤ 2^(2·BITS − 2): exact in the double width.
                let p = <$w>::from(self as $s) * <$w>::from(y as $s);
                let m = p.unsigned_abs() >> b;
                (if p < 0 { m.wrapping_neg() } else { m }) as $u
            }
            #[inline(always)]
            fn fdiv(self, y: Self, b: u32) -> Option<Self> {
                let (x, y) = (<$w>::from(self as $s), <$w>::from(y as $s));
                // |x|·2^b ≤ 2^(BITS − 1 + b) < 2^(2·BITS − 1): exact in the double width.
                let m = (x.unsigned_abs() << b).checked_div(y.unsigned_abs())?;
                Some((if (x < 0) != (y < 0) { m.wrapping_neg() } else { m }) as $u)
            }
            int!(@io $io, $u);
        }
    };
    (@io word, $u:ty) => {
        fn read(a: &Atom, n: usize) -> Cow<'_, [Self]> {
            a.le_words::<$u>(n)
        }
        fn atom_with(n: usize, fill: impl FnOnce(&mut [Self])) -> Atom {
            Atom::from_le_words_with::<$u>(n, fill)
        }
    };
    // Bytes are the limbs' memory on little-endian targets: borrowed and
    // written in place there, copied elsewhere.
    (@io byte, $u:ty) => {
        fn read(a: &Atom, n: usize) -> Cow<'_, [Self]> {
            let limbs: &[u8] = bytemuck::cast_slice(a.limbs());
            if cfg!(target_endian = "little") && limbs.len() >= n {
                return Cow::Borrowed(&limbs[..n]);
            }
            let mut bytes = a.to_le_bytes();
            bytes.resize(n, 0);
            Cow::Owned(bytes)
        }
        fn atom_with(n: usize, fill: impl FnOnce(&mut [Self])) -> Atom {
            if cfg!(target_endian = "little") {
                return Atom::from_le_words_with(n.div_ceil(8), |limbs: &mut [u64]| {
                    fill(&mut bytemuck::cast_slice_mut::<u64, u8>(limbs)[..n])
                });
            }
            let mut bytes = vec![0u8; n];
            fill(&mut bytes);
            Atom::from_le_bytes(&bytes)
        }
    };
}

int!(u8, i8, i16, byte);
int!(u16, i16, i32, word);
int!(u32, i32, i64, word);
int!(u64, i64, i128, word);

/// Runs the generic `$f::<T>(args)` with `T` the host integer of `bloq` (3–6):
/// the one bloq → host integer map of the integer carriers, for the fast
/// executor and Lagoon's bits path alike (each passes the [`Ints::bloq`] of
/// the carrier the kernel choice gave it).
///
/// # Panics
/// At another bloq ([`Ints::of`] gives only these).
#[macro_export]
macro_rules! by_int {
    ($bloq:expr, $f:ident $args:tt $(,)?) => {
        $crate::by_carrier!(
            $bloq,
            [3 => u8, 4 => u16, 5 => u32, 6 => u64],
            $f $args,
            b => unreachable!("no host integer serves bloq {b}")
        )
    };
}
pub use crate::by_int;

/// Whether comparison `c` holds between `a` and `b` at `kind`.
#[inline(always)]
fn holds<T: Int>(kind: IntKind, c: Compare, a: T, b: T) -> bool {
    let lt = |x: T, y: T| match kind {
        IntKind::Uint => x < y,
        IntKind::Int2 | IntKind::Fixp { .. } => x.slt(y),
    };
    match c {
        Compare::Equ => a == b,
        Compare::Neq => a != b,
        Compare::Gth => lt(b, a),
        Compare::Gte => !lt(a, b),
        Compare::Lth => lt(a, b),
        Compare::Lte => !lt(b, a),
    }
}

/// The quotient and remainder of `a` by `b` at `kind`.
#[inline(always)]
fn div_rem<T: Int>(kind: IntKind, a: T, b: T) -> Result<(T, T), IntError> {
    match kind {
        IntKind::Uint => a.udiv_rem(b),
        IntKind::Int2 | IntKind::Fixp { .. } => a.sdiv_rem(b),
    }
    .ok_or(IntError::DivideByZero)
}

/// The value a true comparison gives at `kind`: 1, or `2^b` at `%fixp`.
#[inline(always)]
fn one<T: Int>(kind: IntKind) -> T {
    match kind {
        IntKind::Fixp { b } => T::of_bits(1 << b),
        _ => T::ONE,
    }
}

/// `k(a, b)` at `kind`.
///
/// # Errors
/// [`IntError::DivideByZero`] for `Div` or `Mod` by 0.
#[inline(always)]
pub fn apply<T: Int>(kind: IntKind, k: IntStep, a: T, b: T) -> Result<T, IntError> {
    Ok(match k {
        IntStep::Arith(Op::Add) => a.wadd(b),
        IntStep::Arith(Op::Sub) => a.wsub(b),
        IntStep::Arith(Op::Mul) => match kind {
            IntKind::Fixp { b: f } => a.fmul(b, f),
            _ => a.wmul(b),
        },
        IntStep::Arith(Op::Div) => match kind {
            IntKind::Fixp { b: f } => a.fdiv(b, f).ok_or(IntError::DivideByZero)?,
            _ => div_rem(kind, a, b)?.0,
        },
        IntStep::Mod => div_rem(kind, a, b)?.1,
        IntStep::Compare(c) => {
            if holds(kind, c, a, b) {
                one(kind)
            } else {
                T::default()
            }
        }
    })
}

/// Runs `op` at every element of `out` over the equally long `ins` (one per
/// operand, in order) at `kind`.
///
/// # Errors
/// [`IntError::DivideByZero`] for `Div` or `Mod` by 0 (`out` is then partly written).
///
/// # Panics
/// When `ins` has fewer operands than `op` takes or a buffer is shorter than `out`.
pub fn map<T: Int>(kind: IntKind, op: IntMap, ins: &[&[T]], out: &mut [T]) -> Result<(), IntError> {
    let n = out.len();
    let a = &ins[0][..n];
    // One index loop per kind, so the kind is not re-decided per element; no
    // closures or iterator adapters, each of which would be one more function
    // per carrier type in debug builds (see the C ABI's archive).
    macro_rules! each {
        (|$x:ident| $e:expr) => {
            for i in 0..n {
                let $x = a[i];
                out[i] = $e;
            }
        };
        (|$x:ident, $y:ident| $e:expr) => {{
            let b = &ins[1][..n];
            for i in 0..n {
                let ($x, $y) = (a[i], b[i]);
                out[i] = $e;
            }
        }};
    }
    match op {
        IntMap::Copy => out.copy_from_slice(a),
        IntMap::Abs => each!(|x| x.sabs()),
        IntMap::Neg => each!(|x| x.sneg()),
        IntMap::Two(IntStep::Arith(Op::Add)) => each!(|x, y| x.wadd(y)),
        IntMap::Two(IntStep::Arith(Op::Sub)) => each!(|x, y| x.wsub(y)),
        IntMap::Two(IntStep::Arith(Op::Mul)) => match kind {
            IntKind::Fixp { b: f } => each!(|x, y| x.fmul(y, f)),
            _ => each!(|x, y| x.wmul(y)),
        },
        IntMap::Two(k @ (IntStep::Arith(Op::Div) | IntStep::Mod)) => {
            // A zero divisor anywhere fails the whole call before any division,
            // so the loops below divide without a check of their own.
            if ins[1][..n].contains(&T::default()) {
                return Err(IntError::DivideByZero);
            }
            let nz = |v: Option<(T, T)>| v.unwrap_or_default();
            match (kind, k) {
                (IntKind::Uint, IntStep::Arith(Op::Div)) => each!(|x, y| nz(x.udiv_rem(y)).0),
                (IntKind::Uint, _) => each!(|x, y| nz(x.udiv_rem(y)).1),
                (IntKind::Fixp { b: f }, IntStep::Arith(Op::Div)) => {
                    each!(|x, y| x.fdiv(y, f).unwrap_or_default());
                }
                (_, IntStep::Arith(Op::Div)) => each!(|x, y| nz(x.sdiv_rem(y)).0),
                _ => each!(|x, y| nz(x.sdiv_rem(y)).1),
            }
        }
        IntMap::Two(IntStep::Compare(c)) => {
            let (yes, no) = (one::<T>(kind), T::default());
            each!(|x, y| if holds(kind, c, x, y) { yes } else { no });
        }
    }
    Ok(())
}

/// The fold of `rest` by `k` from `seed` at `kind`: left,
/// `k(…k(k(seed, x0), x1)…)`, or right (`right`), `k(x0, k(x1, … k(x_{n−1}, seed)))`.
/// `Add`, and `Mul` at `%uint`/`%int2`, associative and commutative on the
/// wrapping integers, run in whichever order vectorises.
///
/// # Errors
/// [`IntError::DivideByZero`] for a `Div` or `Mod` step by 0.
pub fn fold<T: Int>(
    kind: IntKind,
    k: IntStep,
    right: bool,
    seed: T,
    rest: &[T],
) -> Result<T, IntError> {
    let mut acc = seed;
    match k {
        IntStep::Arith(Op::Add) => {
            for &x in rest {
                acc = acc.wadd(x);
            }
        }
        IntStep::Arith(Op::Mul) if !matches!(kind, IntKind::Fixp { .. }) => {
            for &x in rest {
                acc = acc.wmul(x);
            }
        }
        _ if right => {
            for i in (0..rest.len()).rev() {
                acc = apply(kind, k, rest[i], acc)?;
            }
        }
        _ => {
            for &x in rest {
                acc = apply(kind, k, acc, x)?;
            }
        }
    }
    Ok(acc)
}

/// `acc_i = k(acc_i, x_i)` at `kind` for every `i`: one step of many left
/// folds at once (the slices of an axis arm), in place.
///
/// # Errors
/// [`IntError::DivideByZero`] for a `Div` or `Mod` step by 0 (`acc` is then partly stepped).
///
/// # Panics
/// When `xs` is shorter than `acc`.
pub fn step_into<T: Int>(
    kind: IntKind,
    k: IntStep,
    acc: &mut [T],
    xs: &[T],
) -> Result<(), IntError> {
    let n = acc.len();
    let xs = &xs[..n];
    match k {
        IntStep::Arith(Op::Add) => {
            for i in 0..n {
                acc[i] = acc[i].wadd(xs[i]);
            }
        }
        IntStep::Arith(Op::Mul) if !matches!(kind, IntKind::Fixp { .. }) => {
            for i in 0..n {
                acc[i] = acc[i].wmul(xs[i]);
            }
        }
        _ => {
            for i in 0..n {
                acc[i] = apply(kind, k, acc[i], xs[i])?;
            }
        }
    }
    Ok(())
}

/// `c += a·b` in `+mmul`'s cells (`m·p` of them, each `c_ij + Σ_k a_ik·b_kj`)
/// at `kind`, the products each the kind's `mul` and the sums wrapping: the
/// same bits in every order, so rows of cells advance together over `k`,
/// the loop that vectorises.
///
/// # Panics
/// When `a`, `b` or `c` holds fewer than `m·k`, `k·p` or `m·p` elements.
pub fn contract_acc_into<T: Int>(kind: IntKind, (m, k, p): Dims, a: &[T], b: &[T], c: &mut [T]) {
    let (a, b, c) = (&a[..m * k], &b[..k * p], &mut c[..m * p]);
    // Index loops, the product an expression: see `map`.
    macro_rules! cells {
        (|$x:ident, $y:ident| $e:expr) => {
            for i in 0..m {
                let row = &mut c[i * p..i * p + p];
                for kk in 0..k {
                    let $x = a[i * k + kk];
                    let brow = &b[kk * p..kk * p + p];
                    for j in 0..p {
                        let $y = brow[j];
                        row[j] = row[j].wadd($e);
                    }
                }
            }
        };
    }
    match kind {
        IntKind::Fixp { b: f } => cells!(|x, y| x.fmul(y, f)),
        _ => cells!(|x, y| x.wmul(y)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_rows_at_the_edges() {
        // min ÷ −1 = min, min mod −1 = 0, −7 ÷ 2 = −3 rem −1, 7 ÷ −2 = −3 rem 1.
        assert_eq!(0x80u8.sdiv_rem(0xff), Some((0x80, 0)));
        assert_eq!((-7i8 as u8).sdiv_rem(2), Some(((-3i8) as u8, (-1i8) as u8)));
        assert_eq!(7u8.sdiv_rem(-2i8 as u8), Some(((-3i8) as u8, 1)));
        assert_eq!(0x80u8.sabs(), 0x80);
        assert_eq!(0x80u8.sneg(), 0x80);
        assert_eq!(
            apply(IntKind::Int2, IntStep::Arith(Op::Div), 5u32, 0),
            Err(IntError::DivideByZero)
        );
        assert_eq!(
            apply(IntKind::Uint, IntStep::Mod, 5u16, 0),
            Err(IntError::DivideByZero)
        );
        // Unsigned and signed orders differ on the sign bit.
        let gth = IntStep::Compare(Compare::Gth);
        assert_eq!(apply(IntKind::Uint, gth, 0xffu8, 1), Ok(1));
        assert_eq!(apply(IntKind::Int2, gth, 0xffu8, 1), Ok(0));
    }

    #[test]
    fn bytes_round_trip() {
        let a = Atom::from_u64(0x0102_0304);
        assert_eq!(&*u8::read(&a, 6), &[4, 3, 2, 1, 0, 0][..]);
        assert_eq!(&*u8::read(&a, 2), &[4, 3][..]);
        assert_eq!(
            u8::atom_with(5, |o| o[..4].copy_from_slice(&[4, 3, 2, 1])),
            a
        );
    }
}
