//! Element kind `cplx` (being built; see issue 3).
