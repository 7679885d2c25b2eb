//! `random sweep`: the posit arms of a `/lib/unum` text, with the draws of
//! their arguments and the vector lines they become.

use super::cases::wide_bits;
use super::floats::ieee_format;
use super::vm::{boot_with, request, Got};
use hoon::noun::Noun as HNoun;
use nockvm::jets::hot::URBIT_HOT_STATE;
use softblas::Atom as UAtom;
use std::io::Write as _;
use std::time::Instant;
use urnum_cli::rng::SplitMix64;

/// The posit arms whose product is a loobean.
const FLAG_ARMS: &[&str] = &["gth", "lth", "gte", "lte", "equ", "neq", "is-close"];

/// A posit bit pattern of width `1 << bloq`: a special value or random bits.
fn posit_bits(r: &mut SplitMix64, bloq: u32) -> u128 {
    let w = 1u32 << bloq;
    let mask = if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    };
    let nar = 1u128 << (w - 1);
    let specials = [
        0,
        nar,
        1,
        nar - 1,
        nar + 1,
        mask,
        1u128 << (w - 2),
        (1u128 << (w - 2)) | nar,
    ];
    if r.below(4) == 0 {
        specials[r.below(specials.len() as u64) as usize]
    } else {
        r.bits(w) & mask
    }
}

/// How one argument of a swept posit arm is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArgKind {
    /// A posit of the door's width (`p`).
    Posit,
    /// An unsigned integer (`u`, `+sun`).
    Unsigned,
    /// A signed integer, `@s` (`s`, `+san`).
    Signed,
    /// A small exponent, 0 to 24 (`n`, `+pow-n`).
    Small,
    /// An IEEE 754 float of this many bits (`H` 16, `S` 32, `D` 64, `Q` 128).
    Float(u32),
    /// A quire of the door's width, 16 times the posit's bits (`q`).
    Quire,
    /// A list of up to four posits (`L`, `+fdp`).
    List,
    /// A posit of a small value, an integer up to 47 (16 at posit8) or its
    /// quotient by 2 to 4, either sign (`f`, `+factorial`, whose loop runs `x` times and never
    /// ends where `x - 1` rounds to `x`).
    SmallPosit,
}

/// The argument kinds of an ARMS.tsv signature: a digit `n` is `n` posits;
/// otherwise one letter per argument (see [`ArgKind`]).
fn parse_sig(sig: &str) -> Option<Vec<ArgKind>> {
    if let Ok(n) = sig.parse::<usize>() {
        return Some(vec![ArgKind::Posit; n]);
    }
    sig.chars()
        .map(|c| {
            Some(match c {
                'p' => ArgKind::Posit,
                'u' => ArgKind::Unsigned,
                's' => ArgKind::Signed,
                'n' => ArgKind::Small,
                'H' => ArgKind::Float(16),
                'S' => ArgKind::Float(32),
                'D' => ArgKind::Float(64),
                'Q' => ArgKind::Float(128),
                'q' => ArgKind::Quire,
                'L' => ArgKind::List,
                'f' => ArgKind::SmallPosit,
                _ => return None,
            })
        })
        .collect()
}

/// One drawn argument of kind `k` for a posit door of `1 << bloq` bits
/// (`door`, its registry door, makes the small posits).
fn draw_arg(r: &mut SplitMix64, k: ArgKind, bloq: u32, door: &str) -> HNoun {
    let w = 1u32 << bloq;
    let a = |x: u128| HNoun::Atom(UAtom::from_u128(x));
    match k {
        ArgKind::Posit => a(posit_bits(r, bloq)),
        ArgKind::Unsigned => match r.below(3) {
            0 => a(u128::from(r.below(300))),
            1 => a(r.bits(w.min(128))),
            _ => {
                let b = 1 + r.below(u64::from(w.min(128))) as u32;
                a(r.bits(b))
            }
        },
        ArgKind::Signed => match r.below(3) {
            0 => a(u128::from(r.below(600))),
            1 => a(r.bits((w + 1).min(128))),
            _ => {
                let b = 1 + r.below(u64::from(w.min(128))) as u32;
                a(r.bits(b))
            }
        },
        ArgKind::Small => a(u128::from(r.below(25))),
        ArgKind::Float(b) => {
            let (e, m) = ieee_format(b);
            let sign = 1u128 << (b - 1);
            let inf = ((1u128 << e) - 1) << m;
            let one = ((1u128 << (e - 1)) - 1) << m;
            let specials = [
                0,
                sign,
                inf,
                inf | sign,
                inf | (1 << (m - 1)),
                one,
                one | sign,
                1,
                inf - 1,
            ];
            if r.below(4) == 0 {
                a(specials[r.below(specials.len() as u64) as usize])
            } else {
                a(r.bits(b))
            }
        }
        ArgKind::Quire => {
            let qb = 16 * w;
            match r.below(5) {
                0 => HNoun::Atom(UAtom::from_u128(0)),
                1 => {
                    let mut l = vec![0u64; (qb / 64) as usize];
                    if let Some(top) = l.last_mut() {
                        *top = 1 << 63;
                    }
                    HNoun::Atom(UAtom::from_limbs(&l))
                }
                // a small quire: a posit-sized value in the low bits
                2 => a(r.bits(w.min(128))),
                _ => HNoun::Atom(wide_bits(r, u64::from(qb))),
            }
        }
        ArgKind::List => {
            let n = r.below(5);
            HNoun::list((0..n).map(|_| a(posit_bits(r, bloq))))
        }
        ArgKind::SmallPosit => {
            let reg = urnum_nockvm::registry();
            let d = urnum_cli::Door::bare(door);
            let call = |arm: &str, args: &[HNoun]| {
                reg.call(&format!("{arm}:{door}"), &d, args)
                    .unwrap_or_else(|_| a(0))
            };
            // at posit8, 20 - 1 rounds back to 20: integers up to 16 only
            let top = if bloq == 3 { 17 } else { 48 };
            let mut x = call("sun", &[a(u128::from(r.below(top)))]);
            if r.below(2) == 0 {
                let q = call("sun", &[a(u128::from(2 + r.below(3)))]);
                x = call("div", &[x, q]);
            }
            if r.below(4) == 0 {
                x = call("neg", &[x]);
            }
            x
        }
    }
}

/// The heads of the cells of the list `n`, down to its first atom.
fn list_items(n: &HNoun) -> Vec<HNoun> {
    let mut items = Vec::new();
    let mut cur = n.clone();
    while let Some((h, t)) = cur.as_cell().map(|(h, t)| (h.clone(), t.clone())) {
        items.push(h);
        cur = t;
    }
    items
}

/// A vector's encoding of one argument.
fn json_arg(n: &HNoun) -> serde_json::Value {
    match n {
        HNoun::Atom(x) => serde_json::json!({"atom": x.to_string()}),
        _ => {
            let items: Vec<_> = list_items(n).iter().map(json_arg).collect();
            if items.is_empty() {
                serde_json::json!({"null": true})
            } else {
                serde_json::json!({"list": items})
            }
        }
    }
}

/// A short text of one argument for ids (hex, or the list's hexes joined by `.`).
pub(crate) fn short_arg(n: &HNoun) -> String {
    match n {
        HNoun::Atom(x) => x.to_string().trim_start_matches("0x").to_string(),
        _ => {
            let parts: Vec<_> = list_items(n).iter().map(short_arg).collect();
            format!("l{}", parts.join("."))
        }
    }
}

/// `random sweep KERNEL.jam ARMS.tsv OUT.jsonl REV [--per N] [--seed S]
/// [--bloqs 3,4,5] [--arms a,b] [--min-arity K] [--max-arity K] [--per8 N]
/// [--jets REV] [--budget SECS] [--chunk N] [--skip-inputs K]`: the posit arms of a `/lib/unum` text (the
/// kernel and ARMS.tsv written by scripts/make_unum_kernel.py, REV the
/// commit of its text). At posit8 every input of an arm of one posit, and
/// every pair for two posits (or `--per8` drawn ones); otherwise `N` drawn inputs (special
/// values and random bits) per arm and width, cut short by the `--budget`
/// seconds per arm and width. Each call whose product is an atom is written
/// to OUT.jsonl as a vector naming REV; each is also computed by urnum at
/// REV, and the differences counted. Without `--jets` the Hoon runs alone
/// (jets off); with `--jets R` urnum's posit jets of revision `R` are
/// registered and run in test mode (each jet call also runs the arm's Nock
/// and compares), and the jet-level counts are printed per arm and width,
/// every jet mismatch going to OUT.jsonl's `.jet-mismatches.tsv` sibling.
/// `--chunk` sets the calls per kernel request (256) and `--skip-inputs`
/// leaves out the first K drawn inputs of each arm and width (to find, one
/// call per request, an input on which the runtime itself aborts).
pub(crate) fn sweep(argv: &[String]) -> Result<(), String> {
    if argv.len() < 4 {
        return Err(
            "usage: random sweep KERNEL.jam ARMS.tsv OUT.jsonl REV [--per N] [--seed S] [--bloqs 3,4,5] [--arms a,b] [--min-arity K] [--max-arity K] [--per8 N] [--jets REV] [--budget SECS]".into(),
        );
    }
    let (jam, arms, out, rev) = (&argv[0], &argv[1], &argv[2], &argv[3]);
    let text_rev = softblas::scalar::unum::UnumRev::from_commit(rev)
        .ok_or(format!("{rev}: not a known /lib/unum revision"))?;
    let mut per = 2000usize;
    let mut per8: Option<usize> = None;
    let mut seed = 35u64;
    let mut bloqs = vec![3u32, 4, 5];
    let mut only: Option<Vec<String>> = None;
    let mut min_arity = 0usize;
    let mut max_arity = 3usize;
    let mut jets = None;
    let mut budget = f64::INFINITY;
    let mut chunk = 256usize;
    let mut skip_inputs = 0usize;
    let mut it = argv[4..].iter();
    while let Some(x) = it.next() {
        let v = it.next().ok_or(format!("{x} needs a value"))?;
        match x.as_str() {
            "--per" => per = v.parse().map_err(|e| format!("--per: {e}"))?,
            "--per8" => per8 = Some(v.parse().map_err(|e| format!("--per8: {e}"))?),
            "--seed" => seed = v.parse().map_err(|e| format!("--seed: {e}"))?,
            "--bloqs" => {
                bloqs = v
                    .split(',')
                    .map(|b| b.parse().map_err(|e| format!("--bloqs: {e}")))
                    .collect::<Result<_, _>>()?
            }
            "--arms" => only = Some(v.split(',').map(str::to_string).collect()),
            "--min-arity" => min_arity = v.parse().map_err(|e| format!("--min-arity: {e}"))?,
            "--max-arity" => max_arity = v.parse().map_err(|e| format!("--max-arity: {e}"))?,
            "--budget" => budget = v.parse().map_err(|e| format!("--budget: {e}"))?,
            "--chunk" => chunk = v.parse().map_err(|e| format!("--chunk: {e}"))?,
            "--skip-inputs" => {
                skip_inputs = v.parse().map_err(|e| format!("--skip-inputs: {e}"))?
            }
            "--jets" => {
                jets = Some(
                    softblas::scalar::unum::UnumRev::from_commit(v)
                        .ok_or(format!("--jets: {v}: not a known revision"))?,
                )
            }
            _ => return Err(format!("unknown argument {x}")),
        }
    }
    let jam = std::fs::read(jam).map_err(|e| e.to_string())?;
    let hot = match jets {
        Some(r) => [URBIT_HOT_STATE, &urnum_nockvm::hot_state(Some(r))].concat(),
        None => URBIT_HOT_STATE.to_vec(),
    };
    let mut vm = boot_with(&jam, &hot)?;
    urnum_nockvm::set_test_mode(jets.is_some());
    let mut f = std::fs::File::create(out).map_err(|e| e.to_string())?;
    let mut jet_f =
        std::fs::File::create(format!("{out}.jet-mismatches.tsv")).map_err(|e| e.to_string())?;
    let reg = urnum_nockvm::registry();
    println!("arm\tdoor\tcalls\tcrashes\turnum_differs\turnum_unsupported\tseconds\tjet_answered\tjet_punted\tjet_agreed\tjet_mismatched\tnock_seconds");
    let text = std::fs::read_to_string(arms).map_err(|e| e.to_string())?;
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [id, arm, sig] = cols[..] else { continue };
        if only.as_ref().is_some_and(|o| !o.iter().any(|a| a == arm)) {
            continue;
        }
        let id: usize = id.parse().map_err(|e| format!("{line}: {e}"))?;
        let kinds = parse_sig(sig).ok_or(format!("{line}: bad signature"))?;
        let arity = kinds.len();
        if arity < min_arity || arity > max_arity {
            continue;
        }
        for &bloq in &bloqs {
            let Some(&(_, door)) = POSIT_DOORS.iter().find(|(b, _)| *b == bloq) else {
                return Err(format!("--bloqs: no posit door of bloq {bloq}"));
            };
            let mut r = SplitMix64::new(seed ^ ((id as u64) << 8) ^ u64::from(bloq));
            let all_posit = kinds.iter().all(|k| *k == ArgKind::Posit);
            // every posit8 input of a one-posit arm; every pair unless --per8
            let exhaustive =
                bloq == 3 && all_posit && (arity == 1 || (arity == 2 && per8.is_none()));
            let inputs: Vec<Vec<HNoun>> = if exhaustive {
                (0..1u32 << (8 * arity))
                    .map(|i| {
                        (0..arity)
                            .map(|k| {
                                HNoun::Atom(UAtom::from_u128(u128::from((i >> (8 * k)) & 0xff)))
                            })
                            .collect()
                    })
                    .collect()
            } else {
                let n = if bloq == 3 { per8.unwrap_or(per) } else { per };
                (0..n)
                    .map(|_| {
                        kinds
                            .iter()
                            .map(|k| draw_arg(&mut r, *k, bloq, door))
                            .collect()
                    })
                    .collect()
            };
            let key = format!("{arm}:{door}");
            let key_rev = format!("{key}@{}", text_rev.short());
            let (mut crashes, mut differs, mut unsupported, mut calls) = (0u64, 0u64, 0u64, 0u64);
            urnum_nockvm::reset_stats();
            let t0 = Instant::now();
            for chunk in inputs[skip_inputs.min(inputs.len())..].chunks(chunk.max(1)) {
                if t0.elapsed().as_secs_f64() > budget {
                    break;
                }
                let items: Vec<(usize, HNoun, HNoun)> = chunk
                    .iter()
                    .map(|xs| {
                        (
                            id,
                            HNoun::atom(u64::from(bloq)),
                            HNoun::tuple(xs.iter().cloned()),
                        )
                    })
                    .collect();
                if chunk.len() == 1 {
                    // one call per request: name the input first, in case the runtime aborts
                    let hexes: Vec<String> = chunk[0].iter().map(short_arg).collect();
                    eprintln!("call {key} {}", hexes.join(" "));
                }
                let got = request(&mut vm, &items)?;
                for (xs, g) in chunk.iter().zip(&got) {
                    calls += 1;
                    let flag = FLAG_ARMS.contains(&arm);
                    let (expected, compare) = match g {
                        Got::Crash => {
                            crashes += 1;
                            (serde_json::Value::Null, "crash")
                        }
                        Got::Value(HNoun::Atom(a)) if flag => {
                            (serde_json::json!({"flag": a.as_u64() == Some(0)}), "exact")
                        }
                        Got::Value(HNoun::Atom(a)) => {
                            (serde_json::json!({"atom": a.to_string()}), "exact")
                        }
                        Got::Value(_) => (serde_json::Value::Null, "cell"),
                    };
                    match reg.call(&key_rev, &urnum_cli::Door::bare(door), xs) {
                        Ok(n) => {
                            let same = match g {
                                Got::Value(v) if flag => {
                                    v.as_atom().and_then(UAtom::as_u64)
                                        == n.as_atom().and_then(UAtom::as_u64)
                                }
                                Got::Value(v) => *v == n,
                                Got::Crash => false,
                            };
                            differs += u64::from(!same);
                        }
                        Err(urnum_cli::ArmError::Crash(_)) => {
                            differs += u64::from(*g != Got::Crash)
                        }
                        Err(_) => unsupported += 1,
                    }
                    if compare == "cell" {
                        continue;
                    }
                    let args: Vec<serde_json::Value> = xs.iter().map(json_arg).collect();
                    let hexes: Vec<String> = xs.iter().map(short_arg).collect();
                    let v = serde_json::json!({
                        "id": format!("nockvm-unum/{rev}/{key}/{}#0", hexes.join("-")),
                        "file": format!("nockvm:unum-{rev}"),
                        "test": format!("{}-{}", key.replace(':', "-"), hexes.join("-")),
                        "lib": "unum",
                        "arm": key,
                        "rounding": "default",
                        "args": args,
                        "expected": expected,
                        "compare": compare,
                        "rev": rev,
                        "unum_rev": text_rev.commit(),
                        "note": format!(
                            "computed by /lib/unum@{} under NockVM (nockchain c3a0723, hoon-138), {}, in integrations/nockvm's random sweep (seed {seed}); check against that revision",
                            text_rev.short(),
                            match jets {
                                Some(j) => format!("urnum's {} posit jets in test mode (the Nock's product kept)", j.short()),
                                None => "jets off".to_string(),
                            }
                        ),
                    });
                    writeln!(f, "{v}").map_err(|e| e.to_string())?;
                }
            }
            let st = urnum_nockvm::stats();
            for (k, ours, theirs) in &st.mismatches {
                writeln!(jet_f, "{k}\t{ours}\t{theirs}").map_err(|e| e.to_string())?;
            }
            println!(
                "{arm}\t{door}\t{calls}\t{crashes}\t{differs}\t{unsupported}\t{:.1}\t{}\t{}\t{}\t{}\t{:.1}",
                t0.elapsed().as_secs_f64(),
                st.answered.values().sum::<u64>(),
                st.punted.values().sum::<u64>(),
                st.agreed,
                st.mismatches.len(),
                st.nock_nanos.values().sum::<u64>() as f64 / 1e9,
            );
            std::io::stdout().flush().ok();
        }
    }
    Ok(())
}

/// The posit doors by bloq.
const POSIT_DOORS: &[(u32, &str)] = &[(3, "rpb"), (4, "rph"), (5, "rps"), (6, "rpd"), (7, "rpq")];
