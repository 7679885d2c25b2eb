//! The jet path's loops: elements loaded from and stored to the caller's
//! bytes in stack chunks, the elementwise map, the right-fold sum, and the
//! tiled `+mmul`.

use super::{KB, MB, NB, SMALL};
use softblas::exec::fast::kernels::{self, Elementwise, Step};
use softblas::hw::{Isa, Op};
use softblas::{Policy, Round, Word};

/// Reads the elements of `src` into `dst` (`dst.len()` elements).
#[inline(always)]
fn load<T: Word>(src: &[u8], dst: &mut [T]) {
    for (d, s) in dst.iter_mut().zip(src.chunks_exact(T::BYTES)) {
        *d = T::load(s);
    }
}

/// Writes the elements `src` to `dst`.
#[inline(always)]
fn store<T: Word>(src: &[T], dst: &mut [u8]) {
    for (s, d) in src.iter().zip(dst.chunks_exact_mut(T::BYTES)) {
        s.store(d);
    }
}

/// The right operand of an elementwise kernel.
#[derive(Clone, Copy)]
pub(super) enum Right<'a, T> {
    /// A ray's element bytes (empty for a one-operand kernel).
    Ray(&'a [u8]),
    /// One value for every element.
    Scalar(T),
}

/// `pol` with its cap lowered for chunks of `C` lanes: below one AVX-512
/// vector the AVX2 copy is faster (same bits).
fn for_chunks<const C: usize>(pol: Policy) -> Policy {
    if C <= SMALL {
        pol.with_isa(pol.isa.min(Isa::Avx2))
    } else {
        pol
    }
}

/// `$f::<$t, C>(…)` with the chunk `C` for the operand bytes `$x`: [`SMALL`]
/// lanes when they fill no more than one small chunk, else [`CHUNK`](super::CHUNK).
macro_rules! by_chunk {
    ($x:expr, $f:ident::<$t:ty>($($arg:expr),* $(,)?)) => {
        if $x.len() <= $crate::la::jet::SMALL * <$t as softblas::Word>::BYTES {
            $f::<$t, { $crate::la::jet::SMALL }>($($arg),*)
        } else {
            $f::<$t, { $crate::la::jet::CHUNK }>($($arg),*)
        }
    };
}
pub(super) use by_chunk;

/// `out = kernel(x, y)` elementwise, chunk by chunk of `C` lanes through the
/// stack ([`by_chunk`] picks `C`).
pub(super) fn map<T: Word, const C: usize>(
    pol: Policy,
    kernel: Elementwise,
    r: Round,
    x: &[u8],
    y: Right<'_, T>,
    out: &mut [u8],
) {
    let (pol, step) = (for_chunks::<C>(pol), C * T::BYTES);
    let mut a = [T::default(); C];
    let mut b = [T::default(); C];
    let mut o = [T::default(); C];
    if let Right::Scalar(v) = y {
        b.fill(v);
    }
    for (i, (xs, os)) in x.chunks(step).zip(out.chunks_mut(step)).enumerate() {
        let len = xs.len() / T::BYTES;
        let (a, b, o) = (&mut a[..len], &mut b[..len], &mut o[..len]);
        load(xs, a);
        if let Right::Ray(y) = y {
            if !y.is_empty() {
                load(&y[i * step..i * step + xs.len()], b);
            }
        }
        kernels::elementwise(pol, kernel, r, &[a, b], o);
        store(o, os);
    }
}

/// The right fold `t0 + (t1 + … (t_{n−1} + +0))` rounded in `r`, where `t_i`
/// is `x_i` (`+cumsum`) or the rounded product `x_i·y_i` (`+dot`, `y` given),
/// through chunks of `C` lanes ([`by_chunk`] picks `C`).
pub(super) fn sum<T: Word, const C: usize>(pol: Policy, r: Round, x: &[u8], y: Option<&[u8]>) -> T {
    let (pol, n) = (for_chunks::<C>(pol), x.len() / T::BYTES);
    let mut acc = T::default();
    let mut a = [T::default(); C];
    let mut b = [T::default(); C];
    let mut t = [T::default(); C];
    // Chunks from the last: the fold of a chunk continues from the later chunks' sum.
    for c in (0..n.div_ceil(C)).rev() {
        let (lo, hi) = (c * C, (c * C + C).min(n));
        let bytes = lo * T::BYTES..hi * T::BYTES;
        let (a, b, t) = (&mut a[..hi - lo], &mut b[..hi - lo], &mut t[..hi - lo]);
        load(&x[bytes.clone()], a);
        let terms: &[T] = match y {
            Some(y) => {
                load(&y[bytes], b);
                kernels::fold_products(pol, r, a, b, t);
                t
            }
            None => a,
        };
        acc = kernels::fold(pol, Step::Arith(Op::Add), r, true, acc, terms);
    }
    acc
}

/// `+mmul` of `a` (`m × k`) and `b` (`k × p`) into `out`, through stack tiles
/// and [`kernels::contract_acc_into`] (`k` blocks ascending, so each cell's order is kept).
pub(super) fn mmul<T: Word>(
    pol: Policy,
    r: Round,
    (m, k, p): (usize, usize, usize),
    a: &[u8],
    b: &[u8],
    out: &mut [u8],
) {
    let w = T::BYTES;
    let mut at = [T::default(); MB * KB];
    let mut bt = [T::default(); KB * NB];
    let mut ct = [T::default(); MB * NB];
    for i0 in (0..m).step_by(MB) {
        let mb = MB.min(m - i0);
        for j0 in (0..p).step_by(NB) {
            let nb = NB.min(p - j0);
            let c = &mut ct[..mb * nb];
            c.fill(T::default());
            for k0 in (0..k).step_by(KB) {
                let kb = KB.min(k - k0);
                let (at, bt) = (&mut at[..mb * kb], &mut bt[..kb * nb]);
                for (ii, row) in at.chunks_exact_mut(kb).enumerate() {
                    let s = ((i0 + ii) * k + k0) * w;
                    load(&a[s..s + kb * w], row);
                }
                for (kk, row) in bt.chunks_exact_mut(nb).enumerate() {
                    let s = ((k0 + kk) * p + j0) * w;
                    load(&b[s..s + nb * w], row);
                }
                kernels::contract_acc_into(pol, r, (mb, kb, nb), at, bt, c);
            }
            for (ii, row) in c.chunks_exact(nb).enumerate() {
                let s = ((i0 + ii) * p + j0) * w;
                store(row, &mut out[s..s + nb * w]);
            }
        }
    }
}
