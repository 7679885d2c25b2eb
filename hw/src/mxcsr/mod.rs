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
//!
//! # Layout
//!
//! The loop heads of the elementwise, root, fold and contraction blocks are aligned to 16
//! bytes (`.p2align 4`), so that a kernel's speed does not depend on where
//! the linker lays it out: without it, moving the loops to their own crate
//! made the binary32 `%d` fold of 100 elements 1.7× slower on an AMD EPYC
//! (Zen 3), and no other row of `urnum bench`.
#![allow(unsafe_code)]

use super::lanes::{canon16, canon32, canon64};
use super::mode::{D, N, U, Z};
use super::op::{ADD, MUL, SUB};
use crate::shape::Dims;
use std::arch::asm;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

/// Whether this CPU has AVX2, FMA and F16C and honours MXCSR's rounding field,
/// decided once per process (a fact of the CPU; the callers apply the level cap).
pub fn available() -> bool {
    static SUPPORTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SUPPORTED.get_or_init(|| super::ties::available() && rounding_field_honoured())
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
        unsafe { k32::add(rc, a32.as_ptr(), b32.as_ptr(), o32.as_mut_ptr(), 8) };
        let (a64, b64) = half(0x3ff0_0000_0000_0000, 0x3c00_0000_0000_0000, 1 << 63);
        let mut o64 = [0u64; 8];
        // SAFETY: as above; 8 binary64 lanes are two vectors.
        unsafe { k64::add(rc, a64.as_ptr(), b64.as_ptr(), o64.as_mut_ptr(), 8) };
        let (a, b) = half(0x3c00, 0x0c00, 0x8000);
        let (a16, b16) = (a.map(|x| x as u16), b.map(|x| x as u16));
        let mut o16 = [0u16; 8];
        // SAFETY: as above; 8 binary16 lanes are one vector.
        unsafe { k16::add(rc, a16.as_ptr(), b16.as_ptr(), o16.as_mut_ptr(), 8) };
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

/// An `asm!` block (`nostack`) that runs the `$line`s under the rounding
/// field of the frame at `$save` (`enter!` before them, `leave!` after;
/// `{s}` the frame, `{t}` a scratch register). Its other operands: the
/// `$operand`s as written, then the registers `$i` of class `$ic` reading
/// the variables of their names, then for each `out` group the registers
/// `$o` of class `$oc` whose values the block discards.
macro_rules! under_frame {
    ($save:expr, [$($line:expr),+ $(,)?], [$($operand:tt)*]
     $(, in($ic:ident): [$($i:ident),+])? $(, out($oc:ident): [$($o:ident),+])* $(,)?) => {
        asm!(
            enter!(),
            $($line,)+
            leave!(),
            s = in(reg) $save,
            t = out(reg) _,
            $($operand)*
            $($($i = in($ic) $i,)+)?
            $($($o = out($oc) _,)+)*
            options(nostack),
        )
    };
}

// ------------------------------------------------- elementwise and square root

/// Defines `$name(rc, $($arg,)* out, n)`: `n` lanes (a positive multiple of
/// the vector width) of the `$step` lines under rounding field `rc`, NaNs
/// made canonical, stored by `$st`/`$imm` (the width's row of
/// `width_kernels!`); each `$arg` is an operand pointer the lines read as
/// `{$arg}`, the result left in `{x}`.
macro_rules! map_kernel {
    ($name:ident, $t:ty, $lanes:literal, $sc:literal, $st:literal, $imm:literal, $inc:literal,
     $canon:expr, ($($arg:ident),+), [$($step:expr),+]) => {
        /// # Safety
        /// AVX2, FMA and F16C are available; every operand and `out` address
        /// `n` elements, `n` a positive multiple of the vector width.
        #[target_feature(enable = "avx2,fma,f16c")]
        pub(super) unsafe fn $name(rc: u32, $($arg: *const $t,)+ out: *mut $t, n: usize) {
            let mut save = frame(rc, 0);
            let canon = $canon;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                under_frame!(
                    save.as_mut_ptr(),
                    [
                        "xor {i}, {i}",
                        ".p2align 4",
                        "2:",
                        $($step,)+
                        concat!("vcmpunord", $lanes, " {y}, {x}, {x}"),
                        concat!("vblendv", $lanes, " {x}, {x}, {c}, {y}"),
                        concat!($st, "[{o} + {i}*", $sc, "], {x}", $imm),
                        concat!("add {i}, ", $inc),
                        "cmp {i}, {n}",
                        "jb 2b",
                    ],
                    [
                        $($arg = in(reg) $arg,)+
                        o = in(reg) out,
                        n = in(reg) n,
                        c = in(ymm_reg) canon,
                    ],
                    out(reg): [i],
                    out(ymm_reg): [x, y],
                );
            }
        }
    };
}

/// Defines a width's elementwise kernels `add sub mul div` and its root
/// kernel `sqrt` (`map_kernel!`) in module `$m`, from the width's row: the
/// element, the lane suffix (binary16 computes in binary32 lanes), the
/// element size, the widening load and narrowing store (binary16) or plain
/// moves, the store's immediate, the lanes per vector and the canonical NaN
/// vector.
macro_rules! width_kernels {
    ($m:ident: $t:ty, $lanes:literal, $sc:literal, $ld:literal, $st:literal, $imm:literal,
     $inc:literal, $canon:expr) => {
        mod $m {
            use super::*;
            // `map_kernel!` with this width's row: `$args` the operand
            // pointers, `$steps` the lines.
            macro_rules! map {
                ($name:ident, $args:tt, $steps:tt) => {
                    map_kernel!($name, $t, $lanes, $sc, $st, $imm, $inc, $canon, $args, $steps);
                };
            }
            macro_rules! binary {
                ($name:ident, $op:literal) => {
                    map!(
                        $name,
                        (a, b),
                        [
                            concat!($ld, " {x}, [{a} + {i}*", $sc, "]"),
                            concat!($ld, " {y}, [{b} + {i}*", $sc, "]"),
                            concat!($op, $lanes, " {x}, {x}, {y}")
                        ]
                    );
                };
            }
            binary!(add, "vadd");
            binary!(sub, "vsub");
            binary!(mul, "vmul");
            binary!(div, "vdiv");
            map!(
                sqrt,
                (a),
                [
                    concat!($ld, " {x}, [{a} + {i}*", $sc, "]"),
                    concat!("vsqrt", $lanes, " {x}, {x}")
                ]
            );
        }
    };
}

width_kernels!(k32: u32, "ps", "4", "vmovups", "vmovups ymmword ptr ", "", "8",
    _mm256_castsi256_ps(_mm256_set1_epi32(CANON32 as i32)));
width_kernels!(k64: u64, "pd", "8", "vmovupd", "vmovupd ymmword ptr ", "", "4",
    _mm256_castsi256_pd(_mm256_set1_epi64x(CANON64 as i64)));
width_kernels!(k16: u16, "ps", "2", "vcvtph2ps", "vcvtps2ph xmmword ptr ", ", 4", "8",
    _mm256_castsi256_ps(_mm256_set1_epi32(CANON32 as i32)));

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
    ($entry:ident, $t:ty, $lanes:literal, $k:ident) => {
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
                ADD => $k::add,
                SUB => $k::sub,
                MUL => $k::mul,
                _ => $k::div,
            };
            // SAFETY: `available()` checked the features; `blocks` passes whole vectors.
            blocks::<$t, $lanes>(a, b, out, |x, y, o, n| unsafe { k(rc, x, y, o, n) });
            true
        }
    };
}

bin_entry!(bin32, u32, 8, k32);
bin_entry!(bin64, u64, 4, k64);
bin_entry!(bin16, u16, 8, k16);

macro_rules! sqrt_entry {
    ($entry:ident, $t:ty, $lanes:literal, $k:path) => {
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

sqrt_entry!(sqrt32, u32, 8, k32::sqrt);
sqrt_entry!(sqrt64, u64, 4, k64::sqrt);
sqrt_entry!(sqrt16, u16, 8, k16::sqrt);

mod complex;
mod contract;
mod fold;

pub use complex::*;
pub use contract::*;
pub use fold::*;

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

    /// An elementwise entry (`bin32`, `bin64`, `bin16` in one mode).
    type Entry<T> = fn(&[T], &[T], &mut [MaybeUninit<T>]) -> bool;

    /// Lane 0 of the elementwise entry `k` on `L` copies of `a` and of `b`,
    /// once `k` has said it serves the call.
    fn lane0<T: Copy + Default, const L: usize>(k: Entry<T>, a: T, b: T) -> T {
        let mut out = [T::default(); L];
        assert!(k(&[a; L], &[b; L], crate::fresh::slots(&mut out)));
        out[0]
    }

    /// A contraction entry (`contract32`, `contract64`, `contract16` in one mode).
    type Contract<T> = fn(Dims, &[T], &[T], &mut [T]) -> bool;

    /// `c` after the contraction entry `k` of the dimensions `(m, n, p)` on
    /// an all-`a` and an all-`b` matrix into zeros, once `k` has said it
    /// serves the call.
    fn contracted<T: Copy + Default>(k: Contract<T>, (m, n, p): Dims, a: T, b: T) -> Vec<T> {
        let mut c = vec![T::default(); m * p];
        assert!(k((m, n, p), &vec![a; m * n], &vec![b; n * p], &mut c));
        c
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
        assert!(bin32::<ADD, U>(&a32, &b32, crate::fresh::slots(&mut o32)));
        assert_eq!(mxcsr_now(), before, "bin32");
        // Round up: max + max saturates to +∞, 1/3 rounds up.
        assert_eq!(o32[0], 0x7f80_0000);
        assert_eq!(
            lane0::<_, 9>(bin32::<3, U>, 0x3f80_0000, 0x4040_0000),
            0x3eaa_aaab
        );
        assert_eq!(
            lane0::<_, 9>(bin32::<3, D>, 0x3f80_0000, 0x4040_0000),
            0x3eaa_aaaa
        );
        assert_eq!(mxcsr_now(), before, "bin32 div");
        lane0::<_, 5>(
            bin64::<MUL, Z>,
            0x3ff0_0000_0000_0001,
            0x4008_0000_0000_0000,
        );
        let mut o64 = [0u64; 5];
        assert!(sqrt64::<D>(&[0x4000_0000_0000_0000; 5], &mut o64));
        assert_eq!(o64[0], 0x3ff6_a09e_667f_3bcc);
        assert_eq!(lane0::<_, 3>(bin16::<ADD, Z>, 0x3c00, 0x0001), 0x3c00);
        assert_eq!(lane0::<_, 3>(bin16::<ADD, U>, 0x3c00, 0x0001), 0x3c01);
        assert_eq!(
            fold32::<ADD, U>(true, 0, &[0x3f80_0000, 0x3380_0000]),
            Some(0x3f80_0001)
        );
        assert_eq!(
            fold64::<SUB, D>(false, 0x3ff0_0000_0000_0000, &[1]),
            Some(0x3fef_ffff_ffff_ffff)
        );
        assert_eq!(fold16::<ADD, U>(false, 0x3c00, &[0x0001]), Some(0x3c01));
        contracted(contract32::<U>, (3, 2, 9), 0x3f80_0000, 0x3380_0000);
        contracted(contract16::<Z>, (2, 3, 17), 0x3c00, 0x3555);
        let c64 = contracted(contract64::<D>, (1, 1, 6), 1, 0x3ff0_0000_0000_0000);
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
