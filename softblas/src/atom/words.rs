//! Atoms as blocks of element words: an atom read as, and made of, `n`
//! blocks of [`Word::BITS`] bits (Hoon's `cut` ripped into blocks and `rep`),
//! without an atom per block, writing in place into the new atom's limbs
//! where the target allows it.

use super::Atom;
use hw::word::Word;
use std::mem::MaybeUninit;
use std::sync::Arc;

impl Atom {
    /// The low `n` blocks of `T::BITS` bits of this atom, block 0 first
    /// (Hoon's `(cut bloq [0 n] a)` ripped into blocks, zeros past the top):
    /// one pass over the limbs, no atom per block.
    pub fn to_le_words<T: Word>(&self, n: usize) -> Vec<T> {
        let mut out = vec![T::default(); n];
        T::read(self.limbs(), &mut out);
        out
    }

    /// [`Atom::to_le_words`], borrowed from this atom where its limbs are the
    /// blocks in memory (little-endian targets, blocks of at most 64 bits or aligned, an
    /// atom of at least `n` blocks), else copied.
    pub fn le_words<T: Word>(&self, n: usize) -> std::borrow::Cow<'_, [T]> {
        match T::from_limbs(self.limbs()) {
            Some(words) if words.len() >= n => std::borrow::Cow::Borrowed(&words[..n]),
            _ => std::borrow::Cow::Owned(self.to_le_words(n)),
        }
    }

    /// The atom whose `T::BITS`-bit blocks are `words`, block 0 in the low bits
    /// (Hoon's `(rep bloq words)`, high zero blocks allowed).
    pub fn from_le_words<T: Word>(words: &[T]) -> Atom {
        // Little-endian words that fill whole, aligned limbs are the limbs.
        if cfg!(target_endian = "little") {
            if let Ok(limbs) = bytemuck::try_cast_slice::<T, u64>(words) {
                return Atom::from_limbs(limbs);
            }
        }
        Atom::from_le_words_with(words.len(), |out: &mut [T]| out.copy_from_slice(words))
    }

    /// The atom whose `n` blocks of `T::BITS` bits `fill` writes, block 0 in
    /// the low bits ([`Atom::from_le_words`] of what `fill` leaves in a zeroed
    /// `n`-block buffer). On little-endian targets the buffer is the new
    /// atom's own limbs (bloq 4–6), so the blocks are written once and never
    /// copied; elsewhere, and for `u128` blocks, they are copied in once.
    pub fn from_le_words_with<T: Word>(n: usize, fill: impl FnOnce(&mut [T])) -> Atom {
        let len = (n * T::BITS as usize).div_ceil(64);
        // One allocation: the limbs are written in place.
        let mut limbs = hw::fresh::zeroed(len);
        let dest = Arc::get_mut(&mut limbs).expect("a new Arc is unique");
        match T::from_limbs_mut(dest) {
            // The view may hold a few more blocks than `n` (the last limb's); they stay zero.
            Some(words) => fill(&mut words[..n]),
            None => {
                let mut words = vec![T::default(); n];
                fill(&mut words);
                T::write(&words, dest);
            }
        }
        Atom::normalised(limbs)
    }

    /// The atom of `n` blocks of `T::BITS` bits that `write` puts in a fresh,
    /// never-zeroed buffer ([`hw::fresh::limbs`]): `write` gets the
    /// blocks as slots and returns the values it wrote, at least every block
    /// below the top limb; the rest of the top limb is zero. A hardware loop
    /// such as [`hw::elementwise_fresh`] writes them; `None`, without
    /// calling `write`, where the blocks are not a view of the limbs
    /// ([`hw::fresh::viewable`]: `u128`, big-endian targets), for
    /// [`Atom::from_le_words_with`] instead.
    ///
    /// # Panics
    /// When `write` returns other memory than a prefix of its slots reaching
    /// the top limb.
    pub fn from_le_words_fresh<T: Word>(
        n: usize,
        write: impl for<'a> FnOnce(&'a mut [MaybeUninit<T>]) -> &'a mut [T],
    ) -> Option<Atom> {
        let limbs = hw::fresh::limbs(n, write)?;
        Some(Atom::normalised(limbs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        // Blocks straddle no limb: 0x1_0004_0003_0002_0001 as u16 blocks, a zero past the top.
        let a = Atom::from_u128(0x1_0004_0003_0002_0001);
        assert_eq!(a.to_le_words::<u16>(6), vec![1, 2, 3, 4, 1, 0]);
        assert_eq!(a.to_le_words::<u32>(3), vec![0x0002_0001, 0x0004_0003, 1]);
        assert_eq!(a.to_le_words::<u128>(2), vec![0x1_0004_0003_0002_0001, 0]);
        // Writing drops high zero blocks, as every atom does.
        assert_eq!(Atom::from_le_words::<u16>(&[1, 2, 3, 4, 1, 0, 0]), a);
        assert_eq!(
            Atom::from_le_words::<u32>(&[0x0002_0001, 0x0004_0003, 1]),
            a
        );
        assert_eq!(Atom::from_le_words::<u128>(&[0x1_0004_0003_0002_0001]), a);
        assert_eq!(Atom::from_le_words::<u64>(&[]), Atom::ZERO);
        // A u128 block with a zero high half on top: no zero limb is kept.
        let top = Atom::from_le_words::<u128>(&[u128::MAX, 1]);
        assert_eq!(top, Atom::from_limbs(&[u64::MAX, u64::MAX, 1]));
        assert_eq!(top.limbs().len(), 3);
        // u64 blocks are the limbs: borrowed when the atom has them, zero-padded when not.
        assert!(matches!(
            a.le_words::<u64>(2),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(&*a.le_words::<u64>(3), &[0x0004_0003_0002_0001, 1, 0][..]);
        assert_eq!(&*a.le_words::<u16>(2), &[1, 2][..]);
        // u16 and u32 blocks are borrowed too (the limbs in memory, little-endian).
        if cfg!(target_endian = "little") {
            assert!(matches!(
                a.le_words::<u32>(3),
                std::borrow::Cow::Borrowed(_)
            ));
        }
        // Written in place: the same atom as through a buffer.
        let built =
            Atom::from_le_words_with(5, |w: &mut [u16]| w.copy_from_slice(&[1, 2, 3, 4, 1]));
        assert_eq!(built, a);
        assert_eq!(
            Atom::from_le_words_with(3, |w: &mut [u32]| w[0] = 7),
            Atom::from_u64(7)
        );
        assert_eq!(
            Atom::from_le_words_with(2, |w: &mut [u128]| w[1] = 1),
            Atom::pow2(128)
        );
        let big = Atom::from_hex("0x1.2345.6789.abcd.ef01.2345.6789.abcd.ef01.dead").unwrap();
        for n in [0usize, 1, 5, 11, 12] {
            let w = big.to_le_words::<u16>(n);
            assert_eq!(Atom::from_le_words(&w), big.low_bits(16 * n as u64));
        }
    }

    /// Copies `src` into the slots and returns them as values, by the one safe
    /// way: writing each slot and taking back the hardware loop's view.
    fn copy_in<'a, T: Word>(out: &'a mut [MaybeUninit<T>], src: &[T]) -> &'a mut [T] {
        let zeros = vec![T::default(); src.len()];
        hw::elementwise_fresh(
            hw::Isa::Avx512,
            hw::Op::Add,
            crate::round::Round::N,
            src,
            &zeros,
            out,
        )
    }

    #[test]
    fn fresh_words_are_the_atom_of_the_words_with_the_top_limb_zero_above() {
        // binary32 `x + 0` is `x` for these (no −0, no NaN): the atom of the words.
        for n in 0usize..40 {
            let xs: Vec<u32> = (0..n as u32).map(|i| 0x3f80_0000 + i).collect();
            let want = Atom::from_le_words(&xs);
            let got = Atom::from_le_words_fresh(n, |o: &mut [MaybeUninit<u32>]| copy_in(o, &xs));
            assert_eq!(got, Some(want), "n = {n}");
            // A pin written by hand above the elements, as Lagoon's rays.
            let pinned = Atom::from_le_words_fresh(n + 1, |o: &mut [MaybeUninit<u32>]| {
                let (body, pin) = o.split_at_mut(n);
                pin[0].write(1);
                copy_in(body, &xs)
            });
            let mut with_pin = xs.clone();
            with_pin.push(1);
            assert_eq!(pinned, Some(Atom::from_le_words(&with_pin)), "n = {n}");
        }
        let hs: Vec<u16> = vec![0x3c00; 7];
        let got = Atom::from_le_words_fresh(7, |o: &mut [MaybeUninit<u16>]| copy_in(o, &hs));
        assert_eq!(got, Some(Atom::from_le_words(&hs)));
        assert!(
            Atom::from_le_words_fresh(2, |_: &mut [MaybeUninit<u128>]| -> &mut [u128] {
                unreachable!("u128 words are not a view of the limbs")
            })
            .is_none()
        );
    }

    #[test]
    #[should_panic(expected = "other memory")]
    fn a_fresh_writer_that_returns_other_memory_is_refused() {
        let other: &'static mut [u32] = Vec::leak(vec![1u32; 4]);
        let _ = Atom::from_le_words_fresh(4, |_: &mut [MaybeUninit<u32>]| other);
    }

    #[test]
    #[should_panic(expected = "other memory")]
    fn a_fresh_writer_that_stops_below_the_top_limb_is_refused() {
        let xs = [0x3f80_0000u32; 2];
        let _ =
            Atom::from_le_words_fresh(6, |o: &mut [MaybeUninit<u32>]| copy_in(&mut o[..2], &xs));
    }
}
