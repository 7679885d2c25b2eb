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
//! [`draw_cases`](cases::draw_cases)), calls until every bucket — element kind (or `+twid`
//! width) × rounding mode — holds `N`, counting the buckets of the `--prior`
//! tables, within `SECS` per arm; runs them in test mode (each jet call also
//! runs the arm's Nock and compares), and compares each call's product with
//! urnum's own result. Per arm it prints calls, agreed, mismatched, punted,
//! the jet-level comparisons, the seconds and the buckets; it writes every
//! call as a vector line (the Nock's product as the expected value) to
//! `DIR/agreed.jsonl` or `DIR/mismatched.jsonl`, and the table to
//! `DIR/table.tsv`. With `--call-timeout`, a request that does not return in
//! time ends the run with its calls in `DIR/timeouts.jsonl` ([`watchdog`](vm::watchdog)).
//!
//! `random replay KERNEL.jam LINES.jsonl [--timeout SECS]` runs math-door
//! vector lines one call per request ([`replay`](replay::replay)).

mod cases;
mod floats;
mod kernel;
mod replay;
mod run;
mod sweep;
mod vm;

use kernel::emit_kernel;
use replay::replay;
use run::{parse_args, run};
use sweep::sweep;

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
