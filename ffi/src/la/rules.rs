//! Meta-only size rules: the result meta of an arm computed from its operands'
//! metas (and int operands) alone, so that `urnum_la_plan` does not run the
//! arm. A rule applies only where the Hoon's shape checks pass on the metas;
//! anywhere else it gives `None` and the plan runs the arm (which then crashes
//! or punts exactly as `exec` would). Where a rule applies, `exec` may still
//! crash on the data (a `+check` of the data atom, a bad bloq for the kind):
//! the plan sizes the result the arm produces when it does not.
//!
//! The result metas are those of lagoon.hoon@aa6f2a6: `+scalar-to-ray` boxes
//! a value at the input's rank (`+cumsum +prod +max +min +dot`), `+diag` is
//! `[n 1]`, `+trace` is `(cumsum (diag a))`, `+slice-op`/`+slice-idx` drop
//! the reduced dimension (`+drop-dim`, `~[1]` when nothing is left).

use super::table::{Ctx, Rule};
use lagoon::meta::drop_dim;
use lagoon::{Meta, Tail};
use softblas::Kind;

/// The result meta `rule` predicts for the operands `c`, when it applies.
///
/// Never for a `%fixp` operand: the Hoon does not hold `%fixp` values to
/// their bloq (a precision `[a b]` with `a + b + 1 > 2^bloq` is accepted,
/// and its products and sums come out wider than an element), so such a
/// result may be a data atom that is not "elements + pin"; the plan runs the
/// arm to describe it as `exec` will.
pub fn meta<D>(rule: Rule, c: &Ctx<D>) -> Option<Meta> {
    if c.rays.iter().any(|r| r.meta.kind == Kind::Fixp) {
        return None;
    }
    let x = &c.rays.first()?.meta;
    let boxed = |m: &Meta| Meta {
        shape: vec![1; m.shape.len()],
        ..m.clone()
    };
    match rule {
        Rule::Computed => None,
        Rule::SameMeta => Some(x.clone()),
        Rule::Transpose => match x.shape[..] {
            [r, cols] => Some(Meta::new(vec![cols, r], x.bloq, x.kind)),
            _ => None,
        },
        Rule::Mmul => {
            let y = &c.rays.get(1)?.meta;
            match (&x.shape[..], &y.shape[..]) {
                ([m, k], [k2, p]) if k == k2 => Some(Meta::new(vec![*m, *p], x.bloq, x.kind)),
                _ => None,
            }
        }
        Rule::Boxed => Some(boxed(x)),
        Rule::Dot => (c.rays.get(1)?.meta.shape == x.shape).then(|| boxed(x)),
        Rule::Diag | Rule::Trace => {
            let n = match x.shape[..] {
                [n, m] if n == m && n > 0 => n,
                _ => return None,
            };
            let d = if rule == Rule::Diag { n } else { 1 };
            Some(Meta {
                shape: vec![d, 1],
                ..x.clone()
            })
        }
        Rule::DropDim | Rule::DropDimIndex => {
            let dim = *c.ints.first()?;
            if dim >= x.shape.len() as u64 || x.shape.contains(&0) {
                return None;
            }
            let shape = drop_dim(&x.shape, dim);
            Some(if rule == Rule::DropDim {
                Meta { shape, ..x.clone() }
            } else {
                Meta {
                    shape,
                    bloq: 6,
                    kind: Kind::Uint,
                    tail: Tail::Null,
                }
            })
        }
    }
}
