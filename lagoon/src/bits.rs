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

    /// ORs `v << shift` into the buffer for a one-limb `v`: [`Bits::or_shifted`]
    /// without an atom.
    pub(crate) fn or_word(&mut self, v: u64, shift: u64) {
        if v == 0 {
            return;
        }
        let (q, r) = ((shift / 64) as usize, (shift % 64) as u32);
        self.grow(q + 2);
        self.limbs[q] |= v << r;
        if r != 0 {
            self.limbs[q + 1] |= v >> (64 - r);
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

    /// ORs `count` copies of `v` (at most `2^bloq` bits, `bloq <= 7`) into
    /// consecutive `2^bloq`-bit blocks from bit `start`, a multiple of
    /// `2^bloq`: whole limbs of the repeated pattern where the run covers
    /// them, block by block at its ends.
    pub(crate) fn fill_blocks(&mut self, start: u64, bloq: u32, v: u128, count: u64) {
        if count == 0 {
            return;
        }
        let w = 1u64 << bloq;
        let end = start + count * w;
        self.grow(end.div_ceil(64) as usize);
        let q = (start / 64) as usize;
        if count == 1 {
            // One block: within one limb, or (bloq 7) one aligned limb pair.
            self.limbs[q] |= (v as u64) << (start % 64);
            if bloq == 7 {
                self.limbs[q + 1] |= (v >> 64) as u64;
            }
            return;
        }
        // The pattern of one limb (bloq <= 6) or of one limb pair (bloq 7).
        let (lo, hi) = if bloq == 7 {
            (v as u64, (v >> 64) as u64)
        } else {
            let mut p = v as u64;
            let mut filled = w;
            while filled < 64 {
                p |= p << filled;
                filled *= 2;
            }
            (p, p)
        };
        let mut i = start;
        while i < end {
            let q = (i / 64) as usize;
            if i.is_multiple_of(64) && end - i >= 64 {
                // A whole limb; for bloq 7 the pair's halves alternate.
                self.limbs[q] |= if bloq == 7 && q % 2 == 1 { hi } else { lo };
                i += 64;
            } else {
                // A block inside a limb (bloq <= 5 here: wider blocks fill whole limbs).
                self.limbs[q] |= (v as u64) << (i % 64);
                i += w;
            }
        }
    }

    /// The atom of these bits.
    pub(crate) fn into_atom(self) -> Atom {
        Atom::from_limbs(&self.limbs)
    }
}
