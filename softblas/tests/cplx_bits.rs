//! Bit tables for `softblas::scalar::cplx`: the cases the spec calls out (abs of signed
//! zeros, division by zero and by infinity, NaN and infinite components, negation by
//! subtraction, no FMA in `mul`) with the Hoon's result for each.

use softblas::scalar::cplx::{self, Cplx, Plane};
use softblas::scalar::i754::Width;
use softblas::{Atom, DoorRound, Round};

const NAN: u128 = 0x7fc0_0000;
const INF: u128 = 0x7f80_0000;
const ONE: u128 = 0x3f80_0000;
const NZ: u128 = 0x8000_0000;

fn cs(r: Round) -> Plane {
    Plane::new(Width::S, r)
}

fn c(re: u128, im: u128) -> Cplx {
    Cplx::new(re, im)
}

/// Unary arms at `cs`: (arm, mode, input, expected, what the row pins).
#[test]
fn unary_table() {
    type Row = (&'static str, Round, Cplx, Cplx, &'static str);
    let rows: [Row; 16] = [
        (
            "abs",
            Round::N,
            c(0, 0),
            c(0, 0),
            "the atom 0 takes the bit-test shortcut",
        ),
        (
            "abs",
            Round::N,
            c(NZ, 0),
            c(NAN, 0),
            "-0+0i misses the shortcut: t = 0/-0 = NaN",
        ),
        (
            "abs",
            Round::N,
            c(0, NZ),
            c(NAN, 0),
            "0-0i: xr >= xi, t = -0/+0 = NaN",
        ),
        (
            "abs",
            Round::Z,
            c(NZ, NZ),
            c(NAN, 0),
            "-0-0i: fabs keeps -0, t = -0/-0 = NaN",
        ),
        (
            "abs",
            Round::N,
            c(0x4040_0000, 0x4080_0000),
            c(0x40a0_0000, 0),
            "|3+4i| = 5",
        ),
        (
            "abs",
            Round::N,
            c(0xc040_0000, 0),
            c(0x4040_0000, 0),
            "fabs(-3) = 0 - (-3) = 3, t = 0",
        ),
        (
            "abs",
            Round::N,
            c(0x7f16_7699, 0x7f16_7699),
            c(0x7f54_c986, 0),
            "scaled hypot: |2e38(1+i)| stays finite",
        ),
        (
            "abs",
            Round::N,
            c(INF, 0x7fc1_2345),
            c(NAN, 0),
            "inf+NaNi: xr >= NaN is false, t = inf/NaN (not C hypot's inf)",
        ),
        (
            "abs",
            Round::N,
            c(INF, ONE),
            c(INF, 0),
            "inf+1i: t = 1/inf = 0, inf*1",
        ),
        (
            "neg",
            Round::N,
            c(0, 0),
            c(0, 0),
            "0 - (+0) = +0 under %n (not a sign flip)",
        ),
        (
            "neg",
            Round::D,
            c(0, 0),
            c(NZ, NZ),
            "0 - (+0) = -0 under %d",
        ),
        ("neg", Round::N, c(NZ, NZ), c(0, 0), "0 - (-0) = +0"),
        (
            "neg",
            Round::N,
            c(0x7f80_0001, 0xffc0_0001),
            c(NAN, NAN),
            "NaN payloads and signs become the canonical NaN",
        ),
        (
            "conj",
            Round::D,
            c(ONE, 0),
            c(ONE, NZ),
            "conj(1+0i) under %d: im = 0 - 0 = -0",
        ),
        (
            "conj",
            Round::N,
            c(0x7f80_0001, 0x4000_0000),
            c(0x7f80_0001, 0xc000_0000),
            "the real part is passed through raw, payload and all",
        ),
        (
            "conj",
            Round::N,
            c(ONE, 0x7fc1_2345),
            c(ONE, NAN),
            "a NaN imaginary part is canonicalised by the subtraction",
        ),
    ];
    for (arm, r, p, want, why) in rows {
        let d = cs(r);
        let got = match arm {
            "abs" => d.abs(p),
            "neg" => d.neg(p),
            "conj" => d.conj(p),
            _ => unreachable!(),
        };
        assert_eq!(got, want, "{arm} {r} {p:x?}: {why}");
    }
}

/// Binary arms at `cs`: (arm, mode, p, q, expected, what the row pins).
#[test]
fn binary_table() {
    type Row = (&'static str, Round, Cplx, Cplx, Cplx, &'static str);
    let a = 0x3f80_0001; // 1 + 2^-23
    let rows: [Row; 14] = [
        (
            "div",
            Round::N,
            c(ONE, ONE),
            c(0, 0),
            c(NAN, NAN),
            "(1+i)/0: r = 0/0 = NaN poisons both parts",
        ),
        (
            "div",
            Round::N,
            c(ONE, 0),
            c(NZ, 0),
            c(NAN, NAN),
            "divisor -0: fabs keeps -0, -0 >= 0 holds, r = 0/-0 = NaN",
        ),
        (
            "div",
            Round::N,
            c(ONE, ONE),
            c(INF, 0),
            c(0, 0),
            "(1+i)/inf: r = 0, dn = inf, both parts +0",
        ),
        (
            "div",
            Round::N,
            c(INF, 0),
            c(ONE, 0),
            c(INF, NAN),
            "inf/1: im = (0 - inf*0)/1 = NaN",
        ),
        (
            "div",
            Round::N,
            c(0x4000_0000, 0x4000_0000),
            c(ONE, ONE),
            c(0x4000_0000, 0),
            "(2+2i)/(1+i) = 2",
        ),
        (
            "div",
            Round::N,
            c(ONE, 0),
            c(0, ONE),
            c(0, 0xbf80_0000),
            "1/i: second branch, r = 0/1, dn = 1",
        ),
        (
            "div",
            Round::N,
            c(ONE, ONE),
            c(0x7fc0_0001, 0),
            c(NAN, NAN),
            "NaN divisor: comparison false, second branch, all NaN",
        ),
        (
            "mul",
            Round::N,
            c(ONE, 0x4000_0000),
            c(0x4040_0000, 0x4080_0000),
            c(0xc0a0_0000, 0x4120_0000),
            "(1+2i)(3+4i) = -5+10i",
        ),
        (
            "mul",
            Round::N,
            c(INF, 0),
            c(ONE, 0),
            c(INF, NAN),
            "inf*1: im = inf*0 + 0*1 = NaN",
        ),
        (
            "mul",
            Round::N,
            c(a, a),
            c(a, a),
            c(0, 0x4000_0002),
            "no FMA: a*a - a*a = +0 exactly (an FMA would leave 2^-46)",
        ),
        (
            "add",
            Round::N,
            c(0x7f80_0001, 0),
            c(ONE, ONE),
            c(NAN, ONE),
            "NaN payload in, canonical NaN out",
        ),
        (
            "add",
            Round::N,
            c(NZ, NZ),
            c(NZ, 0),
            c(NZ, 0),
            "-0 + -0 = -0, -0 + +0 = +0 under %n",
        ),
        (
            "add",
            Round::D,
            c(NZ, NZ),
            c(NZ, 0),
            c(NZ, NZ),
            "-0 + +0 = -0 under %d",
        ),
        (
            "sub",
            Round::U,
            c(ONE, 0),
            c(ONE, NZ),
            c(0, 0),
            "1 - 1 = +0 and 0 - (-0) = +0 under %u",
        ),
    ];
    for (arm, r, p, q, want, why) in rows {
        let d = cs(r);
        let got = match arm {
            "div" => d.div(p, q),
            "mul" => d.mul(p, q),
            "add" => d.add(p, q),
            "sub" => d.sub(p, q),
            _ => unreachable!(),
        };
        assert_eq!(got, want, "{arm} {r} {p:x?} {q:x?}: {why}");
    }
}

/// `abs(-0+0i)` is NaN at every width and mode; `abs(0)` is 0.
#[test]
fn abs_signed_zero_every_width() {
    for w in Width::ALL {
        for r in Round::HOON {
            let d = Plane::new(w, r);
            let nz = w.sign_bit();
            let nan = softblas::scalar::i754::canonical_nan(w);
            assert_eq!(d.abs(c(nz, 0)), c(nan, 0), "{w:?} {r}: -0+0i");
            assert_eq!(d.abs(c(0, 0)), c(0, 0), "{w:?} {r}: 0");
        }
    }
}

/// Constants: `zero`, `one` and the `rpi` literals, per door.
#[test]
fn constants() {
    let rows: [(Width, u128, u128); 4] = [
        // rpi at ch is .~~3.14159 rounded to half: 3.140625.
        (Width::H, 0x3c00, 0x4248),
        // rpi at cs is .3.1415927, the f32 nearest pi.
        (Width::S, 0x3f80_0000, 0x4049_0fdb),
        // rpi at cd is .~3.14159265358979, 7 ulp below the f64 nearest pi (…2d18).
        (Width::D, 0x3ff0_0000_0000_0000, 0x4009_21fb_5444_2d11),
        // rpi at cq is a 21-digit literal, not the binary128 nearest pi.
        (
            Width::Q,
            0x3fff << 112,
            0x4000_921f_b544_42d1_8469_834e_f156_fa8f,
        ),
    ];
    for (w, one, rpi) in rows {
        let d = Plane::new(w, Round::Z);
        assert_eq!(d.zero(), c(0, 0));
        assert_eq!(d.one(), c(one, 0));
        assert_eq!(d.rpi(), rpi);
    }
}

/// Atom-level arms: `im` is unmasked, `pak` is an OR, `equ` is atom equality, and the
/// zero shortcut of `abs` looks at the whole atom.
#[test]
fn atom_level_arms() {
    let w = Width::S;
    let wide = Atom::from_u128(1 << 64); // im bits above 2w: masked im is +0, raw im is not
    assert_eq!(cplx::im_atom(w, &wide), Atom::from_u128(1 << 32));
    assert_eq!(Cplx::from_atom(w, &wide), c(0, 0));
    // Masked, this is 0+0i; the Hoon's raw bit test fails and t = 0/0 = NaN.
    assert_eq!(cs(Round::N).abs_atom(&wide), c(NAN, 0));
    assert_eq!(cs(Round::N).abs_atom(&Atom::ZERO), c(0, 0));
    // pak ORs an unmasked real part into the imaginary half.
    let r = Atom::from_u128(0x1_0000_0001);
    assert_eq!(
        cplx::pak_atoms(w, &r, &Atom::from_u128(2)),
        Atom::from_u128(0x3_0000_0001)
    );
    // equ is bit equality: +0 and -0 differ, a NaN equals itself.
    let z = Atom::ZERO;
    let nz = Atom::from_u128(NZ);
    let nan = Atom::from_u128(0x7fc1_2345);
    assert!(!cplx::equ_atoms(&z, &nz));
    assert!(cplx::equ_atoms(&nan, &nan));
}

/// Transcendental quirks that follow from the Hoon's comparisons and bit tests.
#[test]
fn transcendental_quirks() {
    let d = cs(Round::N);
    // clog(0) = -inf + 0i: rlog's bit test on +0.
    assert_eq!(d.clog(c(0, 0)), c(0xff80_0000, 0));
    // rlog(-0) is not -inf: -0 misses the +0 bit test and runs the series with y = -1.
    assert_ne!(d.rlog(NZ), 0xff80_0000);
    // ratn(+0, -0) = +0: -0 is neither > 0 nor < 0 (C's atan2 gives pi).
    assert_eq!(d.ratn(0, NZ), 0);
    // csqrt(-4 - 0i) = 0 + 2i: b = -0 is not < 0, so the imaginary part keeps its + sign.
    assert_eq!(d.csqrt(c(0xc080_0000, NZ)), c(0, 0x4000_0000));
    // cpow(0, 2) = NaN + NaN i: clog(0) = -inf feeds exp's series.
    assert_eq!(d.cpow(c(0, 0), c(0x4000_0000, 0)), c(NAN, NAN));
}
