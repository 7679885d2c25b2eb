//! Text tables for `hoon::tank`: what the dojo prints for Lagoon's `++to-tank`
//! / `++print` for each kind, and how `++re` lays a tank out.
//!
//! Sources (urbit/urbit `sys/hoon.hoon` kelvin 138): `++dish:us` `%mato` parses
//! the aura with `(rash aura ;~(sfix (star low) (star hig)))`, then calls
//! `~(rend co [%$ aura x])`, which dispatches on the aura's first byte (`yed`)
//! and second byte (`hay`); `++win:re` does the layout. The lagoon README
//! (seeds/numerics-readme.txt) shows no printed ray, so every row below is
//! derived from that source, as each row's comment says.

use hoon::tank::{
    print_lines, ram, rend, sell_atom, slog_text, tank_to_noun, tape_to_noun, tuft, wash, wood,
    TankError,
};
use hoon::Noun;
use lagoon::print::Tank;
use lagoon::{Meta, Ray};
use proptest::prelude::*;
use softblas::{Atom, Kind};
use urnum_cli::registry::{ArmError, Door, Registry};

fn a(v: u128) -> Atom {
    Atom::from_u128(v)
}

fn leaf_text(aura: &str, v: u128) -> Result<String, TankError> {
    sell_atom(aura, &a(v)).map(|t| match t {
        Tank::Leaf(s) => s,
        other => panic!("sell gave a non-leaf {other:?}"),
    })
}

fn ray(shape: &[u64], bloq: u32, kind: Kind, v: &[u128]) -> Ray {
    let elems: Vec<Atom> = v.iter().map(|&x| a(x)).collect();
    Ray::from_elems(Meta::new(shape.to_vec(), bloq, kind), &elems).unwrap()
}

#[test]
fn kinds_with_digits_crash_in_rash() {
    // "i754" and "int2": `(star low)` stops at the digit, `(star hig)` matches
    // nothing, and `full` requires the whole term: `++scan` crashes "syntax error".
    for aura in ["i754", "int2"] {
        for v in [0, 1, 0x3f80_0000] {
            assert!(
                matches!(leaf_text(aura, v), Err(TankError::Crash(_))),
                "{aura}"
            );
        }
    }
    // A lower-case letter after an upper-case one fails the same way.
    assert!(matches!(leaf_text("rsX1", 1), Err(TankError::Crash(_))));
}

/// Asserts that the leaf of each value of `kind` prints as its text.
fn leaves(kind: &str, cases: &[(u128, &str)]) {
    for &(v, want) in cases {
        assert_eq!(leaf_text(kind, v).unwrap(), want, "{kind} {v:#x}");
    }
}

#[test]
fn uint_is_at_ui() {
    // "uint": yed 'u', hay 'i' → `['0' 'i' (d-co 1)]`: `0i`, decimal, no dots.
    leaves(
        "uint",
        &[
            (0, "0i0"),
            (1, "0i1"),
            (1024, "0i1024"),
            (1_234_567, "0i1234567"),
        ],
    );
    assert_eq!(
        leaf_text("uint", u128::from(u64::MAX)).unwrap(),
        "0i18446744073709551615"
    );
}

#[test]
fn unum_is_dotted_decimal() {
    // "unum": yed 'u', hay 'n' (no case) → `(ox-co [10 3] …)`, as `@ud`.
    leaves(
        "unum",
        &[
            (0, "0"),
            (0x40, "64"),
            (0x4000, "16.384"),
            (0x4000_0000, "1.073.741.824"),
        ],
    );
}

#[test]
fn fixp_is_a_loobean_or_hex() {
    // "fixp": yed 'f' → `.y` for 0 (`&`), `.n` for 1 (`|`), else `(z-co x)`: `0x`, hex, no dots.
    for (v, want) in [
        (0, ".y"),
        (1, ".n"),
        (2, "0x2"),
        (0x100, "0x100"),
        (0xdead_beef_cafe, "0xdeadbeefcafe"),
    ] {
        assert_eq!(leaf_text("fixp", v).unwrap(), want);
    }
}

#[test]
fn cplx_is_at_c() {
    // "cplx": yed 'c' → `['~' '-' (rip 3 (wood (tuft x)))]`.
    // 0 + 0i: the empty cord.
    assert_eq!(leaf_text("cplx", 0).unwrap(), "~-");
    // @ch 1+0i = 0x3c00 (one 32-bit word): three-byte UTF-8, round-trips, not a-z0-9-: `~3c00.`.
    assert_eq!(leaf_text("cplx", 0x3c00).unwrap(), "~-~3c00.");
    // Word 0x61 is 'a', kept as is; 0x20 (space) becomes '.'; 0x2e ('.') becomes `~.`.
    assert_eq!(leaf_text("cplx", 0x61).unwrap(), "~-a");
    assert_eq!(leaf_text("cplx", 0x20).unwrap(), "~-.");
    assert_eq!(leaf_text("cplx", 0x2e).unwrap(), "~-~.");
    // @cs 0+1i (words 0, 0x3f80.0000): the zero word adds nothing; 0x3f80.0000
    // takes the 4-byte form of its low 21 bits (all 0), F0 80 80 80, which
    // `++taft` decodes to 0 and `++tuft` re-encodes as nothing: the assertion crashes.
    assert!(matches!(
        leaf_text("cplx", 0x3f80_0000_0000_0000),
        Err(TankError::Crash(_))
    ));
    // @cs 1+2i (words 0x3f80.0000, 0x4000.0000): the same crash.
    assert!(matches!(
        leaf_text("cplx", 0x4000_0000_3f80_0000),
        Err(TankError::Crash(_))
    ));
    // A word whose low 21 bits are ≥ 0x1.0000 survives: 0x4001.0000 → U+10000 → `~10000.`.
    assert_eq!(leaf_text("cplx", 0x4001_0000).unwrap(), "~-~10000.");
    // A control-character word (1..31 except 10) crashes in `++teff`.
    assert!(matches!(leaf_text("cplx", 0x01), Err(TankError::Crash(_))));
}

#[test]
fn other_auras_for_reference() {
    // The same printer on ordinary auras (dojo forms): rows pin the dispatch.
    assert_eq!(leaf_text("", 1_000_000).unwrap(), "1.000.000"); // %$ → @ud
    assert_eq!(leaf_text("ud", 1_000_000).unwrap(), "1.000.000");
    assert_eq!(leaf_text("ux", 0x1_3f80_0000).unwrap(), "0x1.3f80.0000");
    assert_eq!(leaf_text("sd", 3).unwrap(), "-2"); // odd = negative, abs (3+1)/2
    assert_eq!(leaf_text("sd", 4).unwrap(), "--2");
    assert_eq!(leaf_text("rs", 0x3fc0_0000).unwrap(), ".1.5");
    assert_eq!(
        leaf_text(
            "tas",
            u128::from_le_bytes(*b"foo\0\0\0\0\0\0\0\0\0\0\0\0\0")
        )
        .unwrap(),
        "%foo"
    );
    assert_eq!(leaf_text("f", 0).unwrap(), ".y"); // a bare @f prints without '%'
    assert_eq!(leaf_text("n", 5).unwrap(), "~");
    assert_eq!(leaf_text("iq", 0x1f).unwrap(), "0x1f"); // 'i' with another hay → z-co
    assert_eq!(rend("if", &a(0x0102_0304)).unwrap(), ".1.2.3.4");
    assert!(matches!(leaf_text("p", 0), Err(TankError::Unsupported(_))));
}

#[test]
fn tuft_and_wood() {
    // `++tuft`: one 32-bit code point per word from the low end.
    assert_eq!(tuft(&a(0x41)), b"A");
    assert_eq!(tuft(&a(0xe9)), "é".as_bytes());
    assert_eq!(tuft(&a(0x20ac)), "€".as_bytes());
    assert_eq!(tuft(&a(0x1_f600)), "😀".as_bytes());
    assert_eq!(tuft(&a(0x62_0000_0061)), b"ab");
    // `++wood`: a-z 0-9 - kept, ' ' → '.', '.' → "~.", '~' → "~~", others → ~hex.
    assert_eq!(wood(b"a-z 09.~").unwrap(), b"a-z.09~.~~");
    assert_eq!(wood("A€".as_bytes()).unwrap(), b"~41.~20ac.");
    // A zero byte below a non-zero one crashes `++teff`.
    assert!(wood(&[0, 0x61]).is_err());
    // A bare continuation byte as a lead does not round-trip through `++taft`.
    assert!(wood(&[0x80, 0x80]).is_err());
}

#[test]
fn flat_layouts() {
    // `++ram` when the whole tank fits `edg - tab` columns: one line.
    let r = ray(&[3], 5, Kind::Uint, &[1, 2, 3]);
    assert_eq!(print_lines(&r, 80).unwrap(), ["[0i1 0i2 0i3]"]);
    // Rank 2: the outer close is "]\n", so the one line ends with a newline character.
    let r = ray(&[2, 2], 5, Kind::Uint, &[1, 2, 3, 4]);
    assert_eq!(print_lines(&r, 80).unwrap(), ["[[0i1 0i2] [0i3 0i4]]\n"]);
    // Rank 3: each plane closes with "]\n" too.
    let r = ray(&[2, 1, 2], 3, Kind::Unum, &[0x40, 0x48, 0x50, 0x58]);
    assert_eq!(
        print_lines(&r, 80).unwrap(),
        ["[[[64 72]]\n [[80 88]]\n]\n"]
    );
    // %fixp at bloq 5 (Q8.8 etc. — the tail does not matter to the text).
    let r = ray(&[3], 5, Kind::Fixp, &[0, 1, 0x180]);
    assert_eq!(print_lines(&r, 80).unwrap(), ["[.y .n 0x180]"]);
    // An exact fit: `(lte (lent hom) (sub edg tab))` holds at equality.
    let r = ray(&[3], 5, Kind::Uint, &[1, 2, 3]);
    assert_eq!(print_lines(&r, 13).unwrap(), ["[0i1 0i2 0i3]"]);
}

#[test]
fn tall_layouts() {
    // 13 columns of text at width 12: items at (0+2) mod (2*(12/3)) = 2, the
    // close at 0, and the open "[" joined to the first line (which starts with
    // 1+0+1 = 2 spaces and is longer than that).
    let r = ray(&[3], 5, Kind::Uint, &[1, 2, 3]);
    assert_eq!(
        print_lines(&r, 12).unwrap(),
        ["[ 0i1", "  0i2", "  0i3", "]"]
    );
    // Rank 2 at width 12: rows fit at indent 2 (9 ≤ 10); the close "]\n" is its own line.
    let r = ray(&[2, 2], 5, Kind::Uint, &[1, 2, 3, 4]);
    assert_eq!(
        print_lines(&r, 12).unwrap(),
        ["[ [0i1 0i2]", "  [0i3 0i4]", "]\n"]
    );
    // Nested wrapping: width 9, rows do not fit at indent 2 either; inner items
    // go to (2+2) mod 6 = 4.
    assert_eq!(
        print_lines(&r, 9).unwrap(),
        ["[ [ 0i1", "    0i2", "  ]", "  [ 0i3", "    0i4", "  ]", "]\n"]
    );
    // Width 2: a rose that must wrap takes `(mod … (mul 2 (div 2 3)))`, by 0: crash.
    assert!(matches!(print_lines(&r, 2), Err(TankError::Crash(_))));
}

#[test]
fn palm_layouts() {
    let palm = |items: Vec<Tank>| Tank::Palm {
        mid: ".".into(),
        open: "^".into(),
        fore: String::new(),
        close: String::new(),
        items,
    };
    // Flat: the rose of mid, open+fore, close.
    let t = palm(vec![Tank::leaf("aaaa"), Tank::leaf("bbbb")]);
    assert_eq!(ram(&t), "^aaaa.bbbb");
    // Tall, two items: item k at tab + 2(n-1-k), then the open joined in front.
    assert_eq!(wash(0, 8, &t).unwrap(), ["^ aaaa", "bbbb"]);
    // Tall, one item: the item at tab, the open on a line above it at tab + 2
    // (`=:` computes the item with the old tab).
    let t = palm(vec![Tank::leaf("aaaaaaaaaa")]);
    assert_eq!(wash(0, 8, &t).unwrap(), ["  ^", "aaaaaaaaaa"]);
    // tab > edg: `(sub edg tab)` crashes.
    assert!(wash(9, 8, &t).is_err());
}

#[test]
fn print_crashes_for_i754_int2_and_bad_cplx() {
    // `print` sells every element under the kind's term: %i754 and %int2 crash.
    let r = ray(&[2], 5, Kind::I754, &[0x3f80_0000, 0x4000_0000]);
    assert!(matches!(print_lines(&r, 80), Err(TankError::Crash(_))));
    let r = ray(&[2], 3, Kind::Int2, &[1, 0xff]);
    assert!(matches!(print_lines(&r, 80), Err(TankError::Crash(_))));
    // @cs 1+0i crashes in `++wood`; @ch 1+0i prints.
    let r = ray(&[1], 6, Kind::Cplx, &[0x3f80_0000]);
    assert!(matches!(print_lines(&r, 80), Err(TankError::Crash(_))));
    let r = ray(&[2], 5, Kind::Cplx, &[0x3c00, 0]);
    assert_eq!(print_lines(&r, 80).unwrap(), ["[~-~3c00. ~-]"]);
}

#[test]
fn slog_prefixes() {
    // u3_pier_tank (terminal colours off): the priority prefix, then the lines.
    let wall = vec!["[0i1".to_string(), " 0i2]".to_string()];
    assert_eq!(slog_text(1, &wall), ">   [0i1\n 0i2]");
    assert_eq!(slog_text(0, &wall[..1]), "[0i1");
    assert_eq!(slog_text(3, &wall[..1]), ">>> [0i1");
}

#[test]
fn tank_nouns() {
    // `[%leaf tape]` and `[%rose [p q r] items]` as nouns; a tape is a list of bytes.
    let leaf = |s: &str| Noun::cell(Noun::Atom(Atom::from_le_bytes(b"leaf")), tape_to_noun(s));
    assert_eq!(tank_to_noun(&Tank::leaf("0i1")), leaf("0i1"));
    assert_eq!(tape_to_noun(""), Noun::NULL);
    let t = Tank::rose(" ", "[", "]\n", vec![Tank::leaf("x")]);
    let want = Noun::tuple([
        Noun::Atom(Atom::from_le_bytes(b"rose")),
        Noun::tuple([tape_to_noun(" "), tape_to_noun("["), tape_to_noun("]\n")]),
        Noun::list([leaf("x")]),
    ]);
    assert_eq!(tank_to_noun(&t), want);
}

fn term(t: &str) -> Noun {
    Noun::Atom(Atom::from_le_bytes(t.as_bytes()))
}

fn nums(v: &[u64]) -> Noun {
    Noun::list(v.iter().map(|&x| Noun::atom(x)))
}

#[test]
fn registry_arms() {
    let reg = Registry::new();
    let la = Door::bare("la");
    // to-tank:la [dat shape kind] → the tank noun.
    let got = reg
        .call(
            "to-tank:la",
            &la,
            &[nums(&[1, 2]), nums(&[2]), term("uint")],
        )
        .unwrap();
    let leaf = |s: &str| Noun::cell(term("leaf"), tape_to_noun(s));
    let want = Noun::tuple([
        term("rose"),
        Noun::tuple([tape_to_noun(" "), tape_to_noun("["), tape_to_noun("]")]),
        Noun::list([leaf("0i1"), leaf("0i2")]),
    ]);
    assert_eq!(got, want);
    // to-tank:la with %i754 crashes (the aura does not parse).
    assert!(matches!(
        reg.call("to-tank:la", &la, &[nums(&[1]), nums(&[1]), term("i754")]),
        Err(ArmError::Crash(_))
    ));
    // get-term:la of [~[2] 6 %i754 ~] is %rd.
    let meta = Noun::tuple([nums(&[2]), Noun::atom(6u64), term("i754"), Noun::NULL]);
    assert_eq!(reg.call("get-term:la", &la, &[meta]).unwrap(), term("rd"));
    // print:la of a %uint ray produces ~; of an %i754 ray it crashes; slog:la's product is a gate.
    let data = |r: &Ray| Noun::Atom(r.data.clone());
    let u = ray(&[2], 5, Kind::Uint, &[1, 2]);
    let u_noun = Noun::cell(
        Noun::tuple([nums(&[2]), Noun::atom(5u64), term("uint"), Noun::NULL]),
        data(&u),
    );
    assert_eq!(
        reg.call("print:la", &la, std::slice::from_ref(&u_noun))
            .unwrap(),
        Noun::NULL
    );
    assert!(matches!(
        reg.call("slog:la", &la, &[u_noun]),
        Err(ArmError::Unsupported(_))
    ));
    let f = ray(&[1], 5, Kind::I754, &[0x3f80_0000]);
    let f_noun = Noun::cell(
        Noun::tuple([nums(&[1]), Noun::atom(5u64), term("i754"), Noun::NULL]),
        data(&f),
    );
    assert!(matches!(
        reg.call("print:la", &la, &[f_noun]),
        Err(ArmError::Crash(_))
    ));
    // squeeze:la 5 → ~[5].
    assert_eq!(
        reg.call("squeeze:la", &la, &[Noun::atom(5u64)]).unwrap(),
        nums(&[5])
    );
    // gather:la ~[~[~[0] ~[1]] ~[~[0] ~[1] ~[2]]] → row-major index pairs.
    let dim = |n: u64| Noun::list((0..n).map(|i| nums(&[i])));
    let got = reg
        .call("gather:la", &la, &[Noun::list([dim(2), dim(3)])])
        .unwrap();
    let want =
        Noun::list([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]].map(|p: [u64; 2]| nums(&p)));
    assert_eq!(got, want);
    // product:la ~ b → b; a non-list item crashes in `++welp`.
    assert_eq!(
        reg.call("product:la", &la, &[Noun::NULL, dim(2)]).unwrap(),
        dim(2)
    );
    assert!(matches!(
        reg.call("product:la", &la, &[Noun::list([Noun::atom(5u64)]), dim(1)]),
        Err(ArmError::Crash(_))
    ));
}

proptest! {
    // Oracle: Rust's UTF-8 encoder agrees with `++tuft` on every scalar value.
    #[test]
    fn tuft_is_utf8(c in 1u32..=0x10ffff) {
        prop_assume!(char::from_u32(c).is_some());
        let ch = char::from_u32(c).unwrap();
        let mut buf = [0u8; 4];
        prop_assert_eq!(tuft(&Atom::from_u64(u64::from(c))), ch.encode_utf8(&mut buf).as_bytes());
        // And `++wood` accepts it (teff: a lead ≥ 32 or 10) unless it is a control character.
        prop_assert_eq!(wood(&tuft(&Atom::from_u64(u64::from(c)))).is_ok(), c >= 32 || c == 10);
    }

    // Oracle: a %uint row that fits prints as `[0i… 0i…]` on one line.
    #[test]
    fn uint_rows_fit_on_one_line(v in proptest::collection::vec(0u64..1_000_000, 1..8)) {
        let r = ray(&[v.len() as u64], 6, Kind::Uint, &v.iter().map(|&x| u128::from(x)).collect::<Vec<_>>());
        let want = format!("[{}]", v.iter().map(|x| format!("0i{x}")).collect::<Vec<_>>().join(" "));
        prop_assert_eq!(print_lines(&r, 200).unwrap(), vec![want]);
    }

    // Wrapping keeps the text: the lines' non-space text, joined by the separator, is `ram`'s.
    #[test]
    fn tall_layout_keeps_the_text(v in proptest::collection::vec(0u64..1000, 1..12), width in 12u64..40) {
        let r = ray(&[v.len() as u64], 6, Kind::Uint, &v.iter().map(|&x| u128::from(x)).collect::<Vec<_>>());
        let flat = print_lines(&r, 1000).unwrap().join("");
        let lines = print_lines(&r, width).unwrap();
        let words: Vec<&str> = lines.iter().flat_map(|l| l.split(' ')).filter(|w| !w.is_empty()).collect();
        prop_assert_eq!(words.join(" ").replace("[ ", "[").replace(" ]", "]"), flat);
    }
}
