/// @file
///
/// urnum's bodies for vere's 28 Lagoon jets (`non/lagoon` in
/// `pkg/noun/jets/13{5,6,7}/tree.c`), written against vere 859fd5c6's API and
/// urnum's C ABI (`urnum.h`, `docs/vere-integration.md` §1).
///
/// Every body does the same five things:
///
///   1. reads the sample with `u3r_mean` at the axes of the arm's gate
///      (lagoon.hoon@aa6f2a6: `[a=ray b=ray]`, `[a=ray n=@]`, `a=ray`,
///      `[=meta [a=@ b=@] n=@]`) and the rounding mode from the `la` door
///      (`=+  [rnd=*rounding-mode]` before `|%`, so axis 30 of the gate);
///   2. decodes each `$meta` into a `urnum_meta` (the shape in a stack array of
///      `_UR_RANK` dims, `u3a_malloc` beyond) and views each data atom in
///      place (`u3r_word_buffer`, `URNUM_DATA_ATOM`): urnum sees the atom the
///      Hoon sees, so `+check` decides malformed pins exactly as the Hoon does;
///   3. `urnum_la_plan`, then the output on the loom (`u3i_slab`, so an
///      out-of-memory bail happens before urnum runs), then `urnum_la_exec`
///      into it;
///   4. builds the product noun from exec's description: a ray `[meta data]`
///      (pin set at `pin_bit`), a raw ray (the data atom as urnum wrote it), an
///      atom, or a list;
///   5. frees what it allocated, and only then maps the status: `URNUM_PUNT`
///      -> `u3_none`, `URNUM_CRASH` -> `u3m_bail(c3__exit)`, `URNUM_CONTRACT`
///      -> `u3m_bail(c3__fail)`.
///
/// A noun that does not have the sample's shape (a cell where an atom goes, a
/// shape that is not a list of atoms below 2^64, a bloq over 255, an unknown
/// kind or tail) punts: the Hoon decides what it does with it. Every kind urnum
/// serves goes through urnum, not only `%i754`.
///
/// Allocation: with `-DU3_URNUM_JET_ONLY` a body calls urnum only for the
/// arms, kinds and widths of its allocation-free path and punts whenever the
/// plan lacks `URNUM_PLAN_NO_ALLOC`, so that only that path computes inside
/// vere (an input it still declines, such as a malformed pin, is planned on the
/// Rust heap before the punt). Without it (the
/// default) every kind and arm urnum serves runs; the general path allocates
/// on the Rust heap and frees before it returns.

#include "noun.h"
#include "jets/q.h"
#include "jets/w.h"
#include "c3/motes.h"

#include "urnum.h"
#include "urnum_jets.h"

#if !defined(U3_OS_ENDIAN_little)
#  error "urnum_jets.c views atoms as urnum's little-endian bytes: little-endian hosts only"
#endif

/*  The kinds' terms. vere's motes.h spells c3__unum, c3__cplx and c3__fixp
**  with c3_s3 and four characters, so they are built here with c3_s4.
*/
#define _ur_i754 c3_s4('i', '7', '5', '4')
#define _ur_uint c3_s4('u', 'i', 'n', 't')
#define _ur_int2 c3_s4('i', 'n', 't', '2')
#define _ur_unum c3_s4('u', 'n', 'u', 'm')
#define _ur_cplx c3_s4('c', 'p', 'l', 'x')
#define _ur_fixp c3_s4('f', 'i', 'x', 'p')

/*  Dims held on the C stack per meta, and per result shape.
*/
#define _UR_RANK 8

/*  The largest output the shim allocates: a slab's word count is a c3_w.
*/
#define _UR_MAX_BYTES ( ((c3_d)0xffffffff) << 2 )

/* _ur_meta: a decoded $meta and the storage of its shape.
*/
typedef struct {
  urnum_meta met_u;              //  what urnum reads
  uint64_t   dim_d[_UR_RANK];    //  the shape, rank <= _UR_RANK
  uint64_t*  hep_d;              //  the shape, u3a_malloc'd, rank > _UR_RANK
} _ur_meta;

/* _ur_ray: a ray operand: its meta and its data atom.
*/
typedef struct {
  _ur_meta met_u;
  u3_atom  dat;                  //  a direct atom's word buffer is this field
} _ur_ray;

/* _ur_meta_free(): release a meta's shape storage (safe after any read).
*/
static void
_ur_meta_free(_ur_meta* met_u)
{
  if ( met_u->hep_d ) {
    u3a_free(met_u->hep_d);
    met_u->hep_d = 0;
  }
}

/* _ur_kind_in(): a kind term as urnum's code, 0 if urnum has none.
*/
static uint8_t
_ur_kind_in(u3_noun kin)
{
  switch ( kin ) {
    case _ur_i754: return URNUM_I754;
    case _ur_uint: return URNUM_UINT;
    case _ur_int2: return URNUM_INT2;
    case _ur_unum: return URNUM_UNUM;
    case _ur_cplx: return URNUM_CPLX;
    case _ur_fixp: return URNUM_FIXP;
    default:       return 0;
  }
}

/* _ur_kind_out(): urnum's kind code as the term, u3_none if unknown.
*/
static u3_weak
_ur_kind_out(uint8_t kin_y)
{
  switch ( kin_y ) {
    case URNUM_I754: return _ur_i754;
    case URNUM_UINT: return _ur_uint;
    case URNUM_INT2: return _ur_int2;
    case URNUM_UNUM: return _ur_unum;
    case URNUM_CPLX: return _ur_cplx;
    case URNUM_FIXP: return _ur_fixp;
    default:         return u3_none;
  }
}

/* _ur_meta_read(): decode [shape bloq kind tail]; c3n: urnum cannot say
** what the Hoon does with it (punt). Nothing stays allocated on c3n.
*/
static c3_o
_ur_meta_read(u3_noun met, _ur_meta* out_u)
{
  u3_noun sap, blq, kin, tal, i;
  c3_d    ran_d = 0;

  memset(out_u, 0, sizeof(*out_u));

  if ( c3n == u3r_qual(met, &sap, &blq, &kin, &tal) ) {
    return c3n;
  }

  for ( i = sap; u3_nul != i; i = u3t(i) ) {
    if (  (c3n == u3du(i))
       || (c3n == u3ud(u3h(i)))
       || (1 < u3r_met(6, u3h(i))) )
    {
      return c3n;
    }
    ran_d++;
  }

  if (  (ran_d > 0xffffffffULL)
     || (c3n == u3a_is_cat(blq)) || (blq > 255)
     || (0 == (out_u->met_u.kind = _ur_kind_in(kin))) )
  {
    return c3n;
  }

  if ( u3_nul == tal ) {
    out_u->met_u.tail = URNUM_TAIL_NULL;
  }
  else {
    u3_noun tap, taq;
    c3_d    tap_d, taq_d;

    if (  (c3n == u3r_cell(tal, &tap, &taq))
       || (c3n == u3r_safe_chub(tap, &tap_d))
       || (c3n == u3r_safe_chub(taq, &taq_d)) )
    {
      return c3n;
    }
    out_u->met_u.tail   = URNUM_TAIL_PREC;
    out_u->met_u.fixp_a = tap_d;
    out_u->met_u.fixp_b = taq_d;
  }

  {
    uint64_t* dim_d = out_u->dim_d;
    c3_d      j_d   = 0;

    if ( ran_d > _UR_RANK ) {
      dim_d = out_u->hep_d = u3a_malloc(ran_d * sizeof(uint64_t));
    }
    for ( i = sap; u3_nul != i; i = u3t(i) ) {
      dim_d[j_d++] = u3r_chub(0, u3h(i));
    }
    out_u->met_u.shape = dim_d;
  }

  out_u->met_u.ndim = (uint32_t)ran_d;
  out_u->met_u.bloq = (uint8_t)blq;
  return c3y;
}

/* _ur_ray_read(): decode a ray [meta data]; c3n: punt.
*/
static c3_o
_ur_ray_read(u3_noun met, u3_noun dat, _ur_ray* ray_u)
{
  ray_u->dat = dat;
  if ( c3n == u3ud(dat) ) {
    memset(&ray_u->met_u, 0, sizeof(ray_u->met_u));
    return c3n;
  }
  return _ur_meta_read(met, &ray_u->met_u);
}

/* _ur_view(): the bytes of an atom in place (little-endian words).
*/
static urnum_bytes
_ur_view(u3_atom* a)
{
  c3_w  len_w;
  c3_w* buf_w = u3r_word_buffer(a, &len_w);
  urnum_bytes byt_u = { (const uint8_t*)buf_w, (size_t)len_w * sizeof(c3_w) };
  return byt_u;
}

/* _ur_ray_view(): a ray operand, its data as the whole atom.
*/
static urnum_ray
_ur_ray_view(_ur_ray* ray_u)
{
  urnum_bytes byt_u = _ur_view(&ray_u->dat);
  urnum_ray   out_u = { ray_u->met_u.met_u, byt_u.ptr, byt_u.len, URNUM_DATA_ATOM };
  return out_u;
}

/* _ur_meta_noun(): the $meta of a ray result; u3_none on an unknown kind.
*/
static u3_weak
_ur_meta_noun(const urnum_plan* res_u, const uint64_t* shp_d)
{
  u3_weak kin = _ur_kind_out(res_u->kind);
  u3_noun sap = u3_nul, tal;
  c3_w    i_w;

  if ( u3_none == kin ) {
    return u3_none;
  }
  for ( i_w = res_u->ndim; i_w > 0; i_w-- ) {
    sap = u3nc(u3i_chub(shp_d[i_w - 1]), sap);
  }
  tal = ( URNUM_TAIL_PREC == res_u->tail )
        ? u3nc(u3i_chub(res_u->fixp_a), u3i_chub(res_u->fixp_b))
        : u3_nul;
  return u3nq(sap, res_u->bloq, kin, tal);
}

/* _ur_product(): the product noun from exec's description; consumes the
** slab. u3_none when the description is one the shim does not know (the
** caller treats it as a contract error).
*/
static u3_weak
_ur_product(const urnum_plan* res_u, const uint64_t* shp_d, u3i_slab* sab_u, c3_d len_d)
{
  switch ( res_u->form ) {
    case URNUM_FORM_RAY:
    case URNUM_FORM_RAY_RAW: {
      u3_weak met;

      if ( URNUM_FORM_RAY == res_u->form ) {
        if ( (res_u->pin_bit >> 3) >= len_d ) {
          break;
        }
        sab_u->buf_y[res_u->pin_bit >> 3] |= (c3_y)(1U << (res_u->pin_bit & 7));
      }
      if ( u3_none == (met = _ur_meta_noun(res_u, shp_d)) ) {
        break;
      }
      return u3nc(met, u3i_slab_mint(sab_u));
    }

    case URNUM_FORM_ATOM: {
      return u3i_slab_mint(sab_u);
    }

    case URNUM_FORM_LIST: {
      c3_d    n_d = res_u->items;
      c3_w    wid_w = res_u->item_bytes;
      u3_noun pro = u3_nul;

      if ( wid_w && (n_d > (len_d / wid_w)) ) {
        break;
      }
      while ( n_d > 0 ) {
        n_d--;
        pro = u3nc(u3i_bytes(wid_w, sab_u->buf_y + (n_d * wid_w)), pro);
      }
      u3i_slab_free(sab_u);
      return pro;
    }

    default: break;
  }

  u3i_slab_free(sab_u);
  return u3_none;
}

#ifdef U3_URNUM_JET_ONLY
/* _ur_jet_path(): whether urnum's allocation-free path can serve the call
** (docs/vere-integration.md, "Allocation": the arm, %i754 at bloq 4-6 with
** tail ~, a mode n u d z); the rest punts before urnum_la_plan, whose
** general path would allocate. An input the jet path still declines (a
** malformed pin, mismatched metas, no elements, over 2^24 of them) is
** planned by the general path, then punts on the missing flag.
*/
static c3_o
_ur_jet_path(uint32_t arm_w, uint8_t rnd_y, const urnum_args* arg_u)
{
  c3_w i_w;

  switch ( arm_w ) {
    case URNUM_LA_ADD: case URNUM_LA_SUB: case URNUM_LA_MUL: case URNUM_LA_DIV:
    case URNUM_LA_ADD_SCALAR: case URNUM_LA_SUB_SCALAR:
    case URNUM_LA_MUL_SCALAR: case URNUM_LA_DIV_SCALAR:
    case URNUM_LA_GTH: case URNUM_LA_GTE: case URNUM_LA_LTH: case URNUM_LA_LTE:
    case URNUM_LA_ABS: case URNUM_LA_CUMSUM: case URNUM_LA_DOT: case URNUM_LA_MMUL:
      break;
    default:
      return c3n;
  }
  if ( ('n' != rnd_y) && ('u' != rnd_y) && ('d' != rnd_y) && ('z' != rnd_y) ) {
    return c3n;
  }
  for ( i_w = 0; i_w < arg_u->n_rays; i_w++ ) {
    const urnum_meta* met_u = &arg_u->rays[i_w].meta;
    if (  (URNUM_I754 != met_u->kind) || (URNUM_TAIL_NULL != met_u->tail)
       || (met_u->bloq < 4) || (met_u->bloq > 6) )
    {
      return c3n;
    }
  }
  return c3y;
}
#endif

/* _ur_run(): plan, allocate, exec and build arm [arm_w] on [arg_u] in the
** rounding mode of [cor]'s door. Produces a status; on URNUM_OK the
** product is in *pro (u3_none never, on URNUM_OK). Never bails for a
** status (an out-of-memory bail in the slab aside): the caller frees
** its operands first, then maps the status with u3wi_ur_done().
*/
static urnum_status
_ur_run(uint32_t arm_w, u3_noun cor, const urnum_args* arg_u, u3_weak* pro)
{
  u3_weak      rnd = u3r_at(u3x_con_sam, cor);
  uint64_t     shp_d[_UR_RANK];
  uint64_t*    out_d = shp_d;
  uint64_t*    hep_d = 0;
  uint32_t     cap_w = _UR_RANK;
  urnum_plan   pan_u, res_u;
  urnum_status sas;
  c3_d         len_d;
  u3i_slab     sab_u;
  c3_w         i_w;

  *pro = u3_none;

  //  the door's rnd: a term 'n' 'u' 'd' 'z'; urnum punts on anything else
  //
  if ( (u3_none == rnd) || (c3n == u3a_is_cat(rnd)) || (rnd > 255) ) {
    return URNUM_PUNT;
  }

  //  a result's rank is at most its operands' highest, or 2
  //
  for ( i_w = 0; i_w < arg_u->n_rays; i_w++ ) {
    c3_d ned_d = (c3_d)arg_u->rays[i_w].meta.ndim + 2;
    cap_w = c3_max(cap_w, (uint32_t)c3_min(ned_d, 0xffffffffULL));
  }
  for ( i_w = 0; i_w < arg_u->n_metas; i_w++ ) {
    c3_d ned_d = (c3_d)arg_u->metas[i_w].ndim + 2;
    cap_w = c3_max(cap_w, (uint32_t)c3_min(ned_d, 0xffffffffULL));
  }
  if ( cap_w > _UR_RANK ) {
    out_d = hep_d = u3a_malloc((c3_d)cap_w * sizeof(uint64_t));
  }

#ifdef U3_URNUM_JET_ONLY
  if ( c3n == _ur_jet_path(arm_w, (uint8_t)rnd, arg_u) ) {
    if ( hep_d ) {
      u3a_free(hep_d);
    }
    return URNUM_PUNT;
  }
#endif

  sas = urnum_la_plan(arm_w, (uint8_t)rnd, arg_u, &pan_u, out_d, cap_w);

#ifdef U3_URNUM_JET_ONLY
  if ( (URNUM_OK == sas) && !(pan_u.flags & URNUM_PLAN_NO_ALLOC) ) {
    sas = URNUM_PUNT;
  }
#endif

  if ( URNUM_OK == sas ) {
    len_d = pan_u.out_bytes;
    if ( URNUM_FORM_RAY == pan_u.form ) {
      len_d = c3_max(len_d, (pan_u.pin_bit >> 3) + 1);
    }
    if ( (len_d > _UR_MAX_BYTES) || pan_u.scratch_bytes ) {
      //  too large for a slab (the Hoon runs out of loom as well), or a
      //  scratch buffer, which no arm asks for in this ABI version
      //
      sas = URNUM_PUNT;
    }
  }

  if ( URNUM_OK == sas ) {
    urnum_out out_u = { 0, (size_t)len_d };
    urnum_out scr_u = { 0, 0 };

    u3i_slab_init(&sab_u, 3, c3_max(len_d, 1));
    out_u.ptr = sab_u.buf_y;

    sas = urnum_la_exec(arm_w, (uint8_t)rnd, arg_u, out_u, scr_u, &res_u, out_d, cap_w);

    if ( URNUM_OK != sas ) {
      u3i_slab_free(&sab_u);
    }
    else if (  (res_u.out_bytes > len_d)
            || (  ((URNUM_FORM_RAY == res_u.form) || (URNUM_FORM_RAY_RAW == res_u.form))
               && (res_u.ndim > cap_w) ) )
    {
      //  a description the buffers do not hold
      //
      u3i_slab_free(&sab_u);
      sas = URNUM_CONTRACT;
    }
    else if ( u3_none == (*pro = _ur_product(&res_u, out_d, &sab_u, len_d)) ) {
      //  a description the shim does not know (_ur_product freed the slab)
      //
      sas = URNUM_CONTRACT;
    }
  }

  if ( hep_d ) {
    u3a_free(hep_d);
  }
  return sas;
}

/* _ur_two(): arms of sample [a=ray b=ray].
*/
static u3_weak
_ur_two(const c3_c* nam_c, uint32_t arm_w, u3_noun cor)
{
  u3_noun      am, ad, bm, bd;
  _ur_ray      ray_u[2];
  urnum_status sas = URNUM_PUNT;
  u3_weak      pro = u3_none;

  if ( c3n == u3r_mean(cor, u3x_sam_4, &am, u3x_sam_5, &ad,
                            u3x_sam_6, &bm, u3x_sam_7, &bd, 0) )
  {
    return u3_none;
  }
  {
    c3_o a_o = _ur_ray_read(am, ad, &ray_u[0]);
    c3_o b_o = _ur_ray_read(bm, bd, &ray_u[1]);

    if ( (c3y == a_o) && (c3y == b_o) ) {
      urnum_ray  arg_u[2] = { _ur_ray_view(&ray_u[0]), _ur_ray_view(&ray_u[1]) };
      urnum_args rgs_u    = { arg_u, 2, 0, 0, 0, 0, 0, 0, URNUM_UNUM_REV_NONE };
      sas = _ur_run(arm_w, cor, &rgs_u, &pro);
    }
  }
  _ur_meta_free(&ray_u[0].met_u);
  _ur_meta_free(&ray_u[1].met_u);
  return u3wi_ur_done(nam_c, sas, pro);
}

/* _ur_one(): arms of sample a=ray.
*/
static u3_weak
_ur_one(const c3_c* nam_c, uint32_t arm_w, u3_noun cor)
{
  u3_noun      am, ad;
  _ur_ray      ray_u;
  urnum_status sas = URNUM_PUNT;
  u3_weak      pro = u3_none;

  if ( c3n == u3r_mean(cor, u3x_sam_2, &am, u3x_sam_3, &ad, 0) ) {
    return u3_none;
  }
  if ( c3y == _ur_ray_read(am, ad, &ray_u) ) {
    urnum_ray  arg_u = _ur_ray_view(&ray_u);
    urnum_args rgs_u = { &arg_u, 1, 0, 0, 0, 0, 0, 0, URNUM_UNUM_REV_NONE };
    sas = _ur_run(arm_w, cor, &rgs_u, &pro);
  }
  _ur_meta_free(&ray_u.met_u);
  return u3wi_ur_done(nam_c, sas, pro);
}

/* _ur_scal(): arms of sample [a=ray n=@].
*/
static u3_weak
_ur_scal(const c3_c* nam_c, uint32_t arm_w, u3_noun cor)
{
  u3_noun      am, ad, n;
  _ur_ray      ray_u;
  urnum_status sas = URNUM_PUNT;
  u3_weak      pro = u3_none;

  if ( c3n == u3r_mean(cor, u3x_sam_4, &am, u3x_sam_5, &ad, u3x_sam_3, &n, 0) ) {
    return u3_none;
  }
  if ( (c3y == _ur_ray_read(am, ad, &ray_u)) && (c3y == u3ud(n)) ) {
    urnum_ray   arg_u = _ur_ray_view(&ray_u);
    urnum_bytes atm_u = _ur_view(&n);
    urnum_args  rgs_u = { &arg_u, 1, 0, 0, &atm_u, 1, 0, 0, URNUM_UNUM_REV_NONE };
    sas = _ur_run(arm_w, cor, &rgs_u, &pro);
  }
  _ur_meta_free(&ray_u.met_u);
  return u3wi_ur_done(nam_c, sas, pro);
}

/* _ur_span(): arms of sample [=meta [a=@ b=@] n=@] (+linspace, +range).
*/
static u3_weak
_ur_span(const c3_c* nam_c, uint32_t arm_w, u3_noun cor)
{
  u3_noun      met, a, b, n;
  _ur_meta     met_u;
  urnum_status sas = URNUM_PUNT;
  u3_weak      pro = u3_none;

  if ( c3n == u3r_mean(cor, u3x_sam_2, &met, u3x_sam_12, &a,
                            u3x_sam_13, &b, u3x_sam_7, &n, 0) )
  {
    return u3_none;
  }
  if (  (c3y == _ur_meta_read(met, &met_u))
     && (c3y == u3ud(a)) && (c3y == u3ud(b)) && (c3y == u3ud(n)) )
  {
    urnum_bytes atm_u[3] = { _ur_view(&a), _ur_view(&b), _ur_view(&n) };
    urnum_args  rgs_u    = { 0, 0, &met_u.met_u, 1, atm_u, 3, 0, 0, URNUM_UNUM_REV_NONE };
    sas = _ur_run(arm_w, cor, &rgs_u, &pro);
  }
  _ur_meta_free(&met_u);
  return u3wi_ur_done(nam_c, sas, pro);
}

u3_noun u3wi_ur_la_add(u3_noun cor)  { return _ur_two("add-rays", URNUM_LA_ADD, cor); }
u3_noun u3wi_ur_la_sub(u3_noun cor)  { return _ur_two("sub-rays", URNUM_LA_SUB, cor); }
u3_noun u3wi_ur_la_mul(u3_noun cor)  { return _ur_two("mul-rays", URNUM_LA_MUL, cor); }
u3_noun u3wi_ur_la_div(u3_noun cor)  { return _ur_two("div-rays", URNUM_LA_DIV, cor); }
u3_noun u3wi_ur_la_mod(u3_noun cor)  { return _ur_two("mod-rays", URNUM_LA_MOD, cor); }
u3_noun u3wi_ur_la_gth(u3_noun cor)  { return _ur_two("gth", URNUM_LA_GTH, cor); }
u3_noun u3wi_ur_la_gte(u3_noun cor)  { return _ur_two("gte", URNUM_LA_GTE, cor); }
u3_noun u3wi_ur_la_lth(u3_noun cor)  { return _ur_two("lth", URNUM_LA_LTH, cor); }
u3_noun u3wi_ur_la_lte(u3_noun cor)  { return _ur_two("lte", URNUM_LA_LTE, cor); }
u3_noun u3wi_ur_la_dot(u3_noun cor)  { return _ur_two("dot", URNUM_LA_DOT, cor); }
u3_noun u3wi_ur_la_mmul(u3_noun cor) { return _ur_two("mmul", URNUM_LA_MMUL, cor); }

u3_noun u3wi_ur_la_adds(u3_noun cor) { return _ur_scal("add-scal", URNUM_LA_ADD_SCALAR, cor); }
u3_noun u3wi_ur_la_subs(u3_noun cor) { return _ur_scal("sub-scal", URNUM_LA_SUB_SCALAR, cor); }
u3_noun u3wi_ur_la_muls(u3_noun cor) { return _ur_scal("mul-scal", URNUM_LA_MUL_SCALAR, cor); }
u3_noun u3wi_ur_la_divs(u3_noun cor) { return _ur_scal("div-scal", URNUM_LA_DIV_SCALAR, cor); }
u3_noun u3wi_ur_la_mods(u3_noun cor) { return _ur_scal("mod-scal", URNUM_LA_MOD_SCALAR, cor); }

u3_noun u3wi_ur_la_transpose(u3_noun cor) { return _ur_one("transpose", URNUM_LA_TRANSPOSE, cor); }
u3_noun u3wi_ur_la_cumsum(u3_noun cor)    { return _ur_one("cumsum", URNUM_LA_CUMSUM, cor); }
u3_noun u3wi_ur_la_argmin(u3_noun cor)    { return _ur_one("argmin", URNUM_LA_ARGMIN, cor); }
u3_noun u3wi_ur_la_argmax(u3_noun cor)    { return _ur_one("argmax", URNUM_LA_ARGMAX, cor); }
u3_noun u3wi_ur_la_ravel(u3_noun cor)     { return _ur_one("ravel", URNUM_LA_RAVEL, cor); }
u3_noun u3wi_ur_la_min(u3_noun cor)       { return _ur_one("min", URNUM_LA_MIN, cor); }
u3_noun u3wi_ur_la_max(u3_noun cor)       { return _ur_one("max", URNUM_LA_MAX, cor); }
u3_noun u3wi_ur_la_abs(u3_noun cor)       { return _ur_one("abs", URNUM_LA_ABS, cor); }
u3_noun u3wi_ur_la_diag(u3_noun cor)      { return _ur_one("diag", URNUM_LA_DIAG, cor); }
u3_noun u3wi_ur_la_trace(u3_noun cor)     { return _ur_one("trace", URNUM_LA_TRACE, cor); }

u3_noun u3wi_ur_la_linspace(u3_noun cor)  { return _ur_span("linspace", URNUM_LA_LINSPACE, cor); }
u3_noun u3wi_ur_la_range(u3_noun cor)     { return _ur_span("range", URNUM_LA_RANGE, cor); }
