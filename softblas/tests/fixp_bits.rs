//! Bit tables for `softblas::scalar::fixp` (`/lib/fixed`): the examples in `fixed.hoon`'s own
//! docs (q8.8, 17-bit words), Lagoon's q3.4 examples, and the edges — least values, division by
//! zero, truncation toward zero of negative values, wrap-around in `from-s`, ties in `from-rs`,
//! the two roundings of `to-rs`.

#[path = "table_support/mod.rs"]
mod table_support;

use softblas::scalar::catalogue::find;
use softblas::scalar::fixp::arms::{Call, ARMS};
use softblas::scalar::fixp::{self, FixpError};
use softblas::{Atom, Prec};
use table_support::{hex, rows};

const Q34: Prec = Prec { a: 3, b: 4 };

fn a(v: u64) -> Atom {
    Atom::from_u64(v)
}

/// A precision `qA.B`.
fn prec(t: &str) -> Prec {
    let (a, b) = t[1..].split_once('.').expect("qA.B");
    Prec {
        a: a.parse().expect("a"),
        b: b.parse().expect("b"),
    }
}

/// The value of the `/lib/fixed` arm `arm` (its row of `softblas::scalar::fixp::arms`)
/// on the operands `w`, as the table writes it.
fn run(arm: &str, w: &[&str]) -> String {
    let row = find(ARMS, arm).unwrap_or_else(|| panic!("{arm} is not catalogued"));
    let x = |i: usize| Atom::from_u128(hex(w[i]));
    let p = |i: usize| prec(w[i]);
    let value = |v: Atom| format!("{:#x}", v.to_biguint());
    let shown = |r: Result<String, FixpError>| r.unwrap_or_else(|e| format!("!{e:?}"));
    match row.call {
        Call::Width(f) => f(p(0)).to_string(),
        Call::Unary(f) | Call::ToSigned(f) => value(f(&x(0), p(1))),
        Call::ToSingle(f) => format!("{:#x}", f(&x(0), p(1))),
        Call::FromSingle(f) => shown(f(hex(w[0]) as u32, p(1)).map(value)),
        Call::Binary(f) => shown(f(&x(0), p(1), &x(2), p(3)).map(value)),
        Call::Compare(f) => {
            let flag = |b: bool| if b { "yes" } else { "no" }.to_string();
            shown(f(&x(0), p(1), &x(2), p(3)).map(flag))
        }
        Call::Widening(f) => shown(
            f(&x(0), p(1), &x(2), p(3)).map(|(v, q)| format!("{} q{}.{}", value(v), q.a, q.b)),
        ),
        Call::Bits(f) => shown(f(&x(0), p(1), hex(w[2]) as u64).map(value)),
        Call::Scale(f) => shown(f(&x(0), p(1), p(2)).map(value)),
    }
}

/// The rows of `data/fixp.txt`: `fixed.hoon`'s own doc examples (q8.8, 17-bit
/// words), Lagoon's q3.4 examples, the edges, `hi`/`lo`, and the `@rs` bridge.
#[test]
fn fixed_table() {
    for r in rows(include_str!("data/fixp.txt"), 52) {
        assert_eq!(
            run(r.words[0], &r.words[1..]),
            r.want,
            "{}: {}",
            r.line,
            r.why
        );
    }
}

#[test]
fn fdp_truncates_once() {
    let av = [a(0x18), a(0x20)];
    let bv = [a(0x20), a(0x08)];
    assert_eq!(
        fixp::fdp(Q34, &av, &bv),
        a(0x40),
        "[1.5 2.0]·[2.0 0.5] = 4.0"
    );
    assert_eq!(
        fixp::fdp(Q34, &[a(0xff)], &[a(0x01)]),
        a(0),
        "-1/256 truncates toward zero to 0"
    );
    assert_eq!(
        fixp::fdp(Q34, &av, &bv[..1]),
        a(0x30),
        "stops at the shorter list"
    );
    assert_eq!(fixp::fdp(Q34, &[], &[]), a(0), "the empty sum");
}
