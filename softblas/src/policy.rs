//! How a computation is carried out: which executor runs it and which
//! instruction-set level its hardware loops may use at most.
//!
//! A [`Policy`] is a value passed down from the edges (the CLI, the C ABI, the
//! `urnum` façade) to the loops; nothing below the edges reads the environment
//! or a mutable global to decide it, so two policies can run side by side in
//! one process. Every policy gives the same bits: the executors and levels
//! exist to measure and to cross-check one another.

use std::fmt;

/// The executor of loops and programs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Executor {
    /// Hardware kernels where they apply (`%i754` at binary16/32/64), the soft core otherwise.
    #[default]
    Fast,
    /// The reference executor: the soft core, element by element.
    Reference,
}

pub use hw::Isa;

/// The executor and the instruction-set cap of one computation.
///
/// The default is the fast executor with no cap: the best loops the CPU has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Policy {
    /// Which executor runs loops and programs.
    pub exec: Executor,
    /// The highest instruction-set level the hardware loops may use.
    pub isa: Isa,
}

/// A policy named by text that names no executor or level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolicyError {
    /// The executor's name is neither `fast` nor `reference`.
    Executor(String),
    /// The level's name is none of `portable`, `fma`, `avx2`, `avx512f`, `avx512`.
    Isa(String),
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyError::Executor(s) => write!(f, "unknown executor {s:?} (fast, reference)"),
            PolicyError::Isa(s) => {
                let names = Isa::ALL.map(Isa::name).join(", ");
                write!(f, "unknown instruction-set level {s:?} ({names})")
            }
        }
    }
}

impl std::error::Error for PolicyError {}

impl Policy {
    /// The fast executor with no cap.
    pub const FAST: Policy = Policy {
        exec: Executor::Fast,
        isa: Isa::Avx512,
    };

    /// The reference executor (the cap then matters only to loops the reference does not replace).
    pub const REFERENCE: Policy = Policy {
        exec: Executor::Reference,
        isa: Isa::Avx512,
    };

    /// This policy with the executor `exec`.
    #[must_use]
    pub const fn with_exec(self, exec: Executor) -> Policy {
        Policy { exec, ..self }
    }

    /// This policy with the instruction-set cap `isa`.
    #[must_use]
    pub const fn with_isa(self, isa: Isa) -> Policy {
        Policy { isa, ..self }
    }

    /// Whether the fast executor is selected.
    #[inline]
    pub const fn fast(self) -> bool {
        matches!(self.exec, Executor::Fast)
    }

    /// The policy the names `exec` and `isa` give, each defaulting when absent
    /// or empty: how an edge turns its flags or environment into a value.
    ///
    /// # Errors
    /// [`PolicyError`] naming the text that names no executor or level.
    pub fn parse(exec: Option<&str>, isa: Option<&str>) -> Result<Policy, PolicyError> {
        let exec = match exec.map(str::trim) {
            None | Some("") => Executor::Fast,
            Some(s) if s.eq_ignore_ascii_case("fast") => Executor::Fast,
            Some(s) if s.eq_ignore_ascii_case("reference") => Executor::Reference,
            Some(s) => return Err(PolicyError::Executor(s.to_string())),
        };
        let isa = match isa.map(str::trim) {
            None | Some("") => Isa::Avx512,
            Some(s) => {
                Isa::of_name(&s.to_ascii_lowercase()).ok_or(PolicyError::Isa(s.to_string()))?
            }
        };
        Ok(Policy { exec, isa })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_to_policies_and_bad_names_are_named() {
        assert_eq!(Policy::parse(None, None), Ok(Policy::FAST));
        assert_eq!(
            Policy::parse(Some("Reference"), Some("avx2")),
            Ok(Policy::REFERENCE.with_isa(Isa::Avx2))
        );
        for i in Isa::ALL {
            assert_eq!(Isa::of_name(i.name()), Some(i));
        }
        assert_eq!(
            Policy::parse(Some("quick"), None),
            Err(PolicyError::Executor("quick".into()))
        );
        assert_eq!(
            Policy::parse(None, Some("sse9")),
            Err(PolicyError::Isa("sse9".into()))
        );
    }
}
