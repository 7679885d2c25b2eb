//! `urnum bench`: the speed of the fast executor against the SoftFloat
//! reference and against a naive host-float loop, as ratios measured in one
//! process.
//!
//! Each benchmark runs a Lagoon (or Saloon) arm on random `%i754` rays twice,
//! through doors whose [`Policy`] selects the fast executor and the reference
//! (the instruction-set cap the command was given in both), and a host-float loop of the same shape ("native": `f32`/`f64`,
//! no FMA, the same summation order; binary16 uses the `f32` loop and
//! binary128 has none). Both executors must give the same bits, and the
//! command checks that they do. A time is the best of several runs within a
//! budget per measurement. `--kinds` adds the other element kinds
//! (`kinds.rs`: `%uint %int2 %fixp %unum %cplx`, in `%n`, beside native
//! integer loops where there are, and `%unum` beside SoftPosit, `softposit.rs`).

mod blas;
mod kernel;
mod kinds;
mod native;
mod softposit;
mod table;
mod unum;

use crate::rng::SplitMix64;
use lagoon::{Door, Kind, Meta, Ray};
use softblas::prog::{Binary, Node, Op1, Op2, Prog};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};
use softblas::{Executor, Policy};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub use table::Row;

/// The options of `urnum bench`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Args {
    /// Small sizes and short budgets: the whole set in under a minute.
    #[arg(long)]
    pub quick: bool,
    /// Print one tab-separated line per row:
    /// `bench width mode size speedup_vs_reference slowdown_vs_native`.
    #[arg(long)]
    pub tsv: bool,
    /// Run only benchmarks whose name is in this comma-separated list.
    #[arg(long)]
    pub only: Option<String>,
    /// Run only these widths (comma-separated, of `rh rs rd rq`).
    #[arg(long)]
    pub widths: Option<String>,
    /// Run only these modes (comma-separated, of `n u d z a`).
    #[arg(long)]
    pub modes: Option<String>,
    /// `lagoon` (default): the Lagoon/Saloon arms on rays, both executors;
    /// `kernel`: the same loops on bit buffers, `softblas::hw` against SoftFloat;
    /// `blas`: the SoftBLAS routines (`dot axpy scal asum rot rotm gemv gemm cdot cdotc crot
    /// cgemm`), both executors;
    /// `unum`: `/lib/unum`'s elementary functions over rays of posits, the `96f3cfe` arms
    /// against the `bcb316c` arms (`--widths` of `rpb rph rps rpd rpq`).
    #[arg(long, default_value = "lagoon")]
    pub level: String,
    /// At `--level lagoon`, the element kinds to run (comma-separated, of
    /// `i754 uint int2 fixp unum cplx`; default `i754`). The other kinds run
    /// `add mul div cumsum sum-dim mmul` in `%n` at their widths (`u8 u16 u32
    /// u64`, `i8 i16 i32 i64`, `q15.16`, `rph rps`, `cs cd`, which `--widths`
    /// also picks from).
    #[arg(long)]
    pub kinds: Option<String>,
}

/// Every benchmark name, in the order of the table.
pub const BENCHES: [&str; 22] = [
    "add", "mul", "div", "cumsum", "dot", "mmul", "sum-dim", "cdist-sq", "exp", "sin", "cos",
    "tan", "log", "atan", "sqt", "cbt", "asin", "acos", "log-2", "log-10", "pow", "pow-n",
];

/// The widths, by aura name.
pub const WIDTHS: [(&str, Width); 4] = [
    ("rh", Width::H),
    ("rs", Width::S),
    ("rd", Width::D),
    ("rq", Width::Q),
];

/// The benchmark names of a `--level`.
fn benches(level: &str) -> &'static [&'static str] {
    if level == "blas" {
        &blas::BENCHES
    } else {
        &BENCHES
    }
}

/// Runs the benchmark set and prints the table.
pub fn main(args: &Args, policy: Policy) -> ExitCode {
    let pick = |list: &Option<String>, name: &str| {
        list.as_ref()
            .is_none_or(|l| l.split(',').any(|x| x.trim() == name))
    };
    let mut rows = Vec::new();
    let mut failed = false;
    if args.level == "unum" {
        return unum::main(args, policy);
    }
    if !["lagoon", "kernel", "blas"].contains(&args.level.as_str()) {
        eprintln!(
            "urnum bench: --level is `lagoon`, `kernel`, `blas` or `unum`, not {:?}",
            args.level
        );
        return ExitCode::from(2);
    }
    if let Err(e) = validate(args) {
        eprintln!("urnum bench: {e}");
        return ExitCode::from(2);
    }
    if !args.tsv {
        println!("{} (level: {})", table::machine(policy), args.level);
    }
    let mut emit = |result: Result<Row, String>, bench: &str, wname: &str, code: &str| match result
    {
        Ok(row) => {
            if args.tsv {
                println!("{}", row.tsv(wname, code));
            } else {
                println!("{}", row.human(wname, code));
            }
            rows.push(row);
        }
        Err(why) => {
            if why.starts_with("MISMATCH") {
                failed = true;
            }
            if !args.tsv {
                println!("{bench:<9} {wname} {code}  -- {why}");
            }
        }
    };
    // `--kinds` not given runs `%i754` alone, as before it existed.
    let i754 = args.level != "lagoon" || pick(&args.kinds, "i754");
    for bench in benches(&args.level).iter().filter(|_| i754) {
        if !pick(&args.only, bench) {
            continue;
        }
        for (wname, w) in WIDTHS {
            if !pick(&args.widths, wname) {
                continue;
            }
            for r in Round::ALL {
                let code = (r.code() as char).to_string();
                if !pick(&args.modes, &code) {
                    continue;
                }
                let result = match args.level.as_str() {
                    "kernel" => kernel::run(policy, bench, w, r, args.quick),
                    "blas" => blas::run(policy, bench, w, r, args.quick),
                    _ => run(policy, bench, w, r, args.quick),
                };
                emit(result, bench, wname, &code);
            }
        }
    }
    if args.level == "lagoon" && pick(&args.modes, "n") {
        for e in kinds::ELEMS {
            if args.kinds.is_none()
                || !pick(&args.kinds, e.kind.term())
                || !pick(&args.widths, e.name)
            {
                continue;
            }
            for bench in kinds::BENCHES {
                if pick(&args.only, bench) {
                    emit(kinds::run(policy, bench, e, args.quick), bench, e.name, "n");
                }
            }
        }
    }
    if failed {
        eprintln!("urnum bench: the executors disagree (see MISMATCH above)");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Checks every name in `--only`, `--widths` and `--modes` against the
/// valid ones; the error names the option, the unknown name and the valid
/// names (a filter that matches nothing must not print an empty table and
/// succeed).
pub fn validate(args: &Args) -> Result<(), String> {
    let modes: Vec<String> = Round::ALL
        .iter()
        .map(|r| (r.code() as char).to_string())
        .collect();
    let widths: Vec<&str> = WIDTHS
        .iter()
        .map(|(n, _)| *n)
        .chain(kinds::ELEMS.iter().map(|e| e.name))
        .collect();
    if args.kinds.is_some() && args.level != "lagoon" {
        return Err("--kinds: only at --level lagoon".into());
    }
    let lists: [(&str, &Option<String>, Vec<&str>); 4] = [
        ("--only", &args.only, benches(&args.level).to_vec()),
        ("--widths", &args.widths, widths),
        (
            "--modes",
            &args.modes,
            modes.iter().map(String::as_str).collect(),
        ),
        ("--kinds", &args.kinds, Kind::ALL.map(Kind::term).to_vec()),
    ];
    for (option, list, valid) in lists {
        for name in list.iter().flat_map(|l| l.split(',')).map(str::trim) {
            if !valid.contains(&name) {
                return Err(format!(
                    "{option}: unknown name {name:?}; valid: {}",
                    valid.join(", ")
                ));
            }
        }
    }
    Ok(())
}

/// A family's benchmark sizes (element counts or matrix sides): rows of
/// benchmark names with their full and `--quick` sizes, and the two sizes of
/// every benchmark no row names.
struct Sizes {
    rows: &'static [(&'static [&'static str], usize, usize)],
    other: (usize, usize),
}

impl Sizes {
    /// The size of `bench` in a full run, or under `--quick` when `quick`.
    fn of(&self, bench: &str, quick: bool) -> usize {
        let (full, fast) = self
            .rows
            .iter()
            .find(|(names, ..)| names.contains(&bench))
            .map_or(self.other, |&(_, full, fast)| (full, fast));
        if quick {
            fast
        } else {
            full
        }
    }
}

/// The sizes of the Lagoon, `/lib/math` and kernel benchmarks.
const SIZES: Sizes = Sizes {
    rows: &[
        (&["add", "mul", "div", "cumsum", "dot"], 1_000_000, 20_000),
        (&["mmul"], 256, 40),
        (&["sum-dim"], 1000, 100),
        (&["cdist-sq"], 100, 20),
    ],
    other: (10_000, 500),
};

/// `n` random values of width `w` with magnitudes in `[2^lo, 2^(hi+1))`, either sign, as bits.
fn values(rng: &mut SplitMix64, w: Width, n: usize, (lo, hi): (i32, i32)) -> Vec<u128> {
    let (nf, bias) = (w.frac_bits(), w.bias() as i64);
    (0..n)
        .map(|_| {
            let r = rng.next_u64();
            let e = (bias + i64::from(lo) + (r % (hi - lo + 1) as u64) as i64) as u128;
            let sign = u128::from(r >> 63) << (w.bits() - 1);
            let frac =
                (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & ((1 << nf) - 1);
            sign | e << nf | frac
        })
        .collect()
}

/// The `/lib/math` gate `node(t)` over `ins` operands of the `%i754` dtype
/// `t` of width `w`, in mode `r`: an error at `%a`, which no math door takes.
fn math_gate(
    w: Width,
    r: Round,
    ins: usize,
    node: impl FnOnce(softblas::Dtype) -> Node,
) -> Result<Prog, String> {
    if r == Round::A {
        return Err("no Hoon door takes %a (math doors reject it)".into());
    }
    let t = softblas::Dtype {
        kind: Kind::I754,
        bloq: w.bloq(),
        prec: None,
    };
    Prog::of_node(vec![t; ins], node(t), r).map_err(|e| e.to_string())
}

fn ray(w: Width, shape: &[usize], bits: &[u128]) -> Ray {
    let meta = Meta::new(
        shape.iter().map(|&s| s as u64).collect(),
        w.bloq(),
        Kind::I754,
    );
    let atoms: Vec<Atom> = bits.iter().map(|&b| Atom::from_u128(b)).collect();
    Ray::from_elems(meta, &atoms).expect("a well-formed ray")
}

/// The best time of `f` over runs until `budget` has passed (at least two,
/// so that the first, cold run never counts alone; at most 30).
fn best<T>(budget: Duration, mut f: impl FnMut() -> T) -> (Duration, T) {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut out = None;
    for i in 0..30 {
        let t = Instant::now();
        out = Some(black_box(f()));
        best = best.min(t.elapsed());
        if i >= 1 && start.elapsed() >= budget {
            break;
        }
    }
    (best, out.expect("at least one run"))
}

/// One benchmark at one width and mode.
fn run(pol: Policy, bench: &str, w: Width, r: Round, quick: bool) -> Result<Row, String> {
    let n = SIZES.of(bench, quick);
    let budget = Duration::from_millis(if quick { 30 } else { 400 });
    let mut rng = SplitMix64::new(0x5eed ^ u64::from(w.bits()) << 8 ^ u64::from(r.code()));
    let door = Door::lake(r);
    // The arm under test and its operands.
    type Arm = Box<dyn Fn(Policy) -> Result<Ray, String>>;
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let (arm, native): (Arm, Option<native::Loop>) = match bench {
        "add" | "mul" | "div" => {
            let a = values(&mut rng, w, n, (-4, 4));
            let b = values(&mut rng, w, n, (-4, 4));
            let (ra, rb) = (ray(w, &[n], &a), ray(w, &[n], &b));
            let nat = native::elementwise(bench, w, &a, &b);
            let f: fn(&Door, &Ray, &Ray) -> Result<Ray, lagoon::LagoonError> = match bench {
                "add" => lagoon::elementwise::add,
                "mul" => lagoon::elementwise::mul,
                _ => lagoon::elementwise::div,
            };
            (
                Box::new(move |p: Policy| f(&door.with_policy(p), &ra, &rb).map_err(|e| err(&e))),
                nat,
            )
        }
        "cumsum" => {
            let a = values(&mut rng, w, n, (-4, 4));
            let ra = ray(w, &[n], &a);
            let nat = native::cumsum(w, &a);
            (
                Box::new(move |p: Policy| {
                    lagoon::reduce::cumsum(&door.with_policy(p), &ra).map_err(|e| err(&e))
                }),
                nat,
            )
        }
        "dot" => {
            let a = values(&mut rng, w, n, (-4, 4));
            let b = values(&mut rng, w, n, (-4, 4));
            let (ra, rb) = (ray(w, &[n], &a), ray(w, &[n], &b));
            let nat = native::dot(w, &a, &b);
            (
                Box::new(move |p: Policy| {
                    lagoon::linalg::dot(&door.with_policy(p), &ra, &rb).map_err(|e| err(&e))
                }),
                nat,
            )
        }
        "mmul" => {
            let a = values(&mut rng, w, n * n, (-2, 2));
            let b = values(&mut rng, w, n * n, (-2, 2));
            let (ra, rb) = (ray(w, &[n, n], &a), ray(w, &[n, n], &b));
            let nat = native::mmul(w, n, &a, &b);
            (
                Box::new(move |p: Policy| {
                    lagoon::linalg::mmul(&door.with_policy(p), &ra, &rb).map_err(|e| err(&e))
                }),
                nat,
            )
        }
        "sum-dim" => {
            let a = values(&mut rng, w, n * n, (-4, 4));
            let ra = ray(w, &[n, n], &a);
            let nat = native::sum_dim(w, n, &a);
            (
                Box::new(move |p: Policy| {
                    lagoon::axis::reductions::sum_dim(&door.with_policy(p), &ra, 0)
                        .map_err(|e| err(&e))
                }),
                nat,
            )
        }
        "cdist-sq" => {
            let d = 32;
            let a = values(&mut rng, w, n * d, (-2, 2));
            let b = values(&mut rng, w, n * d, (-2, 2));
            let (ra, rb) = (ray(w, &[n, d], &a), ray(w, &[n, d], &b));
            let nat = native::cdist_sq(w, n, d, &a, &b);
            (
                Box::new(move |p: Policy| {
                    lagoon::axis::distances::cdist_sq(&door.with_policy(p), &ra, &rb)
                        .map_err(|e| err(&e))
                }),
                nat,
            )
        }
        op if native::MATH.iter().any(|(m, _)| *m == op) => {
            // `(el-wise-op:la a gate)` with the `/lib/math` gate, Saloon's path.
            let (_, u) = native::MATH
                .into_iter()
                .find(|(m, _)| *m == op)
                .expect("a /lib/math bench");
            let gate = math_gate(w, r, 1, |t| Node::Op1(Op1::Unary(u), t, 0))?;
            // Arguments where the host's function is defined: the logarithms
            // and sqt on positives, asin and acos below 1 in magnitude.
            let positive = matches!(op, "log" | "log-2" | "log-10" | "sqt");
            let range = match op {
                _ if positive => (-6, 3),
                "asin" | "acos" => (-6, -1),
                _ => (-3, 1),
            };
            let mut a = values(&mut rng, w, n, range);
            if positive {
                a.iter_mut().for_each(|x| *x &= !w.sign_bit());
            }
            let ra = ray(w, &[n], &a);
            let nat = native::transcendental(bench, w, &a);
            (
                Box::new(move |p: Policy| {
                    lagoon::elementwise::el_wise_op(p, &ra, &gate).map_err(|e| err(&e))
                }),
                nat,
            )
        }
        "pow" | "pow-n" => {
            let kind = if bench == "pow" {
                Binary::PowAny
            } else {
                Binary::PowN
            };
            let gate = math_gate(w, r, 2, |_| Node::Op2(Op2::Binary(kind), 0, 1))?;
            // Positive bases; exponents in [1/4, 8) of either sign for `pow`,
            // the integers 0..=12 as floats for `pow-n` (its `n` must be one).
            let mut a = values(&mut rng, w, n, (-2, 1));
            a.iter_mut().for_each(|x| *x &= !w.sign_bit());
            let b: Vec<u128> = if bench == "pow" {
                values(&mut rng, w, n, (-2, 2))
            } else {
                (0..n)
                    .map(|_| i754::sun(w, Round::N, &Atom::from_u64(rng.next_u64() % 13)))
                    .collect()
            };
            let (ra, rb) = (ray(w, &[n], &a), ray(w, &[n], &b));
            let nat = native::pow(bench, w, &a, &b);
            (
                Box::new(move |p: Policy| {
                    lagoon::elementwise::bin_op(p, &ra, &rb, &gate).map_err(|e| err(&e))
                }),
                nat,
            )
        }
        other => return Err(format!("unknown benchmark {other}")),
    };
    let (fast, out_fast) = best(budget, || arm(pol.with_exec(Executor::Fast)));
    let (reference, out_ref) = best(budget, || arm(pol.with_exec(Executor::Reference)));
    let out_fast = out_fast?;
    if out_fast != out_ref? {
        return Err("MISMATCH: fast and reference executors give different bits".into());
    }
    let native = native.map(|l| best(budget, || l.run()).0);
    Ok(Row {
        bench: bench.to_string(),
        size: match bench {
            "mmul" | "sum-dim" => format!("{n}x{n}"),
            "cdist-sq" => format!("{n}x32"),
            _ => n.to_string(),
        },
        fast,
        reference,
        native,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(only: Option<&str>, widths: Option<&str>, modes: Option<&str>) -> Args {
        Args {
            only: only.map(String::from),
            widths: widths.map(String::from),
            modes: modes.map(String::from),
            ..Args::default()
        }
    }

    #[test]
    fn unknown_names_are_errors_that_list_the_valid_ones() {
        assert_eq!(validate(&args(None, None, None)), Ok(()));
        assert_eq!(
            validate(&args(Some("add, mmul"), Some("rs,rd"), Some("z"))),
            Ok(())
        );
        let e = validate(&args(Some("nosuch"), None, None)).unwrap_err();
        assert!(
            e.starts_with("--only: unknown name \"nosuch\"; valid: add, mul"),
            "{e}"
        );
        let e = validate(&args(None, Some("rx"), None)).unwrap_err();
        assert!(
            e.starts_with("--widths: unknown name \"rx\"; valid: rh, rs, rd, rq, u8"),
            "{e}"
        );
        let mut kinds = args(Some("add"), Some("u32,i32"), None);
        kinds.kinds = Some("uint,int2".into());
        kinds.level = "lagoon".into();
        assert_eq!(validate(&kinds), Ok(()));
        kinds.kinds = Some("real".into());
        let e = validate(&kinds).unwrap_err();
        assert!(
            e.starts_with("--kinds: unknown name \"real\"; valid: i754, uint"),
            "{e}"
        );
        let e = validate(&args(None, None, Some("q"))).unwrap_err();
        assert!(e.starts_with("--modes: unknown name \"q\""), "{e}");
    }
}
