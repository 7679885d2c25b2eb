//! The BLAS records of the test data: routines called on drawn operands,
//! with the bytes urnum's SoftBLAS gives as the expected value.

use super::writer::W;
use softblas::scalar::i754::Width;
use softblas::Round;

/// A small deterministic generator of finite float bits near 1 in magnitude.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 11
    }
    /// Bits of a float of width `w` with a biased exponent within 6 of the bias.
    fn float(&mut self, w: Width) -> u128 {
        let (exp_bits, man_bits) = (w.exp_bits(), w.frac_bits());
        let r = self.next();
        let bias = (1u128 << (exp_bits - 1)) - 1;
        let e = bias - 6 + u128::from(r % 13);
        let m =
            (u128::from(self.next()) | (u128::from(self.next()) << 53)) & ((1u128 << man_bits) - 1);
        let sign = u128::from(r >> 40 & 1);
        sign << (exp_bits + man_bits) | e << man_bits | m
    }
}

/// One BLAS record (`'B'`): routine, rounding, ints, input blobs, expected bytes.
fn blas_record(
    data: &mut W,
    id: &str,
    routine: u8,
    rnd: u8,
    ints: &[i64],
    blobs: &[Vec<u8>],
    want: &[u8],
) {
    data.u8(b'B');
    data.u32(id.len() as u32);
    data.0.extend_from_slice(id.as_bytes());
    data.u8(routine);
    data.u8(rnd);
    data.u32(ints.len() as u32);
    for i in ints {
        data.u64(*i as u64);
    }
    data.u32(blobs.len() as u32);
    for b in blobs {
        data.bytes(b);
    }
    data.bytes(want);
}

fn le<T: Copy>(xs: &[T], f: impl Fn(T) -> Vec<u8>) -> Vec<u8> {
    xs.iter().flat_map(|x| f(*x)).collect()
}

/// The value of the dot product `name` (`sdot`, `qdot`, `zdotc`) of `n`
/// elements of `x` and `y` (each element's little-endian bytes) at their
/// strides, in mode `rnd`, as its little-endian bytes.
fn dot_of(
    name: &str,
    n: usize,
    (x, incx): (&[Vec<u8>], isize),
    (y, incy): (&[Vec<u8>], isize),
    rnd: Round,
) -> Vec<u8> {
    use softblas::blas::{names, Complex};
    let word = |b: &[u8]| {
        b.iter()
            .rev()
            .fold(0u128, |v, &byte| v << 8 | u128::from(byte))
    };
    let floats = |v: &[Vec<u8>]| v.iter().map(|b| word(b)).collect::<Vec<u128>>();
    let complexes = |v: &[Vec<u8>]| -> Vec<Complex<u64>> {
        v.iter()
            .map(|b| Complex {
                re: word(&b[..8]) as u64,
                im: word(&b[8..]) as u64,
            })
            .collect()
    };
    match name {
        "sdot" => {
            let (x, y) = (floats(x), floats(y));
            let (x, y): (Vec<u32>, Vec<u32>) = (
                x.iter().map(|v| *v as u32).collect(),
                y.iter().map(|v| *v as u32).collect(),
            );
            let want =
                names::sdot(n, &x, incx, &y, incy, softblas::Policy::FAST, rnd).expect("sdot");
            want.to_le_bytes().to_vec()
        }
        "qdot" => {
            let want = names::qdot(
                n,
                &floats(x),
                incx,
                &floats(y),
                incy,
                softblas::Policy::FAST,
                rnd,
            )
            .expect("qdot");
            want.to_le_bytes().to_vec()
        }
        _ => {
            let (x, y) = (complexes(x), complexes(y));
            let want =
                names::zdotc(n, &x, incx, &y, incy, softblas::Policy::FAST, rnd).expect("zdotc");
            [want.re.to_le_bytes(), want.im.to_le_bytes()].concat()
        }
    }
}

/// The SoftBLAS entries' cases, expected values computed by `softblas::blas`:
/// `sdot` and `qdot` (strides 1, 2, −1), `zdotc`, `dgemm` (all four
/// transpose pairs), each in the four Hoon modes.
pub(crate) fn blas_records(data: &mut W) {
    use softblas::blas::{names, Trans};
    let mut g = Lcg(0x5eed);
    for rnd in [Round::N, Round::Z, Round::U, Round::D] {
        let c = rnd.code();
        for (n, incx, incy) in [(5usize, 1isize, 1isize), (4, 2, -1), (3, -1, 2)] {
            let lx = (n - 1) * incx.unsigned_abs() + 1;
            let ly = (n - 1) * incy.unsigned_abs() + 1;
            let ints = [n as i64, incx as i64, incy as i64];
            let mut dot = |name: &str, routine: u8, draw: &dyn Fn(&mut Lcg) -> Vec<u8>| {
                let x: Vec<Vec<u8>> = (0..lx).map(|_| draw(&mut g)).collect();
                let y: Vec<Vec<u8>> = (0..ly).map(|_| draw(&mut g)).collect();
                let want = dot_of(name, n, (&x, incx), (&y, incy), rnd);
                let id = format!("{name}/{}/{n}", c as char);
                blas_record(
                    data,
                    &id,
                    routine,
                    c,
                    &ints,
                    &[x.concat(), y.concat()],
                    &want,
                );
            };
            dot("sdot", 1, &|g| {
                (g.float(Width::S) as u32).to_le_bytes().to_vec()
            });
            dot("qdot", 4, &|g| g.float(Width::Q).to_le_bytes().to_vec());
            dot("zdotc", 2, &|g| {
                let (re, im) = (g.float(Width::D) as u64, g.float(Width::D) as u64);
                [re.to_le_bytes(), im.to_le_bytes()].concat()
            });
        }
        for (ta, tb) in [
            (Trans::N, Trans::N),
            (Trans::T, Trans::N),
            (Trans::N, Trans::T),
            (Trans::T, Trans::T),
        ] {
            let (m, n, p) = (3usize, 2usize, 4usize);
            // SoftBLAS's names: op(A) m × n, op(B) n × p, C m × p.
            let (lda, ldb, ldc) = (
                if ta == Trans::N { n } else { m } + 1,
                if tb == Trans::N { p } else { n },
                p + 2,
            );
            let (ar, br) = (
                if ta == Trans::N { m } else { n },
                if tb == Trans::N { n } else { p },
            );
            let a: Vec<u64> = (0..ar * lda).map(|_| g.float(Width::D) as u64).collect();
            let b: Vec<u64> = (0..br * ldb).map(|_| g.float(Width::D) as u64).collect();
            let cin: Vec<u64> = (0..m * ldc).map(|_| g.float(Width::D) as u64).collect();
            let (alpha, beta) = (g.float(Width::D) as u64, g.float(Width::D) as u64);
            let mut cw = cin.clone();
            names::dgemm(
                ta,
                tb,
                m,
                n,
                p,
                alpha,
                &a,
                lda,
                &b,
                ldb,
                beta,
                &mut cw,
                ldc,
                softblas::Policy::FAST,
                rnd,
            )
            .expect("dgemm");
            let code = |t: Trans| {
                if t == Trans::N {
                    i64::from(b'N')
                } else {
                    i64::from(b'T')
                }
            };
            let ints = [
                code(ta),
                code(tb),
                m as i64,
                n as i64,
                p as i64,
                alpha as i64,
                lda as i64,
                ldb as i64,
                beta as i64,
                ldc as i64,
            ];
            let u = |v: u64| v.to_le_bytes().to_vec();
            let blobs = [le(&a, u), le(&b, u), le(&cin, u)];
            let id = format!(
                "dgemm/{}/{}{}",
                c as char,
                code(ta) as u8 as char,
                code(tb) as u8 as char
            );
            blas_record(data, &id, 3, c, &ints, &blobs, &le(&cw, u));
        }
    }
}
