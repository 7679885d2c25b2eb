//! Throughput of the soft core against Berkeley SoftFloat, measured in one
//! run (ignored; the table is in `docs/softcore.md`). Each line times the same
//! 4096 hard-biased operand sets through both, best of `SOFTCORE_REPS` passes
//! (default 200), and prints ns per operation and the ratio
//! SoftFloat time / core time (above 1: the core is faster).
//! `SOFTCORE_ONLY="Add Q,Mul Q"` times only the lines named. The line
//! `Sub Q` times binary128 subtraction (`add`'s code with `b`'s sign flipped). The line
//! `Dot Q` times the fold `acc = acc + x·y` (`?gemm`'s inner loop) per step;
//! the lines `Add Q near` … `Div Q near` time binary128 operations on the
//! fold's operands (magnitudes in [2^−2, 2^3), either sign).
//! Command: `cargo test --release -p urnum-softblas --test softcore_speed -- --ignored --nocapture`

mod softcore_support;

use softblas::scalar::i754::Width;
use softblas::Round;
use softcore_support::{case, core, specials, Op, Oracle, Rng};
use std::hint::black_box;
use std::time::Instant;

/// The best time in ns per operation of `f` over the cases.
#[inline(always)]
fn best(reps: u32, cases: &[[u128; 3]], f: impl Fn([u128; 3]) -> u128) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = Instant::now();
        let mut acc = 0u128;
        for &x in cases {
            acc ^= f(black_box(x));
        }
        black_box(acc);
        best = best.min(t.elapsed().as_nanos() as f64 / cases.len() as f64);
    }
    best
}

/// The best time in ns per step of the fold `acc = acc + x·y` over the
/// pairs (`?gemm`'s and `?dot`'s inner loop: each sum waits for the last).
#[inline(always)]
fn best_fold(reps: u32, pairs: &[[u128; 3]], step: impl Fn(u128, [u128; 3]) -> u128) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = Instant::now();
        let mut acc = 0u128;
        for &x in pairs {
            acc = step(acc, black_box(x));
        }
        black_box(acc);
        best = best.min(t.elapsed().as_nanos() as f64 / pairs.len() as f64);
    }
    best
}

/// Pairs of binary128 numbers of either sign with magnitudes in [2^−2, 2^3)
/// (as the operands of `urnum bench --level blas`): a fold of their products
/// stays finite and normal.
fn dot_pairs() -> Vec<[u128; 3]> {
    let mut rng = Rng::new(0xd07);
    let w = Width::Q;
    let mut one = || {
        let sign = u128::from(rng.next() & 1) << 127;
        let e = u128::from(w.bias()) - 2 + u128::from(rng.below(5));
        sign | e << w.frac_bits() | (rng.wide() & ((1 << w.frac_bits()) - 1))
    };
    (0..4096).map(|_| [one(), one(), 0]).collect()
}

/// Finite nonzero hard-biased operand sets of `op` at `w` (the timed work is the arithmetic).
fn cases(op: Op, w: Width) -> Vec<[u128; 3]> {
    let sp = specials(w);
    let mut rng = Rng::new(0xbe_4c4 ^ w.bits() as u64);
    std::iter::repeat_with(|| case(&mut rng, op, w, &sp))
        .filter(|x| x.iter().take(op.arity()).all(|&v| is_finite_nonzero(w, v)))
        .take(4096)
        .collect()
}

#[test]
#[ignore = "timing; run in release, see docs/softcore.md"]
#[allow(clippy::float_arithmetic)]
fn core_against_softfloat() {
    let reps = std::env::var("SOFTCORE_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let only = std::env::var("SOFTCORE_ONLY").unwrap_or_default();
    let oracle = Oracle::new(Round::N);
    let mut worst_q = f64::INFINITY;
    println!("| op | width | core ns | SoftFloat ns | SoftFloat/core |");
    println!("|---|---|---|---|---|");
    // One timed loop per line with the operation and width written out, so
    // both sides' dispatch folds away: the core's function is inlined into
    // the loop, SoftFloat's is one direct call.
    macro_rules! line {
        ($op:expr, $w:expr) => {{
            let label = format!("{:?} {:?}", $op, $w);
            if only.is_empty() || only.split(',').any(|o| o.trim() == label) {
                let cases = cases($op, $w);
                let c = best(reps, &cases, |x| core($op, $w, Round::N, x));
                let s = best(reps, &cases, |x| oracle.eval($op, $w, x));
                if $w == Width::Q && matches!($op, Op::Add | Op::Sub | Op::Mul | Op::Div) {
                    worst_q = worst_q.min(s / c);
                }
                println!("| {:?} | {:?} | {c:.2} | {s:.2} | {:.2} |", $op, $w, s / c);
            }
        }};
    }
    macro_rules! width {
        ($w:expr) => {
            line!(Op::Add, $w);
            line!(Op::Mul, $w);
            line!(Op::Div, $w);
            line!(Op::Fma, $w);
            line!(Op::Sqrt, $w);
        };
    }
    width!(Width::H);
    width!(Width::S);
    width!(Width::D);
    width!(Width::Q);
    line!(Op::Sub, Width::Q);
    // The binary128 operations again on operands of like size (the `Dot Q`
    // pairs), where no far-apart shortcut applies.
    for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
        let label = format!("{op:?} Q near");
        if only.is_empty() || only.split(',').any(|o| o.trim() == label) {
            let (pairs, w) = (dot_pairs(), Width::Q);
            let c = best(reps, &pairs, |x| core(op, w, Round::N, x));
            let s = best(reps, &pairs, |x| oracle.eval(op, w, x));
            worst_q = worst_q.min(s / c);
            println!("| {op:?} near | Q | {c:.2} | {s:.2} | {:.2} |", s / c);
        }
    }
    if only.is_empty() || only.split(',').any(|o| o.trim() == "Dot Q") {
        let (pairs, w) = (dot_pairs(), Width::Q);
        let c = best_fold(reps, &pairs, |acc, [x, y, _]| {
            let prod = core(Op::Mul, w, Round::N, [x, y, 0]);
            core(Op::Add, w, Round::N, [acc, prod, 0])
        });
        let s = best_fold(reps, &pairs, |acc, [x, y, _]| {
            let prod = oracle.eval(Op::Mul, w, [x, y, 0]);
            oracle.eval(Op::Add, w, [acc, prod, 0])
        });
        println!("| Dot | Q | {c:.2} | {s:.2} | {:.2} |", s / c);
    }
    if worst_q.is_finite() {
        println!("binary128 add/sub/mul/div: worst SoftFloat/core ratio {worst_q:.2}");
    }
}

fn is_finite_nonzero(w: Width, a: u128) -> bool {
    let mag = a & (w.mask() >> 1);
    let inf = ((1u128 << w.exp_bits()) - 1) << w.frac_bits();
    mag != 0 && mag < inf
}

/// `?gemm` and complex `?gemm` at binary128 (`urnum bench --level blas`'s
/// `gemm`/`cgemm` rows at `rq`) against the same contraction written as a
/// loop of SoftFloat calls in SoftBLAS's order, in one run ([`gemm_row`];
/// complex: the six-rounding product, then the sum per component). The
/// ratio printed is SoftFloat time / urnum's.
/// Command: `SOFTCORE_REPS=10 cargo test --release -p urnum-softblas --test softcore_speed gemm_q -- --ignored --nocapture`
#[test]
#[ignore = "timing; run in release, see docs/softcore.md"]
#[allow(clippy::float_arithmetic)]
fn gemm_q_against_softfloat() {
    use softblas::blas::Complex;
    let reps: u32 = std::env::var("SOFTCORE_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(5, |r: u32| r.clamp(1, 50));
    let (n, w) = (32usize, Width::Q);
    let oracle = Oracle::new(Round::N);
    let (mul, add, sub) = (
        |a: u128, b: u128| oracle.eval(Op::Mul, w, [a, b, 0]),
        |a: u128, b: u128| oracle.eval(Op::Add, w, [a, b, 0]),
        |a: u128, b: u128| oracle.eval(Op::Sub, w, [a, b, 0]),
    );
    let vals: Vec<u128> = dot_pairs().iter().flat_map(|&[x, y, _]| [x, y]).collect();
    let (alpha, beta) = (vals[6 * n * n], vals[6 * n * n + 1]);
    println!("| routine (n = {n}) | urnum ns per multiply-add | SoftFloat ns | SoftFloat/urnum |");
    println!("|---|---|---|---|");
    let m = |i: usize| &vals[i * n * n..(i + 1) * n * n];
    let (u, s) = gemm_row(n, reps, [m(0), m(1), m(2)], (alpha, beta), 0, mul, add);
    println!("| gemm rq | {u:.1} | {s:.1} | {:.2} |", s / u);
    // Complex: element i of a matrix is (v_2i, v_2i+1).
    let cx = |i: usize| -> Vec<Complex<u128>> {
        let v = &vals[2 * i * n * n..2 * (i + 1) * n * n];
        v.chunks_exact(2)
            .map(|p| Complex::new(p[0], p[1]))
            .collect()
    };
    let cmul = |p: Complex<u128>, q: Complex<u128>| {
        Complex::new(
            sub(mul(p.re, q.re), mul(p.im, q.im)),
            add(mul(p.re, q.im), mul(p.im, q.re)),
        )
    };
    let cadd = |p: Complex<u128>, q: Complex<u128>| Complex::new(add(p.re, q.re), add(p.im, q.im));
    let (ab, ba) = (Complex::new(alpha, beta), Complex::new(beta, alpha));
    let (a, b, c) = (cx(0), cx(1), cx(2));
    let zero = Complex::new(0, 0);
    let (u, s) = gemm_row(n, reps, [&a, &b, &c], (ab, ba), zero, cmul, cadd);
    println!("| cgemm rq | {u:.1} | {s:.1} | {:.2} |", s / u);
}

/// `C = α·A·B + β·C` on `n × n` row-major matrices in round-to-nearest,
/// through `softblas::blas::gemm` (the fast executor) and through a loop of
/// `mul` and `add` in SoftBLAS's order (each cell `d = zero; d = d + a_ik·b_kj`
/// for `k` ascending, then `α·d + β·c`), best of `reps` each: ns per
/// multiply-add, urnum's and the loop's.
///
/// # Panics
/// When the two results differ.
#[allow(clippy::float_arithmetic)]
fn gemm_row<E: softblas::blas::Elem>(
    n: usize,
    reps: u32,
    [a, b, c0]: [&[E]; 3],
    (alpha, beta): (E, E),
    zero: E,
    mul: impl Fn(E, E) -> E,
    add: impl Fn(E, E) -> E,
) -> (f64, f64) {
    use softblas::blas::{self, Trans};
    let best = |f: &mut dyn FnMut() -> Vec<E>| -> (f64, Vec<E>) {
        let (mut best, mut out) = (f64::INFINITY, Vec::new());
        for _ in 0..reps {
            let t = Instant::now();
            out = black_box(f());
            best = best.min(t.elapsed().as_nanos() as f64 / (n * n * n) as f64);
        }
        (best, out)
    };
    let (u, got) = best(&mut || {
        let (mut c, pol, t) = (c0.to_vec(), softblas::Policy::FAST, Trans::N);
        blas::gemm(
            t,
            t,
            n,
            n,
            n,
            alpha,
            a,
            n,
            b,
            n,
            beta,
            &mut c,
            n,
            pol,
            Round::N,
        )
        .expect("in bounds");
        c
    });
    let (s, want) = best(&mut || {
        let mut c = c0.to_vec();
        for (i, row) in c.chunks_exact_mut(n).enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                let d = (0..n).fold(zero, |d, k| add(d, mul(a[i * n + k], b[k * n + j])));
                *cell = add(mul(alpha, d), mul(beta, *cell));
            }
        }
        c
    });
    assert_eq!(got, want, "urnum's gemm and the SoftFloat loop differ");
    (u, s)
}
