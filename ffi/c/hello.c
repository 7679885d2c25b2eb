/* hello.c: two 2x2 @rs rays added in %n through urnum's C ABI, then a call
 * whose shapes do not match, explained.
 * cc -I ffi/include ffi/c/hello.c target/release/liburnum_ffi.a -o hello */
#include <stdio.h>
#include <string.h>
#include "urnum.h"

int main(void) {
  uint64_t shape[2] = {2, 2}, three[1] = {3};
  float a[4] = {1, 2, 3, 4}, b[4] = {0.5f, 0.25f, -1, 2}, c[4];
  urnum_ray x = {{shape, 2, 5, URNUM_I754, URNUM_TAIL_NULL, 0, 0},
                 (const uint8_t *)a, sizeof a, URNUM_DATA_ELEMS};
  urnum_ray y = x, z = x;
  y.data = (const uint8_t *)b;
  urnum_out out = {(uint8_t *)c, sizeof c};
  uint64_t out_shape[2];
  urnum_status s = urnum_la_add('n', &x, &y, out, NULL, out_shape, 2);
  if (s != URNUM_OK) return 1;
  printf("add: [%g %g; %g %g]\n", c[0], c[1], c[2], c[3]);
  z.meta.shape = three; z.meta.ndim = 1; z.len = 12; /* a ~[3] ray */
  urnum_ray ops[2] = {x, z};
  urnum_args args = {ops, 2, NULL, 0, NULL, 0, NULL, 0, URNUM_UNUM_REV_NONE};
  char why[256];
  s = urnum_la_explain(URNUM_LA_ADD, 'n', &args, why, sizeof why);
  printf("%s\n%s\n", urnum_status_str(s), why);
  return s == URNUM_CRASH && strstr(why, "~[3]") ? 0 : 1;
}
