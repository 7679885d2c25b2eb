//! `urnum bench --level kernel`: the same benchmarks on bits already in
//! contiguous buffers, without Lagoon's rays and atoms: the hardware kernels
//! of `softblas::hw` against SoftFloat held in the mode for the whole loop
//! (`Fpu::with`, the fastest use of the reference arithmetic), in the arms'
//! orders.

use super::{best, native, values, Row, SIZES};
use crate::rng::SplitMix64;
use softblas::hw::{self, Op};
use softblas::scalar::i754::{Fpu, Width};
use softblas::Round;
use softblas::Word;
use softblas::{Isa, Policy};
use std::time::Duration;

/// One kernel-level benchmark at one width and mode.
pub fn run(pol: Policy, bench: &str, w: Width, r: Round, quick: bool) -> Result<Row, String> {
    let isa = pol.isa;
    match w {
        Width::H => go::<u16>(isa, bench, r, quick),
        Width::S => go::<u32>(isa, bench, r, quick),
        Width::D => go::<u64>(isa, bench, r, quick),
        Width::Q => Err("binary128 has no hardware kernel (SoftFloat in both executors)".into()),
    }
}

fn soft(f: &Fpu, op: Op, w: Width, a: u128, b: u128) -> u128 {
    match op {
        Op::Add => f.add(w, a, b),
        Op::Sub => f.sub(w, a, b),
        Op::Mul => f.mul(w, a, b),
        Op::Div => f.div(w, a, b),
    }
}

fn go<T: Word>(isa: Isa, bench: &str, r: Round, quick: bool) -> Result<Row, String> {
    let w = T::W;
    let n = SIZES.of(bench, quick);
    let budget = Duration::from_millis(if quick { 30 } else { 400 });
    let mut rng = SplitMix64::new(0x5eed ^ u64::from(w.bits()) << 8 ^ u64::from(r.code()));
    let lanes = |v: &[u128]| -> Vec<T> { v.iter().map(|&x| T::of_bits(x)).collect() };
    let bits = |v: &[T]| -> Vec<u128> { v.iter().map(|x| x.bits()).collect() };
    type Run<'a> = Box<dyn FnMut() -> Vec<u128> + 'a>;
    let (a, b, nat, size_txt) = match bench {
        "mmul" => {
            let (a, b) = (
                values(&mut rng, w, n * n, (-2, 2)),
                values(&mut rng, w, n * n, (-2, 2)),
            );
            let nat = native::mmul(w, n, &a, &b);
            (a, b, nat, format!("{n}x{n}"))
        }
        "sum-dim" => {
            let a = values(&mut rng, w, n * n, (-4, 4));
            let nat = native::sum_dim(w, n, &a);
            (a, Vec::new(), nat, format!("{n}x{n}"))
        }
        "cdist-sq" => {
            let (a, b) = (
                values(&mut rng, w, n * 32, (-2, 2)),
                values(&mut rng, w, n * 32, (-2, 2)),
            );
            let nat = native::cdist_sq(w, n, 32, &a, &b);
            (a, b, nat, format!("{n}x32"))
        }
        "add" | "mul" | "div" | "cumsum" | "dot" => {
            let (a, b) = (
                values(&mut rng, w, n, (-4, 4)),
                values(&mut rng, w, n, (-4, 4)),
            );
            let nat = match bench {
                "cumsum" => native::cumsum(w, &a),
                "dot" => native::dot(w, &a, &b),
                op => native::elementwise(op, w, &a, &b),
            };
            (a, b, nat, n.to_string())
        }
        _ => return Err("no kernel-level form (runs through SoftFloat's /lib/math steps)".into()),
    };
    let (la, lb) = (lanes(&a), lanes(&b));
    let (fast, reference): (Box<dyn FnMut() -> Vec<T> + '_>, Run<'_>) = match bench {
        "add" | "mul" | "div" => {
            let op = match bench {
                "add" => Op::Add,
                "mul" => Op::Mul,
                _ => Op::Div,
            };
            (
                Box::new(move || {
                    let mut out = vec![T::default(); la.len()];
                    hw::elementwise(isa, op, r, &la, &lb, &mut out);
                    out
                }),
                Box::new(move || {
                    Fpu::with(r, |f| {
                        a.iter()
                            .zip(&b)
                            .map(|(&x, &y)| soft(f, op, w, x, y))
                            .collect()
                    })
                }),
            )
        }
        "cumsum" => (
            Box::new(move || vec![hw::fold(isa, Op::Add, r, true, T::default(), &la)]),
            Box::new(move || {
                vec![Fpu::with(r, |f| {
                    a.iter().rev().fold(0, |acc, &x| f.add(w, x, acc))
                })]
            }),
        ),
        "dot" => (
            Box::new(move || {
                let mut p = vec![T::default(); la.len()];
                hw::elementwise(isa, Op::Mul, r, &la, &lb, &mut p);
                vec![hw::fold(isa, Op::Add, r, true, T::default(), &p)]
            }),
            Box::new(move || {
                vec![Fpu::with(r, |f| {
                    let p: Vec<u128> = a.iter().zip(&b).map(|(&x, &y)| f.mul(w, x, y)).collect();
                    p.iter().rev().fold(0, |acc, &x| f.add(w, x, acc))
                })]
            }),
        ),
        "mmul" => (
            Box::new(move || hw::contract(isa, r, (n, n, n), &la, &lb)),
            Box::new(move || {
                Fpu::with(r, |f| {
                    let mut c = vec![0u128; n * n];
                    for i in 0..n {
                        for k in 0..n {
                            let x = a[i * n + k];
                            for (acc, &y) in
                                c[i * n..(i + 1) * n].iter_mut().zip(&b[k * n..(k + 1) * n])
                            {
                                *acc = f.add(w, *acc, f.mul(w, x, y));
                            }
                        }
                    }
                    c
                })
            }),
        ),
        "sum-dim" => (
            // Column sums, each a left fold seeded with the first row: the rows added in order.
            Box::new(move || {
                let mut acc: Vec<T> = la[..n].to_vec();
                let mut next = vec![T::default(); n];
                for i in 1..n {
                    hw::elementwise(isa, Op::Add, r, &acc, &la[i * n..(i + 1) * n], &mut next);
                    std::mem::swap(&mut acc, &mut next);
                }
                acc
            }),
            Box::new(move || {
                Fpu::with(r, |f| {
                    let mut acc: Vec<u128> = a[..n].to_vec();
                    for i in 1..n {
                        for (s, &x) in acc.iter_mut().zip(&a[i * n..(i + 1) * n]) {
                            *s = f.add(w, *s, x);
                        }
                    }
                    acc
                })
            }),
        ),
        _ => (
            // cdist-sq: per pair of rows, the squared differences, then a left fold seeded with the first.
            Box::new(move || {
                let d = 32;
                let mut out = Vec::with_capacity(n * n);
                let (mut diff, mut sq) = (vec![T::default(); d], vec![T::default(); d]);
                for i in 0..n {
                    for j in 0..n {
                        hw::elementwise(
                            isa,
                            Op::Sub,
                            r,
                            &la[i * d..(i + 1) * d],
                            &lb[j * d..(j + 1) * d],
                            &mut diff,
                        );
                        hw::elementwise(isa, Op::Mul, r, &diff, &diff, &mut sq);
                        out.push(hw::fold(isa, Op::Add, r, false, sq[0], &sq[1..]));
                    }
                }
                out
            }),
            Box::new(move || {
                let d = 32;
                Fpu::with(r, |f| {
                    let mut out = Vec::with_capacity(n * n);
                    for i in 0..n {
                        for j in 0..n {
                            let sq = |k: usize| {
                                let t = f.sub(w, a[i * d + k], b[j * d + k]);
                                f.mul(w, t, t)
                            };
                            out.push((1..d).fold(sq(0), |acc, k| f.add(w, acc, sq(k))));
                        }
                    }
                    out
                })
            }),
        ),
    };
    let (mut fast, mut reference) = (fast, reference);
    let (t_fast, out_fast) = best(budget, &mut fast);
    let (t_ref, out_ref) = best(budget, &mut reference);
    if bits(&out_fast) != out_ref {
        return Err("MISMATCH: the hardware kernels and SoftFloat give different bits".into());
    }
    Ok(Row {
        bench: bench.to_string(),
        size: size_txt,
        fast: t_fast,
        reference: t_ref,
        native: nat.map(|l| best(budget, || l.run()).0),
    })
}
