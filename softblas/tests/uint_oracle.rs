//! Property tests for `softblas::scalar::uint` (`++fe` and Lagoon's `%uint`) against exact
//! unsigned integers (`num-bigint`): every arm is the exact operation reduced modulo 2^w, at
//! bloqs 0 to 9 (1 to 512 bits), in `Atom` and — up to bloq 7 — in the `u128` fast path, which
//! must agree bit for bit. Operands may be wider than `w` bits, as the Hoon arms accept.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use proptest::prelude::*;
use softblas::scalar::uint::{Fe, UintError, Word};
use softblas::Atom;

/// A raw operand: any width up to 640 bits, or a small value.
fn operand() -> impl Strategy<Value = Atom> {
    prop_oneof![
        3 => (prop::collection::vec(any::<u64>(), 0..10), 0u64..640)
            .prop_map(|(l, w)| Atom::from_limbs(&l).low_bits(w)),
        1 => (0u64..20).prop_map(Atom::from_u64),
    ]
}

/// Every arm's result in one carrier, as atoms.
#[derive(Debug, PartialEq)]
struct Arms {
    sit: Atom,
    sum: Atom,
    dif: Atom,
    inv: Atom,
    mul: Atom,
    div: Result<Atom, UintError>,
    rem: Result<Atom, UintError>,
    pow: Atom,
    cmp: [bool; 4],
}

fn arms<W: Word>(bloq: u32, b: &Atom, c: &Atom, n: &Atom) -> Arms {
    let fe = Fe::<W>::new(bloq).unwrap();
    let (x, y) = (W::from_atom_low(b), W::from_atom_low(c));
    Arms {
        sit: fe.sit(&x).to_atom(),
        sum: fe.sum(&x, &y).to_atom(),
        dif: fe.dif(&x, &y).to_atom(),
        inv: fe.inv(&x).to_atom(),
        mul: fe.mul(&x, &y).to_atom(),
        div: fe.div(&x, &y).map(|v| v.to_atom()),
        rem: fe.rem(&x, &y).map(|v| v.to_atom()),
        pow: fe.pow(&x, n).to_atom(),
        cmp: [
            fe.gth(&x, &y),
            fe.gte(&x, &y),
            fe.lth(&x, &y),
            fe.lte(&x, &y),
        ],
    }
}

proptest! {
    #[test]
    fn every_arm_is_the_exact_operation_mod_2_to_the_w(
        bloq in 0u32..=9,
        b in operand(),
        c in operand(),
        n in prop_oneof![0u64..200, any::<u64>()],
    ) {
        let w = 1u64 << bloq;
        let m = BigUint::one() << w;
        let (x, y) = (b.to_biguint(), c.to_biguint());
        let at = |v: BigUint| Atom::from_biguint(&(v % &m));
        let signed_mod = |v: BigInt| {
            let m = BigInt::from(m.clone());
            Atom::from_biguint(&(((v % &m) + &m) % &m).to_biguint().unwrap())
        };
        let want = Arms {
            sit: at(x.clone()),
            sum: at(&x + &y),
            dif: signed_mod(BigInt::from(x.clone() % &m) - BigInt::from(y.clone() % &m)),
            inv: at(&m - 1u32 - (&x % &m)),
            mul: at(&x * &y),
            div: if y.is_zero() { Err(UintError::DivideByZero) } else { Ok(at(&x / &y)) },
            rem: if y.is_zero() { Err(UintError::DivideByZero) } else { Ok(at(&x % &y)) },
            pow: Atom::from_biguint(&x.modpow(&BigUint::from(n), &m)),
            cmp: [x > y, x >= y, x < y, x <= y],
        };
        let n = Atom::from_u64(n);
        prop_assert_eq!(&arms::<Atom>(bloq, &b, &c, &n), &want);
        if bloq <= 7 && b.bit_len() <= 128 && c.bit_len() <= 128 {
            prop_assert_eq!(&arms::<u128>(bloq, &b, &c, &n), &want);
        }
    }

    #[test]
    fn net_reverses_bytes(bloq in 0u32..=8, b in operand()) {
        let fe = Fe::<Atom>::new(bloq).unwrap();
        let w = 1u64 << bloq;
        let got = fe.net(&b);
        if bloq <= 3 {
            prop_assert_eq!(got, b.low_bits(w));
        } else {
            // byte i of the result is byte (w/8 - 1 - i) of sit(b)
            let nbytes = w / 8;
            for i in 0..nbytes {
                prop_assert_eq!(got.bits(8 * i, 8), b.bits(8 * (nbytes - 1 - i), 8));
            }
            prop_assert!(got.bit_len() <= w);
        }
    }

    #[test]
    fn rol_then_ror_is_sit(bloq in 0u32..=8, blk in 0u32..=8, c in any::<u64>(), d in operand()) {
        let fe = Fe::<Atom>::new(bloq).unwrap();
        let c = Atom::from_u64(c);
        match fe.rol(blk, &c, &d) {
            Err(e) => prop_assert_eq!(e, UintError::BlockTooWide { bloq, block: blk }),
            Ok(r) => {
                prop_assert!(blk <= bloq);
                prop_assert_eq!(fe.ror(blk, &c, &r).unwrap(), fe.sit(&d));
                // Rotation by one block equals the bit rotation by 2^blk bits.
                let w = 1u64 << bloq;
                let k = (c.as_u64().unwrap() % (1u64 << (bloq - blk))) << blk;
                let e = d.low_bits(w);
                let want = e.shl(k).or(&e.shr(w - k)).low_bits(w);
                prop_assert_eq!(r, want);
            }
        }
    }
}
