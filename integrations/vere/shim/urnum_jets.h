/// @file
///
/// urnum's bodies for vere's Lagoon jets: one u3w function per harm that
/// vere registers under `non/lagoon` (`pkg/noun/jets/13{5,6,7}/tree.c`).
///
/// Each takes the arm's core, as vere's own `u3wi_la_*` do, and returns the
/// product, `u3_none` (punt: the Hoon runs), or bails: `%exit` where the Hoon
/// crashes, `%fail` on a shim/ABI contract error. The names carry `ur_` so that
/// vere's C bodies (`pkg/noun/jets/i/lagoon.c`) stay compiled and callable.
///
/// The same prototypes are added to vere's `pkg/noun/jets/w.h` by
/// `integrations/vere/patch/`; this header lets the shim and the harness build
/// against an unpatched tree too (identical redeclarations are legal C).

#ifndef U3_URNUM_JETS_H
#define U3_URNUM_JETS_H

#include "types.h"
#include "urnum.h"

    u3_noun u3wi_ur_la_add(u3_noun);
    u3_noun u3wi_ur_la_sub(u3_noun);
    u3_noun u3wi_ur_la_mul(u3_noun);
    u3_noun u3wi_ur_la_div(u3_noun);
    u3_noun u3wi_ur_la_mod(u3_noun);
    u3_noun u3wi_ur_la_adds(u3_noun);
    u3_noun u3wi_ur_la_subs(u3_noun);
    u3_noun u3wi_ur_la_muls(u3_noun);
    u3_noun u3wi_ur_la_divs(u3_noun);
    u3_noun u3wi_ur_la_mods(u3_noun);
    u3_noun u3wi_ur_la_dot(u3_noun);
    u3_noun u3wi_ur_la_diag(u3_noun);
    u3_noun u3wi_ur_la_transpose(u3_noun);
    u3_noun u3wi_ur_la_cumsum(u3_noun);
    u3_noun u3wi_ur_la_argmin(u3_noun);
    u3_noun u3wi_ur_la_argmax(u3_noun);
    u3_noun u3wi_ur_la_ravel(u3_noun);
    u3_noun u3wi_ur_la_min(u3_noun);
    u3_noun u3wi_ur_la_max(u3_noun);
    u3_noun u3wi_ur_la_linspace(u3_noun);
    u3_noun u3wi_ur_la_range(u3_noun);
    u3_noun u3wi_ur_la_abs(u3_noun);
    u3_noun u3wi_ur_la_gth(u3_noun);
    u3_noun u3wi_ur_la_gte(u3_noun);
    u3_noun u3wi_ur_la_lth(u3_noun);
    u3_noun u3wi_ur_la_lte(u3_noun);
    u3_noun u3wi_ur_la_trace(u3_noun);
    u3_noun u3wi_ur_la_mmul(u3_noun);

  /* /lib/math (urnum_math_jets.c): u3wi_ur_<door>_<arm>, '-' as '_'.
  */
    u3_noun u3wi_ur_rh_exp(u3_noun);
    u3_noun u3wi_ur_rh_sin(u3_noun);
    u3_noun u3wi_ur_rh_cos(u3_noun);
    u3_noun u3wi_ur_rh_tan(u3_noun);
    u3_noun u3wi_ur_rh_asin(u3_noun);
    u3_noun u3wi_ur_rh_acos(u3_noun);
    u3_noun u3wi_ur_rh_atan(u3_noun);
    u3_noun u3wi_ur_rh_atan2(u3_noun);
    u3_noun u3wi_ur_rh_pow_n(u3_noun);
    u3_noun u3wi_ur_rh_log(u3_noun);
    u3_noun u3wi_ur_rh_log_10(u3_noun);
    u3_noun u3wi_ur_rh_log_2(u3_noun);
    u3_noun u3wi_ur_rh_pow(u3_noun);
    u3_noun u3wi_ur_rh_sqt(u3_noun);
    u3_noun u3wi_ur_rh_cbt(u3_noun);
    u3_noun u3wi_ur_rs_exp(u3_noun);
    u3_noun u3wi_ur_rs_sin(u3_noun);
    u3_noun u3wi_ur_rs_cos(u3_noun);
    u3_noun u3wi_ur_rs_tan(u3_noun);
    u3_noun u3wi_ur_rs_asin(u3_noun);
    u3_noun u3wi_ur_rs_acos(u3_noun);
    u3_noun u3wi_ur_rs_atan(u3_noun);
    u3_noun u3wi_ur_rs_atan2(u3_noun);
    u3_noun u3wi_ur_rs_pow_n(u3_noun);
    u3_noun u3wi_ur_rs_log(u3_noun);
    u3_noun u3wi_ur_rs_log_10(u3_noun);
    u3_noun u3wi_ur_rs_log_2(u3_noun);
    u3_noun u3wi_ur_rs_pow(u3_noun);
    u3_noun u3wi_ur_rs_sqt(u3_noun);
    u3_noun u3wi_ur_rs_cbt(u3_noun);
    u3_noun u3wi_ur_rd_exp(u3_noun);
    u3_noun u3wi_ur_rd_sin(u3_noun);
    u3_noun u3wi_ur_rd_cos(u3_noun);
    u3_noun u3wi_ur_rd_tan(u3_noun);
    u3_noun u3wi_ur_rd_asin(u3_noun);
    u3_noun u3wi_ur_rd_acos(u3_noun);
    u3_noun u3wi_ur_rd_atan(u3_noun);
    u3_noun u3wi_ur_rd_atan2(u3_noun);
    u3_noun u3wi_ur_rd_pow_n(u3_noun);
    u3_noun u3wi_ur_rd_log(u3_noun);
    u3_noun u3wi_ur_rd_log_10(u3_noun);
    u3_noun u3wi_ur_rd_log_2(u3_noun);
    u3_noun u3wi_ur_rd_pow(u3_noun);
    u3_noun u3wi_ur_rd_sqt(u3_noun);
    u3_noun u3wi_ur_rd_cbt(u3_noun);
    u3_noun u3wi_ur_rq_exp(u3_noun);
    u3_noun u3wi_ur_rq_sin(u3_noun);
    u3_noun u3wi_ur_rq_cos(u3_noun);
    u3_noun u3wi_ur_rq_tan(u3_noun);
    u3_noun u3wi_ur_rq_asin(u3_noun);
    u3_noun u3wi_ur_rq_acos(u3_noun);
    u3_noun u3wi_ur_rq_atan(u3_noun);
    u3_noun u3wi_ur_rq_atan2(u3_noun);
    u3_noun u3wi_ur_rq_pow_n(u3_noun);
    u3_noun u3wi_ur_rq_log(u3_noun);
    u3_noun u3wi_ur_rq_log_10(u3_noun);
    u3_noun u3wi_ur_rq_log_2(u3_noun);
    u3_noun u3wi_ur_rq_pow(u3_noun);
    u3_noun u3wi_ur_rq_sqt(u3_noun);
    u3_noun u3wi_ur_rq_cbt(u3_noun);

  /* u3wi_ur_la_init(): settle urnum's lazily read state (executor, ISA cap,
  ** CPU features) outside any jet, and check the linked library's ABI
  ** version. Idempotent; the shim also runs it as a constructor at load.
  */
    void u3wi_ur_la_init(void);

  /* u3wi_ur_done(): a body's product for urnum's status [sas] (its
  ** operands already freed): [pro] on URNUM_OK, u3_none on a punt, a %exit
  ** bail on a crash, a logged %fail bail on a contract error. Shared by the
  ** Lagoon and /lib/math bodies (urnum_jets_common.c).
  */
    u3_weak u3wi_ur_done(const c3_c* nam_c, urnum_status sas, u3_weak pro);

#endif /* ifndef U3_URNUM_JETS_H */
