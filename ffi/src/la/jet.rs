//! The allocation-free path of the Lagoon ABI (the "jet path"): the hot arms
//! vere jets today, on well-formed `%i754` rays of 16, 32 and 64 bits, computed
//! from the caller's bytes straight into the caller's buffers.
//!
//! `exec` and `plan` are called first by `urnum_la_exec` / `urnum_la_plan`.
//! They either **serve** the call (and then return its status) or
//! **decline** it (`None`), before writing anything, and the general,
//! table-driven path answers. They serve only inputs on which the general
//! path succeeds, and give its exact bits and description, so a caller sees
//! no difference but the absence of allocation (and the
//! [`URNUM_PLAN_NO_ALLOC`] flag).
//!
//! # What is served
//!
//! Arms (lagoon.hoon@aa6f2a6, ported in `lagoon::{elementwise, reduce, linalg}`):
//! `+add +sub +mul +div` (ray–ray), `+add-scalar +sub-scalar +mul-scalar
//! +div-scalar`, `+gth +gte +lth +lte +equ +neq`, `+abs`, `+cumsum` (the total
//! sum, boxed), `+dot`, `+mmul`; in modes `'n' 'u' 'd' 'z'` (the general path
//! punts every other code, `'a'` included, and so does this one by declining).
//!
//! Operands: every ray `%i754` at bloq 4, 5 or 6 with tail `~`, rank ≥ 1, at
//! least one and at most 2^24 elements (at most 2^29 element bits), its data
//! either `URNUM_DATA_ELEMS` with enough bytes or `URNUM_DATA_ATOM` that is
//! exactly the elements and the pin `0x01` (high zero bytes allowed). Binary
//! arms and `+dot` need equal metas; `+mmul` needs `[m k]·[k p]` at one bloq
//! with `m·p ≤ 2^24`. Operand counts must be the arm's. Anything else (a
//! crash, a contract error, an empty ray, a malformed pin, a large ray)
//! declines, so statuses stay exactly the general path's.
//!
//! The only statuses the jet path returns itself are `URNUM_OK` and, for
//! output buffers that cannot take the result (as the general path checks
//! them), `URNUM_CONTRACT`; on `URNUM_CONTRACT` nothing is written.
//!
//! # How
//!
//! Elements are read little-endian from the caller's bytes into fixed stack
//! chunks of [`CHUNK`] lanes (any alignment), computed by softblas's kernel
//! layer (`softblas::exec::fast::kernels`, the loops Lagoon's bits path and
//! the SoftBLAS routines call too: the `softblas::hw` loops under the fast
//! executor, bit-identical to SoftFloat), and written little-endian into the
//! caller's output. `+mmul` runs `kernels::contract_acc_into` on stack tiles
//! (`MB × KB` of `a`, `KB × NB` of `b`, `MB × NB` of the result), `k` blocks
//! in ascending order, so every cell is still `acc = +0; acc = acc + a_ik·b_kj`
//! for `k` ascending: no scratch buffer is needed (`scratch_bytes` stays 0).
//! Orders are the Hoon's: `+cumsum` is the right fold `x0 + (x1 + … (x_{n−1}
//! + +0))`, processed chunk by chunk from the end; `+dot` is that fold over the
//! rounded products (`+cumsum` of `+mul`).
//!
//! Under the reference executor (the process's policy, `crate::policy`:
//! `URNUM_EXEC=reference`) the same kernels run on SoftFloat, still without
//! allocating (comparisons and `+abs` are SoftFloat's in both executors).
//! Stack use is bounded: at most about 16 KB (the `+mmul` tiles at 64 bits,
//! 13 KB, plus the pending row of the portable binary64 contraction loop).

use crate::abi::{
    urnum_args, urnum_bytes, urnum_plan, urnum_ray, urnum_status, URNUM_DATA_ATOM,
    URNUM_DATA_ELEMS, URNUM_FORM_RAY, URNUM_I754, URNUM_PLAN_NO_ALLOC, URNUM_TAIL_NULL,
};
use crate::la::ids;
use crate::raw::{self, CONTRACT, OK};
use softblas::exec::fast::kernels::{self, Elementwise, Step};
use softblas::hw::{self, Isa, Op};
use softblas::prog::{Binary, Compare, Op2};
use softblas::Policy;
use softblas::{DoorRound, Round, Word};

/// Lanes per stack chunk of the elementwise and fold loops.
pub const CHUNK: usize = 256;
/// Lanes per stack chunk for rays of at most this many elements (zeroing the
/// large chunks would cost more than a small call's arithmetic).
const SMALL: usize = 16;
/// The most elements of an operand or result the jet path serves.
pub const MAX_ELEMS: u64 = 1 << 24;
/// The most element bits of an operand or result the jet path serves (well
/// inside `lagoon::meta::MAX_DATA_BITS`, so the general path never punts on size there).
pub const MAX_BITS: u64 = 1 << 29;

/// `+mmul` tile rows of `a` and of the result.
const MB: usize = 8;
/// `+mmul` tile depth (columns of `a`, rows of `b`).
const KB: usize = 16;
/// `+mmul` tile columns of `b` and of the result.
const NB: usize = 64;

/// What the jet path computes for an arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kernel {
    /// An elementwise kernel: ray `op` ray, a comparison, or `+abs` (one ray).
    Map(Elementwise),
    /// Ray `op` scalar (the scalar cut to the element width, as `+fill` does).
    Scalar(Step),
    /// The total sum, boxed.
    Cumsum,
    /// `+cumsum` of `+mul`, boxed.
    Dot,
    /// The matrix product.
    Mmul,
}

/// The program operation of an elementwise arm: the op its `+fun-scalar` gate applies.
fn op_of(arm: u32) -> Option<Op2> {
    Some(match arm {
        ids::URNUM_LA_ADD | ids::URNUM_LA_ADD_SCALAR => Op2::Binary(Binary::Add),
        ids::URNUM_LA_SUB | ids::URNUM_LA_SUB_SCALAR => Op2::Binary(Binary::Sub),
        ids::URNUM_LA_MUL | ids::URNUM_LA_MUL_SCALAR => Op2::Binary(Binary::Mul),
        ids::URNUM_LA_DIV | ids::URNUM_LA_DIV_SCALAR => Op2::Binary(Binary::Div),
        ids::URNUM_LA_GTH => Op2::Compare(Compare::Gth),
        ids::URNUM_LA_GTE => Op2::Compare(Compare::Gte),
        ids::URNUM_LA_LTH => Op2::Compare(Compare::Lth),
        ids::URNUM_LA_LTE => Op2::Compare(Compare::Lte),
        ids::URNUM_LA_EQU => Op2::Compare(Compare::Equ),
        ids::URNUM_LA_NEQ => Op2::Compare(Compare::Neq),
        _ => return None,
    })
}

/// The jet kernel of arm `arm`, if the jet path serves it: an elementwise
/// arm's kernel is the one the kernel layer gives its program op
/// ([`Step::of_op2`], the rule [`kernels::choose_map`] applies to programs).
fn kernel(arm: u32) -> Option<Kernel> {
    let scalar = matches!(
        arm,
        ids::URNUM_LA_ADD_SCALAR
            | ids::URNUM_LA_SUB_SCALAR
            | ids::URNUM_LA_MUL_SCALAR
            | ids::URNUM_LA_DIV_SCALAR
    );
    if let Some(op) = op_of(arm) {
        let step = Step::of_op2(op)?;
        return Some(if scalar {
            Kernel::Scalar(step)
        } else {
            Kernel::Map(Elementwise::Two(step))
        });
    }
    Some(match arm {
        ids::URNUM_LA_ABS => Kernel::Map(Elementwise::Abs),
        ids::URNUM_LA_CUMSUM => Kernel::Cumsum,
        ids::URNUM_LA_DOT => Kernel::Dot,
        ids::URNUM_LA_MMUL => Kernel::Mmul,
        _ => return None,
    })
}

/// The arm ids the jet path may serve (each only on the operands the module docs list).
pub const ARMS: [u32; 18] = [
    ids::URNUM_LA_ADD,
    ids::URNUM_LA_SUB,
    ids::URNUM_LA_MUL,
    ids::URNUM_LA_DIV,
    ids::URNUM_LA_ADD_SCALAR,
    ids::URNUM_LA_SUB_SCALAR,
    ids::URNUM_LA_MUL_SCALAR,
    ids::URNUM_LA_DIV_SCALAR,
    ids::URNUM_LA_GTH,
    ids::URNUM_LA_GTE,
    ids::URNUM_LA_LTH,
    ids::URNUM_LA_LTE,
    ids::URNUM_LA_EQU,
    ids::URNUM_LA_NEQ,
    ids::URNUM_LA_ABS,
    ids::URNUM_LA_CUMSUM,
    ids::URNUM_LA_DOT,
    ids::URNUM_LA_MMUL,
];

/// A well-formed `%i754` ray the jet path serves: its shape, bloq and element bytes.
#[derive(Clone, Copy, Debug)]
struct Elems<'a> {
    shape: &'a [u64],
    bloq: u8,
    /// Exactly `n · 2^(bloq−3)` bytes.
    bytes: &'a [u8],
}

/// The elements of `r` when the jet path serves it (see the module docs).
///
/// # Safety
/// `r`'s pointers valid as the ABI describes, for `'a`.
#[inline(always)]
unsafe fn elems(r: &urnum_ray) -> Option<Elems<'_>> {
    let m = &r.meta;
    if m.kind != URNUM_I754 || m.tail != URNUM_TAIL_NULL || !(4..=6).contains(&m.bloq) {
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
enum Shape<'a> {
    Same(&'a [u64]),
    Ones(usize),
    Matrix(u64, u64),
}

impl Shape<'_> {
    fn rank(&self) -> usize {
        match self {
            Shape::Same(s) => s.len(),
            Shape::Ones(r) => *r,
            Shape::Matrix(..) => 2,
        }
    }

    /// Writes the shape to `dst` (`rank()` entries).
    fn write(&self, dst: &mut [u64]) {
        match self {
            Shape::Same(s) => dst.copy_from_slice(s),
            Shape::Ones(_) => dst.fill(1),
            Shape::Matrix(m, p) => dst.copy_from_slice(&[*m, *p]),
        }
    }
}

/// A call the jet path serves, validated.
#[derive(Clone, Copy, Debug)]
struct Job<'a> {
    /// The policy the kernels run under.
    pol: Policy,
    kernel: Kernel,
    r: Round,
    x: Elems<'a>,
    y: Second<'a>,
    shape: Shape<'a>,
    /// The result's element count.
    out_elems: u64,
}

/// The validated job of `arm` on `args` in mode `rnd`, or `None` to decline.
///
/// # Safety
/// `args` and everything it points to valid as the ABI describes, for `'a`.
#[inline(always)]
unsafe fn accept<'a>(pol: Policy, arm: u32, rnd: u8, args: *const urnum_args) -> Option<Job<'a>> {
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
    fn plan(&self) -> urnum_plan {
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
    fn run(&self, out: &mut [u8]) {
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
            Kernel::Map(e) => map::<T>(pol, e, r, x, Right::Ray(y), out),
            Kernel::Scalar(step) => {
                let s = match self.y {
                    Second::Scalar(s) => s,
                    _ => &[],
                };
                map::<T>(
                    pol,
                    Elementwise::Two(step),
                    r,
                    x,
                    Right::Scalar(T::low(s)),
                    out,
                )
            }
            Kernel::Cumsum => sum::<T>(pol, r, x, None).store(out),
            Kernel::Dot => sum::<T>(pol, r, x, Some(y)).store(out),
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

/// Reads the elements of `src` into `dst` (`dst.len()` elements).
#[inline(always)]
fn load<T: Word>(src: &[u8], dst: &mut [T]) {
    for (d, s) in dst.iter_mut().zip(src.chunks_exact(T::BYTES)) {
        *d = T::load(s);
    }
}

/// Writes the elements `src` to `dst`.
#[inline(always)]
fn store<T: Word>(src: &[T], dst: &mut [u8]) {
    for (s, d) in src.iter().zip(dst.chunks_exact_mut(T::BYTES)) {
        s.store(d);
    }
}

/// The right operand of an elementwise kernel.
#[derive(Clone, Copy)]
enum Right<'a, T> {
    /// A ray's element bytes (empty for a one-operand kernel).
    Ray(&'a [u8]),
    /// One value for every element.
    Scalar(T),
}

/// `pol` with its cap lowered for chunks of `C` lanes: below one AVX-512
/// vector the AVX2 copy is faster (same bits).
fn for_chunks<const C: usize>(pol: Policy) -> Policy {
    if C <= SMALL {
        pol.with_isa(pol.isa.min(Isa::Avx2))
    } else {
        pol
    }
}

/// `out = kernel(x, y)` elementwise, chunk by chunk through the stack.
fn map<T: Word>(
    pol: Policy,
    kernel: Elementwise,
    r: Round,
    x: &[u8],
    y: Right<'_, T>,
    out: &mut [u8],
) {
    if x.len() <= SMALL * T::BYTES {
        map_in::<T, SMALL>(pol, kernel, r, x, y, out)
    } else {
        map_in::<T, CHUNK>(pol, kernel, r, x, y, out)
    }
}

/// [`map`] through chunks of `C` lanes.
fn map_in<T: Word, const C: usize>(
    pol: Policy,
    kernel: Elementwise,
    r: Round,
    x: &[u8],
    y: Right<'_, T>,
    out: &mut [u8],
) {
    let (pol, step) = (for_chunks::<C>(pol), C * T::BYTES);
    let mut a = [T::default(); C];
    let mut b = [T::default(); C];
    let mut o = [T::default(); C];
    if let Right::Scalar(v) = y {
        b.fill(v);
    }
    for (i, (xs, os)) in x.chunks(step).zip(out.chunks_mut(step)).enumerate() {
        let len = xs.len() / T::BYTES;
        let (a, b, o) = (&mut a[..len], &mut b[..len], &mut o[..len]);
        load(xs, a);
        if let Right::Ray(y) = y {
            if !y.is_empty() {
                load(&y[i * step..i * step + xs.len()], b);
            }
        }
        kernels::elementwise(pol, kernel, r, &[a, b], o);
        store(o, os);
    }
}

/// The right fold `t0 + (t1 + … (t_{n−1} + +0))` rounded in `r`, where `t_i`
/// is `x_i` (`+cumsum`) or the rounded product `x_i·y_i` (`+dot`, `y` given).
fn sum<T: Word>(pol: Policy, r: Round, x: &[u8], y: Option<&[u8]>) -> T {
    if x.len() <= SMALL * T::BYTES {
        sum_in::<T, SMALL>(pol, r, x, y)
    } else {
        sum_in::<T, CHUNK>(pol, r, x, y)
    }
}

/// [`sum`] through chunks of `C` lanes.
fn sum_in<T: Word, const C: usize>(pol: Policy, r: Round, x: &[u8], y: Option<&[u8]>) -> T {
    let (pol, n) = (for_chunks::<C>(pol), x.len() / T::BYTES);
    let mut acc = T::default();
    let mut a = [T::default(); C];
    let mut b = [T::default(); C];
    let mut t = [T::default(); C];
    // Chunks from the last: the fold of a chunk continues from the later chunks' sum.
    for c in (0..n.div_ceil(C)).rev() {
        let (lo, hi) = (c * C, (c * C + C).min(n));
        let bytes = lo * T::BYTES..hi * T::BYTES;
        let (a, b, t) = (&mut a[..hi - lo], &mut b[..hi - lo], &mut t[..hi - lo]);
        load(&x[bytes.clone()], a);
        let terms: &[T] = match y {
            Some(y) => {
                load(&y[bytes], b);
                let mul = Elementwise::Two(Step::Mul);
                kernels::elementwise(pol, mul, r, &[a, b], t);
                t
            }
            None => a,
        };
        acc = kernels::fold(pol, Step::Add, r, true, acc, terms);
    }
    acc
}

/// `+mmul` of `a` (`m × k`) and `b` (`k × p`) into `out`, through stack tiles
/// and [`kernels::contract_acc_into`] (`k` blocks ascending, so each cell's order is kept).
fn mmul<T: Word>(
    pol: Policy,
    r: Round,
    (m, k, p): (usize, usize, usize),
    a: &[u8],
    b: &[u8],
    out: &mut [u8],
) {
    let w = T::BYTES;
    let mut at = [T::default(); MB * KB];
    let mut bt = [T::default(); KB * NB];
    let mut ct = [T::default(); MB * NB];
    for i0 in (0..m).step_by(MB) {
        let mb = MB.min(m - i0);
        for j0 in (0..p).step_by(NB) {
            let nb = NB.min(p - j0);
            let c = &mut ct[..mb * nb];
            c.fill(T::default());
            for k0 in (0..k).step_by(KB) {
                let kb = KB.min(k - k0);
                let (at, bt) = (&mut at[..mb * kb], &mut bt[..kb * nb]);
                for (ii, row) in at.chunks_exact_mut(kb).enumerate() {
                    let s = ((i0 + ii) * k + k0) * w;
                    load(&a[s..s + kb * w], row);
                }
                for (kk, row) in bt.chunks_exact_mut(nb).enumerate() {
                    let s = ((k0 + kk) * p + j0) * w;
                    load(&b[s..s + nb * w], row);
                }
                kernels::contract_acc_into(pol, r, (mb, kb, nb), at, bt, c);
            }
            for (ii, row) in c.chunks_exact(nb).enumerate() {
                let s = ((i0 + ii) * p + j0) * w;
                store(row, &mut out[s..s + nb * w]);
            }
        }
    }
}

/// The jet path of `urnum_la_exec`: `None` declines (nothing was read into
/// Rust values, nothing written); `Some(status)` is the call's status.
///
/// # Safety
/// As `urnum_la_exec`.
pub(crate) unsafe fn exec(
    pol: Policy,
    arm: u32,
    rnd: u8,
    args: *const urnum_args,
    (out, result, out_shape, out_shape_cap): crate::la::Dest,
) -> Option<urnum_status> {
    // SAFETY: forwarded from the caller.
    let job = unsafe { accept(pol, arm, rnd, args) }?;
    let plan = job.plan();
    let rank = job.shape.rank();
    // The checks of the general path's `deliver`, all before writing.
    let fits = plan.out_bytes <= out.cap
        && !out.ptr.is_null()
        && rank <= out_shape_cap as usize
        && !out_shape.is_null()
        && out_shape.is_aligned()
        && (result.is_null() || result.is_aligned());
    if !fits {
        return Some(CONTRACT);
    }
    // SAFETY: `out.ptr` is non-NULL and holds `out.cap >= out_bytes` writable
    // bytes that overlap no input (the ABI's contract).
    let dst = unsafe { std::slice::from_raw_parts_mut(out.ptr, plan.out_bytes) };
    job.run(dst);
    // SAFETY: non-NULL, aligned, `out_shape_cap >= rank` writable u64s (checked above).
    job.shape
        .write(unsafe { std::slice::from_raw_parts_mut(out_shape, rank) });
    if !result.is_null() {
        // SAFETY: non-NULL, aligned (checked above) and writable per the ABI.
        unsafe { result.write(plan) };
    }
    Some(OK)
}

/// The jet path of `urnum_la_plan`: serves exactly the calls [`exec`] serves
/// (so `URNUM_PLAN_NO_ALLOC` in the plan means `exec` on the same operands
/// will not allocate); `None` declines.
///
/// # Safety
/// As `urnum_la_plan`.
pub(crate) unsafe fn plan(
    pol: Policy,
    arm: u32,
    rnd: u8,
    args: *const urnum_args,
    plan: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> Option<urnum_status> {
    // SAFETY: forwarded from the caller.
    let job = unsafe { accept(pol, arm, rnd, args) }?;
    let rank = job.shape.rank();
    let fits = !plan.is_null()
        && plan.is_aligned()
        && rank <= out_shape_cap as usize
        && !out_shape.is_null()
        && out_shape.is_aligned();
    if !fits {
        return Some(CONTRACT);
    }
    // SAFETY: non-NULL, aligned, `out_shape_cap >= rank` writable u64s (checked above).
    job.shape
        .write(unsafe { std::slice::from_raw_parts_mut(out_shape, rank) });
    // SAFETY: non-NULL, aligned (checked above) and writable per the ABI.
    unsafe { plan.write(job.plan()) };
    Some(OK)
}

/// Settles, once per process, what the entry points read on first use: the
/// policy (`URNUM_EXEC`, `URNUM_HW_ISA`, read once per process) and the CPU's
/// features. Idempotent and cheap after the first call.
///
/// Call it once at boot, outside any jet: the first read of an environment
/// variable that is set copies its value on the heap, which must not happen
/// inside a jet. After it, the jet path (`URNUM_PLAN_NO_ALLOC`) allocates nothing.
#[no_mangle]
pub extern "C" fn urnum_la_init() {
    let isa = crate::policy::policy().isa;
    let _ = hw::host_path(isa);
    // One call of each loop family settles any lazily detected state.
    let mut o = [0u32; 1];
    hw::elementwise(isa, Op::Add, Round::N, &[0u32], &[0u32], &mut o);
    let _ = hw::fold(isa, Op::Add, Round::N, true, 0u32, &[0u32]);
    hw::contract_acc_into(isa, Round::N, (1, 1, 1), &[0u32], &[0u32], &mut o);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_arm_has_a_kernel_and_no_other() {
        for id in 0..200 {
            assert_eq!(kernel(id).is_some(), ARMS.contains(&id), "arm {id}");
        }
    }

    #[test]
    fn scalars_are_cut_to_the_element_width() {
        // 0x1_3c00_4000 cut to 16 bits is 0x4000 (2.0 as @rh).
        assert_eq!(u16::low(&[0x00, 0x40, 0x00, 0x3c, 0x01]), 0x4000);
        // A short atom is zero-extended.
        assert_eq!(u64::low(&[0x01]), 1);
        assert_eq!(u32::low(&[]), 0);
    }
}
