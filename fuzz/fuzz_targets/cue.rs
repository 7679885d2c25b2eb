//! Fuzz target: `cue` on arbitrary bytes (see `urnum_fuzz::cue`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| urnum_fuzz::cue::run(data));
