//! `%uint` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6): the
//! stdlib `++fe` door at the element bloq (`sum dif`, `sit` of the exact
//! `mul div mod pow`), raw atom comparisons; `abs`/`conj` are the identity.

use super::{bit_compare, not_routed, ScalarError};
use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::prog::{Binary, Compare, Unary};
use crate::scalar::uint::{Fe, UintError, Word};

fn err(e: UintError) -> ScalarError {
    match e {
        UintError::DivideByZero => ScalarError::Crash("%uint div or mod by zero"),
        other => ScalarError::Unsupported(other.to_string()),
    }
}

fn run<W: Word>(b: Binary, bloq: u32, x: &Atom, y: &Atom) -> Result<Atom, ScalarError> {
    let fe = Fe::<W>::new(bloq).map_err(err)?;
    let (p, q) = (W::from_atom_low(x), W::from_atom_low(y));
    let v = match b {
        Binary::Add => fe.sum(&p, &q),
        Binary::Sub => fe.dif(&p, &q),
        Binary::Mul => fe.mul(&p, &q),
        Binary::Div => fe.div(&p, &q).map_err(err)?,
        Binary::Mod => fe.rem(&p, &q).map_err(err)?,
        Binary::Pow => fe.pow(&p, y),
    };
    Ok(v.to_atom())
}

/// Whether the fast carrier holds the operation exactly: width and operands within 128 bits.
fn fits128(bloq: u32, xs: &[&Atom]) -> bool {
    bloq <= 7 && xs.iter().all(|x| x.bit_len() <= 128)
}

/// `%add %sub %mul %div %mod %pow` modulo `2^w`; `/0` crashes.
pub(super) fn binary(b: Binary, t: &Dtype, x: &Atom, y: &Atom) -> Result<Atom, ScalarError> {
    if fits128(t.bloq, &[x, y]) {
        run::<u128>(b, t.bloq, x, y)
    } else {
        run::<Atom>(b, t.bloq, x, y)
    }
}

/// The comparisons on the raw atoms.
pub(super) fn compare(c: Compare, _t: &Dtype, x: &Atom, y: &Atom) -> Result<bool, ScalarError> {
    Ok(bit_compare(c, x, y).unwrap_or(match c {
        Compare::Gth => x > y,
        Compare::Gte => x >= y,
        Compare::Lth => x < y,
        _ => x <= y,
    }))
}

/// `%abs` and `%conj`: the identity.
pub(super) fn unary(u: Unary, t: &Dtype, x: &Atom) -> Result<Atom, ScalarError> {
    match u {
        Unary::Abs | Unary::Conj => Ok(x.clone()),
        _ => Err(not_routed(u, t)),
    }
}
