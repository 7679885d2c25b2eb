//! Element kind `unum` (being built; see issue 3).
