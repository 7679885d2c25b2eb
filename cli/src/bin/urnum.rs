//! The `urnum` command line.
//!
//! `urnum check [--strict] [--quiet] [--show-unsupported] [--filter TEXT] [--jobs N] [PATH...]` runs
//! golden-vector files (a `.jsonl` file, or a directory of them; default
//! `vectors/`) through the arm registry and prints, per file and per arm,
//! passed / failed / unsupported, each failure with its arguments, expected and
//! actual values, and as the last line `N passed, M failed, K unsupported`.
//! Exit status: 0 when nothing failed (with `--strict`: nothing failed and
//! nothing was unsupported), 1 otherwise, 2 for a usage error.

use clap::{Parser, Subcommand};
use softblas::Policy;
use std::path::PathBuf;
use std::process::ExitCode;
use urnum_cli::vector::{self, report, RunOptions};
use urnum_cli::Registry;

/// Bit-exact Urbit numerics: runs golden vectors through urnum's arms.
#[derive(Parser)]
#[command(name = "urnum", version)]
struct Cli {
    /// The executor: `fast` (the hardware loops where they serve) or `reference`
    /// (SoftFloat element by element); default `$URNUM_EXEC`, else `fast`. Same bits.
    #[arg(long, global = true, value_name = "EXECUTOR")]
    exec: Option<String>,
    /// The highest instruction-set level the loops may use: `portable`, `fma`, `avx2`,
    /// `avx512f` (AVX-512 without AVX512-FP16) or `avx512`; default `$URNUM_HW_ISA`, else the best the CPU has. Same bits.
    #[arg(long, global = true, value_name = "LEVEL")]
    isa: Option<String>,
    #[command(subcommand)]
    command: Command,
}

/// The policy the flags name, each falling back to its environment variable: the
/// one place the command line reads them.
fn policy(cli: &Cli) -> Result<Policy, String> {
    let var = |name: &str| std::env::var(name).ok();
    let exec = cli.exec.clone().or_else(|| var("URNUM_EXEC"));
    let isa = cli.isa.clone().or_else(|| var("URNUM_HW_ISA"));
    Policy::parse(exec.as_deref(), isa.as_deref()).map_err(|e| e.to_string())
}

#[derive(Subcommand)]
enum Command {
    /// Run golden-vector files and report passed / failed / unsupported.
    Check {
        /// Exit non-zero also when a vector is unsupported.
        #[arg(long)]
        strict: bool,
        /// Print only failures and the totals line.
        #[arg(long, short)]
        quiet: bool,
        /// Also list every unsupported vector with the reason.
        #[arg(long)]
        show_unsupported: bool,
        /// Run only vectors whose id or arm contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Worker threads (default: the machine's parallelism).
        #[arg(long, short, default_value_t = 0)]
        jobs: usize,
        /// Vector files or directories of `*.jsonl` files (default: `vectors/`).
        paths: Vec<PathBuf>,
    },
    /// Measure each /lib/math arm's error in ulps against MPFR (needs `--features accuracy`).
    Accuracy(urnum_cli::accuracy::Args),
    /// Time the fast executor against the SoftFloat reference and native loops (ratios).
    Bench(urnum_cli::bench::Args),
    /// Evaluate a Hoon numerics expression and print it as the dojo would.
    Eval(urnum_cli::eval::cli::Args),
    /// Write a Hoon test file (and JSONL vectors) asserting urnum's results.
    GenHoon(urnum_cli::genhoon::cli::Args),
    /// List a door's arms with their samples and products (no DOOR: the doors).
    Arms {
        /// A door (`la`, `sa`, `rs`, `rpb`, `cs`, `twoc`, `fixed`) or a library (`math`).
        door: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let policy = match policy(&cli) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("urnum: {e} (--exec, --isa, URNUM_EXEC, URNUM_HW_ISA)");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Check {
            strict,
            quiet,
            show_unsupported,
            filter,
            jobs,
            paths,
        } => check(
            policy,
            strict,
            report::ReportOptions {
                quiet,
                unsupported: show_unsupported,
            },
            filter,
            jobs,
            paths,
        ),
        Command::Accuracy(args) => urnum_cli::accuracy::main(&args, policy),
        Command::Bench(args) => urnum_cli::bench::main(&args, policy),
        Command::Eval(args) => urnum_cli::eval::cli::main(&args, policy),
        Command::GenHoon(args) => urnum_cli::genhoon::cli::main(&args, policy),
        Command::Arms { door } => {
            match urnum_cli::eval::arms::listing(&Registry::new(), door.as_deref()) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("urnum arms: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

fn check(
    policy: Policy,
    strict: bool,
    show: report::ReportOptions,
    filter: Option<String>,
    jobs: usize,
    paths: Vec<PathBuf>,
) -> ExitCode {
    let defaulted = paths.is_empty();
    let paths = if defaulted {
        vec![PathBuf::from("vectors")]
    } else {
        paths
    };
    let files = match vector::collect(&paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("urnum check: {e}");
            if defaulted {
                eprintln!(
                    "urnum check: with no PATH the vectors are read from ./vectors/; \
                     run from the repository root or name a file or directory"
                );
            }
            return ExitCode::from(2);
        }
    };
    if files.is_empty() {
        eprintln!("urnum check: no .jsonl vector files under {paths:?}");
        return ExitCode::from(2);
    }
    let reg = Registry::new().with_policy(policy);
    let opts = RunOptions {
        filter,
        jobs,
        progress: true,
    };
    let reports = vector::run_paths(&reg, &files, &opts);
    print!("{}", report::render(&reports, show));
    let total = vector::total(&reports);
    if total.failed == 0 && (!strict || total.unsupported == 0) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
