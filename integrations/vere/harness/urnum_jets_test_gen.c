/* The harness's samples: random numbers, element kinds and values, shapes,
** the arm tables and the cores the bodies are called on.
**
** A part of urnum_jets_test.c, which includes it (one translation unit).
*/

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
