//! Fuzz target: the C ABI entry points (see `urnum_fuzz::abi`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| urnum_fuzz::abi::run(data));
