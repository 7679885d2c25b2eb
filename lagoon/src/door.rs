//! The `la` door's sample: the rounding mode its `%i754` and `%cplx` arms use
//! (`++la` / `++lake` of `lagoon.hoon@aa6f2a6`).

use softblas::Round;

/// The sample of Lagoon's `la` door.
///
/// A bare `la` has the bunt of `?(%n %u %d %z)`, which is `%z` (round toward
/// zero), not round-to-nearest; `(lake %n)` gives IEEE default rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Door {
    /// The rounding mode (`rnd`), honoured only by `%i754` and `%cplx` arithmetic.
    pub round: Round,
}

impl Door {
    /// The bare `la` door: `rnd = %z`.
    pub const fn la() -> Door {
        Door { round: Round::Z }
    }

    /// The door `(lake r)`: `la` with `rnd = r`.
    pub const fn lake(round: Round) -> Door {
        Door { round }
    }
}

impl Default for Door {
    fn default() -> Door {
        Door::la()
    }
}
