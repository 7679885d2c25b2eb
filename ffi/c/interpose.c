/*
 * A host program that defines names the Rust toolchain and Berkeley
 * SoftFloat also define inside liburnum_ffi.a (f32_add, f64_add, cbrt, __muldc3,
 * rust_eh_personality) and uses libm functions that compiler_builtins
 * defines weakly there (expm1, log1p, hypot, tanh, fmod). With the sealed
 * archive none of those names is global in it, so whichever order the host
 * links in, urnum keeps its own definitions and the host keeps its own and
 * libm's. ffi/tests/symbols.rs compiles this file twice:
 *
 *   -DINTERPOSE_HOST    the host's own definitions and its libm loop (host.o);
 *   (none)              main(): urnum's results, then the host's (main.o);
 *   -DINTERPOSE_ALONE   main() without urnum, linked without the archive:
 *                       the host's results when urnum is not there at all.
 *
 * and links main.o + host.o with the archive before and after host.o and -lm,
 * under the fast and the reference executor, comparing the printed lines.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct { uint32_t v; } float32_t;
typedef struct { uint64_t v; } float64_t;

float32_t f32_add(float32_t a, float32_t b);
float64_t f64_add(float64_t a, float64_t b);
double cbrt(double x);
double _Complex __muldc3(double a, double b, double c, double d);
int rust_eh_personality(void);
uint64_t host_libm_hash(void);

#ifdef INTERPOSE_HOST
#include <math.h>

/* The host's impostors: each returns a value no correct definition would. */
float32_t f32_add(float32_t a, float32_t b) {
  float32_t z = {a.v ^ b.v ^ 0x5a5a5a5au};
  return z;
}
float64_t f64_add(float64_t a, float64_t b) {
  float64_t z = {a.v ^ b.v ^ 0x5a5a5a5a5a5a5a5aull};
  return z;
}
double cbrt(double x) { return 3.0 * x; }
double _Complex __muldc3(double a, double b, double c, double d) {
  return (a + c) + (b + d) * 1.0i;
}
int rust_eh_personality(void) { return 42; }

static uint64_t bits(double x) {
  uint64_t u;
  memcpy(&u, &x, 8);
  return u;
}

/* A hash of 200,000 libm results; through volatile pointers so the compiler
 * cannot fold or inline them. */
uint64_t host_libm_hash(void) {
  double (*volatile f1)(double) = expm1;
  double (*volatile f2)(double) = log1p;
  double (*volatile f3)(double) = tanh;
  double (*volatile f4)(double, double) = hypot;
  double (*volatile f5)(double, double) = fmod;
  uint64_t h = 1469598103934665603ull;
  for (int i = 1; i <= 40000; i++) {
    double x = (double)i * 0.000731 - 7.3;
    uint64_t r[5] = {bits(f1(x)), bits(f2(x * x)), bits(f3(x)), bits(f4(x, 1.0 / i)),
                     bits(f5(x * 977.0, 0.3))};
    for (int k = 0; k < 5; k++) h = (h ^ r[k]) * 1099511628211ull;
  }
  return h;
}
#else
#ifndef INTERPOSE_ALONE
#include "urnum.h"

/* urnum's +add at a door of `width` (5: @rs, 6: @rd) on 1 and 2. */
static uint64_t urnum_add(uint8_t width, uint64_t one, uint64_t two) {
  uint8_t args[32], out[16];
  uint64_t sum = 0;
  memset(args, 0, sizeof args);
  memset(out, 0, sizeof out);
  memcpy(args, &one, 8);
  memcpy(args + 16, &two, 8);
  urnum_status s = urnum_math(URNUM_MATH_ADD, width, 'n', NULL, NULL, args, 2, out);
  memcpy(&sum, out, 8);
  return s == URNUM_OK ? sum : 0xdeadull;
}

/* urnum's +cbt (cube root) of 27.0 @rd. */
static uint64_t urnum_cbt(void) {
  uint8_t args[16], out[16];
  uint64_t x = 0x403b000000000000ull, r = 0;
  memset(args, 0, sizeof args);
  memcpy(args, &x, 8);
  urnum_status s = urnum_math(URNUM_MATH_CBT, 6, 'n', NULL, NULL, args, 1, out);
  memcpy(&r, out, 8);
  return s == URNUM_OK ? r : 0xdeadull;
}
#endif

int main(void) {
#ifndef INTERPOSE_ALONE
  printf("urnum f64_add=0x%016" PRIx64 " f32_add=0x%08" PRIx64 " cbt=0x%016" PRIx64 "\n",
         urnum_add(6, 0x3ff0000000000000ull, 0x4000000000000000ull),
         urnum_add(5, 0x3f800000ull, 0x40000000ull), urnum_cbt());
#endif
  float32_t a32 = {1}, b32 = {2};
  float64_t a64 = {1}, b64 = {2};
  double _Complex z = __muldc3(1.0, 2.0, 3.0, 4.0);
  printf("host f32_add=0x%08" PRIx32 " f64_add=0x%016" PRIx64 " cbrt=%.1f muldc3=%.1f%+.1fi"
         " personality=%d\n",
         f32_add(a32, b32).v, f64_add(a64, b64).v, cbrt(8.0), __real__ z, __imag__ z,
         rust_eh_personality());
  printf("libm hash=0x%016" PRIx64 "\n", host_libm_hash());
  return 0;
}
#endif
