//! What `liburnum.a` exports (read with `readelf -sW`: the system's `nm` and
//! `llvm-nm` try to parse the LLVM bitcode rustc embeds in release objects):
//!
//! - every symbol urnum's own objects define for C is `urnum_`-prefixed;
//! - the archive as cargo builds it also defines Berkeley SoftFloat's names
//!   (`f64_add`, `softfloat_roundingMode`, ...), from softfloat-sys, which
//!   clash with vere's SoftFloat; after `ffi/scripts/prefix-c-symbols.sh`
//!   none is left, and every C symbol is `urnum_sf_`-prefixed;
//! - the clash is real: a program that defines its own `f64_add` captures
//!   urnum's calls when linked with the raw archive, and does not with the
//!   prefixed one.

mod common;

use std::collections::BTreeSet;
use std::process::Command;

/// Names the Rust toolchain gives symbols: mangled Rust paths, LLVM's
/// promoted locals, the unwinder personality, allocator shims, debugger scripts.
fn toolchain(name: &str) -> bool {
    [
        "_ZN", "_R", "anon.", "DW.ref.", "__rustc", "__rust_", "rust_", "__rg_", "__rdl_", ".L",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// Whether an archive member was produced by rustc (vs a C compiler).
fn rust_member(member: &str) -> bool {
    member.ends_with(".rcgu.o")
}

/// Whether a member is one of this crate's own codegen units.
fn our_member(member: &str) -> bool {
    member.starts_with("urnum.") || member.starts_with("urnum-")
}

/// SoftFloat's public name families (its API and its `softfloat_` internals).
fn softfloat_name(name: &str) -> bool {
    [
        "f16_",
        "f32_",
        "f64_",
        "f128_",
        "f128M_",
        "extF80_",
        "extF80M_",
        "bf16_",
        "i32_to_",
        "i64_to_",
        "ui32_to_",
        "ui64_to_",
        "softfloat_",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

#[test]
fn our_exports_are_prefixed_and_softfloat_is_renamed() {
    let archive = common::archive();
    let syms = common::defined_symbols(&archive);

    // 1. urnum's own objects export only urnum_* (besides toolchain names).
    let ours: BTreeSet<&str> = syms
        .iter()
        .filter(|(m, _, n)| our_member(m) && !toolchain(n))
        .map(|(_, _, n)| n.as_str())
        .collect();
    let stray: Vec<&&str> = ours.iter().filter(|n| !n.starts_with("urnum_")).collect();
    assert!(
        stray.is_empty(),
        "unprefixed exports of urnum's objects: {stray:?}"
    );
    for needed in [
        "urnum_abi_version",
        "urnum_abi_v1",
        "urnum_la_plan",
        "urnum_la_exec",
        "urnum_la_add",
        "urnum_la_mmul",
        "urnum_la_cumsum",
        "urnum_math",
        "urnum_rd_exp",
        "urnum_rq_exp",
        "urnum_scalar",
    ] {
        assert!(ours.contains(needed), "{needed} is not exported");
    }
    eprintln!("urnum exports {} urnum_* symbols", ours.len());

    // 2. The raw archive carries SoftFloat's names (the reason for step 3).
    let c_names: BTreeSet<&str> = syms
        .iter()
        .filter(|(m, _, n)| !rust_member(m) && !n.starts_with("__"))
        .map(|(_, _, n)| n.as_str())
        .collect();
    for n in ["f64_add", "f32_mul", "softfloat_roundingMode"] {
        assert!(c_names.contains(n), "the raw archive does not define {n}");
    }
    let other_rust: BTreeSet<&str> = syms
        .iter()
        .filter(|(m, t, n)| {
            // Weak definitions (compiler_builtins' hidden libm fallbacks such as
            // `fabs`) cannot clash: any strong definition wins the link.
            rust_member(m) && !our_member(m) && *t != 'W' && !toolchain(n) && !n.starts_with("__")
        })
        .map(|(_, _, n)| n.as_str())
        .collect();
    eprintln!(
        "raw archive: {} C symbols not prefixed (SoftFloat and its helper), e.g. {:?}; \
         unprefixed non-intrinsic exports of other Rust objects: {:?}",
        c_names.len(),
        c_names.iter().take(5).collect::<Vec<_>>(),
        other_rust
    );
    assert!(
        other_rust.is_empty(),
        "dependency objects export C names: {other_rust:?}"
    );

    // 3. After prefix-c-symbols.sh nothing but urnum_*, "__" intrinsics, weak
    //    definitions and toolchain names remain.
    let dir = common::scratch("symbols");
    let prefixed = dir.join("liburnum-prefixed.a");
    common::prefixed_archive(&archive, &prefixed);
    let after = common::defined_symbols(&prefixed);
    let left: BTreeSet<&str> = after
        .iter()
        .filter(|(_, t, n)| {
            *t != 'W' && !toolchain(n) && !n.starts_with("__") && !n.starts_with("urnum_")
        })
        .map(|(_, _, n)| n.as_str())
        .collect();
    assert!(
        left.is_empty(),
        "unprefixed symbols after prefixing: {left:?}"
    );
    let softfloat_left: Vec<&str> = after
        .iter()
        .map(|(_, _, n)| n.as_str())
        .filter(|n| softfloat_name(n))
        .collect();
    assert!(
        softfloat_left.is_empty(),
        "SoftFloat names left: {softfloat_left:?}"
    );
    assert!(after.iter().any(|(_, _, n)| n == "urnum_sf_f64_add"));
}

#[test]
fn a_foreign_softfloat_captures_the_raw_archive_but_not_the_prefixed_one() {
    let archive = common::archive();
    let dir = common::scratch("interpose");
    let prefixed = dir.join("liburnum-prefixed.a");
    common::prefixed_archive(&archive, &prefixed);
    let src = common::crate_dir().join("c/interpose.c");
    let run = |lib: &std::path::Path, name: &str| {
        let exe = dir.join(name);
        common::build_c(std::slice::from_ref(&src), lib, &exe);
        // `+add` runs on SoftFloat's f64_add under the reference executor
        // (the fast one computes the same bits on the hardware).
        let o = Command::new(&exe)
            .env("URNUM_EXEC", "reference")
            .output()
            .expect("run the interposition test");
        String::from_utf8_lossy(&o.stdout).trim().to_string()
    };
    // 1.0 + 2.0 @rd = 3.0 = 0x4008000000000000.
    let raw = run(&archive, "interpose_raw");
    let isolated = run(&prefixed, "interpose_prefixed");
    eprintln!("raw archive: {raw}; prefixed archive: {isolated}");
    assert_eq!(isolated, "status=0 sum=0x4008000000000000");
    assert_eq!(
        raw, "status=0 sum=0x0000000000000000",
        "expected the impostor f64_add to capture urnum's call in the raw archive"
    );
}
