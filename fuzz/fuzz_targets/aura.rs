//! Fuzz target: the aura-literal parser (see `urnum_fuzz::aura`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| urnum_fuzz::aura::run(data));
