//! The Saloon arms the ABI serves: each a row of the catalogue
//! [`saloon::arms::ARMS`] under the stable id [`super::ids`] gives its name.
//!
//! A product is a list of parts, each a value of the Lagoon forms (a ray, an
//! atom): `[vals vecs]` of `+eig` is two parts, `[x iter rnorm]` of `+cg` three
//! (a ray and two atoms). `+chol-unit`'s `(unit ray)` is zero parts for `~`
//! and one part (the ray) for `[~ u]`. Catalogued arms the ABI does not serve
//! are in [`NOT_EXPRESSIBLE`] with the reason; the arms outside the catalogue
//! are in `saloon::arms::NOT_CATALOGUED`.

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

crate::la::table::id_table!("Saloon", saloon, super::ids::SA_ABI, &[]);

#[cfg(test)]
mod tests {
    use super::*;
    use lagoon::arms::Rule;

    // Uniqueness of ids and names, and `arms()` against `count()`: ffi/tests/catalogue.rs.
    #[test]
    fn lookups_agree() {
        assert_eq!(
            by_name("eig:sa").map(|a| a.id),
            Some(super::super::ids::URNUM_SA_EIG)
        );
        assert_eq!(by_name("eig").map(|a| a.parts()), Some(Shape::Fixed(2)));
        assert_eq!(by_name("chol-unit").map(|a| a.parts()), Some(Shape::Unit));
        assert!(arms().all(|a| matches!(a.rule, Rule::SameMeta | Rule::Computed)));
    }
}
