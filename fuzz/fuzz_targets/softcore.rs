//! Fuzz target: the soft core against Berkeley SoftFloat (see `urnum_fuzz::softcore`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| urnum_fuzz::softcore::run(data));
