//! Golden vectors that exercise single `%i754` float operations: the
//! element-wise Lagoon arms `add sub mul div` (ray–ray and `-scalar`),
//! `abs`, and the comparisons `gth gte lth lte` (one/0 results), over rays of
//! any shape at bloq 4..=7, from every `vectors/*.jsonl` file. Each element of
//! the expected ray must equal the `softblas::scalar::i754` operation in the
//! vector's effective mode (its door's `rnd`, else bare `la`'s `%z`). Vectors
//! whose arguments have another form (different shapes, nested calls, `post`
//! steps) are skipped and counted. The vectors are read by the one vector
//! reader ([`urnum_tests::golden_vectors`]); the rays are decoded by `hoon::ray`.

use hoon::ray::ray_from_noun;
use hoon::Noun;
use lagoon::{ravel, Kind, Meta};
use softblas::scalar::i754::{self, Width};
use softblas::{DoorRound, Round};
use urnum_cli::vector::{Compare, Expr, Vector};
use urnum_tests::{golden_vectors, lit};

/// The (width, meta, elements) of an `%i754` ray value.
fn ray(e: &Expr) -> Option<(Width, Meta, Vec<u128>)> {
    let r = ray_from_noun(lit(e)?).ok()?;
    if r.meta.kind != Kind::I754 {
        return None;
    }
    let w = Width::from_bloq(r.meta.bloq)?;
    let elems = ravel(&r).ok()?.iter().map(|a| a.low_u128()).collect();
    Some((w, r.meta, elems))
}

/// The door's rounding mode: its `rnd` sample, else the bunt of bare `la` (`%z`).
fn mode(v: &Vector) -> Result<Round, String> {
    match v.call.door_args.iter().find(|(face, _)| face == "rnd") {
        None => Ok(Round::HOON_BUNT),
        Some((_, e)) => {
            let cord = lit(e).and_then(Noun::as_atom).ok_or("rnd is not an atom")?;
            let term = String::from_utf8(cord.to_le_bytes()).map_err(|e| e.to_string())?;
            Round::from_term(&term).map_err(|e| e.to_string())
        }
    }
}

enum Outcome {
    Pass,
    Skip,
}

fn check(v: &Vector) -> Result<Outcome, String> {
    let arm = v.arm.as_str();
    let args = &v.call.args;
    if !v.post.is_empty() || v.compare != Compare::Exact {
        return Ok(Outcome::Skip);
    }
    let r = mode(v)?;
    let Some((w, meta, a)) = args.first().and_then(ray) else {
        return Ok(Outcome::Skip);
    };
    let Some((we, emeta, want)) = v.expected.as_ref().and_then(ray) else {
        return Ok(Outcome::Skip);
    };
    if we != w || emeta.shape != meta.shape || want.len() != a.len() {
        return Ok(Outcome::Skip);
    }
    // The second operand: a ray of the same shape, or a float scalar of the same width.
    let second: Option<Vec<u128>> = match args.get(1).and_then(lit) {
        Some(Noun::Cell(..)) => match ray(&args[1]) {
            Some((wb, mb, eb)) if wb == w && mb.shape == meta.shape => Some(eb),
            _ => return Ok(Outcome::Skip),
        },
        Some(Noun::Atom(n)) => {
            if n.bit_len() > u64::from(w.bits()) {
                return Ok(Outcome::Skip);
            }
            Some(vec![n.low_u128(); a.len()])
        }
        None if args.len() > 1 => return Ok(Outcome::Skip),
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
                v.id
            ));
        }
    }
    Ok(Outcome::Pass)
}

#[test]
fn elementwise_float_vectors() {
    let (mut pass, mut skip, mut fail) = (0, 0, Vec::new());
    for (_, v) in golden_vectors(|_| true) {
        let first_is_float_ray = v.call.args.first().and_then(ray).is_some();
        if !first_is_float_ray {
            continue;
        }
        match check(&v) {
            Ok(Outcome::Pass) => pass += 1,
            Ok(Outcome::Skip) => skip += 1,
            Err(e) => fail.push(e),
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
