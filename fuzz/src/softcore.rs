//! The `softcore` target: the soft core (`softcore`) against Berkeley
//! SoftFloat (`softfloat-sys`, the oracle of `softblas/tests/softcore_support`,
//! shared by path) on raw bits. Byte 0 picks the operation, byte 1 the width
//! and mode; the rest fills up to three operands (little-endian, 16 bytes each).

#[path = "../../softblas/tests/softcore_support/mod.rs"]
mod softcore_support;

use softblas::Round;
use softcore_support::{core, ops, Op, Oracle, WIDTHS};

/// Panics when the core's bits differ from SoftFloat's on the case `data` encodes.
pub fn run(data: &[u8]) {
    let (Some(&o), Some(&wm)) = (data.first(), data.get(1)) else {
        return;
    };
    let w = WIDTHS[usize::from(wm & 3)];
    let r = Round::ALL[usize::from(wm >> 2) % Round::ALL.len()];
    let all = ops(w);
    let op = all[usize::from(o) % all.len()];
    let mut x = [0u128; 3];
    for (i, chunk) in data[2..].chunks(16).take(3).enumerate() {
        let mut b = [0u8; 16];
        b[..chunk.len()].copy_from_slice(chunk);
        let v = u128::from_le_bytes(b);
        x[i] = if op == Op::FromU64 { v } else { v & w.mask() };
    }
    let (got, want) = (core(op, w, r, x), Oracle::new(r).eval(op, w, x));
    assert_eq!(
        got, want,
        "{op:?} {w:?} {r:?} {x:x?}: core {got:#x}, SoftFloat {want:#x}"
    );
}
