//! Shared support of the executor tests: the contiguous operands a map runs
//! over, one per column of elements.
#![allow(dead_code)]

use softblas::exec::{Operand, View};
use softblas::Atom;

/// `f` of the loop length and the contiguous operands over the columns `cols`
/// (each one element per index, all of the first column's length).
pub fn with_columns<R>(cols: &[Vec<Atom>], f: impl FnOnce(usize, &[Operand<'_>]) -> R) -> R {
    let n = cols[0].len();
    let view = View::contiguous(&[n]);
    let ops: Vec<Operand<'_>> = cols
        .iter()
        .map(|c| Operand {
            data: c,
            view: &view,
        })
        .collect();
    f(n, &ops)
}
