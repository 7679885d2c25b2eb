//! Whole runs over directories of vector files: their order, the report's
//! totals, and the listed divergences.

use super::fake::registry;
use super::lines::{expected, is_failed, line, ux};
use std::path::PathBuf;
use urnum_cli::vector::{self, report, FileReport, Outcome, RunOptions, Summary};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("urnum-runner-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The line of vector `id`: `arm` of `a` and `b`, expected to be exactly 5.
fn five(id: &str, arm: &str, a: u64, b: u64) -> String {
    line(id, arm, &[ux(a), ux(b)], &expected(&ux(5), "exact"))
}

/// The report of `reports` in full and quiet (only failures and the totals line).
fn renders(reports: &[FileReport]) -> (String, String) {
    let quiet = report::ReportOptions {
        quiet: true,
        ..Default::default()
    };
    let full = report::render(reports, report::ReportOptions::default());
    (full, report::render(reports, quiet))
}

#[test]
fn directories_run_in_order_and_the_report_ends_with_the_totals() {
    // Pins: a directory means its *.jsonl files in name order, results are in
    // file order whatever the threads do, and the last line is the totals.
    let d = temp_dir("dir");
    std::fs::write(d.join("b.jsonl"), five("b#0", "add:t", 2, 3)).unwrap();
    let a = [five("a#0", "add:t", 2, 2), five("a#1", "sub:t", 2, 2)];
    std::fs::write(d.join("a.jsonl"), a.join("\n")).unwrap();
    std::fs::write(d.join("notes.txt"), "not a vector").unwrap();
    let files = vector::collect(std::slice::from_ref(&d)).unwrap();
    assert_eq!(files, vec![d.join("a.jsonl"), d.join("b.jsonl")]);
    let opts = RunOptions {
        jobs: 2,
        ..RunOptions::default()
    };
    let reports = vector::run_paths(&registry(), &files, &opts);
    assert_eq!(reports[0].path, d.join("a.jsonl"));
    let total = vector::total(&reports);
    assert_eq!(
        total,
        Summary {
            passed: 1,
            failed: 1,
            unsupported: 1
        }
    );
    let (text, quiet) = renders(&reports);
    assert_eq!(
        text.lines().last(),
        Some("1 passed, 1 failed, 1 unsupported")
    );
    assert!(text.contains("FAILED a#0"), "{text}");
    assert!(text.contains("sub:t"), "{text}");
    assert!(!quiet.contains("sub:t"), "{quiet}");
    assert!(quiet.contains("FAILED a#0"), "{quiet}");
    // The filter keeps matching ids or arms only.
    let opts = RunOptions {
        filter: Some("b#".into()),
        ..RunOptions::default()
    };
    let total = vector::total(&vector::run_paths(&registry(), &files, &opts));
    assert_eq!(total.total(), 1);
    // A missing path is an error, not an empty run.
    assert!(vector::collect(&[d.join("nope")]).is_err());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn listed_divergences_count_unsupported_and_stale_listings_are_reported() {
    // Pins: a vector listed in DIVERGENT.txt that differs is a documented
    // divergence (never passed, counted unsupported, so --strict fails on it);
    // a listed vector that matches passes and the report calls the line stale.
    let d = temp_dir("divergent");
    let v = [
        five("v#0", "add:t", 2, 2),
        five("v#1", "add:t", 2, 3),
        five("v#2", "add:t", 1, 1),
    ];
    std::fs::write(d.join("v.jsonl"), v.join("\n")).unwrap();
    std::fs::write(
        d.join(vector::DIVERGENT_FILE),
        "# comment\nv#0\tdocumented reason\nv#1\tno longer divergent\n",
    )
    .unwrap();
    let files = vector::collect(std::slice::from_ref(&d)).unwrap();
    let reports = vector::run_paths(&registry(), &files, &RunOptions::default());
    let outcomes: Vec<&Outcome> = reports[0].results.iter().map(|r| &r.outcome).collect();
    assert!(
        matches!(outcomes[0], Outcome::Divergent { reason, .. } if reason == "documented reason")
    );
    assert_eq!(outcomes[1], &Outcome::Passed);
    assert!(is_failed(outcomes[2]));
    assert_eq!(
        vector::total(&reports),
        Summary {
            passed: 1,
            failed: 1,
            unsupported: 1
        }
    );
    let (text, quiet) = renders(&reports);
    assert!(text.contains("DIVERGENT v#0"), "{text}");
    assert!(text.contains("STALE v#1"), "{text}");
    // Quiet: only failures (the stale listing is one) and the totals line.
    assert!(!quiet.contains("DIVERGENT v#0"), "{quiet}");
    assert!(quiet.contains("STALE v#1"), "{quiet}");
    assert!(quiet.contains("FAILED v#2"), "{quiet}");
    let _ = std::fs::remove_dir_all(&d);
}
