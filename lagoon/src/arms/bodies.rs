//! The bodies of the rows that do more than call one arm: terms, slices
//! and lists decoded from the sample, and products encoded as the row's
//! type says.

use super::row::{Args, Out};
use crate::axis::{NormOrd, SortDir};
use crate::{
    change, door::Door, elementwise as ew, error::LagoonError, linalg, meta::Meta, ray::Ray,
};
use softblas::prog::{Binary, Op2, Unary};
use softblas::{Atom, Kind};

/// Which term of `$norm-ord` or the sort direction an atom names.
fn term(a: &Atom) -> String {
    let bytes: Vec<u8> = a
        .to_le_bytes()
        .into_iter()
        .take_while(|b| *b != 0)
        .collect();
    String::from_utf8(bytes).unwrap_or_default()
}

pub(super) fn norm_ord(a: &Atom) -> Result<NormOrd, LagoonError> {
    NormOrd::from_term(&term(a)).ok_or(LagoonError::Assert {
        arm: "norm",
        check: "the order is one of %l1 %l2 %linf %fro",
    })
}

pub(super) fn sort_dir(a: &Atom) -> Result<SortDir, LagoonError> {
    SortDir::from_term(&term(a)).ok_or(LagoonError::Assert {
        arm: "sort",
        check: "the direction is %asc or %des",
    })
}

/// The kind an atom names (its cord), for the arm `arm`'s check.
fn kind_of(a: &Atom, arm: &'static str) -> Result<Kind, LagoonError> {
    a.as_u64()
        .and_then(Kind::from_cord)
        .ok_or(LagoonError::Assert {
            arm,
            check: "the kind is one of the six kinds",
        })
}

/// A result whose Hoon type is `?`: `%.y` is 0.
pub(super) fn flag(b: bool) -> Out {
    Out::Atom(Atom::from_u64(u64::from(!b)))
}

pub(super) fn ray(r: Result<Ray, LagoonError>) -> Result<Out, LagoonError> {
    r.map(Out::Ray)
}

/// The element list of a ray, each item the element width in bytes.
pub(super) fn ravel(a: &Ray) -> Result<Out, LagoonError> {
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

pub(super) fn change_arm(c: &Args) -> Result<Out, LagoonError> {
    let kind = kind_of(&c.atoms[0], "change")?;
    let bloq = u32::try_from(c.ints[0]).map_err(|_| LagoonError::TooLarge {
        bits: u128::from(c.ints[0]),
    })?;
    ray(change::change(&c.door, &c.rays[0], kind, bloq))
}

/// The `(list slice)` of `ints` (see [`Param::Slices`](super::Param::Slices)), `None` for a tag
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
pub(super) fn slices(ints: &[u64]) -> Result<Vec<crate::Slice>, LagoonError> {
    decode_slices(ints).ok_or_else(|| LagoonError::Unsupported("a malformed slice encoding".into()))
}

/// The `(list @)` result of `items`, each item `width` bytes: the widest
/// item's byte length rounded up to a multiple of 8 (8 at least).
pub(super) fn wide_list(items: Vec<Atom>) -> Out {
    let widest = items
        .iter()
        .map(|a| a.to_le_bytes().len())
        .max()
        .unwrap_or(0);
    let width = u32::try_from(widest.div_ceil(8).max(1) * 8).unwrap_or(u32::MAX);
    Out::List { items, width }
}

/// A `(list @)` result of 64-bit items (a shape, an index, a tuple of counts).
pub(super) fn u64_list(items: &[u64]) -> Out {
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
pub(super) fn fun_scalar_arm(c: &Args) -> Result<Out, LagoonError> {
    let gate = ew::fun_scalar(&c.door, &c.metas[0], binary_op(&c.atoms[0])?)?;
    ew::apply2(c.door.policy, &gate, &c.atoms[1], &c.atoms[2]).map(Out::Atom)
}

/// `((trans-scalar bloq kind op) x)`: the gate the arm returns, applied.
pub(super) fn trans_scalar_arm(c: &Args) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    let kind = kind_of(&c.atoms[0], "trans-scalar")?;
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
pub(super) fn bloq_atom(
    c: &Args,
    f: fn(&Door, u32, &Atom) -> Result<Atom, LagoonError>,
) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    f(&c.door, bloq, &c.atoms[0]).map(Out::Atom)
}

/// `+unum-one`: posit one at `bloq` (3..=6; any other bloq crashes).
pub(super) fn unum_one(c: &Args) -> Result<Out, LagoonError> {
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
pub(super) fn item_number(c: &Args) -> Result<Out, LagoonError> {
    let (sap, dex) = two_lists(&c.ints)?;
    crate::get_item_number(sap, dex).map(|v| Out::Atom(Atom::from_u64(v)))
}

/// A posit op of `+unum-mod`/`+unum-pow` at `bloq` (3..=6, else the Hoon's
/// `?+ bloq !!`): `+fun-scalar`'s `%unum` gate for `%mod`/`%pow` is this arm.
pub(super) fn unum_op(c: &Args, op: Binary) -> Result<Out, LagoonError> {
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
pub(super) fn atoms(ints: &[u64]) -> Vec<Atom> {
    ints.iter().map(|i| Atom::from_u64(*i)).collect()
}

/// `+unum-fdp [bloq av bv]`: `ints` = `bloq`, the length of `av`, `av`, `bv`.
pub(super) fn unum_fdp(c: &Args) -> Result<Out, LagoonError> {
    let bloq = u32::try_from(c.ints[0]).unwrap_or(u32::MAX);
    let (av, bv) = two_lists(&c.ints[1..])?;
    linalg::unum_fdp(bloq, &atoms(av), &atoms(bv)).map(Out::Atom)
}

/// `+fixp-fdp [prc av bv]`: `atoms` = `prc`'s `a` and `b`; `ints` = the
/// length of `av`, `av`, `bv`.
pub(super) fn fixp_fdp(c: &Args) -> Result<Out, LagoonError> {
    let (a, b) = (c.atoms[0].clone(), c.atoms[1].clone());
    let (av, bv) = two_lists(&c.ints)?;
    linalg::fixp_fdp(&crate::meta::Tail::Prec { a, b }, &atoms(av), &atoms(bv)).map(Out::Atom)
}
