/// @file
///
/// urnum's Lagoon jet bodies (u3wi_ur_la_*) against vere's own C bodies
/// (u3wi_la_*) in one binary, in the style of vere's pkg/noun/*_tests.c.
///
///   urnum-jets-test [calls-per-arm [seed [loom-bytes-log2]]] [--vectors FILE]
///                   [--dump-diffs FILE] [--bench [ms]]
///
/// --bench [ms] (default 2000 per row) times both bodies instead (issue 34,
/// step 5) and prints a markdown table; see _run_bench().
///
/// (defaults 10000, 34, 30). With --vectors, the golden vectors of the jetted
/// arms (FILE from jet_vectors.py) run through both bodies after the random
/// run: urnum's must all give the Hoon's answer (or punt); vere's
/// disagreements with the Hoon are listed as `vere-vs-hoon` lines.
///
/// For each of the 28 harms vere registers under non/lagoon, `calls` cores
/// are built (rounding modes n u d z and, rarely, a; kinds %i754 at bloq 4-7
/// and %uint %int2 %unum %cplx %fixp; random, edge-valued, degenerate and
/// malformed samples) and both bodies run on the same core, each under
/// u3m_soft (so a bail is caught as its mote). Outcomes per arm:
///
///   equal     both produced nouns that are u3r_sing, or both bailed %exit
///   known     a difference a rule classifies (the classes are printed
///             under the table): NaN encoding only (urnum's the canonical
///             quiet NaN the Hoon gives, vere's signed or with a payload),
///             vere's result meta, sub-rays computed b-a, ravel reversed,
///             transpose/diag bailing in vere's own check of the core
///   DIFF      any other difference (unexplained: the run fails)
///   ur-punt   urnum punted where vere answered
///   ve-punt   vere punted where urnum answered (every kind but %i754)
///   punt      both punted
///   only      urnum only (malformed or degenerate samples vere's C bodies
///             are not safe on): urnum's outcomes ok / punt / exit
///   FAIL      urnum bailed %fail (a shim or ABI contract error: the run
///             fails), or a malformed sample that must punt did not
///
/// Loom hygiene: every call that did not bail is replayed on the home road
/// (product freed), then the road is marked and swept (u3m_grab's steps);
/// the words the sweep reclaims are what the bodies leaked. urnum's must be
/// 0 (else the run fails); vere's are reported.

#include "noun.h"
#include "jets/q.h"
#include "jets/w.h"
#include "c3/motes.h"

#include "urnum_jets.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <time.h>
#include <fenv.h>
#include <math.h>

/*  kinds' terms (see the shim: vere's motes for three of them are malformed)
*/
#define _t_i754 c3_s4('i', '7', '5', '4')
#define _t_uint c3_s4('u', 'i', 'n', 't')
#define _t_int2 c3_s4('i', 'n', 't', '2')
#define _t_unum c3_s4('u', 'n', 'u', 'm')
#define _t_cplx c3_s4('c', 'p', 'l', 'x')
#define _t_fixp c3_s4('f', 'i', 'x', 'p')

/* random numbers: splitmix64, seeded from the command line
*/
static uint64_t _rng_d;

static uint64_t
_rand(void)
{
  uint64_t z = (_rng_d += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static c3_w
_below(c3_w n_w)
{
  return (c3_w)(_rand() % n_w);
}

/* element kinds and widths
*/
typedef struct {
  c3_m        kin_m;
  c3_y        blq_y;
  const c3_c* nam_c;
} _kind;

static const _kind _kinds[] = {
  { _t_i754, 4, "i754/4" }, { _t_i754, 5, "i754/5" },
  { _t_i754, 6, "i754/6" }, { _t_i754, 7, "i754/7" },
  { _t_uint, 3, "uint/3" }, { _t_uint, 5, "uint/5" }, { _t_uint, 6, "uint/6" },
  { _t_int2, 3, "int2/3" }, { _t_int2, 5, "int2/5" },
  { _t_unum, 3, "unum/3" }, { _t_unum, 4, "unum/4" }, { _t_unum, 5, "unum/5" },
  { _t_unum, 6, "unum/6" },
  { _t_cplx, 5, "cplx/5" }, { _t_cplx, 6, "cplx/6" }, { _t_cplx, 7, "cplx/7" },
  { _t_fixp, 5, "fixp/5" }, { _t_fixp, 6, "fixp/6" },
};
#define _N_KINDS   (sizeof(_kinds) / sizeof(_kinds[0]))
#define _N_I754    4

/* IEEE field widths per bloq 4..7: exponent, fraction
*/
static const c3_y _exp_y[8] = { 0, 0, 0, 0, 5, 8, 11, 15 };
static const c3_y _man_y[8] = { 0, 0, 0, 0, 10, 23, 52, 112 };

typedef unsigned __int128 _u128;

static _u128
_fp_make(c3_y blq_y, c3_o sig_o, _u128 exp, _u128 man)
{
  c3_w w_w = 1U << blq_y;
  return ((_u128)(c3y == sig_o) << (w_w - 1))
       | (exp << _man_y[blq_y])
       | (man & ((((_u128)1) << _man_y[blq_y]) - 1));
}

/* _fp_int(): k * 2^-j as a float of bloq blq_y (fraction truncated).
*/
static _u128
_fp_int(c3_y blq_y, int64_t k, c3_w j_w)
{
  c3_o     sig_o = (k < 0) ? c3y : c3n;
  uint64_t a_d = (k < 0) ? (uint64_t)(-k) : (uint64_t)k;
  c3_w     bia_w = (1U << (_exp_y[blq_y] - 1)) - 1;
  c3_w     e_w, m_w = _man_y[blq_y];
  _u128    man;

  if ( 0 == a_d ) {
    return _fp_make(blq_y, sig_o, 0, 0);
  }
  e_w = 63 - __builtin_clzll(a_d);
  man = (_u128)(a_d - (1ULL << e_w));
  man = ( m_w >= e_w ) ? (man << (m_w - e_w)) : (man >> (e_w - m_w));
  return _fp_make(blq_y, sig_o, (_u128)(bia_w + e_w - j_w), man);
}

/* _fp_edge(): the i-th edge value of bloq blq_y.
*/
static _u128
_fp_edge(c3_y blq_y, c3_w i_w)
{
  _u128 top = ((_u128)1) << (_man_y[blq_y] - 1);
  _u128 all = (((_u128)1) << _man_y[blq_y]) - 1;
  _u128 inf = (((_u128)1) << _exp_y[blq_y]) - 1;

  switch ( i_w % 18 ) {
    case 0:  return _fp_make(blq_y, c3n, 0, 0);            //  +0
    case 1:  return _fp_make(blq_y, c3y, 0, 0);            //  -0
    case 2:  return _fp_make(blq_y, c3n, inf, 0);          //  +inf
    case 3:  return _fp_make(blq_y, c3y, inf, 0);          //  -inf
    case 4:  return _fp_make(blq_y, c3n, inf, top);        //  +qNaN
    case 5:  return _fp_make(blq_y, c3y, inf, top);        //  -qNaN
    case 6:  return _fp_make(blq_y, c3n, inf, 1);          //  sNaN
    case 7:  return _fp_make(blq_y, c3y, inf, top | 5);    //  -qNaN, payload
    case 8:  return _fp_make(blq_y, c3n, 0, 1);            //  min subnormal
    case 9:  return _fp_make(blq_y, c3y, 0, all);          //  -max subnormal
    case 10: return _fp_make(blq_y, c3n, 1, 0);            //  min normal
    case 11: return _fp_make(blq_y, c3n, inf - 1, all);    //  max finite
    case 12: return _fp_make(blq_y, c3y, inf - 1, all);    //  -max finite
    case 13: return _fp_int(blq_y, 1, 0);
    case 14: return _fp_int(blq_y, -1, 0);
    case 15: return _fp_int(blq_y, 1, 1);                  //  0.5
    case 16: return _fp_make(blq_y, c3n, 0, top);          //  a subnormal
    default: return _fp_int(blq_y, 3, 0);
  }
}

/* input classes
*/
enum { _C_RAND = 0, _C_EDGE = 1, _C_BIG = 2, _C_BAD = 3 };

/* _elem(): one element's bits, little-endian, into out_y (2^blq/8 bytes).
*/
static void
_elem(const _kind* kin_u, c3_w cls_w, c3_y* out_y)
{
  c3_w  byt_w = (1U << kin_u->blq_y) >> 3;
  _u128 v = 0;
  c3_w  i_w;

  if ( _t_i754 == kin_u->kin_m ) {
    c3_w r_w = _below(100);
    c3_w edg_w = ( _C_EDGE == cls_w ) ? 70 : 12;

    if ( r_w < edg_w ) {
      v = _fp_edge(kin_u->blq_y, _below(18));
    }
    else if ( r_w < 70 ) {
      v = _fp_int(kin_u->blq_y, (int64_t)_below(201) - 100, _below(5));
    }
    else {
      v = ((_u128)_rand() << 64) | _rand();
    }
  }
  else if ( _t_cplx == kin_u->kin_m ) {
    //  two halves, each an IEEE value of half the width
    //
    c3_y hlf_y = kin_u->blq_y - 1;
    c3_w r_w;
    for ( i_w = 0; i_w < 2; i_w++ ) {
      _u128 h;
      r_w = _below(100);
      if ( hlf_y < 4 ) {
        h = _rand();
      }
      else if ( r_w < 15 ) {
        h = _fp_edge(hlf_y, _below(18));
      }
      else {
        h = _fp_int(hlf_y, (int64_t)_below(41) - 20, _below(3));
      }
      v |= (h & ((((_u128)1) << (1U << hlf_y)) - 1)) << (i_w * (1U << hlf_y));
    }
  }
  else {
    c3_w r_w = _below(100);
    v = ((_u128)_rand() << 64) | _rand();
    if ( r_w < 10 )      v = 0;
    else if ( r_w < 20 ) v = 1;
    else if ( r_w < 30 ) v = ~(_u128)0;
    else if ( r_w < 60 ) v &= 0xff;
  }

  for ( i_w = 0; i_w < byt_w; i_w++ ) {
    out_y[i_w] = (c3_y)(v >> (8 * i_w));
  }
}

/* _data(): a pinned data atom of n_w elements.
*/
static u3_atom
_data(const _kind* kin_u, c3_w cls_w, c3_w n_w)
{
  c3_w    byt_w = (1U << kin_u->blq_y) >> 3;
  c3_y*   buf_y = c3_malloc((size_t)n_w * byt_w + 1);
  u3_atom dat;
  c3_w    i_w;

  for ( i_w = 0; i_w < n_w; i_w++ ) {
    _elem(kin_u, cls_w, buf_y + (size_t)i_w * byt_w);
  }
  buf_y[(size_t)n_w * byt_w] = 1;
  dat = u3i_bytes(n_w * byt_w + 1, buf_y);
  c3_free(buf_y);
  return dat;
}

static u3_noun
_tail(const _kind* kin_u)
{
  if ( _t_fixp == kin_u->kin_m ) {
    c3_w w_w = 1U << kin_u->blq_y;
    return u3nc(w_w / 2 - 1, w_w / 2);
  }
  return u3_nul;
}

static u3_noun
_meta(const _kind* kin_u, u3_noun sap)
{
  return u3nq(sap, kin_u->blq_y, kin_u->kin_m, _tail(kin_u));
}

static c3_w
_shape_len(u3_noun sap)
{
  c3_w n_w = 1;
  for ( ; u3_nul != sap; sap = u3t(sap) ) n_w *= u3h(sap);
  return n_w;
}

/* _shape_any(): a shape of rank 1-3 (big: one long vector).
*/
static u3_noun
_shape_any(c3_w cls_w)
{
  c3_w r_w = _below(10);
  if ( _C_BIG == cls_w ) return u3nc(256 + _below(1024), u3_nul);
  if ( r_w < 5 )         return u3nc(1 + _below(16), u3_nul);
  if ( r_w < 9 )         return u3nt(1 + _below(5), 1 + _below(5), u3_nul);
  return u3nq(1 + _below(3), 1 + _below(3), 1 + _below(3), u3_nul);
}

/* sample classes and shape rules of the arms
*/
enum { _S_TWO, _S_SCAL, _S_ONE, _S_SPAN };
enum { _H_ANY, _H_VEC, _H_MAT, _H_SQUARE, _H_MMUL, _H_LIN, _H_RANGE };

typedef struct {
  const c3_c* nam_c;
  u3_noun   (*ur_f)(u3_noun);
  u3_noun   (*ve_f)(u3_noun);
  c3_y        sam_y;
  c3_y        sha_y;
} _arm;

static const _arm _arms[] = {
  { "add-rays",  u3wi_ur_la_add,       u3wi_la_add,       _S_TWO,  _H_ANY },
  { "sub-rays",  u3wi_ur_la_sub,       u3wi_la_sub,       _S_TWO,  _H_ANY },
  { "mul-rays",  u3wi_ur_la_mul,       u3wi_la_mul,       _S_TWO,  _H_ANY },
  { "div-rays",  u3wi_ur_la_div,       u3wi_la_div,       _S_TWO,  _H_ANY },
  { "mod-rays",  u3wi_ur_la_mod,       u3wi_la_mod,       _S_TWO,  _H_ANY },
  { "add-scal",  u3wi_ur_la_adds,      u3wi_la_adds,      _S_SCAL, _H_ANY },
  { "sub-scal",  u3wi_ur_la_subs,      u3wi_la_subs,      _S_SCAL, _H_ANY },
  { "mul-scal",  u3wi_ur_la_muls,      u3wi_la_muls,      _S_SCAL, _H_ANY },
  { "div-scal",  u3wi_ur_la_divs,      u3wi_la_divs,      _S_SCAL, _H_ANY },
  { "mod-scal",  u3wi_ur_la_mods,      u3wi_la_mods,      _S_SCAL, _H_ANY },
  { "dot",       u3wi_ur_la_dot,       u3wi_la_dot,       _S_TWO,  _H_VEC },
  { "transpose", u3wi_ur_la_transpose, u3wi_la_transpose, _S_ONE,  _H_MAT },
  { "cumsum",    u3wi_ur_la_cumsum,    u3wi_la_cumsum,    _S_ONE,  _H_ANY },
  { "argmin",    u3wi_ur_la_argmin,    u3wi_la_argmin,    _S_ONE,  _H_ANY },
  { "argmax",    u3wi_ur_la_argmax,    u3wi_la_argmax,    _S_ONE,  _H_ANY },
  { "ravel",     u3wi_ur_la_ravel,     u3wi_la_ravel,     _S_ONE,  _H_ANY },
  { "min",       u3wi_ur_la_min,       u3wi_la_min,       _S_ONE,  _H_ANY },
  { "max",       u3wi_ur_la_max,       u3wi_la_max,       _S_ONE,  _H_ANY },
  { "linspace",  u3wi_ur_la_linspace,  u3wi_la_linspace,  _S_SPAN, _H_LIN },
  { "range",     u3wi_ur_la_range,     u3wi_la_range,     _S_SPAN, _H_RANGE },
  { "abs",       u3wi_ur_la_abs,       u3wi_la_abs,       _S_ONE,  _H_ANY },
  { "gth",       u3wi_ur_la_gth,       u3wi_la_gth,       _S_TWO,  _H_ANY },
  { "gte",       u3wi_ur_la_gte,       u3wi_la_gte,       _S_TWO,  _H_ANY },
  { "lth",       u3wi_ur_la_lth,       u3wi_la_lth,       _S_TWO,  _H_ANY },
  { "lte",       u3wi_ur_la_lte,       u3wi_la_lte,       _S_TWO,  _H_ANY },
  { "diag",      u3wi_ur_la_diag,      u3wi_la_diag,      _S_ONE,  _H_SQUARE },
  { "trace",     u3wi_ur_la_trace,     u3wi_la_trace,     _S_ONE,  _H_SQUARE },
  { "mmul",      u3wi_ur_la_mmul,      u3wi_la_mmul,      _S_TWO,  _H_MMUL },
};
#define _N_ARMS (sizeof(_arms) / sizeof(_arms[0]))


/*  urnum's /lib/math bodies, for the Q records of --vectors.
*/
typedef struct {
  const c3_c* dor_c;
  const c3_c* arm_c;
  u3_noun   (*fun_f)(u3_noun);
} _marm;

#define _UR_MROW(d, a) { #d, #a, u3wi_ur_##d##_##a },
#define _UR_MDOOR(d)                                                    \
  _UR_MROW(d, exp) _UR_MROW(d, sin) _UR_MROW(d, cos) _UR_MROW(d, tan)   \
  _UR_MROW(d, asin) _UR_MROW(d, acos) _UR_MROW(d, atan)                 \
  _UR_MROW(d, atan2) _UR_MROW(d, pow_n) _UR_MROW(d, log)                \
  _UR_MROW(d, log_10) _UR_MROW(d, log_2) _UR_MROW(d, pow)               \
  _UR_MROW(d, sqt) _UR_MROW(d, cbt)

static const _marm _marms[] = { _UR_MDOOR(rh) _UR_MDOOR(rs) _UR_MDOOR(rd) _UR_MDOOR(rq) };
#define _N_MARMS (sizeof(_marms) / sizeof(_marms[0]))

/* _shape(): a well-formed shape for the arm's rule.
*/
static u3_noun
_shape(const _arm* arm_u, c3_w cls_w)
{
  switch ( arm_u->sha_y ) {
    case _H_VEC: {
      if ( _C_BIG == cls_w ) return u3nc(256 + _below(1024), u3_nul);
      return u3nc(1 + _below(24), u3_nul);
    }
    case _H_MAT: {
      if ( _C_BIG == cls_w ) return u3nt(20 + _below(20), 20 + _below(20), u3_nul);
      return u3nt(1 + _below(6), 1 + _below(6), u3_nul);
    }
    case _H_SQUARE: {
      c3_w n_w = ( _C_BIG == cls_w ) ? 20 + _below(20) : 1 + _below(6);
      return u3nt(n_w, n_w, u3_nul);
    }
    default: return _shape_any(cls_w);
  }
}

/* _ray(): a well-formed ray [meta data].
*/
static u3_noun
_ray(const _kind* kin_u, c3_w cls_w, u3_noun sap)
{
  c3_w n_w = _shape_len(sap);
  return u3nc(_meta(kin_u, sap), _data(kin_u, cls_w, n_w));
}

/* _core(): a gate core with sample [sam] in a +la door of rounding mode [rnd]:
** [battery [sample [door-battery [rnd context]]]], rnd at axis 30.
*/
static u3_noun
_core(u3_noun sam, u3_noun rnd)
{
  return u3nq(0, sam, 0, u3nc(rnd, u3_nul));
}

/* _malform(): a malformed variant of ray [ray] (consumed); *pun_o set
** when the shim must punt on it (a noun urnum cannot decode).
*/
static u3_noun
_malform(u3_noun ray, c3_o* pun_o)
{
  u3_noun met = u3k(u3h(ray)), dat = u3k(u3t(ray));
  u3_noun sap = u3k(u3h(met)), blq = u3h(u3t(met)), kin = u3h(u3t(u3t(met)));
  u3_noun tal = u3k(u3t(u3t(u3t(met))));
  u3_noun pro;

  *pun_o = c3n;
  switch ( _below(9) ) {
    default:
    case 0: {  //  the pin missing
      pro = u3nc(u3k(met), u3qc_end(3, u3r_met(3, dat) - 1, dat));
    } break;
    case 1: {  //  a bit above the pin
      u3_atom hig = u3qc_bex(u3r_met(0, dat));
      pro = u3nc(u3k(met), u3qc_mix(dat, hig));
      u3z(hig);
    } break;
    case 2: {  //  zero elements
      pro = u3nc(u3nq(u3nc(0, u3_nul), blq, kin, u3k(tal)), 1);
    } break;
    case 3: {  //  rank 0, one element
      pro = u3nc(u3nq(u3_nul, blq, kin, u3k(tal)), u3k(dat));
    } break;
    case 4: {  //  bloq over 255
      *pun_o = c3y;
      pro = u3nc(u3nq(u3k(sap), 300, kin, u3k(tal)), u3k(dat));
    } break;
    case 5: {  //  an unknown kind
      *pun_o = c3y;
      pro = u3nc(u3nq(u3k(sap), blq, c3_s3('f', 'o', 'o'), u3k(tal)), u3k(dat));
    } break;
    case 6: {  //  a shape item that is a cell
      *pun_o = c3y;
      pro = u3nc(u3nq(u3nc(u3nc(1, 2), u3_nul), blq, kin, u3k(tal)), u3k(dat));
    } break;
    case 7: {  //  the data a cell
      *pun_o = c3y;
      pro = u3nc(u3k(met), u3nc(1, 2));
    } break;
    case 8: {  //  a dimension of 2^64
      *pun_o = c3y;
      pro = u3nc(u3nq(u3nc(u3qc_bex(64), u3_nul), blq, kin, u3k(tal)), u3k(dat));
    } break;
  }
  u3z(met); u3z(dat); u3z(sap); u3z(tal); u3z(ray);
  return pro;
}

/* _scalar(): the first element of a ray's data as a scalar atom.
*/
static u3_atom
_scalar(const _kind* kin_u, c3_w cls_w)
{
  u3_atom dat = _data(kin_u, cls_w, 1);
  u3_atom pro = u3qc_end(kin_u->blq_y, 1, dat);
  u3z(dat);
  return pro;
}

/* _sample(): a sample for [arm_u]; *saf_o: vere's C body is safe on it
** (well formed), *pun_o: the shim must punt.
*/
static u3_noun
_sample(const _arm* arm_u, const _kind* kin_u, c3_w cls_w, c3_o* saf_o, c3_o* pun_o)
{
  u3_noun sam;

  *saf_o = ( _C_BAD == cls_w ) ? c3n : c3y;
  *pun_o = c3n;

  switch ( arm_u->sam_y ) {
    default:
    case _S_TWO: {
      u3_noun a, b;
      if ( _H_MMUL == arm_u->sha_y ) {
        c3_w m_w, k_w, p_w;
        if ( _C_BIG == cls_w ) {
          m_w = 16 + _below(17); k_w = 16 + _below(17); p_w = 16 + _below(17);
        } else {
          m_w = 1 + _below(6); k_w = 1 + _below(6); p_w = 1 + _below(6);
        }
        a = _ray(kin_u, cls_w, u3nt(m_w, k_w, u3_nul));
        b = _ray(kin_u, cls_w, u3nt(( _C_BAD == cls_w && _below(2) ) ? k_w + 1 : k_w,
                                     p_w, u3_nul));
      }
      else {
        u3_noun sap = _shape(arm_u, cls_w);
        a = _ray(kin_u, cls_w, u3k(sap));
        if ( _C_BAD == cls_w && _below(3) == 0 ) {
          //  another shape
          u3z(sap);
          sap = u3nc(2 + _below(30), u3_nul);
        }
        b = _ray(kin_u, cls_w, sap);
      }
      if ( _C_BAD == cls_w ) {
        if ( _below(2) ) a = _malform(a, pun_o);
        else             b = _malform(b, pun_o);
      }
      sam = u3nc(a, b);
    } break;

    case _S_SCAL: {
      u3_noun a = _ray(kin_u, cls_w, _shape(arm_u, cls_w));
      u3_atom n = _scalar(kin_u, cls_w);
      if ( _C_BAD == cls_w ) {
        if ( _below(2) ) {
          a = _malform(a, pun_o);
        }
        else {
          //  a scalar wider than the element
          u3z(n);
          n = u3qc_bex((1U << kin_u->blq_y) + _below(8));
        }
      }
      sam = u3nc(a, n);
    } break;

    case _S_ONE: {
      u3_noun a = _ray(kin_u, cls_w, _shape(arm_u, cls_w));
      if ( _C_BAD == cls_w ) {
        if ( _H_SQUARE == arm_u->sha_y && _below(3) == 0 ) {
          u3z(a);
          a = _ray(kin_u, _C_RAND, u3nt(2 + _below(3), 5 + _below(3), u3_nul));
        }
        else {
          a = _malform(a, pun_o);
        }
      }
      sam = a;
    } break;

    case _S_SPAN: {
      u3_noun met = _meta(kin_u, u3nc(1, u3_nul));
      u3_atom a, b, n;
      if ( _t_i754 == kin_u->kin_m && _C_BAD != cls_w ) {
        c3_y    blq_y = kin_u->blq_y;
        int64_t lo    = (int64_t)_below(41) - 20;
        if ( _H_LIN == arm_u->sha_y ) {
          int64_t hi = (int64_t)_below(41) - 20;
          {
            _u128 va = _fp_int(blq_y, lo, _below(3));
            _u128 vb = _fp_int(blq_y, hi, _below(3));
            a = u3i_chubs(2, (c3_d[2]){ (c3_d)va, (c3_d)(va >> 64) });
            b = u3i_chubs(2, (c3_d[2]){ (c3_d)vb, (c3_d)(vb >> 64) });
          }
          n = 1 + _below(( _C_BIG == cls_w ) ? 2000 : 24);
        }
        else {
          //  a < b, d > 0, at most ~64 elements
          c3_w  cnt_w = 1 + _below(( _C_BIG == cls_w ) ? 1000 : 40);
          c3_w  dj_w  = _below(3);
          int64_t dk = 1 + _below(4);
          _u128 va = _fp_int(blq_y, lo, 0);
          _u128 vb = _fp_int(blq_y, lo + (int64_t)((cnt_w * dk) >> dj_w) + 1, 0);
          _u128 vd = _fp_int(blq_y, dk, dj_w);
          a = u3i_chubs(2, (c3_d[2]){ (c3_d)va, (c3_d)(va >> 64) });
          b = u3i_chubs(2, (c3_d[2]){ (c3_d)vb, (c3_d)(vb >> 64) });
          n = u3i_chubs(2, (c3_d[2]){ (c3_d)vd, (c3_d)(vd >> 64) });
        }
      }
      else if ( _C_BAD == cls_w ) {
        //  edge operands: urnum only
        a = _scalar(kin_u, _C_EDGE);
        b = _scalar(kin_u, _C_EDGE);
        n = ( _H_LIN == arm_u->sha_y ) ? _below(3) : _scalar(kin_u, _C_EDGE);
      }
      else {
        //  other kinds: vere punts on them, urnum decides
        a = _scalar(kin_u, cls_w);
        b = _scalar(kin_u, cls_w);
        n = ( _H_LIN == arm_u->sha_y ) ? 1 + _below(24) : _scalar(kin_u, cls_w);
        *saf_o = c3n;
      }
      sam = u3nt(met, u3nc(a, b), n);
    } break;
  }
  return sam;
}

/* calling a body under u3m_soft
*/
enum { _O_OK = 0, _O_PUNT = 1, _O_EXIT = 2, _O_FAIL = 3, _O_OTHER = 4 };

static u3_noun (*_cur_f)(u3_noun);

static u3_noun
_soft_fun(u3_noun cor)
{
  u3_weak pro = _cur_f(cor);
  return ( u3_none == pro ) ? u3nc(1, u3_nul) : u3nc(0, pro);
}

/* _call(): run [fun_f] on [cor] (retained); *pro gets the product on _O_OK.
*/
static c3_y
_call(u3_noun (*fun_f)(u3_noun), u3_noun cor, u3_noun* pro, c3_m* mot_m)
{
  u3_noun gon;
  c3_y    out_y;

  _cur_f = fun_f;
  gon    = u3m_soft(0, _soft_fun, u3k(cor));
  *pro   = u3_nul;
  *mot_m = 0;

  if ( 0 == u3h(gon) ) {
    u3_noun res = u3t(gon);
    if ( 0 == u3h(res) ) {
      *pro  = u3k(u3t(res));
      out_y = _O_OK;
    }
    else {
      out_y = _O_PUNT;
    }
  }
  else {
    *mot_m = u3h(gon);
    out_y  = ( c3__exit == *mot_m ) ? _O_EXIT
           : ( c3__fail == *mot_m ) ? _O_FAIL
           : _O_OTHER;
  }
  u3z(gon);
  return out_y;
}

/* _data_nan_eq(): two data atoms of %i754 elements of bloq [blq] that are
** equal but for elements NaN in both, urnum's ([ur]) being the canonical
** quiet NaN (positive, payload 0: 0x7e00, 0x7fc0.0000, ...) that the
** Hoon's SoftFloat-backed arithmetic gives, vere's ([ve]) another NaN (a
** sign or a payload: vere's gemm-based mmul, bodies that pass an input NaN
** through).
*/
static c3_o
_data_nan_eq(c3_w blq, u3_atom ur, u3_atom ve)
{
  c3_w n_w, i_w, w_w;

  if ( blq < 4 || blq > 7 || c3n == u3ud(ur) || c3n == u3ud(ve) ) {
    return c3n;
  }
  w_w = 1U << blq;
  n_w = u3r_met(blq, ur);
  if ( n_w != u3r_met(blq, ve) ) {
    return c3n;
  }
  for ( i_w = 0; i_w < n_w; i_w++ ) {
    c3_y  a_y[16] = {0}, b_y[16] = {0};
    _u128 a = 0, b = 0;
    _u128 inf = ((((_u128)1) << _exp_y[blq]) - 1) << _man_y[blq];
    _u128 man = (((_u128)1) << _man_y[blq]) - 1;
    _u128 qui = ((_u128)1) << (_man_y[blq] - 1);
    c3_w  j_w;

    u3r_bytes(i_w * (w_w >> 3), w_w >> 3, a_y, ur);
    u3r_bytes(i_w * (w_w >> 3), w_w >> 3, b_y, ve);
    for ( j_w = 0; j_w < 16; j_w++ ) {
      a |= (_u128)a_y[j_w] << (8 * j_w);
      b |= (_u128)b_y[j_w] << (8 * j_w);
    }
    if ( a == b ) continue;
    if ( i_w + 1 == n_w ) return c3n;                            //  the pin
    if ( a != (inf | qui) ) return c3n;                          //  urnum: canonical
    if ( ((b & inf) != inf) || (0 == (b & man)) ) return c3n;    //  vere: a NaN
  }
  return c3y;
}

/* _ray_bloq(): a ray result's %i754 bloq, or 0.
*/
static c3_w
_ray_bloq(u3_noun ray)
{
  u3_noun blq, kin;
  if (  (c3n == u3du(ray)) || (c3n == u3du(u3h(ray)))
     || (c3n == u3r_mean(u3h(ray), 6, &blq, 14, &kin, 0))
     || (_t_i754 != kin) || (c3n == u3a_is_cat(blq)) )
  {
    return 0;
  }
  return blq;
}

/*  Classes of a difference: each a rule on the two outcomes (and, for
**  sub-rays, urnum on the swapped sample). Differences no rule explains are
**  DIFF, printed and written with --dump-diffs.
*/
enum {
  _K_NAN = 0,     //  data equal but for NaN encoding, metas equal
  _K_META,        //  metas differ (vere's shape), data equal up to NaN encoding
  _K_SWAP,        //  sub-rays: vere gives urnum's b-a
  _K_REV,         //  ravel: vere's list is urnum's reversed
  _K_CORE,        //  transpose, diag: vere bails %exit (its +check reads the core)
  _K_CMP,         //  gth gte lth lte: differing elements all have a NaN operand
  _K_ABS,         //  abs: differing elements all are zeros or NaNs in the input
  _K_DIVQ,        //  div-rays: vere gives urnum's b/a
  _K_TRSQ,        //  trace: vere gives the sum of the diagonal's squares
  _K_ORD,         //  min max argmin argmax: the input holds a NaN
  _K_ARGR,        //  argmin argmax: vere counts the index from the end
  _K_ARGX,        //  argmin argmax at rank >= 3: urnum (the Hoon) crashes, vere answers
  _K_MODX,        //  mod-rays mod-scal: urnum (the Hoon) crashes, vere answers
  _K_DIVS,        //  div-scal: vere gives a * (1/n)
  _K_DOTR,        //  dot: vere sums the products in the reverse order
  _K_MODZ,        //  mod-rays mod-scal: vere gives urnum's result in mode %z
  _K_MODV,        //  mod-rays mod-scal: vere's a - b*trunc(q), modelled exactly
  _K_ZERO,        //  min max argmin argmax linspace: only the sign of a zero differs
  _K_RANGE,       //  range: same first element, vere's count or later values differ
  _K_N
};
static const c3_c* _k_name[_K_N] = {
  "J14 NaN encoding (urnum canonical, vere signed or with payload)",
  "J13 vere's result meta differs, data equal up to NaN encoding",
  "J1 sub-rays: vere computes b-a",
  "J21 ravel: vere's list reversed",
  "J6 transpose/diag: vere bails %exit (its _check reads the core, not the ray)",
  "J7 gth/gte/lth/lte: vere answers true where an operand is NaN",
  "J12 abs: vere differs on input zeros (-0 kept by the Hoon) and NaNs, and at @rq clears bit 63 too",
  "J20 div-rays: vere computes b/a",
  "J5 trace: vere sums the squares of the diagonal (in some rounding mode, either order)",
  "J3/J4 min/max/argmin/argmax: the input holds a NaN (vere orders NaN unlike the Hoon)",
  "J2 argmin/argmax: vere counts the index from the last element",
  "H5 argmin/argmax at rank >= 3: the Hoon crashes (urnum %exit), vere answers",
  "J9 mod-rays/mod-scal: the Hoon crashes (urnum %exit, +mod's need of +toi), vere answers",
  "J8 div-scal: vere multiplies by the reciprocal, a * (1/n)",
  "J10 dot: vere sums the products in the reverse order",
  "J9 mod-rays/mod-scal: vere truncates the quotient (urnum's result in mode %z), or saturates (|a/b| >= 2^63), or differs on zero/non-finite operands, or (bloq 5, 6) matches a host-IEEE model of a - b*trunc(a/b) in the mode or fmod; at @rq vere gives the dividend",
  "J9 mod-rays/mod-scal: every differing element is vere's a - b*t, t = the quotient (a/b, or for mod-scal a*(1/n)) in the mode truncated through SoftFloat's 8086 i64 (NaN, inf, |q| >= 2^63 give -2^63), each step in the mode (exact model on urnum's ops)",
  "J4 min/max/argmin/argmax/linspace: a +0/-0 tie or result (the Hoon's comparisons hold +0 = -0; its %d arithmetic gives -0)",
  "J11 range: the same first element, vere's count or later values from a + i*d (heuristic rule)",
};

/* _elem_at(): element i of a data atom of bloq blq (<= 7).
*/
static _u128
_elem_at(c3_w blq, u3_atom dat, c3_w i_w)
{
  c3_y  buf_y[16] = {0};
  _u128 v = 0;
  c3_w  j_w, w_w = (1U << blq) >> 3;

  u3r_bytes(i_w * w_w, w_w, buf_y, dat);
  for ( j_w = 0; j_w < 16; j_w++ ) v |= (_u128)buf_y[j_w] << (8 * j_w);
  return v;
}

static c3_o
_is_nan(c3_w blq, _u128 v)
{
  _u128 inf = ((((_u128)1) << _exp_y[blq]) - 1) << _man_y[blq];
  _u128 man = (((_u128)1) << _man_y[blq]) - 1;
  return __((inf == (v & inf)) && (0 != (v & man)));
}

static c3_o
_is_zero(c3_w blq, _u128 v)
{
  _u128 sig = ((_u128)1) << ((1U << blq) - 1);
  return __(0 == (v & ~sig));
}

/* _any_nan(): whether a ray's data holds a NaN element.
*/
static c3_o
_any_nan(u3_noun ray)
{
  c3_w blq = _ray_bloq(ray), n_w, i_w;
  if ( !blq || c3n == u3ud(u3t(ray)) ) return c3n;
  n_w = u3r_met(blq, u3t(ray));
  for ( i_w = 0; i_w + 1 < n_w; i_w++ ) {
    if ( c3y == _is_nan(blq, _elem_at(blq, u3t(ray), i_w)) ) return c3y;
  }
  return c3n;
}

/* _call_ur(): urnum's body of [fun_f] on sample [sam] (consumed) in rnd.
*/
static u3_weak
_call_ur(u3_noun (*fun_f)(u3_noun), u3_noun sam, u3_noun rnd)
{
  u3_noun cor = _core(sam, rnd), pro;
  c3_m    mot_m;
  c3_y    out_y = _call(fun_f, cor, &pro, &mot_m);
  u3z(cor);
  if ( _O_OK != out_y ) {
    u3z(pro);
    return u3_none;
  }
  return pro;
}

/* _rev_ray(): a vector ray with its elements in the reverse order.
*/
static u3_noun
_rev_ray(c3_w blq, u3_noun ray)
{
  c3_w    n_w = u3r_met(blq, u3t(ray)) - 1, i_w, j_w, w_w = (1U << blq) >> 3;
  c3_y*   buf_y = c3_calloc((size_t)n_w * w_w + 1);
  u3_noun pro;
  for ( i_w = 0; i_w < n_w; i_w++ ) {
    _u128 v = _elem_at(blq, u3t(ray), n_w - 1 - i_w);
    for ( j_w = 0; j_w < w_w; j_w++ ) buf_y[i_w * w_w + j_w] = (c3_y)(v >> (8 * j_w));
  }
  buf_y[(size_t)n_w * w_w] = 1;
  pro = u3nc(u3k(u3h(ray)), u3i_bytes(n_w * w_w + 1, buf_y));
  c3_free(buf_y);
  return pro;
}

/* _same_ray(): [a] equals [b], or up to NaN encoding.
*/
static c3_o
_same_ray(u3_weak a, u3_noun b)
{
  c3_w blq;
  if ( u3_none == a ) return c3n;
  if ( c3y == u3r_sing(a, b) ) return c3y;
  blq = _ray_bloq(a);
  return __( blq && c3y == u3r_sing(u3h(a), u3h(b))
           && c3y == _data_nan_eq(blq, u3t(a), u3t(b)) );
}

/* _zero_only(): two %i754 ray results (metas may differ) whose data differ
** only in the sign of zero elements.
*/
static c3_o
_zero_only(u3_noun ur, u3_noun ve)
{
  c3_w  blq = _ray_bloq(ur), n_w, i_w;
  _u128 sig;
  if (  !blq || blq != _ray_bloq(ve)
     || c3n == u3ud(u3t(ur)) || c3n == u3ud(u3t(ve)) )
  {
    return c3n;
  }
  n_w = u3r_met(blq, u3t(ur));
  if ( n_w != u3r_met(blq, u3t(ve)) ) return c3n;
  sig = ((_u128)1) << ((1U << blq) - 1);
  for ( i_w = 0; i_w + 1 < n_w; i_w++ ) {
    _u128 a = _elem_at(blq, u3t(ur), i_w), b = _elem_at(blq, u3t(ve), i_w);
    if ( a != b && !((a ^ b) == sig && c3y == _is_zero(blq, a)) ) return c3n;
  }
  return c3y;
}

/* _both_zeros(): whether a ray's data holds both +0 and -0.
*/
static c3_o
_both_zeros(u3_noun ray)
{
  c3_w  blq = _ray_bloq(ray), n_w, i_w;
  c3_o  pos_o = c3n, neg_o = c3n;
  if ( !blq || c3n == u3ud(u3t(ray)) ) return c3n;
  n_w = u3r_met(blq, u3t(ray));
  for ( i_w = 0; i_w + 1 < n_w; i_w++ ) {
    _u128 v = _elem_at(blq, u3t(ray), i_w);
    if ( 0 == v ) pos_o = c3y;
    else if ( c3y == _is_zero(blq, v) ) neg_o = c3y;
  }
  return c3a(pos_o, neg_o);
}

/* _mod_model(): vere's mod modelled on the host's IEEE arithmetic (bloq 5
** and 6 only): the quotient a/b rounded in the door's mode and truncated,
** then a - b*q with each step rounded in the mode; or C's exact fmod. c3y if
** either gives [v].
*/
static c3_o
_mod_model(c3_w blq, c3_y rnd_y, _u128 a, _u128 b, _u128 v)
{
  int mod_i = ( 'u' == rnd_y ) ? FE_UPWARD : ( 'd' == rnd_y ) ? FE_DOWNWARD
            : ( 'z' == rnd_y ) ? FE_TOWARDZERO : FE_TONEAREST;
  int old_i = fegetround();
  c3_o hit_o = c3n;

  fesetround(mod_i);
  if ( 5 == blq ) {
    c3_w  aw = (c3_w)a, bw = (c3_w)b, rw, fw;
    float af, bf, q, r, f;
    memcpy(&af, &aw, 4); memcpy(&bf, &bw, 4);
    q = af / bf;
    q = truncf(q);
    r = af - bf * q;
    f = fmodf(af, bf);
    memcpy(&rw, &r, 4); memcpy(&fw, &f, 4);
    hit_o = __( (c3_w)v == rw || (c3_w)v == fw );
  }
  else if ( 6 == blq ) {
    c3_d   ad = (c3_d)a, bd = (c3_d)b, rd, fd;
    double af, bf, q, r, f;
    memcpy(&af, &ad, 8); memcpy(&bf, &bd, 8);
    q = af / bf;
    q = trunc(q);
    r = af - bf * q;
    f = fmod(af, bf);
    memcpy(&rd, &r, 8); memcpy(&fd, &f, 8);
    hit_o = __( (c3_d)v == rd || (c3_d)v == fd );
  }
  fesetround(old_i);
  return hit_o;
}

/* _ur_op1(): urnum's %i754 -rays arm [fun_f] on the one-element rays [x]
** and [y] (meta [met] with its shape made ~[1]) in mode [rnd]: c3y and the
** element in [out], or c3n if urnum gives no one-element ray.
*/
static c3_o
_ur_op1(u3_noun (*fun_f)(u3_noun), u3_noun met, c3_w blq, _u128 x, _u128 y,
        u3_noun rnd, _u128* out)
{
  u3_noun ray[2];
  _u128   v[2] = { x, y };
  c3_w    k_w, j_w, w_w = (1U << blq) >> 3;
  u3_weak pro;
  c3_o    ok_o = c3n;

  for ( k_w = 0; k_w < 2; k_w++ ) {
    c3_y dat_y[17] = {0};
    for ( j_w = 0; j_w < w_w; j_w++ ) dat_y[j_w] = (c3_y)(v[k_w] >> (8 * j_w));
    dat_y[w_w] = 1;
    ray[k_w] = u3nc(u3nc(u3nc(1, u3_nul), u3k(u3t(met))), u3i_bytes(w_w + 1, dat_y));
  }
  pro = _call_ur(fun_f, u3nc(ray[0], ray[1]), u3k(rnd));
  if ( u3_none != pro ) {
    if ( c3y == u3du(pro) && c3y == u3ud(u3t(pro)) && 2 == u3r_met(blq, u3t(pro)) ) {
      *out = _elem_at(blq, u3t(pro), 0);
      ok_o = c3y;
    }
    u3z(pro);
  }
  return ok_o;
}

/* _mod_trunc(): the float [q] of bloq [blq] through vere's integer step,
** f*_to_i64(q, softfloat_round_minMag, false) then i64_to_f* in the door
** mode [rnd_y]. vere builds SoftFloat with the 8086-SSE specialization
** on x86_64 (ext/softfloat/build.zig), whose i64 results for NaN, +-inf
** and |q| >= 2^63 are all INT64_MIN (ARM-VFPv2 on aarch64: see below); -2^63 is exact at bloq 5..7 and overflows
** @rh (to -inf in %n %a %d, to -max in %z %u). Any other truncated q is
** exact in the format; a zero gives +0.
*/
static _u128
_mod_trunc(c3_w blq, c3_y rnd_y, _u128 q)
{
  c3_w     m_w = _man_y[blq], w_w = 1U << blq;
  _u128    emk = (((_u128)1) << _exp_y[blq]) - 1;
  c3_ds    bia = ((c3_ds)1 << (_exp_y[blq] - 1)) - 1;
  c3_ds    e = (c3_ds)((q >> m_w) & emk), x = e - bia;
  c3_o     neg_o = __(1 == (c3_w)(q >> (w_w - 1)));
  _u128    sig = (q & ((((_u128)1) << m_w) - 1)) | (((_u128)1) << m_w);
  uint64_t mag_d;

  if ( (c3_ds)emk == e || x >= 63 ) {
#if defined(__aarch64__)
    //  vere's aarch64 build takes SoftFloat's ARM-VFPv2 specialization: NaN gives 0,
    //  a positive overflow INT64_MAX (2^63 - 1, rounded into the format in the mode),
    //  a negative one INT64_MIN (as below).
    if ( (c3_ds)emk == e && 0 != (q & ((((_u128)1) << m_w) - 1)) ) return 0;
    if ( c3n == neg_o ) {
      c3_o dow_o = __('z' == rnd_y || 'd' == rnd_y);
      if ( 7 == blq ) return _fp_int(7, INT64_MAX, 0);
      if ( 4 == blq ) return ( c3y == dow_o ) ? _fp_make(4, c3n, emk - 1, (((_u128)1) << m_w) - 1)
                                              : _fp_make(4, c3n, emk, 0);
      return ( c3y == dow_o ) ? _fp_make((c3_y)blq, c3n, (_u128)(bia + 62), (((_u128)1) << m_w) - 1)
                              : _fp_make((c3_y)blq, c3n, (_u128)(bia + 63), 0);
    }
#endif
    if ( 4 != blq ) return _fp_make((c3_y)blq, c3y, (_u128)(bia + 63), 0);
    return ( 'z' == rnd_y || 'u' == rnd_y )
           ? _fp_make(4, c3y, emk - 1, (((_u128)1) << m_w) - 1)
           : _fp_make(4, c3y, emk, 0);
  }
  if ( x < 0 ) return 0;
  mag_d = (uint64_t)( ( x >= (c3_ds)m_w ) ? (sig << (x - (c3_ds)m_w))
                                          : (sig >> ((c3_ds)m_w - x)) );
  return _fp_int((c3_y)blq, ( c3y == neg_o ) ? -(int64_t)mag_d : (int64_t)mag_d, 0);
}

/* _mod_vere(): vere's u3qi_la_mod_i754 / u3qi_la_mods_i754 (lagoon.c @
** 859fd5c6) on one element, on urnum's SoftFloat-exact %i754 ops: the
** quotient q = a/b (mod-rays) or a*(1/n) (mod-scal, [scl_o]), rounded in the
** door mode [rnd]; t = _mod_trunc(q); a - b*t, each step in the mode. c3y if
** that is [v], or both are NaN (J14). Not for @rq mod-scal, whose 1.0
** constant is vere's own.
*/
static c3_o
_mod_vere(c3_o scl_o, u3_noun met, c3_w blq, u3_noun rnd, _u128 a, _u128 b, _u128 v)
{
  _u128 q, t, m, r;

  if ( c3y == scl_o ) {
    _u128 rec;
    if (  7 == blq
       || c3n == _ur_op1(u3wi_ur_la_div, met, blq, _fp_int((c3_y)blq, 1, 0), b, rnd, &rec)
       || c3n == _ur_op1(u3wi_ur_la_mul, met, blq, rec, a, rnd, &q) )
    {
      return c3n;
    }
  }
  else if ( c3n == _ur_op1(u3wi_ur_la_div, met, blq, a, b, rnd, &q) ) {
    return c3n;
  }
  t = _mod_trunc(blq, (c3_y)rnd, q);
  if (  c3n == _ur_op1(u3wi_ur_la_mul, met, blq, b, t, rnd, &m)
     || c3n == _ur_op1(u3wi_ur_la_sub, met, blq, a, m, rnd, &r) )
  {
    return c3n;
  }
  return __( r == v || (c3y == _is_nan(blq, r) && c3y == _is_nan(blq, v)) );
}

static c3_w
_classify(const _arm* arm_u, u3_noun cor, c3_y uro_y, u3_noun urp, c3_y veo_y, u3_noun vep)
{
  if ( _O_OK == uro_y && _O_EXIT == veo_y
     && (arm_u->ur_f == u3wi_ur_la_transpose || arm_u->ur_f == u3wi_ur_la_diag) )
  {
    return _K_CORE;
  }
  if ( _O_EXIT == uro_y && _O_OK == veo_y
     && (arm_u->ur_f == u3wi_ur_la_mod || arm_u->ur_f == u3wi_ur_la_mods) )
  {
    return _K_MODX;
  }
  if ( _O_EXIT == uro_y && _O_OK == veo_y
     && (arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
     && c3y == u3du(u3h(u3t(cor))) && c3y == u3du(u3h(u3h(u3t(cor))))
     && u3qb_lent(u3h(u3h(u3h(u3t(cor))))) >= 3 )
  {
    return _K_ARGX;
  }
  if (  (_O_OK == uro_y || _O_EXIT == uro_y) && (_O_OK == veo_y || _O_EXIT == veo_y)
     && (arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
     && c3y == _any_nan(u3h(u3t(cor))) )
  {
    return _K_ORD;
  }
  if ( _O_OK != uro_y || _O_OK != veo_y ) {
    return _K_N;
  }
  {
    c3_w blq = _ray_bloq(urp);
    if ( blq && blq == _ray_bloq(vep)
       && ( c3y == u3r_sing(u3t(urp), u3t(vep))
          || c3y == _data_nan_eq(blq, u3t(urp), u3t(vep)) ) )
    {
      return ( c3y == u3r_sing(u3h(urp), u3h(vep)) ) ? _K_NAN : _K_META;
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_sub ) {
    u3_noun sam = u3h(u3t(cor));
    u3_noun swp = _core(u3nc(u3k(u3t(sam)), u3k(u3h(sam))), u3k(u3h(u3t(u3t(u3t(cor))))));
    u3_noun pro;
    c3_m    mot_m;
    c3_y    out_y = _call(arm_u->ur_f, swp, &pro, &mot_m);
    c3_w    cls_w = _K_N;
    if ( _O_OK == out_y ) {
      c3_w blq = _ray_bloq(pro);
      if ( c3y == u3r_sing(pro, vep)
         || (blq && c3y == u3r_sing(u3h(pro), u3h(vep))
             && c3y == _data_nan_eq(blq, u3t(pro), u3t(vep))) )
      {
        cls_w = _K_SWAP;
      }
    }
    u3z(pro);
    u3z(swp);
    return cls_w;
  }
  {
    u3_noun sam = u3h(u3t(cor));
    u3_noun rnd = u3h(u3t(u3t(u3t(cor))));
    c3_w    blq = _ray_bloq(urp);

    //  comparisons: every differing element has a NaN operand
    //
    if (  (arm_u->ur_f == u3wi_ur_la_gth || arm_u->ur_f == u3wi_ur_la_gte
          || arm_u->ur_f == u3wi_ur_la_lth || arm_u->ur_f == u3wi_ur_la_lte)
       && blq && c3y == u3r_sing(u3h(urp), u3h(vep)) )
    {
      c3_w n_w = u3r_met(blq, u3t(urp)), i_w;
      c3_o nan_o = c3y;
      for ( i_w = 0; i_w + 1 < n_w && c3y == nan_o; i_w++ ) {
        if ( _elem_at(blq, u3t(urp), i_w) != _elem_at(blq, u3t(vep), i_w) ) {
          nan_o = c3o(_is_nan(blq, _elem_at(blq, u3t(u3h(sam)), i_w)),
                      _is_nan(blq, _elem_at(blq, u3t(u3t(sam)), i_w)));
        }
      }
      if ( c3y == nan_o && n_w == u3r_met(blq, u3t(vep)) ) return _K_CMP;
    }

    //  abs: differing elements are zeros or NaNs of the input
    //
    if ( arm_u->ur_f == u3wi_ur_la_abs && blq && c3y == u3r_sing(u3h(urp), u3h(vep)) ) {
      c3_w n_w = u3r_met(blq, u3t(urp)), i_w;
      c3_o zer_o = c3y;
      for ( i_w = 0; i_w + 1 < n_w && c3y == zer_o; i_w++ ) {
        if ( _elem_at(blq, u3t(urp), i_w) != _elem_at(blq, u3t(vep), i_w) ) {
          _u128 x = _elem_at(blq, u3t(sam), i_w);
          _u128 d = _elem_at(blq, u3t(urp), i_w) ^ _elem_at(blq, u3t(vep), i_w);
          zer_o = c3o(c3o(_is_zero(blq, x), _is_nan(blq, x)),
                      __(7 == blq && d == (((_u128)1) << 63)
                         && 0 == (_elem_at(blq, u3t(vep), i_w) & d)));
        }
      }
      if ( c3y == zer_o && n_w == u3r_met(blq, u3t(vep)) ) return _K_ABS;
    }

    //  div-rays: urnum's b/a
    //
    if ( arm_u->ur_f == u3wi_ur_la_div ) {
      u3_weak swp = _call_ur(arm_u->ur_f, u3nc(u3k(u3t(sam)), u3k(u3h(sam))), u3k(rnd));
      c3_o    swp_o = _same_ray(swp, vep);
      if ( u3_none != swp ) u3z(swp);
      if ( c3y == swp_o ) return _K_DIVQ;
    }

    //  trace: urnum's dot of the diagonal with itself
    //
    if ( arm_u->ur_f == u3wi_ur_la_trace ) {
      u3_weak dia = _call_ur(u3wi_ur_la_diag, u3k(sam), u3k(rnd));
      if ( u3_none != dia ) {
        //  the diagonal [n 1] as a vector [n]
        u3_noun met = u3h(dia);
        u3_noun vec = u3nc(u3nq(u3nc(u3k(u3h(u3h(met))), u3_nul), u3k(u3h(u3t(met))),
                                u3k(u3h(u3t(u3t(met)))), u3k(u3t(u3t(u3t(met))))),
                           u3k(u3t(dia)));
        static const c3_y mod_y[4] = { 'n', 'u', 'd', 'z' };
        c3_o    sq_o = c3n;
        c3_w    m_w;
        c3_w    vb_w = _ray_bloq(vec);
        u3_noun cev = ( vb_w ) ? _rev_ray(vb_w, vec) : u3k(vec);
        for ( m_w = 0; m_w < 8 && c3n == sq_o; m_w++ ) {
          u3_noun src = ( m_w < 4 ) ? vec : cev;
          u3_weak sq = _call_ur(u3wi_ur_la_dot, u3nc(u3k(src), u3k(src)), mod_y[m_w & 3]);
          if ( u3_none != sq && c3y == u3du(sq) && c3y == u3du(vep) ) {
            c3_w bq = _ray_bloq(sq);
            sq_o = __( c3y == u3r_sing(u3t(sq), u3t(vep))
                     || (bq && c3y == _data_nan_eq(bq, u3t(sq), u3t(vep))) );
          }
          if ( u3_none != sq ) u3z(sq);
        }
        u3z(cev);
        u3z(vec);
        u3z(dia);
        if ( c3y == sq_o ) return _K_TRSQ;
      }
    }

    //  orderings with a NaN in the input
    //
    if (  (arm_u->ur_f == u3wi_ur_la_min || arm_u->ur_f == u3wi_ur_la_max
          || arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
       && c3y == _any_nan(sam) )
    {
      return _K_ORD;
    }
  }
  if (  (arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
     && c3y == u3ud(urp) && c3y == u3ud(vep) )
  {
    u3_noun sam = u3h(u3t(cor));
    c3_w    blq = _ray_bloq(sam);
    if ( blq ) {
      c3_w n_w = u3r_met(blq, u3t(sam));
      if ( n_w >= 1 && urp < n_w && vep == (n_w - 2 - urp) ) return _K_ARGR;
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_divs ) {
    u3_noun sam = u3h(u3t(cor));
    u3_noun rnd = u3h(u3t(u3t(u3t(cor))));
    u3_noun met = u3h(u3h(sam));
    c3_w    blq = _ray_bloq(u3h(sam));
    if ( blq ) {
      //  1/n: urnum's div-scal of a one-element ray of 1.0
      _u128   one = _fp_int(blq, 1, 0);
      c3_y    one_y[17] = {0};
      c3_w    j_w, w_w = (1U << blq) >> 3;
      u3_noun uno;
      u3_weak rec;
      for ( j_w = 0; j_w < w_w; j_w++ ) one_y[j_w] = (c3_y)(one >> (8 * j_w));
      one_y[w_w] = 1;
      uno = u3nc(u3nq(u3nc(1, u3_nul), blq, u3k(u3h(u3t(u3t(met)))), u3_nul),
                 u3i_bytes(w_w + 1, one_y));
      rec = _call_ur(u3wi_ur_la_divs, u3nc(uno, u3k(u3t(sam))), u3k(rnd));
      if ( u3_none != rec ) {
        u3_atom r = u3qc_end(blq, 1, u3t(rec));
        u3_weak mul = _call_ur(u3wi_ur_la_muls, u3nc(u3k(u3h(sam)), r), u3k(rnd));
        c3_o    mul_o = _same_ray(mul, vep);
        if ( u3_none != mul ) u3z(mul);
        u3z(rec);
        if ( c3y == mul_o ) return _K_DIVS;
      }
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_dot ) {
    u3_noun sam = u3h(u3t(cor));
    u3_noun rnd = u3h(u3t(u3t(u3t(cor))));
    c3_w    blq = _ray_bloq(u3h(sam));
    if ( blq && c3y == u3du(vep) ) {
      //  both vectors reversed, element for element
      u3_noun rev[2];
      c3_w    k_w;
      for ( k_w = 0; k_w < 2; k_w++ ) {
        u3_noun ray = ( 0 == k_w ) ? u3h(sam) : u3t(sam);
        c3_w    n_w = u3r_met(blq, u3t(ray)) - 1, i_w, j_w, w_w = (1U << blq) >> 3;
        c3_y*   buf_y = c3_calloc((size_t)n_w * w_w + 1);
        for ( i_w = 0; i_w < n_w; i_w++ ) {
          _u128 v = _elem_at(blq, u3t(ray), n_w - 1 - i_w);
          for ( j_w = 0; j_w < w_w; j_w++ ) buf_y[i_w * w_w + j_w] = (c3_y)(v >> (8 * j_w));
        }
        buf_y[(size_t)n_w * w_w] = 1;
        rev[k_w] = u3nc(u3k(u3h(ray)), u3i_bytes(n_w * w_w + 1, buf_y));
        c3_free(buf_y);
      }
      {
        u3_weak pro = _call_ur(u3wi_ur_la_dot, u3nc(rev[0], rev[1]), u3k(rnd));
        c3_o    dot_o = c3n;
        if ( u3_none != pro && c3y == u3du(pro) ) {
          c3_w bq = _ray_bloq(pro);
          dot_o = __( c3y == u3r_sing(u3t(pro), u3t(vep))
                    || (bq && c3y == _data_nan_eq(bq, u3t(pro), u3t(vep))) );
        }
        if ( u3_none != pro ) u3z(pro);
        if ( c3y == dot_o ) return _K_DOTR;
      }
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_mod || arm_u->ur_f == u3wi_ur_la_mods ) {
    //  element by element, the exact model of vere's arithmetic (_mod_vere)
    u3_noun sam = u3h(u3t(cor));
    u3_noun rnd = u3h(u3t(u3t(u3t(cor))));
    c3_o    scl_o = __(arm_u->ur_f == u3wi_ur_la_mods);
    c3_w    blq = _ray_bloq(urp);
    c3_o    cls_o = c3n;
    if ( blq && blq == _ray_bloq(vep) && c3y == u3r_sing(u3h(urp), u3h(vep))
       && c3y == u3ud(u3t(urp)) && c3y == u3ud(u3t(vep)) && c3y == u3du(u3h(sam)) )
    {
      c3_w n_w = u3r_met(blq, u3t(urp)), i_w;
      cls_o = __(n_w == u3r_met(blq, u3t(vep)));
      for ( i_w = 0; i_w + 1 < n_w && c3y == cls_o; i_w++ ) {
        _u128 u = _elem_at(blq, u3t(urp), i_w), v = _elem_at(blq, u3t(vep), i_w);
        _u128 a = _elem_at(blq, u3t(u3h(sam)), i_w);
        _u128 b = ( c3y == scl_o ) ? _elem_at(blq, u3t(sam), 0)
                                   : _elem_at(blq, u3t(u3t(sam)), i_w);
        if ( u == v ) continue;
        cls_o = _mod_vere(scl_o, u3h(u3h(sam)), blq, rnd, a, b, v);
      }
    }
    if ( c3y == cls_o ) return _K_MODV;
  }
  if ( arm_u->ur_f == u3wi_ur_la_mod || arm_u->ur_f == u3wi_ur_la_mods ) {
    //  element by element: vere's is urnum's in mode %z (a truncated
    //  quotient), or the element is one J9 lists: a zero or non-finite
    //  operand, or a quotient of 2^63 or more (vere's i64 saturates)
    u3_noun sam = u3h(u3t(cor));
    u3_weak zed = _call_ur(arm_u->ur_f, u3k(sam), c3__z);
    c3_w    blq = _ray_bloq(urp);
    c3_o    cls_o = c3n;
    if ( blq && blq == _ray_bloq(vep) && c3y == u3r_sing(u3h(urp), u3h(vep))
       && c3y == u3ud(u3t(urp)) && c3y == u3ud(u3t(vep)) )
    {
      c3_w  n_w = u3r_met(blq, u3t(urp)), i_w;
      c3_w  m_w = _man_y[blq];
      _u128 emk = (((_u128)1) << _exp_y[blq]) - 1;
      cls_o = __(n_w == u3r_met(blq, u3t(vep)));
      for ( i_w = 0; i_w + 1 < n_w && c3y == cls_o; i_w++ ) {
        _u128 u = _elem_at(blq, u3t(urp), i_w), v = _elem_at(blq, u3t(vep), i_w);
        _u128 a, b;
        if ( u == v ) continue;
        a = _elem_at(blq, u3t(u3h(sam)), i_w);
        b = ( arm_u->ur_f == u3wi_ur_la_mod ) ? _elem_at(blq, u3t(u3t(sam)), i_w)
                                               : _elem_at(blq, u3t(sam), 0);
        if ( u3_none != zed && c3y == u3du(zed) && c3y == u3ud(u3t(zed))
           && v == _elem_at(blq, u3t(zed), i_w) )
        {
          continue;
        }
        if ( c3y == _mod_model(blq, (c3_y)u3h(u3t(u3t(u3t(cor)))), a, b, v) ) {
          continue;
        }
        {
          c3_ds ea = (c3_ds)((a >> m_w) & emk), eb = (c3_ds)((b >> m_w) & emk);
          if (  (7 == blq && v == a)
             || c3y == _is_zero(blq, a) || c3y == _is_zero(blq, b)
             || (c3_ds)emk == ea || (c3_ds)emk == eb
             || (ea - eb) >= 63 )
          {
            continue;
          }
        }
        cls_o = c3n;
      }
    }
    if ( u3_none != zed ) u3z(zed);
    if ( c3y == cls_o ) return _K_MODZ;
  }
  if (  (arm_u->ur_f == u3wi_ur_la_min || arm_u->ur_f == u3wi_ur_la_max
        || arm_u->ur_f == u3wi_ur_la_linspace)
     && c3y == _zero_only(urp, vep) )
  {
    return _K_ZERO;
  }
  if (  (arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
     && c3y == _both_zeros(u3h(u3t(cor))) )
  {
    return _K_ZERO;
  }
  if ( arm_u->ur_f == u3wi_ur_la_range ) {
    c3_w blq = _ray_bloq(urp);
    if ( blq && blq == _ray_bloq(vep) && c3y == u3ud(u3t(urp)) && c3y == u3ud(u3t(vep))
       && _elem_at(blq, u3t(urp), 0) == _elem_at(blq, u3t(vep), 0) )
    {
      return _K_RANGE;
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_ravel ) {
    u3_noun rev = u3qb_flop(urp);
    c3_o    rev_o = u3r_sing(rev, vep);
    u3z(rev);
    if ( c3y == rev_o ) return _K_REV;
  }
  return _K_N;
}

/* per-arm counts
*/
typedef struct {
  c3_d cal_d;                 //  calls
  c3_d equ_d;                 //  equal (both ok and sing, or both %exit)
  c3_d bex_d;                 //  of which both %exit
  c3_d kno_d;                 //  classified differences (all classes)
  c3_d kcl_d[_K_N];           //  per class
  c3_d dif_d;                 //  unexplained difference
  c3_d urp_d;                 //  urnum punted, vere answered
  c3_d vep_d;                 //  vere punted, urnum answered
  c3_d bop_d;                 //  both punted
  c3_d onl_d[3];              //  urnum only: ok, punt, exit
  c3_d fal_d;                 //  urnum %fail or a must-punt that did not
  c3_d kin_d[_N_KINDS];       //  calls per kind
  c3_d urk_d;                 //  urnum ok (any comparison)
  c3_w lur_w;                 //  urnum's leaked words
  c3_w lve_w;                 //  vere's leaked words
} _count;

static const c3_c* _out_name[] = { "ok", "punt", "exit", "fail", "other" };

/* _sweep_leaked(): mark [roots] and the road's own, sweep; the words
** the sweep reclaimed (leaks).
*/
static c3_w
_sweep_leaked(u3_noun roots)
{
  c3_w idl_w, new_w;

  idl_w = u3a_idle(u3R);
  u3m_grab(roots, u3_none);
  new_w = u3a_idle(u3R);
  return ( new_w > idl_w ) ? (new_w - idl_w) : 0;
}

/* _quiet(): send stderr to /dev/null (c3y) or back (c3n).
*/
static void
_quiet(c3_o on_o)
{
  static int err_i = -1;
  if ( c3y == on_o ) {
    int nul_i = open("/dev/null", O_WRONLY);
    fflush(stderr);
    err_i = dup(2);
    dup2(nul_i, 2);
    close(nul_i);
  }
  else if ( err_i >= 0 ) {
    fflush(stderr);
    dup2(err_i, 2);
    close(err_i);
    err_i = -1;
  }
}

static void
_replay(u3_noun (*fun_f)(u3_noun), u3_noun cors)
{
  for ( ; u3_nul != cors; cors = u3t(cors) ) {
    u3_weak pro = fun_f(u3h(cors));
    if ( u3_none != pro ) u3z(pro);
  }
}

static void
_show(const c3_c* why_c, const _arm* arm_u, const _kind* kin_u, u3_noun cor,
      c3_y uro_y, u3_noun urp, c3_y veo_y, u3_noun vep)
{
  fprintf(stderr, "%s: %s %s rnd=%c: urnum %s, vere %s\r\n", why_c, arm_u->nam_c,
          kin_u->nam_c, (int)(u3h(u3t(u3t(u3t(cor)))) & 0xff),
          _out_name[uro_y], _out_name[veo_y]);
  u3m_p("  sample", u3h(u3t(cor)));
  if ( _O_OK == uro_y ) u3m_p("  urnum", urp);
  if ( _O_OK == veo_y ) u3m_p("  vere", vep);
}

/* --dump-diffs: each unexplained difference as a line
**   D <hint> <rnd> <urnum-outcome> <vere-outcome> <sample> <urnum> <vere>
** the nouns jammed, in hex (0 for an outcome without a product), for an
** oracle (NockVM running the Hoon) to arbitrate.
*/
static FILE* _dump_u;

static void
_hexa(FILE* fil_u, u3_noun non)
{
  u3_atom jam = u3qe_jam(non);
  c3_w    len_w = u3r_met(3, jam), i_w;
  c3_y*   buf_y = c3_calloc(len_w + 1);

  u3r_bytes(0, len_w, buf_y, jam);
  fputs("0x", fil_u);
  if ( 0 == len_w ) fputc('0', fil_u);
  for ( i_w = len_w; i_w > 0; i_w-- ) fprintf(fil_u, "%02x", buf_y[i_w - 1]);
  c3_free(buf_y);
  u3z(jam);
}

/* _put(): a noun as [head tail] of hex atoms (lists stay right-nested).
*/
static void
_put(FILE* fil_u, u3_noun non)
{
  if ( c3y == u3du(non) ) {
    fputc('[', fil_u);
    _put(fil_u, u3h(non));
    fputc(' ', fil_u);
    _put(fil_u, u3t(non));
    fputc(']', fil_u);
  }
  else {
    c3_w  len_w = u3r_met(3, non), i_w;
    c3_y* buf_y = c3_calloc(len_w + 1);
    u3r_bytes(0, len_w, buf_y, non);
    fputs("0x", fil_u);
    if ( 0 == len_w ) fputc('0', fil_u);
    for ( i_w = len_w; i_w > 0; i_w-- ) fprintf(fil_u, "%02x", buf_y[i_w - 1]);
    c3_free(buf_y);
  }
}

static void
_dump(const _arm* arm_u, u3_noun cor, c3_y uro_y, u3_noun urp, c3_y veo_y, u3_noun vep)
{
  if ( !_dump_u ) return;
  fprintf(_dump_u, "D %s %c %s %s ", arm_u->nam_c,
          (int)(u3h(u3t(u3t(u3t(cor)))) & 0xff), _out_name[uro_y], _out_name[veo_y]);
  _hexa(_dump_u, u3h(u3t(cor)));
  fputc(' ', _dump_u);
  _hexa(_dump_u, ( _O_OK == uro_y ) ? urp : 0);
  fputc(' ', _dump_u);
  _hexa(_dump_u, ( _O_OK == veo_y ) ? vep : 0);
  fputc('\n', _dump_u);
}

/* _run_arm(): [cal_d] calls of [arm_u].
*/
static void
_run_arm(const _arm* arm_u, c3_d cal_d, _count* cot_u)
{
  static const c3_y rnd_y[4] = { 'n', 'u', 'd', 'z' };
  u3_noun urc = u3_nul, vec = u3_nul;     //  cores to replay
  c3_d    i_d;
  c3_w    shw_w = 0;

  memset(cot_u, 0, sizeof(*cot_u));

  for ( i_d = 0; i_d < cal_d; i_d++ ) {
    //  kinds: %i754 (compared with vere) 3 calls in 4
    //
    c3_w   kix_w = ( (i_d & 3) != 3 ) ? (c3_w)((i_d >> 2) % _N_I754)
                                      : (c3_w)(_N_I754 + ((i_d >> 2) % (_N_KINDS - _N_I754)));
    const _kind* kin_u = &_kinds[kix_w];
    c3_w   r_w   = _below(100);
    c3_w   cls_w = ( r_w < 70 ) ? _C_RAND : ( r_w < 85 ) ? _C_EDGE
                 : ( r_w < 87 ) ? _C_BIG : _C_BAD;
    u3_noun rnd  = ( 0 == _below(50) ) ? c3__a : rnd_y[(i_d / 7) & 3];
    c3_o   saf_o, pun_o;
    u3_noun sam, cor, urp, vep;
    c3_y   uro_y, veo_y = _O_PUNT;
    c3_m   urm_m, vem_m;

    if ( _C_BAD == cls_w && 0 == _below(12) ) {
      //  a door whose rnd no Hoon door holds
      rnd = ( _below(2) ) ? 0 : u3qc_bex(40);
    }
    sam = _sample(arm_u, kin_u, cls_w, &saf_o, &pun_o);
    if ( c3n == u3a_is_cat(rnd) || 0 == rnd ) {
      pun_o = c3y;
    }
    cor = _core(sam, rnd);

    cot_u->cal_d++;
    cot_u->kin_d[kix_w]++;

    uro_y = _call(arm_u->ur_f, cor, &urp, &urm_m);
    if ( _O_OK == uro_y ) cot_u->urk_d++;
    if ( _O_OK == uro_y || _O_PUNT == uro_y ) {
      urc = u3nc(u3k(cor), urc);
    }

    if ( _O_FAIL == uro_y || _O_OTHER == uro_y
       || (c3y == pun_o && _O_PUNT != uro_y) )
    {
      cot_u->fal_d++;
      if ( shw_w++ < 4 ) _show("FAIL", arm_u, kin_u, cor, uro_y, urp, veo_y, u3_nul);
    }
    else if ( c3n == saf_o ) {
      cot_u->onl_d[( _O_OK == uro_y ) ? 0 : ( _O_PUNT == uro_y ) ? 1 : 2]++;
    }
    else {
      veo_y = _call(arm_u->ve_f, cor, &vep, &vem_m);
      if ( _O_OK == veo_y || _O_PUNT == veo_y ) {
        vec = u3nc(u3k(cor), vec);
      }

      if ( _O_PUNT == uro_y && _O_PUNT == veo_y )      cot_u->bop_d++;
      else if ( _O_PUNT == uro_y )                     cot_u->urp_d++;
      else if ( _O_PUNT == veo_y )                     cot_u->vep_d++;
      else if ( _O_EXIT == uro_y && _O_EXIT == veo_y ) { cot_u->equ_d++; cot_u->bex_d++; }
      else if ( _O_OK == uro_y && _O_OK == veo_y && c3y == u3r_sing(urp, vep) ) {
        cot_u->equ_d++;
      }
      else {
        c3_w cls_w = _classify(arm_u, cor, uro_y, urp, veo_y, vep);
        if ( cls_w < _K_N ) {
          cot_u->kno_d++;
          cot_u->kcl_d[cls_w]++;
        }
        else {
          cot_u->dif_d++;
          if ( shw_w++ < 4 ) _show("DIFF", arm_u, kin_u, cor, uro_y, urp, veo_y, vep);
          _dump(arm_u, cor, uro_y, urp, veo_y, vep);
        }
      }
      u3z(vep);
    }
    u3z(urp);
    u3z(cor);
  }

  //  loom hygiene: replay what did not bail on the home road, then sweep
  //
  {
    u3_noun roots = u3nc(urc, vec);

    _quiet(c3y);
    (void)_sweep_leaked(roots);                 //  a clean start
    _quiet(c3n);

    _replay(arm_u->ur_f, urc);
    cot_u->lur_w = _sweep_leaked(roots);        //  urnum's leaks, printed

    _replay(arm_u->ve_f, vec);
    _quiet(c3y);
    cot_u->lve_w = _sweep_leaked(roots);        //  vere's (quietly)
    _quiet(c3n);

    u3z(roots);
  }
}


/*  golden vectors through the same bodies (`--vectors FILE`, written by
**  jet_vectors.py from urnum's vectors/): urnum's body must give the Hoon's
**  answer; vere's is run too and its disagreements with the Hoon are listed
**  (on crash vectors in a forked child, since vere's C bodies do not check
**  every sample they read).
*/
typedef struct {
  c3_d num_d;                 //  records
  c3_d urp_d, urf_d, urs_d;   //  urnum: pass, FAIL, punt
  c3_d vep_d, vew_d, ves_d;   //  vere: pass, wrong, punt
  c3_d vek_d;                 //  vere: killed by a signal
} _vcount;

static u3_atom
_hex(const c3_c* hex_c)
{
  size_t len_i, i_i, n_i;
  c3_y*  buf_y;
  u3_atom pro;

  if ( 0 == strncmp(hex_c, "0x", 2) ) hex_c += 2;
  len_i = strlen(hex_c);
  n_i   = (len_i + 1) / 2;
  buf_y = c3_calloc(n_i + 1);
  for ( i_i = 0; i_i < len_i; i_i++ ) {
    c3_c c = hex_c[len_i - 1 - i_i];
    c3_y v = ( c >= '0' && c <= '9' ) ? c - '0'
           : ( c >= 'a' && c <= 'f' ) ? c - 'a' + 10
           : ( c >= 'A' && c <= 'F' ) ? c - 'A' + 10 : 0;
    buf_y[i_i / 2] |= v << (4 * (i_i & 1));
  }
  pro = u3i_bytes((c3_w)n_i, buf_y);
  c3_free(buf_y);
  return pro;
}

static c3_c*
_tok(c3_c** sav_c)
{
  c3_c* tok_c = strtok_r(0, " \n", sav_c);
  if ( !tok_c ) {
    fprintf(stderr, "vectors: short record\r\n");
    exit(2);
  }
  return tok_c;
}

static u3_noun
_vmeta(c3_c** sav_c)
{
  c3_w    ran_w = (c3_w)strtoul(_tok(sav_c), 0, 10), i_w;
  c3_d*   dim_d = c3_malloc(sizeof(c3_d) * (ran_w + 1));
  u3_noun sap = u3_nul, blq, kin, tal;

  for ( i_w = 0; i_w < ran_w; i_w++ ) dim_d[i_w] = strtoull(_tok(sav_c), 0, 10);
  while ( ran_w-- ) sap = u3nc(u3i_chub(dim_d[ran_w]), sap);
  c3_free(dim_d);
  blq = (u3_noun)strtoul(_tok(sav_c), 0, 10);
  kin = u3i_string(_tok(sav_c));
  if ( 'P' == _tok(sav_c)[0] ) {
    u3_noun a = u3i_chub(strtoull(_tok(sav_c), 0, 10));
    tal = u3nc(a, u3i_chub(strtoull(_tok(sav_c), 0, 10)));
  }
  else {
    tal = u3_nul;
  }
  return u3nq(sap, blq, kin, tal);
}

static u3_noun
_vnoun_tag(const c3_c* tag_c, c3_c** sav_c)
{
  switch ( tag_c[0] ) {
    case 'R': { u3_noun met = _vmeta(sav_c); return u3nc(met, _hex(_tok(sav_c))); }
    case 'M': return _vmeta(sav_c);
    case 'A': return _hex(_tok(sav_c));
    case 'T': { u3_noun a = _hex(_tok(sav_c)); return u3nc(a, _hex(_tok(sav_c))); }
    case 'L': {
      c3_w    n_w = (c3_w)strtoul(_tok(sav_c), 0, 10), i_w;
      u3_noun* itm = c3_malloc(sizeof(u3_noun) * (n_w + 1));
      u3_noun pro = u3_nul;
      for ( i_w = 0; i_w < n_w; i_w++ ) itm[i_w] = _hex(_tok(sav_c));
      while ( n_w-- ) pro = u3nc(itm[n_w], pro);
      c3_free(itm);
      return pro;
    }
    default:
      fprintf(stderr, "vectors: unknown tag %s\r\n", tag_c);
      exit(2);
  }
}

static u3_noun
_vnoun(c3_c** sav_c)
{
  return _vnoun_tag(_tok(sav_c), sav_c);
}

/* _judge(): 0 pass, 1 wrong, 2 punt.
*/
static c3_y
_judge(c3_y out_y, u3_noun pro, u3_weak exp)
{
  if ( _O_PUNT == out_y ) return 2;
  if ( u3_none == exp ) return ( _O_EXIT == out_y ) ? 0 : 1;
  return ( _O_OK == out_y && c3y == u3r_sing(pro, exp) ) ? 0 : 1;
}

static c3_i
_run_vectors(const c3_c* pat_c)
{
  FILE*   fil_u = fopen(pat_c, "r");
  c3_c*   lin_c = 0;
  size_t  cap_i = 0;
  _vcount cot_u[_N_ARMS], tot_u;
  c3_d    mat_d[3] = { 0, 0, 0 };          //  /lib/math: pass, FAIL, punt
  c3_w    i_w, shw_w = 0;

  if ( !fil_u ) {
    fprintf(stderr, "vectors: cannot open %s\r\n", pat_c);
    return 1;
  }
  memset(cot_u, 0, sizeof(cot_u));
  memset(&tot_u, 0, sizeof(tot_u));

  while ( -1 != getline(&lin_c, &cap_i, fil_u) ) {
    c3_c*   sav_c;
    c3_c*   tag_c = strtok_r(lin_c, " \n", &sav_c);
    c3_c*   vid_c;
    c3_c*   hin_c;
    c3_c    rnd_c;
    c3_w    nar_w, j_w;
    u3_noun arg[8], sam, cor, urp, vep;
    u3_weak exp;
    c3_m    mot_m;
    c3_y    uro_y, veo_y, urj_y, vej_y;
    const _arm* arm_u = 0;

    if ( tag_c && 'Q' == tag_c[0] ) {
      //  /lib/math: urnum's body only (vere 859fd5c6 has none)
      c3_c*   mid_c = _tok(&sav_c);
      c3_c*   dor_c = _tok(&sav_c);
      c3_c*   mrm_c = _tok(&sav_c);
      c3_c    mrn_c = _tok(&sav_c)[0];
      c3_w    mna_w = (c3_w)strtoul(_tok(&sav_c), 0, 10), q_w;
      u3_noun mag[2] = { 0, 0 }, msm, mco, mpr;
      u3_weak mex;
      c3_c*   e_c;
      const _marm* mrm_u = 0;
      c3_m    mmt_m;
      c3_y    mou_y;

      for ( q_w = 0; q_w < _N_MARMS; q_w++ ) {
        if ( 0 == strcmp(dor_c, _marms[q_w].dor_c) && 0 == strcmp(mrm_c, _marms[q_w].arm_c) ) {
          mrm_u = &_marms[q_w];
        }
      }
      if ( !mrm_u || mna_w < 1 || mna_w > 2 ) {
        fprintf(stderr, "vectors: %s: unknown math arm %s:%s\r\n", mid_c, mrm_c, dor_c);
        return 1;
      }
      for ( q_w = 0; q_w < mna_w; q_w++ ) mag[q_w] = _vnoun(&sav_c);
      e_c = strtok_r(0, " \n", &sav_c);
      if ( !e_c ) { fprintf(stderr, "vectors: %s: no expected\r\n", mid_c); return 1; }
      mex = ( 'X' == e_c[0] ) ? u3_none : _vnoun_tag(e_c, &sav_c);
      msm = ( 1 == mna_w ) ? mag[0] : u3nc(mag[0], mag[1]);
      //  [battery [sample [door-battery [[r rtol atol] context]]]]: r at 60
      mco = u3nq(0, msm, 0, u3nc(u3nt((u3_noun)(c3_y)mrn_c, 0, 0), u3_nul));
      mou_y = _call(mrm_u->fun_f, mco, &mpr, &mmt_m);
      switch ( _judge(mou_y, mpr, mex) ) {
        case 0:  mat_d[0]++; break;
        case 2:  mat_d[2]++; break;
        default: {
          mat_d[1]++;
          if ( shw_w++ < 20 ) {
            fprintf(stderr, "vector FAIL %s: urnum %s\r\n", mid_c, _out_name[mou_y]);
            if ( _O_OK == mou_y ) u3m_p("  urnum", mpr);
            if ( u3_none != mex ) u3m_p("  hoon", mex);
          }
        }
      }
      u3z(mpr); u3z(mco);
      if ( u3_none != mex ) u3z(mex);
      continue;
    }
    if ( !tag_c || 'V' != tag_c[0] ) continue;
    vid_c = _tok(&sav_c);
    hin_c = _tok(&sav_c);
    rnd_c = _tok(&sav_c)[0];
    nar_w = (c3_w)strtoul(_tok(&sav_c), 0, 10);
    for ( i_w = 0; i_w < _N_ARMS; i_w++ ) {
      if ( 0 == strcmp(hin_c, _arms[i_w].nam_c) ) arm_u = &_arms[i_w];
    }
    if ( !arm_u || nar_w < 1 || nar_w > 8 ) {
      fprintf(stderr, "vectors: %s: unknown arm %s\r\n", vid_c, hin_c);
      return 1;
    }
    for ( j_w = 0; j_w < nar_w; j_w++ ) arg[j_w] = _vnoun(&sav_c);
    {
      c3_c* e_c = strtok_r(0, " \n", &sav_c);
      if ( !e_c ) { fprintf(stderr, "vectors: %s: no expected\r\n", vid_c); return 1; }
      if ( 'X' == e_c[0] ) {
        exp = u3_none;
      }
      else {
        exp = _vnoun_tag(e_c, &sav_c);
      }
    }
    sam = arg[nar_w - 1];
    for ( j_w = nar_w - 1; j_w > 0; j_w-- ) sam = u3nc(arg[j_w - 1], sam);
    cor = _core(sam, (u3_noun)(c3_y)rnd_c);

    i_w = (c3_w)(arm_u - _arms);
    cot_u[i_w].num_d++;

    uro_y = _call(arm_u->ur_f, cor, &urp, &mot_m);
    urj_y = _judge(uro_y, urp, exp);
    if ( 0 == urj_y )      cot_u[i_w].urp_d++;
    else if ( 2 == urj_y ) cot_u[i_w].urs_d++;
    else {
      cot_u[i_w].urf_d++;
      if ( shw_w++ < 20 ) {
        fprintf(stderr, "vector FAIL %s: urnum %s\r\n", vid_c, _out_name[uro_y]);
        if ( _O_OK == uro_y ) u3m_p("  urnum", urp);
        if ( u3_none != exp ) u3m_p("  hoon", exp);
      }
    }

    //  vere's body: in-process on vectors with a value, in a child on crash
    //  vectors (it may read outside what a malformed sample holds)
    //
    if ( u3_none != exp ) {
      veo_y = _call(arm_u->ve_f, cor, &vep, &mot_m);
      vej_y = _judge(veo_y, vep, exp);
    }
    else {
      pid_t pid = fork();
      if ( 0 == pid ) {
        veo_y = _call(arm_u->ve_f, cor, &vep, &mot_m);
        _exit(_judge(veo_y, vep, exp) | (veo_y << 4));
      }
      else {
        int sat_i = 0;
        waitpid(pid, &sat_i, 0);
        vep = u3_nul;
        if ( WIFEXITED(sat_i) ) {
          vej_y = WEXITSTATUS(sat_i) & 0xf;
          veo_y = WEXITSTATUS(sat_i) >> 4;
        }
        else {
          vej_y = 3;
          veo_y = _O_OTHER;
        }
      }
    }
    if ( 0 == vej_y )      cot_u[i_w].vep_d++;
    else if ( 2 == vej_y ) cot_u[i_w].ves_d++;
    else {
      if ( 3 == vej_y ) cot_u[i_w].vek_d++;
      else              cot_u[i_w].vew_d++;
      printf("vere-vs-hoon %s (%s, rnd %c): vere %s, hoon %s", vid_c, arm_u->nam_c,
             rnd_c, ( 3 == vej_y ) ? "killed by a signal" : _out_name[veo_y],
             ( u3_none == exp ) ? "crash" : "a value");
      if ( _O_OK == veo_y && u3_nul != vep ) {
        printf("; vere's ");
        _put(stdout, vep);
      }
      printf("\n");
    }

    u3z(urp); u3z(vep); u3z(cor);
    if ( u3_none != exp ) u3z(exp);
  }
  free(lin_c);
  fclose(fil_u);

  printf("\n%-10s %7s %7s %6s %6s %7s %6s %6s %6s\n", "vectors", "records", "ur-pass",
         "ur-pu", "UR-BAD", "ve-pass", "ve-pu", "ve-bad", "ve-sig");
  for ( i_w = 0; i_w <= _N_ARMS; i_w++ ) {
    _vcount* c = ( i_w < _N_ARMS ) ? &cot_u[i_w] : &tot_u;
    if ( i_w < _N_ARMS ) {
      tot_u.num_d += c->num_d; tot_u.urp_d += c->urp_d; tot_u.urs_d += c->urs_d;
      tot_u.urf_d += c->urf_d; tot_u.vep_d += c->vep_d; tot_u.ves_d += c->ves_d;
      tot_u.vew_d += c->vew_d; tot_u.vek_d += c->vek_d;
      if ( 0 == c->num_d ) continue;
    }
    printf("%-10s %7" PRIu64 " %7" PRIu64 " %6" PRIu64 " %6" PRIu64 " %7" PRIu64
           " %6" PRIu64 " %6" PRIu64 " %6" PRIu64 "\n",
           ( i_w < _N_ARMS ) ? _arms[i_w].nam_c : "total", c->num_d, c->urp_d,
           c->urs_d, c->urf_d, c->vep_d, c->ves_d, c->vew_d, c->vek_d);
  }
  printf("\n/lib/math (urnum's bodies only): %" PRIu64 " pass, %" PRIu64 " FAIL, %" PRIu64
         " punt\n", mat_d[0], mat_d[1], mat_d[2]);
  return ( tot_u.urf_d || mat_d[1] ) ? 1 : 0;
}

/* --bench: urnum's body against vere's on the same cores, one run.
**
** add-rays mul-rays div-rays cumsum dot on 10^4-element rays, mmul on
** 128x128 . 128x128, at @rh @rs @rd in %n and %z; finite values (small
** integers and binary fractions). Timed: the u3w call alone (sample reading,
** computing, product building), not building the core nor freeing the
** product. Each side alternates blocks of calls until both have run for
** about [ms_w] milliseconds; prints ns per call and vere/urnum.
*/
static c3_d
_now_ns(void)
{
  struct timespec tim_u;
  clock_gettime(CLOCK_MONOTONIC, &tim_u);
  return (c3_d)tim_u.tv_sec * 1000000000ULL + (c3_d)tim_u.tv_nsec;
}

static u3_noun
_bench_ray(c3_y blq_y, u3_noun sap)
{
  c3_w  n_w = _shape_len(sap), i_w, j_w, byt_w = (1U << blq_y) >> 3;
  c3_y* buf_y = c3_malloc((size_t)n_w * byt_w + 1);
  u3_noun pro;
  for ( i_w = 0; i_w < n_w; i_w++ ) {
    _u128 v = _fp_int(blq_y, (int64_t)_below(201) - 100, _below(5));
    if ( 0 == (v << 1) ) v = _fp_int(blq_y, 1, 0);     //  no zeros: div stays finite
    for ( j_w = 0; j_w < byt_w; j_w++ ) buf_y[(size_t)i_w * byt_w + j_w] = (c3_y)(v >> (8 * j_w));
  }
  buf_y[(size_t)n_w * byt_w] = 1;
  pro = u3nc(u3nq(sap, blq_y, _t_i754, u3_nul), u3i_bytes(n_w * byt_w + 1, buf_y));
  c3_free(buf_y);
  return pro;
}

/* _bench_one(): ns per call of [fun_f] on [cor], [reps] calls.
*/
static c3_d
_bench_block(u3_noun (*fun_f)(u3_noun), u3_noun cor, c3_w rep_w)
{
  c3_d tot_d = 0;
  c3_w i_w;
  for ( i_w = 0; i_w < rep_w; i_w++ ) {
    c3_d    beg_d = _now_ns();
    u3_weak pro = fun_f(cor);
    tot_d += _now_ns() - beg_d;
    if ( u3_none != pro ) u3z(pro);
  }
  return tot_d;
}

static void
_run_bench(c3_w ms_w)
{
  static const struct { const c3_c* nam_c; c3_w arm_w; } arm_u[] = {
    { "add-rays", 0 }, { "mul-rays", 2 }, { "div-rays", 3 },
    { "cumsum", 12 }, { "dot", 10 }, { "mmul", 27 },
  };
  static const c3_c* aur_c[] = { "@rh", "@rs", "@rd" };
  static const c3_y  rnd_y[] = { 'n', 'z' };
  c3_c  cpu_c[256] = "unknown";
  FILE* inf_u = fopen("/proc/cpuinfo", "r");
  c3_w  a_w, b_w, r_w;

  if ( inf_u ) {
    c3_c lin_c[512];
    while ( fgets(lin_c, sizeof(lin_c), inf_u) ) {
      if ( 0 == strncmp(lin_c, "model name", 10) ) {
        c3_c* col_c = strchr(lin_c, ':');
        if ( col_c ) {
          snprintf(cpu_c, sizeof(cpu_c), "%s", col_c + 2);
          cpu_c[strcspn(cpu_c, "\n")] = 0;
        }
        break;
      }
    }
    fclose(inf_u);
  }
  printf("\nurnum's jets against vere's C jets, one run (CPU: %s; ns per call, median of blocks)\n\n", cpu_c);
  printf("| arm | aura | mode | shape | urnum ns | vere ns | vere / urnum | same product |\n");
  printf("|---|---|---|---|---:|---:|---:|---|\n");

  for ( a_w = 0; a_w < sizeof(arm_u) / sizeof(arm_u[0]); a_w++ ) {
    const _arm* arm_p = &_arms[arm_u[a_w].arm_w];
    for ( b_w = 0; b_w < 3; b_w++ ) {
      c3_y blq_y = (c3_y)(4 + b_w);
      for ( r_w = 0; r_w < 2; r_w++ ) {
        u3_noun sam, cor, urp, vep;
        c3_d    urn_d[64], ven_d[64];
        c3_w    blk_w = 0, rep_w, k_w;
        c3_d    beg_d;
        c3_o    sam_o;
        c3_m    mot_m;
        c3_y    uro_y, veo_y;

        if ( 27 == arm_u[a_w].arm_w ) {
          sam = u3nc(_bench_ray(blq_y, u3nt(128, 128, u3_nul)),
                     _bench_ray(blq_y, u3nt(128, 128, u3_nul)));
        }
        else if ( 12 == arm_u[a_w].arm_w ) {
          sam = _bench_ray(blq_y, u3nc(10000, u3_nul));
        }
        else {
          sam = u3nc(_bench_ray(blq_y, u3nc(10000, u3_nul)),
                     _bench_ray(blq_y, u3nc(10000, u3_nul)));
        }
        cor = _core(sam, rnd_y[r_w]);

        //  both answer, and the same?
        uro_y = _call(arm_p->ur_f, cor, &urp, &mot_m);
        veo_y = _call(arm_p->ve_f, cor, &vep, &mot_m);
        sam_o = __(_O_OK == uro_y && _O_OK == veo_y && c3y == u3r_sing(urp, vep));
        if ( _O_OK != uro_y || _O_OK != veo_y ) {
          printf("| %s | %s | %%%c | — | %s | %s | — | — |\n", arm_p->nam_c, aur_c[b_w],
                 rnd_y[r_w], _out_name[uro_y], _out_name[veo_y]);
          u3z(urp); u3z(vep); u3z(cor);
          continue;
        }
        u3z(urp); u3z(vep);

        //  a block is about ms_w/16 ms of the slower side's calls
        {
          c3_d one_d = c3_max(_bench_block(arm_p->ur_f, cor, 1),
                              _bench_block(arm_p->ve_f, cor, 1)) + 1;
          rep_w = (c3_w)c3_max(1, c3_min(100000, ((c3_d)ms_w * 1000000ULL / 16) / one_d));
        }
        beg_d = _now_ns();
        while ( blk_w < 64 && (blk_w < 5 || (_now_ns() - beg_d) < (c3_d)ms_w * 1000000ULL) ) {
          urn_d[blk_w] = _bench_block(arm_p->ur_f, cor, rep_w) / rep_w;
          ven_d[blk_w] = _bench_block(arm_p->ve_f, cor, rep_w) / rep_w;
          blk_w++;
        }
        //  medians
        for ( k_w = 1; k_w < blk_w; k_w++ ) {
          c3_w m_w;
          for ( m_w = k_w; m_w > 0 && urn_d[m_w] < urn_d[m_w - 1]; m_w-- ) {
            c3_d t = urn_d[m_w]; urn_d[m_w] = urn_d[m_w - 1]; urn_d[m_w - 1] = t;
          }
          for ( m_w = k_w; m_w > 0 && ven_d[m_w] < ven_d[m_w - 1]; m_w-- ) {
            c3_d t = ven_d[m_w]; ven_d[m_w] = ven_d[m_w - 1]; ven_d[m_w - 1] = t;
          }
        }
        printf("| %s | %s | %%%c | %s | %" PRIu64 " | %" PRIu64 " | %.2f | %s |\n",
               arm_p->nam_c, aur_c[b_w], rnd_y[r_w],
               ( 27 == arm_u[a_w].arm_w ) ? "128x128 . 128x128" : "10^4",
               urn_d[blk_w / 2], ven_d[blk_w / 2],
               (double)ven_d[blk_w / 2] / (double)c3_max(1, urn_d[blk_w / 2]),
               ( c3y == sam_o ) ? "yes" : "no (see the classes)");
        fflush(stdout);
        u3z(cor);
      }
    }
  }
}

int
main(int argc, char* argv[])
{
  c3_d   cal_d = 10000, sed_d = 34;
  c3_w   lom_w = 30;
  c3_c*  vec_c = 0;
  c3_w   ben_w = 0;
  _count cot_u[_N_ARMS];
  _count tot_u;
  c3_w   i_w, k_w, pos_w = 0;
  c3_i   bad_i = 0;

  //  vere's build runs the binary without arguments: the environment may set the defaults.
  if ( getenv("URNUM_JETS_CALLS") ) cal_d = strtoull(getenv("URNUM_JETS_CALLS"), 0, 10);
  if ( getenv("URNUM_JETS_SEED") )  sed_d = strtoull(getenv("URNUM_JETS_SEED"), 0, 0);

  for ( i_w = 1; i_w < (c3_w)argc; i_w++ ) {
    if ( 0 == strcmp(argv[i_w], "--vectors") && (i_w + 1) < (c3_w)argc ) {
      vec_c = argv[++i_w];
    }
    else if ( 0 == strcmp(argv[i_w], "--bench") ) {
      ben_w = ( (i_w + 1) < (c3_w)argc && argv[i_w + 1][0] >= '0' && argv[i_w + 1][0] <= '9' )
              ? (c3_w)strtoul(argv[++i_w], 0, 10) : 2000;
    }
    else if ( 0 == strcmp(argv[i_w], "--dump-diffs") && (i_w + 1) < (c3_w)argc ) {
      if ( !(_dump_u = fopen(argv[++i_w], "w")) ) {
        fprintf(stderr, "cannot write %s\r\n", argv[i_w]);
        return 2;
      }
    }
    else if ( 0 == strcmp(argv[i_w], "--help") ) {
      fprintf(stderr, "usage: %s [calls-per-arm [seed [loom-bytes-log2]]]"
                      " [--vectors FILE] [--dump-diffs FILE] [--bench [ms]]\r\n", argv[0]);
      return 0;
    }
    else switch ( pos_w++ ) {
      case 0:  cal_d = strtoull(argv[i_w], 0, 10); break;
      case 1:  sed_d = strtoull(argv[i_w], 0, 0); break;
      default: lom_w = (c3_w)strtoul(argv[i_w], 0, 10); break;
    }
  }

  _rng_d = sed_d;
  u3m_boot_lite((size_t)1 << lom_w);
  u3wi_ur_la_init();

  if ( ben_w ) {
    _run_bench(ben_w);
    return 0;
  }

  fprintf(stderr, "urnum-jets-test: %" PRIu64 " calls per arm, seed %" PRIu64 "\r\n",
          cal_d, sed_d);

  memset(&tot_u, 0, sizeof(tot_u));
  for ( i_w = 0; i_w < _N_ARMS; i_w++ ) {
    _run_arm(&_arms[i_w], cal_d, &cot_u[i_w]);
    tot_u.cal_d += cot_u[i_w].cal_d;  tot_u.equ_d += cot_u[i_w].equ_d;
    tot_u.bex_d += cot_u[i_w].bex_d;  tot_u.kno_d += cot_u[i_w].kno_d;
    tot_u.dif_d += cot_u[i_w].dif_d;  tot_u.urp_d += cot_u[i_w].urp_d;
    tot_u.vep_d += cot_u[i_w].vep_d;  tot_u.bop_d += cot_u[i_w].bop_d;
    tot_u.fal_d += cot_u[i_w].fal_d;  tot_u.urk_d += cot_u[i_w].urk_d;
    for ( k_w = 0; k_w < 3; k_w++ ) tot_u.onl_d[k_w] += cot_u[i_w].onl_d[k_w];
    tot_u.lur_w += cot_u[i_w].lur_w;  tot_u.lve_w += cot_u[i_w].lve_w;
    for ( k_w = 0; k_w < _K_N; k_w++ ) tot_u.kcl_d[k_w] += cot_u[i_w].kcl_d[k_w];
  }

  printf("%-10s %7s %7s %6s %6s %5s %7s %7s %6s %15s %5s %9s %9s\n",
         "arm", "calls", "equal", "(exit)", "known", "DIFF", "ur-punt", "ve-punt",
         "punt", "only ok/pu/ex", "FAIL", "ur-leak", "ve-leak");
  for ( i_w = 0; i_w <= _N_ARMS; i_w++ ) {
    const _count* c = ( i_w < _N_ARMS ) ? &cot_u[i_w] : &tot_u;
    printf("%-10s %7" PRIu64 " %7" PRIu64 " %6" PRIu64 " %6" PRIu64 " %5" PRIu64
           " %7" PRIu64 " %7" PRIu64 " %6" PRIu64 " %5" PRIu64 "/%4" PRIu64 "/%4" PRIu64
           " %5" PRIu64 " %8uB %8uB\n",
           ( i_w < _N_ARMS ) ? _arms[i_w].nam_c : "total",
           c->cal_d, c->equ_d, c->bex_d, c->kno_d, c->dif_d, c->urp_d, c->vep_d,
           c->bop_d, c->onl_d[0], c->onl_d[1], c->onl_d[2], c->fal_d,
           c->lur_w * 4, c->lve_w * 4);
  }
  printf("urnum answered %" PRIu64 " of %" PRIu64 " calls; known = NaN encoding only"
         " (urnum canonical, vere signed or with a payload); ur-leak/ve-leak = loom bytes the sweep"
         " reclaimed after replaying each side's non-bailing calls\n",
         tot_u.urk_d, tot_u.cal_d);

  printf("known classes:\n");
  for ( k_w = 0; k_w < _K_N; k_w++ ) {
    printf("  %8" PRIu64 "  %s:", tot_u.kcl_d[k_w], _k_name[k_w]);
    for ( i_w = 0; i_w < _N_ARMS; i_w++ ) {
      if ( cot_u[i_w].kcl_d[k_w] ) {
        printf(" %s %" PRIu64, _arms[i_w].nam_c, cot_u[i_w].kcl_d[k_w]);
      }
    }
    printf("\n");
  }
  if ( _dump_u ) fclose(_dump_u);

  if ( tot_u.dif_d || tot_u.fal_d || tot_u.lur_w ) {
    fprintf(stderr, "urnum-jets-test: failed (%" PRIu64 " unexplained differences,"
            " %" PRIu64 " shim failures, %u bytes leaked by urnum's bodies)\r\n",
            tot_u.dif_d, tot_u.fal_d, tot_u.lur_w * 4);
    bad_i = 1;
  }

  if ( vec_c && _run_vectors(vec_c) ) {
    fprintf(stderr, "urnum-jets-test: failed (a golden vector)\r\n");
    bad_i = 1;
  }

  if ( !bad_i ) {
    fprintf(stderr, "urnum-jets-test: ok\r\n");
  }

  u3m_grab(u3_none);
  return bad_i;
}
