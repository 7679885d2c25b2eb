//! Why a `/lib/math` arm gives no value.

use crate::scalar::unum::fns::LoopError;
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
    /// The Hoon's loop never ends here, or ends only after more steps than
    /// urnum simulates (`pow-n`, `factorial`).
    #[error(transparent)]
    Loop(#[from] LoopError),
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
