//! The Saloon arm ids of the ABI (`URNUM_SA_*`), the values `urnum_sa_plan`
//! and `urnum_sa_exec` take as `arm`. Stable: never renumber or reuse an id.
//!
//! [`SA_ABI`] is the table to edit (append a line to serve a catalogued arm);
//! the constants below it are written from it and from the catalogue
//! (`saloon::arms`) by `ffi/tests/catalogue.rs`, which fails when they are
//! stale and rewrites them with `URNUM_BLESS=1`. They are plain constants
//! (not a macro) so that cbindgen, which does not expand macros, puts them in
//! `include/urnum.h`.

/// The ids of the ABI's Saloon arms and their Hoon names (NUL-terminated, for C).
pub static SA_ABI: &[(u32, &str)] = &[
    (1, "neg\0"),
    (2, "factorial\0"),
    (3, "exp\0"),
    (4, "sin\0"),
    (5, "cos\0"),
    (6, "tan\0"),
    (7, "log\0"),
    (8, "log-10\0"),
    (9, "log-2\0"),
    (10, "sqrt\0"),
    (11, "sqt\0"),
    (12, "cbrt\0"),
    (13, "cbt\0"),
    (14, "pow-n\0"),
    (15, "pow\0"),
    (16, "lth\0"),
    (17, "lte\0"),
    (18, "leq\0"),
    (19, "equ\0"),
    (20, "gth\0"),
    (21, "gte\0"),
    (22, "geq\0"),
    (23, "neq\0"),
    (24, "add\0"),
    (25, "sub\0"),
    (26, "mul\0"),
    (27, "div\0"),
    (28, "abs\0"),
    (29, "fma\0"),
    (30, "is-close\0"),
    (31, "all-close\0"),
    (32, "any-close\0"),
    (33, "eig\0"),
    (34, "eig-herm\0"),
    (35, "eigvals\0"),
    (36, "eigvecs\0"),
    (37, "symmetric\0"),
    (38, "off-norm\0"),
    (39, "frob\0"),
    (40, "diag\0"),
    (41, "rot-cols\0"),
    (42, "rot-rows\0"),
    (43, "sweep-once\0"),
    (44, "hermitian\0"),
    (45, "off-norm-h\0"),
    (46, "frob-h\0"),
    (47, "diag-real\0"),
    (48, "matvec\0"),
    (49, "matvec-t\0"),
    (50, "dotv\0"),
    (51, "nrm2\0"),
    (52, "axpyv\0"),
    (53, "col-dot\0"),
    (54, "gram\0"),
    (55, "chol-unit\0"),
    (56, "chol\0"),
    (57, "trsv-lo\0"),
    (58, "trsv-up\0"),
    (59, "trsv-r\0"),
    (60, "chol-solve\0"),
    (61, "cg\0"),
    (62, "pcg\0"),
    (63, "svd-sweep\0"),
    (64, "svd\0"),
    (65, "svd-vals\0"),
    (66, "qr\0"),
    (67, "lstsq\0"),
];

// ----- written by ffi/tests/catalogue.rs from the ABI table and saloon::arms -----

/// Saloon `+neg`: ray.
pub const URNUM_SA_NEG: u32 = 1;
/// Saloon `+factorial`: ray.
pub const URNUM_SA_FACTORIAL: u32 = 2;
/// Saloon `+exp`: ray.
pub const URNUM_SA_EXP: u32 = 3;
/// Saloon `+sin`: ray.
pub const URNUM_SA_SIN: u32 = 4;
/// Saloon `+cos`: ray.
pub const URNUM_SA_COS: u32 = 5;
/// Saloon `+tan`: ray.
pub const URNUM_SA_TAN: u32 = 6;
/// Saloon `+log`: ray.
pub const URNUM_SA_LOG: u32 = 7;
/// Saloon `+log-10`: ray.
pub const URNUM_SA_LOG_10: u32 = 8;
/// Saloon `+log-2`: ray.
pub const URNUM_SA_LOG_2: u32 = 9;
/// Saloon `+sqrt`: ray.
pub const URNUM_SA_SQRT: u32 = 10;
/// Saloon `+sqt`: ray.
pub const URNUM_SA_SQT: u32 = 11;
/// Saloon `+cbrt`: ray.
pub const URNUM_SA_CBRT: u32 = 12;
/// Saloon `+cbt`: ray.
pub const URNUM_SA_CBT: u32 = 13;
/// Saloon `+pow-n`: ray, ray.
pub const URNUM_SA_POW_N: u32 = 14;
/// Saloon `+pow`: ray, ray.
pub const URNUM_SA_POW: u32 = 15;
/// Saloon `+lth`: ray, ray.
pub const URNUM_SA_LTH: u32 = 16;
/// Saloon `+lte`: ray, ray.
pub const URNUM_SA_LTE: u32 = 17;
/// Saloon `+leq`: ray, ray.
pub const URNUM_SA_LEQ: u32 = 18;
/// Saloon `+equ`: ray, ray.
pub const URNUM_SA_EQU: u32 = 19;
/// Saloon `+gth`: ray, ray.
pub const URNUM_SA_GTH: u32 = 20;
/// Saloon `+gte`: ray, ray.
pub const URNUM_SA_GTE: u32 = 21;
/// Saloon `+geq`: ray, ray.
pub const URNUM_SA_GEQ: u32 = 22;
/// Saloon `+neq`: ray, ray.
pub const URNUM_SA_NEQ: u32 = 23;
/// Saloon `+add`: ray, ray.
pub const URNUM_SA_ADD: u32 = 24;
/// Saloon `+sub`: ray, ray.
pub const URNUM_SA_SUB: u32 = 25;
/// Saloon `+mul`: ray, ray.
pub const URNUM_SA_MUL: u32 = 26;
/// Saloon `+div`: ray, ray.
pub const URNUM_SA_DIV: u32 = 27;
/// Saloon `+abs`: ray.
pub const URNUM_SA_ABS: u32 = 28;
/// Saloon `+fma`: ray, ray, ray.
pub const URNUM_SA_FMA: u32 = 29;
/// Saloon `+is-close`: ray, ray.
pub const URNUM_SA_IS_CLOSE: u32 = 30;
/// Saloon `+all-close`: ray.
pub const URNUM_SA_ALL_CLOSE: u32 = 31;
/// Saloon `+any-close`: ray.
pub const URNUM_SA_ANY_CLOSE: u32 = 32;
/// Saloon `+eig`: ray.
pub const URNUM_SA_EIG: u32 = 33;
/// Saloon `+eig-herm`: ray.
pub const URNUM_SA_EIG_HERM: u32 = 34;
/// Saloon `+eigvals`: ray.
pub const URNUM_SA_EIGVALS: u32 = 35;
/// Saloon `+eigvecs`: ray.
pub const URNUM_SA_EIGVECS: u32 = 36;
/// Saloon `+symmetric`: ray.
pub const URNUM_SA_SYMMETRIC: u32 = 37;
/// Saloon `+off-norm`: ray.
pub const URNUM_SA_OFF_NORM: u32 = 38;
/// Saloon `+frob`: ray.
pub const URNUM_SA_FROB: u32 = 39;
/// Saloon `+diag`: ray.
pub const URNUM_SA_DIAG: u32 = 40;
/// Saloon `+rot-cols`: ray, int, int, atom, atom.
pub const URNUM_SA_ROT_COLS: u32 = 41;
/// Saloon `+rot-rows`: ray, int, int, atom, atom.
pub const URNUM_SA_ROT_ROWS: u32 = 42;
/// Saloon `+sweep-once`: ray, ray.
pub const URNUM_SA_SWEEP_ONCE: u32 = 43;
/// Saloon `+hermitian`: ray.
pub const URNUM_SA_HERMITIAN: u32 = 44;
/// Saloon `+off-norm-h`: ray.
pub const URNUM_SA_OFF_NORM_H: u32 = 45;
/// Saloon `+frob-h`: ray.
pub const URNUM_SA_FROB_H: u32 = 46;
/// Saloon `+diag-real`: ray.
pub const URNUM_SA_DIAG_REAL: u32 = 47;
/// Saloon `+matvec`: ray, ray.
pub const URNUM_SA_MATVEC: u32 = 48;
/// Saloon `+matvec-t`: ray, ray.
pub const URNUM_SA_MATVEC_T: u32 = 49;
/// Saloon `+dotv`: ray, ray.
pub const URNUM_SA_DOTV: u32 = 50;
/// Saloon `+nrm2`: ray.
pub const URNUM_SA_NRM2: u32 = 51;
/// Saloon `+axpyv`: atom, ray, ray.
pub const URNUM_SA_AXPYV: u32 = 52;
/// Saloon `+col-dot`: ray, int, int.
pub const URNUM_SA_COL_DOT: u32 = 53;
/// Saloon `+gram`: ray.
pub const URNUM_SA_GRAM: u32 = 54;
/// Saloon `+chol-unit`: ray.
pub const URNUM_SA_CHOL_UNIT: u32 = 55;
/// Saloon `+chol`: ray.
pub const URNUM_SA_CHOL: u32 = 56;
/// Saloon `+trsv-lo`: ray, ray.
pub const URNUM_SA_TRSV_LO: u32 = 57;
/// Saloon `+trsv-up`: ray, ray.
pub const URNUM_SA_TRSV_UP: u32 = 58;
/// Saloon `+trsv-r`: ray, ray.
pub const URNUM_SA_TRSV_R: u32 = 59;
/// Saloon `+chol-solve`: ray, ray.
pub const URNUM_SA_CHOL_SOLVE: u32 = 60;
/// Saloon `+cg`: ray, ray, atom.
pub const URNUM_SA_CG: u32 = 61;
/// Saloon `+pcg`: ray, ray, atom.
pub const URNUM_SA_PCG: u32 = 62;
/// Saloon `+svd-sweep`: ray, ray, atom.
pub const URNUM_SA_SVD_SWEEP: u32 = 63;
/// Saloon `+svd`: ray.
pub const URNUM_SA_SVD: u32 = 64;
/// Saloon `+svd-vals`: ray.
pub const URNUM_SA_SVD_VALS: u32 = 65;
/// Saloon `+qr`: ray.
pub const URNUM_SA_QR: u32 = 66;
/// Saloon `+lstsq`: ray, ray.
pub const URNUM_SA_LSTSQ: u32 = 67;
