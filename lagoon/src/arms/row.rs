//! The catalogue's row type, generic over the door, the product and the
//! error so that Saloon's catalogue is an instance of it, with the queries
//! and checks over a table of rows.

use crate::{door::Door, error::LagoonError, meta::Meta, ray::Ray};
use softblas::Atom;

/// One part of an arm's sample, in the Hoon sample's order, with the class
/// of [`Args`] it is decoded into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// A `$ray`: the next entry of `rays`.
    Ray,
    /// A `$meta`: the next entry of `metas`.
    Meta,
    /// An `@`: the next entry of `atoms`.
    Atom,
    /// A count or exponent `@ud` (`+pow-n`'s `n`): the next entry of
    /// `atoms`; unlike an [`Param::Atom`] it is no element, so generators
    /// draw it small.
    Count,
    /// A `$kind` term (`%i754`, `%uint`, …): the next entry of `atoms`; the
    /// registry refuses another atom as a bad argument.
    Kind,
    /// A term of a fixed set (a `$norm-ord`, a sort direction): the next
    /// entry of `atoms`; the registry refuses another atom as a bad argument.
    Term(&'static [&'static str]),
    /// A cell of two atoms `[a b]`: the next two entries of `atoms`.
    Pair,
    /// A small number (a dim, a count, a bloq), saturated to 64 bits: the
    /// next fixed entry of `ints`.
    Int,
    /// A shape `(list @)`, each dimension below 2^64: a list of `ints`.
    Shape,
    /// An index `(list @)`, each item saturated to 64 bits: a list of `ints`.
    Index,
    /// A `(list @)` of values, each below 2^64: a list of `ints`.
    Values,
    /// A `(list slice)` (`+submatrix`): a list of `ints`, three per slice,
    /// `[tag lo hi]`: `tag` 0 is `~` (the whole dimension); else bit 0 is
    /// set, bit 1 says `lo` is present and bit 2 that `hi` is (an absent
    /// bound's int is ignored). Another tag or a partial triple is malformed.
    Slices,
}

impl Param {
    /// Whether the part is a list whose items travel in `ints`.
    pub fn is_list(self) -> bool {
        matches!(
            self,
            Param::Shape | Param::Index | Param::Values | Param::Slices
        )
    }
}

/// The directions of `+sort-dim` and `+argsort-dim`.
pub const SORT_DIRS: &[&str] = &["asc", "des"];
/// The terms of `$norm-ord`.
pub const NORM_ORDS: &[&str] = &["l1", "l2", "linf", "fro"];

/// The Hoon type of an arm's product, as far as its consumers need it (the
/// dojo printer, faces, noun encoding).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mold {
    /// `$ray`.
    Ray,
    /// An atom with an aura (`""` is `@`).
    Atom(&'static str),
    /// `?`, a loobean (`%.y` is 0).
    Flag,
    /// `(list @aura)`.
    List(&'static str),
    /// A right-nested tuple, each part with its face (`""` for none).
    Tuple(&'static [(&'static str, Mold)]),
    /// `(unit item)`.
    Unit(&'static Mold),
    /// `$baum` (`[=meta data=ndray]`).
    Baum,
    /// `~`.
    Null,
    /// `tank`.
    Tank,
    /// Any noun (`*`).
    Noun,
}

/// How the C ABI's `plan` sizes an arm's result without running it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// No meta-only rule: the plan runs the arm.
    Computed,
    /// A ray with the first ray operand's meta (elementwise arms).
    SameMeta,
    /// `+transpose`: shape `[c r]`, tail `~`.
    Transpose,
    /// `+mmul`: shape `[m p]`, tail `~` (kept for `%fixp`).
    Mmul,
    /// A whole-array reduction boxed at the input's rank (`+cumsum +prod +max
    /// +min`): shape `~[1 …]` of the input's rank, the input's meta otherwise.
    Boxed,
    /// `+dot`: boxed at the first ray's rank when the two shapes are equal.
    Dot,
    /// `+diag`: a square `[n n]`, `n > 0`, gives `[n 1]` with the input's meta.
    Diag,
    /// `+trace`: `(cumsum (diag a))`, shape `[1 1]` with the input's meta.
    Trace,
    /// An axis arm over `+slice-op` (`sum-dim`, `mean-dim`, `norm-dim`, …):
    /// the input's meta with dimension `ints[0]` dropped (`~[1]` when none is left).
    DropDim,
    /// An axis arm over `+slice-idx` (`argmax-dim`, `argmin-dim`): the dropped
    /// shape as [`Rule::DropDim`], bloq 6, `%uint`, tail `~`.
    DropDimIndex,
}

/// The decoded sample of one call under door `D` (`la`'s [`Door`], or
/// Saloon's `Sa`); see the module docs for the layout.
pub struct Args<D = Door> {
    /// The door (its rounding mode, and for Saloon its tolerance).
    pub door: D,
    /// Ray parts.
    pub rays: Vec<Ray>,
    /// Meta parts.
    pub metas: Vec<Meta>,
    /// Atom parts (kinds, terms and both atoms of a pair included).
    pub atoms: Vec<Atom>,
    /// Fixed ints, the lengths of all lists but the last, the lists' items.
    pub ints: Vec<u64>,
}

impl<D> Args<D> {
    /// The sample under `door` with no parts yet, for a decoder to fill.
    pub fn new(door: D) -> Args<D> {
        Args {
            door,
            rays: Vec::new(),
            metas: Vec::new(),
            atoms: Vec::new(),
            ints: Vec::new(),
        }
    }
}

/// The value of a Lagoon arm, before its encoding as a noun or as C bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Out {
    /// A ray.
    Ray(Ray),
    /// An atom (an index, a loobean, an element).
    Atom(Atom),
    /// A list (or, for a [`Mold::Tuple`] product, a tuple) of atoms, each
    /// fitting in `width` bytes.
    List {
        /// The items.
        items: Vec<Atom>,
        /// Bytes per item (the C ABI's item width).
        width: u32,
    },
}

/// One catalogued arm: door `D`, value `O`, error `E` (Lagoon's by default;
/// Saloon's catalogue uses the same row type with its own).
pub struct Arm<D = Door, O = Out, E = LagoonError> {
    /// The Hoon arm without its door (`add`, `add-scalar`, `sum-dim`).
    pub name: &'static str,
    /// The `%fast` hint name vere registers the jet under, when vere jets the arm today.
    pub jet: Option<&'static str>,
    /// The sample's parts in order.
    pub params: &'static [Param],
    /// The product's Hoon type.
    pub product: Mold,
    /// How the C ABI's `plan` sizes the result.
    pub rule: Rule,
    /// The computation.
    pub run: fn(&Args<D>) -> Result<O, E>,
}

/// The counts of each class of [`Args`] an arm's parts fill: rays, metas,
/// atoms, the fewest ints (the fixed ints and the lengths of all lists but
/// the last), and whether a list takes the remaining ints.
pub fn arity(params: &[Param]) -> (u32, u32, u32, u32, bool) {
    let mut n = (0, 0, 0, 0, false);
    let mut lists = 0;
    for p in params {
        match p {
            Param::Ray => n.0 += 1,
            Param::Meta => n.1 += 1,
            Param::Atom | Param::Count | Param::Kind | Param::Term(_) => n.2 += 1,
            Param::Pair => n.2 += 2,
            Param::Int => n.3 += 1,
            Param::Shape | Param::Index | Param::Values | Param::Slices => lists += 1,
        }
    }
    n.3 += lists.max(1) - 1;
    n.4 = lists > 0;
    n
}

/// The row named `name` among `rows`, a `door` suffix (`:la`) ignored.
pub fn find<'a, D, O, E>(
    rows: &'a [Arm<D, O, E>],
    name: &str,
    door: &str,
) -> Option<&'a Arm<D, O, E>> {
    let name = name.strip_suffix(door).unwrap_or(name);
    rows.iter().find(|a| a.name == name)
}

/// The product type of arm `name`: its row's among `rows`, or else its
/// entry's in `outside` (a catalogue's `NOT_CATALOGUED`).
pub fn product_in<D, O, E>(
    rows: &[Arm<D, O, E>],
    outside: &[(&str, Mold, &str)],
    name: &str,
) -> Option<Mold> {
    find(rows, name, "").map(|a| a.product).or_else(|| {
        outside
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, m, _)| *m)
    })
}

/// What breaks a catalogue's rules: a name twice among `rows`, or a name
/// both in `rows` and in `outside`; empty when it keeps them.
pub fn catalogue_faults<D, O, E>(
    rows: &[Arm<D, O, E>],
    outside: &[(&str, Mold, &str)],
) -> Vec<String> {
    let mut faults = Vec::new();
    for (i, a) in rows.iter().enumerate() {
        if rows[..i].iter().any(|b| b.name == a.name) {
            faults.push(format!("{} is catalogued twice", a.name));
        }
    }
    for (n, _, _) in outside {
        if find(rows, n, "").is_some() {
            faults.push(format!("{n} is both catalogued and not"));
        }
    }
    faults
}
