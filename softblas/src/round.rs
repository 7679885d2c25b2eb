//! Rounding modes: the Hoon terms `%n %u %d %z` and SoftBLAS's char codes.
//!
//! A [`Round`] is always an argument, never a global: every scalar operation,
//! program and loop in urnum takes the mode it rounds in.

use thiserror::Error;

/// An IEEE 754 rounding-direction attribute as Hoon and SoftBLAS name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Round {
    /// Round to nearest, ties to even (`%n`, `'n'`).
    N,
    /// Round toward +infinity (`%u`, `'u'`).
    U,
    /// Round toward -infinity (`%d`, `'d'`).
    D,
    /// Round toward zero (`%z`, `'z'`).
    Z,
    /// Round to nearest, ties away from zero (`'a'`: SoftBLAS and the C jets only; no Hoon term).
    A,
}

/// Why a rounding-mode name was not understood.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RoundError {
    /// The term is not one of `n u d z` (Hoon) or `n u d z a` (char code).
    #[error("unknown rounding mode {0:?}")]
    Unknown(String),
}

impl Round {
    /// Every mode, in the order `N U D Z A`.
    pub const ALL: [Round; 5] = [Round::N, Round::U, Round::D, Round::Z, Round::A];
    /// The four modes a Hoon door can take, in the order `N U D Z`.
    pub const HOON: [Round; 4] = [Round::N, Round::U, Round::D, Round::Z];

    /// The bunt of Hoon's `?(%n %u %d %z)`: `%z`, the mode of a bare `la` or `rs` door.
    pub const HOON_BUNT: Round = Round::Z;

    /// The mode named by a Hoon term (`"n"`, `"u"`, `"d"`, `"z"`, with or without `%`).
    ///
    /// # Errors
    /// [`RoundError::Unknown`] for any other text, including `"a"` (no Hoon door accepts it).
    pub fn from_term(term: &str) -> Result<Round, RoundError> {
        match term.trim_start_matches('%') {
            "n" => Ok(Round::N),
            "u" => Ok(Round::U),
            "d" => Ok(Round::D),
            "z" => Ok(Round::Z),
            other => Err(RoundError::Unknown(other.to_string())),
        }
    }

    /// The mode named by a SoftBLAS / C-jet char code (`b'n' b'u' b'd' b'z' b'a'`).
    ///
    /// # Errors
    /// [`RoundError::Unknown`] for any other byte.
    pub fn from_code(code: u8) -> Result<Round, RoundError> {
        match code {
            b'n' => Ok(Round::N),
            b'u' => Ok(Round::U),
            b'd' => Ok(Round::D),
            b'z' => Ok(Round::Z),
            b'a' => Ok(Round::A),
            other => Err(RoundError::Unknown(format!("{:?}", other as char))),
        }
    }

    /// The char code of this mode (`b'n'` ...), also the value of the Hoon term atom.
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

impl std::fmt::Display for Round {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "%{}", self.code() as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_and_codes_agree() {
        for r in Round::HOON {
            assert_eq!(Round::from_term(&r.to_string()).unwrap(), r);
        }
        for r in Round::ALL {
            assert_eq!(Round::from_code(r.code()).unwrap(), r);
        }
        // %a is a C-jet code only: no Hoon door can name it.
        assert!(Round::from_term("a").is_err());
        assert_eq!(Round::HOON_BUNT, Round::Z);
    }
}
