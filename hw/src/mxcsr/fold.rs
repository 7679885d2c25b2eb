//! The MXCSR folds: left and right folds of `+ − × ÷` at binary16/32/64, one
//! `asm!` block per fold with the accumulator in a register (the rules of
//! [`super`]).

use super::*;
use std::arch::asm;

/// Defines `$name(rc, seed, $a, $n)`, one fold's block: the accumulator
/// `$acc` starts at `seed`, the `$line`s run between `enter!` and `leave!`,
/// and the `$operand`s (which read the parameters `$a`, `$n` and `$acc`)
/// follow the frame's own.
macro_rules! fold_fn {
    ($(#[$attr:meta])* $name:ident($a:ident: *const $t:ty, $n:ident, $acc:ident: $v:ty),
     [$($line:expr),+], [$($operand:tt)*]) => {
        $(#[$attr])*
        #[target_feature(enable = "avx2,fma,f16c")]
        unsafe fn $name(rc: u32, seed: $v, $a: *const $t, $n: usize) -> $v {
            let mut save = frame(rc, 0);
            let mut $acc = seed;
            // SAFETY: the caller's contract; the block restores MXCSR before it ends.
            unsafe {
                asm!(
                    enter!(),
                    $($line,)+
                    leave!(),
                    s = in(reg) save.as_mut_ptr(),
                    t = out(reg) _,
                    $($operand)*
                    options(nostack),
                );
            }
            $acc
        }
    };
}

/// Defines the left and right folds of one operation (`fold_fn!`), the
/// accumulator in `{x}`. Each step is the `$lstep` lines (left fold:
/// `{x} = {x} op a[{i}]`, `{i}` counting up) or the `$rstep` lines (right
/// fold: `{x} = a[{i}] op {x}`, `{i}` counting down); the scratch registers
/// those lines use are declared by `$pre` (before the pointer) and
/// `$lpost`/`$rpost` (after the accumulator).
macro_rules! fold_kernel {
    ($left:ident, $right:ident, $t:ty, $v:ty, $doc:literal, [$($pre:tt)*],
     [$($lstep:expr),+], [$($lpost:tt)*], [$($rstep:expr),+], [$($rpost:tt)*]) => {
        fold_fn!(
            /// # Safety
            #[doc = concat!("AVX2/FMA/F16C available; `a` addresses `n ≥ 1` elements", $doc, ".")]
            $left(a: *const $t, n, acc: $v),
            ["xor {i}, {i}", ".p2align 4", "2:", $($lstep,)+ "add {i}, 1", "cmp {i}, {n}", "jb 2b"],
            [
                $($pre)*
                a = in(reg) a,
                n = in(reg) n,
                i = out(reg) _,
                x = inout(xmm_reg) acc,
                $($lpost)*
            ]
        );
        fold_fn!(
            /// # Safety
            /// As for the left fold.
            $right(a: *const $t, n, acc: $v),
            [".p2align 4", "2:", "sub {i}, 1", $($rstep,)+ "test {i}, {i}", "jnz 2b"],
            [
                $($pre)*
                a = in(reg) a,
                i = inout(reg) n => _,
                x = inout(xmm_reg) acc,
                $($rpost)*
            ]
        );
    };
}

/// Defines the four operations' folds (`fold_kernel!`) at binary32/64, the
/// element read straight into the operation: the element type, its vector,
/// scale, pointer size and scalar move, then `left, right, instruction` per
/// operation.
macro_rules! fold_family {
    ($t:ty, $v:ty, $sc:literal, $ptr:literal, $mov:literal,
     [$($left:ident, $right:ident, $ins:literal);*]) => {
        $(fold_kernel!(
            $left, $right, $t, $v, "", [],
            [concat!($ins, " {x}, {x}, ", $ptr, " [{a} + {i}*", $sc, "]")],
            [],
            [
                concat!($mov, " {y}, ", $ptr, " [{a} + {i}*", $sc, "]"),
                concat!($ins, " {x}, {y}, {x}")
            ],
            [y = out(xmm_reg) _,]
        );)*
    };
}

fold_family!(u32, __m128, "4", "dword ptr", "vmovss", [
    addl_ss, addr_ss, "vaddss"; subl_ss, subr_ss, "vsubss";
    mull_ss, mulr_ss, "vmulss"; divl_ss, divr_ss, "vdivss"
]);
fold_family!(u64, __m128d, "8", "qword ptr", "vmovsd", [
    addl_sd, addr_sd, "vaddsd"; subl_sd, subr_sd, "vsubsd";
    mull_sd, mulr_sd, "vmulsd"; divl_sd, divr_sd, "vdivsd"
]);

/// The lines of one binary16 fold step around the binary32 operation
/// `$ins $operands`: element `{i}` of `{a}` widened into `{y}` (through
/// `{w}`), the operation, then `{x}` narrowed to binary16 and back (by
/// MXCSR.RC).
macro_rules! step16 {
    ($ins:literal, $operands:literal) => {
        concat!(
            "movzx {w:e}, word ptr [{a} + {i}*2]\n",
            "vmovd {y}, {w:e}\n",
            "vcvtph2ps {y}, {y}\n",
            $ins,
            $operands,
            "\n",
            "vcvtps2ph {x}, {x}, 4\n",
            "vcvtph2ps {x}, {x}",
        )
    };
}

/// The binary16 folds (`fold_kernel!`): each step (`step16!`) widens the
/// element, runs one binary32 operation and narrows the result to binary16
/// and back.
macro_rules! fold_kernel16 {
    ($left:ident, $right:ident, $ins:literal) => {
        fold_kernel!(
            $left, $right, u16, __m128, "; `seed` holds a binary16 value",
            [w = out(reg) _,],
            [step16!($ins, " {x}, {x}, {y}")],
            [y = out(xmm_reg) _,],
            [step16!($ins, " {x}, {y}, {x}")],
            [y = out(xmm_reg) _,]
        );
    };
}

fold_kernel16!(addl_sh, addr_sh, "vaddss");
fold_kernel16!(subl_sh, subr_sh, "vsubss");
fold_kernel16!(mull_sh, mulr_sh, "vmulss");
fold_kernel16!(divl_sh, divr_sh, "vdivss");

/// The fold kernel for operation `op` (left or right fold) from one width's
/// kernels, given as `[[left, right]; 4]` in the order add, sub, mul, div.
fn pick_fold<K: Copy>(op: u8, right: bool, kernels: [[K; 2]; 4]) -> K {
    let row = match op {
        ADD => 0,
        SUB => 1,
        MUL => 2,
        _ => 3,
    };
    kernels[row][usize::from(right)]
}

/// Defines `$name`, the fold in mode `M` at one width if this level serves
/// it, from that width's kernels (`[left, right]` per operation in the order
/// add, sub, mul, div), the seed's load into the accumulator and the
/// accumulator's store to bits.
macro_rules! fold_entry {
    ($name:ident: $t:ty, $width:literal, [$($left:ident, $right:ident),*],
     |$seed:ident| $load:expr, |$acc:ident| $store:expr, $canon:ident) => {
        #[doc = concat!("The fold in mode `M` at binary", $width, ", if this level serves it.")]
        pub fn $name<const OP: u8, const M: u8>(right: bool, seed: $t, rest: &[$t]) -> Option<$t> {
            let rc = rc_of(M)?;
            if rest.is_empty() || !available() {
                return None;
            }
            let k = pick_fold(OP, right, [$([$left, $right]),*]);
            // SAFETY: `available()` checked the features (F16C among them);
            // `rest` holds `rest.len() ≥ 1` elements.
            let v = unsafe {
                let $seed = seed;
                let $acc = k(rc, $load, rest.as_ptr(), rest.len());
                $store
            };
            Some($canon(v))
        }
    };
}

fold_entry!(fold32: u32, "32",
    [addl_ss, addr_ss, subl_ss, subr_ss, mull_ss, mulr_ss, divl_ss, divr_ss],
    |s| _mm_set_ss(f32::from_bits(s)), |v| _mm_cvtss_f32(v).to_bits(), canon32);
fold_entry!(fold64: u64, "64",
    [addl_sd, addr_sd, subl_sd, subr_sd, mull_sd, mulr_sd, divl_sd, divr_sd],
    |s| _mm_set_sd(f64::from_bits(s)), |v| _mm_cvtsd_f64(v).to_bits(), canon64);
// The binary16 accumulator holds a binary16 value (exactly), so its narrowing is exact.
fold_entry!(fold16: u16, "16",
    [addl_sh, addr_sh, subl_sh, subr_sh, mull_sh, mulr_sh, divl_sh, divr_sh],
    |s| _mm_cvtph_ps(_mm_cvtsi32_si128(i32::from(s))),
    |v| _mm_cvtsi128_si32(_mm_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v)) as u16, canon16);
