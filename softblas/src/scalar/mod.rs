//! The element kinds: one module per Lagoon kind, each the bit-exact
//! semantics of the Hoon library that defines it.
//!
//! | module | Hoon source | values |
//! |---|---|---|
//! | [`i754`] | `hoon.hoon` `++fl ++rh ++rs ++rd ++rq` | IEEE 754 binary16/32/64/128 via Berkeley SoftFloat |
//! | [`uint`] | `hoon.hoon` `++fe` | unsigned integers mod 2^w |
//! | [`int2`] | `libmath/desk/lib/twoc.hoon` | two's-complement integers |
//! | [`unum`] | `libmath/desk/lib/unum.hoon` | posits (es = 2) and the quire |
//! | [`cplx`] | `libmath/desk/lib/complex.hoon` | complex pairs of IEEE floats |
//! | [`fixp`] | `libmath/desk/lib/fixed.hoon` | fixed point Q a.b |
//!
//! [`threefry`] is no Hoon library's: the counter-based generator of Nx's
//! `Threefry` kind ([`crate::prog::NxBinary::Threefry`]).

pub mod catalogue;
pub mod cplx;
pub mod fixp;
pub mod i754;
pub mod int2;
pub mod threefry;
pub mod uint;
pub mod unum;
