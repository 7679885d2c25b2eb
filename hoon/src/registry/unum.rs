//! Registry entries for the `unum` arms (none yet).

use super::Registry;

/// Registers the `unum` arms urnum implements.
pub(super) fn register(_r: &mut Registry) {}
