//! A counting global allocator for the allocation tests (`no_alloc*.rs`):
//! the system allocator, counting each thread's allocations. A test binary
//! that declares `mod counting;` installs it as its `#[global_allocator]`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting this thread's allocations.
pub struct Counting;

thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

fn bump() {
    let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is forwarded to `System` unchanged; counting touches only a
// const-initialised thread-local `Cell` (no allocation, no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        bump();
        // SAFETY: the caller upholds `GlobalAlloc` `alloc`'s contract (a non-zero-size `l`), and every
        // block this allocator hands out is `System`'s.
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        bump();
        // SAFETY: the caller upholds `GlobalAlloc` `alloc_zeroed`'s contract (a non-zero-size `l`), and every
        // block this allocator hands out is `System`'s.
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        bump();
        // SAFETY: the caller upholds `GlobalAlloc` `realloc`'s contract (`p` from this allocator with layout `l`, `n` non-zero), and every
        // block this allocator hands out is `System`'s.
        unsafe { System.realloc(p, l, n) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: the caller upholds `GlobalAlloc` `dealloc`'s contract (`p` from this allocator with layout `l`), and every
        // block this allocator hands out is `System`'s.
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `f` makes on this thread, and its value.
pub fn counted<R>(f: impl FnOnce() -> R) -> (u64, R) {
    let before = ALLOCS.with(Cell::get);
    let v = f();
    (ALLOCS.with(Cell::get) - before, v)
}
