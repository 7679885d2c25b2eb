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
//! transcendental ones, and lives in [`crate::scalar`]. Comparisons give the
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
use crate::round::Round;
use crate::scalar::unum::UnumRev;
use std::collections::HashMap;
use thiserror::Error;

/// One-operand arithmetic kinds.
///
/// The transcendental kinds (`Sqrt` … `Atan`, `Factorial`) are the scalar
/// libraries' arms as Saloon's `+trans-scalar` (saloon.hoon@424a2bf) picks
/// them: `/lib/math` at `%i754` (the door `[r rtol 0]`, `r` the program's
/// rounding mode), `/lib/unum` at `%unum`, `/lib/complex` at `%cplx`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unary {
    /// Lagoon `%abs` (per kind: IEEE `b ≥ 0 ? b : b·−1`, two's-complement abs, complex modulus, ...).
    Abs,
    /// Lagoon `%conj` (complex conjugate; identity on real kinds).
    Conj,
    /// Negation as the kind's library defines it.
    Neg,
    /// Square root (`sqt` / Saloon `sqrt`).
    Sqrt,
    /// Cube root (`cbt` / Saloon `cbrt`).
    Cbrt,
    /// e^x.
    Exp,
    /// Natural logarithm.
    Log,
    /// Base-2 logarithm.
    Log2,
    /// Base-10 logarithm.
    Log10,
    /// Sine.
    Sin,
    /// Cosine.
    Cos,
    /// Tangent.
    Tan,
    /// Arcsine.
    Asin,
    /// Arccosine.
    Acos,
    /// Arctangent.
    Atan,
    /// `x!` as the kind's library counts it down: `/lib/math` `factorial` at
    /// `%i754` (stopping where `|x − 1| < rtol`), `/lib/unum` `factorial`, the
    /// exact `x!` at `%uint` (as Saloon's `%uint` gate), and a gate that
    /// crashes whenever called at `%cplx` (Saloon's `|=(@ !!)`).
    Factorial {
        /// The `/lib/math` door's relative tolerance `rtol` (its bits; read at
        /// `%i754` only, masked to the element width there).
        rtol: u128,
    },
}

/// Two-operand arithmetic kinds; the result has the operands' dtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binary {
    /// Lagoon `%add`.
    Add,
    /// Lagoon `%sub` (`a − b`).
    Sub,
    /// Lagoon `%mul`.
    Mul,
    /// Lagoon `%div`.
    Div,
    /// Lagoon `%mod` (per kind; `%i754` rounds the quotient in the program's mode, numerics #78).
    Mod,
    /// Lagoon `%pow` (reachable through `+fun-scalar` only).
    Pow,
    /// `x^n` for an integer `n`, the scalar library's `pow-n` as Saloon's
    /// `+fun-scalar` (saloon.hoon@424a2bf) picks it: `/lib/math` `pow-n` at
    /// `%i754` (`n` a float that must be a positive integer or +0, steps in the
    /// program's mode), `/lib/unum` `pow-n` at `%unum` (`n` the second
    /// operand's bits read as an unsigned integer, not a posit), the exact
    /// `x^n` at `%uint` (the same value as `Pow` there), and a gate that
    /// crashes whenever called at `%cplx` (Saloon's `|=([@ @] !!)`).
    PowN,
    /// `x^y` for any exponent, the scalar library's own `pow` as Saloon's
    /// `+fun-scalar` picks it: `/lib/math` `pow` at `%i754`, `/lib/unum` `pow`
    /// (`exp (y ⊗ log x)`, not Lagoon's integer `+unum-pow`) at `%unum`,
    /// `/lib/complex` `cpow` at `%cplx`.
    PowAny,
}

/// Comparison kinds; the result is the operands' dtype holding its one or zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compare {
    /// `%gth`: `a > b` (for IEEE, `b < a`, false on NaN).
    Gth,
    /// `%gte`: `a ≥ b`.
    Gte,
    /// `%lth`: `a < b`.
    Lth,
    /// `%lte`: `a ≤ b`.
    Lte,
    /// `%equ`: the bit patterns are equal.
    Equ,
    /// `%neq`: the bit patterns differ.
    Neq,
}

/// One-operand kinds of Nx's vocabulary that the Hoon does not define; the
/// result has the operand's dtype.
///
/// At `%i754` every result is SoftFloat's bits with any NaN made the canonical
/// NaN (as [`crate::scalar::i754`] does everywhere); see
/// [`crate::scalar::i754::nx`] for the rules and [`accepts_nx1`] for the domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NxUnary {
    /// `1/x`: the kind's division of one by `x` in the program's mode; on
    /// integer kinds `x` for 1 and −1, 0 otherwise.
    Recip,
    /// −1, 0 or 1 by the sign of `x` (a zero is kept, NaN gives NaN); `z/|z|` on
    /// complex values, `z` itself at zero.
    Sign,
    /// The greatest integer not above `x` (IEEE roundToIntegralTowardNegative).
    Floor,
    /// The least integer not below `x` (IEEE roundToIntegralTowardPositive).
    Ceil,
    /// The nearest integer, halves away from zero (IEEE roundToIntegralTiesToAway).
    Round,
    /// The integer part of `x`, toward zero (IEEE roundToIntegralTowardZero);
    /// the identity on integer kinds.
    Trunc,
}

/// Two-operand kinds of Nx's vocabulary that the Hoon does not define; the
/// result has the operands' dtype. Domains: [`accepts_nx2`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NxBinary {
    /// `a / b` truncated toward zero on integer kinds; 0 when `b` is 0, and a
    /// signed kind's least value divided by −1 is itself (the quotient wraps).
    Idiv,
    /// The greater operand (IEEE 754-2019 `maximum`: a NaN operand gives NaN,
    /// −0 is below +0).
    Maximum,
    /// The lesser operand (IEEE 754-2019 `minimum`: a NaN operand gives NaN,
    /// −0 is below +0).
    Minimum,
    /// Bitwise and (logical and on [`BOOL_DTYPE`]).
    And,
    /// Bitwise or (logical or on [`BOOL_DTYPE`]).
    Or,
    /// Bitwise exclusive or (logical on [`BOOL_DTYPE`]).
    Xor,
    /// Threefry-2x32 with 20 rounds ([`crate::scalar::threefry`]) of the
    /// counter `b` under the key `a`, each a 64-bit word whose low half is word 0.
    Threefry,
}

/// Comparisons of one operand, giving a boolean ([`BOOL_DTYPE`]). Domain: [`accepts_test`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Test {
    /// Whether `x` is a NaN (a posit's NaR; a complex value with a NaN part).
    IsNan,
    /// Whether `x` is ±∞ (a complex value with an infinite part); never for other kinds.
    IsInf,
    /// Whether `x` is neither NaN nor infinite (every integer and fixed-point value).
    IsFinite,
}

impl Test {
    /// Whether this test holds for a value that is (`nan`) or is not a NaN,
    /// and is (`inf`) or is not infinite.
    pub const fn of_class(self, nan: bool, inf: bool) -> bool {
        match self {
            Test::IsNan => nan,
            Test::IsInf => inf,
            Test::IsFinite => !nan && !inf,
        }
    }
}

/// An Nx kind that [`ProgError::Meaningless`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NxKind {
    /// A one-operand kind.
    Unary(NxUnary),
    /// A two-operand kind.
    Binary(NxBinary),
    /// A test.
    Test(Test),
}

/// The dtype of booleans ([`Test`] results, logical operands): `%uint` of bloq 0, one bit.
pub const BOOL_DTYPE: Dtype = Dtype {
    kind: Kind::Uint,
    bloq: 0,
    prec: None,
};

/// One-operand node kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op1 {
    /// The operand unchanged (the node's dtype must equal the operand's).
    Copy,
    /// An arithmetic kind (the node's dtype must equal the operand's).
    Unary(Unary),
    /// Conversion to the node's dtype as Lagoon's `+change` does it.
    Cast,
    /// The operand's bits read as the node's dtype (same width).
    Bitcast,
    /// An Nx kind (the node's dtype must equal the operand's).
    Nx(NxUnary),
    /// A test of the operand (the node's dtype must be [`BOOL_DTYPE`]).
    Test(Test),
}

/// Two-operand node kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op2 {
    /// An arithmetic kind.
    Binary(Binary),
    /// A comparison giving the kind's one or zero.
    Compare(Compare),
    /// An Nx kind.
    Nx(NxBinary),
}

impl Op2 {
    /// The kind a Lagoon `+$ops` term names as a binary gate of `+fun-scalar`
    /// (`add sub mul div mod pow gth gte lth lte equ neq`; `$ops` less the
    /// unary `%abs %conj`), or `None` for any other term.
    pub fn from_term(t: &str) -> Option<Op2> {
        Some(match t {
            "add" => Op2::Binary(Binary::Add),
            "sub" => Op2::Binary(Binary::Sub),
            "mul" => Op2::Binary(Binary::Mul),
            "div" => Op2::Binary(Binary::Div),
            "mod" => Op2::Binary(Binary::Mod),
            "pow" => Op2::Binary(Binary::Pow),
            "gth" => Op2::Compare(Compare::Gth),
            "gte" => Op2::Compare(Compare::Gte),
            "lth" => Op2::Compare(Compare::Lth),
            "lte" => Op2::Compare(Compare::Lte),
            "equ" => Op2::Compare(Compare::Equ),
            "neq" => Op2::Compare(Compare::Neq),
            _ => return None,
        })
    }
}

/// Three-operand node kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op3 {
    /// `c ≠ 0 ? a : b` over the bits of the first operand (any dtype) and two operands of one dtype.
    Where,
    /// `a·b + c` rounded once (IEEE and posit kinds only).
    Fma,
}

/// A node of a program: an operand, a coordinate, a constant or an operation on earlier nodes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// Operand `k` at the current index.
    In(usize),
    /// The current index along axis `i` counted from the last, as a `%uint` of bloq 6.
    Coord(usize),
    /// A constant of a dtype, given by its bits.
    Const(Dtype, Atom),
    /// A one-operand kind producing the given dtype from node `x`.
    Op1(Op1, Dtype, usize),
    /// A two-operand kind over nodes `x` and `y`.
    Op2(Op2, usize, usize),
    /// A three-operand kind over nodes `x`, `y` and `z`.
    Op3(Op3, usize, usize, usize),
}

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

/// Whether a dtype is one a scalar library with transcendental arms defines:
/// `/lib/math` (`%i754` bloq 4–7), `/lib/unum` (`%unum` 3–7), `/lib/complex`
/// (`%cplx` 5–8), or, with `uint`, also `%uint` at any bloq.
fn library_dtype(t: &Dtype, cplx: bool, uint: bool) -> bool {
    match t.kind {
        Kind::I754 => (4..=7).contains(&t.bloq),
        Kind::Unum => (3..=7).contains(&t.bloq),
        Kind::Cplx => cplx && (5..=8).contains(&t.bloq),
        Kind::Uint => uint,
        Kind::Int2 | Kind::Fixp => false,
    }
}

/// Whether a unary kind is defined at a dtype (the domain of [`Unary`]).
///
/// | kind | domain |
/// |---|---|
/// | `Abs`, `Conj` | every dtype (Lagoon's `+trans-scalar`) |
/// | `Neg` | every kind with a sign (not `%uint`) |
/// | `Sqrt Cbrt Exp Log Log2 Log10 Sin Cos Tan` | `%i754` 4–7, `%unum` 3–7, `%cplx` 5–8 (at `%cplx`, `Cbrt Log2 Log10` are Saloon's gates that crash when called) |
/// | `Asin Acos Atan` | `%i754` 4–7, `%unum` 3–7 (`/lib/complex` has no such arm) |
/// | `Factorial` | `%i754` 4–7, `%unum` 3–7, `%cplx` 5–8 (a gate that crashes when called), `%uint` |
///
/// A program at a dtype in the domain may still crash when evaluated where
/// the Hoon's dispatch does (`%unum` bloq 7 has no Lagoon or Saloon door).
pub fn accepts1(k: Unary, t: &Dtype) -> bool {
    match k {
        Unary::Abs | Unary::Conj => true,
        Unary::Neg => t.kind != Kind::Uint,
        Unary::Asin | Unary::Acos | Unary::Atan => library_dtype(t, false, false),
        Unary::Factorial { .. } => library_dtype(t, true, true),
        Unary::Sqrt
        | Unary::Cbrt
        | Unary::Exp
        | Unary::Log
        | Unary::Log2
        | Unary::Log10
        | Unary::Sin
        | Unary::Cos
        | Unary::Tan => library_dtype(t, true, false),
    }
}

/// Whether a binary kind is defined at a dtype (both operands have it).
///
/// `Mod` is not defined for `%cplx` (Lagoon crashes); `Pow` is defined where
/// Lagoon's `+fun-scalar` gives it (`%uint`, `%int2`, `%unum`; its `%i754`,
/// `%cplx` and `%fixp` tables have no `%pow`); `PowN` where Saloon's
/// `+fun-scalar` gives `%pow-n` (`%i754` 4–7, `%unum` 3–7, `%uint`, and
/// `%cplx` 5–8, where the gate crashes when called); `PowAny` where a library
/// has its own `pow` (`%i754` 4–7, `%unum` 3–7, `%cplx` 5–8).
pub fn accepts2(k: Op2, t: &Dtype) -> bool {
    match k {
        Op2::Binary(Binary::Mod) => t.kind != Kind::Cplx,
        Op2::Binary(Binary::Pow) => matches!(t.kind, Kind::Uint | Kind::Int2 | Kind::Unum),
        Op2::Binary(Binary::PowN) => library_dtype(t, true, true),
        Op2::Binary(Binary::PowAny) => library_dtype(t, true, false),
        Op2::Binary(_) => true,
        Op2::Compare(Compare::Equ | Compare::Neq) => true,
        Op2::Compare(_) => t.kind != Kind::Cplx,
        Op2::Nx(k) => accepts_nx2(k, t),
    }
}

/// Whether a ternary kind is defined at the dtypes of its operands.
///
/// `Where` takes any condition dtype and two operands of one dtype; `Fma` takes
/// three operands of one IEEE or posit dtype.
pub fn accepts3(k: Op3, x: &Dtype, y: &Dtype, z: &Dtype) -> bool {
    match k {
        Op3::Where => y == z,
        Op3::Fma => x == y && y == z && matches!(x.kind, Kind::I754 | Kind::Unum),
    }
}

/// Whether an Nx one-operand kind means something at a dtype (the domain of [`NxUnary`]).
///
/// | kind | domain | why not elsewhere |
/// |---|---|---|
/// | `Recip`, `Sign` | every kind | |
/// | `Floor Ceil Round Trunc` | every kind but `%cplx` | complex values have no order to round by |
///
/// At a dtype in the domain evaluation may still crash where the kind's
/// dispatch rejects the bloq (as for the Hoon's kinds).
pub fn accepts_nx1(k: NxUnary, t: &Dtype) -> bool {
    match k {
        NxUnary::Recip | NxUnary::Sign => true,
        NxUnary::Floor | NxUnary::Ceil | NxUnary::Round | NxUnary::Trunc => t.kind != Kind::Cplx,
    }
}

/// Whether an Nx two-operand kind means something at a dtype (both operands have it).
///
/// | kind | domain | why not elsewhere |
/// |---|---|---|
/// | `Idiv`, `And Or Xor` | `%uint`, `%int2` | integer division and bits of a number need an integer kind |
/// | `Maximum Minimum` | every kind but `%cplx` | complex values have no order |
/// | `Threefry` | `%uint`, `%int2` of bloq 6 | its counter and key are 64-bit words |
pub fn accepts_nx2(k: NxBinary, t: &Dtype) -> bool {
    let integer = matches!(t.kind, Kind::Uint | Kind::Int2);
    match k {
        NxBinary::Idiv | NxBinary::And | NxBinary::Or | NxBinary::Xor => integer,
        NxBinary::Maximum | NxBinary::Minimum => t.kind != Kind::Cplx,
        NxBinary::Threefry => integer && t.bloq == 6,
    }
}

/// Whether a [`Test`] means something at a dtype: at every kind (integer and
/// fixed-point values are never NaN nor infinite).
pub fn accepts_test(_k: Test, _t: &Dtype) -> bool {
    true
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
    /// the revisions differ in, [`crate::scalar::unum::fns::Unary::revised`], and `PowAny`)
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
            .all(|(i, n)| *n == Node::In(i))
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
