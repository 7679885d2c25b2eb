//! The element word: [`Word`], the bits of one IEEE value in an unsigned
//! integer of its width (`u16 u32 u64 u128` for `@rh @rs @rd @rq`), with
//! its little-endian I/O.
//!
//! Every caller of the kernel layer uses this one type: the hardware loops
//! of this crate, and in `urnum-softblas` the SoftBLAS routines, the fast
//! executor's kernels and atoms (`Atom::le_words`), Lagoon's bits path and
//! the C ABI's jet path (bytes of the caller's buffers). A word carries
//! bits and I/O only; how the loops reach the host for each width is this
//! crate's own sealed table, which `Word` requires and nothing outside can
//! implement or name.

use crate::ieee::Width;
use std::fmt::Debug;

pub use crate::shape::{Dims, Slots};

/// The bits of an IEEE binary16/32/64/128 value: `u16`, `u32`, `u64`, `u128`.
pub trait Word:
    Copy + Default + Eq + Debug + Send + Sync + 'static + bytemuck::Pod + crate::lane::Lane
{
    /// The IEEE format.
    const W: Width;
    /// The width of a value in bits (16, 32, 64, 128).
    const BITS: u32 = Self::W.bits();
    /// The width of a value in bytes.
    const BYTES: usize = Self::BITS as usize / 8;

    /// The bits in the low bits of a `u128`.
    fn bits(self) -> u128;
    /// The value whose bits are the low bits of `b`.
    fn of_bits(b: u128) -> Self;

    /// The value whose little-endian bytes are `b` (exactly [`Word::BYTES`] of them).
    #[inline(always)]
    fn load(b: &[u8]) -> Self {
        let mut v = [0u8; 16];
        v[..Self::BYTES].copy_from_slice(b);
        Self::of_bits(u128::from_le_bytes(v))
    }
    /// Writes the value's little-endian bytes to `b` (exactly [`Word::BYTES`] of them).
    #[inline(always)]
    fn store(self, b: &mut [u8]) {
        b.copy_from_slice(&self.bits().to_le_bytes()[..Self::BYTES]);
    }
    /// The value of the low [`Word::BITS`] bits of the little-endian atom `b` (any length).
    #[inline]
    fn low(b: &[u8]) -> Self {
        let mut v = [0u8; 16];
        let n = b.len().min(Self::BYTES);
        v[..n].copy_from_slice(&b[..n]);
        Self::load(&v[..Self::BYTES])
    }

    /// Fills `out` with the blocks of the little-endian `limbs`, zeros past their end.
    fn read(limbs: &[u64], out: &mut [Self]) {
        if Self::BITS == 128 {
            for (w, pair) in out.iter_mut().zip(limbs.chunks(2)) {
                let hi = pair.get(1).copied().unwrap_or(0);
                *w = Self::of_bits(u128::from(pair[0]) | u128::from(hi) << 64);
            }
            return;
        }
        let per = (64 / Self::BITS) as usize;
        for (chunk, &l) in out.chunks_mut(per).zip(limbs) {
            // Block j of a limb is its bits [j·BITS, (j+1)·BITS): `of_bits` truncates to them.
            for (j, w) in chunk.iter_mut().enumerate() {
                *w = Self::of_bits(u128::from(l >> (j as u32 * Self::BITS)));
            }
        }
    }

    /// Writes the little-endian limbs holding `words` into `limbs`, which has
    /// exactly as many limbs as they need.
    fn write(words: &[Self], limbs: &mut [u64]) {
        if Self::BITS == 128 {
            for (pair, &w) in limbs.chunks_mut(2).zip(words) {
                // Truncations keep the low and the high limb.
                pair[0] = w.bits() as u64;
                if let Some(hi) = pair.get_mut(1) {
                    *hi = (w.bits() >> 64) as u64;
                }
            }
            return;
        }
        let per = (64 / Self::BITS) as usize;
        for (l, chunk) in limbs.iter_mut().zip(words.chunks(per)) {
            *l = chunk.iter().enumerate().fold(0u64, |l, (j, w)| {
                l | (w.bits() as u64) << (j as u32 * Self::BITS)
            });
        }
    }

    /// `limbs` as blocks of this type where that is the same memory (a
    /// little-endian target and the memory suitably aligned), else `None`.
    #[inline]
    fn from_limbs(limbs: &[u64]) -> Option<&[Self]> {
        if cfg!(target_endian = "little") {
            bytemuck::try_cast_slice(limbs).ok()
        } else {
            None
        }
    }
    /// [`Word::from_limbs`], writable.
    #[inline]
    fn from_limbs_mut(limbs: &mut [u64]) -> Option<&mut [Self]> {
        if cfg!(target_endian = "little") {
            bytemuck::try_cast_slice_mut(limbs).ok()
        } else {
            None
        }
    }
}

/// The words of the four widths: their format and their bits.
macro_rules! word {
    ($($t:ty: $w:ident),*) => {$(
        impl Word for $t {
            const W: Width = Width::$w;
            #[inline(always)]
            fn bits(self) -> u128 {
                u128::from(self)
            }
            #[inline(always)]
            fn of_bits(b: u128) -> Self {
                // Truncation keeps the low bits, the word's own.
                b as $t
            }
        }
    )*};
}

word!(u16: H, u32: S, u64: D, u128: Q);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_and_limbs_round_trip_at_every_width() {
        fn check<T: Word>() {
            let limbs = [0x0807_0605_0403_0201u64, 0x100f_0e0d_0c0b_0a09];
            let mut words = vec![T::default(); 128 / T::BITS as usize];
            T::read(&limbs, &mut words);
            assert_eq!(
                words[0].bits(),
                0x100f_0e0d_0c0b_0a09_0807_0605_0403_0201 & mask::<T>()
            );
            let mut back = [0u64; 2];
            T::write(&words, &mut back);
            assert_eq!(back, limbs, "{:?}", T::W);
            let bytes: Vec<u8> = (1..=16).collect();
            assert_eq!(T::load(&bytes[..T::BYTES]), words[0]);
            let mut out = vec![0u8; T::BYTES];
            words[0].store(&mut out);
            assert_eq!(out, bytes[..T::BYTES]);
            assert_eq!(T::low(&[0xff]).bits(), 0xff);
            if let Some(view) = T::from_limbs(&limbs) {
                assert_eq!(view, &words[..]);
            }
        }
        fn mask<T: Word>() -> u128 {
            u128::MAX >> (128 - T::BITS)
        }
        check::<u16>();
        check::<u32>();
        check::<u64>();
        check::<u128>();
    }
}
