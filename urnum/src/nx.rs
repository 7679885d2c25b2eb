//! Nx's exactly-defined kinds over rays, named as Nx names them: the kinds of
//! Nx_kernel.Prog whose results IEEE 754 or modular arithmetic fix bit for bit,
//! which the Hoon does not define ([`softblas::prog::NxUnary`],
//! [`softblas::prog::NxBinary`], [`softblas::prog::Test`]).
//!
//! These are not Hoon arms: no Lagoon, Saloon or `/lib/math` arm has their
//! names, the CLI and the C ABI do not register them, and [`crate::Door`]
//! does not carry them. Each function runs one program node on every element
//! (the fast kernels serve `%i754` at 16, 32 and 64 bits with the reference
//! executor's bits). A kind that means nothing at the ray's kind (bitwise
//! kinds on floats, `threefry` off 64-bit integers, an order on complex
//! values) fails with [`Error::Prog`] naming it.
//!
//! | function | result |
//! |---|---|
//! | [`recip`] | `1/x` in a rounding mode; on integers `x` at ±1, else 0 |
//! | [`sign`] | −1, 0 or 1 (a zero kept, NaN at NaN); `z ÷ abs z` on complex values |
//! | [`floor`], [`ceil`], [`round`], [`trunc`] | roundToIntegral: toward −∞, toward +∞, halves away from zero, toward zero |
//! | [`idiv`] | integer quotient toward zero; 0 by 0 |
//! | [`maximum`], [`minimum`] | IEEE 754-2019: NaN propagates, −0 below +0 |
//! | [`and`], [`or`], [`xor`] | bitwise on integers, logical on booleans |
//! | [`threefry`] | Threefry-2x32-20 of counters `b` under keys `a` (64-bit words) |
//! | [`isnan`], [`isinf`], [`isfinite`] | a ray of booleans (`%uint` of bloq 0) |
//!
//! ```
//! use urnum::nx;
//! use urnum::prelude::*;
//!
//! let a = Ray::from_f32s(&[-2.5, 0.5, -0.0], &[3])?;
//! let b = Ray::from_f32s(&[-3.0, f32::NAN, 0.0], &[3])?;
//! // Halves round away from zero; the IEEE 754-2019 maximum puts +0 above −0
//! // and propagates NaN.
//! assert_eq!(nx::round(&a)?.to_f32s()?, vec![-3.0, 1.0, -0.0]);
//! let m = nx::maximum(&a, &b)?.to_f32s()?;
//! assert_eq!((m[0], m[1].is_nan(), m[2].to_bits()), (-2.5, true, 0));
//! // The tests give booleans; bitwise kinds have no meaning on floats.
//! assert_eq!(urnum::lagoon::ravel(&nx::isnan(&b)?)?, [0u64, 1, 0].map(Atom::from));
//! assert!(matches!(nx::and(&a, &b), Err(urnum::Error::Prog(_))));
//! // Threefry-2x32-20 of the counter 0 under the key 0 (Random123's first known answer).
//! let z = Ray::from_u64s(&[0], &[1])?;
//! assert_eq!(nx::threefry(&z, &z)?.to_u64s()?, vec![0x99ba_4efe_6b20_0159]);
//! # Ok::<(), urnum::Error>(())
//! ```

use crate::error::Error;
use lagoon::elementwise::dtype;
use lagoon::{ravel, require_check, LagoonError, Meta, Ray};
use softblas::exec::{self, Operand, View};
use softblas::prog::{Node, NxBinary, NxUnary, Op1, Op2, Prog, Test, BOOL_DTYPE};
use softblas::{Atom, Round};

/// The ray `node` gives at each element of the rays `ins` (of one meta), in
/// mode `r`, as a ray of meta `out` (the inputs' shape).
fn map(ins: &[&Ray], node: Node, r: Round, out: impl FnOnce(&Meta) -> Meta) -> Result<Ray, Error> {
    let meta = &ins[0].meta;
    for a in ins {
        require_check(a)?;
        if a.meta != *meta {
            return Err(LagoonError::Assert {
                arm: "urnum::nx",
                check: "the rays have one meta",
            }
            .into());
        }
    }
    let t = dtype(meta)?;
    let prog = Prog::of_node(vec![t; ins.len()], node, r)?;
    let cols = ins
        .iter()
        .map(|a| ravel(a))
        .collect::<Result<Vec<Vec<Atom>>, _>>()?;
    let n = cols[0].len();
    let view = View::contiguous(&[n]);
    let ops: Vec<Operand<'_>> = cols
        .iter()
        .map(|data| Operand { data, view: &view })
        .collect();
    // The Nx kinds run under the fast policy: every policy gives the same bits.
    let vals = exec::map(softblas::Policy::FAST, &prog, &[n], &ops)?.swap_remove(0);
    Ok(Ray::from_elems(out(meta), &vals)?)
}

/// The one-operand kind `k` of each element of `a` in mode `r`.
fn unary(k: NxUnary, a: &Ray, r: Round) -> Result<Ray, Error> {
    let t = dtype(&a.meta)?;
    map(&[a], Node::Op1(Op1::Nx(k), t, 0), r, Meta::clone)
}

/// The two-operand kind `k` of the elements of `a` and `b` (rays of one meta).
fn binary(k: NxBinary, a: &Ray, b: &Ray) -> Result<Ray, Error> {
    map(&[a, b], Node::Op2(Op2::Nx(k), 0, 1), Round::N, Meta::clone)
}

/// The test `k` of each element of `a`, as a ray of booleans of `a`'s shape.
fn test(k: Test, a: &Ray) -> Result<Ray, Error> {
    let node = Node::Op1(Op1::Test(k), BOOL_DTYPE, 0);
    map(&[a], node, Round::N, |m| {
        Meta::new(m.shape.clone(), BOOL_DTYPE.bloq, BOOL_DTYPE.kind)
    })
}

/// `1/x` of each element: the kind's division of one by `x` rounded in `r`
/// (`%i754`, `%cplx`; posits round by their own rule); on `%uint`/`%int2`,
/// `x` where it is 1 or −1 and 0 elsewhere.
///
/// # Errors
/// [`Error::Lagoon`] for a malformed ray; [`Error::Exec`] where the kind's
/// division crashes (`%fixp` by zero) or the bloq is not the kind's.
pub fn recip(a: &Ray, r: Round) -> Result<Ray, Error> {
    unary(NxUnary::Recip, a, r)
}

/// Defines the functions of one ray `a`: `$name(a)` is the one-operand kind
/// `NxUnary::$kind` (`unary`), or with `->` the test `Test::$kind` (`test`).
macro_rules! of_one {
    ($($(#[$doc:meta])* $name:ident(a) $kind:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(a: &Ray) -> Result<Ray, Error> {
            unary(NxUnary::$kind, a, Round::N)
        }
    )*};
    ($($(#[$doc:meta])* $name:ident(a) -> $kind:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(a: &Ray) -> Result<Ray, Error> {
            test(Test::$kind, a)
        }
    )*};
}

/// Defines the functions of two rays `a` and `b` of one meta: `$name(a, b)`
/// is the two-operand kind `NxBinary::$kind`.
macro_rules! of_two {
    ($($(#[$doc:meta])* $name:ident(a, b) $kind:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(a: &Ray, b: &Ray) -> Result<Ray, Error> {
            binary(NxBinary::$kind, a, b)
        }
    )*};
}

of_one! {
    /// The sign of each element: −1, 0 or 1 in the ray's kind (±0 kept, NaN at
    /// NaN, NaR at NaR); `z/|z|` on `%cplx`, `z` itself at zero.
    ///
    /// # Errors
    /// As [`recip`].
    sign(a) Sign;
    /// The greatest integer not above each element (IEEE roundToIntegralTowardNegative).
    ///
    /// # Errors
    /// [`Error::Prog`] on `%cplx`; otherwise as [`recip`].
    floor(a) Floor;
    /// The least integer not below each element (IEEE roundToIntegralTowardPositive).
    ///
    /// # Errors
    /// As [`floor`].
    ceil(a) Ceil;
    /// The nearest integer to each element, halves away from zero (IEEE roundToIntegralTiesToAway).
    ///
    /// # Errors
    /// As [`floor`].
    round(a) Round;
    /// The integer part of each element, toward zero (IEEE roundToIntegralTowardZero).
    ///
    /// # Errors
    /// As [`floor`].
    trunc(a) Trunc;
}

of_two! {
    /// The integer quotient `a/b` toward zero of `%uint`/`%int2` elements; 0 where
    /// `b` is 0, and the least signed value divided by −1 is itself.
    ///
    /// # Errors
    /// [`Error::Prog`] off the integer kinds; [`Error::Lagoon`] when the metas differ.
    idiv(a, b) Idiv;
    /// The greater of each pair (IEEE 754-2019 `maximum`: NaN propagates, −0 below +0).
    ///
    /// # Errors
    /// [`Error::Prog`] on `%cplx`; [`Error::Lagoon`] when the metas differ.
    maximum(a, b) Maximum;
    /// The lesser of each pair (IEEE 754-2019 `minimum`: NaN propagates, −0 below +0).
    ///
    /// # Errors
    /// As [`maximum`].
    minimum(a, b) Minimum;
}

of_two! {
    /// The bitwise and of each pair of `%uint`/`%int2` elements (logical on booleans).
    ///
    /// # Errors
    /// As [`idiv`].
    and(a, b) And;
    /// The bitwise or of each pair of `%uint`/`%int2` elements (logical on booleans).
    ///
    /// # Errors
    /// As [`idiv`].
    or(a, b) Or;
    /// The bitwise exclusive or of each pair of `%uint`/`%int2` elements (logical on booleans).
    ///
    /// # Errors
    /// As [`idiv`].
    xor(a, b) Xor;
    /// Threefry-2x32 with 20 rounds of each counter in `b` under the key in `a`
    /// at the same index: 64-bit `%uint`/`%int2` words, word 0 in the low half.
    ///
    /// # Errors
    /// [`Error::Prog`] off 64-bit integer rays; [`Error::Lagoon`] when the metas differ.
    threefry(a, b) Threefry;
}

of_one! {
    /// Whether each element is a NaN (NaR for posits, a NaN part for `%cplx`), as booleans.
    ///
    /// # Errors
    /// [`Error::Lagoon`] for a malformed ray; [`Error::Exec`] at a bloq the kind does not have.
    isnan(a) -> IsNan;
    /// Whether each element is ±∞ (an infinite part for `%cplx`), as booleans.
    ///
    /// # Errors
    /// As [`isnan`].
    isinf(a) -> IsInf;
    /// Whether each element is neither NaN nor infinite, as booleans.
    ///
    /// # Errors
    /// As [`isnan`].
    isfinite(a) -> IsFinite;
}

#[cfg(test)]
mod tests {
    /// Every function of this module, by its Nx name.
    const NAMES: [&str; 17] = [
        "recip",
        "sign",
        "floor",
        "ceil",
        "round",
        "trunc",
        "idiv",
        "maximum",
        "minimum",
        "and",
        "or",
        "xor",
        "threefry",
        "isnan",
        "isinf",
        "isfinite",
        "threefry2x32",
    ];

    #[test]
    fn no_hoon_arm_has_an_nx_name() {
        // Lagoon's arm catalogue (which the CLI registry and the C ABI are built from) has none.
        for name in NAMES {
            assert!(
                lagoon::arms::by_name(name).is_none(),
                "{name} is a Lagoon arm"
            );
            assert!(
                lagoon::arms::product_of(name).is_none(),
                "{name} has a Lagoon product"
            );
        }
    }
}
