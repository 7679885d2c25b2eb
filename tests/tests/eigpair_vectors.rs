//! The `eigpair-ok` check of `saloon/desk/tests/lib/saloon-eig.hoon@e8bb82b`,
//! run as the Hoon runs it, on the nine matrices of `vectors/saloon-eig.jsonl`
//! (the first argument of its `test-spectrum-*` vectors).
//!
//! The nine `test-eigpair-*` vectors compared `A·V` with `V·D`, but their `D`
//! was materialised as the zero matrix: the extractor could not evaluate the
//! test's `+mk-diag` (a `set-item` chain over `vals.res`), so they were
//! withdrawn (kept in `tests/data/withdrawn.jsonl`, DIVERGENCES.md §5). This
//! test builds `D` as `+mk-diag` does (zeros `[n n] 6 %i754`, then
//! `D[i,i] = vals[i]`) and asserts `(all (is-close (mmul a vecs) (mmul vecs D) [.~1e-6 .~1e-6]))`
//! through `(lake %n)`, as the Hoon test does.

use hoon::ray::ray_from_noun;
use lagoon::{elementwise, linalg, reduce, Door, Meta};
use saloon::Sa;
use softblas::{Atom, Kind, Round};
use urnum_tests::{golden_vectors, lit};

#[test]
fn eigpairs_of_the_saloon_eig_matrices_pass_the_hoon_check() {
    let sad = Sa::sake(Round::N, Atom::from_u64(0x3d71_9799_812d_ea11));
    let la = Door::lake(Round::N);
    let tol = Atom::from_u64(0x3eb0_c6f7_a0b5_ed8d); // .~1e-6
    let mut seen = 0;
    for (_, v) in golden_vectors(|n| n == "saloon-eig.jsonl") {
        if !v.id.contains("test-spectrum-") {
            continue;
        }
        let a = ray_from_noun(lit(&v.call.args[0]).unwrap()).unwrap();
        let n = a.meta.shape[0];
        let (vals, vecs) = saloon::eig(&sad, &a).unwrap();
        let mut d = lagoon::zeros(&Meta::new(vec![n, n], 6, Kind::I754)).unwrap();
        for i in 0..n {
            d = lagoon::set_item(&d, &[i, i], &lagoon::get_item(&vals, &[i]).unwrap()).unwrap();
        }
        let av = linalg::mmul(&la, &a, &vecs).unwrap();
        let vd = linalg::mmul(&la, &vecs, &d).unwrap();
        let close = elementwise::is_close(&la, &av, &vd, &tol, &tol).unwrap();
        assert!(reduce::all(&la, &close).unwrap(), "{}", v.id);
        seen += 1;
    }
    assert_eq!(seen, 9);
}
