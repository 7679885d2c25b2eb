/*
 * Why the SoftFloat symbols in liburnum.a must be renamed before it is linked
 * next to another SoftFloat (vere's ext/softfloat): this file plays vere's
 * SoftFloat with a deliberately wrong f64_add. Linked against the archive as
 * cargo builds it, urnum's own calls to f64_add bind to this definition and
 * 1.0 + 2.0 comes out wrong; linked against the archive after
 * ffi/scripts/prefix-c-symbols.sh, urnum keeps its own SoftFloat and prints
 * 0x4008000000000000. ffi/tests/symbols.rs builds and runs both, under the
 * reference executor (URNUM_EXEC=reference: the fast one adds on the hardware).
 */
#include "urnum.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct { uint64_t v; } float64_t;

/* The impostor: "vere's" f64_add, returning 0 for every sum. */
float64_t f64_add(float64_t a, float64_t b) {
  (void)a;
  (void)b;
  float64_t z = {0};
  return z;
}

int main(void) {
  uint8_t args[32], out[16];
  uint64_t one = 0x3ff0000000000000ULL, two = 0x4000000000000000ULL, sum = 0;
  memset(args, 0, sizeof args);
  memcpy(args, &one, 8);
  memcpy(args + 16, &two, 8);
  urnum_status s = urnum_math(URNUM_MATH_ADD, 6, 'n', NULL, NULL, args, 2, out);
  memcpy(&sum, out, 8);
  printf("status=%u sum=0x%016" PRIx64 "\n", (unsigned)s, sum);
  return s == URNUM_OK ? 0 : 1;
}
