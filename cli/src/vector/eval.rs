//! Evaluating a vector's expressions through the registry: nested calls,
//! wings (faces by the result's Hoon type), and the `post` steps.
//!
//! Faces are resolved from a table written from the Hoon types (never by
//! guessing from a noun's shape alone):
//! - `$ray` = `[=meta data=@ux]` and `$meta` = `[shape=(list @) =bloq =kind tail=*]`
//!   (`lagoon/desk/sur/lagoon.hoon` at 96f3cfe);
//! - the tuple results of Saloon (`saloon/desk/lib/saloon.hoon` at 424a2bf):
//!   `+eig` `[vals vecs]`, `+cg`/`+pcg` `[x iter rnorm]`, `+svd` `[u s v]`,
//!   `+qr` `[q r]`, `+svd-sweep` `[mat vecs rots]`, `+house` `[v vv alpha]`,
//!   the `+fill-*` arms `[ray r]`.
//!
//! A value whose type the table does not know (an arm not listed above) gets
//! the `$ray`/`$meta` faces only when its noun has that type's structure (a
//! `[shape bloq kind tail]` head with a Lagoon kind cord); any other face is
//! unsupported.
//!
//! `apply` (the arm returned a gate, e.g. `(fun-scalar:la m %pow)`): a gate is
//! not a noun the registry can return, so the runner calls the arm uncurried,
//! with the `apply` arguments appended to its own (`fun-scalar:la` on
//! `[meta op a b]`). An arm that returns a gate must be registered that way.
//!
//! `sort`: the test helpers `sorted`/`sortr` (`saloon-eig.hoon`,
//! `saloon-eigh.hoon`) read each element of a 1-D ray, `sort` the list with
//! the float `lth` at the ray's width, and `en-ray` the result with meta
//! `[~[n] bloq %i754 ~]`. The runner reproduces Hoon's `+sort` (a quicksort
//! taking the head as pivot, stable for ties) with an exact IEEE `<`.

use super::ieee::ieee_lt;
use super::json::{kind_of, Call, Expr, Post};
use crate::eval::types::{result_type, Type};
use crate::registry::{ArmError, Door, Registry};
use hoon::noun::Noun;
use softblas::{Atom, Kind};
use std::collections::BTreeMap;

/// Why an evaluation gave no noun.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// The Hoon crashes here (an arm returned [`ArmError::Crash`], or a `?>` failed).
    Crash(String),
    /// urnum cannot evaluate this (an arm is missing or returned [`ArmError::Unsupported`]).
    Unsupported(String),
    /// The harness or an arm got a value of the wrong form ([`ArmError::BadArgs`], a
    /// wing of an atom, ...): a failure, never a pass.
    Bad(String),
}

impl EvalError {
    fn rank(&self) -> u8 {
        match self {
            EvalError::Crash(_) => 0,
            EvalError::Bad(_) => 1,
            EvalError::Unsupported(_) => 2,
        }
    }

    /// The more telling of two errors: unsupported beats bad beats crash.
    pub fn worst(self, other: EvalError) -> EvalError {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::Crash(m) => write!(f, "crash: {m}"),
            EvalError::Unsupported(m) => write!(f, "unsupported: {m}"),
            EvalError::Bad(m) => write!(f, "bad value: {m}"),
        }
    }
}

impl From<ArmError> for EvalError {
    fn from(e: ArmError) -> EvalError {
        match e {
            ArmError::Crash(m) => EvalError::Crash(m),
            ArmError::Unsupported(m) => EvalError::Unsupported(m),
            ArmError::BadArgs(m) => EvalError::Bad(format!("bad arguments: {m}")),
        }
    }
}

/// A noun with its type.
#[derive(Clone, Debug)]
pub struct Value {
    /// The noun.
    pub noun: Noun,
    /// Its type, for faces ([`Type::Noun`] when not known).
    pub ty: Type,
}

impl Value {
    fn untyped(noun: Noun) -> Value {
        Value {
            noun,
            ty: Type::Noun,
        }
    }
}

/// Whether `n` has the structure of a `$meta` with a Lagoon kind.
pub fn is_meta(n: &Noun) -> bool {
    let (Some(shape), Some(bloq), Some(kind)) = (n.slot(2), n.slot(6), n.slot(14)) else {
        return false;
    };
    n.slot(15).is_some()
        && shape
            .as_list()
            .is_some_and(|l| l.iter().all(|d| d.as_atom().is_some()))
        && bloq
            .as_atom()
            .and_then(Atom::as_u64)
            .is_some_and(|b| b < 64)
        && kind.as_atom().and_then(kind_of).is_some()
}

/// Whether `n` has the structure of a `$ray`.
pub fn is_ray(n: &Noun) -> bool {
    matches!(n.as_cell(), Some((m, d)) if is_meta(m) && d.as_atom().is_some())
}

/// Evaluates every expression (all of them, even after an error).
///
/// # Errors
/// The worst [`EvalError`] among the expressions (see [`EvalError::worst`]).
pub fn eval_all(reg: &Registry, es: &[Expr]) -> Result<Vec<Noun>, EvalError> {
    let mut out = Vec::with_capacity(es.len());
    let mut err: Option<EvalError> = None;
    for e in es {
        match eval(reg, e) {
            Ok(v) => out.push(v.noun),
            Err(e) => err = Some(err.map_or(e.clone(), |w| w.worst(e))),
        }
    }
    match err {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// Evaluates one expression.
///
/// # Errors
/// [`EvalError`] from the registry or from a wing that does not apply.
pub fn eval(reg: &Registry, e: &Expr) -> Result<Value, EvalError> {
    match e {
        Expr::Lit(n) => Ok(Value::untyped(n.clone())),
        Expr::List(items) => Ok(Value::untyped(Noun::list(eval_all(reg, items)?))),
        Expr::Tuple(items) => Ok(Value::untyped(Noun::tuple(eval_all(reg, items)?))),
        Expr::Call(c) => call(reg, c, &[]),
        Expr::Wing { wing, of } => {
            let v = eval(reg, of)?;
            project(&v, wing)
        }
        Expr::Gate(src) => match crate::gates::lookup(src) {
            Some(g) => Ok(Value::untyped(g.to_noun())),
            None => Err(EvalError::Unsupported(format!(
                "a gate argument urnum does not know: {src}"
            ))),
        },
    }
}

/// The door of `c`, its sample evaluated.
fn door(reg: &Registry, c: &Call) -> Result<Door, EvalError> {
    let mut args = BTreeMap::new();
    let mut err: Option<EvalError> = None;
    for (face, e) in &c.door_args {
        match eval(reg, e) {
            Ok(v) => {
                args.insert(face.clone(), v.noun);
            }
            Err(e) => err = Some(err.map_or(e.clone(), |w| w.worst(e))),
        }
    }
    match err {
        Some(e) => Err(e),
        None => Ok(Door {
            name: c.door.clone(),
            args,
            ..Door::default()
        }),
    }
}

/// Calls `c` with `first` before its own arguments (the subject of a post step) and
/// `extra` after them (the arguments of an `apply`).
fn call_with(
    reg: &Registry,
    c: &Call,
    first: Option<Noun>,
    extra: &[Noun],
) -> Result<Value, EvalError> {
    if reg.get(&c.key).is_none() {
        return Err(EvalError::Unsupported(format!(
            "arm {} is not implemented",
            c.key
        )));
    }
    let d = door(reg, c);
    let own = eval_all(reg, &c.args);
    let (d, own) = match (d, own) {
        (Ok(d), Ok(a)) => (d, a),
        (Err(e), Ok(_)) | (Ok(_), Err(e)) => return Err(e),
        (Err(a), Err(b)) => return Err(a.worst(b)),
    };
    if c.nullary && !own.is_empty() {
        return Err(EvalError::Bad(format!(
            "nullary arm {} given arguments",
            c.key
        )));
    }
    let mut args: Vec<Noun> = first.into_iter().collect();
    args.extend(own);
    args.extend(extra.iter().cloned());
    let noun = reg.call(&c.key, &d, &args)?;
    Ok(Value {
        noun,
        ty: result_type(&c.key).unwrap_or(Type::Noun),
    })
}

/// Calls `c` with `extra` appended to its arguments.
///
/// # Errors
/// [`EvalError`] from the door, the arguments or the arm.
pub fn call(reg: &Registry, c: &Call, extra: &[Noun]) -> Result<Value, EvalError> {
    call_with(reg, c, None, extra)
}

/// Evaluates the operation under test and its post steps: `apply` as the first
/// step is folded into the call (see the module docs).
///
/// # Errors
/// [`EvalError`] from any stage.
pub fn eval_top(reg: &Registry, c: &Call, post: &[Post]) -> Result<Value, EvalError> {
    let (mut v, rest) = match post.first() {
        Some(Post::Apply(args)) => {
            let extra = eval_all(reg, args)?;
            (call(reg, c, &extra)?, &post[1..])
        }
        _ => (call(reg, c, &[])?, post),
    };
    for p in rest {
        v = post_step(reg, v, p)?;
    }
    Ok(v)
}

fn post_step(reg: &Registry, v: Value, p: &Post) -> Result<Value, EvalError> {
    match p {
        Post::Call(c) => call_with(reg, c, Some(v.noun), &[]),
        Post::Wing(w) => project(&v, w),
        Post::Std(s) if s == "lent" => match v.noun.as_list() {
            Some(l) => Ok(Value::untyped(Noun::atom(l.len()))),
            None => Err(EvalError::Bad(format!("lent of a non-list {:?}", v.noun))),
        },
        Post::Std(s) => Err(EvalError::Unsupported(format!("std gate {s}"))),
        Post::Apply(_) => Err(EvalError::Unsupported(
            "apply after another post step".into(),
        )),
        Post::Assert => match v.noun.as_atom().and_then(Atom::as_u64) {
            Some(0) => Ok(v),
            Some(1) => Err(EvalError::Crash("?> on %.n".into())),
            _ => Err(EvalError::Bad(format!("?> on a non-flag {:?}", v.noun))),
        },
        Post::Sort => sort_ray(&v.noun).map(|n| Value {
            noun: n,
            ty: Type::ray(),
        }),
        Post::Other(t) => Err(EvalError::Unsupported(format!("post step {t}"))),
    }
}

/// Projects `wing` out of `v`: lark characters (`-` `+` `<` `>`) and faces,
/// a dotted wing read right to left (`shape.meta` = `shape` of `meta`).
///
/// # Errors
/// [`EvalError::Unsupported`] for a face the type table does not give;
/// [`EvalError::Bad`] when the noun is not a cell where the wing needs one.
pub fn project(v: &Value, wing: &str) -> Result<Value, EvalError> {
    let mut cur = v.clone();
    for limb in wing.rsplit('.') {
        if !limb.is_empty() && limb.chars().all(|c| matches!(c, '-' | '+' | '<' | '>')) {
            for c in limb.chars() {
                cur = lark(&cur, matches!(c, '-' | '<'))?;
            }
        } else {
            cur = face(&cur, limb)?;
        }
    }
    Ok(cur)
}

/// `t` without its faces.
fn bare(t: &Type) -> &Type {
    match t {
        Type::Face(_, inner) => bare(inner),
        t => t,
    }
}

fn lark(v: &Value, head: bool) -> Result<Value, EvalError> {
    let (h, t) = v
        .noun
        .as_cell()
        .ok_or_else(|| EvalError::Bad(format!("wing of an atom {:?}", v.noun)))?;
    let ty = match bare(&v.ty) {
        Type::Cell(th, tt) => bare(if head { th } else { tt }).clone(),
        _ => Type::Noun,
    };
    Ok(Value {
        noun: if head { h.clone() } else { t.clone() },
        ty,
    })
}

/// Where face `name` sits in a value of type `t`: the steps (`true` for a
/// head) from the value to it, and its type.
fn find_face(t: &Type, name: &str) -> Option<(Vec<bool>, Type)> {
    let mut steps = Vec::new();
    let mut cur = t;
    loop {
        match cur {
            // A face hides the names inside it.
            Type::Face(f, inner) if f == name => return Some((steps, bare(inner).clone())),
            Type::Cell(h, tl) => match &**h {
                Type::Face(f, inner) if f == name => {
                    steps.push(true);
                    return Some((steps, bare(inner).clone()));
                }
                _ => {
                    steps.push(false);
                    cur = tl;
                }
            },
            _ => return None,
        }
    }
}

fn face(v: &Value, name: &str) -> Result<Value, EvalError> {
    let ty = match (&v.ty, is_ray(&v.noun), is_meta(&v.noun)) {
        (Type::Noun, true, _) => Type::ray(),
        (Type::Noun, _, true) => Type::meta(),
        (Type::Noun, _, _) => {
            return Err(EvalError::Unsupported(format!(
                "face {name} of a value whose type is not known"
            )))
        }
        (t, _, _) => t.clone(),
    };
    let (steps, fty) = find_face(&ty, name)
        .ok_or_else(|| EvalError::Unsupported(format!("face {name} is not in the value's type")))?;
    let mut cur = v.noun.clone();
    for head in steps {
        cur = cur
            .as_cell()
            .map(|(h, t)| if head { h.clone() } else { t.clone() })
            .ok_or_else(|| EvalError::Bad(format!("face {name}: value too short")))?;
    }
    Ok(Value { noun: cur, ty: fty })
}

fn sort_ray(n: &Noun) -> Result<Noun, EvalError> {
    if !is_ray(n) {
        return Err(EvalError::Bad(format!("sort of a non-ray {n:?}")));
    }
    let bad = |m: &str| EvalError::Bad(format!("sort: {m}"));
    let shape = n
        .slot(4)
        .and_then(Noun::as_list)
        .ok_or_else(|| bad("no shape"))?;
    let bloq = n
        .slot(10)
        .and_then(Noun::as_atom)
        .and_then(Atom::as_u64)
        .ok_or_else(|| bad("no bloq"))?;
    let kind = n.slot(22).and_then(Noun::as_atom).and_then(kind_of);
    if kind != Some(Kind::I754) || !(4..=7).contains(&bloq) {
        return Err(EvalError::Unsupported(format!(
            "sort of a {kind:?} ray at bloq {bloq}"
        )));
    }
    if shape.len() != 1 {
        return Err(bad("not a 1-D ray"));
    }
    let count = shape[0]
        .as_atom()
        .and_then(Atom::as_u64)
        .ok_or_else(|| bad("bad length"))?;
    let data = n
        .slot(3)
        .and_then(Noun::as_atom)
        .ok_or_else(|| bad("no data"))?;
    let w = 1u64 << bloq;
    let elems: Vec<Atom> = (0..count).map(|i| data.bits(i * w, w)).collect();
    let w32 = u32::try_from(w).map_err(|_| bad("width"))?;
    let sorted = hoon_sort(elems, &|p: &Atom, q: &Atom| ieee_lt(p, q, w32));
    let mut out = Atom::pow2(count * w);
    for (i, e) in sorted.iter().enumerate() {
        out = out.with_bits(i as u64 * w, w, e);
    }
    let meta = Noun::tuple([
        Noun::list([Noun::atom(count)]),
        Noun::atom(bloq),
        Noun::Atom(Atom::from_u64(Kind::I754.cord())),
        Noun::NULL,
    ]);
    Ok(Noun::cell(meta, Noun::Atom(out)))
}

/// Hoon's `+sort`: the head is the pivot; the items after it for which
/// `lt(item, pivot)` holds go (in order) before it, the rest after it.
pub fn hoon_sort<T: Clone>(items: Vec<T>, lt: &dyn Fn(&T, &T) -> bool) -> Vec<T> {
    let mut it = items.into_iter();
    let Some(pivot) = it.next() else {
        return Vec::new();
    };
    let (before, after): (Vec<T>, Vec<T>) = it.partition(|c| lt(c, &pivot));
    let mut out = hoon_sort(before, lt);
    out.push(pivot);
    out.extend(hoon_sort(after, lt));
    out
}
