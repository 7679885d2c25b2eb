//! The `la` door's sample: the rounding mode its `%i754` and `%cplx` arms use
//! (`++la` / `++lake` of `lagoon.hoon@aa6f2a6`), and the `/lib/unum` revision
//! its `%unum` gates follow.

use softblas::scalar::unum::UnumRev;
use softblas::{Policy, Round};

/// The sample of Lagoon's `la` door, with the `/lib/unum` revision beside it.
///
/// A bare `la` has the bunt of `?(%n %u %d %z)`, which is `%z` (round toward
/// zero), not round-to-nearest; `(lake %n)` gives IEEE default rounding.
///
/// The revision is not part of the Hoon's sample: it says which text of
/// `/lib/unum` the Hoon around the door imports, since the texts give
/// different bits for the posit elementary functions a `%unum` program may
/// apply (`exp` … `pow`, through Saloon's gates and [`crate::gate`]). Lagoon's
/// own arms apply none of them. [`Door::la`] and [`Door::lake`] name
/// [`UnumRev::LAGOON`], the text `lagoon.hoon@aa6f2a6` was checked beside;
/// [`Door::with_unum`] names another, or none (those functions are then
/// unsupported). The [`Policy`] (the executor and the instruction-set cap,
/// [`Door::with_policy`]) is not part of the sample either: it says how the
/// arms compute, and every policy gives the same bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Door {
    /// The rounding mode (`rnd`), honoured only by `%i754` and `%cplx` arithmetic.
    pub round: Round,
    /// The `/lib/unum` revision of the `%unum` elementary functions, if one is named.
    pub unum: Option<UnumRev>,
    /// How the arms compute: the executor and the instruction-set cap.
    pub policy: Policy,
}

impl Door {
    /// The bare `la` door: `rnd = %z`, beside [`UnumRev::LAGOON`].
    pub const fn la() -> Door {
        Door::lake(Round::Z)
    }

    /// The door `(lake r)`: `la` with `rnd = r`, beside [`UnumRev::LAGOON`].
    pub const fn lake(round: Round) -> Door {
        Door {
            round,
            unum: Some(UnumRev::LAGOON),
            policy: Policy::FAST,
        }
    }

    /// This door with its `%unum` elementary functions following the revision `unum`
    /// (`None`: no revision, so they are unsupported).
    #[must_use]
    pub const fn with_unum(self, unum: Option<UnumRev>) -> Door {
        Door { unum, ..self }
    }

    /// This door computing under the policy `policy` (same bits under every policy).
    #[must_use]
    pub const fn with_policy(self, policy: Policy) -> Door {
        Door { policy, ..self }
    }
}

impl Default for Door {
    fn default() -> Door {
        Door::la()
    }
}
