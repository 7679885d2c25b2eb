//! The ABI's arm tables against the catalogue (`lagoon::arms`): every
//! catalogued Lagoon arm has an ABI id or is listed as not expressible, every
//! id names a catalogued arm, and the constants of `ffi/src/la/ids.rs` are
//! the ones its `ABI` table and the catalogue give. `URNUM_BLESS=1` rewrites
//! the constants (the generator is [`la_constants`]).

use lagoon::arms::{Arm, Param};
use std::collections::BTreeSet;
use urnum_ffi::{la, sa};

/// The name of the id constant of Lagoon arm `name` (`sum-dim` → `URNUM_LA_SUM_DIM`).
fn const_name(prefix: &str, name: &str) -> String {
    format!("{prefix}{}", name.to_uppercase().replace('-', "_"))
}

/// How the doc line of an id names a part of the sample.
fn part(p: &Param) -> &'static str {
    match p {
        Param::Ray => "ray",
        Param::Meta => "meta",
        Param::Atom | Param::Count | Param::Kind | Param::Term(_) => "atom",
        Param::Pair => "two atoms",
        Param::Int => "int",
        Param::Shape | Param::Index | Param::Values => "list",
        Param::Slices => "slices",
    }
}

/// The constants section of an `ids.rs`: one documented `pub const` per
/// entry of its `ABI` table, the row found by `by_name` in the catalogue of
/// library `lib` (`Lagoon`, constants `URNUM_LA_*`; `Saloon`, `URNUM_SA_*`).
fn constants<D, O, E>(
    lib: &str,
    abi: &[(u32, &str)],
    by_name: fn(&str) -> Option<&'static Arm<D, O, E>>,
) -> String {
    let prefix = format!("URNUM_{}_", lib[..2].to_uppercase());
    let mut out = String::new();
    for &(id, cname) in abi {
        let name = cname.trim_end_matches('\0');
        let row = by_name(name).expect("every ABI name is catalogued");
        let jet = row
            .jet
            .map(|j| format!(" (vere jet `{j}`)"))
            .unwrap_or_default();
        let parts: Vec<&str> = row.params.iter().map(part).collect();
        out.push_str(&format!(
            "/// {lib} `+{name}`{jet}: {}.\npub const {}: u32 = {id};\n",
            parts.join(", "),
            const_name(&prefix, name)
        ));
    }
    out
}

/// Checks (or with `URNUM_BLESS` rewrites) the generated section of
/// `ffi/src/<dir>/ids.rs`, below its mark.
fn check_generated(dir: &str, crate_name: &str, generated: &str) {
    let path = format!("{}/src/{dir}/ids.rs", env!("CARGO_MANIFEST_DIR"));
    let mark = format!(
        "// ----- written by ffi/tests/catalogue.rs from the ABI table and {crate_name}::arms -----\n\n"
    );
    let text = std::fs::read_to_string(&path).expect("ids.rs");
    let at = text.find(&mark).expect("the generated section's mark") + mark.len();
    let want = format!("{}{generated}", &text[..at]);
    if std::env::var_os("URNUM_BLESS").is_some() {
        std::fs::write(&path, &want).expect("write ids.rs");
    } else {
        assert!(
            text == want,
            "{path} is stale: run URNUM_BLESS=1 cargo test -p urnum-ffi --test catalogue"
        );
    }
}

#[test]
fn ids_rs_is_current() {
    check_generated(
        "la",
        "lagoon",
        &constants("Lagoon", la::ids::LA_ABI, lagoon::arms::by_name),
    );
    check_generated(
        "sa",
        "saloon",
        &constants("Saloon", sa::ids::SA_ABI, saloon::arms::by_name),
    );
}

/// Checks that every row named in `catalogue` has an id in `abi` or a reason
/// in `refused`, never both, and that every id names a row once.
fn check_coverage(catalogue: &[&str], abi: &[(u32, &str)], refused: &[(&str, &str)]) {
    let served: BTreeSet<&str> = abi.iter().map(|(_, c)| c.trim_end_matches('\0')).collect();
    let refused: BTreeSet<&str> = refused.iter().map(|(n, _)| *n).collect();
    for name in catalogue {
        assert!(
            served.contains(name) != refused.contains(name),
            "{name}: exactly one of an ABI id or a NOT_EXPRESSIBLE reason"
        );
    }
    let rows: BTreeSet<&str> = catalogue.iter().copied().collect();
    assert!(served.is_subset(&rows), "an ABI name outside the catalogue");
    assert_eq!(served.len(), abi.len(), "a name twice in the ABI table");
    let numbers: BTreeSet<u32> = abi.iter().map(|e| e.0).collect();
    assert_eq!(numbers.len(), abi.len(), "an id twice in the ABI table");
    assert!(!numbers.contains(&0), "0 is never an arm id");
    assert!(abi.iter().all(|(_, c)| c.ends_with('\0')));
}

#[test]
fn every_catalogued_arm_has_an_id_or_a_reason() {
    let la_rows: Vec<&str> = lagoon::arms::ARMS.iter().map(|a| a.name).collect();
    check_coverage(&la_rows, la::ids::LA_ABI, la::table::NOT_EXPRESSIBLE);
    let sa_rows: Vec<&str> = saloon::arms::ARMS.iter().map(|a| a.name).collect();
    check_coverage(&sa_rows, sa::ids::SA_ABI, sa::table::NOT_EXPRESSIBLE);
    assert_eq!(la::table::arms().count(), la::ids::LA_ABI.len());
    assert_eq!(sa::table::arms().count(), sa::ids::SA_ABI.len());
}
