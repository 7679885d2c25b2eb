//! The scalar dispatch of programs: each node kind at each dtype, as Lagoon's
//! `+fun-scalar` and `+trans-scalar` (lagoon.hoon@aa6f2a6) and Saloon's
//! element-wise dispatch define it, routed to the element-kind modules.
//!
//! Kinds not routed yet answer [`ScalarError::Unsupported`]; nothing here
//! guesses a value.

use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::prog::{Op1, Op2, Op3};
use crate::round::Round;
use thiserror::Error;

/// Why a scalar operation gave no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScalarError {
    /// The Hoon crashes here; the text names the failed check.
    #[error("crash: {0}")]
    Crash(String),
    /// urnum does not reproduce this operation at this dtype (yet).
    #[error("unsupported: {0}")]
    Unsupported(String),
}

/// The value of a one-operand kind `op` taking `x` of dtype `from` to dtype `to`, in `round`.
///
/// # Errors
/// [`ScalarError::Crash`] where the Hoon crashes; [`ScalarError::Unsupported`] where urnum declines.
pub fn eval1(
    op: Op1,
    from: &Dtype,
    to: &Dtype,
    round: Round,
    x: &Atom,
) -> Result<Atom, ScalarError> {
    match op {
        Op1::Copy | Op1::Bitcast if from.bloq == to.bloq => Ok(x.clone()),
        _ => Err(ScalarError::Unsupported(format!(
            "{op:?} from {from:?} to {to:?} in {round}"
        ))),
    }
}

/// The value of a two-operand kind `op` on `x` and `y` of dtype `t`, in `round`.
///
/// # Errors
/// [`ScalarError::Crash`] where the Hoon crashes; [`ScalarError::Unsupported`] where urnum declines.
pub fn eval2(op: Op2, t: &Dtype, round: Round, x: &Atom, y: &Atom) -> Result<Atom, ScalarError> {
    let _ = (x, y);
    Err(ScalarError::Unsupported(format!(
        "{op:?} at {t:?} in {round}"
    )))
}

/// The value of a three-operand kind `op`; `dtypes` are those of the first two operands.
///
/// # Errors
/// [`ScalarError::Crash`] where the Hoon crashes; [`ScalarError::Unsupported`] where urnum declines.
pub fn eval3(
    op: Op3,
    dtypes: [&Dtype; 2],
    round: Round,
    xs: [&Atom; 3],
) -> Result<Atom, ScalarError> {
    match op {
        Op3::Where => Ok(if xs[0].is_zero() {
            xs[2].clone()
        } else {
            xs[1].clone()
        }),
        Op3::Fma => Err(ScalarError::Unsupported(format!(
            "fma at {:?} in {round}",
            dtypes[0]
        ))),
    }
}
