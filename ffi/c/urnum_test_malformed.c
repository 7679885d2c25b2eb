/*
 * The malformed inputs of the ABI's C test program: hand-written calls that
 * must return a documented status and leave every output untouched.
 */
#include "urnum_test.h"

static void expect_status(const char *what, urnum_status got, urnum_status want, const uint8_t *buf,
                          size_t n) {
  malformed_run++;
  if (got != want) {
    malformed_fail++;
    printf("MALFORMED %s: status %u, expected %u\n", what, (unsigned)got, (unsigned)want);
  } else if (want != URNUM_OK && buf && !untouched(buf, n)) {
    malformed_fail++;
    printf("MALFORMED %s: output touched\n", what);
  }
}

void malformed(void) {
  /* x, y: [2] @rh rays 1.0 2.0 as element bytes. */
  static uint64_t sh2[1] = {2}, sh3[1] = {3}, huge[2] = {(uint64_t)1 << 62, (uint64_t)1 << 10};
  static const uint8_t two[4] = {0x00, 0x3c, 0x00, 0x40};
  static const uint8_t three[6] = {0x00, 0x3c, 0x00, 0x40, 0x00, 0x42};
  urnum_meta m2 = {sh2, 1, 4, URNUM_I754, URNUM_TAIL_NULL, 0, 0};
  urnum_meta m3 = {sh3, 1, 4, URNUM_I754, URNUM_TAIL_NULL, 0, 0};
  urnum_ray x = {m2, two, 4, URNUM_DATA_ELEMS};
  urnum_ray y3 = {m3, three, 6, URNUM_DATA_ELEMS};
  uint8_t buf[64];
  uint64_t shp[4];
  urnum_plan res;
  urnum_out o = {buf, sizeof buf}, none = {NULL, 0};
  const size_t R = sizeof res;

#define RESET() (memset(buf, SENTINEL, sizeof buf), memset(&res, SENTINEL, sizeof res), \
                 memset(shp, SENTINEL, sizeof shp))
#define CHECK(what, call, want)                                                      \
  do {                                                                               \
    RESET();                                                                         \
    urnum_status s_ = (call);                                                        \
    expect_status(what, s_, want, buf, sizeof buf);                                  \
    if (s_ != URNUM_OK && (!untouched((uint8_t *)&res, R) ||                         \
                           !untouched((uint8_t *)shp, sizeof shp))) {                \
      malformed_fail++;                                                              \
      printf("MALFORMED %s: result or shape touched\n", what);                       \
    }                                                                                \
  } while (0)
  /* `x + x` where `x` is the control's ray with one field of its meta set to `value`. */
#define BENT(what, field, value, want)                                                 \
  do {                                                                                 \
    urnum_meta bm_ = m2;                                                               \
    bm_.field = value;                                                                 \
    urnum_ray bx_ = {bm_, two, 4, URNUM_DATA_ELEMS};                                   \
    CHECK(what, urnum_la_add('n', &bx_, &bx_, o, &res, shp, 4), want);                 \
  } while (0)

  /* The well-formed call works (control): [1 2] + [1 2] = [2 4], 00 40 00 44. */
  static const uint8_t sum[4] = {0x00, 0x40, 0x00, 0x44};
  CHECK("control: add [2] @rh", urnum_la_add('n', &x, &x, o, &res, shp, 4), URNUM_OK);
  malformed_run++;
  if (memcmp(buf, sum, 4) != 0 || res.out_bytes != 4 || res.pin_bit != 32 || res.ndim != 1 || shp[0] != 2 ||
      !untouched(buf + 4, sizeof buf - 4)) {
    malformed_fail++;
    printf("MALFORMED control: wrong result\n");
  }

  /* Short output buffer: 3 bytes for a 4-byte result. */
  urnum_out short3 = {buf, 3};
  CHECK("short out buffer", urnum_la_add('n', &x, &x, short3, &res, shp, 4), URNUM_CONTRACT);
  /* Shape buffer too small for the result's rank. */
  CHECK("short shape buffer", urnum_la_add('n', &x, &x, o, &res, shp, 0), URNUM_CONTRACT);
  /* Short input buffer: the meta says 2 elements, 3 bytes given. */
  urnum_ray xs = {m2, two, 3, URNUM_DATA_ELEMS};
  CHECK("short input buffer", urnum_la_add('n', &xs, &x, o, &res, shp, 4), URNUM_CONTRACT);
  /* NULL data with a length. */
  urnum_ray xn = {m2, NULL, 4, URNUM_DATA_ELEMS};
  CHECK("NULL data", urnum_la_add('n', &xn, &x, o, &res, shp, 4), URNUM_CONTRACT);
  /* Mismatched metas: add-rays on [2] and [3] is the Hoon's ?> =(meta.a meta.b) crash. */
  CHECK("mismatched metas", urnum_la_add('n', &x, &y3, o, &res, shp, 4), URNUM_CRASH);
  /* Wrong bloq: @rh data under bloq 3 (no %i754 of bloq 3: ?+ bloq !! crashes). */
  BENT("wrong bloq", bloq, 3, URNUM_CRASH);
  /* A bloq whose element width overflows 64 bits: the byte count overflows. */
  BENT("bloq 200 byte-count overflow", bloq, 200, URNUM_CONTRACT);
  /* Absurd shape whose byte count overflows 64 bits. */
  urnum_meta mh = {huge, 2, 4, URNUM_I754, URNUM_TAIL_NULL, 0, 0};
  urnum_ray xh = {mh, two, 4, URNUM_DATA_ELEMS};
  CHECK("shape byte-count overflow", urnum_la_add('n', &xh, &xh, o, &res, shp, 4), URNUM_CONTRACT);
  /* The same shape with the whole data atom: the Hoon's +check fails, a crash. */
  static const uint8_t atom2[5] = {0x00, 0x3c, 0x00, 0x40, 0x01};
  urnum_ray xha = {mh, atom2, 5, URNUM_DATA_ATOM};
  CHECK("shape overflow, whole atom: +check", urnum_la_add('n', &xha, &xha, o, &res, shp, 4), URNUM_CRASH);
  /* Whole atom without its pin: +check fails. */
  urnum_ray xnp = {m2, atom2, 4, URNUM_DATA_ATOM};
  CHECK("missing pin", urnum_la_add('n', &xnp, &x, o, &res, shp, 4), URNUM_CRASH);
  /* Whole atom, well-formed: the control again through the other input form. */
  urnum_ray xa = {m2, atom2, 5, URNUM_DATA_ATOM};
  CHECK("control: whole-atom input", urnum_la_add('n', &xa, &x, o, &res, shp, 4), URNUM_OK);
  /* Unknown kind and tail codes. */
  BENT("unknown kind", kind, 9, URNUM_CONTRACT);
  BENT("unknown tail", tail, 7, URNUM_CONTRACT);
  /* Rounding codes no Hoon door holds: punt. */
  CHECK("rounding 'a'", urnum_la_add('a', &x, &x, o, &res, shp, 4), URNUM_PUNT);
  CHECK("rounding 'x'", urnum_la_add('x', &x, &x, o, &res, shp, 4), URNUM_PUNT);
  /* Unknown arm id, wrong operand count, NULL argument block. */
  urnum_ray two_rays[2] = {x, x};
  urnum_args a1 = {two_rays, 1, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  urnum_args a2 = {two_rays, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  CHECK("unknown arm", urnum_la_exec(999, 'n', &a2, o, none, &res, shp, 4), URNUM_CONTRACT);
  CHECK("arm 0", urnum_la_exec(0, 'n', &a2, o, none, &res, shp, 4), URNUM_CONTRACT);
  CHECK("one ray for add", urnum_la_exec(URNUM_LA_ADD, 'n', &a1, o, none, &res, shp, 4), URNUM_CONTRACT);
  CHECK("NULL args", urnum_la_exec(URNUM_LA_ADD, 'n', NULL, o, none, &res, shp, 4), URNUM_CONTRACT);
  CHECK("plan: NULL args", urnum_la_plan(URNUM_LA_ADD, 'n', NULL, &res, shp, 4), URNUM_CONTRACT);
  /* A plan by size rule does not run the arm: OK for mismatched metas, which exec then crashes on. */
  urnum_ray xy[2] = {x, y3};
  urnum_args a3 = {xy, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  CHECK("plan: size rule, mismatched metas", urnum_la_plan(URNUM_LA_ADD, 'n', &a3, &res, shp, 4), URNUM_OK);
  CHECK("exec: mismatched metas", urnum_la_exec(URNUM_LA_ADD, 'n', &a3, o, none, &res, shp, 4), URNUM_CRASH);
  /* mmul of [2] and [2]: the Hoon's rank assertion crashes. */
  CHECK("mmul rank 1", urnum_la_mmul('n', &x, &x, o, &res, shp, 4), URNUM_CRASH);

  /* /lib/math. */
  uint8_t q[16], args16[32];
  memset(args16, 0, sizeof args16);
  args16[7] = 0x3f; args16[6] = 0xf0; /* 1.0 @rd */
#define MCHECK(what, call, want)                         \
  do {                                                   \
    memset(q, SENTINEL, sizeof q);                       \
    expect_status(what, (call), want, q, sizeof q);      \
  } while (0)
  MCHECK("math: unknown op", urnum_math(999, 6, 'n', NULL, NULL, args16, 1, q), URNUM_CONTRACT);
  MCHECK("math: wrong arity", urnum_math(URNUM_MATH_EXP, 6, 'n', NULL, NULL, args16, 2, q), URNUM_CONTRACT);
  MCHECK("math: bloq 3", urnum_math(URNUM_MATH_EXP, 3, 'n', NULL, NULL, args16, 1, q), URNUM_CONTRACT);
  MCHECK("math: operand wider than @rs", urnum_math(URNUM_MATH_EXP, 5, 'n', NULL, NULL, args16, 1, q),
         URNUM_CONTRACT);
  MCHECK("math: NULL args", urnum_math(URNUM_MATH_EXP, 6, 'n', NULL, NULL, NULL, 1, q), URNUM_CONTRACT);
  MCHECK("math: mod is @rs only", urnum_math(URNUM_MATH_MOD, 6, 'n', NULL, NULL, args16, 2, q),
         URNUM_CONTRACT);
  MCHECK("math: rounding 'a'", urnum_math(URNUM_MATH_EXP, 6, 'a', NULL, NULL, args16, 1, q), URNUM_PUNT);
  uint64_t o64 = 0x5a5a5a5a5a5a5a5aULL;
  malformed_run++;
  if (urnum_rd_exp(0x3ff0000000000000ULL, 'q', &o64) != URNUM_PUNT || o64 != 0x5a5a5a5a5a5a5a5aULL) {
    malformed_fail++;
    printf("MALFORMED named rd exp with rounding 'q'\n");
  }
  malformed_run++;
  if (urnum_rd_exp(0x3ff0000000000000ULL, 'n', NULL) != URNUM_CONTRACT) {
    malformed_fail++;
    printf("MALFORMED named rd exp with NULL out\n");
  }

  /* Element kinds: %int2 division by zero crashes; an unknown kind is a contract error. */
  size_t n = 77;
  uint8_t five = 5, zero = 0;
  urnum_bytes b5 = {&five, 1}, b0 = {&zero, 1};
  urnum_out so = {buf, sizeof buf};
  RESET();
  expect_status("scalar: int2 div by zero", urnum_scalar(URNUM_INT2, 3, 0, 0, URNUM_SC_DIV, 'n', b5, b0, so, &n),
                URNUM_CRASH, buf, sizeof buf);
  RESET();
  expect_status("scalar: unknown kind", urnum_scalar(0, 3, 0, 0, URNUM_SC_DIV, 'n', b5, b0, so, &n),
                URNUM_CONTRACT, buf, sizeof buf);
  malformed_run++;
  if (n != 77) { malformed_fail++; printf("MALFORMED scalar: out_len touched\n"); }
  /* ravel of [1.0 2.0] @rh: a list of two 2-byte items (no golden vector calls ravel directly). */
  {
    urnum_args ar = {&x, 1, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
    RESET();
    urnum_status s = urnum_la_exec(URNUM_LA_RAVEL, 'n', &ar, o, none, &res, shp, 4);
    malformed_run++;
    if (s != URNUM_OK || res.form != URNUM_FORM_LIST || res.items != 2 || res.item_bytes != 2 ||
        res.out_bytes != 4 || memcmp(buf, two, 4) != 0) {
      malformed_fail++;
      printf("MALFORMED control: ravel\n");
    }
  }
  /* Arm-table lookups. */
  malformed_run++;
  const char *nm = urnum_la_arm_name(URNUM_LA_MMUL);
  if (urnum_la_arm_id((const uint8_t *)"add-scalar", 10) != URNUM_LA_ADD_SCALAR ||
      urnum_la_arm_id((const uint8_t *)"sum-dim:la", 10) != URNUM_LA_SUM_DIM ||
      urnum_la_arm_id((const uint8_t *)"nope", 4) != 0 || nm == NULL || strcmp(nm, "mmul") != 0 ||
      urnum_la_arm_name(999) != NULL || urnum_la_arm_count() < 80 || urnum_la_arm_at(0) != URNUM_LA_ADD ||
      urnum_la_arm_at(urnum_la_arm_count()) != 0) {
    malformed_fail++;
    printf("MALFORMED arm-table lookups\n");
  }
  /* ABI version and marker. */
  malformed_run++;
  if (urnum_abi_version() != URNUM_ABI_VERSION || urnum_abi_v2 != URNUM_ABI_VERSION) {
    malformed_fail++;
    printf("MALFORMED abi version\n");
  }
}

/* Malformed inputs of the Saloon, SoftBLAS, /lib/math and element-kind entries,
   and of the slice operand of +submatrix. Every output is sentinel-filled
   before the call and must be untouched on any status but URNUM_OK. */
void malformed_more(void) {
  static uint64_t sh2[1] = {2}, sh3[1] = {3}, huge[2] = {(uint64_t)1 << 62, (uint64_t)1 << 10};
  static const uint8_t two[4] = {0x00, 0x3c, 0x00, 0x40};
  static const uint8_t three[6] = {0x00, 0x3c, 0x00, 0x40, 0x00, 0x42};
  static const uint8_t sum[4] = {0x00, 0x40, 0x00, 0x44};
  urnum_meta m2 = {sh2, 1, 4, URNUM_I754, URNUM_TAIL_NULL, 0, 0};
  urnum_meta m3 = {sh3, 1, 4, URNUM_I754, URNUM_TAIL_NULL, 0, 0};
  urnum_ray x = {m2, two, 4, URNUM_DATA_ELEMS};
  urnum_ray y3 = {m3, three, 6, URNUM_DATA_ELEMS};
  static const uint8_t rtol1[1] = {1}; /* bare sa's rtol, 0x1 */
  urnum_bytes rtol = {rtol1, 1};
  uint8_t buf[64];
  uint64_t shp[8];
  urnum_plan parts[URNUM_SA_MAX_PARTS];
  uint32_t np;
  urnum_out o = {buf, sizeof buf}, none = {NULL, 0};

#define SRESET() (memset(buf, SENTINEL, sizeof buf), memset(parts, SENTINEL, sizeof parts), \
                  memset(shp, SENTINEL, sizeof shp), np = 0xA5A5A5A5u)
#define SOUT_UNTOUCHED() (untouched((uint8_t *)parts, sizeof parts) && untouched((uint8_t *)shp, sizeof shp) && \
                          np == 0xA5A5A5A5u)
#define SCHECK(label, call, want)                                                 \
  do {                                                                            \
    SRESET();                                                                     \
    urnum_status s_ = (call);                                                     \
    expect_status(label, s_, want, buf, sizeof buf);                              \
    if (s_ != URNUM_OK && !SOUT_UNTOUCHED()) {                                    \
      malformed_fail++;                                                           \
      printf("MALFORMED %s: parts, shape or count touched\n", label);             \
    }                                                                             \
  } while (0)
#define SA_EXEC(arm, rnd, rt, args, out, pcap, scap) \
  urnum_sa_exec(arm, rnd, rt, args, out, none, parts, pcap, &np, shp, scap)
#define SA_PLAN(arm, rnd, rt, args, pcap, scap) urnum_sa_plan(arm, rnd, rt, args, parts, pcap, &np, shp, scap)

  /* ---- Saloon ---- */
  urnum_ray xx[2] = {x, x}, xy[2] = {x, y3};
  urnum_args add2 = {xx, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa control: add [2] @rh", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &add2, o, URNUM_SA_MAX_PARTS, 8), URNUM_OK);
  malformed_run++;
  if (memcmp(buf, sum, 4) != 0 || np != 1 || parts[0].out_bytes != 4 || shp[0] != 2 ||
      !untouched(buf + 4, sizeof buf - 4)) {
    malformed_fail++;
    printf("MALFORMED sa control: wrong result\n");
  }
  urnum_out short3 = {buf, 3};
  SCHECK("sa: short out buffer", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &add2, short3, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  SCHECK("sa: parts_cap 0", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &add2, o, 0, 8), URNUM_CONTRACT);
  SCHECK("sa: short shape buffer", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &add2, o, URNUM_SA_MAX_PARTS, 0),
         URNUM_CONTRACT);
  SCHECK("sa plan: short shape buffer", SA_PLAN(URNUM_SA_ADD, 'n', rtol, &add2, URNUM_SA_MAX_PARTS, 0),
         URNUM_CONTRACT);
  SCHECK("sa plan: parts_cap 0", SA_PLAN(URNUM_SA_ADD, 'n', rtol, &add2, 0, 8), URNUM_CONTRACT);
  SCHECK("sa: NULL args", SA_EXEC(URNUM_SA_ADD, 'n', rtol, NULL, o, URNUM_SA_MAX_PARTS, 8), URNUM_CONTRACT);
  SCHECK("sa plan: NULL args", SA_PLAN(URNUM_SA_ADD, 'n', rtol, NULL, URNUM_SA_MAX_PARTS, 8), URNUM_CONTRACT);
  SCHECK("sa: unknown arm", SA_EXEC(999, 'n', rtol, &add2, o, URNUM_SA_MAX_PARTS, 8), URNUM_CONTRACT);
  SCHECK("sa: arm 0", SA_EXEC(0, 'n', rtol, &add2, o, URNUM_SA_MAX_PARTS, 8), URNUM_CONTRACT);
  SCHECK("sa plan: unknown arm", SA_PLAN(999, 'n', rtol, &add2, URNUM_SA_MAX_PARTS, 8), URNUM_CONTRACT);
  urnum_args add1 = {xx, 1, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: one ray for add", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &add1, o, URNUM_SA_MAX_PARTS, 8), URNUM_CONTRACT);
  urnum_args withint = {xx, 2, NULL, 0, NULL, 0, sh2, 1, URNUM_UNUM_REV_NONE};
  SCHECK("sa: an extra int", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &withint, o, URNUM_SA_MAX_PARTS, 8), URNUM_CONTRACT);
  urnum_args nullrays = {NULL, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: NULL rays with n_rays 2", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &nullrays, o, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  urnum_ray shortin[2] = {{m2, two, 3, URNUM_DATA_ELEMS}, x};
  urnum_args sa_short = {shortin, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: short input buffer", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &sa_short, o, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  urnum_ray nulldata[2] = {{m2, NULL, 4, URNUM_DATA_ELEMS}, x};
  urnum_args sa_null = {nulldata, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: NULL data with a length", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &sa_null, o, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  urnum_bytes rnull = {NULL, 4};
  SCHECK("sa: NULL rtol with a length", SA_EXEC(URNUM_SA_ADD, 'n', rnull, &add2, o, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  SCHECK("sa plan: NULL rtol with a length", SA_PLAN(URNUM_SA_ADD, 'n', rnull, &add2, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  urnum_args mism = {xy, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: mismatched metas", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &mism, o, URNUM_SA_MAX_PARTS, 8), URNUM_CRASH);
  urnum_meta mb = m2;
  mb.bloq = 3;
  urnum_ray wb[2] = {{mb, two, 4, URNUM_DATA_ELEMS}, {mb, two, 4, URNUM_DATA_ELEMS}};
  urnum_args sa_wb = {wb, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: wrong bloq", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &sa_wb, o, URNUM_SA_MAX_PARTS, 8), URNUM_CRASH);
  urnum_meta mw = m2;
  mw.bloq = 200;
  urnum_ray wbig[2] = {{mw, two, 4, URNUM_DATA_ELEMS}, {mw, two, 4, URNUM_DATA_ELEMS}};
  urnum_args sa_wbig = {wbig, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: bloq 200 byte-count overflow", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &sa_wbig, o, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  urnum_meta mh = {huge, 2, 4, URNUM_I754, URNUM_TAIL_NULL, 0, 0};
  urnum_ray hh[2] = {{mh, two, 4, URNUM_DATA_ELEMS}, {mh, two, 4, URNUM_DATA_ELEMS}};
  urnum_args sa_hh = {hh, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: shape byte-count overflow", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &sa_hh, o, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  SCHECK("sa plan: shape byte-count overflow", SA_PLAN(URNUM_SA_ADD, 'n', rtol, &sa_hh, URNUM_SA_MAX_PARTS, 8),
         URNUM_CONTRACT);
  urnum_meta mk = m2;
  mk.kind = 9;
  urnum_ray kk[2] = {{mk, two, 4, URNUM_DATA_ELEMS}, {mk, two, 4, URNUM_DATA_ELEMS}};
  urnum_args sa_kk = {kk, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: unknown kind", SA_EXEC(URNUM_SA_ADD, 'n', rtol, &sa_kk, o, URNUM_SA_MAX_PARTS, 8), URNUM_CONTRACT);
  SCHECK("sa: rounding 'a'", SA_EXEC(URNUM_SA_ADD, 'a', rtol, &add2, o, URNUM_SA_MAX_PARTS, 8), URNUM_PUNT);
  SCHECK("sa plan: rounding 'x'", SA_PLAN(URNUM_SA_ADD, 'x', rtol, &add2, URNUM_SA_MAX_PARTS, 8), URNUM_PUNT);
  /* +qr of a rank-1 ray: the Hoon's rank assertion crashes (a two-part arm). */
  urnum_args qr1 = {&x, 1, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  SCHECK("sa: qr of a rank-1 ray", SA_EXEC(URNUM_SA_QR, 'n', rtol, &qr1, o, URNUM_SA_MAX_PARTS, 8), URNUM_CRASH);

  /* ---- Lagoon +submatrix slice operand ---- */
  {
    static uint64_t sl_bad_tag[3] = {9, 0, 0}, sl_partial[2] = {1, 0}, sl_ok[3] = {7, 1, 1};
    urnum_plan res;
    urnum_args a_bad = {&x, 1, NULL, 0, NULL, 0, sl_bad_tag, 3, URNUM_UNUM_REV_NONE};
    urnum_args a_part = {&x, 1, NULL, 0, NULL, 0, sl_partial, 2, URNUM_UNUM_REV_NONE};
    urnum_args a_ok = {&x, 1, NULL, 0, NULL, 0, sl_ok, 3, URNUM_UNUM_REV_NONE};
    memset(&res, SENTINEL, sizeof res);
    SCHECK("submatrix: unknown slice tag", urnum_la_exec(URNUM_LA_SUBMATRIX, 'n', &a_bad, o, none, &res, shp, 8),
           URNUM_CONTRACT);
    SCHECK("submatrix: a partial slice triple",
           urnum_la_exec(URNUM_LA_SUBMATRIX, 'n', &a_part, o, none, &res, shp, 8), URNUM_CONTRACT);
    /* x[1:1] of [1.0 2.0] is [2.0]. */
    SCHECK("submatrix control", urnum_la_exec(URNUM_LA_SUBMATRIX, 'n', &a_ok, o, none, &res, shp, 8), URNUM_OK);
    malformed_run++;
    if (res.out_bytes != 2 || buf[0] != 0x00 || buf[1] != 0x40 || res.ndim != 1 || shp[0] != 1) {
      malformed_fail++;
      printf("MALFORMED submatrix control: wrong result\n");
    }
  }

  /* Result forms of appended helper arms: dim-parts [~[2 3 4] 1] = [2 3 4] as a
     list of three 8-byte items; get-term of an @rd meta is the cord "rd". */
  {
    static uint64_t dp[4] = {1, 2, 3, 4};
    urnum_plan res;
    urnum_args a_dp = {NULL, 0, NULL, 0, NULL, 0, dp, 4, URNUM_UNUM_REV_NONE};
    SCHECK("dim-parts control", urnum_la_exec(URNUM_LA_DIM_PARTS, 'n', &a_dp, o, none, &res, shp, 8), URNUM_OK);
    uint64_t got[3] = {0, 0, 0};
    memcpy(got, buf, sizeof got);
    malformed_run++;
    if (res.form != URNUM_FORM_LIST || res.items != 3 || res.item_bytes != 8 || res.out_bytes != 24 ||
        got[0] != 2 || got[1] != 3 || got[2] != 4) {
      malformed_fail++;
      printf("MALFORMED dim-parts control: wrong result\n");
    }
    urnum_meta mrd = {sh2, 1, 6, URNUM_I754, URNUM_TAIL_NULL, 0, 0};
    urnum_args a_gt = {NULL, 0, &mrd, 1, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
    SCHECK("get-term control", urnum_la_exec(URNUM_LA_GET_TERM, 'n', &a_gt, o, none, &res, shp, 8), URNUM_OK);
    malformed_run++;
    if (res.form != URNUM_FORM_ATOM || res.out_bytes != 2 || buf[0] != 'r' || buf[1] != 'd') {
      malformed_fail++;
      printf("MALFORMED get-term control: wrong result\n");
    }
    /* get-item-number with a sap length past the ints: punt (a caller error the Hoon cannot see). */
    static uint64_t gin[3] = {5, 2, 3};
    urnum_args a_gin = {NULL, 0, NULL, 0, NULL, 0, gin, 3, URNUM_UNUM_REV_NONE};
    SCHECK("get-item-number: sap length past the ints",
           urnum_la_exec(URNUM_LA_GET_ITEM_NUMBER, 'n', &a_gin, o, none, &res, shp, 8), URNUM_PUNT);
  }

  /* ---- SoftBLAS ---- */
  {
    static const uint32_t xs[3] = {0x3f800000u, 0x40000000u, 0x40400000u};
    uint32_t d = 0x5a5a5a5au;
    const uint32_t D0 = 0x5a5a5a5au;
#define BCHECK(label, call, want, cond)                                        \
  do {                                                                         \
    urnum_status s_ = (call);                                                  \
    malformed_run++;                                                           \
    if (s_ != (want) || !(cond)) {                                             \
      malformed_fail++;                                                        \
      printf("MALFORMED %s: status %u, expected %u%s\n", label, (unsigned)s_, \
             (unsigned)(want), (cond) ? "" : ", output touched");              \
    }                                                                          \
  } while (0)
    BCHECK("sdot control: 1+4+9", urnum_sdot(3, xs, 1, xs, 1, 'n', &d), URNUM_OK, d == 0x41600000u);
    d = D0;
    BCHECK("sdot: NULL X with N 3", urnum_sdot(3, NULL, 1, xs, 1, 'n', &d), URNUM_CONTRACT, d == D0);
    BCHECK("sdot: NULL Y with N 3", urnum_sdot(3, xs, 1, NULL, 1, 'n', &d), URNUM_CONTRACT, d == D0);
    BCHECK("sdot: span overflows", urnum_sdot((uint64_t)1 << 62, xs, (int64_t)1 << 10, xs, 1, 'n', &d),
           URNUM_CONTRACT, d == D0);
    BCHECK("sdot: rounding 'q'", urnum_sdot(3, xs, 1, xs, 1, 'q', &d), URNUM_CONTRACT, d == D0);
    BCHECK("sdot: NULL out", urnum_sdot(3, xs, 1, xs, 1, 'n', NULL), URNUM_CONTRACT, 1);
    BCHECK("sdot: N 0 is +0", urnum_sdot(0, NULL, 1, NULL, 1, 'n', &d), URNUM_OK, d == 0);
    uint64_t dd = 0x5a5a5a5a5a5a5a5aULL;
    const uint64_t DD0 = dd;
    BCHECK("ddot: NULL X with N 2", urnum_ddot(2, NULL, 1, &dd, 1, 'n', &dd), URNUM_CONTRACT, dd == DD0);
    urnum_f128 q = {{DD0, DD0}};
    BCHECK("qdot: span overflows", urnum_qdot(3, &q, INT64_MIN, &q, 1, 'n', &q), URNUM_CONTRACT,
           q.v[0] == DD0 && q.v[1] == DD0);
    urnum_c64 z = {DD0, DD0};
    BCHECK("zdotc: NULL CY", urnum_zdotc(1, &z, 1, NULL, 1, 'n', &z), URNUM_CONTRACT,
           z.real == DD0 && z.imag == DD0);
    /* dgemm: A 2x2, B 2x2, C 2x2 sentinel-filled. */
    uint64_t A[4] = {0x3ff0000000000000ULL, 0, 0, 0x3ff0000000000000ULL}, C[6];
    const uint64_t ONE = 0x3ff0000000000000ULL;
#define CFILL() memset(C, SENTINEL, sizeof C)
#define CUNTOUCHED() untouched((uint8_t *)C, sizeof C)
    CFILL();
    BCHECK("dgemm: transpose code 'X'", urnum_dgemm('X', 'N', 2, 2, 2, ONE, A, 2, A, 2, 0, C, 2, 'n'),
           URNUM_CONTRACT, CUNTOUCHED());
    CFILL();
    BCHECK("dgemm: transpose 'C' of real elements", urnum_dgemm('C', 'N', 2, 2, 2, ONE, A, 2, A, 2, 0, C, 2, 'n'),
           URNUM_CONTRACT, CUNTOUCHED());
    CFILL();
    BCHECK("dgemm: NULL A", urnum_dgemm('N', 'N', 2, 2, 2, ONE, NULL, 2, A, 2, 0, C, 2, 'n'), URNUM_CONTRACT,
           CUNTOUCHED());
    CFILL();
    BCHECK("dgemm: sizes overflow",
           urnum_dgemm('N', 'N', (uint64_t)1 << 40, 2, (uint64_t)1 << 40, ONE, A, 2, A, (uint64_t)1 << 40, 0, C,
                       (uint64_t)1 << 40, 'n'),
           URNUM_CONTRACT, CUNTOUCHED());
    CFILL();
    BCHECK("dgemm: rounding 'q'", urnum_dgemm('N', 'N', 2, 2, 2, ONE, A, 2, A, 2, 0, C, 2, 'q'), URNUM_CONTRACT,
           CUNTOUCHED());
    uint64_t Y[3];
    memset(Y, SENTINEL, sizeof Y);
    BCHECK("daxpy: NULL DX", urnum_daxpy(3, ONE, NULL, 1, Y, 1, 'n'), URNUM_CONTRACT,
           untouched((uint8_t *)Y, sizeof Y));
    BCHECK("daxpy: NULL DY", urnum_daxpy(3, ONE, A, 1, NULL, 1, 'n'), URNUM_CONTRACT, 1);
    BCHECK("daxpy: rounding 'q'", urnum_daxpy(3, ONE, A, 1, Y, 1, 'q'), URNUM_CONTRACT,
           untouched((uint8_t *)Y, sizeof Y));
  }

  /* ---- /lib/math ---- */
  {
    uint8_t q[16], a16[32];
    memset(a16, 0, sizeof a16);
#define MCHK(label, call, want)                    \
  do {                                             \
    memset(q, SENTINEL, sizeof q);                 \
    expect_status(label, (call), want, q, sizeof q); \
  } while (0)
    MCHK("math: bloq 8", urnum_math(URNUM_MATH_EXP, 8, 'n', NULL, NULL, a16, 1, q), URNUM_CONTRACT);
    MCHK("math: NULL args with n_args 2", urnum_math(URNUM_MATH_ADD, 6, 'n', NULL, NULL, NULL, 2, q),
         URNUM_CONTRACT);
    MCHK("math: n_args 2^32-1", urnum_math(URNUM_MATH_ADD, 6, 'n', NULL, NULL, a16, UINT32_MAX, q),
         URNUM_CONTRACT);
    MCHK("math: unknown op 0", urnum_math(0, 6, 'n', NULL, NULL, a16, 1, q), URNUM_CONTRACT);
    MCHK("math: rounding 'q'", urnum_math(URNUM_MATH_ADD, 6, 'q', NULL, NULL, a16, 2, q), URNUM_PUNT);
    malformed_run++;
    if (urnum_math(URNUM_MATH_ADD, 6, 'n', NULL, NULL, a16, 2, NULL) != URNUM_CONTRACT) {
      malformed_fail++;
      printf("MALFORMED math: NULL out\n");
    }
    MCHK("math control: pi:rd", urnum_math(URNUM_MATH_PI, 6, 'n', NULL, NULL, NULL, 0, q), URNUM_OK);
    malformed_run++;
    {
      uint64_t pi = 0;
      memcpy(&pi, q, 8);
      if (pi != 0x400921fb54442d18ULL) {
        malformed_fail++;
        printf("MALFORMED math control: pi:rd bits %016llx\n", (unsigned long long)pi);
      }
    }
  }

  /* ---- element kinds (urnum_scalar) ---- */
  {
    size_t n = 77;
    uint8_t five = 5, seven = 7;
    urnum_bytes b5 = {&five, 1}, b7 = {&seven, 1}, bnull = {NULL, 2};
    urnum_out so = {buf, sizeof buf}, s0 = {buf, 0}, snull = {NULL, 8};
#define XCHK(label, call, want)                                              \
  do {                                                                       \
    memset(buf, SENTINEL, sizeof buf);                                       \
    n = 77;                                                                  \
    expect_status(label, (call), want, buf, sizeof buf);                     \
    if ((want) != URNUM_OK && n != 77) {                                     \
      malformed_fail++;                                                      \
      printf("MALFORMED %s: out_len touched\n", label);                      \
    }                                                                        \
  } while (0)
    XCHK("scalar control: 5 + 7 uint bloq 3", urnum_scalar(URNUM_UINT, 3, 0, 0, URNUM_SC_ADD, 'n', b5, b7, so, &n),
         URNUM_OK);
    malformed_run++;
    if (n != 1 || buf[0] != 12) { malformed_fail++; printf("MALFORMED scalar control: wrong result\n"); }
    XCHK("scalar: unknown op", urnum_scalar(URNUM_UINT, 3, 0, 0, 999, 'n', b5, b7, so, &n), URNUM_CONTRACT);
    XCHK("scalar: NULL x with a length", urnum_scalar(URNUM_UINT, 3, 0, 0, URNUM_SC_ADD, 'n', bnull, b7, so, &n),
         URNUM_CONTRACT);
    XCHK("scalar: NULL y with a length", urnum_scalar(URNUM_UINT, 3, 0, 0, URNUM_SC_ADD, 'n', b5, bnull, so, &n),
         URNUM_CONTRACT);
    XCHK("scalar: out too small", urnum_scalar(URNUM_UINT, 3, 0, 0, URNUM_SC_ADD, 'n', b5, b7, s0, &n),
         URNUM_CONTRACT);
    XCHK("scalar: NULL out with a capacity",
         urnum_scalar(URNUM_UINT, 3, 0, 0, URNUM_SC_ADD, 'n', b5, b7, snull, &n), URNUM_CONTRACT);
    XCHK("scalar: rounding 'a'", urnum_scalar(URNUM_UINT, 3, 0, 0, URNUM_SC_ADD, 'a', b5, b7, so, &n), URNUM_PUNT);
    XCHK("scalar: i754 bloq 3 (?+ bloq !!)", urnum_scalar(URNUM_I754, 3, 0, 0, URNUM_SC_ADD, 'n', b5, b7, so, &n),
         URNUM_CRASH);
    XCHK("scalar: unknown kind 200", urnum_scalar(200, 3, 0, 0, URNUM_SC_ADD, 'n', b5, b7, so, &n), URNUM_CONTRACT);
    malformed_run++;
    if (urnum_scalar(URNUM_UINT, 3, 0, 0, URNUM_SC_ADD, 'n', b5, b7, so, NULL) != URNUM_CONTRACT) {
      malformed_fail++;
      printf("MALFORMED scalar: NULL out_len\n");
    }
  }
}
