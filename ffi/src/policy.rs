//! The policy of every call through the C ABI: the executor and the
//! instruction-set cap, read once per process from the environment
//! (`URNUM_EXEC`: `fast` or `reference`; `URNUM_HW_ISA`: `portable`, `fma`,
//! `avx2`, `avx512f` or `avx512`) and passed down as a value ([`softblas::Policy`]).
//!
//! This crate is an edge: the one place below the C caller that reads the
//! environment. A variable that names no executor or level leaves the
//! default (the fast executor, no cap); every policy gives the same bits.
//! [`crate::la::jet::urnum_la_init`] reads it at boot, outside any jet (the
//! first read of a set variable allocates).

use softblas::Policy;
use std::sync::OnceLock;

/// The policy of this process's C ABI calls.
pub(crate) fn policy() -> Policy {
    static POLICY: OnceLock<Policy> = OnceLock::new();
    *POLICY.get_or_init(|| {
        // Each variable alone: a misspelt one keeps its default, the other still counts
        // (the bits are the same under every policy).
        let var = |name: &str| std::env::var(name).ok();
        let exec = Policy::parse(var("URNUM_EXEC").as_deref(), None);
        let isa = Policy::parse(None, var("URNUM_HW_ISA").as_deref());
        Policy {
            exec: exec.map_or(Policy::FAST.exec, |p| p.exec),
            isa: isa.map_or(Policy::FAST.isa, |p| p.isa),
        }
    })
}
