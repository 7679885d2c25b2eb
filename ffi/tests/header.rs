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
    String::from_utf8(out).expect("the header is UTF-8")
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
        "#define URNUM_ABI_VERSION 1",
        "extern const uint32_t urnum_abi_v1;",
        "uint32_t urnum_abi_version(void);",
        "urnum_status urnum_la_plan(",
        "urnum_status urnum_la_exec(",
        "urnum_status urnum_math(",
        "urnum_status urnum_rd_exp(uint64_t x, uint8_t rnd, uint64_t *out);",
        "urnum_status urnum_rq_exp(const uint8_t *x, uint8_t rnd, uint8_t *out);",
        "#define URNUM_LA_ADD 1",
        "#define URNUM_LA_MMUL 72",
    ] {
        assert!(h.contains(needle), "the header lacks {needle:?}");
    }
}
