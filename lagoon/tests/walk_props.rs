//! Properties of the arms that copy runs of bits or sort by a merge sort in
//! place of the Hoon's element-by-element loops (`+get-row`, `+set-row`,
//! `+submatrix`, `+fill`, `+iota`, `+rank-slice`): each against a naive
//! oracle that follows the Hoon one element (or one quicksort step) at a time.

use lagoon::axis::{self, SortDir};
use lagoon::*;
use proptest::prelude::*;

/// The ray of `shape` at `bloq` whose data is `data` (any bits, pinned or not).
fn raw(shape: &[u64], bloq: u32, data: &[u64]) -> Ray {
    Ray::new(
        Meta::new(shape.to_vec(), bloq, Kind::Uint),
        Atom::from_limbs(data),
    )
}

/// `+get-row` as the Hoon runs it: `+get-item` of each index of the row.
fn get_row_oracle(a: &Ray, dex: &[u64]) -> Result<Ray, LagoonError> {
    let m = &a.meta;
    if m.rank() == 1 || dex.len() + 1 != m.rank() {
        return get_row(a, dex);
    }
    let last = m.shape[m.rank() - 1];
    let meta = Meta::new(vec![1, last], m.bloq, m.kind);
    meta.pin_bit()?;
    let mut els = Vec::new();
    for j in 0..last {
        let mut idx = dex.to_vec();
        idx.push(j);
        els.push(get_item(a, &idx)?);
    }
    Ray::from_elems(meta, &els)
}

/// `+set-row` as the Hoon runs it: `+set-item` of each element of the row.
fn set_row_oracle(a: &Ray, dex: &[u64], row: &Ray) -> Result<Ray, LagoonError> {
    let mut out = a.clone();
    for j in 0..row.meta.shape[1] {
        let mut idx = dex.to_vec();
        idx.push(j);
        out = set_item(&out, &idx, &get_item(row, &[0, j])?)?;
    }
    Ok(out)
}

/// `+submatrix` as the Hoon runs it: `+get-item` of each index of the
/// cartesian product of the (already validated) inclusive ranges.
fn submatrix_oracle(ranges: &[(u64, u64)], a: &Ray) -> Result<Ray, LagoonError> {
    let counts: Vec<u64> = ranges.iter().map(|(lo, hi)| hi - lo + 1).collect();
    let mut idx: Vec<u64> = ranges.iter().map(|r| r.0).collect();
    let n: u64 = counts.iter().product();
    let mut els = Vec::new();
    for _ in 0..n {
        els.push(get_item(a, &idx)?);
        for d in (0..idx.len()).rev() {
            if idx[d] < ranges[d].1 {
                idx[d] += 1;
                break;
            }
            idx[d] = ranges[d].0;
        }
    }
    Ray::from_elems(Meta::new(counts, a.meta.bloq, a.meta.kind), &els)
}

fn case() -> impl Strategy<Value = (Vec<u64>, u32, Vec<u64>, Vec<u64>)> {
    (
        prop::collection::vec(1u64..6, 2..=4),
        0u32..9,
        prop::collection::vec(any::<u64>(), 0..40),
        prop::collection::vec(0u64..7, 0..5),
    )
}

proptest! {
    #[test]
    fn get_row_copies_the_run((shape, bloq, data, dex) in case()) {
        let a = raw(&shape, bloq, &data);
        let dex: Vec<u64> = dex.into_iter().take(shape.len() - 1).collect();
        prop_assert_eq!(get_row(&a, &dex), get_row_oracle(&a, &dex));
    }

    #[test]
    fn set_row_writes_the_run(
        (shape, bloq, data, dex) in case(),
        row_bloq in prop::sample::select(vec![0u32, 1, 3, 5, 8]),
        same in any::<bool>(),
        row_data in prop::collection::vec(any::<u64>(), 0..40),
    ) {
        let a = raw(&shape, bloq, &data);
        let dex: Vec<u64> = dex.into_iter().take(shape.len() - 1).collect();
        let last = shape[shape.len() - 1];
        let rb = if same { bloq } else { row_bloq };
        let row = raw(&[1, last], rb, &row_data);
        let got = set_row(&a, &dex, &row);
        if dex.len() + 1 == shape.len() {
            prop_assert_eq!(got, set_row_oracle(&a, &dex, &row));
        }
    }

    #[test]
    fn submatrix_copies_runs(
        (shape, bloq, data, _) in case(),
        picks in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), 0u8..3), 4),
    ) {
        let a = raw(&shape, bloq, &data);
        let mut sli: Vec<Slice> = Vec::new();
        let mut ranges = Vec::new();
        for (d, &dim) in shape.iter().enumerate() {
            let (x, y, how) = &picks[d];
            let (p, q) = (x.index(dim as usize) as u64, y.index(dim as usize) as u64);
            let (lo, hi) = (p.min(q), p.max(q));
            match how {
                0 => { sli.push(None); ranges.push((0, dim - 1)); }
                1 => { sli.push(Some((Some(0), None))); ranges.push((0, dim - 1)); }
                _ => { sli.push(Some((Some(lo), Some(hi)))); ranges.push((lo, hi)); }
            }
        }
        prop_assert_eq!(submatrix(&sli, &a), submatrix_oracle(&ranges, &a));
    }

    #[test]
    fn fill_and_iota_match_element_writes(n in 1u64..300, bloq in 0u32..9, x in any::<u128>()) {
        let meta = Meta::new(vec![n], bloq, Kind::Uint);
        let w = 1u64 << bloq;
        let v = Atom::from_u128(x).low_bits(w);
        let want = Ray::from_elems(meta.clone(), &vec![v; n as usize]).unwrap();
        prop_assert_eq!(fill(&meta, &Atom::from_u128(x)).unwrap(), want);
        // `+iota`: value i ORed in at i·w, untruncated.
        let mut data = Atom::ONE.shl(n * w);
        for i in 0..n {
            data = data.or(&Atom::from_u64(i).shl(i * w));
        }
        prop_assert_eq!(iota(&meta).unwrap(), Ray::new(meta, data));
    }

    #[test]
    fn merge_sort_is_the_quicksort(
        vals in prop::collection::vec(
            prop_oneof![
                4 => 0u128..4,
                2 => any::<u16>().prop_map(u128::from),
                1 => prop::sample::select(vec![0u128, 0x8000, 0x7c00, 0xfc00, 0x7e01]),
            ],
            0..60,
        ),
        kind in prop::sample::select(vec![Kind::Uint, Kind::I754, Kind::Unum, Kind::Int2]),
        des in any::<bool>(),
        wide in any::<bool>(),
    ) {
        // Bloq 8 takes the merge sort (no integer key), bloq 4 the key sort.
        let (kind, bloq) = if wide { (if kind == Kind::I754 { Kind::Uint } else { kind }, 8) } else { (kind, 4) };
        let meta = Meta::new(vec![vals.len() as u64], bloq, kind);
        let s: Vec<Atom> = vals.iter().map(|v| Atom::from_u128(*v)).collect();
        let dir = if des { SortDir::Des } else { SortDir::Asc };
        let door = Door::la();
        prop_assert_eq!(
            axis::rank_slice(&door, &meta, &s, dir),
            axis::rank_slice_within(&door, &meta, &s, dir, &mut 0, false)
        );
    }
}

#[test]
fn mmul_with_no_inner_dimension_is_the_pin() {
    let a = Ray::new(Meta::new(vec![3, 0], 5, Kind::I754), Atom::ONE);
    let b = Ray::new(Meta::new(vec![0, 4], 5, Kind::I754), Atom::ONE);
    let got = linalg::mmul(&Door::la(), &a, &b).unwrap();
    assert_eq!(got, zeros(&Meta::new(vec![3, 4], 5, Kind::I754)).unwrap());
}
