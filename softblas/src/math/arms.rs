//! The catalogue of `/lib/math`'s arms: one row per arm of the doors
//! `rh rs rd rq` (`urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9) that
//! [`Door`] computes, with its Hoon name, its aliases, the doors that have
//! it, its sample and product ([`Call`]) and the method that computes it.
//!
//! Every consumer of a `/lib/math` arm derives what it needs from these rows:
//! the CLI registry decodes a row's sample from nouns, the C ABI's
//! `urnum_math` takes its operand count and dispatch from the row of an id,
//! `urnum eval` takes the product's type, and the ABI's named entries
//! (`urnum_rd_exp`, …) are written from the rows marked [`Arm::jetted`].

use super::{Door, MathError};
use crate::scalar::i754::Width;
use crate::Atom;

/// How a `/lib/math` arm takes its sample and gives its product, with the
/// [`Door`] method that computes it.
#[derive(Clone, Copy)]
pub enum Call {
    /// No sample; a float of the door's width.
    Constant(fn(&Door) -> u128),
    /// No sample; an atom that may be wider than the door (`huge`, `tiny`).
    Wide(fn(&Door) -> Atom),
    /// One float; a float.
    Float1(fn(&Door, u128) -> Result<u128, MathError>),
    /// Two floats; a float.
    Float2(fn(&Door, u128, u128) -> Result<u128, MathError>),
    /// Three floats; a float (`fma`).
    Float3(fn(&Door, u128, u128, u128) -> u128),
    /// One float; a flag.
    Test1(fn(&Door, u128) -> Result<bool, MathError>),
    /// Two floats; a flag.
    Test2(fn(&Door, u128, u128) -> bool),
    /// A float and a list of floats; a flag (`all-close`).
    TestList(fn(&Door, u128, &[u128]) -> bool),
    /// A float and an `@ud`; a float (`round`, `round-places`).
    Places(fn(&Door, u128, &Atom) -> Result<u128, MathError>),
    /// An `@ud`; a float (`sun`).
    Unsigned(fn(&Door, &Atom) -> u128),
    /// An `@s`, as its sign (`true` for negative) and magnitude; a float (`san`).
    Signed(fn(&Door, bool, &Atom) -> u128),
    /// A float; a `(unit @s)`, as `None` or sign and magnitude (`toi`).
    ToInt(fn(&Door, u128) -> Option<(bool, Atom)>),
}

/// The Hoon type of a `/lib/math` arm's product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// A float of the door's aura (`@rh` … `@rq`).
    Float,
    /// A flag (`?`, a loobean).
    Flag,
    /// A `(unit @s)`.
    UnitSigned,
}

impl Call {
    /// The number of operands the arm takes (the list of `all-close` counts as one).
    pub const fn arity(self) -> usize {
        match self {
            Call::Constant(_) | Call::Wide(_) => 0,
            Call::Float1(_)
            | Call::Test1(_)
            | Call::Unsigned(_)
            | Call::Signed(_)
            | Call::ToInt(_) => 1,
            Call::Float2(_) | Call::Test2(_) | Call::TestList(_) | Call::Places(_) => 2,
            Call::Float3(_) => 3,
        }
    }

    /// The type of the arm's product.
    pub const fn product(self) -> Product {
        match self {
            Call::Test1(_) | Call::Test2(_) | Call::TestList(_) => Product::Flag,
            Call::ToInt(_) => Product::UnitSigned,
            _ => Product::Float,
        }
    }
}

/// One arm of `/lib/math`'s float doors.
#[derive(Clone, Copy)]
pub struct Arm {
    /// The Hoon name (`exp`, `log-2`, `round-places`).
    pub name: &'static str,
    /// Other names of the same arm (`sqrt` for `sqt`).
    pub aliases: &'static [&'static str],
    /// The doors that have the arm.
    pub widths: &'static [Width],
    /// Whether vere jets the arm (`non/math/<door>/<arm>`): the ABI has a
    /// named entry `urnum_<door>_<arm>` for it at every door.
    pub jetted: bool,
    /// The sample, the product and the method.
    pub call: Call,
}

impl Arm {
    /// Whether `name` is the arm's name or one of its aliases.
    pub fn is_named(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

const ALL: &[Width] = &Width::ALL;
const SD: &[Width] = &[Width::S, Width::D];

/// A row: name, aliases, doors, jetted, call.
const fn row(
    name: &'static str,
    aliases: &'static [&'static str],
    widths: &'static [Width],
    jetted: bool,
    call: Call,
) -> Arm {
    Arm {
        name,
        aliases,
        widths,
        jetted,
        call,
    }
}

/// A row of every door, not jetted, without aliases.
const fn plain(name: &'static str, call: Call) -> Arm {
    row(name, &[], ALL, false, call)
}

/// A row of every door that vere jets.
const fn jet(name: &'static str, aliases: &'static [&'static str], call: Call) -> Arm {
    row(name, aliases, ALL, true, call)
}

/// The arms of `/lib/math`'s float doors, in the order of the Hoon file's
/// sections (constants, pass-throughs, kernels, composites and tools).
/// Not here: `sea`, `bit`, `drg`, `grd` (the stdlib `fn`/`dn` conversions).
pub static ARMS: &[Arm] = &[
    plain("tau", Call::Constant(Door::tau)),
    plain("pi", Call::Constant(Door::pi)),
    plain("e", Call::Constant(Door::e)),
    plain("phi", Call::Constant(Door::phi)),
    plain("sqt2", Call::Constant(Door::sqt2)),
    plain("invsqt2", Call::Constant(Door::invsqt2)),
    plain("log2", Call::Constant(Door::log2)),
    plain("invlog2", Call::Constant(Door::invlog2)),
    plain("log10", Call::Constant(Door::log10)),
    plain("huge", Call::Wide(Door::huge)),
    plain("tiny", Call::Wide(Door::tiny)),
    plain("add", Call::Float2(|d, x, y| Ok(d.add(x, y)))),
    plain("sub", Call::Float2(|d, x, y| Ok(d.sub(x, y)))),
    plain("mul", Call::Float2(|d, x, y| Ok(d.mul(x, y)))),
    plain("div", Call::Float2(|d, x, y| Ok(d.div(x, y)))),
    plain("fma", Call::Float3(Door::fma)),
    plain("neg", Call::Float1(|d, x| Ok(d.neg(x)))),
    row(
        "abs",
        &["arg"],
        ALL,
        false,
        Call::Float1(|d, x| Ok(d.abs(x))),
    ),
    row(
        "sig",
        &["sgn"],
        ALL,
        false,
        Call::Test1(|d, x| Ok(d.sig(x))),
    ),
    plain("lth", Call::Test2(Door::lth)),
    row("lte", &["leq"], ALL, false, Call::Test2(Door::lte)),
    plain("gth", Call::Test2(Door::gth)),
    row("gte", &["geq"], ALL, false, Call::Test2(Door::gte)),
    plain("equ", Call::Test2(Door::equ)),
    plain("neq", Call::Test2(Door::neq)),
    plain("is-close", Call::Test2(Door::is_close)),
    plain("all-close", Call::TestList(Door::all_close)),
    plain("is-int", Call::Test1(Door::is_int)),
    plain("sun", Call::Unsigned(Door::sun)),
    plain("san", Call::Signed(Door::san)),
    plain("toi", Call::ToInt(Door::toi)),
    jet("exp", &[], Call::Float1(Door::exp)),
    jet("log", &[], Call::Float1(|d, x| Ok(d.log(x)))),
    jet("log-2", &[], Call::Float1(|d, x| Ok(d.log_2(x)))),
    jet("log-10", &[], Call::Float1(|d, x| Ok(d.log_10(x)))),
    jet("sin", &[], Call::Float1(|d, x| Ok(d.sin(x)))),
    jet("cos", &[], Call::Float1(|d, x| Ok(d.cos(x)))),
    jet("tan", &[], Call::Float1(|d, x| Ok(d.tan(x)))),
    jet("asin", &[], Call::Float1(|d, x| Ok(d.asin(x)))),
    jet("acos", &[], Call::Float1(|d, x| Ok(d.acos(x)))),
    jet("atan", &[], Call::Float1(|d, x| Ok(d.atan(x)))),
    jet("sqt", &["sqrt"], Call::Float1(|d, x| Ok(d.sqt(x)))),
    jet("cbt", &["cbrt"], Call::Float1(Door::cbt)),
    jet("atan2", &[], Call::Float2(|d, y, x| Ok(d.atan2(y, x)))),
    jet("pow", &[], Call::Float2(Door::pow)),
    jet("pow-n", &[], Call::Float2(Door::pow_n)),
    plain("factorial", Call::Float1(Door::factorial)),
    row("mod", &[], &[Width::S], false, Call::Float2(Door::modulo)),
    row("round", &[], SD, false, Call::Places(Door::round)),
    row(
        "round-places",
        &[],
        SD,
        false,
        Call::Places(Door::round_places),
    ),
    row(
        "round-bankers",
        &[],
        SD,
        false,
        Call::Float1(Door::round_bankers),
    ),
];

/// The row of the arm named `name` (or an alias of it), at any door.
pub fn find(name: &str) -> Option<&'static Arm> {
    ARMS.iter().find(|a| a.is_named(name))
}

/// The row of the arm named `name` (or an alias) that the door of width `w` has.
pub fn find_at(name: &str, w: Width) -> Option<&'static Arm> {
    find(name).filter(|a| a.widths.contains(&w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::BTreeSet::new();
        for a in ARMS {
            for n in std::iter::once(&a.name).chain(a.aliases) {
                assert!(seen.insert(*n), "{n} twice");
            }
        }
        assert_eq!(find("sqrt").map(|a| a.name), Some("sqt"));
        assert!(find_at("mod", Width::D).is_none());
        assert!(find_at("round", Width::D).is_some());
        assert_eq!(ARMS.iter().filter(|a| a.jetted).count(), 15);
    }

    #[test]
    fn a_row_computes_its_arm() {
        // exp:rd(1.0) = 0x4005bf0a8b14576a (math-exp test-rd-1, r = %n).
        let d = Door::with(Width::D, crate::Round::N, 0, 0).unwrap();
        let Call::Float1(exp) = find("exp").unwrap().call else {
            panic!("exp takes one float")
        };
        assert_eq!(exp(&d, 0x3ff0_0000_0000_0000), Ok(0x4005_bf0a_8b14_576a));
        assert_eq!(find("fma").unwrap().call.arity(), 3);
        assert_eq!(find("toi").unwrap().call.product(), Product::UnitSigned);
        assert_eq!(find("leq").unwrap().call.product(), Product::Flag);
    }
}
