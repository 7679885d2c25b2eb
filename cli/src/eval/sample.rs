//! The samples of the gates and doors `urnum eval` calls, typed as the Hoon
//! declares them, and Hoon's nesting rule that a call's arguments must pass.
//!
//! A call `(gate a b)` in Hoon replaces the gate's sample with `[a b]`, and
//! the compiler checks that the new sample's type nests in the declared one
//! (`+nest` in `sys/hoon.hoon`, kelvin 138: `+dext` walks both types; `+fitz`
//! compares auras). [`nest`] follows that walk over [`Type`]: a face on either
//! side is looked through, cells nest head and tail, an atom's aura nests when
//! one aura is a prefix of the other (`@` nests everywhere, `@rs` in `@r` and
//! `@r` in `@rs`, `@rs` not in `@rd`, `@ud` not in `@rs`, a term (`@tas`) not
//! in a float), a fork (`?`, a list, a unit, `$rounding-mode`) accepts what
//! one of its cases accepts. Like `+dext`, a failure is reported at the
//! innermost pair of types that do not nest: `(add:rs .1 .1d)` fails with
//! `-need.@rs -have.@rd`, `(add:rs .1)` with `-need.[a=@rs b=@rs] -have.@rs`.
//!
//! [`gate_sample`] gives a gate's declared sample:
//! - Lagoon and Saloon arms from their catalogues' parameter lists
//!   ([`lagoon::arms::Param`]: a `$ray`, a `$meta`, `@`, `@ud`, a `$kind`, a
//!   term of a fixed set, a list of `@`), without faces;
//! - `/lib/math`, `/lib/unum`, `/lib/complex`, `/lib/twoc` and `/lib/fixed`
//!   from the shape of each arm's row in their catalogues
//!   (`softblas::math::arms`, `softblas::scalar::{unum, cplx, int2, fixp}::arms`),
//!   with the faces and the few auras a row does not say (`@s` of `+san`,
//!   `+s-to-twoc`, `+from-s`) from the gates' `|=` lines (math.hoon@a71a0b9,
//!   the others @96f3cfe).
//!
//! [`door_sample`] gives a door's sample (`(lake %n)`, `~(exp rd [%n .~1e-10 .~0])`).
//! What is not listed is not checked (`docs/differential-testing.md` lists it).

use super::types::Type;
use crate::doors;
use lagoon::arms::Param;
use softblas::scalar::catalogue::find;

/// What a registry key names, as far as calling it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gate {
    /// A constant arm (`pi:rs`, `zero:cs`): a value, not a gate.
    Constant,
    /// A gate with this sample type.
    Sample(Type),
}

/// The innermost pair of types that did not nest: what was needed and what was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The type asked for.
    pub need: Type,
    /// The type given.
    pub have: Type,
}

/// Whether two auras nest, by `+fitz` of hoon.hoon: a trailing capital
/// (`@uvJ`, a size) on the given aura must be no larger than the needed
/// one's when both have it, and what precedes the sizes must be one a prefix
/// of the other (`@` nests everywhere; `@rs`, `@rpb` and `@rqs` nest in
/// `@r`, `@rp` in `@rpb`, `@rpb` not in `@rs`, `@rs` not in `@rd`).
fn fitz(need: &str, have: &str) -> bool {
    /// The aura's size (`A` = 1 … `Z` = 26, 0 when none) and the rest.
    fn fiz(a: &str) -> (u8, &str) {
        match a.as_bytes().last() {
            Some(&c) if c.is_ascii_uppercase() => (c - b'A' + 1, &a[..a.len() - 1]),
            _ => (0, a),
        }
    }
    let ((yp, yq), (wp, wq)) = (fiz(need), fiz(have));
    (yp == 0 || wp == 0 || wp <= yp) && (yq.starts_with(wq) || wq.starts_with(yq))
}

/// How many parts a gate's sample splits into at its top (`[a=@rs b=@rs]`
/// is two, `x=@rs` one, `[x=@ prec=[a=@ b=@]]` two): a faced part is one
/// part whatever its type.
pub fn parts(sample: &Type) -> usize {
    match sample {
        Type::Cell(_, t) => 1 + parts(t),
        _ => 1,
    }
}

fn strip(t: &Type) -> &Type {
    match t {
        Type::Face(_, inner) => strip(inner),
        t => t,
    }
}

/// Whether `have` nests in `need` (`lenient`: any atom nests in any atom, as
/// in `` `@rd`0x1 ``); the error is the innermost pair that does not.
///
/// # Errors
/// The [`Mismatch`] where the walk failed.
pub fn nest(need: &Type, have: &Type, lenient: bool) -> Result<(), Mismatch> {
    let fail = || {
        Err(Mismatch {
            need: need.clone(),
            have: have.clone(),
        })
    };
    let h = strip(have);
    // A fork on the right nests when each of its cases does (`+sint`).
    if let Type::Fork(alts) = h {
        if !matches!(need, Type::Noun | Type::Face(..)) {
            return alts.iter().try_for_each(|a| nest(need, a, lenient));
        }
    }
    match need {
        Type::Noun => Ok(()),
        Type::Face(_, t) => nest(t, have, lenient),
        Type::Atom(a) => match h {
            Type::Atom(b) | Type::Const(b, _) if lenient || fitz(a, b) => Ok(()),
            Type::Term(_) if lenient || fitz(a, "tas") => Ok(()),
            _ => fail(),
        },
        Type::Const(a, v) => match h {
            Type::Const(b, w) if fitz(a, b) && v == w => Ok(()),
            _ => fail(),
        },
        Type::Term(t) => match h {
            Type::Term(u) if t == u => Ok(()),
            _ => fail(),
        },
        Type::Cell(nh, nt) => match h {
            Type::Cell(hh, ht) => {
                nest(nh, hh, lenient)?;
                nest(nt, ht, lenient)
            }
            _ => fail(),
        },
        // The forks: each case is tried quietly; a failure is the fork's own.
        Type::Fork(alts) => {
            if alts.iter().any(|a| nest(a, have, lenient).is_ok()) {
                Ok(())
            } else {
                fail()
            }
        }
        // Both forks of `~` and a cell: `[i=item t=(list item)]`, `[~ u=item]`.
        Type::List(item) | Type::Unit(item) => {
            let null = Type::null();
            let (head, tail) = match need {
                Type::List(_) => (item.as_ref(), need),
                _ => (&null, item.as_ref()),
            };
            let ok = match (need, h) {
                (_, Type::Const(n, 0)) if n == "n" => true,
                (Type::List(_), Type::List(hi)) | (Type::Unit(_), Type::Unit(hi)) => {
                    nest(item, hi, lenient).is_ok()
                }
                (_, Type::Cell(hh, ht)) => {
                    nest(head, hh, lenient).is_ok() && nest(tail, ht, lenient).is_ok()
                }
                _ => false,
            };
            if ok {
                Ok(())
            } else {
                fail()
            }
        }
    }
}

/// `$rounding-mode` (`?(%n %u %d %z)`).
pub fn rounding_mode() -> Type {
    Type::Fork(
        ["n", "u", "d", "z"]
            .iter()
            .map(|t| Type::Term((*t).to_string()))
            .collect(),
    )
}

/// `face=@aura`.
fn at(face: &str, aura: &str) -> Type {
    Type::face(face, Type::atom(aura))
}

/// A sample `[face=@aura ...]` from `"face:aura face:aura"` (`""` aura is `@`).
fn faced(spec: &str, f: &str) -> Type {
    let items = spec
        .split(' ')
        .map(|part| {
            let (face, aura) = part.split_once(':').unwrap_or((part, ""));
            match aura {
                "f" => at(face, f),
                "prec" => Type::face(face, prec()),
                "list-f" => Type::face(face, Type::List(Box::new(Type::atom(f)))),
                a => at(face, a),
            }
        })
        .collect();
    Type::tuple(items)
}

/// `$prec` of `/lib/fixed`: `[a=@ b=@]`.
fn prec() -> Type {
    Type::tuple(vec![at("a", ""), at("b", "")])
}

/// The type of one catalogue parameter.
fn param(p: Param) -> Type {
    match p {
        Param::Ray => Type::ray(),
        Param::Meta => Type::meta(),
        Param::Atom | Param::Int => Type::atom(""),
        Param::Count => Type::atom("ud"),
        Param::Kind => Type::kind(),
        Param::Term(set) => Type::Fork(set.iter().map(|t| Type::Term((*t).into())).collect()),
        Param::Pair => Type::tuple(vec![Type::atom(""), Type::atom("")]),
        Param::Shape | Param::Index | Param::Values => Type::List(Box::new(Type::atom(""))),
        Param::Slices => Type::Noun,
    }
}

fn of_params(params: &[Param]) -> Type {
    Type::tuple(params.iter().map(|p| param(*p)).collect())
}

/// A `/lib/math` door's arm (`f` is the door's float aura): the shape of
/// the sample from the arm's row in [`softblas::math::arms`], the faces
/// from the gates' `|=` lines.
fn math(arm: &str, f: &str) -> Option<Gate> {
    use softblas::math::arms::{find, Call};
    let row = find(arm)?;
    Some(Gate::Sample(match row.call {
        Call::Constant(_) | Call::Wide(_) => return Some(Gate::Constant),
        Call::Float1(_) | Call::Test1(_) => at("x", f),
        Call::ToInt(_) => at("a", f),
        Call::Float2(_) | Call::Test2(_) => match row.name {
            "is-close" => faced("p:f r:f", f),
            "atan2" => faced("y:f x:f", f),
            "pow" | "pow-n" => faced("x:f n:f", f),
            _ => faced("a:f b:f", f),
        },
        Call::Float3(_) => faced("a:f b:f c:f", f),
        Call::TestList(_) => faced("p:f q:list-f", f),
        Call::Places(_) => faced("x:f n:ud", f),
        Call::Unsigned(_) => at("a", "u"),
        Call::Signed(_) => at("a", "s"),
    }))
}

/// A `/lib/unum` posit door's arm, its shape from its row in
/// [`softblas::scalar::unum::arms`] with the faces of the gates' `|=` lines
/// (`+bit`, `+smag` and the `+$up`/`+$fn` conversions are not checked).
fn unum(arm: &str) -> Option<Gate> {
    use softblas::scalar::unum::arms::{Call, ARMS};
    Some(Gate::Sample(match find(ARMS, arm)?.call {
        Call::Fact(_) | Call::Constant(_) => return Some(Gate::Constant),
        Call::Unary(_) if matches!(arm, "neg" | "abs" | "sgn") => at("a", ""),
        Call::Unary(_) | Call::ToInteger(_) | Call::Decode(_) | Call::ToQuire(_) => at("p", ""),
        Call::Pow => faced("x: y:", ""),
        Call::Binary(_) | Call::Compare(_) => faced("a: b:", ""),
        Call::SignedCompare(_) => faced("a:s b:s", ""),
        Call::PowN(_) => faced("x: p:u", ""),
        Call::Ternary(_) => faced("a: b: c:", ""),
        Call::Compare3(_) => faced("a: b: tol:", ""),
        Call::QuireProduct(_) => faced("q: a: b:", ""),
        Call::QuirePosit(_) => faced("q: p:", ""),
        Call::Quire2(_) => faced("x: y:", ""),
        Call::Quire1(_) | Call::FromQuire(_) => at("q", ""),
        Call::Dot(_) => Type::tuple(vec![
            Type::face("av", Type::List(Box::new(Type::atom("")))),
            Type::face("bv", Type::List(Box::new(Type::atom("")))),
        ]),
        Call::FromSigned(_) => at("v", "s"),
        Call::FromUnsigned(_) => at("v", ""),
        Call::Elementary(_) | Call::Natural(_) | Call::ToIeee(_) | Call::FromIeee(_) => at("x", ""),
        Call::Encode(_) | Call::Smag | Call::UpToFn | Call::FnToUp => return None,
    }))
}

/// A `/lib/complex` door's arm (`f` is the component float's aura), its
/// shape from its row in [`softblas::scalar::cplx::arms`].
fn complex(arm: &str, f: &str) -> Option<Gate> {
    use softblas::scalar::cplx::arms::{Call, ARMS};
    Some(Gate::Sample(match find(ARMS, arm)?.call {
        Call::Elem0(_) | Call::Comp0(_) => return Some(Gate::Constant),
        Call::Elem1(_) | Call::Part(_) | Call::RawElem(_) => at("p", ""),
        Call::Elem2(_) | Call::Test(_) => faced("p: q:", f),
        Call::Comp1(_) => at("x", f),
        Call::Comp2(_) => faced("y:f x:f", f),
        Call::Pack(_) => faced("r:f i:f", f),
    }))
}

/// A `/lib/twoc` door's arm, its shape from its row in
/// [`softblas::scalar::int2::arms`] (`+s-to-twoc` takes an `@s`).
fn twoc(arm: &str) -> Option<Gate> {
    use softblas::scalar::int2::arms::{Call, ARMS};
    Some(Gate::Sample(match find(ARMS, arm)?.call {
        Call::Nullary(_) => return Some(Gate::Constant),
        Call::Unary(_) if arm == "s-to-twoc" => at("a", "s"),
        Call::Bit(_) | Call::Unary(_) | Call::ToSigned(_) => at("a", ""),
        Call::Binary(_) | Call::Fallible(_) | Call::Compare(_) if arm == "pow" => {
            faced("a: n:", "")
        }
        Call::Binary(_) | Call::Fallible(_) | Call::Compare(_) => faced("a: b:", ""),
        Call::Compare3(_) => faced("a: b: c:", ""),
    }))
}

/// A `/lib/fixed` arm, its shape from its row in
/// [`softblas::scalar::fixp::arms`] (`+from-s` takes an `@s`).
fn fixed(arm: &str) -> Option<Gate> {
    use softblas::scalar::fixp::arms::{Call, ARMS};
    Some(Gate::Sample(match find(ARMS, arm)?.call {
        Call::Width(_) => Type::face("prec", prec()),
        Call::Unary(_) if arm == "from-s" => faced("n:s prec:prec", ""),
        Call::Unary(_) | Call::ToSigned(_) | Call::ToSingle(_) => faced("x: prec:prec", ""),
        Call::FromSingle(_) => faced("f:rs prec:prec", ""),
        Call::Binary(_) | Call::Compare(_) | Call::Widening(_) => {
            faced("x: xprec:prec y: yprec:prec", "")
        }
        Call::Bits(_) => faced("x: prec:prec n:", ""),
        Call::Scale(_) => faced("x: xprec:prec yprec:prec", ""),
    }))
}

/// The declared sample of the arm registered under `key` (`add:la`,
/// `exp:rd`, `add:rpb`, `mul:fixed`), or [`Gate::Constant`]; `None` when
/// the table does not know the arm (its calls are not checked).
pub fn gate_sample(key: &str) -> Option<Gate> {
    let (arm, door) = key.split_once(':')?;
    // A posit arm pinned to a `/lib/unum` revision (`exp:rps@96f3cfe`) has its door's sample.
    let door = door.split_once('@').map_or(door, |(d, _)| d);
    let d = doors::door(door)?;
    match d.lib {
        "lagoon" => lagoon::arms::by_name(arm).map(|a| Gate::Sample(of_params(a.params))),
        "saloon" => saloon::arms::by_name(arm).map(|a| Gate::Sample(of_params(a.params))),
        "math" => math(arm, d.float?),
        "unum" => unum(arm),
        "complex" => complex(arm, d.float?),
        "twoc" => twoc(arm),
        "fixed" => fixed(arm),
        _ => None,
    }
}

/// The declared sample of the door `name` (`la` through `+lake`, `sa`
/// through `+sake`), by its faces in [`doors::DOORS`]; `None` for a door
/// without a sample.
pub fn door_sample(name: &str) -> Option<Type> {
    let d = doors::door(name)?;
    let f = d.float.unwrap_or("");
    let items: Vec<Type> = d
        .faces
        .iter()
        .map(|face| match *face {
            "r" | "rnd" => Type::face(face, rounding_mode()),
            "rtol" if d.lib == "saloon" => at(face, "r"),
            "rtol" | "atol" => at(face, f),
            other => at(other, ""),
        })
        .collect();
    (!items.is_empty()).then(|| Type::tuple(items))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rs() -> Type {
        Type::atom("rs")
    }

    #[test]
    fn auras_nest_by_prefix_either_way() {
        assert!(nest(&rs(), &Type::atom("r"), false).is_ok());
        assert!(nest(&Type::atom("r"), &rs(), false).is_ok());
        assert!(nest(&Type::atom(""), &rs(), false).is_ok());
        assert!(nest(&rs(), &Type::atom(""), false).is_ok());
        assert!(nest(&rs(), &Type::atom("rd"), false).is_err());
        assert!(nest(&rs(), &Type::atom("ud"), false).is_err());
        assert!(nest(&rs(), &Type::Term("foo".into()), false).is_err());
        assert!(nest(&rs(), &Type::atom("rd"), true).is_ok());
        // Posit and quire auras nest by the same prefix rule.
        assert!(nest(&Type::atom("rpb"), &Type::atom("rp"), false).is_ok());
        assert!(nest(&Type::atom("r"), &Type::atom("rpb"), false).is_ok());
        assert!(nest(&Type::atom("rpb"), &Type::atom("rph"), false).is_err());
        assert!(nest(&rs(), &Type::atom("rpb"), false).is_err());
        // Sizes: a smaller given size nests in a larger needed one.
        assert!(fitz("uvJ", "uvE"));
        assert!(!fitz("uvE", "uvJ"));
        assert!(fitz("uvJ", "uv") && fitz("uv", "uvJ"));
    }

    #[test]
    fn samples_split_at_their_top() {
        assert_eq!(parts(&faced("a:f b:f", "rs")), 2);
        assert_eq!(parts(&at("x", "rs")), 1);
        assert_eq!(parts(&faced("x: prec:prec", "")), 2);
        assert_eq!(parts(&faced("x: xprec:prec y: yprec:prec", "")), 4);
    }

    #[test]
    fn the_innermost_mismatch_is_reported() {
        let need = faced("a:f b:f", "rs");
        let have = Type::tuple(vec![rs(), Type::atom("ud")]);
        let m = nest(&need, &have, false).unwrap_err();
        assert_eq!((m.need, m.have), (rs(), Type::atom("ud")));
        // Too few arguments: the whole sample against the one atom.
        let m = nest(&need, &rs(), false).unwrap_err();
        assert_eq!((m.need, m.have), (need.clone(), rs()));
        // Too many: the second face's atom against the rest.
        let have = Type::tuple(vec![rs(), rs(), rs()]);
        let m = nest(&need, &have, false).unwrap_err();
        assert_eq!(m.need, rs());
    }

    #[test]
    fn every_door_with_faces_has_a_sample() {
        for d in doors::DOORS {
            assert_eq!(
                door_sample(d.name).is_some(),
                !d.faces.is_empty(),
                "{}",
                d.name
            );
        }
        assert!(nest(&door_sample("la").unwrap(), &Type::Term("n".into()), false).is_ok());
        assert!(nest(&door_sample("la").unwrap(), &Type::Term("x".into()), false).is_err());
    }
}
