//! Unit tests of the golden-vector runner's format handling, with small
//! synthetic vector files in a temporary directory and a registry of fake arms.

use hoon::{Atom, Noun};
use std::path::PathBuf;
use urnum_cli::registry::{ArmError, Door, Registry};
use urnum_cli::vector::{self, report, Outcome, RunOptions, Summary};

fn atom(n: &Noun) -> Result<u64, ArmError> {
    n.as_atom()
        .and_then(Atom::as_u64)
        .ok_or_else(|| ArmError::BadArgs("not a small atom".into()))
}

fn arg(args: &[Noun], i: usize) -> Result<&Noun, ArmError> {
    args.get(i)
        .ok_or_else(|| ArmError::BadArgs(format!("missing argument {i}")))
}

fn id(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    Ok(arg(a, 0)?.clone())
}

fn add(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    Ok(Noun::atom(atom(arg(a, 0)?)? + atom(arg(a, 1)?)?))
}

fn door_rnd(d: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Ok(d.args.get("rnd").cloned().unwrap_or(Noun::NULL))
}

fn door_name(d: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Ok(Noun::Atom(Atom::from_le_bytes(d.name.as_bytes())))
}

fn boom(_: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Err(ArmError::Crash("boom".into()))
}

fn nope(_: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Err(ArmError::Unsupported("not yet".into()))
}

fn bad(_: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Err(ArmError::BadArgs("wrong shape".into()))
}

fn one(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    if a.is_empty() {
        Ok(Noun::atom(0x40u64))
    } else {
        Err(ArmError::BadArgs("nullary".into()))
    }
}

/// `[vals vecs]` = the argument ray twice, with vecs' first element changed.
fn eig(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let r = arg(a, 0)?.clone();
    let (m, d) = r.as_cell().ok_or_else(|| ArmError::BadArgs("ray".into()))?;
    let d2 = d.as_atom().unwrap().or(&Atom::from_u64(0x7));
    Ok(Noun::cell(r.clone(), Noun::cell(m.clone(), Noun::Atom(d2))))
}

/// Element `i` (a one-item index list) of a bloq-5 1-D ray.
fn get_item(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let data = arg(a, 0)?.slot(3).and_then(Noun::as_atom).unwrap().clone();
    let idx = arg(a, 1)?.as_list().unwrap();
    let i = atom(&idx[0])?;
    Ok(Noun::Atom(data.bits(i * 32, 32)))
}

/// The elements of a bloq-5 1-D ray as a list.
fn ravel(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let r = arg(a, 0)?;
    let n = atom(&r.slot(4).and_then(Noun::as_list).unwrap()[0])?;
    let data = r.slot(3).and_then(Noun::as_atom).unwrap();
    Ok(Noun::list(
        (0..n).map(|i| Noun::Atom(data.bits(i * 32, 32))),
    ))
}

/// Uncurried `((fun-scalar:la meta op) x y)`: adds x and y.
fn fun_scalar(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    if a.len() != 4 {
        return Err(ArmError::BadArgs(format!("{} arguments", a.len())));
    }
    add(&Door::default(), &a[2..])
}

fn no_flag(_: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Ok(Noun::atom(1u64))
}

fn registry() -> Registry {
    let mut r = Registry::default();
    r.insert("id:t", id);
    r.insert("add:t", add);
    r.insert("rnd:t", door_rnd);
    r.insert("mul:fixed", door_name);
    r.insert("boom:t", boom);
    r.insert("nope:t", nope);
    r.insert("bad:t", bad);
    r.insert("one:rpb", one);
    r.insert("eig:sa", eig);
    r.insert("get-item:la", get_item);
    r.insert("ravel:la", ravel);
    r.insert("fun-scalar:la", fun_scalar);
    r.insert("check:la", no_flag);
    r
}

/// A `{"ray": ..}` encoding of a 1-D bloq-5 %i754 ray of `elems`.
fn ray(elems: &[u32]) -> String {
    let mut data = Atom::pow2(32 * elems.len() as u64);
    for (i, e) in elems.iter().enumerate() {
        data = data.with_bits(32 * i as u64, 32, &Atom::from_u64(u64::from(*e)));
    }
    let hex: Vec<String> = elems.iter().map(|e| format!("\"{e:#x}\"")).collect();
    format!(
        r#"{{"ray": {{"shape": [{}], "bloq": 5, "kind": "i754", "tail": {{"null": true}}, "data_hex": "{}", "elems_hex": [{}]}}}}"#,
        elems.len(),
        data.to_hex(),
        hex.join(", ")
    )
}

fn ux(v: u64) -> String {
    format!(r#"{{"atom": "{v:#x}", "aura": "ux"}}"#)
}

/// The `expected` and `compare` fields of a vector line.
fn expected(e: &str, compare: &str) -> String {
    format!(r#""expected": {e}, "compare": "{compare}""#)
}

/// One vector line; `rest` is the JSON after `args` (expected, compare, ...).
fn line(id: &str, arm: &str, args: &[String], rest: &str) -> String {
    format!(
        r#"{{"id": "{id}", "lib": "t", "arm": "{arm}", "args": [{}], {rest}}}"#,
        args.join(", ")
    )
}

fn outcomes(lines: &[String]) -> Vec<Outcome> {
    let f = vector::parse(PathBuf::from("mem.jsonl"), &lines.join("\n"));
    vector::run_file(&registry(), &f, None)
        .results
        .into_iter()
        .map(|r| r.outcome)
        .collect()
}

fn one_outcome(l: String) -> Outcome {
    outcomes(&[l]).remove(0)
}

fn is_failed(o: &Outcome) -> bool {
    matches!(o, Outcome::Failed(_))
}

fn is_unsupported(o: &Outcome) -> bool {
    matches!(o, Outcome::Unsupported(_))
}

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
    let exp_rule = "elementwise |actual - expected| <= atol + rtol*|expected| (all elements)";
    let act_rule = "elementwise |expected - actual| <= atol + rtol*|actual| (all elements)";
    let mk = |id: &str, a: u32, e: u32, rule: &str| {
        line(
            id,
            "id:t",
            &[ray(&[a])],
            &format!(
                r#""expected": {}, "compare": "tolerance", {}"#,
                ray(&[e]),
                tol(rule, 0, half)
            ),
        )
    };
    assert_eq!(
        one_outcome(mk("t#0", 0x4040_0000, 0x4000_0000, exp_rule)),
        Outcome::Passed
    );
    assert_eq!(
        one_outcome(mk("t#1", 0x4040_0000, 0x3fc0_0000, act_rule)),
        Outcome::Passed
    );
    assert!(is_failed(&one_outcome(mk(
        "t#2",
        0x4040_0000,
        0x3fc0_0000,
        exp_rule
    ))));
    // One ulp past the bound fails: 3.0000002 vs 2.0.
    assert!(is_failed(&one_outcome(mk(
        "t#3",
        0x4040_0001,
        0x4000_0000,
        exp_rule
    ))));
    // NaN is never close, not even to itself; inf - inf is NaN.
    assert!(is_failed(&one_outcome(mk(
        "t#4",
        0x7fc0_0000,
        0x7fc0_0000,
        exp_rule
    ))));
    assert!(is_failed(&one_outcome(mk(
        "t#5",
        0x7f80_0000,
        0x7f80_0000,
        exp_rule
    ))));
    // Shapes must agree.
    let l = line(
        "t#6",
        "id:t",
        &[ray(&[0, 0])],
        &format!(
            r#""expected": {}, "compare": "tolerance", {}"#,
            ray(&[0]),
            tol(exp_rule, 0, half)
        ),
    );
    assert!(is_failed(&one_outcome(l)));
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
    let rel = line(
        "r#0",
        "add:t",
        &[ux(1), ux(2)],
        &expected(&call(2, 1), "relational"),
    );
    assert_eq!(one_outcome(rel), Outcome::Passed);
    let dis = line(
        "r#1",
        "add:t",
        &[ux(1), ux(2)],
        &expected(&call(2, 1), "distinct"),
    );
    assert!(is_failed(&one_outcome(dis)));
    let dis = line(
        "r#2",
        "add:t",
        &[ux(1), ux(2)],
        &expected(&call(2, 2), "distinct"),
    );
    assert_eq!(one_outcome(dis), Outcome::Passed);
    let pred = line(
        "r#3",
        "id:t",
        &[r#"{"flag": true}"#.into()],
        r#""expected": {"flag": true}, "compare": "predicate""#,
    );
    assert_eq!(one_outcome(pred), Outcome::Passed);
    let pred = line(
        "r#4",
        "check:la",
        &[],
        r#""expected": {"flag": true}, "compare": "predicate""#,
    );
    assert!(is_failed(&one_outcome(pred)));
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("urnum-runner-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn directories_run_in_order_and_the_report_ends_with_the_totals() {
    // Pins: a directory means its *.jsonl files in name order, results are in
    // file order whatever the threads do, and the last line is the totals.
    let d = temp_dir("dir");
    let exact5 = format!(r#""expected": {}, "compare": "exact""#, ux(5));
    std::fs::write(
        d.join("b.jsonl"),
        line("b#0", "add:t", &[ux(2), ux(3)], &exact5),
    )
    .unwrap();
    std::fs::write(
        d.join("a.jsonl"),
        [
            line("a#0", "add:t", &[ux(2), ux(2)], &exact5),
            line("a#1", "sub:t", &[ux(2), ux(2)], &exact5),
        ]
        .join("\n"),
    )
    .unwrap();
    std::fs::write(d.join("notes.txt"), "not a vector").unwrap();
    let files = vector::collect(std::slice::from_ref(&d)).unwrap();
    assert_eq!(files, vec![d.join("a.jsonl"), d.join("b.jsonl")]);
    let opts = RunOptions {
        jobs: 2,
        ..RunOptions::default()
    };
    let reports = vector::run_paths(&registry(), &files, &opts);
    assert_eq!(reports[0].path, d.join("a.jsonl"));
    let total = vector::total(&reports);
    assert_eq!(
        total,
        Summary {
            passed: 1,
            failed: 1,
            unsupported: 1
        }
    );
    let text = report::render(&reports, report::ReportOptions::default());
    assert_eq!(
        text.lines().last(),
        Some("1 passed, 1 failed, 1 unsupported")
    );
    assert!(text.contains("FAILED a#0"), "{text}");
    assert!(text.contains("sub:t"), "{text}");
    let quiet = report::render(
        &reports,
        report::ReportOptions {
            quiet: true,
            unsupported: false,
        },
    );
    assert!(!quiet.contains("sub:t"), "{quiet}");
    assert!(quiet.contains("FAILED a#0"), "{quiet}");
    // The filter keeps matching ids or arms only.
    let opts = RunOptions {
        filter: Some("b#".into()),
        ..RunOptions::default()
    };
    let total = vector::total(&vector::run_paths(&registry(), &files, &opts));
    assert_eq!(total.total(), 1);
    // A missing path is an error, not an empty run.
    assert!(vector::collect(&[d.join("nope")]).is_err());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn listed_divergences_count_unsupported_and_stale_listings_are_reported() {
    // Pins: a vector listed in DIVERGENT.txt that differs is a documented
    // divergence (never passed, counted unsupported, so --strict fails on it);
    // a listed vector that matches passes and the report calls the line stale.
    let d = temp_dir("divergent");
    let exact5 = format!(r#""expected": {}, "compare": "exact""#, ux(5));
    std::fs::write(
        d.join("v.jsonl"),
        [
            line("v#0", "add:t", &[ux(2), ux(2)], &exact5),
            line("v#1", "add:t", &[ux(2), ux(3)], &exact5),
            line("v#2", "add:t", &[ux(1), ux(1)], &exact5),
        ]
        .join("\n"),
    )
    .unwrap();
    std::fs::write(
        d.join(vector::DIVERGENT_FILE),
        "# comment\nv#0\tdocumented reason\nv#1\tno longer divergent\n",
    )
    .unwrap();
    let files = vector::collect(std::slice::from_ref(&d)).unwrap();
    let reports = vector::run_paths(&registry(), &files, &RunOptions::default());
    let outcomes: Vec<&Outcome> = reports[0].results.iter().map(|r| &r.outcome).collect();
    assert!(
        matches!(outcomes[0], Outcome::Divergent { reason, .. } if reason == "documented reason")
    );
    assert_eq!(outcomes[1], &Outcome::Passed);
    assert!(is_failed(outcomes[2]));
    assert_eq!(
        vector::total(&reports),
        Summary {
            passed: 1,
            failed: 1,
            unsupported: 1
        }
    );
    let text = report::render(&reports, report::ReportOptions::default());
    assert!(text.contains("DIVERGENT v#0"), "{text}");
    assert!(text.contains("STALE v#1"), "{text}");
    // Quiet: only failures (the stale listing is one) and the totals line.
    let quiet = report::render(
        &reports,
        report::ReportOptions {
            quiet: true,
            ..Default::default()
        },
    );
    assert!(!quiet.contains("DIVERGENT v#0"), "{quiet}");
    assert!(quiet.contains("STALE v#1"), "{quiet}");
    assert!(quiet.contains("FAILED v#2"), "{quiet}");
    let _ = std::fs::remove_dir_all(&d);
}
