//! Saloon's `+|  %uno` arms (saloon.hoon@424a2bf): the element-wise
//! transcendentals over rays, their gates `+trans-scalar` and `+fun-scalar`,
//! and the arms that delegate to Lagoon's `(lake rnd)`.
//!
//! A gate is a [`Prog`]: the one-node program of a [`softblas::prog`] kind at
//! the ray's dtype in the door's mode, so the element-wise arms run on the
//! kernel layer through Lagoon's loops [`la::el_wise_op`] and [`la::bin_op`]
//! (`?> (check a)`, each element through the gate, the low `2^bloq` bits
//! kept, `a`'s meta; `+bin-op` first asserts `=(meta.a meta.b)` and crashes
//! on an empty ray). What each kind computes at each dtype (`/lib/math` with
//! the door `[rnd rtol 0]`, `/lib/unum`, `/lib/complex`, exact `%uint`) is
//! `softblas::ops`'s; this module keeps only the Hoon's tables of
//! which gates exist:
//!
//! | kind | unary ops | binary ops |
//! |---|---|---|
//! | `%i754` 4..=7 | all (`rtol` travels in [`Unary::Factorial`]) | `pow-n` ([`Binary::PowN`]), `pow` ([`Binary::PowAny`]) |
//! | `%unum` 3..=6 | all | `pow-n` (raw integer exponent), `pow` |
//! | `%cplx` 5..=8 | all; `factorial log-10 log-2 cbrt` are gates that crash when called | `pow` (`cpow`); `pow-n` crashes when called |
//! | `%uint` | `factorial`; every other op crashes when the gate is built | `pow-n` and `pow` are both [`Binary::PowN`] |
//! | other | crash when the gate is built | crash |
//!
//! The gate is built before the loop runs, so an unsupported kind or bloq
//! crashes even on an empty ray, while a `%cplx` `factorial` of an empty ray
//! succeeds.

use crate::door::Sa;
use crate::error::SaloonError;
use lagoon::elementwise as la;
use lagoon::{Meta, Ray};
use softblas::prog::{Binary, Node, Op1, Op2, Prog, Unary};
use softblas::{Atom, Dtype, Kind};

/// The unary element-wise operations of `+$unary-ops`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `%neg`.
    Neg,
    /// `%factorial`.
    Factorial,
    /// `%exp`.
    Exp,
    /// `%sin`.
    Sin,
    /// `%cos`.
    Cos,
    /// `%tan`.
    Tan,
    /// `%log`.
    Log,
    /// `%log-10`.
    Log10,
    /// `%log-2`.
    Log2,
    /// `%sqrt`.
    Sqrt,
    /// `%cbrt`.
    Cbrt,
}

impl UnaryOp {
    /// Every op, in the order of `+$unary-ops`.
    pub const ALL: [UnaryOp; 11] = [
        UnaryOp::Neg,
        UnaryOp::Factorial,
        UnaryOp::Exp,
        UnaryOp::Sin,
        UnaryOp::Cos,
        UnaryOp::Tan,
        UnaryOp::Log,
        UnaryOp::Log10,
        UnaryOp::Log2,
        UnaryOp::Sqrt,
        UnaryOp::Cbrt,
    ];

    /// The op's term (`neg`, `log-10`, …).
    pub const fn term(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Factorial => "factorial",
            UnaryOp::Exp => "exp",
            UnaryOp::Sin => "sin",
            UnaryOp::Cos => "cos",
            UnaryOp::Tan => "tan",
            UnaryOp::Log => "log",
            UnaryOp::Log10 => "log-10",
            UnaryOp::Log2 => "log-2",
            UnaryOp::Sqrt => "sqrt",
            UnaryOp::Cbrt => "cbrt",
        }
    }

    /// The op named by `t` (with or without the `%`).
    pub fn from_term(t: &str) -> Option<UnaryOp> {
        softblas::term::by_term(&UnaryOp::ALL, UnaryOp::term, t)
    }

    /// The program kind of the op; `rtol` is the door's tolerance as the
    /// `/lib/math` door at `dtype` reads it (masked to the element width at
    /// `%i754`, unused elsewhere and so 0, making equal gates equal programs).
    fn kind(self, rtol: &Atom, dtype: &Dtype) -> Unary {
        match self {
            UnaryOp::Neg => Unary::Neg,
            UnaryOp::Factorial => Unary::Factorial {
                rtol: if dtype.kind == Kind::I754 {
                    rtol.low_bits(1u64 << dtype.bloq).low_u128()
                } else {
                    0
                },
            },
            UnaryOp::Exp => Unary::Exp,
            UnaryOp::Sin => Unary::Sin,
            UnaryOp::Cos => Unary::Cos,
            UnaryOp::Tan => Unary::Tan,
            UnaryOp::Log => Unary::Log,
            UnaryOp::Log10 => Unary::Log10,
            UnaryOp::Log2 => Unary::Log2,
            UnaryOp::Sqrt => Unary::Sqrt,
            UnaryOp::Cbrt => Unary::Cbrt,
        }
    }
}

/// The binary element-wise operations of `+$binary-ops`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `%pow-n`.
    PowN,
    /// `%pow`.
    Pow,
}

impl BinaryOp {
    /// The op named by `t` (with or without the `%`).
    pub fn from_term(t: &str) -> Option<BinaryOp> {
        match t.trim_start_matches('%') {
            "pow-n" => Some(BinaryOp::PowN),
            "pow" => Some(BinaryOp::Pow),
            _ => None,
        }
    }
}

/// The element dtype of a gate of `kind` at `bloq`, or the crash of the
/// Hoon's `?+ kind !!` / `%int2 !!` / `?+ bloq !!` building it.
fn gate_dtype(bloq: u32, kind: Kind, arm: &'static str) -> Result<Dtype, SaloonError> {
    let has_gate = match kind {
        Kind::I754 => (4..=7).contains(&bloq),
        Kind::Unum => (3..=6).contains(&bloq),
        Kind::Cplx => (5..=8).contains(&bloq),
        Kind::Uint => true,
        Kind::Int2 | Kind::Fixp => false,
    };
    if !has_gate {
        return Err(SaloonError::crash(
            arm,
            format!("no gate for %{} at bloq {bloq}", kind.term()),
        ));
    }
    Ok(Dtype {
        kind,
        bloq,
        prec: None,
    })
}

/// The one-node program `node` over operands of dtypes `ins`, in the door's mode `rnd` and
/// beside its `/lib/unum` revision.
fn gate(sa: &Sa, ins: Vec<Dtype>, node: Node, arm: &'static str) -> Result<Prog, SaloonError> {
    Prog::of_node(ins, node, sa.rnd)
        .map(|p| p.with_unum(sa.unum))
        .map_err(|e| SaloonError::crash(arm, e.to_string()))
}

/// Port of `+trans-scalar [bloq kind fun]`: the unary gate, as a program.
///
/// # Errors
/// [`SaloonError::Crash`] where the Hoon crashes building it: `%int2`, `%fixp`,
/// a bloq outside the kind's table, a `%uint` op other than `factorial`.
pub fn trans_scalar(sa: &Sa, bloq: u32, kind: Kind, op: UnaryOp) -> Result<Prog, SaloonError> {
    let arm = "trans-scalar";
    let t = gate_dtype(bloq, kind, arm)?;
    if kind == Kind::Uint && op != UnaryOp::Factorial {
        return Err(SaloonError::crash(
            arm,
            format!("%uint %{} is !!", op.term()),
        ));
    }
    let u = op.kind(&sa.rtol, &t);
    gate(sa, vec![t], Node::Op1(Op1::Unary(u), t, 0), arm)
}

/// Port of `+fun-scalar [meta fun]`: the binary gate, as a program
/// (`%uint` `%pow` is `(fun-scalar meta %pow-n)`).
///
/// # Errors
/// As [`trans_scalar`].
pub fn fun_scalar(sa: &Sa, meta: &Meta, op: BinaryOp) -> Result<Prog, SaloonError> {
    let arm = "fun-scalar";
    let t = gate_dtype(meta.bloq, meta.kind, arm)?;
    let b = match op {
        BinaryOp::PowN => Binary::PowN,
        BinaryOp::Pow if meta.kind == Kind::Uint => Binary::PowN,
        BinaryOp::Pow => Binary::PowAny,
    };
    gate(sa, vec![t, t], Node::Op2(Op2::Binary(b), 0, 1), arm)
}

/// The element-wise unary arm `op` (`+neg +factorial +exp +sin +cos +tan +log
/// +log-10 +log-2 +sqrt`/`+sqt +cbrt`/`+cbt`): `(el-wise-op:la a (trans-scalar bloq kind op))`.
///
/// # Errors
/// As [`trans_scalar`] and [`la::el_wise_op`] (the first element's crash;
/// unsupported where the Hoon never terminates).
pub fn unary(sa: &Sa, op: UnaryOp, a: &Ray) -> Result<Ray, SaloonError> {
    let gate = trans_scalar(sa, a.meta.bloq, a.meta.kind, op)?;
    Ok(la::el_wise_op(sa.policy, a, &gate)?)
}

/// The element-wise binary arm `op` (`+pow-n`, `+pow`): `(bin-op:la a b (fun-scalar meta.a op))`.
///
/// # Errors
/// As [`fun_scalar`] and [`la::bin_op`].
pub fn binary(sa: &Sa, op: BinaryOp, a: &Ray, b: &Ray) -> Result<Ray, SaloonError> {
    let gate = fun_scalar(sa, &a.meta, op)?;
    Ok(la::bin_op(sa.policy, a, b, &gate)?)
}

/// Defines the element-wise arms by their Hoon names, each [`unary`] or
/// [`binary`] of its op.
macro_rules! named_arms {
    (unary { $($name:ident, $hoon:literal, $op:ident;)* } binary { $($bname:ident, $bhoon:literal, $bop:ident;)* }) => {
        $(
            #[doc = concat!("Port of `+", $hoon, " a`: [`unary`] of [`UnaryOp::", stringify!($op), "`].")]
            ///
            /// # Errors
            /// As [`unary`].
            pub fn $name(sa: &Sa, a: &Ray) -> Result<Ray, SaloonError> {
                unary(sa, UnaryOp::$op, a)
            }
        )*
        $(
            #[doc = concat!("Port of `+", $bhoon, " [a b]`: [`binary`] of [`BinaryOp::", stringify!($bop), "`].")]
            ///
            /// # Errors
            /// As [`binary`].
            pub fn $bname(sa: &Sa, a: &Ray, b: &Ray) -> Result<Ray, SaloonError> {
                binary(sa, BinaryOp::$bop, a, b)
            }
        )*
    };
}

named_arms! {
    unary {
    neg, "neg", Neg;
    factorial, "factorial", Factorial;
    exp, "exp", Exp;
    sin, "sin", Sin;
    cos, "cos", Cos;
    tan, "tan", Tan;
    log, "log", Log;
    log_10, "log-10", Log10;
    log_2, "log-2", Log2;
    sqrt, "sqrt", Sqrt;
    cbrt, "cbrt", Cbrt;
    }
    binary {
    pow_n, "pow-n", PowN;
    pow, "pow", Pow;
    }
}

/// The Lagoon arms `sa` delegates to through `(lake rnd)`: `+lth +lte +leq +equ
/// +gth +gte +geq +neq +add +sub +mul +div`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LakeOp {
    /// `+lth`.
    Lth,
    /// `+lte` (and `+leq`).
    Lte,
    /// `+equ`.
    Equ,
    /// `+gth`.
    Gth,
    /// `+gte` (and `+geq`).
    Gte,
    /// `+neq`.
    Neq,
    /// `+add`.
    Add,
    /// `+sub`.
    Sub,
    /// `+mul`.
    Mul,
    /// `+div`.
    Div,
}

/// `(op:(lake rnd) a b)` for a [`LakeOp`].
///
/// # Errors
/// Lagoon's.
pub fn lake(sa: &Sa, op: LakeOp, a: &Ray, b: &Ray) -> Result<Ray, SaloonError> {
    let d = sa.lake();
    let f = match op {
        LakeOp::Lth => la::lth,
        LakeOp::Lte => la::lte,
        LakeOp::Equ => la::equ,
        LakeOp::Gth => la::gth,
        LakeOp::Gte => la::gte,
        LakeOp::Neq => la::neq,
        LakeOp::Add => la::add,
        LakeOp::Sub => la::sub,
        LakeOp::Mul => la::mul,
        LakeOp::Div => la::div,
    };
    Ok(f(&d, a, b)?)
}

/// Port of `+abs`: `abs:(lake rnd)`.
///
/// # Errors
/// Lagoon's.
pub fn abs(sa: &Sa, a: &Ray) -> Result<Ray, SaloonError> {
    Ok(la::abs(&sa.lake(), a)?)
}

/// Port of `+fma [a b c]`: `(add (mul a b) c)` through `(lake rnd)`, two roundings.
///
/// # Errors
/// Lagoon's.
pub fn fma(sa: &Sa, a: &Ray, b: &Ray, c: &Ray) -> Result<Ray, SaloonError> {
    let d = sa.lake();
    Ok(la::add(&d, &la::mul(&d, a, b)?, c)?)
}

/// Port of `+is-close [a b]`: `(is-close:(lake rnd) a b [0x0 rtol])`.
///
/// # Errors
/// Lagoon's.
pub fn is_close(sa: &Sa, a: &Ray, b: &Ray) -> Result<Ray, SaloonError> {
    Ok(la::is_close(&sa.lake(), a, b, &Atom::ZERO, &sa.rtol)?)
}

/// Port of `+all-close`: `all:(lake rnd)` — one ray, whether every element is nonzero
/// (the Hoon's doc shows two rays; the arm takes one).
///
/// # Errors
/// Lagoon's.
pub fn all_close(sa: &Sa, a: &Ray) -> Result<bool, SaloonError> {
    Ok(lagoon::reduce::all(&sa.lake(), a)?)
}

/// Port of `+any-close`: `any:(lake rnd)` — one ray, whether some element is nonzero.
///
/// # Errors
/// Lagoon's.
pub fn any_close(sa: &Sa, a: &Ray) -> Result<bool, SaloonError> {
    Ok(lagoon::reduce::any(&sa.lake(), a)?)
}
