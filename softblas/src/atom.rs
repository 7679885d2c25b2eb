//! Atoms: unsigned integers of any size, the values of Hoon's `@`.
//!
//! An [`Atom`] is what Hoon calls an atom and what Nock calls a natural number.
//! Values below 2^64 are held inline ("direct", as vere's `c3_d` direct atoms);
//! larger values hold their little-endian 64-bit limbs on the heap with no
//! high zero limb, so equal values always have equal representations and the
//! derived `Eq`/`Hash` are value equality.
//!
//! The bit operations are the ones Hoon's stdlib defines over atoms and that
//! Lagoon's data layout uses: `met` (length in blocks), `cut` (extract blocks),
//! `sew`-style block replacement, `rip` (split into blocks) and shifts. They live
//! in `softblas` (not `hoon`) because rays, the element kinds and the noun layer
//! all need them; the `hoon` crate re-exports this type as `hoon::Atom`.

use crate::word::Word;
use num_bigint::BigUint;
use std::cmp::Ordering;
use std::fmt;
use std::mem::MaybeUninit;
use std::sync::Arc;

/// An unsigned integer of any size: Hoon's `@`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Atom(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// A value below 2^64.
    Direct(u64),
    /// Little-endian limbs of a value at or above 2^64; the last limb is non-zero.
    Indirect(Arc<[u64]>),
}

impl Default for Atom {
    fn default() -> Self {
        Atom::ZERO
    }
}

impl Atom {
    /// The atom 0 (Hoon's `~` and `%.y`).
    pub const ZERO: Atom = Atom(Repr::Direct(0));
    /// The atom 1 (Hoon's `%.n`).
    pub const ONE: Atom = Atom(Repr::Direct(1));

    /// The atom whose value is `v`.
    pub const fn from_u64(v: u64) -> Atom {
        Atom(Repr::Direct(v))
    }

    /// The atom whose value is `v`.
    pub fn from_u128(v: u128) -> Atom {
        Atom::from_limbs(&[v as u64, (v >> 64) as u64])
    }

    /// The atom whose little-endian 64-bit limbs are `limbs` (high zero limbs allowed).
    pub fn from_limbs(limbs: &[u64]) -> Atom {
        let mut n = limbs.len();
        while n > 0 && limbs[n - 1] == 0 {
            n -= 1;
        }
        match n {
            0 => Atom::ZERO,
            1 => Atom(Repr::Direct(limbs[0])),
            _ => Atom(Repr::Indirect(Arc::from(&limbs[..n]))),
        }
    }

    /// The atom whose little-endian bytes are `bytes` (high zero bytes allowed).
    pub fn from_le_bytes(bytes: &[u8]) -> Atom {
        let limbs: Vec<u64> = bytes
            .chunks(8)
            .map(|c| {
                let mut w = [0u8; 8];
                w[..c.len()].copy_from_slice(c);
                u64::from_le_bytes(w)
            })
            .collect();
        Atom::from_limbs(&limbs)
    }

    /// The atom with the value of a `num-bigint` unsigned integer.
    pub fn from_biguint(v: &BigUint) -> Atom {
        Atom::from_limbs(&v.to_u64_digits())
    }

    /// This atom as a `num-bigint` unsigned integer.
    pub fn to_biguint(&self) -> BigUint {
        BigUint::from_slice(
            &self
                .limbs()
                .iter()
                .flat_map(|l| [*l as u32, (*l >> 32) as u32])
                .collect::<Vec<u32>>(),
        )
    }

    /// The little-endian 64-bit limbs of this atom, without high zero limbs (empty for 0).
    pub fn limbs(&self) -> &[u64] {
        match &self.0 {
            Repr::Direct(0) => &[],
            Repr::Direct(v) => std::slice::from_ref(v),
            Repr::Indirect(l) => l,
        }
    }

    /// The little-endian bytes of this atom, without high zero bytes (empty for 0).
    pub fn to_le_bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.limbs().iter().flat_map(|l| l.to_le_bytes()).collect();
        while out.last() == Some(&0) {
            out.pop();
        }
        out
    }

    /// The value of this atom if it is below 2^64.
    pub fn as_u64(&self) -> Option<u64> {
        match self.0 {
            Repr::Direct(v) => Some(v),
            Repr::Indirect(_) => None,
        }
    }

    /// The value of this atom if it is below 2^128.
    pub fn as_u128(&self) -> Option<u128> {
        match self.limbs() {
            [] => Some(0),
            [a] => Some(*a as u128),
            [a, b] => Some(*a as u128 | (*b as u128) << 64),
            _ => None,
        }
    }

    /// The value of this atom if it fits a `usize`.
    pub fn as_usize(&self) -> Option<usize> {
        self.as_u64().and_then(|v| usize::try_from(v).ok())
    }

    /// The low 128 bits of this atom (the atom mod 2^128).
    pub fn low_u128(&self) -> u128 {
        let l = self.limbs();
        let a = l.first().copied().unwrap_or(0) as u128;
        let b = l.get(1).copied().unwrap_or(0) as u128;
        a | b << 64
    }

    /// Whether this atom is 0.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Direct(0))
    }

    /// The number of bits of this atom: Hoon's `(met 0 a)`, 0 for 0.
    pub fn bit_len(&self) -> u64 {
        let l = self.limbs();
        match l.last() {
            None => 0,
            Some(top) => (l.len() as u64 - 1) * 64 + (64 - top.leading_zeros() as u64),
        }
    }

    /// The number of `2^bloq`-bit blocks needed to hold this atom: Hoon's `(met bloq a)`.
    pub fn met(&self, bloq: u32) -> u64 {
        let bits = self.bit_len();
        if bloq >= 64 {
            return u64::from(bits != 0);
        }
        let w = 1u64 << bloq;
        bits.div_ceil(w)
    }

    /// Bit `i` of this atom (bit 0 is the least significant).
    pub fn bit(&self, i: u64) -> bool {
        let l = self.limbs();
        let (q, r) = ((i / 64) as usize, i % 64);
        q < l.len() && (l[q] >> r) & 1 == 1
    }

    /// The `len` bits of this atom starting at bit `start`: `(cut 0 [start len] a)`.
    pub fn bits(&self, start: u64, len: u64) -> Atom {
        let l = self.limbs();
        let total = l.len() as u64 * 64;
        if start >= total || len == 0 {
            return Atom::ZERO;
        }
        let len = len.min(total - start);
        let nlimbs = len.div_ceil(64) as usize;
        let (q, r) = ((start / 64) as usize, (start % 64) as u32);
        let mut out = vec![0u64; nlimbs];
        for (k, o) in out.iter_mut().enumerate() {
            let lo = l.get(q + k).copied().unwrap_or(0);
            let hi = l.get(q + k + 1).copied().unwrap_or(0);
            *o = if r == 0 { lo } else { lo >> r | hi << (64 - r) };
        }
        let rem = len % 64;
        if rem != 0 {
            out[nlimbs - 1] &= (1u64 << rem) - 1;
        }
        Atom::from_limbs(&out)
    }

    /// The `len` blocks of `2^bloq` bits starting at block `start`: Hoon's `(cut bloq [start len] a)`.
    ///
    /// Returns `None` when the bit positions do not fit in 64 bits.
    pub fn cut(&self, bloq: u32, start: u64, len: u64) -> Option<Atom> {
        let w = 1u64.checked_shl(bloq)?;
        Some(self.bits(start.checked_mul(w)?, len.checked_mul(w)?))
    }

    /// The `len` bits starting at bit `start`, as a `u128` (`len` at most 128).
    pub fn bits_u128(&self, start: u64, len: u32) -> u128 {
        debug_assert!(len <= 128);
        let l = self.limbs();
        let (q, r) = ((start / 64) as usize, (start % 64) as u32);
        let g = |k: usize| l.get(k).copied().unwrap_or(0) as u128;
        let mut v = g(q) | g(q + 1) << 64;
        if r != 0 {
            v = v >> r | g(q + 2) << (128 - r);
        }
        if len < 128 {
            v &= (1u128 << len) - 1;
        }
        v
    }

    /// This atom with bits `[start, start+len)` replaced by the low `len` bits of `v`.
    pub fn with_bits(&self, start: u64, len: u64, v: &Atom) -> Atom {
        let keep_low = self.bits(0, start);
        let high = self.shr(start.saturating_add(len));
        let mid = v.bits(0, len);
        keep_low.or(&mid.shl(start)).or(&high.shl(start + len))
    }

    /// This atom shifted left by `n` bits: `(lsh 0 n a)`.
    pub fn shl(&self, n: u64) -> Atom {
        if self.is_zero() {
            return Atom::ZERO;
        }
        let l = self.limbs();
        let (q, r) = ((n / 64) as usize, (n % 64) as u32);
        let mut out = vec![0u64; q + l.len() + 1];
        for (k, &x) in l.iter().enumerate() {
            out[q + k] |= x << r;
            if r != 0 {
                out[q + k + 1] |= x >> (64 - r);
            }
        }
        Atom::from_limbs(&out)
    }

    /// This atom shifted right by `n` bits: `(rsh 0 n a)`.
    pub fn shr(&self, n: u64) -> Atom {
        let bl = self.bit_len();
        if n >= bl {
            return Atom::ZERO;
        }
        self.bits(n, bl - n)
    }

    /// 2^n.
    pub fn pow2(n: u64) -> Atom {
        Atom::ONE.shl(n)
    }

    fn zip(&self, other: &Atom, f: impl Fn(u64, u64) -> u64) -> Atom {
        let (a, b) = (self.limbs(), other.limbs());
        let n = a.len().max(b.len());
        let out: Vec<u64> = (0..n)
            .map(|k| {
                f(
                    a.get(k).copied().unwrap_or(0),
                    b.get(k).copied().unwrap_or(0),
                )
            })
            .collect();
        Atom::from_limbs(&out)
    }

    /// Bitwise or: Hoon's `con`.
    pub fn or(&self, other: &Atom) -> Atom {
        self.zip(other, |x, y| x | y)
    }

    /// Bitwise and: Hoon's `dis`.
    pub fn and(&self, other: &Atom) -> Atom {
        self.zip(other, |x, y| x & y)
    }

    /// Bitwise exclusive or: Hoon's `mix`.
    pub fn xor(&self, other: &Atom) -> Atom {
        self.zip(other, |x, y| x ^ y)
    }

    /// The sum of two atoms.
    pub fn add(&self, other: &Atom) -> Atom {
        if let (Some(a), Some(b)) = (self.as_u64(), other.as_u64()) {
            return Atom::from_u128(a as u128 + b as u128);
        }
        Atom::from_biguint(&(self.to_biguint() + other.to_biguint()))
    }

    /// The difference `self - other`, or `None` when it would be negative (Hoon's `sub` crashes).
    pub fn checked_sub(&self, other: &Atom) -> Option<Atom> {
        if self < other {
            return None;
        }
        if let (Some(a), Some(b)) = (self.as_u64(), other.as_u64()) {
            return Some(Atom::from_u64(a - b));
        }
        Some(Atom::from_biguint(
            &(self.to_biguint() - other.to_biguint()),
        ))
    }

    /// The product of two atoms.
    pub fn mul(&self, other: &Atom) -> Atom {
        if let (Some(a), Some(b)) = (self.as_u64(), other.as_u64()) {
            return Atom::from_u128(a as u128 * b as u128);
        }
        Atom::from_biguint(&(self.to_biguint() * other.to_biguint()))
    }

    /// Quotient and remainder, or `None` when `other` is 0 (Hoon's `div` and `mod` crash).
    pub fn div_rem(&self, other: &Atom) -> Option<(Atom, Atom)> {
        if other.is_zero() {
            return None;
        }
        if let (Some(a), Some(b)) = (self.as_u64(), other.as_u64()) {
            return Some((Atom::from_u64(a / b), Atom::from_u64(a % b)));
        }
        let (a, b) = (self.to_biguint(), other.to_biguint());
        Some((Atom::from_biguint(&(&a / &b)), Atom::from_biguint(&(a % b))))
    }

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
        let mut limbs: Arc<[u64]> = std::iter::repeat_n(0u64, len).collect();
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
    /// never-zeroed buffer ([`crate::hw::fresh::limbs`]): `write` gets the
    /// blocks as slots and returns the values it wrote, at least every block
    /// below the top limb; the rest of the top limb is zero. A hardware loop
    /// such as [`crate::hw::elementwise_fresh`] writes them; `None`, without
    /// calling `write`, where the blocks are not a view of the limbs
    /// ([`crate::hw::fresh::viewable`]: `u128`, big-endian targets), for
    /// [`Atom::from_le_words_with`] instead.
    ///
    /// # Panics
    /// When `write` returns other memory than a prefix of its slots reaching
    /// the top limb.
    pub fn from_le_words_fresh<T: Word>(
        n: usize,
        write: impl for<'a> FnOnce(&'a mut [MaybeUninit<T>]) -> &'a mut [T],
    ) -> Option<Atom> {
        let limbs = crate::hw::fresh::limbs(n, write)?;
        Some(Atom::normalised(limbs))
    }

    /// The atom of `limbs`, kept as they are when the top limb is not zero.
    fn normalised(limbs: Arc<[u64]>) -> Atom {
        match limbs.last() {
            Some(&top) if top != 0 && limbs.len() > 1 => Atom(Repr::Indirect(limbs)),
            // High zero limbs, or one limb at most: normalise.
            _ => Atom::from_limbs(&limbs),
        }
    }

    /// This atom modulo 2^bits (its low `bits` bits): Hoon's `(end 0 bits a)`.
    pub fn low_bits(&self, bits: u64) -> Atom {
        self.bits(0, bits)
    }

    /// The atom's digits in `radix` (lower case, most significant first)
    /// split into `.`-separated groups of `group` from the right, as Hoon's
    /// `++ox-co` groups them: `1.000` (`@ud`, 10 and 3), `1.3f80.0000`
    /// (`@ux` without its `0x`, 16 and 4); `0` for zero.
    ///
    /// ```
    /// use softblas::Atom;
    ///
    /// assert_eq!(Atom::from(1_000_000u64).to_dotted(10, 3), "1.000.000");
    /// assert_eq!(Atom::from(0x1_3f80_0000u64).to_dotted(16, 4), "1.3f80.0000");
    /// assert_eq!(Atom::ZERO.to_dotted(10, 3), "0");
    /// ```
    pub fn to_dotted(&self, radix: u32, group: usize) -> String {
        let digits = self.to_biguint().to_str_radix(radix);
        let b = digits.as_bytes();
        let group = group.max(1);
        let mut out = String::with_capacity(b.len() + b.len() / group);
        let head = match b.len() % group {
            0 => group,
            r => r,
        };
        for (i, c) in b.iter().enumerate() {
            if i >= head && (i - head) % group == 0 {
                out.push('.');
            }
            out.push(char::from(*c));
        }
        out
    }

    /// The atom written in lower-case hexadecimal with a `0x` prefix and no grouping.
    pub fn to_hex(&self) -> String {
        let l = self.limbs();
        match l.split_last() {
            None => "0x0".to_string(),
            Some((top, rest)) => {
                let mut s = format!("0x{top:x}");
                for limb in rest.iter().rev() {
                    s.push_str(&format!("{limb:016x}"));
                }
                s
            }
        }
    }

    /// The atom written as `0x…` hex (case-insensitive, `.` or `_` separators allowed).
    ///
    /// Returns `None` unless the text is `0x` followed by at least one hex digit.
    pub fn from_hex(text: &str) -> Option<Atom> {
        let digits = text
            .strip_prefix("0x")
            .or_else(|| text.strip_prefix("0X"))?;
        let digits: Vec<u8> = digits
            .bytes()
            .filter(|c| *c != b'.' && *c != b'_')
            .map(|c| (c as char).to_digit(16).map(|d| d as u8))
            .collect::<Option<_>>()?;
        if digits.is_empty() {
            return None;
        }
        let mut limbs = vec![0u64; digits.len().div_ceil(16)];
        for (i, d) in digits.iter().rev().enumerate() {
            limbs[i / 16] |= (*d as u64) << (4 * (i % 16));
        }
        Some(Atom::from_limbs(&limbs))
    }
}

impl Ord for Atom {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.limbs(), other.limbs());
        a.len()
            .cmp(&b.len())
            .then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }
}

impl PartialOrd for Atom {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<u64> for Atom {
    fn from(v: u64) -> Atom {
        Atom::from_u64(v)
    }
}

impl From<u32> for Atom {
    fn from(v: u32) -> Atom {
        Atom::from_u64(v.into())
    }
}

impl From<u16> for Atom {
    fn from(v: u16) -> Atom {
        Atom::from_u64(v.into())
    }
}

impl From<u128> for Atom {
    fn from(v: u128) -> Atom {
        Atom::from_u128(v)
    }
}

impl From<usize> for Atom {
    fn from(v: usize) -> Atom {
        Atom::from_u64(v as u64)
    }
}

impl fmt::Debug for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_high_zero_limbs() {
        // Equality is value equality: a wide zero-padded atom equals the direct one.
        assert_eq!(Atom::from_limbs(&[5, 0, 0]), Atom::from_u64(5));
        assert_eq!(Atom::from_le_bytes(&[0, 0]), Atom::ZERO);
        assert_eq!(Atom::from_u128(1 << 64).limbs(), &[0, 1]);
    }

    #[test]
    fn met_and_cut_match_hoon() {
        // iota [~[8] 3 %uint ~] = 0x1.0706.0504.0302.0100 (lagoon-indexing)
        let a = Atom::from_hex("0x1.0706.0504.0302.0100").unwrap();
        assert_eq!(a.met(3), 9);
        assert_eq!(a.cut(3, 7, 1).unwrap(), Atom::from_u64(7));
        assert_eq!(a.cut(3, 8, 1).unwrap(), Atom::ONE);
        assert_eq!(Atom::ZERO.met(3), 0);
        assert_eq!(Atom::from_u64(0x100).met(3), 2);
    }

    #[test]
    fn shifts_and_replacement() {
        let a = Atom::ONE.shl(200);
        assert_eq!(a.bit_len(), 201);
        assert_eq!(a.shr(200), Atom::ONE);
        let b = a.with_bits(64, 8, &Atom::from_u64(0x1ff));
        assert_eq!(b.bits(64, 8), Atom::from_u64(0xff));
        assert_eq!(b.bits(72, 1), Atom::ZERO);
        assert_eq!(b.bits_u128(60, 16), 0xff0);
    }

    #[test]
    fn hex_round_trip() {
        let a = Atom::from_hex("0x1.3f80.0000.0000.0000.0000.0000.3f80.0000").unwrap();
        assert_eq!(a.to_hex(), "0x13f80000000000000000000003f800000");
        assert_eq!(Atom::from_hex(&a.to_hex()).unwrap(), a);
        assert_eq!(Atom::from_hex("0x"), None);
    }

    #[test]
    fn arithmetic() {
        let big = Atom::pow2(130);
        assert_eq!(big.checked_sub(&Atom::ONE).unwrap().bit_len(), 130);
        assert_eq!(Atom::ONE.checked_sub(&big), None);
        let (q, r) = big
            .add(&Atom::from_u64(7))
            .div_rem(&Atom::pow2(65))
            .unwrap();
        assert_eq!((q, r), (Atom::pow2(65), Atom::from_u64(7)));
        assert_eq!(big.mul(&big), Atom::pow2(260));
    }
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
        crate::hw::elementwise_fresh(
            crate::Isa::Avx512,
            crate::hw::Op::Add,
            crate::Round::N,
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
