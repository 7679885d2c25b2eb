//! `urnum eval` refuses what a ship refuses and says what it does not
//! evaluate (issue 24): ill-typed calls fail with `nest-fail` (exit 1),
//! valid Hoon outside urnum's scope is unsupported (exit 3), and batch input
//! takes expressions that span lines.

use urnum_cli::eval::arms::listing;
use urnum_cli::eval::cli::{split_expressions, split_expressions_at};
use urnum_cli::eval::{evaluate, evaluate_with, Outcome, PrintOptions};
use urnum_cli::Registry;

const ONES: &str = "(ones:la [~[2] 5 %i754 ~])";

/// A failure's line: the expression `e` and what `urnum eval` gave for it.
fn got(e: &str, out: &Outcome) -> String {
    format!("{e}\n  got ({}): {}", out.status(), out.dojo_text())
}

/// The failures among `rows` of expressions `e` that should be urnum's
/// unsupported (exit 3) with a message holding `says`.
fn not_unsupported(reg: &Registry, rows: &[(&str, &str)]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (e, says) in rows {
        let out = evaluate(reg, e, false);
        let text = out.dojo_text();
        if out.status() != 3 || !text.starts_with("urnum: unsupported: ") || !text.contains(says) {
            wrong.push(got(e, &out));
        }
    }
    wrong
}

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
            wrong.push(got(e, &out));
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
        ("(ter-op:la 1)", "ter-op:la is in the Hoon"),
    ];
    assert!(rows.len() >= 20);
    let wrong = not_unsupported(&reg, rows);
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

/// Each scalar door, an arm of it and a sample of two or more parts: every
/// way Hoon lets the sample be written gives the value of `(arm a b)`.
#[test]
fn every_sample_form_of_every_scalar_door_is_one_call() {
    let reg = Registry::new();
    let doors: &[(&str, &str, &str)] = &[
        ("add:rh", ".~~1", ".~~2"),
        ("add:rs", ".1", ".2"),
        ("add:rd", ".~1", ".~2"),
        ("add:rq", ".~~~1", ".~~~2"),
        ("atan2:rd", ".~1", ".~2"),
        ("add:rs:math", ".1", ".2"),
        ("add:rpb", "0x40", "0x40"),
        ("mul:rph", "0x4000", "0x5000"),
        ("add:rps", "0x4000.0000", "0x4000.0000"),
        ("add:rpd:unum", "1", "2"),
        ("sub:rpq", "5", "2"),
        ("add:ch", "1", "2"),
        ("mul:cs:complex", "0x3f80.0000", "0x4000.0000"),
        ("add:cd", "1", "2"),
        ("div:cq", "1", "2"),
        ("add:twoc", "1", "2"),
        ("sub:twoc:twoc", "5", "2"),
        ("add:fixed", "1 [8 8]", "2 [8 8]"),
        ("mul:fixed", "3 [8 8]", "5 [8 8]"),
    ];
    let mut wrong = Vec::new();
    for (gate, a, b) in doors {
        let plain = evaluate(&reg, &format!("({gate} {a} {b})"), false);
        if plain.status() != 0 {
            wrong.push(format!("({gate} {a} {b}): {}", plain.dojo_text()));
            continue;
        }
        let want = plain.dojo_text();
        for form in [
            format!("({gate} [{a} {b}])"),
            format!("%-({gate} [{a} {b}])"),
            format!("%-  {gate}\n[{a} {b}]"),
            format!("=/  p  [{a} {b}]\n({gate} p)"),
            format!("=/(p [{a} {b}] ({gate} p))"),
            format!("=/  p  [{a} {b}]\n=/  q  p\n%-({gate} q)"),
            format!("({gate} [[{a} {b}]])"),
            format!("({gate} [{a} [{b}]])"),
        ] {
            let out = evaluate(&reg, &form, false);
            if out.status() != 0 || out.dojo_text() != want {
                wrong.push(got(&form, &out));
            }
        }
    }
    // A call nested in a sample, and a sample bound by a typed binding.
    for (e, want) in [
        ("(add:rs (add:rs [.1 .2]) .3)", ".6"),
        ("(add:rs [(add:rs [.1 .2]) .3])", ".6"),
        ("=/  p=[@rs @rs]  [.1 .2]\n(add:rs p)", ".3"),
        ("(add:rs:math [.1 .2])", ".3"),
    ] {
        let out = evaluate(&reg, e, false);
        if out.dojo_text() != want {
            wrong.push(got(e, &out));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A name the Hoon's door does not have is the dojo's `-find` (exit 1),
/// with the door's nearest arms; an arm the Hoon has and urnum does not
/// evaluate is unsupported (exit 3).
#[test]
fn missing_names_are_finds_and_gaps_are_unsupported() {
    let reg = Registry::new();
    let finds: &[(&str, &str, &str)] = &[
        ("(sum:la a)", "sum", "sum-dim"),
        ("(frobnicate:rs:math .1)", "frobnicate", ""),
        ("(ad:rs .1 .2)", "ad", "add"),
        ("(expp:rd .~1)", "expp", "exp"),
        ("(solve:sa 1)", "solve", ""),
        ("(inv:sa 1)", "inv", ""),
        ("(det:sa 1)", "det", ""),
        ("(ad:rpb 1 2)", "ad", "add"),
        ("(mull:cs 1 2)", "mull", "mul"),
        ("(adx:twoc 1 2)", "adx", "add"),
        ("(frob:fixed 1)", "frob", ""),
        ("(frob:math 1)", "frob", ""),
        ("(ad:(lake %n) 1 2)", "ad", "add"),
        ("(cumsun:la 1)", "cumsun", "cumsum"),
    ];
    let mut wrong = Vec::new();
    for (e, name, near) in finds {
        let out = evaluate(&reg, e, false);
        let text = out.dojo_text();
        let want = format!("-find.{name}\ndojo: hoon expression failed\n");
        let hint = text.lines().nth(2).unwrap_or("");
        if out.status() != 1
            || !text.starts_with(&want)
            || !hint.starts_with("urnum: ")
            || !hint.contains("urnum arms")
            || (!near.is_empty() && !hint.split(' ').any(|w| w == *near))
        {
            wrong.push(got(e, &out));
        }
    }
    let gaps: &[(&str, &str)] = &[
        ("(sea:rs .1)", "sea:rs is in the Hoon"),
        ("(drg:rd .~1)", "drg:rd is in the Hoon"),
        ("(round:rpb 1)", "round:rpb is in the Hoon"),
        ("(el-wise-op:la 1 2)", "el-wise-op:la is in the Hoon"),
        ("(bin-op:la 1 2 3)", "its sample holds a gate"),
        ("(ng:fixed 1)", "ng:fixed is in the Hoon"),
    ];
    wrong.extend(not_unsupported(&reg, gaps));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Syntax errors name the line and column, show the line with a caret,
/// hint at the dojo's digit grouping, and an unclosed bracket is an error
/// that never swallows the next expression of a batch.
#[test]
fn syntax_errors_point_at_the_place() {
    let reg = Registry::new();
    let out = evaluate(&reg, "~[100000 100000]", false);
    assert_eq!(out.status(), 2);
    assert_eq!(
        out.dojo_text(),
        "urnum: syntax error at line 1, column 3: `100000` is no literal: \
         syntax error at byte 3 of \"100000\"\n  ~[100000 100000]\n    ^\n\
         hint: the dojo groups an @ud's digits by three with dots: `100.000`"
    );
    let t = evaluate(&reg, "(add:rs 1234567 .1)", false).dojo_text();
    assert!(t.ends_with("`1.234.567`"), "{t}");
    for (e, line, col, opener) in [
        ("(add:rs .1", 1, 1, '('),
        ("=/  a  .1\n(add:rs a\n  a", 2, 1, '('),
        ("%-(add:rs [.1 .2]", 1, 3, '('),
        ("~(add rs %n .1", 1, 2, '('),
        ("[.1 .2", 1, 1, '['),
        ("~[.1 .2", 1, 2, '['),
    ] {
        let out = evaluate(&reg, e, false);
        let Outcome::Syntax(err) = &out else {
            panic!("{e}: {}", out.dojo_text());
        };
        assert!(err.unclosed, "{e}");
        assert_eq!((err.line, err.col), (line, col), "{e}");
        let text = out.dojo_text();
        assert!(
            text.contains(&format!("this `{opener}` is never closed")),
            "{e}: {text}"
        );
        let caret = text.lines().nth(2).unwrap();
        assert_eq!(caret, format!("  {}^", " ".repeat(col - 1)), "{e}: {text}");
    }
    // A batch: the unclosed expression is reported, the next one evaluated.
    let input = "(add:rs .1\n(add:rs .1 .2)\n(exp:rs\n  .1)\n";
    let es = split_expressions_at(input);
    assert_eq!(
        es,
        [
            (0, "(add:rs .1".to_string()),
            (1, "(add:rs .1 .2)".to_string()),
            (2, "(exp:rs\n  .1)".to_string())
        ]
    );
    assert_eq!(evaluate(&reg, &es[1].1, false).dojo_text(), ".3");
    // Its errors carry the input's line once shifted.
    let Outcome::Syntax(e) = evaluate(&reg, "(add:rs .1 1000)", false) else {
        panic!()
    };
    assert_eq!(e.shift(7).line, 8);
}

/// A door's sample is checked by its full type: a library door takes its
/// library's sample, hoon.hoon's door its rounding mode alone.
#[test]
fn door_samples_are_checked_by_their_type() {
    let reg = Registry::new();
    let need = "-need.[r=?(%n %u %d %z) rtol=@rs atol=@rs]\n-have.%u\nnest-fail\ndojo: hoon expression failed";
    for e in ["~(add rs:math %u)", "(~(add rs:math %u) .1 .2)"] {
        let out = evaluate(&reg, e, false);
        assert_eq!((out.status(), out.dojo_text().as_str()), (1, need), "{e}");
    }
    for (e, want) in [
        ("(~(add rs:math [%u .1e-5 .0]) .1 .2)", ".3"),
        ("(~(add rs %u) .1 .2)", ".3"),
        ("(~(add rd:math [%z .~1e-10 .~0]) [.~1 .~2])", ".~3"),
    ] {
        assert_eq!(evaluate(&reg, e, false).dojo_text(), want, "{e}");
    }
    let t = evaluate(&reg, "(~(add rd:math [%z .1 .~0]) .~1 .~2)", false).dojo_text();
    assert!(t.starts_with("-need.@rd\n-have.@rs\n"), "{t}");
}

/// `urnum arms la` lists every Lagoon arm of the Hoon with its sample, and
/// marks those urnum does not evaluate.
#[test]
fn arms_lists_every_lagoon_arm_with_its_sample() {
    let reg = Registry::new();
    let text = listing(&reg, Some("la")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let n = lagoon::arms::ARMS.len() + lagoon::arms::NOT_CATALOGUED.len();
    assert_eq!(lines[0], format!("la: {n} arms"));
    for row in lagoon::arms::ARMS {
        let want = format!("  {} ", row.name);
        let line = lines
            .iter()
            .find(|l| l.starts_with(&want))
            .unwrap_or_else(|| panic!("{} missing", row.name));
        assert!(line.contains(" -> "), "{line}");
    }
    assert!(
        text.contains("  mmul ") && text.contains("[$ray $ray] -> $ray"),
        "{text}"
    );
    assert!(text.contains("(not evaluated: its sample holds a gate)"));
    let rs = listing(&reg, Some("rs")).unwrap();
    assert!(rs.contains("[a=@rs b=@rs] -> @rs"), "{rs}");
    assert!(listing(&reg, Some("sa")).unwrap().contains("  lstsq "));
    assert!(listing(&reg, None).unwrap().lines().count() > 15);
    assert!(listing(&reg, Some("lagon")).unwrap_err().contains("lagoon"));
}

/// `gen-hoon` draws square matrices for the arms that need them, and never
/// writes an arm whose tests would all be `expect-fail`.
#[test]
fn gen_hoon_draws_inputs_that_do_not_all_fail() {
    use urnum_cli::genhoon::{cases::Expected, generate_all, Plan};
    let reg = Registry::new();
    for arm in ["eig:sa", "qr:sa"] {
        let plan = Plan {
            arms: vec![arm.to_string()],
            kinds: "i754".into(),
            cases: 10,
            seed: 7,
        };
        match generate_all(&reg, &plan) {
            Ok(g) => {
                assert!(!g.cases.is_empty(), "{arm}");
                assert!(
                    g.cases
                        .iter()
                        .any(|c| !matches!(c.expected, Expected::Crash(_))),
                    "{arm}: every case is expect-fail"
                );
            }
            Err(e) => assert!(
                e.to_string().contains("write its cases by hand"),
                "{arm}: {e}"
            ),
        }
    }
}

/// `--floats` shows each ray of a tuple result (`+eig`, `+qr`) under its
/// face, never the hex of the cell.
#[test]
fn the_floats_view_shows_tuples_of_rays() {
    let reg = Registry::new();
    let floats = PrintOptions {
        floats: true,
        ..PrintOptions::default()
    };
    let e = "(eig:sa (en-ray:la [~[2 2] 5 %i754 ~] ~[~[.2 .0] ~[.0 .3]]))";
    let text = evaluate_with(&reg, e, floats).1.dojo_text();
    assert!(text.starts_with("vals=\n:: urnum's view"), "{text}");
    assert!(
        text.contains("\n~[.2 .3]\nvecs=\n:: urnum's view"),
        "{text}"
    );
    assert!(!text.contains("0x"), "{text}");
}
