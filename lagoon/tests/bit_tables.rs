//! Bit tables for the bit-moving Lagoon arms: worked examples
//! and the Hoon quirks of `lagoon.hoon@aa6f2a6`.

use lagoon::*;

fn hex(s: &str) -> Atom {
    Atom::from_hex(s).expect("hex literal")
}

fn meta(shape: &[u64], bloq: u32, kind: Kind) -> Meta {
    Meta::new(shape.to_vec(), bloq, kind)
}

fn q34() -> Tail {
    Tail::Prec {
        a: Atom::from_u64(3),
        b: Atom::from_u64(4),
    }
}

fn flat(v: &[u64]) -> Ndray {
    Ndray::flat(v.iter().map(|x| Atom::from_u64(*x)))
}

fn rows(v: &[&[u64]]) -> Ndray {
    Ndray::List(v.iter().map(|r| flat(r)).collect())
}

#[test]
fn builders_match_worked_examples() {
    // (meta, builder result, expected data): each row is a worked example of the
    // builders' data layout (element i at bits [i·2^bloq, (i+1)·2^bloq), the pin above).
    let table: Vec<(Ray, &str)> = vec![
        // iota doc example: bloq-5 elements 0..3 under the pin.
        (
            iota(&meta(&[4], 5, Kind::Uint)).unwrap(),
            "0x1.0000.0003.0000.0002.0000.0001.0000.0000",
        ),
        // lagoon-indexing test-get-item-1d input.
        (
            iota(&meta(&[8], 3, Kind::Uint)).unwrap(),
            "0x1.0706.0504.0302.0100",
        ),
        // lagoon-unsigned: bloq 4.
        (
            iota(&meta(&[10], 4, Kind::Uint)).unwrap(),
            "0x1.0009.0008.0007.0006.0005.0004.0003.0002.0001.0000",
        ),
        // zeros is the pin alone.
        (zeros(&meta(&[1, 1], 3, Kind::Uint)).unwrap(), "0x100"),
        // eye on a 2x2 uint8.
        (eye(&meta(&[2, 2], 3, Kind::Uint)).unwrap(), "0x1.0100.0001"),
        // eye on f32: 1.0 = 0x3f80.0000 at elements 0 and 3.
        (
            eye(&meta(&[2, 2], 5, Kind::I754)).unwrap(),
            "0x1.3f80.0000.0000.0000.0000.0000.3f80.0000",
        ),
        // fill doc example with .3.
        (
            fill(&meta(&[2, 2], 5, Kind::I754), &hex("0x4040.0000")).unwrap(),
            "0x1.4040.0000.4040.0000.4040.0000.4040.0000",
        ),
        // fill truncates to the element width (lagoon-fails test-fill-clipping).
        (
            fill(&meta(&[5, 1], 4, Kind::Uint), &hex("0x1.ffff")).unwrap(),
            "0x1.ffff.ffff.ffff.ffff.ffff",
        ),
        (
            fill(&meta(&[5, 1], 3, Kind::Uint), &hex("0x1.fffe")).unwrap(),
            "0x1.fefe.fefe.fe",
        ),
        // en-ray of nested f32 lists, row-major, element 0 low.
        (
            en_ray(&Baum {
                meta: meta(&[2, 2], 5, Kind::I754),
                data: rows(&[&[0x3f80_0000, 0x4000_0000], &[0x4040_0000, 0x4080_0000]]),
            })
            .unwrap(),
            "0x1.4080.0000.4040.0000.4000.0000.3f80.0000",
        ),
        // %cplx @cs [1+2i 3+4i]: real low, imag high in each 64-bit element.
        (
            en_ray(&Baum {
                meta: meta(&[1, 2], 6, Kind::Cplx),
                data: rows(&[&[0x4000_0000_3f80_0000, 0x4080_0000_4040_0000]]),
            })
            .unwrap(),
            "0x1.4080.0000.4040.0000.4000.0000.3f80.0000",
        ),
        // %fixp q3.4 [0.5 1.0 1.5 -1.0].
        (
            en_ray(&Baum {
                meta: meta(&[1, 4], 3, Kind::Fixp).with_tail(q34()),
                data: rows(&[&[0x08, 0x10, 0x18, 0xf0]]),
            })
            .unwrap(),
            "0x1.f018.1008",
        ),
        // posit8 [2 3 -5 5] and int8 [1 2 3 -1].
        (
            en_ray(&Baum {
                meta: meta(&[4], 3, Kind::Unum),
                data: flat(&[0x48, 0x4c, 0xae, 0x52]),
            })
            .unwrap(),
            "0x1.52ae.4c48",
        ),
        (
            en_ray(&Baum {
                meta: meta(&[4], 3, Kind::Int2),
                data: flat(&[1, 2, 3, 0xff]),
            })
            .unwrap(),
            "0x1.ff03.0201",
        ),
        // ones per kind: posit16 one, @ch one (f16 one in the low half), uint 1.
        (ones(&meta(&[2], 4, Kind::Unum)).unwrap(), "0x1.4000.4000"),
        (ones(&meta(&[1], 5, Kind::Cplx)).unwrap(), "0x1.0000.3c00"),
        // %fixp one = 2^b = 0x10 for q3.4.
        (
            ones(&meta(&[2], 3, Kind::Fixp).with_tail(q34())).unwrap(),
            "0x1.1010",
        ),
        // spac ORs the pin above raw elements [4 3 2 1].
        (
            spac(&Ray::new(
                meta(&[2, 2], 4, Kind::Uint),
                hex("0x1.0002.0003.0004"),
            ))
            .unwrap(),
            "0x1.0001.0002.0003.0004",
        ),
    ];
    for (i, (got, want)) in table.iter().enumerate() {
        assert_eq!(got.data, hex(want), "row {i}");
    }
}

#[test]
fn builder_quirks() {
    // iota of 0 crashes at (dec 0); iota is rank 1 only.
    assert!(matches!(
        iota(&meta(&[0], 3, Kind::Uint)),
        Err(LagoonError::ZeroDecrement { .. })
    ));
    assert!(matches!(
        iota(&meta(&[2, 2], 5, Kind::Cplx)),
        Err(LagoonError::Rank { .. })
    ));
    // iota forces %uint but keeps bloq and tail.
    let it = iota(&meta(&[3], 3, Kind::Fixp).with_tail(q34())).unwrap();
    assert_eq!(it.meta, meta(&[3], 3, Kind::Uint).with_tail(q34()));
    // iota does not truncate: 256 spills into element 257 at bloq 3 (0x100 ORs a 1 there).
    let big = iota(&meta(&[257], 3, Kind::Uint)).unwrap();
    assert_eq!(big.get(255), Atom::from_u64(0xff));
    assert_eq!(big.get(256), Atom::ZERO);
    assert_eq!(big.get(257), Atom::ONE); // pin block
    assert_eq!(big.data.bit_len(), 257 * 8 + 1);
    // eye drops the tail but takes fixp one = 2^b from the input tail.
    let e = eye(&meta(&[2, 2], 3, Kind::Fixp).with_tail(q34())).unwrap();
    assert_eq!(e.meta.tail, Tail::Null);
    assert_eq!(e.data, hex("0x1.1000.0010"));
    // eye needs rank 2, square, n > 0; ones/eye need a valid bloq for the kind.
    assert!(matches!(
        eye(&meta(&[2, 3], 7, Kind::Cplx)),
        Err(LagoonError::NotSquare { rows: 2, cols: 3 })
    ));
    assert!(matches!(
        eye(&meta(&[0, 0], 3, Kind::Uint)),
        Err(LagoonError::ZeroDecrement { .. })
    ));
    assert!(matches!(
        ones(&meta(&[3], 4, Kind::Cplx)),
        Err(LagoonError::BadBloq { .. })
    ));
    assert!(matches!(
        ones(&meta(&[3], 8, Kind::I754)),
        Err(LagoonError::BadBloq { .. })
    ));
    assert!(matches!(
        ones(&meta(&[3], 3, Kind::Fixp)),
        Err(LagoonError::BadTail)
    ));
    // fixp one with b ≥ w truncates to 0 (fil keeps w bits).
    let wide_b = Tail::Prec {
        a: Atom::ZERO,
        b: Atom::from_u64(9),
    };
    assert_eq!(
        ones(&meta(&[2], 3, Kind::Fixp).with_tail(wide_b))
            .unwrap()
            .data,
        hex("0x1.0000")
    );
    // zeros and fill accept any bloq; a shape with a 0 is the pin at bit 0.
    assert_eq!(
        zeros(&meta(&[0, 5], 9, Kind::I754)).unwrap().data,
        Atom::ONE
    );
    // magic: a %uint counting tensor, tail dropped, in the meta's shape.
    let mg = magic(&meta(&[2, 3], 4, Kind::Fixp).with_tail(q34())).unwrap();
    assert_eq!(mg.meta, meta(&[2, 3], 4, Kind::Uint));
    assert_eq!(mg.data, hex("0x1.0005.0004.0003.0002.0001.0000"));
    // rank-0 metas describe one element (roll ~ ^mul is 1).
    assert_eq!(
        zeros(&meta(&[], 5, Kind::I754)).unwrap().data,
        hex("0x1.0000.0000")
    );
}

#[test]
fn check_is_the_hoon_check() {
    let m = meta(&[5, 1], 5, Kind::I754);
    let good = ones(&m).unwrap();
    assert_eq!(check(&good), Ok(true));
    // lagoon-fails: the same data read at bloq 6 or 7, or as shape [6 1], fails.
    let mut b6 = good.clone();
    b6.meta.bloq = 6;
    assert_eq!(check(&b6), Ok(false));
    assert!(matches!(
        require_check(&b6),
        Err(LagoonError::MissingPin { .. })
    ));
    let mut s6 = good.clone();
    s6.meta.shape = vec![6, 1];
    assert_eq!(check(&s6), Ok(false));
    // Garbage above the pin.
    let high = Ray::new(m.clone(), good.data.or(&Atom::pow2(200)));
    assert!(matches!(
        require_check(&high),
        Err(LagoonError::ExtraBlocks { elems: 5, .. })
    ));
    // Data 0 crashes ((dec 0)) instead of returning %.n.
    assert_eq!(check(&Ray::new(m, Atom::ZERO)), Err(LagoonError::ZeroData));
    // The top block is not inspected: any non-zero "pin" passes.
    assert_eq!(
        check(&Ray::new(meta(&[1], 3, Kind::Uint), hex("0xff.07"))),
        Ok(true)
    );
}

#[test]
fn indexing_quirks() {
    let a = iota(&meta(&[8], 3, Kind::Uint)).unwrap();
    // lagoon-indexing test-get-item-1d.
    assert_eq!(get_item(&a, &[1]), Ok(Atom::from_u64(1)));
    assert_eq!(get_item(&a, &[7]), Ok(Atom::from_u64(7)));
    assert!(matches!(
        get_item(&a, &[8]),
        Err(LagoonError::IndexOutOfRange { index: 8, dim: 8 })
    ));
    // Extra leading indices are ignored; too few crash.
    assert_eq!(get_item(&a, &[99, 3]), Ok(Atom::from_u64(3)));
    assert_eq!(get_item_number(&[2, 3], &[5, 1, 2]), Ok(5));
    assert_eq!(
        get_item_number(&[2, 3], &[2]),
        Err(LagoonError::TooFewIndices)
    );
    // A shape with no element crashes even before indexing ((sub 0 1)).
    let empty = zeros(&meta(&[0], 3, Kind::Uint)).unwrap();
    assert!(matches!(
        get_item(&empty, &[0]),
        Err(LagoonError::ZeroDecrement { .. })
    ));
    // get-dim is row-major unravel; ind must be below the count.
    assert_eq!(get_dim(&[2, 3, 4], 23), Ok(vec![1, 2, 3]));
    assert_eq!(get_dim(&[2, 3], 6), Err(LagoonError::DimIndex { index: 6 }));
    // strides: [w, w·b, w·c] for [a b c] (scag of the advanced shape).
    let s = strides(&meta(&[2, 3, 4], 5, Kind::I754)).unwrap();
    assert_eq!(
        s,
        vec![Atom::from_u64(32), Atom::from_u64(96), Atom::from_u64(128)]
    );
    // set-item truncates the value to the element width and keeps meta.
    let b = set_item(&a, &[2], &hex("0x1.23")).unwrap();
    assert_eq!(b.data, hex("0x1.0706.0504.0323.0100"));
    // get-item-index: Σ (len/dim mod num).
    assert_eq!(
        get_item_index(&[2, 3], &Atom::from_u64(4)),
        Ok(Atom::from_u64(3 + 2))
    );
}

#[test]
fn rows_and_columns() {
    // 3x4 uint16 counting matrix.
    let a = magic(&meta(&[3, 4], 4, Kind::Uint)).unwrap();
    let r1 = get_row(&a, &[1]).unwrap();
    assert_eq!(r1.meta, meta(&[1, 4], 4, Kind::Uint));
    assert_eq!(r1.data, hex("0x1.0007.0006.0005.0004"));
    let c2 = get_col(&a, &[2]).unwrap();
    assert_eq!(c2.meta, meta(&[1, 3], 4, Kind::Uint));
    assert_eq!(c2.data, hex("0x1.000a.0006.0002"));
    // set-row then get-row round-trips; set-col likewise.
    let row = Ray::new(meta(&[1, 4], 4, Kind::Uint), hex("0x1.0d0d.0c0c.0b0b.0a0a"));
    let b = set_row(&a, &[0], &row).unwrap();
    assert_eq!(get_row(&b, &[0]).unwrap().data, row.data);
    let col = Ray::new(meta(&[1, 3], 4, Kind::Uint), hex("0x1.0003.0002.0001"));
    let c = set_col(&a, &[3], &col).unwrap();
    assert_eq!(get_col(&c, &[3]).unwrap().data, col.data);
    // Rank 1 get-row is the single element, boxed as [~[1] bloq kind ~].
    let v = iota(&meta(&[4], 5, Kind::Uint)).unwrap();
    assert_eq!(get_row(&v, &[2]).unwrap().data, hex("0x1.0000.0002"));
    // Wrong index count, wrong row shape.
    assert!(matches!(
        get_row(&a, &[1, 1]),
        Err(LagoonError::Assert { .. })
    ));
    let short = Ray::new(meta(&[1, 3], 4, Kind::Uint), hex("0x1.0000.0000.0000"));
    assert!(matches!(
        set_row(&a, &[0], &short),
        Err(LagoonError::Assert { .. })
    ));
    // transpose drops the tail and swaps the shape.
    let f = Ray::new(
        meta(&[2, 3], 3, Kind::Fixp).with_tail(q34()),
        hex("0x1.0605.0403.0201"),
    );
    let t = transpose(&f).unwrap();
    assert_eq!(t.meta, meta(&[3, 2], 3, Kind::Fixp));
    assert_eq!(t.data, hex("0x1.0603.0502.0401"));
}

#[test]
fn nested_lists() {
    let m23 = meta(&[2, 3], 5, Kind::I754);
    let lists = rows(&[
        &[0x3f80_0000, 0x4000_0000, 0x4040_0000],
        &[0x4080_0000, 0x40a0_0000, 0x40c0_0000],
    ]);
    let r = en_ray(&Baum {
        meta: m23.clone(),
        data: lists.clone(),
    })
    .unwrap();
    assert_eq!(
        r.data,
        hex("0x1.40c0.0000.40a0.0000.4080.0000.4040.0000.4000.0000.3f80.0000")
    );
    // de-ray gives the same lists back.
    assert_eq!(de_ray(&r).unwrap().data, lists);
    // A flat list serves a [n 1] shape (descent stops at the first atom).
    let col = en_ray(&Baum {
        meta: meta(&[3, 1], 3, Kind::Uint),
        data: flat(&[1, 2, 3]),
    })
    .unwrap();
    assert_eq!(col.data, hex("0x1.0302.01"));
    // Extra list entries are ignored; a missing one crashes (snag).
    let extra = en_ray(&Baum {
        meta: meta(&[1, 4], 3, Kind::Uint),
        data: rows(&[&[1, 2, 3, 4, 5]]),
    })
    .unwrap();
    assert_eq!(extra.data, hex("0x1.0403.0201"));
    assert!(matches!(
        en_ray(&Baum {
            meta: meta(&[2], 3, Kind::Uint),
            data: flat(&[1]),
        }),
        Err(LagoonError::BadNdray(_))
    ));
    // en-ray does not truncate: 0x1ff at bloq 3 spills into element 1.
    let spill = en_ray(&Baum {
        meta: meta(&[2], 3, Kind::Uint),
        data: flat(&[0x1ff, 0x10]),
    })
    .unwrap();
    assert_eq!(spill.data, hex("0x1.11ff"));
    // de-ray: rank 3 crashes; rank 1 is the ravel; a shape with no element gives ~[~].
    let cube = zeros(&meta(&[1, 1, 1], 3, Kind::Uint)).unwrap();
    assert!(matches!(de_ray(&cube), Err(LagoonError::Rank { .. })));
    let v = iota(&meta(&[3], 3, Kind::Uint)).unwrap();
    assert_eq!(de_ray(&v).unwrap().data, flat(&[0, 1, 2]));
    let e = zeros(&meta(&[0, 2], 3, Kind::Uint)).unwrap();
    assert_eq!(
        de_ray(&e).unwrap().data,
        Ndray::List(vec![Ndray::List(vec![])])
    );
    // A rank-2 ray without a pin never reaches data = 1: the Hoon loops.
    let unpinned = Ray::new(meta(&[1, 2], 3, Kind::Uint), hex("0x201"));
    assert!(matches!(
        de_ray(&unpinned),
        Err(LagoonError::Diverges { .. })
    ));
    // ravel: every block but the top one, shape ignored.
    assert_eq!(
        ravel(&unpinned).unwrap(),
        vec![Atom::from_u64(1)],
        "the top element is taken for the pin"
    );
}

#[test]
fn shape_arms() {
    let a = magic(&meta(&[4, 4], 3, Kind::Uint)).unwrap();
    // submatrix bounds are inclusive: rows 1..=2, cols 1..=end.
    let s = submatrix(&[Some((Some(1), Some(2))), Some((Some(1), None))], &a).unwrap();
    assert_eq!(s.meta, meta(&[2, 3], 3, Kind::Uint));
    assert_eq!(s.data, hex("0x1.0b0a.0907.0605"));
    // H-axis: an explicit hi of 0 is a bound, not "to the end".
    let s0 = submatrix(&[Some((None, Some(0)))], &a).unwrap();
    assert_eq!(s0.meta.shape, vec![1, 4]);
    // lo > hi and hi ≥ dim crash.
    assert!(matches!(
        submatrix(&[Some((Some(2), Some(1)))], &a),
        Err(LagoonError::EmptyRange { lo: 2, hi: 1 })
    ));
    assert!(matches!(
        submatrix(&[Some((None, Some(4)))], &a),
        Err(LagoonError::IndexOutOfRange { index: 4, dim: 4 })
    ));
    // reshape checks and keeps the data.
    let r = reshape(&a, &[2, 8]).unwrap();
    assert_eq!(r.data, a.data);
    assert!(matches!(
        reshape(&a, &[1, 1, 2]),
        Err(LagoonError::CountMismatch {
            from: 16,
            to: Some(2)
        })
    ));
    // scalar-to-ray boxes at the meta's rank; unspac drops the pin.
    let b = scalar_to_ray(&meta(&[3, 3], 5, Kind::I754), &hex("0x4040.0000")).unwrap();
    assert_eq!(b.meta.shape, vec![1, 1]);
    assert_eq!(b.data, hex("0x1.4040.0000"));
    assert_eq!(unspac(&b).unwrap().data, hex("0x4040.0000"));
    // urge: dimension i becomes n (not the length); i ≥ n appends.
    let v = iota(&meta(&[3], 3, Kind::Uint)).unwrap();
    assert_eq!(urge(&v, 1, 3).unwrap().meta.shape, vec![1, 3, 1]);
    assert_eq!(urge(&v, 5, 2).unwrap().meta.shape, vec![1, 1, 2]);
}
