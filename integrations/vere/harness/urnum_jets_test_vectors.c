/* A part of urnum_jets_test.c, which includes it (one translation unit). */

/*  golden vectors through the same bodies (`--vectors FILE`, written by
**  jet_vectors.py from urnum's vectors/): urnum's body must give the Hoon's
**  answer; vere's is run too and its disagreements with the Hoon are listed
**  (on crash vectors in a forked child, since vere's C bodies do not check
**  every sample they read).
*/
typedef struct {
  c3_d num_d;                 //  records
  c3_d urp_d, urf_d, urs_d;   //  urnum: pass, FAIL, punt
  c3_d vep_d, vew_d, ves_d;   //  vere: pass, wrong, punt
  c3_d vek_d;                 //  vere: killed by a signal
} _vcount;

static u3_atom
_hex(const c3_c* hex_c)
{
  size_t len_i, i_i, n_i;
  c3_y*  buf_y;
  u3_atom pro;

  if ( 0 == strncmp(hex_c, "0x", 2) ) hex_c += 2;
  len_i = strlen(hex_c);
  n_i   = (len_i + 1) / 2;
  buf_y = c3_calloc(n_i + 1);
  for ( i_i = 0; i_i < len_i; i_i++ ) {
    c3_c c = hex_c[len_i - 1 - i_i];
    c3_y v = ( c >= '0' && c <= '9' ) ? c - '0'
           : ( c >= 'a' && c <= 'f' ) ? c - 'a' + 10
           : ( c >= 'A' && c <= 'F' ) ? c - 'A' + 10 : 0;
    buf_y[i_i / 2] |= v << (4 * (i_i & 1));
  }
  pro = u3i_bytes((c3_w)n_i, buf_y);
  c3_free(buf_y);
  return pro;
}

static c3_c*
_tok(c3_c** sav_c)
{
  c3_c* tok_c = strtok_r(0, " \n", sav_c);
  if ( !tok_c ) {
    fprintf(stderr, "vectors: short record\r\n");
    exit(2);
  }
  return tok_c;
}

static u3_noun
_vmeta(c3_c** sav_c)
{
  c3_w    ran_w = (c3_w)strtoul(_tok(sav_c), 0, 10), i_w;
  c3_d*   dim_d = c3_malloc(sizeof(c3_d) * (ran_w + 1));
  u3_noun sap = u3_nul, blq, kin, tal;

  for ( i_w = 0; i_w < ran_w; i_w++ ) dim_d[i_w] = strtoull(_tok(sav_c), 0, 10);
  while ( ran_w-- ) sap = u3nc(u3i_chub(dim_d[ran_w]), sap);
  c3_free(dim_d);
  blq = (u3_noun)strtoul(_tok(sav_c), 0, 10);
  kin = u3i_string(_tok(sav_c));
  if ( 'P' == _tok(sav_c)[0] ) {
    u3_noun a = u3i_chub(strtoull(_tok(sav_c), 0, 10));
    tal = u3nc(a, u3i_chub(strtoull(_tok(sav_c), 0, 10)));
  }
  else {
    tal = u3_nul;
  }
  return u3nq(sap, blq, kin, tal);
}

static u3_noun
_vnoun_tag(const c3_c* tag_c, c3_c** sav_c)
{
  switch ( tag_c[0] ) {
    case 'R': { u3_noun met = _vmeta(sav_c); return u3nc(met, _hex(_tok(sav_c))); }
    case 'M': return _vmeta(sav_c);
    case 'A': return _hex(_tok(sav_c));
    case 'T': { u3_noun a = _hex(_tok(sav_c)); return u3nc(a, _hex(_tok(sav_c))); }
    case 'L': {
      c3_w    n_w = (c3_w)strtoul(_tok(sav_c), 0, 10), i_w;
      u3_noun* itm = c3_malloc(sizeof(u3_noun) * (n_w + 1));
      u3_noun pro = u3_nul;
      for ( i_w = 0; i_w < n_w; i_w++ ) itm[i_w] = _hex(_tok(sav_c));
      while ( n_w-- ) pro = u3nc(itm[n_w], pro);
      c3_free(itm);
      return pro;
    }
    default:
      fprintf(stderr, "vectors: unknown tag %s\r\n", tag_c);
      exit(2);
  }
}

static u3_noun
_vnoun(c3_c** sav_c)
{
  return _vnoun_tag(_tok(sav_c), sav_c);
}

/* _judge(): 0 pass, 1 wrong, 2 punt.
*/
static c3_y
_judge(c3_y out_y, u3_noun pro, u3_weak exp)
{
  if ( _O_PUNT == out_y ) return 2;
  if ( u3_none == exp ) return ( _O_EXIT == out_y ) ? 0 : 1;
  return ( _O_OK == out_y && c3y == u3r_sing(pro, exp) ) ? 0 : 1;
}

static c3_i
_run_vectors(const c3_c* pat_c)
{
  FILE*   fil_u = fopen(pat_c, "r");
  c3_c*   lin_c = 0;
  size_t  cap_i = 0;
  _vcount cot_u[_N_ARMS], tot_u;
  c3_d    mat_d[3] = { 0, 0, 0 };          //  /lib/math: pass, FAIL, punt
  c3_w    i_w, shw_w = 0;

  if ( !fil_u ) {
    fprintf(stderr, "vectors: cannot open %s\r\n", pat_c);
    return 1;
  }
  memset(cot_u, 0, sizeof(cot_u));
  memset(&tot_u, 0, sizeof(tot_u));

  while ( -1 != getline(&lin_c, &cap_i, fil_u) ) {
    c3_c*   sav_c;
    c3_c*   tag_c = strtok_r(lin_c, " \n", &sav_c);
    c3_c*   vid_c;
    c3_c*   hin_c;
    c3_c    rnd_c;
    c3_w    nar_w, j_w;
    u3_noun arg[8], sam, cor, urp, vep;
    u3_weak exp;
    c3_m    mot_m;
    c3_y    uro_y, veo_y, urj_y, vej_y;
    const _arm* arm_u = 0;

    if ( tag_c && 'Q' == tag_c[0] ) {
      //  /lib/math: urnum's body only (vere 859fd5c6 has none)
      c3_c*   mid_c = _tok(&sav_c);
      c3_c*   dor_c = _tok(&sav_c);
      c3_c*   mrm_c = _tok(&sav_c);
      c3_c    mrn_c = _tok(&sav_c)[0];
      c3_w    mna_w = (c3_w)strtoul(_tok(&sav_c), 0, 10), q_w;
      u3_noun mag[2] = { 0, 0 }, msm, mco, mpr;
      u3_weak mex;
      c3_c*   e_c;
      const _marm* mrm_u = 0;
      c3_m    mmt_m;
      c3_y    mou_y;

      for ( q_w = 0; q_w < _N_MARMS; q_w++ ) {
        if ( 0 == strcmp(dor_c, _marms[q_w].dor_c) && 0 == strcmp(mrm_c, _marms[q_w].arm_c) ) {
          mrm_u = &_marms[q_w];
        }
      }
      if ( !mrm_u || mna_w < 1 || mna_w > 2 ) {
        fprintf(stderr, "vectors: %s: unknown math arm %s:%s\r\n", mid_c, mrm_c, dor_c);
        return 1;
      }
      for ( q_w = 0; q_w < mna_w; q_w++ ) mag[q_w] = _vnoun(&sav_c);
      e_c = strtok_r(0, " \n", &sav_c);
      if ( !e_c ) { fprintf(stderr, "vectors: %s: no expected\r\n", mid_c); return 1; }
      mex = ( 'X' == e_c[0] ) ? u3_none : _vnoun_tag(e_c, &sav_c);
      msm = ( 1 == mna_w ) ? mag[0] : u3nc(mag[0], mag[1]);
      //  [battery [sample [door-battery [[r rtol atol] context]]]]: r at 60
      mco = u3nq(0, msm, 0, u3nc(u3nt((u3_noun)(c3_y)mrn_c, 0, 0), u3_nul));
      mou_y = _call(mrm_u->fun_f, mco, &mpr, &mmt_m);
      switch ( _judge(mou_y, mpr, mex) ) {
        case 0:  mat_d[0]++; break;
        case 2:  mat_d[2]++; break;
        default: {
          mat_d[1]++;
          if ( shw_w++ < 20 ) {
            fprintf(stderr, "vector FAIL %s: urnum %s\r\n", mid_c, _out_name[mou_y]);
            if ( _O_OK == mou_y ) u3m_p("  urnum", mpr);
            if ( u3_none != mex ) u3m_p("  hoon", mex);
          }
        }
      }
      u3z(mpr); u3z(mco);
      if ( u3_none != mex ) u3z(mex);
      continue;
    }
    if ( !tag_c || 'V' != tag_c[0] ) continue;
    vid_c = _tok(&sav_c);
    hin_c = _tok(&sav_c);
    rnd_c = _tok(&sav_c)[0];
    nar_w = (c3_w)strtoul(_tok(&sav_c), 0, 10);
    for ( i_w = 0; i_w < _N_ARMS; i_w++ ) {
      if ( 0 == strcmp(hin_c, _arms[i_w].nam_c) ) arm_u = &_arms[i_w];
    }
    if ( !arm_u || nar_w < 1 || nar_w > 8 ) {
      fprintf(stderr, "vectors: %s: unknown arm %s\r\n", vid_c, hin_c);
      return 1;
    }
    for ( j_w = 0; j_w < nar_w; j_w++ ) arg[j_w] = _vnoun(&sav_c);
    {
      c3_c* e_c = strtok_r(0, " \n", &sav_c);
      if ( !e_c ) { fprintf(stderr, "vectors: %s: no expected\r\n", vid_c); return 1; }
      if ( 'X' == e_c[0] ) {
        exp = u3_none;
      }
      else {
        exp = _vnoun_tag(e_c, &sav_c);
      }
    }
    sam = arg[nar_w - 1];
    for ( j_w = nar_w - 1; j_w > 0; j_w-- ) sam = u3nc(arg[j_w - 1], sam);
    cor = _core(sam, (u3_noun)(c3_y)rnd_c);

    i_w = (c3_w)(arm_u - _arms);
    cot_u[i_w].num_d++;

    uro_y = _call(arm_u->ur_f, cor, &urp, &mot_m);
    urj_y = _judge(uro_y, urp, exp);
    if ( 0 == urj_y )      cot_u[i_w].urp_d++;
    else if ( 2 == urj_y ) cot_u[i_w].urs_d++;
    else {
      cot_u[i_w].urf_d++;
      if ( shw_w++ < 20 ) {
        fprintf(stderr, "vector FAIL %s: urnum %s\r\n", vid_c, _out_name[uro_y]);
        if ( _O_OK == uro_y ) u3m_p("  urnum", urp);
        if ( u3_none != exp ) u3m_p("  hoon", exp);
      }
    }

    //  vere's body: in-process on vectors with a value, in a child on crash
    //  vectors (it may read outside what a malformed sample holds)
    //
    if ( u3_none != exp ) {
      veo_y = _call(arm_u->ve_f, cor, &vep, &mot_m);
      vej_y = _judge(veo_y, vep, exp);
    }
    else {
      pid_t pid = fork();
      if ( 0 == pid ) {
        veo_y = _call(arm_u->ve_f, cor, &vep, &mot_m);
        _exit(_judge(veo_y, vep, exp) | (veo_y << 4));
      }
      else {
        int sat_i = 0;
        waitpid(pid, &sat_i, 0);
        vep = u3_nul;
        if ( WIFEXITED(sat_i) ) {
          vej_y = WEXITSTATUS(sat_i) & 0xf;
          veo_y = WEXITSTATUS(sat_i) >> 4;
        }
        else {
          vej_y = 3;
          veo_y = _O_OTHER;
        }
      }
    }
    if ( 0 == vej_y )      cot_u[i_w].vep_d++;
    else if ( 2 == vej_y ) cot_u[i_w].ves_d++;
    else {
      if ( 3 == vej_y ) cot_u[i_w].vek_d++;
      else              cot_u[i_w].vew_d++;
      printf("vere-vs-hoon %s (%s, rnd %c): vere %s, hoon %s", vid_c, arm_u->nam_c,
             rnd_c, ( 3 == vej_y ) ? "killed by a signal" : _out_name[veo_y],
             ( u3_none == exp ) ? "crash" : "a value");
      if ( _O_OK == veo_y && u3_nul != vep ) {
        printf("; vere's ");
        _put(stdout, vep);
      }
      printf("\n");
    }

    u3z(urp); u3z(vep); u3z(cor);
    if ( u3_none != exp ) u3z(exp);
  }
  free(lin_c);
  fclose(fil_u);

  printf("\n%-10s %7s %7s %6s %6s %7s %6s %6s %6s\n", "vectors", "records", "ur-pass",
         "ur-pu", "UR-BAD", "ve-pass", "ve-pu", "ve-bad", "ve-sig");
  for ( i_w = 0; i_w <= _N_ARMS; i_w++ ) {
    _vcount* c = ( i_w < _N_ARMS ) ? &cot_u[i_w] : &tot_u;
    if ( i_w < _N_ARMS ) {
      tot_u.num_d += c->num_d; tot_u.urp_d += c->urp_d; tot_u.urs_d += c->urs_d;
      tot_u.urf_d += c->urf_d; tot_u.vep_d += c->vep_d; tot_u.ves_d += c->ves_d;
      tot_u.vew_d += c->vew_d; tot_u.vek_d += c->vek_d;
      if ( 0 == c->num_d ) continue;
    }
    printf("%-10s %7" PRIu64 " %7" PRIu64 " %6" PRIu64 " %6" PRIu64 " %7" PRIu64
           " %6" PRIu64 " %6" PRIu64 " %6" PRIu64 "\n",
           ( i_w < _N_ARMS ) ? _arms[i_w].nam_c : "total", c->num_d, c->urp_d,
           c->urs_d, c->urf_d, c->vep_d, c->ves_d, c->vew_d, c->vek_d);
  }
  printf("\n/lib/math (urnum's bodies only): %" PRIu64 " pass, %" PRIu64 " FAIL, %" PRIu64
         " punt\n", mat_d[0], mat_d[1], mat_d[2]);
  return ( tot_u.urf_d || mat_d[1] ) ? 1 : 0;
}
