//! Bounded resources: inputs that claim huge sizes or never finish in the
//! Hoon give a typed error quickly and in small memory.
//!
//! Each test builds its hostile input from a few bytes, runs it through the
//! registry and asserts the documented error (`docs/errors.md`). Each test
//! runs under `urnum_tests::within_a_second`, a watchdog: the whole test must finish in
//! under a second, and one that hangs fails at the deadline instead of
//! hanging the suite. The work each one does is linear in its (small) input,
//! far below what the hostile input would cost if it were expanded or
//! iterated (2^100 nodes, 2^64 steps). The C ABI's side of the same rows is
//! `ffi/tests/bounds_abi.rs`.

#[path = "bounds/builders.rs"]
mod builders;
#[path = "bounds/nouns.rs"]
mod nouns;
#[path = "bounds/work.rs"]
mod work;

use hoon::ray::ray_to_noun;
use hoon::Noun;
use lagoon::{Meta, Ray};
use softblas::{Atom, Kind};
use urnum_cli::{ArmError, Door, Registry};
use urnum_tests::meta;

fn la() -> Door {
    Door::bare("la")
}

fn lake(rnd: &str) -> Door {
    let mut d = Door::bare("la");
    d.args.insert(
        "rnd".into(),
        Noun::Atom(Atom::from_le_bytes(rnd.as_bytes())),
    );
    d
}

fn call(reg: &Registry, arm: &str, door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    reg.call(arm, door, args)
}

fn crash(r: Result<Noun, ArmError>, needle: &str) {
    match r {
        Err(ArmError::Crash(m)) => assert!(m.contains(needle), "{m:?} lacks {needle:?}"),
        other => panic!("expected a crash ({needle}), got {other:?}"),
    }
}

/// The f32 ray `[1 1]` of value 2.0 as a noun.
fn f32_scalar_ray() -> Noun {
    ray_to_noun(&Ray::new(
        Meta::new(vec![1, 1], 5, Kind::I754),
        Atom::from_u64(0x1_4000_0000),
    ))
}

/// A ray noun whose data is the pin alone (no element set), at any shape:
/// `++to-tank` and `+mmul-unum` read it without `+check`.
fn bare_ray(shape: &[u64], bloq: u64, kind: Kind) -> Noun {
    Noun::cell(meta(shape, bloq, kind), Noun::atom(1u64))
}
