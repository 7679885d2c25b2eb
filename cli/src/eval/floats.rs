//! urnum's element view of a ray (`urnum eval --floats`), which the dojo
//! does not give: `print:la` crashes on an `%i754` ray, since `++dish`
//! cannot print the aura `%i754` (lagoon.hoon@aa6f2a6 `+print`).

use hoon::aura::{self, Aura};
use hoon::noun::Noun;
use softblas::{Atom, Kind};

/// The float aura of a bloq (`4` is `@rh` … `7` is `@rq`).
fn float_aura(bloq: u32) -> Option<Aura> {
    match bloq {
        4 => Some(Aura::Rh),
        5 => Some(Aura::Rs),
        6 => Some(Aura::Rd),
        7 => Some(Aura::Rq),
        _ => None,
    }
}

/// One element as the dojo prints the scalar its kind's library gives.
fn element(kind: Kind, bloq: u32, a: &Atom) -> Option<String> {
    match kind {
        Kind::I754 => aura::print(float_aura(bloq)?, a).ok(),
        Kind::Cplx => {
            let half = bloq.checked_sub(1)?;
            let au = float_aura(half)?;
            let re = lagoon::ray::block(a, half, 0);
            let im = lagoon::ray::block(a, half, 1);
            Some(format!(
                "[{} {}]",
                aura::print(au, &re).ok()?,
                aura::print(au, &im).ok()?
            ))
        }
        _ => aura::print(Aura::Ud, a).ok(),
    }
}

/// The items nested by `shape` as `~[...]` lists, outermost first.
fn nested(items: &[String], shape: &[u64]) -> String {
    match shape.split_first() {
        Some((&d, rest)) if !rest.is_empty() && d > 0 => {
            let step = (items.len() / usize::try_from(d).unwrap_or(1)).max(1);
            let parts: Vec<String> = items.chunks(step).map(|c| nested(c, rest)).collect();
            format!("~[{}]", parts.join(" "))
        }
        _ => format!("~[{}]", items.join(" ")),
    }
}

/// [`floats_view`] of each ray of a tuple of rays (`[vals=ray vecs=ray]` of
/// `+eig`, `[q=ray r=ray]` of `+qr`), one after another, each under its
/// face; `None` unless every part is a ray.
pub fn floats_parts(ty: &super::types::Type, noun: &Noun) -> Option<String> {
    use super::types::Type;
    let ray = Type::ray();
    let is_ray = |t: &Type| match t {
        Type::Face(_, inner) => **inner == ray,
        t => *t == ray,
    };
    let part = |t: &Type, n: &Noun| -> Option<String> {
        let view = floats_view(n)?;
        Some(match t {
            Type::Face(f, _) => format!("{f}=\n{view}"),
            _ => view,
        })
    };
    let mut parts = Vec::new();
    let (mut t, mut n) = (ty, noun);
    loop {
        if is_ray(t) {
            parts.push(part(t, n)?);
            break;
        }
        let Type::Cell(h, tl) = t else {
            return None;
        };
        let (hn, tn) = n.as_cell()?;
        if !is_ray(h) {
            return None;
        }
        parts.push(part(h, hn)?);
        (t, n) = (tl, tn);
    }
    (parts.len() > 1).then(|| parts.join("\n"))
}

/// The view of the ray `noun`: a first line marking it as urnum's, then the
/// elements nested by the shape, each printed as the dojo prints the scalar
/// the kind's library gives — `%i754` as its float aura (`@rh @rs @rd @rq`
/// by bloq), `%cplx` as `[re im]` of its component float (the real part in
/// the low half, as `/lib/complex` packs it), the other kinds as the `@`
/// their libraries return (printed `@ud`). `None` when `noun` is not a ray
/// or its elements have no such aura (an `%i754` bloq outside 4..=7, a
/// `%cplx` bloq outside 5..=8).
pub fn floats_view(noun: &Noun) -> Option<String> {
    let ray = hoon::ray::ray_from_noun(noun).ok()?;
    let m = &ray.meta;
    let items = (0..ray.elems().ok()?)
        .map(|i| element(m.kind, m.bloq, &ray.get(i)))
        .collect::<Option<Vec<String>>>()?;
    let shape: Vec<String> = m.shape.iter().map(u64::to_string).collect();
    Some(format!(
        ":: urnum's view, not dojo output: %{} bloq {} shape ~[{}]\n{}",
        m.kind.term(),
        m.bloq,
        shape.join(" "),
        nested(&items, &m.shape)
    ))
}
