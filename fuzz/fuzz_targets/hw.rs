//! Fuzz target: the hardware kernels at every instruction-set level against SoftFloat (see `urnum_fuzz::hw`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| urnum_fuzz::hw::run(data));
