//! The `arms` target: noun → ray decoding and every registered Lagoon and
//! Saloon arm (`*:la`, `*:sa`) on the decoded arguments, with a random door.
//!
//! Input layout (all of it optional: missing bytes read as 0):
//! - the arm: `!name\0` picks the arm by name (the seed corpus uses this),
//!   anything else two bytes `i` (little-endian) picking arm `i mod count`;
//! - the door byte: bits 0–2 the `rnd` face (absent, `%n %u %d %z`, `%a`, a
//!   junk atom, a cell), bit 3 an `rtol` face (one more byte), bit 4 for the
//!   arguments' source;
//! - the arguments: with bit 4 clear, a count byte and that many structured
//!   arguments ([`arg_noun`](crate::arg_noun)); with it set, the rest is the
//!   jam of the argument list (a non-list noun is one argument).

use crate::{arg_noun, check_ray_roundtrip, cord, same_noun, Bytes};
use hoon::Noun;
use softblas::Atom;
use std::sync::OnceLock;
use urnum_cli::registry::{ArmError, Door, Registry};

/// The registry and its Lagoon and Saloon arm names, built once per process.
pub fn arms() -> &'static (Registry, Vec<String>) {
    static R: OnceLock<(Registry, Vec<String>)> = OnceLock::new();
    R.get_or_init(|| {
        let r = Registry::new();
        let names = r
            .names()
            .into_iter()
            .filter(|n| n.ends_with(":la") || n.ends_with(":sa"))
            .map(str::to_string)
            .collect();
        (r, names)
    })
}

/// One decoded case: the arm's name, the door and the arguments.
pub struct Case {
    /// The registry key.
    pub name: String,
    /// The door with its sample.
    pub door: Door,
    /// The arguments.
    pub args: Vec<Noun>,
}

/// The case `data` describes (see the module docs), or `None` when the
/// arguments' jam does not cue.
pub fn decode(data: &[u8]) -> Option<Case> {
    let (_, names) = arms();
    let mut b = Bytes::new(data);
    let name = if data.first() == Some(&b'!') {
        b.u8();
        let mut s = Vec::new();
        loop {
            match b.u8() {
                0 => break,
                c => s.push(c),
            }
            if b.is_empty() {
                break;
            }
        }
        let s = String::from_utf8_lossy(&s).into_owned();
        if names.contains(&s) {
            s
        } else {
            let h = s
                .bytes()
                .fold(0usize, |h, c| h.wrapping_mul(31) + usize::from(c));
            names[h % names.len()].clone()
        }
    } else {
        let i = usize::from(b.u8()) | usize::from(b.u8()) << 8;
        names[i % names.len()].clone()
    };
    let lib = if name.ends_with(":sa") { "sa" } else { "la" };
    let mut door = Door::bare(lib);
    let d = b.u8();
    let rnd = match d & 7 {
        0 => None,
        1 => Some(Noun::Atom(cord("n"))),
        2 => Some(Noun::Atom(cord("u"))),
        3 => Some(Noun::Atom(cord("d"))),
        4 => Some(Noun::Atom(cord("z"))),
        5 => Some(Noun::Atom(cord("a"))),
        6 => Some(Noun::atom(u64::from(b.u8()) << 7)),
        _ => Some(Noun::cell(Noun::NULL, Noun::NULL)),
    };
    if let Some(r) = rnd {
        door.args.insert("rnd".into(), r);
    }
    if d & 8 != 0 {
        door.args
            .insert("rtol".into(), Noun::atom(u64::from(b.u8())));
    }
    let args = if d & 16 == 0 {
        let n = 1 + usize::from(b.u8() % 4);
        (0..n).map(|_| arg_noun(&mut b, 2)).collect()
    } else {
        let noun = hoon::jam::cue(&Atom::from_le_bytes(b.rest())).ok()?;
        match noun.as_list() {
            Some(items) if !items.is_empty() => items,
            _ => vec![noun],
        }
    };
    Some(Case { name, door, args })
}

/// The rays in a result: the noun itself and the items of a right-nested tuple (a few levels).
fn result_parts(n: &Noun) -> Vec<Noun> {
    let mut out = vec![n.clone()];
    let mut cur = n;
    for _ in 0..4 {
        let Some((h, t)) = cur.as_cell() else { break };
        out.push(h.clone());
        out.push(t.clone());
        cur = t;
    }
    out
}

fn same_result(a: &Result<Noun, ArmError>, b: &Result<Noun, ArmError>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => same_noun(x, y),
        (Err(x), Err(y)) => x == y,
        _ => false,
    }
}

/// The longest first call whose case is run a second time to check that the
/// arm is deterministic: a case near a work limit (an `svd:sa` of `2^20 × 4`
/// at `@rh` spends seconds on the soft core before it is refused) would
/// otherwise take twice that, against the smoke's 30 s timeout.
pub const RERUN_UNDER: std::time::Duration = std::time::Duration::from_secs(1);

/// Runs one case and checks its invariants: arguments and results that
/// decode as rays re-encode to the same noun, and a case whose first call
/// took under [`RERUN_UNDER`] gives the same result a second time.
///
/// # Panics
/// On a violated invariant (or a panic inside an arm).
pub fn run(data: &[u8]) {
    let Some(case) = decode(data) else { return };
    let (reg, _) = arms();
    for (i, a) in case.args.iter().enumerate() {
        check_ray_roundtrip(a, &format!("{} argument {i}", case.name));
    }
    let start = std::time::Instant::now();
    let first = reg.call(&case.name, &case.door, &case.args);
    let took = start.elapsed();
    if let Ok(n) = &first {
        for p in result_parts(n) {
            check_ray_roundtrip(&p, &format!("{} result", case.name));
        }
    }
    if took > RERUN_UNDER {
        return;
    }
    let second = reg.call(&case.name, &case.door, &case.args);
    assert!(
        same_result(&first, &second),
        "{}: a second call gave a different result",
        case.name
    );
}
