//! Threefry-2x32 with 20 rounds: the counter-based generator of Salmon,
//! Moraes, Dror and Shaw, "Parallel random numbers: as easy as 1, 2, 3"
//! (SC 2011), as the Random123 distribution defines `threefry2x32_20`; the
//! kernel of Nx's `Threefry` kind ([`crate::prog::NxBinary::Threefry`]).
//!
//! The block is two 32-bit words. Each round adds the second word into the
//! first, rotates the second left by the round's constant and xors the first
//! into it; after every fourth round one of the key schedule's words is
//! injected, the key schedule being the key's two words and their xor with
//! the Skein parity constant `0x1BD11BDA`. Counter, key and result are here
//! 64-bit words whose low half is word 0 (Nx's layout).
//!
//! Random123's known answers (`tests/kat_vectors`, the `threefry2x32` rows at
//! 13, 20 and 32 rounds) are checked by `softblas/tests/nx_kinds.rs`.

/// The left-rotation of round `i` is `ROT[i % 8]` (Random123's `R_32x2_*`).
const ROT: [u32; 8] = [13, 15, 26, 6, 17, 29, 16, 24];

/// The Skein key-schedule parity constant (32-bit form).
const PARITY: u32 = 0x1BD1_1BDA;

/// The number of rounds.
pub const ROUNDS: usize = 20;

/// Threefry-2x32-20 of the counter `ctr` under the key `key` (each a 64-bit
/// word, word 0 in the low half), as a 64-bit word of the same layout.
pub fn threefry2x32_20(key: u64, ctr: u64) -> u64 {
    let [x0, x1] = threefry2x32(ROUNDS, split(key), split(ctr));
    u64::from(x0) | u64::from(x1) << 32
}

/// The two 32-bit words of `v`, word 0 the low half.
const fn split(v: u64) -> [u32; 2] {
    [v as u32, (v >> 32) as u32]
}

/// Threefry-2x32 with `rounds` rounds of the counter words `ctr` under the key words `key`.
pub fn threefry2x32(rounds: usize, key: [u32; 2], ctr: [u32; 2]) -> [u32; 2] {
    let ks = [key[0], key[1], PARITY ^ key[0] ^ key[1]];
    let mut x = [ctr[0].wrapping_add(ks[0]), ctr[1].wrapping_add(ks[1])];
    for i in 0..rounds {
        x[0] = x[0].wrapping_add(x[1]);
        x[1] = x[1].rotate_left(ROT[i % 8]) ^ x[0];
        if i % 4 == 3 {
            // Injection s = (i + 1) / 4: key words s and s + 1 (mod 3), plus s.
            let s = (i + 1) / 4;
            x[0] = x[0].wrapping_add(ks[s % 3]);
            x[1] = x[1].wrapping_add(ks[(s + 1) % 3]).wrapping_add(s as u32);
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_pack_low_half_first() {
        // Random123's pi row at 20 rounds through the 64-bit form: word 0 is the low half.
        let key = 0x0370_7344_1319_8a2e;
        let ctr = 0x85a3_08d3_243f_6a88;
        assert_eq!(threefry2x32_20(key, ctr), 0x483d_f7a0_c492_3a9c);
        assert_eq!(threefry2x32_20(0, 0), 0x99ba_4efe_6b20_0159);
    }
}
