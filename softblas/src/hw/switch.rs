//! Which executor the loops of `softblas::exec` use: the hardware kernels of
//! this module or the SoftFloat reference.
//!
//! The choice starts from the environment variable `URNUM_EXEC`, read once
//! (`reference` selects the reference executor; anything else, or nothing,
//! the fast one), and can be changed at run time with [`set_executor`] (the
//! `urnum bench` command compares both in one process). Both give the same
//! bits; the switch exists to measure and to cross-check.

use std::sync::atomic::{AtomicU8, Ordering};

/// A loop executor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Executor {
    /// Hardware kernels where they apply (`%i754` at 16/32/64 bits), SoftFloat otherwise.
    Fast,
    /// The reference executor: SoftFloat, node by node.
    Reference,
}

const UNSET: u8 = 0;
const FAST: u8 = 1;
const REFERENCE: u8 = 2;

static CHOICE: AtomicU8 = AtomicU8::new(UNSET);

/// The executor in use (from `URNUM_EXEC` on the first call unless [`set_executor`] ran first).
#[inline]
pub fn executor() -> Executor {
    match CHOICE.load(Ordering::Relaxed) {
        FAST => Executor::Fast,
        REFERENCE => Executor::Reference,
        _ => executor_from_env(),
    }
}

/// The first read: the choice `URNUM_EXEC` names, stored unless [`set_executor`] ran meanwhile.
#[cold]
fn executor_from_env() -> Executor {
    let from_env = match std::env::var("URNUM_EXEC") {
        Ok(v) if v.eq_ignore_ascii_case("reference") => REFERENCE,
        _ => FAST,
    };
    // A concurrent set_executor wins over the environment.
    let _ = CHOICE.compare_exchange(UNSET, from_env, Ordering::Relaxed, Ordering::Relaxed);
    if CHOICE.load(Ordering::Relaxed) == REFERENCE {
        Executor::Reference
    } else {
        Executor::Fast
    }
}

/// Selects the executor for every later loop in this process.
pub fn set_executor(e: Executor) {
    CHOICE.store(
        match e {
            Executor::Fast => FAST,
            Executor::Reference => REFERENCE,
        },
        Ordering::Relaxed,
    );
}
