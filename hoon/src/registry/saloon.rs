//! Registry entries for the `saloon` arms (none yet).

use super::Registry;

/// Registers the `saloon` arms urnum implements.
pub(super) fn register(_r: &mut Registry) {}
