//! The CLI from Python: the golden-vector runner and `eval`.

use super::bad;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::OnceLock;
use urnum_cli::Registry;

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
pub(crate) fn check<'py>(
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
pub(crate) fn check_record(line: &str) -> PyResult<(&'static str, Option<String>)> {
    let v = urnum_cli::vector::parse_line(line, 1).map_err(|e| bad(e.to_string()))?;
    Ok(verdict(&urnum_cli::vector::run_vector(registry(), &v)))
}

/// `urnum eval TEXT`: `(status, text)`, the CLI's exit status (0 value,
/// 1 the Hoon fails, 2 a syntax error, 3 unsupported) and what it prints.
#[pyfunction]
pub(crate) fn eval(text: &str) -> (u8, String) {
    let o = urnum_cli::eval::evaluate(registry(), text, false);
    (o.status(), o.dojo_text())
}
