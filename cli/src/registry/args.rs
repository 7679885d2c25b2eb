//! The registry's argument helpers: a part of an arm's sample decoded as a
//! ray, meta, shape or index list, with a decoding error named for the arm and
//! part; and the mapping of the data layer's errors ([`RayNounError`],
//! [`LagoonError`], [`TankError`]) to [`ArmError`].

use super::{arg, ArmError};
use hoon::noun::Noun;
use hoon::ray::{
    index_list_from_noun, meta_from_noun, ray_from_noun, u64_list_from_noun, RayNounError,
};
use hoon::tank::TankError;
use lagoon::{LagoonError, Meta, Ray};

impl From<RayNounError> for ArmError {
    fn from(e: RayNounError) -> ArmError {
        match e {
            RayNounError::DimTooLarge
            | RayNounError::BloqTooLarge(_)
            | RayNounError::TooLarge(..) => ArmError::Unsupported(e.to_string()),
            _ => ArmError::BadArgs(e.to_string()),
        }
    }
}

impl ArmError {
    /// An [`ArmError::Unsupported`] from a library error's text, without the
    /// library's own `unsupported: ` prefix, which this error's display adds
    /// (so a message never says it twice).
    pub fn unsupported_from(e: &impl std::fmt::Display) -> ArmError {
        let text = e.to_string();
        ArmError::Unsupported(
            text.strip_prefix("unsupported: ")
                .unwrap_or(&text)
                .to_string(),
        )
    }
}

impl From<LagoonError> for ArmError {
    fn from(e: LagoonError) -> ArmError {
        if e.is_unsupported() {
            ArmError::unsupported_from(&e)
        } else {
            ArmError::Crash(e.to_string())
        }
    }
}

impl From<TankError> for ArmError {
    fn from(e: TankError) -> ArmError {
        match e {
            TankError::Crash(s) => ArmError::Crash(s),
            TankError::Unsupported(s) => ArmError::Unsupported(s),
        }
    }
}

/// Part `i` of `arm`'s sample as a ray.
///
/// # Errors
/// [`ArmError::BadArgs`] when it is not a ray; [`ArmError::Unsupported`] for
/// a dimension or bloq urnum cannot hold.
pub fn ray_part(p: &Noun, arm: &str, i: usize) -> Result<Ray, ArmError> {
    ray_from_noun(p).map_err(|e| with_arm(e, arm, i))
}

/// Part `i` of `arm`'s sample as a meta.
///
/// # Errors
/// As [`ray_part`].
pub fn meta_part(p: &Noun, arm: &str, i: usize) -> Result<Meta, ArmError> {
    meta_from_noun(p).map_err(|e| with_arm(e, arm, i))
}

/// Part `i` of `arm`'s sample as a shape (a list of 64-bit dimensions).
///
/// # Errors
/// As [`u64_list_from_noun`], named for the arm and part.
pub fn shape_part(p: &Noun, arm: &str, i: usize) -> Result<Vec<u64>, ArmError> {
    u64_list_from_noun(p).map_err(|e| with_arm(e, arm, i))
}

/// Part `i` of `arm`'s sample as an index list (saturated to 64 bits).
///
/// # Errors
/// As [`index_list_from_noun`], named for the arm and part.
pub fn index_part(p: &Noun, arm: &str, i: usize) -> Result<Vec<u64>, ArmError> {
    index_list_from_noun(p).map_err(|e| with_arm(e, arm, i))
}

/// The `i`-th argument as a ray.
///
/// # Errors
/// [`ArmError::BadArgs`] when it is missing; as [`ray_part`].
pub fn arg_ray(args: &[Noun], i: usize, arm: &str) -> Result<Ray, ArmError> {
    ray_part(arg(args, i, arm)?, arm, i)
}

/// The `i`-th argument as a meta.
///
/// # Errors
/// As [`arg_ray`].
pub fn arg_meta(args: &[Noun], i: usize, arm: &str) -> Result<Meta, ArmError> {
    meta_part(arg(args, i, arm)?, arm, i)
}

/// A decoding error of argument `i` of `arm`, as an [`ArmError`] naming both.
pub fn with_arm(e: RayNounError, arm: &str, i: usize) -> ArmError {
    match ArmError::from(e) {
        ArmError::BadArgs(m) => ArmError::BadArgs(format!("{arm}: argument {}: {m}", i + 1)),
        ArmError::Unsupported(m) => {
            ArmError::Unsupported(format!("{arm}: argument {}: {m}", i + 1))
        }
        other => other,
    }
}
