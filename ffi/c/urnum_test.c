/*
 * C test of the urnum ABI, compiled with the system cc against include/urnum.h
 * and liburnum_ffi.a by ffi/tests/c_abi.rs.
 *
 * 1. Golden vectors: argv[1] is a test-data file written by the Rust test from
 *    the vectors/ JSONL files (format below). Every record is run through the ABI and
 *    the status, the result description, the shape and the bytes are compared.
 *    Lagoon records run plan, then exec into a buffer of exactly plan.out_bytes,
 *    then exec again with one byte less (must be URNUM_CONTRACT, buffer untouched).
 * 2. Malformed inputs: hand-written calls that must return a documented status
 *    and leave every output untouched.
 *
 * Output: one line per mismatch, then
 *   SUMMARY lagoon_run=N lagoon_ok=N lagoon_punt=N math_run=N math_ok=N math_punt=N
 *           scalar_run=N scalar_ok=N scalar_punt=N saloon_run=N saloon_ok=N saloon_punt=N
 *           blas_run=N blas_ok=N mismatch=N malformed_run=N malformed_fail=N
 * Exit status 0 when there is no mismatch and no malformed failure.
 *
 * Data file (little-endian): "URNT" u32 version(2), then records:
 *   u8 tag ('L' Lagoon, 'M' math), u32 idlen, id bytes, then
 *   'L': u32 arm, u8 rnd, u8 expect(status), operands = u32 n_rays, rays, u32 n_metas, metas,
 *        u32 n_atoms, atoms (u64 len, bytes), u32 n_ints, u64 ints;
 *        u32 n_steps, post steps applied in order to the product: u8 code, and for
 *          'C' (a further Lagoon call, the value its first ray): u32 arm, u8 rnd,
 *          operands (without the value); 'H' the head of a list; 'N' its length; 'D' a ray's data
 *          atom (pin included); 'S' a ray's shape (a list of 8-byte items);
 *          'M' a ray's meta (compared alone); 'A' assert the atom is 0 (%.y), else a crash;
 *        if expect == OK: the final value: u8 form, then
 *          RAY/RAY_RAW: meta, u64 len, bytes    ATOM: u64 len, bytes
 *          LIST: u64 items, u32 item_bytes, u64 len, bytes    0xfe (a meta alone): meta
 *        ray = meta, u8 form, u64 len, bytes
 *        meta = u32 ndim, u64 shape[ndim], u8 bloq, u8 kind, u8 tail, u64 a, u64 b
 *   'M': u32 op, u8 bloq, u8 rnd, u8 expect, u8 has_tol, [16 rtol, 16 atol],
 *        u32 n_args, 16 bytes each, [16 bytes expected if expect == OK]
 *   'S': u8 kind, u8 bloq, u32 op, u8 expect, u64 len + x bytes, u64 len + y bytes,
 *        [u64 len + expected bytes if expect == OK]   (urnum_scalar, rounding 'n')
 *   'A': u32 arm, u8 rnd, u64 len + rtol bytes, u8 expect, operands and post steps as 'L';
 *        if expect == OK: u8 select (0xff: every part; else the one part it names,
 *        which the post steps start from), u32 n, n expected parts (u8 form, then
 *        as 'L'; with post steps, the one final value)       (urnum_sa_plan/exec)
 *   'B': u8 routine (1 sdot, 2 zdotc, 3 dgemm, 4 qdot), u8 rnd, u32 n, u64 ints[n],
 *        u32 m, m blobs (u64 len, bytes), u64 len + expected bytes (dgemm: C after)
 */
#include "urnum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 16
#define SENTINEL 0xA5

static const uint8_t *cur, *end;
static int truncated;

static void need(size_t n) {
  if ((size_t)(end - cur) < n) {
    truncated = 1;
    fprintf(stderr, "test data truncated\n");
    exit(2);
  }
}
static uint8_t rd8(void) { need(1); return *cur++; }
static uint32_t rd32(void) {
  need(4);
  uint32_t v = (uint32_t)cur[0] | (uint32_t)cur[1] << 8 | (uint32_t)cur[2] << 16 | (uint32_t)cur[3] << 24;
  cur += 4;
  return v;
}
static uint64_t rd64(void) {
  uint64_t lo = rd32();
  uint64_t hi = rd32();
  return lo | hi << 32;
}
static const uint8_t *rdbytes(size_t n) {
  need(n);
  const uint8_t *p = cur;
  cur += n;
  return p;
}

/* A meta and the storage of its shape. */
typedef struct {
  urnum_meta m;
  uint64_t shape[MAXN];
} meta_buf;

static void rdmeta(meta_buf *b) {
  uint32_t nd = rd32();
  if (nd > MAXN) { fprintf(stderr, "rank %u too large\n", nd); exit(2); }
  for (uint32_t i = 0; i < nd; i++) b->shape[i] = rd64();
  b->m.shape = b->shape;
  b->m.ndim = nd;
  b->m.bloq = rd8();
  b->m.kind = rd8();
  b->m.tail = rd8();
  b->m.fixp_a = rd64();
  b->m.fixp_b = rd64();
}

static long mismatches, lagoon_run, lagoon_ok, lagoon_punt, math_run, math_ok, math_punt;
static long malformed_run, malformed_fail, scalar_run, scalar_ok, scalar_punt;
static long saloon_run, saloon_ok, saloon_punt, blas_run, blas_ok;

static void mismatch(const char *id, const char *what) {
  mismatches++;
  printf("MISMATCH %s: %s\n", id, what);
}

/* Whether the status `s` of a plan or exec (`what`) ends the vector `id`: a
 * punt or the expected failure (counted in `punt`, `ok`), or a mismatch;
 * 0 for URNUM_OK, where the vector goes on. */
static int status_ends(urnum_status s, urnum_status expect, const char *what, const char *id, long *punt,
                     long *ok) {
  char why[256];
  if (s == URNUM_PUNT) { (*punt)++; return 1; }
  if (s == URNUM_OK) return 0;
  if (s == expect) { (*ok)++; return 1; }
  snprintf(why, sizeof why, "%s status %u, expected %u", what, (unsigned)s, (unsigned)expect);
  mismatch(id, why);
  return 1;
}

static int untouched(const uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != SENTINEL) return 0;
  return 1;
}

/* Field by field: padding bytes are not part of the description. */
static int same_description(const urnum_plan *a, const urnum_plan *b) {
  return a->form == b->form && a->bloq == b->bloq && a->kind == b->kind && a->tail == b->tail &&
         a->ndim == b->ndim && a->fixp_a == b->fixp_a && a->fixp_b == b->fixp_b &&
         a->out_bytes == b->out_bytes && a->pin_bit == b->pin_bit && a->items == b->items &&
         a->item_bytes == b->item_bytes && a->scratch_bytes == b->scratch_bytes;
}

/* The storage of one operand block. */
typedef struct {
  meta_buf rmeta[MAXN], metas[MAXN];
  urnum_ray rays[MAXN];
  urnum_meta mlist[MAXN];
  urnum_bytes atoms[MAXN];
  uint64_t ints[64];
} arg_buf;

/* Reads an operand block into `b`, its rays from index `first` on (the
   slots below are left for the caller: a post step's input). */
static urnum_args rdargs_into(arg_buf *b, uint32_t first) {
  uint32_t nr = rd32();
  if (nr + first > MAXN) exit(2);
  for (uint32_t i = first; i < nr + first; i++) {
    rdmeta(&b->rmeta[i]);
    b->rays[i].meta = b->rmeta[i].m;
    b->rays[i].form = rd8();
    b->rays[i].len = (size_t)rd64();
    b->rays[i].data = rdbytes(b->rays[i].len);
  }
  uint32_t nm = rd32();
  if (nm > MAXN) exit(2);
  for (uint32_t i = 0; i < nm; i++) {
    rdmeta(&b->metas[i]);
    b->mlist[i] = b->metas[i].m;
  }
  uint32_t na = rd32();
  if (na > MAXN) exit(2);
  for (uint32_t i = 0; i < na; i++) {
    b->atoms[i].len = (size_t)rd64();
    b->atoms[i].ptr = rdbytes(b->atoms[i].len);
  }
  uint32_t ni = rd32();
  if (ni > 64) exit(2);
  for (uint32_t i = 0; i < ni; i++) b->ints[i] = rd64();
  uint32_t rev = rd32();
  urnum_args args = {b->rays, nr + first, b->mlist, nm, b->atoms, na, b->ints, ni, rev};
  return args;
}

/* The operand block of an 'L' or 'A' record, in static storage. */
static urnum_args rdargs(void) {
  static arg_buf b;
  return rdargs_into(&b, 0);
}

/* One expected result: form, meta (rays) or item counts (lists), bytes. */
typedef struct {
  uint8_t form;
  meta_buf meta;
  uint64_t items;
  uint32_t item_bytes;
  size_t len;
  const uint8_t *bytes;
} expected_part;

/* The expected-part form of a meta alone (a post step's `meta` wing). */
#define FORM_META 0xfe

static void rdexpected(expected_part *e) {
  e->form = rd8();
  e->items = 0;
  e->item_bytes = 0;
  if (e->form == FORM_META) {
    rdmeta(&e->meta);
    e->len = 0;
    e->bytes = NULL;
    return;
  }
  if (e->form == URNUM_FORM_RAY || e->form == URNUM_FORM_RAY_RAW) rdmeta(&e->meta);
  if (e->form == URNUM_FORM_LIST) {
    e->items = rd64();
    e->item_bytes = rd32();
  }
  e->len = (size_t)rd64();
  e->bytes = rdbytes(e->len);
}

/* Compares a produced part (description, shape, bytes) with the expected one; 1 when equal. */
static int same_part(const char *id, const urnum_plan *res, const uint64_t *shape, const uint8_t *out,
                     const expected_part *e) {
  char why[256];
  if (e->form == FORM_META) {
    const urnum_meta *m = &e->meta.m;
    if ((res->form != URNUM_FORM_RAY && res->form != URNUM_FORM_RAY_RAW) || res->bloq != m->bloq ||
        res->kind != m->kind || res->tail != m->tail || res->ndim != m->ndim || res->fixp_a != m->fixp_a ||
        res->fixp_b != m->fixp_b || memcmp(shape, e->meta.shape, sizeof(uint64_t) * res->ndim) != 0) {
      mismatch(id, "meta differs");
      return 0;
    }
    return 1;
  }
  if (res->form != e->form) {
    snprintf(why, sizeof why, "form %u, expected %u", res->form, e->form);
    mismatch(id, why);
    return 0;
  }
  if (e->form == URNUM_FORM_RAY || e->form == URNUM_FORM_RAY_RAW) {
    const urnum_meta *m = &e->meta.m;
    if (res->bloq != m->bloq || res->kind != m->kind || res->tail != m->tail || res->ndim != m->ndim ||
        res->fixp_a != m->fixp_a || res->fixp_b != m->fixp_b ||
        memcmp(shape, e->meta.shape, sizeof(uint64_t) * res->ndim) != 0) {
      mismatch(id, "result meta differs");
      return 0;
    }
  }
  if (e->form == URNUM_FORM_LIST && (res->items != e->items || res->item_bytes != e->item_bytes)) {
    mismatch(id, "list shape differs");
    return 0;
  }
  if (res->out_bytes != e->len || memcmp(out, e->bytes, e->len) != 0) {
    snprintf(why, sizeof why, "bytes differ (%zu vs %zu expected)", res->out_bytes, e->len);
    mismatch(id, why);
    return 0;
  }
  return 1;
}

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

static void lagoon_record(const char *id) {
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
static void saloon_record(const char *id) {
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
static void blas_record(const char *id) {
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

static void math_record(const char *id) {
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

static void scalar_record(const char *id) {
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

/* ---- malformed inputs ---------------------------------------------------- */

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

static void malformed(void) {
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
static void malformed_more(void) {
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

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s TESTDATA\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *data = malloc((size_t)size + 1);
  if (fread(data, 1, (size_t)size, f) != (size_t)size) { perror("read"); return 2; }
  fclose(f);
  cur = data;
  end = data + size;
  if (memcmp(rdbytes(4), "URNT", 4) != 0 || rd32() != 3) { fprintf(stderr, "bad test data\n"); return 2; }
  char id[512];
  while (cur < end) {
    uint8_t tag = rd8();
    uint32_t idlen = rd32();
    const uint8_t *idp = rdbytes(idlen);
    size_t k = idlen < sizeof id - 1 ? idlen : sizeof id - 1;
    memcpy(id, idp, k);
    id[k] = 0;
    if (tag == 'L') lagoon_record(id);
    else if (tag == 'M') math_record(id);
    else if (tag == 'S') scalar_record(id);
    else if (tag == 'A') saloon_record(id);
    else if (tag == 'B') blas_record(id);
    else { fprintf(stderr, "bad record tag %u\n", tag); return 2; }
  }
  malformed();
  malformed_more();
  printf("SUMMARY lagoon_run=%ld lagoon_ok=%ld lagoon_punt=%ld math_run=%ld math_ok=%ld math_punt=%ld "
         "scalar_run=%ld scalar_ok=%ld scalar_punt=%ld saloon_run=%ld saloon_ok=%ld saloon_punt=%ld "
         "blas_run=%ld blas_ok=%ld mismatch=%ld malformed_run=%ld malformed_fail=%ld\n",
         lagoon_run, lagoon_ok, lagoon_punt, math_run, math_ok, math_punt, scalar_run, scalar_ok, scalar_punt,
         saloon_run, saloon_ok, saloon_punt, blas_run, blas_ok, mismatches, malformed_run, malformed_fail);
  free(data);
  return (mismatches == 0 && malformed_fail == 0) ? 0 : 1;
}
