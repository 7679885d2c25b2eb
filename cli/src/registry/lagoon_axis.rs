//! Registry entries for Lagoon's linear-algebra, structure and axis-wise arms
//! (`<arm>:la`, urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`): `dot
//! dotc mmul mmul-unum mmul-fixp mpow-n`, `diag trace stack hstack vstack`,
//! the axis-wise section and its helpers that take no gate.
//!
//! The door's `rnd` (bare `la` = `%z`) becomes a [`lagoon::Door`]. As in Hoon,
//! `(f a b)` and `(f [a b])` are one call: the arguments are joined into one
//! right-nested sample and split into the parts the arm's type names. Dims,
//! counts and `ddof` are atoms (saturated to 64 bits: a larger one fails the
//! same assertions), norm orders and sort directions are terms, shapes and
//! lists are null-terminated lists.

use super::{
    atom_part, atoms_part, num_part, one_ray, sample, term_part, two_rays, ArmError, Door, Registry,
};
use crate::registry::args::{meta_part, ray_part, shape_part};
use hoon::noun::Noun;
use hoon::ray::{ray_to_noun, u64_list_to_noun};
use lagoon::axis::{self, NormOrd, SortDir};
use lagoon::{linalg, structure, LagoonError, Ray};
use softblas::Atom;

/// Registers the arms of this module.
pub(super) fn register(r: &mut Registry) {
    r.insert("dot:la", |d, a| two_rays(d, a, "dot:la", linalg::dot));
    r.insert("dotc:la", |d, a| two_rays(d, a, "dotc:la", linalg::dotc));
    r.insert("mmul:la", |d, a| two_rays(d, a, "mmul:la", linalg::mmul));
    r.insert("mmul-unum:la", |_, a| {
        two_rays(&Door::bare("la"), a, "mmul-unum:la", |_, x, y| {
            linalg::mmul_unum(x, y)
        })
    });
    r.insert("mmul-fixp:la", |_, a| {
        two_rays(&Door::bare("la"), a, "mmul-fixp:la", |_, x, y| {
            linalg::mmul_fixp(x, y)
        })
    });
    r.insert("mpow-n:la", |d, a| {
        ray_num(d, a, "mpow-n:la", linalg::mpow_n)
    });
    r.insert("diag:la", |d, a| {
        one_ray(d, a, "diag:la", |_, x| structure::diag(x))
    });
    r.insert("trace:la", |d, a| {
        one_ray(d, a, "trace:la", structure::trace)
    });
    r.insert("stack:la", stack);
    r.insert("hstack:la", |d, a| {
        two_rays(d, a, "hstack:la", |_, x, y| structure::hstack(x, y))
    });
    r.insert("vstack:la", |d, a| {
        two_rays(d, a, "vstack:la", |_, x, y| structure::vstack(x, y))
    });
    r.insert("sum-dim:la", |d, a| {
        ray_num(d, a, "sum-dim:la", axis::sum_dim)
    });
    r.insert("prod-dim:la", |d, a| {
        ray_num(d, a, "prod-dim:la", axis::prod_dim)
    });
    r.insert("max-dim:la", |d, a| {
        ray_num(d, a, "max-dim:la", axis::max_dim)
    });
    r.insert("min-dim:la", |d, a| {
        ray_num(d, a, "min-dim:la", axis::min_dim)
    });
    r.insert("argmax-dim:la", |d, a| {
        ray_num(d, a, "argmax-dim:la", axis::argmax_dim)
    });
    r.insert("argmin-dim:la", |d, a| {
        ray_num(d, a, "argmin-dim:la", axis::argmin_dim)
    });
    r.insert("mean-dim:la", |d, a| {
        ray_num(d, a, "mean-dim:la", axis::mean_dim)
    });
    r.insert("mean:la", |d, a| one_ray(d, a, "mean:la", axis::mean));
    r.insert("var:la", |d, a| ray_num(d, a, "var:la", axis::var));
    r.insert("std:la", |d, a| ray_num(d, a, "std:la", axis::std));
    r.insert("var-dim:la", |d, a| {
        ray_num_num(d, a, "var-dim:la", axis::var_dim)
    });
    r.insert("std-dim:la", |d, a| {
        ray_num_num(d, a, "std-dim:la", axis::std_dim)
    });
    r.insert("norm:la", norm);
    r.insert("norm-dim:la", norm_dim);
    r.insert("sort-dim:la", |d, a| {
        sort_arm(d, a, "sort-dim:la", axis::sort_dim)
    });
    r.insert("argsort-dim:la", |d, a| {
        sort_arm(d, a, "argsort-dim:la", axis::argsort_dim)
    });
    r.insert("argtop-dim:la", |d, a| {
        ray_num_num(d, a, "argtop-dim:la", axis::argtop_dim)
    });
    r.insert("take-dim:la", take_dim);
    r.insert("cdist-sq:la", |d, a| {
        two_rays(d, a, "cdist-sq:la", axis::cdist_sq)
    });
    r.insert("pdist-sq:la", |d, a| {
        one_ray(d, a, "pdist-sq:la", axis::pdist_sq)
    });
    r.insert("broadcast-to:la", broadcast_to);
    r.insert("prod-list:la", prod_list);
    r.insert("drop-dim:la", drop_dim);
    r.insert("dim-parts:la", dim_parts);
    r.insert("dim-slices:la", dim_slices);
    r.insert("slice-flat:la", slice_flat);
    r.insert("i754-sun:la", |d, a| {
        bloq_atom(d, a, "i754-sun:la", axis::i754_sun)
    });
    r.insert("i754-sqt:la", |d, a| {
        bloq_atom(d, a, "i754-sqt:la", axis::i754_sqt)
    });
    r.insert("rank-slice:la", rank_slice);
    r.insert("norm-slice:la", norm_slice);
}

fn norm_ord(p: &Noun, arm: &str, i: usize) -> Result<NormOrd, ArmError> {
    let t = term_part(p, arm, i)?;
    NormOrd::from_term(&t)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument {i} is %{t}, not a $norm-ord")))
}

fn sort_dir(p: &Noun, arm: &str, i: usize) -> Result<SortDir, ArmError> {
    let t = term_part(p, arm, i)?;
    SortDir::from_term(&t)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument {i} is %{t}, not %asc/%des")))
}

fn done(r: Result<Ray, LagoonError>) -> Result<Noun, ArmError> {
    Ok(ray_to_noun(&r?))
}

type RayNum = fn(&lagoon::Door, &Ray, u64) -> Result<Ray, LagoonError>;
type RayNumNum = fn(&lagoon::Door, &Ray, u64, u64) -> Result<Ray, LagoonError>;

fn ray_num(d: &Door, args: &[Noun], arm: &str, f: RayNum) -> Result<Noun, ArmError> {
    let p = sample(args, 2, arm)?;
    done(f(
        &d.lake()?,
        &ray_part(&p[0], arm, 0)?,
        num_part(&p[1], arm, 1)?,
    ))
}

fn ray_num_num(d: &Door, args: &[Noun], arm: &str, f: RayNumNum) -> Result<Noun, ArmError> {
    let p = sample(args, 3, arm)?;
    let (x, y) = (num_part(&p[1], arm, 1)?, num_part(&p[2], arm, 2)?);
    done(f(&d.lake()?, &ray_part(&p[0], arm, 0)?, x, y))
}

fn sort_arm(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: fn(&lagoon::Door, &Ray, u64, SortDir) -> Result<Ray, LagoonError>,
) -> Result<Noun, ArmError> {
    let p = sample(args, 3, arm)?;
    let (dim, dir) = (num_part(&p[1], arm, 1)?, sort_dir(&p[2], arm, 2)?);
    done(f(&d.lake()?, &ray_part(&p[0], arm, 0)?, dim, dir))
}

fn stack(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "stack:la";
    let p = sample(args, 3, arm)?;
    done(structure::stack(
        &ray_part(&p[0], arm, 0)?,
        &ray_part(&p[1], arm, 1)?,
        num_part(&p[2], arm, 2)?,
    ))
}

fn norm(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "norm:la";
    let p = sample(args, 2, arm)?;
    let ord = norm_ord(&p[1], arm, 1)?;
    done(axis::norm(&d.lake()?, &ray_part(&p[0], arm, 0)?, ord))
}

fn norm_dim(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "norm-dim:la";
    let p = sample(args, 3, arm)?;
    let (dim, ord) = (num_part(&p[1], arm, 1)?, norm_ord(&p[2], arm, 2)?);
    done(axis::norm_dim(
        &d.lake()?,
        &ray_part(&p[0], arm, 0)?,
        dim,
        ord,
    ))
}

fn take_dim(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "take-dim:la";
    let p = sample(args, 3, arm)?;
    done(axis::take_dim(
        &ray_part(&p[0], arm, 0)?,
        &ray_part(&p[1], arm, 1)?,
        num_part(&p[2], arm, 2)?,
    ))
}

fn broadcast_to(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "broadcast-to:la";
    let p = sample(args, 2, arm)?;
    done(axis::broadcast_to(
        &ray_part(&p[0], arm, 0)?,
        &shape_part(&p[1], arm, 1)?,
    ))
}

fn prod_list(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "prod-list:la";
    let p = sample(args, 1, arm)?;
    Ok(Noun::atom(axis::prod_list(&shape_part(&p[0], arm, 0)?)?))
}

fn drop_dim(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "drop-dim:la";
    let p = sample(args, 2, arm)?;
    let shape = shape_part(&p[0], arm, 0)?;
    Ok(u64_list_to_noun(&axis::drop_dim(
        &shape,
        num_part(&p[1], arm, 1)?,
    )))
}

fn dim_parts(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "dim-parts:la";
    let p = sample(args, 2, arm)?;
    let (o, l, i) = axis::dim_parts(&shape_part(&p[0], arm, 0)?, num_part(&p[1], arm, 1)?)?;
    Ok(Noun::tuple([Noun::atom(o), Noun::atom(l), Noun::atom(i)]))
}

fn nested(v: &[Vec<Atom>]) -> Noun {
    Noun::list(
        v.iter()
            .map(|s| Noun::list(s.iter().cloned().map(Noun::Atom))),
    )
}

fn dim_slices(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "dim-slices:la";
    let p = sample(args, 2, arm)?;
    Ok(nested(&axis::dim_slices(
        &ray_part(&p[0], arm, 0)?,
        num_part(&p[1], arm, 1)?,
    )?))
}

/// The atoms in the lists of the list `n` (a list entry that is not a list
/// counts as none), counted without decoding and shared lists once per use;
/// the count stops once it passes `most`.
fn nested_len(n: &Noun, most: u64) -> u64 {
    let mut total = 0u64;
    let mut outer = n;
    while let Some((mut inner, t)) = outer.as_cell() {
        while let Some((_, rest)) = inner.as_cell() {
            total += 1;
            if total > most {
                return total;
            }
            inner = rest;
        }
        outer = t;
    }
    total
}

fn slice_flat(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "slice-flat:la";
    let p = sample(args, 4, arm)?;
    // References to one long list make a short noun of many values: count
    // them before decoding any (each decoded value is a 24-byte atom).
    let most = lagoon::builders_arith::MAX_BUILT_VALUES;
    if nested_len(&p[3], most) > most {
        return Err(ArmError::Unsupported(format!(
            "{arm}: argument 3 holds more than {most} values, over urnum's limit"
        )));
    }
    let vals = p[3]
        .as_list()
        .and_then(|l| {
            l.iter()
                .map(|s| atoms_part(s, arm, 3).ok())
                .collect::<Option<Vec<_>>>()
        })
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument 3 is not a list of lists")))?;
    let out = axis::slice_flat(
        num_part(&p[0], arm, 0)?,
        num_part(&p[1], arm, 1)?,
        num_part(&p[2], arm, 2)?,
        &vals,
    )?;
    Ok(Noun::list(out.into_iter().map(Noun::Atom)))
}

fn bloq_atom(
    d: &Door,
    args: &[Noun],
    arm: &str,
    f: fn(&lagoon::Door, u32, &Atom) -> Result<Atom, LagoonError>,
) -> Result<Noun, ArmError> {
    let p = sample(args, 2, arm)?;
    // A bloq past 32 bits is not 4..=7: the arm's `?+ bloq !!` crashes.
    let bloq = u32::try_from(num_part(&p[0], arm, 0)?).unwrap_or(u32::MAX);
    Ok(Noun::Atom(f(&d.lake()?, bloq, atom_part(&p[1], arm, 1)?)?))
}

fn rank_slice(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "rank-slice:la";
    let p = sample(args, 3, arm)?;
    let ranked = axis::rank_slice(
        &d.lake()?,
        &meta_part(&p[0], arm, 0)?,
        &atoms_part(&p[1], arm, 1)?,
        sort_dir(&p[2], arm, 2)?,
    )?;
    Ok(Noun::list(
        ranked
            .into_iter()
            .map(|(v, i)| Noun::cell(Noun::Atom(v), Noun::atom(i))),
    ))
}

fn norm_slice(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "norm-slice:la";
    let p = sample(args, 3, arm)?;
    Ok(Noun::Atom(axis::norm_slice(
        &d.lake()?,
        &meta_part(&p[0], arm, 0)?,
        &atoms_part(&p[1], arm, 1)?,
        norm_ord(&p[2], arm, 2)?,
    )?))
}
