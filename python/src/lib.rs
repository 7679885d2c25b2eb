//! `urnum._native`: the Rust half of urnum's Python package. It holds rays
//! ([`PyRay`]), calls Lagoon and Saloon arms by their Hoon names through the
//! libraries' catalogues ([`urnum::lagoon::arms`], [`urnum::saloon::arms`]),
//! `/lib/math` arms element by element through its catalogue
//! ([`urnum::softblas::math::arms`]), the golden-vector runner and `eval` of
//! `urnum-cli`; the Python half (`urnum/__init__.py`) converts numpy arrays.
//!
//! Nothing here computes a value: each function decodes Python arguments into
//! a catalogue row's sample, runs the row, and encodes its product. The
//! door's rounding mode, tolerances and work bounds are arguments of every
//! call, never state.

mod catalogue;
mod cli;
mod math;
mod ray;

use catalogue::{arms, la_call, sa_call};
use cli::{check, check_record, eval};
use math::math_call;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use ray::PyRay;
use urnum::Error;

create_exception!(
    urnum,
    UrnumError,
    PyException,
    "What an urnum call can fail with: the base of urnum's exceptions."
);
create_exception!(
    urnum,
    Crash,
    UrnumError,
    "The Hoon crashes on this input (a failed assertion, a shape or kind mismatch); the message names the arm and the operands."
);
create_exception!(
    urnum,
    Unsupported,
    UrnumError,
    "urnum declines this input: a work bound, a loop the Hoon never ends, a value urnum does not reproduce."
);
create_exception!(
    urnum,
    ArgumentError,
    UrnumError,
    "The arguments do not fit the arm's sample (their number, a kind, a term, a rounding mode); the Hoon would not type-check the call."
);

/// The Python exception of a façade error: [`Unsupported`] when urnum
/// declines, [`Crash`] otherwise.
fn raise(e: Error) -> PyErr {
    if e.is_unsupported() {
        Unsupported::new_err(e.to_string())
    } else {
        Crash::new_err(e.to_string())
    }
}

/// An [`ArgumentError`] with `msg`.
fn bad(msg: impl Into<String>) -> PyErr {
    ArgumentError::new_err(msg.into())
}
/// The module `urnum._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyRay>()?;
    m.add("UrnumError", py.get_type::<UrnumError>())?;
    m.add("Crash", py.get_type::<Crash>())?;
    m.add("Unsupported", py.get_type::<Unsupported>())?;
    m.add("ArgumentError", py.get_type::<ArgumentError>())?;
    m.add_function(wrap_pyfunction!(la_call, m)?)?;
    m.add_function(wrap_pyfunction!(sa_call, m)?)?;
    m.add_function(wrap_pyfunction!(arms, m)?)?;
    m.add_function(wrap_pyfunction!(math_call, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_record, m)?)?;
    m.add_function(wrap_pyfunction!(eval, m)?)?;
    Ok(())
}
