//! Printing a typed noun as the dojo does, and printing a raw noun.
//!
//! [`dojo`] ports `++dish` (with the shapes `++dole`/`++doge` give it) and the
//! flat renderer `++ram:re` of urbit/urbit `sys/hoon.hoon` (kelvin 138,
//! sections 5c and 2eW): a face prints `name=value`, a cell `[a b c]` with
//! right-nested cells of the *type* flattened, a list `~[a b]` (`~` when
//! empty), a unit `[~ x]`, a fork its first alternative that renders the
//! value, `*` atoms as `@ud`, constants with a `%` (`%i754`, `%.y`, but `~`),
//! and atoms through `++rend:co`: `@ud` grouped `1.000`, `@ux` grouped
//! `0x1.3f80.0000`, the float auras as [`crate::aura`] prints them, and any
//! aura `rend:co` has no case for as `0x` with ungrouped hex (`++z-co`).
//!
//! The dojo wraps a line longer than the terminal into tall form; we print the
//! flat form (what `~(ram re (sell vase))` gives and the dojo shows when it fits).

use super::types::Type;
use crate::aura::{self, Aura};
use crate::noun::Noun;
use softblas::Atom;
use thiserror::Error;

/// Why a value could not be printed as the dojo prints it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PrintError {
    /// The noun does not fit its type (`++dish` gives `~` and the dojo crashes).
    #[error("the value does not fit its type {0}")]
    Mismatch(String),
    /// An aura whose text `rend:co` writes but we do not (`@p`, `@da`, `@t`, ...).
    #[error("printing @{0} is not supported")]
    Aura(String),
}

/// A tank, flat: a leaf of text, or items between an opening and a closing
/// string with a separator.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tank {
    Leaf(String),
    Rose {
        sep: &'static str,
        open: &'static str,
        close: &'static str,
        items: Vec<Tank>,
    },
    /// `name=value` (a `%palm` with `=` as its separator).
    Face(String, Box<Tank>),
}

impl Tank {
    /// `++ram:re`: the one-line rendering.
    fn ram(&self, out: &mut String) {
        match self {
            Tank::Leaf(s) => out.push_str(s),
            Tank::Face(n, t) => {
                out.push_str(n);
                out.push('=');
                t.ram(out);
            }
            Tank::Rose {
                sep,
                open,
                close,
                items,
            } => {
                out.push_str(open);
                for (i, t) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(sep);
                    }
                    t.ram(out);
                }
                out.push_str(close);
            }
        }
    }
}

/// The text the dojo prints for `noun` of type `ty` (flat form).
///
/// # Errors
/// [`PrintError::Mismatch`] when the noun does not fit the type;
/// [`PrintError::Aura`] for an aura we cannot write.
pub fn dojo(ty: &Type, noun: &Noun) -> Result<String, PrintError> {
    let tank = dish(ty, noun)?.ok_or_else(|| PrintError::Mismatch(type_text(ty)))?;
    let mut out = String::new();
    tank.ram(&mut out);
    Ok(out)
}

/// The noun with every atom in ungrouped hex (`--raw`).
pub fn raw(noun: &Noun) -> String {
    format!("{noun}")
}

/// A short text of a type, for messages (`@rs`, `[meta=... data=@ux]`).
pub fn type_text(ty: &Type) -> String {
    match ty {
        Type::Noun => "*".into(),
        Type::Atom(a) => format!("@{a}"),
        Type::Const(a, v) => format!("%{v}@{a}"),
        Type::Term(t) => format!("%{t}"),
        Type::Face(n, t) => format!("{n}={}", type_text(t)),
        Type::Cell(h, t) => format!("[{} {}]", type_text(h), type_text(t)),
        Type::List(t) => format!("(list {})", type_text(t)),
        Type::Unit(t) => format!("(unit {})", type_text(t)),
        Type::Fork(ts) => format!(
            "?({})",
            ts.iter().map(type_text).collect::<Vec<_>>().join(" ")
        ),
    }
}

/// `++dish`: the tank of `noun` printed as `ty`, or `None` when it does not fit.
fn dish(ty: &Type, noun: &Noun) -> Result<Option<Tank>, PrintError> {
    Ok(match ty {
        Type::Noun => Some(match noun {
            Noun::Atom(a) => Tank::Leaf(mato("", a)?),
            Noun::Cell(_) => {
                let mut items = Vec::new();
                let mut cur = noun;
                while let Some((h, t)) = cur.as_cell() {
                    items.push(
                        dish(&Type::Noun, h)?.ok_or_else(|| PrintError::Mismatch("*".into()))?,
                    );
                    cur = t;
                }
                items
                    .push(dish(&Type::Noun, cur)?.ok_or_else(|| PrintError::Mismatch("*".into()))?);
                plot(items)
            }
        }),
        Type::Atom(aura) => match noun.as_atom() {
            Some(a) => Some(Tank::Leaf(mato(aura, a)?)),
            None => None,
        },
        Type::Const(aura, v) => match noun.as_atom() {
            Some(a) if a.as_u64() == Some(*v) => {
                let fox = mato(aura, a)?;
                Some(Tank::Leaf(if aura == "n" || aura == "tas" {
                    fox
                } else {
                    format!("%{fox}")
                }))
            }
            _ => None,
        },
        Type::Term(t) => match noun.as_atom() {
            Some(a) if *a == Atom::from_le_bytes(t.as_bytes()) => Some(Tank::Leaf(format!("%{t}"))),
            _ => None,
        },
        Type::Face(n, t) => dish(t, noun)?.map(|v| Tank::Face(n.clone(), Box::new(v))),
        Type::Cell(..) => {
            let mut wines = Vec::new();
            flatten(ty, &mut wines);
            let mut items = Vec::new();
            let mut cur = noun;
            for (i, w) in wines.iter().enumerate() {
                if i + 1 == wines.len() {
                    match dish(w, cur)? {
                        Some(t) => items.push(t),
                        None => return Ok(None),
                    }
                } else {
                    let Some((h, t)) = cur.as_cell() else {
                        return Ok(None);
                    };
                    match dish(w, h)? {
                        Some(x) => items.push(x),
                        None => return Ok(None),
                    }
                    cur = t;
                }
            }
            Some(plot(items))
        }
        Type::List(t) => {
            if noun.as_atom().is_some_and(Atom::is_zero) {
                return Ok(Some(Tank::Leaf("~".into())));
            }
            let mut items = Vec::new();
            let mut cur = noun;
            loop {
                match cur {
                    Noun::Atom(a) if a.is_zero() => break,
                    Noun::Atom(_) => return Ok(None),
                    Noun::Cell(c) => {
                        match dish(t, &c.0)? {
                            Some(x) => items.push(x),
                            None => return Ok(None),
                        }
                        cur = &c.1;
                    }
                }
            }
            Some(Tank::Rose {
                sep: " ",
                open: "~[",
                close: "]",
                items,
            })
        }
        Type::Unit(t) => match noun {
            Noun::Atom(a) if a.is_zero() => Some(Tank::Leaf("~".into())),
            Noun::Atom(_) => None,
            Noun::Cell(c) if c.0.as_atom().is_some_and(Atom::is_zero) => {
                dish(t, &c.1)?.map(|v| plot(vec![Tank::Leaf("~".into()), v]))
            }
            Noun::Cell(_) => None,
        },
        Type::Fork(alts) => {
            for a in alts {
                if let Some(t) = dish(a, noun)? {
                    return Ok(Some(t));
                }
            }
            None
        }
    })
}

/// The printing of a cell type as `++dole` shapes it: the head, then the tail's
/// items when the tail is itself a bare cell (a face or fork stops the flattening).
fn flatten<'a>(ty: &'a Type, out: &mut Vec<&'a Type>) {
    match ty {
        Type::Cell(h, t) => {
            out.push(h);
            flatten(t, out);
        }
        other => out.push(other),
    }
}

fn plot(items: Vec<Tank>) -> Tank {
    Tank::Rose {
        sep: " ",
        open: "[",
        close: "]",
        items,
    }
}

/// The `[%mato aura]` case of `++dish`: an atom by its aura (trailing upper-case letters dropped).
fn mato(aura: &str, a: &Atom) -> Result<String, PrintError> {
    let base = aura.trim_end_matches(|c: char| c.is_ascii_uppercase());
    match base {
        "" => rend("ud", a),
        "tas" => aura::print(Aura::Tas, a).map_err(|_| PrintError::Aura("tas".into())),
        "t" => Err(PrintError::Aura("t".into())),
        _ => rend(base, a),
    }
}

/// `++z-co`: `0x` and ungrouped lower-case hex.
fn z_co(a: &Atom) -> String {
    format!("0x{}", a.to_biguint().to_str_radix(16))
}

/// `++rend:co` for a `%$` coin of aura `aura`: first letter picks the family, second the base.
fn rend(aura: &str, a: &Atom) -> Result<String, PrintError> {
    let mut chars = aura.chars();
    let yed = chars.next();
    let hay = chars.next();
    let unsupported = || PrintError::Aura(aura.to_string());
    let via = |au: Aura| aura::print(au, a).map_err(|_| unsupported());
    match yed {
        Some('f') => Ok(match a.as_u64() {
            Some(0) => ".y".into(),
            Some(1) => ".n".into(),
            _ => z_co(a),
        }),
        Some('n') => Ok("~".into()),
        Some('i') => match hay {
            Some('f') => via(Aura::If),
            Some('s') => via(Aura::Is),
            _ => Ok(z_co(a)),
        },
        Some('r') => match hay {
            Some('d') => via(Aura::Rd),
            Some('h') => via(Aura::Rh),
            Some('q') => via(Aura::Rq),
            Some('s') => via(Aura::Rs),
            _ => Ok(z_co(a)),
        },
        Some('u') => match hay {
            Some('b') => via(Aura::Ub),
            Some('x') => via(Aura::Ux),
            Some('i') => via(Aura::Ui),
            Some('v') | Some('w') => Err(unsupported()),
            _ => via(Aura::Ud),
        },
        Some('s') => match hay {
            Some('b') => via(Aura::Sb),
            Some('x') => via(Aura::Sx),
            Some('i') => via(Aura::Si),
            Some('v') | Some('w') => Err(unsupported()),
            _ => via(Aura::Sd),
        },
        Some('c') | Some('d') | Some('p') | Some('q') | Some('t') => Err(unsupported()),
        _ => Ok(z_co(a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u64) -> Noun {
        Noun::atom(v)
    }

    #[test]
    fn rend_cases() {
        // `@` is `@ud`; an aura rend:co has no case for is z-co (ungrouped hex).
        assert_eq!(dojo(&Type::atom(""), &n(1000)).unwrap(), "1.000");
        assert_eq!(
            dojo(&Type::atom("ux"), &n(0x1_3f80_0000)).unwrap(),
            "0x1.3f80.0000"
        );
        assert_eq!(
            dojo(&Type::atom("rpb"), &n(0x1_3f80_0000)).unwrap(),
            "0x13f800000"
        );
        assert_eq!(dojo(&Type::atom("rs"), &n(0x3fc0_0000)).unwrap(), ".1.5");
        assert_eq!(dojo(&Type::atom("s"), &n(9)).unwrap(), "-5");
        assert_eq!(dojo(&Type::flag(), &n(0)).unwrap(), "%.y");
        assert_eq!(dojo(&Type::flag(), &n(1)).unwrap(), "%.n");
        assert_eq!(dojo(&Type::null(), &n(0)).unwrap(), "~");
    }

    #[test]
    fn structure() {
        // `[@ud @ud ~]` (a `~[1 2]` literal) prints with its `~`; `(list @)` as `~[1 2]`.
        let l = Noun::list([n(1), n(2)]);
        let tup = Type::tuple(vec![Type::atom("ud"), Type::atom("ud"), Type::null()]);
        assert_eq!(dojo(&tup, &l).unwrap(), "[1 2 ~]");
        assert_eq!(
            dojo(&Type::List(Box::new(Type::atom(""))), &l).unwrap(),
            "~[1 2]"
        );
        assert_eq!(
            dojo(&Type::List(Box::new(Type::atom(""))), &n(0)).unwrap(),
            "~"
        );
        // `*` flattens right-nested cells.
        let t = Noun::tuple([n(1), n(2), n(3)]);
        assert_eq!(dojo(&Type::Noun, &t).unwrap(), "[1 2 3]");
        // A unit.
        let u = Noun::cell(n(0), n(10));
        assert_eq!(
            dojo(&Type::Unit(Box::new(Type::atom("s"))), &u).unwrap(),
            "[~ --5]"
        );
        // `[@ prec]` of /lib/fixed: the face-less tail cell flattens.
        let p = Type::cell(
            Type::face("a", Type::atom("")),
            Type::face("b", Type::atom("")),
        );
        let fx = Type::cell(Type::atom(""), p);
        let v = Noun::tuple([n(360_448), n(15), n(16)]);
        assert_eq!(dojo(&fx, &v).unwrap(), "[360.448 a=15 b=16]");
        // A value that does not fit its type.
        assert!(dojo(&Type::atom("ud"), &u).is_err());
    }
}
