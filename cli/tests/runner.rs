//! Unit tests of the golden-vector runner's format handling, with small
//! synthetic vector files in a temporary directory and a registry of fake arms.

#[path = "runner/dirs.rs"]
mod dirs;
#[path = "runner/fake.rs"]
mod fake;
#[path = "runner/lines.rs"]
mod lines;

use fake::registry;
use hoon::{Atom, Noun};
use lines::{expected, is_failed, is_unsupported, line, one_outcome, outcomes, ray, ux};
use std::path::PathBuf;
use urnum_cli::vector::{self, report, Outcome};

#[test]
fn exact_compares_nouns_and_reports_mismatches() {
    // Pins: a registered arm with a matching result passes, a wrong one fails
    // with expected and actual in hex.
    let pass = line("a#0", "add:t", &[ux(2), ux(3)], &expected(&ux(5), "exact"));
    let fail = line("a#1", "add:t", &[ux(2), ux(3)], &expected(&ux(6), "exact"));
    let out = outcomes(&[pass, fail]);
    assert_eq!(out[0], Outcome::Passed);
    let Outcome::Failed(f) = &out[1] else {
        panic!("{:?}", out[1])
    };
    assert_eq!(f.expected.as_deref(), Some("0x6"));
    assert_eq!(f.actual.as_deref(), Some("0x5"));
    assert_eq!(f.args, vec!["0x2", "0x3"]);
}

#[test]
fn missing_arms_anywhere_make_a_vector_unsupported() {
    // Pins: the top arm, a nested arm, a post arm and an expected-side arm
    // that are not registered all give unsupported, never failed.
    let exp = format!(r#""expected": {}, "compare": "exact""#, ux(1));
    let top = line("m#0", "sub:t", &[ux(1)], &exp);
    let nested = line(
        "m#1",
        "id:t",
        &[r#"{"call": "gone:t", "lib": "t", "door": "t", "args": []}"#.into()],
        &exp,
    );
    let post = line(
        "m#2",
        "id:t",
        &[ux(1)],
        &format!(r#""post": [{{"call": "gone:la"}}], {exp}"#),
    );
    let expected = line(
        "m#3",
        "id:t",
        &[ux(1)],
        r#""expected": {"call": "gone:t", "lib": "t", "args": []}, "compare": "relational""#,
    );
    for o in outcomes(&[top, nested, post, expected]) {
        let Outcome::Unsupported(why) = o else {
            panic!("{o:?}")
        };
        assert!(why.contains("not implemented"), "{why}");
    }
}

#[test]
fn arm_errors_are_classified() {
    // Pins: Unsupported anywhere -> unsupported (even under a crash compare);
    // BadArgs -> failed with its message; Crash under exact -> failed.
    let exp = format!(r#""expected": {}, "compare": "exact""#, ux(1));
    let o = one_outcome(line("e#0", "nope:t", &[], &exp));
    assert!(is_unsupported(&o));
    let o = one_outcome(line(
        "e#1",
        "nope:t",
        &[],
        r#""expected": null, "compare": "crash""#,
    ));
    assert!(is_unsupported(&o));
    let o = one_outcome(line("e#2", "bad:t", &[], &exp));
    let Outcome::Failed(f) = o else { panic!() };
    assert!(f.reason.contains("wrong shape"), "{}", f.reason);
    let o = one_outcome(line("e#3", "boom:t", &[], &exp));
    assert!(is_failed(&o));
    // An unsupported nested argument wins over a crash in another argument.
    let args = [
        r#"{"call": "boom:t", "lib": "t", "args": []}"#.to_string(),
        r#"{"call": "nope:t", "lib": "t", "args": []}"#.to_string(),
    ];
    let o = one_outcome(line(
        "e#4",
        "add:t",
        &args,
        r#""expected": null, "compare": "crash""#,
    ));
    assert!(is_unsupported(&o));
}

#[test]
fn crash_compare_needs_a_crash() {
    // Pins: a crash anywhere in the evaluation passes; a value fails.
    let crash = r#""expected": null, "compare": "crash""#;
    assert_eq!(
        one_outcome(line("c#0", "boom:t", &[], crash)),
        Outcome::Passed
    );
    let nested = [r#"{"call": "boom:t", "lib": "t", "args": []}"#.to_string()];
    assert_eq!(
        one_outcome(line("c#1", "id:t", &nested, crash)),
        Outcome::Passed
    );
    assert!(is_failed(&one_outcome(line(
        "c#2",
        "id:t",
        &[ux(1)],
        crash
    ))));
    // `?>` on %.n is a crash.
    let assert_post = r#""post": [{"assert": "result must be %.y, else crash"}], "expected": null, "compare": "crash""#;
    assert_eq!(
        one_outcome(line("c#3", "check:la", &[], assert_post)),
        Outcome::Passed
    );
}

#[test]
fn value_encodings_become_nouns() {
    // Pins each encoding: flag %.y = 0 and %.n = 1, null = 0, a term is its
    // little-endian cord, a tuple nests right, a list ends in ~, a meta is
    // [shape bloq kind tail], a ray is [meta data] with data from data_hex.
    let cases: &[(&str, Noun)] = &[
        (r#"{"flag": true}"#, Noun::atom(0u64)),
        (r#"{"flag": false}"#, Noun::atom(1u64)),
        (r#"{"null": true}"#, Noun::NULL),
        (r#"{"term": "i754"}"#, Noun::atom(0x3435_3769u64)),
        (
            r#"{"atom": "0x5", "aura": "s", "signed": -3, "src": "-3"}"#,
            Noun::atom(5u64),
        ),
        (
            r#"{"tuple": [{"atom": "0x1"}, {"atom": "0x2"}, {"atom": "0x3"}]}"#,
            Noun::cell(
                Noun::atom(1u64),
                Noun::cell(Noun::atom(2u64), Noun::atom(3u64)),
            ),
        ),
        (
            r#"{"list": [{"atom": "0x1"}, {"atom": "0x2"}]}"#,
            Noun::cell(Noun::atom(1u64), Noun::cell(Noun::atom(2u64), Noun::NULL)),
        ),
        (
            r#"{"meta": {"shape": [2, 3], "bloq": 5, "kind": "uint", "tail": {"null": true}}}"#,
            Noun::tuple([
                Noun::list([Noun::atom(2u64), Noun::atom(3u64)]),
                Noun::atom(5u64),
                Noun::atom(0x746e_6975u64),
                Noun::NULL,
            ]),
        ),
    ];
    for (enc, want) in cases {
        let f = vector::parse(
            PathBuf::from("mem.jsonl"),
            &line(
                "v#0",
                "id:t",
                &[enc.to_string()],
                r#""expected": {"null": true}, "compare": "exact""#,
            ),
        );
        let vector::Entry::Vector(v) = &f.entries[0] else {
            panic!("{enc}: {:?}", f.entries[0])
        };
        assert_eq!(v.call.args[0], vector::Expr::Lit(want.clone()), "{enc}");
    }
    let f = vector::parse(
        PathBuf::from("mem.jsonl"),
        &line(
            "v#1",
            "id:t",
            &[ray(&[0x3f80_0000, 0x4000_0000])],
            r#""expected": {"null": true}, "compare": "exact""#,
        ),
    );
    let vector::Entry::Vector(v) = &f.entries[0] else {
        panic!()
    };
    let vector::Expr::Lit(n) = &v.call.args[0] else {
        panic!()
    };
    assert_eq!(
        n.slot(3),
        Some(&Noun::Atom(
            Atom::from_hex("0x1_4000_0000_3f80_0000").unwrap()
        ))
    );
    assert_eq!(n.slot(10), Some(&Noun::atom(5u64)));
}

#[test]
fn malformed_lines_fail_with_their_line_and_unknown_keys_are_ignored() {
    // Pins: bad JSON, an unknown encoding and elems_hex disagreeing with
    // data_hex are failures naming the line; extra keys do not matter.
    let good = format!(
        r#"{{"id": "k#0", "lib": "t", "arm": "id:t", "args": [{}], "expected": {}, "compare": "exact", "whatever": [1, 2], "note": "x"}}"#,
        ux(1),
        ux(1)
    );
    let bad_ray = line(
        "k#1",
        "id:t",
        &[r#"{"ray": {"shape": [1], "bloq": 5, "kind": "i754", "tail": {"null": true}, "data_hex": "0x13f800000", "elems_hex": ["0x40000000"]}}"#.into()],
        r#""expected": {"null": true}, "compare": "exact""#,
    );
    let unknown = line(
        "k#2",
        "id:t",
        &[r#"{"mystery": 1}"#.into()],
        r#""expected": {"null": true}, "compare": "exact""#,
    );
    let text = [
        good,
        "{not json".to_string(),
        String::new(),
        bad_ray,
        unknown,
    ]
    .join("\n");
    let f = vector::parse(PathBuf::from("mem.jsonl"), &text);
    let rep = vector::run_file(&registry(), &f, None);
    let lines: Vec<(usize, bool)> = rep
        .results
        .iter()
        .map(|r| (r.line, is_failed(&r.outcome)))
        .collect();
    assert_eq!(lines, vec![(1, false), (2, true), (4, true), (5, true)]);
    let text = report::render(&[rep], report::ReportOptions::default());
    assert!(text.contains("mem.jsonl:2"), "{text}");
    assert!(text.contains("elems_hex"), "{text}");
}

#[test]
fn keys_doors_door_args_and_nullary_arms() {
    // Pins: `mul` of lib fixed is `mul:fixed` through door `fixed`; a string
    // door arg is a term cord (%n = 0x6e); `nullary` calls with no arguments.
    let o = one_outcome(
        r#"{"id": "f#0", "lib": "fixed", "arm": "mul", "args": [], "expected": {"term": "fixed"}, "compare": "exact"}"#.into(),
    );
    assert_eq!(o, Outcome::Passed);
    let o = one_outcome(
        r#"{"id": "d#0", "lib": "t", "arm": "rnd:t", "door_args": {"rnd": "n"}, "args": [], "expected": {"atom": "0x6e"}, "compare": "exact"}"#.into(),
    );
    assert_eq!(o, Outcome::Passed);
    let nested =
        [r#"{"call": "one:rpb", "lib": "unum", "door": "rpb", "nullary": true}"#.to_string()];
    let o = one_outcome(line("n#0", "id:t", &nested, &expected(&ux(0x40), "exact")));
    assert_eq!(o, Outcome::Passed);
    let o = one_outcome(
        r#"{"id": "n#1", "lib": "unum", "arm": "one:rpb", "nullary": true, "args": [], "expected": {"atom": "0x40"}, "compare": "exact"}"#.into(),
    );
    assert_eq!(o, Outcome::Passed);
}

#[test]
fn post_steps_and_wings() {
    // Pins: faces from the type table (vals/vecs of eig, meta/shape of a ray),
    // lark wings, lent, a post call with the result first, apply, sort.
    let r = ray(&[0x4040_0000, 0x3f80_0000, 0x4000_0000]);
    let exact = |e: &str| format!(r#""expected": {e}, "compare": "exact""#);
    // (id, arm, post steps, expected, whether it passes).
    let cases = [
        ("p#0", "eig:sa", r#"{"wing": "vals"}"#, r.clone(), true),
        (
            "p#1",
            "eig:sa",
            r#"{"wing": "vecs"}, {"wing": "meta"}, {"wing": "shape"}"#,
            r#"{"list": [{"atom": "0x3"}]}"#.to_string(),
            true,
        ),
        (
            "p#2",
            "id:t",
            r#"{"call": "ravel:la"}, {"wing": "-"}"#,
            ux(0x4040_0000),
            true,
        ),
        (
            "p#3",
            "id:t",
            r#"{"call": "ravel:la"}, {"std": "lent"}"#,
            ux(3),
            true,
        ),
        (
            "p#4",
            "id:t",
            r#"{"call": "get-item:la", "args": [{"list": [{"atom": "0x2"}]}]}"#,
            ux(0x4000_0000),
            true,
        ),
        (
            "p#5",
            "id:t",
            r#"{"sort": "ascending"}"#,
            ray(&[0x3f80_0000, 0x4000_0000, 0x4040_0000]),
            true,
        ),
        ("p#6", "eig:sa", r#"{"wing": "data"}"#, ux(0), false),
    ];
    for (id, arm, post, want, pass) in cases {
        let rest = format!(r#""post": [{post}], {}"#, exact(&want));
        let l = line(id, arm, std::slice::from_ref(&r), &rest);
        let o = one_outcome(l.clone());
        if pass {
            assert_eq!(o, Outcome::Passed, "{l}");
        } else {
            // `data` is not a face of eig's [vals vecs].
            assert!(is_unsupported(&o), "{l}: {o:?}");
        }
    }
    let apply = r#"{"id": "p#7", "lib": "lagoon", "arm": "fun-scalar:la", "args": [{"meta": {"shape": [1, 1], "bloq": 3, "kind": "unum", "tail": {"null": true}}}, {"term": "pow"}], "post": [{"apply": [{"atom": "0x48", "aura": "ux"}, {"atom": "0x4", "aura": "ux"}]}], "expected": {"atom": "0x4c", "aura": "ux"}, "compare": "exact"}"#;
    assert_eq!(one_outcome(apply.into()), Outcome::Passed);
    // A wing of a nested call: `vals` of `eig:sa`.
    let wing = format!(
        r#"{{"wing": "vals", "of": {{"call": "eig:sa", "lib": "saloon", "door": "sa", "args": [{r}]}}}}"#
    );
    assert_eq!(
        one_outcome(line("p#8", "id:t", &[wing], &exact(&r))),
        Outcome::Passed
    );
    // A gate argument urnum does not know (urnum_cli::gates) is unsupported.
    let gate = [r#"{"gate": "<lambda>", "hoon": "|=(a=@ a)"}"#.to_string()];
    assert!(is_unsupported(&one_outcome(line(
        "p#9",
        "id:t",
        &gate,
        &exact(&ux(0))
    ))));
}

#[test]
fn sort_is_hoons_stable_quicksort_by_ieee_less_than() {
    // Pins: -0 and +0 compare equal, so they keep their input order; -1 < -0.
    let r = ray(&[0x0000_0000, 0x8000_0000, 0xbf80_0000]);
    let want = ray(&[0xbf80_0000, 0x0000_0000, 0x8000_0000]);
    let l = line(
        "s#0",
        "id:t",
        &[r],
        &format!(r#""post": [{{"sort": "."}}], "expected": {want}, "compare": "exact""#),
    );
    assert_eq!(one_outcome(l), Outcome::Passed);
}

fn tol(rule: &str, atol: u32, rtol: u32) -> String {
    format!(
        r#""tolerance": {{"kind": "lagoon is-close", "atol": {{"atom": "{atol:#x}", "aura": "rs"}}, "rtol": {{"atom": "{rtol:#x}", "aura": "rs"}}, "rule": "{rule}"}}"#
    )
}

#[test]
fn tolerance_is_lagoon_is_close_evaluated_exactly() {
    // Pins: |a - b| <= atol + rtol*|b| exactly at the boundary. With atol = 0
    // and rtol = 0.5: actual 3.0 vs expected 2.0 is close relative to expected
    // (1 <= 1) ... and also relative to actual (1 <= 1.5); 3.0 vs 1.5 is close
    // only relative to actual (1.5 <= 1.5, but 1.5 > 0.75).
    let half = 0x3f00_0000;
    // The rules relative to the expected value and to the actual one.
    let rel_e = "elementwise |actual - expected| <= atol + rtol*|expected| (all elements)";
    let rel_a = "elementwise |expected - actual| <= atol + rtol*|actual| (all elements)";
    // `id:t` of the ray `a` against the ray `e` under `rule`.
    let close = |id: &str, a: &[u32], e: &[u32], rule: &str| {
        let tolerance = tol(rule, 0, half);
        let compare = format!(
            r#""expected": {}, "compare": "tolerance", {tolerance}"#,
            ray(e)
        );
        one_outcome(line(id, "id:t", &[ray(a)], &compare))
    };
    let (three, two, onehalf) = (0x4040_0000, 0x4000_0000, 0x3fc0_0000);
    let (nan, inf) = (0x7fc0_0000, 0x7f80_0000);
    assert_eq!(close("t#0", &[three], &[two], rel_e), Outcome::Passed);
    assert_eq!(close("t#1", &[three], &[onehalf], rel_a), Outcome::Passed);
    assert!(is_failed(&close("t#2", &[three], &[onehalf], rel_e)));
    // One ulp past the bound fails: 3.0000002 vs 2.0.
    assert!(is_failed(&close("t#3", &[three + 1], &[two], rel_e)));
    // NaN is never close, not even to itself; inf - inf is NaN.
    assert!(is_failed(&close("t#4", &[nan], &[nan], rel_e)));
    assert!(is_failed(&close("t#5", &[inf], &[inf], rel_e)));
    // Shapes must agree.
    assert!(is_failed(&close("t#6", &[0, 0], &[0], rel_e)));
    // A rule the runner does not know is unsupported.
    let l = line(
        "t#7",
        "id:t",
        &[ray(&[0])],
        &format!(
            r#""expected": {}, "compare": "tolerance", "tolerance": {{"kind": "expect-near", "rule": "?"}}"#,
            ray(&[0])
        ),
    );
    assert!(is_unsupported(&one_outcome(l)));
}

#[test]
fn relational_distinct_and_predicate() {
    // Pins: relational evaluates the expected call; distinct must differ;
    // predicate must equal its flag.
    let call = |a: u64, b: u64| {
        format!(
            r#"{{"call": "add:t", "lib": "t", "door": "t", "args": [{}, {}]}}"#,
            ux(a),
            ux(b)
        )
    };
    // `add:t` of 1 and 2 against `(add:t 2 b)` compared as `compare`.
    let add = |id: &str, b: u64, compare: &str| {
        let e = expected(&call(2, b), compare);
        one_outcome(line(id, "add:t", &[ux(1), ux(2)], &e))
    };
    assert_eq!(add("r#0", 1, "relational"), Outcome::Passed);
    assert!(is_failed(&add("r#1", 1, "distinct")));
    assert_eq!(add("r#2", 2, "distinct"), Outcome::Passed);
    // `arm` of `args` whose flag must be true.
    let flag = expected(r#"{"flag": true}"#, "predicate");
    let pred = |id: &str, arm: &str, args: &[String]| one_outcome(line(id, arm, args, &flag));
    let yes = [r#"{"flag": true}"#.to_string()];
    assert_eq!(pred("r#3", "id:t", &yes), Outcome::Passed);
    assert!(is_failed(&pred("r#4", "check:la", &[])));
}
