//! Every aura literal in the golden vectors parses to the atom the vector records.
//!
//! Walks every JSON value `{"atom": HEX, "aura": A, "src": SRC, ...}` anywhere in
//! `vectors/*.jsonl` (args, expected, door args, nested calls). Float auras
//! (`rh rs rd rq`) with a `.`-literal must parse to exactly that aura and atom;
//! hex (`0x3a83.126f`), decimal (`0`) and cast (`` `@rd`0x1 ``) sources must
//! parse to the same atom under their own aura; signed (`s`) sources are `@sd`.

use hoon::aura::{self, Aura};
use hoon::Atom;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Default)]
struct Tally {
    by_kind: BTreeMap<String, usize>,
    failures: Vec<String>,
}

fn check(v: &serde_json::Map<String, Value>, where_: &str, t: &mut Tally) {
    let (Some(Value::String(hex)), Some(Value::String(aura_name)), Some(Value::String(src))) =
        (v.get("atom"), v.get("aura"), v.get("src"))
    else {
        return;
    };
    let Some(want) = Atom::from_hex(hex) else {
        t.failures.push(format!("{where_}: bad hex {hex}"));
        return;
    };
    let expect_aura = if src.starts_with('.') {
        Aura::from_name(aura_name)
    } else if src.starts_with('`') {
        src.get(2..)
            .and_then(|r| r.split('`').next())
            .and_then(Aura::from_name)
    } else if src.starts_with("0x") {
        Some(Aura::Ux)
    } else if aura_name == "s" {
        Some(Aura::Sd)
    } else {
        Some(Aura::Ud)
    };
    let kind = format!(
        "{aura_name} {}",
        match src.as_bytes().first() {
            Some(b'.') => "float literal",
            Some(b'`') => "cast",
            Some(b'0') if src.starts_with("0x") => "hex",
            _ => "integer",
        }
    );
    match aura::parse_literal(src) {
        Ok((a, got)) if Some(a) == expect_aura && got == want => {
            *t.by_kind.entry(kind).or_default() += 1;
        }
        Ok((a, got)) => t.failures.push(format!(
            "{where_}: {src:?} gave {a} {got}, want {expect_aura:?} {want}"
        )),
        Err(e) => t.failures.push(format!("{where_}: {src:?}: {e}")),
    }
}

fn walk(v: &Value, where_: &str, t: &mut Tally) {
    match v {
        Value::Object(m) => {
            check(m, where_, t);
            for x in m.values() {
                walk(x, where_, t);
            }
        }
        Value::Array(xs) => {
            for x in xs {
                walk(x, where_, t);
            }
        }
        _ => {}
    }
}

#[test]
fn vector_literals_parse_to_their_atoms() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("vectors directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vector files in {}", dir.display());
    let mut t = Tally::default();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable vector file");
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let v: Value = serde_json::from_str(line).expect("valid JSON line");
            let id = v
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_string();
            walk(&v, &format!("{}:{} {id}", f.display(), i + 1), &mut t);
        }
    }
    for (k, n) in &t.by_kind {
        println!("{k}: {n}");
    }
    let floats: usize = t
        .by_kind
        .iter()
        .filter(|(k, _)| k.ends_with("float literal"))
        .map(|(_, n)| n)
        .sum();
    let total: usize = t.by_kind.values().sum();
    println!("float literals checked: {floats}; all literals checked: {total}");
    assert!(
        t.failures.is_empty(),
        "{} failures:\n{}",
        t.failures.len(),
        t.failures.join("\n")
    );
    assert!(floats > 0, "no float literals found");
}
