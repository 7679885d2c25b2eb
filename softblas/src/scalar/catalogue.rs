//! The row type of the scalar libraries' arm catalogues (`cplx::arms`,
//! `int2::arms`, `fixp::arms`, `unum::arms`): an arm's Hoon name and how it is
//! called, a library's own `Call` saying its sample, its product and the function.

/// One arm of a scalar library: its Hoon name and its call `C`.
#[derive(Clone, Copy)]
pub struct Arm<C> {
    /// The Hoon name (`add`, `s-to-twoc`, `rexp`).
    pub name: &'static str,
    /// The sample, the product and the function.
    pub call: C,
}

/// The row of arm `name` calling `call`.
pub const fn row<C>(name: &'static str, call: C) -> Arm<C> {
    Arm { name, call }
}

/// The row of `arms` named `name`.
pub fn find<C>(arms: &'static [Arm<C>], name: &str) -> Option<&'static Arm<C>> {
    arms.iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::find;
    use crate::scalar::{cplx, fixp, i754::Width, int2};
    use crate::{Atom, Prec, Round};

    #[test]
    fn complex_rows_compute_their_arms() {
        use cplx::arms::{Call, Product, ARMS};
        let d = cplx::Plane::new(Width::S, Round::N);
        let Some(Call::Elem2(add)) = find(ARMS, "add").map(|a| a.call) else {
            panic!("add takes two elements")
        };
        let one = d.one();
        assert_eq!(add(d, one, one), cplx::Cplx::new(0x4000_0000, 0));
        let product = |n| find(ARMS, n).map(|a| a.call.product());
        assert_eq!(product("rpi"), Some(Product::Component));
        assert_eq!(product("neq"), Some(Product::Flag));
        assert_eq!(ARMS.len(), 30);
    }

    #[test]
    fn twoc_rows_compute_their_arms() {
        use int2::arms::{Call, Product, ARMS};
        let t = int2::AtomTwid::new(8);
        let Some(Call::Binary(add)) = find(ARMS, "add").map(|a| a.call) else {
            panic!("add takes two atoms")
        };
        let v = add(&t, &Atom::from_u64(0x64), &Atom::from_u64(0x32));
        assert_eq!(v, Atom::from_u64(0x96));
        let msb = find(ARMS, "msb").map(|a| a.call.product());
        assert_eq!(msb, Some(Product::Unsigned));
        assert_eq!(find(ARMS, "overflow").map(|a| a.call.arity()), Some(3));
        assert_eq!(ARMS.len(), 20);
    }

    #[test]
    fn fixed_rows_compute_their_arms() {
        use fixp::arms::{Call, Product, ARMS};
        let p = Prec::bounded(4, 4).expect("a q4.4 precision");
        let Some(Call::Binary(add)) = find(ARMS, "add").map(|a| a.call) else {
            panic!("add takes two values")
        };
        let (one, two) = (Atom::from_u64(0x10), Atom::from_u64(0x20));
        assert_eq!(add(&one, p, &one, p), Ok(two));
        let product = |n| find(ARMS, n).map(|a| a.call.product());
        assert_eq!(product("mul"), Some(Product::Widened));
        assert_eq!(product("to-rs"), Some(Product::Single));
        assert_eq!(ARMS.len(), 21);
    }
}
