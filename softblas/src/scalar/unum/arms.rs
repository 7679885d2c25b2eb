//! The catalogue of `/lib/unum`'s posit arms: one row per arm of `++pp` in
//! `libmath/desk/lib/unum.hoon@96f3cfe` but the gate-returning `+round`, with
//! its Hoon name and its sample, product and function ([`Call`]), the same at
//! each of the doors `rpb rph rps rpd rpq` (the door gives the [`Width`]).
//!
//! The rows are those of `bcb316c` too (its new arms `gmul gadd … atan-core` are
//! internal helpers on `+$up` values and are not catalogued); the rows whose
//! function depends on the revision ([`Call::Elementary`], [`Call::Pow`]) take a
//! [`UnumRev`](super::UnumRev) when called.
//!
//! The CLI registry decodes a row's sample from nouns and encodes its product
//! by the row's [`Call`]; `urnum eval` takes the sample's shape from the
//! [`Call`] and the product's type from [`Call::product`]; gen-hoon draws the
//! posits of [`Call::posits`]. A posit is an atom of the door's `n` bits, a
//! quire an atom of `16n` bits.

use super::fns::{self, LoopError, Unary};
use super::{
    abs, add, bit, cel, div, equ, fdp, flr, fma, gte, gth, is_close, isqt, lte, lth, mul, neg, neq,
    p_to_q, q_add_p, q_add_q, q_mul_add, q_mul_sub, q_negate, q_sub_p, q_sub_q, q_to_p, quire, rnd,
    san, sea, sgn, sqt, sub, sun, toi, Const, Ieee, UnumError, Up, Width,
};
use crate::scalar::catalogue::{self, row};
use num_bigint::{BigInt, BigUint};
use std::cmp::Ordering;

/// A quire result, or the Hoon's crash.
type Quire = Result<BigUint, UnumError>;

/// How a `/lib/unum` arm takes its sample and gives its product, with the
/// function that computes it at a door's width.
#[derive(Clone, Copy)]
pub enum Call {
    /// No sample; an atom fact of the door (`n`, `qbits`, `q-zero`).
    Fact(fn(Width) -> BigUint),
    /// No sample; a posit constant of the door (`pi`, `maxpos`, `msk`).
    Constant(fn(Width) -> u128),
    /// A posit; a posit.
    Unary(fn(Width, u128) -> u128),
    /// Two posits; a posit.
    Binary(fn(Width, u128, u128) -> u128),
    /// Two posits; a flag.
    Compare(fn(Width, u128, u128) -> bool),
    /// Three posits; a posit (`fma`).
    Ternary(fn(Width, u128, u128, u128) -> u128),
    /// Three posits; a flag (`is-close`).
    Compare3(fn(Width, u128, u128, u128) -> bool),
    /// A posit; a posit, or the Hoon's endless loop (the elementary functions, by revision).
    Elementary(Unary),
    /// Two posits; a posit (`pow`, by revision: [`fns::pow_at`]).
    Pow,
    /// A posit and an atom exponent; a posit, or too many steps (`pow-n`).
    PowN(fn(Width, u128, &BigUint) -> Result<u128, LoopError>),
    /// An atom; a posit (`sun`).
    FromUnsigned(fn(Width, &BigUint) -> u128),
    /// An `@s`; a posit (`san`).
    FromSigned(fn(Width, &BigInt) -> u128),
    /// A posit; a `(unit @s)` (`toi`).
    ToInteger(fn(Width, u128) -> Option<BigInt>),
    /// An atom; an atom (`isqt`).
    Natural(fn(&BigUint) -> BigUint),
    /// Two `@s`; a flag from their order (`gte-s`, `lte-s`).
    SignedCompare(fn(Ordering) -> bool),
    /// A posit; a quire (`p-to-q`).
    ToQuire(fn(Width, u128) -> BigUint),
    /// A quire; a posit (`q-to-p`).
    FromQuire(fn(Width, &BigUint) -> u128),
    /// A quire; a quire (`q-negate`).
    Quire1(fn(Width, &BigUint) -> Quire),
    /// Two quires; a quire (`q-add-q`, `q-sub-q`).
    Quire2(fn(Width, &BigUint, &BigUint) -> Quire),
    /// A quire and a posit; a quire (`q-add-p`, `q-sub-p`).
    QuirePosit(fn(Width, &BigUint, u128) -> BigUint),
    /// A quire and two posits; a quire (`q-mul-add`, `q-mul-sub`).
    QuireProduct(fn(Width, &BigUint, u128, u128) -> BigUint),
    /// Two lists of posits; a posit (`fdp`).
    Dot(fn(Width, &[u128], &[u128]) -> u128),
    /// A posit; a float of the format (`to-rh` ...).
    ToIeee(Ieee),
    /// A float of the format; a posit (`from-rh` ...).
    FromIeee(Ieee),
    /// A posit; its `+$up` (`sea`).
    Decode(fn(Width, u128) -> Up),
    /// An `+$up`; a posit (`bit`).
    Encode(fn(Width, &Up) -> u128),
    /// A flag and an atom; an atom (`smag`, on the nouns).
    Smag,
    /// An `+$up`; an `+$fn` (`up-to-fn`, on the nouns).
    UpToFn,
    /// An `+$fn`; an `+$up` (`fn-to-up`, on the nouns).
    FnToUp,
}

/// The Hoon type of a `/lib/unum` arm's product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// An atom (`@`): a posit, a quire or a fact.
    Atom,
    /// A flag (`?`).
    Flag,
    /// A `(unit @s)`.
    SignedUnit,
    /// A float of the format (`@rh` ...).
    Float(Ieee),
    /// An `+$up`.
    Up,
    /// An `+$fn`.
    Fn,
}

/// One arm: its Hoon name and its [`Call`].
pub type Arm = catalogue::Arm<Call>;

/// The arms of `++pp`, in the order of the Hoon file.
pub static ARMS: &[Arm] = &[
    row("n", Call::Fact(|w| BigUint::from(w.n()))),
    row("es", Call::Fact(|_| BigUint::from(2u8))),
    row("useed", Call::Fact(|_| BigUint::from(16u8))),
    row("msk", Call::Constant(Width::mask)),
    row("zero", Call::Constant(|w| Const::Zero.bits(w))),
    row("nar", Call::Constant(|w| Const::Nar.bits(w))),
    row("maxpos", Call::Constant(|w| Const::Maxpos.bits(w))),
    row("minpos", Call::Constant(|w| Const::Minpos.bits(w))),
    row("huge", Call::Constant(|w| Const::Maxpos.bits(w))),
    row("tiny", Call::Constant(|w| Const::Minpos.bits(w))),
    row("one", Call::Constant(|w| Const::One.bits(w))),
    row("pi", Call::Constant(|w| Const::Pi.bits(w))),
    row("tau", Call::Constant(|w| Const::Tau.bits(w))),
    row("e", Call::Constant(|w| Const::E.bits(w))),
    row("phi", Call::Constant(|w| Const::Phi.bits(w))),
    row("sqt2", Call::Constant(|w| Const::Sqt2.bits(w))),
    row("invsqt2", Call::Constant(|w| Const::Invsqt2.bits(w))),
    row("log2", Call::Constant(|w| Const::Log2.bits(w))),
    row("invlog2", Call::Constant(|w| Const::Invlog2.bits(w))),
    row("log10", Call::Constant(|w| Const::Log10.bits(w))),
    row("sea", Call::Decode(sea)),
    row("bit", Call::Encode(bit)),
    row("smag", Call::Smag),
    row("gte-s", Call::SignedCompare(Ordering::is_ge)),
    row("lte-s", Call::SignedCompare(Ordering::is_le)),
    row("gth", Call::Compare(gth)),
    row("lth", Call::Compare(lth)),
    row("gte", Call::Compare(gte)),
    row("lte", Call::Compare(lte)),
    row("equ", Call::Compare(equ)),
    row("neq", Call::Compare(neq)),
    row("neg", Call::Unary(neg)),
    row("abs", Call::Unary(abs)),
    row("sgn", Call::Unary(sgn)),
    row("mul", Call::Binary(mul)),
    row("add", Call::Binary(add)),
    row("sub", Call::Binary(sub)),
    row("div", Call::Binary(div)),
    row("isqt", Call::Natural(isqt)),
    row("sqt", Call::Unary(sqt)),
    row("rnd", Call::Unary(rnd)),
    row("flr", Call::Unary(flr)),
    row("cel", Call::Unary(cel)),
    row("sun", Call::FromUnsigned(sun)),
    row("san", Call::FromSigned(san)),
    row("toi", Call::ToInteger(toi)),
    row("fma", Call::Ternary(fma)),
    elementary(Unary::Exp),
    elementary(Unary::Sin),
    elementary(Unary::Cos),
    elementary(Unary::Tan),
    row("pow-n", Call::PowN(fns::pow_n)),
    elementary(Unary::Log),
    elementary(Unary::Log2),
    elementary(Unary::Log10),
    row("pow", Call::Pow),
    elementary(Unary::Factorial),
    elementary(Unary::Cbrt),
    elementary(Unary::Atan),
    elementary(Unary::Asin),
    elementary(Unary::Acos),
    row("is-close", Call::Compare3(is_close)),
    row("qbits", Call::Fact(|w| BigUint::from(quire::qbits(w)))),
    row("qscale", Call::Fact(|w| BigUint::from(quire::qscale(w)))),
    row("qmod", Call::Fact(quire::qmod)),
    row("q-nar", Call::Fact(quire::q_nar)),
    row("q-zero", Call::Fact(|_| BigUint::ZERO)),
    row("p-to-q", Call::ToQuire(p_to_q)),
    row("q-to-p", Call::FromQuire(q_to_p)),
    row("q-mul-add", Call::QuireProduct(q_mul_add)),
    row("q-mul-sub", Call::QuireProduct(q_mul_sub)),
    row("q-add-p", Call::QuirePosit(q_add_p)),
    row("q-sub-p", Call::QuirePosit(q_sub_p)),
    row("q-negate", Call::Quire1(q_negate)),
    row("q-add-q", Call::Quire2(|w, x, y| Ok(q_add_q(w, x, y)))),
    row("q-sub-q", Call::Quire2(q_sub_q)),
    row("fdp", Call::Dot(fdp)),
    row("up-to-fn", Call::UpToFn),
    row("fn-to-up", Call::FnToUp),
    row("to-rh", Call::ToIeee(Ieee::H)),
    row("to-rs", Call::ToIeee(Ieee::S)),
    row("to-rd", Call::ToIeee(Ieee::D)),
    row("to-rq", Call::ToIeee(Ieee::Q)),
    row("from-rh", Call::FromIeee(Ieee::H)),
    row("from-rs", Call::FromIeee(Ieee::S)),
    row("from-rd", Call::FromIeee(Ieee::D)),
    row("from-rq", Call::FromIeee(Ieee::Q)),
];

/// The row of an elementary function, named by its [`Unary::arm`].
const fn elementary(f: Unary) -> Arm {
    row(f.arm(), Call::Elementary(f))
}

impl Call {
    /// The type of the arm's product.
    pub const fn product(self) -> Product {
        match self {
            Call::Compare(_) | Call::Compare3(_) | Call::SignedCompare(_) => Product::Flag,
            Call::ToInteger(_) => Product::SignedUnit,
            Call::ToIeee(f) => Product::Float(f),
            Call::Decode(_) | Call::FnToUp => Product::Up,
            Call::UpToFn => Product::Fn,
            _ => Product::Atom,
        }
    }

    /// How many posits the sample is when it is only posits (the arms
    /// gen-hoon draws samples for); `None` for any other sample, or none.
    pub const fn posits(self) -> Option<usize> {
        match self {
            Call::Unary(_) | Call::Elementary(_) => Some(1),
            Call::Binary(_) | Call::Compare(_) | Call::Pow => Some(2),
            Call::Ternary(_) | Call::Compare3(_) => Some(3),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Ieee, Width};
    use crate::scalar::catalogue::find;

    #[test]
    fn posit_rows_compute_their_arms() {
        use super::{Call, Product, ARMS};
        let names: std::collections::HashSet<_> = ARMS.iter().map(|a| a.name).collect();
        assert_eq!((names.len(), ARMS.len()), (87, 87), "one row per arm");
        // posit8 1 + 1 = 2 through the row of `add`.
        match find(ARMS, "add").map(|a| a.call) {
            Some(Call::Binary(add)) => assert_eq!(add(Width::P8, 0x40, 0x40), 0x48),
            _ => panic!("add takes two posits"),
        }
        // (arm, its product, how many posits its sample is when only posits)
        let rows = [
            ("toi", Product::SignedUnit, None),
            ("to-rd", Product::Float(Ieee::D), None),
            ("pi", Product::Atom, None),
            ("pow-n", Product::Atom, None),
            ("exp", Product::Atom, Some(1)),
            ("is-close", Product::Flag, Some(3)),
            ("fma", Product::Atom, Some(3)),
        ];
        for (arm, product, posits) in rows {
            let call = find(ARMS, arm).expect("a catalogued arm").call;
            assert_eq!((call.product(), call.posits()), (product, posits), "{arm}");
        }
    }
}
