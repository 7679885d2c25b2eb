//! The catalogue of `/lib/twoc`'s arms: one row per arm of the doors `twid`
//! (`|_ wid=@`) and `twoc` (`|_ =bloq`) of `libmath/desk/lib/twoc.hoon`
//! @96f3cfe, with its Hoon name and its sample, product and method ([`Call`]).
//!
//! The CLI registry decodes a row's sample from nouns and encodes its
//! product by the row's [`Call`]; `urnum eval` takes the product's type from
//! [`Call::product`].

use super::{AtomTwid, Int2Error};
use crate::scalar::catalogue::{self, row};
use crate::Atom;

/// How a `/lib/twoc` arm takes its sample and gives its product, with the
/// [`AtomTwid`] method that computes it. Every operand is an atom.
#[derive(Clone, Copy)]
pub enum Call {
    /// No sample; an atom (`len`, `len-mod`, `ones`).
    Nullary(fn(&AtomTwid) -> Result<Atom, Int2Error>),
    /// One atom; a bit as the atom 0 or 1 (`msb`).
    Bit(fn(&AtomTwid, &Atom) -> bool),
    /// One atom; an atom.
    Unary(fn(&AtomTwid, &Atom) -> Atom),
    /// One atom; an `@s` (`twoc-to-s`).
    ToSigned(fn(&AtomTwid, &Atom) -> Atom),
    /// Two atoms; an atom.
    Binary(fn(&AtomTwid, &Atom, &Atom) -> Atom),
    /// Two atoms; an atom, or the Hoon's crash (`div`, `rem`).
    Fallible(fn(&AtomTwid, &Atom, &Atom) -> Result<Atom, Int2Error>),
    /// Two atoms; a flag.
    Compare(fn(&AtomTwid, &Atom, &Atom) -> bool),
    /// Three atoms; a flag (`overflow`).
    Compare3(fn(&AtomTwid, &Atom, &Atom, &Atom) -> bool),
}

/// The Hoon type of a `/lib/twoc` arm's product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// An atom (`@`).
    Atom,
    /// A flag (`?`).
    Flag,
    /// An `@ud` (`msb`'s 0 or 1).
    Unsigned,
    /// An `@s`.
    Signed,
}

impl Call {
    /// The number of operands the arm takes.
    pub const fn arity(self) -> usize {
        match self {
            Call::Nullary(_) => 0,
            Call::Bit(_) | Call::Unary(_) | Call::ToSigned(_) => 1,
            Call::Binary(_) | Call::Fallible(_) | Call::Compare(_) => 2,
            Call::Compare3(_) => 3,
        }
    }

    /// The type of the arm's product.
    pub const fn product(self) -> Product {
        match self {
            Call::Compare(_) | Call::Compare3(_) => Product::Flag,
            Call::Bit(_) => Product::Unsigned,
            Call::ToSigned(_) => Product::Signed,
            _ => Product::Atom,
        }
    }
}

/// One arm: its Hoon name and its [`Call`].
pub type Arm = catalogue::Arm<Call>;

/// The arms of the `/lib/twoc` doors, in the order of the Hoon file.
pub static ARMS: &[Arm] = &[
    row("len", Call::Nullary(|t| Ok(Atom::from_u64(t.width())))),
    row("len-mod", Call::Nullary(|t| Ok(t.len_mod()))),
    row("ones", Call::Nullary(|t| t.ones().map(Atom::from_u64))),
    row("msb", Call::Bit(AtomTwid::msb)),
    row("s-to-twoc", Call::Unary(AtomTwid::s_to_twoc)),
    row("twoc-to-s", Call::ToSigned(|t, a| t.twoc_to_s(a).to_s())),
    row("add", Call::Binary(AtomTwid::add)),
    row("sub", Call::Binary(AtomTwid::sub)),
    row("mul", Call::Binary(AtomTwid::mul)),
    row("neg", Call::Unary(AtomTwid::neg)),
    row("abs", Call::Unary(AtomTwid::abs)),
    row("extend", Call::Unary(AtomTwid::extend)),
    row("div", Call::Fallible(AtomTwid::div)),
    row("rem", Call::Fallible(AtomTwid::rem)),
    row("pow", Call::Binary(AtomTwid::pow)),
    row("gth", Call::Compare(AtomTwid::gth)),
    row("lth", Call::Compare(AtomTwid::lth)),
    row("lte", Call::Compare(AtomTwid::lte)),
    row("gte", Call::Compare(AtomTwid::gte)),
    row("overflow", Call::Compare3(AtomTwid::overflow)),
];
