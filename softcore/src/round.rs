//! The five rounding-direction attributes of IEEE 754-2019 §4.3, named by
//! the one-letter codes SoftBLAS and Urbit's numerics use.

use std::fmt;

/// An IEEE 754 rounding-direction attribute; every operation of the core takes one.
///
/// Its discriminant (`Round::Z as u8`) is the mode where a kernel is
/// specialised on it as a const generic parameter, which stable Rust allows
/// only for integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Round {
    /// Round to nearest, ties to even (roundTiesToEven; code `n`).
    N = 0,
    /// Round toward +∞ (roundTowardPositive; code `u`).
    U = 1,
    /// Round toward −∞ (roundTowardNegative; code `d`).
    D = 2,
    /// Round toward zero (roundTowardZero; code `z`).
    Z = 3,
    /// Round to nearest, ties away from zero (roundTiesToAway; code `a`).
    A = 4,
}

/// A byte or a name that is not one of the five mode codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundError {
    /// The text or byte (as shown) that names no mode.
    Unknown(String),
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundError::Unknown(s) => write!(f, "unknown rounding mode {s:?}"),
        }
    }
}

impl std::error::Error for RoundError {}

impl Round {
    /// Every mode, in the order `N U D Z A`.
    pub const ALL: [Round; 5] = [Round::N, Round::U, Round::D, Round::Z, Round::A];

    /// The mode of a code byte (`b'n' b'u' b'd' b'z' b'a'`), or `None`; never allocates.
    pub const fn of_code(code: u8) -> Option<Round> {
        match code {
            b'n' => Some(Round::N),
            b'u' => Some(Round::U),
            b'd' => Some(Round::D),
            b'z' => Some(Round::Z),
            b'a' => Some(Round::A),
            _ => None,
        }
    }

    /// The mode of a code byte (`b'n' b'u' b'd' b'z' b'a'`).
    ///
    /// # Errors
    /// [`RoundError::Unknown`] for any other byte.
    pub fn from_code(code: u8) -> Result<Round, RoundError> {
        Round::of_code(code).ok_or_else(|| RoundError::Unknown(format!("{:?}", code as char)))
    }

    /// The code byte of this mode (`b'n'` …).
    pub const fn code(self) -> u8 {
        match self {
            Round::N => b'n',
            Round::U => b'u',
            Round::D => b'd',
            Round::Z => b'z',
            Round::A => b'a',
        }
    }
}

/// Shows the mode as a Hoon term of its code: `%n %u %d %z %a`.
impl fmt::Display for Round {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.code() as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_bytes_are_refused() {
        for r in Round::ALL {
            assert_eq!(Round::from_code(r.code()), Ok(r));
        }
        assert_eq!(Round::of_code(0), None);
        assert_eq!(
            Round::from_code(b'x'),
            Err(RoundError::Unknown("'x'".into()))
        );
        assert_eq!(Round::A.to_string(), "%a");
    }
}
