//! Properties of the bit-moving arms against a naive oracle: a ray is a list
//! of element values, and its data atom is `Σ e_i·2^(i·w) + 2^(n·w)` built
//! with plain atom arithmetic.

use lagoon::*;
use proptest::prelude::*;

/// A well-formed ray given as its meta and element values (bloq 3..=7).
#[derive(Clone, Debug)]
struct Case {
    meta: Meta,
    elems: Vec<Atom>,
}

fn case(max_rank: usize) -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(1u64..5, 1..=max_rank),
        3u32..=7,
        prop::sample::select(Kind::ALL.to_vec()),
    )
        .prop_flat_map(|(shape, bloq, kind)| {
            let n = shape.iter().product::<u64>() as usize;
            let w = 1u32 << bloq;
            let mask = if w == 128 {
                u128::MAX
            } else {
                (1u128 << w) - 1
            };
            prop::collection::vec(any::<u128>().prop_map(move |v| v & mask), n).prop_map(
                move |vals| Case {
                    meta: Meta::new(shape.clone(), bloq, kind),
                    elems: vals.into_iter().map(Atom::from_u128).collect(),
                },
            )
        })
}

/// The oracle's data atom: elements shifted into place and added, then the pin.
fn oracle_data(bloq: u32, elems: &[Atom]) -> Atom {
    let w = 1u64 << bloq;
    elems
        .iter()
        .enumerate()
        .fold(Atom::pow2(w * elems.len() as u64), |acc, (i, e)| {
            acc.add(&e.shl(w * i as u64))
        })
}

fn ray_of(c: &Case) -> Ray {
    Ray::new(c.meta.clone(), oracle_data(c.meta.bloq, &c.elems))
}

/// Row-major unravel, written independently of the crate.
fn index_of(shape: &[u64], mut i: u64) -> Vec<u64> {
    let mut out = vec![0; shape.len()];
    for k in (0..shape.len()).rev() {
        out[k] = i % shape[k];
        i /= shape[k];
    }
    out
}

proptest! {
    #[test]
    fn layout_matches_the_oracle(c in case(3)) {
        let r = ray_of(&c);
        prop_assert_eq!(Ray::from_elems(c.meta.clone(), &c.elems).unwrap(), r.clone());
        prop_assert_eq!(check(&r), Ok(true));
        prop_assert_eq!(ravel(&r).unwrap(), c.elems.clone());
        for (i, e) in c.elems.iter().enumerate() {
            let dex = index_of(&c.meta.shape, i as u64);
            prop_assert_eq!(get_item(&r, &dex).unwrap(), e.clone());
            prop_assert_eq!(r.get(i as u64), e.clone());
            prop_assert_eq!(r.get_u128(i as u64), e.as_u128().unwrap());
            prop_assert_eq!(get_dim(&c.meta.shape, i as u64).unwrap(), dex.clone());
            prop_assert_eq!(get_item_number(&c.meta.shape, &dex).unwrap(), i as u64);
        }
        // Builders agree with the oracle too.
        prop_assert_eq!(zeros(&c.meta).unwrap().data, oracle_data(c.meta.bloq, &vec![Atom::ZERO; c.elems.len()]));
        prop_assert_eq!(
            fill(&c.meta, &c.elems[0]).unwrap().data,
            oracle_data(c.meta.bloq, &vec![c.elems[0].clone(); c.elems.len()])
        );
        prop_assert_eq!(unspac(&r).unwrap().data, oracle_data(c.meta.bloq, &c.elems).low_bits((1u64 << c.meta.bloq) * c.elems.len() as u64));
        prop_assert_eq!(spac(&unspac(&r).unwrap()).unwrap(), r.clone());
    }

    #[test]
    fn nested_lists_round_trip(c in case(2)) {
        let r = ray_of(&c);
        let b = de_ray(&r).unwrap();
        prop_assert_eq!(&b.meta, &r.meta);
        prop_assert_eq!(en_ray(&b).unwrap(), r);
    }

    #[test]
    fn set_item_changes_one_element(c in case(3), k in any::<prop::sample::Index>(), v in any::<u128>()) {
        let r = ray_of(&c);
        let i = k.index(c.elems.len());
        let dex = index_of(&c.meta.shape, i as u64);
        let s = set_item(&r, &dex, &Atom::from_u128(v)).unwrap();
        let mut want = c.elems.clone();
        want[i] = Atom::from_u128(v).low_bits(1u64 << c.meta.bloq);
        prop_assert_eq!(s.data, oracle_data(c.meta.bloq, &want));
    }

    #[test]
    fn moves_keep_every_element(c in case(2)) {
        let r = ray_of(&c);
        // A full submatrix is the ray itself (tail dropped: it was ~).
        prop_assert_eq!(submatrix(&[], &r).unwrap(), r.clone());
        // Reshape to flat keeps the data.
        let n = c.elems.len() as u64;
        prop_assert_eq!(reshape(&r, &[n]).unwrap().data, r.data.clone());
        if c.meta.rank() == 2 {
            let (rows, cols) = (c.meta.shape[0], c.meta.shape[1]);
            let t = transpose(&r).unwrap();
            prop_assert_eq!(&t.meta.shape, &vec![cols, rows]);
            for i in 0..rows {
                for j in 0..cols {
                    prop_assert_eq!(get_item(&t, &[j, i]).unwrap(), get_item(&r, &[i, j]).unwrap());
                }
                let row = get_row(&r, &[i]).unwrap();
                let want: Vec<Atom> = (0..cols).map(|j| c.elems[(i * cols + j) as usize].clone()).collect();
                prop_assert_eq!(ravel(&row).unwrap(), want);
                prop_assert_eq!(set_row(&r, &[i], &row).unwrap(), r.clone());
            }
            prop_assert_eq!(transpose(&t).unwrap(), r.clone());
            for j in 0..cols {
                let col = get_col(&r, &[j]).unwrap();
                prop_assert_eq!(set_col(&r, &[j], &col).unwrap(), r.clone());
            }
        }
    }
}
