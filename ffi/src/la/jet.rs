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
//! [`URNUM_PLAN_NO_ALLOC`](crate::abi::URNUM_PLAN_NO_ALLOC) flag).
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

mod loops;
mod operands;

use crate::abi::{urnum_args, urnum_plan, urnum_status};
use crate::la::ids;
use crate::raw::{CONTRACT, OK};
use operands::accept;
use softblas::exec::fast::kernels::{Elementwise, Step};
use softblas::hw::{self, Op};
use softblas::prog::{Binary, Compare, Op2};
use softblas::Policy;
use softblas::Round;

/// A Lagoon call as the entry points receive it: the policy the kernels run
/// under, the arm's id, the door's rounding code and the argument block.
#[derive(Clone, Copy)]
pub(crate) struct Call {
    pub(crate) pol: Policy,
    pub(crate) arm: u32,
    pub(crate) rnd: u8,
    pub(crate) args: *const urnum_args,
}

impl Call {
    /// The call of `arm` on `args` in the door mode `rnd` under `pol`.
    pub(crate) fn new(pol: Policy, arm: u32, rnd: u8, args: *const urnum_args) -> Call {
        Call {
            pol,
            arm,
            rnd,
            args,
        }
    }
}

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
/// ([`Step::of_op2`], the rule [`choice::choose_map`](softblas::exec::fast::choice::choose_map) applies to programs).
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

/// The jet path of `urnum_la_exec`: `None` declines (nothing was read into
/// Rust values, nothing written); `Some(status)` is the call's status.
///
/// # Safety
/// As `urnum_la_exec`.
pub(crate) unsafe fn exec(
    call: Call,
    (out, result, out_shape, out_shape_cap): crate::la::Dest,
) -> Option<urnum_status> {
    // SAFETY: forwarded from the caller.
    let job = unsafe { accept(call) }?;
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
    call: Call,
    plan: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> Option<urnum_status> {
    // SAFETY: forwarded from the caller.
    let job = unsafe { accept(call) }?;
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
    use softblas::Word;

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
