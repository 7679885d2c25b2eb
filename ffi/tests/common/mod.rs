//! Shared by the tests that build C programs against `liburnum_ffi.a`: where the
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

/// The sealed static library `ffi/build.rs` left for this test run's
/// profile: `liburnum_ffi.a` in the profile directory (`target/debug/` for
/// `cargo test`), beside the `deps/` directory of the test executable, or
/// the file `URNUM_ARCHIVE` names (CI checks the release archive so:
/// `URNUM_ARCHIVE=target/release/liburnum_ffi.a cargo test -p urnum-ffi --test symbols`).
/// A relative `URNUM_ARCHIVE` is taken from the workspace root, where that
/// command is typed, not from `ffi/`, where cargo runs the test.
pub fn archive() -> PathBuf {
    if let Some(a) = std::env::var_os("URNUM_ARCHIVE") {
        let workspace = crate_dir()
            .parent()
            .expect("ffi/ sits in the workspace root")
            .to_path_buf();
        let a = workspace.join(a);
        assert!(a.exists(), "URNUM_ARCHIVE={} does not exist", a.display());
        return a;
    }
    let exe = std::env::current_exe().expect("the test executable's path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test executable sits in <profile dir>/deps/");
    let a = profile_dir.join("liburnum_ffi.a");
    assert!(
        a.exists(),
        "{} is missing: ffi/build.rs writes it on every build of urnum-ffi \
         (unless URNUM_FFI_NO_SEAL is set)",
        a.display()
    );
    a
}

/// The archives `URNUM_EXTRA_ARCHIVES` names (paths separated by `:`,
/// relative ones taken from the workspace root), each with its target triple:
/// the name of the directory above its profile directory
/// (`target/<triple>/<profile>/liburnum_ffi.a`, where cargo puts a
/// cross-target build). CI checks the x86_64 musl archive so:
/// `URNUM_EXTRA_ARCHIVES=target/x86_64-unknown-linux-musl/release/liburnum_ffi.a`.
pub fn extra_archives() -> Vec<(PathBuf, String)> {
    let Some(list) = std::env::var_os("URNUM_EXTRA_ARCHIVES") else {
        return Vec::new();
    };
    let workspace = crate_dir()
        .parent()
        .expect("ffi/ sits in the workspace root")
        .to_path_buf();
    std::env::split_paths(&list)
        .filter(|p| !p.as_os_str().is_empty())
        .map(|p| {
            let a = workspace.join(p);
            assert!(
                a.is_file(),
                "URNUM_EXTRA_ARCHIVES names {}, which does not exist",
                a.display()
            );
            let triple = a
                .parent()
                .and_then(Path::parent)
                .and_then(Path::file_name)
                .and_then(|n| n.to_str())
                .filter(|n| n.matches('-').count() >= 2)
                .unwrap_or_else(|| {
                    panic!(
                        "{}: an extra archive must sit in target/<triple>/<profile>/",
                        a.display()
                    )
                })
                .to_string();
            (a, triple)
        })
        .collect()
}

/// The Rust toolchain's sysroot (`rustc --print sysroot`; `$RUSTC` overrides).
pub fn sysroot() -> PathBuf {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let o = Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .expect("run rustc --print sysroot");
    assert!(o.status.success(), "rustc --print sysroot failed");
    PathBuf::from(String::from_utf8_lossy(&o.stdout).trim())
}

/// The libraries a C program must name to link `liburnum_ffi.a`, beyond what
/// `cc` links by default (measured with gcc 12, glibc 2.36): none for the
/// release archive (its undefined references are libc's, `__tls_get_addr`
/// and the unwinder's `_Unwind_*`, which gcc's default `-lgcc_s` provides);
/// `-lm` for the dev archive `cargo test` builds, whose dead-in-release
/// num-integer/num-bigint code calls `exp`, `log`, `log2`. Older glibc
/// (< 2.34) also needs `-lpthread -ldl`; see `docs/vere-integration.md`.
pub const NATIVE_LIBS: &[&str] = &["-lm"];

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

/// The defined external symbols of `archive`'s members: (member, type, name)
/// per symbol, with `nm`'s type letters (`T` code, `D` data, `W` weak, …);
/// undefined references are listed too (`U`, and `w` for a weak one, which
/// the link may leave unresolved). [`undefined`] tells the two groups apart.
///
/// Read with `readelf -sW` (`$READELF` overrides), which reads each member's
/// ELF symbol table and nothing else: a release build's members also carry
/// rustc's embedded LLVM bitcode, which the system's `nm`/`llvm-nm` try to
/// parse and, when their LLVM is older than rustc's, list no symbols for.
pub fn symbols(archive: &Path) -> Vec<(String, char, String)> {
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
        if !num.ends_with(':') {
            continue;
        }
        let letter = match (bind, ty) {
            ("WEAK", _) if ndx == "UND" => 'w',
            ("GLOBAL", _) if ndx == "UND" => 'U',
            _ if ndx == "UND" => continue,
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

/// The `(rtol, atol)` that the door faces `faces` of a `/lib/math` call at
/// width `width` set, a face not given keeping the door's bunt, or `None`
/// when neither is given (the ABI's NULL tolerances); `value` evaluates a
/// face's expression to its bits.
pub fn tolerances(
    width: softblas::scalar::i754::Width,
    faces: &[(String, urnum_tests::cli::vector::Expr)],
    value: impl Fn(&urnum_tests::cli::vector::Expr) -> Result<u128, String>,
) -> Result<Option<(u128, u128)>, String> {
    let bunt = softblas::math::Door::new(width);
    let mut tol: Option<(u128, u128)> = None;
    for (face, e) in faces {
        if face == "rtol" || face == "atol" {
            let a = value(e)?;
            let t = tol.get_or_insert((bunt.rtol(), bunt.atol()));
            if face == "rtol" {
                t.0 = a;
            } else {
                t.1 = a;
            }
        }
    }
    Ok(tol)
}

/// A xorshift64* stream from the nonzero `seed`: the tests' random operand bits.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed;
    move || {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        s.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Whether an [`symbols`] type letter is an undefined reference (`U`, or `w`
/// for a weak one).
pub fn undefined(letter: char) -> bool {
    letter == 'U' || letter == 'w'
}
