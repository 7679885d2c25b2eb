//! The random run: its arguments, the buckets each arm fills, the calls'
//! door samples, and the per-arm table and vector lines it writes.

use super::cases::{draw_cases, Drops};
use super::vm::{boot, request, watchdog, Got, Watch};
use hoon::noun::Noun as HNoun;
use softblas::Atom as UAtom;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::time::Instant;
use urnum_cli::genhoon::cases::{self, Case, Expected, KindBloq};
use urnum_cli::rng::SplitMix64;
use urnum_nockvm::JetSpec;

/// Calls per kernel request.
const BATCH: usize = 50;

/// What to draw for a spec: the generator's registry key, and the kinds
/// (one bucket per entry).
fn plans(s: &JetSpec) -> Vec<(String, String, Vec<KindBloq>)> {
    let (arm, door) = s.key.split_once(':').unwrap_or(("", ""));
    let kb = |kind: &'static str, bloqs: &[u32]| -> Vec<KindBloq> {
        bloqs.iter().map(|&bloq| KindBloq { kind, bloq }).collect()
    };
    match door {
        "la" => ["i754", "uint", "int2", "unum", "cplx"]
            .iter()
            .map(|k| {
                let all = cases::parse_kinds(k).unwrap_or_default();
                (s.key.clone(), (*k).to_string(), all)
            })
            .collect(),
        "rh" | "rs" | "rd" | "rq" => vec![(s.key.clone(), door.to_string(), kb("i754", &[5]))],
        "rpb" => ["rpb", "rph", "rps", "rpd"]
            .iter()
            .map(|d| (format!("{arm}:{d}"), (*d).to_string(), kb("i754", &[5])))
            .collect(),
        "twid" => vec![(format!("{arm}:twoc"), "twoc".into(), kb("i754", &[5]))],
        _ => vec![],
    }
}

pub(crate) fn mode_noun(m: &str) -> HNoun {
    HNoun::Atom(UAtom::from_u64(u64::from(
        m.as_bytes().first().copied().unwrap_or(b'z'),
    )))
}

pub(crate) fn json_atom(v: Option<&serde_json::Value>) -> Option<UAtom> {
    UAtom::from_hex(v?.get("atom")?.as_str()?)
}

/// The door sample the kernel's gate takes for case `c` of spec door `door`.
fn door_noun(c: &Case, door: &str) -> Option<HNoun> {
    let a = &c.door_args;
    Some(match door {
        "la" => mode_noun(a.get("rnd").and_then(|v| v.as_str()).unwrap_or("z")),
        "rh" | "rs" | "rd" | "rq" => HNoun::tuple([
            mode_noun(a.get("r")?.as_str()?),
            HNoun::Atom(json_atom(a.get("rtol"))?),
            HNoun::Atom(json_atom(a.get("atol"))?),
        ]),
        "rpb" => {
            let d = c.key.split_once(':')?.1;
            HNoun::atom(match d {
                "rpb" => 3u64,
                "rph" => 4,
                "rps" => 5,
                "rpd" => 6,
                _ => 7,
            })
        }
        "twid" => {
            let bloq = json_atom(a.get("bloq"))?.as_u64()?;
            HNoun::atom(1u64 << bloq)
        }
        _ => return None,
    })
}

/// The bucket of a case: its kind (or width) and its rounding mode.
fn bucket(c: &Case, kind: &str) -> (String, String) {
    let k = if kind == "twoc" {
        let b = json_atom(c.door_args.get("bloq")).and_then(|a| a.as_u64());
        format!("twoc:{}", b.unwrap_or(0))
    } else {
        kind.to_string()
    };
    (k, c.rounding.clone())
}

fn agrees(c: &Case, got: &Got) -> bool {
    match (&c.expected, got) {
        (Expected::Crash(_), Got::Crash) => true,
        (Expected::Ray(n), Got::Value(v)) => n == v,
        (Expected::Atom(a), Got::Value(HNoun::Atom(b))) => a == b,
        (Expected::Flag(f), Got::Value(HNoun::Atom(b))) => b.as_u64() == Some(u64::from(!*f)),
        _ => false,
    }
}

/// The case with the Nock's product as its expected value.
fn as_nock(c: &Case, got: &Got) -> Case {
    let mut out = c.clone();
    out.expected = match (got, &c.expected) {
        (Got::Crash, _) => Expected::Crash("the Hoon crashed (NockVM)".into()),
        (Got::Value(HNoun::Atom(a)), Expected::Flag(_)) => Expected::Flag(a.as_u64() == Some(0)),
        (Got::Value(v), Expected::Ray(_)) => Expected::Ray(v.clone()),
        (Got::Value(HNoun::Atom(a)), _) => Expected::Atom(a.clone()),
        (Got::Value(v), _) => Expected::Ray(v.clone()),
    };
    out
}

/// One vector line: the case with the Nock's product, provenance rewritten.
fn vector_line(i: usize, c: &Case, got: &Got, seed: u64, agreed: bool) -> String {
    let line = urnum_cli::genhoon::emit::vector_line(i, &as_nock(c, got), seed);
    let mut v: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
    let test = format!("{}-{i:05}", c.key.replace(':', "-"));
    v["id"] = serde_json::json!(format!("nockvm/seed-{seed}/{test}#0"));
    v["file"] = serde_json::json!("nockvm:random");
    v["test"] = serde_json::json!(test);
    v["rev"] = serde_json::json!(match c.lib {
        "lagoon" => "aa6f2a6bd13e",
        "math" => "a71a0b9e111e",
        _ => "96f3cfe0a0cc",
    });
    v["note"] = serde_json::json!(format!(
        "computed by the urbit/numerics Hoon (lagoon.hoon@aa6f2a6, math.hoon@a71a0b9, the rest @96f3cfe) \
         under NockVM (nockchain c3a0723, hoon-138) in integrations/nockvm's random runner, urnum's jets \
         punting; seed {seed}; urnum {}",
        if agreed { "agreed" } else { "DISAGREED" }
    ));
    v.to_string()
}

#[derive(Default)]
struct Row {
    calls: u64,
    agreed: u64,
    mismatched: u64,
    punted: u64,
    jet_answered: u64,
    jet_agreed: u64,
    jet_mismatched: u64,
    seconds: f64,
    nock_seconds: f64,
    buckets: BTreeMap<(String, String), u64>,
}

pub(crate) struct Args {
    jam: String,
    seed: u64,
    calls: usize,
    budget: f64,
    only: Option<String>,
    skip: Vec<String>,
    out: String,
    prior: Vec<String>,
    call_timeout: f64,
}

pub(crate) fn parse_args(argv: &[String]) -> Result<Args, String> {
    let mut a = Args {
        jam: String::new(),
        seed: 35,
        calls: 300,
        budget: 600.0,
        only: None,
        skip: Vec::new(),
        out: "work/random".into(),
        prior: Vec::new(),
        call_timeout: 0.0,
    };
    let mut it = argv.iter();
    while let Some(x) = it.next() {
        let mut val = || it.next().cloned().ok_or(format!("{x} needs a value"));
        match x.as_str() {
            "--seed" => a.seed = val()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--calls" => a.calls = val()?.parse().map_err(|e| format!("--calls: {e}"))?,
            "--budget" => a.budget = val()?.parse().map_err(|e| format!("--budget: {e}"))?,
            "--only" => a.only = Some(val()?),
            "--skip" => a.skip = val()?.split(',').map(str::to_string).collect(),
            "--out" => a.out = val()?,
            "--prior" => a.prior = val()?.split(',').map(str::to_string).collect(),
            "--call-timeout" => {
                a.call_timeout = val()?.parse().map_err(|e| format!("--call-timeout: {e}"))?
            }
            s if a.jam.is_empty() && !s.starts_with("--") => a.jam = s.to_string(),
            s => return Err(format!("unknown argument {s}")),
        }
    }
    if a.jam.is_empty() {
        return Err("usage: random KERNEL.jam [--seed S] [--calls N] [--budget SECS] [--only SUBSTR|KEY,KEY] [--skip ARM,ARM] [--prior TSV,TSV] [--call-timeout SECS] [--out DIR]\n       random emit-kernel NUMERICS_DIR OUT.hoon".into());
    }
    Ok(a)
}

/// Bucket counts of earlier runs: `(arm key, kind, mode) -> calls`, summed
/// over the rows of the `--prior` tables (a row's arm is its first field
/// holding a `:`, its buckets the field of `kind/mode=count` items).
fn read_prior(files: &[String]) -> Result<BTreeMap<(String, String, String), u64>, String> {
    let mut out = BTreeMap::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        for line in text.lines() {
            let cols: Vec<&str> = line.split('\t').collect();
            let Some(key) = cols.iter().take(2).find(|c| c.contains(':')) else {
                continue;
            };
            for col in &cols {
                let items: Vec<(&str, &str, u64)> = col
                    .split(',')
                    .filter_map(|it| {
                        let (km, n) = it.split_once('=')?;
                        let (k, m) = km.rsplit_once('/')?;
                        Some((k, m, n.parse().ok()?))
                    })
                    .collect();
                if items.is_empty() || items.len() != col.split(',').count() {
                    continue;
                }
                for (k, m, n) in items {
                    *out.entry((key.to_string(), k.to_string(), m.to_string()))
                        .or_default() += n;
                }
            }
        }
    }
    Ok(out)
}

/// The buckets a plan fills: its kind (or each `+twid` width) by each rounding mode.
fn plan_buckets(door: &str, kind: &str) -> Vec<(String, String)> {
    let modes: &[&str] = match door {
        "la" => &["default", "n", "u", "d", "z"],
        "rh" | "rs" | "rd" | "rq" => &["n", "u", "d", "z"],
        _ => &["default"],
    };
    let kinds: Vec<String> = if kind == "twoc" {
        (3..=7).map(|b| format!("twoc:{b}")).collect()
    } else {
        vec![kind.to_string()]
    };
    kinds
        .iter()
        .flat_map(|k| modes.iter().map(move |m| (k.clone(), (*m).to_string())))
        .collect()
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let jam = std::fs::read(&args.jam).map_err(|e| format!("{}: {e}", args.jam))?;
    let prior = read_prior(&args.prior)?;
    let mut vm = boot(&jam)?;
    urnum_nockvm::set_test_mode(true);
    std::fs::create_dir_all(&args.out).map_err(|e| e.to_string())?;
    let open = |name: &str| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(format!("{}/{name}", args.out))
            .map_err(|e| e.to_string())
    };
    let mut agreed_f = open("agreed.jsonl")?;
    let mut mism_f = open("mismatched.jsonl")?;
    let mut table = open("table.tsv")?;
    let watch = std::sync::Arc::new(std::sync::Mutex::new(Watch::default()));
    if args.call_timeout > 0.0 {
        watchdog(watch.clone(), args.call_timeout, args.out.clone());
    }
    let reg = urnum_nockvm::registry();
    println!("arm\tcalls\tagreed\tmismatched\tpunted\tjet_answered\tjet_agreed\tjet_mismatched\tseconds\tnock_seconds\tbuckets");
    let mut seq = 0usize;
    for (id, s) in urnum_nockvm::specs().iter().enumerate() {
        if let Some(o) = &args.only {
            let hit = if o.contains(',') {
                o.split(',').any(|k| k == s.key)
            } else {
                s.key.contains(o.as_str())
            };
            if !hit {
                continue;
            }
        }
        let (arm, door) = s.key.split_once(':').unwrap_or(("", ""));
        if door.starts_with("rpb@") {
            // The posit jets, one set per /lib/unum text: `random sweep --jets`.
            continue;
        }
        if args.skip.iter().any(|k| k == arm || k == &s.key) {
            println!("{}\tskipped (--skip)", s.key);
            continue;
        }
        let mut row = Row::default();
        let mut r = SplitMix64::new(args.seed ^ (id as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        urnum_nockvm::reset_stats();
        let t_arm = Instant::now();
        let mut whys: Vec<String> = Vec::new();
        let plans = plans(s);
        let n_plans = plans.len().max(1) as f64;
        let mut limits = Drops::new();
        'plans: for (pi, (gen_key, kind, kinds)) in plans.into_iter().enumerate() {
            // Each kind gets its share of the arm's budget (what one leaves goes to the next).
            let plan_budget = args.budget * (pi as f64 + 1.0) / n_plans;
            let buckets = plan_buckets(door, &kind);
            let need = |row: &Row, b: &(String, String)| -> u64 {
                let had = prior
                    .get(&(s.key.clone(), b.0.clone(), b.1.clone()))
                    .copied()
                    .unwrap_or(0)
                    + row.buckets.get(b).copied().unwrap_or(0);
                (args.calls as u64).saturating_sub(had)
            };
            let mut idle = 0usize;
            while buckets.iter().any(|b| need(&row, b) > 0) {
                if t_arm.elapsed().as_secs_f64() > plan_budget {
                    whys.push(format!("{kind}: budget {}s reached", args.budget));
                    continue 'plans;
                }
                let mut cs = Vec::new();
                let req = cases::Request {
                    reg,
                    key: &gen_key,
                    kinds: &kinds,
                    n: BATCH,
                    square: false,
                };
                let got = match draw_cases(req, &mut r, &mut cs) {
                    Ok(d) => d,
                    Err(e) => {
                        whys.push(format!("{kind}: {e}"));
                        continue 'plans;
                    }
                };
                for (k, v) in got {
                    *limits.entry(k).or_default() += v;
                }
                // Only the calls of a bucket still short of the bar go to the Nock.
                let mut pending: BTreeMap<(String, String), u64> = BTreeMap::new();
                cs.retain(|c| {
                    let b = bucket(c, &kind);
                    let p = pending.entry(b.clone()).or_default();
                    let keep = need(&row, &b) > *p;
                    *p += u64::from(keep);
                    keep
                });
                if cs.is_empty() {
                    idle += 1;
                    if idle > 200 {
                        let short: Vec<String> = buckets
                            .iter()
                            .filter(|b| need(&row, b) > 0)
                            .map(|(k, m)| format!("{k}/{m}"))
                            .collect();
                        whys.push(format!(
                            "{kind}: 200 batches drew no call for {}",
                            short.join(" ")
                        ));
                        continue 'plans;
                    }
                    continue;
                }
                idle = 0;
                let items: Vec<(usize, HNoun, HNoun)> = cs
                    .iter()
                    .filter_map(|c| {
                        let d = door_noun(c, door)?;
                        let a = HNoun::tuple(c.args.iter().map(|a| a.noun.clone()));
                        Some((id, d, a))
                    })
                    .collect();
                if items.len() != cs.len() {
                    whys.push(format!("{kind}: a case's door sample could not be read"));
                    continue 'plans;
                }
                if args.call_timeout > 0.0 {
                    let lines: Vec<String> = cs
                        .iter()
                        .enumerate()
                        .map(|(i, c)| urnum_cli::genhoon::emit::vector_line(seq + i, c, args.seed))
                        .collect();
                    if let Ok(mut w) = watch.lock() {
                        w.row = row_line(&s.key, &row, &whys);
                        w.busy = Some((Instant::now(), s.key.clone(), lines));
                    }
                }
                let t0 = Instant::now();
                let got = request(&mut vm, &items)?;
                row.seconds += t0.elapsed().as_secs_f64();
                if let Ok(mut w) = watch.lock() {
                    w.busy = None;
                }
                for (c, g) in cs.iter().zip(&got) {
                    let ok = agrees(c, g);
                    row.calls += 1;
                    *row.buckets.entry(bucket(c, &kind)).or_default() += 1;
                    let line = vector_line(seq, c, g, args.seed, ok);
                    seq += 1;
                    if ok {
                        row.agreed += 1;
                        writeln!(agreed_f, "{line}").map_err(|e| e.to_string())?;
                    } else {
                        row.mismatched += 1;
                        writeln!(mism_f, "{line}").map_err(|e| e.to_string())?;
                    }
                }
            }
        }
        for (k, v) in &limits {
            whys.push(format!("{v} drawn inputs left out: {k}"));
        }
        let st = urnum_nockvm::stats();
        row.punted = st.punted.values().sum();
        row.jet_answered = st.answered.values().sum();
        row.jet_agreed = st.agreed;
        row.jet_mismatched = st.mismatches.len() as u64;
        row.nock_seconds = st.nock_nanos.values().sum::<u64>() as f64 / 1e9;
        let line = row_line(&s.key, &row, &whys);
        println!("{line}");
        writeln!(table, "{line}").map_err(|e| e.to_string())?;
        for (key, ours, theirs) in &st.mismatches {
            println!("  MISMATCH {key}: urnum {ours} nock {theirs}");
        }
        std::io::stdout().flush().ok();
    }
    Ok(())
}

/// One table row: counts, the kind/mode buckets, and why the arm stopped short.
fn row_line(key: &str, row: &Row, whys: &[String]) -> String {
    let buckets: Vec<String> = row
        .buckets
        .iter()
        .map(|((k, m), n)| format!("{k}/{m}={n}"))
        .collect();
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.2}\t{:.2}\t{}{}",
        key,
        row.calls,
        row.agreed,
        row.mismatched,
        row.punted,
        row.jet_answered,
        row.jet_agreed,
        row.jet_mismatched,
        row.seconds,
        row.nock_seconds,
        buckets.join(","),
        if whys.is_empty() {
            String::new()
        } else {
            format!("\t({})", whys.join("; "))
        }
    )
}
