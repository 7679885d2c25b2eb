/* Calling a body under u3m_soft and comparing two outcomes: NaN-blind
** equality, the classes of a known difference and the models their rules use.
**
** A part of urnum_jets_test.c, which includes it (one translation unit).
*/

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

/* _MOD_MODEL(): _mod_model()'s test at one width, on the words [a] [b] [v]
** of type [W] read as floats of type [F] by bit copies, with [TRUNC] and
** [FMOD] that type's trunc() and fmod(): sets [hit_o].
*/
#define _MOD_MODEL(W, F, TRUNC, FMOD)                              \
  {                                                                \
    W  aw = (W)a, bw = (W)b, rw, fw;                               \
    F  af, bf, q, r, f;                                            \
    memcpy(&af, &aw, sizeof(W)); memcpy(&bf, &bw, sizeof(W));      \
    q = af / bf;                                                   \
    q = TRUNC(q);                                                  \
    r = af - bf * q;                                               \
    f = FMOD(af, bf);                                              \
    memcpy(&rw, &r, sizeof(W)); memcpy(&fw, &f, sizeof(W));        \
    hit_o = __( (W)v == rw || (W)v == fw );                        \
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
  if ( 5 == blq ) _MOD_MODEL(c3_w, float, truncf, fmodf)
  else if ( 6 == blq ) _MOD_MODEL(c3_d, double, trunc, fmod)
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
