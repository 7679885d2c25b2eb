//! The committed header `ffi/include/urnum.h` is what cbindgen makes of the
//! crate today: regenerated in memory from `ffi/cbindgen.toml` and compared.
//! Regenerate it with `URNUM_BLESS=1 cargo test -p urnum-ffi --test header`.

use std::path::Path;

fn generate() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen parses the crate");
    let mut out = Vec::new();
    bindings.write(&mut out);
    c_comments(&String::from_utf8(out).expect("the header is UTF-8"))
}

/// The header with the doc comments' rustdoc links written as C readers
/// read them: `` [`urnum_meta`] `` and `` [`urnum_la_exec`](super::urnum_la_exec) ``
/// become `` `urnum_meta` `` and `` `urnum_la_exec` ``, and a Rust path
/// `` `urnum_status::URNUM_OK` `` its last name `` `URNUM_OK` ``.
fn c_comments(h: &str) -> String {
    let mut out = String::with_capacity(h.len());
    let mut rest = h;
    while let Some(i) = rest.find("[`") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let Some(j) = after.find("`]") else {
            out.push_str(&rest[i..]);
            return out;
        };
        let name = &after[..j];
        let name = name.rsplit("::").next().unwrap_or(name);
        out.push('`');
        out.push_str(name);
        out.push('`');
        rest = &after[j + 2..];
        // A link target `(path)` right after the link goes.
        if rest.starts_with('(') {
            if let Some(k) = rest.find(')') {
                if !rest[1..k].contains(char::is_whitespace) {
                    rest = &rest[k + 1..];
                }
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_header_has_no_rustdoc_syntax() {
    let h = generate();
    for bad in ["[`", "`]", "](", "super::", "crate::"] {
        assert!(!h.contains(bad), "the header holds rustdoc syntax {bad:?}");
    }
    assert!(h.contains("As `urnum_la_exec`; each ray operand"));
}

#[test]
fn committed_header_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/urnum.h");
    let fresh = generate();
    if std::env::var_os("URNUM_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write include/urnum.h");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/urnum.h is stale: regenerate it with URNUM_BLESS=1 cargo test -p urnum-ffi --test header"
    );
}

#[test]
fn header_declares_the_abi() {
    let h = generate();
    for needle in [
        "#define URNUM_ABI_VERSION 2",
        "extern const uint32_t urnum_abi_v2;",
        "uint32_t urnum_abi_version(void);",
        "urnum_status urnum_la_plan(",
        "urnum_status urnum_la_exec(",
        "urnum_status urnum_math(",
        "urnum_status urnum_rd_exp(uint64_t x, uint8_t rnd, uint64_t *out);",
        "urnum_status urnum_rq_exp(const uint8_t *x, uint8_t rnd, uint8_t *out);",
        "#define URNUM_LA_ADD 1",
        "#define URNUM_LA_MMUL 72",
        "const char *urnum_status_str(uint32_t status);",
        "urnum_status urnum_la_explain(uint32_t arm,",
    ] {
        assert!(h.contains(needle), "the header lacks {needle:?}");
    }
}
