//! The `/lib/unum` entry point [`urnum_unum`]: one elementary function of a posit door
//! (`exp sin cos tan log log-2 log-10 atan asin acos cbrt factorial pow`) at an explicit
//! revision of the text.
//!
//! The revisions of `/lib/unum` give different bits for these arms (`96f3cfe`'s naive series,
//! `bcb316c`'s exact reduction: `softblas::scalar::unum::reduced`), so a jet must say which Hoon
//! it replaces: the caller passes a revision key (`URNUM_UNUM_REV_*`), and there is no default.
//! A runtime that identifies the Hoon by its battery maps each known battery to its key and
//! punts for any other (`docs/vere-integration.md`). The element-kind entry
//! [`crate::scalar::urnum_scalar`] serves the posit arithmetic, which both revisions share; the
//! Lagoon and Saloon tables take the same key in `urnum_args.unum_rev` for their `%unum` rays
//! ([`rev_of_key`]: none named, a ray through an elementary function punts).

use crate::abi::urnum_status;
use crate::raw::{self, CONTRACT, OK, PUNT};
use softblas::scalar::unum::fns::{self, Unary};
use softblas::scalar::unum::{UnumRev, Width};

/// Revision key naming no revision: `urnum_unum` rejects it (`URNUM_CONTRACT`); in
/// `urnum_args.unum_rev` it makes a `%unum` ray through an elementary function punt.
pub const URNUM_UNUM_REV_NONE: u32 = 0;
/// `urnum_unum` revision key: `urbit/numerics:libmath/desk/lib/unum.hoon@96f3cfe0a0cc`.
pub const URNUM_UNUM_REV_96F3CFE: u32 = 1;
/// `urnum_unum` revision key: `urbit/numerics:lagoon/nockapp/hoon/lib/unum.hoon@bcb316c384ab`
/// (the base desk's `libmath/desk/lib/unum.hoon` of urbit/urbit #7374).
pub const URNUM_UNUM_REV_BCB316C: u32 = 2;

/// `urnum_unum` op: `+exp`.
pub const URNUM_UNUM_EXP: u32 = 1;
/// `urnum_unum` op: `+sin`.
pub const URNUM_UNUM_SIN: u32 = 2;
/// `urnum_unum` op: `+cos`.
pub const URNUM_UNUM_COS: u32 = 3;
/// `urnum_unum` op: `+tan`.
pub const URNUM_UNUM_TAN: u32 = 4;
/// `urnum_unum` op: `+log`.
pub const URNUM_UNUM_LOG: u32 = 5;
/// `urnum_unum` op: `+log-2`.
pub const URNUM_UNUM_LOG_2: u32 = 6;
/// `urnum_unum` op: `+log-10`.
pub const URNUM_UNUM_LOG_10: u32 = 7;
/// `urnum_unum` op: `+atan`.
pub const URNUM_UNUM_ATAN: u32 = 8;
/// `urnum_unum` op: `+asin`.
pub const URNUM_UNUM_ASIN: u32 = 9;
/// `urnum_unum` op: `+acos`.
pub const URNUM_UNUM_ACOS: u32 = 10;
/// `urnum_unum` op: `+cbrt`.
pub const URNUM_UNUM_CBRT: u32 = 11;
/// `urnum_unum` op: `+factorial` (the same text in both revisions).
pub const URNUM_UNUM_FACTORIAL: u32 = 12;
/// `urnum_unum` op: `+pow` (two operands, `x` then `y`).
pub const URNUM_UNUM_POW: u32 = 13;

/// The revision a key names: `None` for [`URNUM_UNUM_REV_NONE`].
///
/// # Errors
/// `URNUM_CONTRACT` for a key that is neither 0 nor a revision's.
pub fn rev_of_key(key: u32) -> Result<Option<UnumRev>, urnum_status> {
    match key {
        URNUM_UNUM_REV_NONE => Ok(None),
        k => UnumRev::from_abi_key(k).map(Some).ok_or(CONTRACT),
    }
}

/// The one-operand function of `op`, if it is one.
fn unary(op: u32) -> Option<Unary> {
    Some(match op {
        URNUM_UNUM_EXP => Unary::Exp,
        URNUM_UNUM_SIN => Unary::Sin,
        URNUM_UNUM_COS => Unary::Cos,
        URNUM_UNUM_TAN => Unary::Tan,
        URNUM_UNUM_LOG => Unary::Log,
        URNUM_UNUM_LOG_2 => Unary::Log2,
        URNUM_UNUM_LOG_10 => Unary::Log10,
        URNUM_UNUM_ATAN => Unary::Atan,
        URNUM_UNUM_ASIN => Unary::Asin,
        URNUM_UNUM_ACOS => Unary::Acos,
        URNUM_UNUM_CBRT => Unary::Cbrt,
        URNUM_UNUM_FACTORIAL => Unary::Factorial,
        _ => return None,
    })
}

/// The value of `op` of revision `rev` at width `w` on the posits `xs`.
///
/// # Errors
/// `URNUM_CONTRACT` for an unknown op or operand count; `URNUM_PUNT` where the Hoon loops
/// (`factorial` where `x − 1` rounds to `x`).
pub fn eval(rev: UnumRev, w: Width, op: u32, xs: &[u128]) -> Result<u128, urnum_status> {
    match (op, xs) {
        (URNUM_UNUM_POW, &[x, y]) => Ok(fns::pow_at(rev, w, x, y)),
        (_, &[x]) => unary(op)
            .ok_or(CONTRACT)?
            .apply(rev, w, x)
            .map_err(|_| PUNT),
        _ => Err(CONTRACT),
    }
}

/// Computes the `/lib/unum` elementary function `op` (`URNUM_UNUM_*`) of the text `rev`
/// (`URNUM_UNUM_REV_*`) at the posit door of `bloq` (3 `rpb` … 7 `rpq`).
///
/// `args` holds `n_args` posits (1, or 2 for `URNUM_UNUM_POW`) of 16 little-endian bytes each,
/// the pattern zero-extended. On `URNUM_OK` the posit is written to `out` as 16 little-endian
/// bytes.
///
/// Statuses: `URNUM_CONTRACT` for a revision key that names no revision (0 included: there is
/// no default), an unknown op, a wrong operand count, a bloq outside 3..=7, an operand wider
/// than the posit, or NULL buffers; `URNUM_PUNT` where the Hoon never returns (`factorial`).
/// None of these arms crashes. `out` is written only on `URNUM_OK`.
///
/// # Safety
/// `args` points to `16 · n_args` readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_unum(
    rev: u32,
    op: u32,
    bloq: u8,
    args: *const u8,
    n_args: u32,
    out: *mut u8,
) -> urnum_status {
    let (Some(rev), Some(w)) = (UnumRev::from_abi_key(rev), Width::from_bloq(bloq.into())) else {
        return CONTRACT;
    };
    if !(1..=2).contains(&n_args) || out.is_null() {
        return CONTRACT;
    }
    // SAFETY: the caller gives 16 · n_args readable bytes at `args`.
    let Some(buf) = (unsafe { raw::bytes(args, 16 * n_args as usize) }) else {
        return CONTRACT;
    };
    let mut xs = [0u128; 2];
    for (x, b) in xs.iter_mut().zip(buf.chunks_exact(16)) {
        let mut q = [0u8; 16];
        q.copy_from_slice(b);
        *x = u128::from_le_bytes(q);
        if *x & !w.mask() != 0 {
            return CONTRACT;
        }
    }
    match eval(rev, w, op, &xs[..n_args as usize]) {
        Ok(v) => {
            // SAFETY: `out` points to 16 writable bytes per the ABI.
            unsafe { raw::write(out, 16, &v.to_le_bytes()) };
            OK
        }
        Err(s) => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(rev: u32, op: u32, bloq: u8, xs: &[u128]) -> (urnum_status, u128) {
        let args: Vec<u8> = xs.iter().flat_map(|x| x.to_le_bytes()).collect();
        let mut out = [0u8; 16];
        // SAFETY: the buffers are the sizes the entry reads and writes.
        let s = unsafe {
            urnum_unum(
                rev,
                op,
                bloq,
                args.as_ptr(),
                xs.len() as u32,
                out.as_mut_ptr(),
            )
        };
        (s, u128::from_le_bytes(out))
    }

    /// Each revision key gives its own text's bits (`exp .5` at posit32), and no key gives none.
    #[test]
    fn the_revision_key_picks_the_text() {
        let half = 0x3800_0000;
        assert_eq!(
            call(URNUM_UNUM_REV_96F3CFE, URNUM_UNUM_EXP, 5, &[half]),
            (OK, 0x4530_94c8)
        );
        assert_eq!(
            call(URNUM_UNUM_REV_BCB316C, URNUM_UNUM_EXP, 5, &[half]),
            (OK, 0x4530_94c7)
        );
        assert_eq!(call(0, URNUM_UNUM_EXP, 5, &[half]).0, CONTRACT);
        assert_eq!(call(3, URNUM_UNUM_EXP, 5, &[half]).0, CONTRACT);
        assert_eq!(call(URNUM_UNUM_REV_BCB316C, 99, 5, &[half]).0, CONTRACT);
        assert_eq!(
            call(URNUM_UNUM_REV_BCB316C, URNUM_UNUM_EXP, 8, &[half]).0,
            CONTRACT
        );
        // An operand wider than the posit, and a wrong count.
        assert_eq!(
            call(URNUM_UNUM_REV_BCB316C, URNUM_UNUM_EXP, 3, &[0x100]).0,
            CONTRACT
        );
        assert_eq!(
            call(URNUM_UNUM_REV_BCB316C, URNUM_UNUM_POW, 3, &[0x40]).0,
            CONTRACT
        );
        // pow 2 2 = 4 at posit8 in both texts.
        for rev in [URNUM_UNUM_REV_96F3CFE, URNUM_UNUM_REV_BCB316C] {
            assert_eq!(call(rev, URNUM_UNUM_POW, 3, &[0x48, 0x48]), (OK, 0x50));
        }
    }
}
