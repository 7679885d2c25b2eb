//! Evaluating a parsed expression over the arm registry.
//!
//! Values are typed nouns ([`Typed`]), doors (a registry door name and its
//! sample by face), libraries (`math`, `unum`, ...) and gates (an arm of a
//! door). A wing is resolved from the right: `exp:rd:math` is the arm `exp` of
//! the door `rd` of the library `math`; `add:(lake %n)` the arm `add` of the
//! door `(lake %n)` gives; `vals:x` the face `vals` of the value `x`.
//!
//! Doors and their samples (faces in sample order, as the vectors name them):
//! `la` `[rnd]` (`(lake r)`), `sa` `[rnd rtol]` (`(sake r rtol)`), the
//! `/lib/math` doors `rh rs rd rq` `[r rtol atol]`, the `/lib/complex` doors
//! `ch cs cd cq` `[rnd]`, `twoc` `[bloq]`, `twid` `[wid]`, the posit doors
//! `rpb rph rps rpd` (no sample), and `/lib/fixed`, whose arms have no door.
//! A door written without a sample is bunted (the registry's defaults).
//! A bare `rs`/`rd`/... is taken as the `/lib/math` door (whose arithmetic
//! arms are the stdlib door's).

use super::parse::{Expr, Limb, Spec};
use super::print::type_text;
use super::sample::{self, Gate};
use super::stdlib;
use super::types::{result_type, Type};
use crate::doors;
use crate::registry::{ArmError, Door, Registry};
use hoon::aura::Aura;
use hoon::noun::Noun;
use lagoon::print::Tank;
use softblas::Atom;
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

/// A noun with its Hoon type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    /// The noun.
    pub noun: Noun,
    /// Its type.
    pub ty: Type,
}

/// Why an expression gave no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EvalError {
    /// A name that is not bound (the dojo's `-find.name`).
    #[error("-find.{0}")]
    Find(String),
    /// An arm the Hoon's door does not have (the dojo's `-find.arm`), with
    /// the door's arms nearest the name.
    #[error("-find.{arm}")]
    NoArm {
        /// The name asked for.
        arm: String,
        /// The door (`la`, `rs`) or library (`math`) it was looked up in.
        door: String,
        /// The door's arms nearest the name ([`super::arms::nearest`]).
        near: Vec<String>,
    },
    /// A cast whose value does not nest in the type (`nest-fail`).
    #[error("-need.{need} -have.{have} nest-fail")]
    NestFail {
        /// The type asked for.
        need: String,
        /// The value's type.
        have: String,
    },
    /// The Hoon crashes: the text names the failed check.
    #[error("crash: {0}")]
    Crash(String),
    /// urnum cannot evaluate this (an arm not implemented, a form not supported).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The expression is not well-formed for the arm or door (a type error in Hoon).
    #[error("bad expression: {0}")]
    Bad(String),
}

impl From<ArmError> for EvalError {
    fn from(e: ArmError) -> EvalError {
        match e {
            ArmError::Crash(m) => EvalError::Crash(m),
            ArmError::Unsupported(m) => EvalError::Unsupported(m),
            ArmError::BadArgs(m) => EvalError::Bad(m),
        }
    }
}

/// A door: the registry's door name and the sample given so far.
#[derive(Clone, Debug, PartialEq, Eq)]
struct DoorVal {
    name: String,
    args: BTreeMap<String, Noun>,
    /// A float door given hoon.hoon's sample `r` alone (`~(add rs %z)`):
    /// the stdlib door, of whose arms only those `/lib/math` passes through
    /// are evaluated.
    stdlib: bool,
    /// Reached through its library (`rs:math`): only the library's sample
    /// is accepted, never hoon.hoon's `r` alone.
    via_lib: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Val {
    Noun(Typed),
    Door(DoorVal),
    Lib(String),
    /// An arm of a door: the registry key and the door.
    Gate(String, DoorVal),
    /// A gate that makes a door: `lake`, `sake`.
    DoorMaker(&'static str),
}

/// The sample faces of a registry door, in sample order.
fn door_faces(name: &str) -> Option<&'static [&'static str]> {
    doors::door(name).map(|d| d.faces)
}

/// The door a library's bare arms belong to (`add:fixed`).
fn lib_default(lib: &str) -> Option<&'static str> {
    match lib {
        "fixed" => Some("fixed"),
        _ => None,
    }
}

fn bare(name: &str) -> DoorVal {
    DoorVal {
        name: name.to_string(),
        args: BTreeMap::new(),
        stdlib: false,
        via_lib: false,
    }
}

/// The nest-fail of a [`sample::Mismatch`], printed as the dojo prints it.
fn nest_fail(m: sample::Mismatch) -> EvalError {
    EvalError::NestFail {
        need: type_text(&m.need),
        have: type_text(&m.have),
    }
}

/// The evaluator: the registry, the bindings in scope, and the `%slog`
/// hints raised so far.
pub struct Evaluator<'r> {
    reg: &'r Registry,
    env: HashMap<String, Val>,
    /// Each `%slog` an arm raised ([`crate::registry::arm_slog`]), in order: its
    /// priority and tank.
    pub slogs: Vec<(u8, Tank)>,
}

impl<'r> Evaluator<'r> {
    /// An evaluator over `reg` with nothing bound.
    pub fn new(reg: &'r Registry) -> Evaluator<'r> {
        Evaluator {
            reg,
            env: HashMap::new(),
            slogs: Vec::new(),
        }
    }

    /// Evaluates `e` to a typed noun (a nullary arm is called; a door or gate is an error).
    ///
    /// # Errors
    /// [`EvalError`] from any step.
    pub fn eval(&mut self, e: &Expr) -> Result<Typed, EvalError> {
        let v = self.val(e)?;
        self.noun(v)
    }

    fn noun(&mut self, v: Val) -> Result<Typed, EvalError> {
        match v {
            Val::Noun(t) => Ok(t),
            Val::Gate(key, _) if matches!(sample::gate_sample(&key), Some(Gate::Sample(_))) => {
                Err(EvalError::Unsupported(format!(
                    "{key} is a gate; urnum prints values, not gates (call it)"
                )))
            }
            Val::Gate(key, door) => self.call(&key, &door, Vec::new()),
            Val::Door(d) => Err(EvalError::Bad(format!(
                "the door {} is not a value; name one of its arms",
                d.name
            ))),
            Val::Lib(l) => Err(EvalError::Bad(format!("the library {l} is not a value"))),
            Val::DoorMaker(m) => Err(EvalError::Bad(format!("{m} is a gate; call it"))),
        }
    }

    fn call(&mut self, key: &str, door: &DoorVal, args: Vec<Typed>) -> Result<Typed, EvalError> {
        if self.reg.get(key).is_none() {
            let (arm, door) = key.split_once(':').unwrap_or((key, ""));
            let why = super::arms::door_arms(self.reg, door)
                .and_then(|v| v.into_iter().find(|a| a.name == arm))
                .and_then(|a| a.note)
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            return Err(EvalError::Unsupported(format!(
                "the arm {key} is in the Hoon; urnum does not evaluate it{why}"
            )));
        }
        let mut nouns: Vec<Noun> = args.iter().map(|t| t.noun.clone()).collect();
        if let Some(Gate::Sample(need)) = sample::gate_sample(key) {
            let have = Type::tuple(args.iter().map(|t| t.ty.clone()).collect());
            sample::nest(&need, &have, false).map_err(nest_fail)?;
            // As in Hoon, `(f a b)`, `(f [a b])`, `%-(f [a b])` and `(f p)`
            // with `p=[a b]` are one call: the arguments are joined into the
            // sample and split into its parts. Lagoon's and Saloon's rows
            // split their samples themselves (a ray is a cell).
            let rows_split =
                doors::door(&door.name).is_some_and(|d| matches!(d.lib, "lagoon" | "saloon"));
            if !rows_split && !nouns.is_empty() {
                nouns = split_sample(Noun::tuple(nouns), sample::parts(&need));
            }
        }
        let d = Door {
            name: door.name.clone(),
            args: door.args.clone(),
            unum: None,
            policy: self.reg.policy(),
        };
        let noun = self.reg.call(key, &d, &nouns)?;
        if let Some(slog) = crate::registry::arm_slog(key, &nouns) {
            self.slogs.push(slog.map_err(|e| match e {
                hoon::tank::TankError::Crash(m) => EvalError::Crash(m),
                hoon::tank::TankError::Unsupported(m) => EvalError::Unsupported(m),
            })?);
        }
        let ty = result_type(key).ok_or_else(|| {
            EvalError::Unsupported(format!("the result type of {key} is not in the type table"))
        })?;
        Ok(Typed { noun, ty })
    }

    fn val(&mut self, e: &Expr) -> Result<Val, EvalError> {
        match e {
            Expr::Lit(a, v) => Ok(Val::Noun(literal(*a, v))),
            Expr::Wing(limbs) => self.wing(limbs),
            Expr::Cell(items) => {
                let ts = items
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Val::Noun(tuple(ts, None)))
            }
            Expr::List(items) => {
                let ts = items
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Val::Noun(tuple(ts, Some(null()))))
            }
            Expr::Unit(x) => {
                let t = self.eval(x)?;
                Ok(Val::Noun(tuple(vec![null(), t], None)))
            }
            Expr::Cast {
                spec,
                value,
                lenient,
            } => {
                let t = self.eval(value)?;
                let need = spec_type(spec);
                sample::nest(&need, &t.ty, *lenient).map_err(nest_fail)?;
                Ok(Val::Noun(Typed {
                    noun: t.noun,
                    ty: need,
                }))
            }
            Expr::Let {
                name,
                spec,
                value,
                body,
            } => {
                let mut v = self.val(value)?;
                if let Some(s) = spec {
                    let t = self.noun(v)?;
                    let need = spec_type(s);
                    sample::nest(&need, &t.ty, false).map_err(nest_fail)?;
                    v = Val::Noun(Typed {
                        noun: t.noun,
                        ty: need,
                    });
                }
                let old = self.env.insert(name.clone(), v);
                let out = self.val(body);
                match old {
                    Some(o) => self.env.insert(name.clone(), o),
                    None => self.env.remove(name),
                };
                out
            }
            Expr::DoorArm { arm, door, sample } => {
                let d = match self.val(door)? {
                    Val::Door(d) => d,
                    Val::Lib(l) => match lib_default(&l) {
                        Some(d) => bare(d),
                        None => {
                            return Err(EvalError::Bad(format!("{l} is a library, not a door")))
                        }
                    },
                    _ => return Err(EvalError::Bad("~(arm door sample) of a non-door".into())),
                };
                let s = self.eval(sample)?;
                self.arm_of(arm, with_sample(d, s)?)
            }
            Expr::Call(head, args) => {
                let h = self.val(head)?;
                let args = args
                    .iter()
                    .map(|a| self.eval(a))
                    .collect::<Result<Vec<_>, _>>()?;
                match h {
                    // A constant has no `$` to pull (Hoon: `-find.$`).
                    Val::Gate(key, _) if sample::gate_sample(&key) == Some(Gate::Constant) => {
                        Err(EvalError::Find("$".into()))
                    }
                    Val::Gate(key, _) if args.is_empty() => Err(EvalError::Unsupported(format!(
                        "({key}) without arguments runs the gate on its bunted sample, \
                         which urnum does not evaluate"
                    ))),
                    Val::Gate(key, door) => Ok(Val::Noun(self.call(&key, &door, args)?)),
                    Val::DoorMaker(m) => {
                        let d = bare(if m == "lake" { "la" } else { "sa" });
                        let s = tuple(args, None);
                        Ok(Val::Door(with_sample(d, s)?))
                    }
                    Val::Noun(_) => Err(EvalError::Bad(
                        "a call of a value that is not a gate".into(),
                    )),
                    Val::Door(d) => Err(EvalError::Bad(format!("a call of the door {}", d.name))),
                    Val::Lib(l) => Err(EvalError::Bad(format!("a call of the library {l}"))),
                }
            }
        }
    }

    fn wing(&mut self, limbs: &[Limb]) -> Result<Val, EvalError> {
        let Some((first, rest)) = limbs.split_first() else {
            return Err(EvalError::Bad("empty wing".into()));
        };
        if rest.is_empty() {
            return match first {
                Limb::Expr(e) => self.val(e),
                Limb::Name(n) => self.name(n),
            };
        }
        let Limb::Name(head) = first else {
            return Err(EvalError::Bad("a wing's first limb must be a name".into()));
        };
        match self.wing(rest)? {
            Val::Lib(l) => {
                if doors::of_lib(&l).any(|d| d.name == head && d.lib != "fixed") {
                    Ok(Val::Door(DoorVal {
                        via_lib: true,
                        ..bare(head)
                    }))
                } else if let Some(d) = lib_default(&l) {
                    self.arm_of(head, bare(d))
                } else if l == "twoc" {
                    self.arm_of(head, bare("twoc"))
                } else {
                    let names = doors::of_lib(&l).map(|d| d.name);
                    Err(EvalError::NoArm {
                        arm: head.clone(),
                        door: l.clone(),
                        near: super::arms::nearest(head, names),
                    })
                }
            }
            Val::Door(d) if d.name == "la" && head == "lake" => Ok(Val::DoorMaker("lake")),
            Val::Door(d) if d.name == "sa" && head == "sake" => Ok(Val::DoorMaker("sake")),
            Val::Door(d) => self.arm_of(head, d),
            Val::Gate(key, d) => {
                let t = self.call(&key, &d, Vec::new())?;
                face(t, head).map(Val::Noun)
            }
            Val::Noun(t) => face(t, head).map(Val::Noun),
            Val::DoorMaker(m) => Err(EvalError::Bad(format!("{head}:{m}: {m} is a gate"))),
        }
    }

    fn name(&mut self, n: &str) -> Result<Val, EvalError> {
        if let Some(v) = self.env.get(n) {
            return Ok(v.clone());
        }
        match n {
            "lake" => return Ok(Val::DoorMaker("lake")),
            "sake" => return Ok(Val::DoorMaker("sake")),
            "math" | "unum" | "complex" | "twoc" | "fixed" | "lagoon" | "saloon" => {
                return Ok(Val::Lib(n.to_string()))
            }
            _ => {}
        }
        if door_faces(n).is_some() {
            return Ok(Val::Door(bare(n)));
        }
        if stdlib::defines(n) {
            return Err(EvalError::Unsupported(format!(
                "{n} is a hoon.hoon arm; urnum evaluates the numerics libraries only"
            )));
        }
        Err(EvalError::Find(n.to_string()))
    }
}

/// The door `d`'s arms nearest `arm`, for a `-find`.
fn no_arm(reg: &Registry, arm: &str, d: &DoorVal) -> EvalError {
    let arms = super::arms::door_arms(reg, &d.name).unwrap_or_default();
    EvalError::NoArm {
        arm: arm.to_string(),
        door: d.name.clone(),
        near: super::arms::nearest(arm, arms.iter().map(|a| a.name.as_str())),
    }
}

impl Evaluator<'_> {
    /// The arm `arm` of the door `d`: a gate of the registry (or an arm the
    /// Hoon has and urnum does not evaluate, refused when called), or for
    /// hoon.hoon's float door only the arms `/lib/math` passes through; an
    /// arm the Hoon's door does not have is `-find`.
    fn arm_of(&self, arm: &str, d: DoorVal) -> Result<Val, EvalError> {
        if d.stdlib && !stdlib::PASSED_THROUGH.contains(&arm) {
            return Err(if stdlib::float_door_arms(&d.name).contains(&arm) {
                EvalError::Unsupported(format!(
                    "{arm} of hoon.hoon's door {} (urnum evaluates the arms /lib/math \
                     passes through: {})",
                    d.name,
                    stdlib::PASSED_THROUGH.join(" ")
                ))
            } else {
                EvalError::Find(arm.to_string())
            });
        }
        if !d.stdlib && !super::arms::hoon_has(self.reg, &d.name, arm) {
            return Err(no_arm(self.reg, arm, &d));
        }
        Ok(Val::Gate(format!("{arm}:{}", d.name), d))
    }
}

/// A sample noun split into its `k` top parts (`k − 1` heads and the rest);
/// a sample with fewer parts is left whole (the arm then names what is missing).
fn split_sample(s: Noun, k: usize) -> Vec<Noun> {
    let mut parts = Vec::with_capacity(k);
    let mut rest = s;
    for _ in 1..k {
        let Some((h, t)) = rest.as_cell().map(|(h, t)| (h.clone(), t.clone())) else {
            break;
        };
        parts.push(h);
        rest = t;
    }
    parts.push(rest);
    parts
}

/// The face `name` of a typed value.
fn face(t: Typed, name: &str) -> Result<Typed, EvalError> {
    let mut ty = t.ty.clone();
    let mut noun = t.noun.clone();
    loop {
        match ty {
            Type::Face(n, inner) if n == name => return Ok(Typed { noun, ty: *inner }),
            Type::Cell(h, tl) => {
                if is_face(&h, name) {
                    let (hn, _) = noun
                        .as_cell()
                        .ok_or_else(|| EvalError::Bad("value too short for its type".into()))?;
                    return face(
                        Typed {
                            noun: hn.clone(),
                            ty: *h,
                        },
                        name,
                    );
                }
                let (_, tn) = noun
                    .as_cell()
                    .ok_or_else(|| EvalError::Bad("value too short for its type".into()))?;
                noun = tn.clone();
                ty = *tl;
            }
            _ => return Err(EvalError::Find(name.to_string())),
        }
    }
}

fn is_face(ty: &Type, name: &str) -> bool {
    matches!(ty, Type::Face(n, _) if n == name)
}

/// The door `d` with its sample set from `s`, split by the door's faces,
/// after Hoon's check that `s` nests in the door's sample. A float door
/// given a rounding term alone is hoon.hoon's door of that name.
fn with_sample(mut d: DoorVal, s: Typed) -> Result<DoorVal, EvalError> {
    let faces = door_faces(&d.name).ok_or_else(|| {
        EvalError::Unsupported(format!("the door {} has no known sample", d.name))
    })?;
    let Some(need) = sample::door_sample(&d.name) else {
        return Err(EvalError::Bad(format!(
            "the door {} takes no sample",
            d.name
        )));
    };
    let is_float_door = doors::door(&d.name).is_some_and(|x| x.lib == "math");
    if is_float_door && !d.via_lib && sample::nest(&sample::rounding_mode(), &s.ty, false).is_ok() {
        d.args.insert("r".into(), s.noun);
        d.stdlib = true;
        return Ok(d);
    }
    sample::nest(&need, &s.ty, false).map_err(nest_fail)?;
    let mut cur = s.noun;
    for (i, f) in faces.iter().enumerate() {
        if i + 1 == faces.len() {
            d.args.insert((*f).to_string(), cur.clone());
        } else {
            let (h, t) = match cur.as_cell() {
                Some((h, t)) => (h.clone(), t.clone()),
                None => {
                    return Err(EvalError::Bad(format!(
                        "the sample of {} is [{}]",
                        d.name,
                        faces.join(" ")
                    )))
                }
            };
            d.args.insert((*f).to_string(), h);
            cur = t;
        }
    }
    Ok(d)
}

fn null() -> Typed {
    Typed {
        noun: Noun::NULL,
        ty: Type::null(),
    }
}

/// The typed value of a literal.
fn literal(a: Aura, v: &Atom) -> Typed {
    let ty = match a {
        Aura::Tas => Type::Term(String::from_utf8_lossy(&v.to_le_bytes()).into_owned()),
        Aura::F => Type::Const("f".into(), v.as_u64().unwrap_or(0)),
        Aura::N => Type::null(),
        Aura::Raw => Type::atom(""),
        other => Type::atom(other.name()),
    };
    Typed {
        noun: Noun::Atom(v.clone()),
        ty,
    }
}

/// The right-nested tuple of the items (and `last`, if given, as the final tail).
fn tuple(mut items: Vec<Typed>, last: Option<Typed>) -> Typed {
    if let Some(l) = last {
        items.push(l);
    }
    let mut it = items.into_iter().rev();
    let Some(mut acc) = it.next() else {
        return null();
    };
    for t in it {
        acc = Typed {
            noun: Noun::cell(t.noun, acc.noun),
            ty: Type::cell(t.ty, acc.ty),
        };
    }
    acc
}

/// The type a spec names.
fn spec_type(s: &Spec) -> Type {
    match s {
        Spec::Atom(a) => Type::Atom(a.clone()),
        Spec::Noun => Type::Noun,
        Spec::Flag => Type::flag(),
        Spec::Named(n) => match n.as_str() {
            "ray" => Type::ray(),
            "meta" => Type::meta(),
            _ => Type::baum(),
        },
        Spec::List(i) => Type::List(Box::new(spec_type(i))),
        Spec::Unit(i) => Type::Unit(Box::new(spec_type(i))),
        Spec::Cell(items) => Type::tuple(items.iter().map(spec_type).collect()),
    }
}
