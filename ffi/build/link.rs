//! The nested staticlib build and the tools that link its members into one
//! object: the partial linker, the toolchain's sysroot, and the musl
//! target's unwinder.

use super::{package_var, var, ARCHIVE, NESTED};
use std::env;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs the nested `cargo rustc … --crate-type staticlib` and returns the
/// path of the (unsealed) archive it leaves.
pub(crate) fn nested_staticlib(
    manifest_dir: &Path,
    nested_dir: &Path,
    profile: &str,
    target: &str,
    profile_name: &str,
) -> PathBuf {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut cmd = Command::new(cargo);
    for (k, _) in env::vars_os() {
        if package_var(&k.to_string_lossy()) {
            cmd.env_remove(&k);
        }
    }
    // Join the outer build's jobserver: the nested build then shares its job slots.
    if let Some(flags) = env::var_os("CARGO_MAKEFLAGS") {
        cmd.env("MAKEFLAGS", flags);
    }
    // Outside release, the nested build's debug info would be stripped
    // anyway: not generating it (nor incremental state) saves build time.
    if profile == "dev" {
        cmd.env("CARGO_PROFILE_DEV_DEBUG", "0")
            .env("CARGO_PROFILE_DEV_INCREMENTAL", "false");
    }
    cmd.env(NESTED, "1")
        .env("CARGO_TARGET_DIR", nested_dir)
        .arg("rustc")
        .arg("--manifest-path")
        .arg(manifest_dir.join("Cargo.toml"))
        .args(["-p", "urnum-ffi", "--lib", "--crate-type", "staticlib"])
        .args(["--profile", profile, "--target", target])
        .stdin(Stdio::null());
    // The build script's stdout carries cargo directives: the nested build's
    // output is captured and repeated on stderr (shown on failure or with -vv).
    let o = cmd.output().expect("run the nested cargo");
    std::io::stderr().write_all(&o.stderr).ok();
    std::io::stderr().write_all(&o.stdout).ok();
    assert!(
        o.status.success(),
        "the nested cargo rustc failed ({})",
        o.status
    );
    let dir = nested_dir.join(target).join(profile_name);
    let name = if target.contains("msvc") {
        "urnum_ffi.lib"
    } else {
        ARCHIVE
    };
    let raw = dir.join(name);
    assert!(raw.exists(), "the nested build left no {}", raw.display());
    raw
}

/// The linker for the partial link: the toolchain's `rust-lld` (present
/// wherever rustup installed rustc, for every ELF target) or else the C
/// compiler (`URNUM_FFI_CC`, `CC_<target>`, `TARGET_CC`, `CC`, `cc`).
pub(crate) fn partial_linker() -> (Command, bool) {
    let host = var("HOST");
    if env::var_os("URNUM_FFI_CC").is_none() {
        if let Some(sysroot) = sysroot() {
            let exe = if host.contains("windows") {
                "rust-lld.exe"
            } else {
                "rust-lld"
            };
            let lld = sysroot
                .join("lib/rustlib")
                .join(&host)
                .join("bin")
                .join(exe);
            if lld.exists() {
                let mut c = Command::new(lld);
                c.args(["-flavor", "gnu"]);
                return (c, true);
            }
        }
    }
    let target = var("TARGET");
    let cc = env::var_os("URNUM_FFI_CC")
        .or_else(|| env::var_os(format!("CC_{}", target.replace('-', "_"))))
        .or_else(|| env::var_os("TARGET_CC"))
        .or_else(|| env::var_os("CC"))
        .unwrap_or_else(|| OsString::from("cc"));
    (Command::new(cc), false)
}

/// The toolchain's sysroot (`$RUSTC --print sysroot`), if rustc answers.
fn sysroot() -> Option<PathBuf> {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| OsString::from("rustc"));
    let o = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let s = String::from_utf8_lossy(&o.stdout).trim().to_string();
    (o.status.success() && !s.is_empty()).then(|| PathBuf::from(s))
}

/// For a musl target, the unwinder that resolves the standard library's
/// `_Unwind_*` references in the partial link: `URNUM_FFI_UNWIND` if set,
/// else the LLVM `libunwind.a` that the target's rust-std ships in
/// `lib/rustlib/<target>/lib/self-contained/` (the one rustc links, as
/// `-lunwind` from that directory, into the musl executables it builds).
/// `None` on other targets.
pub(crate) fn musl_unwinder() -> Option<PathBuf> {
    if env::var("CARGO_CFG_TARGET_ENV").as_deref() != Ok("musl") {
        return None;
    }
    if let Some(p) = env::var_os("URNUM_FFI_UNWIND") {
        let p = PathBuf::from(p);
        assert!(
            p.is_file(),
            "URNUM_FFI_UNWIND={} is not a file",
            p.display()
        );
        return Some(p);
    }
    let lib = sysroot()
        .expect("rustc --print sysroot names the toolchain's sysroot")
        .join("lib/rustlib")
        .join(var("TARGET"))
        .join("lib/self-contained/libunwind.a");
    assert!(
        lib.is_file(),
        "urnum-ffi: a musl archive carries the target's LLVM libunwind, and {} is missing \
         (rustup target add {} installs it; URNUM_FFI_UNWIND=<libunwind.a> names another)",
        lib.display(),
        var("TARGET")
    );
    Some(lib)
}

/// Runs `cmd`, panicking with its output if it fails.
pub(crate) fn run(mut cmd: Command, what: &str) {
    let o = cmd.output().unwrap_or_else(|e| panic!("run {what}: {e}"));
    assert!(
        o.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}
