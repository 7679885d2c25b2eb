//! Ray metadata: the shape, element width, kind and tail of a ray
//! (`+$meta` of urbit/numerics `lagoon/desk/sur/lagoon.hoon@96f3cfe`).
//!
//! Shape products follow Hoon's `(roll shape ^mul)`: stdlib `mul` is a `|:`
//! gate whose default sample is `[1 1]`, so the product of the empty shape is
//! 1 (a rank-0 meta describes one element).

use crate::error::LagoonError;
use softblas::{Atom, Kind};

/// The largest data atom, in bits, that urnum builds; larger results are
/// [`LagoonError::TooLarge`] (the Hoon has no limit, but its ship would run out of memory).
pub const MAX_DATA_BITS: u64 = 1 << 30;

/// The longest list (of elements, rows or indices) that urnum builds.
pub const MAX_LIST_LEN: u64 = 1 << 26;

/// A noun in a ray's tail that is neither `~` nor `[a=@ b=@]`, kept so it round-trips.
///
/// `lagoon` cannot depend on the `hoon` crate's `Noun`, so this is the same
/// tree with its own name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TailNoun {
    /// An atom.
    Atom(Atom),
    /// A cell `[head tail]`.
    Cell(Box<TailNoun>, Box<TailNoun>),
}

/// The `tail` of a meta: per-kind data, `~` for every kind but `%fixp`, whose
/// tail is the precision `[a b]`.
///
/// Values made by [`Tail::from_noun`] are canonical: [`Tail::Other`] never
/// holds `~` or a cell of two atoms, so equal nouns give equal tails.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Tail {
    /// `~` (atom 0).
    #[default]
    Null,
    /// A cell of two atoms: the `%fixp` precision `[a=@ b=@]` (`a` integer bits, `b` fraction bits).
    Prec {
        /// Integer bits.
        a: Atom,
        /// Fraction bits.
        b: Atom,
    },
    /// Any other noun (a non-zero atom, or a cell that is not two atoms).
    Other(TailNoun),
}

impl Tail {
    /// The tail held by the noun `t`, in canonical form.
    pub fn from_noun(t: TailNoun) -> Tail {
        match t {
            TailNoun::Atom(a) if a.is_zero() => Tail::Null,
            TailNoun::Cell(h, t) => match (*h, *t) {
                (TailNoun::Atom(a), TailNoun::Atom(b)) => Tail::Prec { a, b },
                (h, t) => Tail::Other(TailNoun::Cell(Box::new(h), Box::new(t))),
            },
            other => Tail::Other(other),
        }
    }

    /// The noun of this tail.
    pub fn to_noun(&self) -> TailNoun {
        match self {
            Tail::Null => TailNoun::Atom(Atom::ZERO),
            Tail::Prec { a, b } => TailNoun::Cell(
                Box::new(TailNoun::Atom(a.clone())),
                Box::new(TailNoun::Atom(b.clone())),
            ),
            Tail::Other(n) => n.clone(),
        }
    }

    /// The precision `[a b]` of this tail as `;;([a=@ b=@] tail)` reads it.
    ///
    /// # Errors
    /// [`LagoonError::BadTail`] when the tail is not a cell of two atoms (the mould crashes).
    pub fn prec(&self) -> Result<(&Atom, &Atom), LagoonError> {
        match self {
            Tail::Prec { a, b } => Ok((a, b)),
            _ => Err(LagoonError::BadTail),
        }
    }
}

/// A ray's metadata (`[shape=(list @) bloq=bloq kind=kind tail=*]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meta {
    /// Dimension lengths, outermost first (row-major: the last index varies fastest).
    pub shape: Vec<u64>,
    /// log2 of the element width in bits.
    pub bloq: u32,
    /// The element kind.
    pub kind: Kind,
    /// Per-kind data (`~`, or `[a b]` for `%fixp`).
    pub tail: Tail,
}

impl Meta {
    /// The meta `[shape bloq kind ~]`.
    pub fn new(shape: Vec<u64>, bloq: u32, kind: Kind) -> Meta {
        Meta {
            shape,
            bloq,
            kind,
            tail: Tail::Null,
        }
    }

    /// This meta with its tail replaced by `tail`.
    pub fn with_tail(mut self, tail: Tail) -> Meta {
        self.tail = tail;
        self
    }

    /// The meta in words for an error: shape, bloq, kind, and the tail when
    /// it is not `~` (`~[2 3] bloq 5 %i754`, `~[4] bloq 5 %fixp tail [8 8]`).
    pub fn describe(&self) -> String {
        let tail = match &self.tail {
            Tail::Null => String::new(),
            Tail::Prec { a, b } => format!(" tail [{a} {b}]"),
            Tail::Other(_) => " tail (not ~ nor [a b])".into(),
        };
        format!(
            "{} bloq {} %{}{tail}",
            crate::error::shape_text(&self.shape),
            self.bloq,
            self.kind.term()
        )
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// `?>  =(rank (lent shape))` of arm `arm`.
    ///
    /// # Errors
    /// [`LagoonError::Rank`] when the meta has another rank.
    pub fn require_rank(&self, arm: &'static str, rank: usize) -> Result<(), LagoonError> {
        if self.rank() == rank {
            Ok(())
        } else {
            Err(LagoonError::Rank {
                arm,
                expected: rank,
                found: self.rank(),
                shape: self.shape.clone(),
            })
        }
    }

    /// The element count `(roll shape ^mul)`, 1 for the empty shape.
    ///
    /// # Errors
    /// [`LagoonError::ShapeOverflow`] when the product exceeds 64 bits.
    pub fn elems(&self) -> Result<u64, LagoonError> {
        elems(&self.shape)
    }

    /// The bit position of the pin, `elems · 2^bloq`, within urnum's size limit.
    ///
    /// # Errors
    /// [`LagoonError::ShapeOverflow`] or [`LagoonError::TooLarge`] when the data atom would be too big.
    pub fn pin_bit(&self) -> Result<u64, LagoonError> {
        span_bits(self.elems()?, self.bloq)
    }
}

/// The product of `shape`, 1 for the empty shape (Hoon's `(roll shape ^mul)`).
///
/// # Errors
/// [`LagoonError::ShapeOverflow`] when the product exceeds 64 bits.
pub fn elems(shape: &[u64]) -> Result<u64, LagoonError> {
    product(shape).ok_or(LagoonError::ShapeOverflow)
}

/// The product of `shape` as [`elems`] computes it, `None` past 64 bits: for
/// the bits path, which declines rather than reports.
pub fn product(shape: &[u64]) -> Option<u64> {
    shape.iter().try_fold(1u64, |acc, d| acc.checked_mul(*d))
}

/// The bits that `count` blocks of `2^bloq` bits span, within urnum's size limit.
///
/// # Errors
/// [`LagoonError::TooLarge`] when that exceeds [`MAX_DATA_BITS`].
pub fn span_bits(count: u64, bloq: u32) -> Result<u64, LagoonError> {
    if count == 0 {
        return Ok(0);
    }
    let bits = if bloq >= 64 {
        u128::MAX
    } else {
        u128::from(count) << bloq
    };
    if bits > u128::from(MAX_DATA_BITS) {
        return Err(LagoonError::TooLarge { bits });
    }
    Ok(bits as u64)
}

/// The most axes a shape an arm builds from a number (`+urge`'s `n`) may have:
/// 2^16. Larger ranks are legal Hoon but build a shape list of millions of 1s
/// (seconds and gigabytes as nouns) for a ray no arm can use.
pub const MAX_BUILT_RANK: u64 = 1 << 16;

/// Checks that a list of `len` entries is within urnum's size limit.
///
/// # Errors
/// [`LagoonError::TooLarge`] when `len` exceeds [`MAX_LIST_LEN`].
pub fn guard_list(len: u64) -> Result<usize, LagoonError> {
    if len > MAX_LIST_LEN {
        return Err(LagoonError::TooLarge {
            bits: u128::from(len),
        });
    }
    Ok(len as usize)
}

/// The most elements an arm reads or writes one at a time when it cannot copy
/// them as a run of bits (a `+set-row` whose row has another bloq, a
/// `+submatrix` whose runs are short): 2^22, a fraction of a second.
///
/// The shapes such arms walk are not checked against their data (a `[1 2^30]`
/// bloq-0 ray may hold one byte), so without this bound a few bytes of input
/// ask for 2^30 steps.
pub const MAX_ELEMENT_WALK: u64 = 1 << 22;

/// Port of `+prod-list a`: the product of `a`, 1 for the empty list.
///
/// # Errors
/// [`LagoonError::ShapeOverflow`] (unsupported) when the product exceeds 64 bits.
pub fn prod_list(a: &[u64]) -> Result<u64, LagoonError> {
    elems(a)
}

/// Port of `+drop-dim [shape dim]`: `shape` without dimension `dim`, or `~[1]`
/// when nothing would remain. A `dim` at or past the rank removes nothing.
pub fn drop_dim(shape: &[u64], dim: u64) -> Vec<u64> {
    let out: Vec<u64> = shape
        .iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 != dim)
        .map(|(_, d)| *d)
        .collect();
    if out.is_empty() {
        vec![1]
    } else {
        out
    }
}

/// Port of `+dim-parts [shape dim]`: `(outer, len, inner)` =
/// `(Π shape[<dim], shape[dim], Π shape[>dim])`.
///
/// # Errors
/// [`LagoonError::Assert`] unless `dim` is below the rank and every dimension
/// is non-zero; [`LagoonError::ShapeOverflow`] for a product over 64 bits.
pub fn dim_parts(shape: &[u64], dim: u64) -> Result<(u64, u64, u64), LagoonError> {
    if dim >= shape.len() as u64 {
        return Err(LagoonError::Assert {
            arm: "dim-parts",
            check: "dim is below the rank",
        });
    }
    if shape.contains(&0) {
        return Err(LagoonError::Assert {
            arm: "dim-parts",
            check: "no dimension is 0",
        });
    }
    let d = dim as usize;
    Ok((
        prod_list(&shape[..d])?,
        shape[d],
        prod_list(&shape[d + 1..])?,
    ))
}

/// A [`LagoonError::Mismatch`] of `arm` on `check`, naming each operand
/// (`("a", &a.meta)`) by its shape, bloq, kind and tail.
pub fn mismatch(arm: &'static str, check: &'static str, operands: &[(&str, &Meta)]) -> LagoonError {
    let operands = operands
        .iter()
        .map(|(name, m)| format!("{name} is {}", m.describe()))
        .collect::<Vec<_>>()
        .join(", ");
    LagoonError::Mismatch {
        arm,
        check,
        operands,
    }
}

/// `Ok` when every `?>` of `checks` (a condition and its words) holds, else
/// the first that failed, in order, as a [`LagoonError::Mismatch`] of `arm`
/// naming `operands`.
pub(crate) fn assert_of(
    arm: &'static str,
    checks: &[(bool, &'static str)],
    operands: &[(&str, &Meta)],
) -> Result<(), LagoonError> {
    match checks.iter().find(|(holds, _)| !holds) {
        Some(&(_, check)) => Err(mismatch(arm, check, operands)),
        None => Ok(()),
    }
}
