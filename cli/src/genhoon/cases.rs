//! Random cases for `urnum gen-hoon`: which arms, which inputs, and urnum's result on them.
//!
//! An arm is given by its registry key (`add:la`, `exp:rd`, `add:rpb`,
//! `add:cs`, `add:twoc`). A Lagoon or Saloon arm's argument pattern comes
//! from its catalogue row (`lagoon::arms`, `saloon::arms`): one or two rays,
//! a ray and an element, a ray and an axis; a scalar door's from a table of
//! its binary arms (math.hoon@a71a0b9, unum/complex/twoc.hoon@96f3cfe). An
//! arm outside these is refused with a message, never guessed.
//!
//! Inputs mix special values (±0, ±inf, NaN, ±1, ±max, the smallest
//! subnormal and normal, posit NaR/maxpos/minpos, integer extremes) with random
//! bit patterns; every rounding mode is cycled (`la`, `(lake %n)`, ... ;
//! `~(arm rd:math [%n ...])`, ...).
//!
//! Directed-mode float cases whose result holds an infinity, a NaN or ±max are
//! dropped: there interpreted Hoon's `++fl` overflows to ±inf where urnum
//! saturates as IEEE 754 does (urbit/urbit#7426), a documented divergence the
//! generated test must not report.

mod draw;
mod inputs;

use crate::rng::SplitMix64;
use draw::draw;
pub use draw::Request;
use hoon::noun::Noun;
use softblas::Atom;
use std::collections::BTreeMap;
use thiserror::Error;

/// Why cases could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenError {
    /// An arm the signature table does not cover, or that urnum does not register.
    #[error("unsupported arm {0}: {1}")]
    Arm(String, String),
    /// A kind name that is not a Lagoon kind, or a bloq it does not take.
    #[error("bad kind {0}")]
    Kind(String),
}

/// A Lagoon element kind at a bloq.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindBloq {
    /// `i754 uint int2 unum cplx`.
    pub kind: &'static str,
    /// log2 of the element width.
    pub bloq: u32,
}

/// Parses `--kinds` (`i754,uint:5,cplx`): a kind alone means all its bloqs.
///
/// # Errors
/// [`GenError::Kind`] for an unknown kind or bloq.
pub fn parse_kinds(text: &str) -> Result<Vec<KindBloq>, GenError> {
    let bad = |item: &str| {
        let valid: Vec<String> = GEN_KINDS
            .iter()
            .map(|(k, b)| format!("{k} (bloqs {b:?})"))
            .collect();
        GenError::Kind(format!("{item:?}; the kinds are {}", valid.join(", ")))
    };
    let mut out = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (k, b) = match item.split_once(':') {
            Some((k, b)) => (k, Some(b)),
            None => (item, None),
        };
        let &(kind, bloqs) = GEN_KINDS
            .iter()
            .find(|(name, _)| *name == k)
            .ok_or_else(|| bad(item))?;
        match b {
            None => out.extend(bloqs.iter().map(|&bloq| KindBloq { kind, bloq })),
            Some(b) => {
                let bloq: u32 = b.parse().map_err(|_| bad(item))?;
                if !bloqs.contains(&bloq) {
                    return Err(bad(item));
                }
                out.push(KindBloq { kind, bloq });
            }
        }
    }
    if out.is_empty() {
        return Err(bad(text));
    }
    Ok(out)
}

/// The Lagoon kinds gen-hoon draws rays of, with the bloqs of each.
const GEN_KINDS: &[(&str, &[u32])] = &[
    ("i754", &[4, 5, 6, 7]),
    ("uint", &[3, 4, 5, 6]),
    ("int2", &[3, 4, 5, 6]),
    ("unum", &[3, 4, 5, 6]),
    ("cplx", &[5, 6, 7, 8]),
];

/// One argument: its noun, its Hoon text and its vector JSON.
#[derive(Clone, Debug)]
pub struct Arg {
    /// The value.
    pub noun: Noun,
    /// Hoon source for it.
    pub hoon: String,
    /// Its vector encoding.
    pub json: serde_json::Value,
}

/// What urnum computed for a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A ray result.
    Ray(Noun),
    /// A loobean.
    Flag(bool),
    /// An atom (compared as `@`).
    Atom(Atom),
    /// The Hoon crashes here (the check that failed).
    Crash(String),
}

/// One generated case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The registry key.
    pub key: String,
    /// The vector `lib`.
    pub lib: &'static str,
    /// The door sample, as vector `door_args`.
    pub door_args: BTreeMap<String, serde_json::Value>,
    /// The rounding mode in the vector's sense (`n u d z`, or `default`).
    pub rounding: String,
    /// The arguments.
    pub args: Vec<Arg>,
    /// The Hoon expression of the call.
    pub hoon: String,
    /// urnum's result.
    pub expected: Expected,
}

/// The draws an arm's generation dropped, by reason, with their counts.
pub type Drops = BTreeMap<String, usize>;

/// How many draws per asked-for case [`generate`] makes at most.
pub const MAX_DRAWS_PER_CASE: usize = 8;

/// Generates the `n` cases of arm `key` that `req` asks for (cycling `kinds`
/// for ray arms), appending to `out`: draws are made until `n` are kept or
/// [`MAX_DRAWS_PER_CASE`]` · n` were made, and a draw is dropped when urnum
/// does not compute it, its result is a cell, or it risks a directed-mode
/// overflow. When no kept draw asserts a value (every one crashes, and its
/// test would be `expect-fail`, or every draw was dropped), a Lagoon or
/// Saloon arm not drawn square already is drawn again on square matrices
/// (`+eig`, `+qr`), and an arm for which that fails too is refused.
///
/// Returns the dropped draws by reason; fewer than `n` cases were appended
/// only when the draws ran out.
///
/// # Errors
/// [`GenError::Arm`] when the arm is not in the signature table or not
/// registered, or no input drawn for it makes a test that asserts a value.
pub fn generate(
    req: Request<'_>,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Result<Drops, GenError> {
    let (start, key) = (out.len(), req.key);
    let dropped = draw(req, r, out)?;
    if passing(&out[start..]) {
        return Ok(dropped);
    }
    let mut why = failing(&out[start..], &dropped);
    out.truncate(start);
    // An arm of square matrices (`+eig`, `+qr`, `+det`): drawn again square.
    if !req.square && (key.ends_with(":la") || key.ends_with(":sa")) {
        let dropped = draw(
            Request {
                square: true,
                ..req
            },
            r,
            out,
        )?;
        if passing(&out[start..]) {
            return Ok(dropped);
        }
        why = format!(
            "{why}; on square matrices, {}",
            failing(&out[start..], &dropped)
        );
        out.truncate(start);
    }
    Err(GenError::Arm(
        key.into(),
        format!(
            "no input gen-hoon draws for it makes a test that asserts a value ({why}); \
             write its cases by hand"
        ),
    ))
}

/// Whether some of the cases assert a value (not all are `expect-fail`).
fn passing(cases: &[Case]) -> bool {
    cases
        .iter()
        .any(|c| !matches!(c.expected, Expected::Crash(_)))
}

/// Why no case of an arm asserts a value: the first crash, or the reasons
/// every draw was dropped.
fn failing(cases: &[Case], dropped: &Drops) -> String {
    match cases.first().map(|c| &c.expected) {
        Some(Expected::Crash(m)) => format!("every kept draw crashes: {m}"),
        _ => format!(
            "every draw was dropped: {}",
            dropped.keys().cloned().collect::<Vec<_>>().join("; ")
        ),
    }
}
