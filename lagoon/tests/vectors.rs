//! Golden vectors: every vector of `vectors/*.jsonl` whose top-level arm is a
//! bit-moving Lagoon arm implemented here (and whose arguments call no other
//! arm) is run, and its exact result or its crash is checked.
//!
//! The JSON values are turned into a small noun tree ([`V`]) and decoded per
//! arm as the Hoon sample types give them, independently of the `hoon` crate
//! (which depends on this one).

use lagoon::*;
use serde_json::Value;
use std::collections::BTreeMap;

/// A noun, for this test only.
#[derive(Clone, Debug, PartialEq, Eq)]
enum V {
    A(Atom),
    C(Box<V>, Box<V>),
}

fn a(n: u64) -> V {
    V::A(Atom::from_u64(n))
}

fn c(h: V, t: V) -> V {
    V::C(Box::new(h), Box::new(t))
}

fn list(items: Vec<V>) -> V {
    items.into_iter().rev().fold(a(0), |acc, x| c(x, acc))
}

fn tuple(mut items: Vec<V>) -> V {
    let mut acc = items.pop().expect("non-empty tuple");
    while let Some(x) = items.pop() {
        acc = c(x, acc);
    }
    acc
}

fn hexatom(s: &str) -> Atom {
    Atom::from_hex(s).expect("hex")
}

fn meta_json(m: &Value) -> V {
    let shape = list(
        m["shape"]
            .as_array()
            .expect("shape")
            .iter()
            .map(|d| a(d.as_u64().expect("dim")))
            .collect(),
    );
    let kind = Kind::from_term(m["kind"].as_str().expect("kind")).expect("kind term");
    tuple(vec![
        shape,
        a(m["bloq"].as_u64().expect("bloq")),
        a(kind.cord()),
        json(&m["tail"]),
    ])
}

fn json(v: &Value) -> V {
    let o = v.as_object().expect("object");
    if let Some(x) = o.get("atom") {
        return V::A(hexatom(x.as_str().expect("atom hex")));
    }
    if o.contains_key("null") {
        return a(0);
    }
    if let Some(f) = o.get("flag") {
        return a(u64::from(!f.as_bool().expect("flag")));
    }
    if let Some(t) = o.get("term") {
        let bytes = t.as_str().expect("term").as_bytes();
        return V::A(Atom::from_le_bytes(bytes));
    }
    if let Some(l) = o.get("list") {
        return list(l.as_array().expect("list").iter().map(json).collect());
    }
    if let Some(t) = o.get("tuple") {
        return tuple(t.as_array().expect("tuple").iter().map(json).collect());
    }
    if let Some(m) = o.get("meta") {
        return meta_json(m);
    }
    if let Some(r) = o.get("ray") {
        return c(
            meta_json(r),
            V::A(hexatom(r["data_hex"].as_str().expect("data_hex"))),
        );
    }
    panic!("unhandled JSON value {v}");
}

// --- decoding V into lagoon types (as hoon::ray does for nouns) ---

fn atom(v: &V) -> Result<Atom, String> {
    match v {
        V::A(x) => Ok(x.clone()),
        V::C(..) => Err("cell where an atom goes".into()),
    }
}

fn cell(v: &V) -> Result<(&V, &V), String> {
    match v {
        V::C(h, t) => Ok((h, t)),
        V::A(_) => Err("atom where a cell goes".into()),
    }
}

fn items(v: &V) -> Result<Vec<&V>, String> {
    let mut out = Vec::new();
    let mut cur = v;
    loop {
        match cur {
            V::A(x) if x.is_zero() => return Ok(out),
            V::A(_) => return Err("not a list".into()),
            V::C(h, t) => {
                out.push(&**h);
                cur = t;
            }
        }
    }
}

fn u64s(v: &V) -> Result<Vec<u64>, String> {
    items(v)?
        .into_iter()
        .map(|x| Ok(atom(x)?.as_u64().unwrap_or(u64::MAX)))
        .collect()
}

fn tail_noun(v: &V) -> TailNoun {
    match v {
        V::A(x) => TailNoun::Atom(x.clone()),
        V::C(h, t) => TailNoun::Cell(Box::new(tail_noun(h)), Box::new(tail_noun(t))),
    }
}

fn tail_v(t: &TailNoun) -> V {
    match t {
        TailNoun::Atom(x) => V::A(x.clone()),
        TailNoun::Cell(h, t) => c(tail_v(h), tail_v(t)),
    }
}

fn meta_of(v: &V) -> Result<Meta, String> {
    let (shape, r) = cell(v)?;
    let (bloq, r) = cell(r)?;
    let (kind, tail) = cell(r)?;
    Ok(Meta {
        shape: u64s(shape)?,
        bloq: atom(bloq)?.as_u64().ok_or("bloq")? as u32,
        kind: Kind::from_cord(atom(kind)?.as_u64().ok_or("kind")?).ok_or("kind")?,
        tail: Tail::from_noun(tail_noun(tail)),
    })
}

fn ray_of(v: &V) -> Result<Ray, String> {
    let (m, d) = cell(v)?;
    Ok(Ray::new(meta_of(m)?, atom(d)?))
}

fn meta_v(m: &Meta) -> V {
    tuple(vec![
        list(m.shape.iter().map(|d| a(*d)).collect()),
        a(u64::from(m.bloq)),
        a(m.kind.cord()),
        tail_v(&m.tail.to_noun()),
    ])
}

fn ray_v(r: &Ray) -> V {
    c(meta_v(&r.meta), V::A(r.data.clone()))
}

fn ndray_of(v: &V) -> Result<Ndray, String> {
    match v {
        V::A(x) => Ok(Ndray::Atom(x.clone())),
        V::C(..) => Ok(Ndray::List(
            items(v)?
                .into_iter()
                .map(ndray_of)
                .collect::<Result<_, _>>()?,
        )),
    }
}

fn ndray_v(d: &Ndray) -> V {
    match d {
        Ndray::Atom(x) => V::A(x.clone()),
        Ndray::List(l) => list(l.iter().map(ndray_v).collect()),
    }
}

fn unit(v: &V) -> Result<Option<u64>, String> {
    match v {
        V::A(x) if x.is_zero() => Ok(None),
        V::C(h, t) if **h == a(0) => Ok(Some(atom(t)?.as_u64().unwrap_or(u64::MAX))),
        _ => Err("not a unit".into()),
    }
}

fn slice_of(v: &V) -> Result<Slice, String> {
    match v {
        V::A(x) if x.is_zero() => Ok(None),
        V::C(h, t) if **h == a(0) => {
            let (lo, hi) = cell(t)?;
            Ok(Some((unit(lo)?, unit(hi)?)))
        }
        _ => Err("not a slice".into()),
    }
}

/// The sample split into `k` parts, as Hoon joins `(f a b)` into `[a b]`.
fn parts(args: &[V], k: usize) -> Result<Vec<V>, String> {
    let mut rest = tuple(args.to_vec());
    let mut out = Vec::new();
    for _ in 1..k {
        let (h, t) = cell(&rest)?;
        let (h, t) = (h.clone(), t.clone());
        out.push(h);
        rest = t;
    }
    out.push(rest);
    Ok(out)
}

/// What a call gave: a result, a Hoon crash, or an unsupported input.
enum Outcome {
    Ok(V),
    Crash(String),
    Unsupported(String),
}

fn lift<T>(r: Result<T, LagoonError>, f: impl FnOnce(T) -> V) -> Outcome {
    match r {
        Ok(x) => Outcome::Ok(f(x)),
        Err(e) if e.is_unsupported() => Outcome::Unsupported(e.to_string()),
        Err(e) => Outcome::Crash(e.to_string()),
    }
}

/// Runs the arm `arm` (without `:la`) on `args`; `None` when it is not one of ours.
fn run(arm: &str, args: &[V]) -> Option<Result<Outcome, String>> {
    let go = || -> Result<Outcome, String> {
        Ok(match arm {
            "zeros" => lift(zeros(&meta_of(&parts(args, 1)?[0])?), |r| ray_v(&r)),
            "ones" => lift(ones(&meta_of(&parts(args, 1)?[0])?), |r| ray_v(&r)),
            "eye" => lift(eye(&meta_of(&parts(args, 1)?[0])?), |r| ray_v(&r)),
            "iota" => lift(iota(&meta_of(&parts(args, 1)?[0])?), |r| ray_v(&r)),
            "magic" => lift(magic(&meta_of(&parts(args, 1)?[0])?), |r| ray_v(&r)),
            "fill" => {
                let p = parts(args, 2)?;
                lift(fill(&meta_of(&p[0])?, &atom(&p[1])?), |r| ray_v(&r))
            }
            "en-ray" => {
                let p = parts(args, 2)?;
                let baum = Baum {
                    meta: meta_of(&p[0])?,
                    data: ndray_of(&p[1])?,
                };
                lift(en_ray(&baum), |r| ray_v(&r))
            }
            "de-ray" => lift(de_ray(&ray_of(&parts(args, 1)?[0])?), |b| {
                c(meta_v(&b.meta), ndray_v(&b.data))
            }),
            "ravel" => lift(ravel(&ray_of(&parts(args, 1)?[0])?), |v| {
                list(v.into_iter().map(V::A).collect())
            }),
            "spac" => lift(spac(&ray_of(&parts(args, 1)?[0])?), |r| ray_v(&r)),
            "unspac" => lift(unspac(&ray_of(&parts(args, 1)?[0])?), |r| ray_v(&r)),
            "transpose" => lift(transpose(&ray_of(&parts(args, 1)?[0])?), |r| ray_v(&r)),
            "scalar-to-ray" => {
                let p = parts(args, 2)?;
                lift(scalar_to_ray(&meta_of(&p[0])?, &atom(&p[1])?), |r| {
                    ray_v(&r)
                })
            }
            "get-item" => {
                let p = parts(args, 2)?;
                lift(get_item(&ray_of(&p[0])?, &u64s(&p[1])?), V::A)
            }
            "set-item" => {
                let p = parts(args, 3)?;
                lift(
                    set_item(&ray_of(&p[0])?, &u64s(&p[1])?, &atom(&p[2])?),
                    |r| ray_v(&r),
                )
            }
            "get-row" => {
                let p = parts(args, 2)?;
                lift(get_row(&ray_of(&p[0])?, &u64s(&p[1])?), |r| ray_v(&r))
            }
            "get-col" => {
                let p = parts(args, 2)?;
                lift(get_col(&ray_of(&p[0])?, &u64s(&p[1])?), |r| ray_v(&r))
            }
            "set-row" => {
                let p = parts(args, 3)?;
                lift(
                    set_row(&ray_of(&p[0])?, &u64s(&p[1])?, &ray_of(&p[2])?),
                    |r| ray_v(&r),
                )
            }
            "set-col" => {
                let p = parts(args, 3)?;
                lift(
                    set_col(&ray_of(&p[0])?, &u64s(&p[1])?, &ray_of(&p[2])?),
                    |r| ray_v(&r),
                )
            }
            "get-item-number" => {
                let p = parts(args, 2)?;
                lift(get_item_number(&u64s(&p[0])?, &u64s(&p[1])?), a)
            }
            "get-dim" => {
                let p = parts(args, 2)?;
                let ind = atom(&p[1])?.as_u64().unwrap_or(u64::MAX);
                lift(get_dim(&u64s(&p[0])?, ind), |v| {
                    list(v.into_iter().map(a).collect())
                })
            }
            "strides" => lift(strides(&meta_of(&parts(args, 1)?[0])?), |v| {
                list(v.into_iter().map(V::A).collect())
            }),
            "reshape" => {
                let p = parts(args, 2)?;
                lift(reshape(&ray_of(&p[0])?, &u64s(&p[1])?), |r| ray_v(&r))
            }
            "submatrix" => {
                let p = parts(args, 2)?;
                let sli = items(&p[0])?
                    .into_iter()
                    .map(slice_of)
                    .collect::<Result<Vec<_>, _>>()?;
                lift(submatrix(&sli, &ray_of(&p[1])?), |r| ray_v(&r))
            }
            "check" => lift(check(&ray_of(&parts(args, 1)?[0])?), |ok| a(u64::from(!ok))),
            _ => return Err(format!("not ours: {arm}")),
        })
    };
    const OURS: &[&str] = &[
        "zeros",
        "ones",
        "eye",
        "iota",
        "magic",
        "fill",
        "en-ray",
        "de-ray",
        "ravel",
        "spac",
        "unspac",
        "transpose",
        "scalar-to-ray",
        "get-item",
        "set-item",
        "get-row",
        "get-col",
        "set-row",
        "set-col",
        "get-item-number",
        "get-dim",
        "strides",
        "reshape",
        "submatrix",
        "check",
    ];
    OURS.contains(&arm).then(go)
}

/// Applies the vector's `post` operations to a result.
fn post(out: Outcome, ops: &[Value]) -> Result<Outcome, String> {
    let mut out = out;
    for op in ops {
        let v = match out {
            Outcome::Ok(v) => v,
            other => return Ok(other),
        };
        out = if let Some(call) = op.get("call").and_then(Value::as_str) {
            let arm = call.strip_suffix(":la").ok_or("post call not :la")?;
            let mut args = vec![v];
            if let Some(extra) = op.get("args").and_then(Value::as_array) {
                args.extend(extra.iter().map(json));
            }
            run(arm, &args).ok_or("post arm not ours")??
        } else if op.get("assert").is_some() {
            if v == a(0) {
                Outcome::Ok(v)
            } else {
                Outcome::Crash("assertion %.y failed".into())
            }
        } else {
            return Err(format!("unhandled post op {op}"));
        };
    }
    Ok(out)
}

fn has_call(v: &Value) -> bool {
    match v {
        Value::Object(o) => o.contains_key("call") || o.values().any(has_call),
        Value::Array(a) => a.iter().any(has_call),
        _ => false,
    }
}

#[test]
fn golden_vectors_of_the_bit_moving_arms() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("vectors dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    // per arm: (passed, failed, unsupported)
    let mut tally: BTreeMap<String, (u32, u32, u32)> = BTreeMap::new();
    let mut failures = Vec::new();
    for f in files {
        for line in std::fs::read_to_string(&f).expect("read").lines() {
            let v: Value = serde_json::from_str(line).expect("json");
            let arm = v["arm"].as_str().unwrap_or("");
            let Some(name) = arm.strip_suffix(":la") else {
                continue;
            };
            if has_call(&v["args"]) {
                continue;
            }
            let args: Vec<V> = v["args"]
                .as_array()
                .expect("args")
                .iter()
                .map(json)
                .collect();
            let Some(res) = run(name, &args) else {
                continue;
            };
            let t = tally.entry(arm.to_string()).or_default();
            let ops = v["post"].as_array().cloned().unwrap_or_default();
            let got = res.and_then(|o| post(o, &ops));
            let id = v["id"].as_str().unwrap_or("?").to_string();
            let compare = v["compare"].as_str().unwrap_or("");
            let (ok, what) = match (&got, compare) {
                (Ok(Outcome::Unsupported(why)), _) => {
                    t.2 += 1;
                    println!("{id}: unsupported: {why}");
                    continue;
                }
                (Ok(Outcome::Crash(_)), "crash") => (true, String::new()),
                (Ok(Outcome::Crash(why)), _) => (false, format!("crash: {why}")),
                (Ok(Outcome::Ok(r)), "exact") => (*r == json(&v["expected"]), format!("{r:?}")),
                (Ok(Outcome::Ok(r)), _) => (false, format!("{r:?}")),
                (Err(e), _) => (false, format!("harness: {e}")),
            };
            if ok {
                t.0 += 1;
            } else {
                t.1 += 1;
                failures.push(format!("{id}: expected {compare}, got {what}"));
            }
        }
    }
    for (arm, (p, f, u)) in &tally {
        println!("{arm}: {p} passed, {f} failed, {u} unsupported");
    }
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
    // Each arm the vectors exercise is run at least once.
    for arm in [
        "zeros:la",
        "ones:la",
        "fill:la",
        "eye:la",
        "iota:la",
        "magic:la",
        "spac:la",
        "get-item:la",
        "set-item:la",
        "get-row:la",
        "set-row:la",
        "reshape:la",
        "submatrix:la",
        "check:la",
    ] {
        let (p, _, _) = tally.get(arm).copied().unwrap_or_default();
        assert!(p > 0, "no vector of {arm} ran");
    }
    let total: u32 = tally.values().map(|t| t.0).sum();
    assert!(total >= 255, "only {total} vectors passed");
}
