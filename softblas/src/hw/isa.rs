//! The instruction-set level the loops may use: [`Isa`], capped by
//! `URNUM_HW_ISA` or, on one thread, by [`with_isa_cap`]. Every level gives
//! the same bits; the cap exists to exercise each copy of the loops on one
//! machine and to measure them. The kernels of each level ask [`isa_allows`]
//! before they detect the CPU's features.

/// An instruction-set level the loops may use at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Isa {
    /// The target's baseline (SSE2 on x86_64): the portable loops only.
    Portable,
    /// The portable loops compiled for AVX2+FMA (exact corrections in SIMD).
    Fma,
    /// MXCSR rounding control around AVX2 kernels for `%n %u %d %z`
    /// (`hw::mxcsr`); `%a` on the AVX2+FMA loops.
    Avx2,
    /// AVX-512F embedded rounding for `%n %u %d %z`.
    Avx512,
}

/// The highest level the loops may use: on this thread inside [`with_isa_cap`],
/// else `URNUM_HW_ISA` (`portable`, `fma`, `avx2`, `avx512`), read once; by default the
/// best the CPU has. Tests use it to exercise every copy of the loops on one
/// machine; every level gives the same bits.
pub fn isa_cap() -> Isa {
    static CAP: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
    THREAD_CAP.with(|c| c.get()).unwrap_or_else(|| {
        *CAP.get_or_init(|| match std::env::var("URNUM_HW_ISA").as_deref() {
            Ok("portable") => Isa::Portable,
            Ok("fma") => Isa::Fma,
            Ok("avx2") => Isa::Avx2,
            _ => Isa::Avx512,
        })
    })
}

thread_local! {
    static THREAD_CAP: std::cell::Cell<Option<Isa>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with the loops on this thread limited to `cap` (restored afterwards).
pub fn with_isa_cap<R>(cap: Isa, f: impl FnOnce() -> R) -> R {
    let before = THREAD_CAP.with(|c| c.replace(Some(cap)));
    let out = f();
    THREAD_CAP.with(|c| c.set(before));
    out
}

/// Whether [`isa_cap`] allows `level`.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub fn isa_allows(level: Isa) -> bool {
    isa_cap() >= level
}
