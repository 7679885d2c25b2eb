//! The `urnum eval` subcommand: one expression from the command line, or the
//! expressions of stdin (`-`) or of a file (`@path`), one after another.

use super::{evaluate_with, parse, Outcome, PrintOptions};
use crate::registry::Registry;
use softblas::Policy;
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
    /// Show a ray result's elements as the scalars they hold (`%i754` as
    /// floats, `%cplx` as `[re im]`), in urnum's own view, marked as not
    /// dojo output; the dojo itself cannot print an `%i754` ray this way.
    #[arg(long)]
    pub floats: bool,
    /// The `/lib/unum` revision whose posit arms (`exp:rps` …) the expression
    /// calls, and whose elementary functions Lagoon's and Saloon's `%unum`
    /// rays go through (`exp:sa` …): `bcb316c` (the newest text, the default)
    /// or `96f3cfe`.
    #[arg(long, default_value = "bcb316c", value_parser = parse_unum_rev)]
    pub unum_rev: softblas::scalar::unum::UnumRev,
    /// The Hoon expression; `-` reads expressions from stdin and `@path` from
    /// a file: an expression may span lines, and ends where it parses whole,
    /// at a blank line, or at the end of the input.
    pub expr: String,
}

/// A `/lib/unum` revision named by a commit prefix of seven or more digits.
fn parse_unum_rev(s: &str) -> Result<softblas::scalar::unum::UnumRev, String> {
    softblas::scalar::unum::UnumRev::from_commit(s)
        .ok_or_else(|| format!("{s} is not a /lib/unum revision (96f3cfe, bcb316c)"))
}

/// Runs `urnum eval`; the exit status is the worst line's (0 value, 1 Hoon
/// failure, 2 syntax error, 3 unsupported).
pub fn main(args: &Args, policy: Policy) -> ExitCode {
    match run(args, policy) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("urnum: {e}");
            ExitCode::from(2)
        }
    }
}

/// The text of `-` (stdin) or `@path`.
fn read_input(source: &str) -> Result<String, String> {
    match source.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}")),
        None => {
            std::io::read_to_string(std::io::stdin()).map_err(|e| format!("cannot read stdin: {e}"))
        }
    }
}

/// The expressions of a batch input, in order: lines are joined until the
/// text parses as a whole expression (an error before the end of the text
/// also ends it, to be reported), and a blank line or the end of the input
/// ends whatever was gathered. Lines that are only a `::` comment are
/// skipped between expressions. An expression left inside an open bracket
/// also ends where an unindented line that parses whole by itself begins,
/// so an unclosed `(` is reported and never swallows the next expression.
pub fn split_expressions(input: &str) -> Vec<String> {
    split_expressions_at(input)
        .into_iter()
        .map(|(_, e)| e)
        .collect()
}

/// [`split_expressions`] with the line (from 0) each expression starts on.
pub fn split_expressions_at(input: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut buf = String::new();
    let mut first = 0;
    for (n, line) in input.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            if !buf.trim().is_empty() {
                out.push((first, std::mem::take(&mut buf)));
            }
            buf.clear();
            continue;
        }
        if buf.is_empty() && t.starts_with("::") {
            continue;
        }
        if !buf.is_empty() {
            let unclosed = parse::parse(&buf).is_err_and(|e| e.unclosed);
            let fresh = !line.starts_with(char::is_whitespace) && parse::parse(line).is_ok();
            if unclosed && fresh {
                out.push((first, std::mem::take(&mut buf)));
            }
        }
        if buf.is_empty() {
            first = n;
        } else {
            buf.push('\n');
        }
        buf.push_str(line);
        let ends = match parse::parse(&buf) {
            Ok(_) => true,
            // An error at the end of the text, or inside an open bracket:
            // the expression goes on.
            Err(e) => !e.unclosed && e.at < buf.trim_end().len(),
        };
        if ends {
            out.push((first, std::mem::take(&mut buf)));
        }
    }
    if !buf.trim().is_empty() {
        out.push((first, buf));
    }
    out
}

fn run(args: &Args, policy: Policy) -> Result<ExitCode, String> {
    let reg = Registry::with_unum_rev(args.unum_rev).with_policy(policy);
    let mut worst = 0u8;
    let batch = args.expr == "-" || args.expr.starts_with('@');
    let mut one = |first: usize, line: &str| {
        let opts = PrintOptions {
            raw: args.raw,
            width: (args.width > 0).then_some(args.width),
            floats: args.floats,
        };
        let (logs, out) = match evaluate_with(&reg, line, opts) {
            (logs, Outcome::Syntax(e)) => (logs, Outcome::Syntax(e.shift(first))),
            other => other,
        };
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
        for (first, e) in split_expressions_at(&read_input(&args.expr)?) {
            one(first, &e);
        }
    } else {
        one(0, &args.expr);
    }
    Ok(ExitCode::from(worst))
}
