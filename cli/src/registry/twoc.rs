//! Registry entries for `/lib/twoc`: every arm of the doors `twid` (`|_ wid=@`) and `twoc`
//! (`|_ =bloq`, width `2^bloq`), keyed `arm:twid` and `arm:twoc`, computed by
//! [`softblas::scalar::int2`] (`libmath/desk/lib/twoc.hoon` @96f3cfe).
//!
//! Nouns: operands, results and `@s` values are atoms; `+gth +lth +lte +gte +overflow` give
//! loobeans (`%.y` = 0); `+msb` gives the atom 0 or 1; `+len +len-mod +ones` are called with no
//! arguments. An absent door sample is bunted (`wid = 0`, `bloq = 0`). A width of 2^64 bits or more
//! is reported unsupported (the Hoon would have to build `(bex wid)`).

use super::{arg_atom, loobean, ArmError, ArmFn, Door, Registry};
use hoon::noun::Noun;
use softblas::scalar::int2::{AtomTwid, Int2Error};
use softblas::Atom;

/// Registers the `twoc` and `twid` arms urnum implements.
pub(super) fn register(r: &mut Registry) {
    for door in ["twid", "twoc"] {
        let mut ins = |arm: &str, f: ArmFn| r.insert(&format!("{arm}:{door}"), f);
        ins("len", |d, _| Ok(Noun::atom(twid(d)?.width())));
        ins("len-mod", |d, _| Ok(Noun::atom(twid(d)?.len_mod())));
        ins("ones", |d, _| {
            Ok(Noun::atom(twid(d)?.ones().map_err(crash)?))
        });
        ins("msb", |d, a| {
            Ok(Noun::atom(u64::from(twid(d)?.msb(arg_atom(a, 0, "msb")?))))
        });
        ins("s-to-twoc", |d, a| {
            Ok(Noun::atom(twid(d)?.s_to_twoc(arg_atom(a, 0, "s-to-twoc")?)))
        });
        ins("twoc-to-s", |d, a| {
            Ok(Noun::atom(
                twid(d)?.twoc_to_s(arg_atom(a, 0, "twoc-to-s")?).to_s(),
            ))
        });
        ins("add", |d, a| binary(d, a, "add", AtomTwid::add));
        ins("sub", |d, a| binary(d, a, "sub", AtomTwid::sub));
        ins("mul", |d, a| binary(d, a, "mul", AtomTwid::mul));
        ins("neg", |d, a| unary(d, a, "neg", AtomTwid::neg));
        ins("abs", |d, a| unary(d, a, "abs", AtomTwid::abs));
        ins("extend", |d, a| unary(d, a, "extend", AtomTwid::extend));
        ins("div", |d, a| fallible(d, a, "div", AtomTwid::div));
        ins("rem", |d, a| fallible(d, a, "rem", AtomTwid::rem));
        ins("pow", |d, a| binary(d, a, "pow", AtomTwid::pow));
        ins("gth", |d, a| compare(d, a, "gth", AtomTwid::gth));
        ins("lth", |d, a| compare(d, a, "lth", AtomTwid::lth));
        ins("lte", |d, a| compare(d, a, "lte", AtomTwid::lte));
        ins("gte", |d, a| compare(d, a, "gte", AtomTwid::gte));
        ins("overflow", |d, a| {
            let t = twid(d)?;
            let (x, y, z) = (
                arg_atom(a, 0, "overflow")?,
                arg_atom(a, 1, "overflow")?,
                arg_atom(a, 2, "overflow")?,
            );
            Ok(loobean(t.overflow(x, y, z)))
        });
    }
}

/// The door of an arm: `twoc` at its sample `bloq`, `twid` at its sample `wid`.
fn twid(d: &Door) -> Result<AtomTwid, ArmError> {
    let too_wide = |face: &str, v: &Atom| {
        ArmError::Unsupported(format!("{}: {face} {v} is too wide to compute", d.name))
    };
    match d.name.as_str() {
        "twoc" => {
            let bloq = d.atom("bloq", Atom::ZERO)?;
            let b = bloq
                .as_u64()
                .and_then(|b| u32::try_from(b).ok())
                .ok_or_else(|| too_wide("bloq", &bloq))?;
            AtomTwid::twoc(b).map_err(|_| too_wide("bloq", &bloq))
        }
        "twid" => {
            let wid = d.atom("wid", Atom::ZERO)?;
            wid.as_u64()
                .map(AtomTwid::new)
                .ok_or_else(|| too_wide("wid", &wid))
        }
        other => Err(ArmError::BadArgs(format!("not a /lib/twoc door: {other}"))),
    }
}

/// A Hoon crash of a `/lib/twoc` arm.
fn crash(e: Int2Error) -> ArmError {
    ArmError::Crash(e.to_string())
}

fn unary(
    d: &Door,
    a: &[Noun],
    arm: &str,
    f: fn(&AtomTwid, &Atom) -> Atom,
) -> Result<Noun, ArmError> {
    let t = twid(d)?;
    Ok(Noun::atom(f(&t, arg_atom(a, 0, arm)?)))
}

fn binary(
    d: &Door,
    a: &[Noun],
    arm: &str,
    f: fn(&AtomTwid, &Atom, &Atom) -> Atom,
) -> Result<Noun, ArmError> {
    let t = twid(d)?;
    Ok(Noun::atom(f(
        &t,
        arg_atom(a, 0, arm)?,
        arg_atom(a, 1, arm)?,
    )))
}

fn fallible(
    d: &Door,
    a: &[Noun],
    arm: &str,
    f: fn(&AtomTwid, &Atom, &Atom) -> Result<Atom, Int2Error>,
) -> Result<Noun, ArmError> {
    let t = twid(d)?;
    let v = f(&t, arg_atom(a, 0, arm)?, arg_atom(a, 1, arm)?).map_err(crash)?;
    Ok(Noun::atom(v))
}

fn compare(
    d: &Door,
    a: &[Noun],
    arm: &str,
    f: fn(&AtomTwid, &Atom, &Atom) -> bool,
) -> Result<Noun, ArmError> {
    let t = twid(d)?;
    Ok(loobean(f(&t, arg_atom(a, 0, arm)?, arg_atom(a, 1, arm)?)))
}
