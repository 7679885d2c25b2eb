//! Golden vectors that exercise single `%i754` float operations: the
//! element-wise Lagoon arms `add sub mul div` (ray–ray and `-scalar`),
//! `abs`, and the comparisons `gth gte lth lte` (one/0 results), over rays of
//! any shape at bloq 4..=7, from every `vectors/*.jsonl` file. Each element of
//! the expected ray must equal the `softblas::scalar::i754` operation in the
//! vector's effective mode. Vectors whose arguments have another form
//! (different shapes, nested calls, `post` steps) are skipped and counted.

mod vectors_support;

use serde_json::Value;
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};

fn hex(v: &Value) -> u128 {
    Atom::from_hex(v.as_str().expect("hex string"))
        .expect("hex")
        .low_u128()
}

/// The (width, shape, elements) of a `ray` argument with its elements listed.
fn ray(v: &Value) -> Option<(Width, &Value, Vec<u128>)> {
    let r = v.get("ray")?;
    if r.get("kind")?.as_str()? != "i754" {
        return None;
    }
    let w = Width::from_bloq(u32::try_from(r.get("bloq")?.as_u64()?).ok()?)?;
    let elems = r.get("elems_hex")?.as_array()?.iter().map(hex).collect();
    Some((w, r.get("shape")?, elems))
}

enum Outcome {
    Pass,
    Skip,
}

fn check(v: &Value) -> Result<Outcome, String> {
    let arm = v["arm"].as_str().unwrap_or("");
    let args = match v["args"].as_array() {
        Some(a) => a,
        None => return Ok(Outcome::Skip),
    };
    if v.get("post").is_some() || v["compare"] != "exact" {
        return Ok(Outcome::Skip);
    }
    let Some(mode) = v.get("rounding_effective").and_then(Value::as_str) else {
        return Ok(Outcome::Skip);
    };
    let r = Round::from_term(mode).map_err(|e| e.to_string())?;
    let Some((w, shape, a)) = args.first().and_then(ray) else {
        return Ok(Outcome::Skip);
    };
    let Some((we, eshape, want)) = ray(&v["expected"]) else {
        return Ok(Outcome::Skip);
    };
    if we != w || eshape != shape || want.len() != a.len() {
        return Ok(Outcome::Skip);
    }
    // The second operand: a ray of the same shape, or a float scalar of the same width.
    let second: Option<Vec<u128>> = match args.get(1) {
        Some(b) if b.get("ray").is_some() => match ray(b) {
            Some((wb, sb, eb)) if wb == w && sb == shape => Some(eb),
            _ => return Ok(Outcome::Skip),
        },
        Some(b) if b.get("atom").is_some() => {
            let aura = b["aura"].as_str().unwrap_or("");
            if aura != ["rh", "rs", "rd", "rq"][w.bloq() as usize - 4] {
                return Ok(Outcome::Skip);
            }
            Some(vec![hex(&b["atom"]); a.len()])
        }
        Some(_) => return Ok(Outcome::Skip),
        None => None,
    };
    let bool_bits = |t: bool| if t { i754::one(w) } else { 0 };
    let op: Box<dyn Fn(u128, u128) -> u128> = match (arm, second.is_some()) {
        ("add:la" | "add-scalar:la", true) => Box::new(move |x, y| i754::add(w, r, x, y)),
        ("sub:la" | "sub-scalar:la", true) => Box::new(move |x, y| i754::sub(w, r, x, y)),
        ("mul:la" | "mul-scalar:la", true) => Box::new(move |x, y| i754::mul(w, r, x, y)),
        ("div:la" | "div-scalar:la", true) => Box::new(move |x, y| i754::div(w, r, x, y)),
        ("gth:la", true) => Box::new(move |x, y| bool_bits(i754::gth(w, x, y))),
        ("gte:la", true) => Box::new(move |x, y| bool_bits(i754::gte(w, x, y))),
        ("lth:la", true) => Box::new(move |x, y| bool_bits(i754::lth(w, x, y))),
        ("lte:la", true) => Box::new(move |x, y| bool_bits(i754::lte(w, x, y))),
        ("abs:la", false) => Box::new(move |x, _| i754::abs_la(w, x)),
        _ => return Ok(Outcome::Skip),
    };
    let b = second.unwrap_or_else(|| vec![0; a.len()]);
    for (i, ((x, y), e)) in a.iter().zip(&b).zip(&want).enumerate() {
        let got = op(*x, *y);
        if got != *e {
            return Err(format!(
                "{} element {i}: {arm} {w:?} {r:?} ({x:#x}, {y:#x}) = {got:#x}, expected {e:#x}",
                v["id"]
            ));
        }
    }
    Ok(Outcome::Pass)
}

#[test]
fn elementwise_float_vectors() {
    let (mut pass, mut skip, mut fail) = (0, 0, Vec::new());
    for f in vectors_support::files(|_| true) {
        for v in vectors_support::read(&f) {
            let first_is_float_ray = v["args"]
                .as_array()
                .and_then(|a| a.first())
                .and_then(|a| a.get("ray"))
                .is_some_and(|r| r["kind"] == "i754");
            if !first_is_float_ray {
                continue;
            }
            match check(&v) {
                Ok(Outcome::Pass) => pass += 1,
                Ok(Outcome::Skip) => skip += 1,
                Err(e) => fail.push(e),
            }
        }
    }
    println!(
        "i754 element-wise vectors: {pass} passed, {} failed, {skip} not of this form",
        fail.len()
    );
    assert!(fail.is_empty(), "{}", fail.join("\n"));
    // The vector set has a few hundred such vectors; a collapse to none means the reader broke.
    assert!(pass >= 100, "only {pass} vectors exercised");
}
