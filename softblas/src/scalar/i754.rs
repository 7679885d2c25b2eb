//! Element kind `i754` (being built; see issue 3).
