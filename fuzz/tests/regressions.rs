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

/// One test per target, `$name`, replaying `corpus/$target` (at least one input) through `$run`.
macro_rules! corpora {
    ($($name:ident: $target:literal => $run:path;)*) => {$(
        #[test]
        fn $name() {
            assert!(replay($target, $run) > 0);
        }
    )*};
}

corpora! {
    cue_corpus_holds: "cue" => urnum_fuzz::cue::run;
    aura_corpus_holds: "aura" => urnum_fuzz::aura::run;
    arms_corpus_holds: "arms" => urnum_fuzz::arms::run;
    abi_corpus_holds: "abi" => urnum_fuzz::abi::run;
    softcore_corpus_holds: "softcore" => urnum_fuzz::softcore::run;
    hw_corpus_holds: "hw" => urnum_fuzz::hw::run;
}
