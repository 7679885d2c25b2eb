//! Bit tables for the random fills, from the examples in the Hoon sources
//! (`librand/desk/lib/rand.hoon`, `i754rand.hoon` @56438a6, `saloon.hoon@424a2bf`).

use lagoon::Meta;
use saloon::random::{self, Engine, Prec, Rng};
use softblas::{Atom, Kind};

fn sm64_0() -> Rng {
    random::from_atom(Engine::Sm64, &Atom::ZERO)
}

#[test]
fn engines_match_the_doc_examples() {
    // +finalize:split-mix and +next:split-mix of 0.
    assert_eq!(
        random::finalize(0x9e37_79b9_7f4a_7c15),
        0xe220_a839_7b1d_cdaf
    );
    assert_eq!(
        random::splitmix_next(0),
        (0xe220_a839_7b1d_cdaf, 0x9e37_79b9_7f4a_7c15)
    );
    // +block:philox 0 0 (Random123's all-zero KAT).
    assert_eq!(
        random::philox_block(0, 0),
        0x9b00_dbd8_bc57_ac4c_e169_c58d_6627_e8d5
    );
    // +from-atom:seed %phil / %pcg of 0.
    assert_eq!(
        random::from_atom(Engine::Phil, &Atom::ZERO),
        Rng::Phil {
            key: Atom::from_u64(0xe220_a839_7b1d_cdaf),
            ctr: Atom::ZERO
        }
    );
    assert_eq!(
        random::from_atom(Engine::Pcg, &Atom::ZERO),
        Rng::Pcg {
            state: Atom::from_u64(0xe220_a839_7b1d_cdaf),
            inc: Atom::from_u64(0x6e78_9e6a_a1b9_65f5)
        }
    );
    // +next:pcg example: advance first, then output.
    let r = Rng::Pcg {
        state: Atom::from_u128(0xde2b_ce05_be01_3be3_d3f6_c45a_41e5_4320),
        inc: Atom::from_u64(0x6d),
    };
    let (out, r2) = random::step(&r);
    assert_eq!(out, 0x86b1_da1d_7206_2b68);
    assert_eq!(
        r2,
        Rng::Pcg {
            state: Atom::from_u128(0x10af_065f_4ea9_6e85_7bb2_a788_6ecb_d80d),
            inc: Atom::from_u64(0x6d)
        }
    );
}

#[test]
fn integer_draws_match_the_doc_examples() {
    // +bits:uni 4 bits from sm64 0 is 15; +below 10 is 8.
    assert_eq!(random::bits(&sm64_0(), 4).0, Atom::from_u64(15));
    assert_eq!(
        random::below(&sm64_0(), &Atom::from_u64(10)).unwrap().0,
        Atom::from_u64(8)
    );
}

#[test]
fn float_draws_match_the_doc_examples() {
    // +rs:uni of sm64 0 is .0.1164197; +normal:rs is .-0.5933847 leaving s=0x3c6e...;
    // +normal:rd is .~-0.9479938949723624 leaving s=0x78dd....
    assert_eq!(random::uni(Prec::S, &sm64_0()).0, 0x3dee_6d78);
    let (v, r) = random::normal(Prec::S, &sm64_0());
    assert_eq!(v, 0xbf17_e80f);
    assert_eq!(r, Rng::Sm64(Atom::from_u64(0x3c6e_f372_fe94_f82a)));
    let (_, r) = random::normal(Prec::D, &sm64_0());
    assert_eq!(r, Rng::Sm64(Atom::from_u64(0x78dd_e6e5_fd29_f054)));
}

fn data(r: &lagoon::Ray) -> String {
    r.data.to_hex()
}

#[test]
fn fills_match_the_doc_examples() {
    // The +fill-* examples of saloon.hoon@424a2bf: [2 2] from (from-atom:seed %sm64 0).
    let m5 = Meta::new(vec![2, 2], 5, Kind::I754);
    let (ray, r) = random::fill_uniform(&m5, &sm64_0()).unwrap();
    assert_eq!(
        data(&ray),
        Atom::from_hex("0x1.3e99.03d8.3d14.54f0.3f39.65f4.3dee.6d78")
            .unwrap()
            .to_hex()
    );
    assert_eq!(r, Rng::Sm64(Atom::from_u64(0x78dd_e6e5_fd29_f054)));
    let (ray, r) = random::fill_normal(&m5, &sm64_0()).unwrap();
    assert_eq!(
        data(&ray),
        Atom::from_hex("0x1.3fb9.4bba.be73.0e84.4009.430e.bf17.e80f")
            .unwrap()
            .to_hex()
    );
    assert_eq!(r, Rng::Sm64(Atom::from_u64(0x2e2a_c13e_f8e8_d8d2)));
    let m6 = Meta::new(vec![2, 2], 6, Kind::I754);
    let (ray, r) =
        random::fill_expon(&m6, &sm64_0(), &Atom::from_u64(0x3ff0_0000_0000_0000)).unwrap();
    assert_eq!(
        data(&ray),
        Atom::from_hex(
            "0x1.3ff0.11b8.a292.424b.3fff.e0f9.f3ad.2c6a.3fd0.c84b.1505.9506.400f.15bc.a87f.d682"
        )
        .unwrap()
        .to_hex()
    );
    assert_eq!(r, Rng::Sm64(Atom::from_u64(0x78dd_e6e5_fd29_f054)));
    let mu = Meta::new(vec![2, 2], 5, Kind::Uint);
    let (ray, r) = random::fill_below(&mu, &Atom::from_u64(100), &sm64_0()).unwrap();
    assert_eq!(
        data(&ray),
        Atom::from_hex("0x1.0000.0061.0000.0002.0000.002b.0000.0058")
            .unwrap()
            .to_hex()
    );
    assert_eq!(r, Rng::Sm64(Atom::from_u64(0x78dd_e6e5_fd29_f054)));
}

#[test]
fn phil_fills_use_counters_and_windows() {
    // test-fill-uniform-phil: element i is the draw at counter i; the post-state is ctr0 + n.
    let r0 = random::from_atom(Engine::Phil, &Atom::ZERO);
    let Rng::Phil { key, .. } = r0.clone() else {
        unreachable!()
    };
    let (ray, r) = random::fill_uniform(&Meta::new(vec![3], 5, Kind::I754), &r0).unwrap();
    assert_eq!(
        r,
        Rng::Phil {
            key: key.clone(),
            ctr: Atom::from_u64(3)
        }
    );
    for i in 0..3u64 {
        let (v, _) = random::uni(
            Prec::S,
            &Rng::Phil {
                key: key.clone(),
                ctr: Atom::from_u64(i),
            },
        );
        assert_eq!(ray.get_u128(i), v);
    }
    // test-fill-normal-phil: element i is the draw at counter i·2^32; post-state 2·2^32.
    let (ray, r) = random::fill_normal(&Meta::new(vec![2], 6, Kind::I754), &r0).unwrap();
    assert_eq!(
        r,
        Rng::Phil {
            key: key.clone(),
            ctr: Atom::from_u64(2 << 32)
        }
    );
    let (v1, _) = random::normal(
        Prec::D,
        &Rng::Phil {
            key,
            ctr: Atom::from_u64(1 << 32),
        },
    );
    assert_eq!(ray.get_u128(1), v1);
    // A draw that walks past its window crashes.
    let err = random::fill_windowed(&Meta::new(vec![1], 6, Kind::I754), &r0, &|rr| {
        let Rng::Phil { key, ctr } = rr else {
            unreachable!()
        };
        Ok((
            Atom::ZERO,
            Rng::Phil {
                key: key.clone(),
                ctr: ctr.add(&Atom::pow2(40)),
            },
        ))
    });
    assert!(matches!(err, Err(saloon::SaloonError::Crash { .. })));
}
