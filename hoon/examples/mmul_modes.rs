//! Builds two 2×2 `@rs` rays, multiplies them with `++mmul` under each rounding
//! mode (`(lake %n)`, `%u`, `%d`, `%z`), and prints what the dojo shows.
//!
//! Lagoon's `++print` sells each element under its kind's term, and Hoon's
//! printer cannot parse the term `%i754` (it has digits), so in the dojo
//! `(print:(lake %n) c)` crashes for every `%i754` ray. This example shows that
//! outcome, then the same `++to-tank` layout with each element sold as `@rs`
//! (the aura `++get-term` names) so the four results can be compared, and the
//! data atom as the dojo prints `data.c`. A `%uint` product shows `++print`'s
//! real output. It lives in the `hoon` crate because the text comes from
//! `hoon::tank` and `hoon::aura` (Hoon's printers), which `lagoon` cannot use.
//!
//! Run: `cargo run -p urnum-hoon --example mmul_modes [WIDTH]` (default width 80).

use hoon::aura::{self, Aura};
use hoon::tank::{print_lines, sell_atom, slog_text, wash};
use lagoon::linalg::mmul;
use lagoon::print::{get_term, to_tank};
use lagoon::{ravel, Door, Meta, Ray};
use softblas::{Atom, Kind, Round};
use std::error::Error;

fn rs_matrix(texts: [&str; 4]) -> Result<Ray, Box<dyn Error>> {
    let elems = texts
        .iter()
        .map(|t| aura::parse(Aura::Rs, t))
        .collect::<Result<Vec<Atom>, _>>()?;
    Ok(Ray::from_elems(
        Meta::new(vec![2, 2], 5, Kind::I754),
        &elems,
    )?)
}

/// `++to-tank`'s layout of `c`, each element sold under `++get-term`'s aura.
fn layout_by_term(c: &Ray, width: u64) -> Result<Vec<String>, Box<dyn Error>> {
    let term = get_term(&c.meta)?;
    let mut sell = |_: &str, x: &Atom| sell_atom(term, x);
    let tank = to_tank(&ravel(c)?, &c.meta.shape, c.meta.kind, &mut sell)?;
    Ok(wash(0, width, &tank)?)
}

fn main() -> Result<(), Box<dyn Error>> {
    let width = match std::env::args().nth(1) {
        Some(w) => w.parse()?,
        None => 80,
    };
    let a = rs_matrix([".0.1", ".0.2", ".0.3", ".0.4"])?;
    let b = rs_matrix([".1.1", ".-1.2", ".1.3", ".-1.7"])?;
    println!("a = {}", layout_by_term(&a, width)?.join("\n"));
    println!("b = {}", layout_by_term(&b, width)?.join("\n"));
    for (round, name) in [
        (Round::N, "%n"),
        (Round::U, "%u"),
        (Round::D, "%d"),
        (Round::Z, "%z"),
    ] {
        let c = mmul(&Door::lake(round), &a, &b)?;
        println!();
        println!("=/  c  (mmul:(lake {name}) a b)");
        match print_lines(&c, width) {
            Ok(lines) => println!("(print:la c):\n{}\n~", slog_text(1, &lines)),
            Err(e) => println!("(print:la c) in the dojo → {e}"),
        }
        println!(
            "to-tank layout, elements as @{}:\n{}",
            get_term(&c.meta)?,
            layout_by_term(&c, width)?.join("\n")
        );
        println!("data.c: {}", aura::print(Aura::Ux, &c.data)?);
    }

    let u = |v: [u64; 4]| {
        let e: Vec<Atom> = v.iter().map(|&x| Atom::from_u64(x)).collect();
        Ray::from_elems(Meta::new(vec![2, 2], 5, Kind::Uint), &e)
    };
    let c = mmul(&Door::la(), &u([1, 2, 3, 4])?, &u([5, 6, 7, 8])?)?;
    println!();
    println!("%uint (mmul:la a b) with (print:la c) — %uint does not round:");
    println!("{}\n~", slog_text(1, &print_lines(&c, width)?));
    Ok(())
}
