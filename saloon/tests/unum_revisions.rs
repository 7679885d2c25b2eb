//! The `/lib/unum` revision travels with the request to the ray kernels: a
//! Lagoon `%unum` `pow` gate over rays and Saloon's element-wise posit
//! functions give, element by element, the bits of the scalar arm of the
//! revision their door names, at posit8, posit16 and posit32; the two
//! revisions differ on some inputs (so the value reaches the kernel); both
//! run side by side in one process; a door naming no revision declines only
//! the arms the revisions differ in.

use lagoon::elementwise::{bin_op, fun_scalar};
use lagoon::{Door, Meta, Ray};
use saloon::elementwise::{self as ew, BinaryOp, UnaryOp};
use saloon::{Sa, SaloonError};
use softblas::prog::{Binary, Op2};
use softblas::scalar::unum::fns::{self, pow_at};
use softblas::scalar::unum::{UnumRev, Width};
use softblas::{Atom, Kind};

/// The ops whose arms the revisions differ in, with the scalar arm of each.
const REVISED: [(UnaryOp, fns::Unary); 8] = [
    (UnaryOp::Exp, fns::Unary::Exp),
    (UnaryOp::Sin, fns::Unary::Sin),
    (UnaryOp::Cos, fns::Unary::Cos),
    (UnaryOp::Tan, fns::Unary::Tan),
    (UnaryOp::Log, fns::Unary::Log),
    (UnaryOp::Log10, fns::Unary::Log10),
    (UnaryOp::Log2, fns::Unary::Log2),
    (UnaryOp::Cbrt, fns::Unary::Cbrt),
];

/// A SplitMix64 stream (`saloon::random::splitmix_next`): the test's inputs are the same on
/// every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let (out, s) = saloon::random::splitmix_next(self.0);
        self.0 = s;
        out
    }
}

/// The inputs at width `w`: every posit8; posit16 and posit32 patterns spread over the
/// whole range (every 61st posit16, 300 random posit32s) with ±1, ±minpos, ±maxpos and NaR.
fn inputs(w: Width) -> Vec<u128> {
    let mut xs: Vec<u128> = match w {
        Width::P8 => (0..256).collect(),
        Width::P16 => (0..0x1_0000).step_by(61).collect(),
        _ => {
            let mut r = Rng(0x5eed_3600 ^ u64::from(w.n()));
            (0..300).map(|_| u128::from(r.next()) & w.mask()).collect()
        }
    };
    for v in [w.one(), w.minpos(), w.maxpos(), w.nar()] {
        xs.push(v);
        xs.push(v.wrapping_neg() & w.mask());
    }
    xs
}

fn ray(w: Width, xs: &[u128]) -> Ray {
    let meta = Meta::new(vec![xs.len() as u64], w.bloq(), Kind::Unum);
    let atoms: Vec<Atom> = xs.iter().map(|&x| Atom::from_u128(x)).collect();
    Ray::from_elems(meta, &atoms).expect("a well-formed ray")
}

fn elems(r: &Ray) -> Vec<u128> {
    lagoon::ravel(r)
        .expect("a well-formed ray")
        .iter()
        .map(Atom::low_u128)
        .collect()
}

const WIDTHS: [Width; 3] = [Width::P8, Width::P16, Width::P32];

/// Every revised Saloon op over `%unum` rays at `rev`, against the scalar arms of `rev`;
/// the values, op by op and width by width, for the comparison across revisions.
fn saloon_unary_at(rev: UnumRev) -> Vec<Vec<u128>> {
    let sa = Sa::bare().with_unum(Some(rev));
    let mut out = Vec::new();
    for w in WIDTHS {
        let xs = inputs(w);
        let a = ray(w, &xs);
        for (op, f) in REVISED {
            let got = elems(&ew::unary(&sa, op, &a).expect("the gate runs"));
            let want: Vec<u128> = xs
                .iter()
                .map(|&x| f.apply(rev, w, x).expect("no revised arm fails"))
                .collect();
            assert_eq!(got, want, "{op:?} at {w:?} of {rev:?}");
            out.push(got);
        }
    }
    out
}

/// Lagoon's `+fun-scalar`-built `%unum` `pow` gate over rays (`+bin-op`) and Saloon's `+pow`
/// at `rev`, against `/lib/unum` `+pow` of `rev`.
fn pow_at_rev(rev: UnumRev) -> Vec<Vec<u128>> {
    let door = Door::la().with_unum(Some(rev));
    let sa = Sa::bare().with_unum(Some(rev));
    let mut out = Vec::new();
    for w in WIDTHS {
        let xs = inputs(w);
        let mut r = Rng(0x9077 ^ u64::from(w.n()));
        // Exponents: the inputs shuffled, so that every pair of classes meets.
        let ys: Vec<u128> = xs
            .iter()
            .map(|_| xs[(r.next() % xs.len() as u64) as usize])
            .collect();
        let (a, b) = (ray(w, &xs), ray(w, &ys));
        let want: Vec<u128> = xs
            .iter()
            .zip(&ys)
            .map(|(&x, &y)| pow_at(rev, w, x, y))
            .collect();
        let gate = fun_scalar(&door, &a.meta, Op2::Binary(Binary::PowAny)).expect("a gate");
        let la = elems(&bin_op(softblas::Policy::FAST, &a, &b, &gate).expect("the gate runs"));
        assert_eq!(la, want, "Lagoon %unum pow at {w:?} of {rev:?}");
        let sa = elems(&ew::binary(&sa, BinaryOp::Pow, &a, &b).expect("the gate runs"));
        assert_eq!(sa, want, "Saloon +pow at {w:?} of {rev:?}");
        out.push(la);
    }
    out
}

#[test]
fn the_ray_kernels_give_each_revisions_scalar_bits() {
    let old = saloon_unary_at(UnumRev::V96f3cfe);
    let new = saloon_unary_at(UnumRev::Bcb316c);
    let differ = old.iter().zip(&new).filter(|(o, n)| o != n).count();
    assert!(differ > 0, "no op differs between the revisions");
    // At posit32 every revised op differs somewhere among the inputs.
    let per_width = REVISED.len();
    for (i, (o, n)) in old.iter().zip(&new).enumerate().skip(2 * per_width) {
        assert_ne!(
            o,
            n,
            "{:?} at posit32 is the same in both",
            REVISED[i % per_width].0
        );
    }
    let (po, pn) = (pow_at_rev(UnumRev::V96f3cfe), pow_at_rev(UnumRev::Bcb316c));
    assert_ne!(po[2], pn[2], "posit32 pow is the same in both revisions");
}

#[test]
fn issue_36_examples_over_a_ray() {
    // posit32 exp .5, cos .5, tan .5 and log 2 (issue 36).
    let a = ray(Width::P32, &[0x3800_0000]);
    let two = ray(Width::P32, &[0x4800_0000]);
    // The issue gives the low 16 bits.
    let cases = [
        (UnaryOp::Exp, &a, 0x94c8, 0x94c7),
        (UnaryOp::Cos, &a, 0x9404, 0x9403),
        (UnaryOp::Tan, &a, 0xa7ad, 0xa7ae),
        (UnaryOp::Log, &two, 0x2180, 0x217f),
    ];
    for (op, x, old, new) in cases {
        for (rev, want) in [(UnumRev::V96f3cfe, old), (UnumRev::Bcb316c, new)] {
            let got = elems(&ew::unary(&Sa::bare().with_unum(Some(rev)), op, x).unwrap());
            assert_eq!(got[0] & 0xffff, want, "{op:?} at {rev:?}");
        }
    }
}

#[test]
fn two_revisions_side_by_side() {
    let run = |rev: UnumRev| std::thread::spawn(move || (saloon_unary_at(rev), pow_at_rev(rev)));
    let (a, b) = (run(UnumRev::V96f3cfe), run(UnumRev::Bcb316c));
    let (a, b) = (a.join().unwrap(), b.join().unwrap());
    assert_eq!(
        a,
        (
            saloon_unary_at(UnumRev::V96f3cfe),
            pow_at_rev(UnumRev::V96f3cfe)
        )
    );
    assert_ne!(a, b);
}

#[test]
fn a_door_naming_no_revision_declines_only_the_revised_arms() {
    let none = Sa::bare().with_unum(None);
    let a = ray(Width::P16, &[0x4000, 0x3000]);
    let unsupported = |r: Result<Ray, SaloonError>| r.is_err_and(|e| e.is_unsupported());
    for (op, _) in REVISED {
        assert!(unsupported(ew::unary(&none, op, &a)), "{op:?}");
    }
    assert!(unsupported(ew::binary(&none, BinaryOp::Pow, &a, &a)));
    // The arms both texts share need no revision.
    for op in [UnaryOp::Neg, UnaryOp::Sqrt, UnaryOp::Factorial] {
        let want = ew::unary(&Sa::bare(), op, &a).unwrap();
        assert_eq!(ew::unary(&none, op, &a).unwrap(), want, "{op:?}");
    }
    let n = ray(Width::P16, &[0x4800, 0x4000]);
    let want = ew::binary(&Sa::bare(), BinaryOp::PowN, &a, &n).unwrap();
    assert_eq!(ew::binary(&none, BinaryOp::PowN, &a, &n).unwrap(), want);
    // Nor do other kinds: `%i754` exp reads `/lib/math`.
    let f = Ray::from_elems(
        Meta::new(vec![1], 5, Kind::I754),
        &[Atom::from(0x3f00_0000u64)],
    )
    .unwrap();
    assert_eq!(
        ew::unary(&none, UnaryOp::Exp, &f).unwrap(),
        ew::unary(&Sa::bare(), UnaryOp::Exp, &f).unwrap()
    );
    // Lagoon's door and Saloon's name the text their vectors were computed with.
    assert_eq!(Door::la().unum, Some(UnumRev::LAGOON));
    assert_eq!(Sa::bare().unum, Some(UnumRev::LAGOON));
    assert_eq!(Sa::bare().lake().unum, Some(UnumRev::LAGOON));
    assert_eq!(none.lake().unum, None);
}
