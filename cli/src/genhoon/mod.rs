//! `urnum gen-hoon`: Hoon test files asserting urnum's results on random
//! inputs, for differential testing on a ship (`-test %/tests/lib/urnum-diff`).
//!
//! [`generate_all`] draws the cases ([`cases`]) with a SplitMix64 stream
//! ([`crate::rng`]) from the seed, so the output is a function of the arguments
//! alone; [`emit`] writes the Hoon file and the same cases as JSONL vectors
//! that `urnum check` re-checks. The targeted upstream commits are in
//! [`emit::TARGETS`] and in the file's header.

pub mod cases;
pub mod cli;
pub mod emit;

use crate::registry::Registry;
pub use cases::GenError;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Registry keys of the arms.
    pub arms: Vec<String>,
    /// `--kinds` text.
    pub kinds: String,
    /// Cases per arm.
    pub cases: usize,
    /// The seed.
    pub seed: u64,
}

/// What generation gave for one arm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmReport {
    /// The registry key.
    pub key: String,
    /// Cases kept.
    pub kept: usize,
    /// Draws dropped, by reason.
    pub dropped: cases::Drops,
}

/// The generated cases and their two renderings.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The cases, in file order.
    pub cases: Vec<cases::Case>,
    /// Per arm (in `--arms` order): the cases kept and the draws dropped by reason.
    pub per_arm: Vec<ArmReport>,
    /// The Hoon test file.
    pub hoon: String,
    /// The JSONL vectors, one per case.
    pub jsonl: String,
}

/// Generates the cases of `plan`.
///
/// # Errors
/// [`GenError`] for an arm or kind gen-hoon does not cover.
pub fn generate_all(reg: &Registry, plan: &Plan) -> Result<Generated, GenError> {
    let kinds = cases::parse_kinds(&plan.kinds)?;
    let mut r = crate::rng::SplitMix64::new(plan.seed);
    let mut out = Vec::new();
    let mut per_arm = Vec::new();
    for key in &plan.arms {
        let before = out.len();
        let req = cases::Request {
            reg,
            key,
            kinds: &kinds,
            n: plan.cases,
            square: false,
        };
        let dropped = cases::generate(req, &mut r, &mut out)?;
        per_arm.push(ArmReport {
            key: key.clone(),
            kept: out.len() - before,
            dropped,
        });
    }
    let command = format!(
        "urnum gen-hoon --arms {} --kinds {} --cases {} --seed {}",
        plan.arms.join(","),
        plan.kinds,
        plan.cases,
        plan.seed
    );
    let hoon = emit::hoon_file(&out, &command);
    let mut jsonl = String::new();
    for (i, c) in out.iter().enumerate() {
        jsonl.push_str(&emit::vector_line(i, c, plan.seed));
        jsonl.push('\n');
    }
    Ok(Generated {
        cases: out,
        per_arm,
        hoon,
        jsonl,
    })
}
