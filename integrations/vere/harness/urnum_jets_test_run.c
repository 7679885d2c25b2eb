/* The random run: per-arm counts, the loom sweep, --dump-diffs and
** _run_arm().
**
** A part of urnum_jets_test.c, which includes it (one translation unit).
*/

/* per-arm counts
*/
typedef struct {
  c3_d cal_d;                 //  calls
  c3_d equ_d;                 //  equal (both ok and sing, or both %exit)
  c3_d bex_d;                 //  of which both %exit
  c3_d kno_d;                 //  classified differences (all classes)
  c3_d kcl_d[_K_N];           //  per class
  c3_d dif_d;                 //  unexplained difference
  c3_d urp_d;                 //  urnum punted, vere answered
  c3_d vep_d;                 //  vere punted, urnum answered
  c3_d bop_d;                 //  both punted
  c3_d onl_d[3];              //  urnum only: ok, punt, exit
  c3_d fal_d;                 //  urnum %fail or a must-punt that did not
  c3_d kin_d[_N_KINDS];       //  calls per kind
  c3_d urk_d;                 //  urnum ok (any comparison)
  c3_w lur_w;                 //  urnum's leaked words
  c3_w lve_w;                 //  vere's leaked words
} _count;

static const c3_c* _out_name[] = { "ok", "punt", "exit", "fail", "other" };

/* _sweep_leaked(): mark [roots] and the road's own, sweep; the words
** the sweep reclaimed (leaks).
*/
static c3_w
_sweep_leaked(u3_noun roots)
{
  c3_w idl_w, new_w;

  idl_w = u3a_idle(u3R);
  u3m_grab(roots, u3_none);
  new_w = u3a_idle(u3R);
  return ( new_w > idl_w ) ? (new_w - idl_w) : 0;
}

/* _quiet(): send stderr to /dev/null (c3y) or back (c3n).
*/
static void
_quiet(c3_o on_o)
{
  static int err_i = -1;
  if ( c3y == on_o ) {
    int nul_i = open("/dev/null", O_WRONLY);
    fflush(stderr);
    err_i = dup(2);
    dup2(nul_i, 2);
    close(nul_i);
  }
  else if ( err_i >= 0 ) {
    fflush(stderr);
    dup2(err_i, 2);
    close(err_i);
    err_i = -1;
  }
}

static void
_replay(u3_noun (*fun_f)(u3_noun), u3_noun cors)
{
  for ( ; u3_nul != cors; cors = u3t(cors) ) {
    u3_weak pro = fun_f(u3h(cors));
    if ( u3_none != pro ) u3z(pro);
  }
}

static void
_show(const c3_c* why_c, const _arm* arm_u, const _kind* kin_u, u3_noun cor,
      c3_y uro_y, u3_noun urp, c3_y veo_y, u3_noun vep)
{
  fprintf(stderr, "%s: %s %s rnd=%c: urnum %s, vere %s\r\n", why_c, arm_u->nam_c,
          kin_u->nam_c, (int)(u3h(u3t(u3t(u3t(cor)))) & 0xff),
          _out_name[uro_y], _out_name[veo_y]);
  u3m_p("  sample", u3h(u3t(cor)));
  if ( _O_OK == uro_y ) u3m_p("  urnum", urp);
  if ( _O_OK == veo_y ) u3m_p("  vere", vep);
}

/* --dump-diffs: each unexplained difference as a line
**   D <hint> <rnd> <urnum-outcome> <vere-outcome> <sample> <urnum> <vere>
** the nouns jammed, in hex (0 for an outcome without a product), for an
** oracle (NockVM running the Hoon) to arbitrate.
*/
static FILE* _dump_u;

/* _put_atom(): an atom as 0x and its bytes in hex, the most significant
** first (0x0 for 0).
*/
static void
_put_atom(FILE* fil_u, u3_atom a)
{
  c3_w  len_w = u3r_met(3, a), i_w;
  c3_y* buf_y = c3_calloc(len_w + 1);

  u3r_bytes(0, len_w, buf_y, a);
  fputs("0x", fil_u);
  if ( 0 == len_w ) fputc('0', fil_u);
  for ( i_w = len_w; i_w > 0; i_w-- ) fprintf(fil_u, "%02x", buf_y[i_w - 1]);
  c3_free(buf_y);
}

/* _hexa(): a noun's jam as a hex atom (_put_atom()).
*/
static void
_hexa(FILE* fil_u, u3_noun non)
{
  u3_atom jam = u3qe_jam(non);

  _put_atom(fil_u, jam);
  u3z(jam);
}

/* _put(): a noun as [head tail] of hex atoms (lists stay right-nested).
*/
static void
_put(FILE* fil_u, u3_noun non)
{
  if ( c3y == u3du(non) ) {
    fputc('[', fil_u);
    _put(fil_u, u3h(non));
    fputc(' ', fil_u);
    _put(fil_u, u3t(non));
    fputc(']', fil_u);
  }
  else {
    _put_atom(fil_u, non);
  }
}

static void
_dump(const _arm* arm_u, u3_noun cor, c3_y uro_y, u3_noun urp, c3_y veo_y, u3_noun vep)
{
  if ( !_dump_u ) return;
  fprintf(_dump_u, "D %s %c %s %s ", arm_u->nam_c,
          (int)(u3h(u3t(u3t(u3t(cor)))) & 0xff), _out_name[uro_y], _out_name[veo_y]);
  _hexa(_dump_u, u3h(u3t(cor)));
  fputc(' ', _dump_u);
  _hexa(_dump_u, ( _O_OK == uro_y ) ? urp : 0);
  fputc(' ', _dump_u);
  _hexa(_dump_u, ( _O_OK == veo_y ) ? vep : 0);
  fputc('\n', _dump_u);
}

/* _run_arm(): [cal_d] calls of [arm_u].
*/
static void
_run_arm(const _arm* arm_u, c3_d cal_d, _count* cot_u)
{
  static const c3_y rnd_y[4] = { 'n', 'u', 'd', 'z' };
  u3_noun urc = u3_nul, vec = u3_nul;     //  cores to replay
  c3_d    i_d;
  c3_w    shw_w = 0;

  memset(cot_u, 0, sizeof(*cot_u));

  for ( i_d = 0; i_d < cal_d; i_d++ ) {
    //  kinds: %i754 (compared with vere) 3 calls in 4
    //
    c3_w   kix_w = ( (i_d & 3) != 3 ) ? (c3_w)((i_d >> 2) % _N_I754)
                                      : (c3_w)(_N_I754 + ((i_d >> 2) % (_N_KINDS - _N_I754)));
    const _kind* kin_u = &_kinds[kix_w];
    c3_w   r_w   = _below(100);
    c3_w   cls_w = ( r_w < 70 ) ? _C_RAND : ( r_w < 85 ) ? _C_EDGE
                 : ( r_w < 87 ) ? _C_BIG : _C_BAD;
    u3_noun rnd  = ( 0 == _below(50) ) ? c3__a : rnd_y[(i_d / 7) & 3];
    c3_o   saf_o, pun_o;
    u3_noun sam, cor, urp, vep;
    c3_y   uro_y, veo_y = _O_PUNT;
    c3_m   urm_m, vem_m;

    if ( _C_BAD == cls_w && 0 == _below(12) ) {
      //  a door whose rnd no Hoon door holds
      rnd = ( _below(2) ) ? 0 : u3qc_bex(40);
    }
    sam = _sample(arm_u, kin_u, cls_w, &saf_o, &pun_o);
    if ( c3n == u3a_is_cat(rnd) || 0 == rnd ) {
      pun_o = c3y;
    }
    cor = _core(sam, rnd);

    cot_u->cal_d++;
    cot_u->kin_d[kix_w]++;

    uro_y = _call(arm_u->ur_f, cor, &urp, &urm_m);
    if ( _O_OK == uro_y ) cot_u->urk_d++;
    if ( _O_OK == uro_y || _O_PUNT == uro_y ) {
      urc = u3nc(u3k(cor), urc);
    }

    if ( _O_FAIL == uro_y || _O_OTHER == uro_y
       || (c3y == pun_o && _O_PUNT != uro_y) )
    {
      cot_u->fal_d++;
      if ( shw_w++ < 4 ) _show("FAIL", arm_u, kin_u, cor, uro_y, urp, veo_y, u3_nul);
    }
    else if ( c3n == saf_o ) {
      cot_u->onl_d[( _O_OK == uro_y ) ? 0 : ( _O_PUNT == uro_y ) ? 1 : 2]++;
    }
    else {
      veo_y = _call(arm_u->ve_f, cor, &vep, &vem_m);
      if ( _O_OK == veo_y || _O_PUNT == veo_y ) {
        vec = u3nc(u3k(cor), vec);
      }

      if ( _O_PUNT == uro_y && _O_PUNT == veo_y )      cot_u->bop_d++;
      else if ( _O_PUNT == uro_y )                     cot_u->urp_d++;
      else if ( _O_PUNT == veo_y )                     cot_u->vep_d++;
      else if ( _O_EXIT == uro_y && _O_EXIT == veo_y ) { cot_u->equ_d++; cot_u->bex_d++; }
      else if ( _O_OK == uro_y && _O_OK == veo_y && c3y == u3r_sing(urp, vep) ) {
        cot_u->equ_d++;
      }
      else {
        c3_w cls_w = _classify(arm_u, cor, uro_y, urp, veo_y, vep);
        if ( cls_w < _K_N ) {
          cot_u->kno_d++;
          cot_u->kcl_d[cls_w]++;
        }
        else {
          cot_u->dif_d++;
          if ( shw_w++ < 4 ) _show("DIFF", arm_u, kin_u, cor, uro_y, urp, veo_y, vep);
          _dump(arm_u, cor, uro_y, urp, veo_y, vep);
        }
      }
      u3z(vep);
    }
    u3z(urp);
    u3z(cor);
  }

  //  loom hygiene: replay what did not bail on the home road, then sweep
  //
  {
    u3_noun roots = u3nc(urc, vec);

    _quiet(c3y);
    (void)_sweep_leaked(roots);                 //  a clean start
    _quiet(c3n);

    _replay(arm_u->ur_f, urc);
    cot_u->lur_w = _sweep_leaked(roots);        //  urnum's leaks, printed

    _replay(arm_u->ve_f, vec);
    _quiet(c3y);
    cot_u->lve_w = _sweep_leaked(roots);        //  vere's (quietly)
    _quiet(c3n);

    u3z(roots);
  }
}
