//! Kind and width conversion: `+change` of urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`.

use crate::door::Door;
use crate::error::LagoonError;
use crate::gate::{dtype, exec_error};
use crate::meta::Meta;
use crate::ndray::{de_ray, en_ray, ravel, Baum, Ndray};
use crate::ray::Ray;
use softblas::exec::{self, Operand, View};
use softblas::prog::{Node, Op1, Prog};
use softblas::{Dtype, Kind};

fn crash(check: &'static str) -> LagoonError {
    LagoonError::Assert {
        arm: "change",
        check,
    }
}

/// Port of `+change [ray kind bloq]` (lagoon.hoon@aa6f2a6, not jetted): `ray`
/// converted to `kind` at `bloq`, the tail kept.
///
/// | from → to | elements | how |
/// |---|---|---|
/// | `%uint → %uint` | raw values re-packed (never cut: a narrower bloq spills) | `de-ray`, `en-ray` |
/// | `%uint → %i754` (bloq 4–7) | `sun` in the door's mode | per element, `en-ray` of the flat list |
/// | `%i754` (bloq 4–7) `→ %uint` | `toi` in the door's mode, then the `@s` halved: `n → n`, `−n → n − 1` | per element, `en-ray` of the flat list |
/// | `%i754 → %i754` (bloq 4–7) | the raw bit patterns, re-packed (no float conversion) | `de-ray`, `en-ray` |
///
/// Quirks reproduced: the `de-ray` paths crash at rank ≥ 3; the per-element
/// paths give `en-ray` a flat list under the original shape, so at rank ≥ 2
/// output element `(i, j, …)` is converted element `i`; `%i754 → %uint` maps
/// −n to n − 1; no `+check`.
///
/// # Errors
/// [`LagoonError::Assert`] for a conversion the Hoon refuses (`%unum`, `%cplx`,
/// `%fixp` or `%int2` sources, other targets, an `%i754` target bloq outside
/// 4–7) or a non-finite `%i754 → %uint` element; [`LagoonError::BadBloq`] for
/// an `%i754` bloq outside 4–7 on the per-element paths; as `+de-ray` and `+en-ray`.
pub fn change(door: &Door, ray: &Ray, kind: Kind, bloq: u32) -> Result<Ray, LagoonError> {
    let src = &ray.meta;
    let target = Meta {
        shape: src.shape.clone(),
        bloq,
        kind,
        tail: src.tail.clone(),
    };
    let ieee = |b: u32| {
        if (4..=7).contains(&b) {
            Ok(())
        } else {
            Err(LagoonError::BadBloq {
                kind: Kind::I754,
                bloq: b,
            })
        }
    };
    match (src.kind, kind) {
        (Kind::Uint, Kind::Uint) => repack(ray, target),
        (Kind::I754, Kind::I754) => {
            if !(4..=7).contains(&bloq) {
                return Err(crash("&((gte bloq %4) (lte bloq %7))"));
            }
            repack(ray, target)
        }
        (Kind::Uint, Kind::I754) => {
            ieee(bloq)?;
            convert(door, ray, target)
        }
        (Kind::I754, Kind::Uint) => {
            ieee(src.bloq)?;
            convert(door, ray, target)
        }
        (Kind::Unum, _) => Err(crash(
            "lagoon: change/convert not yet implemented for %unum",
        )),
        (Kind::Cplx, _) => Err(crash(
            "lagoon: change out of %cplx is lossy; use abs or an explicit re/im",
        )),
        (Kind::Fixp, _) => Err(crash(
            "lagoon: change/convert not yet implemented for %fixp",
        )),
        (Kind::Int2, _) => Err(crash("?+ kind.meta.ray !!: no %int2 conversion")),
        _ => Err(crash("?+ kind !!: no conversion to this kind")),
    }
}

/// `(en-ray [target data:(de-ray ray)])`.
fn repack(ray: &Ray, target: Meta) -> Result<Ray, LagoonError> {
    let data = de_ray(ray)?.data;
    en_ray(&Baum { meta: target, data })
}

/// `(en-ray [target (turn (ravel ray) cast)])`, the cast a one-node program.
fn convert(door: &Door, ray: &Ray, target: Meta) -> Result<Ray, LagoonError> {
    let from = dtype(&ray.meta)?;
    let to = Dtype {
        kind: target.kind,
        bloq: target.bloq,
        prec: None,
    };
    let prog = Prog::of_node(vec![from], Node::Op1(Op1::Cast, to, 0), door.round)
        .map(|p| p.with_unum(door.unum))
        .map_err(|_| crash("the conversion is a program"))?;
    let xs = ravel(ray)?;
    let view = View::contiguous(&[xs.len()]);
    let ops = [Operand {
        data: &xs,
        view: &view,
    }];
    let vals = exec::map(door.policy, &prog, &[xs.len()], &ops)
        .map_err(|e| exec_error("change", e))?
        .swap_remove(0);
    en_ray(&Baum {
        meta: target,
        data: Ndray::flat(vals),
    })
}
