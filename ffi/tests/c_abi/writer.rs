//! The test-data file's writer (little-endian, as `ffi/c/urnum_test.c`
//! reads it) and the tallies of what went into it and what was skipped.

use lagoon::{Meta, Tail};
use std::collections::BTreeMap;
use urnum_ffi::{URNUM_TAIL_NULL, URNUM_TAIL_PREC};

/// Little-endian writer of the test-data format (see `ffi/c/urnum_test.c`).
#[derive(Default)]
pub(crate) struct W(pub(crate) Vec<u8>);

impl W {
    pub(crate) fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    pub(crate) fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn bytes(&mut self, b: &[u8]) {
        self.u64(b.len() as u64);
        self.0.extend_from_slice(b);
    }
    pub(crate) fn meta(&mut self, m: &Meta) -> Result<(), String> {
        self.u32(m.shape.len() as u32);
        for d in &m.shape {
            self.u64(*d);
        }
        self.u8(u8::try_from(m.bloq).map_err(|_| "bloq over 255")?);
        self.u8(urnum_ffi::la::decode::kind_code(m.kind));
        match &m.tail {
            Tail::Null => {
                self.u8(URNUM_TAIL_NULL);
                self.u64(0);
                self.u64(0);
            }
            Tail::Prec { a, b } => {
                self.u8(URNUM_TAIL_PREC);
                self.u64(a.as_u64().ok_or("tail a over 64 bits")?);
                self.u64(b.as_u64().ok_or("tail b over 64 bits")?);
            }
            Tail::Other(_) => return Err("a tail the ABI cannot express".into()),
        }
        Ok(())
    }
}

/// Why vectors were not run, with counts (and per arm for unserved arms).
#[derive(Default)]
pub(crate) struct Skips(pub(crate) BTreeMap<String, usize>);

impl Skips {
    pub(crate) fn add(&mut self, why: impl Into<String>) {
        *self.0.entry(why.into()).or_default() += 1;
    }
    pub(crate) fn total(&self) -> usize {
        self.0.values().sum()
    }
}

/// What went into the test data, for the report.
#[derive(Default)]
pub(crate) struct Counts {
    /// Records per Lagoon arm.
    pub(crate) lagoon_arms: BTreeMap<String, usize>,
    /// Records per `/lib/math` door.
    pub(crate) math_doors: BTreeMap<String, usize>,
    /// Records per element-kind door (`rpb`, `twoc`, ...).
    pub(crate) scalar_doors: BTreeMap<String, usize>,
    /// Element-kind records.
    pub(crate) scalars: usize,
    /// Records per Saloon arm.
    pub(crate) saloon_arms: BTreeMap<String, usize>,
    /// Saloon records.
    pub(crate) saloon: usize,
    /// Records that expect `URNUM_CRASH`.
    pub(crate) crashes: usize,
    /// Vectors compared other than `exact`/`crash`, checked against urnum's core value.
    pub(crate) core_checked: usize,
    /// Vectors of DIVERGENT.txt, checked against urnum's core outcome.
    pub(crate) divergent: usize,
}
