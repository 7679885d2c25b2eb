//! Scalar programs as plain data, after Nx's `Nx_kernel.Prog`.
//!
//! A [`Prog`] is a list of [`Node`]s over operands of given [`Dtype`]s. Each node
//! refers only to earlier nodes, so the list is already in evaluation order;
//! each node's value is its exact result rounded once to its dtype under the
//! program's [`Round`]; its posit elementary functions follow the `/lib/unum` revision
//! the program names ([`Prog::with_unum`]), and decline when it names none. Programs are values: `Eq + Hash`, so a program is its
//! own cache key, and two programs built from equal expressions are equal.
//!
//! The kinds are grouped by arity as Nx groups them ([`Unary`], [`Binary`],
//! [`Compare`], then [`Op1`], [`Op2`], [`Op3`]); the semantics of each kind at
//! each dtype is Lagoon's `+fun-scalar`/`+trans-scalar` (lagoon.hoon@aa6f2a6)
//! for the arithmetic kinds and the Saloon/`/lib/math` dispatch for the
//! transcendental ones, and lives in `scalar`. Comparisons give the
//! operand's dtype (the kind's one or zero), as Lagoon's comparisons do, not a
//! boolean.
//!
//! Beside the Hoon's kinds, [`NxUnary`], [`NxBinary`] and [`Test`] are the kinds
//! of Nx_kernel.Prog whose results IEEE 754 or modular arithmetic define
//! exactly (`Recip Sign Floor Ceil Round Trunc`, `Idiv Maximum Minimum And Or
//! Xor Threefry`, `isnan isinf isfinite`). No Hoon arm names them; their
//! semantics are Nx's, their domains are [`accepts_nx1`], [`accepts_nx2`] and
//! [`accepts_test`], and a program using one outside its domain is refused
//! with [`ProgError::Meaningless`]. [`Test`] gives a boolean: [`BOOL_DTYPE`].

use crate::atom::Atom;
use crate::dtype::{Dtype, Kind};

mod kinds;

use crate::round::Round;
use crate::unum_rev::UnumRev;
pub use kinds::*;
use std::collections::HashMap;
use thiserror::Error;

/// The most operands (inputs plus outputs) a program may have.
pub const MAX_OPERANDS: usize = 16;
/// The most axes a `Coord` node may name.
pub const MAX_RANK: usize = 32;

/// The dtype of `Coord` nodes: an unsigned 64-bit integer.
pub const COORD_DTYPE: Dtype = Dtype {
    kind: Kind::Uint,
    bloq: 6,
    prec: None,
};

/// Why a list of nodes is not a program; every variant names the node at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProgError {
    /// Node `node` refers to node `to`, which is not earlier.
    #[error("node {node} refers to node {to}, which is not earlier")]
    Forward {
        /// The node at fault.
        node: usize,
        /// The node it names.
        to: usize,
    },
    /// Node `node` reads operand `k`, but the program has fewer operands.
    #[error("node {node} reads operand {k}, but there are {n} operands")]
    NoOperand {
        /// The node at fault.
        node: usize,
        /// The operand it names.
        k: usize,
        /// The number of operands.
        n: usize,
    },
    /// Node `node` names an axis at or beyond [`MAX_RANK`].
    #[error("node {node} names axis {axis}, beyond the maximum rank {MAX_RANK}")]
    Axis {
        /// The node at fault.
        node: usize,
        /// The axis it names.
        axis: usize,
    },
    /// Node `node`'s kind does not accept its operands' dtypes.
    #[error("node {node}: {kind} does not accept {dtypes}")]
    Domain {
        /// The node at fault.
        node: usize,
        /// The kind, as written in the node.
        kind: String,
        /// The operand dtypes it was given.
        dtypes: String,
    },
    /// Node `node` is a constant whose bits do not fit its dtype's width.
    #[error("node {node}: constant {bits} is wider than its dtype")]
    Const {
        /// The node at fault.
        node: usize,
        /// The constant's bits.
        bits: Atom,
    },
    /// Output `index` names node `node`, which does not exist.
    #[error("output {index} names node {node}, which does not exist")]
    Output {
        /// The position in the output list.
        index: usize,
        /// The node it names.
        node: usize,
    },
    /// The program has no outputs.
    #[error("a program needs at least one output")]
    NoOutputs,
    /// Node `node` applies an Nx kind to an element kind where it means nothing
    /// (bitwise kinds on floats, `Threefry` on posits, an order on complex values, ...).
    #[error("node {node}: {kind:?} has no meaning at {dtype:?}")]
    Meaningless {
        /// The node at fault.
        node: usize,
        /// The kind.
        kind: NxKind,
        /// The operands' dtype.
        dtype: Dtype,
    },
    /// Inputs plus outputs exceed [`MAX_OPERANDS`].
    #[error("{n} operands exceed the maximum {MAX_OPERANDS}")]
    TooManyOperands {
        /// Inputs plus outputs.
        n: usize,
    },
}

/// A checked scalar program: operands of dtypes `ins`, nodes in evaluation order, outputs, and
/// its policy: a rounding mode and the `/lib/unum` revision of its posit elementary functions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Prog {
    ins: Vec<Dtype>,
    nodes: Vec<Node>,
    outs: Vec<usize>,
    round: Round,
    unum: Option<UnumRev>,
    dtypes: Vec<Dtype>,
}

impl Prog {
    /// The program over operands of dtypes `ins` whose results are the nodes `outs`, each node rounded once under `round`.
    ///
    /// The program names no `/lib/unum` revision: its `%unum` elementary functions (the arms
    /// the revisions differ in, `scalar::unum::fns::Unary::revised`, and `PowAny`)
    /// are unsupported until [`Prog::with_unum`] names one.
    ///
    /// # Errors
    /// The first problem met walking the nodes in order ([`ProgError`] names the node):
    /// a reference to a node that is not earlier, an operand or axis out of range,
    /// a kind outside its domain, a constant wider than its dtype; then an output
    /// naming no node, no outputs, or more than [`MAX_OPERANDS`] operands.
    pub fn new(
        ins: Vec<Dtype>,
        nodes: Vec<Node>,
        outs: Vec<usize>,
        round: Round,
    ) -> Result<Prog, ProgError> {
        let mut dtypes: Vec<Dtype> = Vec::with_capacity(nodes.len());
        for (i, n) in nodes.iter().enumerate() {
            let earlier = |to: usize| {
                if to < i {
                    Ok(dtypes[to])
                } else {
                    Err(ProgError::Forward { node: i, to })
                }
            };
            let domain = |kind: String, ds: &[Dtype]| ProgError::Domain {
                node: i,
                kind,
                dtypes: format!("{ds:?}"),
            };
            let meaningless = |kind: NxKind, dtype: Dtype| ProgError::Meaningless {
                node: i,
                kind,
                dtype,
            };
            let t = match n {
                Node::In(k) => *ins.get(*k).ok_or(ProgError::NoOperand {
                    node: i,
                    k: *k,
                    n: ins.len(),
                })?,
                Node::Coord(axis) => {
                    if *axis >= MAX_RANK {
                        return Err(ProgError::Axis {
                            node: i,
                            axis: *axis,
                        });
                    }
                    COORD_DTYPE
                }
                Node::Const(t, bits) => {
                    if bits.bit_len() > 1u64 << t.bloq.min(63) {
                        return Err(ProgError::Const {
                            node: i,
                            bits: bits.clone(),
                        });
                    }
                    *t
                }
                Node::Op1(op, t, x) => {
                    let tx = earlier(*x)?;
                    match op {
                        Op1::Nx(k) if tx == *t && !accepts_nx1(*k, t) => {
                            return Err(meaningless(NxKind::Unary(*k), tx));
                        }
                        Op1::Test(k) if !accepts_test(*k, &tx) => {
                            return Err(meaningless(NxKind::Test(*k), tx));
                        }
                        _ => {}
                    }
                    let ok = match op {
                        Op1::Copy | Op1::Nx(_) => tx == *t,
                        Op1::Unary(u) => tx == *t && accepts1(*u, t),
                        Op1::Cast => true,
                        Op1::Bitcast => tx.bloq == t.bloq,
                        Op1::Test(_) => *t == BOOL_DTYPE,
                    };
                    if !ok {
                        return Err(domain(format!("{op:?} to {t:?}"), &[tx]));
                    }
                    *t
                }
                Node::Op2(op, x, y) => {
                    let (tx, ty) = (earlier(*x)?, earlier(*y)?);
                    if let Op2::Nx(k) = op {
                        if tx == ty && !accepts_nx2(*k, &tx) {
                            return Err(meaningless(NxKind::Binary(*k), tx));
                        }
                    }
                    if tx != ty || !accepts2(*op, &tx) {
                        return Err(domain(format!("{op:?}"), &[tx, ty]));
                    }
                    tx
                }
                Node::Op3(op, x, y, z) => {
                    let (tx, ty, tz) = (earlier(*x)?, earlier(*y)?, earlier(*z)?);
                    if !accepts3(*op, &tx, &ty, &tz) {
                        return Err(domain(format!("{op:?}"), &[tx, ty, tz]));
                    }
                    ty
                }
            };
            dtypes.push(t);
        }
        if outs.is_empty() {
            return Err(ProgError::NoOutputs);
        }
        if let Some((index, &node)) = outs.iter().enumerate().find(|(_, &o)| o >= nodes.len()) {
            return Err(ProgError::Output { index, node });
        }
        if ins.len() + outs.len() > MAX_OPERANDS {
            return Err(ProgError::TooManyOperands {
                n: ins.len() + outs.len(),
            });
        }
        Ok(Prog {
            ins,
            nodes,
            outs,
            round,
            unum: None,
            dtypes,
        })
    }

    /// The one-node program `In 0 … In (k−1); node` whose output is `node`, over operands `ins`.
    ///
    /// The node's operand indices refer to the `In` nodes, so `Op2(op, 0, 1)` is `op` of operands 0 and 1.
    ///
    /// # Errors
    /// As [`Prog::new`].
    pub fn of_node(ins: Vec<Dtype>, node: Node, round: Round) -> Result<Prog, ProgError> {
        let mut nodes: Vec<Node> = (0..ins.len()).map(Node::In).collect();
        nodes.push(node);
        let out = nodes.len() - 1;
        Prog::new(ins, nodes, vec![out], round)
    }

    /// The program computing the expressions `outs` over operands `ins`, each distinct subexpression once.
    ///
    /// Nodes are emitted in depth-first finish order (operands before their user,
    /// first operand first), so equal expression lists give equal programs.
    ///
    /// # Errors
    /// As [`Prog::new`].
    pub fn from_exprs(ins: Vec<Dtype>, outs: &[Expr], round: Round) -> Result<Prog, ProgError> {
        let mut b = Builder::default();
        let outs: Vec<usize> = outs.iter().map(|e| b.emit(e)).collect();
        Prog::new(ins, b.nodes, outs, round)
    }

    /// The operand dtypes.
    pub fn ins(&self) -> &[Dtype] {
        &self.ins
    }

    /// The nodes, in evaluation order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The output node indices.
    pub fn outs(&self) -> &[usize] {
        &self.outs
    }

    /// The rounding mode every node rounds in.
    pub fn round(&self) -> Round {
        self.round
    }

    /// This program with its `%unum` elementary functions following the `/lib/unum` revision
    /// `unum` (`None`: no revision, so they are unsupported rather than a guessed text's bits).
    #[must_use]
    pub fn with_unum(mut self, unum: Option<UnumRev>) -> Prog {
        self.unum = unum;
        self
    }

    /// The `/lib/unum` revision the program's `%unum` elementary functions follow, if it names one.
    pub fn unum(&self) -> Option<UnumRev> {
        self.unum
    }

    /// The dtype of node `i` (as inferred by the check).
    pub fn dtype(&self, i: usize) -> Dtype {
        self.dtypes[i]
    }

    /// The node a loop can dispatch to a dedicated kernel, if this program is one:
    /// `In 0 … In (k−1)` then one node over operands `0 … k−1` in order, output once.
    pub fn single(&self) -> Option<&Node> {
        let k = self.ins.len();
        if self.nodes.len() != k + 1 || self.outs != [k] {
            return None;
        }
        if !self.nodes[..k]
            .iter()
            .enumerate()
            .all(|(i, n)| matches!(n, Node::In(j) if *j == i))
        {
            return None;
        }
        let last = &self.nodes[k];
        let operands_in_order = match last {
            Node::Op1(_, _, x) => k == 1 && *x == 0,
            Node::Op2(_, x, y) => k == 2 && (*x, *y) == (0, 1),
            Node::Op3(_, x, y, z) => k == 3 && (*x, *y, *z) == (0, 1, 2),
            Node::Const(..) | Node::Coord(_) => k == 0,
            Node::In(_) => false,
        };
        operands_in_order.then_some(last)
    }
}

/// An expression tree over operands, the input of [`Prog::from_exprs`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// Operand `k`.
    In(usize),
    /// The index along axis `i`, counted from the last.
    Coord(usize),
    /// A constant of a dtype, by its bits.
    Const(Dtype, Atom),
    /// A one-operand kind to a dtype.
    Op1(Op1, Dtype, Box<Expr>),
    /// A two-operand kind.
    Op2(Op2, Box<Expr>, Box<Expr>),
    /// A three-operand kind.
    Op3(Op3, Box<Expr>, Box<Expr>, Box<Expr>),
}

#[derive(Default)]
struct Builder {
    nodes: Vec<Node>,
    seen: HashMap<Node, usize>,
}

impl Builder {
    fn emit(&mut self, e: &Expr) -> usize {
        let node = match e {
            Expr::In(k) => Node::In(*k),
            Expr::Coord(a) => Node::Coord(*a),
            Expr::Const(t, b) => Node::Const(*t, b.clone()),
            Expr::Op1(op, t, x) => Node::Op1(*op, *t, self.emit(x)),
            Expr::Op2(op, x, y) => {
                let x = self.emit(x);
                Node::Op2(*op, x, self.emit(y))
            }
            Expr::Op3(op, x, y, z) => {
                let x = self.emit(x);
                let y = self.emit(y);
                Node::Op3(*op, x, y, self.emit(z))
            }
        };
        if let Some(&i) = self.seen.get(&node) {
            return i;
        }
        self.nodes.push(node.clone());
        self.seen.insert(node, self.nodes.len() - 1);
        self.nodes.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RS: Dtype = Dtype {
        kind: Kind::I754,
        bloq: 5,
        prec: None,
    };

    fn add(x: Expr, y: Expr) -> Expr {
        Expr::Op2(Op2::Binary(Binary::Add), Box::new(x), Box::new(y))
    }

    #[test]
    fn checks_name_the_node() {
        let e = Prog::new(
            vec![RS],
            vec![Node::Op2(Op2::Binary(Binary::Add), 0, 1)],
            vec![0],
            Round::N,
        );
        assert_eq!(e, Err(ProgError::Forward { node: 0, to: 0 }));
        let e = Prog::new(vec![RS], vec![Node::In(3)], vec![0], Round::N);
        assert_eq!(
            e,
            Err(ProgError::NoOperand {
                node: 0,
                k: 3,
                n: 1
            })
        );
        let cplx = Dtype {
            kind: Kind::Cplx,
            bloq: 6,
            prec: None,
        };
        let e = Prog::of_node(
            vec![cplx, cplx],
            Node::Op2(Op2::Compare(Compare::Gth), 0, 1),
            Round::N,
        );
        assert!(matches!(e, Err(ProgError::Domain { node: 2, .. })));
        let e = Prog::new(vec![RS], vec![Node::In(0)], vec![], Round::N);
        assert_eq!(e, Err(ProgError::NoOutputs));
        let e = Prog::new(
            vec![RS],
            vec![Node::Const(RS, Atom::pow2(32))],
            vec![0],
            Round::N,
        );
        assert!(matches!(e, Err(ProgError::Const { node: 0, .. })));
    }

    #[test]
    fn from_exprs_shares_subexpressions_in_finish_order() {
        // (a + b) + (a + b): the sum is emitted once, after both operands.
        let s = add(Expr::In(0), Expr::In(1));
        let p = Prog::from_exprs(vec![RS, RS], &[add(s.clone(), s)], Round::Z).unwrap();
        assert_eq!(
            p.nodes(),
            &[
                Node::In(0),
                Node::In(1),
                Node::Op2(Op2::Binary(Binary::Add), 0, 1),
                Node::Op2(Op2::Binary(Binary::Add), 2, 2),
            ]
        );
        assert_eq!(p.outs(), &[3]);
        // Equal expressions give equal programs.
        let q = Prog::from_exprs(
            vec![RS, RS],
            &[add(
                add(Expr::In(0), Expr::In(1)),
                add(Expr::In(0), Expr::In(1)),
            )],
            Round::Z,
        )
        .unwrap();
        assert_eq!(p, q);
        assert_eq!(p.single(), None);
    }

    #[test]
    fn single_recognises_one_kind_programs() {
        let p = Prog::of_node(
            vec![RS, RS],
            Node::Op2(Op2::Binary(Binary::Mul), 0, 1),
            Round::U,
        )
        .unwrap();
        assert_eq!(p.single(), Some(&Node::Op2(Op2::Binary(Binary::Mul), 0, 1)));
        let swapped = Prog::of_node(
            vec![RS, RS],
            Node::Op2(Op2::Binary(Binary::Mul), 1, 0),
            Round::U,
        )
        .unwrap();
        assert_eq!(swapped.single(), None);
        assert_eq!(swapped.dtype(2), RS);
    }

    #[test]
    fn transcendental_domains_follow_the_saloon_tables() {
        let t = |kind, bloq| Dtype {
            kind,
            bloq,
            prec: None,
        };
        let fact = Unary::Factorial { rtol: 0 };
        // (kind, bloq, exp, factorial, asin, pow-n, pow): what each row pins.
        let rows = [
            // /lib/math at every IEEE width, and no IEEE byte.
            (t(Kind::I754, 4), true, true, true, true, true),
            (t(Kind::I754, 3), false, false, false, false, false),
            // /lib/unum has rpq (bloq 7) even where Lagoon's and Saloon's tables stop at 6.
            (t(Kind::Unum, 7), true, true, true, true, true),
            // /lib/complex: no casin; factorial and pow-n are gates that crash when called.
            (t(Kind::Cplx, 6), true, true, false, true, true),
            (t(Kind::Cplx, 4), false, false, false, false, false),
            // %uint: Saloon's exact factorial and pow-n only.
            (t(Kind::Uint, 9), false, true, false, true, false),
            // %int2 and %fixp: Saloon's tables crash on the kind.
            (t(Kind::Int2, 5), false, false, false, false, false),
            (t(Kind::Fixp, 5), false, false, false, false, false),
        ];
        for (d, exp, factorial, asin, pow_n, pow) in rows {
            assert_eq!(accepts1(Unary::Exp, &d), exp, "exp at {d:?}");
            assert_eq!(accepts1(fact, &d), factorial, "factorial at {d:?}");
            assert_eq!(accepts1(Unary::Asin, &d), asin, "asin at {d:?}");
            assert_eq!(
                accepts2(Op2::Binary(Binary::PowN), &d),
                pow_n,
                "pow-n at {d:?}"
            );
            assert_eq!(
                accepts2(Op2::Binary(Binary::PowAny), &d),
                pow,
                "pow at {d:?}"
            );
        }
        // rtol is part of the kind, so programs with different tolerances differ.
        let p = |rtol| {
            Prog::of_node(
                vec![RS],
                Node::Op1(Op1::Unary(Unary::Factorial { rtol }), RS, 0),
                Round::N,
            )
            .unwrap()
        };
        assert_ne!(p(1), p(2));
    }
}
