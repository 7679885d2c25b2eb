//! The revisions of `/lib/unum`'s text: [`UnumRev`], a part of every request
//! for a posit elementary function, since the revisions give different bits
//! (the arms themselves are `scalar::unum::fns` and `scalar::unum::reduced`).

/// A revision of `/lib/unum`'s text, the specification a posit arm's bits follow.
///
/// The revisions differ only in the elementary functions (`exp sin cos tan log log-2 log-10
/// atan asin acos pow cbrt`); a jet or a vector serves exactly one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnumRev {
    /// `urbit/numerics:libmath/desk/lib/unum.hoon@96f3cfe`: naive fixed-length series, every step
    /// rounded (`scalar::unum::fns`).
    V96f3cfe,
    /// `urbit/numerics:lagoon/nockapp/hoon/lib/unum.hoon@bcb316c` (urbit/numerics #71, #72):
    /// exact reduction and one rounding (`scalar::unum::reduced`); the default.
    Bcb316c,
}

impl UnumRev {
    /// Every revision, oldest first.
    pub const ALL: [UnumRev; 2] = [UnumRev::V96f3cfe, UnumRev::Bcb316c];

    /// The revision urnum's façade, CLI and unsuffixed registry keys serve: the newest text.
    pub const DEFAULT: UnumRev = UnumRev::Bcb316c;

    /// The revision the Lagoon (`lagoon.hoon@aa6f2a6`) and Saloon (`saloon.hoon@424a2bf`)
    /// texts urnum follows were checked beside: `96f3cfe` (their `%unum` vectors are its bits),
    /// and so what the doors `lagoon::Door::la()` and `saloon::Sa::bare()` name.
    pub const LAGOON: UnumRev = UnumRev::V96f3cfe;

    /// The texts urnum follows that call `/lib/unum` without being it, by full commit, each with
    /// the revision it was checked beside.
    const BESIDE: [(&'static str, UnumRev); 2] = [
        ("aa6f2a6bd13e179dd776e53e406663ea0cff3a38", UnumRev::LAGOON),
        ("424a2bf928f0886f2bdfdd3c90019d28c654e161", UnumRev::LAGOON),
    ];

    /// The full commit of the text.
    pub const fn commit(self) -> &'static str {
        match self {
            UnumRev::V96f3cfe => "96f3cfe0a0ccb9495b0b8004dc95305f55a5dc26",
            UnumRev::Bcb316c => "bcb316c384ab5e3f378d481e67d88ef8d6bbb5b2",
        }
    }

    /// The seven-digit abbreviation used in registry keys (`exp:rps@96f3cfe`) and the C ABI.
    pub const fn short(self) -> &'static str {
        match self {
            UnumRev::V96f3cfe => "96f3cfe",
            UnumRev::Bcb316c => "bcb316c",
        }
    }

    /// The revision whose commit starts with `hex` (at least seven digits, any case).
    pub fn from_commit(hex: &str) -> Option<UnumRev> {
        let hex = hex.to_ascii_lowercase();
        (hex.len() >= 7)
            .then(|| {
                UnumRev::ALL
                    .into_iter()
                    .find(|r| r.commit().starts_with(&hex))
            })
            .flatten()
    }

    /// The revision a text at commit `hex` (at least seven digits, any case) computes its posits
    /// by: a `/lib/unum` revision's own ([`UnumRev::from_commit`]), or for a Lagoon or Saloon
    /// text urnum follows the revision it was checked beside ([`UnumRev::LAGOON`]); `None` for
    /// any other commit. This is the rule by which `urnum check` pins a vector to the revision
    /// its `unum_rev` or `rev` names.
    pub fn of_text(hex: &str) -> Option<UnumRev> {
        let lower = hex.to_ascii_lowercase();
        UnumRev::from_commit(hex).or_else(|| {
            (lower.len() >= 7)
                .then(|| {
                    UnumRev::BESIDE
                        .into_iter()
                        .find(|(c, _)| c.starts_with(&lower))
                        .map(|(_, r)| r)
                })
                .flatten()
        })
    }

    /// The revision's key in the C ABI (`URNUM_UNUM_REV_*`): 1 for `96f3cfe`, 2 for `bcb316c`
    /// (0 is reserved for "none named": `urnum_unum` rejects it, the ray entries decline the
    /// elementary functions under it).
    pub const fn abi_key(self) -> u32 {
        match self {
            UnumRev::V96f3cfe => 1,
            UnumRev::Bcb316c => 2,
        }
    }

    /// The revision with C ABI key `key`.
    pub fn from_abi_key(key: u32) -> Option<UnumRev> {
        UnumRev::ALL.into_iter().find(|r| r.abi_key() == key)
    }
}

impl Default for UnumRev {
    fn default() -> UnumRev {
        UnumRev::DEFAULT
    }
}
