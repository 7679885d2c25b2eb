//! The Lagoon arm ids of the ABI (`URNUM_LA_*`), the values `urnum_la_plan` and
//! `urnum_la_exec` take as `arm`. Stable: never renumber or reuse an id.
//!
//! [`LA_ABI`] is the table to edit (append a line to serve a catalogued arm);
//! the constants below it are written from it and from the catalogue
//! (`lagoon::arms`) by `ffi/tests/catalogue.rs`, which fails when they are
//! stale and rewrites them with `URNUM_BLESS=1`. They are plain constants
//! (not a macro) so that cbindgen, which does not expand macros, puts them in
//! `include/urnum.h`.

/// The ids of the ABI's Lagoon arms and their Hoon names (NUL-terminated, for C).
pub static LA_ABI: &[(u32, &str)] = &[
    (1, "add\0"),
    (2, "sub\0"),
    (3, "mul\0"),
    (4, "div\0"),
    (5, "mod\0"),
    (6, "add-scalar\0"),
    (7, "sub-scalar\0"),
    (8, "mul-scalar\0"),
    (9, "div-scalar\0"),
    (10, "mod-scalar\0"),
    (11, "gth\0"),
    (12, "gte\0"),
    (13, "lth\0"),
    (14, "lte\0"),
    (15, "equ\0"),
    (16, "neq\0"),
    (17, "abs\0"),
    (18, "conj\0"),
    (19, "pow-n\0"),
    (20, "is-close\0"),
    (30, "cumsum\0"),
    (31, "prod\0"),
    (32, "max\0"),
    (33, "min\0"),
    (34, "argmax\0"),
    (35, "argmin\0"),
    (36, "any\0"),
    (37, "all\0"),
    (40, "zeros\0"),
    (41, "ones\0"),
    (42, "fill\0"),
    (43, "eye\0"),
    (44, "iota\0"),
    (45, "magic\0"),
    (46, "range\0"),
    (47, "linspace\0"),
    (48, "scale\0"),
    (50, "transpose\0"),
    (51, "reshape\0"),
    (52, "ravel\0"),
    (53, "get-item\0"),
    (54, "set-item\0"),
    (55, "get-row\0"),
    (56, "set-row\0"),
    (57, "get-col\0"),
    (58, "set-col\0"),
    (59, "change\0"),
    (60, "check\0"),
    (61, "scalar-to-ray\0"),
    (62, "urge\0"),
    (70, "dot\0"),
    (71, "dotc\0"),
    (72, "mmul\0"),
    (73, "mmul-unum\0"),
    (74, "mmul-fixp\0"),
    (75, "mpow-n\0"),
    (76, "diag\0"),
    (77, "trace\0"),
    (78, "stack\0"),
    (79, "hstack\0"),
    (80, "vstack\0"),
    (90, "sum-dim\0"),
    (91, "prod-dim\0"),
    (92, "max-dim\0"),
    (93, "min-dim\0"),
    (94, "argmax-dim\0"),
    (95, "argmin-dim\0"),
    (96, "mean-dim\0"),
    (97, "mean\0"),
    (98, "var\0"),
    (99, "std\0"),
    (100, "var-dim\0"),
    (101, "std-dim\0"),
    (102, "norm\0"),
    (103, "norm-dim\0"),
    (104, "sort-dim\0"),
    (105, "argsort-dim\0"),
    (106, "argtop-dim\0"),
    (107, "take-dim\0"),
    (108, "cdist-sq\0"),
    (109, "pdist-sq\0"),
    (110, "broadcast-to\0"),
    (111, "submatrix\0"),
    (112, "spac\0"),
    (113, "unspac\0"),
    (114, "fun-scalar\0"),
    (115, "trans-scalar\0"),
    (116, "get-term\0"),
    (117, "strides\0"),
    (118, "get-dim\0"),
    (119, "get-item-index\0"),
    (120, "get-item-number\0"),
    (121, "get-bloq-offset\0"),
    (122, "prod-list\0"),
    (123, "drop-dim\0"),
    (124, "dim-parts\0"),
    (125, "i754-sun\0"),
    (126, "i754-sqt\0"),
    (127, "unum-one\0"),
    (128, "unum-sum\0"),
    (129, "unum-fdp\0"),
    (130, "unum-mod\0"),
    (131, "unum-pow\0"),
    (132, "fixp-fdp\0"),
];

// ----- written by ffi/tests/catalogue.rs from the ABI table and lagoon::arms -----

/// Lagoon `+add` (vere jet `add-rays`): ray, ray.
pub const URNUM_LA_ADD: u32 = 1;
/// Lagoon `+sub` (vere jet `sub-rays`): ray, ray.
pub const URNUM_LA_SUB: u32 = 2;
/// Lagoon `+mul` (vere jet `mul-rays`): ray, ray.
pub const URNUM_LA_MUL: u32 = 3;
/// Lagoon `+div` (vere jet `div-rays`): ray, ray.
pub const URNUM_LA_DIV: u32 = 4;
/// Lagoon `+mod` (vere jet `mod-rays`): ray, ray.
pub const URNUM_LA_MOD: u32 = 5;
/// Lagoon `+add-scalar` (vere jet `add-scal`): ray, atom.
pub const URNUM_LA_ADD_SCALAR: u32 = 6;
/// Lagoon `+sub-scalar` (vere jet `sub-scal`): ray, atom.
pub const URNUM_LA_SUB_SCALAR: u32 = 7;
/// Lagoon `+mul-scalar` (vere jet `mul-scal`): ray, atom.
pub const URNUM_LA_MUL_SCALAR: u32 = 8;
/// Lagoon `+div-scalar` (vere jet `div-scal`): ray, atom.
pub const URNUM_LA_DIV_SCALAR: u32 = 9;
/// Lagoon `+mod-scalar` (vere jet `mod-scal`): ray, atom.
pub const URNUM_LA_MOD_SCALAR: u32 = 10;
/// Lagoon `+gth` (vere jet `gth`): ray, ray.
pub const URNUM_LA_GTH: u32 = 11;
/// Lagoon `+gte` (vere jet `gte`): ray, ray.
pub const URNUM_LA_GTE: u32 = 12;
/// Lagoon `+lth` (vere jet `lth`): ray, ray.
pub const URNUM_LA_LTH: u32 = 13;
/// Lagoon `+lte` (vere jet `lte`): ray, ray.
pub const URNUM_LA_LTE: u32 = 14;
/// Lagoon `+equ`: ray, ray.
pub const URNUM_LA_EQU: u32 = 15;
/// Lagoon `+neq`: ray, ray.
pub const URNUM_LA_NEQ: u32 = 16;
/// Lagoon `+abs` (vere jet `abs`): ray.
pub const URNUM_LA_ABS: u32 = 17;
/// Lagoon `+conj`: ray.
pub const URNUM_LA_CONJ: u32 = 18;
/// Lagoon `+pow-n`: ray, atom.
pub const URNUM_LA_POW_N: u32 = 19;
/// Lagoon `+is-close`: ray, ray, two atoms.
pub const URNUM_LA_IS_CLOSE: u32 = 20;
/// Lagoon `+cumsum` (vere jet `cumsum`): ray.
pub const URNUM_LA_CUMSUM: u32 = 30;
/// Lagoon `+prod`: ray.
pub const URNUM_LA_PROD: u32 = 31;
/// Lagoon `+max` (vere jet `max`): ray.
pub const URNUM_LA_MAX: u32 = 32;
/// Lagoon `+min` (vere jet `min`): ray.
pub const URNUM_LA_MIN: u32 = 33;
/// Lagoon `+argmax` (vere jet `argmax`): ray.
pub const URNUM_LA_ARGMAX: u32 = 34;
/// Lagoon `+argmin` (vere jet `argmin`): ray.
pub const URNUM_LA_ARGMIN: u32 = 35;
/// Lagoon `+any`: ray.
pub const URNUM_LA_ANY: u32 = 36;
/// Lagoon `+all`: ray.
pub const URNUM_LA_ALL: u32 = 37;
/// Lagoon `+zeros`: meta.
pub const URNUM_LA_ZEROS: u32 = 40;
/// Lagoon `+ones`: meta.
pub const URNUM_LA_ONES: u32 = 41;
/// Lagoon `+fill`: meta, atom.
pub const URNUM_LA_FILL: u32 = 42;
/// Lagoon `+eye`: meta.
pub const URNUM_LA_EYE: u32 = 43;
/// Lagoon `+iota`: meta.
pub const URNUM_LA_IOTA: u32 = 44;
/// Lagoon `+magic`: meta.
pub const URNUM_LA_MAGIC: u32 = 45;
/// Lagoon `+range` (vere jet `range`): meta, two atoms, atom.
pub const URNUM_LA_RANGE: u32 = 46;
/// Lagoon `+linspace` (vere jet `linspace`): meta, two atoms, atom.
pub const URNUM_LA_LINSPACE: u32 = 47;
/// Lagoon `+scale`: meta, atom.
pub const URNUM_LA_SCALE: u32 = 48;
/// Lagoon `+transpose` (vere jet `transpose`): ray.
pub const URNUM_LA_TRANSPOSE: u32 = 50;
/// Lagoon `+reshape`: ray, list.
pub const URNUM_LA_RESHAPE: u32 = 51;
/// Lagoon `+ravel` (vere jet `ravel`): ray.
pub const URNUM_LA_RAVEL: u32 = 52;
/// Lagoon `+get-item`: ray, list.
pub const URNUM_LA_GET_ITEM: u32 = 53;
/// Lagoon `+set-item`: ray, list, atom.
pub const URNUM_LA_SET_ITEM: u32 = 54;
/// Lagoon `+get-row`: ray, list.
pub const URNUM_LA_GET_ROW: u32 = 55;
/// Lagoon `+set-row`: ray, list, ray.
pub const URNUM_LA_SET_ROW: u32 = 56;
/// Lagoon `+get-col`: ray, list.
pub const URNUM_LA_GET_COL: u32 = 57;
/// Lagoon `+set-col`: ray, list, ray.
pub const URNUM_LA_SET_COL: u32 = 58;
/// Lagoon `+change`: ray, atom, int.
pub const URNUM_LA_CHANGE: u32 = 59;
/// Lagoon `+check`: ray.
pub const URNUM_LA_CHECK: u32 = 60;
/// Lagoon `+scalar-to-ray`: meta, atom.
pub const URNUM_LA_SCALAR_TO_RAY: u32 = 61;
/// Lagoon `+urge`: ray, int, int.
pub const URNUM_LA_URGE: u32 = 62;
/// Lagoon `+dot` (vere jet `dot`): ray, ray.
pub const URNUM_LA_DOT: u32 = 70;
/// Lagoon `+dotc`: ray, ray.
pub const URNUM_LA_DOTC: u32 = 71;
/// Lagoon `+mmul` (vere jet `mmul`): ray, ray.
pub const URNUM_LA_MMUL: u32 = 72;
/// Lagoon `+mmul-unum`: ray, ray.
pub const URNUM_LA_MMUL_UNUM: u32 = 73;
/// Lagoon `+mmul-fixp`: ray, ray.
pub const URNUM_LA_MMUL_FIXP: u32 = 74;
/// Lagoon `+mpow-n`: ray, int.
pub const URNUM_LA_MPOW_N: u32 = 75;
/// Lagoon `+diag` (vere jet `diag`): ray.
pub const URNUM_LA_DIAG: u32 = 76;
/// Lagoon `+trace` (vere jet `trace`): ray.
pub const URNUM_LA_TRACE: u32 = 77;
/// Lagoon `+stack`: ray, ray, int.
pub const URNUM_LA_STACK: u32 = 78;
/// Lagoon `+hstack`: ray, ray.
pub const URNUM_LA_HSTACK: u32 = 79;
/// Lagoon `+vstack`: ray, ray.
pub const URNUM_LA_VSTACK: u32 = 80;
/// Lagoon `+sum-dim`: ray, int.
pub const URNUM_LA_SUM_DIM: u32 = 90;
/// Lagoon `+prod-dim`: ray, int.
pub const URNUM_LA_PROD_DIM: u32 = 91;
/// Lagoon `+max-dim`: ray, int.
pub const URNUM_LA_MAX_DIM: u32 = 92;
/// Lagoon `+min-dim`: ray, int.
pub const URNUM_LA_MIN_DIM: u32 = 93;
/// Lagoon `+argmax-dim`: ray, int.
pub const URNUM_LA_ARGMAX_DIM: u32 = 94;
/// Lagoon `+argmin-dim`: ray, int.
pub const URNUM_LA_ARGMIN_DIM: u32 = 95;
/// Lagoon `+mean-dim`: ray, int.
pub const URNUM_LA_MEAN_DIM: u32 = 96;
/// Lagoon `+mean`: ray.
pub const URNUM_LA_MEAN: u32 = 97;
/// Lagoon `+var`: ray, int.
pub const URNUM_LA_VAR: u32 = 98;
/// Lagoon `+std`: ray, int.
pub const URNUM_LA_STD: u32 = 99;
/// Lagoon `+var-dim`: ray, int, int.
pub const URNUM_LA_VAR_DIM: u32 = 100;
/// Lagoon `+std-dim`: ray, int, int.
pub const URNUM_LA_STD_DIM: u32 = 101;
/// Lagoon `+norm`: ray, atom.
pub const URNUM_LA_NORM: u32 = 102;
/// Lagoon `+norm-dim`: ray, int, atom.
pub const URNUM_LA_NORM_DIM: u32 = 103;
/// Lagoon `+sort-dim`: ray, int, atom.
pub const URNUM_LA_SORT_DIM: u32 = 104;
/// Lagoon `+argsort-dim`: ray, int, atom.
pub const URNUM_LA_ARGSORT_DIM: u32 = 105;
/// Lagoon `+argtop-dim`: ray, int, int.
pub const URNUM_LA_ARGTOP_DIM: u32 = 106;
/// Lagoon `+take-dim`: ray, ray, int.
pub const URNUM_LA_TAKE_DIM: u32 = 107;
/// Lagoon `+cdist-sq`: ray, ray.
pub const URNUM_LA_CDIST_SQ: u32 = 108;
/// Lagoon `+pdist-sq`: ray.
pub const URNUM_LA_PDIST_SQ: u32 = 109;
/// Lagoon `+broadcast-to`: ray, list.
pub const URNUM_LA_BROADCAST_TO: u32 = 110;
/// Lagoon `+submatrix`: slices, ray.
pub const URNUM_LA_SUBMATRIX: u32 = 111;
/// Lagoon `+spac`: ray.
pub const URNUM_LA_SPAC: u32 = 112;
/// Lagoon `+unspac`: ray.
pub const URNUM_LA_UNSPAC: u32 = 113;
/// Lagoon `+fun-scalar`: meta, atom, atom, atom.
pub const URNUM_LA_FUN_SCALAR: u32 = 114;
/// Lagoon `+trans-scalar`: int, atom, atom, atom.
pub const URNUM_LA_TRANS_SCALAR: u32 = 115;
/// Lagoon `+get-term`: meta.
pub const URNUM_LA_GET_TERM: u32 = 116;
/// Lagoon `+strides`: meta.
pub const URNUM_LA_STRIDES: u32 = 117;
/// Lagoon `+get-dim`: list, int.
pub const URNUM_LA_GET_DIM: u32 = 118;
/// Lagoon `+get-item-index`: list, atom.
pub const URNUM_LA_GET_ITEM_INDEX: u32 = 119;
/// Lagoon `+get-item-number`: list, list.
pub const URNUM_LA_GET_ITEM_NUMBER: u32 = 120;
/// Lagoon `+get-bloq-offset`: meta, list.
pub const URNUM_LA_GET_BLOQ_OFFSET: u32 = 121;
/// Lagoon `+prod-list`: list.
pub const URNUM_LA_PROD_LIST: u32 = 122;
/// Lagoon `+drop-dim`: list, int.
pub const URNUM_LA_DROP_DIM: u32 = 123;
/// Lagoon `+dim-parts`: list, int.
pub const URNUM_LA_DIM_PARTS: u32 = 124;
/// Lagoon `+i754-sun`: int, atom.
pub const URNUM_LA_I754_SUN: u32 = 125;
/// Lagoon `+i754-sqt`: int, atom.
pub const URNUM_LA_I754_SQT: u32 = 126;
/// Lagoon `+unum-one`: int.
pub const URNUM_LA_UNUM_ONE: u32 = 127;
/// Lagoon `+unum-sum`: int, list.
pub const URNUM_LA_UNUM_SUM: u32 = 128;
/// Lagoon `+unum-fdp`: int, list, list.
pub const URNUM_LA_UNUM_FDP: u32 = 129;
/// Lagoon `+unum-mod`: int, atom, atom.
pub const URNUM_LA_UNUM_MOD: u32 = 130;
/// Lagoon `+unum-pow`: int, atom, atom.
pub const URNUM_LA_UNUM_POW: u32 = 131;
/// Lagoon `+fixp-fdp`: two atoms, list, list.
pub const URNUM_LA_FIXP_FDP: u32 = 132;
