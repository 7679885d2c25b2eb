//! The allocation-free jet path of the Lagoon ABI (`urnum_ffi::la::jet`): every
//! served arm × width (bloq 4/5/6) × mode (`n u d z`) × size (1, 3, 257 and
//! 10^4 elements), with both input forms, runs `urnum_la_plan` and
//! `urnum_la_exec` under a counting global allocator and must
//!
//! - allocate nothing (0 allocations on this thread during plan and exec),
//! - flag the plan and the result `URNUM_PLAN_NO_ALLOC`,
//! - give the general path's plan, shape and bits: the general path is the
//!   arm's table function on decoded operands, encoded (what `urnum_la_exec`
//!   runs when the jet path declines), run under the *other* executor (jet
//!   on the hardware loops against the general path on SoftFloat, and the
//!   other way round), at every instruction-set cap: each call names its
//!   [`Policy`] (`urnum_ffi::la::plan_with`, `exec_with`), so the policies of
//!   one test run side by side in one process.
//!
//! It also pins the flag's other side: calls the jet path declines (a
//! malformed pin, `%a`, bloq 7, mismatched metas) plan without
//! `URNUM_PLAN_NO_ALLOC` and do allocate, with their statuses unchanged.
#![allow(unsafe_code)]

use lagoon::Door;
use softblas::scalar::i754::Width;
use softblas::Round;
use softblas::{Executor, Isa, Policy};
use urnum_ffi::la::encode::{canonical_plan, encode};
use urnum_ffi::la::jet::urnum_la_init;
use urnum_ffi::la::table::{self, Ctx};
use urnum_ffi::la::{
    decode, exec_with, plan_with, rules, urnum_la_add, urnum_la_exec, urnum_la_mul_scalar,
    urnum_la_plan,
};
use urnum_ffi::*;

mod counting;

use counting::counted;

/// `urnum_la_init` (settles the process's policy and the CPU's features), then the test.
fn initialised() {
    urnum_la_init();
}

/// A deterministic generator of element bits, biased to the hard cases.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// One element of `bloq` bits: specials (±0, ±∞, NaNs, ±max, subnormals,
    /// ±1) a quarter of the time, values near 1 a quarter, random bits otherwise.
    fn elem(&mut self, bloq: u8) -> u64 {
        let f = Width::from_bloq(u32::from(bloq).clamp(4, 6)).expect("a float bloq");
        let (ebits, fbits) = (f.exp_bits(), f.frac_bits());
        let w = 1 + ebits + fbits;
        let mask = if w == 64 { u64::MAX } else { (1 << w) - 1 };
        let sign = (self.next() & 1) << (w - 1);
        let exp_all = ((1u64 << ebits) - 1) << fbits;
        let bias = ((1u64 << (ebits - 1)) - 1) << fbits;
        let r = self.next();
        let v = match r % 16 {
            0 => 0,
            1 => exp_all,                                          // ∞
            2 => exp_all | (self.next() & ((1 << fbits) - 1)) | 1, // NaN
            3 => exp_all - 1,                                      // max finite
            4 => self.next() & ((1 << fbits) - 1),                 // subnormal
            5..=7 => bias | (self.next() & ((1 << fbits) - 1)),    // [1, 2)
            _ => self.next(),
        };
        (v | sign) & mask
    }
}

/// Little-endian element bytes of `n` elements of `bloq` bits.
fn bytes(g: &mut Gen, bloq: u8, n: usize) -> Vec<u8> {
    let w = 1usize << (bloq - 3);
    let mut out = Vec::with_capacity(n * w);
    for _ in 0..n {
        out.extend_from_slice(&g.elem(bloq).to_le_bytes()[..w]);
    }
    out
}

/// One operand ray: its shape (kept alive) and the `urnum_ray` over `data`.
fn ray(shape: &[u64], bloq: u8, data: &[u8], form: u8) -> urnum_ray {
    urnum_ray {
        meta: urnum_meta::of(shape, bloq, URNUM_I754),
        data: data.as_ptr(),
        len: data.len(),
        form,
    }
}

fn args(rays: &[urnum_ray], atoms: &[urnum_bytes]) -> urnum_args {
    urnum_args::of(rays, atoms)
}

/// What a call gave: status, description, shape and bytes.
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    status: urnum_status,
    plan: urnum_plan,
    shape: Vec<u64>,
    bytes: Vec<u8>,
}

/// `urnum_la_plan` then `urnum_la_exec` through the ABI, with the
/// allocations each made on this thread (buffers are allocated between them).
///
/// # Safety
/// `a` must be a valid argument block: each array holding its count of
/// operands, each operand's pointers valid for their lengths (as [`args`]
/// builds from live slices).
unsafe fn through_abi(
    pol: Policy,
    arm: u32,
    rnd: u8,
    a: &urnum_args,
) -> (u64, u64, Answer, urnum_plan) {
    let mut plan = urnum_plan::default();
    let mut pshape = [0u64; 8];
    // SAFETY: `a` is valid (the caller's guarantee); `plan` and `pshape` are
    // live locals, `pshape` of 8 entries.
    let (plan_allocs, s) =
        counted(|| unsafe { plan_with(pol, arm, rnd, a, (&mut plan, pshape.as_mut_ptr(), 8)) });
    if s != urnum_status::URNUM_OK {
        let ans = Answer {
            status: s,
            plan: urnum_plan::default(),
            shape: vec![],
            bytes: vec![],
        };
        return (plan_allocs, 0, ans, plan);
    }
    let mut out = vec![0u8; plan.out_bytes];
    let mut res = urnum_plan::default();
    let mut xshape = [0u64; 8];
    let o = urnum_out::of(&mut out);
    let none = urnum_out::none();
    // SAFETY: as above; `out` holds `o.cap` writable bytes, `xshape` 8 entries.
    let (exec_allocs, s) = counted(|| unsafe {
        let _ = none;
        exec_with(pol, arm, rnd, a, (o, &mut res, xshape.as_mut_ptr(), 8))
    });
    let ans = Answer {
        status: s,
        plan: res,
        shape: xshape[..res.ndim as usize].to_vec(),
        bytes: out,
    };
    assert_eq!(
        pshape[..res.ndim as usize],
        ans.shape[..],
        "plan and exec shapes"
    );
    (plan_allocs, exec_allocs, ans, plan)
}

/// The `n` operands at `p` (none when `n` is 0), each decoded by `decode`.
///
/// # Safety
/// `p` holds `n` operands whose pointers are valid for their lengths, as
/// `decode` requires.
unsafe fn decoded<T, U, E: std::fmt::Debug>(
    p: *const T,
    n: u32,
    decode: unsafe fn(&T) -> Result<U, E>,
) -> Vec<U> {
    if n == 0 {
        return Vec::new();
    }
    // SAFETY: `p` holds `n` operands (the caller's guarantee).
    let items = unsafe { std::slice::from_raw_parts(p, n as usize) };
    items
        .iter()
        // SAFETY: each operand's pointers are valid for their lengths (the caller's guarantee).
        .map(|x| unsafe { decode(x) }.expect("decodable"))
        .collect()
}

/// A ray operand with its data, decoded.
///
/// # Safety
/// As `decode::ray`.
unsafe fn ray_with_data(r: &urnum_ray) -> Result<lagoon::Ray, urnum_status> {
    // SAFETY: forwarded from the caller.
    unsafe { decode::ray(r, true) }
}

/// The general path's plan and answer: the table's function on decoded operands, encoded.
///
/// # Safety
/// As [`through_abi`].
unsafe fn general(pol: Policy, arm: u32, rnd: u8, a: &urnum_args) -> (urnum_plan, Answer) {
    let row = table::by_id(arm).expect("a known arm");
    // SAFETY: `a.rays` holds `a.n_rays` rays whose pointers are valid for their
    // lengths (the caller's guarantee).
    let rays = unsafe { decoded(a.rays, a.n_rays, ray_with_data) };
    // SAFETY: as above, for `a.atoms`.
    let atoms = unsafe { decoded(a.atoms, a.n_atoms, decode::atom) };
    let door = Door::lake(Round::from_code(rnd).expect("a mode")).with_policy(pol);
    let ctx = Ctx {
        door,
        rays,
        metas: vec![],
        atoms,
        ints: vec![],
    };
    let meta = rules::meta(row.rule, &ctx).expect("a meta-only rule");
    let plan = canonical_plan(&meta).expect("a plan");
    let e = encode(&(row.run)(&ctx).expect("the general path succeeds")).expect("encodable");
    let ans = Answer {
        status: urnum_status::URNUM_OK,
        plan: e.plan,
        shape: e.shape,
        bytes: e.bytes,
    };
    (plan, ans)
}

/// The other executor.
fn other(e: Executor) -> Executor {
    match e {
        Executor::Fast => Executor::Reference,
        Executor::Reference => Executor::Fast,
    }
}

/// Runs one served call both ways and checks everything the module docs promise.
///
/// # Safety
/// As [`through_abi`].
unsafe fn check_served(what: &str, arm: u32, rnd: u8, a: &urnum_args, pol: Policy) {
    // SAFETY: forwarded from the caller.
    let (pa, xa, jet, jplan) = unsafe { through_abi(pol, arm, rnd, a) };
    // SAFETY: forwarded from the caller.
    let (gplan, want) = unsafe { general(pol.with_exec(other(pol.exec)), arm, rnd, a) };
    assert_eq!(jet.status, urnum_status::URNUM_OK, "{what}: status");
    assert_eq!(pa, 0, "{what}: plan allocated");
    assert_eq!(xa, 0, "{what}: exec allocated");
    assert_eq!(jplan.flags, URNUM_PLAN_NO_ALLOC, "{what}: plan flag");
    assert_eq!(jet.plan.flags, URNUM_PLAN_NO_ALLOC, "{what}: result flag");
    let strip = |p: urnum_plan| urnum_plan { flags: 0, ..p };
    assert_eq!(
        strip(jplan),
        gplan,
        "{what}: plan differs from the size rule's"
    );
    assert_eq!(strip(jet.plan), want.plan, "{what}: result description");
    assert_eq!(jet.shape, want.shape, "{what}: shape");
    assert!(
        jet.bytes == want.bytes,
        "{what}: bits differ from the general path"
    );
}

const MODES: [u8; 4] = [b'n', b'u', b'd', b'z'];
const BLOQS: [u8; 3] = [4, 5, 6];
const SIZES: [usize; 4] = [1, 3, 257, 10_000];

/// The arms over two equal-meta rays.
const BINARY: [u32; 11] = [
    URNUM_LA_ADD,
    URNUM_LA_SUB,
    URNUM_LA_MUL,
    URNUM_LA_DIV,
    URNUM_LA_GTH,
    URNUM_LA_GTE,
    URNUM_LA_LTH,
    URNUM_LA_LTE,
    URNUM_LA_EQU,
    URNUM_LA_NEQ,
    URNUM_LA_DOT,
];
const SCALAR: [u32; 4] = [
    URNUM_LA_ADD_SCALAR,
    URNUM_LA_SUB_SCALAR,
    URNUM_LA_MUL_SCALAR,
    URNUM_LA_DIV_SCALAR,
];
const UNARY: [u32; 2] = [URNUM_LA_ABS, URNUM_LA_CUMSUM];

/// The pinned data atom of element bytes, with `extra` high zero bytes.
fn atom_form(elems: &[u8], extra: usize) -> Vec<u8> {
    let mut v = elems.to_vec();
    v.push(1);
    v.extend(std::iter::repeat_n(0, extra));
    v
}

/// Every served arm × width × mode × size, both executors, both input forms.
fn sweep(pol: Policy, seed: u64) -> usize {
    let mut g = Gen(seed);
    let mut calls = 0;
    for &bloq in &BLOQS {
        for &n in &SIZES {
            // A rank-2 shape for even sizes, rank 1 otherwise.
            let shape: Vec<u64> = if n % 2 == 0 {
                vec![2, n as u64 / 2]
            } else {
                vec![n as u64]
            };
            let (x, y) = (bytes(&mut g, bloq, n), bytes(&mut g, bloq, n));
            let (xa, ya) = (atom_form(&x, 0), atom_form(&y, 3));
            let scalar: Vec<u8> = (0..(g.next() % 11)).map(|_| g.next() as u8).collect();
            for &rnd in &MODES {
                for (form, xd, yd) in [(URNUM_DATA_ELEMS, &x, &y), (URNUM_DATA_ATOM, &xa, &ya)] {
                    let rx = ray(&shape, bloq, xd, form);
                    let ry = ray(&shape, bloq, yd, form);
                    for arm in BINARY {
                        let what =
                            format!("arm {arm} bloq {bloq} n {n} {} form {form}", rnd as char);
                        // SAFETY: `args` builds the block from live slices of this scope.
                        unsafe { check_served(&what, arm, rnd, &args(&[rx, ry], &[]), pol) };
                        calls += 1;
                    }
                    for arm in UNARY {
                        let what =
                            format!("arm {arm} bloq {bloq} n {n} {} form {form}", rnd as char);
                        // SAFETY: `args` builds the block from live slices of this scope.
                        unsafe { check_served(&what, arm, rnd, &args(&[rx], &[]), pol) };
                        calls += 1;
                    }
                    let s = [urnum_bytes {
                        ptr: scalar.as_ptr(),
                        len: scalar.len(),
                    }];
                    for arm in SCALAR {
                        let what = format!(
                            "arm {arm} bloq {bloq} n {n} {} scalar {scalar:02x?}",
                            rnd as char
                        );
                        // SAFETY: `args` builds the block from live slices of this scope.
                        unsafe { check_served(&what, arm, rnd, &args(&[rx], &s), pol) };
                        calls += 1;
                    }
                }
            }
        }
        // mmul: m×k · k×p, up to 100×100 · 100×100 (10^4 elements each).
        for (m, k, p) in [
            (1, 1, 1),
            (3, 5, 7),
            (9, 17, 65),
            (100, 100, 100),
            (1, 300, 2),
        ] {
            let (sa, sb) = ([m as u64, k as u64], [k as u64, p as u64]);
            let (a, b) = (bytes(&mut g, bloq, m * k), bytes(&mut g, bloq, k * p));
            for &rnd in &MODES {
                let rays = [
                    ray(&sa, bloq, &a, URNUM_DATA_ELEMS),
                    ray(&sb, bloq, &b, URNUM_DATA_ELEMS),
                ];
                let what = format!("mmul bloq {bloq} {m}x{k}x{p} {}", rnd as char);
                // SAFETY: `args` builds the block from live slices of this scope.
                unsafe { check_served(&what, URNUM_LA_MMUL, rnd, &args(&rays, &[]), pol) };
                calls += 1;
            }
        }
    }
    calls
}

#[test]
fn jet_path_allocates_nothing_and_gives_the_general_paths_bits() {
    initialised();
    let mut calls = 0;
    for cap in [Isa::Avx512, Isa::Avx2, Isa::Fma, Isa::Portable] {
        for exec in [Executor::Fast, Executor::Reference] {
            let pol = Policy { exec, isa: cap };
            calls += sweep(pol, 0x9e37_79b9_7f4a_7c15 ^ cap as u64);
        }
    }
    // 3 widths × (4 sizes × 4 modes × 2 forms × 17 arms + 5 mmul shapes × 4 modes), per cap and executor.
    assert_eq!(calls, 8 * 3 * (4 * 4 * 2 * 17 + 5 * 4));
}

#[test]
fn named_entries_allocate_nothing() {
    initialised();
    let shape = [1u64];
    let (x, y) = (
        1.5f32.to_bits().to_le_bytes(),
        2.25f32.to_bits().to_le_bytes(),
    );
    let (rx, ry) = (
        ray(&shape, 5, &x, URNUM_DATA_ELEMS),
        ray(&shape, 5, &y, URNUM_DATA_ELEMS),
    );
    let mut out = [0u8; 4];
    let mut res = urnum_plan::default();
    let mut sh = [0u64; 1];
    let o = urnum_out {
        ptr: out.as_mut_ptr(),
        cap: 4,
    };
    // SAFETY: live locals of the right sizes.
    let (n, s) =
        counted(|| unsafe { urnum_la_add(b'n', &rx, &ry, o, &mut res, sh.as_mut_ptr(), 1) });
    assert_eq!((n, s), (0, urnum_status::URNUM_OK));
    assert_eq!(u32::from_le_bytes(out), 3.75f32.to_bits());
    assert_eq!(res.flags, URNUM_PLAN_NO_ALLOC);
    // SAFETY: as above.
    let (n, s) = counted(|| unsafe {
        urnum_la_mul_scalar(
            b'z',
            &rx,
            urnum_bytes {
                ptr: y.as_ptr(),
                len: 4,
            },
            o,
            &mut res,
            sh.as_mut_ptr(),
            1,
        )
    });
    assert_eq!((n, s), (0, urnum_status::URNUM_OK));
    assert_eq!(u32::from_le_bytes(out), 3.375f32.to_bits());
}

/// Calls the jet path declines keep their statuses, plan without the flag, and allocate.
#[test]
fn declined_calls_are_flagged_as_allocating() {
    initialised();
    let shape = [2u64];
    let x = [0x00, 0x3c, 0x00, 0x40]; // [1.0 2.0] @rh
                                      // A pin block of 3: +check passes, the general path computes (and allocates).
    let bad_pin = [0x00, 0x3c, 0x00, 0x40, 0x03];
    let r_ok = ray(&shape, 4, &x, URNUM_DATA_ELEMS);
    let r_pin = ray(&shape, 4, &bad_pin, URNUM_DATA_ATOM);
    // SAFETY: `args` builds the block from live slices of this scope.
    let (pa, xa, ans, plan) =
        unsafe { through_abi(Policy::FAST, URNUM_LA_ADD, b'n', &args(&[r_pin, r_ok], &[])) };
    assert_eq!(ans.status, urnum_status::URNUM_OK);
    assert_eq!(plan.flags & URNUM_PLAN_NO_ALLOC, 0);
    assert_eq!(ans.plan.flags & URNUM_PLAN_NO_ALLOC, 0);
    let _ = pa; // a size-rule plan of the general path may or may not allocate
    assert!(xa > 0, "the general path allocates");
    assert_eq!(ans.bytes, [0x00, 0x40, 0x00, 0x44]); // [2.0 4.0]

    // '%a' punts (no Lagoon door holds it), as before.
    // SAFETY: `args` builds the block from live slices of this scope.
    let (_, _, ans, _) =
        unsafe { through_abi(Policy::FAST, URNUM_LA_ADD, b'a', &args(&[r_ok, r_ok], &[])) };
    assert_eq!(ans.status, urnum_status::URNUM_PUNT);

    // Mismatched metas: the size rule plans, exec crashes (`=(meta.a meta.b)`).
    let shape3 = [1u64];
    let r_one = ray(&shape3, 4, &x, URNUM_DATA_ELEMS);
    let pair = [r_ok, r_one];
    let a2 = args(&pair, &[]);
    let mut plan = urnum_plan::default();
    let mut sh = [0u64; 4];
    // SAFETY: live locals.
    let s = unsafe { urnum_la_plan(URNUM_LA_ADD, b'n', &a2, &mut plan, sh.as_mut_ptr(), 4) };
    assert_eq!(s, urnum_status::URNUM_OK);
    assert_eq!(plan.flags & URNUM_PLAN_NO_ALLOC, 0);
    let mut out = [0xa5u8; 8];
    let o = urnum_out {
        ptr: out.as_mut_ptr(),
        cap: 8,
    };
    let none = urnum_out::none();
    // SAFETY: live locals.
    let s = unsafe {
        urnum_la_exec(
            URNUM_LA_ADD,
            b'n',
            &a2,
            o,
            none,
            &mut plan,
            sh.as_mut_ptr(),
            4,
        )
    };
    assert_eq!(s, urnum_status::URNUM_CRASH);
    assert_eq!(out, [0xa5; 8]);

    // bloq 7 (@rq) is served by the general path only.
    let q = [0u8; 32];
    let rq = ray(&shape, 7, &q, URNUM_DATA_ELEMS);
    // SAFETY: `args` builds the block from live slices of this scope.
    let (_, xa, ans, plan) =
        unsafe { through_abi(Policy::FAST, URNUM_LA_ADD, b'n', &args(&[rq, rq], &[])) };
    assert_eq!(ans.status, urnum_status::URNUM_OK);
    assert_eq!(plan.flags & URNUM_PLAN_NO_ALLOC, 0);
    assert!(xa > 0);

    // An empty ray crashes in +bin-op ((dec 0)); the jet path declines it.
    let empty = [0u64];
    let re = ray(&empty, 5, &[], URNUM_DATA_ELEMS);
    // SAFETY: `args` builds the block from live slices of this scope.
    let (_, _, ans, plan) =
        unsafe { through_abi(Policy::FAST, URNUM_LA_ADD, b'n', &args(&[re, re], &[])) };
    assert_eq!(plan.flags & URNUM_PLAN_NO_ALLOC, 0);
    assert_eq!(ans.status, urnum_status::URNUM_CRASH);
}

/// A short output buffer is `URNUM_CONTRACT` on the jet path too, with nothing written.
#[test]
fn jet_path_checks_buffers_before_writing() {
    initialised();
    let shape = [3u64];
    let x: Vec<u8> = [1.0f32, 2.0, 3.0]
        .iter()
        .flat_map(|v| v.to_bits().to_le_bytes())
        .collect();
    let r = ray(&shape, 5, &x, URNUM_DATA_ELEMS);
    let pair = [r, r];
    let a = args(&pair, &[]);
    let none = urnum_out::none();
    let mut out = [0xa5u8; 16];
    let mut res = urnum_plan {
        flags: 77,
        ..urnum_plan::default()
    };
    let mut sh = [9u64; 2];
    for (cap, shcap) in [(11, 1), (12, 0)] {
        let o = urnum_out {
            ptr: out.as_mut_ptr(),
            cap,
        };
        // SAFETY: live locals; the capacities given are within them.
        let (n, s) = counted(|| unsafe {
            urnum_la_exec(
                URNUM_LA_MUL,
                b'n',
                &a,
                o,
                none,
                &mut res,
                sh.as_mut_ptr(),
                shcap,
            )
        });
        assert_eq!(
            (n, s),
            (0, urnum_status::URNUM_CONTRACT),
            "cap {cap} shape cap {shcap}"
        );
        assert_eq!(out, [0xa5; 16]);
        assert_eq!(res.flags, 77);
        assert_eq!(sh, [9; 2]);
    }
    // Plan: a shape capacity below the rank.
    let mut plan = urnum_plan::default();
    // SAFETY: live locals.
    let s = unsafe { urnum_la_plan(URNUM_LA_MUL, b'n', &a, &mut plan, sh.as_mut_ptr(), 0) };
    assert_eq!(s, urnum_status::URNUM_CONTRACT);
    assert_eq!(plan, urnum_plan::default());
}
