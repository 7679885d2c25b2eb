//! The catalogue of `/lib/fixed`'s arms: one row per arm of
//! `libmath/desk/lib/fixed.hoon` @96f3cfe but the door-returning `+ng`, with
//! its Hoon name and its sample, product and function ([`Call`]).
//!
//! The CLI registry decodes a row's sample from nouns and encodes its
//! product by the row's [`Call`]; `urnum eval` takes the product's type from
//! [`Call::product`]. A value is an atom, each followed in the sample by its
//! `+$prec`.

use super::{FixpError, Prec};
use crate::scalar::catalogue::{self, row};
use crate::Atom;

/// Two values, each with its precision.
type Two<T> = fn(&Atom, Prec, &Atom, Prec) -> Result<T, FixpError>;

/// How a `/lib/fixed` arm takes its sample and gives its product, with the
/// function that computes it.
#[derive(Clone, Copy)]
pub enum Call {
    /// A precision; its width (`wid`).
    Width(fn(Prec) -> u64),
    /// A value; a value of the same precision.
    Unary(fn(&Atom, Prec) -> Atom),
    /// A value; an `@s` (`to-s`).
    ToSigned(fn(&Atom, Prec) -> Atom),
    /// A value; an `@rs` (`to-rs`).
    ToSingle(fn(&Atom, Prec) -> u32),
    /// An `@rs` and a precision; a value (`from-rs`).
    FromSingle(fn(u32, Prec) -> Result<Atom, FixpError>),
    /// Two values; a value.
    Binary(Two<Atom>),
    /// Two values; a flag.
    Compare(Two<bool>),
    /// Two values; a value and its wider precision (`mul`, `div`).
    Widening(Two<(Atom, Prec)>),
    /// A value and a count of bits; a value (`hi`, `lo`).
    Bits(fn(&Atom, Prec, u64) -> Result<Atom, FixpError>),
    /// A value and a second precision; the value at it (`scale`).
    Scale(fn(&Atom, Prec, Prec) -> Result<Atom, FixpError>),
}

/// The Hoon type of a `/lib/fixed` arm's product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// An atom (`@`).
    Atom,
    /// A flag (`?`).
    Flag,
    /// A value and its precision, `[@ prec]`.
    Widened,
    /// An `@s`.
    Signed,
    /// An `@rs`.
    Single,
}

impl Call {
    /// The type of the arm's product.
    pub const fn product(self) -> Product {
        match self {
            Call::Compare(_) => Product::Flag,
            Call::Widening(_) => Product::Widened,
            Call::ToSigned(_) => Product::Signed,
            Call::ToSingle(_) => Product::Single,
            _ => Product::Atom,
        }
    }
}

/// One arm: its Hoon name and its [`Call`].
pub type Arm = catalogue::Arm<Call>;

/// The arms of `/lib/fixed`, in the order of the Hoon file.
pub static ARMS: &[Arm] = &[
    row("wid", Call::Width(super::wid)),
    row("add", Call::Binary(super::add)),
    row("sub", Call::Binary(super::sub)),
    row("mod", Call::Binary(super::rem)),
    row("gth", Call::Compare(super::gth)),
    row("gte", Call::Compare(super::gte)),
    row("lth", Call::Compare(super::lth)),
    row("lte", Call::Compare(super::lte)),
    row("equ", Call::Compare(super::equ)),
    row("neq", Call::Compare(super::neq)),
    row("mul", Call::Widening(super::mul)),
    row("div", Call::Widening(super::div)),
    row("abs", Call::Unary(super::abs)),
    row("neg", Call::Unary(super::neg)),
    row("to-s", Call::ToSigned(super::to_s)),
    row("from-s", Call::Unary(super::from_s)),
    row("from-rs", Call::FromSingle(super::from_rs)),
    row("to-rs", Call::ToSingle(super::to_rs)),
    row("hi", Call::Bits(super::hi)),
    row("lo", Call::Bits(super::lo)),
    row("scale", Call::Scale(super::scale)),
];
