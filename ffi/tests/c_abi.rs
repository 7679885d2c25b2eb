//! The C test: every exact and crash golden vector of Lagoon and `/lib/math`
//! that the ABI can express is written to a compact test-data file, and
//! `ffi/c/urnum_test.c`, compiled with the system `cc` against
//! `include/urnum.h` and `liburnum.a`, runs them through the ABI and checks
//! bits and statuses, then runs its malformed-input cases.
//!
//! Vectors are skipped (counted, reported by reason and arm, never failed)
//! when the arm is not served by the ABI, the vector needs post steps or a
//! comparison other than `exact`/`crash`, an operand the ABI cannot express,
//! or when urnum's Rust core does not pass it (`urnum check` reports those).

mod common;

use hoon::registry::{Door, Registry};
use hoon::vector::{self, eval, Compare, Entry, Expr, Outcome, Vector};
use hoon::Noun;
use lagoon::{Meta, Tail};
use softblas::{Atom, Round};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use urnum::la::encode::{encode, Out};
use urnum::la::table::{self, Param};
use urnum::{
    urnum_status, URNUM_DATA_ATOM, URNUM_DATA_ELEMS, URNUM_FORM_LIST, URNUM_FORM_RAY,
    URNUM_FORM_RAY_RAW, URNUM_TAIL_NULL, URNUM_TAIL_PREC,
};

/// Little-endian writer of the test-data format (see `ffi/c/urnum_test.c`).
#[derive(Default)]
struct W(Vec<u8>);

impl W {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bytes(&mut self, b: &[u8]) {
        self.u64(b.len() as u64);
        self.0.extend_from_slice(b);
    }
    fn meta(&mut self, m: &Meta) -> Result<(), String> {
        self.u32(m.shape.len() as u32);
        for d in &m.shape {
            self.u64(*d);
        }
        self.u8(u8::try_from(m.bloq).map_err(|_| "bloq over 255")?);
        self.u8(urnum::la::decode::kind_code(m.kind));
        match &m.tail {
            Tail::Null => {
                self.u8(URNUM_TAIL_NULL);
                self.u64(0);
                self.u64(0);
            }
            Tail::Prec { a, b } => {
                self.u8(URNUM_TAIL_PREC);
                self.u64(a.as_u64().ok_or("tail a over 64 bits")?);
                self.u64(b.as_u64().ok_or("tail b over 64 bits")?);
            }
            Tail::Other(_) => return Err("a tail the ABI cannot express".into()),
        }
        Ok(())
    }
}

/// Why vectors were not run, with counts (and per arm for unserved arms).
#[derive(Default)]
struct Skips(BTreeMap<String, usize>);

impl Skips {
    fn add(&mut self, why: impl Into<String>) {
        *self.0.entry(why.into()).or_default() += 1;
    }
    fn total(&self) -> usize {
        self.0.values().sum()
    }
}

/// The sample split into `k` right-nested parts, as the registry splits it.
fn parts(args: &[Noun], k: usize) -> Option<Vec<Noun>> {
    if args.is_empty() {
        return None;
    }
    let mut rest = Noun::tuple(args.iter().cloned());
    let mut out = Vec::new();
    for _ in 1..k {
        let (h, t) = rest.as_cell().map(|(h, t)| (h.clone(), t.clone()))?;
        out.push(h);
        rest = t;
    }
    out.push(rest);
    Some(out)
}

fn eval_noun(reg: &Registry, e: &Expr) -> Result<Noun, String> {
    eval::eval(reg, e)
        .map(|v| v.noun)
        .map_err(|e| format!("operand evaluation: {e:?}"))
}

/// The rounding code of the vector's door face `face` (bunt `%z`).
fn round_code(reg: &Registry, v: &Vector, face: &str) -> Result<u8, String> {
    let mut d = Door::bare(&v.call.door);
    for (f, e) in &v.call.door_args {
        d.args.insert(f.clone(), eval_noun(reg, e)?);
    }
    d.round(face, Round::Z)
        .map(Round::code)
        .map_err(|e| format!("door: {e}"))
}

fn atom_of(n: &Noun) -> Result<&Atom, String> {
    n.as_atom()
        .ok_or_else(|| "a cell where an atom is expected".into())
}

/// Encodes a Lagoon vector's record, or says why it cannot be expressed.
fn lagoon_record(reg: &Registry, v: &Vector, arm: &table::Arm, idx: usize) -> Result<W, String> {
    let expect = match v.compare {
        Compare::Exact => urnum_status::URNUM_OK,
        Compare::Crash => urnum_status::URNUM_CRASH,
        _ => return Err("compare kind not exact/crash".into()),
    };
    let rnd = round_code(reg, v, "rnd")?;
    let args = v
        .call
        .args
        .iter()
        .map(|e| eval_noun(reg, e))
        .collect::<Result<Vec<_>, _>>()?;
    let p = parts(&args, arm.params.len()).ok_or("the sample has too few parts")?;
    let (mut rays, mut metas, mut atoms, mut ints) =
        (W::default(), W::default(), W::default(), Vec::<u64>::new());
    let (mut nr, mut nm, mut na) = (0u32, 0u32, 0u32);
    let mut list: Vec<u64> = Vec::new();
    for (param, part) in arm.params.iter().zip(&p) {
        match param {
            Param::Ray => {
                let r =
                    hoon::ray::ray_from_noun(part).map_err(|e| format!("ray operand: {e:?}"))?;
                rays.meta(&r.meta)?;
                let bits = urnum::la::decode::element_bits(&r.meta);
                let canonical = bits.is_some_and(|b| r.data.bit_len() == b + 1);
                if canonical && idx % 2 == 1 {
                    // Element bytes without the pin.
                    let b = bits.unwrap_or(0);
                    let mut e = r.data.to_le_bytes();
                    e.truncate(b.div_ceil(8) as usize);
                    if b % 8 != 0 {
                        if let Some(l) = e.last_mut() {
                            *l &= (1u8 << (b % 8)) - 1;
                        }
                    }
                    rays.u8(URNUM_DATA_ELEMS);
                    rays.bytes(&e);
                } else {
                    rays.u8(URNUM_DATA_ATOM);
                    rays.bytes(&r.data.to_le_bytes());
                }
                nr += 1;
            }
            Param::Meta => {
                let m =
                    hoon::ray::meta_from_noun(part).map_err(|e| format!("meta operand: {e:?}"))?;
                metas.meta(&m)?;
                nm += 1;
            }
            Param::Atom => {
                atoms.bytes(&atom_of(part)?.to_le_bytes());
                na += 1;
            }
            Param::Pair => {
                let (a, b) = part.as_cell().ok_or("a pair operand is an atom")?;
                atoms.bytes(&atom_of(a)?.to_le_bytes());
                atoms.bytes(&atom_of(b)?.to_le_bytes());
                na += 2;
            }
            Param::Int => ints.push(
                atom_of(part)?
                    .as_u64()
                    .ok_or("an int operand over 64 bits")?,
            ),
            Param::List => {
                list = hoon::ray::u64_list_from_noun(part)
                    .map_err(|e| format!("list operand: {e:?}"))?;
            }
        }
    }
    ints.extend(list);
    let mut w = W::default();
    w.u32(arm.id);
    w.u8(rnd);
    w.u8(expect as u8);
    w.u32(nr);
    w.0.extend(rays.0);
    w.u32(nm);
    w.0.extend(metas.0);
    w.u32(na);
    w.0.extend(atoms.0);
    w.u32(ints.len() as u32);
    for i in &ints {
        w.u64(*i);
    }
    if expect == urnum_status::URNUM_OK {
        let e = v.expected.as_ref().ok_or("no expected value")?;
        let n = eval_noun(reg, e)?;
        let out = if arm.name == "ravel" {
            let r = hoon::ray::ray_from_noun(&p[0]).map_err(|e| format!("{e:?}"))?;
            let items = n
                .as_list()
                .ok_or("ravel's value is not a list")?
                .iter()
                .map(|i| atom_of(i).cloned())
                .collect::<Result<Vec<_>, _>>()?;
            Out::List {
                items,
                width: u32::try_from((1u64 << r.meta.bloq.min(40)) / 8)
                    .unwrap_or(1)
                    .max(1),
            }
        } else if let Some(a) = n.as_atom() {
            Out::Atom(a.clone())
        } else {
            Out::Ray(hoon::ray::ray_from_noun(&n).map_err(|e| format!("expected ray: {e:?}"))?)
        };
        let enc = encode(&out).map_err(|s| format!("expected value not expressible ({s:?})"))?;
        w.u8(enc.plan.form);
        match enc.plan.form {
            URNUM_FORM_RAY | URNUM_FORM_RAY_RAW => {
                let Out::Ray(r) = &out else { unreachable!() };
                w.meta(&r.meta)?;
            }
            URNUM_FORM_LIST => {
                w.u64(enc.plan.items);
                w.u32(enc.plan.item_bytes);
            }
            _ => {}
        }
        w.bytes(&enc.bytes);
    }
    Ok(w)
}

/// Encodes a `/lib/math` vector's record, or says why it cannot be expressed.
fn math_record(reg: &Registry, v: &Vector) -> Result<W, String> {
    let (name, door) = v.call.key.split_once(':').ok_or("no door")?;
    let (bloq, width) = match door {
        "rh" => (4u8, softblas::scalar::i754::Width::H),
        "rs" => (5, softblas::scalar::i754::Width::S),
        "rd" => (6, softblas::scalar::i754::Width::D),
        "rq" => (7, softblas::scalar::i754::Width::Q),
        _ => return Err("not a /lib/math float door".into()),
    };
    let op = urnum::math::MATH_OPS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, op)| *op)
        .ok_or_else(|| format!("math arm {name} not in the ABI"))?;
    let expect = match v.compare {
        Compare::Exact => urnum_status::URNUM_OK,
        Compare::Crash => urnum_status::URNUM_CRASH,
        _ => return Err("compare kind not exact/crash".into()),
    };
    let rnd = round_code(reg, v, "r")?;
    let bunt = softblas::math::Door::new(width);
    let mut tol: Option<(u128, u128)> = None;
    for (face, e) in &v.call.door_args {
        if face == "rtol" || face == "atol" {
            let a = eval_noun(reg, e)?;
            let a = atom_of(&a)?.as_u128().ok_or("tolerance over 128 bits")?;
            let t = tol.get_or_insert((bunt.rtol(), bunt.atol()));
            if face == "rtol" {
                t.0 = a;
            } else {
                t.1 = a;
            }
        }
    }
    let args = v
        .call
        .args
        .iter()
        .map(|e| eval_noun(reg, e))
        .collect::<Result<Vec<_>, _>>()?;
    let mut w = W::default();
    w.u32(op);
    w.u8(bloq);
    w.u8(rnd);
    w.u8(expect as u8);
    match tol {
        None => w.u8(0),
        Some((r, a)) => {
            w.u8(1);
            w.0.extend_from_slice(&r.to_le_bytes());
            w.0.extend_from_slice(&a.to_le_bytes());
        }
    }
    w.u32(args.len() as u32);
    for a in &args {
        let a = atom_of(a)?.as_u128().ok_or("operand over 128 bits")?;
        w.0.extend_from_slice(&a.to_le_bytes());
    }
    if expect == urnum_status::URNUM_OK {
        let e = v.expected.as_ref().ok_or("no expected value")?;
        let n = eval_noun(reg, e)?;
        let a = atom_of(&n)?.as_u128().ok_or("value over 128 bits")?;
        w.0.extend_from_slice(&a.to_le_bytes());
    }
    Ok(w)
}

/// What went into the test data, for the report.
#[derive(Default)]
struct Counts {
    /// Records per Lagoon arm.
    lagoon_arms: BTreeMap<String, usize>,
    /// Records per `/lib/math` door.
    math_doors: BTreeMap<String, usize>,
    /// Records per element-kind door (`rpb`, `twoc`, ...).
    scalar_doors: BTreeMap<String, usize>,
    /// Element-kind records.
    scalars: usize,
    /// Records that expect `URNUM_CRASH`.
    crashes: usize,
}

/// Encodes a posit (`/lib/unum`) or two's-complement (`/lib/twoc`) vector as an
/// element-kind record for `urnum_scalar`, or says why it cannot be expressed.
fn scalar_record(reg: &Registry, v: &Vector) -> Result<W, String> {
    let (name, door) = v.call.key.split_once(':').ok_or("no door")?;
    let (kind, bloq) = match door {
        "rpb" => (urnum::URNUM_UNUM, 3u8),
        "rph" => (urnum::URNUM_UNUM, 4),
        "rps" => (urnum::URNUM_UNUM, 5),
        "rpd" => (urnum::URNUM_UNUM, 6),
        "twoc" => {
            let b = v
                .call
                .door_args
                .iter()
                .find(|(f, _)| f == "bloq")
                .ok_or("twoc door without a bloq")?;
            let b = eval_noun(reg, &b.1)?;
            let b = atom_of(&b)?
                .as_u64()
                .and_then(|b| u8::try_from(b).ok())
                .ok_or("bloq")?;
            (urnum::URNUM_INT2, b)
        }
        _ => return Err("not a posit or twoc door".into()),
    };
    let op = match name {
        "add" => urnum::scalar::URNUM_SC_ADD,
        "sub" => urnum::scalar::URNUM_SC_SUB,
        "mul" => urnum::scalar::URNUM_SC_MUL,
        "div" => urnum::scalar::URNUM_SC_DIV,
        _ => return Err(format!("element op {name} not mapped")),
    };
    let expect = match v.compare {
        Compare::Exact => urnum_status::URNUM_OK,
        Compare::Crash => urnum_status::URNUM_CRASH,
        _ => return Err("compare kind not exact/crash".into()),
    };
    let args = v
        .call
        .args
        .iter()
        .map(|e| eval_noun(reg, e))
        .collect::<Result<Vec<_>, _>>()?;
    let [x, y] = &args[..] else {
        return Err("not two operands".into());
    };
    let mut w = W::default();
    w.u8(kind);
    w.u8(bloq);
    w.u32(op);
    w.u8(expect as u8);
    w.bytes(&atom_of(x)?.to_le_bytes());
    w.bytes(&atom_of(y)?.to_le_bytes());
    if expect == urnum_status::URNUM_OK {
        let e = v.expected.as_ref().ok_or("no expected value")?;
        let n = eval_noun(reg, e)?;
        let a = atom_of(&n)?;
        w.bytes(&if a.is_zero() {
            Vec::new()
        } else {
            a.to_le_bytes()
        });
    }
    Ok(w)
}

/// Writes the test-data file; returns (lagoon records, math records, skips, counts).
fn generate(out: &Path) -> (usize, usize, Skips, Counts) {
    let reg = Registry::new();
    let dir = common::crate_dir().join("../vectors");
    let divergent = vector::load_divergent(&dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("vectors/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut data = W(b"URNT".to_vec());
    data.u32(1);
    let (mut nl, mut nm) = (0, 0);
    let mut skips = Skips::default();
    let mut counts = Counts::default();
    for path in files {
        let file = vector::load(&path).expect("read a vector file");
        for entry in &file.entries {
            let Entry::Vector(v) = entry else {
                continue;
            };
            let is_lagoon = v.lib == "lagoon";
            let is_math = v.lib == "math";
            let is_scalar = v.lib == "unum" || v.lib == "twoc";
            if !is_lagoon && !is_math && !is_scalar {
                continue;
            }
            if is_scalar
                && !matches!(
                    v.call.key.split_once(':'),
                    Some(("add" | "sub" | "mul" | "div", _))
                )
            {
                continue;
            }
            let arm = if is_lagoon {
                match table::by_name(&v.call.key) {
                    Some(a) => Some(a),
                    None => {
                        skips.add(format!("lagoon arm not in the ABI: {}", v.call.key));
                        continue;
                    }
                }
            } else {
                None
            };
            if !v.post.is_empty() {
                skips.add("post steps");
                continue;
            }
            if !matches!(v.compare, Compare::Exact | Compare::Crash) {
                skips.add("compare kind other than exact/crash");
                continue;
            }
            if divergent.contains_key(&v.id) {
                skips.add("listed in DIVERGENT.txt");
                continue;
            }
            match vector::run_vector(&reg, v) {
                Outcome::Passed => {}
                Outcome::Unsupported(_) | Outcome::Divergent { .. } => {
                    skips.add("unsupported by urnum's core");
                    continue;
                }
                Outcome::Failed(_) => {
                    skips.add("failing in urnum's core (urnum check)");
                    continue;
                }
            }
            let rec = match arm {
                Some(a) => lagoon_record(&reg, v, a, nl + nm),
                None if is_math => math_record(&reg, v),
                None => scalar_record(&reg, v),
            };
            match rec {
                Ok(w) => {
                    if v.compare == Compare::Crash {
                        counts.crashes += 1;
                    }
                    let per = if is_lagoon {
                        &mut counts.lagoon_arms
                    } else if is_math {
                        &mut counts.math_doors
                    } else {
                        &mut counts.scalar_doors
                    };
                    let key = if is_lagoon {
                        v.call.key.clone()
                    } else {
                        v.call.door.clone()
                    };
                    *per.entry(key).or_default() += 1;
                    data.u8(if is_lagoon {
                        b'L'
                    } else if is_math {
                        b'M'
                    } else {
                        b'S'
                    });
                    data.u32(v.id.len() as u32);
                    data.0.extend_from_slice(v.id.as_bytes());
                    data.0.extend(w.0);
                    if is_lagoon {
                        nl += 1;
                    } else if is_math {
                        nm += 1;
                    } else {
                        counts.scalars += 1;
                    }
                }
                Err(why) => skips.add(format!("not expressible: {why}")),
            }
        }
    }
    std::fs::write(out, &data.0).expect("write the test data");
    (nl, nm, skips, counts)
}

fn summary_field(line: &str, key: &str) -> i64 {
    line.split_whitespace()
        .find_map(|f| f.strip_prefix(&format!("{key}=")))
        .and_then(|v| v.parse().ok())
        .unwrap_or(-1)
}

#[test]
fn c_program_runs_the_golden_vectors_through_the_abi() {
    let dir = common::scratch("c_abi");
    let data = dir.join("vectors.bin");
    let (nl, nm, skips, counts) = generate(&data);
    let exe = dir.join("urnum_test");
    common::build_c(
        &[common::crate_dir().join("c/urnum_test.c")],
        &common::archive(),
        &exe,
    );
    let o = Command::new(&exe)
        .arg(&data)
        .output()
        .expect("run the C test");
    let stdout = String::from_utf8_lossy(&o.stdout);
    eprintln!(
        "records: {nl} Lagoon ({} arms), {nm} /lib/math ({:?}), {} element-kind ({:?}); \
         {} expect URNUM_CRASH; skipped {}:",
        counts.lagoon_arms.len(),
        counts.math_doors,
        counts.scalars,
        counts.scalar_doors,
        counts.crashes,
        skips.total()
    );
    eprintln!("Lagoon records per arm: {:?}", counts.lagoon_arms);
    let untested: Vec<&str> = table::ARMS
        .iter()
        .map(|a| a.name)
        .filter(|n| !counts.lagoon_arms.contains_key(&format!("{n}:la")))
        .collect();
    eprintln!("ABI arms without a golden vector: {untested:?}");
    for (why, n) in &skips.0 {
        eprintln!("  {n:5}  {why}");
    }
    eprintln!("{stdout}");
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("SUMMARY"))
        .unwrap_or_else(|| {
            panic!(
                "no SUMMARY line; stderr: {}",
                String::from_utf8_lossy(&o.stderr)
            )
        });
    assert_eq!(
        summary_field(summary, "mismatch"),
        0,
        "ABI results differ from the vectors"
    );
    assert_eq!(
        summary_field(summary, "malformed_fail"),
        0,
        "malformed-input cases failed"
    );
    assert_eq!(summary_field(summary, "lagoon_run"), nl as i64);
    assert_eq!(summary_field(summary, "math_run"), nm as i64);
    assert_eq!(summary_field(summary, "scalar_run"), counts.scalars as i64);
    assert!(nl > 500 && nm > 500, "too few vectors reached the C test");
    assert!(summary_field(summary, "malformed_run") > 30);
    assert!(o.status.success(), "the C test exited with {:?}", o.status);
}
