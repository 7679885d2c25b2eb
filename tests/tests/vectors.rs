//! The golden vectors: every vector in `vectors/` through the registry, with
//! no failures allowed (unsupported vectors are counted, not failed).

use std::path::PathBuf;
use urnum_cli::vector::{self, report, Outcome, RunOptions};
use urnum_cli::Registry;

#[test]
fn golden_vectors_have_no_failures() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../vectors");
    let files = vector::collect(&[dir]).expect("the vectors directory exists");
    assert!(!files.is_empty(), "no vector files found");
    let reg = Registry::new();
    let reports = vector::run_paths(&reg, &files, &RunOptions::default());
    let total = vector::total(&reports);

    // Every non-blank line of every file was judged exactly once.
    let lines: usize = files
        .iter()
        .map(|f| {
            std::fs::read_to_string(f)
                .expect("readable vector file")
                .lines()
                .filter(|l| !l.trim().is_empty())
                .count()
        })
        .sum();
    assert_eq!(total.total(), lines, "every vector is counted once");

    let failed: Vec<String> = reports
        .iter()
        .flat_map(|r| {
            r.results.iter().filter_map(move |v| match &v.outcome {
                Outcome::Failed(f) => Some(format!(
                    "{}:{} {}: {}",
                    r.path.display(),
                    v.line,
                    v.id,
                    f.reason
                )),
                _ => None,
            })
        })
        .collect();
    eprintln!("golden vectors: {total}");
    if !failed.is_empty() {
        let text = report::render(
            &reports,
            report::ReportOptions {
                quiet: true,
                unsupported: false,
            },
        );
        panic!(
            "{} golden vectors failed:\n{}\n{text}",
            failed.len(),
            failed.join("\n")
        );
    }
}
