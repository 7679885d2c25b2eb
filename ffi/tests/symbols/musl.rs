//! The tools of the musl checks: the target's musl `libc.a`, the C compiler
//! that links a static program for it, and how that program runs here.

use super::common;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The musl `libc.a` that rustup installs with `triple`'s standard library
/// (`lib/rustlib/<triple>/lib/self-contained/`): the libc a musl archive is
/// built against and checked against.
pub(crate) fn musl_libc(triple: &str) -> PathBuf {
    let libc = common::sysroot()
        .join("lib/rustlib")
        .join(triple)
        .join("lib/self-contained/libc.a");
    assert!(
        libc.is_file(),
        "{} is missing: `rustup target add {triple}` installs the musl libc.a \
         the archive is checked against",
        libc.display()
    );
    libc
}

/// A command line from an environment variable (words split on whitespace),
/// or `None` when it is unset or empty.
fn command_from_env(name: &str) -> Option<Command> {
    let v = std::env::var(name).ok()?;
    let mut words = v.split_whitespace();
    let mut cmd = Command::new(words.next()?);
    cmd.args(words);
    Some(cmd)
}

/// The C compiler that links a static `triple` program: `CC_<triple>` (the
/// `cc` crate's spelling, `-` as `_`), else Debian's `musl-gcc` for
/// x86_64 musl on an x86_64 host.
pub(crate) fn musl_cc(triple: &str) -> Command {
    let var = format!("CC_{}", triple.replace('-', "_"));
    if let Some(cmd) = command_from_env(&var) {
        return cmd;
    }
    assert!(
        triple == "x86_64-unknown-linux-musl" && cfg!(target_arch = "x86_64"),
        "no C compiler for {triple}: set {var} (e.g. `python3 -m ziglang cc -target \
         aarch64-linux-musl`, zig 0.15.2 from PyPI's `ziglang`)"
    );
    Command::new("musl-gcc")
}

/// How a `triple` program runs here: `CARGO_TARGET_<TRIPLE>_RUNNER` (cargo's
/// spelling, e.g. `qemu-aarch64`), else directly when the architecture is
/// the host's.
pub(crate) fn runner(triple: &str, exe: &Path) -> Command {
    let var = format!(
        "CARGO_TARGET_{}_RUNNER",
        triple.replace('-', "_").to_uppercase()
    );
    if let Some(mut cmd) = command_from_env(&var) {
        cmd.arg(exe);
        return cmd;
    }
    assert!(
        triple.starts_with(std::env::consts::ARCH),
        "{triple} programs do not run on this {} host: set {var} (e.g. `qemu-aarch64`)",
        std::env::consts::ARCH
    );
    Command::new(exe)
}

/// Runs `cmd`, asserts it succeeds, and returns its stdout's lines.
pub(crate) fn lines_of(mut cmd: Command, what: &str) -> Vec<String> {
    let o = cmd.output().unwrap_or_else(|e| panic!("run {what}: {e}"));
    assert!(
        o.status.success(),
        "{what} failed ({}):\n{}\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}
