//! Registry entries for the `twoc` arms (none yet).

use super::Registry;

/// Registers the `twoc` arms urnum implements.
pub(super) fn register(_r: &mut Registry) {}
