//! `+range` and `+linspace` (lagoon.hoon @aa6f2a6) against the Hoon's loops
//! transcribed literally. urnum writes the values straight into a packed
//! buffer and stops `+range` with `Diverges` as soon as `x ⊕ d = x` (the Hoon
//! then loops forever: the stop test sees the same value again). The cases
//! run the accumulation into the points where it sticks (`@rh` past 2^11 by
//! 1, where `%n` ties back and `%u` steps by 2), wrong-signed and NaN steps,
//! infinite ends, and every mode and width.

use lagoon::builders_arith::{linspace, range};
use lagoon::{get_item, Door, LagoonError, Meta};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, DoorRound, Kind, Round};

/// The Hoon's `+range` loop; `Err` when the accumulation stops moving.
fn range_literal(w: Width, r: Round, a: u128, b: u128, d: u128) -> Result<Vec<u128>, ()> {
    let ba = i754::sub(w, r, b, a);
    let desc = i754::lth(w, ba, 0);
    let mut bad = vec![a];
    loop {
        let last = *bad.last().expect("nonempty");
        let next = i754::add(w, r, last, d);
        let stop = if desc {
            i754::lte(w, next, b)
        } else {
            i754::gte(w, next, b)
        };
        if stop {
            return Ok(bad);
        }
        if next == last {
            return Err(());
        }
        bad.push(next);
    }
}

fn values(ray: &lagoon::Ray) -> Vec<u128> {
    (0..ray.meta.shape[0])
        .map(|i| get_item(ray, &[i]).expect("item").low_u128())
        .collect()
}

fn f(w: Width, k: i64) -> u128 {
    let m = i754::sun(w, Round::N, &Atom::from(k.unsigned_abs()));
    if k < 0 {
        m ^ w.sign_bit()
    } else {
        m
    }
}

#[test]
fn range_matches_the_loop() {
    for w in [Width::H, Width::S, Width::D, Width::Q] {
        let meta = Meta::new(vec![1], w.bloq(), Kind::I754);
        let tenth = i754::div(w, Round::N, f(w, 1), f(w, 10));
        let big = i754::pow2(w, w.precision() as i32); // 2^P: x ⊕ 1 stops being exact
        let mut cases = vec![
            (0, f(w, 1), tenth),
            (0, f(w, 10), f(w, 1)),
            (f(w, 10), 0, f(w, -1)),
            (f(w, 10), f(w, -3), f(w, -2)),
            (0, f(w, 10), 0),                      // d = 0: stuck at once
            (0, f(w, 10), i754::canonical_nan(w)), // NaN step: stuck after one value
            (0, i754::canonical_nan(w), f(w, 1)),  // NaN end: never stops, sticks at 2^P
            (f(w, 3), f(w, 3), f(w, 1)),           // a = b
            (
                i754::sub(w, Round::N, big, f(w, 8)),
                i754::add(w, Round::N, big, f(w, 16)),
                f(w, 1),
            ),
            (i754::max_finite(w), i754::inf(w), i754::max_finite(w)),
        ];
        // NaN end from 0 by 1 takes 2^P steps before it sticks: only at @rh.
        if w != Width::H {
            cases.retain(|c| !i754::is_nan(w, c.1));
        }
        if w == Width::H {
            // Runs that cross every binade up to the ends (at most ~2^15 values).
            cases.extend([
                (f(w, 3), f(w, 3), f(w, -1)), // b − a = +0 counts as ascending: runs down
                (0, f(w, 10), f(w, -1)),      // wrong-signed: runs down to -2^11 and sticks (or on)
                (i754::sub(w, Round::N, big, f(w, 4)), i754::inf(w), f(w, 1)),
                (f(w, -2), i754::neg_inf(w), f(w, -1)),
                (0, i754::inf(w), f(w, 3)),
                (0, i754::max_finite(w), f(w, 7)),
            ]);
        }
        for r in Round::HOON {
            let door = Door::lake(r);
            for &(a, b, d) in &cases {
                let want = range_literal(w, r, a, b, d);
                let got = range(&door, &meta, &Atom::from(a), &Atom::from(b), &Atom::from(d));
                match (&want, &got) {
                    (Ok(v), Ok(ray)) => {
                        assert_eq!(&values(ray), v, "range {a:#x} {b:#x} {d:#x} {w:?} %{r:?}")
                    }
                    (Err(()), Err(LagoonError::Diverges { .. })) => {}
                    _ => panic!(
                        "range {a:#x} {b:#x} {d:#x} {w:?} %{r:?}: literal {want:?}, urnum {got:?}"
                    ),
                }
            }
        }
    }
}

/// The Hoon's `+linspace` loop: `x_i = a ⊕ (sun i ⊗ d)` for `i < n − 1`, then `b`.
fn linspace_literal(w: Width, r: Round, a: u128, b: u128, n: u64) -> Vec<u128> {
    if n == 1 {
        return vec![a];
    }
    let d = i754::div(
        w,
        r,
        i754::sub(w, r, b, a),
        i754::sun(w, r, &Atom::from(n - 1)),
    );
    let mut out: Vec<u128> = (0..n - 1)
        .map(|i| i754::add(w, r, a, i754::mul(w, r, i754::sun(w, r, &Atom::from(i)), d)))
        .collect();
    out.push(b);
    out
}

#[test]
fn linspace_matches_the_loop() {
    for w in [Width::H, Width::S, Width::D, Width::Q] {
        let meta = Meta::new(vec![1], w.bloq(), Kind::I754);
        let ends = [
            (0, f(w, 1)),
            (f(w, 1), 0),
            (w.sign_bit(), f(w, 3)), // −0 start: x_0 = −0 ⊕ +0
            (f(w, -5), f(w, 5)),
            (0, i754::inf(w)),
            (i754::canonical_nan(w), f(w, 1)),
            (i754::max_finite(w), i754::max_finite(w) ^ w.sign_bit()),
        ];
        for r in Round::HOON {
            let door = Door::lake(r);
            for &(a, b) in &ends {
                for n in [1u64, 2, 3, 7, 100, 2049, 2050] {
                    let got =
                        linspace(&door, &meta, &Atom::from(a), &Atom::from(b), &Atom::from(n))
                            .unwrap_or_else(|e| panic!("linspace {a:#x} {b:#x} {n}: {e:?}"));
                    assert_eq!(
                        values(&got),
                        linspace_literal(w, r, a, b, n),
                        "linspace {a:#x} {b:#x} {n} {w:?} %{r:?}"
                    );
                }
            }
        }
    }
}
