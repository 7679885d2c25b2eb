//! The golden-vector runner: loads vector files (`vectors/SUMMARY.md` §3),
//! evaluates each vector through the [`Registry`] and judges it.
//!
//! A vector is one arm call (registry key: the `arm` when it contains `:`, else
//! `<arm>:<lib>`; door: the part after `:` with the vector's `door_args`), its
//! arguments (literals, nested calls, wings), `post` steps, and an expected
//! value compared by `compare`. Its [`Outcome`] is
//! - **unsupported** when any arm it names is not registered, or any
//!   evaluation (arguments, nested calls, post steps, the expected side)
//!   returns [`ArmError::Unsupported`](crate::ArmError::Unsupported), or it
//!   needs something the runner cannot express (a gate urnum does not know, an unknown
//!   post step, compare kind or tolerance rule);
//! - **passed** when the comparison holds (for `crash`: the evaluation
//!   returned [`ArmError::Crash`](crate::ArmError::Crash));
//! - **failed** otherwise, including [`ArmError::BadArgs`](crate::ArmError::BadArgs)
//!   and malformed lines (reported with file and line).
//!
//! Comparisons: `exact`, `relational` and `predicate` are noun equality with
//! the (evaluated) expected side; `distinct` is inequality; `tolerance` and
//! `relational-tolerance` use Lagoon's `is-close` rule evaluated exactly with
//! big rationals (see [`compare`]); `crash` needs a crash.

pub mod compare;
pub mod eval;
pub mod ieee;
pub mod json;
pub mod report;
pub mod show;
#[cfg(test)]
mod unum_tests;

pub use json::{parse_line, Call, Compare, Expr, FormatError, Post, Tolerance, Vector};

use crate::registry::Registry;
use eval::EvalError;
use hoon::noun::Noun;
use std::collections::BTreeMap;
use std::fmt;
use std::io::IsTerminal;
use std::ops::AddAssign;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One line of a vector file: a decoded vector or the reason it could not be decoded.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A decoded vector.
    Vector(Box<Vector>),
    /// A line that is not a valid vector.
    Malformed {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        error: FormatError,
    },
}

/// The decoded lines of one vector file (blank lines skipped).
#[derive(Clone, Debug)]
pub struct VectorFile {
    /// Where the vectors came from.
    pub path: PathBuf,
    /// One entry per non-blank line, in file order.
    pub entries: Vec<Entry>,
}

/// Reads and decodes the vector file at `path`.
///
/// # Errors
/// The I/O error when the file cannot be read; malformed lines are entries, not errors.
pub fn load(path: &Path) -> std::io::Result<VectorFile> {
    let text = std::fs::read_to_string(path)?;
    Ok(parse(path.to_path_buf(), &text))
}

/// Decodes vector-file text (one JSON object per line) as if read from `path`.
pub fn parse(path: PathBuf, text: &str) -> VectorFile {
    let entries = json::lines(text)
        .map(|(line, l)| match parse_line(l, line) {
            Ok(v) => Entry::Vector(Box::new(v)),
            Err(error) => Entry::Malformed { line, error },
        })
        .collect();
    VectorFile { path, entries }
}

/// What went wrong in a failed vector, in report form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Why it failed.
    pub reason: String,
    /// The arm and its door sample (`sum-dim:la(rnd=%u)`).
    pub call: String,
    /// The arguments.
    pub args: Vec<String>,
    /// The post steps, innermost first.
    pub post: Vec<String>,
    /// The expected value (evaluated when it could be).
    pub expected: Option<String>,
    /// The actual value, or the error the evaluation gave.
    pub actual: Option<String>,
    /// The vector's Hoon expression, when it carries one.
    pub hoon: Option<String>,
}

/// The verdict on one vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The comparison held.
    Passed,
    /// The comparison did not hold, or the vector is malformed.
    Failed(Box<Failure>),
    /// urnum cannot evaluate this vector (yet); the text says what is missing.
    Unsupported(String),
    /// The vector is listed in its directory's `DIVERGENT.txt` and urnum's result
    /// differs: a documented divergence from the Hoon (counted unsupported, never passed).
    Divergent {
        /// The reason given in `DIVERGENT.txt`.
        reason: String,
        /// The comparison that did not hold.
        failure: Box<Failure>,
    },
}

/// Counts of outcomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Vectors that passed.
    pub passed: usize,
    /// Vectors that failed (including malformed lines and unreadable files).
    pub failed: usize,
    /// Vectors that are unsupported.
    pub unsupported: usize,
}

impl Summary {
    /// The count of one outcome.
    pub fn of(o: &Outcome) -> Summary {
        let mut s = Summary::default();
        match o {
            Outcome::Passed => s.passed = 1,
            Outcome::Failed(_) => s.failed = 1,
            Outcome::Unsupported(_) | Outcome::Divergent { .. } => s.unsupported = 1,
        }
        s
    }

    /// All vectors counted.
    pub fn total(&self) -> usize {
        self.passed + self.failed + self.unsupported
    }
}

impl AddAssign for Summary {
    fn add_assign(&mut self, o: Summary) {
        self.passed += o.passed;
        self.failed += o.failed;
        self.unsupported += o.unsupported;
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} passed, {} failed, {} unsupported",
            self.passed, self.failed, self.unsupported
        )
    }
}

/// The outcome of one vector (or malformed line) of a file.
#[derive(Clone, Debug)]
pub struct VectorResult {
    /// 1-based line number.
    pub line: usize,
    /// The vector's id (`line N` for a malformed line).
    pub id: String,
    /// The registry key of its arm (`<malformed>` for a malformed line).
    pub arm: String,
    /// The verdict.
    pub outcome: Outcome,
    /// The reason this vector is listed in `DIVERGENT.txt`, if it is.
    pub listed_divergent: Option<String>,
}

/// The results of one file, in file order.
#[derive(Clone, Debug)]
pub struct FileReport {
    /// The file.
    pub path: PathBuf,
    /// Why the file could not be read, if it could not (counted as one failure).
    pub error: Option<String>,
    /// One result per vector run.
    pub results: Vec<VectorResult>,
}

impl FileReport {
    /// The counts of this file's outcomes.
    pub fn summary(&self) -> Summary {
        let mut s = Summary::default();
        if self.error.is_some() {
            s.failed += 1;
        }
        for r in &self.results {
            s += Summary::of(&r.outcome);
        }
        s
    }
}

/// Runs every vector of `file` whose id or arm contains `filter` (all when `None`).
///
/// A panic inside an arm is caught and reported as that vector's failure (in
/// builds that unwind).
pub fn run_file(reg: &Registry, file: &VectorFile, filter: Option<&str>) -> FileReport {
    let mut results = Vec::new();
    for e in &file.entries {
        match e {
            Entry::Vector(v) => {
                if let Some(f) = filter {
                    if !v.id.contains(f) && !v.arm.contains(f) && !v.call.key.contains(f) {
                        continue;
                    }
                }
                let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| run_vector(reg, v)))
                    .unwrap_or_else(|p| {
                        let msg = p
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_string()))
                            .unwrap_or_default();
                        failure(v, format!("an arm panicked: {msg}"), None, None)
                    });
                results.push(VectorResult {
                    line: v.line,
                    id: v.id.clone(),
                    arm: v.call.key.clone(),
                    outcome,
                    listed_divergent: None,
                });
            }
            Entry::Malformed { line, error } => results.push(VectorResult {
                line: *line,
                id: format!("line {line}"),
                arm: "<malformed>".into(),
                outcome: Outcome::Failed(Box::new(Failure {
                    reason: format!("malformed vector: {error}"),
                    call: String::new(),
                    args: Vec::new(),
                    post: Vec::new(),
                    expected: None,
                    actual: None,
                    hoon: None,
                })),
                listed_divergent: None,
            }),
        }
    }
    FileReport {
        path: file.path.clone(),
        error: None,
        results,
    }
}

/// The first arm named anywhere in `v` (call, arguments, door samples, post
/// steps, expected side) that `reg` does not implement.
pub fn missing_arm(reg: &Registry, v: &Vector) -> Option<String> {
    fn in_call(reg: &Registry, c: &Call) -> Option<String> {
        if reg.get(&c.key).is_none() {
            return Some(c.key.clone());
        }
        c.args
            .iter()
            .chain(c.door_args.iter().map(|(_, e)| e))
            .find_map(|e| in_expr(reg, e))
    }
    fn in_expr(reg: &Registry, e: &Expr) -> Option<String> {
        match e {
            Expr::Lit(_) | Expr::Gate(_) => None,
            Expr::List(items) | Expr::Tuple(items) => items.iter().find_map(|e| in_expr(reg, e)),
            Expr::Call(c) => in_call(reg, c),
            Expr::Wing { of, .. } => in_expr(reg, of),
        }
    }
    in_call(reg, &v.call)
        .or_else(|| {
            v.post.iter().find_map(|p| match p {
                Post::Call(c) => in_call(reg, c),
                Post::Apply(args) => args.iter().find_map(|e| in_expr(reg, e)),
                _ => None,
            })
        })
        .or_else(|| v.expected.as_ref().and_then(|e| in_expr(reg, e)))
}

fn failure(
    v: &Vector,
    reason: String,
    expected: Option<String>,
    actual: Option<String>,
) -> Outcome {
    Outcome::Failed(Box::new(Failure {
        reason,
        call: show::door(&v.call),
        args: v.call.args.iter().map(show::expr).collect(),
        post: v.post.iter().map(show::post).collect(),
        expected,
        actual,
        hoon: v.hoon.clone(),
    }))
}

/// Evaluates and judges one vector (module docs).
pub fn run_vector(reg: &Registry, v: &Vector) -> Outcome {
    if let Some(arm) = missing_arm(reg, v) {
        return Outcome::Unsupported(format!("arm {arm} is not implemented"));
    }
    let tol = match &v.compare {
        Compare::Other(c) => return Outcome::Unsupported(format!("compare kind {c:?}")),
        Compare::Tolerance(Tolerance::Other(r))
        | Compare::RelationalTolerance(Tolerance::Other(r)) => {
            return Outcome::Unsupported(format!("tolerance rule {r}"))
        }
        Compare::Tolerance(t) | Compare::RelationalTolerance(t) => Some(t),
        _ => None,
    };
    let actual = eval::eval_top(reg, &v.call, &v.post);
    if v.compare == Compare::Crash {
        return match actual {
            Err(EvalError::Crash(_)) => Outcome::Passed,
            Err(EvalError::Unsupported(m)) => Outcome::Unsupported(m),
            Err(e @ EvalError::Bad(_)) => failure(
                v,
                "expected a crash; the evaluation went wrong instead".into(),
                Some("crash".into()),
                Some(e.to_string()),
            ),
            Ok(val) => failure(
                v,
                "expected a crash, got a value".into(),
                Some("crash".into()),
                Some(show::noun(&val.noun)),
            ),
        };
    }
    let Some(expected_expr) = &v.expected else {
        return failure(v, "no expected value".into(), None, None);
    };
    let expected = eval::eval(reg, expected_expr);
    let (a, e) = match (actual, expected) {
        (Err(EvalError::Unsupported(m)), _) => return Outcome::Unsupported(m),
        (_, Err(EvalError::Unsupported(m))) => {
            return Outcome::Unsupported(format!("expected side: {m}"))
        }
        (Err(err), e) => {
            let shown = match e {
                Ok(e) => show::noun(&e.noun),
                Err(_) => show::expr(expected_expr),
            };
            return failure(
                v,
                format!("the evaluation gave {err}"),
                Some(shown),
                Some(err.to_string()),
            );
        }
        (Ok(a), Err(err)) => {
            return failure(
                v,
                format!("the expected side gave {err}"),
                Some(show::expr(expected_expr)),
                Some(show::noun(&a.noun)),
            )
        }
        (Ok(a), Ok(e)) => (a.noun, e.noun),
    };
    let shown = |a: &Noun, e: &Noun| (Some(show::noun(e)), Some(show::noun(a)));
    match (&v.compare, tol) {
        (
            _,
            Some(Tolerance::IsClose {
                atol,
                rtol,
                relative_to,
            }),
        ) => match compare::is_close(&a, &e, atol, rtol, *relative_to) {
            Ok(None) => Outcome::Passed,
            Ok(Some(why)) => {
                let (ex, ac) = shown(&a, &e);
                failure(v, format!("not close: {why}"), ex, ac)
            }
            Err(EvalError::Unsupported(m)) => Outcome::Unsupported(m),
            Err(err) => {
                let (ex, ac) = shown(&a, &e);
                failure(v, err.to_string(), ex, ac)
            }
        },
        (Compare::Distinct, _) => {
            if a == e {
                let (ex, ac) = shown(&a, &e);
                failure(
                    v,
                    "the result must differ from the expected side".into(),
                    ex,
                    ac,
                )
            } else {
                Outcome::Passed
            }
        }
        _ => {
            if a == e {
                Outcome::Passed
            } else {
                let (ex, ac) = shown(&a, &e);
                failure(v, "not equal".into(), ex, ac)
            }
        }
    }
}

/// Why the paths given to the runner could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// A path does not exist.
    #[error("no such file or directory: {0}")]
    Missing(PathBuf),
    /// A directory could not be listed.
    #[error("cannot read directory {0}: {1}")]
    Unreadable(PathBuf, String),
}

/// The vector files named by `paths`: a file as given, a directory as its
/// `*.jsonl` files (not recursive) in name order.
///
/// # Errors
/// [`PathError`] for a path that does not exist or a directory that cannot be read.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, PathError> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let rd = std::fs::read_dir(p)
                .map_err(|e| PathError::Unreadable(p.clone(), e.to_string()))?;
            let mut files: Vec<PathBuf> = rd
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|f| f.is_file() && f.extension().is_some_and(|x| x == "jsonl"))
                .collect();
            files.sort();
            out.extend(files);
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(PathError::Missing(p.clone()));
        }
    }
    Ok(out)
}

/// How [`run_paths`] runs.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Run only vectors whose id or arm contains this text.
    pub filter: Option<String>,
    /// Worker threads (0 = the machine's parallelism).
    pub jobs: usize,
    /// Print `[k/n] file` to stderr as files finish (only when stderr is a terminal).
    pub progress: bool,
}

/// Loads and runs each file, in parallel across files; the reports are in the order of `files`.
pub fn run_paths(reg: &Registry, files: &[PathBuf], opts: &RunOptions) -> Vec<FileReport> {
    let jobs = match opts.jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .clamp(1, files.len().max(1));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<FileReport>>> = files.iter().map(|_| Mutex::new(None)).collect();
    let progress = opts.progress && std::io::stderr().is_terminal();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                let mut i = next.fetch_add(1, Ordering::SeqCst);
                while let Some(path) = files.get(i) {
                    let report = match load(path) {
                        Ok(f) => {
                            let mut report = run_file(reg, &f, opts.filter.as_deref());
                            let dir = path.parent().unwrap_or_else(|| Path::new("."));
                            apply_divergent(&mut report, &load_divergent(dir));
                            report
                        }
                        Err(e) => FileReport {
                            path: path.clone(),
                            error: Some(e.to_string()),
                            results: Vec::new(),
                        },
                    };
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(report);
                    }
                    let k = done.fetch_add(1, Ordering::SeqCst) + 1;
                    if progress {
                        eprint!("\r[{k}/{}] {}\x1b[K", files.len(), path.display());
                    }
                    i = next.fetch_add(1, Ordering::SeqCst);
                }
            });
        }
    });
    if progress {
        eprint!("\r\x1b[K");
    }
    slots
        .into_iter()
        .zip(files)
        .map(|(m, p)| {
            m.into_inner().ok().flatten().unwrap_or_else(|| FileReport {
                path: p.clone(),
                error: Some("the worker running this file stopped".into()),
                results: Vec::new(),
            })
        })
        .collect()
}

/// The counts over several files.
pub fn total(reports: &[FileReport]) -> Summary {
    let mut s = Summary::default();
    for r in reports {
        s += r.summary();
    }
    s
}

/// The name of the file, beside the vectors, that lists documented divergences.
pub const DIVERGENT_FILE: &str = "DIVERGENT.txt";

/// The documented divergences of the vectors in `dir`: id → reason, from `dir/DIVERGENT.txt`.
///
/// Each non-blank line not starting with `#` is `ID<TAB>REASON`. A missing file
/// lists nothing.
pub fn load_divergent(dir: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir.join(DIVERGENT_FILE)).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('\t') {
            Some((id, why)) => (id.trim().to_string(), why.trim().to_string()),
            None => (l.to_string(), String::from("listed without a reason")),
        })
        .collect()
}

/// Marks the listed vectors of `report`: a listed vector that failed becomes
/// [`Outcome::Divergent`]; one that passed stays passed and keeps its listing,
/// which the report shows as stale.
pub fn apply_divergent(report: &mut FileReport, listed: &BTreeMap<String, String>) {
    for r in &mut report.results {
        let Some(reason) = listed.get(&r.id) else {
            continue;
        };
        r.listed_divergent = Some(reason.clone());
        if let Outcome::Failed(f) = &r.outcome {
            r.outcome = Outcome::Divergent {
                reason: reason.clone(),
                failure: f.clone(),
            };
        }
    }
}
