//! Element kind `uint` (being built; see issue 3).
