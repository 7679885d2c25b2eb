//! Why a Saloon arm gives no value.

use lagoon::LagoonError;
use thiserror::Error;

/// Why a Saloon arm gives no value: the Hoon crashes, urnum declines, or a Lagoon arm it calls failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SaloonError {
    /// The Hoon crashes here: `arm` is the Saloon (or `/lib/rand`) arm, `check` the failed
    /// assertion or `~|` tag.
    #[error("{arm}: {check}")]
    Crash {
        /// The arm that crashed.
        arm: &'static str,
        /// What failed (an asserted condition, a `~|` tag, a `!!`).
        check: String,
    },
    /// urnum does not reproduce this input exactly (a Hoon loop that never ends, a
    /// dependency that is not there yet, a size beyond urnum's limits).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A Lagoon arm Saloon calls failed (crash or unsupported, as [`LagoonError::is_unsupported`] says).
    #[error(transparent)]
    Lagoon(#[from] LagoonError),
}

impl SaloonError {
    /// A crash of `arm` on `check`.
    pub(crate) fn crash(arm: &'static str, check: impl Into<String>) -> SaloonError {
        SaloonError::Crash {
            arm,
            check: check.into(),
        }
    }

    /// Whether this error means "urnum declines" rather than "the Hoon crashes".
    pub fn is_unsupported(&self) -> bool {
        match self {
            SaloonError::Crash { .. } => false,
            SaloonError::Unsupported(_) => true,
            SaloonError::Lagoon(e) => e.is_unsupported(),
        }
    }
}
