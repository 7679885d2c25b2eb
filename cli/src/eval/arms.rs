//! The arms each door has in the Hoon, with their samples and products, and
//! whether urnum evaluates them: the table behind `urnum arms [DOOR]` and
//! behind `urnum eval`'s choice between `-find.name` (the Hoon has no such
//! arm) and "unsupported" (the Hoon has it; urnum does not evaluate it).
//!
//! A door's arms are its catalogue's rows (`lagoon::arms`, `saloon::arms`,
//! `softblas::math::arms`, `softblas::scalar::{unum, cplx, int2, fixp}::arms`),
//! its catalogue's `NOT_CATALOGUED` list, the registry's hand-written entries
//! under the door, and the few arms the registry modules name as not served
//! ([`NOT_SERVED`]).

use super::print::type_text;
use super::sample::{gate_sample, Gate};
use super::types::result_type;
use crate::doors;
use crate::registry::Registry;
use lagoon::arms::{Arm, Mold, Param};

/// Arms of the Hoon that no catalogue row or registry entry serves, by door
/// library, each with the reason (from the registry modules' docs).
pub static NOT_SERVED: &[(&str, &str, &str)] = &[
    ("math", "sea", "a stdlib `fn` conversion"),
    ("math", "bit", "a stdlib `fn` conversion"),
    ("math", "drg", "a stdlib `dn` conversion"),
    ("math", "grd", "a stdlib `dn` conversion"),
    ("unum", "round", "it returns a gate"),
    ("fixed", "ng", "it returns a door"),
];

/// One arm of a door.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmInfo {
    /// The arm's Hoon name (`add`, `sum-dim`).
    pub name: String,
    /// Its sample as Hoon writes the type (`[a=@rs b=@rs]`, `[$ray $ray]`),
    /// `-` for a constant, `None` when no table gives it.
    pub sample: Option<String>,
    /// Its product's type, `None` when no table gives it.
    pub product: Option<String>,
    /// Whether `urnum eval` and `urnum check` evaluate it.
    pub evaluated: bool,
    /// Why urnum does not evaluate it, or why its sample is not typed.
    pub note: Option<&'static str>,
}

/// The text of one catalogue parameter as the Hoon's sample writes it.
fn param_text(p: Param) -> String {
    match p {
        Param::Ray => "$ray".into(),
        Param::Meta => "$meta".into(),
        Param::Atom | Param::Int => "@".into(),
        Param::Count => "@ud".into(),
        Param::Kind => "$kind".into(),
        Param::Term(set) => format!(
            "?({})",
            set.iter()
                .map(|t| format!("%{t}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Param::Pair => "[@ @]".into(),
        Param::Shape | Param::Index | Param::Values => "(list @)".into(),
        Param::Slices => "(list (unit [(unit @) (unit @)]))".into(),
    }
}

/// The text of a catalogue sample: `[p q …]`, or the one part alone.
pub fn params_text(params: &[Param]) -> String {
    let parts: Vec<String> = params.iter().map(|p| param_text(*p)).collect();
    match parts.len() {
        1 => parts.into_iter().next().unwrap_or_default(),
        _ => format!("[{}]", parts.join(" ")),
    }
}

/// The text of a catalogue product type.
pub fn mold_text(m: Mold) -> String {
    match m {
        Mold::Ray => "$ray".into(),
        Mold::Atom(a) => format!("@{a}"),
        Mold::Flag => "?".into(),
        Mold::List(a) => format!("(list @{a})"),
        Mold::Tuple(parts) => format!(
            "[{}]",
            parts
                .iter()
                .map(|&(f, m)| match f {
                    "" => mold_text(m),
                    f => format!("{f}={}", mold_text(m)),
                })
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Mold::Unit(m) => format!("(unit {})", mold_text(*m)),
        Mold::Baum => "$baum".into(),
        Mold::Null => "~".into(),
        Mold::Tank => "tank".into(),
        Mold::Noun => "*".into(),
    }
}

/// A catalogue row's name, sample and product.
type Row = (&'static str, &'static [Param], Mold);

/// A `NOT_CATALOGUED` entry: name, product and reason.
type Outside = (&'static str, Mold, &'static str);

/// The [`Row`]s of a catalogue's arms.
fn rows_of<D, O, E>(arms: &[Arm<D, O, E>]) -> Vec<Row> {
    arms.iter().map(|a| (a.name, a.params, a.product)).collect()
}

/// Every arm of the door `door` in the Hoon, sorted by name; `None` for a
/// name that is no door of the table ([`doors::DOORS`]).
pub fn door_arms(reg: &Registry, door: &str) -> Option<Vec<ArmInfo>> {
    let spec = doors::door(door)?;
    let suffix = format!(":{door}");
    let mut out: Vec<ArmInfo> = Vec::new();
    let mut push = |name: &str, sample, product, evaluated, note| {
        if !out.iter().any(|a| a.name == name) {
            out.push(ArmInfo {
                name: name.to_string(),
                sample,
                product,
                evaluated,
                note,
            });
        }
    };
    let (rows, outside): (Vec<Row>, &[Outside]) = match spec.lib {
        "lagoon" => (rows_of(lagoon::arms::ARMS), lagoon::arms::NOT_CATALOGUED),
        "saloon" => (rows_of(saloon::arms::ARMS), saloon::arms::NOT_CATALOGUED),
        _ => (Vec::new(), &[]),
    };
    for (name, params, product) in rows {
        let served = reg.get(&format!("{name}{suffix}")).is_some();
        push(
            name,
            Some(params_text(params)),
            Some(mold_text(product)),
            served,
            None,
        );
    }
    for &(name, product, why) in outside {
        let served = reg.get(&format!("{name}{suffix}")).is_some();
        push(name, None, Some(mold_text(product)), served, Some(why));
    }
    for key in reg.names() {
        let Some(name) = key.strip_suffix(suffix.as_str()) else {
            continue;
        };
        let sample = match gate_sample(key) {
            Some(Gate::Constant) => Some("-".to_string()),
            Some(Gate::Sample(t)) => Some(type_text(&t)),
            None => None,
        };
        let product = result_type(key).map(|t| type_text(&t));
        push(name, sample, product, true, None);
    }
    for &(lib, name, why) in NOT_SERVED {
        if lib == spec.lib {
            push(name, None, None, false, Some(why));
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Some(out)
}

/// Whether the Hoon's door `door` has an arm `arm` (evaluated by urnum or not).
pub fn hoon_has(reg: &Registry, door: &str, arm: &str) -> bool {
    reg.get(&format!("{arm}:{door}")).is_some()
        || door_arms(reg, door).is_some_and(|v| v.iter().any(|a| a.name == arm))
}

/// The listing `urnum arms` prints: for a door, one line per arm (name,
/// sample, `->` product, and `(not evaluated: why)` for the arms urnum does
/// not evaluate); for a library (`math`, `lagoon`), each of its doors; with
/// no name, one line per door (its library, sample and arm counts).
///
/// # Errors
/// The text naming the doors when `name` is neither a door nor a library.
pub fn listing(reg: &Registry, name: Option<&str>) -> Result<String, String> {
    let Some(name) = name else {
        let mut out = String::from("door   library  sample                 arms (evaluated)\n");
        for d in doors::DOORS {
            let arms = door_arms(reg, d.name).unwrap_or_default();
            let done = arms.iter().filter(|a| a.evaluated).count();
            let sample = super::sample::door_sample(d.name)
                .map_or_else(|| "-".to_string(), |t| type_text(&t));
            let sample = if sample.len() > 22 {
                format!("[{}]", d.faces.join(" "))
            } else {
                sample
            };
            out.push_str(&format!(
                "{:<6} {:<8} {:<22} {} ({done})\n",
                d.name,
                d.lib,
                sample,
                arms.len()
            ));
        }
        return Ok(out);
    };
    let names: Vec<&str> = match doors::door(name) {
        Some(d) => vec![d.name],
        None => doors::of_lib(name).map(|d| d.name).collect(),
    };
    if names.is_empty() {
        let all = doors::DOORS.iter().map(|d| d.name).chain([
            "lagoon", "saloon", "math", "unum", "complex", "twoc", "fixed",
        ]);
        let near = nearest(name, all);
        return Err(format!(
            "no door or library {name}{}; `urnum arms` lists the doors",
            if near.is_empty() {
                String::new()
            } else {
                format!(" (nearest: {})", near.join(" "))
            }
        ));
    }
    let mut out = String::new();
    for door in names {
        let arms = door_arms(reg, door).unwrap_or_default();
        let width = arms.iter().map(|a| a.name.len()).max().unwrap_or(0);
        out.push_str(&format!("{door}: {} arms\n", arms.len()));
        for a in arms {
            let mut line = format!(
                "  {:<width$}  {}",
                a.name,
                a.sample.as_deref().unwrap_or("(untyped)")
            );
            if let Some(p) = &a.product {
                line.push_str(&format!(" -> {p}"));
            }
            match (a.evaluated, a.note) {
                (false, why) => line.push_str(&format!(
                    "  (not evaluated: {})",
                    why.unwrap_or("no implementation")
                )),
                (true, Some(why)) => line.push_str(&format!("  (sample not typed: {why})")),
                (true, None) => {}
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    Ok(out)
}

/// The Levenshtein distance of two names.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Up to five of `names` nearest `name`: those within a third of its length
/// in edits (at least two), or that contain it or are contained in it,
/// closest first.
pub fn nearest<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let limit = (name.chars().count() / 3).max(2);
    let mut scored: Vec<(usize, &str)> = names
        .into_iter()
        .filter(|n| *n != name)
        .filter_map(|n| {
            let d = distance(name, n);
            let related = (name.len() > 2 && n.contains(name)) || (n.len() > 2 && name.contains(n));
            (d <= limit || related).then_some((if related { d.min(limit) } else { d }, n))
        })
        .collect();
    scored.sort();
    scored.dedup();
    scored
        .into_iter()
        .take(5)
        .map(|(_, n)| n.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doors_list_their_hoon_arms() {
        let reg = Registry::new();
        let la = door_arms(&reg, "la").unwrap();
        let add = la.iter().find(|a| a.name == "add").unwrap();
        assert_eq!(add.sample.as_deref(), Some("[$ray $ray]"));
        assert_eq!(add.product.as_deref(), Some("$ray"));
        assert!(add.evaluated);
        assert!(hoon_has(&reg, "la", "en-ray") && !hoon_has(&reg, "la", "sum"));
        assert!(hoon_has(&reg, "rs", "sea") && !hoon_has(&reg, "rs", "frobnicate"));
        let sea = door_arms(&reg, "rd").unwrap();
        assert!(!sea.iter().find(|a| a.name == "sea").unwrap().evaluated);
        assert!(door_arms(&reg, "zz").is_none());
    }

    #[test]
    fn the_nearest_names_come_first() {
        assert_eq!(distance("kitten", "sitting"), 3);
        let near = nearest("sum", ["cumsum", "sum-dim", "sub", "mmul", "add"]);
        assert_eq!(near[0], "sub");
        assert!(near.contains(&"cumsum".to_string()) && !near.contains(&"mmul".to_string()));
    }
}
