//! Lagoon and Saloon arms called from Python through their catalogues: the
//! door, the sample decoded from Python arguments, the product encoded back,
//! and each library's list of arms.

use super::math::math_call_of;
use super::ray::{atom_of, atom_to_py, door_of, kind_of, PyRay};
use super::{bad, raise};
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use pyo3::IntoPyObjectExt;
use urnum::lagoon::arms::{self as la_arms, Args, Mold, Out, Param};
use urnum::lagoon::{Meta, Tail};
use urnum::softblas::math::arms as math_arms;
use urnum::Atom;

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
pub(crate) fn sample<D>(
    arm: &str,
    params: &[Param],
    args: &[Bound<'_, PyAny>],
    door: D,
) -> PyResult<Args<D>> {
    if args.len() != params.len() {
        let want: Vec<String> = params.iter().map(|p| param_text(*p)).collect();
        return Err(bad(format!(
            "{arm} takes {} argument(s) ({}), {} given",
            params.len(),
            want.join(", "),
            args.len()
        )));
    }
    let mut a = Args::new(door);
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
pub(crate) fn la_call(
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
pub(crate) fn sa_call(
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
pub(crate) fn arms(library: &str) -> PyResult<Vec<(String, Vec<String>)>> {
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
