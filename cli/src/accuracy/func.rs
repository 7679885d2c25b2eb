//! The `/lib/math` arms the accuracy report measures, and how each is called on a door.

use softblas::math::{Door, MathError};

/// A jetted `/lib/math` arm (the 15 of every door), measured against its real function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Func {
    /// `++exp`: e^x.
    Exp,
    /// `++log`: ln x.
    Log,
    /// `++log-2`: log₂ x.
    Log2,
    /// `++log-10`: log₁₀ x.
    Log10,
    /// `++sin`.
    Sin,
    /// `++cos`.
    Cos,
    /// `++tan`.
    Tan,
    /// `++asin`.
    Asin,
    /// `++acos`.
    Acos,
    /// `++atan`.
    Atan,
    /// `++atan2`: the angle of `(x, y)`, called as `(atan2 y x)`.
    Atan2,
    /// `++sqt`: √x.
    Sqt,
    /// `++cbt`: ∛x.
    Cbt,
    /// `++pow`: x^n for real n.
    Pow,
    /// `++pow-n`: x^n for a positive integer n.
    PowN,
}

impl Func {
    /// Every measured arm, in report order.
    pub const ALL: [Func; 15] = [
        Func::Exp,
        Func::Log,
        Func::Log2,
        Func::Log10,
        Func::Sin,
        Func::Cos,
        Func::Tan,
        Func::Asin,
        Func::Acos,
        Func::Atan,
        Func::Atan2,
        Func::Sqt,
        Func::Cbt,
        Func::Pow,
        Func::PowN,
    ];

    /// The arm's Hoon name (`exp`, `log-2`, `pow-n`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Func::Exp => "exp",
            Func::Log => "log",
            Func::Log2 => "log-2",
            Func::Log10 => "log-10",
            Func::Sin => "sin",
            Func::Cos => "cos",
            Func::Tan => "tan",
            Func::Asin => "asin",
            Func::Acos => "acos",
            Func::Atan => "atan",
            Func::Atan2 => "atan2",
            Func::Sqt => "sqt",
            Func::Cbt => "cbt",
            Func::Pow => "pow",
            Func::PowN => "pow-n",
        }
    }

    /// The arm named `name` (its Hoon name), or `None`.
    pub fn from_name(name: &str) -> Option<Func> {
        Func::ALL.into_iter().find(|f| f.name() == name)
    }

    /// How many float arguments the arm takes (1 or 2).
    pub const fn arity(self) -> usize {
        match self {
            Func::Atan2 | Func::Pow | Func::PowN => 2,
            _ => 1,
        }
    }

    /// The arm of `door` at `args` (`args[1]` is ignored by one-argument arms;
    /// `atan2` takes `(y, x)`, `pow`/`pow-n` take `(x, n)`).
    ///
    /// # Errors
    /// The [`MathError`] of the arm: where the Hoon crashes or loops.
    pub fn hoon(self, door: &Door, args: [u128; 2]) -> Result<u128, MathError> {
        let [a, b] = args;
        Ok(match self {
            Func::Exp => door.exp(a)?,
            Func::Log => door.log(a),
            Func::Log2 => door.log_2(a),
            Func::Log10 => door.log_10(a),
            Func::Sin => door.sin(a),
            Func::Cos => door.cos(a),
            Func::Tan => door.tan(a),
            Func::Asin => door.asin(a),
            Func::Acos => door.acos(a),
            Func::Atan => door.atan(a),
            Func::Atan2 => door.atan2(a, b),
            Func::Sqt => door.sqt(a),
            Func::Cbt => door.cbt(a)?,
            Func::Pow => door.pow(a, b)?,
            Func::PowN => door.pow_n(a, b)?,
        })
    }
}

/// A short name for why an arm gave no value, for the report's crash column.
pub fn crash_kind(e: &MathError) -> &'static str {
    match e {
        MathError::ToiNotFinite { .. } => "toi",
        MathError::Assertion { .. } => "assert",
        MathError::Diverges { .. } => "loops",
        MathError::TooManySteps { .. } => "steps",
        MathError::NoSuchArm { .. } => "no-arm",
        MathError::NotHoonMode(_) => "mode",
    }
}
