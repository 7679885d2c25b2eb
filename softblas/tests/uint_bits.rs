//! Bit tables for `softblas::scalar::uint` (`++fe` and Lagoon's `%uint`): wrap-around, `dif`
//! underflow, division by zero, byte order and rotations, with the Hoon's results (the stdlib
//! doc examples where there are some).

use softblas::scalar::uint::{Fe, UintError};
use softblas::Atom;

fn a(v: u64) -> Atom {
    Atom::from_u64(v)
}

#[test]
fn dif_wraps_instead_of_crashing() {
    // (bloq, b, c, expected, what the row pins): the stdlib's own examples for ++dif.
    let rows = [
        (3, 63, 64, 255, "63 - 64 wraps to 255 at 8 bits"),
        (3, 5, 10, 251, "5 - 10 = 251"),
        (3, 0, 1, 255, "0 - 1 = 255"),
        (0, 9, 10, 1, "1 bit: sit(9) - sit(10) = 1 - 0"),
        (0, 9, 11, 0, "1 bit: 1 - 1"),
        (0, 9, 12, 1, "1 bit: 1 - 0"),
        (2, 9, 12, 13, "4 bits: 9 - 12 = 13"),
        (2, 63, 64, 15, "4 bits: operands are reduced first, 15 - 0"),
    ];
    for (bloq, b, c, want, why) in rows {
        let fe = Fe::<u128>::new(bloq).unwrap();
        assert_eq!(fe.dif(&b.into(), &c.into()), u128::from(want), "{why}");
        let fe = Fe::<Atom>::new(bloq).unwrap();
        assert_eq!(fe.dif(&a(b), &a(c)), a(want), "{why} (Atom)");
    }
}

#[test]
fn arithmetic_table() {
    let fe = Fe::<Atom>::new(3).unwrap();
    // sum wraps; mul keeps the low bits of the exact product.
    assert_eq!(fe.sum(&a(200), &a(100)), a(44), "200 + 100 = 300 mod 256");
    assert_eq!(fe.mul(&a(16), &a(16)), a(0), "16 * 16 = 256 wraps to 0");
    // div/mod are the exact atom ops, then sit; by zero they crash.
    assert_eq!(fe.div(&a(7), &a(2)), Ok(a(3)), "floor division");
    assert_eq!(fe.rem(&a(7), &a(2)), Ok(a(1)), "remainder");
    assert_eq!(
        fe.div(&a(7), &a(0)),
        Err(UintError::DivideByZero),
        "div by 0 crashes"
    );
    assert_eq!(
        fe.rem(&a(7), &a(0)),
        Err(UintError::DivideByZero),
        "mod by 0 crashes"
    );
    assert_eq!(
        fe.div(&a(0x300), &a(1)),
        Ok(a(0)),
        "a raw quotient wider than w is reduced"
    );
    // pow: 0^0 = 1, 3^5 = 243, 2^8 wraps to 0.
    assert_eq!(fe.pow(&a(0), &a(0)), a(1), "0^0 = 1");
    assert_eq!(fe.pow(&a(3), &a(5)), a(243), "3^5");
    assert_eq!(fe.pow(&a(2), &a(8)), a(0), "2^8 mod 256");
    // inv is the complement of sit; out is 2^w.
    assert_eq!(fe.inv(&a(0x1f0)), a(0x0f), "inv of a reduced operand");
    assert_eq!(fe.out(), a(256), "out = 2^8");
    // comparisons see the raw atoms.
    assert!(fe.gth(&a(0x100), &a(0xff)), "raw atoms, not reduced ones");
}

#[test]
fn wide_words() {
    // bloq 8: 256-bit words compute in Atom; u128 refuses them.
    assert_eq!(Fe::<u128>::new(8), Err(UintError::TooWide { bloq: 8 }));
    assert_eq!(Fe::<Atom>::new(64), Err(UintError::TooWide { bloq: 64 }));
    let fe = Fe::<Atom>::new(8).unwrap();
    let max = Atom::pow2(256).checked_sub(&Atom::ONE).unwrap();
    assert_eq!(fe.sum(&max, &a(1)), a(0), "2^256 - 1 + 1 wraps");
    assert_eq!(fe.dif(&a(0), &a(1)), max, "0 - 1 = 2^256 - 1");
    assert_eq!(fe.mul(&max, &max), a(1), "(-1)^2 = 1 mod 2^256");
}

#[test]
fn byte_order_and_rotation() {
    let fe = Fe::<Atom>::new(5).unwrap();
    let x = a(0x1234_5678);
    assert_eq!(fe.net(&x), a(0x7856_3412), "net swaps the 4 bytes");
    assert_eq!(
        Fe::<Atom>::new(3).unwrap().net(&a(0x1234)),
        a(0x34),
        "net at bloq 3 is sit"
    );
    assert_eq!(
        fe.net(&a(0x12)),
        a(0x1200_0000),
        "short values are padded to the width"
    );
    // Rotations: (left?, block bloq, count, value, result, why).
    let rotations = [
        (
            true,
            0,
            8,
            x.clone(),
            Ok(a(0x3456_7812)),
            "rotate left 8 bits",
        ),
        (
            false,
            0,
            8,
            x.clone(),
            Ok(a(0x7812_3456)),
            "rotate right 8 bits",
        ),
        (
            true,
            3,
            5,
            x.clone(),
            Ok(a(0x3456_7812)),
            "5 bytes mod 4 blocks = 1 byte",
        ),
        (
            true,
            5,
            1,
            x.clone(),
            Ok(x.clone()),
            "one block of the whole width",
        ),
        (
            true,
            0,
            0,
            a(0x1_0000_0001),
            Ok(a(1)),
            "rotation by 0 still reduces",
        ),
        (
            true,
            6,
            1,
            x.clone(),
            Err(UintError::BlockTooWide { bloq: 5, block: 6 }),
            "a block wider than the word crashes ((sub a b))",
        ),
    ];
    for (left, block, n, v, want, why) in rotations {
        let got = if left {
            fe.rol(block, &a(n), &v)
        } else {
            fe.ror(block, &a(n), &v)
        };
        assert_eq!(got, want, "{why}");
    }
}
