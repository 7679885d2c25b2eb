//! A differential check against the dojo: each case is a `/lib/math` arm,
//! its argument and the text the dojo printed for it, and the example
//! computes the arm through urnum and compares the printed text.
//!
//! The built-in cases are from urbit/numerics' own tests
//! (`libmath/desk/tests/lib/math-*.hoon`, whose expected bits are in
//! `vectors/`), written as the dojo prints them. To check a ship, run the
//! expressions there and pass the transcript as a file of lines
//! `DOOR MODE ARM ARG = DOJO-TEXT`, e.g. `rs n exp .1 = .2.7182817` for
//! `(~(exp rs [%n .1e-5 .0]) .1)`.
//!
//! Run: `cargo run -p urnum --example dojo_check [FILE]` (exit 1 on a mismatch).

use std::str::FromStr;
use urnum::float::Float;
use urnum::prelude::*;
use urnum::{math, Error};

/// Cases from urbit/numerics' tests (the vector id after `#`): the Hoon's
/// expected bits, written as the dojo prints them.
const BUILT_IN: &str = "\
rs n exp .1 = .2.7182817  # libmath/math-exp/test-rs-1
rh n exp .~~0.5 = .~~1.648  # libmath/math-rh/test-exp-half
rh n sin .~~1 = .~~0.8413  # libmath/math-rh/test-sin-1
rq n cos .~~~1 = .~~~0.5403023058681397174009366074429767  # libmath/math-rq/test-cos-1
rs n log .0.9435403 = .-0.058116227  # oracle/math-rs/log-rs-n-000
rd n log .~0.9999999999999987 = .~-1.3322676295501888e-15  # oracle/math-rd/log-rd-n-002
rd n cbt .~512 = .~7.999999999999998  # oracle/math-rd/cbt-rd-n-000
rd n exp .~720.3136266446259 = .~inf  # oracle/math-rd/exp-rd-n-000
";

/// The text urnum prints for `arm` of the door at `F`'s width in `mode` on `arg`.
fn run<F: Float + FromStr<Err = Error>>(
    mode: Round,
    arm: &str,
    arg: &str,
) -> Result<String, Error> {
    let door = Door::new(mode);
    let x: F = arg.parse()?;
    let y = match arm {
        "exp" => math::exp(&door, x)?,
        "log" => math::log(&door, x)?,
        "sin" => math::sin(&door, x)?,
        "cos" => math::cos(&door, x)?,
        "tan" => math::tan(&door, x)?,
        "sqt" => math::sqt(&door, x)?,
        "cbt" => math::cbt(&door, x)?,
        "atan" => math::atan(&door, x)?,
        other => return Ok(format!("(arm {other} is not in this example's table)")),
    };
    Ok(y.to_string())
}

/// One case line: `DOOR MODE ARM ARG = TEXT`, optionally followed by `  # note`;
/// `None` when it does not parse.
fn check(line: &str) -> Option<Result<(String, String), Error>> {
    let line = line.split_once("  #").map_or(line, |(case, _)| case);
    let (call, want) = line.split_once(" = ")?;
    let [door, mode, arm, arg] = call.split_whitespace().collect::<Vec<_>>()[..] else {
        return None;
    };
    let mode = Round::from_term(mode).ok()?;
    let got = match door {
        "rh" => run::<Rh>(mode, arm, arg),
        "rs" => run::<Rs>(mode, arm, arg),
        "rd" => run::<Rd>(mode, arm, arg),
        "rq" => run::<Rq>(mode, arm, arg),
        _ => return None,
    };
    Some(got.map(|g| (g, want.trim().to_string())))
}

fn main() {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(&path).expect("read the case file"),
        None => BUILT_IN.to_string(),
    };
    let mut failed = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match check(line) {
            Some(Ok((got, want))) if got == want => println!("ok    {line}"),
            Some(Ok((got, _))) => {
                failed += 1;
                println!("DIFF  {line}   urnum: {got}");
            }
            Some(Err(e)) => {
                failed += 1;
                println!("ERROR {line}   {e}");
            }
            None => println!("skip  {line}   (not DOOR MODE ARM ARG = TEXT)"),
        }
    }
    if failed > 0 {
        std::process::exit(1);
    }
}
