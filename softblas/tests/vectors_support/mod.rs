//! Shared test support for the tests that run the golden vectors directly
//! (`cplx_vectors`, `math_vectors`, `i754_vectors`): finding the files in the
//! workspace's `vectors/` and reading their JSONL (format: `vectors/SUMMARY.md` §3).
#![allow(dead_code)]

use serde_json::Value;
use softblas::Atom;
use std::path::{Path, PathBuf};

/// The workspace's `vectors/` directory.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

/// The `.jsonl` files of `vectors/` whose file name passes `pick`, sorted.
pub fn files(pick: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("vectors directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".jsonl") && pick(n))
        })
        .collect();
    files.sort();
    files
}

/// The vectors of one file in order, one JSON object a non-blank line.
pub fn read(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a vector is one JSON object"))
        .collect()
}

/// The atom of a `{"atom": "0x…"}` value, `None` when it has none.
pub fn atom(v: &Value) -> Option<Atom> {
    Atom::from_hex(v.get("atom")?.as_str()?)
}
