//! The `sa` door's sample: rounding mode and relative tolerance (`++sa`, `++sake`
//! of `saloon/desk/lib/saloon.hoon@424a2bf`).

use softblas::{Atom, Round};

/// The sample `[rnd rtol]` of Saloon's `sa` core.
///
/// Bare `sa` is `rnd = %n` (an explicit `%n`, unlike Lagoon's bare `la`, which
/// rounds `%z`) and `rtol = 0x1`, the smallest subnormal of every width, not
/// 1.0. `+eig`, `+eig-herm`, `+cg`, `+pcg` and `+svd` replace an `rtol` of
/// exactly `0x1` by the width's `+feps`; every other arm uses it as given.
/// `rtol` is a raw atom of any width (`@r`), as `+sake` takes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sa {
    /// The rounding mode of every float step (`rnd`).
    pub rnd: Round,
    /// The relative tolerance (`rtol`), a raw float atom.
    pub rtol: Atom,
}

impl Sa {
    /// The bare door `sa`: `rnd = %n`, `rtol = 0x1`.
    pub fn bare() -> Sa {
        Sa {
            rnd: Round::N,
            rtol: Atom::ONE,
        }
    }

    /// Port of `+sake [inrnd inrtol]`: `sa` with `rnd` and `rtol` replaced.
    pub fn sake(rnd: Round, rtol: Atom) -> Sa {
        Sa { rnd, rtol }
    }

    /// The door `(lake rnd)` the `sa` arms call Lagoon through.
    pub fn lake(&self) -> lagoon::Door {
        lagoon::Door::lake(self.rnd)
    }

    /// The tolerance `+eig`/`+cg`/`+pcg`/`+svd` use at component bloq `b`:
    /// `+feps` when `rtol` is exactly `0x1`, else `rtol`.
    pub fn tol_or_feps(&self, b: u32) -> Atom {
        if self.rtol == Atom::ONE {
            Atom::from_u128(crate::fl::feps(crate::fl::width_of(b)))
        } else {
            self.rtol.clone()
        }
    }
}

impl Default for Sa {
    fn default() -> Sa {
        Sa::bare()
    }
}
