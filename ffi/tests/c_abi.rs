//! The C test: every Lagoon, `/lib/math`, Saloon and element-kind golden
//! vector the ABI can express is written to a compact test-data file, and
//! `ffi/c/urnum_test.c`, compiled with the system `cc` against
//! `include/urnum.h` and `liburnum.a`, runs them through the ABI and checks
//! bits and statuses, then runs its malformed-input cases.
//!
//! A vector's post steps become a chain of ABI calls and projections the C
//! program applies to the product (`get-item`, `ravel`, the head of a list, a
//! ray's data, meta or shape, `?>`); an arm that returns a gate is served
//! applied; a crash vector whose operand is itself a crashing Lagoon call
//! becomes that call. Exact vectors are checked against their literal;
//! vectors compared otherwise (relational, tolerance, predicate) and those in
//! DIVERGENT.txt are checked bit for bit against urnum's core value (or crash).
//! Vectors are skipped (counted, reported by reason, never failed) only where
//! the ABI cannot express them; no Lagoon or `/lib/math` vector may be skipped.

mod common;

use hoon::Noun;
use lagoon::{Meta, Tail};
use softblas::scalar::i754::Width;
use softblas::{Atom, Round};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use urnum_ffi::la::encode::{encode, Out};
use urnum_ffi::la::table::{self, Param};
use urnum_ffi::sa::table as sa_table;
use urnum_ffi::{
    urnum_status, URNUM_DATA_ATOM, URNUM_DATA_ELEMS, URNUM_FORM_LIST, URNUM_FORM_RAY,
    URNUM_FORM_RAY_RAW, URNUM_TAIL_NULL, URNUM_TAIL_PREC,
};
use urnum_tests::cli::registry::{Door, Registry};
use urnum_tests::cli::vector::{self, eval, Call, Compare, Entry, Expr, Outcome, Post, Vector};

/// Little-endian writer of the test-data format (see `ffi/c/urnum_test.c`).
#[derive(Default)]
struct W(Vec<u8>);

impl W {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bytes(&mut self, b: &[u8]) {
        self.u64(b.len() as u64);
        self.0.extend_from_slice(b);
    }
    fn meta(&mut self, m: &Meta) -> Result<(), String> {
        self.u32(m.shape.len() as u32);
        for d in &m.shape {
            self.u64(*d);
        }
        self.u8(u8::try_from(m.bloq).map_err(|_| "bloq over 255")?);
        self.u8(urnum_ffi::la::decode::kind_code(m.kind));
        match &m.tail {
            Tail::Null => {
                self.u8(URNUM_TAIL_NULL);
                self.u64(0);
                self.u64(0);
            }
            Tail::Prec { a, b } => {
                self.u8(URNUM_TAIL_PREC);
                self.u64(a.as_u64().ok_or("tail a over 64 bits")?);
                self.u64(b.as_u64().ok_or("tail b over 64 bits")?);
            }
            Tail::Other(_) => return Err("a tail the ABI cannot express".into()),
        }
        Ok(())
    }
}

/// Why vectors were not run, with counts (and per arm for unserved arms).
#[derive(Default)]
struct Skips(BTreeMap<String, usize>);

impl Skips {
    fn add(&mut self, why: impl Into<String>) {
        *self.0.entry(why.into()).or_default() += 1;
    }
    fn total(&self) -> usize {
        self.0.values().sum()
    }
}

/// The sample split into `k` right-nested parts, as the registry splits it.
fn parts(args: &[Noun], k: usize) -> Option<Vec<Noun>> {
    if args.is_empty() {
        return None;
    }
    Noun::tuple(args.iter().cloned()).untuple(k)
}

fn eval_noun(reg: &Registry, e: &Expr) -> Result<Noun, String> {
    eval::eval(reg, e)
        .map(|v| v.noun)
        .map_err(|e| format!("operand evaluation: {e:?}"))
}

/// The rounding code of the vector's door face `face` (`bunt` when absent).
fn round_code(reg: &Registry, v: &Vector, face: &str, bunt: Round) -> Result<u8, String> {
    call_round(reg, &v.call, face, bunt)
}

/// The rounding code of a call's door face `face` (`bunt` when absent).
fn call_round(reg: &Registry, call: &Call, face: &str, bunt: Round) -> Result<u8, String> {
    let mut d = Door::bare(&call.door);
    for (f, e) in &call.door_args {
        d.args.insert(f.clone(), eval_noun(reg, e)?);
    }
    d.round(face, bunt)
        .map(Round::code)
        .map_err(|e| format!("door: {e}"))
}

/// The nouns of a vector's call arguments.
fn arg_nouns(reg: &Registry, v: &Vector) -> Result<Vec<Noun>, String> {
    v.call.args.iter().map(|e| eval_noun(reg, e)).collect()
}

fn atom_of(n: &Noun) -> Result<&Atom, String> {
    n.as_atom()
        .ok_or_else(|| "a cell where an atom is expected".into())
}

/// Writes the operand block of a sample split into `p` by `params` (rays,
/// metas, atoms, ints, as `ffi/c/urnum_test.c` reads them); rays alternate
/// between the two input forms with `idx`.
/// The C ABI's `/lib/unum` revision key (`urnum_args.unum_rev`) a registry key's `@` suffix
/// names (`exp:sa@96f3cfe`): `URNUM_UNUM_REV_NONE` for none or an unknown text.
fn rev_key(key: &str) -> u32 {
    key.split_once('@')
        .and_then(|(_, r)| softblas::scalar::unum::UnumRev::from_commit(r))
        .map_or(urnum_ffi::unum::URNUM_UNUM_REV_NONE, |r| r.abi_key())
}

/// Writes the operand block of `p` for `params` with the revision key `rev` last.
fn operand_block(
    w: &mut W,
    params: &[Param],
    p: &[Noun],
    idx: usize,
    rev: u32,
) -> Result<(), String> {
    let (mut rays, mut metas, mut atoms, mut ints) =
        (W::default(), W::default(), W::default(), Vec::<u64>::new());
    let (mut nr, mut nm, mut na) = (0u32, 0u32, 0u32);
    let mut lists: Vec<Vec<u64>> = Vec::new();
    for (param, part) in params.iter().zip(p) {
        match param {
            Param::Ray => {
                let r =
                    hoon::ray::ray_from_noun(part).map_err(|e| format!("ray operand: {e:?}"))?;
                rays.meta(&r.meta)?;
                let bits = urnum_ffi::la::decode::element_bits(&r.meta);
                let canonical = bits.is_some_and(|b| r.data.bit_len() == b + 1);
                if canonical && idx % 2 == 1 {
                    // Element bytes without the pin.
                    let b = bits.unwrap_or(0);
                    let mut e = r.data.to_le_bytes();
                    e.truncate(b.div_ceil(8) as usize);
                    if !b.is_multiple_of(8) {
                        if let Some(l) = e.last_mut() {
                            *l &= (1u8 << (b % 8)) - 1;
                        }
                    }
                    rays.u8(URNUM_DATA_ELEMS);
                    rays.bytes(&e);
                } else {
                    rays.u8(URNUM_DATA_ATOM);
                    rays.bytes(&r.data.to_le_bytes());
                }
                nr += 1;
            }
            Param::Meta => {
                let m =
                    hoon::ray::meta_from_noun(part).map_err(|e| format!("meta operand: {e:?}"))?;
                metas.meta(&m)?;
                nm += 1;
            }
            Param::Atom | Param::Count | Param::Kind | Param::Term(_) => {
                atoms.bytes(&atom_of(part)?.to_le_bytes());
                na += 1;
            }
            Param::Pair => {
                let (a, b) = part.as_cell().ok_or("a pair operand is an atom")?;
                atoms.bytes(&atom_of(a)?.to_le_bytes());
                atoms.bytes(&atom_of(b)?.to_le_bytes());
                na += 2;
            }
            Param::Int => ints.push(
                atom_of(part)?
                    .as_u64()
                    .ok_or("an int operand over 64 bits")?,
            ),
            Param::Shape | Param::Index | Param::Values => lists.push(
                hoon::ray::u64_list_from_noun(part).map_err(|e| format!("list operand: {e:?}"))?,
            ),
            Param::Slices => lists.push(slice_ints(part)?),
        }
    }
    // The fixed ints, the lengths of all lists but the last, the items.
    let lengths = lists.len().saturating_sub(1);
    ints.extend(lists[..lengths].iter().map(|l| l.len() as u64));
    ints.extend(lists.into_iter().flatten());
    w.u32(nr);
    w.0.extend(rays.0);
    w.u32(nm);
    w.0.extend(metas.0);
    w.u32(na);
    w.0.extend(atoms.0);
    w.u32(ints.len() as u32);
    for i in &ints {
        w.u64(*i);
    }
    w.u32(rev);
    Ok(())
}

/// The ints of a `(list slice)` operand (see `urnum_ffi::la::table::Param::Slices`).
fn slice_ints(n: &Noun) -> Result<Vec<u64>, String> {
    let bound = |b: &Noun| -> Result<Option<u64>, String> {
        match b.as_cell() {
            None if atom_of(b)?.is_zero() => Ok(None),
            Some((_, x)) => Ok(Some(
                atom_of(x)?.as_u64().ok_or("a slice bound over 64 bits")?,
            )),
            None => Err("a slice bound is not a unit".into()),
        }
    };
    let mut ints = Vec::new();
    for s in n.as_list().ok_or("the slices are not a list")? {
        match s.as_cell() {
            None => ints.extend([0, 0, 0]),
            Some((_, lh)) => {
                let (lo, hi) = lh.as_cell().ok_or("a slice is not a pair of bounds")?;
                let (lo, hi) = (bound(lo)?, bound(hi)?);
                let tag = 1 | u64::from(lo.is_some()) << 1 | u64::from(hi.is_some()) << 2;
                ints.extend([tag, lo.unwrap_or(0), hi.unwrap_or(0)]);
            }
        }
    }
    Ok(ints)
}

/// What a chain of post steps ends in, to read the expected noun as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Final {
    /// The arm's own product.
    Product,
    /// An atom (`get-item`, the head of a list, a ray's data).
    Atom,
    /// A ray's shape: a list of 8-byte items.
    Shape,
    /// A ray's meta.
    Meta,
}

/// Writes the post steps of `v` (after a `u32` count) as the C program chains
/// them, and says what the chain ends in; `Err` when a step is not an ABI call
/// or a projection the C program makes.
fn post_steps(reg: &Registry, w: &mut W, v: &Vector, idx: usize) -> Result<Final, String> {
    let mut steps = W::default();
    let mut n = 0u32;
    let mut fin = Final::Product;
    let mut i = 0;
    while i < v.post.len() {
        let (code, f) = match (&v.post[i], v.post.get(i + 1)) {
            (Post::Call(c), _) => {
                let arm = table::by_name(unpinned(&c.key))
                    .ok_or_else(|| format!("post step: {} not in the ABI", c.key))?;
                if arm.params.first() != Some(&Param::Ray) {
                    return Err(format!("post step: {} does not take a ray first", c.key));
                }
                let args = c
                    .args
                    .iter()
                    .map(|e| eval_noun(reg, e))
                    .collect::<Result<Vec<_>, _>>()?;
                let rest = &arm.params[1..];
                let p = if rest.is_empty() {
                    Vec::new()
                } else {
                    parts(&args, rest.len()).ok_or("post step: too few arguments")?
                };
                steps.u8(b'C');
                steps.u32(arm.id);
                steps.u8(call_round(reg, c, "rnd", Round::Z)?);
                operand_block(&mut steps, rest, &p, idx, rev_key(&c.key))?;
                let f = match arm.name {
                    "get-item" => Final::Atom,
                    // The item width of a list the chain ends in is the ray's; no vector needs it.
                    "ravel" if i + 1 == v.post.len() => {
                        return Err("post chain ends in +ravel".into())
                    }
                    _ => Final::Product,
                };
                (None, f)
            }
            (Post::Wing(h), _) if h == "-" => (Some(b'H'), Final::Atom),
            (Post::Wing(d), _) if d == "data" => (Some(b'D'), Final::Atom),
            (Post::Wing(m), Some(Post::Wing(sh))) if m == "meta" && sh == "shape" => {
                i += 1;
                (Some(b'S'), Final::Shape)
            }
            (Post::Wing(m), _) if m == "meta" => (Some(b'M'), Final::Meta),
            (Post::Assert, _) => (Some(b'A'), fin),
            (Post::Std(l), _) if l == "lent" => (Some(b'N'), Final::Atom),
            (p, _) => return Err(format!("post step {p:?}")),
        };
        if let Some(c) = code {
            steps.u8(c);
        }
        fin = f;
        n += 1;
        i += 1;
    }
    w.u32(n);
    w.0.extend(steps.0);
    Ok(fin)
}

/// The status a vector expects through the ABI: `URNUM_CRASH` for a `crash`
/// vector, `URNUM_OK` for any other.
fn expected_status(v: &Vector) -> urnum_status {
    if v.compare == Compare::Crash {
        urnum_status::URNUM_CRASH
    } else {
        urnum_status::URNUM_OK
    }
}

/// The value the ABI must produce for a vector that does not crash: the
/// vector's literal for `exact`; for any other comparison (relational,
/// tolerance, predicate) urnum's core value of the call and its post steps,
/// which passes the vector's comparison (`generate` runs only passing
/// vectors), so that the ABI is checked bit for bit against the core.
fn value_noun(reg: &Registry, v: &Vector) -> Result<Noun, String> {
    if v.compare == Compare::Exact {
        let e = v.expected.as_ref().ok_or("no expected value")?;
        eval_noun(reg, e)
    } else {
        eval::eval_top(reg, &v.call, &v.post)
            .map(|x| x.noun)
            .map_err(|e| format!("core value: {e:?}"))
    }
}

/// Encodes a Lagoon vector's record, or says why it cannot be expressed.
fn lagoon_record(reg: &Registry, v: &Vector, arm: &table::Arm, idx: usize) -> Result<W, String> {
    let expect = expected_status(v);
    let rnd = round_code(reg, v, "rnd", Round::Z)?;
    let mut args = Vec::new();
    for e in &v.call.args {
        match eval::eval(reg, e) {
            Ok(x) => args.push(x.noun),
            // A crash vector whose operand is itself a crashing Lagoon call
            // (`(add (ones [~[5 1] 3 %i754 ~]) ...)`): the Hoon crashes in the
            // operand, so the record is that call, expecting the crash.
            Err(eval::EvalError::Crash(_)) if expect == urnum_status::URNUM_CRASH => {
                let Expr::Call(c) = e else {
                    return Err("a crashing operand that is not a call".into());
                };
                let inner = table::by_name(unpinned(&c.key))
                    .ok_or_else(|| format!("crashing operand {} not in the ABI", c.key))?;
                let w = Vector {
                    call: (**c).clone(),
                    post: Vec::new(),
                    ..v.clone()
                };
                return lagoon_record(reg, &w, &inner, idx);
            }
            Err(e) => return Err(format!("operand evaluation: {e:?}")),
        }
    }
    // An arm that returns a gate is served applied: the gate's sample follows the arm's.
    let mut post = v.post.clone();
    if let [Post::Apply(more), ..] = &post[..] {
        for e in more {
            args.push(eval_noun(reg, e)?);
        }
        post.remove(0);
    }
    let chained = &Vector { post, ..v.clone() };
    let p = parts(&args, arm.params.len()).ok_or("the sample has too few parts")?;
    let mut w = W::default();
    w.u32(arm.id);
    w.u8(rnd);
    w.u8(expect as u8);
    operand_block(&mut w, arm.params, &p, idx, rev_key(&v.call.key))?;
    let fin = post_steps(reg, &mut w, chained, idx)?;
    if expect == urnum_status::URNUM_OK {
        let n = value_noun(reg, v)?;
        if arm.name == "ravel" && fin == Final::Product {
            let r = hoon::ray::ray_from_noun(&p[0]).map_err(|e| format!("{e:?}"))?;
            let items = n
                .as_list()
                .ok_or("ravel's value is not a list")?
                .iter()
                .map(|i| atom_of(i).cloned())
                .collect::<Result<Vec<_>, _>>()?;
            let width = u32::try_from((1u64 << r.meta.bloq.min(40)) / 8)
                .unwrap_or(1)
                .max(1);
            expected_part(&mut w, &Out::List { items, width })?;
        } else {
            final_part(&mut w, fin, &n)?;
        }
    }
    Ok(w)
}

/// Writes the expected value `n` of a chain that ends in `fin`.
fn final_part(w: &mut W, fin: Final, n: &Noun) -> Result<(), String> {
    if fin == Final::Meta {
        let m = hoon::ray::meta_from_noun(n).map_err(|e| format!("expected meta: {e:?}"))?;
        w.u8(FORM_META);
        return w.meta(&m);
    }
    let out = if fin == Final::Shape {
        let items = hoon::ray::u64_list_from_noun(n).map_err(|e| format!("{e:?}"))?;
        Out::List {
            items: items.into_iter().map(Atom::from_u64).collect(),
            width: 8,
        }
    } else if let Some(a) = n.as_atom() {
        Out::Atom(a.clone())
    } else if fin == Final::Atom {
        return Err("an atom step gave a cell".into());
    } else {
        Out::Ray(hoon::ray::ray_from_noun(n).map_err(|e| format!("expected ray: {e:?}"))?)
    };
    expected_part(w, &out)
}

/// The expected-part form of a meta alone (a `meta` wing), known only to the C test.
const FORM_META: u8 = 0xfe;

/// Writes one expected result: form, then meta (rays) or item counts (lists), then bytes.
fn expected_part(w: &mut W, out: &Out) -> Result<(), String> {
    let enc = encode(out).map_err(|s| format!("expected value not expressible ({s:?})"))?;
    w.u8(enc.plan.form);
    match (enc.plan.form, out) {
        (URNUM_FORM_RAY | URNUM_FORM_RAY_RAW, Out::Ray(r)) => w.meta(&r.meta)?,
        (URNUM_FORM_LIST, _) => {
            w.u64(enc.plan.items);
            w.u32(enc.plan.item_bytes);
        }
        _ => {}
    }
    w.bytes(&enc.bytes);
    Ok(())
}

/// The part a Saloon vector's post steps select and the steps left after
/// it: `None` for the whole product, `Some(i)` for one face of a tuple product
/// (a leading face wing) or the one part of a one-part product that further
/// steps (ABI calls, projections) apply to.
fn saloon_select(arm: &sa_table::Arm, v: &Vector) -> Result<(Option<u8>, Vec<Post>), String> {
    // The faces of a tuple product, from the catalogue.
    let faces: Vec<&str> = match arm.product {
        lagoon::arms::Mold::Tuple(items) => items.iter().map(|(f, _)| *f).collect(),
        _ => Vec::new(),
    };
    if let Some(Post::Wing(face)) = v.post.first() {
        if let Some(i) = faces.iter().position(|f| !f.is_empty() && f == face) {
            return Ok((Some(i as u8), v.post[1..].to_vec()));
        }
    }
    match (&v.post[..], arm.parts()) {
        ([], _) => Ok((None, Vec::new())),
        (_, sa_table::Shape::Fixed(1)) => Ok((Some(0), v.post.clone())),
        (p, _) => Err(format!("post steps {p:?} on a product of several parts")),
    }
}

/// The parts of a Saloon product noun: a right-nested tuple of `k` parts, or
/// `+chol-unit`'s unit (`~` no part, `[~ u]` one).
fn saloon_parts(shape: sa_table::Shape, n: &Noun) -> Result<Vec<Out>, String> {
    let nouns = match shape {
        sa_table::Shape::Unit => match n.as_cell() {
            None => Vec::new(),
            Some((_, u)) => vec![u.clone()],
        },
        sa_table::Shape::Fixed(k) => {
            parts(std::slice::from_ref(n), k as usize).ok_or("a short tuple")?
        }
    };
    nouns
        .iter()
        .map(|p| match p.as_atom() {
            Some(a) => Ok(Out::Atom(a.clone())),
            None => hoon::ray::ray_from_noun(p)
                .map(Out::Ray)
                .map_err(|e| format!("expected ray: {e:?}")),
        })
        .collect()
}

/// Encodes a Saloon vector's record (`'A'`), or says why it cannot be expressed.
fn saloon_record(reg: &Registry, v: &Vector, arm: &sa_table::Arm, idx: usize) -> Result<W, String> {
    let expect = expected_status(v);
    let (select, steps) = saloon_select(arm, v)?;
    let rnd = round_code(reg, v, "rnd", Round::N)?;
    let rtol = match v.call.door_args.iter().find(|(f, _)| f == "rtol") {
        Some((_, e)) => atom_of(&eval_noun(reg, e)?)?.clone(),
        None => Atom::ONE,
    };
    let args = arg_nouns(reg, v)?;
    let p = parts(&args, arm.params.len()).ok_or("the sample has too few parts")?;
    let mut w = W::default();
    w.u32(arm.id);
    w.u8(rnd);
    w.bytes(&rtol.to_le_bytes());
    w.u8(expect as u8);
    operand_block(&mut w, arm.params, &p, idx, rev_key(&v.call.key))?;
    let chained = &Vector {
        post: steps,
        ..v.clone()
    };
    let fin = post_steps(reg, &mut w, chained, idx)?;
    if expect == urnum_status::URNUM_OK {
        let n = value_noun(reg, v)?;
        w.u8(select.unwrap_or(0xff));
        if chained.post.is_empty() {
            let outs = match select {
                None => saloon_parts(arm.parts(), &n)?,
                Some(_) => saloon_parts(sa_table::Shape::Fixed(1), &n)?,
            };
            w.u32(outs.len() as u32);
            for o in &outs {
                expected_part(&mut w, o)?;
            }
        } else {
            w.u32(1);
            final_part(&mut w, fin, &n)?;
        }
    }
    Ok(w)
}

/// Encodes a `/lib/math` vector's record, or says why it cannot be expressed.
fn math_record(reg: &Registry, v: &Vector) -> Result<W, String> {
    let (name, door) = unpinned(&v.call.key).split_once(':').ok_or("no door")?;
    let width = softblas::math::Door::of_name(door)
        .ok_or("not a /lib/math float door")?
        .width();
    let bloq = width.bloq() as u8;
    let op =
        urnum_ffi::math::op_of(name).ok_or_else(|| format!("math arm {name} not in the ABI"))?;
    let expect = expected_status(v);
    let rnd = round_code(reg, v, "r", Round::Z)?;
    let tol = common::tolerances(width, &v.call.door_args, |e| {
        atom_of(&eval_noun(reg, e)?)?
            .as_u128()
            .ok_or_else(|| "tolerance over 128 bits".to_string())
    })?;
    let args = arg_nouns(reg, v)?;
    let mut w = W::default();
    w.u32(op);
    w.u8(bloq);
    w.u8(rnd);
    w.u8(expect as u8);
    match tol {
        None => w.u8(0),
        Some((r, a)) => {
            w.u8(1);
            w.0.extend_from_slice(&r.to_le_bytes());
            w.0.extend_from_slice(&a.to_le_bytes());
        }
    }
    w.u32(args.len() as u32);
    for a in &args {
        let a = atom_of(a)?.as_u128().ok_or("operand over 128 bits")?;
        w.0.extend_from_slice(&a.to_le_bytes());
    }
    if expect == urnum_status::URNUM_OK {
        let n = value_noun(reg, v)?;
        let a = atom_of(&n)?.as_u128().ok_or("value over 128 bits")?;
        w.0.extend_from_slice(&a.to_le_bytes());
    }
    Ok(w)
}

/// What went into the test data, for the report.
#[derive(Default)]
struct Counts {
    /// Records per Lagoon arm.
    lagoon_arms: BTreeMap<String, usize>,
    /// Records per `/lib/math` door.
    math_doors: BTreeMap<String, usize>,
    /// Records per element-kind door (`rpb`, `twoc`, ...).
    scalar_doors: BTreeMap<String, usize>,
    /// Element-kind records.
    scalars: usize,
    /// Records per Saloon arm.
    saloon_arms: BTreeMap<String, usize>,
    /// Saloon records.
    saloon: usize,
    /// Records that expect `URNUM_CRASH`.
    crashes: usize,
    /// Vectors compared other than `exact`/`crash`, checked against urnum's core value.
    core_checked: usize,
    /// Vectors of DIVERGENT.txt, checked against urnum's core outcome.
    divergent: usize,
}

/// Encodes a posit (`/lib/unum`) or two's-complement (`/lib/twoc`) vector as an
/// element-kind record for `urnum_scalar`, or says why it cannot be expressed.
fn scalar_record(reg: &Registry, v: &Vector) -> Result<W, String> {
    let (name, door) = unpinned(&v.call.key).split_once(':').ok_or("no door")?;
    let (kind, bloq) = match door {
        "rpb" => (urnum_ffi::URNUM_UNUM, 3u8),
        "rph" => (urnum_ffi::URNUM_UNUM, 4),
        "rps" => (urnum_ffi::URNUM_UNUM, 5),
        "rpd" => (urnum_ffi::URNUM_UNUM, 6),
        "twoc" => {
            let b = v
                .call
                .door_args
                .iter()
                .find(|(f, _)| f == "bloq")
                .ok_or("twoc door without a bloq")?;
            let b = eval_noun(reg, &b.1)?;
            let b = atom_of(&b)?
                .as_u64()
                .and_then(|b| u8::try_from(b).ok())
                .ok_or("bloq")?;
            (urnum_ffi::URNUM_INT2, b)
        }
        _ => return Err("not a posit or twoc door".into()),
    };
    let op = match name {
        "add" => urnum_ffi::scalar::URNUM_SC_ADD,
        "sub" => urnum_ffi::scalar::URNUM_SC_SUB,
        "mul" => urnum_ffi::scalar::URNUM_SC_MUL,
        "div" => urnum_ffi::scalar::URNUM_SC_DIV,
        _ => return Err(format!("element op {name} not mapped")),
    };
    let expect = expected_status(v);
    let args = arg_nouns(reg, v)?;
    let [x, y] = &args[..] else {
        return Err("not two operands".into());
    };
    let mut w = W::default();
    w.u8(kind);
    w.u8(bloq);
    w.u32(op);
    w.u8(expect as u8);
    w.bytes(&atom_of(x)?.to_le_bytes());
    w.bytes(&atom_of(y)?.to_le_bytes());
    if expect == urnum_status::URNUM_OK {
        let n = value_noun(reg, v)?;
        let a = atom_of(&n)?;
        w.bytes(&if a.is_zero() {
            Vec::new()
        } else {
            a.to_le_bytes()
        });
    }
    Ok(w)
}

/// Writes the test-data file; returns (lagoon records, math records, skips, counts).
fn generate(out: &Path) -> (usize, usize, Skips, Counts) {
    let reg = Registry::new();
    let dir = common::crate_dir().join("../vectors");
    let divergent = vector::load_divergent(&dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("vectors/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut data = W(b"URNT".to_vec());
    data.u32(3);
    let (mut nl, mut nm) = (0, 0);
    let mut skips = Skips::default();
    let mut counts = Counts::default();
    for path in files {
        let file = vector::load(&path).expect("read a vector file");
        for entry in &file.entries {
            let Entry::Vector(v) = entry else {
                continue;
            };
            let is_lagoon = v.lib == "lagoon";
            let is_saloon = v.lib == "saloon";
            let is_math = v.lib == "math";
            let is_scalar = v.lib == "unum" || v.lib == "twoc";
            if !is_lagoon && !is_saloon && !is_math && !is_scalar {
                continue;
            }
            if is_scalar
                && !matches!(
                    unpinned(&v.call.key).split_once(':'),
                    Some(("add" | "sub" | "mul" | "div", _))
                )
            {
                continue;
            }
            if !v.post.is_empty() && (is_math || is_scalar) {
                skips.add(format!("{}: post steps on a scalar call", v.lib));
                continue;
            }
            let arm = is_lagoon.then(|| table::by_name(unpinned(&v.call.key)));
            let sa_arm = is_saloon.then(|| sa_table::by_name(unpinned(&v.call.key)));
            if matches!(arm, Some(None)) || matches!(sa_arm, Some(None)) {
                skips.add(format!("{} arm not in the ABI: {}", v.lib, v.call.key));
                continue;
            }
            let (arm, sa_arm) = (arm.flatten(), sa_arm.flatten());
            // A vector in DIVERGENT.txt (urnum saturates where the Hoon gives
            // ±inf) goes through the ABI against urnum's core outcome: the
            // core's value, or its crash.
            let rewritten;
            let v = if divergent.contains_key(&v.id) {
                let compare = match eval::eval_top(&reg, &v.call, &v.post) {
                    Ok(_) => Compare::Other("divergent: urnum's core value".into()),
                    Err(eval::EvalError::Crash(_)) => Compare::Crash,
                    Err(_) => {
                        skips.add(format!("{}: divergent, core unsupported", v.lib));
                        continue;
                    }
                };
                counts.divergent += 1;
                rewritten = Vector {
                    compare,
                    ..(**v).clone()
                };
                &rewritten
            } else {
                match vector::run_vector(&reg, v) {
                    Outcome::Passed => {}
                    Outcome::Unsupported(_) | Outcome::Divergent { .. } => {
                        skips.add(format!("{}: unsupported by urnum's core", v.lib));
                        continue;
                    }
                    Outcome::Failed(_) => {
                        skips.add(format!(
                            "{}: failing in urnum's core (urnum check): {}",
                            v.lib, v.call.key
                        ));
                        continue;
                    }
                }
                v
            };
            let n_all = nl + nm + counts.saloon;
            let (rec, tag, per, key) = match (arm, sa_arm) {
                (Some(a), _) => (
                    lagoon_record(&reg, v, &a, n_all),
                    b'L',
                    &mut counts.lagoon_arms,
                    v.call.key.clone(),
                ),
                (_, Some(a)) => (
                    saloon_record(&reg, v, &a, n_all),
                    b'A',
                    &mut counts.saloon_arms,
                    v.call.key.clone(),
                ),
                _ if is_math => (
                    math_record(&reg, v),
                    b'M',
                    &mut counts.math_doors,
                    v.call.door.clone(),
                ),
                _ => (
                    scalar_record(&reg, v),
                    b'S',
                    &mut counts.scalar_doors,
                    v.call.door.clone(),
                ),
            };
            match rec {
                Ok(w) => {
                    *per.entry(key).or_default() += 1;
                    if v.compare == Compare::Crash {
                        counts.crashes += 1;
                    }
                    if v.compare != Compare::Exact && v.compare != Compare::Crash {
                        counts.core_checked += 1;
                    }
                    data.u8(tag);
                    data.u32(v.id.len() as u32);
                    data.0.extend_from_slice(v.id.as_bytes());
                    data.0.extend(w.0);
                    match tag {
                        b'L' => nl += 1,
                        b'A' => counts.saloon += 1,
                        b'M' => nm += 1,
                        _ => counts.scalars += 1,
                    }
                }
                Err(why) => skips.add(format!("{}: not expressible: {why}", v.lib)),
            }
        }
    }
    blas_records(&mut data);
    std::fs::write(out, &data.0).expect("write the test data");
    (nl, nm, skips, counts)
}

/// A small deterministic generator of finite float bits near 1 in magnitude.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 11
    }
    /// Bits of a float of width `w` with a biased exponent within 6 of the bias.
    fn float(&mut self, w: Width) -> u128 {
        let (exp_bits, man_bits) = (w.exp_bits(), w.frac_bits());
        let r = self.next();
        let bias = (1u128 << (exp_bits - 1)) - 1;
        let e = bias - 6 + u128::from(r % 13);
        let m =
            (u128::from(self.next()) | (u128::from(self.next()) << 53)) & ((1u128 << man_bits) - 1);
        let sign = u128::from(r >> 40 & 1);
        sign << (exp_bits + man_bits) | e << man_bits | m
    }
}

/// One BLAS record (`'B'`): routine, rounding, ints, input blobs, expected bytes.
fn blas_record(
    data: &mut W,
    id: &str,
    routine: u8,
    rnd: u8,
    ints: &[i64],
    blobs: &[Vec<u8>],
    want: &[u8],
) {
    data.u8(b'B');
    data.u32(id.len() as u32);
    data.0.extend_from_slice(id.as_bytes());
    data.u8(routine);
    data.u8(rnd);
    data.u32(ints.len() as u32);
    for i in ints {
        data.u64(*i as u64);
    }
    data.u32(blobs.len() as u32);
    for b in blobs {
        data.bytes(b);
    }
    data.bytes(want);
}

fn le<T: Copy>(xs: &[T], f: impl Fn(T) -> Vec<u8>) -> Vec<u8> {
    xs.iter().flat_map(|x| f(*x)).collect()
}

/// The value of the dot product `name` (`sdot`, `qdot`, `zdotc`) of `n`
/// elements of `x` and `y` (each element's little-endian bytes) at their
/// strides, in mode `rnd`, as its little-endian bytes.
fn dot_of(
    name: &str,
    n: usize,
    (x, incx): (&[Vec<u8>], isize),
    (y, incy): (&[Vec<u8>], isize),
    rnd: Round,
) -> Vec<u8> {
    use softblas::blas::{names, Complex};
    let word = |b: &[u8]| {
        b.iter()
            .rev()
            .fold(0u128, |v, &byte| v << 8 | u128::from(byte))
    };
    let floats = |v: &[Vec<u8>]| v.iter().map(|b| word(b)).collect::<Vec<u128>>();
    let complexes = |v: &[Vec<u8>]| -> Vec<Complex<u64>> {
        v.iter()
            .map(|b| Complex {
                re: word(&b[..8]) as u64,
                im: word(&b[8..]) as u64,
            })
            .collect()
    };
    match name {
        "sdot" => {
            let (x, y) = (floats(x), floats(y));
            let (x, y): (Vec<u32>, Vec<u32>) = (
                x.iter().map(|v| *v as u32).collect(),
                y.iter().map(|v| *v as u32).collect(),
            );
            let want =
                names::sdot(n, &x, incx, &y, incy, softblas::Policy::FAST, rnd).expect("sdot");
            want.to_le_bytes().to_vec()
        }
        "qdot" => {
            let want = names::qdot(
                n,
                &floats(x),
                incx,
                &floats(y),
                incy,
                softblas::Policy::FAST,
                rnd,
            )
            .expect("qdot");
            want.to_le_bytes().to_vec()
        }
        _ => {
            let (x, y) = (complexes(x), complexes(y));
            let want =
                names::zdotc(n, &x, incx, &y, incy, softblas::Policy::FAST, rnd).expect("zdotc");
            [want.re.to_le_bytes(), want.im.to_le_bytes()].concat()
        }
    }
}

/// The SoftBLAS entries' cases, expected values computed by `softblas::blas`:
/// `sdot` and `qdot` (strides 1, 2, −1), `zdotc`, `dgemm` (all four
/// transpose pairs), each in the four Hoon modes.
fn blas_records(data: &mut W) {
    use softblas::blas::{names, Trans};
    let mut g = Lcg(0x5eed);
    for rnd in [Round::N, Round::Z, Round::U, Round::D] {
        let c = rnd.code();
        for (n, incx, incy) in [(5usize, 1isize, 1isize), (4, 2, -1), (3, -1, 2)] {
            let lx = (n - 1) * incx.unsigned_abs() + 1;
            let ly = (n - 1) * incy.unsigned_abs() + 1;
            let ints = [n as i64, incx as i64, incy as i64];
            let mut dot = |name: &str, routine: u8, draw: &dyn Fn(&mut Lcg) -> Vec<u8>| {
                let x: Vec<Vec<u8>> = (0..lx).map(|_| draw(&mut g)).collect();
                let y: Vec<Vec<u8>> = (0..ly).map(|_| draw(&mut g)).collect();
                let want = dot_of(name, n, (&x, incx), (&y, incy), rnd);
                let id = format!("{name}/{}/{n}", c as char);
                blas_record(
                    data,
                    &id,
                    routine,
                    c,
                    &ints,
                    &[x.concat(), y.concat()],
                    &want,
                );
            };
            dot("sdot", 1, &|g| {
                (g.float(Width::S) as u32).to_le_bytes().to_vec()
            });
            dot("qdot", 4, &|g| g.float(Width::Q).to_le_bytes().to_vec());
            dot("zdotc", 2, &|g| {
                let (re, im) = (g.float(Width::D) as u64, g.float(Width::D) as u64);
                [re.to_le_bytes(), im.to_le_bytes()].concat()
            });
        }
        for (ta, tb) in [
            (Trans::N, Trans::N),
            (Trans::T, Trans::N),
            (Trans::N, Trans::T),
            (Trans::T, Trans::T),
        ] {
            let (m, n, p) = (3usize, 2usize, 4usize);
            // SoftBLAS's names: op(A) m × n, op(B) n × p, C m × p.
            let (lda, ldb, ldc) = (
                if ta == Trans::N { n } else { m } + 1,
                if tb == Trans::N { p } else { n },
                p + 2,
            );
            let (ar, br) = (
                if ta == Trans::N { m } else { n },
                if tb == Trans::N { n } else { p },
            );
            let a: Vec<u64> = (0..ar * lda).map(|_| g.float(Width::D) as u64).collect();
            let b: Vec<u64> = (0..br * ldb).map(|_| g.float(Width::D) as u64).collect();
            let cin: Vec<u64> = (0..m * ldc).map(|_| g.float(Width::D) as u64).collect();
            let (alpha, beta) = (g.float(Width::D) as u64, g.float(Width::D) as u64);
            let mut cw = cin.clone();
            names::dgemm(
                ta,
                tb,
                m,
                n,
                p,
                alpha,
                &a,
                lda,
                &b,
                ldb,
                beta,
                &mut cw,
                ldc,
                softblas::Policy::FAST,
                rnd,
            )
            .expect("dgemm");
            let code = |t: Trans| {
                if t == Trans::N {
                    i64::from(b'N')
                } else {
                    i64::from(b'T')
                }
            };
            let ints = [
                code(ta),
                code(tb),
                m as i64,
                n as i64,
                p as i64,
                alpha as i64,
                lda as i64,
                ldb as i64,
                beta as i64,
                ldc as i64,
            ];
            let u = |v: u64| v.to_le_bytes().to_vec();
            let blobs = [le(&a, u), le(&b, u), le(&cin, u)];
            let id = format!(
                "dgemm/{}/{}{}",
                c as char,
                code(ta) as u8 as char,
                code(tb) as u8 as char
            );
            blas_record(data, &id, 3, c, &ints, &blobs, &le(&cw, u));
        }
    }
}

fn summary_field(line: &str, key: &str) -> i64 {
    line.split_whitespace()
        .find_map(|f| f.strip_prefix(&format!("{key}=")))
        .and_then(|v| v.parse().ok())
        .unwrap_or(-1)
}

#[test]
fn c_program_runs_the_golden_vectors_through_the_abi() {
    let dir = common::scratch("c_abi");
    let data = dir.join("vectors.bin");
    let (nl, nm, skips, counts) = generate(&data);
    let exe = dir.join("urnum_test");
    common::build_c(
        &[common::crate_dir().join("c/urnum_test.c")],
        &common::archive(),
        &exe,
    );
    let o = Command::new(&exe)
        .arg(&data)
        .output()
        .expect("run the C test");
    let stdout = String::from_utf8_lossy(&o.stdout);
    eprintln!(
        "records: {nl} Lagoon ({} arms), {nm} /lib/math ({:?}), {} element-kind ({:?}); \
         {} expect URNUM_CRASH, {} (compared other than exact or in DIVERGENT.txt: {}) checked \
         against urnum's core value; skipped {}:",
        counts.lagoon_arms.len(),
        counts.math_doors,
        counts.scalars,
        counts.scalar_doors,
        counts.crashes,
        counts.core_checked,
        counts.divergent,
        skips.total()
    );
    eprintln!("Lagoon records per arm: {:?}", counts.lagoon_arms);
    eprintln!(
        "Saloon records: {} ({} arms): {:?}",
        counts.saloon,
        counts.saloon_arms.len(),
        counts.saloon_arms
    );
    let untested: Vec<&str> = table::arms()
        .map(|a| a.name)
        .filter(|n| !counts.lagoon_arms.contains_key(&format!("{n}:la")))
        .collect();
    eprintln!("ABI arms without a golden vector: {untested:?}");
    for (why, n) in &skips.0 {
        eprintln!("  {n:5}  {why}");
    }
    eprintln!("{stdout}");
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("SUMMARY"))
        .unwrap_or_else(|| {
            panic!(
                "no SUMMARY line; stderr: {}",
                String::from_utf8_lossy(&o.stderr)
            )
        });
    assert_eq!(
        summary_field(summary, "mismatch"),
        0,
        "ABI results differ from the vectors"
    );
    assert_eq!(
        summary_field(summary, "malformed_fail"),
        0,
        "malformed-input cases failed"
    );
    assert_eq!(summary_field(summary, "lagoon_run"), nl as i64);
    assert_eq!(summary_field(summary, "math_run"), nm as i64);
    assert_eq!(summary_field(summary, "scalar_run"), counts.scalars as i64);
    assert_eq!(summary_field(summary, "saloon_run"), counts.saloon as i64);
    assert_eq!(
        summary_field(summary, "blas_ok"),
        summary_field(summary, "blas_run")
    );
    assert!(summary_field(summary, "blas_run") >= 40);
    assert!(nl > 500 && nm > 500, "too few vectors reached the C test");
    assert!(
        counts.saloon > 200,
        "too few Saloon vectors reached the C test"
    );
    assert!(summary_field(summary, "malformed_run") > 100);
    let lost: Vec<&String> = skips
        .0
        .keys()
        .filter(|k| k.starts_with("lagoon") || k.starts_with("math"))
        // `urnum_math` takes and gives elements' bits, so it carries neither `toi`
        // (its product is a `(unit @s)`) nor `all-close` (its second operand is a
        // list); `urnum check` runs their vectors.
        .filter(|k| {
            ![
                "math: not expressible: math arm toi not in the ABI",
                "math: not expressible: math arm all-close not in the ABI",
            ]
            .contains(&k.as_str())
        })
        .collect();
    assert!(
        lost.is_empty(),
        "Lagoon or /lib/math vectors skipped: {lost:?}"
    );
    assert!(o.status.success(), "the C test exited with {:?}", o.status);
}

/// A registry key without the `/lib/unum` revision `urnum check` pins posit arms to
/// (`add:rps@96f3cfe` is `add:rps`; the arithmetic is the same text in both revisions).
fn unpinned(key: &str) -> &str {
    key.split('@').next().unwrap_or(key)
}
