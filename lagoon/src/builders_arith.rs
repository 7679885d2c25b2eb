//! Builders that compute: `+range`, `+linspace` and `+scale` of urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6` (spec `lagoon.md` §4.3).
//!
//! `+range` and `+linspace` force the kind to `%i754` and round in the door's
//! mode; each element is one run of a softblas program (`+range`'s
//! accumulation step, `+linspace`'s `a + sun(i)·d` over the index).

use crate::elementwise::exec_error;
use crate::error::LagoonError;
use crate::meta::{guard_list, Meta, MAX_LIST_LEN};
use crate::ndray::{en_ray, Baum, Ndray};
use crate::pin::spac;
use crate::ray::Ray;
use crate::Door;
use softblas::exec::{self, Operand, View};
use softblas::prog::{Binary, Compare, Expr, Op1, Op2, Prog};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Dtype, Kind};

/// The `%i754` width of `meta`'s bloq: the Hoon's `?+ bloq.meta !!`.
fn width(meta: &Meta) -> Result<Width, LagoonError> {
    Width::from_bloq(meta.bloq).ok_or(LagoonError::BadBloq {
        kind: Kind::I754,
        bloq: meta.bloq,
    })
}

fn ieee(w: Width) -> Dtype {
    Dtype {
        kind: Kind::I754,
        bloq: w.bloq(),
        prec: None,
    }
}

fn op2(op: Op2, x: Expr, y: Expr) -> Expr {
    Expr::Op2(op, Box::new(x), Box::new(y))
}

/// Runs a program with scalar operands (shape `~`) and returns its outputs.
fn run_scalar(prog: &Prog, args: &[Atom], arm: &'static str) -> Result<Vec<Atom>, LagoonError> {
    let view = View::contiguous(&[]);
    let ops: Vec<Operand<'_>> = args
        .iter()
        .map(|a| Operand {
            data: std::slice::from_ref(a),
            view: &view,
        })
        .collect();
    let outs = exec::map(prog, &[], &ops).map_err(|e| exec_error(arm, e))?;
    Ok(outs.into_iter().map(|mut o| o.swap_remove(0)).collect())
}

/// The program error of a builder's own program (a bug, reported as a failed assertion).
fn prog_bug(arm: &'static str) -> impl Fn(softblas::prog::ProgError) -> LagoonError {
    move |_| LagoonError::Assert {
        arm,
        check: "the arm's program is well formed",
    }
}

/// Port of `+range [meta [a b] d]` (lagoon.hoon@aa6f2a6, hint `%range`): the
/// 1-D `%i754` ray `a, a+d, (a+d)+d, …` while the next value is below `b`
/// (above `b` when `b − a < 0`).
///
/// Order: sequential accumulation, `x_{i+1} = add(x_i, d)` in the door's mode
/// (not `a + i·d`, and not a count from `ceil((b−a)/d)` as the C jet does);
/// the loop stops at the first `next` with `lte(next, b)` (descending) or
/// `gte(next, b)` (ascending). Element 0 is `a` verbatim (not cut to the
/// width). Meta: `shape ~[count]`, kind `%i754`, bloq and tail from `meta`.
///
/// # Errors
/// [`LagoonError::BadBloq`] for a bloq other than 4–7;
/// [`LagoonError::Diverges`] when the accumulation stops moving before it
/// reaches `b` (`d = 0`, a wrong-signed `d`, NaN; the Hoon loops forever);
/// [`LagoonError::TooLarge`] past urnum's list limit.
pub fn range(door: &Door, meta: &Meta, a: &Atom, b: &Atom, d: &Atom) -> Result<Ray, LagoonError> {
    let arm = "range";
    let w = width(meta)?;
    let t = ieee(w);
    let desc = i754::lth(w, i754::sub(w, door.round, b.low_u128(), a.low_u128()), 0);
    // Operands: last value, d, b. Outputs: next = last + d, and whether to stop.
    let next = op2(Op2::Binary(Binary::Add), Expr::In(0), Expr::In(1));
    let stop = op2(
        Op2::Compare(if desc { Compare::Lte } else { Compare::Gte }),
        next.clone(),
        Expr::In(2),
    );
    let step = Prog::from_exprs(vec![t, t, t], &[next, stop], door.round).map_err(prog_bug(arm))?;
    let (d, b) = (
        d.low_bits(u64::from(w.bits())),
        b.low_bits(u64::from(w.bits())),
    );
    let mut vals = vec![a.clone()];
    let mut last = a.low_bits(u64::from(w.bits()));
    loop {
        let o = run_scalar(&step, &[last.clone(), d.clone(), b.clone()], arm)?;
        if !o[1].is_zero() {
            break;
        }
        if o[0] == last {
            return Err(LagoonError::Diverges { arm });
        }
        if vals.len() as u64 >= MAX_LIST_LEN {
            return Err(LagoonError::TooLarge {
                bits: u128::from(MAX_LIST_LEN),
            });
        }
        last = o[0].clone();
        vals.push(o[0].clone());
    }
    let mut m = meta.clone();
    m.kind = Kind::I754;
    m.shape = vec![vals.len() as u64];
    spac(&en_ray(&Baum {
        meta: m,
        data: Ndray::flat(vals),
    })?)
}

/// Port of `+linspace [meta [a b] n]` (lagoon.hoon@aa6f2a6, hint `%linspace`):
/// `n` evenly spaced `%i754` points from `a` to `b`.
///
/// Order: each point independently, `x_i = add(a, mul(sun(i), d))` with
/// `d = div(sub(b, a), sun(n − 1))`, all in the door's mode, for `i < n − 1`;
/// the last point is `b` verbatim. So `x_0 = a + 0·d` (−0 becomes +0 outside
/// `%d`, NaN when `d` is not finite; the C jet stores `a`). `n = 1` gives `[a]`
/// verbatim at any bloq. Meta: `shape ~[n]`, kind `%i754`, bloq and tail from
/// `meta`; the endpoints are not cut to the width.
///
/// # Errors
/// [`LagoonError::ZeroDecrement`] for `n = 0`; [`LagoonError::BadBloq`] for a
/// bloq other than 4–7 (when `n > 1`); [`LagoonError::TooLarge`] past urnum's limits.
pub fn linspace(
    door: &Door,
    meta: &Meta,
    a: &Atom,
    b: &Atom,
    n: &Atom,
) -> Result<Ray, LagoonError> {
    let arm = "linspace";
    if n.is_zero() {
        return Err(LagoonError::ZeroDecrement {
            what: "linspace: ?<  =(n 0)",
        });
    }
    let count = n.as_u64().ok_or(LagoonError::TooLarge {
        bits: u128::from(n.bit_len()),
    })?;
    guard_list(count)?;
    let mut m = meta.clone();
    m.kind = Kind::I754;
    m.shape = vec![count];
    if count == 1 {
        return en_ray(&Baum {
            meta: m,
            data: Ndray::flat([a.clone()]),
        });
    }
    let w = width(meta)?;
    let t = ieee(w);
    let bits = u64::from(w.bits());
    let (al, bl) = (a.low_bits(bits), b.low_bits(bits));
    let r = door.round;
    let d = i754::div(
        w,
        r,
        i754::sub(w, r, bl.low_u128(), al.low_u128()),
        i754::sun(w, r, &Atom::from_u64(count - 1)),
    );
    // x_i = a + sun(i)·d over the index i of a loop of n − 1 points.
    let point = op2(
        Op2::Binary(Binary::Add),
        Expr::Const(t, al),
        op2(
            Op2::Binary(Binary::Mul),
            Expr::Op1(Op1::Cast, t, Box::new(Expr::Coord(0))),
            Expr::Const(t, Atom::from_u128(d)),
        ),
    );
    let prog = Prog::from_exprs(vec![], &[point], r).map_err(prog_bug(arm))?;
    let len = (count - 1) as usize;
    let mut vals = exec::map(&prog, &[len], &[])
        .map_err(|e| exec_error(arm, e))?
        .swap_remove(0);
    vals.push(b.clone());
    en_ray(&Baum {
        meta: m,
        data: Ndray::flat(vals),
    })
}

/// Port of `+scale [meta data]` (lagoon.hoon@aa6f2a6): the scalar `data`
/// boxed at `meta`'s rank with every dimension 1, meta otherwise kept.
///
/// `%i754` reads the low `2^bloq` bits as a float and writes it back
/// (`(bit:ma (sea:ma data))`: a NaN becomes the canonical NaN, anything else
/// keeps its bits); every other kind boxes `data` raw (not cut to the width).
///
/// # Errors
/// [`LagoonError::BadBloq`] for `%i754` outside bloq 4–7; as [`spac`].
pub fn scale(meta: &Meta, data: &Atom) -> Result<Ray, LagoonError> {
    let mut m = meta.clone();
    m.shape = vec![1; meta.rank()];
    let fin = match meta.kind {
        Kind::I754 => {
            let w = width(meta)?;
            Atom::from_u128(i754::canon(w, data.low_u128()))
        }
        _ => data.clone(),
    };
    spac(&Ray::new(m, fin))
}
