//! Random cases for `urnum gen-hoon`: which arms, which inputs, and urnum's result on them.
//!
//! An arm is given by its registry key (`add:la`, `exp:rd`, `add:rpb`,
//! `add:cs`, `add:twoc`). A Lagoon or Saloon arm's argument pattern comes
//! from its catalogue row (`lagoon::arms`, `saloon::arms`): one or two rays,
//! a ray and an element, a ray and an axis; a scalar door's from a table of
//! its binary arms (math.hoon@a71a0b9, unum/complex/twoc.hoon@96f3cfe). An
//! arm outside these is refused with a message, never guessed.
//!
//! Inputs mix special values (±0, ±inf, NaN, ±1, ±max, the smallest
//! subnormal and normal, posit NaR/maxpos/minpos, integer extremes) with random
//! bit patterns; every rounding mode is cycled (`la`, `(lake %n)`, ... ;
//! `~(arm rd:math [%n ...])`, ...).
//!
//! Directed-mode float cases whose result holds an infinity, a NaN or ±max are
//! dropped: there interpreted Hoon's `++fl` overflows to ±inf where urnum
//! saturates as IEEE 754 does (urbit/urbit#7426), a documented divergence the
//! generated test must not report.

use crate::doors;
use crate::registry::{ArmError, Door, Registry};
use crate::rng::SplitMix64;
use hoon::aura::{self, Aura};
use hoon::noun::Noun;
use lagoon::arms::Param;
use softblas::math::arms::Call;
use softblas::scalar::catalogue::find;
use softblas::scalar::i754::Width;
use softblas::Atom;
use std::collections::BTreeMap;
use thiserror::Error;

/// Why cases could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenError {
    /// An arm the signature table does not cover, or that urnum does not register.
    #[error("unsupported arm {0}: {1}")]
    Arm(String, String),
    /// A kind name that is not a Lagoon kind, or a bloq it does not take.
    #[error("bad kind {0}")]
    Kind(String),
}

/// A Lagoon element kind at a bloq.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindBloq {
    /// `i754 uint int2 unum cplx`.
    pub kind: &'static str,
    /// log2 of the element width.
    pub bloq: u32,
}

/// Parses `--kinds` (`i754,uint:5,cplx`): a kind alone means all its bloqs.
///
/// # Errors
/// [`GenError::Kind`] for an unknown kind or bloq.
pub fn parse_kinds(text: &str) -> Result<Vec<KindBloq>, GenError> {
    let bad = |item: &str| {
        let valid: Vec<String> = GEN_KINDS
            .iter()
            .map(|(k, b)| format!("{k} (bloqs {b:?})"))
            .collect();
        GenError::Kind(format!("{item:?}; the kinds are {}", valid.join(", ")))
    };
    let mut out = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (k, b) = match item.split_once(':') {
            Some((k, b)) => (k, Some(b)),
            None => (item, None),
        };
        let &(kind, bloqs) = GEN_KINDS
            .iter()
            .find(|(name, _)| *name == k)
            .ok_or_else(|| bad(item))?;
        match b {
            None => out.extend(bloqs.iter().map(|&bloq| KindBloq { kind, bloq })),
            Some(b) => {
                let bloq: u32 = b.parse().map_err(|_| bad(item))?;
                if !bloqs.contains(&bloq) {
                    return Err(bad(item));
                }
                out.push(KindBloq { kind, bloq });
            }
        }
    }
    if out.is_empty() {
        return Err(bad(text));
    }
    Ok(out)
}

/// The Lagoon kinds gen-hoon draws rays of, with the bloqs of each.
const GEN_KINDS: &[(&str, &[u32])] = &[
    ("i754", &[4, 5, 6, 7]),
    ("uint", &[3, 4, 5, 6]),
    ("int2", &[3, 4, 5, 6]),
    ("unum", &[3, 4, 5, 6]),
    ("cplx", &[5, 6, 7, 8]),
];

/// One argument: its noun, its Hoon text and its vector JSON.
#[derive(Clone, Debug)]
pub struct Arg {
    /// The value.
    pub noun: Noun,
    /// Hoon source for it.
    pub hoon: String,
    /// Its vector encoding.
    pub json: serde_json::Value,
}

/// What urnum computed for a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A ray result.
    Ray(Noun),
    /// A loobean.
    Flag(bool),
    /// An atom (compared as `@`).
    Atom(Atom),
    /// The Hoon crashes here (the check that failed).
    Crash(String),
}

/// One generated case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The registry key.
    pub key: String,
    /// The vector `lib`.
    pub lib: &'static str,
    /// The door sample, as vector `door_args`.
    pub door_args: BTreeMap<String, serde_json::Value>,
    /// The rounding mode in the vector's sense (`n u d z`, or `default`).
    pub rounding: String,
    /// The arguments.
    pub args: Vec<Arg>,
    /// The Hoon expression of the call.
    pub hoon: String,
    /// urnum's result.
    pub expected: Expected,
}

/// How an arm's arguments are shaped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sig {
    /// Lagoon/Saloon: one ray.
    Ray1,
    /// Two rays of one meta.
    Ray2,
    /// Two matrices `[m n]` and `[n p]` of one kind (`+mmul`).
    MatMul,
    /// A ray and an element atom.
    RayScalar,
    /// A ray and an axis.
    RayDim,
    /// Scalar: `n` atoms of the door's width.
    Scalar(usize),
}

/// The shape of a catalogued sample, when gen-hoon draws it: rays and
/// element atoms of one meta, or a ray and an axis.
fn sig_of(params: &[Param]) -> Option<Sig> {
    Some(match params {
        [Param::Ray] => Sig::Ray1,
        [Param::Ray, Param::Ray] => Sig::Ray2,
        [Param::Ray, Param::Atom] => Sig::RayScalar,
        [Param::Ray, Param::Int] => Sig::RayDim,
        _ => return None,
    })
}

fn scalar_sig(door: &str, arm: &str) -> Option<Sig> {
    let arity = match (doors::door(door)?.lib, door) {
        // Constants, lists and counts are not drawn; every other part is a float atom.
        ("math", _) => match softblas::math::arms::find(arm)?.call {
            Call::Constant(_) | Call::Wide(_) | Call::TestList(_) | Call::Places(_) => None,
            c => Some(c.arity()),
        },
        // Only samples of posits are drawn.
        ("unum", _) => find(softblas::scalar::unum::arms::ARMS, arm)?.call.posits(),
        // Element and component samples are drawn alike, as atoms of the door's width.
        ("complex", _) => find(softblas::scalar::cplx::arms::ARMS, arm)
            .map(|a| a.call.arity())
            .filter(|&n| n > 0),
        ("twoc", "twoc") => find(softblas::scalar::int2::arms::ARMS, arm)
            .map(|a| a.call.arity())
            .filter(|&n| n > 0),
        _ => None,
    };
    arity.map(Sig::Scalar)
}

const MODES: [&str; 4] = ["n", "u", "d", "z"];

/// A float's bit pattern drawn from specials, values near 1 and random bits.
fn float_bits(r: &mut SplitMix64, w: u32) -> u128 {
    let f = Width::from_bloq(w.trailing_zeros()).unwrap_or(Width::Q);
    let (ew, p) = (f.exp_bits(), f.frac_bits());
    let sign = 1u128 << (w - 1);
    let exp_all = ((1u128 << ew) - 1) << p;
    let bias = (1u128 << (ew - 1)) - 1;
    let one = bias << p;
    let specials = [
        0,
        sign,
        exp_all,
        exp_all | sign,
        exp_all | (1u128 << (p - 1)),
        one,
        one | sign,
        exp_all - 1,
        (exp_all - 1) | sign,
        1,
        1u128 << p,
        (bias + 1) << p,
        (bias - 1) << p,
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
fn element(r: &mut SplitMix64, kind: &str, w: u32) -> Atom {
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

fn hex(a: &Atom) -> String {
    aura::print(Aura::Ux, a).unwrap_or_else(|_| a.to_string())
}

fn kind_cord(kind: &str) -> Atom {
    Atom::from_le_bytes(kind.as_bytes())
}

/// A random ray of `kb` with `count` elements in `shape`.
fn ray(r: &mut SplitMix64, kb: KindBloq, shape: &[u64]) -> Arg {
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

fn atom_arg(a: Atom, hoon: String) -> Arg {
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
fn overflow_risk(expected: &Expected, float_w: Option<u32>) -> bool {
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
fn rtol_literal(door: &str) -> (&'static str, &'static str) {
    match door {
        "rh" => (".~~1e-2", ".~~0"),
        "rs" => (".1e-5", ".0"),
        "rd" => (".~1e-10", ".~0"),
        _ => (".~~~1e-20", ".~~~0"),
    }
}

/// The sake tolerance literal for an `%i754` bloq.
fn sake_rtol(bloq: u32) -> &'static str {
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
fn set_mode(json: &mut BTreeMap<String, serde_json::Value>, door: &mut Door, face: &str, m: &str) {
    json.insert(face.into(), serde_json::json!(m));
    door.args.insert(
        face.into(),
        Noun::Atom(Atom::from_u64(u64::from(m.as_bytes()[0]))),
    );
}

/// Sets the door-sample face `face` to the literal `text` (`.~1e-10`) in the
/// vector's `door` object and in the registry door alike.
fn set_literal(
    json: &mut BTreeMap<String, serde_json::Value>,
    door: &mut Door,
    face: &str,
    text: &str,
) {
    let a = lit_atom(text);
    json.insert(face.into(), serde_json::json!({"atom": a.to_string()}));
    door.args.insert(face.into(), Noun::Atom(a));
}

/// The draws an arm's generation dropped, by reason, with their counts.
pub type Drops = BTreeMap<String, usize>;

/// How many draws per asked-for case [`generate`] makes at most.
pub const MAX_DRAWS_PER_CASE: usize = 8;

/// Generates `n` cases of arm `key` (cycling `kinds` for ray arms),
/// appending to `out`: draws are made until `n` are kept or
/// [`MAX_DRAWS_PER_CASE`]` · n` were made, and a draw is dropped when urnum
/// does not compute it, its result is a cell, or it risks a directed-mode
/// overflow. When no kept draw asserts a value (every one crashes, and its
/// test would be `expect-fail`, or every draw was dropped), a Lagoon or
/// Saloon arm is drawn again on square matrices (`+eig`, `+qr`), and an arm
/// for which that fails too is refused.
///
/// Returns the dropped draws by reason; fewer than `n` cases were appended
/// only when the draws ran out.
///
/// # Errors
/// [`GenError::Arm`] when the arm is not in the signature table or not
/// registered, or no input drawn for it makes a test that asserts a value.
pub fn generate(
    reg: &Registry,
    key: &str,
    kinds: &[KindBloq],
    n: usize,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Result<Drops, GenError> {
    let start = out.len();
    let dropped = draw(reg, key, kinds, n, r, out, false)?;
    if passing(&out[start..]) {
        return Ok(dropped);
    }
    let mut why = failing(&out[start..], &dropped);
    out.truncate(start);
    // An arm of square matrices (`+eig`, `+qr`, `+det`): drawn again square.
    if key.ends_with(":la") || key.ends_with(":sa") {
        let dropped = draw(reg, key, kinds, n, r, out, true)?;
        if passing(&out[start..]) {
            return Ok(dropped);
        }
        why = format!(
            "{why}; on square matrices, {}",
            failing(&out[start..], &dropped)
        );
        out.truncate(start);
    }
    Err(GenError::Arm(
        key.into(),
        format!(
            "no input gen-hoon draws for it makes a test that asserts a value ({why}); \
             write its cases by hand"
        ),
    ))
}

/// Whether some of the cases assert a value (not all are `expect-fail`).
fn passing(cases: &[Case]) -> bool {
    cases
        .iter()
        .any(|c| !matches!(c.expected, Expected::Crash(_)))
}

/// Why no case of an arm asserts a value: the first crash, or the reasons
/// every draw was dropped.
fn failing(cases: &[Case], dropped: &Drops) -> String {
    match cases.first().map(|c| &c.expected) {
        Some(Expected::Crash(m)) => format!("every kept draw crashes: {m}"),
        _ => format!(
            "every draw was dropped: {}",
            dropped.keys().cloned().collect::<Vec<_>>().join("; ")
        ),
    }
}

/// [`generate`]'s draws; `square`: rays are square matrices.
fn draw(
    reg: &Registry,
    key: &str,
    kinds: &[KindBloq],
    n: usize,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
    square: bool,
) -> Result<Drops, GenError> {
    let (arm, door) = key
        .split_once(':')
        .ok_or_else(|| GenError::Arm(key.into(), "not arm:door".into()))?;
    if reg.get(key).is_none() {
        return Err(GenError::Arm(key.into(), "not implemented in urnum".into()));
    }
    let sig = match door {
        "la" => lagoon::arms::by_name(arm).and_then(|a| match a.rule {
            lagoon::arms::Rule::Mmul => Some(Sig::MatMul),
            _ => sig_of(a.params),
        }),
        "sa" => saloon::arms::by_name(arm).and_then(|a| sig_of(a.params)),
        _ => scalar_sig(door, arm),
    }
    .ok_or_else(|| GenError::Arm(key.into(), "not in gen-hoon's signature table".into()))?;
    let spec = doors::door(door)
        .ok_or_else(|| GenError::Arm(key.into(), "not a door urnum knows".into()))?;
    let lib = spec.lib;
    let kinds: Vec<KindBloq> = if door == "sa" {
        let k: Vec<KindBloq> = kinds.iter().copied().filter(|k| k.kind == "i754").collect();
        if k.is_empty() {
            vec![KindBloq {
                kind: "i754",
                bloq: 5,
            }]
        } else {
            k
        }
    } else {
        kinds.to_vec()
    };
    let mut dropped = Drops::new();
    let start = out.len();
    // Draws go on until `n` cases are kept or `MAX_DRAWS_PER_CASE · n` were made.
    for i in 0..n.saturating_mul(MAX_DRAWS_PER_CASE) {
        if out.len() - start == n {
            break;
        }
        let mode_ix = i % 5;
        let mode = (mode_ix > 0).then(|| MODES[mode_ix - 1]);
        let mut door_args = BTreeMap::new();
        let mut reg_door = Door::bare(door);
        let args: Vec<Arg>;
        let door_text: String;
        let mut float_w = None;
        let rounding: String;
        match sig {
            Sig::Scalar(arity) => {
                let w = if spec.width == 0 { 8 } else { spec.width };
                let (w, text) = match lib {
                    "math" => {
                        let m = MODES[i % 4];
                        let (rt, at) = rtol_literal(door);
                        set_mode(&mut door_args, &mut reg_door, "r", m);
                        set_literal(&mut door_args, &mut reg_door, "rtol", rt);
                        set_literal(&mut door_args, &mut reg_door, "atol", at);
                        float_w = Some(w);
                        rounding = m.to_string();
                        (w, format!("~({arm} {door}:math [%{m} {rt} {at}])"))
                    }
                    "complex" => {
                        let m = MODES[i % 4];
                        set_mode(&mut door_args, &mut reg_door, "rnd", m);
                        float_w = Some(w);
                        rounding = m.to_string();
                        (w, format!("~({arm} {door}:complex %{m})"))
                    }
                    "twoc" => {
                        let bloq = 3 + r.below(5) as u32;
                        door_args.insert(
                            "bloq".into(),
                            serde_json::json!({"atom": format!("0x{bloq:x}")}),
                        );
                        reg_door
                            .args
                            .insert("bloq".into(), Noun::atom(u64::from(bloq)));
                        rounding = "default".into();
                        (1u32 << bloq, format!("~({arm} twoc:twoc {bloq})"))
                    }
                    _ => {
                        rounding = "default".into();
                        (w, format!("{arm}:{door}:unum"))
                    }
                };
                door_text = text;
                args = (0..arity)
                    .map(|_| {
                        let a = match lib {
                            "math" => Atom::from_u128(float_bits(r, w)),
                            "complex" => element(r, "cplx", w),
                            "unum" => element(r, "unum", w),
                            _ => element(r, "int2", w),
                        };
                        let text = if lib == "math" {
                            format!("`@r{}`{}", &door[1..], hex(&a))
                        } else {
                            hex(&a)
                        };
                        atom_arg(a, text)
                    })
                    .collect();
            }
            _ => {
                let kb = kinds[r.below(kinds.len() as u64) as usize];
                let rank = if sig == Sig::MatMul || square {
                    2
                } else {
                    1 + r.below(2) as usize
                };
                let shape: Vec<u64> = if square {
                    vec![2 + r.below(3); 2]
                } else {
                    (0..rank).map(|_| 1 + r.below(4)).collect()
                };
                let first = ray(r, kb, &shape);
                let mut a = vec![first];
                match sig {
                    Sig::Ray2 => a.push(ray(r, kb, &shape)),
                    Sig::MatMul => {
                        let p = 1 + r.below(4);
                        a.push(ray(r, kb, &[shape[1], p]));
                    }
                    Sig::RayScalar => {
                        let e = element(r, kb.kind, 1 << kb.bloq);
                        let text = match (kb.kind, kb.bloq) {
                            ("i754", b) => {
                                format!("`@r{}`{}", ["h", "s", "d", "q"][(b - 4) as usize], hex(&e))
                            }
                            _ => hex(&e),
                        };
                        a.push(atom_arg(e, text));
                    }
                    Sig::RayDim => {
                        let d = r.below(rank as u64);
                        a.push(Arg {
                            noun: Noun::atom(d),
                            hoon: d.to_string(),
                            json: serde_json::json!({"atom": format!("0x{d:x}")}),
                        });
                    }
                    _ => {}
                }
                args = a;
                let floaty = matches!(kb.kind, "i754" | "cplx");
                if floaty {
                    float_w = Some(1);
                }
                if door == "la" {
                    match mode {
                        None => {
                            door_text = format!("{arm}:la");
                            rounding = "default".into();
                        }
                        Some(m) => {
                            door_text = format!("{arm}:(lake %{m})");
                            set_mode(&mut door_args, &mut reg_door, "rnd", m);
                            rounding = m.to_string();
                        }
                    }
                } else {
                    match mode {
                        None => {
                            door_text = format!("{arm}:sa");
                            rounding = "default".into();
                        }
                        Some(m) => {
                            let rt = sake_rtol(kb.bloq);
                            door_text = format!("{arm}:(sake %{m} {rt})");
                            set_mode(&mut door_args, &mut reg_door, "rnd", m);
                            set_literal(&mut door_args, &mut reg_door, "rtol", rt);
                            rounding = m.to_string();
                        }
                    }
                }
            }
        }
        let nouns: Vec<Noun> = args.iter().map(|a| a.noun.clone()).collect();
        let expected = match reg.call(key, &reg_door, &nouns) {
            Ok(n) => match crate::eval::types::result_type(key) {
                Some(t) if t == crate::eval::types::Type::ray() => Expected::Ray(n),
                Some(t) if t == crate::eval::types::Type::flag() => {
                    Expected::Flag(n.as_atom().and_then(Atom::as_u64) == Some(0))
                }
                _ => match n {
                    Noun::Atom(a) => Expected::Atom(a),
                    Noun::Cell(_) => {
                        *dropped
                            .entry("a cell result gen-hoon cannot assert".into())
                            .or_default() += 1;
                        continue;
                    }
                },
            },
            Err(ArmError::Crash(m)) => Expected::Crash(m),
            Err(e) => {
                *dropped.entry(format!("urnum: {e}")).or_default() += 1;
                continue;
            }
        };
        let directed =
            rounding != "n" && rounding != "default" || (rounding == "default" && door == "la");
        let fw = match (&expected, float_w) {
            (Expected::Atom(_), Some(w)) if lib == "complex" => Some(w),
            (Expected::Atom(_), Some(w)) if lib == "math" => Some(w),
            (Expected::Ray(_), Some(_)) => Some(1),
            _ => None,
        };
        if directed && fw.is_some() && overflow_risk(&expected, fw.filter(|w| *w > 1)) {
            *dropped
                .entry("a directed-mode overflow (urbit/urbit#7426: ships before it differ)".into())
                .or_default() += 1;
            continue;
        }
        let arg_text: Vec<&str> = args.iter().map(|a| a.hoon.as_str()).collect();
        let hoon = format!("({door_text} {})", arg_text.join(" "));
        out.push(Case {
            key: key.to_string(),
            lib,
            door_args,
            rounding,
            args,
            hoon,
            expected,
        });
    }
    Ok(dropped)
}
