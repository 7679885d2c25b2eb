//! The calls the jet path serves: the checks that accept a call, its rays
//! read from the caller's arguments as element bytes, and the job they make,
//! with its description and the kernel it runs.

use super::loops::{by_chunk, map, mmul, sum, Right};
use super::{kernel, Call, Kernel, MAX_BITS, MAX_ELEMS};
use crate::abi::{
    urnum_args, urnum_bytes, urnum_plan, urnum_ray, URNUM_DATA_ATOM, URNUM_DATA_ELEMS,
    URNUM_FORM_RAY, URNUM_I754, URNUM_PLAN_NO_ALLOC, URNUM_TAIL_NULL,
};
use crate::raw;
use softblas::exec::fast::choice;
use softblas::exec::fast::kernels::Elementwise;
use softblas::ieee::Width;
use softblas::{DoorRound, Dtype, Policy, Round, Word};

/// A well-formed `%i754` ray the jet path serves: its shape, bloq and element bytes.
#[derive(Clone, Copy, Debug)]
struct Elems<'a> {
    shape: &'a [u64],
    bloq: u8,
    /// Exactly `n · 2^(bloq−3)` bytes.
    bytes: &'a [u8],
}

/// Whether the jet path carries elements of kind code `kind` at `bloq`: the
/// kernel layer's dtype rule ([`choice::served_width`], the one
/// `choose_map` applies to programs) at the widths the jet's stack carriers
/// hold (binary16/32/64; binary128 has no hardware lanes).
fn carried(kind: u8, bloq: u8) -> bool {
    let Some(kind) = super::super::decode::kind(kind) else {
        return false;
    };
    let t = Dtype {
        kind,
        bloq: u32::from(bloq),
        prec: None,
    };
    matches!(
        choice::served_width(&t),
        Some(Width::H | Width::S | Width::D)
    )
}

/// The elements of `r` when the jet path serves it (see the module docs).
///
/// # Safety
/// `r`'s pointers valid as the ABI describes, for `'a`.
#[inline(always)]
unsafe fn elems(r: &urnum_ray) -> Option<Elems<'_>> {
    let m = &r.meta;
    if m.tail != URNUM_TAIL_NULL || !carried(m.kind, m.bloq) {
        return None;
    }
    if m.ndim == 0 {
        return None;
    }
    // SAFETY: the ABI requires `shape` to hold `ndim` u64s for the call.
    let shape = unsafe { raw::items(m.shape, m.ndim) }?;
    let n = shape.iter().try_fold(1u64, |a, d| a.checked_mul(*d))?;
    if n == 0 || n > MAX_ELEMS || (n << m.bloq) > MAX_BITS {
        return None;
    }
    let nbytes = usize::try_from(n << (m.bloq - 3)).ok()?;
    // SAFETY: the ABI requires `data` to hold `len` readable bytes for the call.
    let buf = unsafe { raw::bytes(r.data, r.len) }?;
    let bytes = match r.form {
        URNUM_DATA_ELEMS => buf.get(..nbytes)?,
        URNUM_DATA_ATOM => {
            let (el, top) = buf.split_at_checked(nbytes)?;
            let (&pin, above) = top.split_first()?;
            if pin != 1 || above.iter().any(|&b| b != 0) {
                return None;
            }
            el
        }
        _ => return None,
    };
    Some(Elems {
        shape,
        bloq: m.bloq,
        bytes,
    })
}

/// The second operand of a job.
#[derive(Clone, Copy, Debug)]
enum Second<'a> {
    /// None (unary arms).
    None,
    /// A ray of the first one's meta (or, for `+mmul`, its bloq).
    Ray(Elems<'a>),
    /// A scalar: the low element-width bits of this atom.
    Scalar(&'a [u8]),
}

/// The result's shape: the first ray's, all ones at its rank, or `[m p]`.
#[derive(Clone, Copy, Debug)]
pub(super) enum Shape<'a> {
    Same(&'a [u64]),
    Ones(usize),
    Matrix(u64, u64),
}

impl Shape<'_> {
    pub(super) fn rank(&self) -> usize {
        match self {
            Shape::Same(s) => s.len(),
            Shape::Ones(r) => *r,
            Shape::Matrix(..) => 2,
        }
    }

    /// Writes the shape to `dst` (`rank()` entries).
    pub(super) fn write(&self, dst: &mut [u64]) {
        match self {
            Shape::Same(s) => dst.copy_from_slice(s),
            Shape::Ones(_) => dst.fill(1),
            Shape::Matrix(m, p) => dst.copy_from_slice(&[*m, *p]),
        }
    }
}

/// A call the jet path serves, validated.
#[derive(Clone, Copy, Debug)]
pub(super) struct Job<'a> {
    /// The policy the kernels run under.
    pol: Policy,
    kernel: Kernel,
    r: Round,
    x: Elems<'a>,
    y: Second<'a>,
    pub(super) shape: Shape<'a>,
    /// The result's element count.
    out_elems: u64,
}

/// The validated job of `call` (its arm on its arguments in its mode), or `None` to decline.
///
/// # Safety
/// `args` and everything it points to valid as the ABI describes, for `'a`.
#[inline(always)]
pub(super) unsafe fn accept<'a>(call: Call) -> Option<Job<'a>> {
    let (pol, arm, rnd, args) = (call.pol, call.arm, call.rnd, call.args);
    let kernel = kernel(arm)?;
    let (n_rays, n_atoms) = match kernel {
        Kernel::Map(Elementwise::Two(_)) | Kernel::Dot | Kernel::Mmul => (2, 0),
        Kernel::Scalar(_) => (1, 1),
        Kernel::Map(_) | Kernel::Cumsum => (1, 0),
    };
    // SAFETY: a non-NULL `args` points to an argument block valid for the call.
    let a: &'a urnum_args = unsafe { raw::get(args) }?;
    if a.n_rays != n_rays || a.n_metas != 0 || a.n_atoms != n_atoms || a.n_ints != 0 {
        return None;
    }
    // SAFETY: the ABI requires each array to hold its count of values for the call.
    let rays: &'a [urnum_ray] = unsafe { raw::items(a.rays, a.n_rays) }?;
    // SAFETY: as above.
    let atoms: &'a [urnum_bytes] = unsafe { raw::items(a.atoms, a.n_atoms) }?;
    let r = Round::of_door_code(rnd)?;
    // SAFETY: the ray's pointers are valid per the ABI.
    let x = unsafe { elems(rays.first()?) }?;
    let n = x.shape.iter().product::<u64>();
    let second_ray = || -> Option<Elems<'a>> {
        // SAFETY: as above.
        unsafe { elems(rays.get(1)?) }
    };
    let (y, shape, out_elems) = match kernel {
        Kernel::Map(Elementwise::Two(_)) | Kernel::Dot => {
            let y = second_ray()?;
            let same_shape =
                y.shape.len() == x.shape.len() && y.shape.iter().zip(x.shape).all(|(a, b)| a == b);
            if y.bloq != x.bloq || !same_shape {
                return None;
            }
            let (shape, out) = if kernel == Kernel::Dot {
                (Shape::Ones(x.shape.len()), 1)
            } else {
                (Shape::Same(x.shape), n)
            };
            (Second::Ray(y), shape, out)
        }
        Kernel::Scalar(_) => {
            let s = atoms.first()?;
            // SAFETY: the ABI requires `ptr` to hold `len` readable bytes for the call.
            let b = unsafe { raw::bytes(s.ptr, s.len) }?;
            (Second::Scalar(b), Shape::Same(x.shape), n)
        }
        Kernel::Map(_) => (Second::None, Shape::Same(x.shape), n),
        Kernel::Cumsum => (Second::None, Shape::Ones(x.shape.len()), 1),
        Kernel::Mmul => {
            let y = second_ray()?;
            let (&[m, k], &[k2, p]) = (x.shape, y.shape) else {
                return None;
            };
            let mp = m.checked_mul(p)?;
            if y.bloq != x.bloq || k != k2 || mp > MAX_ELEMS || (mp << x.bloq) > MAX_BITS {
                return None;
            }
            (Second::Ray(y), Shape::Matrix(m, p), mp)
        }
    };
    Some(Job {
        pol,
        kernel,
        r,
        x,
        y,
        shape,
        out_elems,
    })
}

impl Job<'_> {
    /// The description of the result, as the general path's size rule and `exec` give it.
    pub(super) fn plan(&self) -> urnum_plan {
        let bits = self.out_elems << self.x.bloq;
        urnum_plan {
            form: URNUM_FORM_RAY,
            bloq: self.x.bloq,
            kind: URNUM_I754,
            tail: URNUM_TAIL_NULL,
            ndim: self.shape.rank() as u32,
            pin_bit: bits,
            // Within MAX_BITS: fits any usize of 32 bits or more.
            out_bytes: (bits / 8) as usize,
            flags: URNUM_PLAN_NO_ALLOC,
            ..urnum_plan::default()
        }
    }

    /// Computes the result into `out` (exactly `plan().out_bytes` bytes).
    pub(super) fn run(&self, out: &mut [u8]) {
        match self.x.bloq {
            4 => self.go::<u16>(out),
            5 => self.go::<u32>(out),
            _ => self.go::<u64>(out),
        }
    }

    fn go<T: Word>(&self, out: &mut [u8]) {
        let (pol, x, r) = (self.pol, self.x.bytes, self.r);
        let y = match self.y {
            Second::Ray(y) => y.bytes,
            _ => &[],
        };
        match self.kernel {
            Kernel::Map(e) => by_chunk!(x, map::<T>(pol, e, r, x, Right::Ray(y), out)),
            Kernel::Scalar(step) => {
                let s = match self.y {
                    Second::Scalar(s) => s,
                    _ => &[],
                };
                let y = Right::Scalar(T::low(s));
                by_chunk!(x, map::<T>(pol, Elementwise::Two(step), r, x, y, out))
            }
            Kernel::Cumsum => by_chunk!(x, sum::<T>(pol, r, x, None)).store(out),
            Kernel::Dot => by_chunk!(x, sum::<T>(pol, r, x, Some(y))).store(out),
            Kernel::Mmul => {
                let dims = match (self.x.shape, self.shape) {
                    (&[m, k], Shape::Matrix(_, p)) => (m as usize, k as usize, p as usize),
                    _ => return,
                };
                mmul::<T>(pol, r, dims, x, y, out)
            }
        }
    }
}
