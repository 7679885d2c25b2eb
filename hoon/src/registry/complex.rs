//! Registry entries for the `complex` arms (none yet).

use super::Registry;

/// Registers the `complex` arms urnum implements.
pub(super) fn register(_r: &mut Registry) {}
