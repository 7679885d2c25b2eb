//! Per-call overhead of the C ABI on a one-element `@rs` ray `+add`
//! (issue 9's target: at most 50 ns over the kernel).
//!
//! Measures, best of several batches, ns per call of:
//! - `hw::scalar`: `softblas::hw::scalar::<u32>(Add, N, a, b)`, the kernel alone;
//! - `urnum_la_exec`: the generic entry with a prepared argument block (the jet path);
//! - `urnum_la_plan + urnum_la_exec`: what a shim does per call;
//! - `urnum_la_add`: the named entry.
//!
//! Run: `cargo bench -p urnum-ffi --bench abi_overhead` (release profile).
#![allow(unsafe_code)]
#![allow(missing_docs)]

use softblas::hw::{self, Op};
use softblas::Round;
use std::hint::black_box;
use std::time::Instant;
use urnum_ffi::la::jet::urnum_la_init;
use urnum_ffi::la::{urnum_la_add, urnum_la_exec, urnum_la_plan};
use urnum_ffi::math_named::urnum_rd_exp;
use urnum_ffi::*;

/// The best ns per call of `f` over `rounds` batches of `n` calls.
fn best(n: u32, rounds: u32, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let t = Instant::now();
        for _ in 0..n {
            f();
        }
        best = best.min(t.elapsed().as_nanos() as f64 / f64::from(n));
    }
    best
}

/// `urnum_la_exec` of arm `id` in mode `%n` on `args`, the value into `o`
/// (no second output), its description into `res` and its shape into `sh`.
fn exec_n(
    id: u32,
    args: &urnum_args,
    o: urnum_out,
    res: &mut urnum_plan,
    sh: &mut [u64],
) -> urnum_status {
    let cap = sh.len() as u32;
    // SAFETY: `args` and `o` point at live buffers of their stated sizes (the callers' locals),
    // `res` and `sh` are exclusive borrows of `cap` shape slots.
    unsafe {
        urnum_la_exec(
            id,
            b'n',
            args,
            o,
            urnum_out::none(),
            res,
            sh.as_mut_ptr(),
            cap,
        )
    }
}

fn main() {
    urnum_la_init();
    let (n, rounds) = (200_000, 25);
    let shape = [1u64];
    let xb = 1.5f32.to_bits().to_le_bytes();
    let yb = 2.25f32.to_bits().to_le_bytes();
    let ray = |d: &[u8; 4]| urnum_ray {
        meta: urnum_meta::of(&shape, 5, URNUM_I754),
        data: d.as_ptr(),
        len: 4,
        form: URNUM_DATA_ELEMS,
    };
    let rays = [ray(&xb), ray(&yb)];
    let args = urnum_args::of(&rays, &[]);
    let mut out = [0u8; 4];
    let mut res = urnum_plan::default();
    let mut plan = urnum_plan::default();
    let mut sh = [0u64; 1];
    let o = urnum_out {
        ptr: out.as_mut_ptr(),
        cap: 4,
    };

    let (a, b) = (1.5f32.to_bits(), 2.25f32.to_bits());
    let kernel = best(n, rounds, || {
        black_box(hw::scalar::<u32>(
            Op::Add,
            Round::N,
            black_box(a),
            black_box(b),
        ));
    });
    let exec = best(n, rounds, || {
        black_box(exec_n(
            black_box(URNUM_LA_ADD),
            black_box(&args),
            o,
            &mut res,
            &mut sh,
        ));
    });
    let plan_exec = best(n, rounds, || {
        // SAFETY: every pointer is a live local of the stated size.
        let s = unsafe {
            urnum_la_plan(
                black_box(URNUM_LA_ADD),
                b'n',
                black_box(&args),
                &mut plan,
                sh.as_mut_ptr(),
                1,
            )
        };
        black_box(s);
        black_box(exec_n(URNUM_LA_ADD, &args, o, &mut res, &mut sh));
    });
    let named = best(n, rounds, || {
        // SAFETY: as above.
        let s = unsafe {
            urnum_la_add(
                b'n',
                black_box(&rays[0]),
                &rays[1],
                o,
                &mut res,
                sh.as_mut_ptr(),
                1,
            )
        };
        black_box(s);
    });
    let exp_rd = rd_exp();
    let (jet, hwc) = mmul_256();
    assert_eq!(u32::from_le_bytes(out), 3.75f32.to_bits());
    assert_eq!(res.flags, URNUM_PLAN_NO_ALLOC, "the jet path ran");
    println!(
        "one-element @rs +add, ns per call (best of {rounds} × {n}), {}",
        hw::host_path(softblas::Policy::FAST.isa,)
    );
    println!("  hw::scalar (kernel)            {kernel:7.1}");
    println!(
        "  urnum_la_exec                  {exec:7.1}   overhead {:6.1}",
        exec - kernel
    );
    println!(
        "  urnum_la_plan + urnum_la_exec  {plan_exec:7.1}   overhead {:6.1}",
        plan_exec - kernel
    );
    println!(
        "  urnum_la_add (named)           {named:7.1}   overhead {:6.1}",
        named - kernel
    );
    println!("/lib/math exp:rd %z, ns per call (arguments spread over [-8, 8))");
    println!("  urnum_rd_exp (named)           {exp_rd:7.1}");
    println!("@rs +mmul 256×256·256×256 %n, ms per call");
    println!("  hw::contract (Vec operands)    {hwc:7.2}");
    println!("  urnum_la_exec (stack tiles)    {jet:7.2}");
}

/// ns per call of the named scalar `urnum_rd_exp` (vere's jet: 1.67 µs per
/// call in the numerics benchmark of 2026-06-26; issue 25 asks ≤ 300 ns).
fn rd_exp() -> f64 {
    let xs: Vec<u64> = (0..1024)
        .map(|i| (-8.0 + 16.0 * f64::from(i) / 1024.0).to_bits())
        .collect();
    let mut k = 0usize;
    let mut out = 0u64;
    let t = best(200_000, 25, || {
        k = (k + 1) & 1023;
        // SAFETY: `out` is a live local.
        let s = unsafe { urnum_rd_exp(black_box(xs[k]), b'z', &mut out) };
        black_box((s, out));
    });
    // The door's bits on the soft core, for the last argument.
    let d = softblas::math::Door::with(softblas::ieee::Width::D, Round::Z, 0, 0)
        .expect("%z")
        .with_policy(softblas::Policy::REFERENCE);
    let want = d.exp(u128::from(xs[k])).expect("finite");
    assert_eq!(u128::from(out), want, "urnum_rd_exp gives the door's bits");
    t
}

/// ms per call of a 256² `@rs` `+mmul` through `urnum_la_exec` and through `hw::contract`.
fn mmul_256() -> (f64, f64) {
    let n = 256usize;
    let shape = [n as u64, n as u64];
    let vals: Vec<u32> = (0..n * n)
        .map(|i| 0x3f80_0000 + ((i as u32).wrapping_mul(2_654_435_761) >> 9))
        .collect();
    let bytes: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    let ray = urnum_ray {
        meta: urnum_meta::of(&shape, 5, URNUM_I754),
        data: bytes.as_ptr(),
        len: bytes.len(),
        form: URNUM_DATA_ELEMS,
    };
    let rays = [ray, ray];
    let args = urnum_args::of(&rays, &[]);
    let mut out = vec![0u8; n * n * 4];
    let mut res = urnum_plan::default();
    let mut sh = [0u64; 2];
    let o = urnum_out::of(&mut out);
    let jet = best(1, 10, || {
        black_box(exec_n(URNUM_LA_MMUL, &args, o, &mut res, &mut sh));
    }) / 1e6;
    assert_eq!(res.flags, URNUM_PLAN_NO_ALLOC);
    let hwc = best(1, 10, || {
        black_box(hw::contract::<u32>(
            softblas::Policy::FAST.isa,
            Round::N,
            (n, n, n),
            &vals,
            &vals,
        ));
    }) / 1e6;
    let c = hw::contract::<u32>(
        softblas::Policy::FAST.isa,
        Round::N,
        (n, n, n),
        &vals,
        &vals,
    );
    let want: Vec<u8> = c.iter().flat_map(|v| v.to_le_bytes()).collect();
    assert!(out == want, "the jet path's bits are hw::contract's");
    (jet, hwc)
}
