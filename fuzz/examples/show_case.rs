//! Prints what a fuzz input means: `cargo run --example show_case -- TARGET FILE`
//! (`arms`: the arm, door and argument nouns; `cue`: the decoded noun's jam size).

use hoon::jam::{cue, jam};
use softblas::Atom;
use std::time::Instant;

fn main() {
    let argv: Vec<String> = std::env::args().collect();
    let (target, path) = (&argv[1], &argv[2]);
    let data = std::fs::read(path).expect("read the input");
    match target.as_str() {
        "arms" => {
            let Some(case) = urnum_fuzz::arms::decode(&data) else {
                println!("(arguments do not cue)");
                return;
            };
            println!("arm {} door {:?}", case.name, case.door);
            for (i, a) in case.args.iter().enumerate() {
                let j = jam(a);
                if j.bit_len() < 4000 {
                    println!("arg {i}: {a:?}");
                } else {
                    println!("arg {i}: jam of {} bits", j.bit_len());
                }
            }
            let (reg, _) = urnum_fuzz::arms::arms();
            let t = Instant::now();
            let r = reg.call(&case.name, &case.door, &case.args);
            let shown = match &r {
                Ok(n) if jam(n).bit_len() < 4000 => format!("{n:?}"),
                Ok(n) => format!("a noun of {} jam bits", jam(n).bit_len()),
                Err(e) => format!("{e}"),
            };
            println!("result after {:?}: {shown}", t.elapsed());
        }
        "cue" => match cue(&Atom::from_le_bytes(&data)) {
            Ok(n) => println!("a noun whose jam has {} bits", jam(&n).bit_len()),
            Err(e) => println!("{e}"),
        },
        "abi" => {
            use urnum_ffi::la::table;
            match (data.first(), data.get(1)) {
                (Some(0..=199), Some(&sel)) if sel != 255 => {
                    let a = table::arms().nth(usize::from(sel) % table::count());
                    println!("lagoon arm {}", a.map_or("?", |a| a.row.name));
                }
                (Some(e), _) => println!("entry byte {e}"),
                _ => println!("empty"),
            }
            if let Some(d) = urnum_fuzz::abi::describe(&data) {
                println!("{d}");
            }
            let t = Instant::now();
            urnum_fuzz::abi::run(&data);
            println!("ran in {:?}", t.elapsed());
        }
        _ => {
            urnum_fuzz::aura::run(&data);
            println!("ran");
        }
    }
}
