//! The MXCSR complex contraction: `c += a·b` over complex matrices whose
//! real and imaginary parts are held apart, each cell `acc = c_ij; for k
//! ascending: acc = acc + a_ik·b_kj`, with SoftBLAS's complex product
//! (`re = ar·br − ai·bi`, `im = ar·bi + ai·br`, `a` first) and every one of
//! its six roundings and the two sums' under the block's rounding field
//! (the rules of [`super`]), at binary32 and binary64.

use super::*;
use crate::shape::Split;
use std::arch::asm;

/// One step's lines for one row and one vector of `b` (byte offset `$o`):
/// `re += ar·br − ai·bi`, `im += ar·bi + ai·br` with the row's broadcast
/// parts in `{$xr}`, `{$xi}` and its accumulators `{$re}`, `{$im}`.
macro_rules! cell {
    ($mul:literal, $add:literal, $sub:literal, $xr:literal, $xi:literal, $re:literal, $im:literal, $o:literal) => {
        concat!(
            $mul,
            " {y}, {",
            $xr,
            "}, [{br} + {pb} + ",
            $o,
            "]\n",
            $mul,
            " {z}, {",
            $xi,
            "}, [{bi} + {pb} + ",
            $o,
            "]\n",
            $sub,
            " {y}, {y}, {z}\n",
            $add,
            " {",
            $re,
            "}, {",
            $re,
            "}, {y}\n",
            $mul,
            " {y}, {",
            $xr,
            "}, [{bi} + {pb} + ",
            $o,
            "]\n",
            $mul,
            " {z}, {",
            $xi,
            "}, [{br} + {pb} + ",
            $o,
            "]\n",
            $add,
            " {y}, {y}, {z}\n",
            $add,
            " {",
            $im,
            "}, {",
            $im,
            "}, {y}\n",
        )
    };
}

/// One move of `$mov` between the register `$reg` and the memory `$mem`
/// (in pieces): into the register (`load`) or out of it (`store`).
macro_rules! mov {
    (load, $mov:literal, $reg:literal, $($mem:literal),+) => {
        concat!($mov, " ", $reg, ", ", $($mem,)+ "\n")
    };
    (store, $mov:literal, $reg:literal, $($mem:literal),+) => {
        concat!($mov, " ", $($mem,)+ ", ", $reg, "\n")
    };
}

/// The moves (`$mov`, elements of `$sc` bytes) of the two rows'
/// accumulators at column `{j}`, two vectors each of real and imaginary
/// parts, between `c` and their registers (`$dir`: `load` or `store`); the
/// second row is `[{s} + 24]` bytes on.
macro_rules! accumulators {
    ($dir:ident, $mov:literal, $sc:literal) => {
        concat!(
            mov!($dir, $mov, "{r00}", "[{cr} + {j}*", $sc, "]"),
            mov!($dir, $mov, "{r01}", "[{cr} + {j}*", $sc, " + 32]"),
            mov!($dir, $mov, "{i00}", "[{ci} + {j}*", $sc, "]"),
            mov!($dir, $mov, "{i01}", "[{ci} + {j}*", $sc, " + 32]"),
            "mov {t}, qword ptr [{s} + 24]\n",
            concat!("lea {pb}, [{cr} + {j}*", $sc, "]\n"),
            mov!($dir, $mov, "{r10}", "[{pb} + {t}]"),
            mov!($dir, $mov, "{r11}", "[{pb} + {t} + 32]"),
            concat!("lea {pb}, [{ci} + {j}*", $sc, "]\n"),
            mov!($dir, $mov, "{i10}", "[{pb} + {t}]"),
            mov!($dir, $mov, "{i11}", "[{pb} + {t} + 32]"),
        )
    };
}

/// Defines `$name(rc, [ar, ai], k, [br, bi], stride, [cr, ci], ldc, n)`:
/// for two rows of `c` (the first `n` lanes of rows starting `ldc` elements
/// apart, `n` a positive multiple of two vectors), the complex `acc_j = c_j;
/// for kk < k: acc_j = acc_j + a_kk·b_{kk,j}`, where `ar`, `ai` hold the two
/// rows' elements of `a` in pairs (`kk`'s of the first row, then of the
/// second). Columns go two vectors at a time (eight accumulator chains, each
/// `b` vector read for both rows); `k` runs innermost so the accumulators
/// stay in registers.
macro_rules! complex_rows_kernel {
    ($name:ident, $t:ty, $sc:literal, $sc2:literal, $pair:literal, $bc:literal, $ptr:literal,
     $mov:literal, $mul:literal, $add:literal, $sub:literal) => {
        /// # Safety
        /// AVX2/FMA/F16C available; `ar`, `ai` address `2k ≥ 2` elements,
        /// `br`, `bi` `k × stride` row-major blocks with `n ≤ stride`, `cr`,
        /// `ci` two rows of `n` elements `ldc` apart, `n` a positive multiple
        /// of two vectors.
        #[target_feature(enable = "avx2,fma,f16c")]
        #[allow(clippy::too_many_arguments)]
        unsafe fn $name(
            rc: u32,
            [ar, ai]: [*const $t; 2],
            k: usize,
            [br, bi]: [*const $t; 2],
            stride: usize,
            [cr, ci]: [*mut $t; 2],
            ldc: usize,
            n: usize,
        ) {
            // The frame `enter!` reads, then the loop bounds and the row stride in bytes.
            let mut save = [u64::from(rc) << 32, n as u64, k as u64, (ldc * $sc) as u64];
            let st = stride * $sc;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                under_frame!(
                    save.as_mut_ptr(),
                    [
                        "xor {j}, {j}",
                        "2:",
                        "cmp {j}, qword ptr [{s} + 8]",
                        "jae 5f",
                        accumulators!(load, $mov, $sc),
                        "xor {pa}, {pa}",
                        concat!("lea {pb}, [{j}*", $sc, "]"),
                        "mov {t}, qword ptr [{s} + 16]",
                        ".p2align 4",
                        "3:",
                        concat!($bc, " {xr0}, ", $ptr, " [{ar} + {pa}]"),
                        concat!($bc, " {xi0}, ", $ptr, " [{ai} + {pa}]"),
                        concat!($bc, " {xr1}, ", $ptr, " [{ar} + {pa} + ", $sc, "]"),
                        concat!($bc, " {xi1}, ", $ptr, " [{ai} + {pa} + ", $sc, "]"),
                        cell!($mul, $add, $sub, "xr0", "xi0", "r00", "i00", "0"),
                        cell!($mul, $add, $sub, "xr1", "xi1", "r10", "i10", "0"),
                        cell!($mul, $add, $sub, "xr0", "xi0", "r01", "i01", "32"),
                        cell!($mul, $add, $sub, "xr1", "xi1", "r11", "i11", "32"),
                        concat!("add {pa}, ", $sc2),
                        "add {pb}, {st}",
                        "sub {t}, 1",
                        "jnz 3b",
                        accumulators!(store, $mov, $sc),
                        concat!("add {j}, ", $pair),
                        "jmp 2b",
                        "5:",
                    ],
                    [],
                    in(reg): [ar, ai, br, bi, st, cr, ci],
                    out(reg): [j, pa, pb],
                    out(ymm_reg): [xr0, xi0, xr1, xi1, y, z],
                    out(ymm_reg): [r00, r01, i00, i01, r10, r11, i10, i11],
                );
            }
        }
    };
}

complex_rows_kernel!(
    crow_ps,
    u32,
    4,
    8,
    16,
    "vbroadcastss",
    "dword ptr",
    "vmovups",
    "vmulps",
    "vaddps",
    "vsubps"
);
complex_rows_kernel!(
    crow_pd,
    u64,
    8,
    16,
    8,
    "vbroadcastsd",
    "qword ptr",
    "vmovupd",
    "vmulpd",
    "vaddpd",
    "vsubpd"
);

/// A two-row complex kernel of [`complex_rows_kernel!`].
type CRows<T> =
    unsafe fn(u32, [*const T; 2], usize, [*const T; 2], usize, [*mut T; 2], usize, usize);

/// Runs `kernel` over the rows of the split complex contraction two at a
/// time (a last odd row beside a scratch row), the columns past the last
/// whole pair of vectors (`L` lanes) through padded copies.
fn complex_rows<T: Copy + Default, const L: usize>(
    rc: u32,
    (m, k, p): Dims,
    Split {
        a: [ar, ai],
        b: [br, bi],
        c: [cr, ci],
    }: Split<'_, T>,
    kernel: CRows<T>,
) {
    let sizes = [ar.len(), ai.len(), br.len(), bi.len(), cr.len(), ci.len()];
    assert!(
        sizes == [m * k, m * k, k * p, k * p, m * p, m * p],
        "mxcsr: complex contraction buffers do not match the dimensions"
    );
    if m == 0 || k == 0 || p == 0 {
        return;
    }
    let full = p - p % L;
    let tail = p - full;
    // The tail columns of `b`, padded to L lanes.
    let pad = |b: &[T]| {
        let mut t = vec![T::default(); if tail > 0 { k * L } else { 0 }];
        for kk in 0..k.min(t.len()) {
            t[kk * L..kk * L + tail].copy_from_slice(&b[kk * p + full..(kk + 1) * p]);
        }
        t
    };
    let (tr, ti) = (pad(br), pad(bi));
    // Two rows of `a` in pairs, and two rows of `c` (copies for a last odd row).
    let (mut pr, mut pi) = (vec![T::default(); 2 * k], vec![T::default(); 2 * k]);
    let (mut xr, mut xi) = (vec![T::default(); 2 * p], vec![T::default(); 2 * p]);
    let (mut yr, mut yi) = (vec![T::default(); 2 * L], vec![T::default(); 2 * L]);
    for i in (0..m).step_by(2) {
        let rows = (m - i).min(2);
        for (a, out) in [ar, ai].into_iter().zip([&mut pr, &mut pi]) {
            let second = if rows == 2 { i + 1 } else { i };
            for kk in 0..k {
                out[2 * kk] = a[i * k + kk];
                out[2 * kk + 1] = a[second * k + kk];
            }
        }
        let (rr, ri) = (
            &mut cr[i * p..(i + rows) * p],
            &mut ci[i * p..(i + rows) * p],
        );
        xr[..rows * p].copy_from_slice(rr);
        xi[..rows * p].copy_from_slice(ri);
        let a = [pr.as_ptr(), pi.as_ptr()];
        if full > 0 {
            // SAFETY: `available()` was checked by the caller; the pairs hold
            // 2k elements, `b` is k × p with full ≤ p, the two rows of `x` p.
            unsafe {
                kernel(
                    rc,
                    a,
                    k,
                    [br.as_ptr(), bi.as_ptr()],
                    p,
                    [xr.as_mut_ptr(), xi.as_mut_ptr()],
                    p,
                    full,
                )
            };
        }
        if tail > 0 {
            for (y, x) in [&mut yr, &mut yi].into_iter().zip([&xr, &xi]) {
                y[..tail].copy_from_slice(&x[full..p]);
                y[L..L + tail].copy_from_slice(&x[p + full..2 * p]);
            }
            // SAFETY: as above, on the k × L copies and two rows of L lanes.
            unsafe {
                kernel(
                    rc,
                    a,
                    k,
                    [tr.as_ptr(), ti.as_ptr()],
                    L,
                    [yr.as_mut_ptr(), yi.as_mut_ptr()],
                    L,
                    L,
                )
            };
            for (x, y) in [&mut xr, &mut xi].into_iter().zip([&yr, &yi]) {
                x[full..p].copy_from_slice(&y[..tail]);
                x[p + full..2 * p].copy_from_slice(&y[L..L + tail]);
            }
        }
        rr.copy_from_slice(&xr[..rows * p]);
        ri.copy_from_slice(&xi[..rows * p]);
    }
}

macro_rules! complex_entry {
    ($entry:ident, $t:ty, $pair:literal, $row:ident, $canon:ident) => {
        /// The complex contraction `c += a·b` (parts apart) in mode `M`
        /// continuing from `c`, if this level serves it.
        pub fn $entry<const M: u8>(dims: Dims, ops: Split<'_, $t>) -> bool {
            let Some(rc) = rc_of(M) else { return false };
            if !available() {
                return false;
            }
            let Split { a, b, c: [cr, ci] } = ops;
            let c = [&mut *cr, &mut *ci];
            complex_rows::<$t, $pair>(rc, dims, Split { a, b, c }, $row);
            for v in cr.iter_mut().chain(ci.iter_mut()) {
                *v = $canon(*v);
            }
            true
        }
    };
}

complex_entry!(ccontract32, u32, 16, crow_ps, canon32);
complex_entry!(ccontract64, u64, 8, crow_pd, canon64);
