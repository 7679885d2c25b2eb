//! The 16 vectors withdrawn from `vectors/` (upstream `vectors/ORACLE.md` and
//! `SUMMARY.md`), kept in `tests/data/withdrawn.jsonl` exactly as they were.
//!
//! - Seven oracle cases overflow inside the arm. The Hoon's pure `++fl` sends
//!   a directed-mode overflow to ±inf; urnum saturates to ±max as IEEE 754 does
//!   (urbit/urbit#7426, DIVERGENCES.md §4). Each must still fail against the
//!   Hoon's expected value, and urnum's result is pinned bit for bit in
//!   `tests/data/withdrawn-urnum.tsv`, so a change in the saturating path shows.
//! - Nine `test-eigpair-*` vectors expect `A·V` to equal `V·0` (the extractor
//!   could not build `+mk-diag`; DIVERGENCES.md §5). They must keep failing
//!   with a closeness failure; the real eigen-pair check is
//!   `tests/tests/eigpair_vectors.rs`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use urnum_cli::vector::{self, Outcome};
use urnum_cli::Registry;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

#[test]
fn withdrawn_vectors_fail_as_documented_with_pinned_results() {
    let pinned: BTreeMap<String, String> = std::fs::read_to_string(data("withdrawn-urnum.tsv"))
        .expect("the pinned results")
        .lines()
        .map(|l| {
            let (id, bits) = l.split_once('\t').expect("id<TAB>result");
            (id.to_string(), bits.to_string())
        })
        .collect();
    let file = vector::load(&data("withdrawn.jsonl")).expect("the withdrawn vectors");
    let reg = Registry::new();
    let (mut oracle, mut eigpair) = (0, 0);
    for e in &file.entries {
        let vector::Entry::Vector(v) = e else {
            panic!("a malformed withdrawn line: {e:?}");
        };
        let Outcome::Failed(f) = vector::run_vector(&reg, v) else {
            panic!(
                "{}: a withdrawn vector must still differ from the Hoon",
                v.id
            );
        };
        if v.id.contains("test-eigpair-") {
            assert!(f.reason.contains("not close"), "{}: {}", v.id, f.reason);
            eigpair += 1;
        } else {
            let want = pinned
                .get(&v.id)
                .unwrap_or_else(|| panic!("{} is not pinned", v.id));
            assert_eq!(f.actual.as_deref(), Some(want.as_str()), "{}", v.id);
            oracle += 1;
        }
    }
    assert_eq!((oracle, eigpair), (7, 9));
    assert_eq!(pinned.len(), 7);
}
