//! The tests' registry of fake arms: identity, addition, door readers,
//! crashes and refusals, and stand-ins for the arms whose products post
//! steps take apart.

use hoon::{Atom, Noun};
use urnum_cli::registry::{ArmError, ArmFn, Door, Registry};

fn atom(n: &Noun) -> Result<u64, ArmError> {
    n.as_atom()
        .and_then(Atom::as_u64)
        .ok_or_else(|| ArmError::BadArgs("not a small atom".into()))
}

fn arg(args: &[Noun], i: usize) -> Result<&Noun, ArmError> {
    args.get(i)
        .ok_or_else(|| ArmError::BadArgs(format!("missing argument {i}")))
}

fn id(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    Ok(arg(a, 0)?.clone())
}

fn add(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    Ok(Noun::atom(atom(arg(a, 0)?)? + atom(arg(a, 1)?)?))
}

fn door_rnd(d: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Ok(d.args.get("rnd").cloned().unwrap_or(Noun::NULL))
}

fn door_name(d: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Ok(Noun::Atom(Atom::from_le_bytes(d.name.as_bytes())))
}

fn boom(_: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Err(ArmError::Crash("boom".into()))
}

fn nope(_: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Err(ArmError::Unsupported("not yet".into()))
}

fn bad(_: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Err(ArmError::BadArgs("wrong shape".into()))
}

fn one(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    if a.is_empty() {
        Ok(Noun::atom(0x40u64))
    } else {
        Err(ArmError::BadArgs("nullary".into()))
    }
}

/// `[vals vecs]` = the argument ray twice, with vecs' first element changed.
fn eig(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let r = arg(a, 0)?.clone();
    let (m, d) = r.as_cell().ok_or_else(|| ArmError::BadArgs("ray".into()))?;
    let d2 = d.as_atom().unwrap().or(&Atom::from_u64(0x7));
    Ok(Noun::cell(r.clone(), Noun::cell(m.clone(), Noun::Atom(d2))))
}

/// Element `i` (a one-item index list) of a bloq-5 1-D ray.
fn get_item(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let data = arg(a, 0)?.slot(3).and_then(Noun::as_atom).unwrap().clone();
    let idx = arg(a, 1)?.as_list().unwrap();
    let i = atom(&idx[0])?;
    Ok(Noun::Atom(data.bits(i * 32, 32)))
}

/// The elements of a bloq-5 1-D ray as a list.
fn ravel(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let r = arg(a, 0)?;
    let n = atom(&r.slot(4).and_then(Noun::as_list).unwrap()[0])?;
    let data = r.slot(3).and_then(Noun::as_atom).unwrap();
    Ok(Noun::list(
        (0..n).map(|i| Noun::Atom(data.bits(i * 32, 32))),
    ))
}

/// Uncurried `((fun-scalar:la meta op) x y)`: adds x and y.
fn fun_scalar(_: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    if a.len() != 4 {
        return Err(ArmError::BadArgs(format!("{} arguments", a.len())));
    }
    add(&Door::default(), &a[2..])
}

fn no_flag(_: &Door, _: &[Noun]) -> Result<Noun, ArmError> {
    Ok(Noun::atom(1u64))
}

pub(crate) fn registry() -> Registry {
    let arms: [(&str, ArmFn); 13] = [
        ("id:t", id),
        ("add:t", add),
        ("rnd:t", door_rnd),
        ("mul:fixed", door_name),
        ("boom:t", boom),
        ("nope:t", nope),
        ("bad:t", bad),
        ("one:rpb", one),
        ("eig:sa", eig),
        ("get-item:la", get_item),
        ("ravel:la", ravel),
        ("fun-scalar:la", fun_scalar),
        ("check:la", no_flag),
    ];
    let mut r = Registry::default();
    for (name, f) in arms {
        r.insert(name, f);
    }
    r
}
