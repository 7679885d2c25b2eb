//! Bounded resources and the interface contract at the C ABI: hostile or
//! malformed calls get the status `docs/errors.md` lists, write nothing, and
//! return within a second (each test runs under
//! `urnum_tests::within_a_second`, a watchdog that fails a hang at the
//! deadline). The registry's side of the same rows is `tests/tests/bounds.rs`.
//!
//! The tests call the ABI as a C caller would, so they use `unsafe`; every
//! pointer they pass is to a live local of the stated size, or deliberately
//! NULL or misaligned where the ABI promises to check (it never reads
//! through those).
#![allow(unsafe_code)]

mod counting;

use counting::peak;
use lagoon::meta::MAX_LIST_LEN;
use urnum_ffi::abi::{
    urnum_args, urnum_bytes, urnum_meta, urnum_out, urnum_plan, urnum_ray, urnum_status,
    URNUM_DATA_ATOM, URNUM_DATA_ELEMS, URNUM_I754,
};
use urnum_ffi::blas::{urnum_daxpy, urnum_dgemm, urnum_sdot, URNUM_BLAS_REVISIT_LIMIT};
use urnum_ffi::la::{ids, urnum_la_exec, urnum_la_plan};
use urnum_ffi::scalar::{urnum_scalar, URNUM_SC_ADD};
use urnum_status::{URNUM_CONTRACT, URNUM_CRASH, URNUM_OK, URNUM_PUNT};
use urnum_tests::within_a_second;

/// Runs `urnum_la_plan` on `args`: its status, and whether it wrote the plan
/// or the shape array (sentinels in both).
///
/// # Safety
/// `args` must be NULL, misaligned, or a valid argument block (each array
/// holding its count of operands, each operand's pointers valid for their
/// lengths).
unsafe fn plan_status(arm: u32, args: *const urnum_args) -> (urnum_status, bool) {
    let mut w = Sentinels::new();
    // SAFETY: `args` as the caller guarantees; `w.plan` and `w.shape` (4 entries) are live locals.
    let s = unsafe { urnum_la_plan(arm, b'n', args, &mut w.plan, w.shape.as_mut_ptr(), 4) };
    (s, w.written())
}

/// A description and a 4-entry shape array holding sentinels, to see whether a call wrote them.
#[derive(PartialEq)]
struct Sentinels {
    plan: urnum_plan,
    shape: [u64; 4],
}

impl Sentinels {
    fn new() -> Sentinels {
        Sentinels {
            plan: urnum_plan {
                out_bytes: 0xdead,
                ..urnum_plan::default()
            },
            shape: [7; 4],
        }
    }

    /// Whether a call changed either.
    fn written(&self) -> bool {
        *self != Sentinels::new()
    }
}

/// Runs `urnum_la_exec` on `args` into a 64-byte buffer: its status, and
/// whether it wrote the buffer, the description or the shape array.
///
/// # Safety
/// As [`plan_status`].
unsafe fn exec_status(arm: u32, args: *const urnum_args) -> (urnum_status, bool) {
    let mut w = Sentinels::new();
    let mut buf = [0x5au8; 64];
    let (out, none) = (urnum_out::of(&mut buf), urnum_out::none());
    let (plan, shape) = (&mut w.plan, w.shape.as_mut_ptr());
    // SAFETY: `args` as the caller guarantees; `buf` holds 64 writable bytes,
    // `w.plan` and `w.shape` (4 entries) are live locals.
    let s = unsafe { urnum_la_exec(arm, b'n', args, out, none, plan, shape, 4) };
    (s, w.written() || buf != [0x5a; 64])
}

/// Asserts that plan and exec of `arm` on `args` give `want_plan` and
/// `want`, and that neither writes anything (both must be non-OK).
///
/// # Safety
/// As [`plan_status`].
unsafe fn refused(arm: u32, args: *const urnum_args, want_plan: urnum_status, want: urnum_status) {
    // SAFETY: forwarded from the caller.
    let (s, wrote) = unsafe { plan_status(arm, args) };
    assert_eq!(s, want_plan, "plan of arm {arm}");
    assert!(!wrote, "plan of arm {arm} wrote on {s:?}");
    // SAFETY: forwarded from the caller.
    let (s, wrote) = unsafe { exec_status(arm, args) };
    assert_eq!(s, want, "exec of arm {arm}");
    assert!(!wrote, "exec of arm {arm} wrote on {s:?}");
}

fn c_meta(shape: &[u64], bloq: u8) -> urnum_meta {
    urnum_meta::of(shape, bloq, URNUM_I754)
}

fn c_ray(shape: &[u64], bloq: u8, data: &[u8], form: u8) -> urnum_ray {
    urnum_ray {
        meta: c_meta(shape, bloq),
        data: data.as_ptr(),
        len: data.len(),
        form,
    }
}

fn c_bytes(b: &[u8]) -> urnum_bytes {
    urnum_bytes {
        ptr: b.as_ptr(),
        len: b.len(),
    }
}

fn c_args(
    rays: &[urnum_ray],
    metas: &[urnum_meta],
    atoms: &[urnum_bytes],
    ints: &[u64],
) -> urnum_args {
    urnum_args {
        rays: rays.as_ptr(),
        n_rays: rays.len() as u32,
        metas: metas.as_ptr(),
        n_metas: metas.len() as u32,
        atoms: atoms.as_ptr(),
        n_atoms: atoms.len() as u32,
        ints: ints.as_ptr(),
        n_ints: ints.len() as u32,
        unum_rev: 0,
    }
}

#[test]
fn absurd_metas() {
    within_a_second(|| {
        let huge = [1u64 << 60];
        let metas = [c_meta(&huge, 5)];
        let data = [0u8; 4];
        let elems = c_ray(&huge, 5, &data, URNUM_DATA_ELEMS);
        let atom = [0u8, 0, 0, 0x40, 1];
        let whole = c_ray(&huge, 5, &atom, URNUM_DATA_ATOM);
        let over = [1u64 << 62];
        let ovr = c_ray(&over, 7, &data, URNUM_DATA_ELEMS);
        // The operand arrays outlive the blocks that point into them.
        let (elems2, whole2, ovr1) = ([elems, elems], [whole, whole], [ovr]);
        // (arm, operands, plan's status, exec's status)
        let cases = [
            // zeros of 2^60 elements: urnum declines (PUNT), the Hoon would try.
            (
                ids::URNUM_LA_ZEROS,
                c_args(&[], &metas, &[], &[]),
                URNUM_PUNT,
                URNUM_PUNT,
            ),
            // A ray operand claiming 2^60 elements with 4 bytes of elements: the
            // caller's buffer cannot hold it (CONTRACT) ...
            (
                ids::URNUM_LA_ADD,
                c_args(&elems2, &[], &[], &[]),
                URNUM_CONTRACT,
                URNUM_CONTRACT,
            ),
            // ... and with the whole data atom given, +check fails as in the Hoon
            // (exec: CRASH). The plan sizes the result from the meta alone and
            // finds it over urnum's limit first: PUNT, so the jet hands the call
            // to the Hoon, which crashes there.
            (
                ids::URNUM_LA_ADD,
                c_args(&whole2, &[], &[], &[]),
                URNUM_PUNT,
                URNUM_CRASH,
            ),
            // Element bits overflowing 64 bits (2^62 × 2^7): CONTRACT.
            (
                ids::URNUM_LA_ABS,
                c_args(&ovr1, &[], &[], &[]),
                URNUM_CONTRACT,
                URNUM_CONTRACT,
            ),
        ];
        for (arm, args, plan, exec) in cases {
            // SAFETY: the blocks are built by `c_args` from live slices of this scope.
            unsafe { refused(arm, &args, plan, exec) };
        }
    });
}

/// Exponents past `POW_N_LIMIT` (2^16) punt before any product: `+mpow-n`
/// (an integer operand) at plan and exec, `+pow-n` (an atom operand) at exec.
#[test]
fn huge_exponents_punt() {
    within_a_second(|| {
        let one = [1u64, 1];
        let two = [0u8, 0, 0, 0x40];
        let x = c_ray(&one, 5, &two, URNUM_DATA_ELEMS);
        // SAFETY (both calls): blocks built by `c_args` from live slices of this scope.
        unsafe {
            refused(
                ids::URNUM_LA_MPOW_N,
                &c_args(&[x], &[], &[], &[u64::MAX]),
                URNUM_PUNT,
                URNUM_PUNT,
            )
        };
        // n = 2^128 − 1. `+pow-n` plans by its size rule (the result has the
        // operand's meta: OK); exec punts before any product.
        let n = [0xffu8; 16];
        // The operand arrays outlive `args` (a temporary array would not).
        let (xs, ns) = ([x], [c_bytes(&n)]);
        let args = c_args(&xs, &[], &ns, &[]);
        // SAFETY: as above.
        let (s, _) = unsafe { plan_status(ids::URNUM_LA_POW_N, &args) };
        assert_eq!(s, URNUM_OK);
        // SAFETY: as above.
        let (s, wrote) = unsafe { exec_status(ids::URNUM_LA_POW_N, &args) };
        assert_eq!(s, URNUM_PUNT);
        assert!(!wrote, "exec wrote on {s:?}");
    });
}

/// `+range` whose accumulation never reaches its end (f16 0 to +∞ by 0, and
/// by 1.0, which sticks at 2048) and `+linspace` of 2^40 points punt.
#[test]
fn endless_ranges_and_huge_linspaces_punt() {
    within_a_second(|| {
        let shape = [1u64];
        let metas = [c_meta(&shape, 4)];
        let (zero, inf, one) = ([0u8], [0x00u8, 0x7c], [0x00u8, 0x3c]);
        let n = (1u64 << 40).to_le_bytes();
        // (arm, its atoms): +range 0 to +∞ by 0 and by 1.0, +linspace 0 to 1.0 in 2^40 points.
        let cases: [(u32, [&[u8]; 3]); 3] = [
            (ids::URNUM_LA_RANGE, [&zero, &inf, &[0u8]]),
            (ids::URNUM_LA_RANGE, [&zero, &inf, &one]),
            (ids::URNUM_LA_LINSPACE, [&zero, &one, &n]),
        ];
        for (arm, parts) in cases {
            let atoms = parts.map(c_bytes);
            // SAFETY: the block is built by `c_args` from live slices of this scope.
            unsafe {
                refused(
                    arm,
                    &c_args(&[], &metas, &atoms, &[]),
                    URNUM_PUNT,
                    URNUM_PUNT,
                )
            };
        }
    });
}

/// A data atom of 0 and data with a block above the pin fail `+check`: exec
/// crashes as the Hoon does, and writes nothing.
#[test]
fn zero_data_and_extra_blocks_crash() {
    within_a_second(|| {
        let shape = [1u64];
        let extra = [0u8, 0, 0x80, 0x3f, 1, 0, 0, 0, 1]; // 1.0, the pin, one more block
        for data in [&[][..], &extra] {
            let r = c_ray(&shape, 5, data, URNUM_DATA_ATOM);
            // SAFETY: the block is built by `c_args` from live slices of this scope.
            let (s, wrote) =
                unsafe { exec_status(ids::URNUM_LA_ADD, &c_args(&[r, r], &[], &[], &[])) };
            assert_eq!(s, URNUM_CRASH, "data {data:?}");
            assert!(!wrote, "exec wrote on {s:?}");
        }
    });
}

/// Interface violations the ABI detects: a NULL or misaligned argument
/// block, an unknown arm id, an unknown data form, kind or tail code, wrong
/// operand counts: CONTRACT, nothing written.
#[test]
fn broken_contracts_are_reported() {
    within_a_second(|| {
        let shape = [1u64];
        let data = [0u8, 0, 0x80, 0x3f];
        let good = c_ray(&shape, 5, &data, URNUM_DATA_ELEMS);
        let pair = [good, good];
        let ok = c_args(&pair, &[], &[], &[]);
        // The well-formed call works (so the failures below are the defects').
        // SAFETY (every call in this test): blocks built by `c_args` from live
        // slices of this scope, or NULL/misaligned pointers the ABI checks
        // before reading.
        let (s, _) = unsafe { exec_status(ids::URNUM_LA_ADD, &ok) };
        assert_eq!(s, URNUM_OK);
        // NULL block.
        // SAFETY: as above.
        unsafe {
            refused(
                ids::URNUM_LA_ADD,
                std::ptr::null(),
                URNUM_CONTRACT,
                URNUM_CONTRACT,
            )
        };
        // A misaligned block: one byte into a buffer of u64s (never read).
        let words = [0u64; 16];
        let skew = words
            .as_ptr()
            .cast::<u8>()
            .wrapping_add(1)
            .cast::<urnum_args>();
        // SAFETY: as above.
        unsafe { refused(ids::URNUM_LA_ADD, skew, URNUM_CONTRACT, URNUM_CONTRACT) };
        // Unknown arm id.
        // SAFETY: as above.
        unsafe { refused(0xffff, &ok, URNUM_CONTRACT, URNUM_CONTRACT) };
        // Unknown data form, kind and tail codes.
        let bad_form = urnum_ray { form: 9, ..good };
        let bad_kind = urnum_ray {
            meta: urnum_meta {
                kind: 0xee,
                ..good.meta
            },
            ..good
        };
        let bad_tail = urnum_ray {
            meta: urnum_meta {
                tail: 0xee,
                ..good.meta
            },
            ..good
        };
        let (forms, kinds, tails) = ([bad_form; 2], [bad_kind; 2], [bad_tail; 2]);
        // The three bad pairs, and one ray where `+add` takes two.
        for rays in [&forms[..], &kinds, &tails, &pair[..1]] {
            let args = c_args(rays, &[], &[], &[]);
            // SAFETY: as above.
            unsafe { refused(ids::URNUM_LA_ADD, &args, URNUM_CONTRACT, URNUM_CONTRACT) };
        }
    });
}

/// `urnum_scalar` with a NULL or misaligned `out_len`, or an `out` too
/// small: CONTRACT, and neither `out` nor `out_len` written.
#[test]
fn scalar_output_contract() {
    within_a_second(|| {
        let (x, y) = ([0x00u8, 0x3c], [0x00u8, 0x40]); // @rh 1.0, 2.0
        let call = |cap: usize, out_len: *mut usize| {
            let mut buf = [0x5au8; 8];
            let out = urnum_out {
                ptr: buf.as_mut_ptr(),
                cap,
            };
            // SAFETY: `x`, `y` live for their lengths; `buf` holds 8 >= cap
            // writable bytes; `out_len` is a live local, NULL, or misaligned
            // (checked by the ABI before any write).
            let s = unsafe {
                urnum_scalar(
                    URNUM_I754,
                    4,
                    0,
                    0,
                    URNUM_SC_ADD,
                    b'n',
                    c_bytes(&x),
                    c_bytes(&y),
                    out,
                    out_len,
                )
            };
            (s, buf)
        };
        let mut len = [usize::MAX; 2];
        let (s, buf) = call(8, len.as_mut_ptr());
        assert_eq!((s, &buf[..2], len[0]), (URNUM_OK, &[0x00, 0x42][..], 2));
        len = [usize::MAX; 2];
        let skew = len
            .as_mut_ptr()
            .cast::<u8>()
            .wrapping_add(1)
            .cast::<usize>();
        for (cap, out_len) in [(8, std::ptr::null_mut()), (8, skew), (1, len.as_mut_ptr())] {
            let (s, buf) = call(cap, out_len);
            assert_eq!(s, URNUM_CONTRACT, "cap {cap}");
            assert_eq!(buf, [0x5a; 8], "out written on cap {cap}");
            assert_eq!(len, [usize::MAX; 2], "out_len written on cap {cap}");
        }
    });
}

/// `+broadcast-to` of a one-element ray to a quarter of the longest list
/// urnum builds (2^24 elements of 16 bits, a 32 MiB result; a quarter keeps
/// the test well inside its second on a loaded machine) is planned in memory
/// of at most three times the result's bytes, not a 24-byte atom per element.
/// The fuzzer's `regress-broadcast-memory` input is the same call at the
/// limit (1.35 GB resident before the gather wrote bits straight into the
/// result; 0.26 GB and 0.12 s per call in release after).
#[test]
fn broadcast_to_costs_the_result_bits() {
    within_a_second(|| {
        let rank0: [u64; 0] = [];
        let one = [0x00u8, 0x3c]; // @rh 1.0
        let rays = [c_ray(&rank0, 4, &one, URNUM_DATA_ELEMS)];
        let n = MAX_LIST_LEN / 4;
        let ints = [n];
        let args = c_args(&rays, &[], &[], &ints);
        let mut plan = urnum_plan::default();
        let mut shape = [0u64; 4];
        // SAFETY: the block is built by `c_args` from live slices of this
        // scope; `plan` and `shape` (4 entries) are live locals.
        let (bytes, s) = peak(|| unsafe {
            urnum_la_plan(
                ids::URNUM_LA_BROADCAST_TO,
                b'n',
                &args,
                &mut plan,
                shape.as_mut_ptr(),
                4,
            )
        });
        assert_eq!(s, URNUM_OK);
        let result = n * 2;
        assert!(plan.out_bytes as u64 >= result, "{plan:?}");
        assert_eq!(shape[0], n);
        assert!(
            bytes <= 3 * result,
            "peak {bytes} bytes for a {result}-byte result"
        );
    });
}

/// BLAS entries over a buffer read more than once (stride 0, rows that
/// overlap) take at most `URNUM_BLAS_REVISIT_LIMIT` (2^24) steps: `sdot` of
/// N = 2^62 at stride 0, `daxpy` of 2^24 + 1 and `dgemm` of 2^40 × 1 × 1 with
/// every leading dimension 0 punt and write nothing (they would loop 2^62 or
/// 2^40 times); under the limit, stride 0 still computes.
#[test]
fn blas_strides_that_revisit_are_bounded() {
    within_a_second(|| {
        let one = [0x3f80_0000u32]; // 1.0f32
        let mut out = 0x5a5a_5a5au32;
        // SAFETY: `one` holds the one element a stride-0 vector reads; `out` is a live local.
        let s = unsafe { urnum_sdot(1 << 62, one.as_ptr(), 0, one.as_ptr(), 0, b'n', &mut out) };
        assert_eq!((s, out), (URNUM_PUNT, 0x5a5a_5a5a));
        let x = [0x3ff0_0000_0000_0000u64]; // 1.0
        let mut y = [0u64];
        // SAFETY: `x` and `y` hold the one element each stride-0 vector touches.
        let s = unsafe {
            urnum_daxpy(
                URNUM_BLAS_REVISIT_LIMIT + 1,
                x[0],
                x.as_ptr(),
                0,
                y.as_mut_ptr(),
                0,
                b'n',
            )
        };
        assert_eq!((s, y[0]), (URNUM_PUNT, 0));
        let mut c = [7u64];
        // SAFETY: with every leading dimension 0, A, B and C are one element each.
        let s = unsafe {
            urnum_dgemm(
                b'N' as _,
                b'N' as _,
                1 << 40,
                1,
                1,
                x[0],
                x.as_ptr(),
                0,
                x.as_ptr(),
                0,
                0,
                c.as_mut_ptr(),
                0,
                b'n',
            )
        };
        assert_eq!((s, c[0]), (URNUM_PUNT, 7));
        // Under the limit, stride 0 computes: 2^20 products of 1.0 · 1.0 sum to 2^20.
        // SAFETY: as above.
        let s = unsafe { urnum_sdot(1 << 20, one.as_ptr(), 0, one.as_ptr(), 0, b'n', &mut out) };
        assert_eq!((s, out), (URNUM_OK, 0x4980_0000));
    });
}
