//! The `urnum eval` subcommand: one expression from the command line, or one per
//! stdin line with `-`.

use super::{evaluate_with, PrintOptions};
use crate::registry::Registry;
use std::io::BufRead;
use std::process::ExitCode;

/// Arguments of `urnum eval`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the noun with every atom in hex instead of the dojo's rendering.
    #[arg(long)]
    pub raw: bool,
    /// The terminal's column count: a result wider than the drum's edge
    /// (one less) is laid out in tall form, and a `%slog` (from `print:la`)
    /// is wrapped as vere wraps it. 0 prints everything on one line.
    #[arg(long, default_value_t = 80)]
    pub width: u64,
    /// The Hoon expression, or `-` to read one expression per line from stdin.
    pub expr: String,
}

/// Runs `urnum eval`; the exit status is the worst line's (0 value, 1 Hoon
/// failure, 2 syntax error, 3 unsupported).
pub fn main(args: &Args) -> ExitCode {
    let reg = Registry::new();
    let mut worst = 0u8;
    let batch = args.expr == "-";
    let mut one = |line: &str| {
        let opts = PrintOptions {
            raw: args.raw,
            width: (args.width > 0).then_some(args.width),
        };
        let (logs, out) = evaluate_with(&reg, line, opts);
        // The runtime writes a `%slog` when it is raised, before the result.
        for l in &logs {
            println!("{l}");
        }
        let status = out.status();
        let text = out.dojo_text();
        // One expression per line: every answer on stdout, so lines stay aligned.
        if status == 0 || batch {
            println!("{text}");
        } else {
            eprintln!("{text}");
        }
        worst = worst.max(status);
    };
    if batch {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let t = line.trim();
            if t.is_empty() || t.starts_with("::") {
                continue;
            }
            one(t);
        }
    } else {
        one(&args.expr);
    }
    ExitCode::from(worst)
}
