//! Random jet-against-Nock runs: every urnum jet, on inputs drawn from a seed,
//! checked against the Hoon's own Nock in NockVM.
//!
//! `random emit-kernel NUMERICS_DIR OUT.hoon` writes the NockApp kernel: its
//! `+peek` at `/calls/<jam>` cues a list of `[id door args]`, builds arm `id`'s
//! gate over the door sample `door` (the `id`-th entry of
//! [`urnum_nockvm::specs`]), calls it with `args` as its sample (raw, by
//! `[9 2 0 1]` on the gate with the sample replaced), each call under `+mule`,
//! and gives `(list (each * ~))`.
//!
//! `random KERNEL.jam [--seed S] [--calls N] [--budget SECS] [--only SUBSTR|KEY,KEY]
//! [--skip ARM,ARM] [--prior TSV,TSV] [--call-timeout SECS] [--out DIR]` draws,
//! for every jet (`urnum gen-hoon`'s generator: special values,
//! NaN/∞/±0/subnormals, random bits, rank-1 and rank-2 shapes up to 4 per
//! side; the driver's own draws for the arms outside its table, see
//! [`draw_cases`]), calls until every bucket — element kind (or `+twid`
//! width) × rounding mode — holds `N`, counting the buckets of the `--prior`
//! tables, within `SECS` per arm; runs them in test mode (each jet call also
//! runs the arm's Nock and compares), and compares each call's product with
//! urnum's own result. Per arm it prints calls, agreed, mismatched, punted,
//! the jet-level comparisons, the seconds and the buckets; it writes every
//! call as a vector line (the Nock's product as the expected value) to
//! `DIR/agreed.jsonl` or `DIR/mismatched.jsonl`, and the table to
//! `DIR/table.tsv`. With `--call-timeout`, a request that does not return in
//! time ends the run with its calls in `DIR/timeouts.jsonl` ([`watchdog`]).
//!
//! `random replay KERNEL.jam LINES.jsonl [--timeout SECS]` runs math-door
//! vector lines one call per request ([`replay`]).

use hoon::noun::Noun as HNoun;
use nockapp::utils::create_context;
use nockapp::NounExt;
use nockvm::interpreter::interpret;
use nockvm::jets::cold::Cold;
use nockvm::jets::hot::URBIT_HOT_STATE;
use nockvm::mem::NockStack;
use nockvm::noun::{Noun, D, T};
use softblas::Atom as UAtom;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;
use urnum_cli::genhoon::cases::{self, Case, Expected, KindBloq};
use urnum_cli::rng::SplitMix64;
use urnum_nockvm::JetSpec;

/// The wrapper core's `+peek` arm (nockapp's `PEEK_AXIS`).
const PEEK_AXIS: u64 = 22;
/// Words of the Nock stack (8 GiB of address space, allocated lazily).
const STACK_WORDS: usize = 1 << 30;
/// Calls per kernel request.
const BATCH: usize = 50;

/// The Hoon expression of spec `s`'s gate over the door sample `door`, or
/// why the kernel leaves it out.
fn gate_hoon(s: &JetSpec, src: &Sources) -> Result<String, String> {
    let (arm, door) = s.key.split_once(':').ok_or("no door")?;
    let has = |text: &str| {
        text.contains(&format!("\n  ++  {arm}\n")) || text.contains(&format!("\n  ++  {arm}  "))
    };
    let has4 = |text: &str| {
        text.contains(&format!("\n    ++  {arm}\n")) || text.contains(&format!("\n    ++  {arm}  "))
    };
    match door {
        "la" if has(&src.lagoon) => Ok(format!("{arm}:(lake ;;(?(%n %u %d %z) door))")),
        "rh" | "rs" | "rd" | "rq" if has4(src.math_door(door)) => Ok(format!(
            "~({arm} {door}:math ;;([?(%n %u %d %z) @r{x} @r{x}] door))",
            x = &door[1..]
        )),
        "rpb" if has(&src.unum_pp) => Ok(format!("~({arm} pp:unum ;;(@ door))")),
        "twid" if has(&src.twid) => Ok(format!("~({arm} twid:twoc ;;(@ door))")),
        _ => Err(format!(
            "no ++{arm} in the {door} door at the pinned revision"
        )),
    }
}

/// The Hoon sources the kernel is checked against (arm names only).
struct Sources {
    lagoon: String,
    math: String,
    unum_pp: String,
    twid: String,
}

impl Sources {
    fn read(numerics: &std::path::Path) -> std::io::Result<Sources> {
        let rd = |p: &str| std::fs::read_to_string(numerics.join(p));
        let unum = rd("libmath/desk/lib/unum.hoon")?;
        let twoc = rd("libmath/desk/lib/twoc.hoon")?;
        let cut = |t: &str, from: &str, to: &str| -> String {
            let i = t.find(from).unwrap_or(0);
            let j = t[i..].find(to).map_or(t.len(), |j| i + j);
            t[i..j].to_string()
        };
        Ok(Sources {
            lagoon: rd("lagoon/desk/lib/lagoon.hoon")?,
            math: rd("libmath/desk/lib/math.hoon")?,
            unum_pp: cut(&unum, "\n++  pp\n", "\n++  rpb"),
            twid: cut(&twoc, "\n++  twid\n", "\n++  twoc\n"),
        })
    }

    /// The text of one `/lib/math` door (`++  rs` up to the next door).
    fn math_door(&self, door: &str) -> &str {
        let start = self.math.find(&format!("\n  ++  {door}\n")).unwrap_or(0);
        let rest = &self.math[start + 1..];
        let end = rest.find("\n  ++  r").map_or(rest.len(), |e| e + 1);
        &rest[..end]
    }
}

const KERNEL_HEAD: &str = "/+  *wrapper, *lagoon, math, unum, twoc
=>
|%
+$  state  ~
++  moat  (keep state)
++  gate
  |=  [id=@ud door=*]
  ^-  *
  ?+  id  !!
";

const KERNEL_TAIL: &str = "  ==
++  call
  |=  [id=@ud door=* args=*]
  ^-  (each * ~)
  =/  r
    %-  mule  |.
    =/  g  ;;([* * *] (gate id door))
    .*([-.g args +>.g] [9 2 0 1])
  ?-  -.r
    %&  [%& p.r]
    %|  [%| ~]
  ==
--
%-  (moat |)
^-  fort:moat
|_  s=state
++  load  |=(old=state old)
++  peek
  |=  arg=path
  ^-  (unit (unit *))
  =/  req  ;;((list [@ud * *]) (cue (snag 1 arg)))
  ``(turn req call)
++  poke  |=(=ovum:moat [~ s])
--
";

fn emit_kernel(numerics: &str, out: &str) -> Result<(), String> {
    let src = Sources::read(std::path::Path::new(numerics)).map_err(|e| e.to_string())?;
    let mut k = String::from(KERNEL_HEAD);
    let mut left = Vec::new();
    for (i, s) in urnum_nockvm::specs().iter().enumerate() {
        match gate_hoon(s, &src) {
            Ok(h) => {
                let _ = writeln!(k, "    %{i}  {h}");
            }
            Err(e) => left.push(format!("{}: {e}", s.key)),
        }
    }
    k.push_str(KERNEL_TAIL);
    std::fs::write(out, k).map_err(|e| e.to_string())?;
    eprintln!(
        "{} jets, {} in the kernel; left out:",
        urnum_nockvm::specs().len(),
        urnum_nockvm::specs().len() - left.len()
    );
    for l in &left {
        eprintln!("  {l}");
    }
    Ok(())
}

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

fn mode_noun(m: &str) -> HNoun {
    HNoun::Atom(UAtom::from_u64(u64::from(
        m.as_bytes().first().copied().unwrap_or(b'z'),
    )))
}

fn json_atom(v: Option<&serde_json::Value>) -> Option<UAtom> {
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

/// What the Nock gave for one call.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Got {
    Value(HNoun),
    Crash,
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

struct Vm {
    ctx: nockvm::interpreter::Context,
    arvo: Noun,
}

fn boot(jam: &[u8]) -> Result<Vm, String> {
    let mut stack = NockStack::new(STACK_WORDS, 0);
    let cold = Cold::new(&mut stack);
    // The random kernels carry /lib/unum at 96f3cfe (the rest of numerics' revision): its posit jets.
    let hot = [
        URBIT_HOT_STATE,
        &urnum_nockvm::hot_state(Some(softblas::scalar::unum::UnumRev::V96f3cfe)),
    ]
    .concat();
    let mut ctx = create_context(stack, &hot, cold, None);
    let trap = Noun::cue_bytes_slice(&mut ctx.stack, jam).map_err(|e| format!("cue: {e:?}"))?;
    let kick = T(&mut ctx.stack, &[D(9), D(2), D(0), D(1)]);
    let arvo = interpret(&mut ctx, trap, kick).map_err(|e| format!("boot: {e:?}"))?;
    Ok(Vm { ctx, arvo })
}

/// Runs one request (a list of `[id door args]`) and gives the products.
fn request(vm: &mut Vm, items: &[(usize, HNoun, HNoun)]) -> Result<Vec<Got>, String> {
    let list = HNoun::list(
        items
            .iter()
            .map(|(id, d, a)| HNoun::tuple([HNoun::atom(*id as u64), d.clone(), a.clone()])),
    );
    let jam = HNoun::Atom(hoon::jam::jam(&list));
    let jam = urnum_nockvm::to_nockvm(&mut vm.ctx, &jam);
    let calls = D(u64::from_le_bytes(*b"calls\0\0\0"));
    let path = T(&mut vm.ctx.stack, &[calls, jam, D(0)]);
    let out = nockapp::noun::slam(&mut vm.ctx, vm.arvo, PEEK_AXIS, path)
        .map_err(|e| format!("peek: {e:?}"))?;
    let out = urnum_nockvm::to_urnum(out);
    let mut list = out.slot(7).ok_or("peek gave no value")?.clone();
    let mut got = Vec::new();
    while let Some((h, t)) = list.as_cell().map(|(h, t)| (h.clone(), t.clone())) {
        let (tag, val) = h.as_cell().ok_or("a result is not a cell")?;
        got.push(if tag.as_atom().and_then(UAtom::as_u64) == Some(0) {
            Got::Value(val.clone())
        } else {
            Got::Crash
        });
        list = t;
    }
    if got.len() != items.len() {
        return Err(format!("{} results for {} calls", got.len(), items.len()));
    }
    Ok(got)
}

struct Args {
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

fn parse_args(argv: &[String]) -> Result<Args, String> {
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

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.first().map(String::as_str) == Some("sweep") {
        if let Err(e) = sweep(&argv[1..]) {
            eprintln!("{e}");
            std::process::exit(1);
        }
        return;
    }
    if argv.first().map(String::as_str) == Some("replay") {
        if let Err(e) = replay(&argv[1..]) {
            eprintln!("{e}");
            std::process::exit(1);
        }
        return;
    }
    if argv.first().map(String::as_str) == Some("emit-kernel") {
        if argv.len() != 3 {
            eprintln!("usage: random emit-kernel NUMERICS_DIR OUT.hoon");
            std::process::exit(2);
        }
        if let Err(e) = emit_kernel(&argv[1], &argv[2]) {
            eprintln!("{e}");
            std::process::exit(1);
        }
        return;
    }
    let args = match parse_args(&argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(&args) {
        eprintln!("{e}");
        std::process::exit(1);
    }
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

/// What the watchdog reports when a request does not return.
#[derive(Default)]
struct Watch {
    /// When the running request started, its arm and its calls (vector lines, urnum's expectation).
    busy: Option<(Instant, String, Vec<String>)>,
    /// The arm's row so far, as the table would print it.
    row: String,
}

/// With `--call-timeout S`: a thread that, when one request has run S
/// seconds, writes the request's calls to `DIR/timeouts.jsonl`, prints the
/// arm's row so far with the reason, and ends the process (exit code 3): a
/// Nock computation cannot be interrupted in NockVM (its cancel token is read
/// only on entering `interpret`), and a run must not hang.
fn watchdog(
    watch: std::sync::Arc<std::sync::Mutex<Watch>>,
    timeout: f64,
    out: String,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || loop {
        std::thread::sleep(std::time::Duration::from_millis(500));
        let w = match watch.lock() {
            Ok(w) => w,
            Err(_) => return,
        };
        let Some((t0, key, lines)) = &w.busy else {
            continue;
        };
        if t0.elapsed().as_secs_f64() < timeout {
            continue;
        }
        let path = format!("{out}/timeouts.jsonl");
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
        {
            for l in lines {
                let _ = writeln!(f, "{l}");
            }
        }
        let line = format!(
            "{}\t(stopped: a request of {} calls of {key} did not return in {timeout} s; its calls are in {path})",
            w.row,
            lines.len()
        );
        println!("{line}");
        if let Ok(mut t) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(format!("{out}/table.tsv"))
        {
            let _ = writeln!(t, "{line}");
        }
        std::io::stdout().flush().ok();
        std::process::exit(3);
    })
}

fn run(args: &Args) -> Result<(), String> {
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
                let got = match draw_cases(reg, &gen_key, &kinds, BATCH, &mut r, &mut cs) {
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

type Drops = BTreeMap<String, usize>;

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
fn draw_cases(
    reg: &urnum_cli::Registry,
    key: &str,
    kinds: &[KindBloq],
    n: usize,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Result<Drops, String> {
    let (arm, door) = key.split_once(':').unwrap_or(("", ""));
    let math = matches!(door, "rh" | "rs" | "rd" | "rq");
    if math
        && matches!(
            arm,
            "all-close" | "round" | "round-places" | "pow" | "pow-n" | "factorial"
        )
    {
        return Ok(math_cases(reg, arm, door, n, r, out));
    }
    if door == "la" && matches!(arm, "range" | "linspace" | "ravel") {
        return lagoon_cases(reg, arm, kinds, n, r, out);
    }
    cases::generate(reg, key, kinds, n, r, out)
        .map(|d| d.into_iter().collect())
        .map_err(|e| e.to_string())
}

/// The float of width `w` holding `x`, a value exactly representable there
/// (small dyadic rationals: the grids [`lagoon_cases`] draws from).
fn float_from_f64(x: f64, w: u32) -> u128 {
    let (ew, p) = match w {
        16 => (5u32, 10u32),
        32 => (8, 23),
        64 => (11, 52),
        _ => (15, 112),
    };
    let sign = if x.is_sign_negative() {
        1u128 << (w - 1)
    } else {
        0
    };
    if x == 0.0 {
        return sign;
    }
    let b = x.abs().to_bits();
    let e = ((b >> 52) & 0x7ff) as i64 - 1023;
    let m = u128::from(b & ((1u64 << 52) - 1));
    let bias = (1i64 << (ew - 1)) - 1;
    let frac = if p >= 52 {
        m << (p - 52)
    } else {
        m >> (52 - p)
    };
    sign | (((e + bias) as u128) << p) | frac
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
    reg: &urnum_cli::Registry,
    arm: &str,
    kinds: &[KindBloq],
    n: usize,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Result<Drops, String> {
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
                let data = UAtom::from_limbs(&limbs).or(&UAtom::pow2(bits));
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

/// Whether a `%i754` ray noun holds ±inf, NaN or ±max.
fn ray_extreme(n: &HNoun) -> bool {
    let (Some(bloq), Some(data)) = (
        n.slot(10).and_then(HNoun::as_atom).and_then(UAtom::as_u64),
        n.slot(3).and_then(HNoun::as_atom),
    ) else {
        return false;
    };
    let w = 1u32 << bloq;
    if !(16..=128).contains(&w) {
        return false;
    }
    let total = data.bit_len().saturating_sub(1) as u64;
    (0..total / u64::from(w)).any(|i| extreme_float(data.bits_u128(i * u64::from(w), w), w))
}

/// A float of width `w`: a special value, a moderate magnitude, or random bits.
fn float_draw(r: &mut SplitMix64, w: u32) -> u128 {
    let (ew, p) = match w {
        16 => (5, 10),
        32 => (8, 23),
        64 => (11, 52),
        _ => (15, 112),
    };
    let sign = 1u128 << (w - 1);
    let exp_all = ((1u128 << ew) - 1) << p;
    let bias = (1u128 << (ew - 1)) - 1;
    let one = bias << p;
    let specials = [
        0,
        sign,
        exp_all,
        exp_all | sign,
        exp_all | (1u128 << (p - 1)),
        one,
        one | sign,
        exp_all - 1,
        1,
        1u128 << p,
    ];
    let mask = if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    };
    match r.below(4) {
        0 => specials[r.below(specials.len() as u64) as usize],
        1 => {
            let e = bias - 8 + u128::from(r.below(17) as u8);
            let s = if r.below(2) == 0 { 0 } else { sign };
            s | (e << p) | (r.bits(p as u32) & ((1u128 << p) - 1))
        }
        _ => r.bits(w) & mask,
    }
}

/// Whether a float of width `w` is ±inf, NaN or ±max (a directed-mode overflow risk).
fn extreme_float(x: u128, w: u32) -> bool {
    let (ew, p) = match w {
        16 => (5, 10),
        32 => (8, 23),
        64 => (11, 52),
        _ => (15, 112),
    };
    let e = (x >> p) & ((1u128 << ew) - 1);
    let f = x & ((1u128 << p) - 1);
    e == (1u128 << ew) - 1 || (e == (1u128 << ew) - 2 && f == (1u128 << p) - 1)
}

/// The float of width `w` holding the integer `k` (small `k`).
fn float_int(k: u64, w: u32) -> u128 {
    let (_, p) = match w {
        16 => (5u32, 10u32),
        32 => (8, 23),
        64 => (11, 52),
        _ => (15, 112),
    };
    let bias = match w {
        16 => 15u128,
        32 => 127,
        64 => 1023,
        _ => 16383,
    };
    if k == 0 {
        return 0;
    }
    let msb = 63 - k.leading_zeros();
    let frac = (u128::from(k) << (p - msb)) & ((1u128 << p) - 1);
    ((bias + u128::from(msb)) << p) | frac
}

/// The integer a float of width `w` holds, if it is a nonnegative integer below 2^64.
fn float_as_uint(x: u128, w: u32) -> Option<u64> {
    let (ew, p) = match w {
        16 => (5u32, 10u32),
        32 => (8, 23),
        64 => (11, 52),
        _ => (15, 112),
    };
    if x >> (w - 1) != 0 {
        return None;
    }
    let bias = (1i64 << (ew - 1)) - 1;
    let e = ((x >> p) & ((1u128 << ew) - 1)) as i64;
    if e == (1i64 << ew) - 1 {
        return None;
    }
    if x == 0 {
        return Some(0);
    }
    let m = (x & ((1u128 << p) - 1)) | (1u128 << p);
    let sh = e - bias - i64::from(p);
    if sh >= 0 {
        if sh > 63 {
            return None;
        }
        let v = m.checked_shl(sh as u32)?;
        u64::try_from(v).ok()
    } else {
        let s = (-sh) as u32;
        if s > 127 || m & ((1u128 << s) - 1) != 0 {
            return None;
        }
        u64::try_from(m >> s).ok()
    }
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
    reg: &urnum_cli::Registry,
    arm: &str,
    door: &str,
    n: usize,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Drops {
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

/// Whether a float of width `w` is a NaN.
fn is_nan_float(x: u128, w: u32) -> bool {
    let (ew, p) = match w {
        16 => (5u32, 10u32),
        32 => (8, 23),
        64 => (11, 52),
        _ => (15, 112),
    };
    (x >> p) & ((1u128 << ew) - 1) == (1u128 << ew) - 1 && x & ((1u128 << p) - 1) != 0
}

/// Whether a float of width `w` is a positive integer (any magnitude, +inf excluded).
fn is_pos_int_float(x: u128, w: u32) -> bool {
    let (ew, p) = match w {
        16 => (5u32, 10u32),
        32 => (8, 23),
        64 => (11, 52),
        _ => (15, 112),
    };
    if x >> (w - 1) != 0 || x == 0 {
        return false;
    }
    let bias = (1i64 << (ew - 1)) - 1;
    let e = ((x >> p) & ((1u128 << ew) - 1)) as i64;
    if e == (1i64 << ew) - 1 {
        return false;
    }
    let unbiased = e - bias;
    if unbiased < 0 {
        return false;
    }
    if unbiased >= i64::from(p) {
        return true;
    }
    let frac_bits = (i64::from(p) - unbiased) as u32;
    x & ((1u128 << frac_bits) - 1) == 0
}

/// `random replay KERNEL.jam LINES.jsonl [--timeout SECS]`: each vector
/// line of a math-door arm (`timeouts.jsonl`, `mismatched.jsonl`) run alone,
/// one call per request, in test mode, with its Nock time; a call still
/// running after the timeout (600 s) is named, written to `timeouts.jsonl`
/// (and its row to `table.tsv`) beside LINES, and the process ends (exit 3).
fn replay(argv: &[String]) -> Result<(), String> {
    let [jam, lines, rest @ ..] = argv else {
        return Err("usage: random replay KERNEL.jam LINES.jsonl [--timeout SECS]".into());
    };
    let timeout: f64 = match rest {
        [f, v] if f == "--timeout" => v.parse().map_err(|e| format!("--timeout: {e}"))?,
        [] => 600.0,
        _ => return Err("usage: random replay KERNEL.jam LINES.jsonl [--timeout SECS]".into()),
    };
    let jam = std::fs::read(jam).map_err(|e| e.to_string())?;
    let mut vm = boot(&jam)?;
    urnum_nockvm::set_test_mode(true);
    let watch = std::sync::Arc::new(std::sync::Mutex::new(Watch::default()));
    // a call that does not return is written beside LINES (`timeouts.jsonl`)
    let dir = std::path::Path::new(lines)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or(".".to_string(), |d| d.display().to_string());
    watchdog(watch.clone(), timeout, dir);
    let text = std::fs::read_to_string(lines).map_err(|e| e.to_string())?;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let key = v["arm"].as_str().ok_or("no arm")?;
        let id = urnum_nockvm::specs()
            .iter()
            .position(|s| s.key == key)
            .ok_or(format!("{key}: not a jetted arm"))?;
        let d = &v["door_args"];
        let door = HNoun::tuple([
            mode_noun(d["r"].as_str().ok_or("no r")?),
            HNoun::Atom(json_atom(d.get("rtol")).ok_or("no rtol")?),
            HNoun::Atom(json_atom(d.get("atol")).ok_or("no atol")?),
        ]);
        let args: Vec<HNoun> = v["args"]
            .as_array()
            .ok_or("no args")?
            .iter()
            .map(|a| json_atom(Some(a)).map(HNoun::Atom))
            .collect::<Option<_>>()
            .ok_or("an argument is not an atom")?;
        let shown: Vec<String> = args.iter().map(short_arg).collect();
        if let Ok(mut w) = watch.lock() {
            w.row = format!("{key} {} {}", d["r"], shown.join(" "));
            w.busy = Some((Instant::now(), key.to_string(), vec![line.to_string()]));
        }
        let t0 = Instant::now();
        let got = request(&mut vm, &[(id, door, HNoun::tuple(args))])?;
        if let Ok(mut w) = watch.lock() {
            w.busy = None;
        }
        let g = match &got[0] {
            Got::Value(HNoun::Atom(a)) => a.to_string(),
            Got::Value(_) => "a cell".into(),
            Got::Crash => "crash".into(),
        };
        println!(
            "{key}\t{}\t{}\tnock {g}\texpected {}\t{:.3} s",
            d["r"],
            shown.join(" "),
            v["expected"],
            t0.elapsed().as_secs_f64()
        );
        std::io::stdout().flush().ok();
    }
    Ok(())
}

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

/// A random atom of `bits` bits (any width).
fn wide_bits(r: &mut SplitMix64, bits: u32) -> UAtom {
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
            let (e, m) = match b {
                16 => (5u32, 10u32),
                32 => (8, 23),
                64 => (11, 52),
                _ => (15, 112),
            };
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
                _ => HNoun::Atom(wide_bits(r, qb)),
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

/// A vector's encoding of one argument.
fn json_arg(n: &HNoun) -> serde_json::Value {
    match n {
        HNoun::Atom(x) => serde_json::json!({"atom": x.to_string()}),
        _ => {
            let mut items = Vec::new();
            let mut cur = n.clone();
            while let Some((h, t)) = cur.as_cell().map(|(h, t)| (h.clone(), t.clone())) {
                items.push(json_arg(&h));
                cur = t;
            }
            if items.is_empty() {
                serde_json::json!({"null": true})
            } else {
                serde_json::json!({"list": items})
            }
        }
    }
}

/// A short text of one argument for ids (hex, or the list's hexes joined by `.`).
fn short_arg(n: &HNoun) -> String {
    match n {
        HNoun::Atom(x) => x.to_string().trim_start_matches("0x").to_string(),
        _ => {
            let mut parts = Vec::new();
            let mut cur = n.clone();
            while let Some((h, t)) = cur.as_cell().map(|(h, t)| (h.clone(), t.clone())) {
                parts.push(short_arg(&h));
                cur = t;
            }
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
fn sweep(argv: &[String]) -> Result<(), String> {
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
    let mut stack = NockStack::new(STACK_WORDS, 0);
    let cold = Cold::new(&mut stack);
    let hot = match jets {
        Some(r) => [URBIT_HOT_STATE, &urnum_nockvm::hot_state(Some(r))].concat(),
        None => URBIT_HOT_STATE.to_vec(),
    };
    let mut ctx = create_context(stack, &hot, cold, None);
    let trap = Noun::cue_bytes_slice(&mut ctx.stack, &jam).map_err(|e| format!("cue: {e:?}"))?;
    let kick = T(&mut ctx.stack, &[D(9), D(2), D(0), D(1)]);
    let arvo = interpret(&mut ctx, trap, kick).map_err(|e| format!("boot: {e:?}"))?;
    let mut vm = Vm { ctx, arvo };
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
