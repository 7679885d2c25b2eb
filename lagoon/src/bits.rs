//! A growable little-endian bit buffer for building data atoms in one pass
//! (Hoon builds them by repeated `con`/`lsh`/`sew`, each a copy of the atom).

use softblas::Atom;

/// Bits under construction, as little-endian 64-bit limbs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bits {
    limbs: Vec<u64>,
}

impl Bits {
    /// An empty buffer with room for `bits` bits.
    pub(crate) fn with_bits(bits: u64) -> Bits {
        Bits {
            limbs: Vec::with_capacity((bits / 64 + 1) as usize),
        }
    }

    /// A buffer of `bits` zero bits (rounded up to whole limbs).
    pub(crate) fn zeroed(bits: u64) -> Bits {
        Bits {
            limbs: vec![0; bits.div_ceil(64) as usize],
        }
    }

    /// A buffer holding the bits of `a`.
    pub(crate) fn from_atom(a: &Atom) -> Bits {
        Bits {
            limbs: a.limbs().to_vec(),
        }
    }

    fn grow(&mut self, limbs: usize) {
        if self.limbs.len() < limbs {
            self.limbs.resize(limbs, 0);
        }
    }

    /// Sets bit `i`.
    pub(crate) fn set_bit(&mut self, i: u64) {
        let q = (i / 64) as usize;
        self.grow(q + 1);
        self.limbs[q] |= 1 << (i % 64);
    }

    /// ORs `v << shift` into the buffer (Hoon `(con buf (lsh 0 shift v))`).
    pub(crate) fn or_shifted(&mut self, v: &Atom, shift: u64) {
        let src = v.limbs();
        if src.is_empty() {
            return;
        }
        let (q, r) = ((shift / 64) as usize, (shift % 64) as u32);
        self.grow(q + src.len() + 1);
        for (k, &x) in src.iter().enumerate() {
            self.limbs[q + k] |= x << r;
            if r != 0 {
                self.limbs[q + k + 1] |= x >> (64 - r);
            }
        }
    }

    /// Replaces bits `[start, start + len)` with the low `len` bits of `v`.
    pub(crate) fn set_field(&mut self, start: u64, len: u64, v: &Atom) {
        if len == 0 {
            return;
        }
        let end = start + len;
        self.grow(end.div_ceil(64) as usize);
        // Clear the field.
        let mut i = start;
        while i < end {
            let q = (i / 64) as usize;
            let r = i % 64;
            let n = (64 - r).min(end - i);
            let mask = if n == 64 {
                u64::MAX
            } else {
                ((1u64 << n) - 1) << r
            };
            self.limbs[q] &= !mask;
            i += n;
        }
        self.or_shifted(&v.low_bits(len), start);
    }

    /// ORs `v << start` into the buffer for a `v` of at most `2^bloq` bits,
    /// `bloq <= 7`, at a `start` that is a multiple of `2^bloq` (so the field
    /// lies within one limb, or is one aligned pair of limbs).
    pub(crate) fn or_block(&mut self, start: u64, bloq: u32, v: u128) {
        let q = (start / 64) as usize;
        if bloq == 7 {
            self.grow(q + 2);
            self.limbs[q] |= v as u64;
            self.limbs[q + 1] |= (v >> 64) as u64;
        } else {
            self.grow(q + 1);
            self.limbs[q] |= (v as u64) << (start % 64);
        }
    }

    /// The atom of these bits.
    pub(crate) fn into_atom(self) -> Atom {
        Atom::from_limbs(&self.limbs)
    }
}
