//! Element kind `fixp` (being built; see issue 3).
