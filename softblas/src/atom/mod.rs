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

use num_bigint::BigUint;
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

mod words;

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
}
