//! Properties of rays as nouns: decoding any noun never panics, a decoded
//! noun re-encodes to itself, and an encoded ray decodes to itself; and the
//! registered Lagoon arms never panic on arbitrary nouns.

use hoon::ray::{
    meta_from_noun, meta_to_noun, ndray_from_noun, ndray_to_noun, ray_from_noun, ray_to_noun,
};
use hoon::Noun;
use lagoon::{Meta, Ray, Tail, TailNoun};
use proptest::prelude::*;
use softblas::{Atom, Kind};
use urnum_cli::{Door, Registry};

/// Atoms that matter to the layout: small values, kind cords, rounding terms,
/// values around 2^32 and 2^64, and wide atoms.
fn atom() -> impl Strategy<Value = Atom> {
    prop_oneof![
        4 => (0u64..10).prop_map(Atom::from_u64),
        2 => prop::sample::select(Kind::ALL.to_vec()).prop_map(|k| Atom::from_u64(k.cord())),
        1 => Just(Atom::from_u64(0x6e)),
        1 => prop::sample::select(vec![u64::from(u32::MAX), 1 << 32, u64::MAX]).prop_map(Atom::from_u64),
        1 => prop::collection::vec(any::<u64>(), 1..4).prop_map(|l| Atom::from_limbs(&l)),
    ]
}

/// Arbitrary nouns, weighted toward small trees.
fn noun() -> impl Strategy<Value = Noun> {
    atom()
        .prop_map(Noun::Atom)
        .prop_recursive(6, 48, 2, |inner| {
            (inner.clone(), inner).prop_map(|(h, t)| Noun::cell(h, t))
        })
}

/// A list noun of the given items.
fn list_of(items: impl Strategy<Value = Noun>) -> impl Strategy<Value = Noun> {
    prop::collection::vec(items, 0..4).prop_map(Noun::list)
}

/// Nouns shaped like a meta `[shape bloq kind tail]`, with random parts.
fn meta_like() -> impl Strategy<Value = Noun> {
    (
        prop_oneof![3 => list_of(atom().prop_map(Noun::Atom)), 1 => noun()],
        prop_oneof![3 => (0u64..9).prop_map(Noun::atom), 1 => noun()],
        prop_oneof![
            3 => prop::sample::select(Kind::ALL.to_vec()).prop_map(|k| Noun::atom(k.cord())),
            1 => noun()
        ],
        noun(),
    )
        .prop_map(|(s, b, k, t)| Noun::tuple([s, b, k, t]))
}

/// Nouns shaped like a ray, or like arbitrary nouns.
fn ray_like() -> impl Strategy<Value = Noun> {
    prop_oneof![
        3 => (meta_like(), prop_oneof![3 => atom().prop_map(Noun::Atom), 1 => noun()])
            .prop_map(|(m, d)| Noun::cell(m, d)),
        1 => noun(),
    ]
}

fn tail_noun() -> impl Strategy<Value = TailNoun> {
    atom()
        .prop_map(TailNoun::Atom)
        .prop_recursive(3, 8, 2, |inner| {
            (inner.clone(), inner).prop_map(|(h, t)| TailNoun::Cell(Box::new(h), Box::new(t)))
        })
}

/// Rays with valid metas (canonical tails) and arbitrary data.
fn ray() -> impl Strategy<Value = Ray> {
    (
        prop::collection::vec(any::<u64>(), 0..4),
        any::<u32>(),
        prop::sample::select(Kind::ALL.to_vec()),
        tail_noun(),
        atom(),
    )
        .prop_map(|(shape, bloq, kind, t, data)| {
            Ray::new(
                Meta::new(shape, bloq, kind).with_tail(Tail::from_noun(t)),
                data,
            )
        })
}

proptest! {
    #[test]
    fn decoding_never_panics_and_reencodes(n in ray_like()) {
        if let Ok(r) = ray_from_noun(&n) {
            prop_assert_eq!(ray_to_noun(&r), n.clone());
        }
        if let Some((m, _)) = n.as_cell() {
            if let Ok(meta) = meta_from_noun(m) {
                prop_assert_eq!(&meta_to_noun(&meta), m);
            }
        }
        if let Ok(d) = ndray_from_noun(&n) {
            prop_assert_eq!(ndray_to_noun(&d), n);
        }
    }

    #[test]
    fn encoding_then_decoding_is_identity(r in ray()) {
        prop_assert_eq!(ray_from_noun(&ray_to_noun(&r)), Ok(r));
    }

    #[test]
    fn lagoon_arms_never_panic(
        arm in prop::sample::select(Registry::new().names().into_iter()
            .filter(|n| n.ends_with(":la")).map(String::from).collect::<Vec<_>>()),
        args in prop::collection::vec(prop_oneof![ray_like(), list_of(atom().prop_map(Noun::Atom))], 1..4),
    ) {
        // Any result is fine (crash, unsupported, bad arguments, a noun); a panic is not.
        let _ = Registry::new().call(&arm, &Door::bare("la"), &args);
    }
}
