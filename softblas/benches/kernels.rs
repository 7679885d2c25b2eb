//! Benchmarks (divan): `exec`'s map, fold and contract under the reference
//! and the fast policy, and the BLAS routines at binary16/32/64/128. Quote
//! ratios between entries of one run (e.g. `fast / reference`), never bare
//! times.
//!
//! Run: `cargo bench -p urnum-softblas --bench kernels` (add `-- map` to filter).
#![allow(missing_docs)]

use divan::{black_box, Bencher};
use softblas::blas::{self, Complex, Layout, Trans};
use softblas::exec::{self, fast, Dir, Operand, Order, Seed, View};
use softblas::prog::{Binary, Node, Op2, Prog};
use softblas::scalar::i754;
use softblas::Word;
use softblas::{Atom, Dtype, Kind, Round};

fn main() {
    divan::main();
}

/// Elements per vector.
const N: usize = 1024;
/// Square matrix side for gemv and contract/gemm.
const M: usize = 32;

/// Deterministic values near 1 of width `T`, varied in the low fraction bits.
fn values<T: Word>(n: usize, salt: u128) -> Vec<T> {
    let w = T::W;
    (0..n as u128)
        .map(|i| {
            let frac = (i.wrapping_mul(0x9e37_79b9) ^ salt) & ((1 << (w.frac_bits() - 1)) - 1);
            T::of_bits(i754::one(w) | frac)
        })
        .collect()
}

fn atoms<T: Word>(v: &[T]) -> Vec<Atom> {
    v.iter().map(|x| Atom::from_u128(x.bits())).collect()
}

fn dtype<T: Word>() -> Dtype {
    Dtype {
        kind: Kind::I754,
        bloq: T::W.bloq(),
        prec: None,
    }
}

fn add_prog<T: Word>() -> Prog {
    let t = dtype::<T>();
    Prog::of_node(
        vec![t, t],
        Node::Op2(Op2::Binary(Binary::Add), 0, 1),
        Round::N,
    )
    .unwrap()
}

/// The benches `reference` and `fast` of a module: its `run` on the reference
/// executor's loop and on the fast one, at every width.
macro_rules! reference_and_fast {
    ($reference:literal, $fast:literal) => {
        #[doc = $reference]
        #[divan::bench(types = [u16, u32, u64, u128])]
        fn reference<T: Word>(b: Bencher) {
            run::<T>(b, softblas::Policy::REFERENCE);
        }

        #[doc = $fast]
        #[divan::bench(types = [u16, u32, u64, u128])]
        fn fast<T: Word>(b: Bencher) {
            run::<T>(b, softblas::Policy::FAST);
        }
    };
}

mod map {
    use super::*;

    fn run<T: Word>(b: Bencher, pol: softblas::Policy) {
        let prog = add_prog::<T>();
        let (x, y) = (atoms(&values::<T>(N, 1)), atoms(&values::<T>(N, 2)));
        let view = View::contiguous(&[N]);
        let ops = [&x, &y].map(|data| Operand { data, view: &view });
        b.bench_local(|| exec::map(pol, black_box(&prog), &[N], black_box(&ops)));
    }

    reference_and_fast!(
        "`exec::map` of `add` over 1024 elements, reference policy.",
        "`exec::map` of `add` over 1024 elements, fast policy."
    );
}

mod fold {
    use super::*;

    fn run<T: Word>(b: Bencher, pol: softblas::Policy) {
        let step = exec::step(Op2::Binary(Binary::Add), dtype::<T>(), Round::N).unwrap();
        let xs = atoms(&values::<T>(N, 3));
        let order = Order {
            dir: Dir::Right,
            seed: Seed::Zero,
        };
        b.bench_local(|| exec::fold(pol, black_box(&step), &order, black_box(&xs)));
    }

    reference_and_fast!(
        "`exec::fold` (right, from +0) of `add` over 1024 elements, reference policy.",
        "`exec::fold` (right, from +0) of `add` over 1024 elements, fast policy."
    );
}

mod contract {
    use super::*;

    fn run<T: Word>(b: Bencher, pol: softblas::Policy) {
        let (a, c) = (atoms(&values::<T>(M * M, 4)), atoms(&values::<T>(M * M, 5)));
        let t = dtype::<T>();
        b.bench_local(|| {
            exec::contract(pol, &t, Round::N, (M, M, M), black_box(&a), black_box(&c))
        });
    }

    reference_and_fast!(
        "`exec::contract` 32×32·32×32, reference policy.",
        "`exec::contract` 32×32·32×32, fast policy."
    );
}

mod level1 {
    use super::*;

    /// `?dot`, 1024 elements.
    #[divan::bench(types = [u16, u32, u64, u128])]
    fn dot<T: Word>(b: Bencher) {
        let (x, y) = (values::<T>(N, 6), values::<T>(N, 7));
        b.bench_local(|| {
            blas::dot(
                N,
                black_box(&x),
                1,
                black_box(&y),
                1,
                softblas::Policy::FAST,
                Round::N,
            )
        });
    }

    /// `?axpy`, 1024 elements.
    #[divan::bench(types = [u16, u32, u64, u128])]
    fn axpy<T: Word>(b: Bencher) {
        let x = values::<T>(N, 8);
        let mut y = values::<T>(N, 9);
        let alpha = T::of_bits(i754::one(T::W));
        b.bench_local(|| {
            blas::axpy(
                N,
                alpha,
                black_box(&x),
                1,
                black_box(&mut y),
                1,
                softblas::Policy::FAST,
                Round::N,
            )
        });
    }

    /// The one-vector reductions `$name` (`blas::$name`), 1024 elements each.
    macro_rules! reductions {
        ($($doc:literal, $name:ident, $salt:literal;)*) => {$(
            #[doc = $doc]
            #[divan::bench(types = [u16, u32, u64, u128])]
            fn $name<T: Word>(b: Bencher) {
                let x = values::<T>(N, $salt);
                b.bench_local(|| blas::$name(N, black_box(&x), 1, softblas::Policy::FAST, Round::N));
            }
        )*};
    }

    reductions! {
        "`?asum`, 1024 elements.", asum, 10;
        "`?nrm2`, 1024 elements.", nrm2, 11;
    }

    /// `?nrm2_B` (SoftFloat throughout, so no policy), 1024 elements.
    #[divan::bench(types = [u16, u32, u64, u128])]
    fn nrm2_b<T: Word>(b: Bencher) {
        let x = values::<T>(N, 12);
        b.bench_local(|| blas::nrm2_b(N, black_box(&x), 1, Round::N));
    }

    /// Complex `?dotu` (`idotu cdotu zdotu vdotu`), 1024 elements.
    #[divan::bench(types = [u16, u32, u64, u128])]
    fn dotu_complex<T: Word>(b: Bencher) {
        let z: Vec<Complex<T>> = values::<T>(N, 13)
            .into_iter()
            .zip(values::<T>(N, 14))
            .map(|(re, im)| Complex::new(re, im))
            .collect();
        b.bench_local(|| {
            blas::dot(
                N,
                black_box(&z),
                1,
                black_box(&z),
                1,
                softblas::Policy::FAST,
                Round::N,
            )
        });
    }
}

mod level2 {
    use super::*;

    /// `?gemv`, 32×32 row-major.
    #[divan::bench(types = [u16, u32, u64, u128])]
    fn gemv<T: Word>(b: Bencher) {
        let a = values::<T>(M * M, 15);
        let x = values::<T>(M, 16);
        let mut y = vec![T::default(); M];
        let one = T::of_bits(i754::one(T::W));
        b.bench_local(|| {
            blas::gemv(
                Layout::Row,
                Trans::N,
                M,
                M,
                one,
                black_box(&a),
                M,
                black_box(&x),
                1,
                T::default(),
                black_box(&mut y),
                1,
                softblas::Policy::FAST,
                Round::N,
            )
        });
    }
}

mod level3 {
    use super::*;

    /// `?gemm`, 32×32·32×32, α = 1, β = 0 (the cells of `exec::contract`).
    #[divan::bench(types = [u16, u32, u64, u128])]
    fn gemm<T: Word>(b: Bencher) {
        let (a, c) = (values::<T>(M * M, 4), values::<T>(M * M, 5));
        let mut out = vec![T::default(); M * M];
        let one = T::of_bits(i754::one(T::W));
        b.bench_local(|| {
            blas::gemm(
                Trans::N,
                Trans::N,
                M,
                M,
                M,
                one,
                black_box(&a),
                M,
                black_box(&c),
                M,
                T::default(),
                black_box(&mut out),
                M,
                softblas::Policy::FAST,
                Round::N,
            )
        });
    }

    /// The kernel `exec::fast::kernels::contract` on bits (no atom conversion), 32×32·32×32.
    #[divan::bench(types = [u16, u32, u64, u128])]
    fn contract_kernel<T: Word>(b: Bencher) {
        let (a, c) = (values::<T>(M * M, 4), values::<T>(M * M, 5));
        b.bench_local(|| {
            fast::kernels::contract(
                softblas::Policy::FAST,
                Round::N,
                (M, M, M),
                black_box(&a),
                black_box(&c),
            )
        });
    }
}
