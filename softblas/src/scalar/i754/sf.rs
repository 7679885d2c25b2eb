//! The fenced binding to Berkeley SoftFloat (`softfloat-sys` 0.1.4, 8086-SSE
//! specialization): with the SIMD paths of `crate::hw`, the only `unsafe`
//! code outside the `ffi` crate.
//!
//! Soundness of every call here rests on one fact, checked when the pinned
//! `softfloat-sys =0.1.4` was adopted: its `extern "C"` declarations match
//! SoftFloat 3e's prototypes, with `float16_t`/`float32_t`/`float64_t` as
//! `#[repr(C)]` structs of one `u16`/`u32`/`u64` and `float128_t` of
//! `[u64; 2]`, passed and returned by value as the C compiler does on
//! x86_64 System V. The routines take no pointers and keep no state but the
//! thread's rounding mode and exception flags (see `Mode`). A per-call
//! `// SAFETY:` note refers to this.
//!
//! Every function here is a safe wrapper over one SoftFloat routine. Values go
//! in and come out as raw bit patterns in the low bits of a `u128`; a binary128
//! value crosses as `float128_t { v: [low, high] }`. Results are exactly what
//! SoftFloat returns, NaN payloads included: NaN canonicalisation is the
//! caller's job ([`super`]).
//!
//! SoftFloat keeps its rounding mode and exception flags in C `_Thread_local`
//! globals. [`Mode`] is the one place that touches them: it saves both, sets
//! the mode, and restores both when dropped, so no state leaks between calls
//! or threads. Every rounding operation here takes a `&Mode` as proof that the
//! mode is set on this thread (`Mode` is neither `Send` nor `Sync`).
#![allow(unsafe_code)]

use super::Width;
use crate::Round;
use softfloat_sys as ffi;
use softfloat_sys::{float128_t, float16_t, float32_t, float64_t};
use std::marker::PhantomData;

/// The SoftFloat rounding-mode code of a [`Round`].
const fn code(r: Round) -> u8 {
    match r {
        Round::N => ffi::softfloat_round_near_even,
        Round::Z => ffi::softfloat_round_minMag,
        Round::D => ffi::softfloat_round_min,
        Round::U => ffi::softfloat_round_max,
        Round::A => ffi::softfloat_round_near_maxMag,
    }
}

/// A scope in which SoftFloat's thread-local rounding mode is `round`; dropping
/// it restores the mode and exception flags that were there before.
pub(super) struct Mode {
    round: Round,
    saved_mode: u8,
    saved_flags: u8,
    /// The mode lives in this thread's state: the guard must not leave the thread.
    _thread: PhantomData<*const ()>,
}

impl Mode {
    /// Sets this thread's SoftFloat rounding mode to `r` until the guard drops.
    pub(super) fn set(r: Round) -> Mode {
        // SAFETY: the helpers read and write SoftFloat's `_Thread_local` mode and
        // flag bytes of the calling thread; they take no pointers and cannot fail.
        unsafe {
            let saved_mode = ffi::softfloat_roundingMode_read_helper();
            let saved_flags = ffi::softfloat_exceptionFlags_read_helper();
            ffi::softfloat_roundingMode_write_helper(code(r));
            Mode {
                round: r,
                saved_mode,
                saved_flags,
                _thread: PhantomData,
            }
        }
    }

    /// The mode this guard set.
    pub(super) fn round(&self) -> Round {
        self.round
    }
}

impl Drop for Mode {
    fn drop(&mut self) {
        // SAFETY: as in `Mode::set`: plain writes of this thread's mode and flag bytes.
        unsafe {
            ffi::softfloat_roundingMode_write_helper(self.saved_mode);
            ffi::softfloat_exceptionFlags_write_helper(self.saved_flags);
        }
    }
}

fn h(a: u128) -> float16_t {
    float16_t { v: a as u16 }
}
fn s(a: u128) -> float32_t {
    float32_t { v: a as u32 }
}
fn d(a: u128) -> float64_t {
    float64_t { v: a as u64 }
}
fn q(a: u128) -> float128_t {
    float128_t {
        v: [a as u64, (a >> 64) as u64],
    }
}
fn uq(x: float128_t) -> u128 {
    u128::from(x.v[0]) | u128::from(x.v[1]) << 64
}

/// Dispatches a binary SoftFloat operation over the four widths.
macro_rules! binary {
    ($name:ident, $f16:ident, $f32:ident, $f64:ident, $f128:ident) => {
        pub(super) fn $name(_mode: &Mode, w: Width, a: u128, b: u128) -> u128 {
            // SAFETY: by-value SoftFloat arithmetic on plain-old-data structs; the
            // C functions read only their arguments and this thread's mode/flags.
            unsafe {
                match w {
                    Width::H => u128::from(ffi::$f16(h(a), h(b)).v),
                    Width::S => u128::from(ffi::$f32(s(a), s(b)).v),
                    Width::D => u128::from(ffi::$f64(d(a), d(b)).v),
                    Width::Q => uq(ffi::$f128(q(a), q(b))),
                }
            }
        }
    };
}

binary!(add, f16_add, f32_add, f64_add, f128_add);
binary!(sub, f16_sub, f32_sub, f64_sub, f128_sub);
binary!(mul, f16_mul, f32_mul, f64_mul, f128_mul);
binary!(div, f16_div, f32_div, f64_div, f128_div);

/// `a * b + c` with one rounding in the guard's mode (SoftFloat `fN_mulAdd`).
pub(super) fn fma(_mode: &Mode, w: Width, a: u128, b: u128, c: u128) -> u128 {
    // SAFETY: by-value SoftFloat arithmetic on plain-old-data structs whose
    // declarations match the C prototypes (module docs).
    unsafe {
        match w {
            Width::H => u128::from(ffi::f16_mulAdd(h(a), h(b), h(c)).v),
            Width::S => u128::from(ffi::f32_mulAdd(s(a), s(b), s(c)).v),
            Width::D => u128::from(ffi::f64_mulAdd(d(a), d(b), d(c)).v),
            Width::Q => uq(ffi::f128_mulAdd(q(a), q(b), q(c))),
        }
    }
}

/// The square root of `a` rounded in the guard's mode (SoftFloat `fN_sqrt`).
pub(super) fn sqrt(_mode: &Mode, w: Width, a: u128) -> u128 {
    // SAFETY: by-value SoftFloat arithmetic on a plain-old-data struct whose
    // declaration matches the C prototype (module docs).
    unsafe {
        match w {
            Width::H => u128::from(ffi::f16_sqrt(h(a)).v),
            Width::S => u128::from(ffi::f32_sqrt(s(a)).v),
            Width::D => u128::from(ffi::f64_sqrt(d(a)).v),
            Width::Q => uq(ffi::f128_sqrt(q(a))),
        }
    }
}

/// `a` rounded to an integral value of the same width in the guard's mode (SoftFloat
/// `fN_roundToInt` with `exact = false`).
pub(super) fn round_to_int(mode: &Mode, w: Width, a: u128) -> u128 {
    let m = code(mode.round);
    // SAFETY: by-value SoftFloat arithmetic on a plain-old-data struct; the mode
    // is passed explicitly as well.
    unsafe {
        match w {
            Width::H => u128::from(ffi::f16_roundToInt(h(a), m, false).v),
            Width::S => u128::from(ffi::f32_roundToInt(s(a), m, false).v),
            Width::D => u128::from(ffi::f64_roundToInt(d(a), m, false).v),
            Width::Q => uq(ffi::f128_roundToInt(q(a), m, false)),
        }
    }
}

/// The unsigned integer `n` rounded to width `w` in the guard's mode (SoftFloat `ui64_to_fN`).
pub(super) fn from_u64(_mode: &Mode, w: Width, n: u64) -> u128 {
    // SAFETY: SoftFloat integer conversion of a plain integer.
    unsafe {
        match w {
            Width::H => u128::from(ffi::ui64_to_f16(n).v),
            Width::S => u128::from(ffi::ui64_to_f32(n).v),
            Width::D => u128::from(ffi::ui64_to_f64(n).v),
            Width::Q => uq(ffi::ui64_to_f128(n)),
        }
    }
}

/// `a` of width `from` converted to width `to`, rounded in the guard's mode (SoftFloat `fM_to_fN`).
pub(super) fn convert(_mode: &Mode, from: Width, to: Width, a: u128) -> u128 {
    // SAFETY: by-value SoftFloat conversions on plain-old-data structs.
    unsafe {
        match (from, to) {
            (Width::H, Width::H)
            | (Width::S, Width::S)
            | (Width::D, Width::D)
            | (Width::Q, Width::Q) => a,
            (Width::H, Width::S) => u128::from(ffi::f16_to_f32(h(a)).v),
            (Width::H, Width::D) => u128::from(ffi::f16_to_f64(h(a)).v),
            (Width::H, Width::Q) => uq(ffi::f16_to_f128(h(a))),
            (Width::S, Width::H) => u128::from(ffi::f32_to_f16(s(a)).v),
            (Width::S, Width::D) => u128::from(ffi::f32_to_f64(s(a)).v),
            (Width::S, Width::Q) => uq(ffi::f32_to_f128(s(a))),
            (Width::D, Width::H) => u128::from(ffi::f64_to_f16(d(a)).v),
            (Width::D, Width::S) => u128::from(ffi::f64_to_f32(d(a)).v),
            (Width::D, Width::Q) => uq(ffi::f64_to_f128(d(a))),
            (Width::Q, Width::H) => u128::from(ffi::f128_to_f16(q(a)).v),
            (Width::Q, Width::S) => u128::from(ffi::f128_to_f32(q(a)).v),
            (Width::Q, Width::D) => u128::from(ffi::f128_to_f64(q(a)).v),
        }
    }
}

/// SoftFloat's quiet comparisons `(a < b, a <= b, a == b)`; all false when either is NaN.
pub(super) fn compare(w: Width, a: u128, b: u128) -> (bool, bool, bool) {
    let _mode = Mode::set(Round::N);
    // SAFETY: by-value SoftFloat comparisons on plain-old-data structs; the
    // quiet forms only raise flags, which `Mode` restores.
    unsafe {
        match w {
            Width::H => (
                ffi::f16_lt_quiet(h(a), h(b)),
                ffi::f16_le_quiet(h(a), h(b)),
                ffi::f16_eq(h(a), h(b)),
            ),
            Width::S => (
                ffi::f32_lt_quiet(s(a), s(b)),
                ffi::f32_le_quiet(s(a), s(b)),
                ffi::f32_eq(s(a), s(b)),
            ),
            Width::D => (
                ffi::f64_lt_quiet(d(a), d(b)),
                ffi::f64_le_quiet(d(a), d(b)),
                ffi::f64_eq(d(a), d(b)),
            ),
            Width::Q => (
                ffi::f128_lt_quiet(q(a), q(b)),
                ffi::f128_le_quiet(q(a), q(b)),
                ffi::f128_eq(q(a), q(b)),
            ),
        }
    }
}

/// The rounding mode currently set in this thread's SoftFloat state (for tests of the guard).
#[cfg(test)]
pub(super) fn current_mode() -> u8 {
    // SAFETY: a plain read of this thread's mode byte.
    unsafe { ffi::softfloat_roundingMode_read_helper() }
}
