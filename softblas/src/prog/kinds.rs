//! The node kinds of a program, grouped by arity as Nx groups them, and the
//! dtypes each kind is defined at ([`accepts1`] … [`accepts_test`]).

use crate::atom::Atom;
use crate::dtype::{Dtype, Kind};
use crate::hw::Op;

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

impl Binary {
    /// The arithmetic operation of `+ − × ÷` ([`Op`]), `None` for another
    /// kind: the one map from the program node to the operation that names
    /// `+ − × ÷` below it, in the kernels and the hardware loops.
    pub fn arith(self) -> Option<Op> {
        Some(match self {
            Binary::Add => Op::Add,
            Binary::Sub => Op::Sub,
            Binary::Mul => Op::Mul,
            Binary::Div => Op::Div,
            Binary::Mod | Binary::Pow | Binary::PowN | Binary::PowAny => return None,
        })
    }
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
/// NaN (as `scalar::i754` does everywhere); see
/// `scalar::i754::nx` for the rules and [`accepts_nx1`] for the domains.
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
    /// Threefry-2x32 with 20 rounds (`scalar::threefry`) of the
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

/// An Nx kind that [`super::ProgError::Meaningless`] names.
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
