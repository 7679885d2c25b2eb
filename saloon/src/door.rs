//! The `sa` door's sample: rounding mode and relative tolerance (`++sa`, `++sake`
//! of `saloon/desk/lib/saloon.hoon@424a2bf`), with the work bounds and the
//! `/lib/unum` revision of its `%unum` elementary functions.

use softblas::scalar::unum::UnumRev;
use softblas::{Atom, Policy, Round};

/// How much work Saloon's iterative and cubic arms may do before they give
/// up as unsupported: each bound counts the steps its arm's cost model
/// names (rotated rows, element visits), and is checked before the work
/// where the cost is known in advance (`+qr`, `+gram`, `+chol`, one sweep),
/// else sweep by sweep (`+eig`, `+svd`).
///
/// A jet on vere's road keeps [`Limits::JET`], the bounds `urnum check`, the
/// CLI and the C ABI use; a Rust program chooses its own ([`Sa::with_limits`];
/// the façade `urnum` defaults to [`Limits::NONE`]).
///
/// ```
/// use saloon::{Limits, Sa};
/// let sa = saloon::Sa::bare().with_limits(Limits { qr: 1 << 30, ..Limits::JET });
/// assert_eq!(sa.limits.qr, 1 << 30);
/// assert_eq!(Sa::bare().limits, Limits::JET);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Rows one Jacobi sweep (`+sweep-once`, `+sweep-herm`) rotates.
    pub sweep: u64,
    /// Rows all of `+eig`'s sweeps rotate.
    pub eig: u64,
    /// Rows all of `+eig-herm`'s sweeps rotate.
    pub eig_herm: u64,
    /// Element visits of `+qr`'s reflections (and so `+lstsq`'s).
    pub qr: u64,
    /// Row visits of one `+reflect`.
    pub reflect: u64,
    /// Steps of `+gram`'s column products.
    pub gram: u64,
    /// Steps of a Cholesky factorization.
    pub chol: u64,
    /// Column-pair row visits of all of `+svd`'s sweeps.
    pub svd: u64,
}

impl Limits {
    /// The bounds of the jets (vere's road: a call must return in seconds):
    /// 2^24 steps each, `+eig-herm` 2^22, `+reflect` a grid's element bound
    /// ([`crate::grid::MAX_ELEMS`]). The arms' modules name each as a
    /// constant (`eig::SWEEP_WORK_LIMIT`, `qr::QR_WORK_LIMIT`, …) and say
    /// what it bounds.
    pub const JET: Limits = Limits {
        sweep: 1 << 24,
        eig: 1 << 24,
        eig_herm: 1 << 22,
        qr: 1 << 24,
        reflect: crate::grid::MAX_ELEMS,
        gram: 1 << 24,
        chol: 1 << 24,
        svd: 1 << 24,
    };

    /// No work bound: an arm runs as long as the Hoon would (memory bounds,
    /// such as a grid's element count, still hold).
    pub const NONE: Limits = Limits {
        sweep: u64::MAX,
        eig: u64::MAX,
        eig_herm: u64::MAX,
        qr: u64::MAX,
        reflect: u64::MAX,
        gram: u64::MAX,
        chol: u64::MAX,
        svd: u64::MAX,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::JET
    }
}

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
    /// The work bounds (not part of the Hoon's sample): [`Limits::JET`]
    /// unless set with [`Sa::with_limits`].
    pub limits: Limits,
    /// The `/lib/unum` revision whose elementary functions the `%unum` gates
    /// (`+exp` … `+cbrt`, `+pow`) apply (not part of the Hoon's sample: the
    /// text the Hoon around the door imports): [`UnumRev::LAGOON`], the text
    /// `saloon.hoon@424a2bf` was checked beside, unless set with
    /// [`Sa::with_unum`]; `None` makes those gates unsupported.
    pub unum: Option<UnumRev>,
    /// How the arms compute (not part of the Hoon's sample): the executor and
    /// the instruction-set cap, [`Policy::FAST`] unless set with
    /// [`Sa::with_policy`]; every policy gives the same bits.
    pub policy: Policy,
}

impl Sa {
    /// The bare door `sa`: `rnd = %n`, `rtol = 0x1`.
    pub fn bare() -> Sa {
        Sa::sake(Round::N, Atom::ONE)
    }

    /// Port of `+sake [inrnd inrtol]`: `sa` with `rnd` and `rtol` replaced.
    pub fn sake(rnd: Round, rtol: Atom) -> Sa {
        Sa {
            rnd,
            rtol,
            limits: Limits::JET,
            unum: Some(UnumRev::LAGOON),
            policy: Policy::FAST,
        }
    }

    /// This door with the work bounds `limits` (the bits of every result
    /// that stays within them are the same).
    pub fn with_limits(mut self, limits: Limits) -> Sa {
        self.limits = limits;
        self
    }

    /// This door with its `%unum` elementary functions following the revision `unum`
    /// (`None`: no revision, so they are unsupported).
    pub fn with_unum(mut self, unum: Option<UnumRev>) -> Sa {
        self.unum = unum;
        self
    }

    /// This door computing under the policy `policy`.
    pub fn with_policy(mut self, policy: Policy) -> Sa {
        self.policy = policy;
        self
    }

    /// The door `(lake rnd)` the `sa` arms call Lagoon through, beside this
    /// door's revision and under its policy.
    pub fn lake(&self) -> lagoon::Door {
        lagoon::Door::lake(self.rnd)
            .with_unum(self.unum)
            .with_policy(self.policy)
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
