//! Vector lines as the tests write them, and their outcomes as the runner
//! reads them.

use super::fake::registry;
use hoon::Atom;
use std::path::PathBuf;
use urnum_cli::vector::{self, Outcome};

/// A `{"ray": ..}` encoding of a 1-D bloq-5 %i754 ray of `elems`.
pub(crate) fn ray(elems: &[u32]) -> String {
    let mut data = Atom::pow2(32 * elems.len() as u64);
    for (i, e) in elems.iter().enumerate() {
        data = data.with_bits(32 * i as u64, 32, &Atom::from_u64(u64::from(*e)));
    }
    let hex: Vec<String> = elems.iter().map(|e| format!("\"{e:#x}\"")).collect();
    format!(
        r#"{{"ray": {{"shape": [{}], "bloq": 5, "kind": "i754", "tail": {{"null": true}}, "data_hex": "{}", "elems_hex": [{}]}}}}"#,
        elems.len(),
        data.to_hex(),
        hex.join(", ")
    )
}

pub(crate) fn ux(v: u64) -> String {
    format!(r#"{{"atom": "{v:#x}", "aura": "ux"}}"#)
}

/// The `expected` and `compare` fields of a vector line.
pub(crate) fn expected(e: &str, compare: &str) -> String {
    format!(r#""expected": {e}, "compare": "{compare}""#)
}

/// One vector line; `rest` is the JSON after `args` (expected, compare, ...).
pub(crate) fn line(id: &str, arm: &str, args: &[String], rest: &str) -> String {
    format!(
        r#"{{"id": "{id}", "lib": "t", "arm": "{arm}", "args": [{}], {rest}}}"#,
        args.join(", ")
    )
}

pub(crate) fn outcomes(lines: &[String]) -> Vec<Outcome> {
    let f = vector::parse(PathBuf::from("mem.jsonl"), &lines.join("\n"));
    vector::run_file(&registry(), &f, None)
        .results
        .into_iter()
        .map(|r| r.outcome)
        .collect()
}

pub(crate) fn one_outcome(l: String) -> Outcome {
    outcomes(&[l]).remove(0)
}

pub(crate) fn is_failed(o: &Outcome) -> bool {
    matches!(o, Outcome::Failed(_))
}

pub(crate) fn is_unsupported(o: &Outcome) -> bool {
    matches!(o, Outcome::Unsupported(_))
}
