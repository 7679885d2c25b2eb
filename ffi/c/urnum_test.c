/*
 * C test of the urnum ABI, compiled with the system cc against include/urnum.h
 * and liburnum_ffi.a by ffi/tests/c_abi.rs: this file (main), urnum_test.h and
 * urnum_test_{read,records,malformed}.c.
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
#include "urnum_test.h"

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
