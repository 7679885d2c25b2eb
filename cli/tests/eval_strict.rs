//! `urnum eval` refuses what a ship refuses and says what it does not
//! evaluate (issue 24): ill-typed calls fail with `nest-fail` (exit 1),
//! valid Hoon outside urnum's scope is unsupported (exit 3), and batch input
//! takes expressions that span lines.

use urnum_cli::eval::cli::split_expressions;
use urnum_cli::eval::{evaluate, evaluate_with, Outcome, PrintOptions};
use urnum_cli::Registry;

const ONES: &str = "(ones:la [~[2] 5 %i754 ~])";

/// Each row: an ill-typed expression and the `-need`/`-have` pair the
/// dojo prints for it (the innermost types that do not nest, as `+nest`
/// reports them), across every door and library `urnum eval` serves.
#[test]
fn ill_typed_expressions_are_nest_fails() {
    let reg = Registry::new();
    let rows: Vec<(String, &str, &str)> = [
        // /lib/math: auras, arity, cells, terms, door samples.
        ("(exp:rd:math .1)", "@rd", "@rs"),
        ("(add:rs .1 2)", "@rs", "@ud"),
        ("(add:rs .1 %foo)", "@rs", "%foo"),
        ("(add:rs .1)", "[a=@rs b=@rs]", "@rs"),
        ("(add:rs .1 .2 .3)", "@rs", "[@rs @rs]"),
        ("(exp:rh .1)", "@rh", "@rs"),
        ("(sin:rq .~1)", "@rq", "@rd"),
        ("(pow-n:rd .~2 2)", "@rd", "@ud"),
        ("(round:rs .1.5 .1)", "@ud", "@rs"),
        ("(sun:rs .1)", "@u", "@rs"),
        ("(san:rd 5)", "@s", "@ud"),
        ("(is-close:rs .1 [.1 .2])", "@rs", "[@rs @rs]"),
        ("(all-close:rs .1 .2)", "(list @rs)", "@rs"),
        ("(atan2:rd .~1 .1)", "@rd", "@rs"),
        ("(fma:rq .~~~1 .~~~1)", "[b=@rq c=@rq]", "@rq"),
        ("(~(exp rd [%x .~1e-10 .~0]) .~1)", "?(%n %u %d %z)", "%x"),
        ("(~(exp rd [%n .1e-5 .0]) .~1)", "@rd", "@rs"),
        ("(~(add rs %z) .1 .~1)", "@rs", "@rd"),
        ("(neg:rs [.1 .1])", "@rs", "[@rs @rs]"),
        // Lagoon: rays, metas, kinds, counts, shapes, the door.
        ("(cumsum:la .1)", "[meta=[shape=(list @) bloq=@ kind=?(%i754 %uint %int2 %unum %cplx %fixp) tail=*] data=@ux]", "@rs"),
        ("(zeros:la [~[2 2] 5 %foo ~])", "?(%i754 %uint %int2 %unum %cplx %fixp)", "%foo"),
        ("(lake .1)", "?(%n %u %d %z)", "@rs"),
        ("(lake %x)", "?(%n %u %d %z)", "%x"),
        ("(add:(lake %q) a b)", "?(%n %u %d %z)", "%q"),
        // Saloon.
        ("(sake %x .1)", "?(%n %u %d %z)", "%x"),
        // /lib/unum posits.
        ("(add:rpb:unum 0x40 0x40 0x40)", "@", "[@ux @ux]"),
        ("(add:rph 1)", "[a=@ b=@]", "@ud"),
        ("(mul:rps [1 2] 3)", "@", "[@ud @ud]"),
        ("(san:rpd 5)", "@s", "@ud"),
        ("(gte-s:rpb 1 2)", "@s", "@ud"),
        ("(pow-n:rps 1 .1)", "@u", "@rs"),
        // /lib/complex.
        ("(add:cs 1)", "[p=@ q=@]", "@ud"),
        ("(pak:cs .~1 .1)", "@rs", "@rd"),
        ("(rexp:cd .1)", "@rd", "@rs"),
        ("(ratn:ch .~~1 .1)", "@rh", "@rs"),
        ("(~(add cs %x) 1 2)", "?(%n %u %d %z)", "%x"),
        // /lib/twoc.
        ("(add:twoc 1)", "[a=@ b=@]", "@ud"),
        ("(s-to-twoc:twoc 5)", "@s", "@ud"),
        ("(~(add twoc:twoc [1 2]) 1 2)", "@", "[@ud @ud]"),
        ("(overflow:twoc 1 2)", "[b=@ c=@]", "@ud"),
        // /lib/fixed.
        ("(add:fixed 1 [8 8] 2)", "[y=@ yprec=[a=@ b=@]]", "@ud"),
        ("(from-rs:fixed .~1 [8 8])", "@rs", "@rd"),
        ("(from-s:fixed 5 [8 8])", "@s", "@ud"),
        ("(abs:fixed 1 8)", "[a=@ b=@]", "@ud"),
        // Casts and typed bindings.
        ("^-(@rs .~1)", "@rs", "@rd"),
        ("^-(ray .1)", "[meta=[shape=(list @) bloq=@ kind=?(%i754 %uint %int2 %unum %cplx %fixp) tail=*] data=@ux]", "@rs"),
        ("=/  x=@rd  .1  x", "@rd", "@rs"),
    ]
    .iter()
    .map(|&(e, n, h)| (e.to_string(), n, h))
    .chain([
        (format!("(add:la {ONES} .1)"), "[meta=[shape=(list @) bloq=@ kind=?(%i754 %uint %int2 %unum %cplx %fixp) tail=*] data=@ux]", "@rs"),
        (format!("(pow-n:la {ONES} .2)"), "@ud", "@rs"),
        (format!("(reshape:la {ONES} 4)"), "(list @)", "@ud"),
        // Two rays for one: the first ray's meta meets the shape's list.
        (format!("(exp:sa {ONES} {ONES})"), "(list @)", "meta=[shape=(list @) bloq=@ kind=?(%i754 %uint %int2 %unum %cplx %fixp) tail=*]"),
    ])
    .collect();
    assert!(rows.len() >= 40, "{}", rows.len());
    let mut wrong = Vec::new();
    for (e, need, have) in &rows {
        let out = evaluate(&reg, e, false);
        let want = format!("-need.{need}\n-have.{have}\nnest-fail\ndojo: hoon expression failed");
        if out.status() != 1 || out.dojo_text() != want {
            wrong.push(format!(
                "{e}\n  got ({}): {}",
                out.status(),
                out.dojo_text()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Valid Hoon that urnum does not evaluate exits 3 with a message naming
/// the construct; it is never a crash (exit 1) or a syntax error (exit 2).
#[test]
fn valid_hoon_outside_the_scope_is_unsupported() {
    let reg = Registry::new();
    let rows: &[(&str, &str)] = &[
        ("(add 1 2)", "add is a hoon.hoon arm"),
        ("(turn ~[1 2] dec)", "turn is a hoon.hoon arm"),
        ("(lent ~[1 2])", "lent is a hoon.hoon arm"),
        ("(scow %ud 5)", "scow is a hoon.hoon arm"),
        ("(~(exp rs %z) .1)", "exp of hoon.hoon's door rs"),
        ("(~(sqt rd %n) .~2)", "sqt of hoon.hoon's door rd"),
        ("|=(a=@ a)", "the rune |="),
        ("?:(%.y 1 2)", "the rune ?:"),
        (":-(1 2)", "the rune :-"),
        ("=+(a=1 a)", "the rune =+"),
        ("=+  a=1\n  a", "the rune =+"),
        (".^(@ %cx /a)", "the rune .^"),
        ("!>(1)", "the rune !>"),
        ("!!", "the rune !!"),
        ("'abc'", "the cord"),
        ("\"abc\"", "the tape"),
        ("~zod", "the literal `~zod`"),
        ("~2025.1.1", "the literal"),
        ("0v1f", "the literal `0v1f`"),
        ("+3", "the axis or lark wing"),
        ("-.a", "the axis or lark wing"),
        ("$", "the wing"),
        ("exp:rs", "exp:rs is a gate"),
        ("(exp:rs)", "without arguments"),
        ("(frobnicate:la 1)", "frobnicate"),
    ];
    assert!(rows.len() >= 20);
    let mut wrong = Vec::new();
    for (e, says) in rows {
        let out = evaluate(&reg, e, false);
        let text = out.dojo_text();
        if out.status() != 3 || !text.starts_with("urnum: unsupported: ") || !text.contains(says) {
            wrong.push(format!("{e}\n  got ({}): {text}", out.status()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The three outcomes stay apart: a value, a Hoon failure, a syntax error.
#[test]
fn values_failures_and_syntax_errors_keep_their_statuses() {
    let reg = Registry::new();
    // The stdlib door's pass-through arms are computed.
    assert_eq!(
        evaluate(&reg, "(~(add rs %z) .1 .2)", false).dojo_text(),
        ".3"
    );
    // `face.value` reads as `face:value`.
    let shape = "shape.meta:(zeros:la [~[2 2] 5 %i754 ~])";
    assert_eq!(evaluate(&reg, shape, false).dojo_text(), "~[2 2]");
    // A constant is no gate: there is no `$` to pull.
    let out = evaluate(&reg, "(pi:rs .1)", false);
    assert_eq!(out.dojo_text(), "-find.$\ndojo: hoon expression failed");
    assert_eq!(out.status(), 1);
    assert_eq!(evaluate(&reg, "(add:rs .1", false).status(), 2);
    assert_eq!(evaluate(&reg, "(add:rs .1 .2) )", false).status(), 2);
    // Well-typed calls through every library still give values.
    for e in [
        "(add:rs .1 .2)",
        "(sun:rs 5)",
        "(san:rd -5)",
        "(round:rs .1.5 0)",
        "(all-close:rs .1 ~[.1 .1])",
        "(add:rpb:unum 0x40 0x40)",
        "(add:cs 1 2)",
        "(add:twoc 1 2)",
        "(add:fixed 1 [8 8] 2 [8 8])",
        "(pow-n:la (ones:la [~[2] 5 %i754 ~]) 2)",
    ] {
        let out = evaluate(&reg, e, false);
        assert_eq!(out.status(), 0, "{e}: {}", out.dojo_text());
    }
    assert!(matches!(
        evaluate(&reg, "(add:rs .1 .2)", false),
        Outcome::Value { .. }
    ));
}

/// Batch input: an expression may span lines; it ends where it parses
/// whole, at a blank line, or at the end; comment lines between are skipped.
#[test]
fn batch_input_takes_multi_line_expressions() {
    let input = ":: a comment\n=/  a  .1\n(add:rs a a)\n\n(add:rs .1 .2)\n(exp:rs\n  .1)\n(add:rs .1\n\n.2\n";
    let es = split_expressions(input);
    assert_eq!(
        es,
        [
            "=/  a  .1\n(add:rs a a)",
            "(add:rs .1 .2)",
            "(exp:rs\n  .1)",
            "(add:rs .1",
            ".2"
        ]
    );
    let reg = Registry::new();
    let texts: Vec<String> = es
        .iter()
        .map(|e| evaluate(&reg, e, false).dojo_text())
        .collect();
    assert_eq!(texts[0], ".2");
    assert_eq!(texts[2], ".2.7182817");
    assert!(texts[3].starts_with("urnum: syntax error"));
}

/// `--floats` shows a ray's elements as scalars, marked as urnum's view;
/// without it the dojo's `[meta data]` is printed.
#[test]
fn the_floats_view_is_labelled_and_optional() {
    let reg = Registry::new();
    let e = "(en-ray:la [~[2 2] 5 %i754 ~] ~[~[.1 .2] ~[.3 .4]])";
    let floats = PrintOptions {
        floats: true,
        ..PrintOptions::default()
    };
    let out = evaluate_with(&reg, e, floats).1;
    assert_eq!(
        out.dojo_text(),
        ":: urnum's view, not dojo output: %i754 bloq 5 shape ~[2 2]\n~[~[.1 .2] ~[.3 .4]]"
    );
    let c = "(ones:la [~[2] 6 %cplx ~])";
    let out = evaluate_with(&reg, c, floats).1;
    assert!(
        out.dojo_text().ends_with("\n~[[.1 .0] [.1 .0]]"),
        "{}",
        out.dojo_text()
    );
    let plain = evaluate(&reg, e, false).dojo_text();
    assert!(plain.starts_with("[meta=[shape=~[2 2]"), "{plain}");
    // A value that is not a ray prints as the dojo prints it.
    assert_eq!(
        evaluate_with(&reg, "(add:rs .1 .2)", floats).1.dojo_text(),
        ".3"
    );
}
