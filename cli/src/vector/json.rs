//! Decoding one vector line (`vectors/SUMMARY.md` §3) into a [`Vector`].
//!
//! Every value encoding becomes an [`Expr`]: literals (`atom`, `term`, `flag`,
//! `null`, `meta`, `ray`, and lists/tuples of literals) are turned into nouns
//! here, once; nested `call`s, `wing`/`of` projections and `gate`s stay
//! expressions for the evaluator. Keys the format does not define are ignored;
//! a value the format does not allow is a [`FormatError`] naming the key path.

use hoon::noun::Noun;
use serde_json::{Map, Value};
use softblas::{Atom, Kind};
use thiserror::Error;

/// Why a vector line could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    /// The line is not a JSON object.
    #[error("not a JSON object: {0}")]
    Json(String),
    /// A key the format requires is absent.
    #[error("missing key `{0}`")]
    Missing(String),
    /// A key holds a value of the wrong form; the text names the key path and what was wrong.
    #[error("bad value at `{0}`: {1}")]
    Bad(String, String),
}

/// A sub-expression of a vector: a literal noun or something to evaluate first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A literal, already encoded as its noun.
    Lit(Noun),
    /// A null-terminated list whose items are not all literals.
    List(Vec<Expr>),
    /// A right-nested tuple `[a [b c]]` whose items are not all literals.
    Tuple(Vec<Expr>),
    /// A nested arm call, evaluated through the registry.
    Call(Box<Call>),
    /// The face or lark wing `wing` of the value of `of` (`vecs` of `(eig:sa a)`, `-` of a cell).
    Wing {
        /// The wing as written (`-`, `+`, `vals`, `shape.meta`, ...).
        wing: String,
        /// The expression it projects.
        of: Box<Expr>,
    },
    /// A Hoon lambda (`{"gate": .., "hoon": src}`): no noun represents it, so it is unsupported.
    Gate(String),
}

/// One arm call: the registry key, the door sample and the arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The registry key (`add:la`, `mul:fixed`, `sun:rps`).
    pub key: String,
    /// The door's name (`la`, `fixed`, `rps`).
    pub door: String,
    /// The door sample by face (`rnd`, `r`, `rtol`, `atol`, `bloq`, `wid`).
    pub door_args: Vec<(String, Expr)>,
    /// The arguments in source order.
    pub args: Vec<Expr>,
    /// Whether the arm is a non-gate value (`zero:rpb`): called with no arguments.
    pub nullary: bool,
}

/// A step applied to the result before comparing (`post`, innermost first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Post {
    /// `{"call": arm, "args": [..]}`: the arm on the result followed by `args`.
    Call(Call),
    /// `{"wing": w}`: a face or lark projection of the result.
    Wing(String),
    /// `{"std": name}`: a standard-library gate on the result (`lent`).
    Std(String),
    /// `{"apply": [..]}`: the arm returned a gate, applied to these arguments.
    Apply(Vec<Expr>),
    /// `{"assert": ..}`: `?>` on the result, which must be `%.y`.
    Assert,
    /// `{"sort": ..}`: the test helper sorting a 1-D `%i754` ray ascending by float value.
    Sort,
    /// A step this runner does not know (its JSON text): the vector is unsupported.
    Other(String),
}

/// Which side of an `is-close` supplies the `|b|` that `rtol` scales.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelativeTo {
    /// `|actual - expected| <= atol + rtol*|expected|`.
    Expected,
    /// `|expected - actual| <= atol + rtol*|actual|` (the test passed the literal first).
    Actual,
}

/// A tolerance rule (`tolerance` object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tolerance {
    /// Lagoon `(all (is-close a b [atol rtol]))`.
    IsClose {
        /// The absolute tolerance's bits.
        atol: Atom,
        /// The relative tolerance's bits.
        rtol: Atom,
        /// Which side `rtol` is relative to.
        relative_to: RelativeTo,
    },
    /// A rule this runner does not implement (its `kind` and `rule` text).
    Other(String),
}

/// How the result is judged (`compare`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compare {
    /// Noun equality with `expected`.
    Exact,
    /// Evaluation must crash.
    Crash,
    /// Elementwise closeness to the literal `expected`.
    Tolerance(Tolerance),
    /// Noun equality with the computed `expected`.
    Relational,
    /// Elementwise closeness to the computed `expected`.
    RelationalTolerance(Tolerance),
    /// A helper's condition: the result must equal `expected` (a flag).
    Predicate,
    /// The result must NOT equal `expected`.
    Distinct,
    /// A compare kind this runner does not know.
    Other(String),
}

/// One golden vector, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vector {
    /// 1-based line number in its file.
    pub line: usize,
    /// The vector's `id`.
    pub id: String,
    /// The `arm` as written.
    pub arm: String,
    /// The `lib` as written.
    pub lib: String,
    /// The operation under test.
    pub call: Call,
    /// Steps applied to the result, innermost first.
    pub post: Vec<Post>,
    /// The expected value or expression (`None` for `crash`).
    pub expected: Option<Expr>,
    /// How the result is judged.
    pub compare: Compare,
    /// The exact Hoon expression, when the vector carries one (oracle files).
    pub hoon: Option<String>,
}

/// Decodes one line of a vector file.
///
/// # Errors
/// [`FormatError`] naming the first key that is absent or malformed.
pub fn parse_line(text: &str, line: usize) -> Result<Vector, FormatError> {
    let v: Value = serde_json::from_str(text).map_err(|e| FormatError::Json(e.to_string()))?;
    let o = v
        .as_object()
        .ok_or_else(|| FormatError::Json("top level is not an object".into()))?;
    let id = str_key(o, "id", "")?.to_string();
    let arm = str_key(o, "arm", "")?.to_string();
    let lib = str_key(o, "lib", "")?.to_string();
    let (key, door) = registry_key(&arm, Some(&lib), "arm")?;
    let nullary = o.get("nullary").and_then(Value::as_bool).unwrap_or(false);
    let args = match o.get("args") {
        None | Some(Value::Null) => Vec::new(),
        Some(a) => expr_list(a, "args")?,
    };
    let door_args = door_args(o.get("door_args"), "door_args")?;
    let post = match o.get("post") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(ps)) => ps
            .iter()
            .enumerate()
            .map(|(i, p)| post_step(p, &format!("post[{i}]")))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(bad("post", "not an array")),
    };
    let compare_text = str_key(o, "compare", "")?;
    let tolerance = || tolerance(o.get("tolerance"));
    let compare = match compare_text {
        "exact" => Compare::Exact,
        "crash" => Compare::Crash,
        "tolerance" => Compare::Tolerance(tolerance()?),
        "relational" => Compare::Relational,
        "relational-tolerance" => Compare::RelationalTolerance(tolerance()?),
        "predicate" => Compare::Predicate,
        "distinct" => Compare::Distinct,
        other => Compare::Other(other.to_string()),
    };
    let expected = match o.get("expected") {
        None | Some(Value::Null) => None,
        Some(e) => Some(expr(e, "expected")?),
    };
    if expected.is_none() && !matches!(compare, Compare::Crash | Compare::Other(_)) {
        return Err(FormatError::Missing("expected".into()));
    }
    let hoon = o.get("hoon").and_then(Value::as_str).map(str::to_string);
    let mut call = Call {
        key,
        door,
        door_args,
        args,
        nullary,
    };
    let mut post = post;
    let mut expected = expected;
    if let Some(rev) = unum_rev(o) {
        pin_call(&mut call, &rev);
        for p in &mut post {
            match p {
                Post::Call(c) => pin_call(c, &rev),
                Post::Apply(es) => es.iter_mut().for_each(|e| pin_expr(e, &rev)),
                _ => {}
            }
        }
        if let Some(e) = &mut expected {
            pin_expr(e, &rev);
        }
    }
    Ok(Vector {
        line,
        id,
        arm,
        lib,
        call,
        post,
        expected,
        compare,
        hoon,
    })
}

/// The non-blank lines of vector-file text with their 1-based line numbers:
/// the one line splitting of the format (a vector is one JSON object a line).
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
}

/// An atom value that records how the Hoon source wrote it:
/// `{"atom": hex, "aura": a, "src": text}` (`src` is the literal, `.~1.5`,
/// `0x3a83.126f`, `` `@rd`0x1 ``, `0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Literal {
    /// The atom.
    pub atom: Atom,
    /// The aura's name (`rd`, `ud`, `s`, ...).
    pub aura: String,
    /// The source text.
    pub src: String,
}

/// Every atom value of the vector line `text` that carries its aura and
/// source text, anywhere in the line (arguments, expected value, door
/// samples, nested calls), in document order.
///
/// # Errors
/// [`FormatError::Json`] when the line is not JSON; [`FormatError::Bad`] for
/// such a value whose atom is malformed.
pub fn sourced_literals(text: &str) -> Result<Vec<Literal>, FormatError> {
    fn walk(v: &Value, out: &mut Vec<Literal>) -> Result<(), FormatError> {
        match v {
            Value::Object(o) => {
                if let (Some(atom), Some(Value::String(aura)), Some(Value::String(src))) =
                    (o.get("atom"), o.get("aura"), o.get("src"))
                {
                    out.push(Literal {
                        atom: atom_value(atom, "atom")?,
                        aura: aura.clone(),
                        src: src.clone(),
                    });
                }
                o.values().try_for_each(|x| walk(x, out))
            }
            Value::Array(xs) => xs.iter().try_for_each(|x| walk(x, out)),
            _ => Ok(()),
        }
    }
    let v: Value = serde_json::from_str(text).map_err(|e| FormatError::Json(e.to_string()))?;
    let mut out = Vec::new();
    walk(&v, &mut out)?;
    Ok(out)
}

/// The `/lib/unum` revision a vector's posit, Lagoon and Saloon arms are checked against, as
/// the suffix of their registry keys (`exp:rps@96f3cfe`, `exp:sa@96f3cfe`): its `unum_rev`
/// field, else its `rev` (the commit of the text the vector was taken from), read by
/// [`UnumRev::of_text`](softblas::scalar::unum::UnumRev::of_text) (a `/lib/unum` commit, or a
/// Lagoon or Saloon commit beside one) into that revision's seven-digit name. Any other commit
/// is kept as written, so that the vector's posit arms, and the `%unum` elementary functions of
/// its Lagoon and Saloon arms, are unsupported rather than checked against a text they were not
/// computed by. `None` when the vector names no revision (the registry's revision then serves).
fn unum_rev(o: &Map<String, Value>) -> Option<String> {
    let rev = o
        .get("unum_rev")
        .or_else(|| o.get("rev"))
        .and_then(Value::as_str)?;
    Some(
        softblas::scalar::unum::UnumRev::of_text(rev)
            .map_or_else(|| rev.to_string(), |r| r.short().to_string()),
    )
}

/// Pins the posit, Lagoon and Saloon arms of `c` and of the calls nested in it to the revision
/// `rev`.
fn pin_call(c: &mut Call, rev: &str) {
    let pinned = softblas::scalar::unum::Width::from_door(&c.door).is_some()
        || crate::doors::door(&c.door).is_some_and(|d| matches!(d.lib, "lagoon" | "saloon"));
    if pinned && !c.key.contains('@') {
        c.key = format!("{}@{rev}", c.key);
    }
    c.args.iter_mut().for_each(|e| pin_expr(e, rev));
    c.door_args.iter_mut().for_each(|(_, e)| pin_expr(e, rev));
}

fn pin_expr(e: &mut Expr, rev: &str) {
    match e {
        Expr::Call(c) => pin_call(c, rev),
        Expr::List(es) | Expr::Tuple(es) => es.iter_mut().for_each(|e| pin_expr(e, rev)),
        Expr::Wing { of, .. } => pin_expr(of, rev),
        Expr::Lit(_) | Expr::Gate(_) => {}
    }
}

/// The registry key and door name of an arm: `arm` itself when it has a `:`
/// (`add:la` → door `la`), else `<arm>:<lib>` (`mul` of `fixed` → `mul:fixed`).
///
/// Arms of lib `saloon-old` (the stale `rs:saloon` door, not `/lib/math`'s
/// `rs`) are keyed `<arm>:saloon-old` so that they never reach a math arm.
///
/// # Errors
/// [`FormatError::Bad`] when `arm` has no `:` and no lib is given.
pub fn registry_key(
    arm: &str,
    lib: Option<&str>,
    at: &str,
) -> Result<(String, String), FormatError> {
    if lib == Some("saloon-old") {
        let door = arm.split_once(':').map_or("saloon-old", |(_, d)| d);
        return Ok((format!("{arm}:saloon-old"), door.to_string()));
    }
    if let Some((_, door)) = arm.split_once(':') {
        return Ok((arm.to_string(), door.to_string()));
    }
    match lib {
        Some(l) if !l.is_empty() => Ok((format!("{arm}:{l}"), l.to_string())),
        _ => Err(bad(at, "arm without a door and without a lib")),
    }
}

fn bad(at: &str, what: impl Into<String>) -> FormatError {
    FormatError::Bad(at.to_string(), what.into())
}

fn join(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_string()
    } else {
        format!("{at}.{key}")
    }
}

fn str_key<'a>(o: &'a Map<String, Value>, key: &str, at: &str) -> Result<&'a str, FormatError> {
    match o.get(key) {
        None | Some(Value::Null) => Err(FormatError::Missing(join(at, key))),
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(bad(&join(at, key), "not a string")),
    }
}

fn expr_list(v: &Value, at: &str) -> Result<Vec<Expr>, FormatError> {
    let a = v.as_array().ok_or_else(|| bad(at, "not an array"))?;
    a.iter()
        .enumerate()
        .map(|(i, x)| expr(x, &format!("{at}[{i}]")))
        .collect()
}

/// An atom given as `0x..` hex, decimal text, or a JSON integer.
fn atom_value(v: &Value, at: &str) -> Result<Atom, FormatError> {
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
fn expr(v: &Value, at: &str) -> Result<Expr, FormatError> {
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
fn door_args(v: Option<&Value>, at: &str) -> Result<Vec<(String, Expr)>, FormatError> {
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

fn post_step(v: &Value, at: &str) -> Result<Post, FormatError> {
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

fn tolerance(v: Option<&Value>) -> Result<Tolerance, FormatError> {
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
