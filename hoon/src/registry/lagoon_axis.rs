//! Registry entries for the Lagoon arms of `lagoon_axis` (none yet).

use super::Registry;

/// Registers the arms of this module that urnum implements.
pub(super) fn register(_r: &mut Registry) {}
