//! The MXCSR folds: left and right folds of `+ − × ÷` at binary16/32/64, one
//! `asm!` block per fold with the accumulator in a register (the rules of
//! [`super`]).

use super::*;
use std::arch::asm;

/// Defines `$name(rc, seed, $a, $n)`, one fold's block: the accumulator
/// `$acc` starts at `seed`, the `$line`s run between `enter!` and `leave!`,
/// and the `$operand`s (which read the parameters `$a`, `$n` and `$acc`)
/// follow the frame's own.
macro_rules! fold_fn {
    ($(#[$attr:meta])* $name:ident($a:ident: *const $t:ty, $n:ident, $acc:ident: $v:ty),
     [$($line:expr),+], [$($operand:tt)*]) => {
        $(#[$attr])*
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $name(rc: u32, seed: $v, $a: *const $t, $n: usize) -> $v {
            let mut save = frame(rc, 0);
            let mut $acc = seed;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    $($line,)+
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    $($operand)*
                    options(nostack),
                );
            }
            $acc
        }
    };
}

/// Defines the left and right folds of one operation (`fold_fn!`), the
/// accumulator in `{x}`. Each step is the `$lstep` lines (left fold:
/// `{x} = {x} op a[{i}]`, `{i}` counting up) or the `$rstep` lines (right
/// fold: `{x} = a[{i}] op {x}`, `{i}` counting down); the scratch registers
/// those lines use are declared by `$pre` (before the pointer) and
/// `$lpost`/`$rpost` (after the accumulator).
macro_rules! fold_kernel {
    ($left:ident, $right:ident, $t:ty, $v:ty, $doc:literal, [$($pre:tt)*],
     [$($lstep:expr),+], [$($lpost:tt)*], [$($rstep:expr),+], [$($rpost:tt)*]) => {
        fold_fn!(
            /// # Safety
            #[doc = concat!("AVX2/FMA/F16C available; `a` addresses `n ≥ 1` elements", $doc, ".")]
            $left(a: *const $t, n, acc: $v),
            ["xor {i}, {i}", ".p2align 4", "2:", $($lstep,)+ "add {i}, 1", "cmp {i}, {n}", "jb 2b"],
            [
                $($pre)*
                a = in(reg) a,
                n = in(reg) n,
                i = out(reg) _,
                x = inout(xmm_reg) acc,
                $($lpost)*
            ]
        );
        fold_fn!(
            /// # Safety
            /// As for the left fold.
            $right(a: *const $t, n, acc: $v),
            [".p2align 4", "2:", "sub {i}, 1", $($rstep,)+ "test {i}, {i}", "jnz 2b"],
            [
                $($pre)*
                a = in(reg) a,
                i = inout(reg) n => _,
                x = inout(xmm_reg) acc,
                $($rpost)*
            ]
        );
    };
}

/// Defines the four operations' folds (`fold_kernel!`) at binary32/64, the
/// element read straight into the operation: the element type, its vector,
/// scale, pointer size and scalar move, then `left, right, instruction` per
/// operation.
macro_rules! fold_family {
    ($t:ty, $v:ty, $sc:literal, $ptr:literal, $mov:literal,
     [$($left:ident, $right:ident, $ins:literal);*]) => {
        $(fold_kernel!(
            $left, $right, $t, $v, "", [],
            [concat!($ins, " {x}, {x}, ", $ptr, " [{a} + {i}*", $sc, "]")],
            [],
            [
                concat!($mov, " {y}, ", $ptr, " [{a} + {i}*", $sc, "]"),
                concat!($ins, " {x}, {y}, {x}")
            ],
            [y = out(xmm_reg) _,]
        );)*
    };
}

fold_family!(u32, __m128, "4", "dword ptr", "vmovss", [
    addl_ss, addr_ss, "vaddss"; subl_ss, subr_ss, "vsubss";
    mull_ss, mulr_ss, "vmulss"; divl_ss, divr_ss, "vdivss"
]);
fold_family!(u64, __m128d, "8", "qword ptr", "vmovsd", [
    addl_sd, addr_sd, "vaddsd"; subl_sd, subr_sd, "vsubsd";
    mull_sd, mulr_sd, "vmulsd"; divl_sd, divr_sd, "vdivsd"
]);

/// The lines of one binary16 fold step around the binary32 operation
/// `$ins $operands`: element `{i}` of `{a}` widened into `{y}` (through
/// `{w}`), the operation, then `{x}` narrowed to binary16 and back (by
/// MXCSR.RC).
macro_rules! step16 {
    ($ins:literal, $operands:literal) => {
        concat!(
            "movzx {w:e}, word ptr [{a} + {i}*2]\n",
            "vmovd {y}, {w:e}\n",
            "vcvtph2ps {y}, {y}\n",
            $ins,
            $operands,
            "\n",
            "vcvtps2ph {x}, {x}, 4\n",
            "vcvtph2ps {x}, {x}",
        )
    };
}

/// The binary16 folds (`fold_kernel!`): each step (`step16!`) widens the
/// element, runs one binary32 operation and narrows the result to binary16
/// and back.
macro_rules! fold_kernel16 {
    ($left:ident, $right:ident, $ins:literal) => {
        fold_kernel!(
            $left, $right, u16, __m128, "; `seed` holds a binary16 value",
            [w = out(reg) _,],
            [step16!($ins, " {x}, {x}, {y}")],
            [y = out(xmm_reg) _,],
            [step16!($ins, " {x}, {y}, {x}")],
            [y = out(xmm_reg) _,]
        );
    };
}

fold_kernel16!(addl_sh, addr_sh, "vaddss");
fold_kernel16!(subl_sh, subr_sh, "vsubss");
fold_kernel16!(mull_sh, mulr_sh, "vmulss");
fold_kernel16!(divl_sh, divr_sh, "vdivss");

/// The fold kernel for operation `op` (left or right fold) from one width's
/// kernels, given as `[[left, right]; 4]` in the order add, sub, mul, div.
fn pick_fold<K: Copy>(op: u8, right: bool, kernels: [[K; 2]; 4]) -> K {
    let row = match op {
        ADD => 0,
        SUB => 1,
        MUL => 2,
        _ => 3,
    };
    kernels[row][usize::from(right)]
}

/// Defines `$name`, the fold in mode `M` at one width if this level serves
/// it, from that width's kernels (`[left, right]` per operation in the order
/// add, sub, mul, div), the seed's load into the accumulator and the
/// accumulator's store to bits.
macro_rules! fold_entry {
    ($name:ident: $t:ty, $width:literal, [$($left:ident, $right:ident),*],
     |$seed:ident| $load:expr, |$acc:ident| $store:expr, $canon:ident) => {
        #[doc = concat!("The fold in mode `M` at binary", $width, ", if this level serves it.")]
        pub fn $name<const OP: u8, const M: u8>(right: bool, seed: $t, rest: &[$t]) -> Option<$t> {
            let rc = rc_of(M)?;
            if rest.is_empty() || !available() {
                return None;
            }
            let k = pick_fold(OP, right, [$([$left, $right]),*]);
            // SAFETY: `available()` checked the features (F16C among them);
            // `rest` holds `rest.len() ≥ 1` elements.
            let v = unsafe {
                let $seed = seed;
                let $acc = k(rc, $load, rest.as_ptr(), rest.len());
                $store
            };
            Some($canon(v))
        }
    };
}

fold_entry!(fold32: u32, "32",
    [addl_ss, addr_ss, subl_ss, subr_ss, mull_ss, mulr_ss, divl_ss, divr_ss],
    |s| _mm_set_ss(f32::from_bits(s)), |v| _mm_cvtss_f32(v).to_bits(), canon32);
fold_entry!(fold64: u64, "64",
    [addl_sd, addr_sd, subl_sd, subr_sd, mull_sd, mulr_sd, divl_sd, divr_sd],
    |s| _mm_set_sd(f64::from_bits(s)), |v| _mm_cvtsd_f64(v).to_bits(), canon64);
// The binary16 accumulator holds a binary16 value (exactly), so its narrowing is exact.
fold_entry!(fold16: u16, "16",
    [addl_sh, addr_sh, subl_sh, subr_sh, mull_sh, mulr_sh, divl_sh, divr_sh],
    |s| _mm_cvtph_ps(_mm_cvtsi32_si128(i32::from(s))),
    |v| _mm_cvtsi128_si32(_mm_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v)) as u16, canon16);

/// The left fold `((seed + rest_0) + rest_1) + …` by binary16 addition
/// rounded toward zero, carried in binary32: the bits of
/// [`fold16`]`::<ADD, Z>`, or `None` when a partial sum reached `2^16` in
/// magnitude or is not finite (the caller then takes the steps another way).
///
/// Each step is `x ← T(RZ32(x + p))`, where `T` clears the low 13 bits of
/// binary32's fraction. Why that is binary16's `RZ(x + p)`: `x` and `p` are
/// binary16 values, so `x + p` is a multiple of `2^−24` below `2^17` in
/// magnitude. Two roundings toward zero, to binary32 and then to the coarser
/// binary16 grid (a subset of binary32's below `2^16`), are one ([`super`]).
/// On binary32 values in `[2^−14, 2^16)`, `T` is rounding toward zero to 11
/// significant bits, which is binary16's grid there. Below `2^−14` the sum is
/// exact in binary32 (a multiple of `2^−24` with at most 10 significant
/// bits), already a binary16 subnormal, and its fraction has no bits where
/// `T` clears them. An exact zero sum is `+0` (but `−0 + −0`) in both formats.
/// From `2^16` up the binary16 sum overflows to ±max in `%z`, which `T`
/// does not give: the largest magnitude reached is kept beside the chain
/// (`vpmaxud` on the bits without the sign, which also catches ±∞ and NaN),
/// and such a fold answers `None`. The chain is one `vaddss` and one `vandps`
/// a step; the widening and the maximum run beside it.
pub fn sum16_z(seed: u16, rest: &[u16]) -> Option<u16> {
    if rest.is_empty() || !available() {
        return None;
    }
    // SAFETY: `available()` checked AVX2, FMA and F16C; `rest` holds
    // `rest.len() ≥ 1` elements.
    let (acc, top) = unsafe { sum16_z_kernel(seed, rest.as_ptr(), rest.len()) };
    (top < 0x4780_0000).then_some(acc)
}

/// [`sum16_z`]'s block: the sum's binary16 bits and the largest magnitude's
/// binary32 bits (without the sign) among the partial sums.
///
/// # Safety
/// AVX2, FMA and F16C are available; `a` addresses `n ≥ 1` binary16 values.
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn sum16_z_kernel(seed: u16, a: *const u16, n: usize) -> (u16, u32) {
    let mut save = frame(rc_of(Z).expect("a hardware mode"), 0);
    let mut x = _mm_cvtph_ps(_mm_cvtsi32_si128(i32::from(seed)));
    let mut top = _mm_setzero_si128();
    let grid = _mm_castsi128_ps(_mm_set1_epi32(-0x2000));
    let magnitude = _mm_castsi128_ps(_mm_set1_epi32(0x7fff_ffff));
    // SAFETY: the caller's contract; the block reads `a[0..n]` and restores
    // MXCSR before it ends.
    unsafe {
        asm!(
            enter!(),
            "xor {i}, {i}",
            ".p2align 4",
            "2:",
            "movzx {w:e}, word ptr [{a} + {i}*2]",
            "vmovd {y}, {w:e}",
            "vcvtph2ps {y}, {y}",
            "vaddss {x}, {x}, {y}",
            "vandps {x}, {x}, {g}",
            "vandps {y}, {x}, {mag}",
            "vpmaxud {top}, {top}, {y}",
            "add {i}, 1",
            "cmp {i}, {n}",
            "jb 2b",
            leave!(),
            s = in(reg) save.as_mut_ptr(),
            t = out(reg) _,
            a = in(reg) a,
            n = in(reg) n,
            i = out(reg) _,
            w = out(reg) _,
            x = inout(xmm_reg) x,
            y = out(xmm_reg) _,
            g = in(xmm_reg) grid,
            mag = in(xmm_reg) magnitude,
            top = inout(xmm_reg) top,
            options(nostack),
        );
    }
    // The sum is a binary16 value here whenever `top` is below 2^16: exact.
    let h = _mm_cvtsi128_si32(_mm_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(x)) as u16;
    (h, _mm_cvtsi128_si32(top) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lanes::bin16;

    /// Whether binary16 `acc + x` (both finite) reaches `2^16` in magnitude
    /// before rounding, or either is not finite: where [`sum16_z`] declines.
    fn declines(acc: u16, x: u16) -> bool {
        let finite = |h: u16| h & 0x7c00 != 0x7c00;
        let v = |h: u16| crate::half::widen(h);
        !(finite(acc) && finite(x)) || (v(acc) + v(x)).abs() >= 65536.0
    }

    /// One step of [`sum16_z`] from every accumulator with the addends `pick`
    /// gives: the loops' `%z` sum, or `None` exactly where the sum leaves
    /// binary16's range or an operand is not finite.
    fn one_step(pick: impl Fn(u16) -> Vec<u16>) {
        if !available() {
            eprintln!("no AVX2/F16C with MXCSR rounding here: nothing to check");
            return;
        }
        for acc in 0..=u16::MAX {
            for x in pick(acc) {
                let got = sum16_z(acc, &[x]);
                if declines(acc, x) {
                    assert_eq!(got, None, "{acc:04x} + {x:04x} should decline");
                } else {
                    assert_eq!(got, Some(bin16::<ADD, Z>(acc, x)), "{acc:04x} + {x:04x}");
                }
            }
        }
    }

    #[test]
    fn sum16_z_one_step_equals_the_loops_on_samples() {
        one_step(|acc| {
            (0..96u16)
                .map(|j| {
                    (acc.wrapping_mul(40503) ^ j.wrapping_mul(0x9e37)).rotate_left(u32::from(j))
                })
                .chain([
                    acc ^ 0x8000,
                    acc,
                    0x0000,
                    0x8000,
                    0x0001,
                    0x8001,
                    0x7bff,
                    0xfbff,
                ])
                .collect()
        });
    }

    #[test]
    #[ignore = "every binary16 pair (a minute or two in release); run with --ignored"]
    fn sum16_z_one_step_equals_the_loops_on_every_pair() {
        one_step(|_| (0..=u16::MAX).collect());
    }

    #[test]
    fn sum16_z_walks_equal_the_loops() {
        if !available() {
            eprintln!("no AVX2/F16C with MXCSR rounding here: nothing to check");
            return;
        }
        let mut s = 0x2545_f491u32;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s
        };
        // Walks at several scales: subnormal sums, binade crossings, overflow.
        for scale in [0x0000u16, 0x0400, 0x2000, 0x3c00, 0x5800, 0x7000] {
            let xs: Vec<u16> = (0..4000)
                .map(|_| {
                    let r = next();
                    let e = scale + ((r >> 8) % 6) as u16 * 0x0400;
                    ((r as u16) & 0x8000) | e.min(0x7800) | ((r >> 16) as u16 & 0x3ff)
                })
                .collect();
            for seed in [0u16, 0x8000, 0x3c00, 0xd000] {
                for n in (1..=64).chain([xs.len()]) {
                    let rest = &xs[..n];
                    let want = rest.iter().fold(seed, |a, &x| bin16::<ADD, Z>(a, x));
                    let exact = rest.iter().try_fold(seed, |a, &x| {
                        (!declines(a, x)).then(|| bin16::<ADD, Z>(a, x))
                    });
                    match sum16_z(seed, rest) {
                        Some(got) => {
                            assert_eq!(got, want, "scale {scale:04x} seed {seed:04x} n {n}")
                        }
                        None => assert!(exact.is_none(), "declined a walk in range: n {n}"),
                    }
                }
            }
        }
    }
}
