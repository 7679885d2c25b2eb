//! IP address auras `@if` (`.1.2.3.4`) and `@is` (`.0.0.0.0.0.0.0.1`).
//!
//! Ported from `lip:ag` and `bip:ag` (urbit/urbit `sys/hoon.hoon`, kelvin 138,
//! section 4j) and the `%i` case of `++rend:co`. They matter to float parsing
//! because `++zust:so` tries them before `++royl`: `.1.2.3.4` is an `@if`, not
//! a malformed float. As in Hoon, an `@if` group is 1-3 digits without a
//! leading zero and is not checked against 255 (groups are combined in base 256).

use super::int::{qex, ted};
use super::scan::{dog, is};
use num_bigint::BigUint;
use softblas::Atom;

type Got = Option<(BigUint, usize)>;

/// `ape` of `fel`: a lone `0`, else `fel`.
fn tod(s: &[u8], pos: usize, fel: fn(&[u8], usize) -> Got) -> Got {
    if is(s, pos, b'0') {
        return Some((BigUint::default(), pos + 1));
    }
    fel(s, pos)
}

/// `count` groups separated by `dog`, combined in base `base`.
fn dotted(s: &[u8], pos: usize, count: usize, base: u32, fel: fn(&[u8], usize) -> Got) -> Got {
    let (mut v, mut p) = tod(s, pos, fel)?;
    for _ in 1..count {
        let q = dog(s, p)?;
        let (g, q) = tod(s, q, fel)?;
        v = v * base + g;
        p = q;
    }
    Some((v, p))
}

/// `lip:ag`: four dotted decimal groups (after the leading `.`).
pub(crate) fn lip(s: &[u8], pos: usize) -> Got {
    dotted(s, pos, 4, 256, ted)
}

/// `bip:ag`: eight dotted hex groups (after the leading `.`).
pub(crate) fn bip(s: &[u8], pos: usize) -> Got {
    dotted(s, pos, 8, 0x1_0000, qex)
}

/// `++ro-co`: `count` blocks of `2^bloq` bits of `v`, most significant first,
/// each `.`-prefixed, in `radix`.
fn ro_co(v: &Atom, bloq: u32, count: u64, radix: u32) -> String {
    let mut out = String::new();
    for k in (0..count).rev() {
        let blk = v.cut(bloq, k, 1).unwrap_or_default();
        out.push('.');
        out.push_str(&blk.to_biguint().to_str_radix(radix));
    }
    out
}

/// The text of `@if` (`.1.2.3.4`) or `@is` as `++rend:co` writes it; high bits beyond the address are dropped as Hoon's `++cut` drops them.
pub fn print_ip(v6: bool, v: &Atom) -> String {
    if v6 {
        ro_co(v, 4, 8, 16)
    } else {
        ro_co(v, 3, 4, 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let (v, p) = lip(b"1.2.3.4", 0).unwrap();
        assert_eq!((v.clone(), p), (BigUint::from(0x0102_0304u32), 7));
        assert_eq!(print_ip(false, &Atom::from_biguint(&v)), ".1.2.3.4");
        let (v, _) = bip(b"0.0.0.0.0.0.0.1", 0).unwrap();
        assert_eq!(print_ip(true, &Atom::from_biguint(&v)), ".0.0.0.0.0.0.0.1");
        // Only three groups: not an address.
        assert_eq!(lip(b"1.2.3", 0), None);
    }
}
