//! Noun serialisation: Hoon's `++jam` and `++cue`, bit for bit.
//!
//! Ported from the arms `++jam`, `++cue`, `++mat` and `++rub` of `sys/hoon.hoon`
//! (urbit/urbit, kelvin 138, section 2p "serialization"). The encoding is a
//! little-endian bit stream read from bit 0 upwards:
//!
//! - an atom is the tag bit `0` followed by its length-prefixed value (`++mat`);
//! - a cell is the tag bits `1, 0` followed by the head and then the tail;
//! - a back-reference is the tag bits `1, 1` followed by the length-prefixed bit
//!   position at which an equal noun was first written.
//!
//! `jam` chooses back-references exactly as the Hoon does: a noun met before is
//! written as a back-reference to the position it was first written at, except
//! an atom whose bit length is at most the bit length of that position, which is
//! written out again. A noun's position is recorded only the first time it is
//! written.
//!
//! `cue` reproduces the Hoon's decoding, including what it does not reject:
//! trailing bits after the top noun are ignored, and an atom whose declared
//! length runs past the end of the input takes the bits that remain (bits past
//! the end read as zero, as `++cut` reads them). It fails where the Hoon crashes:
//! a length prefix with no terminating `1` bit (the `?<` in `++rub`, which is
//! also what any node starting past the end of the input runs into) and a
//! back-reference to a position where no noun was decoded (the `need` in
//! `++cue`). Its work and memory are linear in the input size, it never
//! recurses, and it never panics.

use crate::noun::Noun;
use softblas::Atom;
use std::collections::HashMap;
use std::sync::Arc;

/// Why `cue` rejected its input; each variant is a crash of Hoon's `++cue`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CueError {
    /// A node starts at or beyond the end of the input, where every bit reads
    /// as zero, so its length prefix never terminates (the `?<` in `++rub`).
    #[error("cue: a node starts at bit {bit}, past the end of the {len}-bit input")]
    PastEnd {
        /// The bit position where the node would start (saturated at `u128::MAX`).
        bit: u128,
        /// The bit length of the input.
        len: u64,
    },
    /// A length prefix starting at `bit` has no terminating `1` bit before the
    /// end of the input (the `?<` in `++rub`).
    #[error("cue: the length prefix at bit {bit} does not terminate")]
    UnterminatedLength {
        /// The bit position where the prefix starts.
        bit: u64,
    },
    /// A back-reference at `bit` names `target`, a position where no noun
    /// was decoded (the `need` in `++cue`).
    #[error(
        "cue: the back-reference at bit {bit} names position {target}, where no noun was decoded"
    )]
    BadBackref {
        /// The bit position of the back-reference's tag.
        bit: u64,
        /// The position it names.
        target: Atom,
    },
}

/// The jam of `noun`: Hoon's `(jam noun)`.
pub fn jam(noun: &Noun) -> Atom {
    let ids = Ids::of(noun);
    let mut out = BitWriter::default();
    let mut seen: HashMap<u64, u64> = HashMap::new();
    let mut work: Vec<&Noun> = vec![noun];
    while let Some(n) = work.pop() {
        let pos = out.len;
        let id = ids.id(n);
        match seen.get(&id) {
            None => {
                seen.insert(id, pos);
                match n {
                    Noun::Atom(a) => {
                        out.push_bits(0, 1);
                        out.mat(a);
                    }
                    Noun::Cell(c) => {
                        out.push_bits(0b01, 2);
                        work.push(&c.1);
                        work.push(&c.0);
                    }
                }
            }
            Some(&first) => match n {
                Noun::Atom(a) if a.bit_len() <= bit_len_u64(first) => {
                    out.push_bits(0, 1);
                    out.mat(a);
                }
                _ => {
                    out.push_bits(0b11, 2);
                    out.mat(&Atom::from_u64(first));
                }
            },
        }
    }
    out.finish()
}

/// The noun whose jam is `atom`: Hoon's `(cue atom)`.
///
/// # Errors
/// - [`CueError::PastEnd`]: a node would start at or past the end of the input;
/// - [`CueError::UnterminatedLength`]: a length prefix runs off the end;
/// - [`CueError::BadBackref`]: a back-reference names no decoded noun.
pub fn cue(atom: &Atom) -> Result<Noun, CueError> {
    let mut dec = Decoder {
        bits: BitReader::new(atom.limbs()),
        seen: HashMap::new(),
    };
    // Partial results are dropped without recursion (`noun::Pair`'s `Drop`).
    dec.run().map_err(|(e, _partial)| e)
}

/// Bit length of a `u64` (Hoon's `(met 0 x)`).
fn bit_len_u64(x: u64) -> u64 {
    u64::from(64 - x.leading_zeros())
}

/// Structural identities of the subnouns of one noun: equal subnouns get equal
/// ids, so "seen before" is a table lookup rather than a deep comparison.
struct Ids {
    atoms: HashMap<Atom, u64>,
    /// Cell id by the address of its shared allocation.
    cells: HashMap<usize, u64>,
}

impl Ids {
    /// Numbers every subnoun of `root`, visiting each shared cell once.
    fn of(root: &Noun) -> Ids {
        let mut ids = Ids {
            atoms: HashMap::new(),
            cells: HashMap::new(),
        };
        let mut pairs: HashMap<(u64, u64), u64> = HashMap::new();
        let mut next: u64 = 0;
        let fresh = |next: &mut u64| {
            let v = *next;
            *next = next.wrapping_add(1);
            v
        };
        // Post-order: (noun, children done?).
        let mut stack: Vec<(&Noun, bool)> = vec![(root, false)];
        while let Some((n, done)) = stack.pop() {
            match n {
                Noun::Atom(a) => {
                    if !ids.atoms.contains_key(a) {
                        let v = fresh(&mut next);
                        ids.atoms.insert(a.clone(), v);
                    }
                }
                Noun::Cell(c) => {
                    let key = Arc::as_ptr(c) as usize;
                    if ids.cells.contains_key(&key) {
                        continue;
                    }
                    if done {
                        let pair = (ids.id(&c.0), ids.id(&c.1));
                        let v = match pairs.get(&pair) {
                            Some(&v) => v,
                            None => {
                                let v = fresh(&mut next);
                                pairs.insert(pair, v);
                                v
                            }
                        };
                        ids.cells.insert(key, v);
                    } else {
                        stack.push((n, true));
                        stack.push((&c.1, false));
                        stack.push((&c.0, false));
                    }
                }
            }
        }
        ids
    }

    /// The id of a subnoun already numbered by [`Ids::of`].
    fn id(&self, n: &Noun) -> u64 {
        match n {
            Noun::Atom(a) => self.atoms.get(a).copied().unwrap_or(u64::MAX),
            Noun::Cell(c) => self
                .cells
                .get(&(Arc::as_ptr(c) as usize))
                .copied()
                .unwrap_or(u64::MAX),
        }
    }
}

/// An append-only little-endian bit buffer.
#[derive(Default)]
struct BitWriter {
    words: Vec<u64>,
    len: u64,
}

impl BitWriter {
    /// Appends the low `n` bits of `v` (`n` at most 64).
    fn push_bits(&mut self, v: u64, n: u32) {
        if n == 0 {
            return;
        }
        let v = if n < 64 { v & ((1u64 << n) - 1) } else { v };
        let off = (self.len % 64) as u32;
        if off == 0 {
            self.words.push(v);
        } else {
            if let Some(last) = self.words.last_mut() {
                *last |= v << off;
            }
            if off + n > 64 {
                self.words.push(v >> (64 - off));
            }
        }
        self.len += u64::from(n);
    }

    /// Appends `n` zero bits.
    fn push_zeros(&mut self, mut n: u64) {
        while n > 0 {
            let k = n.min(64) as u32;
            self.push_bits(0, k);
            n -= u64::from(k);
        }
    }

    /// Appends the low `n` bits of `a`.
    fn push_atom(&mut self, a: &Atom, n: u64) {
        let limbs = a.limbs();
        let mut done = 0u64;
        for &l in limbs {
            if done >= n {
                break;
            }
            let k = (n - done).min(64) as u32;
            self.push_bits(l, k);
            done += u64::from(k);
        }
        if done < n {
            self.push_zeros(n - done);
        }
    }

    /// Appends Hoon's `(mat a)`: the self-delimiting length-prefixed encoding of `a`.
    fn mat(&mut self, a: &Atom) {
        let b = a.bit_len();
        if b == 0 {
            self.push_bits(1, 1);
            return;
        }
        let c = bit_len_u64(b);
        self.push_zeros(c);
        self.push_bits(1, 1);
        self.push_bits(b, (c - 1) as u32);
        self.push_atom(a, b);
    }

    fn finish(self) -> Atom {
        Atom::from_limbs(&self.words)
    }
}

/// Reads bits of an atom's limbs; bits past the end read as zero.
struct BitReader<'a> {
    limbs: &'a [u64],
    len: u64,
}

impl<'a> BitReader<'a> {
    fn new(limbs: &'a [u64]) -> Self {
        let len = match limbs.last() {
            None => 0,
            Some(top) => (limbs.len() as u64 - 1) * 64 + u64::from(64 - top.leading_zeros()),
        };
        BitReader { limbs, len }
    }

    fn bit(&self, i: u64) -> bool {
        let q = (i / 64) as usize;
        q < self.limbs.len() && (self.limbs[q] >> (i % 64)) & 1 == 1
    }

    /// The `n` bits at `start` (`n` at most 64).
    fn word(&self, start: u64, n: u32) -> u64 {
        if n == 0 {
            return 0;
        }
        let q = (start / 64) as usize;
        let r = (start % 64) as u32;
        let g = |k: usize| self.limbs.get(k).copied().unwrap_or(0);
        let mut v = g(q) >> r;
        if r != 0 {
            v |= g(q + 1) << (64 - r);
        }
        if n < 64 {
            v &= (1u64 << n) - 1;
        }
        v
    }

    /// The position of the first `1` bit at or after `start`, if any.
    fn next_one(&self, start: u64) -> Option<u64> {
        if start >= self.len {
            return None;
        }
        let mut q = (start / 64) as usize;
        let mut w = self.limbs[q] & (u64::MAX << (start % 64));
        loop {
            if w != 0 {
                return Some(q as u64 * 64 + u64::from(w.trailing_zeros()));
            }
            q += 1;
            w = *self.limbs.get(q)?;
        }
    }
}

/// The decoding state of one `cue`.
struct Decoder<'a> {
    bits: BitReader<'a>,
    /// Nouns decoded so far, by the bit position of their tag.
    seen: HashMap<u64, Noun>,
}

/// A cell waiting for its head or its tail.
enum Frame {
    Head { pos: u64 },
    Tail { pos: u64, head: Noun },
}

type Failure = (CueError, Vec<Noun>);

impl Decoder<'_> {
    /// Hoon's `++rub` at `at`: (bits consumed, value); `None` when the prefix
    /// does not terminate.
    fn rub(&self, at: u64) -> Option<(u128, Atom)> {
        let one = self.bits.next_one(at)?;
        let c = one - at;
        if c == 0 {
            return Some((1, Atom::ZERO));
        }
        let d = one + 1;
        let len_bits = c - 1;
        // e = 2^(c-1) + (the c-1 bits at d); saturated when it cannot matter.
        let e: u128 = if len_bits < 64 {
            (1u128 << len_bits) + u128::from(self.bits.word(d, len_bits as u32))
        } else {
            u128::MAX
        };
        let start = d + len_bits;
        let value = if start >= self.bits.len {
            Atom::ZERO
        } else {
            let avail = self.bits.len - start;
            let take = if e < u128::from(avail) {
                e as u64
            } else {
                avail
            };
            read_atom(&self.bits, start, take)
        };
        let used = (2 * u128::from(c)).saturating_add(e);
        Some((used, value))
    }

    fn run(&mut self) -> Result<Noun, Failure> {
        let mut cursor: u128 = 0;
        let mut stack: Vec<Frame> = Vec::new();
        let fail = |e: CueError, stack: Vec<Frame>| -> Failure {
            let nouns = stack
                .into_iter()
                .filter_map(|f| match f {
                    Frame::Head { .. } => None,
                    Frame::Tail { head, .. } => Some(head),
                })
                .collect();
            (e, nouns)
        };
        loop {
            let len = self.bits.len;
            if cursor >= u128::from(len) {
                return Err(fail(CueError::PastEnd { bit: cursor, len }, stack));
            }
            let pos = cursor as u64;
            let mut noun = if !self.bits.bit(pos) {
                let Some((used, value)) = self.rub(pos + 1) else {
                    return Err(fail(CueError::UnterminatedLength { bit: pos + 1 }, stack));
                };
                let n = Noun::Atom(value);
                self.seen.insert(pos, n.clone());
                cursor = cursor.saturating_add(1).saturating_add(used);
                n
            } else if !self.bits.bit(pos + 1) {
                stack.push(Frame::Head { pos });
                cursor += 2;
                continue;
            } else {
                let Some((used, target)) = self.rub(pos + 2) else {
                    return Err(fail(CueError::UnterminatedLength { bit: pos + 2 }, stack));
                };
                let found = target.as_u64().and_then(|t| self.seen.get(&t)).cloned();
                let Some(n) = found else {
                    return Err(fail(CueError::BadBackref { bit: pos, target }, stack));
                };
                cursor = cursor.saturating_add(2).saturating_add(used);
                n
            };
            // Hand the finished noun to the cells waiting for it.
            loop {
                match stack.pop() {
                    None => return Ok(noun),
                    Some(Frame::Head { pos }) => {
                        stack.push(Frame::Tail { pos, head: noun });
                        break;
                    }
                    Some(Frame::Tail { pos, head }) => {
                        let cell = Noun::cell(head, noun);
                        self.seen.insert(pos, cell.clone());
                        noun = cell;
                    }
                }
            }
        }
    }
}

/// The `n` bits of `r` at `start` as an atom.
fn read_atom(r: &BitReader<'_>, start: u64, n: u64) -> Atom {
    let mut limbs = Vec::with_capacity(n.div_ceil(64) as usize);
    let mut done = 0u64;
    while done < n {
        let k = (n - done).min(64) as u32;
        limbs.push(r.word(start + done, k));
        done += u64::from(k);
    }
    Atom::from_limbs(&limbs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(v: u64) -> Noun {
        Noun::atom(v)
    }

    #[test]
    fn small_values() {
        // Rows from the Hoon encoding worked by hand: atom 0 is `0` then mat 0 = `1`.
        assert_eq!(jam(&a(0)), Atom::from_u64(2));
        // mat 1 = 0b110, shifted past the tag bit.
        assert_eq!(jam(&a(1)), Atom::from_u64(12));
        // The second 0 is met before at bit 2 but (met 0 0) <= (met 0 2): written again.
        assert_eq!(jam(&Noun::cell(a(0), a(0))), Atom::from_u64(41));
        // [1 2]: 1 + 4 * (12 + 16 * 72).
        assert_eq!(jam(&Noun::cell(a(1), a(2))), Atom::from_u64(4657));
    }

    #[test]
    fn cue_inverts_small_values() {
        for v in [2u64, 12, 41, 4657] {
            let n = cue(&Atom::from_u64(v)).unwrap();
            assert_eq!(jam(&n), Atom::from_u64(v));
        }
    }

    #[test]
    fn cue_errors() {
        // cue 0: the top node starts at bit 0 of an empty input.
        assert_eq!(cue(&Atom::ZERO), Err(CueError::PastEnd { bit: 0, len: 0 }));
        // 0b111 = backref tag then `1` = mat 0: position 0, which holds nothing yet.
        assert_eq!(
            cue(&Atom::from_u64(0b111)),
            Err(CueError::BadBackref {
                bit: 0,
                target: Atom::ZERO
            })
        );
        // 0b01: a cell whose head starts past the end.
        assert!(matches!(
            cue(&Atom::from_u64(0b01)),
            Err(CueError::PastEnd { .. })
        ));
    }
}
