//! Decoding one vector line (`vectors/SUMMARY.md` §3) into a [`Vector`].
//!
//! Every value encoding becomes an [`Expr`]: literals (`atom`, `term`, `flag`,
//! `null`, `meta`, `ray`, and lists/tuples of literals) are turned into nouns
//! here, once; nested `call`s, `wing`/`of` projections and `gate`s stay
//! expressions for the evaluator. Keys the format does not define are ignored;
//! a value the format does not allow is a [`FormatError`] naming the key path.

mod values;

use hoon::noun::Noun;
use serde_json::{Map, Value};
use softblas::Atom;
use thiserror::Error;
use values::{atom_value, bad, door_args, expr, expr_list, post_step, str_key, tolerance};

pub use values::cord;
pub(crate) use values::kind_of;

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
