//! The C ABI of urnum for the vere runtime: a static library `liburnum.a`
//! with a cbindgen header, specified in `spec/vere-ffi.md` §4.
//!
//! Nothing is exported yet (issue 8). The ABI will be plan → exec over
//! caller-owned buffers, little-endian element bytes without the pin,
//! rounding as a char code and the status `OK | PUNT | CRASH | CONTRACT`,
//! with every exported symbol prefixed `urnum_`.
