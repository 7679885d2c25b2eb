//! Every aura literal in the golden vectors parses to the atom the vector records.
//!
//! Walks every JSON value `{"atom": HEX, "aura": A, "src": SRC, ...}` anywhere in
//! `vectors/*.jsonl` (args, expected, door args, nested calls). Float auras
//! (`rh rs rd rq`) with a `.`-literal must parse to exactly that aura and atom;
//! hex (`0x3a83.126f`), decimal (`0`) and cast (`` `@rd`0x1 ``) sources must
//! parse to the same atom under their own aura; signed (`s`) sources are `@sd`.
//! The literals are found by the one vector reader (`urnum_cli::vector::json::sourced_literals`).

use hoon::aura::{self, Aura};
use std::collections::BTreeMap;
use urnum_cli::vector::{self, json, json::Literal};
use urnum_tests::vectors_dir;

#[derive(Default)]
struct Tally {
    by_kind: BTreeMap<String, usize>,
    failures: Vec<String>,
}

fn check(lit: &Literal, where_: &str, t: &mut Tally) {
    let (want, aura_name, src) = (&lit.atom, lit.aura.as_str(), lit.src.as_str());
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
        Ok((a, got)) if Some(a) == expect_aura && got == *want => {
            *t.by_kind.entry(kind).or_default() += 1;
        }
        Ok((a, got)) => t.failures.push(format!(
            "{where_}: {src:?} gave {a} {got}, want {expect_aura:?} {want}"
        )),
        Err(e) => t.failures.push(format!("{where_}: {src:?}: {e}")),
    }
}

#[test]
fn vector_literals_parse_to_their_atoms() {
    let dir = vectors_dir();
    let files = vector::collect(std::slice::from_ref(&dir)).expect("vectors directory");
    assert!(!files.is_empty(), "no vector files in {}", dir.display());
    let mut t = Tally::default();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable vector file");
        for (line, l) in json::lines(&text) {
            let id = vector::parse_line(l, line).map_or_else(|_| "?".into(), |v| v.id);
            let where_ = format!("{}:{line} {id}", f.display());
            for lit in json::sourced_literals(l).unwrap_or_else(|e| panic!("{where_}: {e}")) {
                check(&lit, &where_, &mut t);
            }
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
