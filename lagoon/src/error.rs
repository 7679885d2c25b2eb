//! Why a Lagoon arm gave no result: the Hoon check that failed, or the reason
//! urnum cannot reproduce the input.
//!
//! Every variant but three names a crash of the Hoon (a failed `?>`, `dec 0`,
//! a `snag` past the end, a failed `;;` mould, ...). The three others
//! ([`LagoonError::ShapeOverflow`], [`LagoonError::TooLarge`],
//! [`LagoonError::Diverges`]) mean the Hoon would not crash but urnum declines
//! to compute the result; [`LagoonError::is_unsupported`] tells them apart.
//! Two more ([`LagoonError::Fill`], [`LagoonError::NotElement`]) are the
//! refusals of the conversions between rays and Rust values
//! ([`crate::element`]), which have no Hoon counterpart.

use softblas::Kind;
use thiserror::Error;

/// A failed Lagoon check (a Hoon crash) or an input urnum does not reproduce.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LagoonError {
    /// A Rust slice does not fill the ray's shape ([`crate::element`]).
    #[error("the shape {shape:?} holds {elems} elements but {len} were given")]
    Fill {
        /// The shape.
        shape: Vec<u64>,
        /// The product of the shape.
        elems: u64,
        /// The slice's length.
        len: usize,
    },
    /// A ray read back as an element type it does not hold ([`crate::element`]).
    #[error("the ray holds %{}@{found_bloq}, not %{}@{bloq}", found_kind.term(), kind.term())]
    NotElement {
        /// The kind asked for.
        kind: Kind,
        /// The bloq asked for.
        bloq: u32,
        /// The ray's kind.
        found_kind: Kind,
        /// The ray's bloq.
        found_bloq: u32,
    },
    /// `+check` on a data atom of 0: `(met bloq 0)` is 0 and `(dec 0)` crashes.
    #[error("check: data is 0, so (dec (met bloq data)) crashes")]
    ZeroData,
    /// `?> (check a)` failed because the top block sits below the pin position
    /// (the pin is missing or the data is too short for the shape).
    #[error(
        "check failed: data has {blocks} blocks, fewer than the shape's elements plus the pin"
    )]
    MissingPin {
        /// `(met bloq data)`.
        blocks: u64,
    },
    /// `?> (check a)` failed because the data has blocks above the pin position.
    #[error("check failed: data has {blocks} blocks, more than {elems} elements plus the pin")]
    ExtraBlocks {
        /// The shape's element count.
        elems: u64,
        /// `(met bloq data)`.
        blocks: u64,
    },
    /// An element count or offset does not fit in 64 bits (unsupported: the Hoon has no such limit).
    #[error("unsupported: a shape product or offset exceeds 64 bits")]
    ShapeOverflow,
    /// The result would exceed urnum's size limit (unsupported: the Hoon has no such limit).
    #[error("unsupported: the result needs {bits} bits, over urnum's limit")]
    TooLarge {
        /// The number of bits (or list entries) the result would need.
        bits: u128,
    },
    /// A scalar operation urnum does not reproduce at this dtype (unsupported); the text says which.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The Hoon loops forever on this input (unsupported: there is no result to reproduce).
    #[error("unsupported: {arm} does not terminate on this input")]
    Diverges {
        /// The arm that loops.
        arm: &'static str,
    },
    /// The kind's constant (`one`) is not defined at this bloq: a `?+ bloq !!` crash.
    #[error("{kind:?} has no element of bloq {bloq}")]
    BadBloq {
        /// The kind.
        kind: Kind,
        /// The bloq that is not one of the kind's widths.
        bloq: u32,
    },
    /// A `%fixp` tail is not a cell of two atoms, so `;;([a=@ b=@] tail)` crashes.
    #[error("the %fixp tail is not a cell [a=@ b=@]")]
    BadTail,
    /// An arm asserted a rank (`?> =(n (lent shape))`) that the ray does not have.
    #[error(
        "{arm}: rank {found}, expected {expected} (shape {})",
        shape_text(shape)
    )]
    Rank {
        /// The arm whose assertion failed.
        arm: &'static str,
        /// The rank the arm requires.
        expected: usize,
        /// The rank the input has.
        found: usize,
        /// The input's shape.
        shape: Vec<u64>,
    },
    /// `+eye` on a non-square shape.
    #[error("eye: shape [{rows} {cols}] is not square")]
    NotSquare {
        /// `shape[0]`.
        rows: u64,
        /// `shape[1]`.
        cols: u64,
    },
    /// An index is not below its dimension (`?> (lth i.dex i.sap)` or a slice bound).
    #[error("index {index} is out of range for dimension {dim}")]
    IndexOutOfRange {
        /// The index.
        index: u64,
        /// The dimension's length.
        dim: u64,
    },
    /// `+get-item-number` ran out of indices before it ran out of dimensions.
    #[error("too few indices for the shape")]
    TooFewIndices,
    /// A `dec` or `sub` of 0 (an empty shape, dimension or count) crashes.
    #[error("{what}: decrement of 0")]
    ZeroDecrement {
        /// Which count was 0.
        what: &'static str,
    },
    /// `(gulf lo hi)` with `lo > hi`.
    #[error("empty range: lo {lo} > hi {hi}")]
    EmptyRange {
        /// Lower bound.
        lo: u64,
        /// Upper bound.
        hi: u64,
    },
    /// `+reshape` to a shape with a different element count.
    #[error("reshape: {from} elements cannot become {to:?}")]
    CountMismatch {
        /// The input's element count.
        from: u64,
        /// The new shape's element count (`None` when it exceeds 64 bits).
        to: Option<u64>,
    },
    /// `+get-dim` of a scalar index not below the element count.
    #[error("get-dim: index {index} is not below the element count")]
    DimIndex {
        /// The scalar index.
        index: u64,
    },
    /// An `?>` assertion on the operands' shapes, metas or kinds failed
    /// (`=(meta.a meta.b)` of `+add`, `+mmul`'s inner dimensions, `+diag`'s
    /// square): the assertion and the operands it was asserted of.
    #[error("{arm}: assertion failed: {check}: {operands}")]
    Mismatch {
        /// The arm.
        arm: &'static str,
        /// The assertion, in words.
        check: &'static str,
        /// The operands' metas (`a is ~[2 2] bloq 5 %i754, b is ~[3] bloq 5 %i754`).
        operands: String,
    },
    /// An `?>` assertion on argument shapes failed (`+get-row`, `+set-row`, ...).
    #[error("{arm}: assertion failed: {check}")]
    Assert {
        /// The arm.
        arm: &'static str,
        /// The assertion, in words.
        check: &'static str,
    },
    /// `+en-ray` met nested lists that do not fit the shape (`snag` past an end,
    /// an atom where a list must be, or lists nested deeper than the shape).
    #[error("en-ray: {0}")]
    BadNdray(&'static str),
}

/// A shape as the dojo prints a list: `~[2 3]`, `~` when empty.
pub fn shape_text(shape: &[u64]) -> String {
    if shape.is_empty() {
        return "~".into();
    }
    let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
    format!("~[{}]", dims.join(" "))
}

impl LagoonError {
    /// Whether this error means "urnum declines" rather than "the Hoon crashes".
    pub fn is_unsupported(&self) -> bool {
        matches!(
            self,
            LagoonError::ShapeOverflow
                | LagoonError::TooLarge { .. }
                | LagoonError::Unsupported(_)
                | LagoonError::Diverges { .. }
        )
    }
}
