//! Writes the seed corpora under `fuzz/corpus/<target>/` from the golden vectors.
//!
//! - `arms`: one case per Lagoon/Saloon arm that has a vector (the smallest
//!   vector's arguments, jammed, with the vector's rounding face);
//! - `cue`: the jams of a few dozen of those argument lists, and hand-made
//!   edge cases (a back-reference chain, an unterminated prefix);
//! - `aura`: the literal sources (`"src"`) the vectors carry, a few per aura;
//! - `abi`: one well-formed call per ABI Lagoon arm, plus `urnum_math` and
//!   `urnum_scalar` calls.
//!
//! Usage (from `fuzz/`): `cargo run --release --example gen_corpus -- ../vectors corpus`.

use hoon::jam::jam;
use hoon::Noun;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use urnum_cli::vector::{eval, load, Entry};
use urnum_cli::Registry;

fn main() {
    let argv: Vec<String> = std::env::args().collect();
    let vectors = PathBuf::from(argv.get(1).map_or("../vectors", String::as_str));
    let out = PathBuf::from(argv.get(2).map_or("corpus", String::as_str));
    let reg = Registry::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&vectors)
        .expect("read the vectors directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();

    // arms: the smallest argument jam per arm.
    let mut best: BTreeMap<String, (Vec<u8>, u8)> = BTreeMap::new();
    let mut literals: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read a vector file");
        for src in text.split("\"src\": \"").skip(1) {
            if let Some(end) = src.find('"') {
                let lit = &src[..end];
                if let Ok((aura, _)) = hoon::aura::parse_literal(lit) {
                    literals
                        .entry(aura.to_string())
                        .or_default()
                        .insert(lit.to_string());
                }
            }
        }
        let vf = load(f).expect("load a vector file");
        for e in &vf.entries {
            let Entry::Vector(v) = e else { continue };
            let key = &v.call.key;
            if !(key.ends_with(":la") || key.ends_with(":sa")) || reg.get(key).is_none() {
                continue;
            }
            let Ok(args) = eval::eval_all(&reg, &v.call.args) else {
                continue;
            };
            if args.is_empty() {
                continue;
            }
            let mut door = 16u8; // arguments as a jam
            for (face, e) in &v.call.door_args {
                if face != "rnd" {
                    continue;
                }
                if let Ok(val) = eval::eval(&reg, e) {
                    let code = val.noun.as_atom().and_then(|a| a.as_u64()).unwrap_or(0);
                    door |= match code as u8 {
                        b'n' => 1,
                        b'u' => 2,
                        b'd' => 3,
                        b'z' => 4,
                        _ => 0,
                    };
                }
            }
            let bytes = jam(&Noun::list(args)).to_le_bytes();
            if bytes.len() > 2048 {
                continue;
            }
            let better = best.get(key).is_none_or(|(b, _)| bytes.len() < b.len());
            if better {
                best.insert(key.clone(), (bytes, door));
            }
        }
    }
    let arms_dir = out.join("arms");
    let cue_dir = out.join("cue");
    for (i, (key, (bytes, door))) in best.iter().enumerate() {
        let mut case = vec![b'!'];
        case.extend_from_slice(key.as_bytes());
        case.push(0);
        case.push(*door);
        case.extend_from_slice(bytes);
        write(&arms_dir, &key.replace(':', "-"), &case);
        if i % 4 == 0 {
            write(&cue_dir, &format!("args-{}", key.replace(':', "-")), bytes);
        }
    }
    // cue edge cases: a chain of [x x] cells by back-reference (the bomb
    // shape), and bytes that end inside a length prefix.
    write(&cue_dir, "backref-chain", &backref_chain(24).to_le_bytes());
    write(&cue_dir, "unterminated", &[0x00, 0x00, 0x80]);
    write(&cue_dir, "atom-past-end", &[0x80, 0x01]);

    let aura_dir = out.join("aura");
    for (aura, lits) in &literals {
        for (k, lit) in lits.iter().take(6).enumerate() {
            let name = format!("{}-{k}", aura.trim_start_matches('@'));
            write(&aura_dir, &name, lit.as_bytes());
        }
    }
    for (k, lit) in [
        "~[1 2 3]",
        "`@rs`0x7fc0.0001",
        ".nan",
        "-.inf",
        ".~1e308",
        ".~~~1.5e-4960",
        "--0x1f",
        "0b1.0101",
        "%.y",
        "%foo-bar",
        ".1.2.3.4",
        "0i123",
        "1.000.000",
    ]
    .iter()
    .enumerate()
    {
        write(&aura_dir, &format!("extra-{k}"), lit.as_bytes());
    }

    abi_seeds(&out.join("abi"));
    eprintln!(
        "wrote {} arms, {} cue, {} aura seeds",
        best.len(),
        std::fs::read_dir(&cue_dir).map_or(0, Iterator::count),
        std::fs::read_dir(&aura_dir).map_or(0, Iterator::count)
    );
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::create_dir_all(dir).expect("create a corpus directory");
    std::fs::write(dir.join(name), bytes).expect("write a seed");
}

/// The jam of `n0 = 0`, `n(k+1) = [nk nk]`: `depth` cells written once each,
/// the tree of `2^depth` leaves (what a back-reference bomb decodes to).
fn backref_chain(depth: u32) -> softblas::Atom {
    let mut n = Noun::NULL;
    for _ in 0..depth {
        n = Noun::cell(n.clone(), n);
    }
    jam(&n)
}

/// Seeds for the `abi` target, in its input grammar (`urnum_fuzz::abi`).
fn abi_seeds(dir: &Path) {
    use urnum_ffi::la::table::{self, Param};
    // A 2×2 ray: rank byte 9 (→ 2), dims 2 2, kind byte, bloq byte, tail 0,
    // form 0 (elements), length byte 0 (exact), then the elements.
    let ray = |kind: u8, bloq: u8, elems: &[u8]| {
        let mut v = vec![9, 2, 2, kind, bloq, 0, 0, 0];
        v.extend_from_slice(elems);
        v
    };
    // f32 1.0 2.0 3.0 4.0 (kind byte 0 → i754, bloq byte 1 → 5).
    let f32s: Vec<u8> = [0x3f80_0000u32, 0x4000_0000, 0x4040_0000, 0x4080_0000]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    for (i, arm) in table::arms().enumerate() {
        let mut v = vec![0u8, i as u8, 0 /* 'n' */, 1 /* arity counts */];
        if arm
            .params
            .iter()
            .any(|p| p.is_list() && *p != Param::Slices)
        {
            v.push(2); // two list entries
        } else if arm.params.contains(&Param::Slices) {
            v.push(3); // one slice triple
        }
        for p in arm.params {
            match p {
                Param::Ray => v.extend(ray(0, 1, &f32s)),
                Param::Meta => v.extend([9, 2, 2, 0, 1, 0]),
                Param::Atom | Param::Count | Param::Kind | Param::Term(_) => {
                    v.extend([4, 0x00, 0x00, 0x80, 0x3f])
                }
                Param::Pair => v.extend([4, 0x00, 0x00, 0x80, 0x3f, 4, 0, 0, 0, 0x40]),
                _ => {}
            }
        }
        // Ints: 1 each, then the list's 2 2 or the slice [0:1] (tag 7).
        for p in arm.params {
            match p {
                Param::Int => v.push(1),
                Param::Shape | Param::Index | Param::Values => v.extend([2, 2]),
                Param::Slices => v.extend([7, 0, 1]),
                _ => {}
            }
        }
        v.extend([0, 0]); // shape cap 8, exact output buffer
        write(dir, &format!("la-{}", arm.name), &v);
    }
    // urnum_math: op k at @rd in mode n, rtol/atol off, arity operands of 1.5.
    for op in [1u8, 2, 13, 20, 30, 60] {
        let mut v = vec![200, op, 2, 0, 0];
        v.extend([0u8; 32]);
        v.push(0);
        for _ in 0..4 {
            v.extend(0x3ff8_0000_0000_0000u64.to_le_bytes()); // 1.5
            v.extend([0u8; 8]);
        }
        write(dir, &format!("math-{op}"), &v);
    }
    // urnum_scalar: each kind, op add, x = y = a small value.
    for kind in 0u8..6 {
        let v = vec![
            230, kind, 5, 0, 8, 16, 1, 0, 4, 0, 0, 0x80, 0x3f, 4, 0, 0, 0x80, 0x3f, 32,
        ];
        write(dir, &format!("scalar-{kind}"), &v);
    }
}
