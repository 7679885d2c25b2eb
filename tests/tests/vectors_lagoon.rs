//! Golden vectors: every vector of `vectors/*.jsonl` whose top-level arm is a
//! bit-moving Lagoon arm implemented here (and whose arguments call no other
//! arm) is run straight against `lagoon` (not through the registry), and its
//! exact result or its crash is checked.
//!
//! The vectors are read by the one vector reader ([`urnum_tests::golden_vectors`]);
//! their nouns are decoded per arm as the Hoon sample types give them, with
//! `hoon::ray`'s codecs for rays, metas and nested lists.

use hoon::ray::{
    baum_to_noun, index_list_from_noun, meta_from_noun, ndray_from_noun, ray_from_noun,
    ray_to_noun, saturate,
};
use hoon::Noun;
use lagoon::*;
use std::collections::BTreeMap;
use urnum_cli::vector::{Compare, Post};
use urnum_tests::{golden_vectors, lit};

fn a(n: u64) -> Noun {
    Noun::atom(n)
}

fn atom(v: &Noun) -> Result<Atom, String> {
    v.as_atom()
        .cloned()
        .ok_or_else(|| "cell where an atom goes".into())
}

fn cell(v: &Noun) -> Result<(&Noun, &Noun), String> {
    v.as_cell().ok_or_else(|| "atom where a cell goes".into())
}

fn items(v: &Noun) -> Result<Vec<Noun>, String> {
    v.as_list().ok_or_else(|| "not a list".into())
}

fn u64s(v: &Noun) -> Result<Vec<u64>, String> {
    index_list_from_noun(v).map_err(|e| e.to_string())
}

fn meta_of(v: &Noun) -> Result<Meta, String> {
    meta_from_noun(v).map_err(|e| e.to_string())
}

fn ray_of(v: &Noun) -> Result<Ray, String> {
    ray_from_noun(v).map_err(|e| e.to_string())
}

/// A ray result as its noun.
fn ray_out(r: Result<Ray, LagoonError>) -> Outcome {
    lift(r, |r| ray_to_noun(&r))
}

fn ndray_of(v: &Noun) -> Result<Ndray, String> {
    ndray_from_noun(v).map_err(|e| e.to_string())
}

fn unit(v: &Noun) -> Result<Option<u64>, String> {
    match v.as_cell() {
        None if v.as_atom().is_some_and(Atom::is_zero) => Ok(None),
        Some((h, t)) if *h == a(0) => Ok(Some(saturate(&atom(t)?))),
        _ => Err("not a unit".into()),
    }
}

fn slice_of(v: &Noun) -> Result<Slice, String> {
    match v.as_cell() {
        None if v.as_atom().is_some_and(Atom::is_zero) => Ok(None),
        Some((h, t)) if *h == a(0) => {
            let (lo, hi) = cell(t)?;
            Ok(Some((unit(lo)?, unit(hi)?)))
        }
        _ => Err("not a slice".into()),
    }
}

/// The sample split into `k` parts, as Hoon joins `(f a b)` into `[a b]`.
fn parts(args: &[Noun], k: usize) -> Result<Vec<Noun>, String> {
    Noun::tuple(args.to_vec())
        .untuple(k)
        .ok_or_else(|| "atom where a cell goes".into())
}

/// What a call gave: a result, a Hoon crash, or an unsupported input.
enum Outcome {
    Ok(Noun),
    Crash(String),
    Unsupported(String),
}

fn lift<T>(r: Result<T, LagoonError>, f: impl FnOnce(T) -> Noun) -> Outcome {
    match r {
        Ok(x) => Outcome::Ok(f(x)),
        Err(e) if e.is_unsupported() => Outcome::Unsupported(e.to_string()),
        Err(e) => Outcome::Crash(e.to_string()),
    }
}

/// A Lagoon arm whose sample is one part and whose product is a ray.
type OnePart<T> = (&'static str, fn(&T) -> Result<Ray, LagoonError>);

/// The arms whose sample is a meta and whose product is a ray.
const META_TO_RAY: &[OnePart<Meta>] = &[
    ("zeros", zeros),
    ("ones", ones),
    ("eye", eye),
    ("iota", iota),
    ("magic", magic),
];

/// The arms whose sample is a ray and whose product is a ray.
const RAY_TO_RAY: &[OnePart<Ray>] = &[("spac", spac), ("unspac", unspac), ("transpose", transpose)];

/// Runs the arm `arm` (without `:la`) on `args`; `None` when it is not one of ours.
fn run(arm: &str, args: &[Noun]) -> Option<Result<Outcome, String>> {
    // The sample of a one-part arm, as a meta or a ray.
    let meta1 = || meta_of(&parts(args, 1)?[0]);
    let ray1 = || ray_of(&parts(args, 1)?[0]);
    // A `[meta atom]` arm's ray.
    let meta_atom = |f: fn(&Meta, &Atom) -> Result<Ray, LagoonError>| {
        let p = parts(args, 2)?;
        Ok::<_, String>(ray_out(f(&meta_of(&p[0])?, &atom(&p[1])?)))
    };
    // A `[ray index]` arm's ray, and a `[ray index ray]` one's.
    let ray_index = |f: fn(&Ray, &[u64]) -> Result<Ray, LagoonError>| {
        let p = parts(args, 2)?;
        Ok::<_, String>(ray_out(f(&ray_of(&p[0])?, &u64s(&p[1])?)))
    };
    let ray_index_ray = |f: fn(&Ray, &[u64], &Ray) -> Result<Ray, LagoonError>| {
        let p = parts(args, 3)?;
        Ok::<_, String>(ray_out(f(&ray_of(&p[0])?, &u64s(&p[1])?, &ray_of(&p[2])?)))
    };
    let go = || -> Result<Outcome, String> {
        if let Some((_, f)) = META_TO_RAY.iter().find(|(name, _)| *name == arm) {
            return Ok(ray_out(f(&meta1()?)));
        }
        if let Some((_, f)) = RAY_TO_RAY.iter().find(|(name, _)| *name == arm) {
            return Ok(ray_out(f(&ray1()?)));
        }
        Ok(match arm {
            "fill" => meta_atom(fill)?,
            "en-ray" => {
                let p = parts(args, 2)?;
                let baum = Baum {
                    meta: meta_of(&p[0])?,
                    data: ndray_of(&p[1])?,
                };
                ray_out(en_ray(&baum))
            }
            "de-ray" => lift(de_ray(&ray1()?), |b| baum_to_noun(&b)),
            "ravel" => lift(ravel(&ray1()?), |v| {
                Noun::list(v.into_iter().map(Noun::Atom))
            }),
            "scalar-to-ray" => meta_atom(scalar_to_ray)?,
            "get-item" => {
                let p = parts(args, 2)?;
                lift(get_item(&ray_of(&p[0])?, &u64s(&p[1])?), Noun::Atom)
            }
            "set-item" => {
                let p = parts(args, 3)?;
                ray_out(set_item(&ray_of(&p[0])?, &u64s(&p[1])?, &atom(&p[2])?))
            }
            "get-row" => ray_index(get_row)?,
            "get-col" => ray_index(get_col)?,
            "set-row" => ray_index_ray(set_row)?,
            "set-col" => ray_index_ray(set_col)?,
            "get-item-number" => {
                let p = parts(args, 2)?;
                lift(get_item_number(&u64s(&p[0])?, &u64s(&p[1])?), a)
            }
            "get-dim" => {
                let p = parts(args, 2)?;
                let ind = atom(&p[1])?.as_u64().unwrap_or(u64::MAX);
                lift(get_dim(&u64s(&p[0])?, ind), |v| {
                    Noun::list(v.into_iter().map(a))
                })
            }
            "strides" => lift(strides(&meta1()?), |v| {
                Noun::list(v.into_iter().map(Noun::Atom))
            }),
            "reshape" => ray_index(reshape)?,
            "submatrix" => {
                let p = parts(args, 2)?;
                let sli = items(&p[0])?
                    .iter()
                    .map(slice_of)
                    .collect::<Result<Vec<_>, _>>()?;
                ray_out(submatrix(&sli, &ray_of(&p[1])?))
            }
            "check" => lift(check(&ray1()?), |ok| a(u64::from(!ok))),
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
fn post(out: Outcome, ops: &[Post]) -> Result<Outcome, String> {
    let mut out = out;
    for op in ops {
        let v = match out {
            Outcome::Ok(v) => v,
            other => return Ok(other),
        };
        out = match op {
            Post::Call(call) => {
                // The key without its `/lib/unum` pin (`get-item:la@96f3cfe`).
                let key = call.key.split('@').next().unwrap_or(&call.key);
                let arm = key.strip_suffix(":la").ok_or("post call not :la")?;
                let mut args = vec![v];
                for e in &call.args {
                    args.push(lit(e).ok_or("post argument not a literal")?.clone());
                }
                run(arm, &args).ok_or("post arm not ours")??
            }
            Post::Assert => {
                if v == a(0) {
                    Outcome::Ok(v)
                } else {
                    Outcome::Crash("assertion %.y failed".into())
                }
            }
            other => return Err(format!("unhandled post op {other:?}")),
        };
    }
    Ok(out)
}

#[test]
fn golden_vectors_of_the_bit_moving_arms() {
    // per arm: (passed, failed, unsupported)
    let mut tally: BTreeMap<String, (u32, u32, u32)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (_, v) in golden_vectors(|_| true) {
        let arm = v.arm.as_str();
        let Some(name) = arm.strip_suffix(":la") else {
            continue;
        };
        // Arguments that call another arm (or are not literals) are not ours.
        let Some(args) = v.call.args.iter().map(lit).collect::<Option<Vec<&Noun>>>() else {
            continue;
        };
        let args: Vec<Noun> = args.into_iter().cloned().collect();
        let Some(res) = run(name, &args) else {
            continue;
        };
        let t = tally.entry(arm.to_string()).or_default();
        let got = res.and_then(|o| post(o, &v.post));
        let id = &v.id;
        let expected = v.expected.as_ref().and_then(lit);
        let (ok, what) = match (&got, &v.compare) {
            (Ok(Outcome::Unsupported(why)), _) => {
                t.2 += 1;
                println!("{id}: unsupported: {why}");
                continue;
            }
            (Ok(Outcome::Crash(_)), Compare::Crash) => (true, String::new()),
            (Ok(Outcome::Crash(why)), _) => (false, format!("crash: {why}")),
            (Ok(Outcome::Ok(r)), Compare::Exact) => (Some(r) == expected, format!("{r:?}")),
            (Ok(Outcome::Ok(r)), _) => (false, format!("{r:?}")),
            (Err(e), _) => (false, format!("harness: {e}")),
        };
        if ok {
            t.0 += 1;
        } else {
            t.1 += 1;
            failures.push(format!("{id}: expected {:?}, got {what}", v.compare));
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
