//! Registry entries for the `math` arms (none yet).

use super::Registry;

/// Registers the `math` arms urnum implements.
pub(super) fn register(_r: &mut Registry) {}
