/*
 * The shared part of the ABI's C test program (urnum_test.c and the
 * urnum_test_*.c files beside it): the test-data reader, the comparisons, the
 * counters of the summary line and each file's entry points.
 */
#ifndef URNUM_TEST_H
#define URNUM_TEST_H

#include "urnum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 16
#define SENTINEL 0xA5

/* A meta and the storage of its shape. */
typedef struct {
  urnum_meta m;
  uint64_t shape[MAXN];
} meta_buf;

/* The storage of one operand block. */
typedef struct {
  meta_buf rmeta[MAXN], metas[MAXN];
  urnum_ray rays[MAXN];
  urnum_meta mlist[MAXN];
  urnum_bytes atoms[MAXN];
  uint64_t ints[64];
} arg_buf;

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

/* ---- urnum_test_read.c: the test data and the comparisons ---- */

/* The unread rest of the test data: `cur` up to `end`. */
extern const uint8_t *cur, *end;

/* The counters of the SUMMARY line. */
extern long mismatches, lagoon_run, lagoon_ok, lagoon_punt, math_run, math_ok, math_punt;
extern long malformed_run, malformed_fail, scalar_run, scalar_ok, scalar_punt;
extern long saloon_run, saloon_ok, saloon_punt, blas_run, blas_ok;

uint8_t rd8(void);
uint32_t rd32(void);
uint64_t rd64(void);
const uint8_t *rdbytes(size_t n);
void rdmeta(meta_buf *b);
void mismatch(const char *id, const char *what);
int status_ends(urnum_status s, urnum_status expect, const char *what, const char *id, long *punt, long *ok);
int untouched(const uint8_t *p, size_t n);
int same_description(const urnum_plan *a, const urnum_plan *b);
urnum_args rdargs_into(arg_buf *b, uint32_t first);
urnum_args rdargs(void);
void rdexpected(expected_part *e);
int same_part(const char *id, const urnum_plan *res, const uint64_t *shape, const uint8_t *out,
              const expected_part *e);

/* ---- urnum_test_records.c: one function per record tag ---- */

void lagoon_record(const char *id);
void saloon_record(const char *id);
void blas_record(const char *id);
void math_record(const char *id);
void scalar_record(const char *id);

/* ---- urnum_test_malformed.c: hand-written malformed calls ---- */

void malformed(void);
void malformed_more(void);

#endif
