/// @file
///
/// urnum's bodies for the /lib/math arms math.hoon@a71a0b9 hints: the doors
/// `rh rs rd rq` of the `math` core (`~%  %non` / `~/  %math` / `~/  %rs` ...),
/// 15 arms each (`exp sin cos tan asin acos atan atan2 pow-n log log-10 log-2
/// pow sqt cbt`), 60 bodies named `u3wi_ur_<door>_<arm>` (`-` as `_`).
///
/// The sample is the gate's (`x=@rs`, or `[x=@rs n=@rs]` / `[y=@rs x=@rs]`
/// in sample order), the rounding mode the door's `r` (the door's sample
/// `[r rtol atol]` at axis 30 of the gate, `r` at 60). An operand wider than
/// the door's float (an atom no value of the aura is) or an `r` that is not a
/// byte punts; urnum's statuses map as for the Lagoon bodies (u3wi_ur_done(),
/// urnum_jets_common.c: PUNT -> u3_none, CRASH -> bail %exit, CONTRACT -> bail
/// %fail). urnum's named entries allocate
/// nothing, except `@rq` arms whose argument reduction needs an integer of 2^64
/// or more (docs/vere-integration.md, "/lib/math and the scalar entry").

#include "noun.h"
#include "jets/q.h"
#include "jets/w.h"

#include "urnum.h"
#include "urnum_jets.h"

/* _ur_rnd(): the door's rounding term as urnum's code; 0 (punt) if none.
*/
static uint8_t
_ur_rnd(u3_noun cor)
{
  u3_weak r = u3r_at(60, cor);
  if ( (u3_none == r) || (c3n == u3a_is_cat(r)) || (r > 255) || (0 == r) ) {
    return 0;
  }
  return (uint8_t)r;
}

/* _ur_bits(): an operand of [byt_w] bytes into buf_y; c3n if it is a cell
** or wider.
*/
static c3_o
_ur_bits(u3_weak a, c3_w byt_w, c3_y* buf_y)
{
  if ( (u3_none == a) || (c3n == u3ud(a)) || (u3r_met(3, a) > byt_w) ) {
    return c3n;
  }
  memset(buf_y, 0, byt_w);
  u3r_bytes(0, byt_w, buf_y, a);
  return c3y;
}

/*  _UR_BODY(): the body u3wi_ur_<fun>: with the door's mode in rnd_y and
**  the locals DECL (in parentheses), a punt where there is no mode or FAIL
**  (reading the sample into them) holds; else urnum's CALL, whose product on
**  URNUM_OK is PRO.
*/
#define _UR_LOCALS(...) __VA_ARGS__
#define _UR_BODY(fun, nam, DECL, FAIL, CALL, PRO)                          \
  u3_noun                                                                  \
  u3wi_ur_##fun(u3_noun cor)                                               \
  {                                                                        \
    uint8_t rnd_y = _ur_rnd(cor);                                          \
    _UR_LOCALS DECL;                                                       \
    if ( !rnd_y || FAIL ) {                                                \
      return u3_none;                                                      \
    }                                                                      \
    urnum_status sas = CALL;                                               \
    return u3wi_ur_done(nam, sas, (URNUM_OK == sas) ? PRO : u3_none);      \
  }

/*  The sample [a b] of a two-operand gate read into the words x_y and y_y
**  of byt_w bytes each; FAIL of _UR_BODY.
*/
#define _UR_SAM2_FAIL(byt_w, x_y, y_y)                                     \
  c3n == u3r_mean(cor, u3x_sam_2, &a, u3x_sam_3, &b, 0)                    \
    || c3n == _ur_bits(a, byt_w, x_y)                                      \
    || c3n == _ur_bits(b, byt_w, y_y)

/*  One- and two-operand bodies (sample order) for the widths carried by
**  value (rh rs rd).
*/
#define _UR_MATH1(door, arm, nam, T)                                       \
  _UR_BODY(door##_##arm, nam, (T x, o),                                    \
           c3n == _ur_bits(u3r_at(u3x_sam, cor), sizeof(T), (c3_y*)&x),    \
           urnum_##door##_##arm(x, rnd_y, &o), u3i_chub((c3_d)o))

#define _UR_MATH2(door, arm, nam, T)                                       \
  _UR_BODY(door##_##arm, nam, (u3_noun a, b; T x, y, o),                   \
           _UR_SAM2_FAIL(sizeof(T), (c3_y*)&x, (c3_y*)&y),                 \
           urnum_##door##_##arm(x, y, rnd_y, &o), u3i_chub((c3_d)o))

/*  @rq: 16 little-endian bytes each way.
*/
#define _UR_MATHQ1(arm, nam)                                               \
  _UR_BODY(rq_##arm, nam, (c3_y x_y[16], o_y[16]),                         \
           c3n == _ur_bits(u3r_at(u3x_sam, cor), 16, x_y),                 \
           urnum_rq_##arm(x_y, rnd_y, o_y), u3i_bytes(16, o_y))

#define _UR_MATHQ2(arm, nam)                                               \
  _UR_BODY(rq_##arm, nam, (u3_noun a, b; c3_y x_y[16], y_y[16], o_y[16]),  \
           _UR_SAM2_FAIL(16, x_y, y_y),                                    \
           urnum_rq_##arm(x_y, y_y, rnd_y, o_y), u3i_bytes(16, o_y))

#define _UR_DOOR(door, T)                                   \
  _UR_MATH1(door, exp,    #door "-exp",    T)               \
  _UR_MATH1(door, sin,    #door "-sin",    T)               \
  _UR_MATH1(door, cos,    #door "-cos",    T)               \
  _UR_MATH1(door, tan,    #door "-tan",    T)               \
  _UR_MATH1(door, asin,   #door "-asin",   T)               \
  _UR_MATH1(door, acos,   #door "-acos",   T)               \
  _UR_MATH1(door, atan,   #door "-atan",   T)               \
  _UR_MATH2(door, atan2,  #door "-atan2",  T)               \
  _UR_MATH2(door, pow_n,  #door "-pow-n",  T)               \
  _UR_MATH1(door, log,    #door "-log",    T)               \
  _UR_MATH1(door, log_10, #door "-log-10", T)               \
  _UR_MATH1(door, log_2,  #door "-log-2",  T)               \
  _UR_MATH2(door, pow,    #door "-pow",    T)               \
  _UR_MATH1(door, sqt,    #door "-sqt",    T)               \
  _UR_MATH1(door, cbt,    #door "-cbt",    T)

_UR_DOOR(rh, uint16_t)
_UR_DOOR(rs, uint32_t)
_UR_DOOR(rd, uint64_t)

_UR_MATHQ1(exp,    "rq-exp")
_UR_MATHQ1(sin,    "rq-sin")
_UR_MATHQ1(cos,    "rq-cos")
_UR_MATHQ1(tan,    "rq-tan")
_UR_MATHQ1(asin,   "rq-asin")
_UR_MATHQ1(acos,   "rq-acos")
_UR_MATHQ1(atan,   "rq-atan")
_UR_MATHQ2(atan2,  "rq-atan2")
_UR_MATHQ2(pow_n,  "rq-pow-n")
_UR_MATHQ1(log,    "rq-log")
_UR_MATHQ1(log_10, "rq-log-10")
_UR_MATHQ1(log_2,  "rq-log-2")
_UR_MATHQ2(pow,    "rq-pow")
_UR_MATHQ1(sqt,    "rq-sqt")
_UR_MATHQ1(cbt,    "rq-cbt")
