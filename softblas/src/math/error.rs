//! Why a `/lib/math` arm gives no value.

use crate::Round;
use thiserror::Error;

/// Why a `/lib/math` arm gives no value: the Hoon crashes, never stops, or the arm does not exist.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MathError {
    /// `(need (toi …))` met a NaN or an infinity, so the Hoon crashes.
    #[error("{arm}: (need (toi {what})) of a NaN or an infinity crashes")]
    ToiNotFinite {
        /// The arm that crashed.
        arm: &'static str,
        /// The value that was not finite.
        what: &'static str,
    },
    /// A `?>` assertion failed, so the Hoon crashes.
    #[error("{arm}: assertion {check} failed")]
    Assertion {
        /// The arm that crashed.
        arm: &'static str,
        /// The asserted condition.
        check: &'static str,
    },
    /// The Hoon loops forever on this input.
    #[error("{arm}: the Hoon never terminates here ({why})")]
    Diverges {
        /// The looping arm.
        arm: &'static str,
        /// Why the loop cannot end.
        why: &'static str,
    },
    /// The Hoon would run more loop steps than urnum is willing to simulate (unsupported, not a crash).
    #[error("{arm}: more than {limit} loop steps")]
    TooManySteps {
        /// The looping arm.
        arm: &'static str,
        /// The step budget that was exhausted.
        limit: u64,
    },
    /// The door has no such arm (`mod` is `@rs` only; `round`, `round-places`, `round-bankers` are `@rs`/`@rd` only).
    #[error("{arm} is not an arm of the {door} door")]
    NoSuchArm {
        /// The arm asked for.
        arm: &'static str,
        /// The door (`rh`, `rs`, `rd`, `rq`).
        door: &'static str,
    },
    /// The rounding mode is not one of `%n %u %d %z`, so no `/lib/math` door can hold it.
    #[error("rounding mode {0:?} is not a Hoon mode")]
    NotHoonMode(Round),
}
