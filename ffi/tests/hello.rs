//! `ffi/c/hello.c`, the short C example of the README, compiles against the
//! header and the archive, adds two rays, and explains a call whose shapes
//! do not match with the operands' shapes.

mod common;

use std::process::Command;

#[test]
fn hello_c_adds_and_explains() {
    let dir = common::scratch("hello");
    let exe = dir.join("hello");
    common::build_c(
        &[common::crate_dir().join("c/hello.c")],
        &common::archive(),
        &exe,
    );
    let o = Command::new(&exe).output().expect("run hello");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "hello failed:\n{out}");
    assert_eq!(
        out,
        "add: [1.5 2.25; 2 6]\n\
         URNUM_CRASH: the Hoon crashes on this input\n\
         add: assertion failed: =(meta.a meta.b): a is ~[2 2] bloq 5 %i754, b is ~[3] bloq 5 %i754\n"
    );
}
