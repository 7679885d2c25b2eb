//! The Saloon arms the ABI serves: each a row of the catalogue
//! [`saloon::arms::ARMS`] under the stable id [`super::ids`] gives its name.
//!
//! A product is a list of parts, each a value of the Lagoon forms (a ray, an
//! atom): `[vals vecs]` of `+eig` is two parts, `[x iter rnorm]` of `+cg` three
//! (a ray and two atoms). `+chol-unit`'s `(unit ray)` is zero parts for `~`
//! and one part (the ray) for `[~ u]`. Catalogued arms the ABI does not serve
//! are in [`NOT_EXPRESSIBLE`] with the reason; the arms outside the catalogue
//! are in `saloon::arms::NOT_CATALOGUED`.

use crate::la::table::Ids;
pub use saloon::arms::Parts;

/// How many parts an arm's product has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Always this many.
    Fixed(u8),
    /// A `(unit ray)`: 0 parts for `~`, 1 for `[~ u]`.
    Unit,
}

/// One Saloon arm of the ABI: its id and its catalogue row.
pub type Arm = crate::la::table::Arm<saloon::arms::Arm>;

impl Arm {
    /// The parts of the product, from its type.
    pub fn parts(&self) -> Shape {
        match saloon::arms::parts_of(self.row.product) {
            None => Shape::Unit,
            Some(k) => Shape::Fixed(u8::try_from(k).unwrap_or(u8::MAX)),
        }
    }
}

static IDS: Ids<saloon::arms::Arm> = Ids {
    abi: super::ids::SA_ABI,
    row: saloon::arms::by_name,
    name: |r| r.name,
};

/// Catalogued Saloon arms the ABI does not serve, each with the reason.
pub static NOT_EXPRESSIBLE: &[(&str, &str)] = &[];

/// Every Saloon arm the ABI serves, in id order.
pub fn arms() -> impl Iterator<Item = Arm> {
    IDS.arms()
}

/// The number of Saloon arms the ABI serves.
pub fn count() -> usize {
    IDS.abi.len()
}

/// The Saloon arm with id `id`.
pub fn by_id(id: u32) -> Option<Arm> {
    IDS.by_id(id)
}

/// The Saloon arm whose Hoon name is `name` (`exp`, `chol-solve`; an `:sa` suffix is ignored).
pub fn by_name(name: &str) -> Option<Arm> {
    IDS.by_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lagoon::arms::Rule;
    use std::collections::BTreeSet;

    #[test]
    fn ids_and_names_are_unique() {
        let ids: BTreeSet<u32> = arms().map(|a| a.id).collect();
        let names: BTreeSet<&str> = arms().map(|a| a.name).collect();
        assert_eq!(ids.len(), count());
        assert_eq!(names.len(), count());
        assert!(!ids.contains(&0), "0 is never an arm id");
        assert_eq!(
            by_name("eig:sa").map(|a| a.id),
            Some(super::super::ids::URNUM_SA_EIG)
        );
        assert_eq!(by_name("eig").map(|a| a.parts()), Some(Shape::Fixed(2)));
        assert_eq!(by_name("chol-unit").map(|a| a.parts()), Some(Shape::Unit));
        assert!(arms().all(|a| matches!(a.rule, Rule::SameMeta | Rule::Computed)));
    }
}
