//! Shared by the tests that build C programs against `liburnum.a`: where the
//! archive, the header and the C sources are, and how to compile and link.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate directory (`ffi/`).
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch directory for this test target's files.
pub fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&d).expect("create the scratch directory");
    d
}

/// The static library cargo built for this test run: the newest
/// `liburnum*.a` in the profile's `deps/` directory or beside it.
pub fn archive() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    let deps = exe.parent().expect("deps/").to_path_buf();
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
    for dir in [
        deps.clone(),
        deps.parent().map(Path::to_path_buf).unwrap_or(deps),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with("liburnum") && name.ends_with(".a") {
                if let Ok(t) = e.metadata().and_then(|m| m.modified()) {
                    found.push((t, e.path()));
                }
            }
        }
    }
    found.sort();
    found
        .pop()
        .map(|(_, p)| p)
        .expect("cargo built liburnum.a (crate-type staticlib) for this test run")
}

/// The native libraries a Rust `std` static library needs on Linux.
pub const NATIVE_LIBS: &[&str] = &[
    "-lgcc_s",
    "-lutil",
    "-lrt",
    "-lpthread",
    "-lm",
    "-ldl",
    "-lc",
];

/// Compiles the C sources `srcs` against the header and links them with
/// `archive` into `out`; panics with the compiler's output on failure.
pub fn build_c(srcs: &[PathBuf], archive: &Path, out: &Path) {
    let include = crate_dir().join("include");
    let mut cmd = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    cmd.args(["-std=c11", "-O1", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(&include)
        .args(srcs)
        .arg(archive)
        .arg("-o")
        .arg(out)
        .args(NATIVE_LIBS);
    let o = cmd.output().expect("run cc");
    assert!(
        o.status.success(),
        "cc failed:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Renames the archive's C symbols with `ffi/scripts/prefix-c-symbols.sh`.
pub fn prefixed_archive(archive: &Path, out: &Path) {
    let script = crate_dir().join("scripts/prefix-c-symbols.sh");
    let o = Command::new("bash")
        .arg(&script)
        .arg(archive)
        .arg(out)
        .output()
        .expect("run prefix-c-symbols.sh");
    assert!(
        o.status.success(),
        "prefix-c-symbols.sh failed:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The defined external symbols of `archive`'s members: (member, type, name)
/// per symbol, with `nm`'s type letters (`T` code, `D` data, `W` weak, …).
///
/// Read with `readelf -sW` (`$READELF` overrides), which reads each member's
/// ELF symbol table and nothing else: a release build's members also carry
/// rustc's embedded LLVM bitcode, which the system's `nm`/`llvm-nm` try to
/// parse and, when their LLVM is older than rustc's, list no symbols for.
pub fn defined_symbols(archive: &Path) -> Vec<(String, char, String)> {
    let readelf = std::env::var("READELF").unwrap_or_else(|_| "readelf".into());
    let o = Command::new(&readelf)
        .args(["-sW"])
        .arg(archive)
        .output()
        .expect("run readelf");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success() && !text.is_empty(),
        "readelf failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut member = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        // "File: ARCHIVE(MEMBER)" opens each member's table.
        if let Some(rest) = line.strip_prefix("File: ") {
            let inner = rest.rsplit_once('(').map_or("", |(_, m)| m);
            member = inner.strip_suffix(')').unwrap_or(inner).to_string();
            continue;
        }
        // "NUM: VALUE SIZE TYPE BIND VIS NDX NAME"
        let f: Vec<&str> = line.split_whitespace().collect();
        let [num, _, _, ty, bind, _, ndx, name] = f[..] else {
            continue;
        };
        if !num.ends_with(':') || ndx == "UND" {
            continue;
        }
        let letter = match (bind, ty) {
            ("WEAK", _) => 'W',
            ("GLOBAL", "FUNC" | "IFUNC") => 'T',
            ("GLOBAL", "OBJECT" | "TLS" | "COMMON") => 'D',
            ("GLOBAL", _) => 'S',
            _ => continue,
        };
        out.push((member.clone(), letter, name.to_string()));
    }
    out
}
