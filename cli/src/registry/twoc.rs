//! Registry entries for `/lib/twoc`: every arm of the doors `twid` (`|_ wid=@`) and `twoc`
//! (`|_ =bloq`, width `2^bloq`), keyed `arm:twid` and `arm:twoc`, computed by
//! [`softblas::scalar::int2`] (`libmath/desk/lib/twoc.hoon` @96f3cfe).
//!
//! Nouns: operands, results and `@s` values are atoms; `+gth +lth +lte +gte +overflow` give
//! loobeans (`%.y` = 0); `+msb` gives the atom 0 or 1; `+len +len-mod +ones` are called with no
//! arguments. An absent door sample is bunted (`wid = 0`, `bloq = 0`). A width of 2^64 bits or more
//! is reported unsupported (the Hoon would have to build `(bex wid)`).

use super::{arg_atom, loobean, ArmError, Door, Entry, Registry};
use hoon::noun::Noun;
use softblas::scalar::int2::arms::{self, Arm, Call};
use softblas::scalar::int2::{AtomTwid, Int2Error};
use softblas::Atom;

/// Registers every row of [`softblas::scalar::int2::arms`] at the doors `twid` and `twoc`.
pub(super) fn register(r: &mut Registry) {
    for door in ["twid", "twoc"] {
        for row in arms::ARMS {
            r.arms
                .insert(format!("{}:{door}", row.name), Entry::Twoc(row));
        }
    }
}

/// Calls the `/lib/twoc` row `row` through `d` on `a`, decoding the sample
/// and encoding the product as the row's [`Call`] says.
///
/// # Errors
/// [`ArmError::BadArgs`] for a missing or cell argument; the door's errors
/// ([`twid`]); [`ArmError::Crash`] where the Hoon crashes.
pub(super) fn call(row: &Arm, d: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let t = twid(d)?;
    let x = |i: usize| arg_atom(a, i, row.name);
    Ok(match row.call {
        Call::Nullary(f) => Noun::Atom(f(&t).map_err(crash)?),
        Call::Bit(f) => Noun::atom(u64::from(f(&t, x(0)?))),
        Call::Unary(f) | Call::ToSigned(f) => Noun::Atom(f(&t, x(0)?)),
        Call::Binary(f) => Noun::Atom(f(&t, x(0)?, x(1)?)),
        Call::Fallible(f) => Noun::Atom(f(&t, x(0)?, x(1)?).map_err(crash)?),
        Call::Compare(f) => loobean(f(&t, x(0)?, x(1)?)),
        Call::Compare3(f) => loobean(f(&t, x(0)?, x(1)?, x(2)?)),
    })
}

/// The door of an arm: `twoc` at its sample `bloq`, `twid` at its sample `wid`.
fn twid(d: &Door) -> Result<AtomTwid, ArmError> {
    let too_wide = |face: &str, v: &Atom| {
        ArmError::Unsupported(format!("{}: {face} {v} is too wide to compute", d.name))
    };
    match d.name.as_str() {
        "twoc" => {
            let bloq = d.atom("bloq", Atom::ZERO)?;
            let b = bloq
                .as_u64()
                .and_then(|b| u32::try_from(b).ok())
                .ok_or_else(|| too_wide("bloq", &bloq))?;
            AtomTwid::twoc(b).map_err(|_| too_wide("bloq", &bloq))
        }
        "twid" => {
            let wid = d.atom("wid", Atom::ZERO)?;
            wid.as_u64()
                .map(AtomTwid::new)
                .ok_or_else(|| too_wide("wid", &wid))
        }
        other => Err(ArmError::BadArgs(format!("not a /lib/twoc door: {other}"))),
    }
}

/// A Hoon crash of a `/lib/twoc` arm.
fn crash(e: Int2Error) -> ArmError {
    ArmError::Crash(e.to_string())
}
