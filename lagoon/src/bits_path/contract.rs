//! The bits path of Lagoon's contractions: `+mmul` at every kind the kernel
//! layer contracts (`%i754`, the integer kinds, `%fixp`'s `+mmul-fixp`
//! cells, `%cplx`) and `+cdist-sq` at `%i754`, read in place from the rays'
//! data atoms and written under the result's pin; each function declines
//! (`None`) where the ordinary path must run.

use super::*;

/// The `m × p` product of the `+check`ed `a` (`m × k`) and `b` (`k × p`) at
/// `dtype` in `r`, as a ray of `meta`: `+mmul` on the bits path (both rays at
/// the dtype's bloq).
pub(crate) fn contract(
    pol: Policy,
    dtype: &Dtype,
    r: Round,
    (m, k, p): (u64, u64, u64),
    a: &Ray,
    b: &Ray,
    meta: &Meta,
) -> Option<Ray> {
    let lanes = choice::choose_width(pol, dtype)?;
    if a.meta.bloq != dtype.bloq || b.meta.bloq != dtype.bloq {
        return None;
    }
    let dims = mmul_dims(a, b, (m, k, p))?;
    let c = Cells { dims, a, b, meta };
    match lanes {
        Choice::Ieee((), _) => by_bloq!(dtype.bloq, contract_words(pol, r, c)),
        Choice::Int((), i) => by_int!(i.bloq, contract_ints(i, c)),
        Choice::Cplx((), w) => by_part!(w, contract_pairs(pol, r, c)),
    }
}

/// The integer cells: `+mmul`'s at `%uint`/`%int2`, and at `%fixp` those of
/// `+mmul-fixp` (which Lagoon's `+mmul` runs there): exact sums rescaled
/// once ([`fdp::mmul_into`]).
fn contract_ints<T: Int>(i: Ints, c: Cells<'_>) -> Option<Ray> {
    contract_host(c, |dims, xa: &[T], xb: &[T], c: &mut [T]| {
        match i.kind {
            IntKind::Fixp { b: frac } => fdp::mmul_into(frac, dims, xa, xb, c),
            kind => ints::contract_acc_into(kind, dims, xa, xb, c),
        }
        true
    })
}

/// The cells of `a` (`m × k`) by `b` (`k × p`) on an integer-carrier kernel
/// (the integer kinds' and the posits'), read in place, as a ray of `meta`;
/// `None` when `kernel` declines (returns `false`).
pub(super) fn contract_host<T: Int>(
    c: Cells<'_>,
    kernel: impl Fn((usize, usize, usize), &[T], &[T], &mut [T]) -> bool,
) -> Option<Ray> {
    let (m, k, p) = c.dims;
    let (xa, xb) = (T::read(&c.a.data, m * k), T::read(&c.b.data, k * p));
    pinned_served(c.meta, m * p, |out| kernel(c.dims, &xa, &xb, out))
}

/// [`pinned_ints`] for a kernel that may decline (returns `false`): the ray,
/// or `None` when it declined.
pub(super) fn pinned_served<T: Int>(
    meta: &Meta,
    n: usize,
    mut fill: impl FnMut(&mut [T]) -> bool,
) -> Option<Ray> {
    let mut served = true;
    let ray = pinned_ints(meta, n, &mut |out| {
        served = fill(out);
        Ok(())
    })?;
    served.then_some(ray)
}

/// The `+mmul-fixp` product of `a` (`m × k`) and `b` (`k × p`) at the `%fixp`
/// `dtype`, as a ray of `meta`: [`contract`]'s integer cells, where the rays
/// are shaped exactly `m × k` and `k × p` (`+get-item` reads row-major at each
/// ray's own shape: only these shapes put cell (i, j)'s operands where the
/// kernel reads them).
pub(crate) fn mmul_fixp(
    pol: Policy,
    dtype: &Dtype,
    (m, k, p): (u64, u64, u64),
    a: &Ray,
    b: &Ray,
    meta: &Meta,
) -> Option<Ray> {
    if a.meta.shape != [m, k] || b.meta.shape != [k, p] {
        return None;
    }
    contract(pol, dtype, Round::N, (m, k, p), a, b, meta)
}

fn contract_words<T: Word>(pol: Policy, r: Round, c: Cells<'_>) -> Option<Ray> {
    let (m, k, p) = c.dims;
    let (xa, xb) = (words::<T>(c.a, m * k), words::<T>(c.b, k * p));
    pinned(c.meta, m * p, |out| {
        kernels::contract_acc_into(pol, r, c.dims, &xa, &xb, out)
    })
}

/// The `m × n` squared distances `((sq_0 + sq_1) + …)`, `sq_k = (a_ik − b_jk)·(a_ik − b_jk)`,
/// between the rows of the `+check`ed `a` (`m × d`) and `b` (`n × d`), each
/// operation rounded in the door's mode, as a ray of `meta`: `+cdist-sq` on the bits path.
pub(crate) fn cdist_sq(
    door: &Door,
    a: &Ray,
    b: &Ray,
    (m, n, d): (u64, u64, u64),
    meta: &Meta,
) -> Option<Ray> {
    let t = crate::gate::dtype(&a.meta).ok()?;
    // The integer kinds' distances run the ordinary path (not yet on kernels).
    let Choice::Ieee((), _) = choice::choose_width(door.policy, &t)? else {
        return None;
    };
    if b.meta.bloq != t.bloq || d == 0 {
        return None;
    }
    let dims = dims3((m, n, d))?;
    let terms = guard_list(m.checked_mul(n)?.checked_mul(d)?).ok()?;
    if count(&a.meta)? != dims.0.checked_mul(dims.2)?
        || count(&b.meta)? != dims.1.checked_mul(dims.2)?
    {
        return None;
    }
    by_bloq!(
        t.bloq,
        cdist_words(door.policy, door.round, dims, terms, a, b, meta)
    )
}

fn cdist_words<T: Word>(
    pol: Policy,
    r: Round,
    (m, n, d): (usize, usize, usize),
    terms: usize,
    a: &Ray,
    b: &Ray,
    meta: &Meta,
) -> Option<Ray> {
    let (xa, xb) = (words::<T>(a, m * d), words::<T>(b, n * d));
    // The broadcast [m n d] operands: row i of a and row j of b at cell (i, j).
    let mut left = Vec::with_capacity(terms);
    let mut right = Vec::with_capacity(terms);
    for ra in xa.chunks_exact(d) {
        for rb in xb.chunks_exact(d) {
            left.extend_from_slice(ra);
            right.extend_from_slice(rb);
        }
    }
    let mut diff = vec![T::default(); terms];
    elementwise(
        pol,
        Elementwise::Two(Step::Arith(Op::Sub)),
        r,
        &[&left, &right],
        &mut diff,
    );
    let mut sq = left; // reused as the squares' buffer
    elementwise(
        pol,
        Elementwise::Two(Step::Arith(Op::Mul)),
        r,
        &[&diff, &diff],
        &mut sq,
    );
    pinned(meta, m * n, |out| {
        for (o, cell) in out.iter_mut().zip(sq.chunks_exact(d)) {
            *o = kernels::fold(pol, Step::Arith(Op::Add), r, false, cell[0], &cell[1..]);
        }
    })
}
