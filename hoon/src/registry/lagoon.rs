//! Registry entries for the `lagoon` arms (none yet).

use super::Registry;

/// Registers the `lagoon` arms urnum implements.
pub(super) fn register(_r: &mut Registry) {}
