//! The Python `Ray` class, and the conversions between Python values and
//! urnum's atoms, kinds and rounding modes.

use super::{bad, raise};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use pyo3::IntoPyObjectExt;
use urnum::lagoon::{Meta, Ray, Tail};
use urnum::ray::RayExt;
use urnum::saloon::Limits;
use urnum::DoorRound;
use urnum::{Atom, Door, Kind, Round};

/// A Lagoon ray: `meta` (shape, bloq, kind, tail) and `data`, the elements
/// under their pin. `str` and `repr` are the dojo's text.
#[pyclass(name = "Ray", module = "urnum._native", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyRay(pub(crate) Ray);

/// The bytes one element takes in the packed form of [`PyRay::from_elements`]:
/// one for bloq ≤ 3, else `2^bloq / 8`.
fn elem_bytes(bloq: u32) -> PyResult<usize> {
    match bloq {
        0..=3 => Ok(1),
        4..=16 => Ok(1 << (bloq - 3)),
        _ => Err(bad(format!("bloq {bloq} is wider than urnum's rays take"))),
    }
}

/// The kind named `term` (`i754`, `%uint`, …).
pub(crate) fn kind_of(term: &str) -> PyResult<Kind> {
    let t = term.trim_start_matches('%');
    Kind::from_term(t).ok_or_else(|| {
        bad(format!(
            "{term:?} is not a Lagoon kind (i754 uint int2 unum cplx fixp)"
        ))
    })
}

/// The rounding mode named `term` (`n u d z`, with or without `%`).
pub(crate) fn round_of(term: &str) -> PyResult<Round> {
    Round::from_term(term).map_err(|e| bad(e.to_string()))
}

/// The atom of a non-negative Python int (any size).
pub(crate) fn atom_of(ob: &Bound<'_, PyAny>) -> PyResult<Atom> {
    if let Ok(v) = ob.extract::<u128>() {
        return Ok(Atom::from_u128(v));
    }
    let neg: bool = ob.lt(0).map_err(|_| bad("an atom is a non-negative int"))?;
    let bits: u64 = ob
        .call_method0("bit_length")
        .and_then(|b| b.extract())
        .map_err(|_| bad(format!("an atom is a non-negative int, not {ob}")))?;
    if neg {
        return Err(bad(format!("an atom is a non-negative int, not {ob}")));
    }
    let bytes = ob.call_method1("to_bytes", (bits.div_ceil(8), "little"))?;
    Ok(Atom::from_le_bytes(bytes.cast::<PyBytes>()?.as_bytes()))
}

/// The Python int of an atom.
pub(crate) fn atom_to_py(py: Python<'_>, a: &Atom) -> PyResult<Py<PyAny>> {
    if a.bit_len() <= 128 {
        return a.low_u128().into_py_any(py);
    }
    let int = py.import("builtins")?.getattr("int")?;
    int.call_method1("from_bytes", (PyBytes::new(py, &a.to_le_bytes()), "little"))?
        .into_py_any(py)
}

#[pymethods]
impl PyRay {
    /// The ray of `shape`, `kind`, `bloq` (and the `%fixp` precision `tail`,
    /// `(a, b)`) whose elements are `data`: row-major, each little-endian in
    /// `max(1, 2^bloq / 8)` bytes (bits above the element's width must be 0).
    #[staticmethod]
    #[pyo3(signature = (data, shape, kind, bloq, tail=None))]
    fn from_elements(
        data: &[u8],
        shape: Vec<u64>,
        kind: &str,
        bloq: u32,
        tail: Option<(u128, u128)>,
    ) -> PyResult<PyRay> {
        let kind = kind_of(kind)?;
        let tail = match tail {
            None => Tail::Null,
            Some((a, b)) => Tail::Prec {
                a: Atom::from_u128(a),
                b: Atom::from_u128(b),
            },
        };
        let meta = Meta::new(shape, bloq, kind).with_tail(tail);
        let n = meta.elems().map_err(|e| raise(e.into()))?;
        let w = elem_bytes(bloq)?;
        if data.len() as u128 != u128::from(n) * w as u128 {
            return Err(bad(format!(
                "the shape {:?} holds {n} elements of {w} bytes, but {} bytes were given",
                meta.shape,
                data.len()
            )));
        }
        let atoms: Vec<Atom> = data.chunks(w).map(Atom::from_le_bytes).collect();
        if let Some(i) = atoms.iter().position(|a| a.bit_len() > 1u64 << bloq) {
            return Err(bad(format!(
                "element {i} does not fit bloq {bloq} ({} bits)",
                1u64 << bloq
            )));
        }
        Ray::from_elems(meta, &atoms)
            .map(PyRay)
            .map_err(|e| raise(e.into()))
    }

    /// The elements in the packed form [`PyRay::from_elements`] takes.
    fn elements<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let n = self.0.elems().map_err(|e| raise(e.into()))?;
        let w = elem_bytes(self.0.meta.bloq)?;
        let mut out = vec![0u8; n as usize * w];
        for (i, slot) in out.chunks_mut(w).enumerate() {
            let b = self.0.get(i as u64).to_le_bytes();
            let k = b.len().min(w);
            slot[..k].copy_from_slice(&b[..k]);
        }
        Ok(PyBytes::new(py, &out))
    }

    /// The shape, outermost dimension first.
    #[getter]
    fn shape(&self) -> Vec<u64> {
        self.0.meta.shape.clone()
    }

    /// The element kind's term (`i754`, `uint`, `int2`, `unum`, `cplx`, `fixp`).
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.meta.kind.term()
    }

    /// The bloq: each element is `2^bloq` bits.
    #[getter]
    fn bloq(&self) -> u32 {
        self.0.meta.bloq
    }

    /// The `%fixp` precision `(a, b)`, or `None` for the tail `~`.
    #[getter]
    fn tail(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.0.meta.tail {
            Tail::Prec { a, b } => (atom_to_py(py, a)?, atom_to_py(py, b)?).into_py_any(py),
            _ => Ok(py.None()),
        }
    }

    /// The data atom (the elements under the pin bit) as an int.
    #[getter]
    fn data(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        atom_to_py(py, &self.0.data)
    }

    /// The ray as the dojo prints it: `[meta=[shape=~[2] …] data=0x…]`
    /// (Lagoon's `Display` for `Ray`).
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// As `str`: the dojo's text.
    fn __repr__(&self) -> String {
        self.0.to_string()
    }

    /// The elements as a matrix, one line per last-axis run, each element as
    /// the dojo prints its scalar.
    fn matrix(&self) -> String {
        self.0.matrix().to_string()
    }
}

/// The façade door of `mode`, `rtol`, `atol` and the work bounds `limits`
/// (`"none"`, the façade's default, or `"jet"`, vere's).
pub(crate) fn door_of(
    mode: &str,
    rtol: Option<&Bound<'_, PyAny>>,
    atol: Option<&Bound<'_, PyAny>>,
    limits: Option<&str>,
) -> PyResult<Door> {
    let mut d = Door::new(round_of(mode)?);
    if let Some(r) = rtol {
        d = d.with_rtol(atom_of(r)?);
    }
    if let Some(a) = atol {
        d = d.with_atol(atom_of(a)?);
    }
    match limits {
        None | Some("none") => Ok(d),
        Some("jet") => Ok(d.with_limits(Limits::JET)),
        Some(other) => Err(bad(format!(
            "limits {other:?}: \"none\" (the default) or \"jet\" (vere's bounds)"
        ))),
    }
}
