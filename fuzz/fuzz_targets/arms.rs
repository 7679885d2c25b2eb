//! Fuzz target: noun → ray decoding and every Lagoon/Saloon arm (see `urnum_fuzz::arms`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| urnum_fuzz::arms::run(data));
