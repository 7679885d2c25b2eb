/*
 * Example vere jet shims on urnum: Lagoon add-rays, mmul, cumsum and
 * /lib/math exp:rd. This file is written against vere's u3 API as described
 * in vere 859fd5c6's pkg/noun headers; it is NOT compiled in the urnum repository
 * (there is no vere tree here). See README.md beside it and
 * docs/vere-integration.md.
 *
 * Pattern of every Lagoon shim:
 *   1. destructure the sample (u3r_mean), read rnd from the door (axis 30);
 *   2. decode each $meta into a urnum_meta (shape on the C stack for rank <= 8);
 *   3. pass each data atom zero-copy as URNUM_DATA_ATOM (u3r_word_buffer), so
 *      urnum sees exactly the atom the Hoon sees (malformed pins included);
 *   4. urnum_la_plan -> allocate the result slab on the loom (any OOM bail
 *      happens here, before Rust runs) -> urnum_la_exec into the slab;
 *      a plan without URNUM_PLAN_NO_ALLOC means exec would call malloc (the
 *      Rust heap, not the loom): such calls punt unless URNUM_JETS_ALLOW_ALLOC
 *      is defined (see docs/vere-integration.md, "Allocation");
 *   5. set the pin, mint the atom, build [meta data];
 *   6. map the status: PUNT -> u3_none, CRASH -> bail %exit, CONTRACT -> bail %fail.
 * All bails happen in C after urnum has returned: no longjmp crosses a Rust frame
 * except an asynchronous signal, and on the allocation-free path such a frame
 * holds no heap memory and no destructor.
 *
 * Call urnum_la_init() once at boot (outside any jet): it settles what the
 * library reads lazily (URNUM_EXEC, URNUM_HW_ISA, CPU features), so that no
 * later jet call reads the environment.
 */
#include "all.h"
#include "urnum.h"

/* Referencing the marker makes a header/library ABI mismatch a link error. */
static const uint32_t* const _urnum_abi_marker = &urnum_abi_v1;

#define SHAPE_STACK 8

/* A decoded $meta and the storage of its shape. */
typedef struct {
  urnum_meta m;
  c3_d       stack[SHAPE_STACK];
  c3_d*      heap;
} _meta_buf;

static void
_meta_free(_meta_buf* b)
{
  if ( b->heap ) u3a_free(b->heap);
}

/* Decode `meta` into `b`; c3n means "urnum cannot express it": punt. */
static c3_o
_meta_decode(u3_noun meta, _meta_buf* b)
{
  u3_noun shape, bloq, kind, tail;
  memset(b, 0, sizeof *b);
  if ( c3n == u3r_qual(meta, &shape, &bloq, &kind, &tail) ) return c3n;

  c3_w n = 0;
  for ( u3_noun s = shape; u3_nul != s; s = u3t(s) ) {
    if ( c3n == u3du(s) ) return c3n;
    n++;
  }
  c3_d* dims = ( n <= SHAPE_STACK ) ? b->stack : (b->heap = u3a_malloc(n * sizeof(c3_d)));
  c3_w i = 0;
  for ( u3_noun s = shape; u3_nul != s; s = u3t(s), i++ ) {
    if ( c3n == u3ud(u3h(s)) || c3n == u3r_safe_chub(u3h(s), &dims[i]) ) return c3n;
  }
  if ( c3n == u3a_is_cat(bloq) || bloq > 255 ) return c3n;

  switch ( kind ) {
    case c3__i754: b->m.kind = URNUM_I754; break;
    case c3__uint: b->m.kind = URNUM_UINT; break;
    case c3__int2: b->m.kind = URNUM_INT2; break;
    case c3__unum: b->m.kind = URNUM_UNUM; break;
    case c3__cplx: b->m.kind = URNUM_CPLX; break;
    case c3__fixp: b->m.kind = URNUM_FIXP; break;
    default: return c3n;
  }
  if ( u3_nul == tail ) {
    b->m.tail = URNUM_TAIL_NULL;
  }
  else if ( c3y == u3du(tail) && c3y == u3r_safe_chub(u3h(tail), &b->m.fixp_a)
            && c3y == u3r_safe_chub(u3t(tail), &b->m.fixp_b) ) {
    b->m.tail = URNUM_TAIL_PREC;
  }
  else return c3n;

  b->m.shape = dims;
  b->m.ndim  = n;
  b->m.bloq  = (uint8_t)bloq;
  return c3y;
}

/* The whole data atom, zero-copy: its word buffer and byte length. */
static urnum_ray
_ray_view(const _meta_buf* b, u3_atom* data)
{
  c3_w wid_w;
  c3_w* buf_w = u3r_word_buffer(data, &wid_w);   /* const: atoms are immutable */
  urnum_ray r = { b->m, (const uint8_t*)buf_w, (size_t)wid_w * sizeof(c3_w), URNUM_DATA_ATOM };
  return r;
}

/* A shape list from `n` dims. */
static u3_noun
_shape_noun(const uint64_t* dims, c3_w n)
{
  u3_noun s = u3_nul;
  while ( n-- ) s = u3nc(u3i_chub(dims[n]), s);
  return s;
}

/* A status other than OK, as the jet's answer (frees nothing: callers do). */
static u3_weak
_status(const c3_c* arm, urnum_status s)
{
  switch ( s ) {
    case URNUM_PUNT:  return u3l_punt(arm, u3_none);
    case URNUM_CRASH: u3m_bail(c3__exit);
    default:          u3l_log("urnum: %s: contract error %u", arm, (unsigned)s);
                      u3m_bail(c3__fail);
  }
}

#define MAX_RANK 8

/* Plan, allocate, exec and build the result of a Lagoon arm. */
static u3_weak
_la_run(const c3_c* name, uint32_t arm, u3_atom rnd, const urnum_args* args)
{
  if ( c3n == u3a_is_cat(rnd) || rnd > 255 ) return u3_none;

  urnum_plan   plan, res;
  uint64_t     shp[MAX_RANK];
  urnum_status s = urnum_la_plan(arm, (uint8_t)rnd, args, &plan, shp, MAX_RANK);
  if ( URNUM_OK != s ) return _status(name, s);
  if ( URNUM_FORM_RAY != plan.form ) return u3_none;          /* keep the example small */
#ifndef URNUM_JETS_ALLOW_ALLOC
  /* Not the allocation-free path (another arm, kind or width, a malformed
     pin, a large ray): exec would malloc inside the jet. Let the Hoon run. */
  if ( !(plan.flags & URNUM_PLAN_NO_ALLOC) ) return u3_none;
#endif

  /* The slab holds the elements and the pin: pin_bit / 8 + 1 bytes, zero-filled. */
  u3i_slab sab;
  u3i_slab_init(&sab, 3, (c3_d)(plan.pin_bit / 8) + 1);
  /* scratch_bytes is 0 for every arm today; kept for kernels that may need it. */
  void* scr = plan.scratch_bytes ? u3a_malloc(plan.scratch_bytes) : NULL;
  urnum_out out = { sab.buf_y, plan.out_bytes };
  urnum_out scratch = { scr, plan.scratch_bytes };

  s = urnum_la_exec(arm, (uint8_t)rnd, args, out, scratch, &res, shp, MAX_RANK);
  if ( scr ) u3a_free(scr);
  if ( URNUM_OK != s || URNUM_FORM_RAY != res.form ) {
    u3i_slab_free(&sab);
    return ( URNUM_OK == s ) ? u3_none : _status(name, s);
  }
  sab.buf_y[res.pin_bit / 8] |= (c3_y)(1u << (res.pin_bit % 8));
  u3_noun data = u3i_slab_mint(&sab);

  u3_noun kind;
  switch ( res.kind ) {
    case URNUM_I754: kind = c3__i754; break;  case URNUM_UINT: kind = c3__uint; break;
    case URNUM_INT2: kind = c3__int2; break;  case URNUM_UNUM: kind = c3__unum; break;
    case URNUM_CPLX: kind = c3__cplx; break;  default:         kind = c3__fixp; break;
  }
  u3_noun tail = ( URNUM_TAIL_PREC == res.tail )
               ? u3nc(u3i_chub(res.fixp_a), u3i_chub(res.fixp_b))
               : u3_nul;
  u3_noun meta = u3nq(_shape_noun(shp, res.ndim), res.bloq, kind, tail);
  return u3nc(meta, data);
}

/* Two-ray arms: add-rays, mmul. Sample [a=ray b=ray], door sample rnd at axis 30. */
static u3_weak
_la_two(const c3_c* name, uint32_t arm, u3_noun cor)
{
  u3_noun am, ad, bm, bd;
  if ( c3n == u3r_mean(cor, u3x_sam_4, &am, u3x_sam_5, &ad,
                            u3x_sam_6, &bm, u3x_sam_7, &bd, 0)
       || c3n == u3ud(ad) || c3n == u3ud(bd) ) {
    u3m_bail(c3__exit);
  }
  _meta_buf ma, mb;
  u3_weak pro = u3_none;
  if ( c3y == _meta_decode(am, &ma) && c3y == _meta_decode(bm, &mb) ) {
    urnum_ray rays[2] = { _ray_view(&ma, &ad), _ray_view(&mb, &bd) };
    urnum_args args = { rays, 2, NULL, 0, NULL, 0, NULL, 0 };
    pro = _la_run(name, arm, u3r_at(u3x_con_sam, cor), &args);
  }
  _meta_free(&ma);
  _meta_free(&mb);
  return pro;
}

u3_noun
u3wi_la_add(u3_noun cor)
{
  return _la_two("la-add", URNUM_LA_ADD, cor);
}

u3_noun
u3wi_la_mmul(u3_noun cor)
{
  return _la_two("la-mmul", URNUM_LA_MMUL, cor);
}

/* One-ray arm: cumsum. Sample a=ray. */
u3_noun
u3wi_la_cumsum(u3_noun cor)
{
  u3_noun am, ad;
  if ( c3n == u3r_mean(cor, u3x_sam_2, &am, u3x_sam_3, &ad, 0) || c3n == u3ud(ad) ) {
    u3m_bail(c3__exit);
  }
  _meta_buf ma;
  u3_weak pro = u3_none;
  if ( c3y == _meta_decode(am, &ma) ) {
    urnum_ray ray = _ray_view(&ma, &ad);
    urnum_args args = { &ray, 1, NULL, 0, NULL, 0, NULL, 0 };
    pro = _la_run("la-cumsum", URNUM_LA_CUMSUM, u3r_at(u3x_con_sam, cor), &args);
  }
  _meta_free(&ma);
  return pro;
}

/* /lib/math exp:rd. Sample x=@rd; the door's r is at axis 60 (sample [r rtol atol]).
   The /lib/math entries are not on the allocation-free path: urnum_rd_exp
   allocates on the Rust heap (malloc) while it runs (one allocation per call,
   measured). Register it in test mode (c3n) only, or accept that. */
u3_noun
u3wi_rd_exp(u3_noun cor)
{
  u3_noun x = u3r_at(u3x_sam, cor);
  u3_noun r = u3r_at(60, cor);
  if ( u3_none == x || c3n == u3ud(x) || u3r_met(6, x) > 1 ) return u3_none;
  if ( u3_none == r || c3n == u3a_is_cat(r) || r > 255 ) return u3_none;

  c3_d o;
  urnum_status s = urnum_rd_exp(u3r_chub(0, x), (uint8_t)r, &o);
  if ( URNUM_OK == s ) return u3i_chubs(1, &o);
  return _status("rd-exp", s);
}
