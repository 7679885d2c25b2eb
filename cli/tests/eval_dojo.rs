//! `urnum eval` against what the dojo prints: the golden vectors' float
//! literals, a table of printed values from the Hoon docs, tests and README,
//! every oracle vector's `hoon` expression, and the print/parse round trip.

use hoon::aura::{self, Aura};
use hoon::{Atom, Noun};
use proptest::prelude::*;
use softblas::ieee::Width;
use std::path::Path;
use urnum_cli::eval::{evaluate, Outcome};
use urnum_cli::vector::{self, json, Entry};
use urnum_cli::Registry;

fn vectors_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

fn text(reg: &Registry, e: &str) -> String {
    evaluate(reg, e, false).dojo_text()
}

/// Every float literal `src` in the golden vectors evaluates to the vector's
/// atom and prints in the canonical form `aura::print` gives. Three `src`
/// are not canonical; the dojo prints them as listed.
#[test]
fn golden_float_literals_print_canonically() {
    let reg = Registry::new();
    let mut seen = 0;
    let mut non_canonical = Vec::new();
    let files = vector::collect(&[vectors_dir()]).unwrap();
    for p in &files {
        for (_, line) in json::lines(&std::fs::read_to_string(p).unwrap()) {
            for lit in json::sourced_literals(line).unwrap() {
                let (a, src, bits) = (lit.aura.as_str(), lit.src.as_str(), &lit.atom);
                if !matches!(a, "rh" | "rs" | "rd" | "rq") {
                    continue;
                }
                if !(src.starts_with('.') || src.starts_with('`')) {
                    // An integer literal given where a float goes (`0x0`): not a float literal.
                    continue;
                }
                let au = Aura::from_name(a).unwrap();
                let out = evaluate(&reg, src, false);
                let Outcome::Value { value, text } = &out else {
                    panic!("{src}: {}", out.dojo_text());
                };
                assert_eq!(value.noun, Noun::Atom(bits.clone()), "{src}");
                assert_eq!(*text, aura::print(au, bits).unwrap(), "{src}");
                if !src.starts_with('`') && *text != src {
                    non_canonical.push((src.to_string(), text.clone()));
                }
                seen += 1;
            }
        }
    }
    assert!(seen > 1000, "only {seen} float literals found");
    non_canonical.sort();
    non_canonical.dedup();
    let want: Vec<(String, String)> = [
        // A trailing `.0` is dropped; ++r-co writes exponents -1 and -2 in fixed notation.
        (".~~1e-1", ".~~0.1"),
        (".~~1e-2", ".~~0.01"),
        (".~~~3.0", ".~~~3"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(non_canonical, want);
}

/// Printed values from the Hoon sources' doc examples, the lagoon README and
/// the issue, each with what the dojo shows.
#[test]
fn dojo_print_table() {
    let reg = Registry::new();
    let rs = "rs:math";
    let rows: &[(&str, &str)] = &[
        // The example: [[1 2] [3 4]] times itself (hoon-138).
        (
            "(mmul:la ^-(ray [[~[2 2] 5 %i754 ~] 0x1.4080.0000.4040.0000.4000.0000.3f80.0000]) ^-(ray [[~[2 2] 5 %i754 ~] 0x1.4080.0000.4040.0000.4000.0000.3f80.0000]))",
            "[meta=[shape=~[2 2] bloq=5 kind=%i754 tail=0] data=0x1.41b0.0000.4170.0000.4120.0000.40e0.0000]",
        ),
        // lagoon README (its `fxp=~` is the old meta's face; the current tail=* prints 0).
        (
            "(cumsum:(lake:la %u) (en-ray:(lake:la %u) [~[7 1] 5 %i754 ~] ~[.1 .5 .-5 .2 .3 .-20 .-1]))",
            "[meta=[shape=~[1 1] bloq=5 kind=%i754 tail=0] data=0x1.c170.0000]",
        ),
        // math.hoon doc examples (`++rs`).
        ("tau:rs:math", ".6.2831855"),
        ("pi:rs:math", ".3.1415927"),
        ("e:rs:math", ".2.7182817"),
        ("phi:rs:math", ".1.618034"),
        ("sqt2:rs:math", ".1.4142135"),
        ("invsqt2:rs:math", ".0.70710677"),
        ("log10:rs:math", ".2.3025851"),
        ("tiny:rs:math", ".1e-45"),
        ("(~(sun rs:math [%n .1e-5 .0]) 1.000)", ".1e3"),
        ("(~(san rs:math [%n .1e-5 .0]) -1)", ".-1"),
        ("(~(toi rs:math [%n .1e-5 .0]) .1)", "[~ --1]"),
        ("(lth:rs:math .1 .2)", "%.y"),
        ("(gte:rs:math .1 .2)", "%.n"),
        ("(~(div rs:math [%n .1e-5 .0]) .1 .2)", ".0.5"),
        ("(~(mod rs:math [%n .1e-5 .0]) .100 .8)", ".4"),
        ("(~(neg rs:math [%n .1e-5 .0]) .1)", ".-1"),
        ("(~(factorial rs:math [%n .1e-5 .0]) .3)", ".6"),
        // complex.hoon doc example: |3+4i| = 5 packed as `@`, printed @ud.
        ("(~(abs cs:complex %n) 0x4080.0000.4040.0000)", "1.084.227.584"),
        // /lib/fixed: `[@ prec]` prints with the prec faces.
        ("(mul:fixed 0x100 [8 8] 0x200 [8 8])", "[131.072 a=17 b=16]"),
        // Literals and structure.
        ("~[1 2]", "[1 2 ~]"),
        ("`5", "[~ 5]"),
        ("`@rd`0x3ff0.0000.0000.0000", ".~1"),
        ("%i754", "%i754"),
        ("0x1.0000", "0x1.0000"),
        ("--5", "--5"),
    ];
    let _ = rs;
    assert!(rows.len() >= 20);
    for (e, want) in rows {
        assert_eq!(text(&reg, e), *want, "{e}");
    }
}

/// Failures print as the dojo's crash, and unsupported arms say so.
#[test]
fn failures() {
    let reg = Registry::new();
    let crash = text(
        &reg,
        "(div:la ^-(ray [[~[1] 5 %uint ~] 0x1.0000.0001]) ^-(ray [[~[1] 5 %uint ~] 0x1.0000.0000]))",
    );
    assert!(crash.ends_with("\ndojo: hoon expression failed"), "{crash}");
    assert_eq!(
        text(&reg, "(add:la zz zz)"),
        "-find.zz\ndojo: hoon expression failed"
    );
    assert_eq!(
        text(&reg, "^-(@ux 5)"),
        "-need.@ux\n-have.@ud\nnest-fail\ndojo: hoon expression failed"
    );
    assert!(text(&reg, "(frobnicate:la 1)")
        .starts_with("-find.frobnicate\ndojo: hoon expression failed\n"));
    assert!(text(&reg, "(bin-op:la 1)").starts_with("urnum: unsupported: "));
    assert!(text(&reg, "(add:la").starts_with("urnum: syntax error"));
}

/// An unsupported input says why once: `+mmul` of a bloq-5 and a bloq-6 ray
/// whose elements do not fit in 32 bits names both bloqs (issue 24).
#[test]
fn unsupported_messages_name_the_reason_once() {
    let reg = Registry::new();
    let e = "(mmul:la (ones:la [~[2 2] 5 %i754 ~]) (ones:la [~[2 2] 6 %i754 ~]))";
    let out = evaluate(&reg, e, false);
    assert_eq!(out.status(), 3);
    assert_eq!(
        out.dojo_text(),
        "urnum: unsupported: mmul: a has bloq 5 and b bloq 6, and an element of b \
         does not fit in a's bloq"
    );
}

/// Every oracle vector's `hoon` expression evaluates to the vector's expected
/// noun (exact vectors) or crashes (crash vectors); unsupported arms are counted.
#[test]
fn oracle_hoon_expressions() {
    use softblas::scalar::unum::UnumRev;
    // A vector's Hoon expression names posit arms bare (`exp:rps`): evaluate it
    // with the `/lib/unum` revision the vector was pinned to (`exp:rps@96f3cfe`).
    let regs: Vec<(UnumRev, Registry)> = UnumRev::ALL
        .into_iter()
        .map(|r| (r, Registry::with_unum_rev(r)))
        .collect();
    let default_reg = Registry::new();
    let divergent =
        std::fs::read_to_string(vectors_dir().join("DIVERGENT.txt")).unwrap_or_default();
    let (mut pass, mut unsupported, mut listed) = (0, 0, 0);
    let mut fails = Vec::new();
    for entry in std::fs::read_dir(vectors_dir()).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if !name.contains("oracle") || !name.ends_with(".jsonl") {
            continue;
        }
        let file = vector::load(&p).unwrap();
        for e in file.entries {
            let Entry::Vector(v) = e else { continue };
            let Some(h) = &v.hoon else { continue };
            let id =
                v.id.split('#')
                    .next()
                    .unwrap_or("")
                    .rsplit('/')
                    .next()
                    .unwrap_or("");
            let is_divergent = divergent.contains(id);
            let pinned = v
                .call
                .key
                .split_once('@')
                .and_then(|(_, r)| UnumRev::from_commit(r));
            let reg = pinned
                .and_then(|r| regs.iter().find(|(q, _)| *q == r))
                .map_or(&default_reg, |(_, reg)| reg);
            let out = evaluate(reg, h, true);
            match (&v.compare, &out) {
                (_, Outcome::Failed(urnum_cli::eval::EvalError::Unsupported(_))) => {
                    unsupported += 1
                }
                (vector::Compare::Crash, Outcome::Failed(urnum_cli::eval::EvalError::Crash(_))) => {
                    pass += 1
                }
                (vector::Compare::Exact, Outcome::Value { value, .. }) => {
                    let want = vector::eval::eval(reg, v.expected.as_ref().unwrap())
                        .unwrap()
                        .noun;
                    if value.noun == want {
                        pass += 1;
                    } else if is_divergent {
                        listed += 1;
                    } else {
                        fails.push(v.id.clone());
                    }
                }
                _ if is_divergent => listed += 1,
                _ => fails.push(format!("{}: {}", v.id, out.dojo_text())),
            }
        }
    }
    eprintln!(
        "oracle hoon expressions: {pass} passed, {} failed, {unsupported} unsupported, \
         {listed} listed in DIVERGENT.txt",
        fails.len()
    );
    assert!(pass > 3000, "{pass}");
    assert!(fails.is_empty(), "{fails:#?}");
}

fn float_strategy() -> impl Strategy<Value = (Aura, u128)> {
    prop_oneof![
        any::<u16>().prop_map(|b| (Aura::Rh, u128::from(b))),
        any::<u32>().prop_map(|b| (Aura::Rs, u128::from(b))),
        any::<u64>().prop_map(|b| (Aura::Rd, u128::from(b))),
        any::<u128>().prop_map(|b| (Aura::Rq, b)),
    ]
}

fn is_nan(a: Aura, b: u128) -> bool {
    let w = match a {
        Aura::Rh => Width::H,
        Aura::Rs => Width::S,
        Aura::Rd => Width::D,
        _ => Width::Q,
    };
    softblas::ieee::is_nan(w, b)
}

proptest! {
    /// parse(print(x)) = x for every non-NaN bit pattern of every width; every
    /// NaN prints `nan` and reads back as the canonical NaN.
    #[test]
    fn print_parse_round_trip((a, b) in float_strategy()) {
        let reg = Registry::new();
        let atom = Atom::from_u128(b);
        let printed = aura::print(a, &atom).unwrap();
        let out = evaluate(&reg, &printed, false);
        let Outcome::Value { value, text } = out else { panic!("{printed}") };
        prop_assert_eq!(&text, &printed);
        if is_nan(a, b) {
            prop_assert!(printed.ends_with("nan"));
        } else {
            prop_assert_eq!(value.noun, Noun::Atom(atom));
        }
    }
}

/// `print:la` raises `%slog.1` with its ray's tank; the runtime writes it with
/// the priority-1 prefix `>   `, laid out by `(wash [0 width] tank)`, before
/// the dojo prints the product `~`.
#[test]
fn print_la_slogs_before_its_value() {
    use urnum_cli::eval::{evaluate_with, PrintOptions};
    let reg = Registry::new();
    let e = "(print:la ^-(ray [[~[3] 5 %uint ~] 0x1.0000.0003.0000.0002.0000.0001]))";
    // One line: no width, the dojo's text.
    let flat = PrintOptions::default();
    let (logs, out) = evaluate_with(&reg, e, flat);
    assert_eq!(logs, [">   [0i1 0i2 0i3]"]);
    assert_eq!(out.dojo_text(), "~");
    // 13 columns of text at width 12: the rose wraps, `[` joins the first line.
    let narrow = PrintOptions {
        width: Some(12),
        ..flat
    };
    let (logs, out) = evaluate_with(&reg, e, narrow);
    assert_eq!(logs, [">   [ 0i1\n  0i2\n  0i3\n]"]);
    assert_eq!(out.dojo_text(), "~");
    // An %i754 ray: `++dish` cannot parse the aura `%i754`, so the tank (and
    // the arm) crash and nothing is logged.
    let f = "(print:la ^-(ray [[~[1] 5 %i754 ~] 0x1.3f80.0000]))";
    let (logs, out) = evaluate_with(&reg, f, flat);
    assert!(logs.is_empty());
    assert_eq!(out.status(), 1, "{}", out.dojo_text());
    // `evaluate` is the one-line form without the logs.
    assert_eq!(evaluate(&reg, e, false).dojo_text(), "~");
}

/// A result wider than the drum's edge (the width less one) is laid out tall.
#[test]
fn wide_results_wrap_at_the_width() {
    use urnum_cli::eval::{evaluate_with, PrintOptions};
    let reg = Registry::new();
    let e = "~[1.000 2.000 3.000]";
    let at = |w| {
        evaluate_with(
            &reg,
            e,
            PrintOptions {
                raw: false,
                width: Some(w),
                ..Default::default()
            },
        )
        .1
        .dojo_text()
    };
    // `[1.000 2.000 3.000 ~]` is 21 columns: one line at width 22 (edge 21).
    assert_eq!(at(22), "[1.000 2.000 3.000 ~]");
    assert_eq!(at(21), "[ 1.000\n  2.000\n  3.000\n  ~\n]");
}
