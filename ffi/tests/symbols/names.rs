//! The name families the archive must neither define nor call: SoftFloat's
//! public and internal names, and libm's.

/// SoftFloat's public name families (its API and its `softfloat_` internals).
pub(crate) fn softfloat_name(name: &str) -> bool {
    [
        "f16_",
        "f32_",
        "f64_",
        "f128_",
        "f128M_",
        "extF80_",
        "extF80M_",
        "bf16_",
        "i32_to_",
        "i64_to_",
        "ui32_to_",
        "ui64_to_",
        "softfloat_",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// Whether `name` is a C99/POSIX libm function (any of its `f`/`l` forms).
pub(crate) fn libm_name(name: &str) -> bool {
    const BASE: &[&str] = &[
        "acos",
        "acosh",
        "asin",
        "asinh",
        "atan",
        "atan2",
        "atanh",
        "cbrt",
        "ceil",
        "copysign",
        "cos",
        "cosh",
        "erf",
        "erfc",
        "exp",
        "exp10",
        "exp2",
        "expm1",
        "fabs",
        "fdim",
        "floor",
        "fma",
        "fmax",
        "fmin",
        "fmod",
        "frexp",
        "gamma",
        "hypot",
        "ilogb",
        "j0",
        "j1",
        "jn",
        "ldexp",
        "lgamma",
        "lgamma_r",
        "llrint",
        "llround",
        "log",
        "log10",
        "log1p",
        "log2",
        "logb",
        "lrint",
        "lround",
        "modf",
        "nan",
        "nearbyint",
        "nextafter",
        "nexttoward",
        "pow",
        "remainder",
        "remquo",
        "rint",
        "round",
        "roundeven",
        "scalb",
        "scalbln",
        "scalbn",
        "sin",
        "sincos",
        "sinh",
        "sqrt",
        "tan",
        "tanh",
        "tgamma",
        "trunc",
        "y0",
        "y1",
        "yn",
    ];
    let stem = name
        .strip_suffix("f128")
        .or_else(|| name.strip_suffix('f'))
        .or_else(|| name.strip_suffix('l'))
        .filter(|s| BASE.contains(s));
    BASE.contains(&name) || stem.is_some()
}
