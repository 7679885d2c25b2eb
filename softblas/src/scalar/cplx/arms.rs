//! The catalogue of `/lib/complex`'s arms: one row per arm of the doors
//! `ch cs cd cq` (`urbit/numerics:libmath/desk/lib/complex.hoon` @96f3cfe),
//! with its Hoon name and its sample, product and function ([`Call`]).
//!
//! The CLI registry decodes a row's sample from nouns and encodes its
//! product by the row's [`Call`]; `urnum eval` takes the product's type from
//! [`Call::product`].

use super::{equ_atoms, im_atom, pak_atoms, re_atom, Cplx, Plane};
use crate::atom::Atom;
use crate::scalar::catalogue::{self, row};
use crate::scalar::i754::Width;

/// How a `/lib/complex` arm takes its sample and gives its product, with the
/// function that computes it. An element is a packed atom (`im << w | re`),
/// a component a float of the door's component width.
#[derive(Clone, Copy)]
pub enum Call {
    /// No sample; an element (`zero`, `one`).
    Elem0(fn(Plane) -> Cplx),
    /// One element; an element.
    Elem1(fn(Plane, Cplx) -> Cplx),
    /// Two elements; an element.
    Elem2(fn(Plane, Cplx, Cplx) -> Cplx),
    /// No sample; a component (`rpi`).
    Comp0(fn(Plane) -> u128),
    /// One component; a component.
    Comp1(fn(Plane, u128) -> u128),
    /// Two components; a component (`ratn`).
    Comp2(fn(Plane, u128, u128) -> u128),
    /// One raw atom; a component read from it (`re`, `im`).
    Part(fn(Width, &Atom) -> Atom),
    /// Two raw atoms; the element they pack (`pak`).
    Pack(fn(Width, &Atom, &Atom) -> Atom),
    /// One raw atom; an element (`abs`, whose zero test reads the raw atom).
    RawElem(fn(Plane, &Atom) -> Cplx),
    /// Two raw atoms; a flag (`equ`, `neq`: bit equality).
    Test(fn(&Atom, &Atom) -> bool),
}

/// The Hoon type of a `/lib/complex` arm's product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// A packed element (`@`).
    Elem,
    /// A component float of the door's component aura (`@rh` … `@rq`).
    Component,
    /// A flag (`?`).
    Flag,
}

impl Call {
    /// The number of operands the arm takes.
    pub const fn arity(self) -> usize {
        match self {
            Call::Elem0(_) | Call::Comp0(_) => 0,
            Call::Elem1(_) | Call::Comp1(_) | Call::Part(_) | Call::RawElem(_) => 1,
            Call::Elem2(_) | Call::Comp2(_) | Call::Pack(_) | Call::Test(_) => 2,
        }
    }

    /// The type of the arm's product.
    pub const fn product(self) -> Product {
        match self {
            Call::Comp0(_) | Call::Comp1(_) | Call::Comp2(_) | Call::Part(_) => Product::Component,
            Call::Test(_) => Product::Flag,
            _ => Product::Elem,
        }
    }
}

/// One arm: its Hoon name and its [`Call`].
pub type Arm = catalogue::Arm<Call>;

/// The arms of the `/lib/complex` doors, in the order of the Hoon file.
pub static ARMS: &[Arm] = &[
    row("re", Call::Part(re_atom)),
    row("im", Call::Part(im_atom)),
    row("pak", Call::Pack(pak_atoms)),
    row("fneg", Call::Comp1(Plane::fneg)),
    row("fabs", Call::Comp1(Plane::fabs)),
    row("zero", Call::Elem0(Plane::zero)),
    row("one", Call::Elem0(Plane::one)),
    row("add", Call::Elem2(Plane::add)),
    row("sub", Call::Elem2(Plane::sub)),
    row("neg", Call::Elem1(Plane::neg)),
    row("conj", Call::Elem1(Plane::conj)),
    row("mul", Call::Elem2(Plane::mul)),
    row("div", Call::Elem2(Plane::div)),
    row("abs", Call::RawElem(|d, p| d.abs_atom(p))),
    row("equ", Call::Test(equ_atoms)),
    row("neq", Call::Test(|p, q| !equ_atoms(p, q))),
    row("rpi", Call::Comp0(Plane::rpi)),
    row("rexp", Call::Comp1(Plane::rexp)),
    row("rsin", Call::Comp1(Plane::rsin)),
    row("rcos", Call::Comp1(Plane::rcos)),
    row("rlog", Call::Comp1(Plane::rlog)),
    row("ratan", Call::Comp1(Plane::ratan)),
    row("ratn", Call::Comp2(Plane::ratn)),
    row("cexp", Call::Elem1(Plane::cexp)),
    row("clog", Call::Elem1(Plane::clog)),
    row("csqrt", Call::Elem1(Plane::csqrt)),
    row("csin", Call::Elem1(Plane::csin)),
    row("ccos", Call::Elem1(Plane::ccos)),
    row("ctan", Call::Elem1(Plane::ctan)),
    row("cpow", Call::Elem2(Plane::cpow)),
];
