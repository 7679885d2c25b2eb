//! One arm's draws: its argument pattern (from its catalogue row or its
//! scalar door's table), its inputs, urnum's result on them, and the draws
//! dropped with their reasons.

use super::inputs::{
    atom_arg, element, float_bits, hex, overflow_risk, ray, rtol_literal, sake_rtol, set_literal,
    set_mode, MODES,
};
use super::{Arg, Case, Drops, Expected, GenError, KindBloq, MAX_DRAWS_PER_CASE};
use crate::doors;
use crate::registry::{ArmError, Door, Registry};
use crate::rng::SplitMix64;
use hoon::noun::Noun;
use lagoon::arms::Param;
use softblas::math::arms::Call;
use softblas::scalar::catalogue::find;
use softblas::Atom;
use std::collections::BTreeMap;

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

/// What [`generate`](super::generate) is asked for: the registry, the arm's
/// key (`arm:door`), the kinds to draw ray arms under, how many cases to
/// keep, and whether rays are drawn as square matrices from the first round
/// (`false`: only when no other draw of a Lagoon or Saloon arm asserts a value).
#[derive(Clone, Copy)]
pub struct Request<'a> {
    /// The arms urnum computes, by key.
    pub reg: &'a Registry,
    /// The arm's key, `arm:door`.
    pub key: &'a str,
    /// The kinds to cycle for ray arms.
    pub kinds: &'a [KindBloq],
    /// How many cases to keep.
    pub n: usize,
    /// Whether rays are square matrices.
    pub square: bool,
}

/// [`generate`](super::generate)'s draws by `req`, appended to `out`.
pub(super) fn draw(
    req: Request<'_>,
    r: &mut SplitMix64,
    out: &mut Vec<Case>,
) -> Result<Drops, GenError> {
    let Request {
        reg,
        key,
        kinds,
        n,
        square,
    } = req;
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
