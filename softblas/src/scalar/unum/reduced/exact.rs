//! The exact values of the `/lib/unum@bcb316c` reduction and the text's
//! constants: [`G`], the Hoon's `[%p s e a]` held exactly, with the arms
//! `gmul gadd gneg gsub gdiv gpoly g-round glt` over it, and [`wide`], the
//! 128- and 200-bit constants and series coefficients parsed once.

use super::super::codec::encode;
use super::super::Width;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{ToPrimitive, Zero};
use std::cmp::Ordering;
use std::sync::OnceLock;

/// An exact g-layer value `(-1)^!s · a · 2^e`, the Hoon's `[%p s e a]` (`a = 0` is a zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct G {
    /// True for non-negative (the Hoon's `%.y`).
    pub(super) s: bool,
    /// The binary exponent.
    pub(super) e: i64,
    /// The integer significand, never normalised.
    pub(super) a: BigUint,
}

impl G {
    /// `[%p %.y --0 v]`.
    pub(super) fn int(v: u64) -> G {
        G {
            s: true,
            e: 0,
            a: BigUint::from(v),
        }
    }

    /// `[%p s e a]` for a small significand.
    pub(super) fn small(s: bool, e: i64, a: u64) -> G {
        G {
            s,
            e,
            a: BigUint::from(a),
        }
    }

    /// `[%p (syn:si k) --0 (abs:si k)]`, an integer as a g-layer value.
    pub(super) fn of_int(k: &BigInt) -> G {
        G {
            s: k.sign() != Sign::Minus,
            e: 0,
            a: k.magnitude().clone(),
        }
    }

    /// The value of a constant `[%p s e 0x…]` (the text's hex digits, dots removed).
    pub(super) fn hex(s: bool, e: i64, digits: &str) -> G {
        // Digit by digit: `BigUint::parse_bytes` sizes its buffer with `f64::log2`, a libm call
        // that the sealed archive must not make.
        let a = digits
            .bytes()
            .filter(|&c| c != b'.')
            .fold(BigUint::default(), |a, c| {
                let d = char::from(c)
                    .to_digit(16)
                    .expect("the constants are hexadecimal");
                (a << 4u32) + d
            });
        G { s, e, a }
    }

    /// The real operand `|x|` of a decoded posit, `[%p %.y e a]`.
    pub(super) fn magnitude(e: i64, a: u128) -> G {
        G {
            s: true,
            e,
            a: BigUint::from(a),
        }
    }

    /// `+bit` of this value at width `w`, with `k` added to the exponent (exactly as the Hoon's
    /// unbounded `@s`: an exponent past ±2^60 saturates the same way any larger one does).
    pub(super) fn round(&self, w: Width, k: &BigInt) -> u128 {
        let k = k.to_i64().unwrap_or(if k.sign() == Sign::Minus {
            i64::MIN
        } else {
            i64::MAX
        });
        let k = k.clamp(-(1 << 60), 1 << 60);
        encode(w, self.s, self.e + k, &self.a)
    }

    /// `+bit` of this value at width `w`.
    pub(super) fn bit(&self, w: Width) -> u128 {
        encode(w, self.s, self.e, &self.a)
    }

    /// This value with sign `s`.
    pub(super) fn with_sign(mut self, s: bool) -> G {
        self.s = s;
        self
    }
}

/// `+gmul`: the exact product.
pub(super) fn gmul(x: &G, y: &G) -> G {
    G {
        s: x.s == y.s,
        e: x.e + y.e,
        a: &x.a * &y.a,
    }
}

/// `+gadd`: the exact sum; a zero significand returns the other operand, exact cancellation
/// gives `[%p %.y --0 0]`.
pub(super) fn gadd(x: &G, y: &G) -> G {
    if x.a.is_zero() {
        return y.clone();
    }
    if y.a.is_zero() {
        return x.clone();
    }
    let emin = x.e.min(y.e);
    let s1 = &x.a << (x.e - emin) as u64;
    let s2 = &y.a << (y.e - emin) as u64;
    if x.s == y.s {
        return G {
            s: x.s,
            e: emin,
            a: s1 + s2,
        };
    }
    match s1.cmp(&s2) {
        Ordering::Greater => G {
            s: x.s,
            e: emin,
            a: s1 - s2,
        },
        Ordering::Less => G {
            s: y.s,
            e: emin,
            a: s2 - s1,
        },
        Ordering::Equal => G::small(true, 0, 0),
    }
}

/// `+gneg`: the exact negation.
pub(super) fn gneg(x: &G) -> G {
    x.clone().with_sign(!x.s)
}

/// `+gsub`: `x + (−y)`, exact.
pub(super) fn gsub(x: &G, y: &G) -> G {
    gadd(x, &gneg(y))
}

/// `+gdiv`: `x / y` as the floor of `(a.x · 2^shift) / a.y`, `shift = g + met(a.y)`, so the
/// quotient carries `g` bits beyond `x`'s own; `[%p %.y --0 0]` for a zero `x`.
pub(super) fn gdiv(x: &G, y: &G, g: u64) -> G {
    if x.a.is_zero() {
        return G::small(true, 0, 0);
    }
    let shift = g + y.a.bits();
    G {
        s: x.s == y.s,
        e: x.e - y.e - shift as i64,
        a: (&x.a << shift) / &y.a,
    }
}

/// `+gpoly`: Horner's rule over `cs` (highest degree first) at `z`, exact.
pub(super) fn gpoly(cs: &[G], z: &G) -> G {
    let (first, rest) = cs.split_first().expect("a series has a coefficient");
    rest.iter()
        .fold(first.clone(), |acc, c| gadd(&gmul(&acc, z), c))
}

/// `+g-round`: the integer nearest `x`, ties away from zero.
pub(super) fn g_round(x: &G) -> BigInt {
    let mag = if x.e >= 0 {
        &x.a << x.e as u64
    } else {
        let sh = x.e.unsigned_abs();
        let q = &x.a >> sh;
        let half = BigUint::from(1u8) << (sh - 1);
        let rm = &x.a - (&q << sh);
        if rm >= half {
            q + 1u8
        } else {
            q
        }
    };
    let sign = if x.s { Sign::Plus } else { Sign::Minus };
    BigInt::from_biguint(sign, mag)
}

/// `+glt`: whether `x < y`, from the sign of the exact difference.
pub(super) fn glt(x: &G, y: &G) -> bool {
    let d = gsub(x, y);
    !d.a.is_zero() && !d.s
}

/// The constants of the text, parsed once.
pub(super) struct Wide {
    pub(super) ln2: G,
    pub(super) invln2: G,
    pub(super) log10_two: G,
    pub(super) invln10: G,
    pub(super) pi2: G,
    pub(super) invpi2: G,
    pub(super) exp_cs: Vec<G>,
    pub(super) sin_cs: Vec<G>,
    pub(super) cos_cs: Vec<G>,
    pub(super) log_cs: Vec<G>,
    pub(super) atan_cs: Vec<G>,
    pub(super) bp_half: G,
    pub(super) bp_pi4: G,
    pub(super) bp_threehalf: G,
    pub(super) bp_pi2: G,
}

/// Positive coefficients with exponent −128.
pub(super) fn q128(digits: &[&str]) -> Vec<G> {
    digits.iter().map(|d| G::hex(true, -128, d)).collect()
}

/// Coefficients with exponent −128 and alternating signs, the first negative when `neg_first`.
pub(super) fn q128_alternating(neg_first: bool, digits: &[&str]) -> Vec<G> {
    digits
        .iter()
        .enumerate()
        .map(|(i, d)| G::hex((i % 2 == 0) != neg_first, -128, d))
        .collect()
}

/// The atanh (and, alternating, atan) coefficients `1/(2k+1)` for `k = 13..1` in the text.
pub(super) const INV_ODD_13: [&str; 13] = [
    "97b.425e.d097.b425.ed09.7b42.5ed0.97b4",
    "a3d.70a3.d70a.3d70.a3d7.0a3d.70a3.d70a",
    "b21.642c.8590.b216.42c8.590b.2164.2c86",
    "c30.c30c.30c3.0c30.c30c.30c3.0c30.c30c",
    "d79.435e.50d7.9435.e50d.7943.5e50.d794",
    "f0f.0f0f.0f0f.0f0f.0f0f.0f0f.0f0f.0f0f",
    "1111.1111.1111.1111.1111.1111.1111.1111",
    "13b1.3b13.b13b.13b1.3b13.b13b.13b1.3b14",
    "1745.d174.5d17.45d1.745d.1745.d174.5d17",
    "1c71.c71c.71c7.1c71.c71c.71c7.1c71.c71c",
    "2492.4924.9249.2492.4924.9249.2492.4925",
    "3333.3333.3333.3333.3333.3333.3333.3333",
    "5555.5555.5555.5555.5555.5555.5555.5555",
];

pub(super) fn wide() -> &'static Wide {
    static WIDE: OnceLock<Wide> = OnceLock::new();
    WIDE.get_or_init(|| {
        // `+lr`'s c_16..c_1 = 1/33..1/3: 1/33, 1/31, 1/29, then 1/27..1/3 as in `+atan-core`.
        let mut log_digits = vec![
            "7c1.f07c.1f07.c1f0.7c1f.07c1.f07c.1f08",
            "842.1084.2108.4210.8421.0842.1084.2108",
            "8d3.dcb0.8d3d.cb08.d3dc.b08d.3dcb.08d4",
        ];
        log_digits.extend_from_slice(&INV_ODD_13);
        Wide {
            ln2: G::hex(true, -128, "b172.17f7.d1cf.79ab.c9e3.b398.03f2.f6af"),
            invln2: G::hex(true, -128, "1.7154.7652.b82f.e177.7d0f.fda0.d23a.7d12"),
            log10_two: G::hex(true, -128, "4d10.4d42.7de7.fbcc.47c4.acd6.05be.48bc"),
            invln10: G::hex(true, -128, "6f2d.ec54.9b94.38ca.9aad.d557.d699.ee19"),
            pi2: G::hex(
                true,
                -200,
                "192.1fb5.4442.d184.6989.8cc5.1701.b839.a252.049c.1114.cf98.e804",
            ),
            invpi2: G::hex(
                true,
                -200,
                "a2.f983.6e4e.4415.29fc.2757.d1f5.34dd.c0db.6295.993c.4390.41fe",
            ),
            exp_cs: q128(&[
                "d.0bef.9761.5e30.36b3.f095.cd13.a64d",
                "5b.69d4.c616.b405.aa1f.fc64.4cd9.fc9e",
                "222.214c.445d.4691.bf8c.9a8a.f541.fc45",
                "aaa.a325.0783.cf22.e306.b08b.d797.037e",
                "2aaa.aaaf.ce24.bb58.3aef.94f8.c614.beae",
                "8000.002e.44f2.6dbc.7227.1943.2ee4.604c",
                "ffff.ffff.fb0f.e844.2a05.c50f.9cfa.ea45",
                "ffff.ffff.d389.a50d.1cdb.82b4.c34e.2f1d",
            ]),
            sin_cs: q128_alternating(
                false,
                &[
                    "b092.309d.4368.4be5.1c19.8e92",
                    "6b.9915.9fd5.138e.3f9d.1f92.e0df",
                    "2e3b.c74a.ad8e.671f.5583.911c.a003",
                    "d.00d0.0d00.d00d.00d0.0d00.d00d.00d0",
                    "222.2222.2222.2222.2222.2222.2222.2222",
                    "2aaa.aaaa.aaaa.aaaa.aaaa.aaaa.aaaa.aaab",
                ],
            ),
            cos_cs: q128_alternating(
                false,
                &[
                    "8.f76c.77fc.6c4b.daa2.6d4c.3d68",
                    "49f.93ed.de27.d71c.bbc0.5b4f.a99a",
                    "1.a01a.01a0.1a01.a01a.01a0.1a01.a01a",
                    "5b.05b0.5b05.b05b.05b0.5b05.b05b.05b0",
                    "aaa.aaaa.aaaa.aaaa.aaaa.aaaa.aaaa.aaab",
                    "8000.0000.0000.0000.0000.0000.0000.0000",
                ],
            ),
            log_cs: q128(&log_digits),
            atan_cs: q128_alternating(true, &INV_ODD_13),
            bp_half: G::hex(true, -128, "76b1.9c15.86ed.3da2.b7f2.22f6.5e1d.4682"),
            bp_pi4: G::hex(true, -128, "c90f.daa2.2168.c234.c4c6.628b.80dc.1cd1"),
            bp_threehalf: G::hex(true, -128, "fb98.5e94.0fb4.d900.7887.af0c.bbc9.e142"),
            bp_pi2: G::hex(true, -128, "1.921f.b544.42d1.8469.898c.c517.01b8.39a2"),
        }
    })
}
