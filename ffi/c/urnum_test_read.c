/*
 * The test-data reader of the ABI's C test program (format: urnum_test.c) and
 * the comparisons of a produced result with an expected one.
 */
#include "urnum_test.h"

const uint8_t *cur, *end;
static int truncated;

static void need(size_t n) {
  if ((size_t)(end - cur) < n) {
    truncated = 1;
    fprintf(stderr, "test data truncated\n");
    exit(2);
  }
}
uint8_t rd8(void) { need(1); return *cur++; }
uint32_t rd32(void) {
  need(4);
  uint32_t v = (uint32_t)cur[0] | (uint32_t)cur[1] << 8 | (uint32_t)cur[2] << 16 | (uint32_t)cur[3] << 24;
  cur += 4;
  return v;
}
uint64_t rd64(void) {
  uint64_t lo = rd32();
  uint64_t hi = rd32();
  return lo | hi << 32;
}
const uint8_t *rdbytes(size_t n) {
  need(n);
  const uint8_t *p = cur;
  cur += n;
  return p;
}


void rdmeta(meta_buf *b) {
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

long mismatches, lagoon_run, lagoon_ok, lagoon_punt, math_run, math_ok, math_punt;
long malformed_run, malformed_fail, scalar_run, scalar_ok, scalar_punt;
long saloon_run, saloon_ok, saloon_punt, blas_run, blas_ok;

void mismatch(const char *id, const char *what) {
  mismatches++;
  printf("MISMATCH %s: %s\n", id, what);
}

/* Whether the status `s` of a plan or exec (`what`) ends the vector `id`: a
 * punt or the expected failure (counted in `punt`, `ok`), or a mismatch;
 * 0 for URNUM_OK, where the vector goes on. */
int status_ends(urnum_status s, urnum_status expect, const char *what, const char *id, long *punt,
                     long *ok) {
  char why[256];
  if (s == URNUM_PUNT) { (*punt)++; return 1; }
  if (s == URNUM_OK) return 0;
  if (s == expect) { (*ok)++; return 1; }
  snprintf(why, sizeof why, "%s status %u, expected %u", what, (unsigned)s, (unsigned)expect);
  mismatch(id, why);
  return 1;
}

int untouched(const uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != SENTINEL) return 0;
  return 1;
}

/* Field by field: padding bytes are not part of the description. */
int same_description(const urnum_plan *a, const urnum_plan *b) {
  return a->form == b->form && a->bloq == b->bloq && a->kind == b->kind && a->tail == b->tail &&
         a->ndim == b->ndim && a->fixp_a == b->fixp_a && a->fixp_b == b->fixp_b &&
         a->out_bytes == b->out_bytes && a->pin_bit == b->pin_bit && a->items == b->items &&
         a->item_bytes == b->item_bytes && a->scratch_bytes == b->scratch_bytes;
}


/* Reads an operand block into `b`, its rays from index `first` on (the
   slots below are left for the caller: a post step's input). */
urnum_args rdargs_into(arg_buf *b, uint32_t first) {
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
urnum_args rdargs(void) {
  static arg_buf b;
  return rdargs_into(&b, 0);
}



void rdexpected(expected_part *e) {
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
int same_part(const char *id, const urnum_plan *res, const uint64_t *shape, const uint8_t *out,
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
