//! The `/lib/unum` revision key of the operand block (`urnum_args.unum_rev`): a `%unum`
//! Saloon `+pow` ray and `+exp` ray under each revision key give that revision's scalar
//! bits element by element; with `URNUM_UNUM_REV_NONE` they punt while calls that apply
//! no elementary function are unaffected; a key naming no revision is `URNUM_CONTRACT`
//! for the Lagoon and Saloon entries alike.
#![allow(unsafe_code)]

use softblas::scalar::unum::fns::{self, pow_at};
use softblas::scalar::unum::{UnumRev, Width};
use urnum_ffi::la::urnum_la_exec;
use urnum_ffi::sa::urnum_sa_exec;
use urnum_ffi::unum::{URNUM_UNUM_REV_96F3CFE, URNUM_UNUM_REV_BCB316C, URNUM_UNUM_REV_NONE};
use urnum_ffi::*;

/// Element bytes of the posits `xs` at width `w`, little-endian, no pin.
fn elem_bytes(w: Width, xs: &[u128]) -> Vec<u8> {
    let n = (w.n() / 8) as usize;
    xs.iter()
        .flat_map(|x| x.to_le_bytes()[..n].to_vec())
        .collect()
}

fn posits(w: Width, bytes: &[u8]) -> Vec<u128> {
    let n = (w.n() / 8) as usize;
    bytes
        .chunks(n)
        .map(|c| {
            let mut b = [0u8; 16];
            b[..n].copy_from_slice(c);
            u128::from_le_bytes(b)
        })
        .collect()
}

/// The inputs at width `w`: every posit8, a spread of posit16 and posit32 patterns.
fn inputs(w: Width) -> Vec<u128> {
    match w {
        Width::P8 => (0..256).collect(),
        _ => {
            let step = w.mask() / 400;
            (0..400u128).map(|i| (i * step + i) & w.mask()).collect()
        }
    }
}

/// A Saloon call on `%unum` rays of the posits `xs` (and `ys`) at width `w`, with revision
/// key `key`: the status and, on `URNUM_OK`, the elements.
fn saloon(
    arm: u32,
    w: Width,
    key: u32,
    xs: &[u128],
    ys: Option<&[u128]>,
) -> (urnum_status, Vec<u128>) {
    let shape = [xs.len() as u64];
    let bloq = w.bloq() as u8;
    let (bx, by) = (
        elem_bytes(w, xs),
        ys.map(|y| elem_bytes(w, y)).unwrap_or_default(),
    );
    let ray = |b: &[u8]| urnum_ray {
        meta: urnum_meta::of(&shape, bloq, URNUM_UNUM),
        data: b.as_ptr(),
        len: b.len(),
        form: URNUM_DATA_ELEMS,
    };
    let rays: Vec<urnum_ray> = match ys {
        Some(_) => vec![ray(&bx), ray(&by)],
        None => vec![ray(&bx)],
    };
    let args = urnum_args::of(&rays, &[]).at_unum_rev(key);
    let mut out = vec![0u8; bx.len()];
    let mut parts = [urnum_plan::default(); 1];
    let (mut n_parts, mut out_shape) = (0u32, [0u64; 4]);
    let one = [1u8];
    let rtol = urnum_bytes {
        ptr: one.as_ptr(),
        len: 1,
    };
    // SAFETY: every buffer is live and sized as passed.
    let s = unsafe {
        urnum_sa_exec(
            arm,
            b'n',
            rtol,
            &args,
            urnum_out::of(&mut out),
            urnum_out::none(),
            parts.as_mut_ptr(),
            1,
            &mut n_parts,
            out_shape.as_mut_ptr(),
            4,
        )
    };
    (s, posits(w, &out))
}

const KEYS: [(u32, UnumRev); 2] = [
    (URNUM_UNUM_REV_96F3CFE, UnumRev::V96f3cfe),
    (URNUM_UNUM_REV_BCB316C, UnumRev::Bcb316c),
];

#[test]
fn each_key_gives_its_revisions_bits() {
    for w in [Width::P8, Width::P16, Width::P32] {
        let xs = inputs(w);
        let ys: Vec<u128> = xs.iter().rev().copied().collect();
        let mut by_rev = Vec::new();
        for (key, rev) in KEYS {
            let (s, exp) = saloon(URNUM_SA_EXP, w, key, &xs, None);
            assert_eq!(s, urnum_status::URNUM_OK, "exp at {w:?} {rev:?}");
            let want: Vec<u128> = xs
                .iter()
                .map(|&x| fns::Unary::Exp.apply(rev, w, x).unwrap())
                .collect();
            assert_eq!(exp, want, "exp at {w:?} {rev:?}");
            let (s, pow) = saloon(URNUM_SA_POW, w, key, &xs, Some(&ys));
            assert_eq!(s, urnum_status::URNUM_OK, "pow at {w:?} {rev:?}");
            let want: Vec<u128> = xs
                .iter()
                .zip(&ys)
                .map(|(&x, &y)| pow_at(rev, w, x, y))
                .collect();
            assert_eq!(pow, want, "pow at {w:?} {rev:?}");
            by_rev.push((exp, pow));
        }
        if w == Width::P32 {
            assert_ne!(by_rev[0].0, by_rev[1].0, "posit32 exp is the same in both");
            assert_ne!(by_rev[0].1, by_rev[1].1, "posit32 pow is the same in both");
        }
    }
}

#[test]
fn no_key_punts_the_elementary_functions_only() {
    let w = Width::P16;
    let xs = inputs(w);
    assert_eq!(
        saloon(URNUM_SA_EXP, w, URNUM_UNUM_REV_NONE, &xs, None).0,
        urnum_status::URNUM_PUNT
    );
    assert_eq!(
        saloon(URNUM_SA_POW, w, URNUM_UNUM_REV_NONE, &xs, Some(&xs)).0,
        urnum_status::URNUM_PUNT
    );
    // `+neg` and `+sqrt` are the same text in both revisions.
    for arm in [URNUM_SA_NEG, URNUM_SA_SQRT] {
        let none = saloon(arm, w, URNUM_UNUM_REV_NONE, &xs, None);
        assert_eq!(none.0, urnum_status::URNUM_OK);
        assert_eq!(none, saloon(arm, w, URNUM_UNUM_REV_BCB316C, &xs, None));
    }
}

#[test]
fn a_key_naming_no_revision_breaks_the_contract() {
    let w = Width::P16;
    let xs = inputs(w);
    assert_eq!(
        saloon(URNUM_SA_NEG, w, 3, &xs, None).0,
        urnum_status::URNUM_CONTRACT
    );
    assert_eq!(
        saloon(URNUM_SA_EXP, w, 99, &xs, None).0,
        urnum_status::URNUM_CONTRACT
    );
    // Lagoon: `+add` of two `%unum` rays, and of two `%i754` rays (the allocation-free path).
    for (kind, bloq) in [(URNUM_UNUM, 4u8), (URNUM_I754, 5)] {
        let shape = [2u64];
        let data = [0u8; 8];
        let r = urnum_ray {
            meta: urnum_meta::of(&shape, bloq, kind),
            data: data.as_ptr(),
            len: 2 << (bloq - 3),
            form: URNUM_DATA_ELEMS,
        };
        let rays = [r, r];
        let mut out = [0u8; 8];
        let mut res = urnum_plan::default();
        let mut sh = [0u64; 2];
        for (key, want) in [
            (URNUM_UNUM_REV_NONE, urnum_status::URNUM_OK),
            (URNUM_UNUM_REV_96F3CFE, urnum_status::URNUM_OK),
            (7, urnum_status::URNUM_CONTRACT),
        ] {
            let args = urnum_args::of(&rays, &[]).at_unum_rev(key);
            // SAFETY: every buffer is live and sized as passed.
            let s = unsafe {
                urnum_la_exec(
                    URNUM_LA_ADD,
                    b'n',
                    &args,
                    urnum_out::of(&mut out),
                    urnum_out::none(),
                    &mut res,
                    sh.as_mut_ptr(),
                    2,
                )
            };
            assert_eq!(s, want, "add kind {kind} key {key}");
        }
    }
}
