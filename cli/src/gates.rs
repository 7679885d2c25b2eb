//! Hoon gates that vectors pass as arguments, known by their source text.
//!
//! A gate is code, and no noun carries it; the golden vectors name one by its
//! Hoon source (`{"gate": .., "hoon": "|= rr=rng:rand ..."}`). urnum knows the
//! few gates the vectors use: [`lookup`] finds one by its source (whitespace
//! runs count as one space), and the evaluator passes it to an arm as the noun
//! `[%urnum-gate id]` ([`KnownGate::to_noun`]), which the arms that take gates
//! (`+fill-simple:sa`, `+fill-windowed:sa`) turn back into Rust
//! ([`KnownGate::from_noun`]). A gate that is not in the table stays
//! unsupported.

use hoon::noun::Noun;
use softblas::Atom;

/// A Hoon gate urnum can run in place of its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnownGate {
    /// `|= rr=rng:rand ^- [@ rng:rand] ?> ?=(%phil -.rr) [0 rr(ctr.p (add ctr.p.rr (bex 40)))]`:
    /// a `+fill-*` draw that returns 0 and claims 2^40 sub-draws, so that a
    /// Philox window of 2^32 is exhausted on the first element
    /// (`saloon-rand-ray.hoon`, `test-fill-window-exhausted-crashes`); it
    /// crashes on an engine other than `%phil`.
    PhilClaims2p40,
}

/// The head tag of a gate's noun.
const TAG: &str = "urnum-gate";

/// Each known gate's source, whitespace collapsed.
const TABLE: [(&str, KnownGate); 1] = [(
    "|= rr=rng:rand ^- [@ rng:rand] ?> ?=(%phil -.rr) [0 rr(ctr.p (add ctr.p.rr (bex 40)))]",
    KnownGate::PhilClaims2p40,
)];

/// The known gate whose Hoon source is `src` (whitespace runs compared as one space).
pub fn lookup(src: &str) -> Option<KnownGate> {
    let norm = src.split_whitespace().collect::<Vec<_>>().join(" ");
    TABLE.iter().find(|(s, _)| *s == norm).map(|&(_, g)| g)
}

impl KnownGate {
    fn id(self) -> u64 {
        match self {
            KnownGate::PhilClaims2p40 => 0,
        }
    }

    /// The noun that stands for this gate in an argument list: `[%urnum-gate id]`.
    pub fn to_noun(self) -> Noun {
        Noun::cell(
            Noun::Atom(Atom::from_le_bytes(TAG.as_bytes())),
            Noun::atom(self.id()),
        )
    }

    /// The gate a noun made by [`KnownGate::to_noun`] stands for.
    pub fn from_noun(n: &Noun) -> Option<KnownGate> {
        let (h, t) = n.as_cell()?;
        if *h.as_atom()? != Atom::from_le_bytes(TAG.as_bytes()) {
            return None;
        }
        let id = t.as_atom()?;
        [KnownGate::PhilClaims2p40]
            .into_iter()
            .find(|g| Atom::from_u64(g.id()) == *id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_found_modulo_whitespace_and_round_trip_as_nouns() {
        let g = lookup(
            "|=  rr=rng:rand\n  ^-  [@ rng:rand]\n  ?>  ?=(%phil -.rr)\n  [0 rr(ctr.p (add ctr.p.rr (bex 40)))]",
        );
        assert_eq!(g, Some(KnownGate::PhilClaims2p40));
        assert_eq!(
            KnownGate::from_noun(&KnownGate::PhilClaims2p40.to_noun()),
            g
        );
        assert_eq!(lookup("|= x=@ x"), None);
        assert_eq!(KnownGate::from_noun(&Noun::atom(0u64)), None);
    }
}
