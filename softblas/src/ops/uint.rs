//! `%uint` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6): the
//! stdlib `++fe` door at the element bloq (`sum dif`, `sit` of the exact
//! `mul div mod pow`), raw atom comparisons; `abs`/`conj` are the identity.
//! Saloon's `%uint` gates (saloon.hoon@424a2bf): `factorial` (the exact `x!`)
//! and `pow-n` (the exact `x^n`, the same value as Lagoon's `%pow` once cut).

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
        Binary::Pow | Binary::PowN => fe.pow(&p, y),
        Binary::PowAny => return Err(super::no_gate("%uint has no pow gate")),
    };
    Ok(v.to_atom())
}

/// Whether the fast carrier holds the operation exactly: width and operands within 128 bits.
fn fits128(bloq: u32, xs: &[&Atom]) -> bool {
    bloq <= 7 && xs.iter().all(|x| x.bit_len() <= 128)
}

/// `%add %sub %mul %div %mod %pow` (and `PowN`) modulo `2^w`; `/0` crashes.
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

/// The widest element bloq whose `factorial` urnum forms (2^16-bit
/// elements): fewer than `2^16 + 64` products of 1024-word atoms, about
/// 0.1 s per element; each bloq above would cost four times as much.
pub const FACTORIAL_MAX_BLOQ: u32 = 16;

/// `%abs` and `%conj`: the identity; `Factorial` is Saloon's `%uint` gate.
pub(super) fn unary(u: Unary, t: &Dtype, x: &Atom) -> Result<Atom, ScalarError> {
    match u {
        Unary::Abs | Unary::Conj => Ok(x.clone()),
        Unary::Factorial { .. } => factorial(t.bloq, x),
        _ => Err(not_routed(u, t)),
    }
}

/// Saloon's `%uint` `factorial` gate: `x!` (`0! = 1! = 1`), given already cut to
/// the low `2^bloq` bits, which is all the loops keep (the exact `x!` is not formed).
///
/// `x!` has `x − popcount(x)` factors of two, so once that reaches `w` it
/// vanishes modulo `2^w` (below that, `x < w + 64`).
///
/// # Errors
/// [`ScalarError::Unsupported`] above bloq [`FACTORIAL_MAX_BLOQ`].
fn factorial(bloq: u32, x: &Atom) -> Result<Atom, ScalarError> {
    if bloq > FACTORIAL_MAX_BLOQ {
        return Err(ScalarError::Unsupported(format!(
            "%uint factorial at bloq {bloq}"
        )));
    }
    let w = 1u64 << bloq;
    let Some(n) = x.as_u64().filter(|&n| n - u64::from(n.count_ones()) < w) else {
        return Ok(Atom::ZERO);
    };
    let mut t = Atom::ONE;
    for k in 2..=n {
        t = t.mul(&Atom::from_u64(k)).low_bits(w);
    }
    Ok(t)
}
