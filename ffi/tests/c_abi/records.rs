//! The records of the test data, one per vector: Lagoon, Saloon,
//! `/lib/math` and element-kind calls, each encoded or refused with the
//! reason the ABI cannot express it.

use super::common;
use super::operands::{
    arg_nouns, atom_of, eval_noun, expected_status, operand_block, parts, post_steps, rev_key,
    round_code, value_noun, Final,
};
use super::unpinned;
use super::writer::W;
use hoon::Noun;
use softblas::{Atom, Round};
use urnum_ffi::la::encode::{encode, Out};
use urnum_ffi::la::table;
use urnum_ffi::sa::table as sa_table;
use urnum_ffi::{urnum_status, URNUM_FORM_LIST, URNUM_FORM_RAY, URNUM_FORM_RAY_RAW};
use urnum_tests::cli::registry::Registry;
use urnum_tests::cli::vector::{eval, Expr, Post, Vector};

/// Encodes a Lagoon vector's record, or says why it cannot be expressed.
pub(crate) fn lagoon_record(
    reg: &Registry,
    v: &Vector,
    arm: &table::Arm,
    idx: usize,
) -> Result<W, String> {
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
pub(crate) fn saloon_record(
    reg: &Registry,
    v: &Vector,
    arm: &sa_table::Arm,
    idx: usize,
) -> Result<W, String> {
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
pub(crate) fn math_record(reg: &Registry, v: &Vector) -> Result<W, String> {
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

/// Encodes a posit (`/lib/unum`) or two's-complement (`/lib/twoc`) vector as an
/// element-kind record for `urnum_scalar`, or says why it cannot be expressed.
pub(crate) fn scalar_record(reg: &Registry, v: &Vector) -> Result<W, String> {
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
