//! The per-width table of the loops: [`Lane`], each host width's
//! per-element functions of [`lanes`] and its hooks into the kernels that
//! round in hardware.

use super::lanes;
#[cfg(target_arch = "x86_64")]
use super::mode::A;
use crate::isa::Isa;
use crate::shape::{Dims, Slots, Split};

/// A width's table into the loops: its per-element functions of [`lanes`]
/// and its hooks into the kernels that round in hardware. Every [`Word`](crate::Word)
/// has one; `u128` keeps the defaults (no host format: every element is
/// SoftFloat's). Public only in name: this module is private, so nothing
/// outside the crate can name or implement it, which seals [`Word`](crate::Word).
pub trait Lane: Sized + Copy {
    /// Whether the host decides every element of the hardware loops (no
    /// SoftFloat fallback): binary16 and binary32.
    const EXACT: bool = false;

    /// The host's result of one element of `OP` in mode `M` and whether the
    /// host cannot decide it.
    #[inline(always)]
    fn bin<const OP: u8, const M: u8>(a: Self, b: Self) -> (Self, bool) {
        Self::binf::<OP, M, { super::lanes::BASE_FMA }>(a, b)
    }
    /// The host's square root of one element in mode `M` and whether the
    /// host cannot decide it.
    #[inline(always)]
    fn sqt<const M: u8>(a: Self) -> (Self, bool) {
        Self::sqtf::<M, { super::lanes::BASE_FMA }>(a)
    }
    /// The host's result of one element and whether the host cannot decide
    /// it; `F` says whether `mul_add` is an instruction here.
    #[inline(always)]
    fn binf<const OP: u8, const M: u8, const F: bool>(a: Self, _b: Self) -> (Self, bool) {
        (a, true)
    }
    #[inline(always)]
    fn sqtf<const M: u8, const F: bool>(a: Self) -> (Self, bool) {
        (a, true)
    }
    /// `out = a op b` by a kernel that rounds in hardware, under `cap`; `false`: none served.
    fn accel_bin<const OP: u8, const M: u8>(
        _: Isa,
        _: &[Self],
        _: &[Self],
        _: &mut Slots<Self>,
    ) -> bool {
        false
    }
    /// `out = √a` by a kernel that rounds in hardware, under `cap`; `false`: none served.
    fn accel_sqt<const M: u8>(_: Isa, _: &[Self], _: &mut [Self]) -> bool {
        false
    }
    /// The fold of `rest` from `seed` by a kernel that rounds in hardware, under `cap`; `None`: none served.
    fn accel_fold<const OP: u8, const M: u8>(_: Isa, _: bool, _: Self, _: &[Self]) -> Option<Self> {
        None
    }
    /// The complex `c += a·b` (real and imaginary parts apart, SoftBLAS's
    /// product) by a kernel that rounds in hardware, under `cap`; `false`: none served.
    fn accel_ccontract<const M: u8>(_: Isa, _: Dims, _: Split<'_, Self>) -> bool {
        false
    }
    /// `c = a·b` in `+mmul`'s order by a kernel that rounds in hardware, under `cap`; `false`: none served.
    fn accel_contract<const M: u8>(
        _: Isa,
        _: Dims,
        _: &[Self],
        _: &[Self],
        _: &mut [Self],
    ) -> bool {
        false
    }
}

/// binary128: no host format; every hook keeps its default.
impl Lane for u128 {}

/// The hooks of a lane type into the kernels that round in hardware (x86_64
/// only), each under the level cap it is given: AVX-512 embedded rounding
/// where the CPU has it, else the MXCSR kernels of AVX2 ([`super::mxcsr`]);
/// `%a`, which no hardware direction is, on the AVX2 loops of
/// [`super::ties`]; `false`/`None`: the portable loop.
macro_rules! accel {
    ($bin:ident, $sqrt:ident, $fold:ident, $contract:ident $(, $away:path)?) => {
        #[cfg(target_arch = "x86_64")]
        #[inline(always)]
        fn accel_bin<const OP: u8, const M: u8>(
            cap: Isa,
            a: &[Self],
            b: &[Self],
            out: &mut Slots<Self>,
        ) -> bool {
            if M == A {
                $(
                    #[cfg(feature = "avx512")]
                    if cap >= Isa::Avx512F && $away(a, b, out) {
                        return true;
                    }
                )?
                return cap >= Isa::Avx2 && super::ties::$bin::<OP>(a, b, out);
            }
            #[cfg(feature = "avx512")]
            if cap >= Isa::Avx512F && super::avx512::$bin::<OP, M>(a, b, out) {
                return true;
            }
            cap >= Isa::Avx2 && super::mxcsr::$bin::<OP, M>(a, b, out)
        }
        #[cfg(target_arch = "x86_64")]
        #[inline(always)]
        fn accel_sqt<const M: u8>(cap: Isa, a: &[Self], out: &mut [Self]) -> bool {
            #[cfg(feature = "avx512")]
            if cap >= Isa::Avx512F && super::avx512::$sqrt::<M>(a, out) {
                return true;
            }
            cap >= Isa::Avx2 && super::mxcsr::$sqrt::<M>(a, out)
        }
        #[cfg(target_arch = "x86_64")]
        #[inline(always)]
        fn accel_fold<const OP: u8, const M: u8>(
            cap: Isa,
            right: bool,
            seed: Self,
            rest: &[Self],
        ) -> Option<Self> {
            #[cfg(feature = "avx512")]
            if cap >= Isa::Avx512F {
                if let Some(v) = super::avx512::$fold::<OP, M>(right, seed, rest) {
                    return Some(v);
                }
            }
            if cap >= Isa::Avx2 {
                return super::mxcsr::$fold::<OP, M>(right, seed, rest);
            }
            None
        }
        #[cfg(target_arch = "x86_64")]
        #[inline(always)]
        fn accel_contract<const M: u8>(
            cap: Isa,
            dims: Dims,
            a: &[Self],
            b: &[Self],
            c: &mut [Self],
        ) -> bool {
            if M == A {
                return cap >= Isa::Avx2 && super::ties::$contract(dims, a, b, c);
            }
            #[cfg(feature = "avx512")]
            if cap >= Isa::Avx512F && super::avx512::$contract::<M>(dims, a, b, c) {
                return true;
            }
            cap >= Isa::Avx2 && super::mxcsr::$contract::<M>(dims, a, b, c)
        }
    };
}

/// The [`Lane`] of one host format: its hardware hooks (`accel!`) and its
/// per-element functions of [`lanes`]: `exact` ones decide every element
/// (binary16/32), `checked` ones say when the host cannot (binary64, which
/// passes `F` on).
macro_rules! lane {
    ($t:ty, [$bin:ident, $sqrt:ident, $fold:ident, $contract:ident $(, $cc:ident)? $(; $away:path)?], $kind:ident: $lb:ident, $ls:ident) => {
        impl Lane for $t {
            accel!($bin, $sqrt, $fold, $contract $(, $away)?);
            $(
                #[cfg(target_arch = "x86_64")]
                #[inline(always)]
                fn accel_ccontract<const M: u8>(cap: Isa, dims: Dims, ops: Split<'_, Self>) -> bool {
                    cap >= Isa::Avx2 && super::mxcsr::$cc::<M>(dims, ops)
                }
            )?
            const EXACT: bool = lane!(@exact $kind);
            #[inline(always)]
            fn binf<const OP: u8, const M: u8, const F: bool>(a: Self, b: Self) -> (Self, bool) {
                lane!(@call $kind, lanes::$lb::<OP, M>, lanes::$lb::<OP, M, F>, (a, b))
            }
            #[inline(always)]
            fn sqtf<const M: u8, const F: bool>(a: Self) -> (Self, bool) {
                lane!(@call $kind, lanes::$ls::<M>, lanes::$ls::<M, F>, (a))
            }
        }
    };
    (@exact exact) => { true };
    (@exact checked) => { false };
    (@call exact, $exact:expr, $checked:expr, ($($arg:ident),*)) => { ($exact($($arg),*), false) };
    (@call checked, $exact:expr, $checked:expr, ($($arg:ident),*)) => { $checked($($arg),*) };
}

lane!(u16, [bin16, sqrt16, fold16, contract16], exact: bin16, sqt16);
lane!(u32, [bin32, sqrt32, fold32, contract32, ccontract32], exact: bin32, sqt32);
lane!(u64, [bin64, sqrt64, fold64, contract64, ccontract64; super::avx512::away64::<OP>], checked: bin64, sqt64);
