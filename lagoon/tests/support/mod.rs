//! Helpers the lagoon tests share: rays from element bits and back.
#![allow(dead_code)]

use lagoon::{ravel, Atom, Kind, Meta, Ray};

/// The ray of `shape`, `bloq` and `kind` holding the elements `v`.
pub fn ray(shape: &[u64], bloq: u32, kind: Kind, v: &[u128]) -> Ray {
    let elems: Vec<Atom> = v.iter().map(|x| Atom::from_u128(*x)).collect();
    Ray::from_elems(Meta::new(shape.to_vec(), bloq, kind), &elems).unwrap()
}

/// An `%i754` ray of binary32 elements (bloq 5).
pub fn f32s(shape: &[u64], v: &[u128]) -> Ray {
    ray(shape, 5, Kind::I754, v)
}

/// The elements of `r` as bits.
pub fn elems(r: &Ray) -> Vec<u128> {
    ravel(r).unwrap().iter().map(Atom::low_u128).collect()
}

/// All bits of an element of `bloq`.
pub fn mask(bloq: u32) -> u128 {
    if bloq >= 7 {
        u128::MAX
    } else {
        (1u128 << (1u32 << bloq)) - 1
    }
}

/// The ray of `meta` holding the elements `v`.
pub fn meta_ray(meta: &Meta, v: &[u128]) -> Ray {
    let elems: Vec<Atom> = v.iter().map(|x| Atom::from_u128(*x)).collect();
    Ray::from_elems(meta.clone(), &elems).unwrap()
}

/// The two's-complement value of the low `w` bits of `v`.
pub fn sext(v: u128, w: u32) -> i128 {
    let sh = 128 - w;
    ((v << sh) as i128) >> sh
}
