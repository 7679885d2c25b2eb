//! `urnum bench --kinds`: the Lagoon arms on the element kinds other than
//! `%i754`, through the fast and the reference executors, beside a native
//! anchor where one is obvious.
//!
//! Each row runs one arm (`add mul div cumsum sum-dim mmul`) on random rays
//! of one kind and width, in `%n`, under both policies (their bits must be
//! equal), and a native loop of the same shape into a fresh buffer:
//! wrapping `u8…u64` loops for `%uint`, wrapping `i8…i64` loops for `%int2`
//! (division toward zero), an `i64` loop for `%fixp` q15.16 (products and
//! quotients rescaled by `2^16`), `f32`/`f64` pairs for `%cplx` (the
//! textbook product, as `num_complex::Complex`'s, and Smith's quotient, as
//! `/lib/complex`'s); `%unum` against SoftPosit (`softposit.rs`: `P32E2`
//! and its quire, whose bits must equal urnum's; `P16E1` and its quire for
//! speed only, SoftPosit having no standard posit16). The
//! width column names the
//! element: `u32`, `i32`, `q15.16`, `rps` (posit32), `cs` (complex binary32).

use super::{best, native::Loop, Row, Sizes};
use crate::rng::SplitMix64;
use lagoon::meta::Tail;
use lagoon::{Door, Kind, LagoonError, Meta, Ray};
use softblas::scalar::unum;
use softblas::{Atom, Executor, Policy, Round};
use std::hint::black_box;
use std::time::Duration;

/// The benchmarks run at the other kinds, in table order.
pub const BENCHES: [&str; 6] = ["add", "mul", "div", "cumsum", "sum-dim", "mmul"];

/// One element type benchmarked: its kind, width label, bloq and `%fixp` precision.
#[derive(Clone, Copy, Debug)]
pub struct Elem {
    /// The Lagoon kind.
    pub kind: Kind,
    /// The width column's label.
    pub name: &'static str,
    /// The element bloq.
    pub bloq: u32,
    /// The `[a b]` tail of `%fixp`.
    pub prec: Option<(u32, u32)>,
}

const fn elem(kind: Kind, name: &'static str, bloq: u32) -> Elem {
    Elem {
        kind,
        name,
        bloq,
        prec: None,
    }
}

/// Every element type of `--kinds` other than `%i754`, in table order.
pub const ELEMS: [Elem; 13] = [
    elem(Kind::Uint, "u8", 3),
    elem(Kind::Uint, "u16", 4),
    elem(Kind::Uint, "u32", 5),
    elem(Kind::Uint, "u64", 6),
    elem(Kind::Int2, "i8", 3),
    elem(Kind::Int2, "i16", 4),
    elem(Kind::Int2, "i32", 5),
    elem(Kind::Int2, "i64", 6),
    Elem {
        kind: Kind::Fixp,
        name: "q15.16",
        bloq: 5,
        prec: Some((15, 16)),
    },
    elem(Kind::Unum, "rph", 4),
    elem(Kind::Unum, "rps", 5),
    elem(Kind::Cplx, "cs", 6),
    elem(Kind::Cplx, "cd", 7),
];

/// Sizes: elements of the elementwise arms and `+cumsum`, the side of `+sum-dim` and `+mmul`.
const SIZES: Sizes = Sizes {
    rows: &[(&["mmul"], 128, 32), (&["sum-dim"], 1000, 100)],
    other: (1_000_000, 20_000),
};

/// `n` random elements of `e` as bits: integers of any value (divisors odd,
/// so never 0), fixed-point values of magnitude below 2^7, posits and complex
/// parts of magnitude in [1/16, 16).
fn values(rng: &mut SplitMix64, e: Elem, n: usize, divisor: bool) -> Vec<u128> {
    let bits = 1u32 << e.bloq;
    let mask = if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    let near_one = |rng: &mut SplitMix64| {
        let r = rng.next_u64();
        let x = 2f64.powf(((r >> 11) as f64 / (1u64 << 53) as f64) * 8.0 - 4.0);
        if r & 1 == 1 {
            -x
        } else {
            x
        }
    };
    (0..n)
        .map(|_| match e.kind {
            Kind::Uint | Kind::Int2 => {
                let v = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & mask;
                if divisor {
                    v | 1
                } else {
                    v
                }
            }
            Kind::Fixp => {
                // |x| < 2^7 in q15.16: 23 bits and a sign, so products stay in range.
                let v = (rng.next_u64() & ((1 << 23) - 1)) | u64::from(divisor);
                let v = if rng.next_u64() & 1 == 1 {
                    v.wrapping_neg()
                } else {
                    v
                };
                u128::from(v) & mask
            }
            Kind::Unum => {
                let w = if e.bloq == 4 {
                    unum::Width::P16
                } else {
                    unum::Width::P32
                };
                unum::from_ieee(w, unum::Ieee::D, u128::from(near_one(rng).to_bits()))
            }
            _ => {
                // Complex: two IEEE parts of half the element, real part low.
                let half = bits / 2;
                let part = |x: f64| -> u128 {
                    if half == 32 {
                        u128::from((x as f32).to_bits())
                    } else {
                        u128::from(x.to_bits())
                    }
                };
                part(near_one(rng)) | part(near_one(rng)) << half
            }
        })
        .collect()
}

fn ray(e: Elem, shape: &[usize], bits: &[u128]) -> Ray {
    let mut meta = Meta::new(shape.iter().map(|&s| s as u64).collect(), e.bloq, e.kind);
    if let Some((a, b)) = e.prec {
        meta.tail = Tail::Prec {
            a: Atom::from_u64(u64::from(a)),
            b: Atom::from_u64(u64::from(b)),
        };
    }
    let atoms: Vec<Atom> = bits.iter().map(|&b| Atom::from_u128(b)).collect();
    Ray::from_elems(meta, &atoms).expect("a well-formed ray")
}

/// A host integer of the native anchors.
trait Native: Copy + Default + 'static {
    fn of_bits(b: u128) -> Self;
    fn key(self) -> u64;
    fn add(self, y: Self) -> Self;
    fn mul(self, y: Self) -> Self;
    fn div(self, y: Self) -> Self;
}

macro_rules! native {
    ($($t:ty),*) => {$(
        impl Native for $t {
            fn of_bits(b: u128) -> Self {
                b as $t
            }
            fn key(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn add(self, y: Self) -> Self {
                self.wrapping_add(y)
            }
            #[inline(always)]
            fn mul(self, y: Self) -> Self {
                self.wrapping_mul(y)
            }
            #[inline(always)]
            fn div(self, y: Self) -> Self {
                self.wrapping_div(y)
            }
        }
    )*};
}

native!(u8, u16, u32, u64, i8, i16, i32, i64);

/// `i64` values of q15.16 with the fixed-point product and quotient.
#[derive(Clone, Copy, Default)]
struct Q16(i64);

impl Native for Q16 {
    fn of_bits(b: u128) -> Self {
        Q16(i64::from(b as u32 as i32))
    }
    fn key(self) -> u64 {
        self.0 as u64
    }
    #[inline(always)]
    fn add(self, y: Self) -> Self {
        Q16(self.0.wrapping_add(y.0))
    }
    #[inline(always)]
    fn mul(self, y: Self) -> Self {
        Q16(self.0.wrapping_mul(y.0) >> 16)
    }
    #[inline(always)]
    fn div(self, y: Self) -> Self {
        Q16((self.0 << 16).wrapping_div(y.0))
    }
}

/// A complex value of host floats (`f32` or `f64` parts), real part in the
/// element's low half, with the textbook product and Smith's quotient.
#[derive(Clone, Copy, Default)]
struct Z<F>(F, F);

macro_rules! complex {
    ($f:ty, $u:ty) => {
        impl Native for Z<$f> {
            fn of_bits(b: u128) -> Self {
                let bits = <$u>::BITS;
                Z(<$f>::from_bits(b as $u), <$f>::from_bits((b >> bits) as $u))
            }
            fn key(self) -> u64 {
                self.0.to_bits() as u64
            }
            #[inline(always)]
            fn add(self, y: Self) -> Self {
                Z(self.0 + y.0, self.1 + y.1)
            }
            #[inline(always)]
            fn mul(self, y: Self) -> Self {
                Z(self.0 * y.0 - self.1 * y.1, self.0 * y.1 + self.1 * y.0)
            }
            #[inline(always)]
            fn div(self, y: Self) -> Self {
                let (Z(ar, ai), Z(br, bi)) = (self, y);
                if br.abs() >= bi.abs() {
                    let r = bi / br;
                    let dn = br + bi * r;
                    Z((ar + ai * r) / dn, (ai - ar * r) / dn)
                } else {
                    let r = br / bi;
                    let dn = br * r + bi;
                    Z((ar * r + ai) / dn, (ai * r - ar) / dn)
                }
            }
        }
    };
}

complex!(f32, u32);
complex!(f64, u64);

/// `out_i = f(a_i, b_i)` into a fresh buffer (`f` a type of its own, so the loop is
/// compiled around it and vectorises).
fn zip<T: Native>(a: Vec<T>, b: Vec<T>, f: impl Fn(T, T) -> T + 'static) -> Loop {
    Loop::new(move || {
        let (a, b) = (black_box(&a), black_box(&b));
        let out: Vec<T> = a.iter().zip(b).map(|(&x, &y)| f(x, y)).collect();
        out[out.len() / 2].key()
    })
}

/// The native loop of `bench` over host values `T` of the operands' bits.
fn anchor<T: Native>(bench: &str, n: usize, a: &[u128], b: &[u128]) -> Loop {
    let a: Vec<T> = a.iter().map(|&x| T::of_bits(x)).collect();
    let b: Vec<T> = b.iter().map(|&x| T::of_bits(x)).collect();
    match bench {
        "add" => zip(a, b, T::add),
        "mul" => zip(a, b, T::mul),
        "div" => zip(a, b, T::div),
        "cumsum" => Loop::new(move || {
            black_box(&a)
                .iter()
                .rev()
                .fold(T::default(), |acc, &x| x.add(acc))
                .key()
        }),
        "sum-dim" => Loop::new(move || {
            let a = black_box(&a);
            let mut acc: Vec<T> = a[..n].to_vec();
            for row in a.chunks_exact(n).skip(1) {
                for (s, &x) in acc.iter_mut().zip(row) {
                    *s = s.add(x);
                }
            }
            acc[n / 2].key()
        }),
        _ => Loop::new(move || {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut c = vec![T::default(); n * n];
            for (arow, row) in a.chunks_exact(n).zip(c.chunks_exact_mut(n)) {
                for (&x, brow) in arow.iter().zip(b.chunks_exact(n)) {
                    for (acc, &y) in row.iter_mut().zip(brow) {
                        *acc = acc.add(x.mul(y));
                    }
                }
            }
            c[n * n / 2].key()
        }),
    }
}

/// The native anchor of `e`, if it has one.
fn native(e: Elem, bench: &str, n: usize, a: &[u128], b: &[u128]) -> Option<Loop> {
    Some(match (e.kind, e.bloq) {
        (Kind::Uint, 3) => anchor::<u8>(bench, n, a, b),
        (Kind::Uint, 4) => anchor::<u16>(bench, n, a, b),
        (Kind::Uint, 5) => anchor::<u32>(bench, n, a, b),
        (Kind::Uint, 6) => anchor::<u64>(bench, n, a, b),
        (Kind::Int2, 3) => anchor::<i8>(bench, n, a, b),
        (Kind::Int2, 4) => anchor::<i16>(bench, n, a, b),
        (Kind::Int2, 5) => anchor::<i32>(bench, n, a, b),
        (Kind::Int2, 6) => anchor::<i64>(bench, n, a, b),
        (Kind::Fixp, 5) => anchor::<Q16>(bench, n, a, b),
        (Kind::Cplx, 6) => anchor::<Z<f32>>(bench, n, a, b),
        (Kind::Cplx, 7) => anchor::<Z<f64>>(bench, n, a, b),
        _ => return None,
    })
}

/// One benchmark on one element type, in `%n`.
///
/// # Errors
/// An arm's error, or `MISMATCH` when the executors give different results.
pub fn run(pol: Policy, bench: &str, e: Elem, quick: bool) -> Result<Row, String> {
    let n = SIZES.of(bench, quick);
    let budget = Duration::from_millis(if quick { 30 } else { 400 });
    let mut rng = SplitMix64::new(0x5eed ^ u64::from(e.bloq) << 8 ^ e.kind.cord());
    let door = Door::lake(Round::N);
    let square = matches!(bench, "mmul" | "sum-dim");
    let count = if square { n * n } else { n };
    let a = values(&mut rng, e, count, false);
    let b = values(&mut rng, e, count, bench == "div");
    let shape: Vec<usize> = if square { vec![n, n] } else { vec![n] };
    let (ra, rb) = (ray(e, &shape, &a), ray(e, &shape, &b));
    type Arm = fn(&Door, &Ray, &Ray) -> Result<Ray, LagoonError>;
    let arm: Arm = match bench {
        "add" => lagoon::elementwise::add,
        "mul" => lagoon::elementwise::mul,
        "div" => lagoon::elementwise::div,
        "cumsum" => |d, a, _| lagoon::reduce::cumsum(d, a),
        "sum-dim" => |d, a, _| lagoon::axis::reductions::sum_dim(d, a, 0),
        "mmul" => lagoon::linalg::mmul,
        other => return Err(format!("unknown benchmark {other}")),
    };
    let go = |p: Policy| arm(&door.with_policy(p), &ra, &rb).map_err(|e| e.to_string());
    let (fast, out_fast) = best(budget, || go(pol.with_exec(Executor::Fast)));
    let (reference, out_ref) = best(budget, || go(pol.with_exec(Executor::Reference)));
    let out = out_fast?;
    if out != out_ref? {
        return Err("MISMATCH: fast and reference executors give different bits".into());
    }
    let native = if e.kind == Kind::Unum {
        super::softposit::anchor(e.bloq, bench, n, &a, &b).map(|sp| {
            let got: Vec<u128> = lagoon::ravel(&out)
                .map_err(|e| e.to_string())?
                .iter()
                .map(Atom::low_u128)
                .collect();
            if sp.bits.as_ref().is_some_and(|want| *want != got) {
                return Err("MISMATCH: urnum and SoftPosit give different bits".to_string());
            }
            Ok(best(budget, || sp.run.run()).0)
        })
    } else {
        native(e, bench, n, &a, &b).map(|l| Ok(best(budget, || l.run()).0))
    }
    .transpose()?;
    Ok(Row {
        bench: bench.to_string(),
        size: if square {
            format!("{n}x{n}")
        } else {
            n.to_string()
        },
        fast,
        reference,
        native,
    })
}
