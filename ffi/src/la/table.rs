//! The Lagoon arms the ABI serves: each a row of the catalogue
//! [`lagoon::arms::ARMS`] under the stable id [`super::ids`] gives its name.
//!
//! The catalogue holds everything about an arm (its sample, its size rule,
//! its function); this module only pairs ids with names. An arm of the
//! catalogue that the ABI does not serve is in [`NOT_EXPRESSIBLE`] with the
//! reason (`ffi/tests/catalogue.rs` checks that every row is one or the
//! other). Arms that *return* a gate (`+fun-scalar`, `+trans-scalar`) are
//! served applied: the gate's sample follows the arm's.
//!
//! The argument block's layout is the catalogue's [`Ctx`] layout: rays,
//! metas and atoms in sample order, and `ints` holding the fixed ints, then
//! the lengths of all lists but the last, then the lists' items.

pub use lagoon::arms::{arity, decode_slices, Args as Ctx, Out, Param, Rule};

/// One Lagoon arm of the ABI: its id and its catalogue row.
#[derive(Clone, Copy)]
pub struct Arm {
    /// The stable id (`URNUM_LA_*`).
    pub id: u32,
    /// The Hoon name with a terminating NUL, for C.
    pub cname: &'static str,
    /// The catalogue row.
    pub row: &'static lagoon::arms::Arm,
}

impl std::ops::Deref for Arm {
    type Target = lagoon::arms::Arm;

    fn deref(&self) -> &lagoon::arms::Arm {
        self.row
    }
}

/// Catalogued Lagoon arms the ABI does not serve, each with the reason.
pub static NOT_EXPRESSIBLE: &[(&str, &str)] = &[];

/// The ABI arm of the table entry `(id, cname)`.
fn entry(&(id, cname): &(u32, &'static str)) -> Option<Arm> {
    let name = cname.strip_suffix('\0')?;
    lagoon::arms::by_name(name).map(|row| Arm { id, cname, row })
}

/// Every arm the ABI serves, in id order.
pub fn arms() -> impl Iterator<Item = Arm> {
    super::ids::LA_ABI.iter().filter_map(entry)
}

/// The number of arms the ABI serves.
pub fn count() -> usize {
    super::ids::LA_ABI.len()
}

/// The arm with id `id`.
pub fn by_id(id: u32) -> Option<Arm> {
    super::ids::LA_ABI
        .iter()
        .find(|(i, _)| *i == id)
        .and_then(entry)
}

/// The arm whose Hoon name is `name` (`add`, `sum-dim`; an `:la` suffix is ignored).
pub fn by_name(name: &str) -> Option<Arm> {
    let row = lagoon::arms::by_name(name)?;
    super::ids::LA_ABI
        .iter()
        .find(|(_, c)| c.strip_suffix('\0') == Some(row.name))
        .and_then(entry)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn ids_and_names_are_unique() {
        let ids: BTreeSet<u32> = arms().map(|a| a.id).collect();
        let names: BTreeSet<&str> = arms().map(|a| a.name).collect();
        assert_eq!(ids.len(), count());
        assert_eq!(names.len(), count());
        assert!(!ids.contains(&0), "0 is never an arm id");
        assert_eq!(by_name("add:la").map(|a| a.id), Some(1));
        assert_eq!(by_id(72).map(|a| a.name), Some("mmul"));
    }
}
