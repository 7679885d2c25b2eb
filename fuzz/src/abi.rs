//! The `abi` target: the C entry points `urnum_la_plan`/`urnum_la_exec`,
//! `urnum_math` and `urnum_scalar` called as a C caller would, with arbitrary
//! metas (absurd shapes, unknown kinds and tails), buffer lengths (short,
//! exact, none) and rounding codes.
//!
//! Invariants: a call with a non-OK status writes nothing (every output buffer
//! is pre-filled with a sentinel and compared after the call); no call writes
//! past the capacity it was given (guard bytes after each buffer); a second
//! call gives the same status and bytes; an OK exec agrees with the plan
//! (form, bloq, kind, tail, rank, sizes) and a plan is OK whenever the exec is.
//!
//! The first input byte picks the entry: below 200 the Lagoon pair, below 228
//! `urnum_math`, else `urnum_scalar`.
//!
//! This module is the one place outside the `ffi` package where `unsafe`
//! appears, by necessity: it is the ABI's fuzz harness and calls the
//! `extern "C"` entry points as a C caller does. Every pointer it passes is
//! to a live local buffer of the length it states (or NULL, which the ABI
//! checks); each call carries its `// SAFETY:` note.
#![allow(unsafe_code)]

use crate::Bytes;
use urnum_ffi::abi::{
    urnum_args, urnum_bytes, urnum_meta, urnum_out, urnum_plan, urnum_ray, urnum_status,
};
use urnum_ffi::la::table::{self, arity};

const SENTINEL: u8 = 0xa5;
const GUARD: usize = 16;
const SHAPE_SENTINEL: u64 = 0xa5a5_a5a5_a5a5_a5a5;

/// A caller-owned output buffer with `GUARD` bytes after its capacity.
struct Buf {
    bytes: Vec<u8>,
    cap: usize,
}

impl Buf {
    fn new(cap: usize) -> Buf {
        Buf {
            bytes: vec![SENTINEL; cap + GUARD],
            cap,
        }
    }

    fn out(&mut self, null: bool) -> urnum_out {
        if null {
            urnum_out::none()
        } else {
            urnum_out {
                ptr: self.bytes.as_mut_ptr(),
                cap: self.cap,
            }
        }
    }

    fn untouched(&self) -> bool {
        self.bytes.iter().all(|b| *b == SENTINEL)
    }

    fn guard_intact(&self) -> bool {
        self.bytes[self.cap..].iter().all(|b| *b == SENTINEL)
    }
}

/// The owned storage behind one `urnum_args` block.
#[derive(Default)]
struct Operands {
    shapes: Vec<Vec<u64>>,
    datas: Vec<Vec<u8>>,
    rays: Vec<urnum_ray>,
    metas: Vec<urnum_meta>,
    atom_bytes: Vec<Vec<u8>>,
    atoms: Vec<urnum_bytes>,
    ints: Vec<u64>,
    /// The `/lib/unum` revision key: none, either known one, or an unknown key.
    unum_rev: u32,
}

/// A `urnum_meta` description drawn from `b`: (shape, bloq, kind, tail, a, b).
fn meta_parts(b: &mut Bytes) -> (Vec<u64>, u8, u8, u8, u64, u64) {
    let ndim = match b.u8() % 16 {
        0..=1 => 0,
        2..=8 => 1,
        9..=13 => 2,
        14 => 3,
        _ => usize::from(b.u8() % 10),
    };
    let shape = (0..ndim).map(|_| b.dim()).collect();
    let k = b.u8();
    let kind = if k < 240 { 1 + k % 6 } else { k };
    let bl = b.u8();
    let bloq = match bl {
        0..=199 => match kind {
            1 => 4 + bl % 4,
            5 => 5 + bl % 4,
            4 => 3 + bl % 4,
            _ => bl % 8,
        },
        _ => bl,
    };
    let t = b.u8();
    let tail = match t % 8 {
        0..=3 => 0,
        4..=6 => 1,
        _ => t,
    };
    let (fa, fb) = if tail == 1 {
        match b.u8() {
            0..=239 => (u64::from(b.u8() % 40), u64::from(b.u8() % 40)),
            _ => (b.u64(), b.u64()),
        }
    } else {
        (0, 0)
    };
    (shape, bloq, kind, tail, fa, fb)
}

/// The byte length `URNUM_DATA_ELEMS` needs for this shape and bloq, when small.
fn elems_bytes(shape: &[u64], bloq: u8) -> Option<usize> {
    let n = shape.iter().try_fold(1u64, |a, d| a.checked_mul(*d))?;
    let bits = n.checked_mul(1u64.checked_shl(u32::from(bloq))?)?;
    (bits <= 1 << 16).then(|| bits.div_ceil(8) as usize)
}

impl Operands {
    /// Draws the operands of arm `params` (counts as the arm wants, or random).
    fn draw(b: &mut Bytes, params: &[urnum_ffi::la::table::Param]) -> Operands {
        let (nr, nm, na, ni, list) = arity(params);
        let ctl = b.u8();
        // The top two bits of the control byte pick the revision key, so the seed corpora
        // decode to the same operands as before the key existed.
        let unum_rev = [0, 1, 2, 0xdead_beef][usize::from(ctl >> 6)];
        let (nr, nm, na, ni) = if ctl.is_multiple_of(16) {
            (
                u32::from(b.u8() % 4),
                u32::from(b.u8() % 3),
                u32::from(b.u8() % 4),
                u32::from(b.u8() % 5),
            )
        } else {
            let extra = if list { u32::from(b.u8() % 5) } else { 0 };
            (nr, nm, na, ni + extra)
        };
        let mut o = Operands {
            unum_rev,
            ..Operands::default()
        };
        let mut ray_specs = Vec::new();
        for _ in 0..nr {
            let (shape, bloq, kind, tail, fa, fb) = meta_parts(b);
            let f = b.u8();
            let form = match f % 8 {
                0..=5 => 0,
                6 => 1,
                _ => f,
            };
            let need = elems_bytes(&shape, bloq);
            let len = match (form, need, b.u8()) {
                (0, Some(n), 0..=219) => n,
                (0, Some(n), 220..=239) => n.saturating_sub(1),
                (_, _, l) => usize::from(l % 40),
            };
            let data: Vec<u8> = (0..len).map(|_| b.u8()).collect();
            o.shapes.push(shape);
            o.datas.push(data);
            ray_specs.push((bloq, kind, tail, fa, fb, form));
        }
        let mut meta_specs = Vec::new();
        for _ in 0..nm {
            let (shape, bloq, kind, tail, fa, fb) = meta_parts(b);
            o.shapes.push(shape);
            meta_specs.push((bloq, kind, tail, fa, fb));
        }
        for _ in 0..na {
            let l = b.u8();
            let len = if l < 200 {
                usize::from(l % 20)
            } else {
                usize::from(l)
            };
            o.atom_bytes.push((0..len).map(|_| b.u8()).collect());
        }
        o.ints = (0..ni).map(|_| b.dim()).collect();
        // Pointers last: the vectors above no longer move.
        for (i, (bloq, kind, tail, fixp_a, fixp_b, form)) in ray_specs.into_iter().enumerate() {
            o.rays.push(urnum_ray {
                meta: urnum_meta {
                    shape: o.shapes[i].as_ptr(),
                    ndim: o.shapes[i].len() as u32,
                    bloq,
                    kind,
                    tail,
                    fixp_a,
                    fixp_b,
                },
                data: o.datas[i].as_ptr(),
                len: o.datas[i].len(),
                form,
            });
        }
        for (j, (bloq, kind, tail, fixp_a, fixp_b)) in meta_specs.into_iter().enumerate() {
            let s = &o.shapes[nr as usize + j];
            o.metas.push(urnum_meta {
                shape: s.as_ptr(),
                ndim: s.len() as u32,
                bloq,
                kind,
                tail,
                fixp_a,
                fixp_b,
            });
        }
        o.atoms = o
            .atom_bytes
            .iter()
            .map(|v| urnum_bytes {
                ptr: v.as_ptr(),
                len: v.len(),
            })
            .collect();
        o
    }

    fn args(&self) -> urnum_args {
        urnum_args {
            rays: self.rays.as_ptr(),
            n_rays: self.rays.len() as u32,
            metas: self.metas.as_ptr(),
            n_metas: self.metas.len() as u32,
            atoms: self.atoms.as_ptr(),
            n_atoms: self.atoms.len() as u32,
            ints: self.ints.as_ptr(),
            n_ints: self.ints.len() as u32,
            unum_rev: self.unum_rev,
        }
    }
}

/// A rounding code: mostly `n u d z`, sometimes `a` or any byte.
fn rnd(b: &mut Bytes) -> u8 {
    match b.u8() {
        x @ 0..=239 => b"nudz"[usize::from(x % 4)],
        240..=247 => b'a',
        _ => b.u8(),
    }
}

fn plan_sentinel() -> urnum_plan {
    urnum_plan {
        form: SENTINEL,
        bloq: SENTINEL,
        kind: SENTINEL,
        tail: SENTINEL,
        ndim: 0xa5a5_a5a5,
        fixp_a: SHAPE_SENTINEL,
        fixp_b: SHAPE_SENTINEL,
        out_bytes: 0xa5a5_a5a5,
        pin_bit: SHAPE_SENTINEL,
        items: SHAPE_SENTINEL,
        item_bytes: 0xa5a5_a5a5,
        scratch_bytes: 0xa5a5_a5a5,
        flags: 0xa5a5_a5a5,
    }
}

/// Checks that a `what` call (`plan`, `exec`) wrote no shape entry past
/// `shape_cap`, and, unless it succeeded, neither its description `desc` nor
/// any shape entry.
fn check_writes(
    what: &str,
    status: urnum_status,
    desc: &urnum_plan,
    shape: &[u64],
    shape_cap: u32,
) {
    let untouched = |s: &[u64]| s.iter().all(|x| *x == SHAPE_SENTINEL);
    assert!(
        untouched(&shape[shape_cap as usize..]),
        "{what} wrote past out_shape_cap"
    );
    if status != urnum_status::URNUM_OK {
        assert_eq!(
            *desc,
            plan_sentinel(),
            "{what} {status:?} wrote its description"
        );
        assert!(untouched(shape), "{what} {status:?} wrote the shape");
    }
}

/// What one plan call produced.
#[derive(PartialEq, Eq, Debug)]
struct PlanOut {
    status: urnum_status,
    plan: urnum_plan,
    shape: Vec<u64>,
}

fn call_plan(arm: u32, r: u8, o: &Operands, shape_cap: u32) -> PlanOut {
    let args = o.args();
    let mut plan = plan_sentinel();
    let mut shape = vec![SHAPE_SENTINEL; shape_cap as usize + 2];
    // SAFETY: every pointer in `args` points into `o`, alive for the call;
    // `plan` and `shape` are writable (the shape with `shape_cap` entries and two guards).
    let status = unsafe {
        urnum_ffi::la::urnum_la_plan(arm, r, &args, &mut plan, shape.as_mut_ptr(), shape_cap)
    };
    check_writes("plan", status, &plan, &shape, shape_cap);
    PlanOut {
        status,
        plan,
        shape,
    }
}

/// What one exec call produced.
#[derive(PartialEq, Eq, Debug)]
struct ExecOut {
    status: urnum_status,
    bytes: Vec<u8>,
    result: urnum_plan,
    shape: Vec<u64>,
}

fn call_exec(arm: u32, r: u8, o: &Operands, cap: usize, null_out: bool, shape_cap: u32) -> ExecOut {
    let args = o.args();
    let mut buf = Buf::new(cap);
    let mut result = plan_sentinel();
    let mut shape = vec![SHAPE_SENTINEL; shape_cap as usize + 2];
    let none = urnum_out::none();
    // SAFETY: as in `call_plan`; `buf` holds `cap` writable bytes (plus guards).
    let status = unsafe {
        urnum_ffi::la::urnum_la_exec(
            arm,
            r,
            &args,
            buf.out(null_out),
            none,
            &mut result,
            shape.as_mut_ptr(),
            shape_cap,
        )
    };
    assert!(buf.guard_intact(), "exec wrote past out.cap");
    check_writes("exec", status, &result, &shape, shape_cap);
    if status != urnum_status::URNUM_OK {
        assert!(buf.untouched(), "exec {status:?} wrote the output buffer");
    }
    ExecOut {
        status,
        bytes: buf.bytes,
        result,
        shape,
    }
}

/// One Lagoon case.
fn lagoon(b: &mut Bytes) {
    let sel = b.u8();
    let (arm, params): (u32, &[urnum_ffi::la::table::Param]) = if sel == 255 {
        (u32::from(b.u8()), &[])
    } else {
        let a = table::arms()
            .nth(usize::from(sel) % table::count())
            .expect("an index below the count");
        (a.id, a.row.params)
    };
    let r = rnd(b);
    let o = Operands::draw(b, params);
    let sc = b.u8();
    let shape_cap = if sc < 240 { 8 } else { u32::from(sc % 4) };
    let p1 = call_plan(arm, r, &o, shape_cap);
    let p2 = call_plan(arm, r, &o, shape_cap);
    assert_eq!(p1, p2, "plan is not deterministic");
    let c = b.u8();
    let cap = match (c, p1.status) {
        (0..=199, urnum_status::URNUM_OK) => p1.plan.out_bytes,
        (200..=219, urnum_status::URNUM_OK) => p1.plan.out_bytes.saturating_sub(1),
        (220..=229, _) => 0,
        _ => usize::from(b.u8()) * 16,
    }
    .min(1 << 24);
    let null_out = c == 230;
    let e1 = call_exec(arm, r, &o, cap, null_out, shape_cap);
    let e2 = call_exec(arm, r, &o, cap, null_out, shape_cap);
    assert_eq!(e1, e2, "exec is not deterministic");
    if e1.status == urnum_status::URNUM_OK {
        assert_eq!(
            p1.status,
            urnum_status::URNUM_OK,
            "exec is OK but plan is {:?}",
            p1.status
        );
        let mut planned = p1.plan;
        planned.flags = e1.result.flags;
        assert_eq!(planned, e1.result, "exec's result differs from the plan");
        assert_eq!(p1.shape, e1.shape, "exec's shape differs from the plan's");
    }
}

/// One `urnum_math` case.
fn math(b: &mut Bytes) {
    let op = u32::from(b.u8() % 80);
    let bloq = match b.u8() {
        x @ 0..=239 => 4 + x % 4,
        x => x,
    };
    let r = rnd(b);
    let t = b.u8();
    let rtol: Vec<u8> = b.take(16).to_vec();
    let atol: Vec<u8> = b.take(16).to_vec();
    let pick = |v: &Vec<u8>, on: bool| {
        if on && v.len() == 16 {
            v.as_ptr()
        } else {
            std::ptr::null()
        }
    };
    let n_args = match urnum_ffi::math::arity(op) {
        Some(n) if b.u8() < 240 => n,
        _ => u32::from(b.u8() % 4),
    };
    let mut args = vec![0u8; 16 * n_args as usize];
    for x in &mut args {
        *x = b.u8();
    }
    let call = || {
        let mut out = Buf::new(16);
        // SAFETY: `args` holds 16 · n_args bytes, `out` 16 writable bytes,
        // rtol/atol are NULL or 16 readable bytes.
        let s = unsafe {
            urnum_ffi::math::urnum_math(
                op,
                bloq,
                r,
                pick(&rtol, t & 1 == 1),
                pick(&atol, t & 2 == 2),
                args.as_ptr(),
                n_args,
                out.out(false).ptr,
            )
        };
        assert!(out.guard_intact(), "urnum_math wrote past 16 bytes");
        if s != urnum_status::URNUM_OK {
            assert!(out.untouched(), "urnum_math {s:?} wrote the output");
        }
        (s, out.bytes)
    };
    assert_eq!(call(), call(), "urnum_math is not deterministic");
}

/// One `urnum_scalar` case.
fn scalar(b: &mut Bytes) {
    let kind = match b.u8() {
        x @ 0..=239 => 1 + x % 6,
        x => x,
    };
    let bloq = match b.u8() {
        x @ 0..=239 => x % 9,
        x => x,
    };
    let (fa, fb) = match b.u8() {
        0..=239 => (u64::from(b.u8() % 40), u64::from(b.u8() % 40)),
        _ => (b.u64(), b.u64()),
    };
    let op = u32::from(b.u8() % 24);
    let r = rnd(b);
    let lx = usize::from(b.u8() % 40);
    let x = b.take(lx).to_vec();
    let ly = usize::from(b.u8() % 40);
    let y = b.take(ly).to_vec();
    let cap = usize::from(b.u8() % 48);
    let call = || {
        let mut out = Buf::new(cap);
        let mut len: usize = 0xa5a5;
        // SAFETY: x/y readable for their lengths, `out` writable for `cap` bytes, `len` writable.
        let s = unsafe {
            urnum_ffi::scalar::urnum_scalar(
                kind,
                bloq,
                fa,
                fb,
                op,
                r,
                urnum_bytes {
                    ptr: x.as_ptr(),
                    len: x.len(),
                },
                urnum_bytes {
                    ptr: y.as_ptr(),
                    len: y.len(),
                },
                out.out(false),
                &mut len,
            )
        };
        assert!(out.guard_intact(), "urnum_scalar wrote past out.cap");
        if s != urnum_status::URNUM_OK {
            assert!(out.untouched(), "urnum_scalar {s:?} wrote the output");
            assert_eq!(len, 0xa5a5, "urnum_scalar {s:?} wrote out_len");
        }
        (s, out.bytes, len)
    };
    assert_eq!(call(), call(), "urnum_scalar is not deterministic");
}

/// What a Lagoon case asks for (arm, rounding code, operands), for reading a
/// finding; `None` for the other entries.
pub fn describe(data: &[u8]) -> Option<String> {
    let mut b = Bytes::new(data);
    if b.u8() >= 200 {
        return None;
    }
    let sel = b.u8();
    let (name, params): (&str, &[urnum_ffi::la::table::Param]) = if sel == 255 {
        ("(raw id)", &[])
    } else {
        let a = table::arms()
            .nth(usize::from(sel) % table::count())
            .expect("an index below the count");
        (a.row.name, a.row.params)
    };
    let r = rnd(&mut b);
    let o = Operands::draw(&mut b, params);
    let meta = |m: &urnum_meta, shape: &[u64]| {
        format!(
            "shape {shape:?} bloq {} kind {} tail {} [{} {}]",
            m.bloq, m.kind, m.tail, m.fixp_a, m.fixp_b
        )
    };
    let mut out = format!("{name} rnd {:?}", char::from(r));
    for (i, x) in o.rays.iter().enumerate() {
        out += &format!(
            "\n  ray {}: form {} data {} bytes",
            meta(&x.meta, &o.shapes[i]),
            x.form,
            x.len
        );
    }
    for (j, m) in o.metas.iter().enumerate() {
        out += &format!("\n  meta {}", meta(m, &o.shapes[o.rays.len() + j]));
    }
    for a in &o.atom_bytes {
        let hex: String = a.iter().rev().map(|x| format!("{x:02x}")).collect();
        out += &format!("\n  atom 0x{hex}");
    }
    if !o.ints.is_empty() {
        out += &format!("\n  ints {:?}", o.ints);
    }
    Some(out)
}

/// Runs one case (see the module docs).
///
/// # Panics
/// On a violated invariant.
pub fn run(data: &[u8]) {
    let mut b = Bytes::new(data);
    match b.u8() {
        0..=199 => lagoon(&mut b),
        200..=227 => math(&mut b),
        _ => scalar(&mut b),
    }
}
