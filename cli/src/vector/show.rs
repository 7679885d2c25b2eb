//! Text forms of nouns and vector expressions for the runner's report.
//!
//! Atoms print as hex (`0x3f80_0000` is written `0x3f800000`); a noun with the
//! structure of a Lagoon `$ray` prints as
//! `ray(shape=~[2 3] bloq=5 kind=%i754 tail=~ data=0x1…)`, so a failing ray
//! shows its shape, bloq, kind and its whole data atom.

use super::eval::{is_meta, is_ray};
use super::json::{kind_of, Call, Expr, Post};
use hoon::noun::Noun;
use softblas::Atom;

/// The report form of a noun.
pub fn noun(n: &Noun) -> String {
    let mut s = String::new();
    write_noun(&mut s, n);
    s
}

fn write_noun(s: &mut String, n: &Noun) {
    match n {
        Noun::Atom(a) => s.push_str(&a.to_hex()),
        Noun::Cell(_) if is_ray(n) => write_ray(s, n),
        Noun::Cell(_) if is_meta(n) => write_meta(s, n),
        Noun::Cell(c) => {
            s.push('[');
            write_noun(s, &c.0);
            let mut t = &c.1;
            while let Noun::Cell(c2) = t {
                if is_ray(t) || is_meta(t) {
                    break;
                }
                s.push(' ');
                write_noun(s, &c2.0);
                t = &c2.1;
            }
            s.push(' ');
            write_noun(s, t);
            s.push(']');
        }
    }
}

fn write_meta_fields(s: &mut String, m: &Noun) {
    let shape = m.slot(2).and_then(Noun::as_list).unwrap_or_default();
    s.push_str("shape=~[");
    for (i, d) in shape.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        match d.as_atom().and_then(Atom::as_u64) {
            Some(v) => s.push_str(&v.to_string()),
            None => write_noun(s, d),
        }
    }
    s.push_str("] bloq=");
    if let Some(b) = m.slot(6) {
        match b.as_atom().and_then(Atom::as_u64) {
            Some(v) => s.push_str(&v.to_string()),
            None => write_noun(s, b),
        }
    }
    s.push_str(" kind=%");
    if let Some(k) = m.slot(14).and_then(Noun::as_atom).and_then(kind_of) {
        s.push_str(k.term());
    }
    s.push_str(" tail=");
    match m.slot(15) {
        Some(Noun::Atom(a)) if a.is_zero() => s.push('~'),
        Some(t) => write_noun(s, t),
        None => {}
    }
}

fn write_meta(s: &mut String, m: &Noun) {
    s.push_str("meta(");
    write_meta_fields(s, m);
    s.push(')');
}

fn write_ray(s: &mut String, r: &Noun) {
    s.push_str("ray(");
    if let Some(m) = r.slot(2) {
        write_meta_fields(s, m);
    }
    s.push_str(" data=");
    if let Some(d) = r.slot(3) {
        write_noun(s, d);
    }
    s.push(')');
}

/// The report form of a door-sample value: a term when the atom spells one.
fn sample(n: &Noun) -> String {
    if let Some(a) = n.as_atom() {
        let b = a.to_le_bytes();
        let term = !b.is_empty()
            && b[0].is_ascii_lowercase()
            && b.iter()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-');
        if term {
            return format!("%{}", String::from_utf8_lossy(&b));
        }
    }
    noun(n)
}

/// The report form of an expression.
pub fn expr(e: &Expr) -> String {
    match e {
        Expr::Lit(n) => noun(n),
        Expr::List(items) => format!(
            "~[{}]",
            items.iter().map(expr).collect::<Vec<_>>().join(" ")
        ),
        Expr::Tuple(items) => format!("[{}]", items.iter().map(expr).collect::<Vec<_>>().join(" ")),
        Expr::Call(c) => call(&door(c), &c.args),
        Expr::Wing { wing, of } => format!("{wing}:{}", expr(of)),
        Expr::Gate(src) => format!("<gate {src}>"),
    }
}

/// The report form of a call: `(head arg ...)`.
fn call(head: &str, args: &[Expr]) -> String {
    let mut s = format!("({head}");
    for a in args {
        s.push(' ');
        s.push_str(&expr(a));
    }
    s.push(')');
    s
}

/// The arm and its door sample: `add:la`, `sum-dim:la(rnd=%u)`.
pub fn door(c: &Call) -> String {
    if c.door_args.is_empty() {
        return c.key.clone();
    }
    let faces: Vec<String> = c
        .door_args
        .iter()
        .map(|(f, v)| match v {
            Expr::Lit(n) => format!("{f}={}", sample(n)),
            other => format!("{f}={}", expr(other)),
        })
        .collect();
    format!("{}({})", c.key, faces.join(" "))
}

/// The report form of a post step.
pub fn post(p: &Post) -> String {
    match p {
        Post::Call(c) => call(&format!("{} <result>", door(c)), &c.args),
        Post::Wing(w) => format!("{w}:<result>"),
        Post::Std(f) => format!("({f} <result>)"),
        Post::Apply(args) => format!(
            "(<result> {})",
            args.iter().map(expr).collect::<Vec<_>>().join(" ")
        ),
        Post::Assert => "?> <result>".into(),
        Post::Sort => "(sort <result> lth)".into(),
        Post::Other(t) => t.clone(),
    }
}
