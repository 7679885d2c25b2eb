//! The registry's side of the arm catalogue ([`lagoon::arms`]): a row's
//! sample decoded from nouns by walking its parameters, the row run through
//! the door, and its value encoded as the noun its product type says.
//!
//! As in Hoon, `(f a b)` and `(f [a b])` are one call: the arguments are
//! joined into one right-nested sample and split into the row's parts.

use super::args::{index_part, meta_part, ray_part, shape_part};
use super::{atom_part, atoms_part, kind_part, num_part, sample, term_part, ArmError, Door};
use hoon::noun::Noun;
use hoon::ray::{ray_to_noun, saturate};
use lagoon::arms::{Args, Arm, Mold, Out, Param};
use softblas::Atom;

/// A `(unit @)` bound: `~` or `[~ x]` (saturated to 64 bits).
fn unit_bound(n: &Noun) -> Option<Option<u64>> {
    match n {
        Noun::Atom(a) if a.is_zero() => Some(None),
        Noun::Cell(c) if c.0 == Noun::NULL => c.1.as_atom().map(|a| Some(saturate(a))),
        _ => None,
    }
}

/// The three ints of a `$slice` ([`Param::Slices`]): `~`, or `[~ [lo hi]]`
/// with `lo` and `hi` each a `(unit @)`.
fn slice_ints(n: &Noun) -> Option<[u64; 3]> {
    match n {
        Noun::Atom(a) if a.is_zero() => Some([0, 0, 0]),
        Noun::Cell(c) if c.0 == Noun::NULL => {
            let (lo, hi) = c.1.as_cell()?;
            let (lo, hi) = (unit_bound(lo)?, unit_bound(hi)?);
            let tag = 1 | u64::from(lo.is_some()) << 1 | u64::from(hi.is_some()) << 2;
            Some([tag, lo.unwrap_or(0), hi.unwrap_or(0)])
        }
        _ => None,
    }
}

/// A cell of two atoms (`[a=@ b=@]`).
fn pair<'a>(p: &'a Noun, arm: &str, i: usize) -> Result<(&'a Atom, &'a Atom), ArmError> {
    let (a, b) = p
        .as_cell()
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument {} is not a pair", i + 1)))?;
    Ok((atom_part(a, arm, i)?, atom_part(b, arm, i)?))
}

/// The items of list part `i` as [`Args`] holds them.
fn list_part(param: Param, p: &Noun, arm: &str, i: usize) -> Result<Vec<u64>, ArmError> {
    match param {
        Param::Shape => shape_part(p, arm, i),
        Param::Index => index_part(p, arm, i),
        Param::Values => atoms_part(p, arm, i)?
            .iter()
            .map(|a| {
                a.as_u64().ok_or_else(|| {
                    ArmError::Unsupported(format!(
                        "{arm}: argument {}: an item is 2^64 or more",
                        i + 1
                    ))
                })
            })
            .collect(),
        _ => p
            .as_list()
            .and_then(|l| l.iter().map(slice_ints).collect::<Option<Vec<_>>>())
            .map(|v| v.concat())
            .ok_or_else(|| {
                ArmError::BadArgs(format!("{arm}: argument {} is not a list of slices", i + 1))
            }),
    }
}

/// The sample `args` of the arm `arm` whose parts are `params`, decoded
/// under `door` into the catalogue's layout (see [`lagoon::arms`]).
///
/// # Errors
/// [`ArmError::BadArgs`] for a part that is not of its parameter's type;
/// [`ArmError::Unsupported`] for a value urnum cannot hold.
pub fn decode<D>(params: &[Param], args: &[Noun], arm: &str, door: D) -> Result<Args<D>, ArmError> {
    let parts = sample(args, params.len(), arm)?;
    let mut a = Args::new(door);
    let mut lists = Vec::new();
    for (i, (&param, p)) in params.iter().zip(&parts).enumerate() {
        match param {
            Param::Ray => a.rays.push(ray_part(p, arm, i)?),
            Param::Meta => a.metas.push(meta_part(p, arm, i)?),
            Param::Atom | Param::Count => a.atoms.push(atom_part(p, arm, i)?.clone()),
            Param::Kind => {
                kind_part(p, arm, i)?;
                a.atoms.push(atom_part(p, arm, i)?.clone());
            }
            Param::Term(terms) => {
                let t = term_part(p, arm, i)?;
                if !terms.contains(&t.trim_start_matches('%')) {
                    return Err(ArmError::BadArgs(format!(
                        "{arm}: argument {} is %{t}, not one of %{}",
                        i + 1,
                        terms.join(" %")
                    )));
                }
                a.atoms.push(atom_part(p, arm, i)?.clone());
            }
            Param::Pair => {
                let (x, y) = pair(p, arm, i)?;
                a.atoms.extend([x.clone(), y.clone()]);
            }
            Param::Int => a.ints.push(num_part(p, arm, i)?),
            list => lists.push(list_part(list, p, arm, i)?),
        }
    }
    let lengths = lists.len().saturating_sub(1);
    a.ints
        .extend(lists[..lengths].iter().map(|l| l.len() as u64));
    a.ints.extend(lists.into_iter().flatten());
    Ok(a)
}

/// The noun of `out`, an arm's value whose Hoon type is `product`: a list of
/// atoms is a tuple when the product is one.
pub fn encode(out: Out, product: Mold) -> Noun {
    match out {
        Out::Ray(r) => ray_to_noun(&r),
        Out::Atom(a) => Noun::Atom(a),
        Out::List { items, .. } => {
            let items = items.into_iter().map(Noun::Atom);
            match product {
                Mold::Tuple(_) => Noun::tuple(items),
                _ => Noun::list(items),
            }
        }
    }
}

/// The noun of a Saloon row's parts, whose product type is `product`: a
/// tuple of the parts, a unit (`~` for none, `[~ u]` for one), or the one part.
pub fn encode_parts(parts: Vec<Out>, product: Mold) -> Noun {
    match product {
        Mold::Unit(m) => match parts.into_iter().next() {
            None => Noun::NULL,
            Some(p) => Noun::cell(Noun::NULL, encode(p, *m)),
        },
        Mold::Tuple(items) => Noun::tuple(
            parts
                .into_iter()
                .zip(items)
                .map(|(p, (_, m))| encode(p, *m)),
        ),
        m => parts
            .into_iter()
            .next()
            .map_or(Noun::NULL, |p| encode(p, m)),
    }
}

/// Calls the Saloon row `row` through `door` on `args`.
///
/// # Errors
/// The decoding errors of [`decode`]; the arm's.
pub fn call_saloon(row: &saloon::arms::Arm, door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = format!("{}:sa", row.name);
    let a = decode(row.params, args, &arm, door.sake()?)?;
    Ok(encode_parts((row.run)(&a)?, row.product))
}

/// Calls the Lagoon row `row` through `door` on `args`.
///
/// # Errors
/// The decoding errors of [`decode`]; the arm's.
pub fn call_lagoon(row: &Arm, door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = format!("{}:la", row.name);
    let a = decode(row.params, args, &arm, door.lake()?)?;
    Ok(encode((row.run)(&a)?, row.product))
}
