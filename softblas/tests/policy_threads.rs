//! Two policies side by side in one process: a policy is a value each call
//! takes, so two threads running the same programs under different policies
//! at the same time each get the route their policy names and the same bits.

mod rng_support;

use rng_support::Rng;
use softblas::exec::fast::kernels::{self, Elementwise, Step};
use softblas::exec::{self, Operand, View};
use softblas::hw;
use softblas::ieee::Width;
use softblas::math::Door;
use softblas::prog::{Binary, Op2};
use softblas::{Atom, Dtype, Executor, Isa, Kind, Policy, Round};
use std::sync::Barrier;

/// binary32 bits near 1 with the specials mixed in.
fn values(seed: u64, n: usize) -> Vec<u32> {
    let mut g = Rng(seed);
    (0..n)
        .map(|i| match i % 17 {
            0 => 0x7fc0_0001,
            1 => 0x8000_0000,
            2 => 0x0000_0003,
            _ => 0x3f80_0000 | (g.next() as u32 & 0x807f_ffff),
        })
        .collect()
}

/// What one thread computes under `p`: a program map, a kernel fold, a
/// contraction and a `/lib/math` arm, all at binary32 in `%u`.
fn work(p: Policy, xs: &[u32], ys: &[u32]) -> Vec<u128> {
    let t = Dtype {
        kind: Kind::I754,
        bloq: 5,
        prec: None,
    };
    let prog = exec::step(Op2::Binary(Binary::Mul), t, Round::U).expect("a step");
    let (ax, ay): (Vec<Atom>, Vec<Atom>) = (
        xs.iter().map(|&x| Atom::from_u64(u64::from(x))).collect(),
        ys.iter().map(|&y| Atom::from_u64(u64::from(y))).collect(),
    );
    let view = View::contiguous(&[xs.len()]);
    let ops = [
        Operand {
            data: &ax,
            view: &view,
        },
        Operand {
            data: &ay,
            view: &view,
        },
    ];
    let mut out: Vec<u128> = exec::map(p, &prog, &[xs.len()], &ops)
        .expect("the map runs")
        .remove(0)
        .iter()
        .map(|a| a.as_u128().expect("a word"))
        .collect();
    out.push(u128::from(kernels::fold(
        p,
        Step::Arith(hw::Op::Add),
        Round::U,
        false,
        0,
        xs,
    )));
    let n = 8;
    let c = kernels::contract(p, Round::U, (n, n, n), &xs[..n * n], &ys[..n * n]);
    out.extend(c.into_iter().map(u128::from));
    let d = Door::with(Width::S, Round::U, 0, 0)
        .expect("a Hoon mode")
        .with_policy(p);
    out.extend(xs[..32].iter().map(|&x| d.sin(u128::from(x))));
    out
}

#[test]
fn a_policy_decides_its_own_route() {
    let fast = Policy::FAST;
    let reference = Policy::REFERENCE;
    let add = Elementwise::Two(Step::Arith(hw::Op::Add));
    assert_eq!(add.hw_op_at(fast, Width::S), Some(hw::Op::Add));
    assert_eq!(add.hw_op_at(reference, Width::S), None);
    assert_eq!(
        add.hw_op_at(fast, Width::Q),
        None,
        "binary128 has no host format"
    );
    assert_eq!(hw::host_path(Isa::Portable), "baseline");
    assert_eq!(
        Policy::parse(Some("reference"), Some("portable")),
        Ok(Policy {
            exec: Executor::Reference,
            isa: Isa::Portable
        })
    );
}

#[test]
fn two_policies_on_two_threads_at_once_give_the_same_bits() {
    let (xs, ys) = (values(1, 4096), values(2, 4096));
    let policies = [
        Policy::REFERENCE,
        Policy::FAST.with_isa(Isa::Portable),
        Policy::FAST,
        Policy::FAST.with_isa(Isa::Avx2),
    ];
    let start = Barrier::new(policies.len());
    let results: Vec<Vec<u128>> = std::thread::scope(|s| {
        let handles: Vec<_> = policies
            .iter()
            .map(|&p| {
                let (xs, ys, start) = (&xs, &ys, &start);
                s.spawn(move || {
                    start.wait();
                    let first = work(p, xs, ys);
                    for _ in 1..20 {
                        assert_eq!(work(p, xs, ys), first, "{p:?} is deterministic");
                    }
                    first
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a thread"))
            .collect()
    });
    for (p, r) in policies.iter().zip(&results).skip(1) {
        assert_eq!(r, &results[0], "{p:?} against the reference policy");
    }
}
