//! AVX2 kernels that round in `%n %u %d %z` by setting MXCSR's rounding
//! field around the block's arithmetic, for CPUs without AVX-512's embedded
//! rounding: elementwise `+ − × ÷ √`, folds and the `+mmul` contraction at
//! binary16/32/64. `%a` has no hardware mode and takes the portable path.
//!
//! # Why the bits are SoftFloat's
//!
//! - Under MXCSR.RC = d, every SSE/AVX `+ − × ÷ √` on binary32/binary64 is the
//!   IEEE 754 operation rounded in direction d, overflow (±∞ or ±max by the
//!   mode) and gradual underflow included: the kernels keep FTZ and DAZ as the
//!   caller had them, which Rust's default environment has off ([`super`]).
//!   NaN lanes are replaced by the canonical NaN inside the block (`vcmpunord`
//!   and a blend, neither affected by the rounding field); a fold or
//!   contraction canonicalises once at the end, since a NaN stays NaN through
//!   `+ − × ÷`.
//! - binary16 is widened exactly to binary32 (`vcvtph2ps`), computed there
//!   under the same MXCSR direction, and narrowed by `vcvtps2ph` with
//!   immediate 4 (round by MXCSR.RC), i.e. in the same direction. Per
//!   operation: a product of two binary16 values is exact in binary32 (22
//!   bits), so one rounding happens. A sum, quotient or root is rounded twice;
//!   in a directed mode two roundings in the same direction equal one, because
//!   the binary16 grid (subnormals included) is a subset of the binary32 grid
//!   and directed rounding is monotonic; binary32 cannot overflow on these
//!   operands (|x| ≤ 2^40). In `%n` double rounding is innocuous because
//!   24 ≥ 2·11 + 2 (Figueroa, "When is double rounding innocuous?", 1995),
//!   which covers `+ − ÷ √`. The exhaustive binary16 tests check every pair.
//!
//! # Why changing MXCSR is sound here
//!
//! - **What the compiler may assume.** LLVM assumes the default floating-point
//!   environment (round to nearest, exceptions masked) wherever it emits or
//!   folds floating-point code. Each kernel is one `asm!` block that saves
//!   MXCSR (`vstmxcsr`), loads the new rounding field (`vldmxcsr`), runs the
//!   whole block's arithmetic written in the template, and loads the saved
//!   MXCSR back before it ends. Nothing the compiler emits runs between the
//!   two `vldmxcsr`: the block contains no calls and no compiler-chosen
//!   instructions, and its inputs are computed before it and its outputs used
//!   after it, in the caller's environment. The block restores every MXCSR
//!   bit, sticky exception flags included, so after it the environment is
//!   bit for bit what LLVM assumed before. The block has exactly one exit
//!   (its end): no branch leaves it, and its instructions do not fault on
//!   the loads and stores (every address lies in a slice, checked in Rust;
//!   exceptions stay masked, so no FP exception traps).
//! - **Signals.** A signal delivered mid-block interrupts user code at an
//!   instruction boundary; Linux and macOS save the thread's FPU state
//!   (MXCSR included) in the signal frame, start the handler with the default
//!   FPU state, and restore the saved state on `sigreturn`. So the handler does
//!   not observe the changed mode and cannot leak one into the block. A handler
//!   that longjmps out of the block would skip the restore; Rust code must
//!   not do that across frames it does not own (it is undefined behaviour for
//!   every Rust frame, not only this one).
//! - **Threads.** MXCSR is per-thread register state, saved and restored by
//!   the kernel on every context switch; another thread never sees this
//!   thread's rounding field.
//!
//! The `unsafe` here: calling the `#[target_feature]` kernels after
//! [`available`] checked AVX2, FMA and F16C, and the `asm!` blocks, whose
//! pointer operands address whole vectors inside the slices (tails go
//! through stack buffers), as each `// SAFETY:` note says.
#![allow(unsafe_code)]

use super::lanes::{canon16, canon32, canon64, ADD, MUL, SUB};
use super::round::{D, N, U, Z};
use crate::word::Dims;
use std::arch::asm;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

/// Whether this CPU has AVX2, FMA and F16C and honours MXCSR's rounding field,
/// decided once per process (a fact of the CPU; the callers apply the level cap).
pub fn available() -> bool {
    static SUPPORTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SUPPORTED.get_or_init(|| {
        is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("fma")
            && is_x86_feature_detected!("f16c")
            && rounding_field_honoured()
    })
}

/// Whether the kernels round `±1 + ±tiny` in each of `%n %u %d %z` as
/// that direction demands, at binary16, binary32 and binary64.
///
/// A CPU always does; an emulator may not: valgrind 3.19 ignores MXCSR.RC
/// and rounds every SSE/AVX operation to nearest (the C test program of the
/// ABI then mismatched 151 directed-mode vectors under it). Where the probe
/// fails the level is not used and the loops fall back to the next level
/// below, so the bits stay SoftFloat's.
fn rounding_field_honoured() -> bool {
    // Lanes 0–3: 1 + tiny; lanes 4–7: −1 − tiny. `tiny` is below half an ulp of 1.
    let half = |one: u64, tiny: u64, sign: u64| {
        let mut a = [0u64; 8];
        let mut b = [0u64; 8];
        for i in 0..8 {
            let s = if i < 4 { 0 } else { sign };
            a[i] = one | s;
            b[i] = tiny | s;
        }
        (a, b)
    };
    // The result's distance from ±1 in ulps: one ulp away from zero where
    // the direction points away from zero, else none.
    let away = |m: u8, negative: bool| -> u64 {
        u64::from(matches!((m, negative), (U, false) | (D, true)))
    };
    let mut ok = true;
    for m in [N, U, D, Z] {
        let rc = rc_of(m).expect("a hardware mode");
        let (a, b) = half(0x3f80_0000, 0x3000_0000, 0x8000_0000);
        let (a32, b32) = (a.map(|x| x as u32), b.map(|x| x as u32));
        let mut o32 = [0u32; 8];
        // SAFETY: the caller checked AVX2, FMA and F16C; 8 binary32 lanes are one vector.
        unsafe { add_ps(rc, a32.as_ptr(), b32.as_ptr(), o32.as_mut_ptr(), 8) };
        let (a64, b64) = half(0x3ff0_0000_0000_0000, 0x3c00_0000_0000_0000, 1 << 63);
        let mut o64 = [0u64; 8];
        // SAFETY: as above; 8 binary64 lanes are two vectors.
        unsafe { add_pd(rc, a64.as_ptr(), b64.as_ptr(), o64.as_mut_ptr(), 8) };
        let (a, b) = half(0x3c00, 0x0c00, 0x8000);
        let (a16, b16) = (a.map(|x| x as u16), b.map(|x| x as u16));
        let mut o16 = [0u16; 8];
        // SAFETY: as above; 8 binary16 lanes are one vector.
        unsafe { add_ph(rc, a16.as_ptr(), b16.as_ptr(), o16.as_mut_ptr(), 8) };
        for i in 0..8 {
            let up = away(m, i >= 4);
            ok &= u64::from(o32[i]) == u64::from(a32[i]) + up
                && o64[i] == a64[i] + up
                && u64::from(o16[i]) == u64::from(a16[i]) + up;
        }
    }
    ok
}

/// MXCSR's rounding-control field (bits 13–14) for mode `M`; `None` for `%a`.
const fn rc_of(m: u8) -> Option<u32> {
    match m {
        N => Some(0),
        D => Some(1 << 13),
        U => Some(2 << 13),
        Z => Some(3 << 13),
        _ => None,
    }
}

/// The memory an `asm!` block's prologue and epilogue use (see `enter!`):
/// the rounding field `rc` in the second u32, and `extra` in the second u64
/// for a kernel that needs one more loop bound than it has registers.
fn frame(rc: u32, extra: usize) -> [u64; 2] {
    [u64::from(rc) << 32, extra as u64]
}

const CANON32: u32 = 0x7fc0_0000;
const CANON64: u64 = 0x7ff8_0000_0000_0000;

// The prologue and epilogue every block shares: `{s}` points at a frame
// whose first u32 receives the saved MXCSR and whose second holds the
// rounding field on entry and the MXCSR in force inside the block after;
// `{t}` is a scratch register.
macro_rules! enter {
    () => {
        concat!(
            "vstmxcsr dword ptr [{s}]\n",
            "mov {t:e}, dword ptr [{s}]\n",
            "and {t:e}, -24577\n",
            "or {t:e}, dword ptr [{s} + 4]\n",
            "mov dword ptr [{s} + 4], {t:e}\n",
            "vldmxcsr dword ptr [{s} + 4]\n",
        )
    };
}
macro_rules! leave {
    () => {
        "vldmxcsr dword ptr [{s}]\n"
    };
}

// ---------------------------------------------------------------- elementwise

/// Defines `$name(rc, a, b, out, n)`: `n` lanes (a positive multiple of the
/// vector width) of `$ins` under rounding field `rc`, NaNs canonical.
/// `$load`/`$store` are the widening load and narrowing store (binary16) or
/// plain moves; `$sc` is the element size in bytes.
macro_rules! bin_kernel {
    ($name:ident, $t:ty, $lanes:literal, $sc:literal, $ld:literal, $st:literal, $imm:literal,
     $op:literal, $sfx:literal, $unord:literal, $step:literal, $canon:expr) => {
        /// # Safety
        /// AVX2, FMA and F16C are available; `a`, `b` and `out` address `n`
        /// elements each, `n` a positive multiple of the vector width.
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $name(rc: u32, a: *const $t, b: *const $t, out: *mut $t, n: usize) {
            let mut save = frame(rc, 0);
            let canon = $canon;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    "xor {i}, {i}",
                    "2:",
                    concat!($ld, " {x}, [{a} + {i}*", $sc, "]"),
                    concat!($ld, " {y}, [{b} + {i}*", $sc, "]"),
                    concat!($op, $sfx, " {x}, {x}, {y}"),
                    concat!($unord, " {y}, {x}, {x}"),
                    concat!("vblendv", $lanes, " {x}, {x}, {c}, {y}"),
                    concat!($st, "[{o} + {i}*", $sc, "], {x}", $imm),
                    concat!("add {i}, ", $step),
                    "cmp {i}, {n}",
                    "jb 2b",
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    a = in(reg) a,
                    b = in(reg) b,
                    o = in(reg) out,
                    n = in(reg) n,
                    i = out(reg) _,
                    x = out(ymm_reg) _,
                    y = out(ymm_reg) _,
                    c = in(ymm_reg) canon,
                    options(nostack),
                );
            }
        }
    };
}

macro_rules! bin_family {
    ($t:ty, $lanes:literal, $sc:literal, $ld:literal, $st:literal, $imm:literal, $sfx:literal,
     $unord:literal, $step:literal, $canon:expr, [$add:ident, $sub:ident, $mul:ident, $div:ident]) => {
        bin_kernel!($add, $t, $lanes, $sc, $ld, $st, $imm, "vadd", $sfx, $unord, $step, $canon);
        bin_kernel!($sub, $t, $lanes, $sc, $ld, $st, $imm, "vsub", $sfx, $unord, $step, $canon);
        bin_kernel!($mul, $t, $lanes, $sc, $ld, $st, $imm, "vmul", $sfx, $unord, $step, $canon);
        bin_kernel!($div, $t, $lanes, $sc, $ld, $st, $imm, "vdiv", $sfx, $unord, $step, $canon);
    };
}

bin_family!(
    u32,
    "ps",
    "4",
    "vmovups",
    "vmovups ymmword ptr ",
    "",
    "ps",
    "vcmpunordps",
    "8",
    _mm256_castsi256_ps(_mm256_set1_epi32(CANON32 as i32)),
    [add_ps, sub_ps, mul_ps, div_ps]
);
bin_family!(
    u64,
    "pd",
    "8",
    "vmovupd",
    "vmovupd ymmword ptr ",
    "",
    "pd",
    "vcmpunordpd",
    "4",
    _mm256_castsi256_pd(_mm256_set1_epi64x(CANON64 as i64)),
    [add_pd, sub_pd, mul_pd, div_pd]
);
bin_family!(
    u16,
    "ps",
    "2",
    "vcvtph2ps",
    "vcvtps2ph xmmword ptr ",
    ", 4",
    "ps",
    "vcmpunordps",
    "8",
    _mm256_castsi256_ps(_mm256_set1_epi32(CANON32 as i32)),
    [add_ph, sub_ph, mul_ph, div_ph]
);

/// Runs a kernel over whole vectors of `L` lanes, the tail through
/// zero-padded stack buffers: every slot of `out` is written, the whole
/// vectors by `k`, the tail from a stack buffer `k` wrote in full.
#[inline(always)]
fn blocks<T: Copy + Default, const L: usize>(
    a: &[T],
    b: &[T],
    out: &mut [MaybeUninit<T>],
    k: impl Fn(*const T, *const T, *mut T, usize),
) {
    let n = out.len();
    assert!(
        a.len() == n && b.len() == n,
        "mxcsr: operand lengths differ"
    );
    let full = n - n % L;
    if full > 0 {
        k(a.as_ptr(), b.as_ptr(), out.as_mut_ptr().cast(), full);
    }
    if full < n {
        let (mut x, mut y, mut o) = ([T::default(); L], [T::default(); L], [T::default(); L]);
        x[..n - full].copy_from_slice(&a[full..]);
        y[..n - full].copy_from_slice(&b[full..]);
        k(x.as_ptr(), y.as_ptr(), o.as_mut_ptr(), L);
        for (s, &v) in out[full..].iter_mut().zip(&o) {
            s.write(v);
        }
    }
}

macro_rules! bin_entry {
    ($entry:ident, $t:ty, $lanes:literal, [$add:ident, $sub:ident, $mul:ident, $div:ident]) => {
        /// The elementwise loop in mode `M`, if this level serves it (`false`: use the portable loop).
        pub fn $entry<const OP: u8, const M: u8>(
            a: &[$t],
            b: &[$t],
            out: &mut [MaybeUninit<$t>],
        ) -> bool {
            let Some(rc) = rc_of(M) else { return false };
            if !available() {
                return false;
            }
            let k = match OP {
                ADD => $add,
                SUB => $sub,
                MUL => $mul,
                _ => $div,
            };
            // SAFETY: `available()` checked the features; `blocks` passes whole vectors.
            blocks::<$t, $lanes>(a, b, out, |x, y, o, n| unsafe { k(rc, x, y, o, n) });
            true
        }
    };
}

bin_entry!(bin32, u32, 8, [add_ps, sub_ps, mul_ps, div_ps]);
bin_entry!(bin64, u64, 4, [add_pd, sub_pd, mul_pd, div_pd]);
bin_entry!(bin16, u16, 8, [add_ph, sub_ph, mul_ph, div_ph]);

// ---------------------------------------------------------------- square root

macro_rules! sqrt_kernel {
    ($name:ident, $t:ty, $lanes:literal, $sc:literal, $ld:literal, $st:literal, $imm:literal,
     $ins:literal, $unord:literal, $step:literal, $canon:expr) => {
        /// # Safety
        /// As for the elementwise kernels, with one operand.
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $name(rc: u32, a: *const $t, out: *mut $t, n: usize) {
            let mut save = frame(rc, 0);
            let canon = $canon;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    "xor {i}, {i}",
                    "2:",
                    concat!($ld, " {x}, [{a} + {i}*", $sc, "]"),
                    concat!($ins, " {x}, {x}"),
                    concat!($unord, " {y}, {x}, {x}"),
                    concat!("vblendv", $lanes, " {x}, {x}, {c}, {y}"),
                    concat!($st, "[{o} + {i}*", $sc, "], {x}", $imm),
                    concat!("add {i}, ", $step),
                    "cmp {i}, {n}",
                    "jb 2b",
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    a = in(reg) a,
                    o = in(reg) out,
                    n = in(reg) n,
                    i = out(reg) _,
                    x = out(ymm_reg) _,
                    y = out(ymm_reg) _,
                    c = in(ymm_reg) canon,
                    options(nostack),
                );
            }
        }
    };
}

sqrt_kernel!(
    sqrt_ps_k,
    u32,
    "ps",
    "4",
    "vmovups",
    "vmovups ymmword ptr ",
    "",
    "vsqrtps",
    "vcmpunordps",
    "8",
    _mm256_castsi256_ps(_mm256_set1_epi32(CANON32 as i32))
);
sqrt_kernel!(
    sqrt_pd_k,
    u64,
    "pd",
    "8",
    "vmovupd",
    "vmovupd ymmword ptr ",
    "",
    "vsqrtpd",
    "vcmpunordpd",
    "4",
    _mm256_castsi256_pd(_mm256_set1_epi64x(CANON64 as i64))
);
sqrt_kernel!(
    sqrt_ph_k,
    u16,
    "ps",
    "2",
    "vcvtph2ps",
    "vcvtps2ph xmmword ptr ",
    ", 4",
    "vsqrtps",
    "vcmpunordps",
    "8",
    _mm256_castsi256_ps(_mm256_set1_epi32(CANON32 as i32))
);

macro_rules! sqrt_entry {
    ($entry:ident, $t:ty, $lanes:literal, $k:ident) => {
        /// The square-root loop in mode `M`, if this level serves it.
        pub fn $entry<const M: u8>(a: &[$t], out: &mut [$t]) -> bool {
            let Some(rc) = rc_of(M) else { return false };
            if !available() {
                return false;
            }
            // SAFETY: `available()` checked the features; `blocks` passes whole vectors
            // (the second operand is ignored).
            blocks::<$t, $lanes>(a, a, super::fresh::slots(out), |x, _, o, n| unsafe {
                $k(rc, x, o, n)
            });
            true
        }
    };
}

sqrt_entry!(sqrt32, u32, 8, sqrt_ps_k);
sqrt_entry!(sqrt64, u64, 4, sqrt_pd_k);
sqrt_entry!(sqrt16, u16, 8, sqrt_ph_k);

// ---------------------------------------------------------------- folds

/// Defines the left and right folds of one operation at binary32/64: one
/// block runs every step, the accumulator in a register.
macro_rules! fold_kernel {
    ($left:ident, $right:ident, $t:ty, $v:ty, $sc:literal, $ptr:literal, $ins:literal, $mov:literal) => {
        /// # Safety
        /// AVX2/FMA/F16C available; `a` addresses `n ≥ 1` elements.
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $left(rc: u32, seed: $v, a: *const $t, n: usize) -> $v {
            let mut save = frame(rc, 0);
            let mut acc = seed;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    "xor {i}, {i}",
                    "2:",
                    concat!($ins, " {x}, {x}, ", $ptr, " [{a} + {i}*", $sc, "]"),
                    "add {i}, 1",
                    "cmp {i}, {n}",
                    "jb 2b",
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    a = in(reg) a,
                    n = in(reg) n,
                    i = out(reg) _,
                    x = inout(xmm_reg) acc,
                    options(nostack),
                );
            }
            acc
        }

        /// # Safety
        /// As for the left fold.
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $right(rc: u32, seed: $v, a: *const $t, n: usize) -> $v {
            let mut save = frame(rc, 0);
            let mut acc = seed;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    "2:",
                    "sub {i}, 1",
                    concat!($mov, " {y}, ", $ptr, " [{a} + {i}*", $sc, "]"),
                    concat!($ins, " {x}, {y}, {x}"),
                    "test {i}, {i}",
                    "jnz 2b",
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    a = in(reg) a,
                    i = inout(reg) n => _,
                    x = inout(xmm_reg) acc,
                    y = out(xmm_reg) _,
                    options(nostack),
                );
            }
            acc
        }
    };
}

/// Defines the four operations' folds (`fold_kernel!`) at one width: the
/// element type, its vector, scale, pointer size and scalar move, then
/// `left, right, instruction` per operation.
macro_rules! fold_family {
    ($t:ty, $v:ty, $sc:literal, $ptr:literal, $mov:literal,
     [$($left:ident, $right:ident, $ins:literal);*]) => {
        $(fold_kernel!($left, $right, $t, $v, $sc, $ptr, $ins, $mov);)*
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

/// The binary16 folds: each step widens the element, runs one binary32
/// operation and narrows the result to binary16 and back (by MXCSR.RC).
macro_rules! fold_kernel16 {
    ($left:ident, $right:ident, $ins:literal) => {
        /// # Safety
        /// AVX2/FMA/F16C available; `a` addresses `n ≥ 1` elements; `seed` holds a binary16 value.
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $left(rc: u32, seed: __m128, a: *const u16, n: usize) -> __m128 {
            let mut save = frame(rc, 0);
            let mut acc = seed;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    "xor {i}, {i}",
                    "2:",
                    "movzx {w:e}, word ptr [{a} + {i}*2]",
                    "vmovd {y}, {w:e}",
                    "vcvtph2ps {y}, {y}",
                    concat!($ins, " {x}, {x}, {y}"),
                    "vcvtps2ph {x}, {x}, 4",
                    "vcvtph2ps {x}, {x}",
                    "add {i}, 1",
                    "cmp {i}, {n}",
                    "jb 2b",
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    w = out(reg) _,
                    a = in(reg) a,
                    n = in(reg) n,
                    i = out(reg) _,
                    x = inout(xmm_reg) acc,
                    y = out(xmm_reg) _,
                    options(nostack),
                );
            }
            acc
        }

        /// # Safety
        /// As for the left fold.
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $right(rc: u32, seed: __m128, a: *const u16, n: usize) -> __m128 {
            let mut save = frame(rc, 0);
            let mut acc = seed;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    "2:",
                    "sub {i}, 1",
                    "movzx {w:e}, word ptr [{a} + {i}*2]",
                    "vmovd {y}, {w:e}",
                    "vcvtph2ps {y}, {y}",
                    concat!($ins, " {x}, {y}, {x}"),
                    "vcvtps2ph {x}, {x}, 4",
                    "vcvtph2ps {x}, {x}",
                    "test {i}, {i}",
                    "jnz 2b",
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    w = out(reg) _,
                    a = in(reg) a,
                    i = inout(reg) n => _,
                    x = inout(xmm_reg) acc,
                    y = out(xmm_reg) _,
                    options(nostack),
                );
            }
            acc
        }
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

// ---------------------------------------------------------------- contraction

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
    assert!(
        a.len() == m * k && b.len() == k * p && c.len() == m * p,
        "mxcsr: contraction buffers do not match the dimensions"
    );
    if m == 0 || k == 0 || p == 0 {
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

/// Defines `$name::<M>`, the safe [`super::packed::Micro`] over `$kernel` in mode `M`.
macro_rules! micro_entry {
    ($name:ident, $kernel:ident, $t:ty, $nr:literal) => {
        fn $name<const M: u8>(kc: usize, a: &[$t], b: &[$t], c: &mut [$t], ldc: usize) {
            let rc = rc_of(M).expect("mxcsr: the packed contraction runs in a hardware mode");
            assert!(
                kc >= 1
                    && a.len() >= MR * kc
                    && b.len() >= $nr * kc
                    && ldc >= $nr
                    && c.len() >= (MR - 1) * ldc + $nr,
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

/// The smallest `m·k·p` the packed contraction takes: below it the row
/// kernels are as fast and allocate nothing (the jet path's `+mmul` tiles
/// stay below it).
const PACKED_MIN: usize = 1 << 15;

macro_rules! contract_entry {
    ($entry:ident, $t:ty, $lanes:literal, $row:ident, $canon:ident, $packed:expr) => {
        /// The contraction `c += a·b` in mode `M` continuing from `c`, if this level serves it.
        pub fn $entry<const M: u8>(dims: Dims, a: &[$t], b: &[$t], c: &mut [$t]) -> bool {
            let Some(rc) = rc_of(M) else { return false };
            if !available() {
                return false;
            }
            let (m, k, p) = dims;
            let large =
                m >= MR && p >= $lanes && m.saturating_mul(k).saturating_mul(p) >= PACKED_MIN;
            match $packed {
                Some((bl, micro)) if large => {
                    let micro: super::packed::Micro<$t> = micro;
                    super::packed::contract(bl, dims, a, b, c, micro)
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
const fn packed_blocks(nr: usize, nc: usize) -> super::packed::Blocks {
    super::packed::Blocks {
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
    None::<(super::packed::Blocks, super::packed::Micro<u16>)>
);

#[cfg(test)]
mod tests {
    use super::*;

    /// This thread's MXCSR, read outside any kernel.
    fn mxcsr_now() -> u32 {
        let mut v = 0u32;
        // SAFETY: `vstmxcsr`/`stmxcsr` writes four bytes to the given address; SSE is baseline.
        unsafe { asm!("stmxcsr dword ptr [{p}]", p = in(reg) &mut v, options(nostack)) };
        v
    }

    /// On a CPU with the features the probe holds, so the level is used
    /// (under an emulator that ignores MXCSR.RC this test fails, as it should).
    #[test]
    fn the_rounding_probe_holds_on_real_hardware() {
        let features = is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("fma")
            && is_x86_feature_detected!("f16c");
        assert_eq!(available(), features);
        if features {
            assert!(rounding_field_honoured());
        }
    }

    #[test]
    fn every_kernel_restores_mxcsr_and_flags_rounding_does_not_leak() {
        if !available() {
            return;
        }
        let before = mxcsr_now();
        // Inexact and overflowing operands set sticky flags inside the blocks.
        let a32 = [0x7f7f_ffffu32, 0x3f80_0001, 1, 0x7fc0_0001, 3, 5, 7, 9, 11];
        let b32 = [0x7f7f_ffffu32, 0x4040_0000, 0x4040_0000, 0, 0, 1, 2, 3, 4];
        let mut o32 = [0u32; 9];
        assert!(bin32::<ADD, U>(
            &a32,
            &b32,
            crate::hw::fresh::slots(&mut o32)
        ));
        assert_eq!(mxcsr_now(), before, "bin32");
        // Round up: max + max saturates to +∞, 1/3 rounds up.
        assert_eq!(o32[0], 0x7f80_0000);
        assert!(bin32::<3, U>(
            &[0x3f80_0000; 9],
            &[0x4040_0000; 9],
            crate::hw::fresh::slots(&mut o32)
        ));
        assert_eq!(o32[0], 0x3eaa_aaab);
        assert!(bin32::<3, D>(
            &[0x3f80_0000; 9],
            &[0x4040_0000; 9],
            crate::hw::fresh::slots(&mut o32)
        ));
        assert_eq!(o32[0], 0x3eaa_aaaa);
        assert_eq!(mxcsr_now(), before, "bin32 div");
        let mut o64 = [0u64; 5];
        assert!(bin64::<MUL, Z>(
            &[0x3ff0_0000_0000_0001; 5],
            &[0x4008_0000_0000_0000; 5],
            crate::hw::fresh::slots(&mut o64)
        ));
        assert!(sqrt64::<D>(&[0x4000_0000_0000_0000; 5], &mut o64));
        assert_eq!(o64[0], 0x3ff6_a09e_667f_3bcc);
        let mut o16 = [0u16; 3];
        assert!(bin16::<ADD, Z>(
            &[0x3c00; 3],
            &[0x0001; 3],
            crate::hw::fresh::slots(&mut o16)
        ));
        assert_eq!(o16[0], 0x3c00);
        assert!(bin16::<ADD, U>(
            &[0x3c00; 3],
            &[0x0001; 3],
            crate::hw::fresh::slots(&mut o16)
        ));
        assert_eq!(o16[0], 0x3c01);
        assert_eq!(
            fold32::<ADD, U>(true, 0, &[0x3f80_0000, 0x3380_0000]),
            Some(0x3f80_0001)
        );
        assert_eq!(
            fold64::<SUB, D>(false, 0x3ff0_0000_0000_0000, &[1]),
            Some(0x3fef_ffff_ffff_ffff)
        );
        assert_eq!(fold16::<ADD, U>(false, 0x3c00, &[0x0001]), Some(0x3c01));
        let mut c = [0u32; 9 * 3];
        assert!(contract32::<U>(
            (3, 2, 9),
            &[0x3f80_0000; 6],
            &[0x3380_0000; 18],
            &mut c
        ));
        let mut c16 = [0u16; 17 * 2];
        assert!(contract16::<Z>(
            (2, 3, 17),
            &[0x3c00; 6],
            &[0x3555; 51],
            &mut c16
        ));
        let mut c64 = [0u64; 6];
        assert!(contract64::<D>(
            (1, 1, 6),
            &[1],
            &[0x3ff0_0000_0000_0000; 6],
            &mut c64
        ));
        assert_eq!(c64[5], 1);
        assert_eq!(mxcsr_now(), before, "after every kernel");
        // Compiler-emitted arithmetic after the kernels still rounds to nearest.
        let third = std::hint::black_box(1.0f32) / std::hint::black_box(3.0f32);
        assert_eq!(third.to_bits(), 0x3eaa_aaab);
        assert_eq!(
            (std::hint::black_box(2.0f32) / std::hint::black_box(3.0f32)).to_bits(),
            0x3f2a_aaab
        );
    }
}
