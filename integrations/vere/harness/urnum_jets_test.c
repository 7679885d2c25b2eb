/// @file
///
/// urnum's Lagoon jet bodies (u3wi_ur_la_*) against vere's own C bodies
/// (u3wi_la_*) in one binary, in the style of vere's pkg/noun/*_tests.c.
///
///   urnum-jets-test [calls-per-arm [seed [loom-bytes-log2]]] [--vectors FILE]
///                   [--dump-diffs FILE] [--bench [ms]]
///
/// --bench [ms] (default 2000 per row) times both bodies instead (issue 34,
/// step 5) and prints a markdown table; see _run_bench().
///
/// (defaults 10000, 34, 30). With --vectors, the golden vectors of the jetted
/// arms (FILE from jet_vectors.py) run through both bodies after the random
/// run: urnum's must all give the Hoon's answer (or punt); vere's
/// disagreements with the Hoon are listed as `vere-vs-hoon` lines.
///
/// For each of the 28 harms vere registers under non/lagoon, `calls` cores
/// are built (rounding modes n u d z and, rarely, a; kinds %i754 at bloq 4-7
/// and %uint %int2 %unum %cplx %fixp; random, edge-valued, degenerate and
/// malformed samples) and both bodies run on the same core, each under
/// u3m_soft (so a bail is caught as its mote). Outcomes per arm:
///
///   equal     both produced nouns that are u3r_sing, or both bailed %exit
///   known     a difference a rule classifies (the classes are printed
///             under the table): NaN encoding only (urnum's the canonical
///             quiet NaN the Hoon gives, vere's signed or with a payload),
///             vere's result meta, sub-rays computed b-a, ravel reversed,
///             transpose/diag bailing in vere's own check of the core
///   DIFF      any other difference (unexplained: the run fails)
///   ur-punt   urnum punted where vere answered
///   ve-punt   vere punted where urnum answered (every kind but %i754)
///   punt      both punted
///   only      urnum only (malformed or degenerate samples vere's C bodies
///             are not safe on): urnum's outcomes ok / punt / exit
///   FAIL      urnum bailed %fail (a shim or ABI contract error: the run
///             fails), or a malformed sample that must punt did not
///
/// Loom hygiene: every call that did not bail is replayed on the home road
/// (product freed), then the road is marked and swept (u3m_grab's steps);
/// the words the sweep reclaims are what the bodies leaked. urnum's must be
/// 0 (else the run fails); vere's are reported.

#include "noun.h"
#include "jets/q.h"
#include "jets/w.h"
#include "c3/motes.h"

#include "urnum_jets.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <time.h>
#include <fenv.h>
#include <math.h>

/*  The parts, in order: vere builds each test program from one source file
**  (build.zig's `.file`), so they are one translation unit, each part using
**  what the earlier ones define.
*/
#include "urnum_jets_test_gen.c"
#include "urnum_jets_test_compare.c"
#include "urnum_jets_test_classify.c"
#include "urnum_jets_test_run.c"
#include "urnum_jets_test_vectors.c"
#include "urnum_jets_test_bench.c"

int
main(int argc, char* argv[])
{
  c3_d   cal_d = 10000, sed_d = 34;
  c3_w   lom_w = 30;
  c3_c*  vec_c = 0;
  c3_w   ben_w = 0;
  _count cot_u[_N_ARMS];
  _count tot_u;
  c3_w   i_w, k_w, pos_w = 0;
  c3_i   bad_i = 0;

  //  vere's build runs the binary without arguments: the environment may set the defaults.
  if ( getenv("URNUM_JETS_CALLS") ) cal_d = strtoull(getenv("URNUM_JETS_CALLS"), 0, 10);
  if ( getenv("URNUM_JETS_SEED") )  sed_d = strtoull(getenv("URNUM_JETS_SEED"), 0, 0);

  for ( i_w = 1; i_w < (c3_w)argc; i_w++ ) {
    if ( 0 == strcmp(argv[i_w], "--vectors") && (i_w + 1) < (c3_w)argc ) {
      vec_c = argv[++i_w];
    }
    else if ( 0 == strcmp(argv[i_w], "--bench") ) {
      ben_w = ( (i_w + 1) < (c3_w)argc && argv[i_w + 1][0] >= '0' && argv[i_w + 1][0] <= '9' )
              ? (c3_w)strtoul(argv[++i_w], 0, 10) : 2000;
    }
    else if ( 0 == strcmp(argv[i_w], "--dump-diffs") && (i_w + 1) < (c3_w)argc ) {
      if ( !(_dump_u = fopen(argv[++i_w], "w")) ) {
        fprintf(stderr, "cannot write %s\r\n", argv[i_w]);
        return 2;
      }
    }
    else if ( 0 == strcmp(argv[i_w], "--help") ) {
      fprintf(stderr, "usage: %s [calls-per-arm [seed [loom-bytes-log2]]]"
                      " [--vectors FILE] [--dump-diffs FILE] [--bench [ms]]\r\n", argv[0]);
      return 0;
    }
    else switch ( pos_w++ ) {
      case 0:  cal_d = strtoull(argv[i_w], 0, 10); break;
      case 1:  sed_d = strtoull(argv[i_w], 0, 0); break;
      default: lom_w = (c3_w)strtoul(argv[i_w], 0, 10); break;
    }
  }

  _rng_d = sed_d;
  u3m_boot_lite((size_t)1 << lom_w);
  u3wi_ur_la_init();

  if ( ben_w ) {
    _run_bench(ben_w);
    return 0;
  }

  fprintf(stderr, "urnum-jets-test: %" PRIu64 " calls per arm, seed %" PRIu64 "\r\n",
          cal_d, sed_d);

  memset(&tot_u, 0, sizeof(tot_u));
  for ( i_w = 0; i_w < _N_ARMS; i_w++ ) {
    _run_arm(&_arms[i_w], cal_d, &cot_u[i_w]);
    tot_u.cal_d += cot_u[i_w].cal_d;  tot_u.equ_d += cot_u[i_w].equ_d;
    tot_u.bex_d += cot_u[i_w].bex_d;  tot_u.kno_d += cot_u[i_w].kno_d;
    tot_u.dif_d += cot_u[i_w].dif_d;  tot_u.urp_d += cot_u[i_w].urp_d;
    tot_u.vep_d += cot_u[i_w].vep_d;  tot_u.bop_d += cot_u[i_w].bop_d;
    tot_u.fal_d += cot_u[i_w].fal_d;  tot_u.urk_d += cot_u[i_w].urk_d;
    for ( k_w = 0; k_w < 3; k_w++ ) tot_u.onl_d[k_w] += cot_u[i_w].onl_d[k_w];
    tot_u.lur_w += cot_u[i_w].lur_w;  tot_u.lve_w += cot_u[i_w].lve_w;
    for ( k_w = 0; k_w < _K_N; k_w++ ) tot_u.kcl_d[k_w] += cot_u[i_w].kcl_d[k_w];
  }

  printf("%-10s %7s %7s %6s %6s %5s %7s %7s %6s %15s %5s %9s %9s\n",
         "arm", "calls", "equal", "(exit)", "known", "DIFF", "ur-punt", "ve-punt",
         "punt", "only ok/pu/ex", "FAIL", "ur-leak", "ve-leak");
  for ( i_w = 0; i_w <= _N_ARMS; i_w++ ) {
    const _count* c = ( i_w < _N_ARMS ) ? &cot_u[i_w] : &tot_u;
    printf("%-10s %7" PRIu64 " %7" PRIu64 " %6" PRIu64 " %6" PRIu64 " %5" PRIu64
           " %7" PRIu64 " %7" PRIu64 " %6" PRIu64 " %5" PRIu64 "/%4" PRIu64 "/%4" PRIu64
           " %5" PRIu64 " %8uB %8uB\n",
           ( i_w < _N_ARMS ) ? _arms[i_w].nam_c : "total",
           c->cal_d, c->equ_d, c->bex_d, c->kno_d, c->dif_d, c->urp_d, c->vep_d,
           c->bop_d, c->onl_d[0], c->onl_d[1], c->onl_d[2], c->fal_d,
           c->lur_w * 4, c->lve_w * 4);
  }
  printf("urnum answered %" PRIu64 " of %" PRIu64 " calls; known = NaN encoding only"
         " (urnum canonical, vere signed or with a payload); ur-leak/ve-leak = loom bytes the sweep"
         " reclaimed after replaying each side's non-bailing calls\n",
         tot_u.urk_d, tot_u.cal_d);

  printf("known classes:\n");
  for ( k_w = 0; k_w < _K_N; k_w++ ) {
    printf("  %8" PRIu64 "  %s:", tot_u.kcl_d[k_w], _k_name[k_w]);
    for ( i_w = 0; i_w < _N_ARMS; i_w++ ) {
      if ( cot_u[i_w].kcl_d[k_w] ) {
        printf(" %s %" PRIu64, _arms[i_w].nam_c, cot_u[i_w].kcl_d[k_w]);
      }
    }
    printf("\n");
  }
  if ( _dump_u ) fclose(_dump_u);

  if ( tot_u.dif_d || tot_u.fal_d || tot_u.lur_w ) {
    fprintf(stderr, "urnum-jets-test: failed (%" PRIu64 " unexplained differences,"
            " %" PRIu64 " shim failures, %u bytes leaked by urnum's bodies)\r\n",
            tot_u.dif_d, tot_u.fal_d, tot_u.lur_w * 4);
    bad_i = 1;
  }

  if ( vec_c && _run_vectors(vec_c) ) {
    fprintf(stderr, "urnum-jets-test: failed (a golden vector)\r\n");
    bad_i = 1;
  }

  if ( !bad_i ) {
    fprintf(stderr, "urnum-jets-test: ok\r\n");
  }

  u3m_grab(u3_none);
  return bad_i;
}
