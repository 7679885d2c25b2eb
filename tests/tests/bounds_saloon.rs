//! Bounded work in Saloon: arms whose loops grow as a power of a small
//! input's dimensions (a `4096 × 4096` shape over a one-byte data atom) are
//! charged against a named work limit before they loop, and refused as
//! unsupported past it.
//!
//! Each test builds its hostile input from a few bytes (or a few hundred KB
//! where the arm must unpack a real matrix first), runs it through the
//! registry and asserts the unsupported error, under
//! `urnum_tests::within_a_second`; where it is cheap, an input inside the
//! limit still computes.

use hoon::ray::{ray_from_noun, ray_to_noun};
use hoon::Noun;
use lagoon::{Meta, Ray};
use softblas::{Atom, Kind};
use urnum_cli::Door;
use urnum_tests::{meta, unsupported, with_registry_within_a_second};

fn sa() -> Door {
    Door::bare("sa")
}

/// The ray `[meta data]` with the data atom `1` (every element 0, no pin: the arms here do not `+check`).
fn bare(shape: &[u64], bloq: u64, kind: Kind) -> Noun {
    Noun::cell(meta(shape, bloq, kind), Noun::atom(1u64))
}

/// The `n × n` `@rd` ray with `f(i, j)` at `(i, j)`.
fn rd_matrix(n: u64, f: impl Fn(u64, u64) -> u64) -> Noun {
    let elems: Vec<Atom> = (0..n * n)
        .map(|k| Atom::from_u64(f(k / n, k % n)))
        .collect();
    ray_to_noun(&Ray::from_elems(Meta::new(vec![n, n], 6, Kind::I754), &elems).expect("a ray"))
}

const RD_ONE: u64 = 0x3ff0_0000_0000_0000;
const RD_NAN: u64 = 0x7ff8_0000_0000_0000;

/// `+gram` of a `4096 × 4096` shape would form 2^24 column products of 4096
/// rows (2^36 steps); it is charged `d² · rows` against
/// `saloon::solvers::GRAM_WORK_LIMIT` (2^24) before the input is unpacked.
#[test]
fn gram_is_charged_its_column_products() {
    with_registry_within_a_second(|reg| {
        for shape in [[4096u64, 4096], [257, 256], [1, 4097]] {
            unsupported(
                reg.call("gram:sa", &sa(), &[bare(&shape, 4, Kind::I754)]),
                "column products",
            );
        }
        let x = rd_matrix(8, |i, j| if i == j { RD_ONE } else { 0 });
        assert!(reg.call("gram:sa", &sa(), &[x]).is_ok());
    });
}

/// `+chol-unit`, `+chol` and `+chol-solve` of a large matrix with a NaN pivot
/// carry on through every column (n³/6 steps); they are charged
/// `n(n+1)(n+2)/6` against `saloon::solvers::CHOL_WORK_LIMIT` (2^24: n ≤ 464)
/// after the symmetry check and the first pivot, so a large matrix whose
/// first pivot is 0 gives `~` (or `+chol`'s crash) at once, as in the Hoon.
#[test]
fn cholesky_is_charged_its_columns() {
    with_registry_within_a_second(|reg| {
        for n in [600u64, 465] {
            // f16 NaN at (0, 0), zeros elsewhere: symmetric, NaN pivot.
            let a = Noun::cell(meta(&[n, n], 4, Kind::I754), Noun::atom(0x7e00u64));
            let v = bare(&[n], 4, Kind::I754);
            for arm in ["chol-unit:sa", "chol:sa"] {
                unsupported(
                    reg.call(arm, &sa(), std::slice::from_ref(&a)),
                    "exceeds the bound",
                );
            }
            unsupported(
                reg.call("chol-solve:sa", &sa(), &[a, v]),
                "exceeds the bound",
            );
        }
        // f16 −0 at (0, 0), zeros elsewhere: the first pivot is not positive.
        let zeros = Noun::cell(meta(&[465, 465], 4, Kind::I754), Noun::atom(0x8000u64));
        let r = reg.call("chol-unit:sa", &sa(), std::slice::from_ref(&zeros));
        assert_eq!(r.expect("not positive definite: ~"), Noun::NULL);
        assert!(reg.call("chol:sa", &sa(), &[zeros]).is_err());
        // A small matrix with a NaN pivot runs through, as the Hoon does.
        let a = rd_matrix(6, |i, j| match (i, j) {
            (0, 0) => RD_NAN,
            _ if i == j => RD_ONE,
            _ => 0,
        });
        assert!(reg.call("chol-unit:sa", &sa(), &[a]).is_ok());
    });
}

/// `+qr` and `+lstsq` reflect every column even with a NaN at `(0, 0)`
/// (≈ 1.5·m·n² visits); they are charged `Σ_k (m − k)(2n − k + 1)` against
/// `saloon::qr::QR_WORK_LIMIT` (2^24: a square side of 271) before the matrix is unpacked.
#[test]
fn qr_is_charged_its_reflections() {
    with_registry_within_a_second(|reg| {
        // Past the grid bound (2^24 elements) the matrix is refused as a grid.
        for (m, n, needle) in [
            (4096u64, 4096u64, "reflections"),
            (272, 272, "reflections"),
            (1 << 18, 64, "reflections"),
            (8192, 4096, "a ray of 33554432 elements"),
        ] {
            let a = bare(&[m, n], 4, Kind::I754);
            unsupported(reg.call("qr:sa", &sa(), std::slice::from_ref(&a)), needle);
            unsupported(
                reg.call("lstsq:sa", &sa(), &[a, bare(&[m], 4, Kind::I754)]),
                needle,
            );
        }
        let a = rd_matrix(6, |i, j| if (i, j) == (0, 0) { RD_NAN } else { RD_ONE });
        assert!(reg.call("qr:sa", &sa(), &[a]).is_ok());
    });
}

/// `+eig` of a `355 × 355` matrix through which NaN spreads would run all 60
/// sweeps of 6.7·10^7 rotated rows; each sweep is charged `n(n−1)/2 · 3n`
/// against `saloon::eig::EIG_WORK_LIMIT` (2^24 in all) before it runs.
/// A small NaN matrix still runs its 60 sweeps.
#[test]
fn eig_sweeps_share_one_budget() {
    with_registry_within_a_second(|reg| {
        let nan = |n: u64| rd_matrix(n, |i, j| if (i, j) == (0, 0) { RD_NAN } else { RD_ONE });
        unsupported(reg.call("eig:sa", &sa(), &[nan(355)]), "rows in all");
        assert!(reg.call("eig:sa", &sa(), &[nan(4)]).is_ok());
        // A Hermitian `%cplx` (f32 components) all-ones 240 × 240 matrix: one sweep is 2·10^7 rows.
        let n = 240u64;
        let one = Atom::from_u64(0x3f80_0000);
        let elems = vec![one; (n * n) as usize];
        let h = ray_to_noun(
            &Ray::from_elems(Meta::new(vec![n, n], 6, Kind::Cplx), &elems).expect("a ray"),
        );
        unsupported(reg.call("eig-herm:sa", &sa(), &[h]), "rows in all");
    });
}

/// `+reflect` over a rank-1 `w` of 4097 elements (read as column `j`), `k = 0`
/// and columns `0 .. 4097` visits 4097² rows twice; it is charged
/// `(c1 − c0)·(m − k)` against `saloon::qr::REFLECT_WORK_LIMIT` (2^24) first
/// (the Hoon's worst, a `w` of 2^24 elements and columns `0 .. 2^24`, a few
/// rows short of the end, is refused the same way).
#[test]
fn reflect_is_charged_its_row_visits() {
    with_registry_within_a_second(|reg| {
        let call = |m: u64| {
            let w = bare(&[m], 5, Kind::I754);
            let v = Noun::list((0..m).map(|_| Noun::atom(0x3f80_0000u64)));
            reg.call(
                "reflect:sa",
                &sa(),
                &[
                    Noun::atom(5u64),
                    w,
                    Noun::atom(0u64),
                    v,
                    Noun::atom(0x3f80_0000u64),
                    Noun::atom(0u64),
                    Noun::atom(m),
                ],
            )
        };
        unsupported(call(4097), "row visits");
        let r = call(16).expect("a reflected w");
        assert_eq!(ray_from_noun(&r).expect("a ray").meta.shape, vec![16]);
    });
}

/// The random fills draw at most `saloon::random::MAX_FILL_ELEMS` (2^22)
/// elements, `+fill-normal`/`+fill-expon` at most
/// `saloon::random::MAX_DEVIATE_FILL_ELEMS` (2^20), refused before the first
/// draw (the data is written into a limb buffer, no longer re-copied per element).
#[test]
fn fills_are_bounded() {
    with_registry_within_a_second(|reg| {
        let rng = Noun::cell(Noun::Atom(Atom::from_le_bytes(b"sm64")), Noun::atom(0u64));
        let m = |n: u64| meta(&[n], 5, Kind::I754);
        unsupported(
            reg.call("fill-uniform:sa", &sa(), &[m((1 << 22) + 1), rng.clone()]),
            "a fill of",
        );
        unsupported(
            reg.call("fill-normal:sa", &sa(), &[m((1 << 20) + 1), rng.clone()]),
            "a fill of",
        );
        unsupported(
            reg.call(
                "fill-expon:sa",
                &sa(),
                &[m((1 << 20) + 1), rng.clone(), Noun::atom(0x3f80_0000u64)],
            ),
            "a fill of",
        );
        let r = reg
            .call("fill-uniform:sa", &sa(), &[m(1000), rng])
            .expect("a fill");
        let (ray, _) = r.as_cell().expect("[ray rng]");
        assert_eq!(ray_from_noun(ray).expect("a ray").meta.shape, vec![1000]);
    });
}

/// A Saloon grid holds 16 bytes an element (32 for `%cplx`); rays of more than
/// `saloon::grid::MAX_ELEMS` (2^24) elements, `%cplx` rays of more than
/// `saloon::grid::MAX_CPLX_ELEMS` (2^23), are refused before they are unpacked
/// (at most 256 MB of grid).
#[test]
fn grids_are_bounded() {
    with_registry_within_a_second(|reg| {
        unsupported(
            reg.call(
                "matvec:sa",
                &sa(),
                &[
                    bare(&[4096, 8192], 4, Kind::I754),
                    bare(&[8192], 4, Kind::I754),
                ],
            ),
            "a ray of 33554432 elements",
        );
        unsupported(
            reg.call("eig-herm:sa", &sa(), &[bare(&[4096, 4096], 5, Kind::Cplx)]),
            "a ray of 16777216 elements",
        );
    });
}
