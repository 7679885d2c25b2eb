//! The C ABI from C is not a Rust program: it is `ffi/c/hello.c` (27 lines:
//! an `add`, and a failed call explained) and `ffi/c/urnum_test.c` with its
//! `urnum_test_*.c` parts (every golden vector through the ABI), built
//! against `ffi/include/urnum.h` and the sealed archive `liburnum_ffi.a` by
//! `ffi/tests/c_abi.rs` (`cargo test -p urnum-ffi --test c_abi`), and
//! described in `docs/vere-integration.md`. This example prints where those
//! are and the commands that build and link them.
//!
//! Run: `cargo run -p urnum --example c_abi`.

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    println!("C header:        {root}/ffi/include/urnum.h");
    println!("C example:       {root}/ffi/c/hello.c");
    println!("C test program:  {root}/ffi/c/urnum_test.c (main) and urnum_test_*.c");
    println!("guide:           {root}/docs/vere-integration.md");
    println!();
    println!("build the sealed archive (target/release/liburnum_ffi.a):");
    println!("  cargo build --release -p urnum-ffi");
    println!("link a C program against it:");
    println!("  cc -I ffi/include ffi/c/hello.c target/release/liburnum_ffi.a -o hello && ./hello");
    println!("build and run the C test program under cargo:");
    println!("  cargo test -p urnum-ffi --test c_abi");
}
