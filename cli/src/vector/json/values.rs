//! The value encodings of a vector line decoded: literals into nouns (atoms,
//! metas, rays, lists and tuples of literals), calls, door samples, post
//! steps and tolerances into expressions, each error naming its key path.

use super::{registry_key, Call, Expr, FormatError, Post, RelativeTo, Tolerance};
use hoon::noun::Noun;
use serde_json::{Map, Value};
use softblas::{Atom, Kind};

pub(super) fn bad(at: &str, what: impl Into<String>) -> FormatError {
    FormatError::Bad(at.to_string(), what.into())
}

fn join(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_string()
    } else {
        format!("{at}.{key}")
    }
}

pub(super) fn str_key<'a>(
    o: &'a Map<String, Value>,
    key: &str,
    at: &str,
) -> Result<&'a str, FormatError> {
    match o.get(key) {
        None | Some(Value::Null) => Err(FormatError::Missing(join(at, key))),
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(bad(&join(at, key), "not a string")),
    }
}

pub(super) fn expr_list(v: &Value, at: &str) -> Result<Vec<Expr>, FormatError> {
    let a = v.as_array().ok_or_else(|| bad(at, "not an array"))?;
    a.iter()
        .enumerate()
        .map(|(i, x)| expr(x, &format!("{at}[{i}]")))
        .collect()
}

/// An atom given as `0x..` hex, decimal text, or a JSON integer.
pub(super) fn atom_value(v: &Value, at: &str) -> Result<Atom, FormatError> {
    match v {
        Value::String(s) if s.starts_with("0x") || s.starts_with("0X") => {
            Atom::from_hex(s).ok_or_else(|| bad(at, format!("bad hex atom {s:?}")))
        }
        Value::String(s) => decimal_atom(s).ok_or_else(|| bad(at, format!("bad atom {s:?}"))),
        Value::Number(n) => n
            .as_u64()
            .map(Atom::from_u64)
            .ok_or_else(|| bad(at, format!("not an unsigned integer: {n}"))),
        _ => Err(bad(at, "atom is neither a string nor an integer")),
    }
}

fn decimal_atom(s: &str) -> Option<Atom> {
    let digits: String = s.chars().filter(|c| *c != '.' && *c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    num_bigint::BigUint::parse_bytes(digits.as_bytes(), 10).map(|b| Atom::from_biguint(&b))
}

fn small(v: &Value, at: &str) -> Result<u64, FormatError> {
    atom_value(v, at)?
        .as_u64()
        .ok_or_else(|| bad(at, "number too large"))
}

/// The cord atom of a term (`"i754"` → 0x3435.3769).
pub fn cord(text: &str) -> Atom {
    Atom::from_le_bytes(text.as_bytes())
}

/// Decodes one value encoding.
pub(super) fn expr(v: &Value, at: &str) -> Result<Expr, FormatError> {
    let o = v
        .as_object()
        .ok_or_else(|| bad(at, "a value must be an object"))?;
    if o.contains_key("call") {
        return Ok(Expr::Call(Box::new(call(o, at)?)));
    }
    if let Some(w) = o.get("wing") {
        let wing = w
            .as_str()
            .ok_or_else(|| bad(&join(at, "wing"), "not a string"))?;
        let of = o
            .get("of")
            .ok_or_else(|| FormatError::Missing(join(at, "of")))?;
        return Ok(Expr::Wing {
            wing: wing.to_string(),
            of: Box::new(expr(of, &join(at, "of"))?),
        });
    }
    if o.contains_key("gate") {
        let src = o.get("hoon").and_then(Value::as_str).unwrap_or("<lambda>");
        return Ok(Expr::Gate(src.to_string()));
    }
    if let Some(a) = o.get("atom") {
        return Ok(Expr::Lit(Noun::Atom(atom_value(a, &join(at, "atom"))?)));
    }
    if let Some(t) = o.get("term") {
        let t = t
            .as_str()
            .ok_or_else(|| bad(&join(at, "term"), "not a string"))?;
        return Ok(Expr::Lit(Noun::Atom(cord(t.trim_start_matches('%')))));
    }
    if let Some(f) = o.get("flag") {
        let f = f
            .as_bool()
            .ok_or_else(|| bad(&join(at, "flag"), "not a boolean"))?;
        // Loobeans: %.y is 0, %.n is 1.
        return Ok(Expr::Lit(Noun::atom(u64::from(!f))));
    }
    if o.contains_key("null") {
        return Ok(Expr::Lit(Noun::NULL));
    }
    if let Some(l) = o.get("list") {
        let items = expr_list(l, &join(at, "list"))?;
        return Ok(match literals(&items) {
            Some(ns) => Expr::Lit(Noun::list(ns)),
            None => Expr::List(items),
        });
    }
    if let Some(t) = o.get("tuple") {
        let at = join(at, "tuple");
        let items = expr_list(t, &at)?;
        if items.is_empty() {
            return Err(bad(&at, "empty tuple"));
        }
        return Ok(match literals(&items) {
            Some(ns) => Expr::Lit(Noun::tuple(ns)),
            None => Expr::Tuple(items),
        });
    }
    if let Some(m) = o.get("meta") {
        return Ok(Expr::Lit(meta(m, &join(at, "meta"))?.0));
    }
    if let Some(r) = o.get("ray") {
        return Ok(Expr::Lit(ray(r, &join(at, "ray"))?));
    }
    let keys: Vec<&str> = o.keys().map(String::as_str).collect();
    Err(bad(
        at,
        format!("unknown value encoding with keys {keys:?}"),
    ))
}

fn literals(items: &[Expr]) -> Option<Vec<Noun>> {
    items
        .iter()
        .map(|e| match e {
            Expr::Lit(n) => Some(n.clone()),
            _ => None,
        })
        .collect()
}

/// `[shape-list bloq kind-cord tail]`, with the shape and bloq as numbers.
fn meta(v: &Value, at: &str) -> Result<(Noun, Vec<u64>, u64), FormatError> {
    let o = v.as_object().ok_or_else(|| bad(at, "not an object"))?;
    let shape = o
        .get("shape")
        .and_then(Value::as_array)
        .ok_or_else(|| bad(&join(at, "shape"), "not an array"))?
        .iter()
        .map(|d| small(d, &join(at, "shape")))
        .collect::<Result<Vec<u64>, _>>()?;
    let bloq = small(
        o.get("bloq")
            .ok_or_else(|| FormatError::Missing(join(at, "bloq")))?,
        &join(at, "bloq"),
    )?;
    let kind = str_key(o, "kind", at)?;
    let tail = match o.get("tail") {
        None | Some(Value::Null) => Noun::NULL,
        Some(t) => match expr(t, &join(at, "tail"))? {
            Expr::Lit(n) => n,
            _ => return Err(bad(&join(at, "tail"), "tail must be a literal")),
        },
    };
    let noun = Noun::tuple([
        Noun::list(shape.iter().map(|d| Noun::atom(*d))),
        Noun::atom(bloq),
        Noun::Atom(cord(kind.trim_start_matches('%'))),
        tail,
    ]);
    Ok((noun, shape, bloq))
}

/// `[meta data]` with `data` from `data_hex`; `elems_hex`, when present, must agree with it.
fn ray(v: &Value, at: &str) -> Result<Noun, FormatError> {
    let (m, shape, bloq) = meta(v, at)?;
    let o = v.as_object().ok_or_else(|| bad(at, "not an object"))?;
    let data = atom_value(
        o.get("data_hex")
            .ok_or_else(|| FormatError::Missing(join(at, "data_hex")))?,
        &join(at, "data_hex"),
    )?;
    if let Some(elems) = o.get("elems_hex") {
        let at = join(at, "elems_hex");
        let elems = elems.as_array().ok_or_else(|| bad(&at, "not an array"))?;
        let w = 1u64
            .checked_shl(u32::try_from(bloq).unwrap_or(u32::MAX))
            .ok_or_else(|| bad(&at, "bloq too large"))?;
        let count: u64 = shape.iter().product();
        if elems.len() as u64 != count {
            return Err(bad(
                &at,
                format!("{} elements for shape {shape:?}", elems.len()),
            ));
        }
        for (i, e) in elems.iter().enumerate() {
            let want = atom_value(e, &at)?;
            if data.bits(i as u64 * w, w) != want {
                return Err(bad(&at, format!("element {i} disagrees with data_hex")));
            }
        }
        let pin_ok = o.get("pin_ok").and_then(Value::as_bool).unwrap_or(true);
        if pin_ok && data.bit_len() != count * w + 1 {
            return Err(bad(
                &at,
                "data_hex has no pin bit right above the last element",
            ));
        }
    }
    Ok(Noun::cell(m, Noun::Atom(data)))
}

fn call(o: &Map<String, Value>, at: &str) -> Result<Call, FormatError> {
    let name = str_key(o, "call", at)?;
    let lib = o.get("lib").and_then(Value::as_str);
    // A door given beside a bare arm name keys it like `arm:door`.
    let door_field = o
        .get("door")
        .and_then(Value::as_str)
        .filter(|d| !d.is_empty());
    let (key, door) = match door_field {
        Some(d) if !name.contains(':') && lib != Some("saloon-old") => {
            (format!("{name}:{d}"), d.to_string())
        }
        _ => registry_key(name, lib, &join(at, "call"))?,
    };
    let args = match o.get("args") {
        None | Some(Value::Null) => Vec::new(),
        Some(a) => expr_list(a, &join(at, "args"))?,
    };
    Ok(Call {
        key,
        door,
        door_args: door_args(o.get("door_args"), &join(at, "door_args"))?,
        args,
        nullary: o.get("nullary").and_then(Value::as_bool).unwrap_or(false),
    })
}

/// Door samples: a string is a term (`"n"` → `%n`), an object is a value encoding.
pub(super) fn door_args(v: Option<&Value>, at: &str) -> Result<Vec<(String, Expr)>, FormatError> {
    let o = match v {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Object(o)) => o,
        Some(_) => return Err(bad(at, "not an object")),
    };
    o.iter()
        .map(|(face, val)| {
            let at = join(at, face);
            let e = match val {
                Value::String(s) => Expr::Lit(Noun::Atom(cord(s.trim_start_matches('%')))),
                Value::Number(_) => Expr::Lit(Noun::Atom(atom_value(val, &at)?)),
                _ => expr(val, &at)?,
            };
            Ok((face.clone(), e))
        })
        .collect()
}

pub(super) fn post_step(v: &Value, at: &str) -> Result<Post, FormatError> {
    let o = v.as_object().ok_or_else(|| bad(at, "not an object"))?;
    if o.contains_key("call") {
        return Ok(Post::Call(call(o, at)?));
    }
    if let Some(w) = o.get("wing") {
        let w = w
            .as_str()
            .ok_or_else(|| bad(&join(at, "wing"), "not a string"))?;
        return Ok(Post::Wing(w.to_string()));
    }
    if let Some(s) = o.get("std") {
        let s = s
            .as_str()
            .ok_or_else(|| bad(&join(at, "std"), "not a string"))?;
        return Ok(Post::Std(s.to_string()));
    }
    if let Some(a) = o.get("apply") {
        return Ok(Post::Apply(expr_list(a, &join(at, "apply"))?));
    }
    if o.contains_key("assert") {
        return Ok(Post::Assert);
    }
    if o.contains_key("sort") {
        return Ok(Post::Sort);
    }
    Ok(Post::Other(v.to_string()))
}

pub(super) fn tolerance(v: Option<&Value>) -> Result<Tolerance, FormatError> {
    let o = v
        .and_then(Value::as_object)
        .ok_or_else(|| FormatError::Missing("tolerance".into()))?;
    let kind = o.get("kind").and_then(Value::as_str).unwrap_or("");
    let rule = o.get("rule").and_then(Value::as_str).unwrap_or("");
    if kind != "lagoon is-close" {
        return Ok(Tolerance::Other(format!("{kind}: {rule}")));
    }
    let tol = |face: &str| -> Result<Atom, FormatError> {
        let at = format!("tolerance.{face}");
        match expr(
            o.get(face)
                .ok_or_else(|| FormatError::Missing(at.clone()))?,
            &at,
        )? {
            Expr::Lit(Noun::Atom(a)) => Ok(a),
            _ => Err(bad(&at, "not an atom")),
        }
    };
    let compact: String = rule.chars().filter(|c| !c.is_whitespace()).collect();
    let relative_to = if compact.contains("rtol*|actual|") {
        RelativeTo::Actual
    } else if compact.contains("rtol*|expected|") {
        RelativeTo::Expected
    } else {
        return Ok(Tolerance::Other(format!(
            "{kind}: unrecognised rule {rule:?}"
        )));
    };
    Ok(Tolerance::IsClose {
        atol: tol("atol")?,
        rtol: tol("rtol")?,
        relative_to,
    })
}

/// The kind named by a kind cord atom, if it is one of Lagoon's.
pub(crate) fn kind_of(a: &Atom) -> Option<Kind> {
    a.as_u64().and_then(Kind::from_cord)
}
