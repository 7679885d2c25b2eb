//! The driver's own draws: the cases of the arms outside the generator's
//! table, and of the arms whose Nock loops once per unit of an argument.

use super::floats::{
    extreme_float, float_as_uint, float_draw, float_from_f64, float_int, is_nan_float,
    is_pos_int_float, ray_extreme,
};
use hoon::noun::Noun as HNoun;
use softblas::Atom as UAtom;
use std::collections::BTreeMap;
use urnum_cli::genhoon::cases::{self, Case, Expected};
use urnum_cli::rng::SplitMix64;

pub(crate) type Drops = BTreeMap<String, usize>;

/// The rounding modes of the math doors, cycled by draw.
const MATH_MODES: [&str; 4] = ["n", "u", "d", "z"];

/// Bounds of the input classes the driver draws for arms whose Nock loops
/// once per unit of an argument (see [`draw_cases`]).
const POW_N_MAX: u64 = 64;
const FACTORIAL_MAX: u64 = 40;

/// The generator's cases for `key`, or the driver's own for the arms
/// outside its signature table (`all-close`, `round`, `round-places`) and
/// for the arms whose Nock loops once per unit of an argument (`pow`,
/// `pow-n`, `factorial`), which are drawn from a stated class: the dropped
/// draws come back by reason.
pub(crate) fn draw_cases(
    req: cases::Request<'_>,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Result<Drops, String> {
    let (arm, door) = req.key.split_once(':').unwrap_or(("", ""));
    let math = matches!(door, "rh" | "rs" | "rd" | "rq");
    if math
        && matches!(
            arm,
            "all-close" | "round" | "round-places" | "pow" | "pow-n" | "factorial"
        )
    {
        return Ok(math_cases(req, (arm, door), r, out));
    }
    if door == "la" && matches!(arm, "range" | "linspace" | "ravel") {
        return lagoon_cases(req, arm, r, out);
    }
    cases::generate(req, r, out)
        .map(|d| d.into_iter().collect())
        .map_err(|e| e.to_string())
}

/// The driver's cases for the Lagoon builders outside the generator's table
/// and for `ravel` (whose product, a list, the generator does not keep):
///
/// - `range [meta [a b] d]`: `%i754` at the plan's bloqs (the arm makes `%i754`
///   whatever the meta says); `a` = i/4, `d` = ±j/4 (j from 1 to 12, the sign of
///   b − a), `b` = a + k·d + f/8 for k from 0 to 24: values exact at every width,
///   so the Hoon's loop (`a + d` until it passes `b`) ends after k + 1 to k + 2
///   steps; a `d` of the wrong sign, 0 or NaN (or one below the ulp of `a`)
///   never ends it, and is not drawn;
/// - `linspace [meta [a b] n]`: `a`, `b` drawn floats (specials included),
///   `n` from 0 to 12 (0 crashes on the `?<`);
/// - `ravel a`: a ray of the plan's kind, 1 to 4 per side, random bits.
///
/// Modes cycle bare `la`, `%n %u %d %z`; a directed-mode case whose urnum
/// product holds ±inf, NaN or ±max is dropped (DIVERGENCES §4).
fn lagoon_cases(
    req: cases::Request<'_>,
    arm: &str,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Result<Drops, String> {
    let cases::Request { reg, kinds, n, .. } = req;
    if arm != "ravel" && kinds.iter().all(|k| k.kind != "i754") {
        return Err(format!(
            "+{arm} makes %i754 rays whatever the meta's kind: drawn under %i754 only"
        ));
    }
    let modes = ["default", "n", "u", "d", "z"];
    let key = format!("{arm}:la");
    let mut drops = Drops::new();
    let start = out.len();
    let meta = |shape: &[u64], bloq: u32, kind: &str| {
        let noun = HNoun::tuple([
            HNoun::list(shape.iter().map(|d| HNoun::atom(*d))),
            HNoun::atom(u64::from(bloq)),
            HNoun::Atom(UAtom::from_le_bytes(kind.as_bytes())),
            HNoun::NULL,
        ]);
        let json = serde_json::json!({"meta": {"shape": shape, "bloq": bloq, "kind": kind, "tail": {"null": true}}});
        let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
        cases::Arg {
            noun,
            hoon: format!("[~[{}] {bloq} %{kind} ~]", dims.join(" ")),
            json,
        }
    };
    let fa = |x: u128| {
        let a = UAtom::from_u128(x);
        cases::Arg {
            json: serde_json::json!({"atom": a.to_string()}),
            hoon: a.to_string(),
            noun: HNoun::Atom(a),
        }
    };
    for i in 0..n * 8 {
        if out.len() - start == n {
            break;
        }
        let m = modes[i % 5];
        let kb = kinds[r.below(kinds.len() as u64) as usize];
        let w = 1u32 << kb.bloq;
        let args: Vec<cases::Arg> = match arm {
            "range" => {
                let a = (r.below(81) as f64 - 40.0) / 4.0;
                let k = r.below(25) as f64;
                let f = r.below(8) as f64 / 8.0;
                let up = r.below(2) == 0;
                let d = (1 + r.below(12)) as f64 / 4.0 * if up { 1.0 } else { -1.0 };
                let b = a + k * d + if up { f } else { -f };
                let pair = [fa(float_from_f64(a, w)), fa(float_from_f64(b, w))];
                let pair_arg = cases::Arg {
                    noun: HNoun::cell(pair[0].noun.clone(), pair[1].noun.clone()),
                    hoon: format!("[{} {}]", pair[0].hoon, pair[1].hoon),
                    json: serde_json::json!({"tuple": [pair[0].json.clone(), pair[1].json.clone()]}),
                };
                vec![
                    meta(&[1], kb.bloq, "i754"),
                    pair_arg,
                    fa(float_from_f64(d, w)),
                ]
            }
            "linspace" => {
                let a = float_draw(r, w);
                let b = float_draw(r, w);
                let cnt = r.below(13);
                let pair = [fa(a), fa(b)];
                let pair_arg = cases::Arg {
                    noun: HNoun::cell(pair[0].noun.clone(), pair[1].noun.clone()),
                    hoon: format!("[{} {}]", pair[0].hoon, pair[1].hoon),
                    json: serde_json::json!({"tuple": [pair[0].json.clone(), pair[1].json.clone()]}),
                };
                let c = UAtom::from_u64(cnt);
                vec![
                    meta(&[cnt.max(1)], kb.bloq, "i754"),
                    pair_arg,
                    cases::Arg {
                        json: serde_json::json!({"atom": c.to_string()}),
                        hoon: cnt.to_string(),
                        noun: HNoun::Atom(c),
                    },
                ]
            }
            _ => {
                let shape: Vec<u64> = (0..1 + r.below(2)).map(|_| 1 + r.below(4)).collect();
                let count: u64 = shape.iter().product();
                let bits = count * u64::from(w);
                let data = wide_bits(r, bits).or(&UAtom::pow2(bits));
                let mt = meta(&shape, kb.bloq, kb.kind);
                let json = serde_json::json!({"ray": {
                    "shape": shape, "bloq": kb.bloq, "kind": kb.kind, "tail": {"null": true},
                    "data_hex": data.to_string(),
                }});
                vec![cases::Arg {
                    noun: HNoun::cell(mt.noun, HNoun::Atom(data.clone())),
                    hoon: format!("^-(ray [{} {}])", mt.hoon, data),
                    json,
                }]
            }
        };
        let mut d = urnum_cli::Door::bare("la");
        let mut door_args = BTreeMap::new();
        if m != "default" {
            d.args.insert(
                "rnd".into(),
                HNoun::Atom(UAtom::from_u64(u64::from(m.as_bytes()[0]))),
            );
            door_args.insert("rnd".to_string(), serde_json::json!(m));
        }
        let nouns: Vec<HNoun> = args.iter().map(|a| a.noun.clone()).collect();
        let expected = match reg.call(&key, &d, &nouns) {
            Ok(v) => {
                if m != "n" && arm != "ravel" && ray_extreme(&v) {
                    *drops
                        .entry("a directed-mode overflow (DIVERGENCES §4)".into())
                        .or_default() += 1;
                    continue;
                }
                Expected::Ray(v)
            }
            Err(urnum_cli::ArmError::Crash(msg)) => Expected::Crash(msg),
            Err(e) => {
                *drops.entry(format!("urnum: {e}")).or_default() += 1;
                continue;
            }
        };
        let door_text = if m == "default" {
            format!("{arm}:la")
        } else {
            format!("{arm}:(lake %{m})")
        };
        let arg_text: Vec<&str> = args.iter().map(|a| a.hoon.as_str()).collect();
        out.push(Case {
            key: key.clone(),
            lib: "lagoon",
            door_args,
            rounding: m.to_string(),
            hoon: format!("({door_text} {})", arg_text.join(" ")),
            args,
            expected,
        });
    }
    Ok(drops)
}

/// The driver's cases for a math door's `all-close`, `round`, `round-places`
/// (outside the generator's table) and `pow`, `pow-n`, `factorial`:
///
/// - `all-close`: `p` a drawn float, `q` a list of 0 to 4 floats, each drawn
///   or `p` moved by a few units in the last place (the tolerance's edge);
/// - `round`, `round-places`: `x` a drawn float, `n` an `@ud` from 0 to 9;
/// - `pow`, `pow-n`: `x` drawn; the exponent drawn, or a small integer
///   (0 to 64, either sign) in a float; a positive integer-valued exponent
///   above 64 is left out: the Hoon's `+pow-n` multiplies once per unit of
///   it (2^127 times for an `@rs` exponent of 2^127) and, from 2^p on,
///   `n - 1` rounds back to `n` and the loop never ends;
/// - `factorial`: `x` a nonnegative integer up to 40, or below `rtol`, or a
///   negative or NaN draw (both crash on the `?>`); any other `x` is left out:
///   the Hoon's loop subtracts 1 until `|x - 1| < rtol`, which a
///   non-integer (or +inf) never reaches.
///
/// Modes cycle `n u d z` by draw; a directed-mode case whose urnum result is
/// ±inf, NaN or ±max is dropped, as the generator drops it (DIVERGENCES §4).
fn math_cases(
    req: cases::Request<'_>,
    (arm, door): (&str, &str),
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Drops {
    let cases::Request { reg, n, .. } = req;
    let w: u32 = match door {
        "rh" => 16,
        "rs" => 32,
        "rd" => 64,
        _ => 128,
    };
    let (rt, at) = match door {
        "rh" => (".~~1e-2", ".~~0"),
        "rs" => (".1e-5", ".0"),
        "rd" => (".~1e-10", ".~0"),
        _ => (".~~~1e-20", ".~~~0"),
    };
    let lit = |t: &str| {
        hoon::aura::parse_literal(t)
            .map(|(_, v)| v)
            .unwrap_or(UAtom::ZERO)
    };
    let (rtol, atol) = (lit(rt), lit(at));
    let fa = |x: u128| {
        let a = UAtom::from_u128(x);
        cases::Arg {
            json: serde_json::json!({"atom": a.to_string()}),
            hoon: format!("`@r{}`{}", &door[1..], a),
            noun: HNoun::Atom(a),
        }
    };
    let ua = |k: u64| cases::Arg {
        json: serde_json::json!({"atom": format!("0x{k:x}")}),
        hoon: k.to_string(),
        noun: HNoun::atom(k),
    };
    let mut drops = Drops::new();
    let start = out.len();
    for i in 0..n * 8 {
        if out.len() - start == n {
            break;
        }
        let m = MATH_MODES[i % 4];
        let args: Vec<cases::Arg> = match arm {
            "all-close" => {
                let p = float_draw(r, w);
                let k = r.below(5);
                let items: Vec<cases::Arg> = (0..k)
                    .map(|_| {
                        if r.below(2) == 0 {
                            fa(float_draw(r, w))
                        } else {
                            let d = r.below(1 << 12) as u128;
                            let up = r.below(2) == 0;
                            fa(if up {
                                p.wrapping_add(d)
                            } else {
                                p.wrapping_sub(d)
                            } & if w == 128 {
                                u128::MAX
                            } else {
                                (1u128 << w) - 1
                            })
                        }
                    })
                    .collect();
                let list = cases::Arg {
                    noun: HNoun::list(items.iter().map(|a| a.noun.clone())),
                    hoon: format!(
                        "~[{}]",
                        items
                            .iter()
                            .map(|a| a.hoon.as_str())
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                    json: if items.is_empty() {
                        serde_json::json!({"null": true})
                    } else {
                        serde_json::json!({"list": items.iter().map(|a| a.json.clone()).collect::<Vec<_>>()})
                    },
                };
                vec![fa(p), list]
            }
            "round" | "round-places" => vec![fa(float_draw(r, w)), ua(r.below(10))],
            "pow" | "pow-n" => {
                let x = float_draw(r, w);
                let y = if r.below(2) == 0 {
                    let k = float_int(r.below(POW_N_MAX + 1), w);
                    if r.below(4) == 0 {
                        k | (1u128 << (w - 1))
                    } else {
                        k
                    }
                } else {
                    float_draw(r, w)
                };
                if float_as_uint(y, w).map_or(true, |k| k > POW_N_MAX) && is_pos_int_float(y, w) {
                    *drops
                        .entry(format!(
                            "{arm}: a positive integer exponent above {POW_N_MAX} (the Hoon's +pow-n loops once per unit)"
                        ))
                        .or_default() += 1;
                    continue;
                }
                vec![fa(x), fa(y)]
            }
            "factorial" => {
                let x = match r.below(4) {
                    0 | 1 => float_int(r.below(FACTORIAL_MAX + 1), w),
                    2 => {
                        // below rtol: a subnormal or a tiny normal
                        r.bits(8) as u128
                    }
                    _ => float_draw(r, w),
                };
                let neg_or_nan = x >> (w - 1) == 1 || is_nan_float(x, w);
                let tiny = x < 0x100;
                let small_int = float_as_uint(x, w).is_some_and(|k| k <= FACTORIAL_MAX);
                if !(neg_or_nan || tiny || small_int) {
                    *drops
                        .entry(
                            "factorial: x not a nonnegative integer up to 40 nor below rtol (the Hoon's loop never ends on a non-integer)".into(),
                        )
                        .or_default() += 1;
                    continue;
                }
                vec![fa(x)]
            }
            _ => return drops,
        };
        let mut d = urnum_cli::Door::bare(door);
        d.args.insert(
            "r".into(),
            HNoun::Atom(UAtom::from_u64(u64::from(m.as_bytes()[0]))),
        );
        d.args.insert("rtol".into(), HNoun::Atom(rtol.clone()));
        d.args.insert("atol".into(), HNoun::Atom(atol.clone()));
        let key = format!("{arm}:{door}");
        let nouns: Vec<HNoun> = args.iter().map(|a| a.noun.clone()).collect();
        let expected = match reg.call(&key, &d, &nouns) {
            Ok(HNoun::Atom(a)) if arm == "all-close" => Expected::Flag(a.as_u64() == Some(0)),
            Ok(HNoun::Atom(a)) => {
                if m != "n" && extreme_float(a.low_u128(), w) {
                    *drops
                        .entry("a directed-mode overflow (DIVERGENCES §4)".into())
                        .or_default() += 1;
                    continue;
                }
                Expected::Atom(a)
            }
            Ok(_) => {
                *drops.entry("a cell result".into()).or_default() += 1;
                continue;
            }
            Err(urnum_cli::ArmError::Crash(msg)) => Expected::Crash(msg),
            Err(e) => {
                *drops.entry(format!("urnum: {e}")).or_default() += 1;
                continue;
            }
        };
        let mut door_args = BTreeMap::new();
        door_args.insert("r".to_string(), serde_json::json!(m));
        door_args.insert(
            "rtol".to_string(),
            serde_json::json!({"atom": rtol.to_string()}),
        );
        door_args.insert(
            "atol".to_string(),
            serde_json::json!({"atom": atol.to_string()}),
        );
        let arg_text: Vec<&str> = args.iter().map(|a| a.hoon.as_str()).collect();
        out.push(Case {
            key: key.clone(),
            lib: "math",
            door_args,
            rounding: m.to_string(),
            hoon: format!(
                "(~({arm} {door}:math [%{m} {rt} {at}]) {})",
                arg_text.join(" ")
            ),
            args,
            expected,
        });
    }
    drops
}

/// A random atom of `bits` bits (any width).
pub(crate) fn wide_bits(r: &mut SplitMix64, bits: u64) -> UAtom {
    let limbs: Vec<u64> = (0..bits.div_ceil(64))
        .map(|i| {
            let b = (bits - 64 * i).min(64);
            let x = r.next_u64();
            if b == 64 {
                x
            } else {
                x & ((1u64 << b) - 1)
            }
        })
        .collect();
    UAtom::from_limbs(&limbs)
}
