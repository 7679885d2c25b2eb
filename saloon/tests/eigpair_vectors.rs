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

use lagoon::{elementwise, linalg, reduce, Door, Meta, Ray};
use saloon::Sa;
use softblas::{Atom, Kind, Round};

fn ray_of(v: &serde_json::Value) -> Ray {
    let r = &v["ray"];
    let shape: Vec<u64> = r["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    let bloq = u32::try_from(r["bloq"].as_u64().unwrap()).unwrap();
    let data = Atom::from_hex(r["data_hex"].as_str().unwrap()).unwrap();
    Ray::new(Meta::new(shape, bloq, Kind::I754), data)
}

#[test]
fn eigpairs_of_the_saloon_eig_matrices_pass_the_hoon_check() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/saloon-eig.jsonl"
    ))
    .unwrap();
    let sad = Sa::sake(Round::N, Atom::from_u64(0x3d71_9799_812d_ea11));
    let la = Door::lake(Round::N);
    let tol = Atom::from_u64(0x3eb0_c6f7_a0b5_ed8d); // .~1e-6
    let mut seen = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if !v["id"].as_str().unwrap().contains("test-spectrum-") {
            continue;
        }
        let a = ray_of(&v["args"][0]);
        let n = a.meta.shape[0];
        let (vals, vecs) = saloon::eig(&sad, &a).unwrap();
        let mut d = lagoon::zeros(&Meta::new(vec![n, n], 6, Kind::I754)).unwrap();
        for i in 0..n {
            d = lagoon::set_item(&d, &[i, i], &lagoon::get_item(&vals, &[i]).unwrap()).unwrap();
        }
        let av = linalg::mmul(&la, &a, &vecs).unwrap();
        let vd = linalg::mmul(&la, &vecs, &d).unwrap();
        let close = elementwise::is_close(&la, &av, &vd, &tol, &tol).unwrap();
        assert!(reduce::all(&la, &close).unwrap(), "{}", v["id"]);
        seen += 1;
    }
    assert_eq!(seen, 9);
}
