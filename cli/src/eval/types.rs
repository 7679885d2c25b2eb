//! Hoon types as far as printing needs them, and the table of each arm's result type.
//!
//! A [`Type`] mirrors the part of Hoon's `$type` that `++dish` (urbit/urbit
//! `sys/hoon.hoon`, kelvin 138, section 5c) looks at when the dojo prints a
//! value: atoms with their aura, constants (`%i754`, `~`, `%.y`), faces,
//! cells, lists, units, forks and `*`.
//!
//! [`result_type`] is the table from registry keys to result types, written
//! from the arms' `^-` casts in the Hoon sources:
//! - Lagoon (`lagoon/desk/lib/lagoon.hoon@aa6f2a6`, `$ray = [=meta data=@ux]`,
//!   `$meta = [shape=(list @) =bloq =kind tail=*]`): each arm's product type
//!   is its row's [`Mold`] in the catalogue `lagoon::arms` ([`Type::of_mold`]);
//! - Saloon (`saloon/desk/lib/saloon.hoon@424a2bf`): the row's [`Mold`] in
//!   the catalogue `saloon::arms` (its `NOT_CATALOGUED` list for the rest);
//! - `libmath/desk/lib/math.hoon@a71a0b9`: a door's arms give its float
//!   (`@rh @rs @rd @rq`), comparisons and `is-close`/`all-close`/`is-int`/`sig`
//!   give `?`, `lr` gives `[ef lm]`, `toi` gives `(unit @s)`;
//! - `libmath/desk/lib/unum.hoon@96f3cfe`, from each row's product in the
//!   catalogue `softblas::scalar::unum::arms`: posit arms give `@` (printed as
//!   `@ud`), comparisons and `is-close` give `?`, `toi` `(unit @s)`, `to-r*` floats;
//! - `libmath/desk/lib/complex.hoon@96f3cfe`: packed results are `@`, the
//!   component arms (`re`, `im`, `rexp`, ...) the component float, `equ`/`neq` `?`;
//! - `libmath/desk/lib/twoc.hoon@96f3cfe`: `@`, comparisons `?`, `msb` `@ud`,
//!   `twoc-to-s` `@s`;
//! - `libmath/desk/lib/fixed.hoon@96f3cfe`: `@`, `mul`/`div` `[@ prec]`,
//!   comparisons `?`, `to-s` `@s`, `to-rs` `@rs`.
//!
//! An arm whose result type the table does not know gives `None`; the
//! evaluator then refuses to print it as the dojo would (it can still print
//! the raw noun).

use lagoon::arms::Mold;
use softblas::math::arms::Product as MathProduct;
use softblas::scalar::catalogue::{find, Arm};

/// A Hoon type, as the dojo's printer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Type {
    /// `*`: any noun (atoms print as `@ud`, cells as `[a b]`).
    Noun,
    /// An atom with an aura (`""` is `@`).
    Atom(String),
    /// A constant atom (`%i754`, `~`, `%.y`): its aura and value.
    Const(String, u64),
    /// A constant term (`%i754`): the term's text.
    Term(String),
    /// A face: `name=type`.
    Face(String, Box<Type>),
    /// A cell `[head tail]`.
    Cell(Box<Type>, Box<Type>),
    /// `(list item)`.
    List(Box<Type>),
    /// `(unit item)`.
    Unit(Box<Type>),
    /// A fork: the value prints as the first alternative that renders it.
    Fork(Vec<Type>),
}

impl Type {
    /// `@aura`.
    pub fn atom(aura: &str) -> Type {
        Type::Atom(aura.to_string())
    }

    /// `name=t`.
    pub fn face(name: &str, t: Type) -> Type {
        Type::Face(name.to_string(), Box::new(t))
    }

    /// `[h t]`.
    pub fn cell(h: Type, t: Type) -> Type {
        Type::Cell(Box::new(h), Box::new(t))
    }

    /// The right-nested tuple of at least one type.
    pub fn tuple(items: Vec<Type>) -> Type {
        let mut it = items.into_iter().rev();
        let last = it.next().unwrap_or(Type::Noun);
        it.fold(last, |acc, t| Type::cell(t, acc))
    }

    /// `?`: the loobean, a fork of the constants `%.y` and `%.n`.
    pub fn flag() -> Type {
        Type::Fork(vec![Type::Const("f".into(), 0), Type::Const("f".into(), 1)])
    }

    /// `~`: the null constant.
    pub fn null() -> Type {
        Type::Const("n".into(), 0)
    }

    /// `$kind` of `/sur/lagoon`: a fork of the six kind terms.
    pub fn kind() -> Type {
        Type::Fork(
            ["i754", "uint", "int2", "unum", "cplx", "fixp"]
                .iter()
                .map(|k| Type::Term((*k).to_string()))
                .collect(),
        )
    }

    /// `$meta` of `/sur/lagoon`.
    pub fn meta() -> Type {
        Type::tuple(vec![
            Type::face("shape", Type::List(Box::new(Type::atom("")))),
            Type::face("bloq", Type::atom("")),
            Type::face("kind", Type::kind()),
            Type::face("tail", Type::Noun),
        ])
    }

    /// `$ray` of `/sur/lagoon`.
    pub fn ray() -> Type {
        Type::cell(
            Type::face("meta", Type::meta()),
            Type::face("data", Type::atom("ux")),
        )
    }

    /// `$ndray` of `/sur/lagoon`: `$@(@ (list ndray))`, unrolled to the depth the printer needs.
    pub fn ndray(depth: usize) -> Type {
        if depth == 0 {
            return Type::Noun;
        }
        Type::Fork(vec![
            Type::atom(""),
            Type::List(Box::new(Type::ndray(depth - 1))),
        ])
    }

    /// `$baum` of `/sur/lagoon`: `[=meta data=ndray]`.
    pub fn baum() -> Type {
        Type::cell(
            Type::face("meta", Type::meta()),
            Type::face("data", Type::ndray(32)),
        )
    }

    /// The `@r*` aura of a float width in bits.
    pub fn float_of_width(bits: u32) -> Option<Type> {
        Some(Type::atom(match bits {
            16 => "rh",
            32 => "rs",
            64 => "rd",
            128 => "rq",
            _ => return None,
        }))
    }
}

/// The float aura of a `/lib/math` door, or a `/lib/complex` door's component float.
fn component_float(door: &str) -> Option<&'static str> {
    crate::doors::door(door).and_then(|d| d.float)
}

impl Type {
    /// The type of a catalogue product ([`Mold`]).
    pub fn of_mold(m: Mold) -> Type {
        match m {
            Mold::Ray => Type::ray(),
            Mold::Atom(aura) => Type::atom(aura),
            Mold::Flag => Type::flag(),
            Mold::List(aura) => Type::List(Box::new(Type::atom(aura))),
            Mold::Tuple(parts) => Type::tuple(
                parts
                    .iter()
                    .map(|&(face, m)| match face {
                        "" => Type::of_mold(m),
                        f => Type::face(f, Type::of_mold(m)),
                    })
                    .collect(),
            ),
            Mold::Unit(m) => Type::Unit(Box::new(Type::of_mold(*m))),
            Mold::Baum => Type::baum(),
            Mold::Null => Type::null(),
            Mold::Tank | Mold::Noun => Type::Noun,
        }
    }
}

/// The type of `/lib/math` arm `arm` at `door`, from its catalogue row.
fn math(door: &str, arm: &str) -> Option<Type> {
    let f = component_float(door)?;
    Some(match softblas::math::arms::find(arm)?.call.product() {
        MathProduct::Float => Type::atom(f),
        MathProduct::Flag => Type::flag(),
        MathProduct::UnitSigned => Type::Unit(Box::new(Type::atom("s"))),
    })
}

/// The product of `arm`'s row in the scalar catalogue `arms`, by `product`.
fn row_product<C: Copy, P>(arms: &'static [Arm<C>], arm: &str, product: fn(C) -> P) -> Option<P> {
    find(arms, arm).map(|a| product(a.call))
}

/// The type of `/lib/unum` arm `arm`, from its catalogue row (`+$up` and
/// `+$fn` products are not typed).
fn unum(arm: &str) -> Option<Type> {
    use softblas::scalar::unum::arms::{Call, Product, ARMS};
    Some(match row_product(ARMS, arm, Call::product)? {
        Product::Up | Product::Fn => return None,
        Product::SignedUnit => Type::Unit(Box::new(Type::atom("s"))),
        Product::Float(f) => Type::atom(f.pick(["rh", "rs", "rd", "rq"])),
        Product::Flag => Type::flag(),
        Product::Atom => Type::atom(""),
    })
}

/// The type of `/lib/complex` arm `arm` at `door`, from its catalogue row.
fn complex(door: &str, arm: &str) -> Option<Type> {
    use softblas::scalar::cplx::arms::{Call, Product, ARMS};
    let f = component_float(door)?;
    Some(match row_product(ARMS, arm, Call::product)? {
        Product::Component => Type::atom(f),
        Product::Flag => Type::flag(),
        Product::Elem => Type::atom(""),
    })
}

/// The type of `/lib/twoc` arm `arm`, from its catalogue row.
fn twoc(arm: &str) -> Option<Type> {
    use softblas::scalar::int2::arms::{Call, Product, ARMS};
    Some(match row_product(ARMS, arm, Call::product)? {
        Product::Atom => Type::atom(""),
        Product::Flag => Type::flag(),
        Product::Unsigned => Type::atom("ud"),
        Product::Signed => Type::atom("s"),
    })
}

/// The type of `/lib/fixed` arm `arm`, from its catalogue row.
fn fixed(arm: &str) -> Option<Type> {
    use softblas::scalar::fixp::arms::{Call, Product, ARMS};
    let prec = || {
        Type::cell(
            Type::face("a", Type::atom("")),
            Type::face("b", Type::atom("")),
        )
    };
    Some(match row_product(ARMS, arm, Call::product)? {
        Product::Widened => Type::cell(Type::atom(""), prec()),
        Product::Atom => Type::atom(""),
        Product::Flag => Type::flag(),
        Product::Signed => Type::atom("s"),
        Product::Single => Type::atom("rs"),
    })
}

/// The result type of the arm registered under `key` (`add:la`, `exp:rd`,
/// `add:rpb`, `mul:fixed`), from the Hoon sources (see the module docs);
/// `None` when the table does not know it.
pub fn result_type(key: &str) -> Option<Type> {
    let (arm, door) = key.split_once(':')?;
    // A posit arm pinned to a `/lib/unum` revision (`exp:rps@96f3cfe`) has its door's type.
    let door = door.split_once('@').map_or(door, |(d, _)| d);
    match crate::doors::door(door)?.lib {
        "lagoon" => lagoon::arms::product_of(arm).map(Type::of_mold),
        "saloon" => saloon::arms::product_of(arm).map(Type::of_mold),
        "math" => math(door, arm),
        "unum" => unum(arm),
        "complex" => complex(door, arm),
        "twoc" => twoc(arm),
        "fixed" => fixed(arm),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rows() {
        // Rays by default; the exceptions named in lagoon.hoon's casts.
        assert_eq!(result_type("add:la"), Some(Type::ray()));
        assert_eq!(result_type("argmax:la"), Some(Type::atom("ud")));
        assert_eq!(result_type("all:la"), Some(Type::flag()));
        // A math door's float follows the door's width.
        assert_eq!(result_type("exp:rh"), Some(Type::atom("rh")));
        assert_eq!(result_type("lth:rq"), Some(Type::flag()));
        // Posits and packed complex values are bare `@`.
        assert_eq!(result_type("add:rpb"), Some(Type::atom("")));
        assert_eq!(result_type("re:cd"), Some(Type::atom("rd")));
        assert_eq!(result_type("nope:zz"), None);
    }
}
