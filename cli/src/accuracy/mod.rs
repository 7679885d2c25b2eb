//! `urnum accuracy`: how far each `/lib/math` arm lies from correct rounding, measured against MPFR.
//!
//! The report sweeps every jetted arm (`exp log log-2 log-10 sin cos tan asin acos atan atan2 sqt cbt
//! pow pow-n`) of every door over a deterministic sample of its domain (`sweep`), computes the
//! exact value with MPFR (`oracle`), scores each result in ulps (`ulp`), and writes a Markdown
//! table (`report`) and SVG error curves (`svg`).
//!
//! MPFR comes through rug, which is LGPL and needs the system GMP/MPFR libraries, so the
//! measuring half sits behind the `hoon` feature `accuracy`:
//! `cargo run --release -p urnum-cli --features accuracy --bin urnum -- accuracy …`. Without it,
//! `urnum accuracy` says how to enable it and exits with status 2. The metric, the statistics, the
//! plots and the report are plain Rust and always built (and tested).
//!
//! The committed report (`docs/accuracy.md`, plots in `docs/accuracy/`) is the full run, about two
//! minutes on two threads; run it from the repository root:
//!
//! ```text
//! cargo run --release -p urnum-cli --features accuracy --bin urnum -- \
//!     accuracy --points 100000 --mode n,z --out docs/accuracy.md --plot docs/accuracy
//! ```

pub mod func;
#[cfg(feature = "accuracy")]
pub mod report;
pub mod stats;
pub mod svg;
pub mod ulp;

#[cfg(feature = "accuracy")]
pub mod oracle;
#[cfg(feature = "accuracy")]
pub mod run;
#[cfg(feature = "accuracy")]
pub mod sweep;

#[cfg(feature = "accuracy")]
mod cli;

use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `urnum accuracy`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Doors to measure (rh, rs, rd, rq; repeat or comma-separate; default all).
    #[arg(long = "width", value_delimiter = ',')]
    pub widths: Vec<String>,
    /// Arms to measure by Hoon name (exp, log-2, pow-n, ...; repeat or comma-separate; default all 15).
    #[arg(long = "fn", value_delimiter = ',')]
    pub funcs: Vec<String>,
    /// Sampled points per arm and door (one-argument arms at rh are swept exhaustively).
    #[arg(long, default_value_t = 100_000)]
    pub points: u64,
    /// Door rounding modes (n, u, d, z; repeat or comma-separate; default n). The first is plotted.
    #[arg(long = "mode", value_delimiter = ',')]
    pub modes: Vec<String>,
    /// Where to draw the error curves: a directory (one `ARM-DOOR.svg` each) or, for one arm and one door, an `.svg` file.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Write the Markdown report here (default: print the tables to stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads (default: the machine's parallelism).
    #[arg(long, short, default_value_t = 0)]
    pub jobs: usize,
    /// No progress bar on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Runs `urnum accuracy` and returns its exit status (0 done, 2 usage error or feature missing).
pub fn main(args: &Args, policy: softblas::Policy) -> ExitCode {
    #[cfg(feature = "accuracy")]
    {
        cli::main(args, policy)
    }
    #[cfg(not(feature = "accuracy"))]
    {
        let _ = (args, policy);
        eprintln!(
            "urnum accuracy needs MPFR, which this build leaves out.\n\
             Install libgmp-dev and libmpfr-dev, then run:\n  \
             cargo run --release -p urnum-cli --features accuracy --bin urnum -- accuracy [OPTIONS]"
        );
        ExitCode::from(2)
    }
}

#[cfg(test)]
mod tests;
