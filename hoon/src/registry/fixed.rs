//! Registry entries for the `fixed` arms (none yet).

use super::Registry;

/// Registers the `fixed` arms urnum implements.
pub(super) fn register(_r: &mut Registry) {}
