//! Result buffers the hardware loops write without zeroing them first.
//!
//! A Lagoon result is a new atom whose limbs the elementwise loop writes in
//! place. Zeroing those limbs before the loop overwrites them cost a third of
//! `add`/`mul` at `@rs` on an AVX2 machine (issue 22: 1.9–2.0× a native loop
//! with the zeroing, 1.0–1.4× without, one run on an AMD EPYC). The loops
//! therefore write into [`MaybeUninit`] slots, and this module holds the
//! `unsafe` that turns written slots back into values:
//!
//! - `slots` views initialised values as slots, for callers that pass an
//!   ordinary `&mut [T]`: the loops write only initialised values of `T`, so
//!   the memory stays initialised whatever they do;
//! - `assume_written` views slots as values once a loop that writes every
//!   slot of its output has returned (its caller's proof obligation);
//! - [`limbs`] allocates a limb buffer, hands its words to a writer as slots
//!   and takes back the values the writer returns: a safe `&mut [T]` over
//!   those slots is itself the proof that they were written (safe code
//!   cannot make one otherwise), and the buffer is checked to be that one;
//! - [`zeroed`] allocates a limb buffer of zeros in one `memset`, for
//!   writers that leave some words alone.

use bytemuck::Pod;
use std::mem::MaybeUninit;
use std::sync::Arc;

/// `out` as slots the hardware loops write.
pub(super) fn slots<T: Copy>(out: &mut [T]) -> &mut [MaybeUninit<T>] {
    // SAFETY: `MaybeUninit<T>` has the size, alignment and layout of `T`.
    // Every writer of these slots is a loop of this module's parent that
    // stores only initialised values of `T` (never `MaybeUninit::uninit()`),
    // so `out` holds valid values of `T` when the borrow ends.
    #[allow(unsafe_code)]
    unsafe {
        &mut *(std::ptr::from_mut::<[T]>(out) as *mut [MaybeUninit<T>])
    }
}

/// The values of `out`, every slot of which has been written.
///
/// # Safety
/// Every slot of `out` holds an initialised value of `T`.
#[allow(unsafe_code)]
pub(super) unsafe fn assume_written<T: Copy>(out: &mut [MaybeUninit<T>]) -> &mut [T] {
    // SAFETY: the caller's contract: every slot is initialised; `T` and
    // `MaybeUninit<T>` share their layout.
    unsafe { &mut *(std::ptr::from_mut::<[MaybeUninit<T>]>(out) as *mut [T]) }
}

/// Whether words of `T` are a view of little-endian limbs here, as
/// [`limbs`] needs: a little-endian target, and `T` (plain bits, as every
/// [`Word`](crate::Word) is) 8, 16, 32 or 64 bits wide and aligned within a limb.
pub const fn viewable<T: Pod>() -> bool {
    cfg!(target_endian = "little")
        && matches!(std::mem::size_of::<T>(), 1 | 2 | 4 | 8)
        && std::mem::align_of::<T>() <= 8
}

/// A new buffer of `ceil(n·w / 64)` little-endian limbs (`w` the width of `T` in bits) holding `n`
/// words of `T` (word 0 in the low bits): `write` receives the `n` words as
/// slots and returns them as values, the bits above word `n − 1` are zero.
///
/// `write` may return a prefix of its slots, as long as the prefix reaches
/// the top limb: the top limb is zeroed before `write` runs, so a word of it
/// that `write` leaves (a ray's pin, written by hand, or padding) is
/// defined. `None`, without calling `write`, when the words are not a view
/// of the limbs ([`viewable`]).
///
/// # Panics
/// When `write` returns a slice other than a prefix of its slots reaching
/// the top limb (a bug in the caller).
pub fn limbs<T: Pod>(
    n: usize,
    write: impl for<'a> FnOnce(&'a mut [MaybeUninit<T>]) -> &'a mut [T],
) -> Option<Arc<[u64]>> {
    if !viewable::<T>() {
        return None;
    }
    let per = 8 / std::mem::size_of::<T>();
    let len = n.div_ceil(per);
    let mut limbs: Arc<[MaybeUninit<u64>]> = Arc::new_uninit_slice(len);
    let buf = Arc::get_mut(&mut limbs).expect("a new Arc is unique");
    if let Some(top) = buf.last_mut() {
        top.write(0);
    }
    let base = buf.as_mut_ptr().cast::<MaybeUninit<T>>();
    // SAFETY: `buf` is `len` limbs of 8 bytes, aligned for `u64` and so for
    // `T` (alignment at most 8, checked above); `n ≤ len·per` words of
    // `T`'s width fit in them, and `MaybeUninit<T>` accepts any bytes.
    // The view is the only access to `buf` while it lives.
    #[allow(unsafe_code)]
    let words = unsafe { std::slice::from_raw_parts_mut(base, n) };
    let done = write(words);
    let below_top = (len.saturating_sub(1)) * per;
    assert!(
        std::ptr::eq(done.as_ptr(), base.cast::<T>()) && done.len() <= n && done.len() >= below_top,
        "hw::fresh::limbs: the writer returned other memory than its slots' prefix to the top limb"
    );
    // SAFETY: every limb is initialised: the top limb by the zeroing above
    // (and possibly words of `T`, plain bits with no padding, written over
    // it), every limb below it by
    // the words `done` covers — a `&mut [T]` at the slots' address, which
    // safe code can only obtain for initialised memory, reaching the top
    // limb (`done.len() ≥ (len − 1)·per`).
    #[allow(unsafe_code)]
    Some(unsafe { limbs.assume_init() })
}

/// A new buffer of `len` zero limbs, filled by one `memset` rather than limb
/// by limb: the buffer a writer of only some words starts from
/// (`Atom::from_le_words_with`).
pub fn zeroed(len: usize) -> Arc<[u64]> {
    let mut limbs: Arc<[MaybeUninit<u64>]> = Arc::new_uninit_slice(len);
    let buf = Arc::get_mut(&mut limbs).expect("a new Arc is unique");
    // SAFETY: `buf` is `len` slots of `u64`, valid for writes of `len · 8`
    // bytes; zero bytes are the `u64` 0.
    #[allow(unsafe_code)]
    unsafe {
        std::ptr::write_bytes(buf.as_mut_ptr(), 0, len);
    }
    // SAFETY: every slot was written by `write_bytes` above.
    #[allow(unsafe_code)]
    unsafe {
        limbs.assume_init()
    }
}
