//! The C ABI from C is not a Rust program: it is `ffi/c/urnum_test.c`, built
//! against `ffi/include/urnum.h` and the sealed archive `liburnum_ffi.a` by
//! `ffi/tests/c_abi.rs` (`cargo test -p urnum-ffi --test c_abi`), and
//! described in `docs/vere-integration.md`. This example prints where those
//! are and the commands that build and link them.
//!
//! Run: `cargo run -p urnum --example c_abi`.

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    println!("C header:        {root}/ffi/include/urnum.h");
    println!("C test program:  {root}/ffi/c/urnum_test.c");
    println!("guide:           {root}/docs/vere-integration.md");
    println!();
    println!("build the sealed archive (target/release/liburnum_ffi.a):");
    println!("  cargo build --release -p urnum-ffi");
    println!("link a C program against it:");
    println!("  cc -I ffi/include prog.c target/release/liburnum_ffi.a -o prog");
    println!("build and run the C test program under cargo:");
    println!("  cargo test -p urnum-ffi --test c_abi");
}
