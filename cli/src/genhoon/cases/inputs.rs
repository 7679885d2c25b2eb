//! The values a case is made of: float and element bit patterns, rays and
//! atoms as arguments with their Hoon and vector texts, the door samples'
//! modes and tolerance literals, and the directed-mode overflow filter.

use super::{Arg, Expected, KindBloq};
use crate::registry::Door;
use crate::rng::SplitMix64;
use hoon::aura::{self, Aura};
use hoon::noun::Noun;
use softblas::scalar::i754::{self, Width};
use softblas::Atom;
use std::collections::BTreeMap;

pub(super) const MODES: [&str; 4] = ["n", "u", "d", "z"];

/// A float's bit pattern drawn from specials, values near 1 and random bits.
///
/// The specials are the width's named values of `softblas::scalar::i754`:
/// ±0, ±∞, the canonical NaN, ±1, ±the largest finite, the smallest
/// subnormal and normal, 2 and 1/2.
pub(super) fn float_bits(r: &mut SplitMix64, w: u32) -> u128 {
    let f = Width::from_bloq(w.trailing_zeros()).unwrap_or(Width::Q);
    let (sign, bias, p) = (f.sign_bit(), u128::from(f.bias()), f.frac_bits());
    let specials = [
        i754::zero(f),
        i754::neg_zero(f),
        i754::inf(f),
        i754::neg_inf(f),
        i754::canonical_nan(f),
        i754::one(f),
        i754::neg_one(f),
        i754::max_finite(f),
        i754::max_finite(f) | sign,
        i754::min_subnormal(f),
        i754::min_normal(f),
        i754::pow2(f, 1),
        i754::pow2(f, -1),
    ];
    match r.below(4) {
        0 => specials[r.below(specials.len() as u64) as usize],
        1 => {
            // Moderate magnitudes: exponent within 8 of the bias.
            let e = bias - 8 + u128::from(r.below(17) as u8);
            let s = if r.below(2) == 0 { 0 } else { sign };
            s | (e << p) | r.bits(p)
        }
        _ => r.bits(w),
    }
}

/// An element of a kind at a width.
pub(super) fn element(r: &mut SplitMix64, kind: &str, w: u32) -> Atom {
    let mask = |v: u128| if w >= 128 { v } else { v & ((1u128 << w) - 1) };
    match kind {
        "i754" => Atom::from_u128(float_bits(r, w)),
        "cplx" => {
            let h = w / 2;
            if h >= 128 {
                let re = Atom::from_u128(float_bits(r, 128));
                let im = Atom::from_u128(float_bits(r, 128));
                return re.or(&im.shl(128));
            }
            Atom::from_u128(float_bits(r, h) | (float_bits(r, h) << h))
        }
        "unum" => {
            let nar = 1u128 << (w - 1);
            let specials = [0, nar, 1, nar - 1, 1u128 << (w - 2), mask(!0)];
            Atom::from_u128(if r.below(3) == 0 {
                specials[r.below(specials.len() as u64) as usize]
            } else {
                r.bits(w)
            })
        }
        _ => {
            let specials = [0, 1, mask(!0), mask(!0) >> 1, 1u128 << (w - 1)];
            Atom::from_u128(if r.below(3) == 0 {
                specials[r.below(specials.len() as u64) as usize]
            } else {
                r.bits(w)
            })
        }
    }
}

pub(super) fn hex(a: &Atom) -> String {
    aura::print(Aura::Ux, a).unwrap_or_else(|_| a.to_string())
}

fn kind_cord(kind: &str) -> Atom {
    Atom::from_le_bytes(kind.as_bytes())
}

/// A random ray of `kb` with `count` elements in `shape`.
pub(super) fn ray(r: &mut SplitMix64, kb: KindBloq, shape: &[u64]) -> Arg {
    let w = 1u64 << kb.bloq;
    let count: u64 = shape.iter().product();
    let mut data = Atom::pow2(count * w);
    for i in 0..count {
        let e = element(r, kb.kind, u32::try_from(w).unwrap_or(256));
        data = data.with_bits(i * w, w, &e);
    }
    ray_arg(kb, shape, data)
}

fn ray_arg(kb: KindBloq, shape: &[u64], data: Atom) -> Arg {
    let meta = Noun::tuple([
        Noun::list(shape.iter().map(|d| Noun::atom(*d))),
        Noun::atom(u64::from(kb.bloq)),
        Noun::Atom(kind_cord(kb.kind)),
        Noun::NULL,
    ]);
    let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
    let hoon = format!(
        "^-(ray [[~[{}] {} %{} ~] {}])",
        dims.join(" "),
        kb.bloq,
        kb.kind,
        hex(&data)
    );
    let json = serde_json::json!({"ray": {
        "shape": shape, "bloq": kb.bloq, "kind": kb.kind, "tail": {"null": true},
        "data_hex": data.to_string(),
    }});
    Arg {
        noun: Noun::cell(meta, Noun::Atom(data)),
        hoon,
        json,
    }
}

pub(super) fn atom_arg(a: Atom, hoon: String) -> Arg {
    Arg {
        json: serde_json::json!({"atom": a.to_string()}),
        noun: Noun::Atom(a),
        hoon,
    }
}

/// The `(meta, data)` of a ray noun.
fn ray_parts(n: &Noun) -> Option<(Vec<u64>, u32, String, Atom)> {
    let shape = hoon::ray::u64_list_from_noun(n.slot(4)?).ok()?;
    let bloq = u32::try_from(n.slot(10)?.as_atom()?.as_u64()?).ok()?;
    let kind = String::from_utf8(n.slot(22)?.as_atom()?.to_le_bytes()).ok()?;
    let data = n.slot(3)?.as_atom()?.clone();
    Some((shape, bloq, kind, data))
}

/// Whether a float pattern of width `w` is infinite, NaN or ±max.
fn extreme(bits: u128, w: u32) -> bool {
    let Some(f) = Width::from_bloq(w.trailing_zeros()).filter(|f| f.bits() == w) else {
        return false;
    };
    let (ew, p) = (f.exp_bits(), f.frac_bits());
    let e = (bits >> p) & ((1u128 << ew) - 1);
    let f = bits & ((1u128 << p) - 1);
    e == (1u128 << ew) - 1 || (e == (1u128 << ew) - 2 && f == (1u128 << p) - 1)
}

/// Whether a directed-mode result may differ from interpreted Hoon's overflow to ±inf.
pub(super) fn overflow_risk(expected: &Expected, float_w: Option<u32>) -> bool {
    match expected {
        Expected::Ray(n) => {
            let Some((shape, bloq, kind, data)) = ray_parts(n) else {
                return false;
            };
            let w = 1u32 << bloq;
            let (ew, parts) = match kind.as_str() {
                "i754" => (w, 1),
                "cplx" => (w / 2, 2),
                _ => return false,
            };
            let count: u64 = shape.iter().product::<u64>() * parts;
            (0..count).any(|i| extreme(data.bits_u128(i * u64::from(ew), ew.min(128)), ew))
        }
        Expected::Atom(a) => match float_w {
            Some(w) if w <= 128 => extreme(a.low_u128(), w),
            Some(w) => {
                let h = w / 2;
                extreme(a.bits_u128(0, 128), h) || extreme(a.bits_u128(u64::from(h), 128), h)
            }
            None => false,
        },
        _ => false,
    }
}

/// The tolerance literal a math door's sample carries at each width (as the oracle vectors use).
pub(super) fn rtol_literal(door: &str) -> (&'static str, &'static str) {
    match door {
        "rh" => (".~~1e-2", ".~~0"),
        "rs" => (".1e-5", ".0"),
        "rd" => (".~1e-10", ".~0"),
        _ => (".~~~1e-20", ".~~~0"),
    }
}

/// The sake tolerance literal for an `%i754` bloq.
pub(super) fn sake_rtol(bloq: u32) -> &'static str {
    match bloq {
        4 => ".~~1e-2",
        5 => ".1e-5",
        6 => ".~1e-10",
        _ => ".~~~1e-20",
    }
}

fn lit_atom(text: &str) -> Atom {
    aura::parse_literal(text)
        .map(|(_, v)| v)
        .unwrap_or(Atom::ZERO)
}

/// Sets the door-sample face `face` to the rounding mode `m` (`n` for `%n`)
/// in the vector's `door` object and in the registry door alike.
pub(super) fn set_mode(
    json: &mut BTreeMap<String, serde_json::Value>,
    door: &mut Door,
    face: &str,
    m: &str,
) {
    json.insert(face.into(), serde_json::json!(m));
    door.args.insert(
        face.into(),
        Noun::Atom(Atom::from_u64(u64::from(m.as_bytes()[0]))),
    );
}

/// Sets the door-sample face `face` to the literal `text` (`.~1e-10`) in the
/// vector's `door` object and in the registry door alike.
pub(super) fn set_literal(
    json: &mut BTreeMap<String, serde_json::Value>,
    door: &mut Door,
    face: &str,
    text: &str,
) {
    let a = lit_atom(text);
    json.insert(face.into(), serde_json::json!({"atom": a.to_string()}));
    door.args.insert(face.into(), Noun::Atom(a));
}
