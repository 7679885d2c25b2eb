//! The `/lib/math` arms the accuracy report measures, and how each is called on a door.

use softblas::math::arms::{self, Call};
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

    /// The arm's row of `softblas::math::arms`, which computes it.
    fn row(self) -> &'static arms::Arm {
        arms::find(self.name()).expect("every measured arm is catalogued")
    }

    /// How many float arguments the arm takes (1 or 2), from its row.
    pub fn arity(self) -> usize {
        self.row().call.arity()
    }

    /// The arm of `door` at `args` (`args[1]` is ignored by one-argument arms;
    /// `atan2` takes `(y, x)`, `pow`/`pow-n` take `(x, n)`), by its row.
    ///
    /// # Errors
    /// The [`MathError`] of the arm: where the Hoon crashes or loops.
    pub fn hoon(self, door: &Door, args: [u128; 2]) -> Result<u128, MathError> {
        let [a, b] = args;
        match self.row().call {
            Call::Float1(f) => f(door, a),
            Call::Float2(f) => f(door, a, b),
            _ => unreachable!("a measured arm takes one or two floats"),
        }
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
