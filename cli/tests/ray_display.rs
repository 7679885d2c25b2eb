//! Lagoon's `Display` for `Ray` is the text `urnum eval` prints for a
//! `$ray` (the dojo's, through the type-driven printer), on one line.

use hoon::ray::ray_to_noun;
use lagoon::{Meta, Ray, Tail};
use softblas::{Atom, Kind};
use urnum_cli::eval::print::dojo;
use urnum_cli::eval::types::Type;

fn ray(shape: &[u64], bloq: u32, kind: Kind, tail: Tail, elems: &[u64]) -> Ray {
    let atoms: Vec<Atom> = elems.iter().map(|&e| Atom::from(e)).collect();
    Ray::from_elems(
        Meta::new(shape.to_vec(), bloq, kind).with_tail(tail),
        &atoms,
    )
    .unwrap()
}

#[test]
fn display_is_the_dojos_text() {
    let prec = Tail::Prec {
        a: Atom::from(3u64),
        b: Atom::from(4u64),
    };
    let rays = [
        ray(&[2], 5, Kind::I754, Tail::Null, &[0x3f80_0000, 0x4000_0000]),
        ray(&[2, 3], 3, Kind::Uint, Tail::Null, &[1, 2, 3, 4, 5, 255]),
        ray(&[1000], 3, Kind::Uint, Tail::Null, &[]),
        ray(&[1, 1], 3, Kind::Fixp, prec, &[16]),
        ray(&[1], 6, Kind::Cplx, Tail::Null, &[0xbf80_0000_3f80_0000]),
        ray(&[3], 4, Kind::Int2, Tail::Null, &[0xffff, 1, 0x8000]),
    ];
    for r in &rays {
        let want = dojo(&Type::ray(), &ray_to_noun(r)).unwrap();
        assert_eq!(r.to_string(), want);
    }
}
