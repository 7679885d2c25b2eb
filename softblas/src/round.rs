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
        let t = term.trim_start_matches('%');
        match t.as_bytes() {
            [c] => Round::of_door_code(*c),
            _ => None,
        }
        .ok_or_else(|| RoundError::Unknown(t.to_string()))
    }

    /// The mode of a char code (`b'n' b'u' b'd' b'z' b'a'`), or `None`; never allocates.
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

    /// The mode a Hoon door's `rnd` face holds as a code: `n u d z`, but not
    /// `a` (no Hoon door accepts it), or `None`; never allocates. This is the
    /// one door-mode rule of the registry, the C ABI and the jets.
    pub const fn of_door_code(code: u8) -> Option<Round> {
        match Round::of_code(code) {
            Some(Round::A) | None => None,
            r => r,
        }
    }

    /// The mode named by a SoftBLAS / C-jet char code (`b'n' b'u' b'd' b'z' b'a'`).
    ///
    /// # Errors
    /// [`RoundError::Unknown`] for any other byte.
    pub fn from_code(code: u8) -> Result<Round, RoundError> {
        Round::of_code(code).ok_or_else(|| RoundError::Unknown(format!("{:?}", code as char)))
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
    fn only_n_u_d_z_are_door_modes() {
        assert_eq!(Round::of_door_code(b'n'), Some(Round::N));
        assert_eq!(Round::of_door_code(b'z'), Some(Round::Z));
        assert_eq!(Round::of_door_code(b'a'), None);
        assert_eq!(Round::of_door_code(0), None);
        assert_eq!(Round::of_code(b'a'), Some(Round::A));
        assert_eq!(Round::from_term("%a"), Err(RoundError::Unknown("a".into())));
        assert_eq!(
            Round::from_term("nu"),
            Err(RoundError::Unknown("nu".into()))
        );
    }

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
