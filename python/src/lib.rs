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

use pyo3::create_exception;
use pyo3::exceptions::{PyAttributeError, PyException};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use pyo3::IntoPyObjectExt;
use std::sync::OnceLock;
use urnum::lagoon::arms::{self as la_arms, Args, Mold, Out, Param};
use urnum::lagoon::{Meta, Ray, Tail};
use urnum::ray::RayExt;
use urnum::saloon::Limits;
use urnum::DoorRound;
use urnum::softblas::ieee::Width;
use urnum::softblas::math::arms::{self as math_arms, Call};
use urnum::{Atom, Door, Error, Kind, Round};
use urnum_cli::Registry;

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

/// A Lagoon ray: `meta` (shape, bloq, kind, tail) and `data`, the elements
/// under their pin. `str` and `repr` are the dojo's text.
#[pyclass(name = "Ray", module = "urnum._native", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyRay(Ray);

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
fn kind_of(term: &str) -> PyResult<Kind> {
    let t = term.trim_start_matches('%');
    Kind::from_term(t).ok_or_else(|| {
        bad(format!(
            "{term:?} is not a Lagoon kind (i754 uint int2 unum cplx fixp)"
        ))
    })
}

/// The rounding mode named `term` (`n u d z`, with or without `%`).
fn round_of(term: &str) -> PyResult<Round> {
    Round::from_term(term).map_err(|e| bad(e.to_string()))
}

/// The atom of a non-negative Python int (any size).
fn atom_of(ob: &Bound<'_, PyAny>) -> PyResult<Atom> {
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
fn atom_to_py(py: Python<'_>, a: &Atom) -> PyResult<Py<PyAny>> {
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
fn door_of(
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

/// What a sample part is, for messages.
fn param_text(p: Param) -> String {
    match p {
        Param::Ray => "ray".into(),
        Param::Meta => "meta (shape, bloq, kind[, (a, b)])".into(),
        Param::Atom => "atom".into(),
        Param::Count => "count".into(),
        Param::Kind => "kind".into(),
        Param::Term(ts) => format!("term ({})", ts.join(" ")),
        Param::Pair => "pair (a, b)".into(),
        Param::Int => "int".into(),
        Param::Shape => "shape [int, …]".into(),
        Param::Index => "index [int, …]".into(),
        Param::Values => "values [int, …]".into(),
        Param::Slices => "slices [None | (lo, hi), …]".into(),
    }
}

/// The cord atom of a term's text (`%i754` or `i754`).
fn term_atom(ob: &Bound<'_, PyAny>, what: &str) -> PyResult<Atom> {
    let s: String = ob
        .extract()
        .map_err(|_| bad(format!("{what}: a term is a str, not {ob}")))?;
    Ok(Atom::from_le_bytes(s.trim_start_matches('%').as_bytes()))
}

/// The sample of `arm` from Python values, in the layout of
/// [`la_arms::Args`] (rays, metas, atoms; fixed ints, then the lengths of all
/// lists but the last, then the lists' items).
fn sample<D>(arm: &str, params: &[Param], args: &[Bound<'_, PyAny>], door: D) -> PyResult<Args<D>> {
    if args.len() != params.len() {
        let want: Vec<String> = params.iter().map(|p| param_text(*p)).collect();
        return Err(bad(format!(
            "{arm} takes {} argument(s) ({}), {} given",
            params.len(),
            want.join(", "),
            args.len()
        )));
    }
    let mut a = Args {
        door,
        rays: Vec::new(),
        metas: Vec::new(),
        atoms: Vec::new(),
        ints: Vec::new(),
    };
    let mut lists: Vec<Vec<u64>> = Vec::new();
    for (i, (p, ob)) in params.iter().zip(args).enumerate() {
        let what = format!("{arm}: argument {} ({})", i + 1, param_text(*p));
        let ints = |ob: &Bound<'_, PyAny>| -> PyResult<Vec<u64>> {
            ob.extract()
                .map_err(|_| bad(format!("{what}: a list of non-negative ints, not {ob}")))
        };
        match p {
            Param::Ray => {
                let r = ob
                    .cast::<PyRay>()
                    .map_err(|_| bad(format!("{what}: a ray, not {ob}")))?;
                a.rays.push(r.get().0.clone());
            }
            Param::Meta => {
                let t = ob
                    .cast::<PyTuple>()
                    .map_err(|_| bad(format!("{what}: a tuple, not {ob}")))?;
                let shape: Vec<u64> = t.get_item(0).and_then(|s| ints(&s))?;
                let bloq: u32 = t.get_item(1)?.extract()?;
                let kind = kind_of(&t.get_item(2)?.extract::<String>()?)?;
                let mut m = Meta::new(shape, bloq, kind);
                if t.len() > 3 && !t.get_item(3)?.is_none() {
                    let (x, y): (Bound<'_, PyAny>, Bound<'_, PyAny>) = t.get_item(3)?.extract()?;
                    m = m.with_tail(Tail::Prec {
                        a: atom_of(&x)?,
                        b: atom_of(&y)?,
                    });
                }
                a.metas.push(m);
            }
            Param::Atom | Param::Count => a.atoms.push(atom_of(ob)?),
            Param::Kind => {
                kind_of(&ob.extract::<String>().map_err(|_| bad(what.clone()))?)?;
                a.atoms.push(term_atom(ob, &what)?);
            }
            Param::Term(set) => {
                let s: String = ob.extract().map_err(|_| bad(what.clone()))?;
                if !set.contains(&s.trim_start_matches('%')) {
                    return Err(bad(format!(
                        "{what}: {s:?} is not one of {}",
                        set.join(" ")
                    )));
                }
                a.atoms.push(term_atom(ob, &what)?);
            }
            Param::Pair => {
                let (x, y): (Bound<'_, PyAny>, Bound<'_, PyAny>) = ob
                    .extract()
                    .map_err(|_| bad(format!("{what}: a pair (a, b), not {ob}")))?;
                a.atoms.push(atom_of(&x)?);
                a.atoms.push(atom_of(&y)?);
            }
            Param::Int => a.ints.push(
                ob.extract()
                    .map_err(|_| bad(format!("{what}: a non-negative int, not {ob}")))?,
            ),
            Param::Shape | Param::Index | Param::Values => lists.push(ints(ob)?),
            Param::Slices => {
                let items: Vec<Option<(Option<u64>, Option<u64>)>> = ob
                    .extract()
                    .map_err(|_| bad(format!("{what}: a list of None or (lo, hi), not {ob}")))?;
                let mut v = Vec::new();
                for s in items {
                    match s {
                        None => v.extend([0, 0, 0]),
                        Some((lo, hi)) => v.extend([
                            1 | u64::from(lo.is_some()) << 1 | u64::from(hi.is_some()) << 2,
                            lo.unwrap_or(0),
                            hi.unwrap_or(0),
                        ]),
                    }
                }
                lists.push(v);
            }
        }
    }
    if let Some((_, init)) = lists.split_last() {
        a.ints.extend(init.iter().map(|l| l.len() as u64));
    }
    a.ints.extend(lists.into_iter().flatten());
    Ok(a)
}

/// The Python value of one part of a product of type `mold`.
fn out_to_py(py: Python<'_>, out: Out, mold: Mold) -> PyResult<Py<PyAny>> {
    match out {
        Out::Ray(r) => PyRay(r).into_py_any(py),
        Out::Atom(a) if mold == Mold::Flag => a.is_zero().into_py_any(py),
        Out::Atom(a) => atom_to_py(py, &a),
        Out::List { items, .. } => {
            let v = items
                .iter()
                .map(|a| atom_to_py(py, a))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, v)?.into_py_any(py)
        }
    }
}

/// The Lagoon arm `name` (`add`, `sum-dim`, `mmul`) under `(lake mode)`,
/// on `args` in the sample's order (rays as `Ray`s).
#[pyfunction]
fn la_call(
    py: Python<'_>,
    mode: &str,
    name: &str,
    args: Vec<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let door = door_of(mode, None, None, None)?;
    let arm = la_arms::find(la_arms::ARMS, name, ":la")
        .ok_or_else(|| PyAttributeError::new_err(format!("Lagoon has no catalogued arm {name}")))?;
    let a = sample(arm.name, arm.params, &args, door.lagoon())?;
    let out = (arm.run)(&a).map_err(|e| raise(e.into()))?;
    out_to_py(py, out, arm.product)
}

/// The Saloon arm `name` (`exp`, `eig`, `lstsq`) under `(sake mode rtol)`
/// with the work bounds `limits`; a tuple product is a Python tuple, a unit
/// `None` or its value.
#[pyfunction]
#[pyo3(signature = (mode, name, args, rtol=None, limits=None))]
fn sa_call(
    py: Python<'_>,
    mode: &str,
    name: &str,
    args: Vec<Bound<'_, PyAny>>,
    rtol: Option<Bound<'_, PyAny>>,
    limits: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let door = door_of(mode, rtol.as_ref(), None, limits)?;
    let arm = urnum::saloon::arms::by_name(name)
        .ok_or_else(|| PyAttributeError::new_err(format!("Saloon has no catalogued arm {name}")))?;
    let a = sample(arm.name, arm.params, &args, door.saloon())?;
    let parts = (arm.run)(&a).map_err(|e| raise(e.into()))?;
    match arm.product {
        Mold::Tuple(items) => {
            let v = parts
                .into_iter()
                .zip(items.iter())
                .map(|(o, (_, m))| out_to_py(py, o, *m))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, v)?.into_py_any(py)
        }
        Mold::Unit(m) => match parts.into_iter().next() {
            None => Ok(py.None()),
            Some(o) => out_to_py(py, o, *m),
        },
        m => match parts.into_iter().next() {
            Some(o) => out_to_py(py, o, m),
            None => Ok(py.None()),
        },
    }
}

/// The catalogue of a library (`la`, `sa`, `math`): each arm's Hoon name and its sample's parts.
#[pyfunction]
fn arms(library: &str) -> PyResult<Vec<(String, Vec<String>)>> {
    let rows = |v: Vec<(&str, &[Param])>| {
        v.into_iter()
            .map(|(n, ps)| (n.to_string(), ps.iter().map(|p| param_text(*p)).collect()))
            .collect()
    };
    match library {
        "la" => Ok(rows(
            la_arms::ARMS.iter().map(|a| (a.name, a.params)).collect(),
        )),
        "sa" => Ok(rows(
            urnum::saloon::arms::ARMS
                .iter()
                .map(|a| (a.name, a.params))
                .collect(),
        )),
        "math" => Ok(math_arms::ARMS
            .iter()
            .filter(|a| math_call_of(a.call).is_some())
            .map(|a| {
                (
                    a.name.to_string(),
                    vec!["float".to_string(); a.call.arity()],
                )
            })
            .collect()),
        _ => Err(bad(format!("library {library:?}: la, sa or math"))),
    }
}

/// What an array call of a `/lib/math` arm computes per element, for the
/// arms whose operands and product are all floats or flags.
enum Elementwise {
    /// A float of each element (of each pair, triple of elements).
    Float(Call),
    /// A flag of each element (pair).
    Flag(Call),
}

/// How an array call runs `call`, or `None` for a sample that is not floats.
fn math_call_of(call: Call) -> Option<Elementwise> {
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
fn math_call<'py>(
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

/// The registry of arms by Hoon name, made once.
fn registry() -> &'static Registry {
    static REG: OnceLock<Registry> = OnceLock::new();
    REG.get_or_init(Registry::new)
}

/// The verdict on one vector as `(verdict, detail)`: `passed`, `failed`,
/// `unsupported` or `divergent`, and what failed or is missing.
fn verdict(o: &urnum_cli::vector::Outcome) -> (&'static str, Option<String>) {
    use urnum_cli::vector::Outcome as O;
    let show = |f: &urnum_cli::vector::Failure| {
        let mut s = f.reason.clone();
        if let Some(e) = &f.expected {
            s.push_str(&format!("; expected {e}"));
        }
        if let Some(a) = &f.actual {
            s.push_str(&format!("; actual {a}"));
        }
        s
    };
    match o {
        O::Passed => ("passed", None),
        O::Failed(f) => ("failed", Some(show(f))),
        O::Unsupported(m) => ("unsupported", Some(m.clone())),
        O::Divergent { reason, .. } => ("divergent", Some(reason.clone())),
    }
}

/// `urnum check` over `paths` (files, or directories of `*.jsonl`), the
/// vectors whose id or arm contains `filter`: a dict of the counts `passed`,
/// `failed`, `unsupported` and `results`, one `(id, arm, verdict, detail)`
/// per vector that did not pass.
#[pyfunction]
#[pyo3(signature = (paths, filter=None))]
fn check<'py>(
    py: Python<'py>,
    paths: Vec<std::path::PathBuf>,
    filter: Option<String>,
) -> PyResult<Bound<'py, PyDict>> {
    use urnum_cli::vector;
    let files = vector::collect(&paths).map_err(|e| bad(e.to_string()))?;
    let opts = vector::RunOptions {
        filter,
        jobs: 0,
        progress: false,
    };
    let reports = vector::run_paths(registry(), &files, &opts);
    let total = vector::total(&reports);
    let d = PyDict::new(py);
    d.set_item("passed", total.passed)?;
    d.set_item("failed", total.failed)?;
    d.set_item("unsupported", total.unsupported)?;
    let mut rows = Vec::new();
    for r in &reports {
        if let Some(e) = &r.error {
            rows.push((
                r.path.display().to_string(),
                String::new(),
                "failed",
                Some(e.clone()),
            ));
        }
        for v in &r.results {
            let (what, detail) = verdict(&v.outcome);
            if what != "passed" {
                rows.push((v.id.clone(), v.arm.clone(), what, detail));
            }
        }
    }
    d.set_item("results", rows)?;
    Ok(d)
}

/// One vector (a JSON line of the vector format) judged as `urnum check`
/// judges it: `(verdict, detail)`.
#[pyfunction]
fn check_record(line: &str) -> PyResult<(&'static str, Option<String>)> {
    let v = urnum_cli::vector::parse_line(line, 1).map_err(|e| bad(e.to_string()))?;
    Ok(verdict(&urnum_cli::vector::run_vector(registry(), &v)))
}

/// `urnum eval TEXT`: `(status, text)`, the CLI's exit status (0 value,
/// 1 the Hoon fails, 2 a syntax error, 3 unsupported) and what it prints.
#[pyfunction]
fn eval(text: &str) -> (u8, String) {
    let o = urnum_cli::eval::evaluate(registry(), text, false);
    (o.status(), o.dojo_text())
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
