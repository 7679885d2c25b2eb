//! AVX512-FP16's binary16 addition: [`Fp16::sum`], a left fold of
//! additions one `vaddsh` instruction per step, for [`super::grid`]'s steps
//! that leave their binade one after another.
//!
//! Why the bits are SoftFloat's: `vaddsh` with embedded rounding
//! (`{rn,ru,rd,rz}-sae`) is IEEE 754's binary16 addition rounded in that
//! direction, gradual underflow and overflow (±∞, or ±max in a mode that
//! points back to zero) included; AVX512-FP16 instructions ignore MXCSR's
//! flush-to-zero and denormals-are-zero. An exact zero sum is `+0` but in
//! `%d` (IEEE 754 §6.3, as SoftFloat). A NaN operand or an invalid sum
//! leaves a NaN that stays NaN through later additions, and the fold's NaN is
//! made canonical (`0x7e00`) once at the end. `%a` is no hardware direction
//! and never comes here. The exhaustive binary16 test of the fold
//! (`softblas/tests/hw_exhaustive.rs`) and the walks of [`super::grid`]'s
//! tests check it where the CPU has AVX512-FP16.
//!
//! The `unsafe` is the `asm!` of [`Fp16::sum`] and [`Fp16::dot`]: sound
//! because an [`Fp16`] exists only once [`Fp16::detect`] found the
//! instructions, and the assembly reads one `u16` of each slice per step.
#![allow(unsafe_code)]

#[cfg(all(target_arch = "x86_64", feature = "avx512"))]
use super::mode::{D, N, U, Z};
use crate::isa::Isa;

/// Proof that this CPU has AVX512-FP16 and that the loops may use the
/// AVX-512 level ([`Isa`]): made only by [`Fp16::detect`].
#[cfg(all(target_arch = "x86_64", feature = "avx512"))]
#[derive(Clone, Copy)]
pub struct Fp16(());

/// No AVX512-FP16 on this target: [`Fp16::detect`] never finds it.
#[cfg(not(all(target_arch = "x86_64", feature = "avx512")))]
#[derive(Clone, Copy)]
pub enum Fp16 {}

impl Fp16 {
    /// The proof, when the CPU has AVX512-FP16 and the level cap `cap` allows AVX-512.
    pub fn detect(cap: Isa) -> Option<Fp16> {
        #[cfg(not(all(target_arch = "x86_64", feature = "avx512")))]
        let _ = cap;
        #[cfg(all(target_arch = "x86_64", feature = "avx512"))]
        if cap >= Isa::Avx512 && std::arch::is_x86_feature_detected!("avx512fp16") {
            return Some(Fp16(()));
        }
        None
    }

    /// The left fold `acc = acc + x_i·y_i` in mode `M` (one of `%n %u %d %z`),
    /// each product (`vmulsh`) and sum rounded, a NaN result canonical.
    ///
    /// # Panics
    /// When `xs` and `ys` are not equally long.
    #[inline(always)]
    pub fn dot<const M: u8>(self, acc: u16, xs: &[u16], ys: &[u16]) -> u16 {
        assert_eq!(xs.len(), ys.len(), "Fp16::dot: operand lengths differ");
        self.fold::<M, true>(acc, xs, ys)
    }

    /// The left fold `((acc + xs_0) + xs_1) + …` by binary16 addition in
    /// mode `M` (one of `%n %u %d %z`), a NaN result canonical.
    #[inline(always)]
    pub fn sum<const M: u8>(self, acc: u16, xs: &[u16]) -> u16 {
        self.fold::<M, false>(acc, xs, xs)
    }

    /// [`Fp16::dot`] when `PROD`, else [`Fp16::sum`] of `xs` (`ys` unread).
    #[inline(always)]
    fn fold<const M: u8, const PROD: bool>(self, acc: u16, xs: &[u16], ys: &[u16]) -> u16 {
        #[cfg(all(target_arch = "x86_64", feature = "avx512"))]
        {
            use std::arch::asm;
            // One step in the mode's direction: the addend (or the factors'
            // product) into `t`, then added into `a`.
            macro_rules! step {
                ($a:ident, $x:expr, $y:expr, $rounding:literal) => {
                    // SAFETY: `self` proves AVX512-FP16 (`vmovw`, `vmulsh`,
                    // `vaddsh`); `$x` and `$y` are references to one `u16` each,
                    // the only memory read; no stack use.
                    unsafe {
                        if PROD {
                            asm!(
                                "vmovw {t}, word ptr [{x}]",
                                "vmovw {u}, word ptr [{y}]",
                                concat!("vmulsh {t}, {t}, {u}, {{", $rounding, "}}"),
                                concat!("vaddsh {a}, {a}, {t}, {{", $rounding, "}}"),
                                a = inout(xmm_reg) $a,
                                t = out(xmm_reg) _,
                                u = out(xmm_reg) _,
                                x = in(reg) $x,
                                y = in(reg) $y,
                                options(pure, readonly, nostack, preserves_flags),
                            )
                        } else {
                            asm!(
                                "vmovw {t}, word ptr [{x}]",
                                concat!("vaddsh {a}, {a}, {t}, {{", $rounding, "}}"),
                                a = inout(xmm_reg) $a,
                                t = out(xmm_reg) _,
                                x = in(reg) $x,
                                options(pure, readonly, nostack, preserves_flags),
                            )
                        }
                    }
                };
            }
            let _ = self;
            // The accumulator's bits ride in the low half of an `f32`'s register.
            let mut a = f32::from_bits(u32::from(acc));
            for (x, y) in xs.iter().zip(ys) {
                match M {
                    N => step!(a, x, y, "rn-sae"),
                    U => step!(a, x, y, "ru-sae"),
                    D => step!(a, x, y, "rd-sae"),
                    Z => step!(a, x, y, "rz-sae"),
                    _ => unreachable!("%a has no hardware direction"),
                }
            }
            canonical(a.to_bits() as u16)
        }
        #[cfg(not(all(target_arch = "x86_64", feature = "avx512")))]
        {
            let _ = (acc, xs, ys);
            match self {}
        }
    }
}

/// `h`, or the canonical NaN when `h` is a NaN.
#[cfg(all(target_arch = "x86_64", feature = "avx512"))]
fn canonical(h: u16) -> u16 {
    if h & 0x7fff > 0x7c00 {
        0x7e00
    } else {
        h
    }
}

#[cfg(all(test, target_arch = "x86_64", feature = "avx512"))]
mod tests {
    use super::super::lanes::bin16;
    use super::super::op::ADD;
    use super::*;

    /// `Fp16::sum` of one addend against the loops' binary16 sum, for every
    /// accumulator and the addends `pick` chooses, in mode `M`.
    fn against_the_loops<const M: u8>(fp: Fp16, pick: impl Fn(u16) -> Vec<u16>) {
        for acc in 0..=u16::MAX {
            for x in pick(acc) {
                let want = bin16::<ADD, M>(acc, x);
                assert_eq!(fp.sum::<M>(acc, &[x]), want, "mode {M} {acc:04x} + {x:04x}");
            }
        }
    }

    #[test]
    fn one_step_equals_the_loops_on_samples() {
        let Some(fp) = Fp16::detect(Isa::Avx512) else {
            eprintln!("no AVX512-FP16 here: nothing to check");
            return;
        };
        // Per accumulator, 64 addends spread over every exponent and sign.
        let pick = |acc: u16| -> Vec<u16> {
            (0..64u16)
                .map(|j| {
                    (acc.wrapping_mul(40503) ^ j.wrapping_mul(0x9e37)).rotate_left(u32::from(j))
                })
                .collect()
        };
        against_the_loops::<N>(fp, pick);
        against_the_loops::<U>(fp, pick);
        against_the_loops::<D>(fp, pick);
        against_the_loops::<Z>(fp, pick);
    }

    #[test]
    fn one_dot_step_equals_the_loops_product_then_sum() {
        use super::super::op::MUL;
        let Some(fp) = Fp16::detect(Isa::Avx512) else {
            eprintln!("no AVX512-FP16 here: nothing to check");
            return;
        };
        fn check<const M: u8>(fp: Fp16) {
            for acc in (0..=u16::MAX).step_by(7) {
                for j in 0..24u16 {
                    let x = acc.rotate_left(u32::from(j)) ^ j.wrapping_mul(0x9e37);
                    let y = x.wrapping_mul(40503).rotate_right(3);
                    let want = bin16::<ADD, M>(acc, bin16::<MUL, M>(x, y));
                    assert_eq!(
                        fp.dot::<M>(acc, &[x], &[y]),
                        want,
                        "mode {M} {acc:04x} + {x:04x}·{y:04x}"
                    );
                }
            }
        }
        check::<N>(fp);
        check::<U>(fp);
        check::<D>(fp);
        check::<Z>(fp);
    }

    #[test]
    #[ignore = "every binary16 pair in four modes (about a minute); run with --ignored where the CPU has AVX512-FP16"]
    fn one_step_equals_the_loops_on_every_pair() {
        let Some(fp) = Fp16::detect(Isa::Avx512) else {
            panic!("no AVX512-FP16 on this CPU");
        };
        let every = |_| (0..=u16::MAX).collect::<Vec<_>>();
        against_the_loops::<N>(fp, every);
        against_the_loops::<U>(fp, every);
        against_the_loops::<D>(fp, every);
        against_the_loops::<Z>(fp, every);
    }
}
