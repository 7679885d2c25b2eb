//! The quire: a `16n`-bit two's-complement fixed-point accumulator with `8n−16` fraction bits.
//!
//! Ports the quire arms of `libmath/desk/lib/unum.hoon@96f3cfe` (`qbits qscale qmod q-nar
//! p-to-q q-to-p q-mul-add q-mul-sub q-add-p q-sub-p q-negate q-add-q q-sub-q fdp`). A quire
//! `Q` stands for `Q · 2^−(8n−16)`; q-NaR is the pattern `2^(16n−1)`. Products of posits enter
//! exactly; sums wrap modulo `2^(16n)` without any overflow check (a sum that lands on the
//! q-NaR pattern then stays q-NaR). Only `q-to-p` rounds, once, with `+bit`.

use super::arith::neg;
use super::codec::{decode, encode};
use super::{Dec, UnumError, Width};
use num_bigint::BigUint;
use num_traits::Zero;

/// `qbits`: the width of a quire, `16n`.
pub fn qbits(w: Width) -> u64 {
    16 * u64::from(w.n())
}

/// `qscale`: the number of fraction bits of a quire, `8n − 16`.
pub fn qscale(w: Width) -> u64 {
    8 * u64::from(w.n()) - 16
}

/// `qmod`: `2^qbits`.
pub fn qmod(w: Width) -> BigUint {
    BigUint::from(1u8) << qbits(w)
}

/// `q-nar`: the quire NaR pattern `2^(qbits−1)`.
pub fn q_nar(w: Width) -> BigUint {
    BigUint::from(1u8) << (qbits(w) - 1)
}

/// The exact product `a·b` as a non-negative quire magnitude and its sign (true = non-negative),
/// `None` when a factor is zero; `Err` carries NaR.
fn product(w: Width, a: u128, b: u128) -> Result<Option<(bool, BigUint)>, ()> {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) => Err(()),
        (Dec::Z, _) | (_, Dec::Z) => Ok(None),
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => {
            // The Hoon shifts by |ea + eb + qscale|; with es = 2 the sum is never negative.
            let sh = (ea + eb + qscale_i64(w)).unsigned_abs();
            Ok(Some((sa == sb, (BigUint::from(aa) * ab) << sh)))
        }
    }
}

fn qscale_i64(w: Width) -> i64 {
    i64::from(8 * w.n() - 16)
}

/// `+p-to-q`: the posit `p` as a quire (exact).
pub fn p_to_q(w: Width, p: u128) -> BigUint {
    match decode(w, p) {
        Dec::N => q_nar(w),
        Dec::Z => BigUint::zero(),
        Dec::P(s, e, a) => {
            let m = BigUint::from(a) << (e + qscale_i64(w)).unsigned_abs();
            if s {
                m
            } else {
                qmod(w) - m
            }
        }
    }
}

/// `+q-to-p`: the low `16n` bits of `q` rounded once to a posit (q-NaR gives NaR).
pub fn q_to_p(w: Width, q: &BigUint) -> u128 {
    let qb = qbits(w);
    let q = if q.bits() > qb {
        q % qmod(w)
    } else {
        q.clone()
    };
    if q == q_nar(w) {
        return w.nar();
    }
    let neg = q.bit(qb - 1);
    let acc = if neg { qmod(w) - q } else { q };
    if acc.is_zero() {
        return 0;
    }
    encode(w, !neg, -qscale_i64(w), &acc)
}

/// `+q-mul-add`: `q + a·b` exact, modulo `2^(16n)`; q-NaR in or a NaR factor gives q-NaR, a zero
/// factor returns `q` unchanged.
pub fn q_mul_add(w: Width, q: &BigUint, a: u128, b: u128) -> BigUint {
    let nar = q_nar(w);
    if *q == nar {
        return nar;
    }
    match product(w, a, b) {
        Err(()) => nar,
        Ok(None) => q.clone(),
        Ok(Some((s, m))) => {
            let qm = qmod(w);
            let qc = if s { m } else { &qm - m };
            (q + qc) % qm
        }
    }
}

/// `+q-mul-sub`: `q − a·b`, as `q-mul-add q a (neg b)`.
pub fn q_mul_sub(w: Width, q: &BigUint, a: u128, b: u128) -> BigUint {
    q_mul_add(w, q, a, neg(w, b))
}

/// `+q-add-p`: `q + p`, as `q-mul-add q p one`.
pub fn q_add_p(w: Width, q: &BigUint, p: u128) -> BigUint {
    q_mul_add(w, q, p, w.one())
}

/// `+q-sub-p`: `q − p`, as `q-mul-add q (neg p) one`.
pub fn q_sub_p(w: Width, q: &BigUint, p: u128) -> BigUint {
    q_mul_add(w, q, neg(w, p), w.one())
}

/// `+q-negate`: `(2^(16n) − q) mod 2^(16n)`; q-NaR stays q-NaR.
///
/// # Errors
/// [`UnumError::QuireTooWide`] when `q > 2^(16n)` (the Hoon's subtraction crashes).
pub fn q_negate(w: Width, q: &BigUint) -> Result<BigUint, UnumError> {
    let nar = q_nar(w);
    if *q == nar {
        return Ok(nar);
    }
    let qm = qmod(w);
    if *q > qm {
        return Err(UnumError::QuireTooWide);
    }
    Ok((&qm - q) % qm)
}

/// `+q-add-q`: `x + y` modulo `2^(16n)`; q-NaR if either is q-NaR.
pub fn q_add_q(w: Width, x: &BigUint, y: &BigUint) -> BigUint {
    let nar = q_nar(w);
    if *x == nar || *y == nar {
        return nar;
    }
    (x + y) % qmod(w)
}

/// `+q-sub-q`: `q-add-q x (q-negate y)`.
///
/// # Errors
/// [`UnumError::QuireTooWide`] when `y > 2^(16n)`.
pub fn q_sub_q(w: Width, x: &BigUint, y: &BigUint) -> Result<BigUint, UnumError> {
    Ok(q_add_q(w, x, &q_negate(w, y)?))
}

/// `+fdp`: the fused dot product `Σ av[i]·bv[i]`, accumulated in a quire from 0 in list order and
/// rounded once; iteration stops at the end of the shorter list.
pub fn fdp(w: Width, av: &[u128], bv: &[u128]) -> u128 {
    let mut q = BigUint::zero();
    for (&a, &b) in av.iter().zip(bv) {
        q = q_mul_add(w, &q, a, b);
    }
    q_to_p(w, &q)
}
