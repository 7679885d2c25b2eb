//! Saloon: element-wise transcendentals, linear algebra and random fills over
//! Lagoon rays, a port of urbit/numerics `saloon/desk/lib/saloon.hoon@424a2bf`
//! (with `/lib/rand` and `/lib/i754rand` of `librand/desk/lib` @56438a6 for the
//! fills).
//!
//! One function per Hoon arm, named as the arm, taking the door [`Sa`]
//! (`rnd`, `rtol`; bare `sa` is `%n` with `rtol = 0x1`) and returning
//! `Result<_, SaloonError>` where the Hoon crashes. Every float step is the
//! Hoon's, in its order, rounded in `rnd`.
//!
//! | module | arms |
//! |---|---|
//! | [`elementwise`] | `+trans-scalar +fun-scalar` and the element-wise arms (`exp sin … pow`, also at the crate root: `saloon::exp`), the Lagoon delegations |
//! | [`mod@eig`] | `+eig +eigvals +eigvecs +eig-herm` and their helpers (cyclic Jacobi) |
//! | [`solvers`] | `+matvec +matvec-t +dotv +nrm2 +axpyv +col-dot +gram +chol-unit +chol +trsv-lo +trsv-up +trsv-r +chol-solve +cg +pcg` |
//! | [`svd`] | `+svd-sweep +svd +svd-vals` (one-sided Jacobi) |
//! | [`qr`] | `+sum-sq +house +reflect +qr +lstsq` (Householder) |
//! | [`random`] | `/lib/rand` engines and `+fill-simple +fill-windowed +fill-uniform +fill-normal +fill-expon +fill-below` |
//! | [`fl`] | the scalar helpers `+fadd … +fsqt`, `+near`, `+cnear` |
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]

pub mod arms;
pub mod door;
pub mod eig;
pub mod elementwise;
pub mod error;
pub mod fl;
pub mod grid;
pub mod qr;
pub mod random;
pub mod solvers;
pub mod svd;

pub use door::{Limits, Sa};
pub use eig::{eig, eig_herm, eigvals, eigvecs};
pub use elementwise::{
    cbrt, cos, exp, factorial, log, log_10, log_2, neg, pow, pow_n, sin, sqrt, tan,
};
pub use error::SaloonError;
