//! The MXCSR contraction: `+mmul`'s row kernels at binary16/32/64 and the
//! packed micro-kernels of the cache-blocked driver ([`super::super::packed`]),
//! each product and sum rounded under the block's rounding field (the rules
//! of [`super`]).

use super::*;
use std::arch::asm;

/// Defines `$name(rc, a, k, b, stride, c, n)`: for one row of `c` (its first
/// `n` lanes, a positive multiple of `$vec`), `acc_j = c_j; for kk < k:
/// acc_j = acc_j + a_kk·b_{kk,j}` with the product and the sum each rounded
/// under `rc`. Columns go in blocks of four vectors (four independent chains,
/// `$quad` lanes), then single vectors; `k` runs innermost so the
/// accumulators stay in registers.
///
/// The width's row: elements of `$sc` bytes; `$ld` loads an accumulator
/// from `c` and `$st` stores it (each `(mnemonic, operand prefix)`, the store
/// with the text after its register), at the byte offsets `$off` of the
/// block's four vectors in memory; `$bcast` broadcasts `a[{pa}]` into `{x}`;
/// `$step!($($arg,)* acc, off)` is one chain's step on `b[{pb} + off]`;
/// `$scratch` the width's registers beyond the common ones.
macro_rules! row_kernel {
    ($(#[$doc:meta])* $name:ident, $t:ty, $sc:literal, $vec:literal, $quad:literal,
     ld: ($ld:expr, $ldp:literal), st: ($st:expr, $stp:literal, $sts:literal),
     off: [$o0:literal, $o1:literal, $o2:literal, $o3:literal],
     $bcast:expr, $step:ident!($($arg:expr),*), [$($scratch:tt)*]) => {
        $(#[$doc])*
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
            let st = stride * $sc;
            // Moves accumulator `$acc` between its registers and `c` at byte offset `$o`.
            macro_rules! load {
                ($acc:literal, $o:literal) => {
                    concat!($ld, " ", $acc, ", ", $ldp, "[{c} + {j}*", $sc, $o, "]")
                };
            }
            macro_rules! store {
                ($acc:literal, $o:literal) => {
                    concat!($st, " ", $stp, "[{c} + {j}*", $sc, $o, "], ", $acc, $sts)
                };
            }
            // The loop over `kk` from `a`'s first element and `b`'s column
            // `{j}` (label `$l`): `a`'s element broadcast, the chains' `$steps`,
            // both pointers advanced.
            macro_rules! over_k {
                ($l:literal, $steps:expr) => {
                    concat!(
                        "mov {pa}, {a}\n",
                        "lea {pb}, [{b} + {j}*", $sc, "]\n",
                        "mov {t}, {k}\n",
                        ".p2align 4\n",
                        $l, ":\n",
                        $bcast, "\n",
                        $steps, "\n",
                        "add {pa}, ", $sc, "\n",
                        "add {pb}, {st}\n",
                        "sub {t}, 1\n",
                        "jnz ", $l, "b",
                    )
                };
            }
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                under_frame!(
                    save.as_mut_ptr(),
                    [
                        "xor {j}, {j}",
                        // Blocks of four vectors.
                        "cmp {j}, qword ptr [{s} + 8]",
                        "jae 5f",
                        "3:",
                        load!("{c0}", $o0),
                        load!("{c1}", $o1),
                        load!("{c2}", $o2),
                        load!("{c3}", $o3),
                        over_k!(
                            "4",
                            concat!(
                                $step!($($arg,)* "{c0}", $o0), "\n",
                                $step!($($arg,)* "{c1}", $o1), "\n",
                                $step!($($arg,)* "{c2}", $o2), "\n",
                                $step!($($arg,)* "{c3}", $o3),
                            )
                        ),
                        store!("{c0}", $o0),
                        store!("{c1}", $o1),
                        store!("{c2}", $o2),
                        store!("{c3}", $o3),
                        concat!("add {j}, ", $quad),
                        "cmp {j}, qword ptr [{s} + 8]",
                        "jb 3b",
                        // Single vectors.
                        "5:",
                        "cmp {j}, {n}",
                        "jae 7f",
                        load!("{c0}", $o0),
                        over_k!("6", $step!($($arg,)* "{c0}", $o0)),
                        store!("{c0}", $o0),
                        concat!("add {j}, ", $vec),
                        "jmp 5b",
                        "7:",
                    ],
                    [],
                    in(reg): [a, k, b, st, c, n],
                    $($scratch)*
                );
            }
        }
    };
}

/// One chain's step at binary32/64 (`$mul`, `$add` the width's
/// instructions): `{acc} = acc + x·b[{pb} + off]`, the product and the sum
/// each rounded under MXCSR.
macro_rules! step {
    ($mul:expr, $add:expr, $acc:literal, $off:literal) => {
        concat!(
            $mul,
            " {y}, {x}, [{pb}",
            $off,
            "]\n",
            $add,
            " ",
            $acc,
            ", ",
            $acc,
            ", {y}",
        )
    };
}

/// One chain's step at binary16: `{acc} = RN16(acc + RN16(x·b[{pb} + off]))`,
/// each binary16 operation a binary32 one narrowed to binary16 (by
/// MXCSR.RC) and widened back.
macro_rules! step16 {
    ($acc:literal, $off:literal) => {
        concat!(
            "vcvtph2ps {y}, xmmword ptr [{pb}",
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

/// Defines the binary32 (`$p` `ps`, broadcast `ss` from a `dword`) or
/// binary64 (`pd`, `sd`, `qword`) row kernel `$name` (`row_kernel!`): plain
/// moves, the steps of `step!`.
macro_rules! float_row {
    ($name:ident, $t:ty, $sc:literal, $vec:literal, $quad:literal, $p:literal, $s:literal,
     $ptr:literal) => {
        row_kernel!(
            $name, $t, $sc, $vec, $quad,
            ld: (concat!("vmovu", $p), ""), st: (concat!("vmovu", $p), "", ""),
            off: ["", " + 32", " + 64", " + 96"],
            concat!("vbroadcast", $s, " {x}, ", $ptr, " ptr [{pa}]"),
            step!(concat!("vmul", $p), concat!("vadd", $p)),
            [out(reg): [j, pa, pb], out(ymm_reg): [x, y, c0, c1, c2, c3]]
        );
    };
}

float_row!(row_ps, u32, 4, 8, 32, "ps", "ss", "dword");
float_row!(row_pd, u64, 8, 4, 16, "pd", "sd", "qword");
row_kernel!(
    /// The binary16 row kernel: as [`row_ps`] on 8 binary16 lanes per
    /// vector, each product and each sum narrowed to binary16 (by MXCSR.RC)
    /// and widened back, as two binary16 operations (`step16!`). Four
    /// chains per block (the narrowing and widening lengthen each chain's
    /// step, so more of them run at once), then single vectors.
    row_ph, u16, 2, 8, 32,
    ld: ("vcvtph2ps", "xmmword ptr "), st: ("vcvtps2ph", "xmmword ptr ", ", 4"),
    off: ["", " + 16", " + 32", " + 48"],
    concat!(
        "movzx {w:e}, word ptr [{pa}]\n",
        "vmovd {xs}, {w:e}\n",
        "vpbroadcastw {xs}, {xs}\n",
        "vcvtph2ps {x}, {xs}\n",
    ),
    step16!(),
    [
        out(reg): [w, j, pa, pb],
        out(ymm_reg): [x, y],
        out(xmm_reg): [xs, ys],
        out(ymm_reg): [c0, c1, c2, c3]
    ]
);

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
            // Moves the whole tile (`load` or `store`), its rows from `{c}` down.
            macro_rules! tile {
                ($dir:ident) => {
                    concat!(
                        "mov {pc}, {c}\n",
                        tile_row!($dir, "{c00}", "{c01}"),
                        tile_row!($dir, "{c10}", "{c11}"),
                        tile_row!($dir, "{c20}", "{c21}"),
                        tile_row!($dir, "{c30}", "{c31}"),
                        tile_row!($dir, "{c40}", "{c41}"),
                        tile_row!($dir, "{c50}", "{c51}"),
                    )
                };
            }
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                under_frame!(
                    save.as_mut_ptr(),
                    [
                        tile!(load),
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
                        tile!(store),
                    ],
                    [
                        k = in(reg) kc,
                        pa = inout(reg) a => _,
                        pb = inout(reg) b => _,
                        c = in(reg) c,
                        pc = out(reg) _,
                        ldc = in(reg) ldc * $sc,
                    ],
                    out(ymm_reg): [x, y, b0, b1],
                    out(ymm_reg): [c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51],
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
            let large = crate::packed::worth(dims, (MR, $lanes));
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
