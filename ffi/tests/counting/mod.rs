//! A counting global allocator for the allocation tests (`no_alloc*.rs`,
//! `bounds_abi.rs`): the system allocator, counting each thread's allocations
//! and the peak of its live bytes. A test binary that declares `mod counting;`
//! installs it as its `#[global_allocator]`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting this thread's allocations.
pub struct Counting;

thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
    static LIVE: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

fn bump() {
    let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
}

/// Adds `bytes` (negative: freed) to this thread's live bytes and raises the peak.
fn live(bytes: i64) {
    let _ = LIVE.try_with(|l| {
        let now = l.get() + bytes;
        l.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
}

// SAFETY: every call is forwarded to `System` unchanged; counting touches only a
// const-initialised thread-local `Cell` (no allocation, no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        bump();
        live(l.size() as i64);
        // SAFETY: the caller upholds `GlobalAlloc` `alloc`'s contract (a non-zero-size `l`), and every
        // block this allocator hands out is `System`'s.
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        bump();
        live(l.size() as i64);
        // SAFETY: the caller upholds `GlobalAlloc` `alloc_zeroed`'s contract (a non-zero-size `l`), and every
        // block this allocator hands out is `System`'s.
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        bump();
        live(n as i64 - l.size() as i64);
        // SAFETY: the caller upholds `GlobalAlloc` `realloc`'s contract (`p` from this allocator with layout `l`, `n` non-zero), and every
        // block this allocator hands out is `System`'s.
        unsafe { System.realloc(p, l, n) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        live(-(l.size() as i64));
        // SAFETY: the caller upholds `GlobalAlloc` `dealloc`'s contract (`p` from this allocator with layout `l`), and every
        // block this allocator hands out is `System`'s.
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `f` makes on this thread, and its value.
#[allow(dead_code)] // each test binary uses one of `counted` and `peak`
pub fn counted<R>(f: impl FnOnce() -> R) -> (u64, R) {
    let before = ALLOCS.with(Cell::get);
    let v = f();
    (ALLOCS.with(Cell::get) - before, v)
}

/// The most bytes `f` held allocated at once on this thread (above what was
/// live when it started), and its value.
#[allow(dead_code)] // each test binary uses one of `counted` and `peak`
pub fn peak<R>(f: impl FnOnce() -> R) -> (u64, R) {
    let start = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(start));
    let v = f();
    (PEAK.with(Cell::get).saturating_sub(start) as u64, v)
}
