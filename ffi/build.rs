//! Builds the sealed `liburnum_ffi.a`: the C archive whose only global symbols
//! are `urnum_*` (see `docs/vere-integration.md`, "How the archive is sealed").
//!
//! cargo's own `staticlib` bundles the Rust standard library,
//! `compiler_builtins` (global `__muldc3`, weak libm names such as `cbrt`),
//! SoftFloat's C objects and `anon.*` names, and rustc cannot hide them. So
//! this script, which cargo runs on every build of the package:
//!
//! 1. runs a nested `cargo rustc -p urnum-ffi --lib --crate-type staticlib`
//!    (same profile, `--target $TARGET`, its own target directory
//!    `<profile dir>/urnum-seal`, the caller's jobserver; the nested build
//!    sees `URNUM_FFI_NESTED` and skips this script);
//! 2. partial-links every member into one relocatable object (`rust-lld`
//!    from the toolchain's sysroot, else the C compiler: `-r` with
//!    `--whole-archive`); on musl targets the members of the target's own
//!    LLVM `libunwind.a` that the standard library's `_Unwind_*` references
//!    need are linked in too ([`musl_unwinder`](link::musl_unwinder)), so the archive asks the
//!    host for nothing but libc;
//! 3. rewrites that object with [`localise_elf`](elf::localise_elf) (an ELF64 pass of its own:
//!    the `object` crate's builder rejects the `SHT_GROUP` and
//!    `SHT_LLVM_ADDRSIG` sections rustc emits): every defined global or weak
//!    symbol not named `urnum_*` becomes local, and the `.llvmbc`/`.llvmcmd`
//!    (embedded bitcode) and `.debug_*` sections go;
//! 4. writes `liburnum_ffi.a` (one member and a GNU symbol index) into the
//!    profile directory, `target/[<triple>/]<profile>/liburnum_ffi.a`.
//!
//! macOS: step 2 is `ld -r -exported_symbols_list` (which hides the rest) and
//! `libtool -static`; not verified on this project's machines. Windows: the
//! archive is copied unsealed (COFF has no partial link in the toolchain),
//! with a warning.
//!
//! Set `URNUM_FFI_NO_SEAL=1` to skip all of this (no archive is written);
//! clippy runs and fuzz builds (`--cfg fuzzing`) skip it too (they use no
//! archive).

#[path = "build/elf.rs"]
mod elf;
#[path = "build/link.rs"]
mod link;
#[path = "build/macho.rs"]
mod macho;

use elf::seal_elf;
use link::nested_staticlib;
use macho::seal_macho;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The file name of the sealed archive (and of the nested build's staticlib,
/// named for the library `urnum_ffi`) on every target but MSVC.
const ARCHIVE: &str = "liburnum_ffi.a";

/// The prefix of every symbol the archive exports.
const PREFIX: &[u8] = b"urnum_";

/// The environment variable that marks the nested build.
const NESTED: &str = "URNUM_FFI_NESTED";

fn main() {
    println!("cargo:rerun-if-env-changed={NESTED}");
    println!("cargo:rerun-if-env-changed=URNUM_FFI_NO_SEAL");
    println!("cargo:rerun-if-env-changed=URNUM_FFI_CC");
    println!("cargo:rerun-if-env-changed=URNUM_FFI_UNWIND");
    // A clippy run skips the archive; the next build must not take that as done.
    println!("cargo:rerun-if-env-changed=RUSTC_WORKSPACE_WRAPPER");
    println!("cargo:rerun-if-env-changed=RUSTC_WRAPPER");
    if env::var_os(NESTED).is_some() {
        return;
    }
    // Fuzz builds (cargo-fuzz sets `--cfg fuzzing`) link the rlib, not the archive.
    if env::var_os("URNUM_FFI_NO_SEAL").is_some()
        || under_clippy()
        || env::var_os("CARGO_CFG_FUZZING").is_some()
    {
        return;
    }
    let manifest_dir = PathBuf::from(var("CARGO_MANIFEST_DIR"));
    let workspace = manifest_dir.parent().expect("ffi/ sits in the workspace");
    for dir in [
        "ffi/src",
        "softcore",
        "hw",
        "softblas",
        "lagoon",
        "saloon",
        "Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={}", workspace.join(dir).display());
    }
    println!("cargo:rerun-if-changed=build.rs");

    let out_dir = PathBuf::from(var("OUT_DIR"));
    // OUT_DIR is <profile dir>/build/urnum-ffi-<hash>/out.
    let profile_dir = out_dir
        .ancestors()
        .nth(3)
        .expect("OUT_DIR lies three levels below the profile directory")
        .to_path_buf();
    let profile_name = profile_dir
        .file_name()
        .and_then(|n| n.to_str())
        .expect("a UTF-8 profile directory name")
        .to_string();
    let profile = if profile_name == "debug" {
        "dev".to_string()
    } else {
        profile_name.clone()
    };
    let target = var("TARGET");
    let nested_dir = profile_dir.join("urnum-seal");

    let started = Instant::now();
    let raw = nested_staticlib(&manifest_dir, &nested_dir, &profile, &target, &profile_name);
    let nested_secs = started.elapsed().as_secs_f64();

    let os = var("CARGO_CFG_TARGET_OS");
    let started = Instant::now();
    let dest = if os == "windows" {
        println!(
            "cargo:warning=urnum-ffi: the Windows archive is not sealed (its non-urnum_ symbols stay global)"
        );
        let dest = profile_dir.join(raw.file_name().expect("a file name"));
        fs::copy(&raw, &dest).expect("copy the archive");
        dest
    } else if ["macos", "ios", "tvos", "watchos", "visionos"].contains(&os.as_str()) {
        seal_macho(&raw, &out_dir, &profile_dir)
    } else {
        seal_elf(&raw, &out_dir, &profile_dir)
    };
    let seal_secs = started.elapsed().as_secs_f64();
    // The timings, for docs/vere-integration.md's build-time figures.
    fs::write(
        out_dir.join("seal-times.txt"),
        format!("nested_build_s {nested_secs:.1}\nseal_s {seal_secs:.1}\n"),
    )
    .expect("write seal-times.txt");
    let _ = dest;
}

/// Whether this is a clippy run (which writes no archive).
fn under_clippy() -> bool {
    ["RUSTC_WORKSPACE_WRAPPER", "RUSTC_WRAPPER"]
        .iter()
        .any(|v| {
            env::var_os(v).is_some_and(|w| {
                Path::new(&w)
                    .file_stem()
                    .is_some_and(|s| s.to_string_lossy().starts_with("clippy-driver"))
            })
        })
}

/// An environment variable cargo sets for build scripts.
fn var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| panic!("cargo sets {name} for build scripts"))
}

/// Whether the nested cargo must not inherit `name`: the variables cargo
/// sets for this build script describe this package, not the nested build's.
fn package_var(name: &str) -> bool {
    [
        "CARGO_FEATURE_",
        "CARGO_CFG_",
        "CARGO_PKG_",
        "CARGO_MANIFEST_",
        "CARGO_CRATE_",
        "CARGO_PRIMARY_PACKAGE",
        "CARGO_MAKEFLAGS",
        "CARGO_TARGET_DIR",
        "DEP_",
        "OUT_DIR",
        "TARGET",
        "HOST",
        "PROFILE",
        "DEBUG",
        "OPT_LEVEL",
        "NUM_JOBS",
        "RUSTC_LINKER",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}
