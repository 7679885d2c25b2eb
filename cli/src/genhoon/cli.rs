//! The `urnum gen-hoon` subcommand.

use super::{generate_all, Plan};
use crate::registry::Registry;
use std::process::ExitCode;

/// Arguments of `urnum gen-hoon`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Comma-separated registry keys (`add:la,exp:rd,add:rpb,add:cs,add:twoc`).
    #[arg(long)]
    pub arms: String,
    /// Comma-separated Lagoon kinds for ray arms, optionally `kind:bloq` (`i754,uint:5`).
    #[arg(long, default_value = "i754")]
    pub kinds: String,
    /// Cases per arm.
    #[arg(long, default_value_t = 20)]
    pub cases: usize,
    /// PRNG seed (SplitMix64).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the Hoon test file (default: stdout).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Also write the cases as JSONL vectors here (for `urnum check`).
    #[arg(long)]
    pub vectors: Option<std::path::PathBuf>,
}

/// Runs `urnum gen-hoon`: exit 0 when every arm has its cases, 1 when an
/// arm has fewer (each such arm is named, and every dropped draw's reason
/// is listed), 2 for a bad argument or I/O error.
pub fn main(args: &Args, policy: softblas::Policy) -> ExitCode {
    let plan = Plan {
        arms: args
            .arms
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
        kinds: args.kinds.clone(),
        cases: args.cases,
        seed: args.seed,
    };
    // The generated tests target unum.hoon@96f3cfe (`emit::TARGETS`): its posit arms.
    let reg =
        Registry::with_unum_rev(softblas::scalar::unum::UnumRev::V96f3cfe).with_policy(policy);
    let g = match generate_all(&reg, &plan) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("urnum gen-hoon: {e}");
            return ExitCode::from(2);
        }
    };
    let write = |path: &Option<std::path::PathBuf>, text: &str| -> std::io::Result<()> {
        match path {
            Some(p) => std::fs::write(p, text),
            None => {
                print!("{text}");
                Ok(())
            }
        }
    };
    if let Err(e) = write(&args.out, &g.hoon) {
        eprintln!("urnum gen-hoon: {e}");
        return ExitCode::from(2);
    }
    if let Some(p) = &args.vectors {
        if let Err(e) = std::fs::write(p, &g.jsonl) {
            eprintln!("urnum gen-hoon: {}: {e}", p.display());
            return ExitCode::from(2);
        }
    }
    eprintln!("urnum gen-hoon: {} cases written", g.cases.len());
    let mut short = false;
    for a in &g.per_arm {
        if a.kept < plan.cases {
            short = true;
            eprintln!(
                "urnum gen-hoon: {}: {} of {} cases (the draws ran out)",
                a.key, a.kept, plan.cases
            );
        }
        for (why, n) in &a.dropped {
            eprintln!("urnum gen-hoon: {}: dropped {n} draw(s): {why}", a.key);
        }
    }
    if short {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
