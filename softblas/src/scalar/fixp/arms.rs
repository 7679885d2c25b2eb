//! The catalogue of `/lib/fixed`'s arms: one row per arm of
//! `libmath/desk/lib/fixed.hoon` @96f3cfe but the door-returning `+ng`, with
//! its Hoon name and its sample, product and function ([`Call`]).
//!
//! The CLI registry decodes a row's sample from nouns and encodes its
//! product by the row's [`Call`]; `urnum eval` takes the product's type from
//! [`Call::product`]. A value is an atom, each followed in the sample by its
//! `+$prec`.

use super::{
    abs, add, div, equ, from_rs, from_s, gte, gth, hi, lo, lte, lth, mul, neg, neq, rem, scale,
    sub, to_rs, to_s, wid, FixpError, Prec,
};
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

/// One arm: its Hoon name and its [`Call`].
pub type Arm = catalogue::Arm<Call>;

/// The arms of `/lib/fixed`, in the order of the Hoon file.
pub static ARMS: &[Arm] = &[
    row("wid", Call::Width(wid)),
    row("add", Call::Binary(add)),
    row("sub", Call::Binary(sub)),
    row("mod", Call::Binary(rem)),
    row("gth", Call::Compare(gth)),
    row("gte", Call::Compare(gte)),
    row("lth", Call::Compare(lth)),
    row("lte", Call::Compare(lte)),
    row("equ", Call::Compare(equ)),
    row("neq", Call::Compare(neq)),
    row("mul", Call::Widening(mul)),
    row("div", Call::Widening(div)),
    row("abs", Call::Unary(abs)),
    row("neg", Call::Unary(neg)),
    row("to-s", Call::ToSigned(to_s)),
    row("from-s", Call::Unary(from_s)),
    row("from-rs", Call::FromSingle(from_rs)),
    row("to-rs", Call::ToSingle(to_rs)),
    row("hi", Call::Bits(hi)),
    row("lo", Call::Bits(lo)),
    row("scale", Call::Scale(scale)),
];

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
