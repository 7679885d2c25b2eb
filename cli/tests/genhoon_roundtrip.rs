//! `urnum gen-hoon`: deterministic for a seed, its Hoon parses and evaluates
//! (with urnum's own Hoon parser) to what it asserts, and its JSONL vectors
//! pass `urnum check`'s runner.

use urnum_cli::eval::{evaluate, EvalError, Outcome};
use urnum_cli::genhoon::{generate_all, Plan};
use urnum_cli::vector::{self, Outcome as VOutcome};
use urnum_cli::Registry;

fn plan(seed: u64) -> Plan {
    Plan {
        arms: [
            "add:la",
            "mmul:la",
            "div:la",
            "gth:la",
            "abs:la",
            "cumsum:la",
            "sum-dim:la",
            "mul-scalar:la",
            "argmax:la",
            "all:la",
            "exp:sa",
            "exp:rd",
            "atan2:rs",
            "sqt:rh",
            "add:rq",
            "add:rpb",
            "sqt:rph",
            "mul:cs",
            "abs:ch",
            "add:twoc",
            "lth:rs",
        ]
        .iter()
        .map(|s| (*s).to_string())
        .collect(),
        kinds: "i754,uint,int2,unum,cplx".into(),
        cases: 8,
        seed,
    }
}

/// The text inside the parentheses that open at byte `open`.
fn inside(s: &str, open: usize) -> &str {
    let b = s.as_bytes();
    let mut depth = 0;
    for (i, c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return &s[open + 1..i];
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced: {s}");
}

#[test]
fn deterministic_for_a_seed() {
    let reg = Registry::new();
    let a = generate_all(&reg, &plan(42)).unwrap();
    let b = generate_all(&reg, &plan(42)).unwrap();
    let c = generate_all(&reg, &plan(43)).unwrap();
    assert_eq!(a.hoon, b.hoon);
    assert_eq!(a.jsonl, b.jsonl);
    assert_ne!(a.hoon, c.hoon);
    assert!(a.cases.len() > 100, "{}", a.cases.len());
    assert!(a.hoon.contains("/+  *test"));
    assert!(a.hoon.contains("aa6f2a6"));
}

#[test]
fn hoon_file_parses_and_holds() {
    let reg = Registry::new();
    let g = generate_all(&reg, &plan(7)).unwrap();
    let (mut eqs, mut fails) = (0, 0);
    for line in g.hoon.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("(expect-eq ") {
            let first = rest.find("!>(").unwrap();
            let want = inside(rest, first + 2);
            let after = first + 2 + want.len() + 2;
            let second = after + rest[after..].find("!>(").unwrap();
            let got = inside(rest, second + 2);
            let w = evaluate(&reg, want, true);
            let a = evaluate(&reg, got, true);
            match (&w, &a) {
                (Outcome::Value { value: wv, .. }, Outcome::Value { value: av, .. }) => {
                    assert_eq!(wv.noun, av.noun, "{line}");
                }
                _ => panic!("{line}: {} / {}", w.dojo_text(), a.dojo_text()),
            }
            eqs += 1;
        } else if let Some(rest) = line.strip_prefix("(expect-fail ") {
            let open = rest.find("|.(").unwrap() + 2;
            let out = evaluate(&reg, inside(rest, open), true);
            assert!(
                matches!(out, Outcome::Failed(EvalError::Crash(_))),
                "{line}"
            );
            fails += 1;
        }
    }
    assert_eq!(eqs + fails, g.cases.len());
    assert!(eqs > 100);
}

#[test]
fn vectors_recheck() {
    let reg = Registry::new();
    let g = generate_all(&reg, &plan(11)).unwrap();
    let file = vector::parse("urnum-diff.jsonl".into(), &g.jsonl);
    assert_eq!(file.entries.len(), g.cases.len());
    let report = vector::run_file(&reg, &file, None);
    for r in &report.results {
        assert_eq!(r.outcome, VOutcome::Passed, "{}", r.id);
    }
}

/// `--cases N` gives N cases of every arm, `+mmul` included (conformable
/// matrices, so most cases compute rather than crash), and every dropped
/// draw is counted under its reason.
#[test]
fn every_arm_gets_its_cases_and_drops_are_reported() {
    let reg = Registry::new();
    let g = generate_all(&reg, &plan(5)).unwrap();
    for a in &g.per_arm {
        assert_eq!(a.kept, 8, "{}: {:?}", a.key, a.dropped);
    }
    assert_eq!(g.cases.len(), 8 * g.per_arm.len());
    let mmul: Vec<_> = g.cases.iter().filter(|c| c.key == "mmul:la").collect();
    let crashes = mmul
        .iter()
        .filter(|c| matches!(c.expected, urnum_cli::genhoon::cases::Expected::Crash(_)))
        .count();
    assert!(crashes < mmul.len(), "all {} mmul cases crash", mmul.len());
    assert!(g
        .per_arm
        .iter()
        .all(|a| a.dropped.keys().all(|k| !k.is_empty())));
}
