//! The tools' one pseudo-random stream: SplitMix64 (Steele, Lea and Flood
//! 2014) as Saloon's Hoon defines it ([`saloon::random::splitmix_next`],
//! `+next:split-mix`), so a seed names the same cases on every machine and
//! release. `gen-hoon`, `accuracy` and `bench` draw from it.

/// A SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (out, next) = saloon::random::splitmix_next(self.state);
        self.state = next;
        out
    }

    /// A value in `0..n` (`n > 0`; modulo bias is irrelevant here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// `bits` random bits (up to 128).
    pub fn bits(&mut self, bits: u32) -> u128 {
        let v = (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64());
        if bits >= 128 {
            v
        } else {
            v & ((1u128 << bits) - 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_stream() {
        // The published SplitMix64 outputs for seed 1234567.
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(r.next_u64(), 9_817_491_932_198_370_423);
    }
}
