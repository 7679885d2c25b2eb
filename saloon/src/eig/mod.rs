//! Cyclic Jacobi eigendecomposition of symmetric (`%i754`) and Hermitian
//! (`%cplx`) matrices: `+symmetric +off-norm +frob +diag +rot-cols +rot-rows
//! +sweep-once +hermitian +off-norm-h +frob-h +diag-real +rot-cols-h
//! +rot-rows-h +sweep-herm +eig-herm +eig +eigvals +eigvecs` of
//! `saloon/desk/lib/saloon.hoon@424a2bf`.
//!
//! What is reproduced, step for step, every float op rounded in the door's `rnd`:
//! - pivot order: `(p, q)` row by row over `p < q` (`(0,1) (0,2) … (0,n−1) (1,2) …`);
//!   a pivot whose bits are exactly `+0` is skipped (a `−0` pivot is rotated,
//!   which divides by `−0`);
//! - rotation: `θ = (a_qq − a_pp)/(2·a_pq)`, `t = sign(θ)/(|θ| + √(θ²+1))`,
//!   `c = 1/√(t²+1)`, `s = t·c`, with `+fsqt` (50-step Newton) as the root and
//!   `sign(NaN) = −1`; `M ← Jᵀ(M J)` column pass then row pass, `V ← V J`;
//! - the Hermitian rotation uses `|a_pq|` (`/lib/complex` `abs`) for `a_pq`, the
//!   phase `a_pq / (|a_pq| + 0i)` and `b = (s + 0i)·phase`, `J[q,p] = −conj b`;
//! - stopping: before each sweep, stop when the strictly off-diagonal Frobenius
//!   norm (row-major sum of squares from +0, then `+fsqt`) is `<= rtol·‖A‖_F`;
//!   at most 60 sweeps (the Hoon's `~&` trace on the cap is not reproduced);
//! - `rtol`: the door's, or `+feps` of the width when it is exactly `0x1`; a
//!   tolerance with more bytes than the component crashes;
//! - the symmetry check: `|a_ij − a_ji| <= stol + stol·(|a_ij| + |a_ji|)` for
//!   `i > j` (the Hermitian one compares `a_ij` with `conj a_ji` for `i >= j`,
//!   so the diagonal's imaginary parts are checked too).
//!
//! Eigenvalues come back in the Jacobi order (unsorted) as `[~[n] b %i754 ~]`
//! (`[~[n] cb−1 %i754 ~]` for Hermitian input); eigenvectors are the columns of
//! `V`, `[~[n n] b %i754 ~]` (resp. `%cplx`), as `+eye` builds them.

use crate::door::Sa;
use crate::error::SaloonError;
use crate::fl::{Cf, Fl};
use crate::grid::{ensure, ensure_bloq, ensure_of, ensure_rank, snag, CGrid, Grid, MAX_ELEMS};
use lagoon::{Meta, Ray};
use softblas::scalar::cplx::Cplx;
use softblas::Kind;

mod budget;
use budget::{charge_sweep, rotation_rows, square_side, sweep_budget};
pub use budget::{EIG_HERM_WORK_LIMIT, EIG_WORK_LIMIT, SWEEP_WORK_LIMIT};

/// The most sweeps `+eig` and `+eig-herm` run.
pub const SWEEP_CAP: u32 = 60;

/// A matrix the Jacobi arms walk: a real one ([`Grid`], its arithmetic
/// [`Fl`]) or a Hermitian one ([`CGrid`], its arithmetic [`Cf`]). Each walk
/// is written once over it: a real element is its own conjugate and its own
/// real part, and stands for itself where the Hermitian arms take `+cabs-re`,
/// so a real walk makes the Hoon's real steps and no others.
pub trait Jacobi: Sized {
    /// An element.
    type E: Copy;
    /// The element arithmetic at one bloq and mode.
    type F: Copy;
    /// The matrix is complex: its arms are the `-h` ones, and the symmetry
    /// check compares the diagonal too (`i >= j`, not only `i > j`).
    const HERMITIAN: bool;

    /// The arithmetic of element bloq `bloq` in the door's mode.
    fn ops(sa: &Sa, bloq: u32, arm: &'static str) -> Result<Self::F, SaloonError>;
    /// The real arithmetic of the components.
    fn real(f: Self::F) -> Fl;
    /// The bloq of a component of an element of bloq `bloq`.
    fn component(bloq: u32) -> u32;
    /// The matrix's meta.
    fn meta(&self) -> &Meta;
    /// `+gi`.
    fn get(&self, dex: &[u64]) -> Result<Self::E, SaloonError>;
    /// `+si`.
    fn set(&mut self, dex: &[u64], v: Self::E) -> Result<(), SaloonError>;
    /// `+near` or `+cnear`.
    fn near(f: Self::F, x: Self::E, y: Self::E) -> bool;
    /// The real part.
    fn re(x: Self::E) -> u128;
    /// The real standing for `x` in the norms and the pivot test: `x`, or `+cabs-re x`.
    fn size(f: Self::F, x: Self::E) -> u128;
    /// The conjugate.
    fn conj(f: Self::F, x: Self::E) -> Self::E;
    /// One pair of entries turned: `(c·x − b1·y, b2·x + c·y)`.
    fn turn(
        f: Self::F,
        c: Self::E,
        bs: (Self::E, Self::E),
        x: Self::E,
        y: Self::E,
    ) -> (Self::E, Self::E);
    /// The rotation `(c, b)` of the real `(cos, sin)` for the pivot `apq` of size `g`:
    /// `(cos, sin)`, or `(cos + 0i, (sin + 0i)·apq/(g + 0i))`.
    fn phase(f: Self::F, cs: (u128, u128), apq: Self::E, g: u128) -> (Self::E, Self::E);
}

/// The arms one walk of [`Jacobi`] serves, at [`NAMES`] named.
#[derive(Clone, Copy)]
enum Arm {
    Symmetric,
    OffNorm,
    Frob,
    Diag,
    RotCols,
    RotRows,
    Sweep,
}

/// The Hoon names of the arms of [`Arm`], real then Hermitian, as their errors name them.
const NAMES: [[&str; 2]; 7] = [
    ["symmetric", "hermitian"],
    ["off-norm", "off-norm-h"],
    ["frob", "frob-h"],
    ["diag", "diag-real"],
    ["rot-cols", "rot-cols-h"],
    ["rot-rows", "rot-rows-h"],
    ["sweep-once", "sweep-herm"],
];

/// The Hoon name of `arm` for the matrix kind `M`.
fn name<M: Jacobi>(arm: Arm) -> &'static str {
    NAMES[arm as usize][usize::from(M::HERMITIAN)]
}

/// The [`Jacobi`] access of a grid of elements `$e`: its `meta`, `+gi` and `+si`.
macro_rules! cells {
    ($e:ty) => {
        fn meta(&self) -> &Meta {
            &self.meta
        }
        fn get(&self, dex: &[u64]) -> Result<$e, SaloonError> {
            self.gi(dex)
        }
        fn set(&mut self, dex: &[u64], v: $e) -> Result<(), SaloonError> {
            self.si(dex, v)
        }
    };
}

impl Jacobi for Grid {
    type E = u128;
    type F = Fl;
    const HERMITIAN: bool = false;

    fn ops(sa: &Sa, bloq: u32, _: &'static str) -> Result<Fl, SaloonError> {
        Ok(Fl::new(sa.policy.exec, bloq, sa.rnd))
    }
    fn real(f: Fl) -> Fl {
        f
    }
    fn component(bloq: u32) -> u32 {
        bloq
    }
    cells!(u128);
    fn near(f: Fl, x: u128, y: u128) -> bool {
        f.near(x, y)
    }
    fn re(x: u128) -> u128 {
        x
    }
    fn size(_: Fl, x: u128) -> u128 {
        x
    }
    fn conj(_: Fl, x: u128) -> u128 {
        x
    }
    fn turn(f: Fl, c: u128, (b1, b2): (u128, u128), x: u128, y: u128) -> (u128, u128) {
        (
            f.sub(f.mul(c, x), f.mul(b1, y)),
            f.add(f.mul(b2, x), f.mul(c, y)),
        )
    }
    fn phase(_: Fl, cs: (u128, u128), _: u128, _: u128) -> (u128, u128) {
        cs
    }
}

impl Jacobi for CGrid {
    type E = Cplx;
    type F = Cf;
    const HERMITIAN: bool = true;

    fn ops(sa: &Sa, bloq: u32, arm: &'static str) -> Result<Cf, SaloonError> {
        cf(sa, bloq, arm)
    }
    fn real(c: Cf) -> Fl {
        c.f
    }
    fn component(bloq: u32) -> u32 {
        bloq - 1
    }
    cells!(Cplx);
    fn near(c: Cf, x: Cplx, y: Cplx) -> bool {
        c.near(x, y)
    }
    fn re(x: Cplx) -> u128 {
        x.re
    }
    fn size(c: Cf, x: Cplx) -> u128 {
        c.abs_re(x)
    }
    fn conj(c: Cf, x: Cplx) -> Cplx {
        c.conj(x)
    }
    fn turn(c: Cf, cc: Cplx, (b1, b2): (Cplx, Cplx), x: Cplx, y: Cplx) -> (Cplx, Cplx) {
        (
            c.sub(c.mul(cc, x), c.mul(b1, y)),
            c.add(c.mul(b2, x), c.mul(cc, y)),
        )
    }
    fn phase(c: Cf, (cos, sin): (u128, u128), apq: Cplx, g: u128) -> (Cplx, Cplx) {
        let zero = c.f.zero();
        let phase = c.div(apq, c.pak(g, zero));
        (c.pak(cos, zero), c.mul(c.pak(sin, zero), phase))
    }
}

/// `+symmetric` (of a [`Grid`]) or `+hermitian` (of a [`CGrid`]): `a_ij`
/// is `+near` `a_ji` for `i > j` (Hermitian: `+cnear`, `conj a_ji`, for
/// `i >= j`, so the diagonal's imaginary parts are checked too) over
/// `n = (snag 0 shape)`.
///
/// # Errors
/// The crashes of `+gi`, `(snag 0 shape)` of an empty shape; a complex bloq
/// outside 5..=8 is unsupported.
pub fn symmetric<M: Jacobi>(sa: &Sa, m: &M) -> Result<bool, SaloonError> {
    let arm = name::<M>(Arm::Symmetric);
    let f = M::ops(sa, m.meta().bloq, arm)?;
    let n = square_side(&m.meta().shape, arm)?;
    for i in 0..n {
        for j in 0..i + u64::from(M::HERMITIAN) {
            if !M::near(f, m.get(&[i, j])?, m.get(&[j, i])?) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

pub use symmetric as hermitian;

/// The row-major sum of the squared sizes of `m`'s `n × n` entries from +0
/// (all, or off the diagonal only), then `+fsqt`: `+frob`, `+off-norm` and
/// their `-h` forms.
fn norm<M: Jacobi>(sa: &Sa, m: &M, off: bool) -> Result<u128, SaloonError> {
    let arm = name::<M>(if off { Arm::OffNorm } else { Arm::Frob });
    let c = M::ops(sa, m.meta().bloq, arm)?;
    let f = M::real(c);
    let n = square_side(&m.meta().shape, arm)?;
    let mut acc = f.zero();
    for i in 0..n {
        for j in 0..n {
            if off && i == j {
                continue;
            }
            let x = M::size(c, m.get(&[i, j])?);
            acc = f.add(acc, f.mul(x, x));
        }
    }
    Ok(f.sqt(acc))
}

/// `+off-norm` (`+off-norm-h`): the (real) Frobenius norm of the strictly
/// off-diagonal part.
///
/// # Errors
/// As [`symmetric`].
pub fn off_norm<M: Jacobi>(sa: &Sa, m: &M) -> Result<u128, SaloonError> {
    norm(sa, m, true)
}

pub use off_norm as off_norm_h;

/// `+frob` (`+frob-h`): the (real) Frobenius norm.
///
/// # Errors
/// As [`symmetric`].
pub fn frob<M: Jacobi>(sa: &Sa, m: &M) -> Result<u128, SaloonError> {
    norm(sa, m, false)
}

pub use frob as frob_h;

/// `+diag` (`+diag-real`): the diagonal of `m` (its real parts) as
/// `[~[n] b %i754 ~]`, `b` the bloq of a component.
///
/// # Errors
/// As [`symmetric`].
pub fn diag<M: Jacobi>(m: &M) -> Result<Grid, SaloonError> {
    let n = snag(&m.meta().shape, 0, name::<M>(Arm::Diag))?;
    let bloq = M::component(m.meta().bloq);
    let mut r = Grid::zeros(Meta::new(vec![n], bloq, Kind::I754))?;
    for i in 0..n {
        r.si(&[i], M::re(m.get(&[i, i])?))?;
    }
    Ok(r)
}

pub use diag as diag_real;

/// `+rot-cols` (`rows` false): `m ← m·J` on columns `p`, `q`, or
/// `+rot-rows` (`rows`): `m ← Jᴴ·m` on rows `p`, `q`, where
/// `J_pp = J_qq = c`, `J_pq = b`, `J_qp = −conj b`; and their `-h` forms
/// on a [`CGrid`].
///
/// # Errors
/// As [`symmetric`]; [`SaloonError::Unsupported`] for more than
/// [`MAX_ELEMS`] rows.
pub fn rotate<M: Jacobi>(
    sa: &Sa,
    m: &mut M,
    (p, q): (u64, u64),
    (c, b): (M::E, M::E),
    rows: bool,
) -> Result<(), SaloonError> {
    let arm = name::<M>(if rows { Arm::RotRows } else { Arm::RotCols });
    let f = M::ops(sa, m.meta().bloq, arm)?;
    let n = rotation_rows(&m.meta().shape, arm)?;
    let bs = if rows {
        (b, M::conj(f, b))
    } else {
        (M::conj(f, b), b)
    };
    for k in 0..n {
        let (kp, kq) = if rows {
            ([p, k], [q, k])
        } else {
            ([k, p], [k, q])
        };
        let (x, y) = M::turn(f, c, bs, m.get(&kp)?, m.get(&kq)?);
        m.set(&kp, x)?;
        m.set(&kq, y)?;
    }
    Ok(())
}

/// `+sweep-once` (`+sweep-herm`): one cyclic (Hermitian-)Jacobi sweep over
/// every `p < q`, rotating `m` and `v`; a pivot whose size (`a_pq`, or
/// `+cabs-re a_pq`) is exactly `+0` is skipped.
///
/// # Errors
/// As [`rotate`]; [`SaloonError::Unsupported`] when one sweep would pass
/// the door's `Limits::sweep`.
pub fn sweep_once<M: Jacobi>(sa: &Sa, m: &mut M, v: &mut M) -> Result<(), SaloonError> {
    let arm = name::<M>(Arm::Sweep);
    let c = M::ops(sa, m.meta().bloq, arm)?;
    let f = M::real(c);
    let n = snag(&m.meta().shape, 0, arm)?;
    if n <= 1 {
        return Ok(());
    }
    sweep_budget(sa, n, snag(&v.meta().shape, 0, arm)?, arm)?;
    for pq in pairs(n, arm)? {
        let apq = m.get(&[pq.0, pq.1])?;
        let g = M::size(c, apq);
        if g == f.zero() {
            continue;
        }
        let app = M::re(m.get(&[pq.0, pq.0])?);
        let aqq = M::re(m.get(&[pq.1, pq.1])?);
        let cb = M::phase(c, rotation(f, f.sub(aqq, app), g), apq, g);
        rotate(sa, m, pq, cb, false)?;
        rotate(sa, m, pq, cb, true)?;
        rotate(sa, v, pq, cb, false)?;
    }
    Ok(())
}

pub use sweep_once as sweep_herm;

/// The sweeps of `+eig`/`+eig-herm` on `m` (side `n`) and `v`: while the
/// off-diagonal norm is above `rtol·‖m‖_F`, at most [`SWEEP_CAP`], each
/// charged against `limit` before it runs.
fn converge<M: Jacobi>(
    sa: &Sa,
    (m, v): (&mut M, &mut M),
    (n, rtol): (u64, u128),
    limit: u64,
    arm: &'static str,
) -> Result<(), SaloonError> {
    let f = M::real(M::ops(sa, m.meta().bloq, arm)?);
    let thresh = f.mul(rtol, frob(sa, m)?);
    let mut spent = 0;
    for _ in 0..SWEEP_CAP {
        if f.lte(off_norm(sa, m)?, thresh) {
            break;
        }
        charge_sweep(&mut spent, n, limit, arm)?;
        sweep_once(sa, m, v)?;
    }
    Ok(())
}

/// The rotation `(t, c, s)` that zeros an entry, from `(a_qq − a_pp) / (2·g)`:
/// `t = sign(θ)/(|θ| + √(θ²+1))`, `c = 1/√(t²+1)`, `s = t·c` (`+sweep-once`,
/// `+sweep-herm` and `+svd-sweep` share it).
pub(crate) fn rotation(f: Fl, num: u128, g: u128) -> (u128, u128) {
    let theta = f.div(num, f.mul(f.two(), g));
    let t = f.div(
        f.sign(theta),
        f.add(f.abs(theta), f.sqt(f.add(f.mul(theta, theta), f.one()))),
    );
    let c = f.div(f.one(), f.sqt(f.add(f.mul(t, t), f.one())));
    (c, f.mul(t, c))
}

/// The number of pivot pairs `p < q` below `n`: `n(n−1)/2`.
pub(crate) fn pair_count(n: u64) -> u128 {
    u128::from(n) * u128::from(n.saturating_sub(1)) / 2
}

/// The pivot pairs `(p, q)`, `p < q < n`, in the order of the Hoon's sweep loops.
///
/// # Errors
/// [`SaloonError::Unsupported`] when there are more than [`MAX_ELEMS`] pairs:
/// a side `n` read from a shape whose grid holds no such matrix (a matrix that
/// fits the element limit has at most `MAX_ELEMS / 2` pairs), which the Hoon
/// would sweep pair by pair for hours.
pub(crate) fn pairs(
    n: u64,
    arm: &'static str,
) -> Result<impl Iterator<Item = (u64, u64)>, SaloonError> {
    let count = pair_count(n);
    if count > u128::from(MAX_ELEMS) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: a sweep over {count} pivot pairs (side {n}) exceeds the bound of {MAX_ELEMS}"
        )));
    }
    Ok((0..n).flat_map(move |p| (p + 1..n).map(move |q| (p, q))))
}

/// The `rtol` of `+eig`/`+eig-herm` at component bloq `b`, checked against the width.
fn eig_tol(sa: &Sa, b: u32, arm: &'static str, check: &str) -> Result<u128, SaloonError> {
    let rtol = sa.tol_or_feps(b);
    ensure(rtol.met(3) <= 1u64 << (b - 3), arm, check)?;
    Ok(rtol.low_u128())
}

/// The side `n` of the square rank-2 ray `a`, or the crash of its `?>`.
fn square(a: &Ray, arm: &'static str) -> Result<u64, SaloonError> {
    ensure_rank(("a", &a.meta), 2, &[("a", &a.meta)], arm)?;
    let n = snag(&a.meta.shape, 0, arm)?;
    ensure_of(
        n == a.meta.shape[1],
        arm,
        "=(n (snag 1 shape.meta.a))",
        &[("a", &a.meta)],
    )?;
    Ok(n)
}

/// Port of `+eig a`: eigenvalues and eigenvectors of a symmetric `%i754` or a
/// Hermitian `%cplx` matrix by cyclic Jacobi (see the module doc).
///
/// # Errors
/// [`SaloonError::Crash`] where the Hoon's `?>` fail: a bloq outside 4..=7
/// (`%cplx`: 5..=8), an `rtol` wider than the component, a non-square or
/// non-rank-2 input, an asymmetric (non-Hermitian) input; `n = 0` (Lagoon's
/// `+eye` crashes); [`SaloonError::Unsupported`] when the sweeps run would
/// pass [`EIG_WORK_LIMIT`].
pub fn eig(sa: &Sa, a: &Ray) -> Result<(Ray, Ray), SaloonError> {
    if a.meta.kind == Kind::Cplx {
        return eig_herm(sa, a);
    }
    let arm = "eig";
    let b = a.meta.bloq;
    ensure_bloq(a, 4..=7, "b", arm)?;
    let rtol = eig_tol(
        sa,
        b,
        arm,
        "saloon eig: rtol wider than the %i754 component; match +sake width to the array bloq",
    )?;
    let n = square(a, arm)?;
    let mut m = Grid::of(a)?;
    ensure(symmetric(sa, &m)?, arm, "(symmetric a)")?;
    let mut v = Grid::of(&lagoon::eye(&Meta::new(vec![n, n], b, Kind::I754))?)?;
    converge(sa, (&mut m, &mut v), (n, rtol), sa.limits.eig, arm)?;
    Ok((diag(&m)?.ray()?, v.ray()?))
}

/// Port of `+eigvals a`: the head of [`eig`].
///
/// # Errors
/// As [`eig`].
pub fn eigvals(sa: &Sa, a: &Ray) -> Result<Ray, SaloonError> {
    Ok(eig(sa, a)?.0)
}

/// Port of `+eigvecs a`: the tail of [`eig`].
///
/// # Errors
/// As [`eig`].
pub fn eigvecs(sa: &Sa, a: &Ray) -> Result<Ray, SaloonError> {
    Ok(eig(sa, a)?.1)
}

/// The complex helpers of `m`'s bloq.
fn cf(sa: &Sa, cb: u32, arm: &'static str) -> Result<Cf, SaloonError> {
    Cf::new(sa.policy.exec, cb, sa.rnd).ok_or_else(|| {
        SaloonError::Unsupported(format!(
            "{arm}: complex helpers at bloq {cb} (the Hoon reads a @cq door)"
        ))
    })
}

/// Port of `+eig-herm a`: Hermitian eig; real eigenvalues (`%i754` at the
/// component bloq), unitary eigenvectors (`%cplx`).
///
/// # Errors
/// As [`eig`] (bloq 5..=8), the sweeps' budget being [`EIG_HERM_WORK_LIMIT`].
pub fn eig_herm(sa: &Sa, a: &Ray) -> Result<(Ray, Ray), SaloonError> {
    let arm = "eig-herm";
    let cb = a.meta.bloq;
    ensure_bloq(a, 5..=8, "cb", arm)?;
    let rb = cb - 1;
    let rtol = eig_tol(
        sa,
        rb,
        arm,
        "saloon eig (hermitian): rtol wider than the component; match +sake width to the component bloq",
    )?;
    let n = square(a, arm)?;
    let c = cf(sa, cb, arm)?;
    let mut m = CGrid::of(a, c.d.w)?;
    ensure(hermitian(sa, &m)?, arm, "(hermitian a)")?;
    let mut v = CGrid::of(&lagoon::eye(&Meta::new(vec![n, n], cb, Kind::Cplx))?, c.d.w)?;
    converge(sa, (&mut m, &mut v), (n, rtol), sa.limits.eig_herm, arm)?;
    Ok((diag(&m)?.ray()?, v.ray()?))
}
