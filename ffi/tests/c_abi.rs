//! The C test: every Lagoon, `/lib/math`, Saloon and element-kind golden
//! vector the ABI can express is written to a compact test-data file, and
//! `ffi/c/urnum_test.c` (with `urnum_test.h` and `urnum_test_{read,records,
//! malformed}.c` beside it), compiled with the system `cc` against
//! `include/urnum.h` and `liburnum.a`, runs them through the ABI and checks
//! bits and statuses, then runs its malformed-input cases.
//!
//! A vector's post steps become a chain of ABI calls and projections the C
//! program applies to the product (`get-item`, `ravel`, the head of a list, a
//! ray's data, meta or shape, `?>`); an arm that returns a gate is served
//! applied; a crash vector whose operand is itself a crashing Lagoon call
//! becomes that call. Exact vectors are checked against their literal;
//! vectors compared otherwise (relational, tolerance, predicate) and those in
//! DIVERGENT.txt are checked bit for bit against urnum's core value (or crash).
//! Vectors are skipped (counted, reported by reason, never failed) only where
//! the ABI cannot express them; no Lagoon or `/lib/math` vector may be skipped.

mod common;

#[path = "c_abi/blas.rs"]
mod blas;
#[path = "c_abi/operands.rs"]
mod operands;
#[path = "c_abi/records.rs"]
mod records;
#[path = "c_abi/writer.rs"]
mod writer;

use blas::blas_records;
use records::{lagoon_record, math_record, saloon_record, scalar_record};
use std::path::Path;
use std::process::Command;
use urnum_ffi::la::table;
use urnum_ffi::sa::table as sa_table;
use urnum_tests::cli::registry::Registry;
use urnum_tests::cli::vector::{self, eval, Compare, Entry, Outcome, Vector};
use writer::{Counts, Skips, W};

/// Writes the test-data file; returns (lagoon records, math records, skips, counts).
fn generate(out: &Path) -> (usize, usize, Skips, Counts) {
    let reg = Registry::new();
    let dir = common::crate_dir().join("../vectors");
    let divergent = vector::load_divergent(&dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("vectors/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut data = W(b"URNT".to_vec());
    data.u32(3);
    let (mut nl, mut nm) = (0, 0);
    let mut skips = Skips::default();
    let mut counts = Counts::default();
    for path in files {
        let file = vector::load(&path).expect("read a vector file");
        for entry in &file.entries {
            let Entry::Vector(v) = entry else {
                continue;
            };
            let is_lagoon = v.lib == "lagoon";
            let is_saloon = v.lib == "saloon";
            let is_math = v.lib == "math";
            let is_scalar = v.lib == "unum" || v.lib == "twoc";
            if !is_lagoon && !is_saloon && !is_math && !is_scalar {
                continue;
            }
            if is_scalar
                && !matches!(
                    unpinned(&v.call.key).split_once(':'),
                    Some(("add" | "sub" | "mul" | "div", _))
                )
            {
                continue;
            }
            if !v.post.is_empty() && (is_math || is_scalar) {
                skips.add(format!("{}: post steps on a scalar call", v.lib));
                continue;
            }
            let arm = is_lagoon.then(|| table::by_name(unpinned(&v.call.key)));
            let sa_arm = is_saloon.then(|| sa_table::by_name(unpinned(&v.call.key)));
            if matches!(arm, Some(None)) || matches!(sa_arm, Some(None)) {
                skips.add(format!("{} arm not in the ABI: {}", v.lib, v.call.key));
                continue;
            }
            let (arm, sa_arm) = (arm.flatten(), sa_arm.flatten());
            // A vector in DIVERGENT.txt (urnum saturates where the Hoon gives
            // ±inf) goes through the ABI against urnum's core outcome: the
            // core's value, or its crash.
            let rewritten;
            let v = if divergent.contains_key(&v.id) {
                let compare = match eval::eval_top(&reg, &v.call, &v.post) {
                    Ok(_) => Compare::Other("divergent: urnum's core value".into()),
                    Err(eval::EvalError::Crash(_)) => Compare::Crash,
                    Err(_) => {
                        skips.add(format!("{}: divergent, core unsupported", v.lib));
                        continue;
                    }
                };
                counts.divergent += 1;
                rewritten = Vector {
                    compare,
                    ..(**v).clone()
                };
                &rewritten
            } else {
                match vector::run_vector(&reg, v) {
                    Outcome::Passed => {}
                    Outcome::Unsupported(_) | Outcome::Divergent { .. } => {
                        skips.add(format!("{}: unsupported by urnum's core", v.lib));
                        continue;
                    }
                    Outcome::Failed(_) => {
                        skips.add(format!(
                            "{}: failing in urnum's core (urnum check): {}",
                            v.lib, v.call.key
                        ));
                        continue;
                    }
                }
                v
            };
            let n_all = nl + nm + counts.saloon;
            let (rec, tag, per, key) = match (arm, sa_arm) {
                (Some(a), _) => (
                    lagoon_record(&reg, v, &a, n_all),
                    b'L',
                    &mut counts.lagoon_arms,
                    v.call.key.clone(),
                ),
                (_, Some(a)) => (
                    saloon_record(&reg, v, &a, n_all),
                    b'A',
                    &mut counts.saloon_arms,
                    v.call.key.clone(),
                ),
                _ if is_math => (
                    math_record(&reg, v),
                    b'M',
                    &mut counts.math_doors,
                    v.call.door.clone(),
                ),
                _ => (
                    scalar_record(&reg, v),
                    b'S',
                    &mut counts.scalar_doors,
                    v.call.door.clone(),
                ),
            };
            match rec {
                Ok(w) => {
                    *per.entry(key).or_default() += 1;
                    if v.compare == Compare::Crash {
                        counts.crashes += 1;
                    }
                    if v.compare != Compare::Exact && v.compare != Compare::Crash {
                        counts.core_checked += 1;
                    }
                    data.u8(tag);
                    data.u32(v.id.len() as u32);
                    data.0.extend_from_slice(v.id.as_bytes());
                    data.0.extend(w.0);
                    match tag {
                        b'L' => nl += 1,
                        b'A' => counts.saloon += 1,
                        b'M' => nm += 1,
                        _ => counts.scalars += 1,
                    }
                }
                Err(why) => skips.add(format!("{}: not expressible: {why}", v.lib)),
            }
        }
    }
    blas_records(&mut data);
    std::fs::write(out, &data.0).expect("write the test data");
    (nl, nm, skips, counts)
}

fn summary_field(line: &str, key: &str) -> i64 {
    line.split_whitespace()
        .find_map(|f| f.strip_prefix(&format!("{key}=")))
        .and_then(|v| v.parse().ok())
        .unwrap_or(-1)
}

#[test]
fn c_program_runs_the_golden_vectors_through_the_abi() {
    let dir = common::scratch("c_abi");
    let data = dir.join("vectors.bin");
    let (nl, nm, skips, counts) = generate(&data);
    let exe = dir.join("urnum_test");
    let srcs = ["", "_read", "_records", "_malformed"]
        .map(|part| common::crate_dir().join(format!("c/urnum_test{part}.c")));
    common::build_c(&srcs, &common::archive(), &exe);
    let o = Command::new(&exe)
        .arg(&data)
        .output()
        .expect("run the C test");
    let stdout = String::from_utf8_lossy(&o.stdout);
    eprintln!(
        "records: {nl} Lagoon ({} arms), {nm} /lib/math ({:?}), {} element-kind ({:?}); \
         {} expect URNUM_CRASH, {} (compared other than exact or in DIVERGENT.txt: {}) checked \
         against urnum's core value; skipped {}:",
        counts.lagoon_arms.len(),
        counts.math_doors,
        counts.scalars,
        counts.scalar_doors,
        counts.crashes,
        counts.core_checked,
        counts.divergent,
        skips.total()
    );
    eprintln!("Lagoon records per arm: {:?}", counts.lagoon_arms);
    eprintln!(
        "Saloon records: {} ({} arms): {:?}",
        counts.saloon,
        counts.saloon_arms.len(),
        counts.saloon_arms
    );
    let untested: Vec<&str> = table::arms()
        .map(|a| a.name)
        .filter(|n| !counts.lagoon_arms.contains_key(&format!("{n}:la")))
        .collect();
    eprintln!("ABI arms without a golden vector: {untested:?}");
    for (why, n) in &skips.0 {
        eprintln!("  {n:5}  {why}");
    }
    eprintln!("{stdout}");
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("SUMMARY"))
        .unwrap_or_else(|| {
            panic!(
                "no SUMMARY line; stderr: {}",
                String::from_utf8_lossy(&o.stderr)
            )
        });
    assert_eq!(
        summary_field(summary, "mismatch"),
        0,
        "ABI results differ from the vectors"
    );
    assert_eq!(
        summary_field(summary, "malformed_fail"),
        0,
        "malformed-input cases failed"
    );
    assert_eq!(summary_field(summary, "lagoon_run"), nl as i64);
    assert_eq!(summary_field(summary, "math_run"), nm as i64);
    assert_eq!(summary_field(summary, "scalar_run"), counts.scalars as i64);
    assert_eq!(summary_field(summary, "saloon_run"), counts.saloon as i64);
    assert_eq!(
        summary_field(summary, "blas_ok"),
        summary_field(summary, "blas_run")
    );
    assert!(summary_field(summary, "blas_run") >= 40);
    assert!(nl > 500 && nm > 500, "too few vectors reached the C test");
    assert!(
        counts.saloon > 200,
        "too few Saloon vectors reached the C test"
    );
    assert!(summary_field(summary, "malformed_run") > 100);
    let lost: Vec<&String> = skips
        .0
        .keys()
        .filter(|k| k.starts_with("lagoon") || k.starts_with("math"))
        // `urnum_math` takes and gives elements' bits, so it carries neither `toi`
        // (its product is a `(unit @s)`) nor `all-close` (its second operand is a
        // list); `urnum check` runs their vectors.
        .filter(|k| {
            ![
                "math: not expressible: math arm toi not in the ABI",
                "math: not expressible: math arm all-close not in the ABI",
            ]
            .contains(&k.as_str())
        })
        .collect();
    assert!(
        lost.is_empty(),
        "Lagoon or /lib/math vectors skipped: {lost:?}"
    );
    assert!(o.status.success(), "the C test exited with {:?}", o.status);
}

/// A registry key without the `/lib/unum` revision `urnum check` pins posit arms to
/// (`add:rps@96f3cfe` is `add:rps`; the arithmetic is the same text in both revisions).
fn unpinned(key: &str) -> &str {
    key.split('@').next().unwrap_or(key)
}
