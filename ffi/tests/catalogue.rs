//! The ABI's arm tables against the catalogue (`lagoon::arms`): every
//! catalogued Lagoon arm has an ABI id or is listed as not expressible, every
//! id names a catalogued arm, and the constants of `ffi/src/la/ids.rs` are
//! the ones its `ABI` table and the catalogue give. `URNUM_BLESS=1` rewrites
//! the constants (the generator is [`la_constants`]).

use lagoon::arms::{Param, ARMS};
use std::collections::BTreeSet;
use urnum::la::{ids, table};

/// The name of the id constant of Lagoon arm `name` (`sum-dim` → `URNUM_LA_SUM_DIM`).
fn const_name(prefix: &str, name: &str) -> String {
    format!("{prefix}{}", name.to_uppercase().replace('-', "_"))
}

/// How the doc line of an id names a part of the sample.
fn part(p: &Param) -> &'static str {
    match p {
        Param::Ray => "ray",
        Param::Meta => "meta",
        Param::Atom | Param::Kind | Param::Term(_) => "atom",
        Param::Pair => "two atoms",
        Param::Int => "int",
        Param::Shape | Param::Index | Param::Values => "list",
        Param::Slices => "slices",
    }
}

/// The constants section of `ids.rs`: one documented `pub const` per row of `ABI`.
fn la_constants() -> String {
    let mut out = String::new();
    for &(id, cname) in ids::ABI {
        let name = cname.trim_end_matches('\0');
        let row = lagoon::arms::by_name(name).expect("every ABI name is catalogued");
        let jet = row
            .jet
            .map(|j| format!(" (vere jet `{j}`)"))
            .unwrap_or_default();
        let parts: Vec<&str> = row.params.iter().map(part).collect();
        out.push_str(&format!(
            "/// Lagoon `+{name}`{jet}: {}.\npub const {}: u32 = {id};\n",
            parts.join(", "),
            const_name("URNUM_LA_", name)
        ));
    }
    out
}

const MARK: &str = "// ----- written by ffi/tests/catalogue.rs from ABI and lagoon::arms -----\n\n";

#[test]
fn ids_rs_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/la/ids.rs");
    let text = std::fs::read_to_string(path).expect("ids.rs");
    let at = text.find(MARK).expect("the generated section's mark") + MARK.len();
    let want = format!("{}{}", &text[..at], la_constants());
    if std::env::var_os("URNUM_BLESS").is_some() {
        std::fs::write(path, &want).expect("write ids.rs");
    } else {
        assert!(
            text == want,
            "ffi/src/la/ids.rs is stale: run URNUM_BLESS=1 cargo test -p urnum-ffi --test catalogue"
        );
    }
}

#[test]
fn every_catalogued_arm_has_an_id_or_a_reason() {
    let served: BTreeSet<&str> = table::arms().map(|a| a.name).collect();
    let refused: BTreeSet<&str> = table::NOT_EXPRESSIBLE.iter().map(|(n, _)| *n).collect();
    for a in ARMS {
        assert!(
            served.contains(a.name) != refused.contains(a.name),
            "{}: exactly one of an ABI id or a NOT_EXPRESSIBLE reason",
            a.name
        );
    }
    // Every id names a catalogued arm, once.
    assert_eq!(table::arms().count(), ids::ABI.len());
    assert_eq!(served.len(), ids::ABI.len());
    let numbers: BTreeSet<u32> = ids::ABI.iter().map(|e| e.0).collect();
    assert_eq!(numbers.len(), ids::ABI.len());
    assert!(ids::ABI.iter().all(|(_, c)| c.ends_with('\0')));
}
