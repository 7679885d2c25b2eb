//! Element kind `int2` (being built; see issue 3).
