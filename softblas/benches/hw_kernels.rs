//! Kernel-level timings of `softblas::hw` (run: `cargo bench -p urnum-softblas --bench hw_kernels`,
//! add `-- --quick` for small sizes): the hardware kernels against SoftFloat
//! held in the mode for the whole batch (`Fpu::with`, the fastest use of the
//! reference) and against a naive host loop, as ratios from one run.
//!
//! A harness-free bench (no benchmarking crate): each time is the best of
//! several runs within a budget.
#![allow(clippy::float_arithmetic)]

use softblas::hw::{self, Op};
use softblas::scalar::i754::{Fpu, Width};
use softblas::Round;
use softblas::Word;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn best<T>(budget: Duration, mut f: impl FnMut() -> T) -> f64 {
    let start = Instant::now();
    let mut best = f64::INFINITY;
    for _ in 0..50 {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
        if start.elapsed() >= budget {
            break;
        }
    }
    best
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Values with magnitudes in [2^-4, 2^5), either sign.
fn values<T: Word>(rng: &mut Rng, n: usize) -> Vec<T> {
    let w = T::W;
    (0..n)
        .map(|_| {
            let r = rng.next();
            let e = u128::from(w.bias() - 4 + (r % 9) as u32);
            let frac = u128::from(rng.next()) & ((1 << w.frac_bits()) - 1);
            T::of_bits(u128::from(r >> 63) << (w.bits() - 1) | e << w.frac_bits() | frac)
        })
        .collect()
}

fn soft_op(f: &Fpu, op: Op, w: Width, a: u128, b: u128) -> u128 {
    match op {
        Op::Add => f.add(w, a, b),
        Op::Sub => f.sub(w, a, b),
        Op::Mul => f.mul(w, a, b),
        Op::Div => f.div(w, a, b),
    }
}

trait Native: Word {
    fn native(op: Op, a: &[Self], b: &[Self], out: &mut [Self]);
    fn native_mmul(n: usize, a: &[Self], b: &[Self]) -> Vec<Self>;
}

macro_rules! native {
    ($t:ty, $f:ty) => {
        impl Native for $t {
            fn native(op: Op, a: &[$t], b: &[$t], out: &mut [$t]) {
                let it = out.iter_mut().zip(a).zip(b);
                match op {
                    Op::Add => it.for_each(|((o, &x), &y)| {
                        *o = (<$f>::from_bits(x) + <$f>::from_bits(y)).to_bits()
                    }),
                    Op::Sub => it.for_each(|((o, &x), &y)| {
                        *o = (<$f>::from_bits(x) - <$f>::from_bits(y)).to_bits()
                    }),
                    Op::Mul => it.for_each(|((o, &x), &y)| {
                        *o = (<$f>::from_bits(x) * <$f>::from_bits(y)).to_bits()
                    }),
                    Op::Div => it.for_each(|((o, &x), &y)| {
                        *o = (<$f>::from_bits(x) / <$f>::from_bits(y)).to_bits()
                    }),
                }
            }
            fn native_mmul(n: usize, a: &[$t], b: &[$t]) -> Vec<$t> {
                let a: Vec<$f> = a.iter().map(|&x| <$f>::from_bits(x)).collect();
                let b: Vec<$f> = b.iter().map(|&x| <$f>::from_bits(x)).collect();
                let mut c = vec![0.0 as $f; n * n];
                for i in 0..n {
                    let row = &mut c[i * n..(i + 1) * n];
                    for k in 0..n {
                        let x = a[i * n + k];
                        for (acc, &y) in row.iter_mut().zip(&b[k * n..(k + 1) * n]) {
                            *acc += x * y;
                        }
                    }
                }
                c.iter().map(|x| x.to_bits()).collect()
            }
        }
    };
}
native!(u32, f32);
native!(u64, f64);

impl Native for u16 {
    fn native(op: Op, a: &[u16], b: &[u16], out: &mut [u16]) {
        // No host binary16: the u32 loop's cost on as many elements stands in.
        let _ = (op, a, b, out);
    }
    fn native_mmul(_: usize, _: &[u16], _: &[u16]) -> Vec<u16> {
        Vec::new()
    }
}

fn elementwise<T: Native>(n: usize, budget: Duration) {
    let mut rng = Rng(7);
    let a: Vec<T> = values(&mut rng, n);
    let b: Vec<T> = values(&mut rng, n);
    let mut out = vec![T::default(); n];
    for op in Op::ALL {
        for r in Round::ALL {
            let fast = best(budget, || {
                hw::elementwise(softblas::Isa::Avx512, op, r, &a, &b, &mut out)
            });
            let soft = best(budget, || {
                Fpu::with(r, |f| {
                    for ((o, &x), &y) in out.iter_mut().zip(&a).zip(&b) {
                        *o = T::of_bits(soft_op(f, op, T::W, x.bits(), y.bits()));
                    }
                })
            });
            let native = best(budget, || T::native(op, &a, &b, &mut out));
            println!(
                "{:?} {op:?} {r:?} n={n}: hw {:.2} ns/elem, {:.1}x softfloat, {:.2}x native",
                T::W,
                fast * 1e9 / n as f64,
                soft / fast,
                fast / native
            );
        }
    }
}

fn folds<T: Native>(n: usize, budget: Duration) {
    let mut rng = Rng(8);
    let a: Vec<T> = values(&mut rng, n);
    for r in Round::ALL {
        let fast = best(budget, || {
            hw::fold(softblas::Isa::Avx512, Op::Add, r, true, T::default(), &a)
        });
        let soft = best(budget, || {
            Fpu::with(r, |f| {
                a.iter()
                    .rev()
                    .fold(0u128, |acc, &x| f.add(T::W, x.bits(), acc))
            })
        });
        println!(
            "{:?} right-fold add {r:?} n={n}: hw {:.2} ns/step, {:.1}x softfloat",
            T::W,
            fast * 1e9 / n as f64,
            soft / fast
        );
    }
}

fn contracts<T: Native>(n: usize, budget: Duration) {
    let mut rng = Rng(9);
    let a: Vec<T> = values(&mut rng, n * n);
    let b: Vec<T> = values(&mut rng, n * n);
    let native = best(budget, || T::native_mmul(n, &a, &b));
    for r in Round::ALL {
        let fast = best(budget, || {
            hw::contract(softblas::Isa::Avx512, r, (n, n, n), &a, &b)
        });
        let soft = best(budget, || {
            let mut c = vec![0u128; n * n];
            Fpu::with(r, |f| {
                for i in 0..n {
                    for k in 0..n {
                        let x = a[i * n + k].bits();
                        for (acc, &y) in
                            c[i * n..(i + 1) * n].iter_mut().zip(&b[k * n..(k + 1) * n])
                        {
                            *acc = f.add(T::W, *acc, f.mul(T::W, x, y.bits()));
                        }
                    }
                }
            });
            c
        });
        println!(
            "{:?} mmul {r:?} {n}x{n}: hw {:.3} ms, {:.1}x softfloat, {:.2}x native",
            T::W,
            fast * 1e3,
            soft / fast,
            fast / native
        );
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (n, m, budget) = if quick {
        (20_000, 48, Duration::from_millis(20))
    } else {
        (1_000_000, 256, Duration::from_millis(300))
    };
    println!(
        "# hw kernels on the {} path",
        hw::host_path(softblas::Isa::Avx512,)
    );
    elementwise::<u16>(n, budget);
    elementwise::<u32>(n, budget);
    elementwise::<u64>(n, budget);
    folds::<u16>(n, budget);
    folds::<u32>(n, budget);
    folds::<u64>(n, budget);
    contracts::<u16>(m, budget);
    contracts::<u32>(m, budget);
    contracts::<u64>(m, budget);
}
