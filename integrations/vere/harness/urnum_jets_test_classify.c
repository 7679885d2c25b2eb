/* _classify(): the class of known difference that explains two outcomes,
** or _K_N (a DIFF).
**
** A part of urnum_jets_test.c, which includes it (one translation unit).
*/

static c3_w
_classify(const _arm* arm_u, u3_noun cor, c3_y uro_y, u3_noun urp, c3_y veo_y, u3_noun vep)
{
  if ( _O_OK == uro_y && _O_EXIT == veo_y
     && (arm_u->ur_f == u3wi_ur_la_transpose || arm_u->ur_f == u3wi_ur_la_diag) )
  {
    return _K_CORE;
  }
  if ( _O_EXIT == uro_y && _O_OK == veo_y
     && (arm_u->ur_f == u3wi_ur_la_mod || arm_u->ur_f == u3wi_ur_la_mods) )
  {
    return _K_MODX;
  }
  if ( _O_EXIT == uro_y && _O_OK == veo_y
     && (arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
     && c3y == u3du(u3h(u3t(cor))) && c3y == u3du(u3h(u3h(u3t(cor))))
     && u3qb_lent(u3h(u3h(u3h(u3t(cor))))) >= 3 )
  {
    return _K_ARGX;
  }
  if (  (_O_OK == uro_y || _O_EXIT == uro_y) && (_O_OK == veo_y || _O_EXIT == veo_y)
     && (arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
     && c3y == _any_nan(u3h(u3t(cor))) )
  {
    return _K_ORD;
  }
  if ( _O_OK != uro_y || _O_OK != veo_y ) {
    return _K_N;
  }
  {
    c3_w blq = _ray_bloq(urp);
    if ( blq && blq == _ray_bloq(vep)
       && ( c3y == u3r_sing(u3t(urp), u3t(vep))
          || c3y == _data_nan_eq(blq, u3t(urp), u3t(vep)) ) )
    {
      return ( c3y == u3r_sing(u3h(urp), u3h(vep)) ) ? _K_NAN : _K_META;
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_sub ) {
    u3_noun sam = u3h(u3t(cor));
    u3_noun swp = _core(u3nc(u3k(u3t(sam)), u3k(u3h(sam))), u3k(u3h(u3t(u3t(u3t(cor))))));
    u3_noun pro;
    c3_m    mot_m;
    c3_y    out_y = _call(arm_u->ur_f, swp, &pro, &mot_m);
    c3_w    cls_w = _K_N;
    if ( _O_OK == out_y ) {
      c3_w blq = _ray_bloq(pro);
      if ( c3y == u3r_sing(pro, vep)
         || (blq && c3y == u3r_sing(u3h(pro), u3h(vep))
             && c3y == _data_nan_eq(blq, u3t(pro), u3t(vep))) )
      {
        cls_w = _K_SWAP;
      }
    }
    u3z(pro);
    u3z(swp);
    return cls_w;
  }
  {
    u3_noun sam = u3h(u3t(cor));
    u3_noun rnd = u3h(u3t(u3t(u3t(cor))));
    c3_w    blq = _ray_bloq(urp);

    //  comparisons: every differing element has a NaN operand
    //
    if (  (arm_u->ur_f == u3wi_ur_la_gth || arm_u->ur_f == u3wi_ur_la_gte
          || arm_u->ur_f == u3wi_ur_la_lth || arm_u->ur_f == u3wi_ur_la_lte)
       && blq && c3y == u3r_sing(u3h(urp), u3h(vep)) )
    {
      c3_w n_w = u3r_met(blq, u3t(urp)), i_w;
      c3_o nan_o = c3y;
      for ( i_w = 0; i_w + 1 < n_w && c3y == nan_o; i_w++ ) {
        if ( _elem_at(blq, u3t(urp), i_w) != _elem_at(blq, u3t(vep), i_w) ) {
          nan_o = c3o(_is_nan(blq, _elem_at(blq, u3t(u3h(sam)), i_w)),
                      _is_nan(blq, _elem_at(blq, u3t(u3t(sam)), i_w)));
        }
      }
      if ( c3y == nan_o && n_w == u3r_met(blq, u3t(vep)) ) return _K_CMP;
    }

    //  abs: differing elements are zeros or NaNs of the input
    //
    if ( arm_u->ur_f == u3wi_ur_la_abs && blq && c3y == u3r_sing(u3h(urp), u3h(vep)) ) {
      c3_w n_w = u3r_met(blq, u3t(urp)), i_w;
      c3_o zer_o = c3y;
      for ( i_w = 0; i_w + 1 < n_w && c3y == zer_o; i_w++ ) {
        if ( _elem_at(blq, u3t(urp), i_w) != _elem_at(blq, u3t(vep), i_w) ) {
          _u128 x = _elem_at(blq, u3t(sam), i_w);
          _u128 d = _elem_at(blq, u3t(urp), i_w) ^ _elem_at(blq, u3t(vep), i_w);
          zer_o = c3o(c3o(_is_zero(blq, x), _is_nan(blq, x)),
                      __(7 == blq && d == (((_u128)1) << 63)
                         && 0 == (_elem_at(blq, u3t(vep), i_w) & d)));
        }
      }
      if ( c3y == zer_o && n_w == u3r_met(blq, u3t(vep)) ) return _K_ABS;
    }

    //  div-rays: urnum's b/a
    //
    if ( arm_u->ur_f == u3wi_ur_la_div ) {
      u3_weak swp = _call_ur(arm_u->ur_f, u3nc(u3k(u3t(sam)), u3k(u3h(sam))), u3k(rnd));
      c3_o    swp_o = _same_ray(swp, vep);
      if ( u3_none != swp ) u3z(swp);
      if ( c3y == swp_o ) return _K_DIVQ;
    }

    //  trace: urnum's dot of the diagonal with itself
    //
    if ( arm_u->ur_f == u3wi_ur_la_trace ) {
      u3_weak dia = _call_ur(u3wi_ur_la_diag, u3k(sam), u3k(rnd));
      if ( u3_none != dia ) {
        //  the diagonal [n 1] as a vector [n]
        u3_noun met = u3h(dia);
        u3_noun vec = u3nc(u3nq(u3nc(u3k(u3h(u3h(met))), u3_nul), u3k(u3h(u3t(met))),
                                u3k(u3h(u3t(u3t(met)))), u3k(u3t(u3t(u3t(met))))),
                           u3k(u3t(dia)));
        static const c3_y mod_y[4] = { 'n', 'u', 'd', 'z' };
        c3_o    sq_o = c3n;
        c3_w    m_w;
        c3_w    vb_w = _ray_bloq(vec);
        u3_noun cev = ( vb_w ) ? _rev_ray(vb_w, vec) : u3k(vec);
        for ( m_w = 0; m_w < 8 && c3n == sq_o; m_w++ ) {
          u3_noun src = ( m_w < 4 ) ? vec : cev;
          u3_weak sq = _call_ur(u3wi_ur_la_dot, u3nc(u3k(src), u3k(src)), mod_y[m_w & 3]);
          if ( u3_none != sq && c3y == u3du(sq) && c3y == u3du(vep) ) {
            c3_w bq = _ray_bloq(sq);
            sq_o = __( c3y == u3r_sing(u3t(sq), u3t(vep))
                     || (bq && c3y == _data_nan_eq(bq, u3t(sq), u3t(vep))) );
          }
          if ( u3_none != sq ) u3z(sq);
        }
        u3z(cev);
        u3z(vec);
        u3z(dia);
        if ( c3y == sq_o ) return _K_TRSQ;
      }
    }

    //  orderings with a NaN in the input
    //
    if (  (arm_u->ur_f == u3wi_ur_la_min || arm_u->ur_f == u3wi_ur_la_max
          || arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
       && c3y == _any_nan(sam) )
    {
      return _K_ORD;
    }
  }
  if (  (arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
     && c3y == u3ud(urp) && c3y == u3ud(vep) )
  {
    u3_noun sam = u3h(u3t(cor));
    c3_w    blq = _ray_bloq(sam);
    if ( blq ) {
      c3_w n_w = u3r_met(blq, u3t(sam));
      if ( n_w >= 1 && urp < n_w && vep == (n_w - 2 - urp) ) return _K_ARGR;
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_divs ) {
    u3_noun sam = u3h(u3t(cor));
    u3_noun rnd = u3h(u3t(u3t(u3t(cor))));
    u3_noun met = u3h(u3h(sam));
    c3_w    blq = _ray_bloq(u3h(sam));
    if ( blq ) {
      //  1/n: urnum's div-scal of a one-element ray of 1.0
      _u128   one = _fp_int(blq, 1, 0);
      c3_y    one_y[17] = {0};
      c3_w    j_w, w_w = (1U << blq) >> 3;
      u3_noun uno;
      u3_weak rec;
      for ( j_w = 0; j_w < w_w; j_w++ ) one_y[j_w] = (c3_y)(one >> (8 * j_w));
      one_y[w_w] = 1;
      uno = u3nc(u3nq(u3nc(1, u3_nul), blq, u3k(u3h(u3t(u3t(met)))), u3_nul),
                 u3i_bytes(w_w + 1, one_y));
      rec = _call_ur(u3wi_ur_la_divs, u3nc(uno, u3k(u3t(sam))), u3k(rnd));
      if ( u3_none != rec ) {
        u3_atom r = u3qc_end(blq, 1, u3t(rec));
        u3_weak mul = _call_ur(u3wi_ur_la_muls, u3nc(u3k(u3h(sam)), r), u3k(rnd));
        c3_o    mul_o = _same_ray(mul, vep);
        if ( u3_none != mul ) u3z(mul);
        u3z(rec);
        if ( c3y == mul_o ) return _K_DIVS;
      }
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_dot ) {
    u3_noun sam = u3h(u3t(cor));
    u3_noun rnd = u3h(u3t(u3t(u3t(cor))));
    c3_w    blq = _ray_bloq(u3h(sam));
    if ( blq && c3y == u3du(vep) ) {
      //  both vectors reversed, element for element
      u3_noun rev[2];
      c3_w    k_w;
      for ( k_w = 0; k_w < 2; k_w++ ) {
        u3_noun ray = ( 0 == k_w ) ? u3h(sam) : u3t(sam);
        c3_w    n_w = u3r_met(blq, u3t(ray)) - 1, i_w, j_w, w_w = (1U << blq) >> 3;
        c3_y*   buf_y = c3_calloc((size_t)n_w * w_w + 1);
        for ( i_w = 0; i_w < n_w; i_w++ ) {
          _u128 v = _elem_at(blq, u3t(ray), n_w - 1 - i_w);
          for ( j_w = 0; j_w < w_w; j_w++ ) buf_y[i_w * w_w + j_w] = (c3_y)(v >> (8 * j_w));
        }
        buf_y[(size_t)n_w * w_w] = 1;
        rev[k_w] = u3nc(u3k(u3h(ray)), u3i_bytes(n_w * w_w + 1, buf_y));
        c3_free(buf_y);
      }
      {
        u3_weak pro = _call_ur(u3wi_ur_la_dot, u3nc(rev[0], rev[1]), u3k(rnd));
        c3_o    dot_o = c3n;
        if ( u3_none != pro && c3y == u3du(pro) ) {
          c3_w bq = _ray_bloq(pro);
          dot_o = __( c3y == u3r_sing(u3t(pro), u3t(vep))
                    || (bq && c3y == _data_nan_eq(bq, u3t(pro), u3t(vep))) );
        }
        if ( u3_none != pro ) u3z(pro);
        if ( c3y == dot_o ) return _K_DOTR;
      }
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_mod || arm_u->ur_f == u3wi_ur_la_mods ) {
    //  element by element, the exact model of vere's arithmetic (_mod_vere)
    u3_noun sam = u3h(u3t(cor));
    u3_noun rnd = u3h(u3t(u3t(u3t(cor))));
    c3_o    scl_o = __(arm_u->ur_f == u3wi_ur_la_mods);
    c3_w    blq = _ray_bloq(urp);
    c3_o    cls_o = c3n;
    if ( blq && blq == _ray_bloq(vep) && c3y == u3r_sing(u3h(urp), u3h(vep))
       && c3y == u3ud(u3t(urp)) && c3y == u3ud(u3t(vep)) && c3y == u3du(u3h(sam)) )
    {
      c3_w n_w = u3r_met(blq, u3t(urp)), i_w;
      cls_o = __(n_w == u3r_met(blq, u3t(vep)));
      for ( i_w = 0; i_w + 1 < n_w && c3y == cls_o; i_w++ ) {
        _u128 u = _elem_at(blq, u3t(urp), i_w), v = _elem_at(blq, u3t(vep), i_w);
        _u128 a = _elem_at(blq, u3t(u3h(sam)), i_w);
        _u128 b = ( c3y == scl_o ) ? _elem_at(blq, u3t(sam), 0)
                                   : _elem_at(blq, u3t(u3t(sam)), i_w);
        if ( u == v ) continue;
        cls_o = _mod_vere(scl_o, u3h(u3h(sam)), blq, rnd, a, b, v);
      }
    }
    if ( c3y == cls_o ) return _K_MODV;
  }
  if ( arm_u->ur_f == u3wi_ur_la_mod || arm_u->ur_f == u3wi_ur_la_mods ) {
    //  element by element: vere's is urnum's in mode %z (a truncated
    //  quotient), or the element is one J9 lists: a zero or non-finite
    //  operand, or a quotient of 2^63 or more (vere's i64 saturates)
    u3_noun sam = u3h(u3t(cor));
    u3_weak zed = _call_ur(arm_u->ur_f, u3k(sam), c3__z);
    c3_w    blq = _ray_bloq(urp);
    c3_o    cls_o = c3n;
    if ( blq && blq == _ray_bloq(vep) && c3y == u3r_sing(u3h(urp), u3h(vep))
       && c3y == u3ud(u3t(urp)) && c3y == u3ud(u3t(vep)) )
    {
      c3_w  n_w = u3r_met(blq, u3t(urp)), i_w;
      c3_w  m_w = _man_y[blq];
      _u128 emk = (((_u128)1) << _exp_y[blq]) - 1;
      cls_o = __(n_w == u3r_met(blq, u3t(vep)));
      for ( i_w = 0; i_w + 1 < n_w && c3y == cls_o; i_w++ ) {
        _u128 u = _elem_at(blq, u3t(urp), i_w), v = _elem_at(blq, u3t(vep), i_w);
        _u128 a, b;
        if ( u == v ) continue;
        a = _elem_at(blq, u3t(u3h(sam)), i_w);
        b = ( arm_u->ur_f == u3wi_ur_la_mod ) ? _elem_at(blq, u3t(u3t(sam)), i_w)
                                               : _elem_at(blq, u3t(sam), 0);
        if ( u3_none != zed && c3y == u3du(zed) && c3y == u3ud(u3t(zed))
           && v == _elem_at(blq, u3t(zed), i_w) )
        {
          continue;
        }
        if ( c3y == _mod_model(blq, (c3_y)u3h(u3t(u3t(u3t(cor)))), a, b, v) ) {
          continue;
        }
        {
          c3_ds ea = (c3_ds)((a >> m_w) & emk), eb = (c3_ds)((b >> m_w) & emk);
          if (  (7 == blq && v == a)
             || c3y == _is_zero(blq, a) || c3y == _is_zero(blq, b)
             || (c3_ds)emk == ea || (c3_ds)emk == eb
             || (ea - eb) >= 63 )
          {
            continue;
          }
        }
        cls_o = c3n;
      }
    }
    if ( u3_none != zed ) u3z(zed);
    if ( c3y == cls_o ) return _K_MODZ;
  }
  if (  (arm_u->ur_f == u3wi_ur_la_min || arm_u->ur_f == u3wi_ur_la_max
        || arm_u->ur_f == u3wi_ur_la_linspace)
     && c3y == _zero_only(urp, vep) )
  {
    return _K_ZERO;
  }
  if (  (arm_u->ur_f == u3wi_ur_la_argmin || arm_u->ur_f == u3wi_ur_la_argmax)
     && c3y == _both_zeros(u3h(u3t(cor))) )
  {
    return _K_ZERO;
  }
  if ( arm_u->ur_f == u3wi_ur_la_range ) {
    c3_w blq = _ray_bloq(urp);
    if ( blq && blq == _ray_bloq(vep) && c3y == u3ud(u3t(urp)) && c3y == u3ud(u3t(vep))
       && _elem_at(blq, u3t(urp), 0) == _elem_at(blq, u3t(vep), 0) )
    {
      return _K_RANGE;
    }
  }
  if ( arm_u->ur_f == u3wi_ur_la_ravel ) {
    u3_noun rev = u3qb_flop(urp);
    c3_o    rev_o = u3r_sing(rev, vep);
    u3z(rev);
    if ( c3y == rev_o ) return _K_REV;
  }
  return _K_N;
}
