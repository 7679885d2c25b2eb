//! The README's "Use it from Rust" program is the crate doc's first example:
//! the two copies must not drift apart.

use std::path::Path;

/// The lines of the first ```` ```rust ```` block of the README section.
fn readme_program(readme: &str) -> Vec<String> {
    let section = readme
        .split_once("## Use it from Rust")
        .expect("README has the section")
        .1;
    let code = section
        .split_once("```rust\n")
        .expect("the section has a rust block")
        .1;
    let code = code.split_once("```").expect("the block ends").0;
    code.lines().map(str::to_string).collect()
}

/// The visible lines of the first example of `src/lib.rs`'s crate doc (hidden
/// `# ` lines dropped, the `//! ` prefix removed).
fn doc_program(lib: &str) -> Vec<String> {
    let doc: Vec<&str> = lib
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| {
            l.strip_prefix("//! ")
                .unwrap_or(l.trim_start_matches("//!"))
        })
        .collect();
    let start = doc.iter().position(|l| *l == "```").expect("an example") + 1;
    let len = doc[start..]
        .iter()
        .position(|l| *l == "```")
        .expect("it ends");
    doc[start..start + len]
        .iter()
        .filter(|l| !l.trim_start().starts_with("# "))
        .map(|l| l.to_string())
        .collect()
}

#[test]
fn readme_program_is_the_doc_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // A packaged crate carries the README beside its manifest; in the
    // workspace it is the root's.
    let readme = std::fs::read_to_string(root.join("README.md"))
        .or_else(|_| std::fs::read_to_string(root.join("../README.md")))
        .expect("read README.md");
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("read src/lib.rs");
    let (r, d) = (readme_program(&readme), doc_program(&lib));
    assert_eq!(r, d);
    assert!(r.len() <= 15, "the README program has {} lines", r.len());
}
