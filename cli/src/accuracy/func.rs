//! The `/lib/math` arms the accuracy report measures, and how each is called on a door.

use softblas::math::arms::{self, Call};
use softblas::math::{Door, LoopError, MathError};

/// Defines [`Func`] from one table of its arms: each variant with its doc
/// comment and Hoon name, in report order, giving the enum, [`Func::ALL`] and
/// [`Func::name`].
macro_rules! funcs {
    ($($(#[$doc:meta])* $f:ident = $name:literal,)*) => {
        /// A jetted `/lib/math` arm (the 15 of every door), measured against its real function.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Func {
            $($(#[$doc])* $f,)*
        }

        impl Func {
            /// Every measured arm, in report order.
            pub const ALL: [Func; 15] = [$(Func::$f),*];

            /// The arm's Hoon name (`exp`, `log-2`, `pow-n`, …).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Func::$f => $name,)*
                }
            }
        }
    };
}

funcs! {
    /// `++exp`: e^x.
    Exp = "exp",
    /// `++log`: ln x.
    Log = "log",
    /// `++log-2`: log₂ x.
    Log2 = "log-2",
    /// `++log-10`: log₁₀ x.
    Log10 = "log-10",
    /// `++sin`.
    Sin = "sin",
    /// `++cos`.
    Cos = "cos",
    /// `++tan`.
    Tan = "tan",
    /// `++asin`.
    Asin = "asin",
    /// `++acos`.
    Acos = "acos",
    /// `++atan`.
    Atan = "atan",
    /// `++atan2`: the angle of `(x, y)`, called as `(atan2 y x)`.
    Atan2 = "atan2",
    /// `++sqt`: √x.
    Sqt = "sqt",
    /// `++cbt`: ∛x.
    Cbt = "cbt",
    /// `++pow`: x^n for real n.
    Pow = "pow",
    /// `++pow-n`: x^n for a positive integer n.
    PowN = "pow-n",
}

impl Func {
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
        MathError::Loop(LoopError::Diverges { .. }) => "loops",
        MathError::Loop(LoopError::TooManySteps { .. }) => "steps",
        MathError::NoSuchArm { .. } => "no-arm",
        MathError::NotHoonMode(_) => "mode",
    }
}
