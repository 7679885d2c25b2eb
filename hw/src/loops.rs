//! The loops over slices of bits: elementwise, square root, folds and the
//! `+mmul` contraction, each dispatched once per call on the operation and
//! the mode (const generics), and on x86_64 on the CPU's AVX2+FMA support.

use super::fresh;
use super::lanes;
use super::mode::{round_of, A, D, N, U, Z};
use super::op::{ADD, DIV, MUL, SUB};
use crate::ieee::{self, Width};
use crate::isa::Isa;
use crate::op::{by_mode, by_op_mode, Op};
use crate::shape::{Dims, Slots, Split};
use crate::word::Word;
use softcore::Round;

/// SoftFloat's result for one element (the fallback).
#[cold]
#[inline(never)]
fn soft_bin<T: Word, const OP: u8, const M: u8>(a: T, b: T) -> T {
    T::of_bits(Op::of_code(OP).reference(T::W, round_of(M), a.bits(), b.bits()))
}

#[cold]
#[inline(never)]
fn soft_sqt<T: Word, const M: u8>(a: T) -> T {
    T::of_bits(ieee::soft::sqt(T::W, round_of(M), a.bits()))
}

/// One element: the host's result, or SoftFloat's where the host cannot be trusted.
#[inline(always)]
fn one<T: Word, const OP: u8, const M: u8, const F: bool>(a: T, b: T) -> T {
    let (v, bad) = T::binf::<OP, M, F>(a, b);
    if bad {
        soft_bin::<T, OP, M>(a, b)
    } else {
        v
    }
}

/// The number of elements a vector loop runs before it checks for fallbacks.
const CHUNK: usize = 256;

#[inline(always)]
fn bin_body<T: Word, const OP: u8, const M: u8, const F: bool>(
    a: &[T],
    b: &[T],
    out: &mut Slots<T>,
) {
    for ((o, x), y) in out
        .chunks_mut(CHUNK)
        .zip(a.chunks(CHUNK))
        .zip(b.chunks(CHUNK))
    {
        let mut bad = false;
        for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) {
            let (v, f) = T::binf::<OP, M, F>(x, y);
            o.write(v);
            bad |= f;
        }
        if !T::EXACT && bad {
            for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) {
                o.write(one::<T, OP, M, F>(x, y));
            }
        }
    }
}

#[inline(always)]
fn sqt_body<T: Word, const M: u8, const F: bool>(a: &[T], out: &mut [T]) {
    for (o, x) in out.chunks_mut(CHUNK).zip(a.chunks(CHUNK)) {
        let mut bad = false;
        for (o, &x) in o.iter_mut().zip(x) {
            let (v, f) = T::sqtf::<M, F>(x);
            *o = v;
            bad |= f;
        }
        if !T::EXACT && bad {
            for (o, &x) in o.iter_mut().zip(x) {
                let (v, f) = T::sqtf::<M, F>(x);
                *o = if f { soft_sqt::<T, M>(x) } else { v };
            }
        }
    }
}

#[inline(always)]
fn fold_body<T: Word, const OP: u8, const M: u8, const F: bool>(
    right: bool,
    seed: T,
    rest: &[T],
) -> T {
    // `%a` has no host rounding: the host's nearest chain, checked off it.
    if M == A {
        return fold_away::fold::<T, OP, F>(right, seed, rest);
    }
    if right {
        rest.iter()
            .rev()
            .fold(seed, |acc, &x| one::<T, OP, M, F>(x, acc))
    } else {
        rest.iter().fold(seed, |acc, &x| one::<T, OP, M, F>(acc, x))
    }
}

/// The contraction `c += a·b` continuing from `c`'s values: each cell
/// `acc = c_ij; for k ascending: acc = acc + a_ik·b_kj`. Allocation-free: the
/// pending sums of the binary64 fallback live in a stack buffer of [`CHUNK`]
/// columns (each cell still sums `k` ascending).
#[inline(always)]
fn contract_acc_body<T: Word, const M: u8, const F: bool>(
    (m, k, p): Dims,
    a: &[T],
    b: &[T],
    c: &mut [T],
) {
    for (arow, row) in a.chunks_exact(k).zip(c.chunks_exact_mut(p)).take(m) {
        if T::EXACT {
            for (kk, &aik) in arow.iter().enumerate() {
                let brow = &b[kk * p..(kk + 1) * p];
                for (acc, &bkj) in row.iter_mut().zip(brow) {
                    let (prod, _) = T::binf::<MUL, M, F>(aik, bkj);
                    *acc = T::binf::<ADD, M, F>(*acc, prod).0;
                }
            }
            continue;
        }
        let mut pending = [T::default(); CHUNK];
        for (j, cols) in row.chunks_mut(CHUNK).enumerate() {
            let j0 = j * CHUNK;
            let next = &mut pending[..cols.len()];
            for (kk, &aik) in arow.iter().enumerate() {
                let brow = &b[kk * p + j0..kk * p + j0 + cols.len()];
                let mut bad = false;
                for ((nx, &acc), &bkj) in next.iter_mut().zip(cols.iter()).zip(brow) {
                    let (prod, f1) = T::binf::<MUL, M, F>(aik, bkj);
                    let (s, f2) = T::binf::<ADD, M, F>(acc, prod);
                    *nx = s;
                    bad |= f1 | f2;
                }
                if bad {
                    for ((nx, &acc), &bkj) in next.iter_mut().zip(cols.iter()).zip(brow) {
                        *nx = one::<T, ADD, M, F>(acc, one::<T, MUL, M, F>(aik, bkj));
                    }
                }
                cols.copy_from_slice(next);
            }
        }
    }
}

/// Whether the AVX2+FMA copies of the loops run under the cap `cap`: the cap
/// allows [`Isa::Fma`] and this CPU has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
pub(super) fn avx2_fma(cap: Isa) -> bool {
    cap >= Isa::Fma
        && std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("fma")
}

fn bin_plain<T: Word, const OP: u8, const M: u8>(a: &[T], b: &[T], out: &mut Slots<T>) {
    bin_body::<T, OP, M, { lanes::BASE_FMA }>(a, b, out)
}
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn bin_fast<T: Word, const OP: u8, const M: u8>(a: &[T], b: &[T], out: &mut Slots<T>) {
    bin_body::<T, OP, M, true>(a, b, out)
}
fn bin_run<T: Word, const OP: u8, const M: u8>(cap: Isa, a: &[T], b: &[T], out: &mut Slots<T>) {
    // binary64's own `%a` quotient (one division and an exact remainder) is
    // already within 1.2× of a native loop, faster than this two-pass form.
    if OP == DIV && M == A && T::W != Width::D {
        return div_away(cap, a, b, out);
    }
    // Only x86_64 has levels above the portable loops.
    #[cfg(not(target_arch = "x86_64"))]
    let _ = cap;
    #[cfg(target_arch = "x86_64")]
    if T::accel_bin::<OP, M>(cap, a, b, out) {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if avx2_fma(cap) {
        // SAFETY: the CPU supports AVX2 and FMA (checked just above), the only
        // requirement of calling a function compiled for them.
        #[allow(unsafe_code)]
        return unsafe { bin_fast::<T, OP, M>(a, b, out) };
    }
    bin_plain::<T, OP, M>(a, b, out)
}

/// `a ÷ b` rounded to nearest with ties away (`%a`) at binary16/32, on the
/// loops that round to nearest with ties to even (`%n`) at every level.
///
/// A quotient is never half-way between two neighbours of the full
/// precision `p`: a midpoint `m` has `p + 1` significant bits ending in a
/// one, so `m × b` keeps at least `p + 1` of them whatever `b` (odd times
/// odd is odd) and cannot be the dividend. Ties away and ties to even
/// therefore agree wherever the result has `p` bits: every result above the
/// least normal magnitude, overflow included. A result at or below it (a
/// subnormal, zero, or the least normal reached from below) is `%a`'s own
/// element rule.
fn div_away<T: Word>(cap: Isa, a: &[T], b: &[T], out: &mut Slots<T>) {
    let least_normal = 1u128 << T::W.frac_bits();
    let magnitude = !T::W.sign_bit() & T::W.mask();
    let mut nearest = [T::default(); CHUNK];
    for ((o, x), y) in out
        .chunks_mut(CHUNK)
        .zip(a.chunks(CHUNK))
        .zip(b.chunks(CHUNK))
    {
        let q = &mut nearest[..o.len()];
        bin_run::<T, DIV, N>(cap, x, y, fresh::slots(q));
        let tiny = |v: T| v.bits() & magnitude <= least_normal;
        // A fold without a shortcut and a plain copy: both are vector code.
        let any = q.iter().fold(false, |any, &v| any | tiny(v));
        for (o, &v) in o.iter_mut().zip(q.iter()) {
            o.write(v);
        }
        if any {
            for (((o, &x), &y), &v) in o.iter_mut().zip(x).zip(y).zip(q.iter()) {
                if tiny(v) {
                    o.write(one::<T, DIV, A, { lanes::BASE_FMA }>(x, y));
                }
            }
        }
    }
}

fn sqt_plain<T: Word, const M: u8>(a: &[T], out: &mut [T]) {
    sqt_body::<T, M, { lanes::BASE_FMA }>(a, out)
}
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn sqt_fast<T: Word, const M: u8>(a: &[T], out: &mut [T]) {
    sqt_body::<T, M, true>(a, out)
}
fn sqt_run<T: Word, const M: u8>(cap: Isa, a: &[T], out: &mut [T]) {
    // A root is never a tie (nor subnormal): `%a` is `%n`.
    if M == A {
        return sqt_run::<T, N>(cap, a, out);
    }
    // Only x86_64 has levels above the portable loops.
    #[cfg(not(target_arch = "x86_64"))]
    let _ = cap;
    #[cfg(target_arch = "x86_64")]
    if T::accel_sqt::<M>(cap, a, out) {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if avx2_fma(cap) {
        // SAFETY: as in `bin_run`.
        #[allow(unsafe_code)]
        return unsafe { sqt_fast::<T, M>(a, out) };
    }
    sqt_plain::<T, M>(a, out)
}

fn fold_plain<T: Word, const OP: u8, const M: u8>(right: bool, seed: T, rest: &[T]) -> T {
    fold_body::<T, OP, M, { lanes::BASE_FMA }>(right, seed, rest)
}
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn fold_fast<T: Word, const OP: u8, const M: u8>(right: bool, seed: T, rest: &[T]) -> T {
    fold_body::<T, OP, M, true>(right, seed, rest)
}
pub(crate) fn fold_run<T: Word, const OP: u8, const M: u8>(
    cap: Isa,
    right: bool,
    seed: T,
    rest: &[T],
) -> T {
    // Only x86_64 has levels above the portable loops.
    #[cfg(not(target_arch = "x86_64"))]
    let _ = cap;
    #[cfg(target_arch = "x86_64")]
    if let Some(v) = T::accel_fold::<OP, M>(cap, right, seed, rest) {
        return v;
    }
    #[cfg(target_arch = "x86_64")]
    if avx2_fma(cap) {
        // SAFETY: as in `bin_run`.
        #[allow(unsafe_code)]
        return unsafe { fold_fast::<T, OP, M>(right, seed, rest) };
    }
    fold_plain::<T, OP, M>(right, seed, rest)
}

fn contract_acc_plain<T: Word, const M: u8>(dims: Dims, a: &[T], b: &[T], c: &mut [T]) {
    contract_acc_body::<T, M, { lanes::BASE_FMA }>(dims, a, b, c)
}
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn contract_acc_fast<T: Word, const M: u8>(dims: Dims, a: &[T], b: &[T], c: &mut [T]) {
    contract_acc_body::<T, M, true>(dims, a, b, c)
}
fn contract_acc_run<T: Word, const M: u8>(cap: Isa, dims: Dims, a: &[T], b: &[T], c: &mut [T]) {
    // Only x86_64 has levels above the portable loops.
    #[cfg(not(target_arch = "x86_64"))]
    let _ = cap;
    // The hardware contractions update `c` in place from its current values.
    #[cfg(target_arch = "x86_64")]
    if T::accel_contract::<M>(cap, dims, a, b, c) {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if avx2_fma(cap) {
        // SAFETY: as in `bin_run`.
        #[allow(unsafe_code)]
        return unsafe { contract_acc_fast::<T, M>(dims, a, b, c) };
    }
    contract_acc_plain::<T, M>(dims, a, b, c)
}

/// `out[i] = a[i] op b[i]` rounded in `r`, bit for bit as `softblas::scalar::i754`,
/// on loops of no instruction-set level above `isa`: every level gives the same
/// bits. For short slices (fewer lanes than one AVX-512 vector) [`Isa::Avx2`]
/// avoids the AVX-512 loop's padded tail, which costs more than it saves.
///
/// # Panics
/// When `a`, `b` and `out` are not equally long.
pub fn elementwise<T: Word>(isa: Isa, op: Op, r: Round, a: &[T], b: &[T], out: &mut [T]) {
    bin_slots(isa, op, r, a, b, fresh::slots(out));
}

/// [`elementwise`] into slots not yet written (a fresh result buffer,
/// [`fresh::limbs`]): every slot of `out` is written, and the same memory is
/// returned as the values.
///
/// # Panics
/// When `a`, `b` and `out` are not equally long.
pub fn elementwise_fresh<'o, T: Word>(
    isa: Isa,
    op: Op,
    r: Round,
    a: &[T],
    b: &[T],
    out: &'o mut Slots<T>,
) -> &'o mut [T] {
    bin_slots(isa, op, r, a, b, out);
    // SAFETY: `bin_slots` returned, so it wrote every slot of `out` (each
    // loop below it writes every index of its output, the tails through
    // whole-vector stack buffers copied back; a panic never returns here).
    #[allow(unsafe_code)]
    unsafe {
        fresh::assume_written(out)
    }
}

/// The elementwise loops' one entry: writes every slot of `out`.
fn bin_slots<T: Word>(cap: Isa, op: Op, r: Round, a: &[T], b: &[T], out: &mut Slots<T>) {
    assert!(
        a.len() == out.len() && b.len() == out.len(),
        "hw::elementwise: operand lengths {} and {} differ from the output's {}",
        a.len(),
        b.len(),
        out.len()
    );
    by_op_mode!(op, r, bin_run, T, (cap, a, b, out))
}

/// `out[i] = √a[i]` rounded in `r`, bit for bit as [`ieee::soft::sqt`], on
/// loops of no level above `isa`.
///
/// # Panics
/// When `a` and `out` are not equally long.
pub fn sqrt<T: Word>(isa: Isa, r: Round, a: &[T], out: &mut [T]) {
    assert_eq!(
        a.len(),
        out.len(),
        "hw::sqrt: operand and output lengths differ"
    );
    by_mode!(r, sqt_run, T, (isa, a, out))
}

/// `a op b` rounded in `r`: one element of [`elementwise`], on the portable
/// loop (one element fills no vector).
pub fn scalar<T: Word>(op: Op, r: Round, a: T, b: T) -> T {
    let mut out = [T::default()];
    elementwise(Isa::Portable, op, r, &[a], &[b], &mut out);
    out[0]
}

/// `√a` rounded in `r`: one element of [`sqrt`], on the portable loop.
pub fn scalar_sqrt<T: Word>(r: Round, a: T) -> T {
    let mut out = [T::default()];
    sqrt(Isa::Portable, r, &[a], &mut out);
    out[0]
}

/// `a op b` at width `w` rounded in `r` by the per-element functions every
/// loop here runs (not the slice loops, whose per-call dispatch costs more
/// than one element), or `None` where the soft core must compute it:
/// binary128, or an element the host cannot decide (a binary64 directed
/// mode with a subnormal operand, a tiny quotient, an overflowing
/// intermediate). Operands are cut to the width; a result lies within it.
#[inline]
pub fn element(op: Op, w: Width, r: Round, a: u128, b: u128) -> Option<u128> {
    match w {
        Width::H => by_op_mode!(op, r, element_at, u16, (a, b)),
        Width::S => by_op_mode!(op, r, element_at, u32, (a, b)),
        Width::D => by_op_mode!(op, r, element_at, u64, (a, b)),
        Width::Q => None,
    }
}

/// `√a` at width `w` rounded in `r` as [`element`] computes it, or `None`
/// where the soft core must.
#[inline]
pub fn element_sqrt(w: Width, r: Round, a: u128) -> Option<u128> {
    match w {
        Width::H => by_mode!(r, element_sqrt_at, u16, (a)),
        Width::S => by_mode!(r, element_sqrt_at, u32, (a)),
        Width::D => by_mode!(r, element_sqrt_at, u64, (a)),
        Width::Q => None,
    }
}

/// One element of `OP` in mode `M` at the width of `T`.
#[inline(always)]
fn element_at<T: Word, const OP: u8, const M: u8>(a: u128, b: u128) -> Option<u128> {
    let (v, undecided) = T::bin::<OP, M>(T::of_bits(a), T::of_bits(b));
    (!undecided).then(|| v.bits())
}

/// One square root in mode `M` at the width of `T`.
#[inline(always)]
fn element_sqrt_at<T: Word, const M: u8>(a: u128) -> Option<u128> {
    let (v, undecided) = T::sqt::<M>(T::of_bits(a));
    (!undecided).then(|| v.bits())
}

/// The `m × p` row-major product of `a` (`m × k`) and `b` (`k × p`), `+mmul`'s
/// order: each cell `acc = +0; for k ascending: acc = acc + a_ik·b_kj`, the
/// product and the sum each rounded in `r`; on loops of no level above `isa`.
///
/// # Panics
/// When `a` or `b` does not hold `m·k` or `k·p` elements.
pub fn contract<T: Word>(isa: Isa, r: Round, (m, k, p): Dims, a: &[T], b: &[T]) -> Vec<T> {
    let mut c = vec![T::default(); m * p];
    contract_acc_into(isa, r, (m, k, p), a, b, &mut c);
    c
}

/// [`contract`] into the caller's `c` (`m·p` elements, overwritten), without allocating.
///
/// # Panics
/// When `a`, `b` or `c` does not hold `m·k`, `k·p` or `m·p` elements.
pub fn contract_into<T: Word>(
    isa: Isa,
    r: Round,
    dims: (usize, usize, usize),
    a: &[T],
    b: &[T],
    c: &mut [T],
) {
    c.fill(T::default());
    contract_acc_into(isa, r, dims, a, b, c);
}

/// `c += a·b` in `+mmul`'s order continuing from `c`: each cell
/// `acc = c_ij; for k ascending: acc = acc + a_ik·b_kj`, the product and the
/// sum each rounded in `r`, without allocating. With `c` all `+0` this is
/// [`contract`]; a caller that splits `k` into consecutive blocks and calls
/// this once per block, in ascending order, gets the same bits as one call.
///
/// # Panics
/// When `a`, `b` or `c` does not hold `m·k`, `k·p` or `m·p` elements.
pub fn contract_acc_into<T: Word>(
    isa: Isa,
    r: Round,
    (m, k, p): (usize, usize, usize),
    a: &[T],
    b: &[T],
    c: &mut [T],
) {
    assert!(
        Some(a.len()) == m.checked_mul(k)
            && Some(b.len()) == k.checked_mul(p)
            && Some(c.len()) == m.checked_mul(p),
        "hw::contract_acc_into: buffers of {}, {} and {} elements for {m}×{k}·{k}×{p}",
        a.len(),
        b.len(),
        c.len()
    );
    if m == 0 || k == 0 || p == 0 {
        return;
    }
    by_mode!(r, contract_acc_run, T, (isa, (m, k, p), a, b, c));
}

/// The complex contraction `c += a·b` continuing from `c`, the real and
/// imaginary parts of each matrix apart (`m × k` by `k × p`, row-major): each
/// cell `acc = c_ij; for k ascending: acc = acc + a_ik·b_kj` with SoftBLAS's
/// product (`re = ar·br − ai·bi`, `im = ar·bi + ai·br`), all eight
/// roundings in `r`, on a kernel of no level above `isa` that rounds in
/// hardware; `false` where none serves (binary16 and binary128, `%a`, a
/// level or CPU without one), and the caller runs its own loop.
///
/// # Panics
/// When a part does not hold `m·k`, `k·p` or `m·p` elements.
pub fn ccontract_acc<T: Word>(isa: Isa, r: Round, dims: Dims, ops: Split<'_, T>) -> bool {
    by_mode!(r, ccontract_run, T, (isa, dims, ops))
}

fn ccontract_run<T: Word, const M: u8>(isa: Isa, dims: Dims, ops: Split<'_, T>) -> bool {
    T::accel_ccontract::<M>(isa, dims, ops)
}

/// The SoftFloat reference of [`ccontract_acc`]: `c += a·b` with every
/// rounding [`Op::reference`]'s in `r`, each cell `acc = c_ij; for k
/// ascending: acc = acc + a_ik·b_kj` with SoftBLAS's product (`re = ar·br −
/// ai·bi`, `im = ar·bi + ai·br`) and the parts of the sum apart.
///
/// # Panics
/// When a part holds fewer than `m·k`, `k·p` or `m·p` elements.
pub fn ccontract_reference<T: Word>(r: Round, (m, k, p): Dims, ops: Split<'_, T>) {
    let Split {
        a: [ar, ai],
        b: [br, bi],
        c: [cr, ci],
    } = ops;
    let f = |op: Op, x: u128, y: u128| op.reference(T::W, r, x, y);
    for i in 0..m {
        for j in 0..p {
            let (mut sr, mut si) = (cr[i * p + j].bits(), ci[i * p + j].bits());
            for kk in 0..k {
                let (xr, xi) = (ar[i * k + kk].bits(), ai[i * k + kk].bits());
                let (yr, yi) = (br[kk * p + j].bits(), bi[kk * p + j].bits());
                let pr = f(Op::Sub, f(Op::Mul, xr, yr), f(Op::Mul, xi, yi));
                let pi = f(Op::Add, f(Op::Mul, xr, yi), f(Op::Mul, xi, yr));
                sr = f(Op::Add, sr, pr);
                si = f(Op::Add, si, pi);
            }
            cr[i * p + j] = T::of_bits(sr);
            ci[i * p + j] = T::of_bits(si);
        }
    }
}

/// Which copy of the loops this CPU runs under the cap `isa`: AVX-512
/// embedded rounding, AVX2 with MXCSR rounding, `"avx2+fma"` or `"baseline"`
/// for `%n %u %d %z`, and for `%a` the AVX2 loops of `ties` from the level
/// `avx2` up.
pub fn host_path(isa: Isa) -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        #[cfg(feature = "avx512")]
        if isa >= Isa::Avx512F && avx2_fma(isa) && super::avx512::available() {
            return "avx512 embedded rounding (n u d z), avx2 ties loops (a)";
        }
        if isa >= Isa::Avx2 && super::mxcsr::available() {
            return "avx2 mxcsr rounding (n u d z), avx2 ties loops (a)";
        }
        if isa >= Isa::Avx2 && super::ties::available() {
            return "avx2+fma (n u d z), avx2 ties loops (a)";
        }
        if avx2_fma(isa) {
            return "avx2+fma";
        }
    }
    let _ = isa;
    "baseline"
}

/// `out[i]` = `xs[i]` widened exactly to `W`'s format (binary16 → binary32
/// or binary32 → binary64, IEEE `convertFormat`, exact on every number); a
/// NaN becomes `W`'s canonical NaN.
///
/// # Panics
/// When `xs` and `out` differ in length, or `W` is not the next wider
/// format of `F`.
pub fn widen<F: Word, W: Word>(xs: &[F], out: &mut [W]) {
    assert_eq!(xs.len(), out.len(), "hw::widen: buffer lengths differ");
    assert!(
        matches!((F::W, W::W), (Width::H, Width::S) | (Width::S, Width::D)),
        "hw::widen: {:?} is not the next wider format of {:?}",
        W::W,
        F::W
    );
    for (o, &x) in out.iter_mut().zip(xs) {
        // Both widths hold `x` exactly as a binary64 value.
        let v = match F::W {
            Width::H => super::half::widen(x.bits() as u16),
            _ => f64::from(f32::from_bits(x.bits() as u32)),
        };
        *o = W::of_bits(match W::W {
            _ if v.is_nan() => ieee::canonical_nan(W::W),
            Width::S => u128::from((v as f32).to_bits()),
            _ => u128::from(v.to_bits()),
        });
    }
}

mod fold_away;

#[cfg(all(test, target_arch = "x86_64"))]
mod ccontract_tests;
#[cfg(test)]
mod into_tests;
