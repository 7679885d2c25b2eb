//! The ABI's arm tables against the catalogue (`lagoon::arms`): every
//! catalogued Lagoon arm has an ABI id or is listed as not expressible, every
//! id names a catalogued arm, and the constants of `ffi/src/la/ids.rs` are
//! the ones its `ABI` table and the catalogue give. `URNUM_BLESS=1` rewrites
//! the constants (the generator is [`la_constants`]).

use lagoon::arms::{Arm, Param};
use softblas::math::arms::{self, Call};
use softblas::math::Door;
use softblas::scalar::i754::Width;
use std::collections::BTreeSet;
use urnum_ffi::{la, math, sa};

/// The name of the id constant of Lagoon arm `name` (`sum-dim` → `URNUM_LA_SUM_DIM`).
fn const_name(prefix: &str, name: &str) -> String {
    format!("{prefix}{}", name.to_uppercase().replace('-', "_"))
}

/// How the doc line of an id names a part of the sample.
fn part(p: &Param) -> &'static str {
    match p {
        Param::Ray => "ray",
        Param::Meta => "meta",
        Param::Atom | Param::Count | Param::Kind | Param::Term(_) => "atom",
        Param::Pair => "two atoms",
        Param::Int => "int",
        Param::Shape | Param::Index | Param::Values => "list",
        Param::Slices => "slices",
    }
}

/// The constants section of an `ids.rs`: one documented `pub const` per
/// entry of its `ABI` table, the row found by `by_name` in the catalogue of
/// library `lib` (`Lagoon`, constants `URNUM_LA_*`; `Saloon`, `URNUM_SA_*`).
fn constants<D, O, E>(
    lib: &str,
    abi: &[(u32, &str)],
    by_name: fn(&str) -> Option<&'static Arm<D, O, E>>,
) -> String {
    let prefix = format!("URNUM_{}_", lib[..2].to_uppercase());
    let mut out = String::new();
    for &(id, cname) in abi {
        let name = cname.trim_end_matches('\0');
        let row = by_name(name).expect("every ABI name is catalogued");
        let jet = row
            .jet
            .map(|j| format!(" (vere jet `{j}`)"))
            .unwrap_or_default();
        let parts: Vec<&str> = row.params.iter().map(part).collect();
        out.push_str(&format!(
            "/// {lib} `+{name}`{jet}: {}.\npub const {}: u32 = {id};\n",
            parts.join(", "),
            const_name(&prefix, name)
        ));
    }
    out
}

/// Checks (or with `URNUM_BLESS` rewrites) the generated section of the
/// source file `file` (below `ffi/src/`): everything below its mark, a line
/// naming what the section is written from.
fn check_generated(file: &str, from: &str, generated: &str) {
    let path = format!("{}/src/{file}", env!("CARGO_MANIFEST_DIR"));
    let mark = format!("// ----- written by ffi/tests/catalogue.rs from {from} -----\n\n");
    let text = std::fs::read_to_string(&path).expect("a generated file");
    let at = text.find(&mark).expect("the generated section's mark") + mark.len();
    let want = format!("{}{generated}", &text[..at]);
    if std::env::var_os("URNUM_BLESS").is_some() {
        std::fs::write(&path, &want).expect("write the generated file");
    } else {
        assert!(
            text == want,
            "{path} is stale: run URNUM_BLESS=1 cargo test -p urnum-ffi --test catalogue"
        );
    }
}

#[test]
fn ids_rs_is_current() {
    check_generated(
        "la/ids.rs",
        "the ABI table and lagoon::arms",
        &constants("Lagoon", la::ids::LA_ABI, lagoon::arms::by_name),
    );
    check_generated(
        "sa/ids.rs",
        "the ABI table and saloon::arms",
        &constants("Saloon", sa::ids::SA_ABI, saloon::arms::by_name),
    );
    check_generated(
        "math_ids.rs",
        "the ABI table and softblas::math::arms",
        &math_constants(),
    );
}

/// How the doc line of a `/lib/math` op names its sample and product.
fn math_sample(call: Call) -> &'static str {
    match call {
        Call::Constant(_) | Call::Wide(_) => "a constant",
        Call::Float1(_) => "a float to a float",
        Call::Float2(_) => "two floats to a float",
        Call::Float3(_) => "three floats to a float",
        Call::Test1(_) => "a float to a loobean (0 is `%.y`)",
        Call::Test2(_) => "two floats to a loobean (0 is `%.y`)",
        Call::Places(_) => "a float and an `@ud` to a float",
        Call::Unsigned(_) => "an `@ud` of at most 128 bits to a float",
        Call::Signed(_) => "an `@s` of at most 128 bits to a float",
        Call::TestList(_) | Call::ToInt(_) => "not in the ABI",
    }
}

/// The constants section of `math_ids.rs`: one documented `pub const` per
/// entry of `MATH_ABI`, from its row in `softblas::math::arms`.
fn math_constants() -> String {
    let mut out = String::new();
    for &(name, id) in math::MATH_ABI {
        let row = arms::find(name).expect("every ABI name is catalogued");
        let aliases: String = row.aliases.iter().map(|a| format!(", `+{a}`")).collect();
        let doors = if row.widths.len() == Width::ALL.len() {
            String::new()
        } else {
            let names: Vec<&str> = row.widths.iter().map(|w| Door::new(*w).name()).collect();
            format!(" (`{}` only)", names.join(" "))
        };
        out.push_str(&format!(
            "/// `urnum_math` op: `+{name}`{aliases}{doors}, {}.\npub const {}: u32 = {id};\n",
            math_sample(row.call),
            const_name("URNUM_MATH_", name)
        ));
    }
    out
}

/// A Rust `fn` signature as rustfmt lays it out: on one line when it fits in
/// 100 columns, else one parameter a line.
fn signature(name: &str, params: &[String]) -> String {
    let one = format!(
        "pub unsafe extern \"C\" fn {name}({}) -> urnum_status {{\n",
        params.join(", ")
    );
    if one.len() <= 101 {
        return one;
    }
    let each: String = params.iter().map(|p| format!("    {p},\n")).collect();
    format!("pub unsafe extern \"C\" fn {name}(\n{each}) -> urnum_status {{\n")
}

/// One named entry: its doc lines, `# Safety` text, signature, the lines
/// before its call (`prelude`) and its call.
fn entry(
    doc: &str,
    safety: &str,
    name: &str,
    params: &[String],
    prelude: &str,
    body: &str,
) -> String {
    format!(
        "{doc}///\n/// # Safety\n/// {safety}\n#[no_mangle]\n{}{prelude}    // SAFETY: forwarded from the caller.\n    unsafe {{ {body} }}\n}}\n",
        signature(name, params)
    )
}

/// The named `/lib/math` entries of the door of width `w`: `urnum_<door>_<arm>`
/// for every jetted row, `@rq` operands as pointers to 16 little-endian bytes.
fn math_named(w: Width) -> String {
    let mut out = Vec::new();
    let door = Door::new(w).name();
    for row in arms::ARMS.iter().filter(|a| a.jetted) {
        let n = row.call.arity();
        let names = ["x", "y", "z"];
        let op = const_name("URNUM_MATH_", row.name);
        let xs = names[..n].join(", ");
        let (ty, body, doc_tail, safety) = if w == Width::Q {
            (
                "*const u8".to_string(),
                format!("named_q({op}, rnd, &[{xs}], out)"),
                "(16 little-endian bytes each)".to_string(),
                "Each operand points to 16 readable bytes, `out` to 16 writable bytes.",
            )
        } else {
            (
                format!("u{}", w.bits()),
                format!("named({op}, {}, rnd, &[{xs}], out)", w.bloq()),
                format!("(the bits of `@{door}` values)"),
                "`out` points to a writable value.",
            )
        };
        let mut params: Vec<String> = names[..n].iter().map(|x| format!("{x}: {ty}")).collect();
        let out_ty = if w == Width::Q {
            "*mut u8".to_string()
        } else {
            format!("*mut {ty}")
        };
        params.extend(["rnd: u8".to_string(), format!("out: {out_ty}")]);
        let doc = format!(
            "/// `+{}` of `/lib/math`'s `{door}` door in mode `rnd` on `{}` {doc_tail}, to `out`.\n",
            row.name,
            names[..n].join("`, `")
        );
        let name = format!("urnum_{door}_{}", row.name.replace('-', "_"));
        out.push(entry(&doc, safety, &name, &params, "", &body));
    }
    out.join("\n")
}

/// The named Lagoon entries: `urnum_la_<arm>` for every arm of `la::named::NAMED`,
/// its rays `x`, `y` and atoms `n` in the order of the row's parameters.
fn la_named() -> String {
    let mut out = Vec::new();
    for name in la::named::NAMED {
        let row = lagoon::arms::by_name(name).expect("a named arm is catalogued");
        let (mut rays, mut atoms, mut params) = (vec![], vec![], vec!["rnd: u8".to_string()]);
        for p in row.params {
            let (list, names, ty) = match p {
                Param::Ray => (&mut rays, ["x", "y"], "*const urnum_ray"),
                Param::Atom => (&mut atoms, ["n", "m"], "urnum_bytes"),
                _ => panic!("{name}: a named entry takes rays and atoms only"),
            };
            let v = names[list.len()];
            list.push(v);
            params.push(format!("{v}: {ty}"));
        }
        params.extend(
            [
                "out: urnum_out",
                "result: *mut urnum_plan",
                "out_shape: *mut u64",
                "out_shape_cap: u32",
            ]
            .map(String::from),
        );
        let jet = row
            .jet
            .map(|j| format!(" (vere jet `{j}`)"))
            .unwrap_or_default();
        let id = const_name("URNUM_LA_", name);
        let doc = format!(
            "/// Lagoon `+{name}`{jet}: `urnum_la_exec({id}, …)` on its operands `{}`.\n",
            params[1..params.len() - 4]
                .iter()
                .map(|p| p.split(':').next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("`, `")
        );
        let body = format!(
            "call_named({id}, rnd, &[{}], &[{}], d)",
            rays.join(", "),
            atoms.join(", ")
        );
        let prelude = "    let d = (out, result, out_shape, out_shape_cap);\n";
        let safety = "As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.";
        let fname = format!("urnum_la_{}", name.replace('-', "_"));
        out.push(entry(&doc, safety, &fname, &params, prelude, &body));
    }
    out.join("\n")
}

#[test]
fn named_entries_are_current() {
    check_generated(
        "la/named.rs",
        "la::named::NAMED and lagoon::arms",
        &la_named(),
    );
    for w in Width::ALL {
        let file = format!("math_named/{}.rs", Door::new(w).name());
        check_generated(&file, "softblas::math::arms", &math_named(w));
    }
}

/// Checks that every row named in `catalogue` has an id in `abi` or a reason
/// in `refused`, never both, and that every id names a row once.
fn check_coverage(catalogue: &[&str], abi: &[(u32, &str)], refused: &[(&str, &str)]) {
    let served: BTreeSet<&str> = abi.iter().map(|(_, c)| c.trim_end_matches('\0')).collect();
    let refused: BTreeSet<&str> = refused.iter().map(|(n, _)| *n).collect();
    for name in catalogue {
        assert!(
            served.contains(name) != refused.contains(name),
            "{name}: exactly one of an ABI id or a NOT_EXPRESSIBLE reason"
        );
    }
    let rows: BTreeSet<&str> = catalogue.iter().copied().collect();
    assert!(served.is_subset(&rows), "an ABI name outside the catalogue");
    assert_eq!(served.len(), abi.len(), "a name twice in the ABI table");
    let numbers: BTreeSet<u32> = abi.iter().map(|e| e.0).collect();
    assert_eq!(numbers.len(), abi.len(), "an id twice in the ABI table");
    assert!(!numbers.contains(&0), "0 is never an arm id");
    assert!(abi.iter().all(|(_, c)| c.ends_with('\0')));
}

#[test]
fn every_catalogued_arm_has_an_id_or_a_reason() {
    let la_rows: Vec<&str> = lagoon::arms::ARMS.iter().map(|a| a.name).collect();
    check_coverage(&la_rows, la::ids::LA_ABI, la::table::NOT_EXPRESSIBLE);
    let sa_rows: Vec<&str> = saloon::arms::ARMS.iter().map(|a| a.name).collect();
    check_coverage(&sa_rows, sa::ids::SA_ABI, sa::table::NOT_EXPRESSIBLE);
    assert_eq!(la::table::arms().count(), la::ids::LA_ABI.len());
    assert_eq!(sa::table::arms().count(), sa::ids::SA_ABI.len());
    assert_eq!(la::table::arms().count(), la::table::count());
    assert_eq!(sa::table::arms().count(), sa::table::count());
}
