//! The arm registry: Rust implementations of Hoon arms, keyed by their Hoon name.
//!
//! A name is the wing a test or a dojo user writes: `add:la`, `exp:rd`,
//! `add:rpb`, `mul:twoc`, `eig:sa`; arms of `/lib/fixed`, which have no door,
//! are keyed `arm:fixed` (`mul:fixed`). The door sample travels in a [`Door`]
//! (`(lake %n)` is `la` with `rnd = %n`); arguments and results are nouns.
//!
//! Each library registers its arms in its own submodule. An arm that is not
//! registered is *unsupported*: the runner reports it as such, never as a
//! pass or a failure.

use crate::noun::Noun;
use softblas::{Atom, Round};
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

mod complex;
mod fixed;
mod lagoon;
mod lagoon_arith;
mod lagoon_axis;
mod lagoon_print;
mod math;
mod saloon;
mod twoc;
mod unum;

/// The sample of the door an arm is called through (`la`, `(lake %n)`, `rd` with `[r rtol atol]`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Door {
    /// The door's name as written after the `:` (`la`, `rd`, `rpb`, `twoc`, `fixed`).
    pub name: String,
    /// The door's sample by face (`rnd`, `r`, `rtol`, `atol`, `bloq`, `wid`); absent faces are bunted.
    pub args: BTreeMap<String, Noun>,
}

impl Door {
    /// The door `name` with its sample bunted.
    pub fn bare(name: &str) -> Door {
        Door {
            name: name.to_string(),
            args: BTreeMap::new(),
        }
    }

    /// The rounding mode held under face `face`, or `bunt` when the sample does not give it.
    ///
    /// # Errors
    /// [`ArmError::BadArgs`] when the face holds something other than `%n %u %d %z`.
    pub fn round(&self, face: &str, bunt: Round) -> Result<Round, ArmError> {
        match self.args.get(face) {
            None => Ok(bunt),
            Some(n) => {
                let a = n
                    .as_atom()
                    .and_then(Atom::as_u64)
                    .ok_or_else(|| ArmError::BadArgs(format!("door face {face} is not a term")))?;
                let code = u8::try_from(a)
                    .map_err(|_| ArmError::BadArgs(format!("door face {face}: bad term")))?;
                match Round::from_code(code) {
                    Ok(Round::A) | Err(_) => Err(ArmError::BadArgs(format!(
                        "door face {face} is not one of %n %u %d %z"
                    ))),
                    Ok(r) => Ok(r),
                }
            }
        }
    }

    /// The atom held under face `face`, or `bunt` when the sample does not give it.
    ///
    /// # Errors
    /// [`ArmError::BadArgs`] when the face holds a cell.
    pub fn atom(&self, face: &str, bunt: Atom) -> Result<Atom, ArmError> {
        match self.args.get(face) {
            None => Ok(bunt),
            Some(Noun::Atom(a)) => Ok(a.clone()),
            Some(Noun::Cell(_)) => Err(ArmError::BadArgs(format!("door face {face} is a cell"))),
        }
    }
}

/// Why an arm gave no result.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ArmError {
    /// The Hoon crashes on these arguments; the text names the failed check.
    #[error("crash: {0}")]
    Crash(String),
    /// urnum cannot reproduce this input exactly (yet); the text says what is missing.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The arguments do not have the shape the arm's Hoon type requires (a harness error, not a Hoon crash).
    #[error("bad arguments: {0}")]
    BadArgs(String),
}

/// A registered arm: door and arguments in, noun out.
pub type ArmFn = fn(&Door, &[Noun]) -> Result<Noun, ArmError>;

/// The table from Hoon arm names to implementations.
#[derive(Default)]
pub struct Registry {
    arms: HashMap<String, ArmFn>,
}

impl Registry {
    /// The registry of every arm urnum implements.
    pub fn new() -> Registry {
        let mut r = Registry::default();
        lagoon::register(&mut r);
        lagoon_arith::register(&mut r);
        lagoon_axis::register(&mut r);
        lagoon_print::register(&mut r);
        saloon::register(&mut r);
        math::register(&mut r);
        unum::register(&mut r);
        complex::register(&mut r);
        twoc::register(&mut r);
        fixed::register(&mut r);
        r
    }

    /// Registers `f` under the Hoon name `name` (replacing any earlier entry).
    pub fn insert(&mut self, name: &str, f: ArmFn) {
        self.arms.insert(name.to_string(), f);
    }

    /// The implementation registered under `name`, if any.
    pub fn get(&self, name: &str) -> Option<ArmFn> {
        self.arms.get(name).copied()
    }

    /// The registered names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.arms.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    /// Calls the arm `name` through `door` on `args`.
    ///
    /// # Errors
    /// [`ArmError::Unsupported`] when no arm is registered under `name`; otherwise what the arm returns.
    pub fn call(&self, name: &str, door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
        match self.get(name) {
            Some(f) => f(door, args),
            None => Err(ArmError::Unsupported(format!(
                "arm {name} is not implemented"
            ))),
        }
    }
}

/// The `i`-th argument, or a [`ArmError::BadArgs`] naming the arm when it is missing.
pub(crate) fn arg<'a>(args: &'a [Noun], i: usize, arm: &str) -> Result<&'a Noun, ArmError> {
    args.get(i)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: missing argument {i}")))
}

/// The `i`-th argument as an atom, or a [`ArmError::BadArgs`] when it is missing or a cell.
pub(crate) fn arg_atom<'a>(args: &'a [Noun], i: usize, arm: &str) -> Result<&'a Atom, ArmError> {
    arg(args, i, arm)?
        .as_atom()
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument {i} is a cell, not an atom")))
}
