//! Cross-crate integration tests of urnum; the tests live in `tests/tests/`.
//!
//! The crate exists so that the golden-vector and property tests can see
//! `softblas`, `lagoon`, `saloon` and `hoon` together. It exports the helpers
//! the bounds tests share: [`within_a_second`] (here and in `ffi/tests/`),
//! [`with_registry_within_a_second`], [`meta`], [`unsupported`] and
//! [`assert_none`]; the golden vectors of `vectors/` as the one
//! vector reader (`urnum_cli::vector`) decodes them ([`golden_vectors`],
//! [`lit`], [`lit_atom`]) for the tests that run them straight against a
//! library; and it hands on the registry and vector runner as [`cli`] (the
//! `urnum-cli` crate) to the C ABI's tests, which reach them through this crate.
#![forbid(unsafe_code)]

pub use urnum_cli as cli;

use hoon::Noun;
use softblas::{Atom, Kind};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;
use urnum_cli::vector::{self, Entry, Expr, Vector};
use urnum_cli::{ArmError, Registry};

/// The time one whole bounds test may take.
pub const DEADLINE: Duration = Duration::from_secs(1);

/// Runs `body` on a fresh thread (the default 2 MiB stack) as a watchdog:
/// fails if it has not finished within [`DEADLINE`] (a hang fails at the
/// deadline instead of hanging the suite) and passes on its panic if it panics.
///
/// # Panics
/// When `body` panics or overruns the deadline.
pub fn within_a_second(body: impl FnOnce() + Send + 'static) {
    let (done, finished) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        body();
        let _ = done.send(());
    });
    match finished.recv_timeout(DEADLINE) {
        Ok(()) => worker.join().expect("the body finished"),
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("the test took over {DEADLINE:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(p) = worker.join() {
                std::panic::resume_unwind(p);
            }
        }
    }
}

/// [`within_a_second`] of `body` on a fresh registry, made on the watched thread.
///
/// # Panics
/// As [`within_a_second`].
pub fn with_registry_within_a_second(body: impl FnOnce(Registry) + Send + 'static) {
    within_a_second(|| body(Registry::new()));
}

/// The meta noun `[shape bloq kind ~]`.
pub fn meta(shape: &[u64], bloq: u64, kind: Kind) -> Noun {
    Noun::tuple([
        Noun::list(shape.iter().map(|d| Noun::atom(*d))),
        Noun::atom(bloq),
        Noun::atom(kind.cord()),
        Noun::NULL,
    ])
}

/// Asserts that `r` is [`ArmError::Unsupported`] with a message containing `needle`.
///
/// # Panics
/// When it is not.
pub fn unsupported(r: Result<Noun, ArmError>, needle: &str) {
    match r {
        Err(ArmError::Unsupported(m)) => assert!(m.contains(needle), "{m:?} lacks {needle:?}"),
        other => panic!("expected unsupported ({needle}), got {other:?}"),
    }
}

/// Asserts that a test found no `what` (`"mismatches"`), showing how many it
/// found and the first `show` of them.
///
/// # Panics
/// When `found` is not empty.
pub fn assert_none<T: std::fmt::Debug>(what: &str, found: &[T], show: usize) {
    let first = &found[..found.len().min(show)];
    assert!(
        found.is_empty(),
        "{} {what}, first: {first:#?}",
        found.len()
    );
}

/// The workspace's `vectors/` directory.
pub fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

/// Every vector of the `vectors/*.jsonl` files whose file name passes `pick`,
/// in file-name and line order, each with the name of its file, decoded by
/// the one vector reader (`urnum_cli::vector`).
///
/// # Panics
/// When the directory or a file cannot be read, or a line is not a vector.
pub fn golden_vectors(pick: impl Fn(&str) -> bool) -> Vec<(String, Vector)> {
    let files = vector::collect(&[vectors_dir()]).expect("the vectors directory");
    let mut out = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        if !pick(&name) {
            continue;
        }
        let file = vector::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for entry in file.entries {
            match entry {
                Entry::Vector(v) => out.push((name.clone(), *v)),
                Entry::Malformed { line, error } => panic!("{name}:{line}: {error}"),
            }
        }
    }
    out
}

/// The noun of a literal value (`None` for a nested call, a wing, a gate).
pub fn lit(e: &Expr) -> Option<&Noun> {
    match e {
        Expr::Lit(n) => Some(n),
        _ => None,
    }
}

/// The atom of a literal atom value (`None` for anything else).
pub fn lit_atom(e: &Expr) -> Option<&Atom> {
    lit(e)?.as_atom()
}
