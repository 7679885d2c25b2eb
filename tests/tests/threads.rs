//! Thread safety: the golden vectors run on 8 threads at once, each thread
//! interleaving IEEE scalar work in its own rounding mode, and every outcome
//! must equal the single-threaded run's.
//!
//! urnum passes the rounding mode as an argument all the way down: the soft
//! core (`softcore`) keeps no state, and the hardware kernels that set
//! MXCSR restore it inside one `asm!` block (`softblas::hw::mxcsr`). A mode set
//! by one call and read by another (on another thread, or later on the same
//! one) would change result bits; this test makes that visible: the scalar operands below include ties and inexact cases whose
//! results differ between modes, and each thread checks every one of them
//! against the single-threaded table while the other threads run vectors
//! through every Lagoon, Saloon and `/lib/math` arm.
//!
//! Every thread runs the whole set [`ROUNDS`] times, each from a different
//! starting offset, so different arms meet on the two cores; in a debug build
//! the test takes a few seconds.

use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::time::Instant;
use urnum_cli::vector::{load, run_vector, Entry, Outcome, Vector, VectorFile};
use urnum_cli::Registry;

/// Threads running at once.
const THREADS: usize = 8;

/// How many times each thread runs the whole set.
const ROUNDS: usize = 3;

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

fn load_all() -> Vec<VectorFile> {
    let files = urnum_cli::vector::collect(&[vectors_dir()]).expect("the vectors directory");
    assert!(files.len() > 10, "too few vector files: {}", files.len());
    files
        .iter()
        .map(|p| load(p).expect("a readable vector file"))
        .collect()
}

/// The vectors of every file.
fn selection(files: &[VectorFile]) -> Vec<&Vector> {
    files
        .iter()
        .flat_map(|f| {
            f.entries.iter().filter_map(|e| match e {
                Entry::Vector(v) => Some(&**v),
                Entry::Malformed { .. } => None,
            })
        })
        .collect()
}

/// One vector's verdict; a panic becomes a failure text (so it is compared too).
fn judge(reg: &Registry, v: &Vector) -> Result<Outcome, String> {
    std::panic::catch_unwind(AssertUnwindSafe(|| run_vector(reg, v))).map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_string()))
            .unwrap_or_default()
    })
}

/// Scalar operands (bits) at each width: ties, inexact quotients, overflow
/// and underflow, so that most results depend on the rounding mode.
fn operands(w: Width) -> Vec<(u128, u128, u128)> {
    let one = i754::sun(w, Round::N, &Atom::ONE);
    let three = i754::sun(w, Round::N, &Atom::from_u64(3));
    let ten = i754::sun(w, Round::N, &Atom::from_u64(10));
    let max = w.mask() >> 1 & !(1u128 << w.frac_bits()); // largest finite
    let tiny = 1u128; // smallest subnormal
    let neg = |x: u128| x | w.sign_bit();
    // 1 + half an ulp: a tie under %n, rounded up under %u.
    let half_ulp_above_one = one + 1;
    let mut v = vec![
        (one, three, ten),
        (neg(one), three, ten),
        (max, max, one),
        (neg(max), max, neg(one)),
        (tiny, three, tiny),
        (half_ulp_above_one, half_ulp_above_one, neg(one)),
        (ten, three, neg(tiny)),
    ];
    // A deterministic spread of finite values (xorshift over the bit patterns).
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..24 {
        let mut r = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let x = (u128::from(s) << 64 | u128::from(s.rotate_left(29))) & w.mask();
            // Keep it finite: clear the top exponent bit when the exponent is all ones.
            let exp_all = ((1u128 << w.exp_bits()) - 1) << w.frac_bits();
            if x & exp_all == exp_all {
                x & !(1u128 << (w.bits() - 2))
            } else {
                x
            }
        };
        v.push((r(), r(), r()));
    }
    v
}

/// Every scalar result of `mode`, in a fixed order.
fn scalar_table(mode: Round) -> Vec<u128> {
    let mut out = Vec::new();
    for w in Width::ALL {
        for (a, b, c) in operands(w) {
            out.push(i754::add(w, mode, a, b));
            out.push(i754::sub(w, mode, a, c));
            out.push(i754::mul(w, mode, a, b));
            out.push(i754::div(w, mode, a, b));
            out.push(i754::fma(w, mode, a, b, c));
            out.push(i754::sqt(w, mode, i754::abs(w, a)));
            out.push(i754::sun(w, mode, &Atom::from_u128(a)));
            for to in Width::ALL {
                out.push(i754::convert(w, to, mode, a));
            }
        }
    }
    out
}

/// Runs `picked` on [`THREADS`] threads (thread `t` starts at a different
/// offset and interleaves the scalar table of mode `t mod 5`) and compares
/// every outcome and scalar with the single-threaded ones.
fn run_threads(picked: &[&Vector]) {
    let reg = Registry::new();
    let t0 = Instant::now();
    let baseline: Vec<Result<Outcome, String>> = picked.iter().map(|v| judge(&reg, v)).collect();
    let single = t0.elapsed();
    let mut counts = [0usize; 4];
    for o in &baseline {
        counts[match o {
            Ok(Outcome::Passed) => 0,
            Ok(Outcome::Failed(_)) => 1,
            Ok(Outcome::Unsupported(_) | Outcome::Divergent { .. }) => 2,
            Err(_) => 3,
        }] += 1;
    }
    eprintln!(
        "threads: single-threaded: {} passed, {} failed, {} unsupported, {} panicked",
        counts[0], counts[1], counts[2], counts[3]
    );
    // The vectors must exercise the arms, not only report them missing.
    assert!(
        counts[0] * 2 > picked.len(),
        "too few vectors pass: {counts:?}"
    );
    let tables: Vec<Vec<u128>> = Round::ALL.iter().map(|m| scalar_table(*m)).collect();
    // The scalar work can only catch a leaking mode if the modes disagree.
    // (`A` differs from `N` only on exact ties, which are few.)
    for (i, m) in Round::ALL.iter().enumerate().skip(1) {
        let differ = tables[0]
            .iter()
            .zip(&tables[i])
            .filter(|(a, b)| a != b)
            .count();
        let need = if *m == Round::A { 5 } else { 50 };
        assert!(
            differ > need,
            "mode {m:?} agrees with %n on all but {differ} scalars"
        );
    }
    let t1 = Instant::now();
    let n = picked.len();
    let mismatches: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let (reg, baseline, tables) = (&reg, &baseline, &tables);
                s.spawn(move || {
                    let mode = Round::ALL[t % Round::ALL.len()];
                    let table = &tables[t % Round::ALL.len()];
                    let mut bad = Vec::new();
                    let mut k = 0usize;
                    for j in 0..n * ROUNDS {
                        let i = (j + t * n / THREADS) % n;
                        let got = judge(reg, picked[i]);
                        if got != baseline[i] {
                            bad.push(format!(
                                "thread {t} ({mode:?}): vector {} differs: {:?} vs single-threaded {:?}",
                                picked[i].id, got, baseline[i]
                            ));
                        }
                        // A slice of the scalar table between vectors.
                        for _ in 0..4 {
                            let again = scalar_table_entry(mode, k % table.len());
                            if again != table[k % table.len()] {
                                bad.push(format!(
                                    "thread {t} ({mode:?}): scalar {} is {again:#x}, single-threaded {:#x}",
                                    k % table.len(),
                                    table[k % table.len()]
                                ));
                            }
                            k += 1;
                        }
                    }
                    bad
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a test thread panicked"))
            .collect()
    });
    eprintln!(
        "threads: {n} vectors, single-threaded {single:?}, {THREADS} threads × {ROUNDS} rounds {:?}",
        t1.elapsed()
    );
    urnum_tests::assert_none("mismatches", &mismatches, 10);
}

/// Entry `i` of [`scalar_table`]`(mode)`, computed alone.
fn scalar_table_entry(mode: Round, i: usize) -> u128 {
    let per_op = 7 + Width::ALL.len();
    let mut idx = 0;
    for w in Width::ALL {
        let ops = operands(w);
        let span = ops.len() * per_op;
        if i < idx + span {
            let (a, b, c) = ops[(i - idx) / per_op];
            return match (i - idx) % per_op {
                0 => i754::add(w, mode, a, b),
                1 => i754::sub(w, mode, a, c),
                2 => i754::mul(w, mode, a, b),
                3 => i754::div(w, mode, a, b),
                4 => i754::fma(w, mode, a, b, c),
                5 => i754::sqt(w, mode, i754::abs(w, a)),
                6 => i754::sun(w, mode, &Atom::from_u128(a)),
                k => i754::convert(w, Width::ALL[k - 7], mode, a),
            };
        }
        idx += span;
    }
    unreachable!("scalar index {i} out of range")
}

#[test]
fn scalar_entries_match_the_table() {
    for m in Round::ALL {
        let t = scalar_table(m);
        for (i, v) in t.iter().enumerate() {
            assert_eq!(scalar_table_entry(m, i), *v, "{m:?} entry {i}");
        }
    }
}

#[test]
fn vectors_on_eight_threads_match_single_threaded() {
    let files = load_all();
    let picked = selection(&files);
    assert!(picked.len() > 5000, "only {} vectors", picked.len());
    run_threads(&picked);
}
