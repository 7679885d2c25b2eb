//! The pseudo-random step the unit tests draw their operands from.

/// The state after `s` of the 64-bit linear congruential generator of
/// Knuth's MMIX (multiplier 6364136223846793005, increment 1442695040888963407).
pub(crate) fn lcg(s: u64) -> u64 {
    s.wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407)
}
