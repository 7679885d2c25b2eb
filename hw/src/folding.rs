//! The fold entry ([`fold`]): binary16 sums on the accumulator's integer
//! grid ([`crate::grid`]) where that is faster, every other fold the loops'
//! step by step ([`crate::loops`]). Above both, as the grid's dot makes its
//! products on the loops.

use crate::grid;
use crate::ieee::Width;
use crate::isa::Isa;
use crate::loops::fold_run;
use crate::mode::{A, D, N, U, Z};
use crate::op::{by_mode, by_op_mode, Op, ADD, DIV, MUL, SUB};
use crate::word::Word;
use softcore::Round;

/// The shortest fold of binary16 additions outside `%a` that the grid fold
/// takes ([`fold`]): below it, its set-up costs more than it saves.
const GRID_MIN: usize = 256;

/// The fold of `rest` by `op` from `seed` in mode `r`: left,
/// `op(…op(op(seed, x0), x1)…, x_{n−1})`, or right (`right`),
/// `op(x0, op(x1, … op(x_{n−1}, seed)))` — exactly that order and operand order;
/// on loops of no level above `isa`.
pub fn fold<T: Word>(isa: Isa, op: Op, r: Round, right: bool, seed: T, rest: &[T]) -> T {
    // Nothing to fold: the seed's bits untouched (a NaN seed keeps its payload).
    if rest.is_empty() {
        return seed;
    }
    // binary16 sums on the accumulator's integer grid where they are faster
    // than the step-by-step fold: in `%a` (no hardware rounds it) and long.
    if op == Op::Add && T::W == Width::H && (r == Round::A || rest.len() >= GRID_MIN) {
        if let Ok(xs) = bytemuck::try_cast_slice::<T, u16>(rest) {
            let sum = grid::fold16(isa, r, right, seed.bits() as u16, xs);
            return T::of_bits(u128::from(sum));
        }
    }
    by_op_mode!(op, r, fold_run, T, (isa, right, seed, rest))
}
