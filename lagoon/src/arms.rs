//! The catalogue of Lagoon arms: one row per arm of `lagoon.hoon@aa6f2a6`
//! that the row type can express, giving its Hoon name, vere's jet name, its
//! sample, its product's Hoon type, the C ABI's size rule and the Rust
//! function.
//!
//! Every consumer derives what it needs from [`ARMS`]: the registry of
//! `urnum-cli` decodes a sample from nouns by walking [`Arm::params`] and
//! encodes the product by [`Arm::product`]; the C ABI (`urnum-ffi`) decodes
//! its argument block by walking the same list; `urnum eval` and the vector
//! runner take the product's type from the row; `urnum gen-hoon` draws
//! arguments per parameter. Arms the row type cannot express (a `$baum`, a
//! tank, nested lists, atoms wider than 64 bits in a list) are in
//! [`NOT_CATALOGUED`] with the reason, and their callers stay hand-written.
//!
//! # The decoded sample
//!
//! A row's function takes its sample as [`Args`]: the rays, metas and atoms
//! in sample order, each in its own vector, and one vector `ints` holding
//! first the fixed ints ([`Param::Int`]) in order, then, when the sample has
//! `k` lists, the lengths of the first `k − 1`, then the lists' items one
//! list after the other. A [`Param::Pair`] is two atoms; a [`Param::Kind`] or
//! [`Param::Term`] is an atom; [`Param::Slices`] is three ints per slice (see
//! its docs). The C ABI's argument block has exactly this layout, so its
//! decoder is a copy; the registry builds the same vectors from nouns.
//!
//! # Adding an arm
//!
//! Write the function (in its section's module), add its row here, add a
//! test (a golden vector or a unit test). The registry serves the row at once
//! (`urnum check`, `urnum eval`); the C ABI's test then asks for an id in
//! `ffi/src/la/ids.rs` (or a line in `ffi::la::table::NOT_EXPRESSIBLE`).

use crate::axis::{self, NormOrd, SortDir};
use crate::{
    build, builders_arith, change, elementwise as ew, index, linalg, reduce, shape, structure,
    Door, LagoonError, Meta, Ray,
};
use softblas::prog::{Binary, Op2, Unary};
use softblas::{Atom, Kind};

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

/// The row of the arm named `name` (`add`, `sum-dim`; an `:la` suffix is ignored).
pub fn by_name(name: &str) -> Option<&'static Arm> {
    find(ARMS, name, ":la")
}

/// Lagoon arms the row type cannot express, each with the reason; their
/// registry entries are hand-written and the C ABI does not serve them.
pub static NOT_CATALOGUED: &[(&str, Mold, &str)] = &[
    (
        "en-ray",
        Mold::Ray,
        "its sample is a $baum (a nested list of any depth)",
    ),
    ("de-ray", Mold::Baum, "its product is a $baum"),
    ("get-item-baum", Mold::Atom(""), "its sample is a $baum"),
    ("to-tank", Mold::Tank, "its product is a tank"),
    ("print", Mold::Null, "it raises a %slog hint"),
    ("slog", Mold::Noun, "its product is the stdlib gate `same`"),
    ("squeeze", Mold::Noun, "it is a wet gate over any noun"),
    (
        "product",
        Mold::Noun,
        "it is a wet gate over lists of any noun",
    ),
    (
        "gather",
        Mold::Noun,
        "its sample and product are nested lists",
    ),
    ("dim-slices", Mold::Noun, "its product is a nested list"),
    ("slice-flat", Mold::Noun, "its sample holds a nested list"),
    (
        "rank-slice",
        Mold::Noun,
        "its list holds floats up to 128 bits and its product pairs",
    ),
    (
        "norm-slice",
        Mold::Atom(""),
        "its list holds floats up to 128 bits",
    ),
    ("bin-op", Mold::Ray, "its sample holds a gate"),
    ("el-wise-op", Mold::Ray, "its sample holds a gate"),
    ("ter-op", Mold::Ray, "its sample holds a gate"),
];

/// The Hoon type of the product of Lagoon arm `name` (catalogued or not).
pub fn product_of(name: &str) -> Option<Mold> {
    product_in(ARMS, NOT_CATALOGUED, name)
}

/// Which term of `$norm-ord` or the sort direction an atom names.
fn term(a: &Atom) -> String {
    let bytes: Vec<u8> = a
        .to_le_bytes()
        .into_iter()
        .take_while(|b| *b != 0)
        .collect();
    String::from_utf8(bytes).unwrap_or_default()
}

fn norm_ord(a: &Atom) -> Result<NormOrd, LagoonError> {
    NormOrd::from_term(&term(a)).ok_or(LagoonError::Assert {
        arm: "norm",
        check: "the order is one of %l1 %l2 %linf %fro",
    })
}

fn sort_dir(a: &Atom) -> Result<SortDir, LagoonError> {
    SortDir::from_term(&term(a)).ok_or(LagoonError::Assert {
        arm: "sort",
        check: "the direction is %asc or %des",
    })
}

/// A result whose Hoon type is `?`: `%.y` is 0.
fn flag(b: bool) -> Out {
    Out::Atom(Atom::from_u64(u64::from(!b)))
}

fn ray(r: Result<Ray, LagoonError>) -> Result<Out, LagoonError> {
    r.map(Out::Ray)
}

/// The element list of a ray, each item the element width in bytes.
fn ravel(a: &Ray) -> Result<Out, LagoonError> {
    let items = crate::ravel(a)?;
    let width = if a.meta.bloq >= 3 {
        u32::try_from((1u64 << a.meta.bloq.min(40)) / 8).map_err(|_| LagoonError::TooLarge {
            bits: u128::from(a.meta.bloq),
        })?
    } else {
        1
    };
    Ok(Out::List { items, width })
}

fn change_arm(c: &Args) -> Result<Out, LagoonError> {
    let kind = c.atoms[0]
        .as_u64()
        .and_then(Kind::from_cord)
        .ok_or(LagoonError::Assert {
            arm: "change",
            check: "the kind is one of the six kinds",
        })?;
    let bloq = u32::try_from(c.ints[0]).map_err(|_| LagoonError::TooLarge {
        bits: u128::from(c.ints[0]),
    })?;
    ray(change::change(&c.door, &c.rays[0], kind, bloq))
}

/// The `(list slice)` of `ints` (see [`Param::Slices`]), `None` for a tag
/// outside the encoding or a partial triple.
pub fn decode_slices(ints: &[u64]) -> Option<Vec<crate::Slice>> {
    if !ints.len().is_multiple_of(3) {
        return None;
    }
    ints.chunks(3)
        .map(|t| match t[0] {
            0 => Some(None),
            tag if tag & !7 == 0 && tag & 1 == 1 => Some(Some((
                (tag & 2 != 0).then_some(t[1]),
                (tag & 4 != 0).then_some(t[2]),
            ))),
            _ => None,
        })
        .collect()
}

/// [`decode_slices`] for an arm's body (the C ABI refuses a malformed
/// encoding before it runs an arm, so the error is for direct callers).
fn slices(ints: &[u64]) -> Result<Vec<crate::Slice>, LagoonError> {
    decode_slices(ints).ok_or_else(|| LagoonError::Unsupported("a malformed slice encoding".into()))
}

/// The `(list @)` result of `items`, each item `width` bytes: the widest
/// item's byte length rounded up to a multiple of 8 (8 at least).
fn wide_list(items: Vec<Atom>) -> Out {
    let widest = items
        .iter()
        .map(|a| a.to_le_bytes().len())
        .max()
        .unwrap_or(0);
    let width = u32::try_from(widest.div_ceil(8).max(1) * 8).unwrap_or(u32::MAX);
    Out::List { items, width }
}

/// A `(list @)` result of 64-bit items (a shape, an index, a tuple of counts).
fn u64_list(items: &[u64]) -> Out {
    Out::List {
        items: items.iter().map(|i| Atom::from_u64(*i)).collect(),
        width: 8,
    }
}

/// The binary op a `+fun-scalar` term names (`$ops` less `%abs %conj`).
fn binary_op(a: &Atom) -> Result<Op2, LagoonError> {
    Op2::from_term(&term(a)).ok_or(LagoonError::Assert {
        arm: "fun-scalar",
        check: "the op is a binary op of $ops (?+ fun !!)",
    })
}

/// `((fun-scalar meta op) x y)`: the gate the arm returns, applied.
fn fun_scalar_arm(c: &Args) -> Result<Out, LagoonError> {
    let gate = ew::fun_scalar(&c.door, &c.metas[0], binary_op(&c.atoms[0])?)?;
    ew::apply2(c.door.policy, &gate, &c.atoms[1], &c.atoms[2]).map(Out::Atom)
}

/// `((trans-scalar bloq kind op) x)`: the gate the arm returns, applied.
fn trans_scalar_arm(c: &Args) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    let kind = c.atoms[0]
        .as_u64()
        .and_then(Kind::from_cord)
        .ok_or(LagoonError::Assert {
            arm: "trans-scalar",
            check: "the kind is one of the six kinds",
        })?;
    let u = match term(&c.atoms[1]).as_str() {
        "abs" => Unary::Abs,
        "conj" => Unary::Conj,
        _ => {
            return Err(LagoonError::Assert {
                arm: "trans-scalar",
                check: "the op is %abs or %conj (?+ fun !!)",
            })
        }
    };
    let gate = ew::trans_scalar(&c.door, bloq, kind, u)?;
    ew::apply1(c.door.policy, &gate, &c.atoms[2]).map(Out::Atom)
}

/// `+i754-sun`/`+i754-sqt` on `[bloq x]` (a bloq past 32 bits is outside 4..=7 and crashes).
fn bloq_atom(
    c: &Args,
    f: fn(&Door, u32, &Atom) -> Result<Atom, LagoonError>,
) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    f(&c.door, bloq, &c.atoms[0]).map(Out::Atom)
}

/// `+unum-one`: posit one at `bloq` (3..=6; any other bloq crashes).
fn unum_one(c: &Args) -> Result<Out, LagoonError> {
    use softblas::scalar::unum::Width;
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    match Width::from_bloq(bloq) {
        Some(w) if bloq <= 6 => Ok(Out::Atom(Atom::from_u128(w.one()))),
        _ => Err(LagoonError::BadBloq {
            kind: Kind::Unum,
            bloq,
        }),
    }
}

/// The two lists at the end of `ints` (see the module docs): `ints[0]` is
/// the first list's length, then its items, then the second list's.
///
/// # Errors
/// [`LagoonError::Unsupported`] when the length exceeds the items (the C
/// ABI refuses such a block before it runs an arm).
fn two_lists(ints: &[u64]) -> Result<(&[u64], &[u64]), LagoonError> {
    let (&n, rest) = ints
        .split_first()
        .ok_or_else(|| LagoonError::Unsupported("no list length".into()))?;
    let n = usize::try_from(n)
        .ok()
        .filter(|n| *n <= rest.len())
        .ok_or_else(|| {
            LagoonError::Unsupported("the first list's length exceeds the ints".into())
        })?;
    Ok(rest.split_at(n))
}

/// `+get-item-number [sap dex]`.
fn item_number(c: &Args) -> Result<Out, LagoonError> {
    let (sap, dex) = two_lists(&c.ints)?;
    crate::get_item_number(sap, dex).map(|v| Out::Atom(Atom::from_u64(v)))
}

/// A posit op of `+unum-mod`/`+unum-pow` at `bloq` (3..=6, else the Hoon's
/// `?+ bloq !!`): `+fun-scalar`'s `%unum` gate for `%mod`/`%pow` is this arm.
fn unum_op(c: &Args, op: Binary) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    if !(3..=6).contains(&bloq) {
        return Err(LagoonError::BadBloq {
            kind: Kind::Unum,
            bloq,
        });
    }
    let meta = Meta::new(vec![1], bloq, Kind::Unum);
    let gate = ew::fun_scalar(&c.door, &meta, Op2::Binary(op))?;
    ew::apply2(c.door.policy, &gate, &c.atoms[0], &c.atoms[1]).map(Out::Atom)
}

/// The atoms of 64-bit list items.
fn atoms(ints: &[u64]) -> Vec<Atom> {
    ints.iter().map(|i| Atom::from_u64(*i)).collect()
}

/// `+unum-fdp [bloq av bv]`: `ints` = `bloq`, the length of `av`, `av`, `bv`.
fn unum_fdp(c: &Args) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    let (av, bv) = two_lists(&c.ints[1..])?;
    linalg::unum_fdp(bloq, &atoms(av), &atoms(bv)).map(Out::Atom)
}

/// `+fixp-fdp [prc av bv]`: `atoms` = `prc`'s `a` and `b`; `ints` = the
/// length of `av`, `av`, `bv`.
fn fixp_fdp(c: &Args) -> Result<Out, LagoonError> {
    let (a, b) = (c.atoms[0].clone(), c.atoms[1].clone());
    let (av, bv) = two_lists(&c.ints)?;
    linalg::fixp_fdp(&crate::Tail::Prec { a, b }, &atoms(av), &atoms(bv)).map(Out::Atom)
}

use Param::{
    Atom as A, Count as N, Index as X, Int as I, Kind as K, Meta as M, Pair as P, Ray as R,
    Shape as L, Slices as S, Values as V,
};

const NORM: Param = Param::Term(NORM_ORDS);
const SORT: Param = Param::Term(SORT_DIRS);
const RAY: Mold = Mold::Ray;
const FLAG: Mold = Mold::Flag;
const AT: Mold = Mold::Atom("");
const UD: Mold = Mold::Atom("ud");
const UX: Mold = Mold::Atom("ux");
const TAS: Mold = Mold::Atom("tas");
const LIST: Mold = Mold::List("");
const TRIPLE: Mold = Mold::Tuple(&[("", AT), ("", AT), ("", AT)]);

/// The static `ARMS: &[Arm]` of a catalogue from its rows, one per line:
/// `"name" jet, [params], product, rule, run;` (`jet` an `Option<&str>`).
/// `Arm`, `Rule`, the parameter names and the products are the caller's
/// names in scope (Saloon's `Arm` is its own instance of the row type).
#[macro_export]
macro_rules! catalogue {
    ($doc:literal; $($name:literal $jet:expr, [$($p:ident),*], $product:ident, $rule:ident, $run:expr;)*) => {
        #[doc = $doc]
        pub static ARMS: &[Arm] = &[$(Arm {
            name: $name,
            jet: $jet,
            params: &[$($p),*],
            product: $product,
            rule: Rule::$rule,
            run: $run,
        }),*];
    };
}

catalogue! {
    "Every catalogued Lagoon arm.";
    // Elementwise (lagoon.hoon@aa6f2a6 +bin-op / +el-wise-op arms).
    "add" Some("add-rays"), [R, R], RAY, SameMeta, |c| ray(ew::add(&c.door, &c.rays[0], &c.rays[1]));
    "sub" Some("sub-rays"), [R, R], RAY, SameMeta, |c| ray(ew::sub(&c.door, &c.rays[0], &c.rays[1]));
    "mul" Some("mul-rays"), [R, R], RAY, SameMeta, |c| ray(ew::mul(&c.door, &c.rays[0], &c.rays[1]));
    "div" Some("div-rays"), [R, R], RAY, SameMeta, |c| ray(ew::div(&c.door, &c.rays[0], &c.rays[1]));
    "mod" Some("mod-rays"), [R, R], RAY, SameMeta, |c| ray(ew::r#mod(&c.door, &c.rays[0], &c.rays[1]));
    "add-scalar" Some("add-scal"), [R, A], RAY, SameMeta, |c| ray(ew::add_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "sub-scalar" Some("sub-scal"), [R, A], RAY, SameMeta, |c| ray(ew::sub_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "mul-scalar" Some("mul-scal"), [R, A], RAY, SameMeta, |c| ray(ew::mul_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "div-scalar" Some("div-scal"), [R, A], RAY, SameMeta, |c| ray(ew::div_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "mod-scalar" Some("mod-scal"), [R, A], RAY, SameMeta, |c| ray(ew::mod_scalar(&c.door, &c.rays[0], &c.atoms[0]));
    "gth" Some("gth"), [R, R], RAY, SameMeta, |c| ray(ew::gth(&c.door, &c.rays[0], &c.rays[1]));
    "gte" Some("gte"), [R, R], RAY, SameMeta, |c| ray(ew::gte(&c.door, &c.rays[0], &c.rays[1]));
    "lth" Some("lth"), [R, R], RAY, SameMeta, |c| ray(ew::lth(&c.door, &c.rays[0], &c.rays[1]));
    "lte" Some("lte"), [R, R], RAY, SameMeta, |c| ray(ew::lte(&c.door, &c.rays[0], &c.rays[1]));
    "equ" None, [R, R], RAY, SameMeta, |c| ray(ew::equ(&c.door, &c.rays[0], &c.rays[1]));
    "neq" None, [R, R], RAY, SameMeta, |c| ray(ew::neq(&c.door, &c.rays[0], &c.rays[1]));
    "abs" Some("abs"), [R], RAY, SameMeta, |c| ray(ew::abs(&c.door, &c.rays[0]));
    "conj" None, [R], RAY, SameMeta, |c| ray(ew::conj(&c.door, &c.rays[0]));
    "pow-n" None, [R, N], RAY, SameMeta, |c| ray(ew::pow_n(&c.door, &c.rays[0], &c.atoms[0]));
    "is-close" None, [R, R, P], RAY, SameMeta, |c| ray(ew::is_close(&c.door, &c.rays[0], &c.rays[1], &c.atoms[0], &c.atoms[1]));
    // Whole-array reductions.
    "cumsum" Some("cumsum"), [R], RAY, Boxed, |c| ray(reduce::cumsum(&c.door, &c.rays[0]));
    "prod" None, [R], RAY, Computed, |c| ray(reduce::prod(&c.door, &c.rays[0]));
    "max" Some("max"), [R], RAY, Boxed, |c| ray(reduce::max(&c.door, &c.rays[0]));
    "min" Some("min"), [R], RAY, Boxed, |c| ray(reduce::min(&c.door, &c.rays[0]));
    "argmax" Some("argmax"), [R], UD, Computed, |c| reduce::argmax(&c.door, &c.rays[0]).map(|i| Out::Atom(Atom::from_u64(i)));
    "argmin" Some("argmin"), [R], UD, Computed, |c| reduce::argmin(&c.door, &c.rays[0]).map(|i| Out::Atom(Atom::from_u64(i)));
    "any" None, [R], FLAG, Computed, |c| reduce::any(&c.door, &c.rays[0]).map(flag);
    "all" None, [R], FLAG, Computed, |c| reduce::all(&c.door, &c.rays[0]).map(flag);
    // Builders.
    "zeros" None, [M], RAY, Computed, |c| ray(build::zeros(&c.metas[0]));
    "ones" None, [M], RAY, Computed, |c| ray(build::ones(&c.metas[0]));
    "fill" None, [M, A], RAY, Computed, |c| ray(build::fill(&c.metas[0], &c.atoms[0]));
    "eye" None, [M], RAY, Computed, |c| ray(build::eye(&c.metas[0]));
    "iota" None, [M], RAY, Computed, |c| ray(build::iota(&c.metas[0]));
    "magic" None, [M], RAY, Computed, |c| ray(build::magic(&c.metas[0]));
    "range" Some("range"), [M, P, A], RAY, Computed, |c| ray(builders_arith::range(&c.door, &c.metas[0], &c.atoms[0], &c.atoms[1], &c.atoms[2]));
    "linspace" Some("linspace"), [M, P, A], RAY, Computed, |c| ray(builders_arith::linspace(&c.door, &c.metas[0], &c.atoms[0], &c.atoms[1], &c.atoms[2]));
    "scale" None, [M, A], RAY, Computed, |c| ray(builders_arith::scale(&c.metas[0], &c.atoms[0]));
    // Shape and indexing.
    "transpose" Some("transpose"), [R], RAY, Transpose, |c| ray(shape::transpose(&c.rays[0]));
    "reshape" None, [R, X], RAY, Computed, |c| ray(shape::reshape(&c.rays[0], &c.ints));
    "ravel" Some("ravel"), [R], LIST, Computed, |c| ravel(&c.rays[0]);
    "get-item" None, [R, X], UX, Computed, |c| index::get_item(&c.rays[0], &c.ints).map(Out::Atom);
    "set-item" None, [R, X, A], RAY, Computed, |c| ray(index::set_item(&c.rays[0], &c.ints, &c.atoms[0]));
    "get-row" None, [R, X], RAY, Computed, |c| ray(index::get_row(&c.rays[0], &c.ints));
    "set-row" None, [R, X, R], RAY, Computed, |c| ray(index::set_row(&c.rays[0], &c.ints, &c.rays[1]));
    "get-col" None, [R, X], RAY, Computed, |c| ray(index::get_col(&c.rays[0], &c.ints));
    "set-col" None, [R, X, R], RAY, Computed, |c| ray(index::set_col(&c.rays[0], &c.ints, &c.rays[1]));
    "change" None, [R, K, I], RAY, Computed, change_arm;
    "check" None, [R], FLAG, Computed, |c| crate::check(&c.rays[0]).map(flag);
    "scalar-to-ray" None, [M, A], RAY, Computed, |c| ray(crate::scalar_to_ray(&c.metas[0], &c.atoms[0]));
    "urge" None, [R, I, I], RAY, Computed, |c| ray(shape::urge(&c.rays[0], c.ints[0], c.ints[1]));
    // Linear algebra and structure.
    "dot" Some("dot"), [R, R], RAY, Dot, |c| ray(linalg::dot(&c.door, &c.rays[0], &c.rays[1]));
    "dotc" None, [R, R], RAY, Computed, |c| ray(linalg::dotc(&c.door, &c.rays[0], &c.rays[1]));
    "mmul" Some("mmul"), [R, R], RAY, Mmul, |c| ray(linalg::mmul(&c.door, &c.rays[0], &c.rays[1]));
    "mmul-unum" None, [R, R], RAY, Computed, |c| ray(linalg::mmul_unum(&c.rays[0], &c.rays[1]));
    "mmul-fixp" None, [R, R], RAY, Computed, |c| ray(linalg::mmul_fixp(&c.rays[0], &c.rays[1]));
    "mpow-n" None, [R, I], RAY, Computed, |c| ray(linalg::mpow_n(&c.door, &c.rays[0], c.ints[0]));
    "diag" Some("diag"), [R], RAY, Diag, |c| ray(structure::diag(&c.rays[0]));
    "trace" Some("trace"), [R], RAY, Trace, |c| ray(structure::trace(&c.door, &c.rays[0]));
    "stack" None, [R, R, I], RAY, Computed, |c| ray(structure::stack(&c.rays[0], &c.rays[1], c.ints[0]));
    "hstack" None, [R, R], RAY, Computed, |c| ray(structure::hstack(&c.rays[0], &c.rays[1]));
    "vstack" None, [R, R], RAY, Computed, |c| ray(structure::vstack(&c.rays[0], &c.rays[1]));
    // Axis-wise arms.
    "sum-dim" None, [R, I], RAY, DropDim, |c| ray(axis::sum_dim(&c.door, &c.rays[0], c.ints[0]));
    "prod-dim" None, [R, I], RAY, DropDim, |c| ray(axis::prod_dim(&c.door, &c.rays[0], c.ints[0]));
    "max-dim" None, [R, I], RAY, DropDim, |c| ray(axis::max_dim(&c.door, &c.rays[0], c.ints[0]));
    "min-dim" None, [R, I], RAY, DropDim, |c| ray(axis::min_dim(&c.door, &c.rays[0], c.ints[0]));
    "argmax-dim" None, [R, I], RAY, DropDimIndex, |c| ray(axis::argmax_dim(&c.door, &c.rays[0], c.ints[0]));
    "argmin-dim" None, [R, I], RAY, DropDimIndex, |c| ray(axis::argmin_dim(&c.door, &c.rays[0], c.ints[0]));
    "mean-dim" None, [R, I], RAY, DropDim, |c| ray(axis::mean_dim(&c.door, &c.rays[0], c.ints[0]));
    "mean" None, [R], RAY, Computed, |c| ray(axis::mean(&c.door, &c.rays[0]));
    "var" None, [R, I], RAY, Computed, |c| ray(axis::var(&c.door, &c.rays[0], c.ints[0]));
    "std" None, [R, I], RAY, Computed, |c| ray(axis::std(&c.door, &c.rays[0], c.ints[0]));
    "var-dim" None, [R, I, I], RAY, DropDim, |c| ray(axis::var_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    "std-dim" None, [R, I, I], RAY, DropDim, |c| ray(axis::std_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    "norm" None, [R, NORM], RAY, Computed, |c| ray(axis::norm(&c.door, &c.rays[0], norm_ord(&c.atoms[0])?));
    "norm-dim" None, [R, I, NORM], RAY, DropDim, |c| ray(axis::norm_dim(&c.door, &c.rays[0], c.ints[0], norm_ord(&c.atoms[0])?));
    "sort-dim" None, [R, I, SORT], RAY, Computed, |c| ray(axis::sort_dim(&c.door, &c.rays[0], c.ints[0], sort_dir(&c.atoms[0])?));
    "argsort-dim" None, [R, I, SORT], RAY, Computed, |c| ray(axis::argsort_dim(&c.door, &c.rays[0], c.ints[0], sort_dir(&c.atoms[0])?));
    "argtop-dim" None, [R, I, I], RAY, Computed, |c| ray(axis::argtop_dim(&c.door, &c.rays[0], c.ints[0], c.ints[1]));
    "take-dim" None, [R, R, I], RAY, Computed, |c| ray(axis::take_dim(&c.rays[0], &c.rays[1], c.ints[0]));
    "cdist-sq" None, [R, R], RAY, Computed, |c| ray(axis::cdist_sq(&c.door, &c.rays[0], &c.rays[1]));
    "pdist-sq" None, [R], RAY, Computed, |c| ray(axis::pdist_sq(&c.door, &c.rays[0]));
    "broadcast-to" None, [R, L], RAY, Computed, |c| ray(axis::broadcast_to(&c.rays[0], &c.ints));
    // Appended (ids 111..): the remaining arms of lagoon.hoon@aa6f2a6 that bytes can carry.
    "submatrix" None, [S, R], RAY, Computed, |c| ray(crate::submatrix(&slices(&c.ints)?, &c.rays[0]));
    "spac" None, [R], RAY, Computed, |c| ray(crate::spac(&c.rays[0]));
    "unspac" None, [R], RAY, Computed, |c| ray(crate::unspac(&c.rays[0]));
    "fun-scalar" None, [M, A, A, A], AT, Computed, fun_scalar_arm;
    "trans-scalar" None, [I, K, A, A], AT, Computed, trans_scalar_arm;
    "get-term" None, [M], TAS, Computed, |c| crate::print::get_term(&c.metas[0]).map(|t| Out::Atom(Atom::from_le_bytes(t.as_bytes())));
    "strides" None, [M], LIST, Computed, |c| crate::strides(&c.metas[0]).map(wide_list);
    "get-dim" None, [L, I], LIST, Computed, |c| crate::get_dim(&c.ints[1..], c.ints[0]).map(|v| u64_list(&v));
    "get-item-index" None, [L, A], AT, Computed, |c| crate::get_item_index(&c.ints, &c.atoms[0]).map(Out::Atom);
    "get-item-number" None, [L, X], AT, Computed, |c| item_number(c);
    "get-bloq-offset" None, [M, X], AT, Computed, |c| crate::get_bloq_offset(&c.metas[0], &c.ints).map(|n| Out::Atom(Atom::from_u64(n)));
    "prod-list" None, [L], AT, Computed, |c| axis::prod_list(&c.ints).map(|n| Out::Atom(Atom::from_u64(n)));
    "drop-dim" None, [L, I], RAY, Computed, |c| Ok(u64_list(&axis::drop_dim(&c.ints[1..], c.ints[0])));
    "dim-parts" None, [L, I], TRIPLE, Computed, |c| axis::dim_parts(&c.ints[1..], c.ints[0]).map(|(o, l, i)| u64_list(&[o, l, i]));
    "i754-sun" None, [I, A], AT, Computed, |c| bloq_atom(c, axis::i754_sun);
    "i754-sqt" None, [I, A], AT, Computed, |c| bloq_atom(c, axis::i754_sqt);
    "unum-one" None, [I], AT, Computed, unum_one;
    "unum-sum" None, [I, V], AT, Computed, |c| reduce::unum_sum(u32::try_from(c.ints[0]).unwrap_or(u32::MAX), &atoms(&c.ints[1..])).map(Out::Atom);
    "unum-fdp" None, [I, V, V], AT, Computed, unum_fdp;
    "unum-mod" None, [I, A, A], AT, Computed, |c| unum_op(c, Binary::Mod);
    "unum-pow" None, [I, A, A], AT, Computed, |c| unum_op(c, Binary::Pow);
    "fixp-fdp" None, [P, V, V], AT, Computed, fixp_fdp;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lists_are_known() {
        assert_eq!(catalogue_faults(ARMS, NOT_CATALOGUED), Vec::<String>::new());
        assert_eq!(by_name("mmul:la").map(|a| a.jet), Some(Some("mmul")));
        assert_eq!(product_of("de-ray"), Some(Mold::Baum));
        // get-item-number [shape dex]: no fixed int, one length.
        assert_eq!(
            arity(by_name("get-item-number").unwrap().params),
            (0, 0, 0, 1, true)
        );
    }

    fn ctx(metas: Vec<Meta>, rays: Vec<Ray>, atoms: Vec<Atom>, ints: Vec<u64>) -> Args {
        Args {
            door: Door::lake(softblas::Round::N),
            rays,
            metas,
            atoms,
            ints,
        }
    }

    fn run(name: &str, c: &Args) -> Result<Out, LagoonError> {
        (by_name(name).expect(name).run)(c)
    }

    fn cord(t: &str) -> Atom {
        Atom::from_le_bytes(t.as_bytes())
    }

    fn atom(v: u64) -> Out {
        Out::Atom(Atom::from_u64(v))
    }

    /// [1.0 2.0 3.0] @rh.
    fn rh3() -> Ray {
        Ray::new(
            Meta::new(vec![3], 4, Kind::I754),
            Atom::from_u128(0x1_4200_4000_3c00),
        )
    }

    #[test]
    fn slice_triples() {
        // `~`, `[~ [~ ~]]`, `[~ [`1 ~]]`, `[~ [~ `2]]`, `[~ [`1 `2]]`.
        let ints = [0, 9, 9, 1, 9, 9, 3, 1, 9, 5, 9, 2, 7, 1, 2];
        assert_eq!(
            slices(&ints).unwrap(),
            vec![
                None,
                Some((None, None)),
                Some((Some(1), None)),
                Some((None, Some(2))),
                Some((Some(1), Some(2)))
            ]
        );
        // A partial triple and an unknown tag punt (a caller error the Hoon cannot see).
        assert!(slices(&[1, 0]).unwrap_err().is_unsupported());
        assert!(slices(&[9, 0, 0]).unwrap_err().is_unsupported());
        assert!(slices(&[2, 0, 0]).unwrap_err().is_unsupported());
    }

    #[test]
    fn appended_arms_on_small_cases() {
        let rs = Meta::new(vec![1], 5, Kind::I754);
        // submatrix x[1:2] (inclusive) of [1 2 3] @rh is [2 3].
        let c = ctx(vec![], vec![rh3()], vec![], vec![7, 1, 2]);
        let want = Ray::new(
            Meta::new(vec![2], 4, Kind::I754),
            Atom::from_u64(0x1_4200_4000),
        );
        assert_eq!(run("submatrix", &c), Ok(Out::Ray(want)));
        // unspac drops the pin, spac restores it.
        let c = ctx(vec![], vec![rh3()], vec![], vec![]);
        let bare = Ray::new(rh3().meta, Atom::from_u64(0x4200_4000_3c00));
        assert_eq!(run("unspac", &c), Ok(Out::Ray(bare.clone())));
        let c = ctx(vec![], vec![bare], vec![], vec![]);
        assert_eq!(run("spac", &c), Ok(Out::Ray(rh3())));
        // ((fun-scalar [~[1] 5 %i754 ~] %add) .1 .2) = .3
        let c = ctx(
            vec![rs.clone()],
            vec![],
            vec![
                cord("add"),
                Atom::from_u64(0x3f80_0000),
                Atom::from_u64(0x4000_0000),
            ],
            vec![],
        );
        assert_eq!(run("fun-scalar", &c), Ok(atom(0x4040_0000)));
        // ((trans-scalar 5 %i754 %abs) .-1) = .1
        let c = ctx(
            vec![],
            vec![],
            vec![cord("i754"), cord("abs"), Atom::from_u64(0xbf80_0000)],
            vec![5],
        );
        assert_eq!(run("trans-scalar", &c), Ok(atom(0x3f80_0000)));
        // get-term of an @rd meta is %rd.
        let rd = Meta::new(vec![2], 6, Kind::I754);
        let c = ctx(vec![rd], vec![], vec![], vec![]);
        assert_eq!(run("get-term", &c), Ok(Out::Atom(cord("rd"))));
        // get-dim [~[2 3] 4] = ~[1 1]: the int (ind) comes first in `ints`.
        let c = ctx(vec![], vec![], vec![], vec![4, 2, 3]);
        assert_eq!(run("get-dim", &c), Ok(u64_list(&[1, 1])));
        // get-item-number [~[2 3] ~[1 2]] = 5: the first list's length first.
        let c = ctx(vec![], vec![], vec![], vec![2, 2, 3, 1, 2]);
        assert_eq!(run("get-item-number", &c), Ok(atom(5)));
        // dim-parts [~[2 3 4] 1] = [2 3 4]; drop-dim [~[5] 0] = ~[1].
        let c = ctx(vec![], vec![], vec![], vec![1, 2, 3, 4]);
        assert_eq!(run("dim-parts", &c), Ok(u64_list(&[2, 3, 4])));
        let c = ctx(vec![], vec![], vec![], vec![0, 5]);
        assert_eq!(run("drop-dim", &c), Ok(u64_list(&[1])));
        // prod-list ~ = 1.
        let c = ctx(vec![], vec![], vec![], vec![]);
        assert_eq!(run("prod-list", &c), Ok(atom(1)));
        // i754-sun [6 3] = .~3; i754-sqt [5 .4] = .2.
        let c = ctx(vec![], vec![], vec![Atom::from_u64(3)], vec![6]);
        assert_eq!(run("i754-sun", &c), Ok(atom(0x4008_0000_0000_0000)));
        let c = ctx(vec![], vec![], vec![Atom::from_u64(0x4080_0000)], vec![5]);
        assert_eq!(run("i754-sqt", &c), Ok(atom(0x4000_0000)));
        // unum-one 3 = 0x40 (rpb one); bloq 7 crashes (?+ bloq !!).
        let c = ctx(vec![], vec![], vec![], vec![3]);
        assert_eq!(run("unum-one", &c), Ok(atom(0x40)));
        let c = ctx(vec![], vec![], vec![], vec![7]);
        assert!(matches!(
            run("unum-one", &c),
            Err(LagoonError::BadBloq { .. })
        ));
        // unum-sum [3 ~[1 1]] = 2 (0x48); unum-fdp [3 ~[1] ~[2]] = 2.
        let c = ctx(vec![], vec![], vec![], vec![3, 0x40, 0x40]);
        assert_eq!(run("unum-sum", &c), Ok(atom(0x48)));
        let c = ctx(vec![], vec![], vec![], vec![3, 1, 0x40, 0x48]);
        assert_eq!(run("unum-fdp", &c), Ok(atom(0x48)));
        // unum-pow [3 2 1] = 2; unum-mod at bloq 2 crashes.
        let c = ctx(
            vec![],
            vec![],
            vec![Atom::from_u64(0x48), Atom::from_u64(0x40)],
            vec![3],
        );
        assert_eq!(run("unum-pow", &c), Ok(atom(0x48)));
        let c = ctx(
            vec![],
            vec![],
            vec![Atom::from_u64(0x48), Atom::from_u64(0x40)],
            vec![2],
        );
        assert!(matches!(
            run("unum-mod", &c),
            Err(LagoonError::BadBloq { .. })
        ));
    }

    #[test]
    fn fixp_fdp_is_exact_and_truncates_once() {
        // prc [7 8]: 16-bit values, 1.0 = 0x100. [1 2]·[3 1] = 5.
        let prc = vec![Atom::from_u64(7), Atom::from_u64(8)];
        let c = ctx(
            vec![],
            vec![],
            prc.clone(),
            vec![2, 0x100, 0x200, 0x300, 0x100],
        );
        assert_eq!(run("fixp-fdp", &c), Ok(atom(0x500)));
        // [-1.0]·[0.5] = -0.5, two's complement at 16 bits.
        let c = ctx(vec![], vec![], prc.clone(), vec![1, 0xff00, 0x80]);
        assert_eq!(run("fixp-fdp", &c), Ok(atom(0xff80)));
        // Ten products of 2^-8 · 2^-8 are each below the last bit; summed
        // exactly they still are (one truncation, toward zero): 0.
        let c = ctx(vec![], vec![], prc, [vec![10], vec![1; 20]].concat());
        assert_eq!(run("fixp-fdp", &c), Ok(atom(0)));
    }

    #[test]
    fn strides_items_are_whole_words() {
        // strides of [2 3] @rh: every item fits 8 bytes.
        let m = Meta::new(vec![2, 3], 4, Kind::I754);
        let c = ctx(vec![m.clone()], vec![], vec![], vec![]);
        let want = crate::strides(&m).unwrap();
        assert_eq!(
            run("strides", &c),
            Ok(Out::List {
                items: want,
                width: 8
            })
        );
    }
}
