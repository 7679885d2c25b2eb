//! Rounding modes as urnum's callers name them: the soft core's [`Round`]
//! and the Hoon-door rules of [`DoorRound`].
//!
//! A [`Round`] is always an argument, never a global: every scalar operation,
//! program and loop in urnum takes the mode it rounds in.

pub use softcore::{Round, RoundError};

/// The Hoon doors' view of the rounding modes: a door's `rnd` face holds one
/// of `%n %u %d %z`, never `%a`.
pub trait DoorRound: Sized {
    /// The four modes a Hoon door can take, in the order `N U D Z`.
    const HOON: [Round; 4];
    /// The bunt of Hoon's `?(%n %u %d %z)`: `%z`, the mode of a bare `la` or `rs` door.
    const HOON_BUNT: Round;

    /// The mode named by a Hoon term (`"n"`, `"u"`, `"d"`, `"z"`, with or without `%`).
    ///
    /// # Errors
    /// [`RoundError::Unknown`] for any other text, including `"a"` (no Hoon door accepts it).
    fn from_term(term: &str) -> Result<Round, RoundError>;

    /// The mode a Hoon door's `rnd` face holds as a code: `n u d z`, but not
    /// `a` (no Hoon door accepts it), or `None`; never allocates. This is the
    /// one door-mode rule of the registry, the C ABI and the jets.
    fn of_door_code(code: u8) -> Option<Round>;
}

impl DoorRound for Round {
    const HOON: [Round; 4] = [Round::N, Round::U, Round::D, Round::Z];
    const HOON_BUNT: Round = Round::Z;

    fn from_term(term: &str) -> Result<Round, RoundError> {
        let t = term.trim_start_matches('%');
        match t.as_bytes() {
            [c] => Round::of_door_code(*c),
            _ => None,
        }
        .ok_or_else(|| RoundError::Unknown(t.to_string()))
    }

    fn of_door_code(code: u8) -> Option<Round> {
        match Round::of_code(code) {
            Some(Round::A) | None => None,
            r => r,
        }
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
