/* A part of urnum_jets_test.c, which includes it (one translation unit). */

/* --bench: urnum's body against vere's on the same cores, one run.
**
** add-rays mul-rays div-rays cumsum dot on 10^4-element rays, mmul on
** 128x128 . 128x128, at @rh @rs @rd in %n and %z; finite values (small
** integers and binary fractions). Timed: the u3w call alone (sample reading,
** computing, product building), not building the core nor freeing the
** product. Each side alternates blocks of calls until both have run for
** about [ms_w] milliseconds; prints ns per call and vere/urnum.
*/
static c3_d
_now_ns(void)
{
  struct timespec tim_u;
  clock_gettime(CLOCK_MONOTONIC, &tim_u);
  return (c3_d)tim_u.tv_sec * 1000000000ULL + (c3_d)tim_u.tv_nsec;
}

static u3_noun
_bench_ray(c3_y blq_y, u3_noun sap)
{
  c3_w  n_w = _shape_len(sap), i_w, j_w, byt_w = (1U << blq_y) >> 3;
  c3_y* buf_y = c3_malloc((size_t)n_w * byt_w + 1);
  u3_noun pro;
  for ( i_w = 0; i_w < n_w; i_w++ ) {
    _u128 v = _fp_int(blq_y, (int64_t)_below(201) - 100, _below(5));
    if ( 0 == (v << 1) ) v = _fp_int(blq_y, 1, 0);     //  no zeros: div stays finite
    for ( j_w = 0; j_w < byt_w; j_w++ ) buf_y[(size_t)i_w * byt_w + j_w] = (c3_y)(v >> (8 * j_w));
  }
  buf_y[(size_t)n_w * byt_w] = 1;
  pro = u3nc(u3nq(sap, blq_y, _t_i754, u3_nul), u3i_bytes(n_w * byt_w + 1, buf_y));
  c3_free(buf_y);
  return pro;
}

/* _bench_one(): ns per call of [fun_f] on [cor], [reps] calls.
*/
static c3_d
_bench_block(u3_noun (*fun_f)(u3_noun), u3_noun cor, c3_w rep_w)
{
  c3_d tot_d = 0;
  c3_w i_w;
  for ( i_w = 0; i_w < rep_w; i_w++ ) {
    c3_d    beg_d = _now_ns();
    u3_weak pro = fun_f(cor);
    tot_d += _now_ns() - beg_d;
    if ( u3_none != pro ) u3z(pro);
  }
  return tot_d;
}

static void
_run_bench(c3_w ms_w)
{
  static const struct { const c3_c* nam_c; c3_w arm_w; } arm_u[] = {
    { "add-rays", 0 }, { "mul-rays", 2 }, { "div-rays", 3 },
    { "cumsum", 12 }, { "dot", 10 }, { "mmul", 27 },
  };
  static const c3_c* aur_c[] = { "@rh", "@rs", "@rd" };
  static const c3_y  rnd_y[] = { 'n', 'z' };
  c3_c  cpu_c[256] = "unknown";
  FILE* inf_u = fopen("/proc/cpuinfo", "r");
  c3_w  a_w, b_w, r_w;

  if ( inf_u ) {
    c3_c lin_c[512];
    while ( fgets(lin_c, sizeof(lin_c), inf_u) ) {
      if ( 0 == strncmp(lin_c, "model name", 10) ) {
        c3_c* col_c = strchr(lin_c, ':');
        if ( col_c ) {
          snprintf(cpu_c, sizeof(cpu_c), "%s", col_c + 2);
          cpu_c[strcspn(cpu_c, "\n")] = 0;
        }
        break;
      }
    }
    fclose(inf_u);
  }
  printf("\nurnum's jets against vere's C jets, one run (CPU: %s; ns per call, median of blocks)\n\n", cpu_c);
  printf("| arm | aura | mode | shape | urnum ns | vere ns | vere / urnum | same product |\n");
  printf("|---|---|---|---|---:|---:|---:|---|\n");

  for ( a_w = 0; a_w < sizeof(arm_u) / sizeof(arm_u[0]); a_w++ ) {
    const _arm* arm_p = &_arms[arm_u[a_w].arm_w];
    for ( b_w = 0; b_w < 3; b_w++ ) {
      c3_y blq_y = (c3_y)(4 + b_w);
      for ( r_w = 0; r_w < 2; r_w++ ) {
        u3_noun sam, cor, urp, vep;
        c3_d    urn_d[64], ven_d[64];
        c3_w    blk_w = 0, rep_w, k_w;
        c3_d    beg_d;
        c3_o    sam_o;
        c3_m    mot_m;
        c3_y    uro_y, veo_y;

        if ( 27 == arm_u[a_w].arm_w ) {
          sam = u3nc(_bench_ray(blq_y, u3nt(128, 128, u3_nul)),
                     _bench_ray(blq_y, u3nt(128, 128, u3_nul)));
        }
        else if ( 12 == arm_u[a_w].arm_w ) {
          sam = _bench_ray(blq_y, u3nc(10000, u3_nul));
        }
        else {
          sam = u3nc(_bench_ray(blq_y, u3nc(10000, u3_nul)),
                     _bench_ray(blq_y, u3nc(10000, u3_nul)));
        }
        cor = _core(sam, rnd_y[r_w]);

        //  both answer, and the same?
        uro_y = _call(arm_p->ur_f, cor, &urp, &mot_m);
        veo_y = _call(arm_p->ve_f, cor, &vep, &mot_m);
        sam_o = __(_O_OK == uro_y && _O_OK == veo_y && c3y == u3r_sing(urp, vep));
        if ( _O_OK != uro_y || _O_OK != veo_y ) {
          printf("| %s | %s | %%%c | — | %s | %s | — | — |\n", arm_p->nam_c, aur_c[b_w],
                 rnd_y[r_w], _out_name[uro_y], _out_name[veo_y]);
          u3z(urp); u3z(vep); u3z(cor);
          continue;
        }
        u3z(urp); u3z(vep);

        //  a block is about ms_w/16 ms of the slower side's calls
        {
          c3_d one_d = c3_max(_bench_block(arm_p->ur_f, cor, 1),
                              _bench_block(arm_p->ve_f, cor, 1)) + 1;
          rep_w = (c3_w)c3_max(1, c3_min(100000, ((c3_d)ms_w * 1000000ULL / 16) / one_d));
        }
        beg_d = _now_ns();
        while ( blk_w < 64 && (blk_w < 5 || (_now_ns() - beg_d) < (c3_d)ms_w * 1000000ULL) ) {
          urn_d[blk_w] = _bench_block(arm_p->ur_f, cor, rep_w) / rep_w;
          ven_d[blk_w] = _bench_block(arm_p->ve_f, cor, rep_w) / rep_w;
          blk_w++;
        }
        //  medians
        for ( k_w = 1; k_w < blk_w; k_w++ ) {
          c3_w m_w;
          for ( m_w = k_w; m_w > 0 && urn_d[m_w] < urn_d[m_w - 1]; m_w-- ) {
            c3_d t = urn_d[m_w]; urn_d[m_w] = urn_d[m_w - 1]; urn_d[m_w - 1] = t;
          }
          for ( m_w = k_w; m_w > 0 && ven_d[m_w] < ven_d[m_w - 1]; m_w-- ) {
            c3_d t = ven_d[m_w]; ven_d[m_w] = ven_d[m_w - 1]; ven_d[m_w - 1] = t;
          }
        }
        printf("| %s | %s | %%%c | %s | %" PRIu64 " | %" PRIu64 " | %.2f | %s |\n",
               arm_p->nam_c, aur_c[b_w], rnd_y[r_w],
               ( 27 == arm_u[a_w].arm_w ) ? "128x128 . 128x128" : "10^4",
               urn_d[blk_w / 2], ven_d[blk_w / 2],
               (double)ven_d[blk_w / 2] / (double)c3_max(1, urn_d[blk_w / 2]),
               ( c3y == sam_o ) ? "yes" : "no (see the classes)");
        fflush(stdout);
        u3z(cor);
      }
    }
  }
}
