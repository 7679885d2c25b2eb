//! The only place raw pointers from C become Rust references.
//!
//! Each helper states the caller contract it relies on in its `// SAFETY:`
//! note; a NULL pointer with a non-zero length is reported as `None` (the
//! entry points turn that into `URNUM_CONTRACT`), never dereferenced.

use crate::abi::urnum_status;

/// Shorthands of the statuses for the entry points.
pub(crate) const OK: urnum_status = urnum_status::URNUM_OK;
/// See [`OK`].
pub(crate) const PUNT: urnum_status = urnum_status::URNUM_PUNT;
/// See [`OK`].
pub(crate) const CRASH: urnum_status = urnum_status::URNUM_CRASH;
/// See [`OK`].
pub(crate) const CONTRACT: urnum_status = urnum_status::URNUM_CONTRACT;

/// The `len` bytes at `ptr` as a slice; `Some(&[])` for `len == 0` whatever `ptr` is.
///
/// # Safety
/// When `len > 0` and `ptr` is not NULL, `ptr` must point to `len` readable
/// bytes that stay valid and unmodified for `'a` (the ABI's input contract).
pub(crate) unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> Option<&'a [u8]> {
    if len == 0 {
        return Some(&[]);
    }
    if ptr.is_null() || len > isize::MAX as usize {
        return None;
    }
    // SAFETY: non-NULL, length within isize::MAX, and the caller guarantees
    // `len` readable bytes for 'a; u8 has alignment 1.
    Some(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// The `n` values at `ptr` as a slice; `Some(&[])` for `n == 0`.
///
/// # Safety
/// When `n > 0` and `ptr` is not NULL, `ptr` must point to `n` initialised,
/// properly aligned values of `T` valid for `'a`.
pub(crate) unsafe fn items<'a, T>(ptr: *const T, n: u32) -> Option<&'a [T]> {
    if n == 0 {
        return Some(&[]);
    }
    let within = (n as usize)
        .checked_mul(std::mem::size_of::<T>())
        .is_some_and(|b| b <= isize::MAX as usize);
    if ptr.is_null() || !ptr.is_aligned() || !within {
        return None;
    }
    // SAFETY: non-NULL and aligned, `n · size_of::<T>()` within isize::MAX
    // (checked above); the caller guarantees `n` initialised values for 'a.
    Some(unsafe { std::slice::from_raw_parts(ptr, n as usize) })
}

/// The value at `ptr`, or `None` for NULL.
///
/// # Safety
/// A non-NULL `ptr` must point to an initialised, aligned `T` valid for `'a`.
pub(crate) unsafe fn get<'a, T>(ptr: *const T) -> Option<&'a T> {
    if ptr.is_null() || !ptr.is_aligned() {
        return None;
    }
    // SAFETY: non-NULL and aligned; the caller guarantees a valid T for 'a.
    Some(unsafe { &*ptr })
}

/// Copies `src` to the caller's buffer `(ptr, cap)`; `false` (nothing written)
/// when it does not fit or `ptr` is NULL with a non-empty `src`.
///
/// # Safety
/// When `cap > 0` and `ptr` is not NULL, `ptr` must point to `cap` writable
/// bytes not aliased by any live Rust reference, and not overlapping `src`.
pub(crate) unsafe fn write(ptr: *mut u8, cap: usize, src: &[u8]) -> bool {
    if src.is_empty() {
        return true;
    }
    if ptr.is_null() || cap < src.len() {
        return false;
    }
    // SAFETY: `src.len() <= cap` writable bytes at the non-NULL `ptr`, which
    // the caller guarantees do not overlap `src`.
    unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), ptr, src.len()) };
    true
}

/// Stores `v` at `ptr`; `false` when `ptr` is NULL or misaligned.
///
/// # Safety
/// A non-NULL `ptr` must point to writable memory for one `T`.
pub(crate) unsafe fn put<T: Copy>(ptr: *mut T, v: T) -> bool {
    if ptr.is_null() || !ptr.is_aligned() {
        return false;
    }
    // SAFETY: non-NULL, aligned, and the caller guarantees it is writable.
    unsafe { ptr.write(v) };
    true
}

/// Copies `src` into the caller's `u64` array `(ptr, cap)`; `false` when it does not fit.
///
/// # Safety
/// When `cap > 0` and `ptr` is not NULL, `ptr` must point to `cap` writable,
/// aligned `u64`s that do not overlap `src`.
pub(crate) unsafe fn write_u64s(ptr: *mut u64, cap: u32, src: &[u64]) -> bool {
    if src.is_empty() {
        return true;
    }
    if ptr.is_null() || !ptr.is_aligned() || (cap as usize) < src.len() {
        return false;
    }
    // SAFETY: `src.len() <= cap` aligned writable u64s at `ptr`, not overlapping
    // `src` (the caller's guarantee).
    unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), ptr, src.len()) };
    true
}
