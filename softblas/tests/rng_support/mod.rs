//! The tests' one deterministic generator: SplitMix64 (the stream of
//! `saloon::random::splitmix_next`, written out here because softblas's tests
//! cannot see saloon), so every failure reproduces from its seed. Included by
//! `hw_support` and `i754_support`.
#![allow(dead_code)]

/// SplitMix64 from a seed.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// 128 random bits.
    pub fn next128(&mut self) -> u128 {
        u128::from(self.next()) | u128::from(self.next()) << 64
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A uniform integer in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}
