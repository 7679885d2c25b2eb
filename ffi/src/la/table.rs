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

/// One arm of the ABI: its id and its catalogue row (a Lagoon row by
/// default; `crate::sa::table::Arm` is the Saloon one).
pub struct Arm<R: 'static = lagoon::arms::Arm> {
    /// The stable id (`URNUM_LA_*`, `URNUM_SA_*`).
    pub id: u32,
    /// The Hoon name with a terminating NUL, for C.
    pub cname: &'static str,
    /// The catalogue row.
    pub row: &'static R,
}

impl<R: 'static> Clone for Arm<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: 'static> Copy for Arm<R> {}

impl<R: 'static> std::ops::Deref for Arm<R> {
    type Target = R;

    fn deref(&self) -> &R {
        self.row
    }
}

/// An ABI id table (`ids::LA_ABI`, `ids::SA_ABI`) over its catalogue.
pub(crate) struct Ids<R: 'static> {
    /// The `(id, NUL-terminated name)` entries.
    pub abi: &'static [(u32, &'static str)],
    /// The catalogue's lookup by name.
    pub row: fn(&str) -> Option<&'static R>,
    /// A row's Hoon name.
    pub name: fn(&R) -> &'static str,
}

impl<R: 'static> Ids<R> {
    /// The ABI arm of the entry `(id, cname)`.
    fn entry(&self, &(id, cname): &(u32, &'static str)) -> Option<Arm<R>> {
        let row = (self.row)(cname.strip_suffix('\0')?)?;
        Some(Arm { id, cname, row })
    }

    /// Every arm served, in id order.
    pub fn arms(&'static self) -> impl Iterator<Item = Arm<R>> {
        self.abi.iter().filter_map(|e| self.entry(e))
    }

    /// The arm with id `id`.
    pub fn by_id(&self, id: u32) -> Option<Arm<R>> {
        self.abi
            .iter()
            .find(|(i, _)| *i == id)
            .and_then(|e| self.entry(e))
    }

    /// The arm whose Hoon name is `name` (a door suffix allowed).
    pub fn by_name(&self, name: &str) -> Option<Arm<R>> {
        let want = (self.name)((self.row)(name)?);
        self.abi
            .iter()
            .find(|(_, c)| c.strip_suffix('\0') == Some(want))
            .and_then(|e| self.entry(e))
    }
}

/// The lookups of an ABI id table over the catalogue `$krate::arms` (its
/// `Arm` rows and `by_name`): `arms`, `count`, `by_id`, `by_name` (a door
/// suffix allowed), the static `IDS`, and `NOT_EXPRESSIBLE`, the catalogued
/// arms the ABI does not serve (`$refused`, each with the reason).
macro_rules! id_table {
    ($lib:literal, $krate:ident, $abi:expr, $refused:expr) => {
        #[doc = concat!("Catalogued ", $lib, " arms the ABI does not serve, each with the reason.")]
        pub static NOT_EXPRESSIBLE: &[(&str, &str)] = $refused;

        static IDS: $crate::la::table::Ids<$krate::arms::Arm> = $crate::la::table::Ids {
            abi: $abi,
            row: $krate::arms::by_name,
            name: |r| r.name,
        };

        #[doc = concat!("Every ", $lib, " arm the ABI serves, in id order.")]
        pub fn arms() -> impl Iterator<Item = Arm> {
            IDS.arms()
        }

        #[doc = concat!("The number of ", $lib, " arms the ABI serves.")]
        pub fn count() -> usize {
            IDS.abi.len()
        }

        #[doc = concat!("The ", $lib, " arm with id `id`.")]
        pub fn by_id(id: u32) -> Option<Arm> {
            IDS.by_id(id)
        }

        #[doc = concat!("The ", $lib, " arm whose Hoon name is `name` (a door suffix is ignored).")]
        pub fn by_name(name: &str) -> Option<Arm> {
            IDS.by_name(name)
        }
    };
}
pub(crate) use id_table;

id_table!("Lagoon", lagoon, super::ids::LA_ABI, &[]);

#[cfg(test)]
mod tests {
    use super::*;

    // Uniqueness of ids and names, and `arms()` against `count()`: ffi/tests/catalogue.rs.
    #[test]
    fn lookups_agree() {
        assert_eq!(by_name("add:la").map(|a| a.id), Some(1));
        assert_eq!(by_id(72).map(|a| a.name), Some("mmul"));
    }
}
