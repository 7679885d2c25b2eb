/*
 * A C program that calls a few urnum entry points and prints their results,
 * for proving that a sealed archive links with libc alone:
 *
 *   musl-gcc -static -I ffi/include ffi/c/static_link.c \
 *     target/x86_64-unknown-linux-musl/release/liburnum_ffi.a -o static_link
 *
 * (ffi/scripts/musl-link.sh builds it for every musl target, and on the host
 * against the glibc archive, and compares the printed lines: every target
 * must print the same bits.) The calls take both of urnum's Lagoon paths:
 * `@rs` `+add` is served allocation-free, `@rq` `+add` decodes onto the Rust
 * heap (libc's malloc); `+mmul`, `/lib/math`'s `+exp` at `@rd` and `@rq`, and
 * SoftBLAS's `ddot` follow. Exits 1 if a call does not return URNUM_OK.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "urnum.h"

static int failures = 0;

/* Prints `what`, the status and `n` result bytes (highest first). */
static void report(const char *what, urnum_status s, const uint8_t *bytes, size_t n) {
  printf("%-16s status=%u bytes=", what, (unsigned)s);
  for (size_t i = n; i > 0; i--) printf("%02x", bytes[i - 1]);
  printf("\n");
  if (s != URNUM_OK) failures++;
}

/* A rank-1 or rank-2 %i754 ray of `bloq` over `data` (element bytes, no pin). */
static urnum_ray ray(const uint64_t *shape, uint32_t ndim, uint8_t bloq, const void *data,
                     size_t len) {
  urnum_ray r;
  memset(&r, 0, sizeof r);
  r.meta.shape = shape;
  r.meta.ndim = ndim;
  r.meta.bloq = bloq;
  r.meta.kind = URNUM_I754;
  r.meta.tail = URNUM_TAIL_NULL;
  r.data = (const uint8_t *)data;
  r.len = len;
  r.form = URNUM_DATA_ELEMS;
  return r;
}

int main(void) {
  uint8_t buf[256];
  uint64_t shape_out[4];
  urnum_plan res;

  urnum_la_init();
  printf("abi %u (header %u)\n", (unsigned)urnum_abi_version(), (unsigned)URNUM_ABI_VERSION);
  if (urnum_abi_version() != URNUM_ABI_VERSION) failures++;

  /* @rs +add: [1.5 -0 inf] + [2.25 -0 -1], allocation-free. */
  static const uint32_t xs[3] = {0x3fc00000u, 0x80000000u, 0x7f800000u};
  static const uint32_t ys[3] = {0x40100000u, 0x80000000u, 0xbf800000u};
  uint64_t n3 = 3;
  urnum_ray x = ray(&n3, 1, 5, xs, sizeof xs), y = ray(&n3, 1, 5, ys, sizeof ys);
  urnum_out out = {buf, sizeof buf};
  memset(buf, 0, sizeof buf);
  urnum_status s = urnum_la_add('n', &x, &y, out, &res, shape_out, 4);
  report("la_add @rs", s, buf, res.out_bytes);
  printf("%-16s flags=%u\n", "", (unsigned)res.flags);

  /* @rq +add: [1 3] + [2 -0.5] (binary128, low word first), the general path. */
  static const uint64_t xq[4] = {0, 0x3fff000000000000ull, 0, 0x4000800000000000ull};
  static const uint64_t yq[4] = {0, 0x4000000000000000ull, 0, 0xbffe000000000000ull};
  uint64_t n2 = 2;
  urnum_ray xr = ray(&n2, 1, 7, xq, sizeof xq), yr = ray(&n2, 1, 7, yq, sizeof yq);
  memset(buf, 0, sizeof buf);
  s = urnum_la_add('z', &xr, &yr, out, &res, shape_out, 4);
  report("la_add @rq", s, buf, res.out_bytes);

  /* @rd +mmul: [[1 2] [3 4]] . [[0.1 1] [1e300 -2]] in %u. */
  static const uint64_t a[4] = {0x3ff0000000000000ull, 0x4000000000000000ull,
                                0x4008000000000000ull, 0x4010000000000000ull};
  static const uint64_t b[4] = {0x3fb999999999999aull, 0x3ff0000000000000ull,
                                0x7e37e43c8800759cull, 0xc000000000000000ull};
  uint64_t sq[2] = {2, 2};
  urnum_ray ma = ray(sq, 2, 6, a, sizeof a), mb = ray(sq, 2, 6, b, sizeof b);
  memset(buf, 0, sizeof buf);
  s = urnum_la_mmul('u', &ma, &mb, out, &res, shape_out, 4);
  report("la_mmul @rd", s, buf, res.out_bytes);

  /* /lib/math +exp:rd of 1.0 and +exp:rq of -2.5. */
  uint64_t e = 0;
  s = urnum_rd_exp(0x3ff0000000000000ull, 'n', &e);
  report("rd_exp 1", s, (const uint8_t *)&e, 8);
  uint8_t q[16], qo[16];
  uint64_t qv[2] = {0, 0xc000400000000000ull};
  memcpy(q, qv, 16);
  s = urnum_rq_exp(q, 'n', qo);
  report("rq_exp -2.5", s, qo, 16);

  /* SoftBLAS ddot of [1 2 3] and [0.1 0.2 0.3] in 'd'. */
  static const uint64_t dx[3] = {0x3ff0000000000000ull, 0x4000000000000000ull,
                                 0x4008000000000000ull};
  static const uint64_t dy[3] = {0x3fb999999999999aull, 0x3fc999999999999aull,
                                 0x3fd3333333333333ull};
  uint64_t dot = 0;
  s = urnum_ddot(3, dx, 1, dy, 1, 'd', &dot);
  report("ddot", s, (const uint8_t *)&dot, 8);

  printf("%s\n", failures == 0 ? "all calls returned URNUM_OK" : "FAILED");
  return failures == 0 ? 0 : 1;
}
