/*
 * The golden-vector records of the ABI's C test program, one function per
 * record tag (format: urnum_test.c): each runs its calls through the ABI and
 * compares statuses, descriptions, shapes and bytes with the record's.
 */
#include "urnum_test.h"

/* A post step: a further Lagoon call on the value (its ray first), or a
   projection of it. */
#define MAXSTEPS 4
typedef struct {
  uint8_t code; /* 'C' call, 'H' head of a list, 'N' a list's length, 'D' a ray's data
                   atom, 'S' its shape, 'M' its meta, 'A' assert the value is %.y (0) else crash */
  uint32_t arm;
  uint8_t rnd;
  arg_buf *buf;
  urnum_args args;
} step;

/* A value a chain carries: its description, shape and bytes (malloc'd). */
typedef struct {
  urnum_plan plan;
  uint64_t shape[MAXN];
  uint8_t *bytes;
} value;

static size_t trimmed(const uint8_t *p, size_t n) {
  while (n > 0 && p[n - 1] == 0) n--;
  return n;
}

/* Replaces `v` by the atom of the `n` bytes at `p` (copied; trailing zeros dropped). */
static void set_atom(value *v, const uint8_t *p, size_t n) {
  n = trimmed(p, n);
  uint8_t *b = malloc(n + 1);
  if (n) memcpy(b, p, n);
  free(v->bytes);
  v->bytes = b;
  memset(&v->plan, 0, sizeof v->plan);
  v->plan.form = URNUM_FORM_ATOM;
  v->plan.out_bytes = n;
}

/* Plans, then executes arm on args into a fresh buffer of exactly the planned
   size; checks that plan and exec agree. URNUM_OK with `*v` replaced, or the
   status; a disagreement is reported and gives URNUM_CONTRACT. */
static urnum_status run_into(const char *id, uint32_t arm, uint8_t rnd, const urnum_args *args, value *v) {
  urnum_plan plan, res;
  uint64_t pshape[MAXN];
  value nv;
  urnum_status s = urnum_la_plan(arm, rnd, args, &plan, pshape, MAXN);
  if (s != URNUM_OK) return s;
  nv.bytes = malloc(plan.out_bytes + 1);
  urnum_out o = {nv.bytes, plan.out_bytes}, none = {NULL, 0};
  s = urnum_la_exec(arm, rnd, args, o, none, &res, nv.shape, MAXN);
  if (s != URNUM_OK) { free(nv.bytes); return s; }
  if (!same_description(&plan, &res) || memcmp(pshape, nv.shape, sizeof(uint64_t) * res.ndim) != 0) {
    mismatch(id, "post step: plan and exec describe different results");
    free(nv.bytes);
    return URNUM_CONTRACT;
  }
  nv.plan = res;
  free(v->bytes);
  *v = nv;
  return URNUM_OK;
}

/* Applies one post step to `v`: URNUM_OK, the failing call's status, or
   URNUM_CRASH for a failed assert; a step the value's form does not allow is
   reported and gives URNUM_CONTRACT. */
static urnum_status apply_step(const char *id, step *st, value *v) {
  const urnum_plan *p = &v->plan;
  int is_ray = p->form == URNUM_FORM_RAY || p->form == URNUM_FORM_RAY_RAW;
  switch (st->code) {
  case 'C': {
    if (!is_ray) break;
    urnum_meta m = {v->shape, p->ndim, p->bloq, p->kind, p->tail, p->fixp_a, p->fixp_b};
    urnum_ray r = {m, v->bytes, p->out_bytes, p->form == URNUM_FORM_RAY ? URNUM_DATA_ELEMS : URNUM_DATA_ATOM};
    st->buf->rays[0] = r;
    return run_into(id, st->arm, st->rnd, &st->args, v);
  }
  case 'H':
    if (p->form != URNUM_FORM_LIST || p->items == 0) break;
    set_atom(v, v->bytes, p->item_bytes);
    return URNUM_OK;
  case 'D': {
    if (!is_ray) break;
    if (p->form == URNUM_FORM_RAY_RAW) {
      set_atom(v, v->bytes, p->out_bytes);
      return URNUM_OK;
    }
    size_t n = (size_t)(p->pin_bit / 8) + 1;
    uint8_t *d = calloc(n, 1);
    memcpy(d, v->bytes, p->out_bytes);
    d[p->pin_bit / 8] |= (uint8_t)(1u << (p->pin_bit % 8));
    set_atom(v, d, n);
    free(d);
    return URNUM_OK;
  }
  case 'S': {
    if (!is_ray) break;
    uint32_t nd = p->ndim;
    uint8_t *b = malloc(8 * (size_t)nd + 1);
    for (uint32_t i = 0; i < nd; i++)
      for (int k = 0; k < 8; k++) b[8 * i + k] = (uint8_t)(v->shape[i] >> (8 * k));
    free(v->bytes);
    v->bytes = b;
    memset(&v->plan, 0, sizeof v->plan);
    v->plan.form = URNUM_FORM_LIST;
    v->plan.items = nd;
    v->plan.item_bytes = 8;
    v->plan.out_bytes = 8 * (size_t)nd;
    return URNUM_OK;
  }
  case 'M':
    if (!is_ray) break;
    return URNUM_OK;
  case 'N': {
    if (p->form != URNUM_FORM_LIST) break;
    uint8_t n8[8];
    for (int k = 0; k < 8; k++) n8[k] = (uint8_t)(p->items >> (8 * k));
    set_atom(v, n8, 8);
    return URNUM_OK;
  }
  case 'A':
    if (p->form != URNUM_FORM_ATOM) break;
    return trimmed(v->bytes, p->out_bytes) == 0 ? URNUM_OK : URNUM_CRASH;
  }
  char why[64];
  snprintf(why, sizeof why, "post step '%c' on a value of form %u", st->code, p->form);
  mismatch(id, why);
  return URNUM_CONTRACT;
}

/* Reads a record's post steps (u32 count, then the steps) into `steps`, their
   operands into `bufs`; returns the count. */
static uint32_t rd_steps(step *steps, arg_buf *bufs) {
  uint32_t nsteps = rd32();
  if (nsteps > MAXSTEPS) exit(2);
  for (uint32_t i = 0; i < nsteps; i++) {
    steps[i].code = rd8();
    if (steps[i].code == 'C') {
      steps[i].arm = rd32();
      steps[i].rnd = rd8();
      steps[i].buf = &bufs[i];
      steps[i].args = rdargs_into(&bufs[i], 1);
    }
  }
  return nsteps;
}

void lagoon_record(const char *id) {
  static arg_buf bufs[MAXSTEPS];
  uint32_t arm = rd32();
  uint8_t rnd = rd8();
  uint8_t expect = rd8();
  urnum_args args = rdargs();
  step steps[MAXSTEPS];
  uint32_t nsteps = rd_steps(steps, bufs);
  expected_part want;
  if (expect == URNUM_OK) rdexpected(&want);
  urnum_plan plan, res;
  uint64_t pshape[MAXN], xshape[MAXN];
  char why[256];
  lagoon_run++;

  memset(&plan, SENTINEL, sizeof plan);
  urnum_status s = urnum_la_plan(arm, rnd, &args, &plan, pshape, MAXN);
  if (status_ends(s, expect, "plan", id, &lagoon_punt, &lagoon_ok)) return;
  size_t cap = plan.out_bytes;
  uint8_t *out = malloc(cap + 8);
  memset(out, SENTINEL, cap + 8);
  memset(&res, SENTINEL, sizeof res);
  urnum_out o = {out, cap};
  urnum_out none = {NULL, 0};
  s = urnum_la_exec(arm, rnd, &args, o, none, &res, xshape, MAXN);
  if (status_ends(s, expect, "exec", id, &lagoon_punt, &lagoon_ok)) {
    if (!untouched(out, cap + 8)) mismatch(id, "exec wrote its buffer on a non-OK status");
    free(out);
    return;
  }
  if (expect != URNUM_OK && nsteps == 0) {
    snprintf(why, sizeof why, "exec OK, expected status %u", (unsigned)expect);
    mismatch(id, why);
    free(out);
    return;
  }
  int bad = 0;
  if (!same_description(&plan, &res)) { mismatch(id, "plan and exec describe different results"); bad = 1; }
  if (!bad && memcmp(pshape, xshape, sizeof(uint64_t) * res.ndim) != 0) {
    mismatch(id, "plan and exec give different shapes");
    bad = 1;
  }
  if (!untouched(out + cap, 8)) { mismatch(id, "exec wrote past out_bytes"); bad = 1; }
  /* The post steps, on a copy of the product. */
  value v;
  v.plan = res;
  memcpy(v.shape, xshape, sizeof xshape);
  v.bytes = malloc(cap + 1);
  memcpy(v.bytes, out, cap);
  urnum_status cs = URNUM_OK;
  for (uint32_t i = 0; !bad && cs == URNUM_OK && i < nsteps; i++) cs = apply_step(id, &steps[i], &v);
  if (!bad && cs == URNUM_CONTRACT) bad = 1;
  if (!bad && cs == URNUM_PUNT) {
    lagoon_punt++;
    free(v.bytes);
    free(out);
    return;
  }
  if (!bad && cs != expect) {
    snprintf(why, sizeof why, "status %u after the post steps, expected %u", (unsigned)cs, (unsigned)expect);
    mismatch(id, why);
    bad = 1;
  }
  if (!bad && cs == URNUM_OK && !same_part(id, &v.plan, v.shape, v.bytes, &want)) bad = 1;
  free(v.bytes);
  /* One byte short: URNUM_CONTRACT and nothing written. */
  if (cap > 0) {
    urnum_plan res2;
    memset(out, SENTINEL, cap + 8);
    memset(&res2, SENTINEL, sizeof res2);
    urnum_out shorter = {out, cap - 1};
    s = urnum_la_exec(arm, rnd, &args, shorter, none, &res2, xshape, MAXN);
    if (s != URNUM_CONTRACT) { mismatch(id, "short buffer not URNUM_CONTRACT"); bad = 1; }
    if (!untouched(out, cap + 8) || !untouched((uint8_t *)&res2, sizeof res2)) {
      mismatch(id, "short buffer: output touched");
      bad = 1;
    }
  }
  if (!bad) lagoon_ok++;
  free(out);
}

/* A Saloon record: plan, exec into exactly the planned bytes, compare every
   part (or the one part `select` names), then exec one byte short. */
void saloon_record(const char *id) {
  uint32_t arm = rd32();
  uint8_t rnd = rd8();
  urnum_bytes rtol;
  rtol.len = (size_t)rd64();
  rtol.ptr = rdbytes(rtol.len);
  uint8_t expect = rd8();
  urnum_args args = rdargs();
  static arg_buf bufs[MAXSTEPS];
  step steps[MAXSTEPS];
  uint32_t nsteps = rd_steps(steps, bufs);
  uint8_t select = 0xff;
  uint32_t nwant = 0;
  static expected_part want[URNUM_SA_MAX_PARTS];
  if (expect == URNUM_OK) {
    select = rd8();
    nwant = rd32();
    if (nwant > URNUM_SA_MAX_PARTS) exit(2);
    for (uint32_t i = 0; i < nwant; i++) rdexpected(&want[i]);
  }
  urnum_plan plan[URNUM_SA_MAX_PARTS], res[URNUM_SA_MAX_PARTS];
  uint64_t pshape[4 * MAXN], xshape[4 * MAXN];
  uint32_t np = 0, nx = 0;
  char why[256];
  saloon_run++;
  urnum_status s = urnum_sa_plan(arm, rnd, rtol, &args, plan, URNUM_SA_MAX_PARTS, &np, pshape, 4 * MAXN);
  if (status_ends(s, expect, "sa plan", id, &saloon_punt, &saloon_ok)) return;
  size_t cap = 0;
  for (uint32_t i = 0; i < np; i++) cap += plan[i].out_bytes;
  uint8_t *out = malloc(cap + 8);
  memset(out, SENTINEL, cap + 8);
  urnum_out o = {out, cap}, none = {NULL, 0};
  s = urnum_sa_exec(arm, rnd, rtol, &args, o, none, res, URNUM_SA_MAX_PARTS, &nx, xshape, 4 * MAXN);
  if (status_ends(s, expect, "sa exec", id, &saloon_punt, &saloon_ok)) {
    if (!untouched(out, cap + 8)) mismatch(id, "sa exec wrote its buffer on a non-OK status");
    free(out);
    return;
  }
  int bad = 0;
  if (expect != URNUM_OK && nsteps == 0) { mismatch(id, "sa exec OK, expected a crash"); bad = 1; }
  if (!bad && np != nx) { mismatch(id, "plan and exec give different part counts"); bad = 1; }
  size_t off = 0, soff = 0;
  for (uint32_t i = 0; !bad && i < nx; i++) {
    if (!same_description(&plan[i], &res[i]) ||
        memcmp(pshape + soff, xshape + soff, sizeof(uint64_t) * res[i].ndim) != 0) {
      mismatch(id, "plan and exec describe different parts");
      bad = 1;
      break;
    }
    const expected_part *e = NULL;
    if (nsteps > 0) {
      /* The selected part starts the chain of post steps. */
      if (select == i) {
        value v;
        v.plan = res[i];
        memcpy(v.shape, xshape + soff, sizeof(uint64_t) * (res[i].ndim < MAXN ? res[i].ndim : MAXN));
        v.bytes = malloc(res[i].out_bytes + 1);
        memcpy(v.bytes, out + off, res[i].out_bytes);
        urnum_status cs = URNUM_OK;
        for (uint32_t k = 0; cs == URNUM_OK && k < nsteps; k++) cs = apply_step(id, &steps[k], &v);
        if (cs == URNUM_CONTRACT) bad = 1;
        else if (cs != expect) {
          snprintf(why, sizeof why, "status %u after the post steps, expected %u", (unsigned)cs, (unsigned)expect);
          mismatch(id, why);
          bad = 1;
        } else if (cs == URNUM_OK && !same_part(id, &v.plan, v.shape, v.bytes, &want[0])) bad = 1;
        free(v.bytes);
      }
    } else if (select == 0xff) {
      if (nwant != nx) { mismatch(id, "part count differs from the expected"); bad = 1; break; }
      e = &want[i];
    } else if (select == i) {
      e = &want[0];
    }
    if (e && !same_part(id, &res[i], xshape + soff, out + off, e)) bad = 1;
    off += res[i].out_bytes;
    soff += res[i].ndim;
  }
  if (!bad && select != 0xff && select >= nx) { mismatch(id, "selected part missing"); bad = 1; }
  if (!untouched(out + cap, 8)) { mismatch(id, "sa exec wrote past the planned bytes"); bad = 1; }
  if (!bad && cap > 0) {
    uint32_t n2 = 77;
    memset(out, SENTINEL, cap + 8);
    memset(res, SENTINEL, sizeof res);
    urnum_out shorter = {out, cap - 1};
    s = urnum_sa_exec(arm, rnd, rtol, &args, shorter, none, res, URNUM_SA_MAX_PARTS, &n2, xshape, 4 * MAXN);
    if (s != URNUM_CONTRACT || n2 != 77 || !untouched(out, cap + 8) ||
        !untouched((uint8_t *)res, sizeof res)) {
      mismatch(id, "sa short buffer: not URNUM_CONTRACT or output touched");
      bad = 1;
    }
  }
  if (!bad) saloon_ok++;
  free(out);
}

/* A SoftBLAS record: routine, rounding, ints, input blobs, expected bytes. */
void blas_record(const char *id) {
  uint8_t routine = rd8(), rnd = rd8();
  int64_t v[16];
  const uint8_t *blob[4];
  size_t blen[4];
  uint32_t ni = rd32(), nb;
  if (ni > 16) exit(2);
  for (uint32_t i = 0; i < ni; i++) v[i] = (int64_t)rd64();
  nb = rd32();
  if (nb > 4) exit(2);
  for (uint32_t i = 0; i < nb; i++) {
    blen[i] = (size_t)rd64();
    blob[i] = rdbytes(blen[i]);
  }
  size_t wlen = (size_t)rd64();
  const uint8_t *want = rdbytes(wlen);
  /* Inputs copied to aligned buffers; one SENTINEL word past the end of each. */
  uint8_t *in[4];
  for (uint32_t i = 0; i < nb; i++) {
    in[i] = aligned_alloc(16, (blen[i] + 16 + 15) / 16 * 16);
    memcpy(in[i], blob[i], blen[i]);
    memset(in[i] + blen[i], SENTINEL, 16);
  }
  uint8_t got[256];
  memset(got, SENTINEL, sizeof got);
  urnum_status s = URNUM_CONTRACT;
  const uint8_t *res = got;
  blas_run++;
  if (routine == 1)
    s = urnum_sdot((uint64_t)v[0], (const uint32_t *)in[0], v[1], (const uint32_t *)in[1], v[2], rnd,
                   (uint32_t *)got);
  else if (routine == 2)
    s = urnum_zdotc((uint64_t)v[0], (const urnum_c64 *)in[0], v[1], (const urnum_c64 *)in[1], v[2], rnd,
                    (urnum_c64 *)got);
  else if (routine == 4)
    s = urnum_qdot((uint64_t)v[0], (const urnum_f128 *)in[0], v[1], (const urnum_f128 *)in[1], v[2], rnd,
                   (urnum_f128 *)got);
  else if (routine == 3) {
    s = urnum_dgemm((char)v[0], (char)v[1], (uint64_t)v[2], (uint64_t)v[3], (uint64_t)v[4], (uint64_t)v[5],
                    (const uint64_t *)in[0], (uint64_t)v[6], (const uint64_t *)in[1], (uint64_t)v[7],
                    (uint64_t)v[8], (uint64_t *)in[2], (uint64_t)v[9], rnd);
    res = in[2];
  }
  if (s != URNUM_OK) mismatch(id, "blas status not OK");
  else if (memcmp(res, want, wlen) != 0) mismatch(id, "blas bits differ");
  else if (res != got && !untouched(in[2] + blen[2], 16)) mismatch(id, "blas wrote past C");
  else blas_ok++;
  for (uint32_t i = 0; i < nb; i++) free(in[i]);
}

void math_record(const char *id) {
  uint32_t op = rd32();
  uint8_t bloq = rd8(), rnd = rd8(), expect = rd8(), has_tol = rd8();
  const uint8_t *rtol = NULL, *atol = NULL;
  if (has_tol) {
    rtol = rdbytes(16);
    atol = rdbytes(16);
  }
  uint32_t n = rd32();
  const uint8_t *xs = rdbytes(16 * (size_t)n);
  const uint8_t *want = expect == URNUM_OK ? rdbytes(16) : NULL;
  uint8_t out[16];
  char why[128];
  math_run++;
  memset(out, SENTINEL, sizeof out);
  urnum_status s = urnum_math(op, bloq, rnd, rtol, atol, xs, n, out);
  if (s == URNUM_PUNT) { math_punt++; return; }
  if (s != expect) {
    snprintf(why, sizeof why, "math status %u, expected %u", (unsigned)s, (unsigned)expect);
    mismatch(id, why);
    return;
  }
  if (s != URNUM_OK) {
    if (!untouched(out, 16)) mismatch(id, "math wrote out on a non-OK status");
    else math_ok++;
    return;
  }
  if (memcmp(out, want, 16) != 0) { mismatch(id, "math bits differ"); return; }
  /* The named entries of the jetted arms must agree with the generic one. */
  if (!has_tol && op == URNUM_MATH_EXP && n == 1) {
    uint64_t x = 0, o = 0, w = 0;
    memcpy(&x, xs, 8);
    memcpy(&w, want, 8);
    urnum_status t = URNUM_OK;
    if (bloq == 6) t = urnum_rd_exp(x, rnd, &o);
    else if (bloq == 5) { uint32_t o32 = 0; t = urnum_rs_exp((uint32_t)x, rnd, &o32); o = o32; }
    else if (bloq == 4) { uint16_t o16 = 0; t = urnum_rh_exp((uint16_t)x, rnd, &o16); o = o16; }
    else { uint8_t q[16]; t = urnum_rq_exp(xs, rnd, q); memcpy(&o, q, 8); }
    if (t != URNUM_OK || o != w) { mismatch(id, "named exp entry differs from urnum_math"); return; }
  }
  math_ok++;
}

void scalar_record(const char *id) {
  uint8_t kind = rd8(), bloq = rd8();
  uint32_t op = rd32();
  uint8_t expect = rd8();
  urnum_bytes x, y;
  x.len = (size_t)rd64();
  x.ptr = rdbytes(x.len);
  y.len = (size_t)rd64();
  y.ptr = rdbytes(y.len);
  size_t wlen = 0;
  const uint8_t *want = NULL;
  if (expect == URNUM_OK) {
    wlen = (size_t)rd64();
    want = rdbytes(wlen);
  }
  uint8_t out[64];
  size_t n = 0;
  urnum_out o = {out, sizeof out};
  scalar_run++;
  memset(out, SENTINEL, sizeof out);
  urnum_status s = urnum_scalar(kind, bloq, 0, 0, op, 'n', x, y, o, &n);
  if (s == URNUM_PUNT) { scalar_punt++; return; }
  if (s != expect) { mismatch(id, "scalar status differs"); return; }
  if (s != URNUM_OK) {
    if (!untouched(out, sizeof out)) mismatch(id, "scalar wrote out on a non-OK status");
    else scalar_ok++;
    return;
  }
  if (n != wlen || memcmp(out, want, wlen) != 0) { mismatch(id, "scalar bytes differ"); return; }
  scalar_ok++;
}
