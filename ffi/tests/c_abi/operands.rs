//! A vector's call read for the ABI: its rounding codes, operand nouns and
//! operand block, the chain of post steps the C program applies, and the
//! status and value it must produce.

use super::unpinned;
use super::writer::W;
use hoon::Noun;
use softblas::{Atom, Round};
use urnum_ffi::la::table::{self, Param};
use urnum_ffi::{urnum_status, URNUM_DATA_ATOM, URNUM_DATA_ELEMS};
use urnum_tests::cli::registry::{Door, Registry};
use urnum_tests::cli::vector::{eval, Call, Compare, Expr, Post, Vector};

/// The sample split into `k` right-nested parts, as the registry splits it.
pub(crate) fn parts(args: &[Noun], k: usize) -> Option<Vec<Noun>> {
    if args.is_empty() {
        return None;
    }
    Noun::tuple(args.iter().cloned()).untuple(k)
}

pub(crate) fn eval_noun(reg: &Registry, e: &Expr) -> Result<Noun, String> {
    eval::eval(reg, e)
        .map(|v| v.noun)
        .map_err(|e| format!("operand evaluation: {e:?}"))
}

/// The rounding code of the vector's door face `face` (`bunt` when absent).
pub(crate) fn round_code(
    reg: &Registry,
    v: &Vector,
    face: &str,
    bunt: Round,
) -> Result<u8, String> {
    call_round(reg, &v.call, face, bunt)
}

/// The rounding code of a call's door face `face` (`bunt` when absent).
fn call_round(reg: &Registry, call: &Call, face: &str, bunt: Round) -> Result<u8, String> {
    let mut d = Door::bare(&call.door);
    for (f, e) in &call.door_args {
        d.args.insert(f.clone(), eval_noun(reg, e)?);
    }
    d.round(face, bunt)
        .map(Round::code)
        .map_err(|e| format!("door: {e}"))
}

/// The nouns of a vector's call arguments.
pub(crate) fn arg_nouns(reg: &Registry, v: &Vector) -> Result<Vec<Noun>, String> {
    v.call.args.iter().map(|e| eval_noun(reg, e)).collect()
}

pub(crate) fn atom_of(n: &Noun) -> Result<&Atom, String> {
    n.as_atom()
        .ok_or_else(|| "a cell where an atom is expected".into())
}

/// Writes the operand block of a sample split into `p` by `params` (rays,
/// metas, atoms, ints, as `ffi/c/urnum_test.c` reads them); rays alternate
/// between the two input forms with `idx`.
/// The C ABI's `/lib/unum` revision key (`urnum_args.unum_rev`) a registry key's `@` suffix
/// names (`exp:sa@96f3cfe`): `URNUM_UNUM_REV_NONE` for none or an unknown text.
pub(crate) fn rev_key(key: &str) -> u32 {
    key.split_once('@')
        .and_then(|(_, r)| softblas::scalar::unum::UnumRev::from_commit(r))
        .map_or(urnum_ffi::unum::URNUM_UNUM_REV_NONE, |r| r.abi_key())
}

/// Writes the operand block of `p` for `params` with the revision key `rev` last.
pub(crate) fn operand_block(
    w: &mut W,
    params: &[Param],
    p: &[Noun],
    idx: usize,
    rev: u32,
) -> Result<(), String> {
    let (mut rays, mut metas, mut atoms, mut ints) =
        (W::default(), W::default(), W::default(), Vec::<u64>::new());
    let (mut nr, mut nm, mut na) = (0u32, 0u32, 0u32);
    let mut lists: Vec<Vec<u64>> = Vec::new();
    for (param, part) in params.iter().zip(p) {
        match param {
            Param::Ray => {
                let r =
                    hoon::ray::ray_from_noun(part).map_err(|e| format!("ray operand: {e:?}"))?;
                rays.meta(&r.meta)?;
                let bits = urnum_ffi::la::decode::element_bits(&r.meta);
                let canonical = bits.is_some_and(|b| r.data.bit_len() == b + 1);
                if canonical && idx % 2 == 1 {
                    // Element bytes without the pin.
                    let b = bits.unwrap_or(0);
                    let mut e = r.data.to_le_bytes();
                    e.truncate(b.div_ceil(8) as usize);
                    if !b.is_multiple_of(8) {
                        if let Some(l) = e.last_mut() {
                            *l &= (1u8 << (b % 8)) - 1;
                        }
                    }
                    rays.u8(URNUM_DATA_ELEMS);
                    rays.bytes(&e);
                } else {
                    rays.u8(URNUM_DATA_ATOM);
                    rays.bytes(&r.data.to_le_bytes());
                }
                nr += 1;
            }
            Param::Meta => {
                let m =
                    hoon::ray::meta_from_noun(part).map_err(|e| format!("meta operand: {e:?}"))?;
                metas.meta(&m)?;
                nm += 1;
            }
            Param::Atom | Param::Count | Param::Kind | Param::Term(_) => {
                atoms.bytes(&atom_of(part)?.to_le_bytes());
                na += 1;
            }
            Param::Pair => {
                let (a, b) = part.as_cell().ok_or("a pair operand is an atom")?;
                atoms.bytes(&atom_of(a)?.to_le_bytes());
                atoms.bytes(&atom_of(b)?.to_le_bytes());
                na += 2;
            }
            Param::Int => ints.push(
                atom_of(part)?
                    .as_u64()
                    .ok_or("an int operand over 64 bits")?,
            ),
            Param::Shape | Param::Index | Param::Values => lists.push(
                hoon::ray::u64_list_from_noun(part).map_err(|e| format!("list operand: {e:?}"))?,
            ),
            Param::Slices => lists.push(slice_ints(part)?),
        }
    }
    // The fixed ints, the lengths of all lists but the last, the items.
    let lengths = lists.len().saturating_sub(1);
    ints.extend(lists[..lengths].iter().map(|l| l.len() as u64));
    ints.extend(lists.into_iter().flatten());
    w.u32(nr);
    w.0.extend(rays.0);
    w.u32(nm);
    w.0.extend(metas.0);
    w.u32(na);
    w.0.extend(atoms.0);
    w.u32(ints.len() as u32);
    for i in &ints {
        w.u64(*i);
    }
    w.u32(rev);
    Ok(())
}

/// The ints of a `(list slice)` operand (see `urnum_ffi::la::table::Param::Slices`).
fn slice_ints(n: &Noun) -> Result<Vec<u64>, String> {
    let bound = |b: &Noun| -> Result<Option<u64>, String> {
        match b.as_cell() {
            None if atom_of(b)?.is_zero() => Ok(None),
            Some((_, x)) => Ok(Some(
                atom_of(x)?.as_u64().ok_or("a slice bound over 64 bits")?,
            )),
            None => Err("a slice bound is not a unit".into()),
        }
    };
    let mut ints = Vec::new();
    for s in n.as_list().ok_or("the slices are not a list")? {
        match s.as_cell() {
            None => ints.extend([0, 0, 0]),
            Some((_, lh)) => {
                let (lo, hi) = lh.as_cell().ok_or("a slice is not a pair of bounds")?;
                let (lo, hi) = (bound(lo)?, bound(hi)?);
                let tag = 1 | u64::from(lo.is_some()) << 1 | u64::from(hi.is_some()) << 2;
                ints.extend([tag, lo.unwrap_or(0), hi.unwrap_or(0)]);
            }
        }
    }
    Ok(ints)
}

/// What a chain of post steps ends in, to read the expected noun as.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Final {
    /// The arm's own product.
    Product,
    /// An atom (`get-item`, the head of a list, a ray's data).
    Atom,
    /// A ray's shape: a list of 8-byte items.
    Shape,
    /// A ray's meta.
    Meta,
}

/// Writes the post steps of `v` (after a `u32` count) as the C program chains
/// them, and says what the chain ends in; `Err` when a step is not an ABI call
/// or a projection the C program makes.
pub(crate) fn post_steps(
    reg: &Registry,
    w: &mut W,
    v: &Vector,
    idx: usize,
) -> Result<Final, String> {
    let mut steps = W::default();
    let mut n = 0u32;
    let mut fin = Final::Product;
    let mut i = 0;
    while i < v.post.len() {
        let (code, f) = match (&v.post[i], v.post.get(i + 1)) {
            (Post::Call(c), _) => {
                let arm = table::by_name(unpinned(&c.key))
                    .ok_or_else(|| format!("post step: {} not in the ABI", c.key))?;
                if arm.params.first() != Some(&Param::Ray) {
                    return Err(format!("post step: {} does not take a ray first", c.key));
                }
                let args = c
                    .args
                    .iter()
                    .map(|e| eval_noun(reg, e))
                    .collect::<Result<Vec<_>, _>>()?;
                let rest = &arm.params[1..];
                let p = if rest.is_empty() {
                    Vec::new()
                } else {
                    parts(&args, rest.len()).ok_or("post step: too few arguments")?
                };
                steps.u8(b'C');
                steps.u32(arm.id);
                steps.u8(call_round(reg, c, "rnd", Round::Z)?);
                operand_block(&mut steps, rest, &p, idx, rev_key(&c.key))?;
                let f = match arm.name {
                    "get-item" => Final::Atom,
                    // The item width of a list the chain ends in is the ray's; no vector needs it.
                    "ravel" if i + 1 == v.post.len() => {
                        return Err("post chain ends in +ravel".into())
                    }
                    _ => Final::Product,
                };
                (None, f)
            }
            (Post::Wing(h), _) if h == "-" => (Some(b'H'), Final::Atom),
            (Post::Wing(d), _) if d == "data" => (Some(b'D'), Final::Atom),
            (Post::Wing(m), Some(Post::Wing(sh))) if m == "meta" && sh == "shape" => {
                i += 1;
                (Some(b'S'), Final::Shape)
            }
            (Post::Wing(m), _) if m == "meta" => (Some(b'M'), Final::Meta),
            (Post::Assert, _) => (Some(b'A'), fin),
            (Post::Std(l), _) if l == "lent" => (Some(b'N'), Final::Atom),
            (p, _) => return Err(format!("post step {p:?}")),
        };
        if let Some(c) = code {
            steps.u8(c);
        }
        fin = f;
        n += 1;
        i += 1;
    }
    w.u32(n);
    w.0.extend(steps.0);
    Ok(fin)
}

/// The status a vector expects through the ABI: `URNUM_CRASH` for a `crash`
/// vector, `URNUM_OK` for any other.
pub(crate) fn expected_status(v: &Vector) -> urnum_status {
    if v.compare == Compare::Crash {
        urnum_status::URNUM_CRASH
    } else {
        urnum_status::URNUM_OK
    }
}

/// The value the ABI must produce for a vector that does not crash: the
/// vector's literal for `exact`; for any other comparison (relational,
/// tolerance, predicate) urnum's core value of the call and its post steps,
/// which passes the vector's comparison (`generate` runs only passing
/// vectors), so that the ABI is checked bit for bit against the core.
pub(crate) fn value_noun(reg: &Registry, v: &Vector) -> Result<Noun, String> {
    if v.compare == Compare::Exact {
        let e = v.expected.as_ref().ok_or("no expected value")?;
        eval_noun(reg, e)
    } else {
        eval::eval_top(reg, &v.call, &v.post)
            .map(|x| x.noun)
            .map_err(|e| format!("core value: {e:?}"))
    }
}
