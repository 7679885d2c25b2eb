//! The runner's text report: per file a table of passed / failed / unsupported
//! per arm, each failure with its id, arguments, expected and actual values,
//! and as the last line exactly `N passed, M failed, K unsupported`.

use super::{total, FileReport, Outcome, Summary};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What the report shows.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReportOptions {
    /// Only failures and the totals line.
    pub quiet: bool,
    /// Also list every unsupported vector with its reason.
    pub unsupported: bool,
}

#[derive(Default)]
struct ArmRow<'a> {
    counts: Summary,
    reasons: BTreeMap<&'a str, usize>,
}

/// The whole report; its last line is the totals line.
pub fn render(reports: &[FileReport], opts: ReportOptions) -> String {
    let mut s = String::new();
    for r in reports {
        file_section(&mut s, r, opts);
    }
    let _ = writeln!(s, "{}", total(reports));
    s
}

fn file_section(s: &mut String, r: &FileReport, opts: ReportOptions) {
    let path = r.path.display();
    if !opts.quiet {
        let _ = writeln!(s, "{path}: {}", r.summary());
        if let Some(e) = &r.error {
            let _ = writeln!(s, "  cannot read: {e}");
        }
        let mut rows: BTreeMap<&str, ArmRow<'_>> = BTreeMap::new();
        for v in &r.results {
            let row = rows.entry(v.arm.as_str()).or_default();
            row.counts += Summary::of(&v.outcome);
            match &v.outcome {
                Outcome::Unsupported(why) => *row.reasons.entry(why.as_str()).or_default() += 1,
                Outcome::Divergent { .. } => {
                    *row.reasons.entry("documented divergence").or_default() += 1
                }
                _ => {}
            }
        }
        if !rows.is_empty() {
            let width = rows.keys().map(|k| k.len()).max().unwrap_or(3).max(3);
            let _ = writeln!(
                s,
                "  {:<width$}  {:>6}  {:>6}  {:>11}  note",
                "arm", "passed", "failed", "unsupported"
            );
            for (arm, row) in &rows {
                // The most frequent reason for unsupported vectors (first by text on ties).
                let note = row
                    .reasons
                    .iter()
                    .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
                    .map(|(why, _)| *why)
                    .unwrap_or("");
                let _ = writeln!(
                    s,
                    "  {:<width$}  {:>6}  {:>6}  {:>11}  {note}",
                    arm, row.counts.passed, row.counts.failed, row.counts.unsupported
                );
            }
        }
    } else if let Some(e) = &r.error {
        let _ = writeln!(s, "{path}: cannot read: {e}");
    }
    for v in &r.results {
        let f = match &v.outcome {
            Outcome::Failed(f) => f,
            // Quiet: a documented divergence is counted, not shown.
            Outcome::Divergent { .. } if opts.quiet => continue,
            Outcome::Divergent { reason, failure } => {
                let _ = writeln!(s, "  DIVERGENT {} ({path}:{}): {reason}", v.id, v.line);
                if let Some(e) = &failure.expected {
                    let _ = writeln!(s, "    expected: {e}");
                }
                if let Some(a) = &failure.actual {
                    let _ = writeln!(s, "    actual:   {a}");
                }
                continue;
            }
            Outcome::Passed if v.listed_divergent.is_some() => {
                let _ = writeln!(
                    s,
                    "  STALE {} ({path}:{}): listed in DIVERGENT.txt but passes",
                    v.id, v.line
                );
                continue;
            }
            Outcome::Unsupported(why) if opts.unsupported => {
                let _ = writeln!(s, "  UNSUPPORTED {} ({path}:{}): {why}", v.id, v.line);
                continue;
            }
            _ => continue,
        };
        let _ = writeln!(s, "  FAILED {} ({path}:{})", v.id, v.line);
        if !f.call.is_empty() {
            let _ = writeln!(s, "    arm:      {}", f.call);
        }
        for (i, a) in f.args.iter().enumerate() {
            let _ = writeln!(s, "    arg {i}:    {a}");
        }
        for p in &f.post {
            let _ = writeln!(s, "    post:     {p}");
        }
        if let Some(e) = &f.expected {
            let _ = writeln!(s, "    expected: {e}");
        }
        if let Some(a) = &f.actual {
            let _ = writeln!(s, "    actual:   {a}");
        }
        let _ = writeln!(s, "    why:      {}", f.reason);
        if let Some(h) = &f.hoon {
            let _ = writeln!(s, "    hoon:     {h}");
        }
    }
}
