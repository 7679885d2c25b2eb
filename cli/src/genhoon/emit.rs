//! Writing generated cases as a Hoon test file and as JSONL vectors.
//!
//! The Hoon file uses only `/lib/test`'s `expect-eq` and `expect-fail` and the
//! numerics libraries. Each case is one arm `++test-NNNN-<arm>-<door>`:
//! - a ray result: `(expect-eq !>(^-(ray [...])) !>(CALL))`;
//! - a loobean: `(expect-eq !>(%.y) !>(CALL))`;
//! - an atom: `(expect-eq !>(`@`0x...) !>(`@`CALL))`, comparing the bits
//!   whatever the aura (a NaN included);
//! - a crash: `(expect-fail |.(CALL))`.

use super::cases::{Case, Expected};
use hoon::aura::{self, Aura};
use hoon::noun::Noun;
use softblas::Atom;

/// The upstream sources the generated tests target (as `vectors/PROVENANCE.json` pins them).
pub const TARGETS: &str = "urbit/numerics lagoon.hoon@aa6f2a6bd13e, math.hoon@a71a0b9e111e, \
saloon.hoon@424a2bf, sur/lagoon.hoon, unum.hoon, complex.hoon, twoc.hoon and fixed.hoon @96f3cfe0a0cc; \
hoon-138";

fn hex(a: &Atom) -> String {
    aura::print(Aura::Ux, a).unwrap_or_else(|_| a.to_string())
}

/// The Hoon text of a ray noun as a cast literal.
fn ray_text(n: &Noun) -> String {
    let shape = n
        .slot(4)
        .and_then(|s| hoon::ray::u64_list_from_noun(s).ok())
        .unwrap_or_default();
    let bloq = n.slot(10).and_then(Noun::as_atom).map(ToString::to_string);
    let bloq = n
        .slot(10)
        .and_then(Noun::as_atom)
        .and_then(Atom::as_u64)
        .map_or_else(|| bloq.unwrap_or_default(), |b| b.to_string());
    let kind = n
        .slot(22)
        .and_then(Noun::as_atom)
        .map(|a| String::from_utf8_lossy(&a.to_le_bytes()).into_owned())
        .unwrap_or_default();
    let tail = match n.slot(23) {
        Some(Noun::Cell(c)) => format!(
            "[{} {}]",
            c.0.as_atom().map(ToString::to_string).unwrap_or_default(),
            c.1.as_atom().map(ToString::to_string).unwrap_or_default()
        ),
        _ => "~".into(),
    };
    let data = n
        .slot(3)
        .and_then(Noun::as_atom)
        .cloned()
        .unwrap_or(Atom::ZERO);
    let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
    format!(
        "^-(ray [[~[{}] {bloq} %{kind} {tail}] {}])",
        dims.join(" "),
        hex(&data)
    )
}

/// The `expect-eq`/`expect-fail` text of a case (one line).
pub fn assertion(c: &Case) -> String {
    match &c.expected {
        Expected::Ray(n) => format!("(expect-eq !>({}) !>({}))", ray_text(n), c.hoon),
        Expected::Flag(f) => format!(
            "(expect-eq !>({}) !>({}))",
            if *f { "%.y" } else { "%.n" },
            c.hoon
        ),
        Expected::Atom(a) => format!("(expect-eq !>(`@`{}) !>(`@`{}))", hex(a), c.hoon),
        Expected::Crash(_) => format!("(expect-fail |.({}))", c.hoon),
    }
}

/// The arm name of case `i`.
pub fn test_name(i: usize, c: &Case) -> String {
    format!("test-{i:04}-{}", c.key.replace(':', "-"))
}

/// The whole Hoon test file.
pub fn hoon_file(cases: &[Case], command: &str) -> String {
    let mut libs: Vec<&str> = Vec::new();
    for c in cases {
        if !libs.contains(&c.lib) {
            libs.push(c.lib);
        }
    }
    let mut imports = vec!["*test".to_string()];
    for l in ["lagoon", "saloon", "math", "unum", "complex", "twoc"] {
        if libs.contains(&l) || (l == "lagoon" && libs.contains(&"saloon")) {
            imports.push(if matches!(l, "lagoon" | "saloon") {
                format!("*{l}")
            } else {
                l.to_string()
            });
        }
    }
    let mut out = String::new();
    out.push_str("::  urnum differential test, generated; do not edit.\n");
    out.push_str(&format!("::    {command}\n"));
    out.push_str(&format!("::  targets {TARGETS}\n"));
    out.push_str(
        "::  every arm asserts the result urnum computes; `-test` reports each divergence.\n",
    );
    out.push_str("::\n");
    if libs.iter().any(|l| matches!(*l, "lagoon" | "saloon")) {
        out.push_str("/-  *lagoon\n");
    }
    out.push_str(&format!("/+  {}\n", imports.join(", ")));
    out.push_str("|%\n");
    for (i, c) in cases.iter().enumerate() {
        out.push_str(&format!("++  {}\n", test_name(i, c)));
        out.push_str(&format!("  {}\n", assertion(c)));
    }
    out.push_str("--\n");
    out
}

/// The noun as a vector value encoding (atoms as hex, cells as two-element tuples).
fn noun_json(n: &Noun) -> serde_json::Value {
    match n {
        Noun::Atom(a) => serde_json::json!({"atom": a.to_string()}),
        Noun::Cell(c) => serde_json::json!({"tuple": [noun_json(&c.0), noun_json(&c.1)]}),
    }
}

/// One JSONL vector line of case `i`.
pub fn vector_line(i: usize, c: &Case, seed: u64) -> String {
    let (expected, compare) = match &c.expected {
        Expected::Ray(n) => (noun_json(n), "exact"),
        Expected::Flag(f) => (serde_json::json!({"flag": f}), "exact"),
        Expected::Atom(a) => (serde_json::json!({"atom": a.to_string()}), "exact"),
        Expected::Crash(_) => (serde_json::Value::Null, "crash"),
    };
    let args: Vec<serde_json::Value> = c.args.iter().map(|a| a.json.clone()).collect();
    let mut v = serde_json::json!({
        "id": format!("urnum-diff/seed-{seed}/{}#0", test_name(i, c)),
        "file": "urnum:gen-hoon",
        "test": test_name(i, c),
        "lib": c.lib,
        "arm": c.key,
        "rounding": c.rounding,
        "args": args,
        "expected": expected,
        "compare": compare,
        "note": format!("generated by urnum gen-hoon, seed {seed}; expected = urnum's result"),
        "hoon": c.hoon,
    });
    if !c.door_args.is_empty() {
        v["door_args"] = serde_json::Value::Object(c.door_args.clone().into_iter().collect());
    }
    v.to_string()
}
