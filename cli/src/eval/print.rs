//! Printing a typed noun as the dojo does, and printing a raw noun.
//!
//! [`dojo`] and [`dojo_wall`] port `++dish` of urbit/urbit `sys/hoon.hoon`
//! (kelvin 138, commit b85a224f, section 5c), with the shapes `++dole` and
//! `++doge` give it: a face is the palm `name=value`, a cell `[a b c]` with
//! right-nested cells of the *type* flattened, a list `~[a b]` (`~` when
//! empty), a unit `[~ x]`, a fork its first alternative that renders the
//! value, `*` atoms as `@ud`. Atoms and constants go through the one printer
//! in [`hoon::tank`] (`%mato` is [`tank::sell_atom`], `%pear` is
//! [`tank::sell_pear`], both over `++rend:co`), and the tank is laid out by
//! [`tank::ram`] (one line) or [`tank::wash`] (the drum's `(win re [0 edg])`
//! of the dojo's result at an edge `edg`).

use super::types::Type;
use hoon::noun::Noun;
use hoon::tank::{self, TankError};
use lagoon::print::Tank;
use softblas::Atom;
use thiserror::Error;

/// Why a value could not be printed as the dojo prints it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PrintError {
    /// The noun does not fit its type (`++dish` gives `~` and the dojo crashes).
    #[error("the value does not fit its type {0}")]
    Mismatch(String),
    /// The printer crashes in Hoon (an aura that does not parse, `++wood` on
    /// bytes it cannot escape, a layout at too small a width).
    #[error("crash: {0}")]
    Crash(String),
    /// Text `++rend:co` writes but urnum does not (`@p`, `@da`, `@uv`, ...).
    #[error("printing is not supported: {0}")]
    Unsupported(String),
}

impl From<TankError> for PrintError {
    fn from(e: TankError) -> PrintError {
        match e {
            TankError::Crash(m) => PrintError::Crash(m),
            TankError::Unsupported(m) => PrintError::Unsupported(m),
        }
    }
}

/// The text the dojo prints for `noun` of type `ty` on one line: `++ram` of
/// its tank.
///
/// # Errors
/// [`PrintError::Mismatch`] when the noun does not fit the type; the other
/// [`PrintError`]s where an atom's printer crashes or is unsupported.
pub fn dojo(ty: &Type, noun: &Noun) -> Result<String, PrintError> {
    Ok(tank::ram(&dojo_tank(ty, noun)?))
}

/// The lines the dojo prints for `noun` of type `ty` through a terminal whose
/// drum edge is `edg` (`(~(win re tank) 0 edg)`; the drum starts at 80 and
/// takes one less than the columns of a resized terminal).
///
/// # Errors
/// As [`dojo`], and [`PrintError::Crash`] where the layout crashes
/// ([`tank::wash`]).
pub fn dojo_wall(ty: &Type, noun: &Noun, edg: u64) -> Result<Vec<String>, PrintError> {
    Ok(tank::wash(0, edg, &dojo_tank(ty, noun)?)?)
}

/// The tank `++dish` makes for `noun` of type `ty`.
///
/// # Errors
/// As [`dojo`].
pub fn dojo_tank(ty: &Type, noun: &Noun) -> Result<Tank, PrintError> {
    dish(ty, noun)?.ok_or_else(|| PrintError::Mismatch(type_text(ty)))
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
        Type::Const(a, v) => match (a.as_str(), v) {
            ("f", 0) => "%.y".into(),
            ("f", 1) => "%.n".into(),
            ("n", 0) => "%~".into(),
            _ => format!("%{v}@{a}"),
        },
        Type::Term(t) => format!("%{t}"),
        Type::Face(n, t) => format!("{n}={}", type_text(t)),
        Type::Cell(..) => {
            // A right-nested tuple prints flat, as `+dunk` prints it.
            let mut items = Vec::new();
            let mut cur = ty;
            while let Type::Cell(h, t) = cur {
                items.push(type_text(h));
                cur = t;
            }
            items.push(type_text(cur));
            format!("[{}]", items.join(" "))
        }
        Type::List(t) => format!("(list {})", type_text(t)),
        Type::Unit(t) => format!("(unit {})", type_text(t)),
        Type::Fork(_) if *ty == Type::flag() => "?".into(),
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
            Noun::Atom(a) => tank::sell_atom("", a)?,
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
            Some(a) => Some(tank::sell_atom(aura, a)?),
            None => None,
        },
        Type::Const(aura, v) => match noun.as_atom() {
            Some(a) if a.as_u64() == Some(*v) => Some(tank::sell_pear(aura, a)?),
            _ => None,
        },
        Type::Term(t) => match noun.as_atom() {
            Some(a) if *a == Atom::from_le_bytes(t.as_bytes()) => Some(tank::sell_pear("tas", a)?),
            _ => None,
        },
        // `[%palm [['=' ~] ~ ~ ~] [%leaf name] value ~]`.
        Type::Face(n, t) => dish(t, noun)?.map(|v| Tank::Palm {
            mid: "=".into(),
            open: String::new(),
            fore: String::new(),
            close: String::new(),
            items: vec![Tank::leaf(n), v],
        }),
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
            Some(Tank::rose(" ", "~[", "]", items))
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

/// `[%rose [" " "[" "]"] items]`: a cell of `++dish`.
fn plot(items: Vec<Tank>) -> Tank {
    Tank::rose(" ", "[", "]", items)
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

    #[test]
    fn one_printer_for_eval_and_tanks() {
        // `@uc`: `++rend:co` `%u` with hay `c` is base58check (`0c1...`), which
        // urnum does not write; the old eval printer fell through to `@ud`
        // and printed `5`.
        let refused = |aura: &str, v: u64| dojo(&Type::atom(aura), &n(v));
        let unsupported = |aura, v| matches!(refused(aura, v), Err(PrintError::Unsupported(_)));
        assert!(unsupported("uc", 5));
        // `@sc` runs `%u` again with hay `c` (`$(yed 'u')`): the same.
        assert!(unsupported("sc", 5));
        // `@sv` prints the sign, then `%u` hay `v`: unsupported like `@uv`.
        assert!(dojo(&Type::atom("sv"), &n(5)).is_err());
        // Auras the old eval printer refused: `%t` quotes, `%ta` is `~.`,
        // `%c` is `~-` and `++wood`, `%d` with a second letter other than
        // `a`/`r` is `++z-co`.
        let cord = |t: &str| Noun::Atom(Atom::from_le_bytes(t.as_bytes()));
        assert_eq!(dojo(&Type::atom("t"), &cord("it's")).unwrap(), "'it\\'s'");
        assert_eq!(dojo(&Type::atom("ta"), &cord("abc")).unwrap(), "~.abc");
        assert_eq!(dojo(&Type::atom("c"), &n(0x61)).unwrap(), "~-a");
        assert_eq!(dojo(&Type::atom("dx"), &n(0xff)).unwrap(), "0xff");
        assert!(unsupported("da", 1));
        // An aura with a digit fails `++rash` in `++dish`: a crash.
        assert!(matches!(refused("i754", 1), Err(PrintError::Crash(_))));
        // A `%tas` constant (a kind term) and the empty term.
        let k = Type::Term("uint".into());
        assert_eq!(dojo(&k, &cord("uint")).unwrap(), "%uint");
        assert_eq!(dojo(&Type::atom("tas"), &n(0)).unwrap(), "%$");
    }

    #[test]
    fn tall_results() {
        // A face is `[%palm ["=" "" "" ""] [name value]]`: flat it is `a=1`.
        let t = Type::cell(
            Type::face("a", Type::atom("")),
            Type::face("b", Type::List(Box::new(Type::atom("")))),
        );
        let v = Noun::cell(n(1), Noun::list((1..=6).map(|i| n(i * 1000))));
        assert_eq!(
            dojo(&t, &v).unwrap(),
            "[a=1 b=~[1.000 2.000 3.000 4.000 5.000 6.000]]"
        );
        // At edge 20 the outer rose wraps: its items go to indent
        // (0 + 2) mod 2(20 / 3) = 2 and `[` joins the first line. The palm
        // `b=...` wraps: its value at 2, its name at 2 + 2, and `wig` of its
        // empty opening leaves that line as it is. The list inside puts its
        // items at (2 + 2) mod 12 = 4, so `~[` (which needs 1 + 2 + 2 = 5
        // leading spaces on the line below) gets a line of its own.
        assert_eq!(
            dojo_wall(&t, &v, 20).unwrap(),
            [
                "[ a=1",
                "    b",
                "  ~[",
                "    1.000",
                "    2.000",
                "    3.000",
                "    4.000",
                "    5.000",
                "    6.000",
                "  ]",
                "]"
            ]
        );
        // What fits stays on one line.
        assert_eq!(dojo_wall(&t, &v, 80).unwrap(), [dojo(&t, &v).unwrap()]);
    }
}
