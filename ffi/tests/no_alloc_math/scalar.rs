//! The element-kind side: golden vectors decoded into `urnum_scalar` cases,
//! each run with its allocations counted, and the table of the cases that
//! must not allocate.

use super::counting::counted;
use super::math::eval_noun;
use super::unpinned;
use hoon::Noun;
use softblas::{Atom, Round};
use urnum_ffi::urnum_status;
use urnum_tests::cli::registry::{Door, Registry};
use urnum_tests::cli::vector::Vector;

/// One decoded element-kind vector for `urnum_scalar`.
pub(crate) struct ScalarCase {
    pub(crate) id: String,
    /// (library, door, arm) for the report.
    pub(crate) group: (String, String, String),
    pub(crate) kind: u8,
    pub(crate) bloq: u8,
    pub(crate) prec: (u64, u64),
    pub(crate) op: u32,
    pub(crate) rnd: u8,
    pub(crate) x: Vec<u8>,
    pub(crate) y: Vec<u8>,
}

/// The `urnum_scalar` op of a Hoon arm name.
fn scalar_op(arm: &str) -> Option<u32> {
    use urnum_ffi::scalar::*;
    Some(match arm {
        "add" => URNUM_SC_ADD,
        "sub" => URNUM_SC_SUB,
        "mul" => URNUM_SC_MUL,
        "div" => URNUM_SC_DIV,
        "gth" => URNUM_SC_GTH,
        "gte" => URNUM_SC_GTE,
        "lth" => URNUM_SC_LTH,
        "lte" => URNUM_SC_LTE,
        "equ" => URNUM_SC_EQU,
        "neq" => URNUM_SC_NEQ,
        "abs" => URNUM_SC_ABS,
        "conj" => URNUM_SC_CONJ,
        _ => return None,
    })
}

/// Decodes an element-kind vector (posit, complex, fixed, twoc) whose arm `urnum_scalar` serves.
pub(crate) fn scalar_case(reg: &Registry, v: &Vector) -> Option<ScalarCase> {
    let (arm, door) = unpinned(&v.call.key)
        .split_once(':')
        .unwrap_or((unpinned(&v.call.key), ""));
    let op = scalar_op(arm)?;
    let args: Vec<Noun> = v
        .call
        .args
        .iter()
        .map(|e| eval_noun(reg, e).ok())
        .collect::<Option<_>>()?;
    let bytes = |n: &Noun| n.as_atom().map(Atom::to_le_bytes);
    let door_round = |face: &str| {
        let mut d = Door::bare(&v.call.door);
        for (f, e) in &v.call.door_args {
            d.args.insert(f.clone(), eval_noun(reg, e).ok()?);
        }
        d.round(face, Round::Z).ok().map(Round::code)
    };
    // The bloq of the door's values (its width in the one table of doors).
    let element_bloq = urnum_tests::cli::doors::door(door).map(|d| d.width.trailing_zeros() as u8);
    let (kind, bloq, prec, rnd, x, y) = match (v.lib.as_str(), door) {
        ("unum", _) => {
            // The posit doors up to `rpd` (bloq 6) have ABI rows.
            let bloq = element_bloq.filter(|&b| b <= 6)?;
            let y = args.get(1).and_then(bytes).unwrap_or_default();
            (
                urnum_ffi::URNUM_UNUM,
                bloq,
                (0, 0),
                b'n',
                bytes(args.first()?)?,
                y,
            )
        }
        ("complex", _) => {
            let bloq = element_bloq?;
            let y = args.get(1).and_then(bytes).unwrap_or_default();
            let rnd = door_round("rnd")?;
            (
                urnum_ffi::URNUM_CPLX,
                bloq,
                (0, 0),
                rnd,
                bytes(args.first()?)?,
                y,
            )
        }
        ("twoc", "twoc") => {
            let b = v.call.door_args.iter().find(|(f, _)| f == "bloq")?;
            let b = eval_noun(reg, &b.1).ok()?.as_atom()?.as_u64()?;
            let y = args.get(1).and_then(bytes).unwrap_or_default();
            (
                urnum_ffi::URNUM_INT2,
                u8::try_from(b).ok()?,
                (0, 0),
                b'n',
                bytes(args.first()?)?,
                y,
            )
        }
        ("fixed", _) if args.len() == 4 || args.len() == 2 => {
            // [a [p q]] and [b [p q]]: a fixed-point value and its precision.
            let (pa, pb) = args[1].as_cell()?;
            let prec = (pa.as_atom()?.as_u64()?, pb.as_atom()?.as_u64()?);
            let y = args.get(2).and_then(bytes).unwrap_or_default();
            // A fixed element is a bloq-aligned atom of the precision's width (a + b bits).
            let bits = prec.0 + prec.1;
            let bloq = (64 - (bits.max(1) - 1).leading_zeros()) as u8;
            (urnum_ffi::URNUM_FIXP, bloq, prec, b'n', bytes(&args[0])?, y)
        }
        _ => return None,
    };
    Some(ScalarCase {
        id: v.id.clone(),
        group: (v.lib.clone(), door.to_string(), arm.to_string()),
        kind,
        bloq,
        prec,
        op,
        rnd,
        x,
        y,
    })
}

/// `urnum_scalar` on case `c`: (allocations, status, value bytes).
pub(crate) fn run_scalar(c: &ScalarCase) -> (u64, urnum_status, Vec<u8>) {
    let mut out = [0u8; 64];
    let mut len = 0usize;
    let x = urnum_ffi::urnum_bytes {
        ptr: c.x.as_ptr(),
        len: c.x.len(),
    };
    let y = urnum_ffi::urnum_bytes {
        ptr: c.y.as_ptr(),
        len: c.y.len(),
    };
    let o = urnum_ffi::urnum_out::of(&mut out);
    let (n, st) = counted(|| {
        // SAFETY: the operand buffers are readable for their lengths, `out`
        // writable for its capacity, `len` writable.
        unsafe {
            urnum_ffi::urnum_scalar(
                c.kind, c.bloq, c.prec.0, c.prec.1, c.op, c.rnd, x, y, o, &mut len,
            )
        }
    });
    (n, st, out[..len].to_vec())
}

/// The general path's (status, value bytes) for case `c` (a program over heap atoms).
pub(crate) fn general_scalar(c: &ScalarCase) -> (urnum_status, Vec<u8>) {
    let k = urnum_ffi::la::decode::kind(c.kind).expect("a kind code");
    let meta = lagoon::Meta::new(vec![1], u32::from(c.bloq), k);
    let meta = if k == softblas::Kind::Fixp {
        meta.with_tail(lagoon::Tail::Prec {
            a: Atom::from_u64(c.prec.0),
            b: Atom::from_u64(c.prec.1),
        })
    } else {
        meta
    };
    let r = Round::from_code(c.rnd).expect("a rounding code");
    let v = urnum_ffi::scalar::eval(
        &lagoon::Door::lake(r),
        &meta,
        c.op,
        &Atom::from_le_bytes(&c.x),
        &Atom::from_le_bytes(&c.y),
    );
    match v {
        Ok(a) => (urnum_status::URNUM_OK, a.to_le_bytes()),
        Err(s) => (s, Vec::new()),
    }
}

/// Whether the scalar entry is allocation-free for this case's kind, bloq and op
/// (the table in `docs/vere-integration.md`): posit comparisons at bloq 3..=6,
/// posit8 (`rpb`) arithmetic, complex `ch cs cd` `add sub mul div`.
///
/// Posit16/32/64 arithmetic takes the same heap-free ABI path, but
/// `softblas::scalar::unum`'s exact arithmetic holds significands in
/// `BigUint`s, which go to the heap past one 64-bit digit: measured, `rph`
/// `sub` and `rps`/`rpd` `add sub div` (and `rpd` `mul`) allocate on some operands.
pub(crate) fn scalar_alloc_free(c: &ScalarCase) -> bool {
    use urnum_ffi::scalar::*;
    match c.kind {
        urnum_ffi::URNUM_UNUM => {
            (3..=6).contains(&c.bloq) && (URNUM_SC_GTH..=URNUM_SC_NEQ).contains(&c.op)
                || c.bloq == 3 && (URNUM_SC_ADD..=URNUM_SC_DIV).contains(&c.op)
        }
        urnum_ffi::URNUM_CPLX => {
            (5..=7).contains(&c.bloq) && (URNUM_SC_ADD..=URNUM_SC_DIV).contains(&c.op)
        }
        _ => false,
    }
}
