//! Every committed corpus input (the seeds and the `regress-*` findings kept
//! after their fixes) runs through its target's checks here, so
//! `cargo test --release --manifest-path fuzz/Cargo.toml` replays them without
//! cargo-fuzz or a sanitizer. A regression panics as the fuzzer's crash did.

use std::path::Path;

/// Runs `run` on every file of `corpus/<target>` and returns how many there were.
fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    for path in &files {
        let data = std::fs::read(path).expect("read a corpus input");
        run(&data);
    }
    files.len()
}

#[test]
fn cue_corpus_holds() {
    assert!(replay("cue", urnum_fuzz::cue::run) > 0);
}

#[test]
fn aura_corpus_holds() {
    assert!(replay("aura", urnum_fuzz::aura::run) > 0);
}

#[test]
fn arms_corpus_holds() {
    assert!(replay("arms", urnum_fuzz::arms::run) > 0);
}

#[test]
fn abi_corpus_holds() {
    assert!(replay("abi", urnum_fuzz::abi::run) > 0);
}

#[test]
fn softcore_corpus_holds() {
    assert!(replay("softcore", urnum_fuzz::softcore::run) > 0);
}

#[test]
fn hw_corpus_holds() {
    assert!(replay("hw", urnum_fuzz::hw::run) > 0);
}
