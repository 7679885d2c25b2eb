//! The MXCSR contraction: `+mmul`'s row kernels at binary16/32/64 and the
//! packed micro-kernels of the cache-blocked driver ([`super::super::packed`]),
//! each product and sum rounded under the block's rounding field (the rules
//! of [`super`]).

use super::*;
use std::arch::asm;

/// Defines `$name(rc, a, k, b, stride, c, n)`: for one row of `c` (its first
/// `n` lanes, a positive multiple of 8 binary32 or 4 binary64 lanes),
/// `acc_j = c_j; for kk < k: acc_j = acc_j + a_kk·b_{kk,j}` with the product
/// and the sum each rounded under `rc`. Columns go in blocks of four vectors
/// (four independent chains), then single vectors; `k` runs innermost so the
/// accumulators stay in registers.
macro_rules! row_kernel {
    ($name:ident, $t:ty, $sc:literal, $vec:literal, $quad:literal, $bc:literal, $ptr:literal,
     $mov:literal, $mul:literal, $add:literal) => {
        /// # Safety
        /// AVX2/FMA/F16C available; `a` addresses `k ≥ 1` elements, `b` a
        /// `k × stride` row-major block with `n ≤ stride`, `c` `n` elements.
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $name(
            rc: u32,
            a: *const $t,
            k: usize,
            b: *const $t,
            stride: usize,
            c: *mut $t,
            n: usize,
        ) {
            let mut save = frame(rc, n / $quad * $quad);
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    "xor {j}, {j}",
                    // Blocks of four vectors.
                    "cmp {j}, qword ptr [{s} + 8]",
                    "jae 5f",
                    "3:",
                    concat!($mov, " {c0}, [{c} + {j}*", $sc, "]"),
                    concat!($mov, " {c1}, [{c} + {j}*", $sc, " + 32]"),
                    concat!($mov, " {c2}, [{c} + {j}*", $sc, " + 64]"),
                    concat!($mov, " {c3}, [{c} + {j}*", $sc, " + 96]"),
                    "mov {pa}, {a}",
                    concat!("lea {pb}, [{b} + {j}*", $sc, "]"),
                    "mov {t}, {k}",
                    ".p2align 4",
                    "4:",
                    concat!($bc, " {x}, ", $ptr, " [{pa}]"),
                    concat!($mul, " {y}, {x}, [{pb}]"),
                    concat!($add, " {c0}, {c0}, {y}"),
                    concat!($mul, " {y}, {x}, [{pb} + 32]"),
                    concat!($add, " {c1}, {c1}, {y}"),
                    concat!($mul, " {y}, {x}, [{pb} + 64]"),
                    concat!($add, " {c2}, {c2}, {y}"),
                    concat!($mul, " {y}, {x}, [{pb} + 96]"),
                    concat!($add, " {c3}, {c3}, {y}"),
                    concat!("add {pa}, ", $sc),
                    "add {pb}, {st}",
                    "sub {t}, 1",
                    "jnz 4b",
                    concat!($mov, " [{c} + {j}*", $sc, "], {c0}"),
                    concat!($mov, " [{c} + {j}*", $sc, " + 32], {c1}"),
                    concat!($mov, " [{c} + {j}*", $sc, " + 64], {c2}"),
                    concat!($mov, " [{c} + {j}*", $sc, " + 96], {c3}"),
                    concat!("add {j}, ", $quad),
                    "cmp {j}, qword ptr [{s} + 8]",
                    "jb 3b",
                    // Single vectors.
                    "5:",
                    "cmp {j}, {n}",
                    "jae 7f",
                    concat!($mov, " {c0}, [{c} + {j}*", $sc, "]"),
                    "mov {pa}, {a}",
                    concat!("lea {pb}, [{b} + {j}*", $sc, "]"),
                    "mov {t}, {k}",
                    ".p2align 4",
                    "6:",
                    concat!($bc, " {x}, ", $ptr, " [{pa}]"),
                    concat!($mul, " {y}, {x}, [{pb}]"),
                    concat!($add, " {c0}, {c0}, {y}"),
                    concat!("add {pa}, ", $sc),
                    "add {pb}, {st}",
                    "sub {t}, 1",
                    "jnz 6b",
                    concat!($mov, " [{c} + {j}*", $sc, "], {c0}"),
                    concat!("add {j}, ", $vec),
                    "jmp 5b",
                    "7:",
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    a = in(reg) a,
                    k = in(reg) k,
                    b = in(reg) b,
                    st = in(reg) stride * $sc,
                    c = in(reg) c,
                    n = in(reg) n,
                    j = out(reg) _,
                    pa = out(reg) _,
                    pb = out(reg) _,
                    x = out(ymm_reg) _,
                    y = out(ymm_reg) _,
                    c0 = out(ymm_reg) _,
                    c1 = out(ymm_reg) _,
                    c2 = out(ymm_reg) _,
                    c3 = out(ymm_reg) _,
                    options(nostack),
                );
            }
        }
    };
}

row_kernel!(
    row_ps,
    u32,
    4,
    8,
    32,
    "vbroadcastss",
    "dword ptr",
    "vmovups",
    "vmulps",
    "vaddps"
);
row_kernel!(
    row_pd,
    u64,
    8,
    4,
    16,
    "vbroadcastsd",
    "qword ptr",
    "vmovupd",
    "vmulpd",
    "vaddpd"
);

/// The binary16 row kernel: as [`row_ps`] on 8 binary16 lanes per vector,
/// each product and each sum narrowed to binary16 (by MXCSR.RC) and widened
/// back, as two binary16 operations. Four chains per block (the narrowing
/// and widening lengthen each chain's step, so more of them run at once),
/// then single vectors.
///
/// # Safety
/// As for [`row_ps`], with `n` a positive multiple of 8.
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn row_ph(
    rc: u32,
    a: *const u16,
    k: usize,
    b: *const u16,
    stride: usize,
    c: *mut u16,
    n: usize,
) {
    let mut save = frame(rc, n / 32 * 32);
    // One chain's step: `{acc} = RN16(acc + RN16(x·b[{off}]))`.
    macro_rules! step16 {
        ($acc:literal, $off:literal) => {
            concat!(
                "vcvtph2ps {y}, xmmword ptr [{pb} + ",
                $off,
                "]\n",
                "vmulps {y}, {x}, {y}\n",
                "vcvtps2ph {ys}, {y}, 4\n",
                "vcvtph2ps {y}, {ys}\n",
                "vaddps ",
                $acc,
                ", ",
                $acc,
                ", {y}\n",
                "vcvtps2ph {ys}, ",
                $acc,
                ", 4\n",
                "vcvtph2ps ",
                $acc,
                ", {ys}\n",
            )
        };
    }
    // Broadcasts `a[pa]` widened into `{x}`.
    macro_rules! bcast16 {
        () => {
            concat!(
                "movzx {w:e}, word ptr [{pa}]\n",
                "vmovd {xs}, {w:e}\n",
                "vpbroadcastw {xs}, {xs}\n",
                "vcvtph2ps {x}, {xs}\n",
            )
        };
    }
    // SAFETY: the caller's contract; the block restores MXCSR before it ends.
    unsafe {
        asm!(
            enter!(),
            "xor {j}, {j}",
            "cmp {j}, qword ptr [{s} + 8]",
            "jae 5f",
            "3:",
            "vcvtph2ps {c0}, xmmword ptr [{c} + {j}*2]",
            "vcvtph2ps {c1}, xmmword ptr [{c} + {j}*2 + 16]",
            "vcvtph2ps {c2}, xmmword ptr [{c} + {j}*2 + 32]",
            "vcvtph2ps {c3}, xmmword ptr [{c} + {j}*2 + 48]",
            "mov {pa}, {a}",
            "lea {pb}, [{b} + {j}*2]",
            "mov {t}, {k}",
            ".p2align 4",
            "4:",
            bcast16!(),
            step16!("{c0}", "0"),
            step16!("{c1}", "16"),
            step16!("{c2}", "32"),
            step16!("{c3}", "48"),
            "add {pa}, 2",
            "add {pb}, {st}",
            "sub {t}, 1",
            "jnz 4b",
            "vcvtps2ph xmmword ptr [{c} + {j}*2], {c0}, 4",
            "vcvtps2ph xmmword ptr [{c} + {j}*2 + 16], {c1}, 4",
            "vcvtps2ph xmmword ptr [{c} + {j}*2 + 32], {c2}, 4",
            "vcvtps2ph xmmword ptr [{c} + {j}*2 + 48], {c3}, 4",
            "add {j}, 32",
            "cmp {j}, qword ptr [{s} + 8]",
            "jb 3b",
            "5:",
            "cmp {j}, {n}",
            "jae 7f",
            "vcvtph2ps {c0}, xmmword ptr [{c} + {j}*2]",
            "mov {pa}, {a}",
            "lea {pb}, [{b} + {j}*2]",
            "mov {t}, {k}",
            ".p2align 4",
            "6:",
            bcast16!(),
            step16!("{c0}", "0"),
            "add {pa}, 2",
            "add {pb}, {st}",
            "sub {t}, 1",
            "jnz 6b",
            "vcvtps2ph xmmword ptr [{c} + {j}*2], {c0}, 4",
            "add {j}, 8",
            "jmp 5b",
            "7:",
            leave!(),
            s = in(reg) save.as_mut_ptr(),
            t = out(reg) _,
            w = out(reg) _,
            a = in(reg) a,
            k = in(reg) k,
            b = in(reg) b,
            st = in(reg) stride * 2,
            c = in(reg) c,
            n = in(reg) n,
            j = out(reg) _,
            pa = out(reg) _,
            pb = out(reg) _,
            x = out(ymm_reg) _,
            y = out(ymm_reg) _,
            xs = out(xmm_reg) _,
            ys = out(xmm_reg) _,
            c0 = out(ymm_reg) _,
            c1 = out(ymm_reg) _,
            c2 = out(ymm_reg) _,
            c3 = out(ymm_reg) _,
            options(nostack),
        );
    }
}

type RowKernel<T> = unsafe fn(u32, *const T, usize, *const T, usize, *mut T, usize);

/// `c += a·b` in `+mmul`'s order with a row kernel of `L`-lane vectors: whole
/// vectors of each row in place, the last `p % L` columns through a
/// zero-padded `k × L` copy of `b`'s tail columns and an `L`-lane row buffer.
fn contract_rows<T: Copy + Default, const L: usize>(
    rc: u32,
    (m, k, p): (usize, usize, usize),
    a: &[T],
    b: &[T],
    c: &mut [T],
    row: RowKernel<T>,
) {
    if !crate::shape::has_work("mxcsr", (m, k, p), [a.len(), b.len(), c.len()]) {
        return;
    }
    let full = p - p % L;
    let tail = p - full;
    // The tail columns, padded to L lanes: on the stack when they fit (the jet
    // path promises no allocation for the shapes it serves), else on the heap.
    const STACK: usize = 4096;
    let mut stack = [T::default(); STACK];
    let mut heap = Vec::new();
    let bt: &mut [T] = if tail == 0 {
        &mut stack[..0]
    } else if k * L <= STACK {
        &mut stack[..k * L]
    } else {
        heap.resize(k * L, T::default());
        &mut heap[..]
    };
    if tail > 0 {
        for kk in 0..k {
            bt[kk * L..kk * L + tail].copy_from_slice(&b[kk * p + full..(kk + 1) * p]);
        }
    }
    let bt: &[T] = bt;
    for i in 0..m {
        let arow = &a[i * k..(i + 1) * k];
        let crow = &mut c[i * p..(i + 1) * p];
        if full > 0 {
            // SAFETY: `available()` was checked by the caller; `arow` holds k
            // elements, `b` is k × p with full ≤ p, `crow` holds p ≥ full.
            unsafe { row(rc, arow.as_ptr(), k, b.as_ptr(), p, crow.as_mut_ptr(), full) };
        }
        if tail > 0 {
            let mut ct = [T::default(); L];
            ct[..tail].copy_from_slice(&crow[full..]);
            // SAFETY: as above, on the k × L copy `bt` and the L-lane buffer `ct`.
            unsafe { row(rc, arow.as_ptr(), k, bt.as_ptr(), L, ct.as_mut_ptr(), L) };
            crow[full..].copy_from_slice(&ct[..tail]);
        }
    }
}

/// Rows of the packed contraction's register tile.
const MR: usize = 6;

/// Defines `$name(rc, kc, a, b, c, ldc)`, the micro-kernel of the packed
/// contraction (`super::packed`): a `6 × 2·$lanes` tile of `c` (rows `ldc`
/// elements apart) `+=` `kc` steps over a packed `a` panel (`kc` groups of 6)
/// and `b` panel (`kc` groups of `2·$lanes`), each cell `acc = acc + a·b` with
/// the product and the sum rounded under `rc`. Twelve accumulators stay in
/// registers for the whole depth: twelve independent chains.
macro_rules! micro_kernel {
    ($name:ident, $t:ty, $sc:literal, $bc:literal, $ptr:literal, $mov:literal, $mul:literal,
     $add:literal, [$o1:literal, $o2:literal, $o3:literal, $o4:literal, $o5:literal], $astep:literal) => {
        /// # Safety
        /// AVX2/FMA/F16C available; `kc ≥ 1`; `a` addresses `6·kc` elements,
        /// `b` `NR·kc`, `c` a `6 × NR` tile with rows `ldc` elements apart.
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $name(rc: u32, kc: usize, a: *const $t, b: *const $t, c: *mut $t, ldc: usize) {
            let mut save = frame(rc, 0);
            // Row `$r` of the tile: broadcast `a[$off]`, two products, two sums.
            macro_rules! step {
                ($off:literal, $c0:literal, $c1:literal) => {
                    concat!(
                        $bc, " {x}, ", $ptr, " [{pa} + ", $off, "]\n",
                        $mul, " {y}, {x}, {b0}\n",
                        $add, " ", $c0, ", ", $c0, ", {y}\n",
                        $mul, " {y}, {x}, {b1}\n",
                        $add, " ", $c1, ", ", $c1, ", {y}\n",
                    )
                };
            }
            // Moves row `$r`'s two vectors between `[{pc}]` and registers, then steps `{pc}`.
            macro_rules! tile_row {
                (load, $c0:literal, $c1:literal) => {
                    concat!($mov, " ", $c0, ", [{pc}]\n", $mov, " ", $c1, ", [{pc} + 32]\n",
                        "add {pc}, {ldc}\n")
                };
                (store, $c0:literal, $c1:literal) => {
                    concat!($mov, " [{pc}], ", $c0, "\n", $mov, " [{pc} + 32], ", $c1, "\n",
                        "add {pc}, {ldc}\n")
                };
            }
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    "mov {pc}, {c}",
                    tile_row!(load, "{c00}", "{c01}"),
                    tile_row!(load, "{c10}", "{c11}"),
                    tile_row!(load, "{c20}", "{c21}"),
                    tile_row!(load, "{c30}", "{c31}"),
                    tile_row!(load, "{c40}", "{c41}"),
                    tile_row!(load, "{c50}", "{c51}"),
                    "mov {t}, {k}",
                    ".p2align 4",
                    "2:",
                    concat!($mov, " {b0}, [{pb}]"),
                    concat!($mov, " {b1}, [{pb} + 32]"),
                    step!("0", "{c00}", "{c01}"),
                    step!($o1, "{c10}", "{c11}"),
                    step!($o2, "{c20}", "{c21}"),
                    step!($o3, "{c30}", "{c31}"),
                    step!($o4, "{c40}", "{c41}"),
                    step!($o5, "{c50}", "{c51}"),
                    concat!("add {pa}, ", $astep),
                    "add {pb}, 64",
                    "sub {t}, 1",
                    "jnz 2b",
                    "mov {pc}, {c}",
                    tile_row!(store, "{c00}", "{c01}"),
                    tile_row!(store, "{c10}", "{c11}"),
                    tile_row!(store, "{c20}", "{c21}"),
                    tile_row!(store, "{c30}", "{c31}"),
                    tile_row!(store, "{c40}", "{c41}"),
                    tile_row!(store, "{c50}", "{c51}"),
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    k = in(reg) kc,
                    pa = inout(reg) a => _,
                    pb = inout(reg) b => _,
                    c = in(reg) c,
                    pc = out(reg) _,
                    ldc = in(reg) ldc * $sc,
                    x = out(ymm_reg) _,
                    y = out(ymm_reg) _,
                    b0 = out(ymm_reg) _,
                    b1 = out(ymm_reg) _,
                    c00 = out(ymm_reg) _,
                    c01 = out(ymm_reg) _,
                    c10 = out(ymm_reg) _,
                    c11 = out(ymm_reg) _,
                    c20 = out(ymm_reg) _,
                    c21 = out(ymm_reg) _,
                    c30 = out(ymm_reg) _,
                    c31 = out(ymm_reg) _,
                    c40 = out(ymm_reg) _,
                    c41 = out(ymm_reg) _,
                    c50 = out(ymm_reg) _,
                    c51 = out(ymm_reg) _,
                    options(nostack),
                );
            }
        }
    };
}

micro_kernel!(
    micro_ps,
    u32,
    4,
    "vbroadcastss",
    "dword ptr",
    "vmovups",
    "vmulps",
    "vaddps",
    ["4", "8", "12", "16", "20"],
    "24"
);
micro_kernel!(
    micro_pd,
    u64,
    8,
    "vbroadcastsd",
    "qword ptr",
    "vmovupd",
    "vmulpd",
    "vaddpd",
    ["8", "16", "24", "32", "40"],
    "48"
);

/// Defines `$name::<M>`, the safe [`crate::packed::Micro`] over `$kernel` in mode `M`.
macro_rules! micro_entry {
    ($name:ident, $kernel:ident, $t:ty, $nr:literal) => {
        fn $name<const M: u8>(kc: usize, a: &[$t], b: &[$t], c: &mut [$t], ldc: usize) {
            let rc = rc_of(M).expect("mxcsr: the packed contraction runs in a hardware mode");
            assert!(
                crate::packed::tile_fits((MR, $nr), kc, [a, b, c], ldc),
                "mxcsr: a micro-kernel's panels or tile are too small"
            );
            // SAFETY: the entry checked `available()` before the driver runs;
            // the lengths checked above are the kernel's contract.
            unsafe { $kernel(rc, kc, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), ldc) }
        }
    };
}

micro_entry!(micro32, micro_ps, u32, 16);
micro_entry!(micro64, micro_pd, u64, 8);

macro_rules! contract_entry {
    ($entry:ident, $t:ty, $lanes:literal, $row:ident, $canon:ident, $packed:expr) => {
        /// The contraction `c += a·b` in mode `M` continuing from `c`, if this level serves it.
        pub fn $entry<const M: u8>(dims: Dims, a: &[$t], b: &[$t], c: &mut [$t]) -> bool {
            let Some(rc) = rc_of(M) else { return false };
            if !available() {
                return false;
            }
            let large = crate::packed::worth(dims, MR, $lanes);
            match $packed {
                Some((bl, micro)) if large => {
                    let micro: crate::packed::Micro<$t> = micro;
                    crate::packed::contract(bl, dims, a, b, c, micro)
                }
                _ => contract_rows::<$t, $lanes>(rc, dims, a, b, c, $row),
            }
            for v in c.iter_mut() {
                *v = $canon(*v);
            }
            true
        }
    };
}

/// The packed contraction's blocks for a tile `nr` wide: `kc` deep (a `b`
/// panel of 16 KB at binary32, 32 KB at binary64), `mc` rows of `a` per
/// block, `nc` columns of `b` per block.
const fn packed_blocks(nr: usize, nc: usize) -> crate::packed::Blocks {
    crate::packed::Blocks {
        mr: MR,
        nr,
        kc: 256,
        mc: 72,
        nc,
    }
}

contract_entry!(
    contract32,
    u32,
    8,
    row_ps,
    canon32,
    Some((packed_blocks(16, 1024), micro32::<M>))
);
contract_entry!(
    contract64,
    u64,
    4,
    row_pd,
    canon64,
    Some((packed_blocks(8, 512), micro64::<M>))
);
contract_entry!(
    contract16,
    u16,
    8,
    row_ph,
    canon16,
    None::<(crate::packed::Blocks, crate::packed::Micro<u16>)>
);
