//! The arm registry: Rust implementations of Hoon arms, keyed by their Hoon name.
//!
//! A name is the wing a test or a dojo user writes: `add:la`, `exp:rd`,
//! `add:rpb`, `mul:twoc`, `eig:sa`; arms of `/lib/fixed`, which have no door,
//! are keyed `arm:fixed` (`mul:fixed`). The door sample travels in a [`Door`]
//! (`(lake %n)` is `la` with `rnd = %n`); arguments and results are nouns.
//!
//! Each library registers its arms in its own submodule. An arm that is not
//! registered is *unsupported*: the runner reports it as such, never as a
//! pass or a failure.
//!
//! **`/lib/unum` revisions.** A key may end in `@<rev>`, naming the text of
//! `/lib/unum` the arm follows. Posit arms are registered once per revision
//! (`exp:rps@96f3cfe`, `exp:rps@bcb316c`) and unsuffixed (`exp:rps`, the
//! registry's revision). A Lagoon or Saloon arm is registered once; its key
//! takes any suffix, which [`Registry::call`] turns into the door's
//! [`Door::unum`] (the revision of its `%unum` elementary functions): a
//! commit prefix of a known revision names it, any other suffix
//! ([`NO_UNUM_REV`]) names none, and no suffix names the registry's.

use hoon::noun::Noun;
use softblas::scalar::unum::UnumRev;
use softblas::{Atom, DoorRound, Kind, Policy, Round};
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

pub mod args;
pub mod catalogue;
mod complex;
mod fixed;
mod lagoon;
mod lagoon_print;
mod math;
mod saloon;
mod twoc;
mod unum;

pub use lagoon_print::arm_slog;

/// The suffix of a Lagoon or Saloon key (`exp:sa@none`) that names no `/lib/unum` revision:
/// the arm's `%unum` elementary functions are then unsupported.
pub const NO_UNUM_REV: &str = "none";

/// The sample of the door an arm is called through (`la`, `(lake %n)`, `rd` with `[r rtol atol]`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Door {
    /// The door's name as written after the `:` (`la`, `rd`, `rpb`, `twoc`, `fixed`).
    pub name: String,
    /// The door's sample by face (`rnd`, `r`, `rtol`, `atol`, `bloq`, `wid`); absent faces are bunted.
    pub args: BTreeMap<String, Noun>,
    /// The `/lib/unum` revision of a Lagoon or Saloon door's `%unum` elementary functions (not
    /// part of the Hoon's sample; [`Registry::call`] sets it from the key).
    pub unum: Option<UnumRev>,
    /// How the arm computes (not part of the Hoon's sample; [`Registry::call`]
    /// sets it to the registry's policy).
    pub policy: Policy,
}

impl Door {
    /// The door `name` with its sample bunted, naming no `/lib/unum` revision.
    pub fn bare(name: &str) -> Door {
        Door {
            name: name.to_string(),
            args: BTreeMap::new(),
            unum: None,
            policy: Policy::FAST,
        }
    }

    /// The rounding mode held under face `face`, or `bunt` when the sample does not give it.
    ///
    /// # Errors
    /// [`ArmError::BadArgs`] when the face holds something other than `%n %u %d %z`.
    pub fn round(&self, face: &str, bunt: Round) -> Result<Round, ArmError> {
        match self.args.get(face) {
            None => Ok(bunt),
            Some(n) => {
                let a = n
                    .as_atom()
                    .and_then(Atom::as_u64)
                    .ok_or_else(|| ArmError::BadArgs(format!("door face {face} is not a term")))?;
                let code = u8::try_from(a)
                    .map_err(|_| ArmError::BadArgs(format!("door face {face}: bad term")))?;
                Round::of_door_code(code).ok_or_else(|| {
                    ArmError::BadArgs(format!("door face {face} is not one of %n %u %d %z"))
                })
            }
        }
    }

    /// The Lagoon door `(lake rnd)` of this sample: its `rnd` face, bunted to
    /// `%z` as bare `la` rounds (`la`, `(lake %n)`), beside [`Door::unum`].
    ///
    /// # Errors
    /// As [`Door::round`].
    pub fn lake(&self) -> Result<::lagoon::Door, ArmError> {
        let rnd = self.round("rnd", Round::HOON_BUNT)?;
        Ok(::lagoon::Door::lake(rnd)
            .with_unum(self.unum)
            .with_policy(self.policy))
    }

    /// The Saloon door `(sake rnd rtol)` of this sample: its `rnd` face
    /// bunted to `%n` and its `rtol` to `0x1`, as bare `sa` has them, beside
    /// [`Door::unum`].
    ///
    /// # Errors
    /// As [`Door::round`] and [`Door::atom`].
    pub fn sake(&self) -> Result<::saloon::Sa, ArmError> {
        Ok(
            ::saloon::Sa::sake(self.round("rnd", Round::N)?, self.atom("rtol", Atom::ONE)?)
                .with_unum(self.unum)
                .with_policy(self.policy),
        )
    }

    /// The atom held under face `face`, or `bunt` when the sample does not give it.
    ///
    /// # Errors
    /// [`ArmError::BadArgs`] when the face holds a cell.
    pub fn atom(&self, face: &str, bunt: Atom) -> Result<Atom, ArmError> {
        match self.args.get(face) {
            None => Ok(bunt),
            Some(Noun::Atom(a)) => Ok(a.clone()),
            Some(Noun::Cell(_)) => Err(ArmError::BadArgs(format!("door face {face} is a cell"))),
        }
    }
}

/// Why an arm gave no result.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ArmError {
    /// The Hoon crashes on these arguments; the text names the failed check.
    #[error("crash: {0}")]
    Crash(String),
    /// urnum cannot reproduce this input exactly (yet); the text says what is missing.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The arguments do not have the shape the arm's Hoon type requires (a harness error, not a Hoon crash).
    #[error("bad arguments: {0}")]
    BadArgs(String),
}

/// A hand-written registry arm: door and arguments in, noun out.
pub type ArmFn = fn(&Door, &[Noun]) -> Result<Noun, ArmError>;

/// A registered arm: a row of an arm catalogue, or a hand-written function
/// for an arm the catalogue cannot express.
#[derive(Clone, Copy)]
pub enum Entry {
    /// A row of [`::lagoon::arms::ARMS`].
    Lagoon(&'static ::lagoon::arms::Arm),
    /// A row of [`::saloon::arms::ARMS`].
    Saloon(&'static ::saloon::arms::Arm),
    /// A row of [`softblas::math::arms::ARMS`].
    Math(&'static softblas::math::arms::Arm),
    /// A row of [`softblas::scalar::unum::arms::ARMS`] at the `/lib/unum` revision it serves.
    Unum(
        &'static softblas::scalar::unum::arms::Arm,
        softblas::scalar::unum::UnumRev,
    ),
    /// A row of [`softblas::scalar::cplx::arms::ARMS`].
    Complex(&'static softblas::scalar::cplx::arms::Arm),
    /// A row of [`softblas::scalar::int2::arms::ARMS`].
    Twoc(&'static softblas::scalar::int2::arms::Arm),
    /// A row of [`softblas::scalar::fixp::arms::ARMS`].
    Fixed(&'static softblas::scalar::fixp::arms::Arm),
    /// A hand-written arm.
    Fn(ArmFn),
}

impl Entry {
    /// Calls the arm through `door` on `args`.
    ///
    /// # Errors
    /// The arm's, and its sample's decoding errors.
    pub fn call(self, door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
        match self {
            Entry::Lagoon(row) => catalogue::call_lagoon(row, door, args),
            Entry::Saloon(row) => catalogue::call_saloon(row, door, args),
            Entry::Math(row) => math::call(row, door, args),
            Entry::Unum(row, rev) => unum::call(row, rev, door, args),
            Entry::Complex(row) => complex::call(row, door, args),
            Entry::Twoc(row) => twoc::call(row, door, args),
            Entry::Fixed(row) => fixed::call(row, door, args),
            Entry::Fn(f) => f(door, args),
        }
    }
}

/// The table from Hoon arm names to implementations.
#[derive(Default)]
pub struct Registry {
    arms: HashMap<String, Entry>,
    unum_rev: UnumRev,
    policy: Policy,
}

impl Registry {
    /// The registry of every arm urnum implements, its unsuffixed posit, Lagoon
    /// and Saloon keys (`exp:rps`, `exp:sa`) serving `/lib/unum`'s newest text
    /// ([`UnumRev::DEFAULT`]).
    pub fn new() -> Registry {
        Registry::with_unum_rev(UnumRev::DEFAULT)
    }

    /// The registry of every arm urnum implements, its unsuffixed posit, Lagoon
    /// and Saloon keys (`exp:rps`, `exp:sa`) serving the `/lib/unum` revision
    /// `unum_rev` (the suffixed keys `exp:rps@96f3cfe`, `exp:sa@bcb316c` serve their own).
    pub fn with_unum_rev(unum_rev: UnumRev) -> Registry {
        let mut r = Registry {
            arms: HashMap::new(),
            unum_rev,
            policy: Policy::FAST,
        };
        for row in ::lagoon::arms::ARMS {
            r.arms
                .insert(format!("{}:la", row.name), Entry::Lagoon(row));
        }
        for (name, f) in lagoon::ARMS.into_iter().chain(lagoon_print::ARMS) {
            r.insert(name, f);
        }
        for row in ::saloon::arms::ARMS {
            r.arms
                .insert(format!("{}:sa", row.name), Entry::Saloon(row));
        }
        saloon::register(&mut r);
        math::register(&mut r);
        unum::register(&mut r, unum_rev);
        complex::register(&mut r);
        twoc::register(&mut r);
        fixed::register(&mut r);
        r
    }

    /// Registers `f` under the Hoon name `name` (replacing any earlier entry).
    pub fn insert(&mut self, name: &str, f: ArmFn) {
        self.arms.insert(name.to_string(), Entry::Fn(f));
    }

    /// The `/lib/unum` revision the unsuffixed keys serve.
    pub fn unum_rev(&self) -> UnumRev {
        self.unum_rev
    }

    /// This registry calling every arm under the policy `policy` (the executor
    /// and the instruction-set cap; the bits are the same under every policy).
    #[must_use]
    pub fn with_policy(mut self, policy: Policy) -> Registry {
        self.policy = policy;
        self
    }

    /// The policy every arm is called under.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// The implementation registered under `name`, if any (a Lagoon or Saloon
    /// key with any `@` suffix is its unsuffixed key's).
    pub fn get(&self, name: &str) -> Option<Entry> {
        self.resolve(name).map(|(e, _)| e)
    }

    /// The implementation `name` names and the `/lib/unum` revision a Lagoon or
    /// Saloon door follows under it (see the module docs).
    fn resolve(&self, name: &str) -> Option<(Entry, Option<UnumRev>)> {
        if let Some(&e) = self.arms.get(name) {
            return Some((e, Some(self.unum_rev)));
        }
        let (base, rev) = name.rsplit_once('@')?;
        let door = base.split_once(':')?.1;
        crate::doors::door(door).filter(|d| matches!(d.lib, "lagoon" | "saloon"))?;
        let &e = self.arms.get(base)?;
        Some((e, UnumRev::from_commit(rev)))
    }

    /// The registered names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.arms.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    /// Calls the arm `name` through `door` on `args`, the door's [`Door::unum`]
    /// the revision `name` gives (see the module docs) and its [`Door::policy`]
    /// the registry's.
    ///
    /// # Errors
    /// [`ArmError::Unsupported`] when no arm is registered under `name`; otherwise what the arm returns.
    pub fn call(&self, name: &str, door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
        match self.resolve(name) {
            Some((f, unum)) if unum == door.unum && self.policy == door.policy => {
                f.call(door, args)
            }
            Some((f, unum)) => f.call(
                &Door {
                    unum,
                    policy: self.policy,
                    ..door.clone()
                },
                args,
            ),
            None => Err(ArmError::Unsupported(format!(
                "arm {name} is not implemented"
            ))),
        }
    }
}

/// The `i`-th argument, or a [`ArmError::BadArgs`] naming the arm when it is missing.
pub(crate) fn arg<'a>(args: &'a [Noun], i: usize, arm: &str) -> Result<&'a Noun, ArmError> {
    args.get(i)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: missing argument {}", i + 1)))
}

/// The `i`-th argument as an atom, or a [`ArmError::BadArgs`] when it is missing or a cell.
pub(crate) fn arg_atom<'a>(args: &'a [Noun], i: usize, arm: &str) -> Result<&'a Atom, ArmError> {
    arg(args, i, arm)?.as_atom().ok_or_else(|| {
        ArmError::BadArgs(format!("{arm}: argument {} is a cell, not an atom", i + 1))
    })
}

// ----- samples -----
//
// As in Hoon, `(f a b)` and `(f [a b])` are one call: an arm's arguments are
// joined into one right-nested sample, then split into the parts its type
// names. The helpers below decode one part each and name the arm and the
// part in their errors.

/// The sample of `arm` split into its `k` parts: the arguments joined into
/// one right-nested noun, then `k − 1` heads and the rest.
///
/// # Errors
/// [`ArmError::BadArgs`] when there are no arguments or the sample has fewer than `k` parts.
pub(crate) fn sample(args: &[Noun], k: usize, arm: &str) -> Result<Vec<Noun>, ArmError> {
    if args.is_empty() {
        return Err(ArmError::BadArgs(format!("{arm}: no arguments")));
    }
    let mut rest = Noun::tuple(args.iter().cloned());
    let mut parts = Vec::with_capacity(k);
    for i in 1..k {
        let (h, t) = rest
            .as_cell()
            .map(|(h, t)| (h.clone(), t.clone()))
            .ok_or_else(|| {
                ArmError::BadArgs(format!("{arm}: the sample has no part {i} of {k}"))
            })?;
        parts.push(h);
        rest = t;
    }
    parts.push(rest);
    Ok(parts)
}

/// Part `i` of `arm`'s sample as an atom.
///
/// # Errors
/// [`ArmError::BadArgs`] when it is a cell.
pub(crate) fn atom_part<'a>(p: &'a Noun, arm: &str, i: usize) -> Result<&'a Atom, ArmError> {
    p.as_atom().ok_or_else(|| {
        ArmError::BadArgs(format!("{arm}: argument {} is a cell, not an atom", i + 1))
    })
}

/// Part `i` as a 64-bit number, saturated: an atom of 2^64 or more is
/// `u64::MAX`, which fails every bound a 64-bit dimension or count would.
///
/// # Errors
/// As [`atom_part`].
pub(crate) fn num_part(p: &Noun, arm: &str, i: usize) -> Result<u64, ArmError> {
    Ok(hoon::ray::saturate(atom_part(p, arm, i)?))
}

/// Part `i` as a 64-bit number.
///
/// # Errors
/// As [`atom_part`]; [`ArmError::Unsupported`] for an atom of 2^64 or more.
pub(crate) fn u64_part(p: &Noun, arm: &str, i: usize) -> Result<u64, ArmError> {
    atom_part(p, arm, i)?
        .as_u64()
        .ok_or_else(|| ArmError::Unsupported(format!("{arm}: argument {} is 2^64 or more", i + 1)))
}

/// Part `i` as a bloq.
///
/// # Errors
/// As [`atom_part`]; [`ArmError::Unsupported`] for a bloq of 2^32 or more.
pub(crate) fn bloq_part(p: &Noun, arm: &str, i: usize) -> Result<u32, ArmError> {
    atom_part(p, arm, i)?
        .as_u64()
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| ArmError::Unsupported(format!("{arm}: argument {}: bloq too large", i + 1)))
}

/// Part `i` as the text of a term (a little-endian cord: `%pow` is `"pow"`).
///
/// # Errors
/// As [`atom_part`]; [`ArmError::BadArgs`] when the bytes are not UTF-8.
pub(crate) fn term_part(p: &Noun, arm: &str, i: usize) -> Result<String, ArmError> {
    String::from_utf8(atom_part(p, arm, i)?.to_le_bytes())
        .map_err(|_| ArmError::BadArgs(format!("{arm}: argument {} is not a term", i + 1)))
}

/// Part `i` as a Lagoon kind (its cord: `%i754`, `%uint`, …).
///
/// # Errors
/// As [`atom_part`]; [`ArmError::BadArgs`] for an atom that is no kind's cord.
pub(crate) fn kind_part(p: &Noun, arm: &str, i: usize) -> Result<Kind, ArmError> {
    atom_part(p, arm, i)?
        .as_u64()
        .and_then(Kind::from_cord)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument {} is not a kind", i + 1)))
}

/// Part `i` as a list of atoms.
///
/// # Errors
/// [`ArmError::BadArgs`] unless it is a null-terminated list of atoms.
pub(crate) fn atoms_part(p: &Noun, arm: &str, i: usize) -> Result<Vec<Atom>, ArmError> {
    p.as_list()
        .and_then(|l| l.iter().map(|n| n.as_atom().cloned()).collect())
        .ok_or_else(|| {
            ArmError::BadArgs(format!("{arm}: argument {} is not a list of atoms", i + 1))
        })
}

/// The loobean noun of `b`: `%.y` is 0, `%.n` is 1.
pub(crate) fn loobean(b: bool) -> Noun {
    Noun::atom(u64::from(!b))
}
