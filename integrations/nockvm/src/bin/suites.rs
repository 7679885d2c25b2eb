//! Runs numerics Hoon test suites, compiled by hoonc into NockApp kernels
//! (`scripts/kernels.sh`), in NockVM three ways: jets off (nockvm's own hot
//! state only), jets on (urnum's jets added), and test mode (urnum's jets
//! added and each call checked against the arm's Nock). For each suite it
//! prints every test's result, the time of each run, the jet calls
//! answered and punted, and every test-mode mismatch.
//!
//! Usage: `suites [--unum-rev 96f3cfe|bcb316c] KERNEL.jam...` (each kernel's
//! `+peek` at `/tests` runs its suite and gives
//! `(list [name=@tas result=?(%pass %fail %crash)])`). `--unum-rev` names the
//! `/lib/unum` text the kernels were built from; without it no posit jet is
//! registered (`urnum_nockvm::hot_state`).

use nockapp::utils::create_context;
use nockapp::NounExt;
use nockvm::interpreter::interpret;
use nockvm::jets::cold::Cold;
use nockvm::jets::hot::URBIT_HOT_STATE;
use nockvm::mem::NockStack;
use nockvm::noun::{Noun, D, T};
use softblas::scalar::unum::UnumRev;
use std::collections::BTreeMap;
use std::time::Instant;

/// The wrapper core's `+peek` arm (nockapp's `PEEK_AXIS`).
const PEEK_AXIS: u64 = 22;
/// Words of the Nock stack (8 GiB of address space, allocated lazily).
const STACK_WORDS: usize = 1 << 30;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Off,
    On,
    Test,
}

/// One run of one suite: each test's result, and the time.
struct Run {
    results: BTreeMap<String, String>,
    seconds: f64,
    stats: urnum_nockvm::Stats,
}

fn cord(n: Noun) -> String {
    n.as_atom()
        .map(|a| {
            String::from_utf8_lossy(a.as_ne_bytes())
                .trim_end_matches('\0')
                .to_string()
        })
        .unwrap_or_else(|_| "?".into())
}

fn run(jam: &[u8], mode: Mode, unum_rev: Option<UnumRev>) -> Result<Run, String> {
    let mut stack = NockStack::new(STACK_WORDS, 0);
    let cold = Cold::new(&mut stack);
    let hot = match mode {
        Mode::Off => URBIT_HOT_STATE.to_vec(),
        Mode::On | Mode::Test => [URBIT_HOT_STATE, &urnum_nockvm::hot_state(unum_rev)].concat(),
    };
    let mut ctx = create_context(stack, &hot, cold, None);
    let trap = Noun::cue_bytes_slice(&mut ctx.stack, jam).map_err(|e| format!("cue: {e:?}"))?;
    let kick = T(&mut ctx.stack, &[D(9), D(2), D(0), D(1)]);
    let arvo = interpret(&mut ctx, trap, kick).map_err(|e| format!("boot: {e:?}"))?;
    urnum_nockvm::set_test_mode(mode == Mode::Test);
    urnum_nockvm::reset_stats();
    let tests = D(u64::from_le_bytes(*b"tests\0\0\0"));
    let path = T(&mut ctx.stack, &[tests, D(0)]);
    let t0 = Instant::now();
    let out =
        nockapp::noun::slam(&mut ctx, arvo, PEEK_AXIS, path).map_err(|e| format!("peek: {e:?}"))?;
    let seconds = t0.elapsed().as_secs_f64();
    // `[~ ~ list]`
    let mut list = out
        .as_cell()
        .and_then(|c| c.tail().as_cell())
        .map(|c| c.tail())
        .map_err(|_| "peek gave no value".to_string())?;
    let mut results = BTreeMap::new();
    while let Ok(c) = list.as_cell() {
        let item = c.head().as_cell().map_err(|_| "a result is not a cell")?;
        results.insert(cord(item.head()), cord(item.tail()));
        list = c.tail();
    }
    Ok(Run {
        results,
        seconds,
        stats: urnum_nockvm::stats(),
    })
}

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let mut unum_rev = None;
    if paths.first().map(String::as_str) == Some("--unum-rev") {
        let rev = paths.get(1).and_then(|r| UnumRev::from_commit(r));
        if rev.is_none() {
            eprintln!("--unum-rev: one of 96f3cfe, bcb316c");
            std::process::exit(2);
        }
        unum_rev = rev;
        paths.drain(..2);
    }
    if paths.is_empty() {
        eprintln!("usage: suites [--unum-rev 96f3cfe|bcb316c] KERNEL.jam...");
        std::process::exit(2);
    }
    println!(
        "urnum-nockvm: {} jets in urnum's hot state",
        urnum_nockvm::specs().len()
    );
    println!("suite\ttests\tpass_off\tpass_on\tpass_test\toff_s\ton_s\tspeedup\tanswered\tpunted\tagreed\tmismatches");
    let mut failed = false;
    for p in &paths {
        let jam = match std::fs::read(p) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{p}: {e}");
                failed = true;
                continue;
            }
        };
        let name = std::path::Path::new(p)
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        // URNUM_MODE=on (or off, test) runs one mode alone and prints its counts.
        if let Ok(one) = std::env::var("URNUM_MODE") {
            let m = match one.as_str() {
                "off" => Mode::Off,
                "on" => Mode::On,
                _ => Mode::Test,
            };
            match run(&jam, m, unum_rev) {
                Ok(r) => {
                    let pass = r.results.values().filter(|v| *v == "pass").count();
                    println!(
                        "{name}\t{one}\ttests {}\tpass {pass}\t{:.3} s\tanswered {}\tpunted {}\tagreed {}\tmismatches {}",
                        r.results.len(),
                        r.seconds,
                        r.stats.answered.values().sum::<u64>(),
                        r.stats.punted.values().sum::<u64>(),
                        r.stats.agreed,
                        r.stats.mismatches.len()
                    );
                    for (t, v) in &r.results {
                        if v != "pass" {
                            println!("  {name} {t}: {v}");
                        }
                    }
                    for (key, ours, theirs) in &r.stats.mismatches {
                        println!("  {name} MISMATCH {key}: urnum {ours} nock {theirs}");
                    }
                }
                Err(e) => {
                    eprintln!("{name}: {e}");
                    failed = true;
                }
            }
            continue;
        }
        let runs: Result<Vec<Run>, String> = [Mode::Off, Mode::On, Mode::Test]
            .iter()
            .map(|m| run(&jam, *m, unum_rev))
            .collect();
        let runs = match runs {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{name}: {e}");
                failed = true;
                continue;
            }
        };
        let pass = |r: &Run| r.results.values().filter(|v| *v == "pass").count();
        let (off, on, test) = (&runs[0], &runs[1], &runs[2]);
        let answered: u64 = on.stats.answered.values().sum();
        let punted: u64 = on.stats.punted.values().sum();
        println!(
            "{name}\t{}\t{}\t{}\t{}\t{:.3}\t{:.3}\t{:.2}\t{answered}\t{punted}\t{}\t{}",
            off.results.len(),
            pass(off),
            pass(on),
            pass(test),
            off.seconds,
            on.seconds,
            off.seconds / on.seconds.max(1e-9),
            test.stats.agreed,
            test.stats.mismatches.len()
        );
        for (t, r) in &off.results {
            let r_on = on.results.get(t).map_or("missing", String::as_str);
            if r != r_on {
                failed = true;
                println!("  {name} {t}: jets off {r}, jets on {r_on}");
            } else if r != "pass" {
                println!("  {name} {t}: {r} (jets off and on)");
            }
        }
        for (key, n) in &on.stats.punted {
            println!("  {name} punted {key}: {n}");
        }
        for (key, ours, theirs) in &test.stats.mismatches {
            failed = true;
            println!("  {name} MISMATCH {key}: urnum {ours} nock {theirs}");
        }
    }
    if failed {
        std::process::exit(1);
    }
}
