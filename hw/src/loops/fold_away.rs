//! The `%a` fold (round to nearest, ties away), checked: a chunk of steps
//! runs as the host's round-to-nearest chain, each partial result kept, and
//! then every step of the chunk is checked against `%a`'s rule at once.
//!
//! `%a` differs from `%n` only at a tie, and a fold in `%a` is a chain each
//! of whose steps waits for the previous rounding, so computing `%a` in the
//! chain (a wider sum, half a unit added, the bits below it cut, or TwoSum
//! and a correction at binary64: [`crate::away`]) costs several times the
//! host operation's latency a step. Here the chain is the host operation
//! alone, and the check is off the chain: step `t` of a chunk took
//! `acc_t` and `x_t` to `acc_{t+1}`; it is `%a`'s step when the lane rule of
//! `%a` ([`Word`]'s `binf`, proven against SoftFloat at every level) gives
//! `acc_{t+1}` from `acc_t` and `x_t` and can decide it. The checks of
//! different steps do not depend on one another, so they run in vector
//! lanes. A chunk where every check holds is `%a`'s fold of its elements
//! from its first accumulator, by induction over its steps. Where one
//! fails (a tie, a NaN the host did not make canonical, a result the rule
//! cannot decide), the steps before the first failed one hold; that step is
//! taken in `%a` as the loops' plain fold takes it ([`super::one`]), and
//! the next chunk starts after it.

use super::one;
use crate::ieee::Width;
use crate::mode::{A, N};
use crate::op::{ADD, DIV, MUL};
use crate::word::Word;

/// Steps per chunk: the chain's work after a failed check (a tie: about
/// one step in `2^d` of a sum whose addends lie `d` binades below the
/// accumulator) is lost, at most this many steps.
const CHUNK: usize = 64;

/// The host's round-to-nearest `a op b`: the chain's step, which the check
/// then proves (or not) to be `%a`'s.
#[inline(always)]
fn nearest<T: Word, const OP: u8, const F: bool>(a: T, b: T) -> T {
    macro_rules! host {
        ($f:ty, $u:ty) => {{
            let (x, y) = (
                <$f>::from_bits(a.bits() as $u),
                <$f>::from_bits(b.bits() as $u),
            );
            let v = match OP {
                ADD => x + y,
                MUL => x * y,
                DIV => x / y,
                _ => x - y,
            };
            T::of_bits(u128::from(v.to_bits()))
        }};
    }
    match T::W {
        Width::S => host!(f32, u32),
        Width::D => host!(f64, u64),
        _ => T::binf::<OP, N, F>(a, b).0,
    }
}

/// One step's operands in fold order: `op(acc, x)` for a left fold, `op(x, acc)`
/// for a right one.
#[inline(always)]
fn order<T>(right: bool, acc: T, x: T) -> (T, T) {
    if right {
        (x, acc)
    } else {
        (acc, x)
    }
}

/// The fold of `rest` by `OP` in `%a` from `seed`: left, or right (`right`),
/// the bits of the loops' step-by-step fold ([`super::one`] in `%a`).
#[inline(always)]
pub(super) fn fold<T: Word, const OP: u8, const F: bool>(right: bool, seed: T, rest: &[T]) -> T {
    let n = rest.len();
    let (mut xs, mut trace) = ([T::default(); CHUNK], [T::default(); CHUNK + 1]);
    let mut acc = seed;
    let mut done = 0;
    while done < n {
        let len = CHUNK.min(n - done);
        // The chunk's elements in step order.
        if right {
            let src = &rest[n - done - len..n - done];
            for (x, &v) in xs[..len].iter_mut().zip(src.iter().rev()) {
                *x = v;
            }
        } else {
            xs[..len].copy_from_slice(&rest[done..done + len]);
        }
        let xs = &xs[..len];
        trace[0] = acc;
        for (t, &x) in xs.iter().enumerate() {
            let (a, b) = order(right, acc, x);
            acc = nearest::<T, OP, F>(a, b);
            trace[t + 1] = acc;
        }
        // Whether step `t` is not `%a`'s: it fails the check.
        let fails = |t: usize| {
            let (a, b) = order(right, trace[t], xs[t]);
            let (v, undecided) = T::binf::<OP, A, F>(a, b);
            undecided | (v != trace[t + 1])
        };
        if !(0..len).fold(false, |failed, t| failed | fails(t)) {
            done += len;
            continue;
        }
        // The chain holds up to the first failed step: that step in `%a`,
        // and the next chunk starts after it. (Every step holding, the last
        // one taken in `%a` is the same step.)
        let t = (0..len).find(|&t| fails(t)).unwrap_or(len - 1);
        let (a, b) = order(right, trace[t], xs[t]);
        acc = one::<T, OP, A, F>(a, b);
        done += t + 1;
    }
    acc
}
