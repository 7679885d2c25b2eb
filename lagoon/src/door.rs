//! The `la` door's sample: the rounding mode its `%i754` and `%cplx` arms use
//! (`++la` / `++lake` of `lagoon.hoon@aa6f2a6`), and the `/lib/unum` revision
//! its `%unum` gates follow.

use softblas::scalar::unum::UnumRev;
use softblas::Round;

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
/// unsupported).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Door {
    /// The rounding mode (`rnd`), honoured only by `%i754` and `%cplx` arithmetic.
    pub round: Round,
    /// The `/lib/unum` revision of the `%unum` elementary functions, if one is named.
    pub unum: Option<UnumRev>,
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
        }
    }

    /// This door with its `%unum` elementary functions following the revision `unum`
    /// (`None`: no revision, so they are unsupported).
    #[must_use]
    pub const fn with_unum(self, unum: Option<UnumRev>) -> Door {
        Door {
            round: self.round,
            unum,
        }
    }
}

impl Default for Door {
    fn default() -> Door {
        Door::la()
    }
}
