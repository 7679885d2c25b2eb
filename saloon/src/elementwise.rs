//! Saloon's `+|  %uno` arms (saloon.hoon@424a2bf): the element-wise
//! transcendentals over rays, their gates `+trans-scalar` and `+fun-scalar`,
//! and the arms that delegate to Lagoon's `(lake rnd)`.
//!
//! A gate is chosen per kind and bloq as the Hoon's `?+`/`?-` tables do:
//!
//! | kind | unary ops | binary ops | rounding |
//! |---|---|---|---|
//! | `%i754` 4..=7 | `/lib/math` `rh rs rd rq` with sample `[rnd rtol 0]` | `pow-n`, `pow` | `rnd` where `/lib/math` uses it |
//! | `%unum` 3..=6 | `/lib/unum` `rpb rph rps rpd` (`sqrt` is `+sqt`) | `pow-n` (raw integer exponent), `pow` | none (posits) |
//! | `%cplx` 5..=8 | `/lib/complex` `neg cexp csin ccos ctan clog csqrt`; `factorial log-10 log-2 cbrt` are gates that crash when called | `pow` is `+cpow`; `pow-n` crashes when called | `rnd` |
//! | `%uint` | `factorial` (exact, then cut to the element width); every other op crashes when the gate is built | `pow-n`, `pow` (exact `x^n`, cut) | none |
//! | other | crash when the gate is built | crash | |
//!
//! The loops are Lagoon's `+el-wise-op` (`?> (check a)`, each element through
//! the gate, the low `2^bloq` bits kept, `a`'s meta) and `+bin-op` (`?>
//! =(meta.a meta.b)`, both checked, an empty ray crashes). Note that the gate
//! is built before the loop runs, so an unsupported kind or bloq crashes even
//! on an empty ray, while a `%cplx` `factorial` of an empty ray succeeds.

use crate::door::Sa;
use crate::error::SaloonError;
use lagoon::elementwise as la;
use lagoon::{ravel, require_check, Meta, Ray};
use softblas::math::{self, MathError};
use softblas::scalar::cplx::{Cplx, Door as CDoor};
use softblas::scalar::i754::Width;
use softblas::scalar::unum::{self, fns};
use softblas::{Atom, Kind};

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
        let t = t.trim_start_matches('%');
        UnaryOp::ALL.into_iter().find(|u| u.term() == t)
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

/// The scalar library a gate runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lib {
    /// `/lib/math` at this door.
    Math(math::Door),
    /// `/lib/unum` at this width.
    Unum(unum::Width),
    /// `/lib/complex` at this door.
    Cplx(CDoor),
    /// Lagoon's own `%uint` gates, cutting to `2^bloq` bits.
    Uint(u32),
}

/// A gate of `+trans-scalar` or `+fun-scalar`: the library and the op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gate<Op> {
    lib: Lib,
    op: Op,
}

fn build_crash(arm: &'static str, what: String) -> SaloonError {
    SaloonError::crash(arm, what)
}

fn math_door(sa: &Sa, bloq: u32) -> Option<math::Door> {
    let w = match bloq {
        4 => Width::H,
        5 => Width::S,
        6 => Width::D,
        7 => Width::Q,
        _ => return None,
    };
    math::Door::with(w, sa.rnd, sa.rtol.low_u128(), 0).ok()
}

/// The library of `kind` at `bloq`, or the crash of the Hoon's `?+ … !!`.
fn lib(sa: &Sa, bloq: u32, kind: Kind, arm: &'static str) -> Result<Lib, SaloonError> {
    let bad = || build_crash(arm, format!("no gate for %{} at bloq {bloq}", kind.term()));
    match kind {
        Kind::I754 => math_door(sa, bloq).map(Lib::Math).ok_or_else(bad),
        Kind::Unum if (3..=6).contains(&bloq) => {
            unum::Width::from_bloq(bloq).map(Lib::Unum).ok_or_else(bad)
        }
        Kind::Cplx => CDoor::from_bloq(bloq, sa.rnd)
            .map(Lib::Cplx)
            .map_err(|_| bad()),
        Kind::Uint => Ok(Lib::Uint(bloq)),
        _ => Err(bad()),
    }
}

/// Port of `+trans-scalar [bloq kind fun]`: the unary gate.
///
/// # Errors
/// [`SaloonError::Crash`] where the Hoon crashes building it: `%int2`, `%fixp`,
/// a bloq outside the kind's table, a `%uint` op other than `factorial`.
pub fn trans_scalar(
    sa: &Sa,
    bloq: u32,
    kind: Kind,
    op: UnaryOp,
) -> Result<Gate<UnaryOp>, SaloonError> {
    let lib = lib(sa, bloq, kind, "trans-scalar")?;
    if matches!(lib, Lib::Uint(_)) && op != UnaryOp::Factorial {
        return Err(build_crash(
            "trans-scalar",
            format!("%uint %{} is !!", op.term()),
        ));
    }
    Ok(Gate { lib, op })
}

/// Port of `+fun-scalar [meta fun]`: the binary gate.
///
/// # Errors
/// As [`trans_scalar`].
pub fn fun_scalar(sa: &Sa, meta: &Meta, op: BinaryOp) -> Result<Gate<BinaryOp>, SaloonError> {
    Ok(Gate {
        lib: lib(sa, meta.bloq, meta.kind, "fun-scalar")?,
        op,
    })
}

fn math_err(arm: &'static str, e: MathError) -> SaloonError {
    match e {
        MathError::ToiNotFinite { .. }
        | MathError::Assertion { .. }
        | MathError::NoSuchArm { .. } => SaloonError::crash(arm, e.to_string()),
        _ => SaloonError::Unsupported(format!("{arm}: {e}")),
    }
}

fn fn_err(arm: &'static str, e: fns::FnError) -> SaloonError {
    SaloonError::Unsupported(format!("{arm}: {e}"))
}

/// `x!` cut to `w` bits, as Lagoon's `%uint` factorial gate then `rep` give it.
fn uint_factorial(bloq: u32, x: &Atom) -> Result<Atom, SaloonError> {
    let w = 1u64 << bloq.min(20);
    if bloq > 20 {
        return Err(SaloonError::Unsupported(format!(
            "%uint factorial at bloq {bloq}"
        )));
    }
    // x! has x − popcount(x) factors of two, so past 2w + 64 it vanishes mod 2^w.
    let Some(n) = x.as_u64().filter(|&n| n <= 2 * w + 64) else {
        return Ok(Atom::ZERO);
    };
    let mut t = Atom::ONE;
    for k in 2..=n {
        t = t.mul(&Atom::from_u64(k)).low_bits(w);
    }
    Ok(t)
}

/// `x^n` cut to `w` bits (`n = 0` gives 1), Lagoon's `%uint` `pow-n` then `rep`.
fn uint_pow(bloq: u32, x: &Atom, n: &Atom) -> Result<Atom, SaloonError> {
    if bloq > 20 {
        return Err(SaloonError::Unsupported(format!(
            "%uint pow-n at bloq {bloq}"
        )));
    }
    let w = 1u64 << bloq;
    let base = x.low_bits(w);
    let mut acc = Atom::ONE;
    for i in (0..n.bit_len()).rev() {
        acc = acc.mul(&acc).low_bits(w);
        if n.bit(i) {
            acc = acc.mul(&base).low_bits(w);
        }
    }
    Ok(acc)
}

impl Gate<UnaryOp> {
    /// The gate's value at `x` (before the loop cuts it to the element width).
    ///
    /// # Errors
    /// [`SaloonError::Crash`] where the library crashes or the gate is `|=(@ !!)`;
    /// [`SaloonError::Unsupported`] where the Hoon never terminates.
    pub fn apply(&self, x: &Atom) -> Result<Atom, SaloonError> {
        let arm = self.op.term();
        match self.lib {
            Lib::Math(d) => {
                let x = x.low_u128();
                let v = match self.op {
                    UnaryOp::Neg => d.neg(x),
                    UnaryOp::Factorial => d.factorial(x).map_err(|e| math_err(arm, e))?,
                    UnaryOp::Exp => d.exp(x).map_err(|e| math_err(arm, e))?,
                    UnaryOp::Sin => d.sin(x),
                    UnaryOp::Cos => d.cos(x),
                    UnaryOp::Tan => d.tan(x),
                    UnaryOp::Log => d.log(x),
                    UnaryOp::Log10 => d.log_10(x),
                    UnaryOp::Log2 => d.log_2(x),
                    UnaryOp::Sqrt => d.sqt(x),
                    UnaryOp::Cbrt => d.cbt(x).map_err(|e| math_err(arm, e))?,
                };
                Ok(Atom::from_u128(v))
            }
            Lib::Unum(w) => {
                let x = x.low_u128() & w.mask();
                let v = match self.op {
                    UnaryOp::Neg => unum::neg(w, x),
                    UnaryOp::Sqrt => unum::sqt(w, x),
                    UnaryOp::Exp => fns::exp(w, x),
                    UnaryOp::Sin => fns::sin(w, x),
                    UnaryOp::Cos => fns::cos(w, x),
                    UnaryOp::Tan => fns::tan(w, x),
                    UnaryOp::Log => fns::log(w, x),
                    UnaryOp::Log10 => fns::log_10(w, x),
                    UnaryOp::Log2 => fns::log_2(w, x),
                    UnaryOp::Cbrt => fns::cbrt(w, x),
                    UnaryOp::Factorial => fns::factorial(w, x).map_err(|e| fn_err(arm, e))?,
                };
                Ok(Atom::from_u128(v))
            }
            Lib::Cplx(d) => {
                let p = Cplx::from_atom(d.w, x);
                let v = match self.op {
                    UnaryOp::Neg => d.neg(p),
                    UnaryOp::Exp => d.cexp(p),
                    UnaryOp::Sin => d.csin(p),
                    UnaryOp::Cos => d.ccos(p),
                    UnaryOp::Tan => d.ctan(p),
                    UnaryOp::Log => d.clog(p),
                    UnaryOp::Sqrt => d.csqrt(p),
                    UnaryOp::Factorial | UnaryOp::Log10 | UnaryOp::Log2 | UnaryOp::Cbrt => {
                        return Err(SaloonError::crash(arm, "the %cplx gate is |=(@ !!)"))
                    }
                };
                Ok(v.to_atom(d.w))
            }
            Lib::Uint(bloq) => uint_factorial(bloq, x),
        }
    }
}

impl Gate<BinaryOp> {
    /// The gate's value at `(x, y)` (before the loop cuts it to the element width).
    ///
    /// # Errors
    /// As [`Gate::<UnaryOp>::apply`].
    pub fn apply(&self, x: &Atom, y: &Atom) -> Result<Atom, SaloonError> {
        let arm = match self.op {
            BinaryOp::PowN => "pow-n",
            BinaryOp::Pow => "pow",
        };
        match self.lib {
            Lib::Math(d) => {
                let (a, b) = (x.low_u128(), y.low_u128());
                let v = match self.op {
                    BinaryOp::PowN => d.pow_n(a, b),
                    BinaryOp::Pow => d.pow(a, b),
                }
                .map_err(|e| math_err(arm, e))?;
                Ok(Atom::from_u128(v))
            }
            Lib::Unum(w) => {
                let a = x.low_u128() & w.mask();
                let v = match self.op {
                    BinaryOp::PowN => {
                        fns::pow_n(w, a, &y.to_biguint()).map_err(|e| fn_err(arm, e))?
                    }
                    BinaryOp::Pow => fns::pow(w, a, y.low_u128() & w.mask()),
                };
                Ok(Atom::from_u128(v))
            }
            Lib::Cplx(d) => match self.op {
                BinaryOp::Pow => Ok(d
                    .cpow(Cplx::from_atom(d.w, x), Cplx::from_atom(d.w, y))
                    .to_atom(d.w)),
                BinaryOp::PowN => Err(SaloonError::crash(arm, "the %cplx gate is |=([@ @] !!)")),
            },
            Lib::Uint(bloq) => uint_pow(bloq, x, y),
        }
    }
}

/// Lagoon's `+el-wise-op [a fun]` with a Saloon gate.
///
/// # Errors
/// `+check` failures of `a`; the first element's crash.
pub fn el_wise_op(a: &Ray, gate: &Gate<UnaryOp>) -> Result<Ray, SaloonError> {
    require_check(a)?;
    let vals = ravel(a)?
        .iter()
        .map(|x| gate.apply(x))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Ray::from_elems(a.meta.clone(), &vals)?)
}

/// Lagoon's `+bin-op [a b op]` with a Saloon gate.
///
/// # Errors
/// `?> =(meta.a meta.b)`; `+check` failures; an empty ray (`(dec 0)`); the first element's crash.
pub fn bin_op(a: &Ray, b: &Ray, gate: &Gate<BinaryOp>) -> Result<Ray, SaloonError> {
    if a.meta != b.meta {
        return Err(SaloonError::crash("bin-op", "=(meta.a meta.b)"));
    }
    require_check(a)?;
    require_check(b)?;
    let (xs, ys) = (ravel(a)?, ravel(b)?);
    if xs.is_empty() {
        return Err(SaloonError::crash(
            "bin-op",
            "(dec (lent ali)) of an empty ray",
        ));
    }
    let vals = xs
        .iter()
        .zip(ys.iter())
        .map(|(x, y)| gate.apply(x, y))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Ray::from_elems(a.meta.clone(), &vals)?)
}

/// The element-wise unary arm `op` (`+neg +factorial +exp +sin +cos +tan +log
/// +log-10 +log-2 +sqrt`/`+sqt +cbrt`/`+cbt`): `(el-wise-op:la a (trans-scalar bloq kind op))`.
///
/// # Errors
/// As [`trans_scalar`] and [`el_wise_op`].
pub fn unary(sa: &Sa, op: UnaryOp, a: &Ray) -> Result<Ray, SaloonError> {
    let gate = trans_scalar(sa, a.meta.bloq, a.meta.kind, op)?;
    el_wise_op(a, &gate)
}

/// The element-wise binary arm `op` (`+pow-n`, `+pow`): `(bin-op:la a b (fun-scalar meta.a op))`.
///
/// # Errors
/// As [`fun_scalar`] and [`bin_op`].
pub fn binary(sa: &Sa, op: BinaryOp, a: &Ray, b: &Ray) -> Result<Ray, SaloonError> {
    let gate = fun_scalar(sa, &a.meta, op)?;
    bin_op(a, b, &gate)
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
