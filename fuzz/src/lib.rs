//! Shared machinery of urnum's fuzz targets: a byte reader that turns fuzzer
//! input into structured values (nouns biased towards rays and metas, C ABI
//! operand blocks), and the invariant checks each target runs.
//!
//! Every check panics on a violated invariant, which libFuzzer reports as a
//! crash with the input that caused it. The invariants:
//! - `cue`: decoding is deterministic; `cue (jam n) = n` for every decoded `n`;
//!   `jam` is canonical (`jam (cue (jam n)) = jam n`).
//! - aura literals: a parsed literal prints to text that parses back to the
//!   same aura and value.
//! - arms: every argument that decodes as a ray re-encodes to the same noun;
//!   every ray a result holds does too; a second call gives the same result.
//! - ABI: a non-OK status leaves every output (buffer, plan, shape) untouched;
//!   a second call gives the same status and bytes; an OK exec agrees with an
//!   OK plan.
//! - soft core: `softcore` returns Berkeley SoftFloat's raw bits.
//! - hw: the hardware kernels give SoftFloat's bits at every instruction-set level.
//!
//! Nouns are compared through their jams: `jam` is linear in the size of a
//! noun's DAG and structural (equal nouns, shared or not, have equal jams),
//! while `Noun`'s `==` walks the tree, which is exponential on the
//! back-reference bombs `cue` can build.
#![deny(unsafe_code)]

pub mod abi;
pub mod arms;
pub mod aura;
pub mod cue;
pub mod hw;
pub mod softcore;

use hoon::jam::jam;
use hoon::Noun;
use softblas::{Atom, Kind};

/// A cursor over fuzzer bytes; reads past the end give zeros, so every input is usable.
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Bytes<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, pos: 0 }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// The next `n` bytes (fewer at the end).
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let start = self.pos.min(self.data.len());
        let end = start.saturating_add(n).min(self.data.len());
        self.pos = self.pos.saturating_add(n);
        &self.data[start..end]
    }

    /// Everything not yet read.
    pub fn rest(&mut self) -> &'a [u8] {
        let start = self.pos.min(self.data.len());
        self.pos = self.data.len();
        &self.data[start..]
    }

    /// A little-endian `u64` of the next 8 bytes.
    pub fn u64(&mut self) -> u64 {
        let mut w = [0u8; 8];
        for b in &mut w {
            *b = self.u8();
        }
        u64::from_le_bytes(w)
    }

    /// A dimension: mostly 0..=4, sometimes a value at a size limit.
    pub fn dim(&mut self) -> u64 {
        let b = self.u8();
        match b {
            0..=239 => u64::from(b % 5),
            240 => 1 << 20,
            241 => 1 << 26,
            242 => (1 << 30) + 1,
            243 => 1 << 32,
            244 => 1 << 60,
            245 => u64::MAX,
            246 => u64::from(self.u8()),
            _ => self.u64(),
        }
    }
}

/// The kind cords and door terms arm samples use, as atoms to draw from.
const TERMS: &[&str] = &[
    "n", "u", "d", "z", "a", "asc", "desc", "i754", "uint", "int2", "unum", "cplx", "fixp", "one",
    "two", "inf", "max", "min", "pos", "neg", "fro", "nuc",
];

/// The cord atom of `t`.
pub fn cord(t: &str) -> Atom {
    Atom::from_le_bytes(t.as_bytes())
}

/// A meta noun `[shape bloq kind tail]` drawn from `b`, usually well-formed.
pub fn meta_noun(b: &mut Bytes) -> Noun {
    let ctl = b.u8();
    let rank = match ctl % 16 {
        0..=1 => 0,
        2..=8 => 1,
        9..=13 => 2,
        14 => 3,
        _ => usize::from(b.u8() % 8),
    };
    let shape: Vec<Noun> = (0..rank)
        .map(|_| {
            if b.u8() == 255 {
                // A dimension of more than 64 bits.
                Noun::Atom(Atom::from_le_bytes(&[0xff; 9]))
            } else {
                Noun::atom(b.dim())
            }
        })
        .collect();
    let kind_byte = b.u8();
    let kind = match kind_byte % 8 {
        k @ 0..=5 => Noun::atom(Kind::ALL[usize::from(k)].cord()),
        6 => Noun::atom(u64::from(b.u8())),
        _ => Noun::Atom(cord(TERMS[usize::from(b.u8()) % TERMS.len()])),
    };
    let bloq_byte = b.u8();
    let bloq = match bloq_byte {
        0..=239 => {
            let k = Kind::ALL[usize::from(kind_byte % 8).min(5)];
            // Mostly a width the kind has.
            let base = match k {
                Kind::I754 => 4,
                Kind::Cplx => 5,
                Kind::Unum => 3,
                _ => 0,
            };
            if bloq_byte < 200 {
                base + u64::from(bloq_byte % 4)
            } else {
                u64::from(bloq_byte % 10)
            }
        }
        240..=249 => 60 + u64::from(bloq_byte - 240),
        250 => u64::from(u32::MAX),
        251 => 1 << 40,
        _ => u64::from(b.u8()),
    };
    let tail = match ctl / 16 {
        0..=9 => Noun::NULL,
        10..=13 => Noun::cell(
            Noun::atom(u64::from(b.u8() % 40)),
            Noun::atom(u64::from(b.u8() % 40)),
        ),
        14 => Noun::atom(u64::from(b.u8())),
        _ => small_noun(b, 3),
    };
    Noun::tuple([Noun::list(shape), Noun::atom(bloq), kind, tail])
}

/// The element count and bloq of a meta noun, when small enough to fill.
fn fill_size(meta: &Noun) -> Option<(u64, u32)> {
    let shape = meta.slot(2)?.as_list()?;
    let bloq = u32::try_from(meta.slot(6)?.as_atom()?.as_u64()?).ok()?;
    let mut n: u64 = 1;
    for d in shape {
        n = n.checked_mul(d.as_atom()?.as_u64()?)?;
    }
    let bits = n.checked_mul(1u64.checked_shl(bloq)?)?;
    (bloq < 16 && bits <= 1 << 16).then_some((n, bloq))
}

/// A ray noun `[meta data]` drawn from `b`: mostly well-formed (elements
/// under a pin at the right place), sometimes with a malformed data atom.
pub fn ray_noun(b: &mut Bytes) -> Noun {
    let meta = meta_noun(b);
    let form = b.u8();
    let data = match (form % 8, fill_size(&meta)) {
        (0..=5, Some((n, bloq))) => {
            let bits = n << bloq;
            let mut bytes = vec![0u8; usize::try_from(bits / 8 + 1).unwrap_or(0)];
            let pattern = form / 8;
            for (i, x) in bytes.iter_mut().enumerate() {
                *x = match pattern % 4 {
                    0 => b.u8(),
                    1 => 0,
                    2 => 0xff,
                    _ => (i as u8).wrapping_mul(37),
                };
            }
            // Clear everything at and above the pin, then set it.
            let (q, r) = ((bits / 8) as usize, (bits % 8) as u32);
            bytes[q] &= (1u8 << r).wrapping_sub(1);
            bytes[q] |= 1u8 << r;
            Atom::from_le_bytes(&bytes)
        }
        (6, _) => Atom::ZERO,
        _ => {
            let len = usize::from(b.u8() % 48);
            Atom::from_le_bytes(b.take(len))
        }
    };
    Noun::cell(meta, Noun::Atom(data))
}

/// A small noun of any shape (for tails and junk arguments), at most `depth` deep.
pub fn small_noun(b: &mut Bytes, depth: u32) -> Noun {
    let t = b.u8();
    if depth == 0 || !t.is_multiple_of(4) {
        return match t % 3 {
            0 => Noun::atom(u64::from(t / 4)),
            1 => Noun::Atom(Atom::from_le_bytes(b.take(usize::from(t % 20)))),
            _ => Noun::Atom(cord(TERMS[usize::from(t) % TERMS.len()])),
        };
    }
    Noun::cell(small_noun(b, depth - 1), small_noun(b, depth - 1))
}

/// An argument noun drawn from `b`: a ray, a meta, an atom, a term, a list of
/// small atoms (a shape or an index), a nested list (an `$ndray`), or a tuple of these.
pub fn arg_noun(b: &mut Bytes, depth: u32) -> Noun {
    let t = b.u8();
    match t % 12 {
        0..=4 => ray_noun(b),
        5 => meta_noun(b),
        6 => Noun::atom(u64::from(b.u8() % 8)),
        7 => {
            let len = usize::from(b.u8() % 24);
            Noun::Atom(Atom::from_le_bytes(b.take(len)))
        }
        8 => Noun::Atom(cord(TERMS[usize::from(b.u8()) % TERMS.len()])),
        9 => {
            let n = usize::from(b.u8() % 5);
            Noun::list((0..n).map(|_| Noun::atom(b.dim())))
        }
        10 => ndray_noun(b, 3),
        _ if depth > 0 => Noun::cell(arg_noun(b, depth - 1), arg_noun(b, depth - 1)),
        _ => small_noun(b, 2),
    }
}

/// A nested list of small atoms at most `depth` deep.
fn ndray_noun(b: &mut Bytes, depth: u32) -> Noun {
    let n = usize::from(b.u8() % 4);
    Noun::list((0..n).map(|_| {
        if depth > 0 && b.u8().is_multiple_of(3) {
            ndray_noun(b, depth - 1)
        } else {
            Noun::atom(u64::from(b.u8()))
        }
    }))
}

/// Whether two nouns are equal: cell by cell while the walk stays under
/// [`WALK_BUDGET`] pairs, through their jams (linear in the DAG) past it.
///
/// The walk compares big atoms limb by limb, where a jam would copy them bit
/// by bit: a ray of 2^30 data bits (the size limit) compares in milliseconds,
/// where its two jams took seconds and tripped the fuzzer's slow-unit report.
/// The budget keeps a cue'd noun with much sharing (a DAG whose tree is
/// exponential) on the linear path.
pub fn same_noun(a: &Noun, b: &Noun) -> bool {
    let mut stack: Vec<(&Noun, &Noun)> = vec![(a, b)];
    let mut visited = 0usize;
    while let Some((x, y)) = stack.pop() {
        visited += 1;
        if visited > WALK_BUDGET {
            return jam(a) == jam(b);
        }
        match (x.as_cell(), y.as_cell()) {
            (Some((xh, xt)), Some((yh, yt))) => {
                stack.push((xt, yt));
                stack.push((xh, yh));
            }
            (None, None) if x.as_atom() == y.as_atom() => {}
            _ => return false,
        }
    }
    true
}

/// The most cell pairs [`same_noun`] walks before it compares jams instead.
pub const WALK_BUDGET: usize = 1 << 16;

/// Checks that `n`, if it decodes as a ray, re-encodes to the same noun.
///
/// # Panics
/// When the re-encoded noun differs.
pub fn check_ray_roundtrip(n: &Noun, what: &str) {
    if let Ok(r) = hoon::ray::ray_from_noun(n) {
        let back = hoon::ray::ray_to_noun(&r);
        assert!(
            same_noun(&back, n),
            "{what}: ray does not round-trip: {n:?} -> {back:?}"
        );
    }
    if let Ok(m) = hoon::ray::meta_from_noun(n) {
        let back = hoon::ray::meta_to_noun(&m);
        assert!(
            same_noun(&back, n),
            "{what}: meta does not round-trip: {n:?} -> {back:?}"
        );
    }
}
