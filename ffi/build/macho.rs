//! Sealing on macOS: `ld -r` with an exported-symbols list, then
//! `libtool -static`.

use super::link::run;
use super::ARCHIVE;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

/// Seals a Mach-O archive: `ld -r` keeps `_urnum_*` exported and hides the
/// rest; `libtool -static` writes the archive. Not verified on this project's machines.
pub(crate) fn seal_macho(raw: &Path, out_dir: &Path, profile_dir: &Path) -> PathBuf {
    // This script runs on the host: off macOS, `ld` is not Apple's (GNU ld
    // answers `-all_load` with "unrecognized -a option"), and lld's Mach-O
    // port has no `-r`.
    if !cfg!(target_os = "macos") && env::var_os("URNUM_FFI_LD").is_none() {
        panic!(
            "urnum-ffi: sealing a macOS archive needs Apple's `ld -r` and `libtool`, so it is \
             built on a macOS host (or with URNUM_FFI_LD naming an ld64 and `libtool` on PATH); \
             URNUM_FFI_NO_SEAL=1 builds the Rust library without the archive"
        );
    }
    let list = out_dir.join("exports.txt");
    fs::write(&list, "_urnum_*\n").expect("write the export list");
    let linked = out_dir.join("urnum.o");
    let mut ld = Command::new(env::var_os("URNUM_FFI_LD").unwrap_or_else(|| "ld".into()));
    ld.arg("-r")
        .arg("-all_load")
        .arg("-exported_symbols_list")
        .arg(&list)
        .arg(raw)
        .arg("-o")
        .arg(&linked);
    run(ld, "ld -r");
    let dest = profile_dir.join(ARCHIVE);
    let _ = fs::remove_file(&dest);
    let mut lt = Command::new("libtool");
    lt.arg("-static").arg("-o").arg(&dest).arg(&linked);
    run(lt, "libtool -static");
    dest
}
