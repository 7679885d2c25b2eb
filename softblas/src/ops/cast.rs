//! `Cast`: the per-element conversions of Lagoon's `+change` (lagoon.hoon@aa6f2a6).
//!
//! | from → to | value |
//! |---|---|
//! | `%uint → %uint` | the raw value, unchanged (re-packed, never truncated) |
//! | `%uint → %i754` (bloq 4–7) | `sun` in the door mode at the target width |
//! | `%i754` (bloq 4–7) `→ %uint` | `toi` in the door mode at the source width, `need` (NaN/∞ crash), then the `@s` atom halved: `n → n`, `−n → n − 1` |
//! | `%i754 → %i754` (target bloq 4–7) | the raw bits, unchanged (no float conversion) |
//! | `%unum`, `%cplx`, `%fixp` sources | crash (conversion not wired in the Hoon) |
//! | `%int2` source, or another target | crash |

use super::ScalarError;
use crate::atom::Atom;
use crate::dtype::{Dtype, Kind};
use crate::round::Round;
use crate::scalar::i754::{self, Width};

fn ieee(bloq: u32) -> Result<Width, ScalarError> {
    Width::from_bloq(bloq).ok_or(ScalarError::Crash("change: %i754 bloq is not one of 4..7"))
}

/// `x` of dtype `from` converted as `+change` converts one element to `to`, in mode `r`.
pub(super) fn cast(from: &Dtype, to: &Dtype, r: Round, x: &Atom) -> Result<Atom, ScalarError> {
    match (from.kind, to.kind) {
        (Kind::Uint, Kind::Uint) => Ok(x.clone()),
        (Kind::Uint, Kind::I754) => Ok(Atom::from_u128(i754::sun(ieee(to.bloq)?, r, x))),
        (Kind::I754, Kind::Uint) => {
            let w = ieee(from.bloq)?;
            let (neg, mag) = i754::toi(w, r, x.low_u128()).ok_or(ScalarError::Crash(
                "change: %i754 element is not finite, so (need (toi ...)) crashes",
            ))?;
            // (div @s 2): 2n for +n halves to n, 2n − 1 for −n halves to n − 1.
            Ok(if neg {
                mag.checked_sub(&Atom::ONE).unwrap_or(Atom::ZERO)
            } else {
                mag
            })
        }
        (Kind::I754, Kind::I754) => {
            ieee(to.bloq)?;
            Ok(x.clone())
        }
        (Kind::Unum, _) => Err(ScalarError::Crash(
            "lagoon: change/convert not yet implemented for %unum",
        )),
        (Kind::Cplx, _) => Err(ScalarError::Crash(
            "lagoon: change out of %cplx is lossy; use abs or an explicit re/im",
        )),
        (Kind::Fixp, _) => Err(ScalarError::Crash(
            "lagoon: change/convert not yet implemented for %fixp",
        )),
        _ => Err(ScalarError::Crash(
            "change: no conversion between these kinds",
        )),
    }
}
