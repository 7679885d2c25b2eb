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
//!    need are linked in too ([`musl_unwinder`]), so the archive asks the
//!    host for nothing but libc;
//! 3. rewrites that object with [`localise_elf`] (an ELF64 pass of its own:
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

use std::env;
use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
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

/// Runs the nested `cargo rustc … --crate-type staticlib` and returns the
/// path of the (unsealed) archive it leaves.
fn nested_staticlib(
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
fn partial_linker() -> (Command, bool) {
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
fn musl_unwinder() -> Option<PathBuf> {
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
fn run(mut cmd: Command, what: &str) {
    let o = cmd.output().unwrap_or_else(|e| panic!("run {what}: {e}"));
    assert!(
        o.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Seals an ELF archive: partial link, localise, strip, write `liburnum_ffi.a`.
fn seal_elf(raw: &Path, out_dir: &Path, profile_dir: &Path) -> PathBuf {
    let linked = out_dir.join("urnum-linked.o");
    let (mut ld, is_lld) = partial_linker();
    if is_lld {
        ld.args(["-r", "-d", "--strip-debug", "--whole-archive"])
            .arg(raw);
    } else {
        ld.args(["-r", "-nostdlib", "-Wl,-d,--strip-debug,--whole-archive"])
            .arg(raw)
            .arg("-Wl,--no-whole-archive");
    }
    if let Some(unwind) = musl_unwinder() {
        // Resolve the standard library's `_Unwind_*` references inside the
        // object (only the members they need), so that the ELF pass below
        // makes them local too.
        if is_lld {
            ld.arg("--no-whole-archive");
        }
        ld.arg(unwind);
    }
    ld.arg("-o").arg(&linked);
    run(ld, "the partial link");

    let data = fs::read(&linked).expect("read the partially linked object");
    let sealed = localise_elf(&data);
    fs::remove_file(&linked).ok();

    let dest = profile_dir.join(ARCHIVE);
    let tmp = profile_dir.join(format!("{ARCHIVE}.tmp"));
    let mut f = fs::File::create(&tmp).expect("create the archive");
    f.write_all(&gnu_archive("urnum.o", &sealed.object, &sealed.exports))
        .expect("write the archive");
    drop(f);
    fs::rename(&tmp, &dest).expect("move the archive into place");
    dest
}

/// A rewritten object and the names it exports.
struct Sealed {
    object: Vec<u8>,
    exports: Vec<Vec<u8>>,
}

/// Whether a section carries embedded bitcode, debug information or LLVM's
/// address-significance table (which names symbols by index), or relocations
/// for one of them.
fn dropped_section(name: &[u8]) -> bool {
    let base = name
        .strip_prefix(b".rela")
        .or_else(|| name.strip_prefix(b".rel"))
        .unwrap_or(name);
    base == b".llvmbc"
        || base == b".llvmcmd"
        || base == b".llvm_addrsig"
        || base.starts_with(b".debug")
}

/// Little-endian field access for the ELF64 structures this pass touches.
fn rd16(d: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(d[at..at + 2].try_into().expect("2 bytes"))
}
fn rd32(d: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(d[at..at + 4].try_into().expect("4 bytes"))
}
fn rd64(d: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(d[at..at + 8].try_into().expect("8 bytes"))
}

/// One section header of an ELF64 file.
#[derive(Clone)]
struct Shdr {
    name: u32,
    ty: u32,
    flags: u64,
    addr: u64,
    offset: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
}

const SHT_SYMTAB: u32 = 2;
const SHT_RELA: u32 = 4;
const SHT_NOBITS: u32 = 8;
const SHT_REL: u32 = 9;
const SHT_GROUP: u32 = 17;
const SHT_SYMTAB_SHNDX: u32 = 18;
const SHT_LLVM_ADDRSIG: u32 = 0x6fff_4c03;
const SHF_INFO_LINK: u64 = 0x40;
const SHF_LINK_ORDER: u64 = 0x80;
const SHN_LORESERVE: u16 = 0xff00;
const SHN_COMMON: u16 = 0xfff2;
const STB_LOCAL: u8 = 0;

/// Makes every defined global or weak symbol of a relocatable ELF64
/// little-endian object not named `urnum_*` local, and drops the sections
/// [`dropped_section`] names. Symbols are reordered (ELF wants the locals
/// first), so every symbol index (relocations, group signatures) and every
/// section index (symbols, links, group members) is rewritten.
fn localise_elf(d: &[u8]) -> Sealed {
    assert!(
        d.len() > 64 && &d[..4] == b"\x7fELF" && d[4] == 2 && d[5] == 1 && rd16(d, 16) == 1,
        "the partial link did not give a relocatable ELF64 little-endian object \
         (the only kind this pass rewrites)"
    );
    let shoff = rd64(d, 0x28) as usize;
    let shnum = rd16(d, 0x3c) as usize;
    let shstrndx = rd16(d, 0x3e) as usize;
    assert!(
        shnum != 0 && shstrndx < SHN_LORESERVE as usize,
        "extended section numbering is not supported"
    );
    let sh: Vec<Shdr> = (0..shnum)
        .map(|i| {
            let at = shoff + 64 * i;
            Shdr {
                name: rd32(d, at),
                ty: rd32(d, at + 4),
                flags: rd64(d, at + 8),
                addr: rd64(d, at + 16),
                offset: rd64(d, at + 24),
                size: rd64(d, at + 32),
                link: rd32(d, at + 40),
                info: rd32(d, at + 44),
                align: rd64(d, at + 48),
                entsize: rd64(d, at + 56),
            }
        })
        .collect();
    let data = |s: &Shdr| -> &[u8] {
        if s.ty == SHT_NOBITS {
            &[]
        } else {
            &d[s.offset as usize..(s.offset + s.size) as usize]
        }
    };
    let shstr = data(&sh[shstrndx]);
    let cstr = |tab: &[u8], at: u32| -> Vec<u8> {
        let t = &tab[at as usize..];
        t[..t.iter().position(|&c| c == 0).unwrap_or(t.len())].to_vec()
    };
    assert!(
        !sh.iter().any(|s| s.ty == SHT_SYMTAB_SHNDX),
        "extended symbol section indices are not supported"
    );

    // Which sections stay, and their new indices.
    let mut keep: Vec<bool> = sh
        .iter()
        .enumerate()
        .map(|(i, s)| {
            i == 0 || !(dropped_section(&cstr(shstr, s.name)) || s.ty == SHT_LLVM_ADDRSIG)
        })
        .collect();
    for (i, s) in sh.iter().enumerate() {
        if (s.ty == SHT_RELA || s.ty == SHT_REL) && !keep[s.info as usize] {
            keep[i] = false;
        }
    }
    let mut new_sec = vec![0u32; shnum];
    let mut n = 0u32;
    for i in 0..shnum {
        if keep[i] {
            new_sec[i] = n;
            n += 1;
        }
    }
    assert!(
        n < u32::from(SHN_LORESERVE),
        "too many sections for plain numbering"
    );

    // The symbol table: drop symbols of dropped sections, localise, reorder.
    let symtab_i = sh
        .iter()
        .position(|s| s.ty == SHT_SYMTAB)
        .expect("a symbol table");
    let symtab = data(&sh[symtab_i]);
    let strtab = data(&sh[sh[symtab_i].link as usize]);
    let count = symtab.len() / 24;
    let mut syms: Vec<[u8; 24]> = (0..count)
        .map(|i| symtab[24 * i..24 * i + 24].try_into().expect("24 bytes"))
        .collect();
    let mut exports = Vec::new();
    let mut order: Vec<(u8, usize)> = Vec::with_capacity(count);
    for (i, s) in syms.iter_mut().enumerate().skip(1) {
        let shndx = u16::from_le_bytes([s[6], s[7]]);
        assert_ne!(
            shndx, SHN_COMMON,
            "a common symbol survived the partial link (-d)"
        );
        if shndx != 0 && shndx < SHN_LORESERVE && !keep[shndx as usize] {
            continue; // gone with its section
        }
        let bind = s[4] >> 4;
        let class = if shndx == 0 || bind == STB_LOCAL {
            if bind == STB_LOCAL {
                0
            } else {
                2
            }
        } else if cstr(strtab, u32::from_le_bytes([s[0], s[1], s[2], s[3]])).starts_with(PREFIX) {
            exports.push(cstr(strtab, u32::from_le_bytes([s[0], s[1], s[2], s[3]])));
            2
        } else {
            s[4] &= 0x0f; // STB_LOCAL, same type
            s[5] &= !0x3; // default visibility
            1
        };
        if shndx != 0 && shndx < SHN_LORESERVE {
            let ns = new_sec[shndx as usize] as u16;
            s[6..8].copy_from_slice(&ns.to_le_bytes());
        }
        order.push((class, i));
    }
    order.sort_by_key(|&(c, i)| (c, i));
    let mut new_sym = vec![u32::MAX; count];
    new_sym[0] = 0;
    let mut symbytes = vec![0u8; 24];
    for (k, &(_, i)) in order.iter().enumerate() {
        new_sym[i] = k as u32 + 1;
        symbytes.extend_from_slice(&syms[i]);
    }
    let first_global = 1 + order.iter().filter(|&&(c, _)| c < 2).count() as u32;
    let map_sym = |old: u32| -> u32 {
        let s = new_sym[old as usize];
        assert_ne!(
            s,
            u32::MAX,
            "a kept relocation names a symbol of a dropped section"
        );
        s
    };

    // Lay out the new file: header, section contents, section headers.
    let mut out = d[..64].to_vec();
    let mut headers: Vec<Shdr> = Vec::with_capacity(n as usize);
    for (i, s) in sh.iter().enumerate() {
        if !keep[i] {
            continue;
        }
        let mut h = s.clone();
        let body: Vec<u8> = match s.ty {
            _ if i == symtab_i => {
                h.info = first_global;
                symbytes.clone()
            }
            SHT_RELA | SHT_REL => {
                let step = if s.ty == SHT_RELA { 24 } else { 16 };
                let mut b = data(s).to_vec();
                for r in b.chunks_exact_mut(step) {
                    let info = u64::from_le_bytes(r[8..16].try_into().expect("8 bytes"));
                    let sym = map_sym((info >> 32) as u32);
                    let info = (u64::from(sym) << 32) | (info & 0xffff_ffff);
                    r[8..16].copy_from_slice(&info.to_le_bytes());
                }
                b
            }
            SHT_GROUP => {
                let b = data(s);
                let mut g = b[..4].to_vec();
                for m in b[4..].chunks_exact(4) {
                    let m = u32::from_le_bytes(m.try_into().expect("4 bytes")) as usize;
                    if keep[m] {
                        g.extend_from_slice(&new_sec[m].to_le_bytes());
                    }
                }
                h.info = map_sym(s.info);
                g
            }
            _ => data(s).to_vec(),
        };
        if s.ty == SHT_RELA || s.ty == SHT_REL || s.flags & SHF_INFO_LINK != 0 {
            h.info = new_sec[s.info as usize];
        }
        if s.link != 0
            && (matches!(s.ty, SHT_SYMTAB | SHT_RELA | SHT_REL | SHT_GROUP)
                || s.flags & SHF_LINK_ORDER != 0)
        {
            h.link = new_sec[s.link as usize];
        }
        if i != 0 && s.ty != SHT_NOBITS {
            let align = s.align.max(1) as usize;
            out.resize(out.len().div_ceil(align) * align, 0);
            h.offset = out.len() as u64;
            h.size = body.len() as u64;
            out.extend_from_slice(&body);
        }
        headers.push(h);
    }
    out.resize(out.len().div_ceil(8) * 8, 0);
    let new_shoff = out.len() as u64;
    for h in &headers {
        out.extend_from_slice(&h.name.to_le_bytes());
        out.extend_from_slice(&h.ty.to_le_bytes());
        out.extend_from_slice(&h.flags.to_le_bytes());
        out.extend_from_slice(&h.addr.to_le_bytes());
        out.extend_from_slice(&h.offset.to_le_bytes());
        out.extend_from_slice(&h.size.to_le_bytes());
        out.extend_from_slice(&h.link.to_le_bytes());
        out.extend_from_slice(&h.info.to_le_bytes());
        out.extend_from_slice(&h.align.to_le_bytes());
        out.extend_from_slice(&h.entsize.to_le_bytes());
    }
    out[0x28..0x30].copy_from_slice(&new_shoff.to_le_bytes());
    out[0x3c..0x3e].copy_from_slice(&(n as u16).to_le_bytes());
    out[0x3e..0x40].copy_from_slice(&(new_sec[shstrndx] as u16).to_le_bytes());
    exports.sort();
    exports.dedup();
    Sealed {
        object: out,
        exports,
    }
}

/// A GNU `ar` archive of one member with a symbol index listing `exports`.
fn gnu_archive(member: &str, object: &[u8], exports: &[Vec<u8>]) -> Vec<u8> {
    fn header(out: &mut Vec<u8>, name: &str, size: usize) {
        let h = format!("{name:<16}{:<12}{:<6}{:<6}{:<8}{size:<10}`\n", 0, 0, 0, 644);
        assert_eq!(h.len(), 60);
        out.extend_from_slice(h.as_bytes());
    }
    let names_len: usize = exports.iter().map(|n| n.len() + 1).sum();
    let index_len = 4 + 4 * exports.len() + names_len;
    let index_padded = index_len + index_len % 2;
    // The member's header follows the magic and the index member.
    let member_offset = 8 + 60 + index_padded;
    let mut out = Vec::with_capacity(member_offset + 60 + object.len() + 1);
    out.extend_from_slice(b"!<arch>\n");
    header(&mut out, "/", index_len);
    out.extend_from_slice(&(exports.len() as u32).to_be_bytes());
    for _ in exports {
        out.extend_from_slice(&(member_offset as u32).to_be_bytes());
    }
    for n in exports {
        out.extend_from_slice(n);
        out.push(0);
    }
    if index_len % 2 == 1 {
        out.push(b'\n');
    }
    header(&mut out, &format!("{member}/"), object.len());
    out.extend_from_slice(object);
    if object.len() % 2 == 1 {
        out.push(b'\n');
    }
    out
}

/// Seals a Mach-O archive: `ld -r` keeps `_urnum_*` exported and hides the
/// rest; `libtool -static` writes the archive. Not verified on this project's machines.
fn seal_macho(raw: &Path, out_dir: &Path, profile_dir: &Path) -> PathBuf {
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
