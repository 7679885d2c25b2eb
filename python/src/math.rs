//! `/lib/math` arms called element by element over packed arrays.

use super::ray::door_of;
use super::{bad, raise};
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use urnum::softblas::ieee::Width;
use urnum::softblas::math::arms::{self as math_arms, Call};

/// What an array call of a `/lib/math` arm computes per element, for the
/// arms whose operands and product are all floats or flags.
pub(crate) enum Elementwise {
    /// A float of each element (of each pair, triple of elements).
    Float(Call),
    /// A flag of each element (pair).
    Flag(Call),
}

/// How an array call runs `call`, or `None` for a sample that is not floats.
pub(crate) fn math_call_of(call: Call) -> Option<Elementwise> {
    match call {
        Call::Constant(_) | Call::Float1(_) | Call::Float2(_) | Call::Float3(_) => {
            Some(Elementwise::Float(call))
        }
        Call::Test1(_) | Call::Test2(_) => Some(Elementwise::Flag(call)),
        _ => None,
    }
}

/// The `/lib/math` arm `name` of the door `~(. r? [mode rtol atol])` at the
/// width of `bloq` (4 `rh` … 7 `rq`), element by element over `args`: each
/// the packed elements of one operand, all of one length. A float product is
/// the packed elements; a flag product is one byte per element, 1 for `%.y`.
#[pyfunction]
#[pyo3(signature = (bloq, mode, name, args, rtol=None, atol=None))]
pub(crate) fn math_call<'py>(
    py: Python<'py>,
    bloq: u32,
    mode: &str,
    name: &str,
    args: Vec<Vec<u8>>,
    rtol: Option<Bound<'py, PyAny>>,
    atol: Option<Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyBytes>, bool)> {
    let width = Width::from_bloq(bloq).ok_or_else(|| {
        bad(format!(
            "/lib/math has no door at bloq {bloq} (4 rh … 7 rq)"
        ))
    })?;
    let door = door_of(mode, rtol.as_ref(), atol.as_ref(), None)?
        .math(width)
        .map_err(|e| raise(e.into()))?;
    let arm = math_arms::find_at(name, width).ok_or_else(|| {
        PyAttributeError::new_err(format!("/lib/math's {} has no arm {name}", door.name()))
    })?;
    let how = math_call_of(arm.call).ok_or_else(|| {
        bad(format!(
            "{name} does not take floats alone: call it through eval (`{name}:{}:math`)",
            door.name()
        ))
    })?;
    if args.len() != arm.call.arity() {
        return Err(bad(format!(
            "{name} takes {} operand(s), {} given",
            arm.call.arity(),
            args.len()
        )));
    }
    let w = 1usize << (bloq - 3);
    let n = args.first().map_or(1, |a| a.len() / w);
    if args.iter().any(|a| a.len() != n * w) {
        return Err(bad(format!(
            "{name}: the operands are not {n} elements of {w} bytes each"
        )));
    }
    let at = |k: usize, i: usize| -> u128 {
        let mut b = [0u8; 16];
        b[..w].copy_from_slice(&args[k][i * w..(i + 1) * w]);
        u128::from_le_bytes(b)
    };
    let err = |e: urnum::softblas::math::MathError| raise(e.into());
    let mut out = Vec::with_capacity(n * w);
    for i in 0..n {
        match how {
            Elementwise::Float(c) => {
                let y = match c {
                    Call::Constant(f) => f(&door),
                    Call::Float1(f) => f(&door, at(0, i)).map_err(err)?,
                    Call::Float2(f) => f(&door, at(0, i), at(1, i)).map_err(err)?,
                    Call::Float3(f) => f(&door, at(0, i), at(1, i), at(2, i)),
                    _ => unreachable!("math_call_of gives Float only for these"),
                };
                out.extend_from_slice(&y.to_le_bytes()[..w]);
            }
            Elementwise::Flag(c) => {
                let y = match c {
                    Call::Test1(f) => f(&door, at(0, i)).map_err(err)?,
                    Call::Test2(f) => f(&door, at(0, i), at(1, i)),
                    _ => unreachable!("math_call_of gives Flag only for these"),
                };
                out.push(u8::from(y));
            }
        }
    }
    let flag = matches!(how, Elementwise::Flag(_));
    Ok((PyBytes::new(py, &out), flag))
}
