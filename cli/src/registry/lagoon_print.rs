//! Registry entries for Lagoon's printing and list-utility arms: `to-tank:la`,
//! `print:la`, `slog:la`, `squeeze:la`, `product:la` and
//! `gather:la` (urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`).
//!
//! `to-tank:la` gives the tank as a noun; the element text is what the dojo's
//! `++sell` makes ([`hoon::tank::sell_atom`]), so a kind whose term the
//! printer cannot parse (`%i754`, `%int2`) crashes, as in Hoon. `print:la`
//! produces `~` once its tank is made (its output is a side effect);
//! `slog:la` produces the stdlib gate `same`, a core urnum does not build, so
//! it is unsupported unless it crashes. None of these arms rounds.

use super::{sample, ArmError, ArmFn, Door};
use crate::registry::args::with_arm;
use hoon::noun::Noun;
use hoon::ray::{ray_from_noun, u64_list_from_noun};
use hoon::tank::{sell_atom, tank_cells, tank_to_noun, TankError};
use lagoon::print::Tank;
use lagoon::print::{print_tank, to_tank};
use softblas::{Atom, Kind};

/// The printing and list-utility arms, by registry name.
pub(super) const ARMS: [(&str, ArmFn); 6] = [
    ("to-tank:la", to_tank_arm),
    ("print:la", print),
    ("slog:la", slog),
    ("squeeze:la", squeeze),
    ("product:la", product_arm),
    ("gather:la", gather),
];

fn list(n: &Noun, arm: &str, what: &str) -> Result<Vec<Noun>, ArmError> {
    n.as_list()
        .ok_or_else(|| ArmError::Crash(format!("{arm}: {what} is not a null-terminated list")))
}

/// The most cells the noun of `to-tank:la` may have: 2^22 (about 200 MB of
/// nouns). The tank itself is bounded by `lagoon::print::MAX_TANK_NODES`, but
/// its noun spends a cell per character: a `dat` of 4096 references to one
/// 16-kilobit atom (8 KB of input) prints 20 million characters.
const TANK_NOUN_CELLS: u64 = 1 << 22;

fn to_tank_arm(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "to-tank:la";
    let p = sample(args, 3, arm)?;
    let dat = list(&p[0], arm, "dat")?
        .into_iter()
        .map(|n| {
            n.as_atom()
                .cloned()
                .ok_or_else(|| ArmError::BadArgs(format!("{arm}: an entry of dat is a cell")))
        })
        .collect::<Result<Vec<Atom>, _>>()?;
    let shape = u64_list_from_noun(&p[1]).map_err(|e| with_arm(e, arm, 1))?;
    let kind = p[2]
        .as_atom()
        .and_then(Atom::as_u64)
        .and_then(Kind::from_cord)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument 3 is not a kind")))?;
    // Element text is charged as it is made, so a long run of long numbers
    // stops at the budget instead of printing them all first.
    let mut left = TANK_NOUN_CELLS;
    let mut sell = |aura: &str, atom: &Atom| -> Result<Tank, TankError> {
        let t = sell_atom(aura, atom)?;
        left = left.checked_sub(tank_cells(&t)).ok_or_else(|| {
            TankError::Unsupported(format!(
                "{arm}: the elements' text passes urnum's limit of {TANK_NOUN_CELLS} noun cells"
            ))
        })?;
        Ok(t)
    };
    let tank = to_tank(&dat, &shape, kind, &mut sell)?;
    let cells = tank_cells(&tank);
    if cells > TANK_NOUN_CELLS {
        return Err(ArmError::Unsupported(format!(
            "{arm}: the tank's noun has {cells} cells, over urnum's limit of {TANK_NOUN_CELLS}"
        )));
    }
    Ok(tank_to_noun(&tank))
}

fn print(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "print:la";
    let p = sample(args, 1, arm)?;
    let a = ray_from_noun(&p[0]).map_err(|e| with_arm(e, arm, 0))?;
    print_tank(&a, &mut sell_atom)?;
    Ok(Noun::NULL)
}

fn slog(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "slog:la";
    let p = sample(args, 1, arm)?;
    let a = ray_from_noun(&p[0]).map_err(|e| with_arm(e, arm, 0))?;
    print_tank(&a, &mut sell_atom)?;
    Err(ArmError::Unsupported(format!(
        "{arm} produces the stdlib gate `same` (a core), which urnum does not build"
    )))
}

/// `++squeeze`: `~[a]`.
fn squeeze(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let p = sample(args, 1, "squeeze:la")?;
    Ok(Noun::list([p[0].clone()]))
}

/// `++welp` of two lists: `a`'s items, then `b` (whatever noun it is).
fn welp(a: &Noun, b: &Noun, arm: &str) -> Result<Noun, ArmError> {
    let items = list(a, arm, "an item of a")?;
    Ok(items
        .into_iter()
        .rev()
        .fold(b.clone(), |acc, n| Noun::cell(n, acc)))
}

/// The most cells `product:la` builds in one call, or `gather:la` over all
/// its steps: 2^18. The Hoon has no limit; a `gather` of 40 two-item
/// dimensions would build 2^40 lists.
const PRODUCT_CELL_LIMIT: u64 = 1 << 18;

/// `++product`: `b` when `a` is `~`, else every `(welp ai bi)` with `a`'s
/// items outer and `b`'s inner. The cells it would build (each `welp` copies
/// `ai`'s spine; the result's own spine) are charged to `budget` first.
fn product(a: &Noun, b: &Noun, arm: &str, budget: &mut u64) -> Result<Noun, ArmError> {
    let xs = list(a, arm, "a")?;
    if xs.is_empty() {
        return Ok(b.clone());
    }
    let ys = list(b, arm, "b")?;
    let ny = ys.len() as u64;
    let mut cells = (xs.len() as u64).saturating_mul(ny);
    for x in &xs {
        let spine = x
            .as_list()
            .map_or(0, |items| items.len() as u64)
            .saturating_mul(ny);
        cells = cells.saturating_add(spine);
    }
    *budget = budget.checked_sub(cells).ok_or_else(|| {
        ArmError::Unsupported(format!(
            "{arm}: the product builds {cells} cells past the budget of \
             {PRODUCT_CELL_LIMIT} (urnum's limit)"
        ))
    })?;
    let mut out = Vec::with_capacity(xs.len() * ys.len());
    for x in &xs {
        for y in &ys {
            out.push(welp(x, y, arm)?);
        }
    }
    Ok(Noun::list(out))
}

fn product_arm(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "product:la";
    let p = sample(args, 2, arm)?;
    product(&p[0], &p[1], arm, &mut { PRODUCT_CELL_LIMIT })
}

/// `++gather`: `product` folded left over the dimensions' index lists from `~`.
fn gather(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "gather:la";
    let p = sample(args, 1, arm)?;
    let mut budget = PRODUCT_CELL_LIMIT;
    list(&p[0], arm, "the argument")?
        .iter()
        .try_fold(Noun::NULL, |c, dim| product(&c, dim, arm, &mut budget))
}

/// The `%slog` hint the registry arm `arm` raises before it produces its
/// value, as its priority and tank: `print:la` raises its ray's
/// [`lagoon::print::print_tank`] at priority 1 (`~>(%slog.1^(to-tank ...) ~)`
/// in `lagoon.hoon@aa6f2a6`); every other arm raises none (`None`).
///
/// `args` are the arm's arguments as [`Registry::call`](super::Registry::call) takes them.
///
/// # Errors
/// As [`hoon::tank::print_lines`] for the tank, and [`TankError::Crash`] when the
/// arguments are not a ray.
pub fn arm_slog(arm: &str, args: &[Noun]) -> Option<Result<(u8, Tank), TankError>> {
    if arm != "print:la" {
        return None;
    }
    let sample = Noun::tuple(args.iter().cloned());
    Some(
        ray_from_noun(&sample)
            .map_err(|e| TankError::Crash(format!("{arm}: {e}")))
            .and_then(|a| Ok((1, print_tank(&a, &mut sell_atom)?))),
    )
}
