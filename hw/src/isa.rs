//! The instruction-set levels of the hardware loops: [`Isa`], the highest
//! level a call may use, which every entry of this crate takes first.

/// An instruction-set level the hardware loops may use at most; a level the
/// CPU lacks is skipped whatever the cap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Isa {
    /// The target's baseline (SSE2 on x86_64): the portable loops only.
    Portable,
    /// The portable loops compiled for AVX2+FMA (exact corrections in SIMD).
    Fma,
    /// MXCSR rounding control around AVX2 kernels for `%n %u %d %z`; `%a` on
    /// the AVX2 loops of `ties`.
    Avx2,
    /// AVX-512F embedded rounding for `%n %u %d %z`, without AVX512-FP16's
    /// binary16 arithmetic (the level of an AVX-512 CPU that lacks it).
    Avx512F,
    /// AVX-512F, and AVX512-FP16's scalar binary16 arithmetic where the CPU
    /// has it (the binary16 folds' steps that leave their grid): the highest
    /// level, so no cap.
    #[default]
    Avx512,
}

impl Isa {
    /// Every level, lowest first.
    pub const ALL: [Isa; 5] = [
        Isa::Portable,
        Isa::Fma,
        Isa::Avx2,
        Isa::Avx512F,
        Isa::Avx512,
    ];

    /// The level named `name` (`portable`, `fma`, `avx2`, `avx512f`, `avx512`).
    pub fn of_name(name: &str) -> Option<Isa> {
        Isa::ALL.into_iter().find(|i| i.name() == name)
    }

    /// The level at most at which a fold's terms are made in mode `r` (a dot's
    /// products, read by the fold right after): AVX2 in `%n %u %d %z`, where a
    /// product is one instruction and products stored from 512-bit registers
    /// just before a scalar fold loads them cost the fold more than the wider
    /// multiplies save (Intel Xeon model 167, binary32, 10^4 elements in chunks
    /// of 256: 7.6–8.6 µs against 5.3–5.9 µs); this level in `%a`, whose
    /// products are a dozen instructions each.
    pub fn for_terms(self, r: softcore::Round) -> Isa {
        if r == softcore::Round::A {
            self
        } else {
            self.min(Isa::Avx2)
        }
    }

    /// The name of this level, as [`Isa::of_name`] reads it.
    pub const fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::Fma => "fma",
            Isa::Avx2 => "avx2",
            Isa::Avx512F => "avx512f",
            Isa::Avx512 => "avx512",
        }
    }
}
