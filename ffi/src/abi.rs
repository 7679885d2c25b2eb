//! The C-visible types of the ABI: statuses, kinds, metas, byte views, the
//! argument block and the plan, all `#[repr(C)]` (cbindgen turns them into
//! `include/urnum.h`).
//!
//! Every value a caller passes in is *untrusted*: enums travel as plain
//! integers (`uint8_t`/`uint32_t`) and are decoded by table, so an unknown
//! value is a [`urnum_status::URNUM_CONTRACT`], never undefined behaviour.
#![allow(non_camel_case_types)]

/// The ABI version of this library; the header carries the same number.
///
/// Bumped whenever a signature, a struct layout, a constant's meaning or an
/// existing arm id changes. Adding an arm id or a new function does not bump it.
pub const URNUM_ABI_VERSION: u32 = 2;

/// What a call did. Outputs are written only on [`urnum_status::URNUM_OK`].
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum urnum_status {
    /// The outputs were written.
    URNUM_OK = 0,
    /// urnum declines (it cannot reproduce this input exactly, or the input needs
    /// something the ABI cannot express): the jet returns `u3_none` and the Hoon runs.
    URNUM_PUNT = 1,
    /// The Hoon deterministically crashes on this input: the jet bails `%exit`.
    URNUM_CRASH = 2,
    /// The caller broke the ABI contract (null pointer, short buffer, unknown
    /// id, operand count, a meta its buffer cannot hold): a shim bug, bail `%fail`.
    URNUM_CONTRACT = 3,
}

/// `kind` value of [`urnum_meta`]: `%i754`.
pub const URNUM_I754: u8 = 1;
/// `kind` value of [`urnum_meta`]: `%uint`.
pub const URNUM_UINT: u8 = 2;
/// `kind` value of [`urnum_meta`]: `%int2`.
pub const URNUM_INT2: u8 = 3;
/// `kind` value of [`urnum_meta`]: `%unum`.
pub const URNUM_UNUM: u8 = 4;
/// `kind` value of [`urnum_meta`]: `%cplx`.
pub const URNUM_CPLX: u8 = 5;
/// `kind` value of [`urnum_meta`]: `%fixp`.
pub const URNUM_FIXP: u8 = 6;

/// `tail` value of [`urnum_meta`]: the tail is `~`.
pub const URNUM_TAIL_NULL: u8 = 0;
/// `tail` value of [`urnum_meta`]: the tail is the cell `[fixp_a fixp_b]`.
pub const URNUM_TAIL_PREC: u8 = 1;

/// `form` value of [`urnum_ray`]: `data` holds the element bytes only, without
/// the pin (the data atom is those elements plus the pin bit above the last one).
pub const URNUM_DATA_ELEMS: u8 = 0;
/// `form` value of [`urnum_ray`]: `data` holds the whole data atom, pin and
/// anything above it included, little-endian (what `u3r_word_buffer` gives).
pub const URNUM_DATA_ATOM: u8 = 1;

/// `form` of a result: a ray; `out` holds the element bytes, the caller sets the pin at `pin_bit`.
pub const URNUM_FORM_RAY: u8 = 1;
/// `form` of a result: an atom, `out_bytes` little-endian bytes (0 bytes for the atom 0).
pub const URNUM_FORM_ATOM: u8 = 2;
/// `form` of a result: a `(list @)` of `items` atoms, each `item_bytes` little-endian bytes.
pub const URNUM_FORM_LIST: u8 = 3;
/// `form` of a result: a ray whose data atom is not "elements + pin" (a
/// malformed input passed through); `out` holds the whole data atom, pin
/// included, and the caller must not add a pin.
pub const URNUM_FORM_RAY_RAW: u8 = 4;

/// `flags` bit of [`urnum_plan`]: the plan ran the whole arm to learn the
/// result's size (no meta-only size rule for this arm yet).
pub const URNUM_PLAN_COMPUTED: u32 = 1;

/// `flags` bit of [`urnum_plan`]: `urnum_la_exec` on the same operands takes
/// the allocation-free path (no heap allocation, no `Drop`, bounded stack;
/// `docs/vere-integration.md` lists which arms and operands). When it is
/// clear, `exec` allocates on the Rust heap (the system `malloc`, not the
/// loom) while it runs. `exec` sets it in its `result` when it took that path.
pub const URNUM_PLAN_NO_ALLOC: u32 = 2;

/// A decoded Lagoon `$meta`: shape, element width, kind and tail.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct urnum_meta {
    /// `ndim` dimension lengths, outermost first (row-major). May be NULL when `ndim` is 0.
    pub shape: *const u64,
    /// The rank (length of the shape list).
    pub ndim: u32,
    /// log2 of the element width in bits.
    pub bloq: u8,
    /// One of `URNUM_I754` … `URNUM_FIXP`.
    pub kind: u8,
    /// `URNUM_TAIL_NULL` (`~`) or `URNUM_TAIL_PREC` (`[fixp_a fixp_b]`).
    pub tail: u8,
    /// With `URNUM_TAIL_PREC`: the integer bits `a` of `%fixp` (else 0).
    pub fixp_a: u64,
    /// With `URNUM_TAIL_PREC`: the fraction bits `b` of `%fixp` (else 0).
    pub fixp_b: u64,
}

impl urnum_meta {
    /// The meta of `shape` (kept alive by the caller), `bloq` and `kind`, with a null tail.
    pub fn of(shape: &[u64], bloq: u8, kind: u8) -> urnum_meta {
        urnum_meta {
            shape: shape.as_ptr(),
            ndim: shape.len() as u32,
            bloq,
            kind,
            tail: URNUM_TAIL_NULL,
            fixp_a: 0,
            fixp_b: 0,
        }
    }
}

/// A ray operand: its meta and a view of its data, any alignment.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct urnum_ray {
    /// The ray's meta.
    pub meta: urnum_meta,
    /// The data bytes, little-endian (see `form`).
    pub data: *const u8,
    /// The number of bytes readable at `data`.
    pub len: usize,
    /// `URNUM_DATA_ELEMS` or `URNUM_DATA_ATOM`.
    pub form: u8,
}

/// An atom operand (a scalar, a tolerance, a term): little-endian bytes, any length.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct urnum_bytes {
    /// The bytes (may be NULL when `len` is 0).
    pub ptr: *const u8,
    /// Their number; high zero bytes are allowed.
    pub len: usize,
}

/// A caller-owned output buffer.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct urnum_out {
    /// Where to write (may be NULL when `cap` is 0).
    pub ptr: *mut u8,
    /// How many bytes may be written.
    pub cap: usize,
}

impl urnum_out {
    /// No buffer: NULL, capacity 0 (the unused `scratch` of `urnum_la_exec`).
    pub const fn none() -> urnum_out {
        urnum_out {
            ptr: std::ptr::null_mut(),
            cap: 0,
        }
    }

    /// The buffer of the bytes of `buf`.
    pub fn of(buf: &mut [u8]) -> urnum_out {
        urnum_out {
            ptr: buf.as_mut_ptr(),
            cap: buf.len(),
        }
    }
}

/// The operands of one Lagoon arm, by class, each class in the Hoon sample's order.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct urnum_args {
    /// Ray operands.
    pub rays: *const urnum_ray,
    /// Their number.
    pub n_rays: u32,
    /// Meta-only operands (`+zeros`, `+range`, ...).
    pub metas: *const urnum_meta,
    /// Their number.
    pub n_metas: u32,
    /// Atom operands (scalars, fill values, tolerances, terms such as `%asc`).
    pub atoms: *const urnum_bytes,
    /// Their number.
    pub n_atoms: u32,
    /// Small-integer operands (dims, counts, `ddof`), or the list operand
    /// (a shape, an index) of arms that take one.
    pub ints: *const u64,
    /// Their number.
    pub n_ints: u32,
    /// The `/lib/unum` revision whose elementary functions `%unum` rays go through
    /// (`URNUM_UNUM_REV_96F3CFE`, `URNUM_UNUM_REV_BCB316C`), or `URNUM_UNUM_REV_NONE` (0): none
    /// named, so an arm that applies one to a `%unum` ray (Saloon's `+exp` … `+cbrt`, `+pow`)
    /// punts; every other arm reads no revision. Any other key is `URNUM_CONTRACT`. A block
    /// initialised by position with the eight fields before this one leaves it 0.
    pub unum_rev: u32,
}

impl urnum_args {
    /// The block of the ray operands `rays` and the atom operands `atoms`
    /// (no metas, no ints), both kept alive by the caller.
    pub fn of(rays: &[urnum_ray], atoms: &[urnum_bytes]) -> urnum_args {
        urnum_args {
            rays: rays.as_ptr(),
            n_rays: rays.len() as u32,
            metas: std::ptr::null(),
            n_metas: 0,
            atoms: atoms.as_ptr(),
            n_atoms: atoms.len() as u32,
            ints: std::ptr::null(),
            n_ints: 0,
            unum_rev: 0,
        }
    }

    /// This block with the `/lib/unum` revision key `unum_rev` (`URNUM_UNUM_REV_*`).
    pub const fn at_unum_rev(mut self, unum_rev: u32) -> urnum_args {
        self.unum_rev = unum_rev;
        self
    }
}

/// The description of a result: what `plan` predicts and what `exec` produced.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct urnum_plan {
    /// `URNUM_FORM_RAY`, `URNUM_FORM_ATOM`, `URNUM_FORM_LIST` or `URNUM_FORM_RAY_RAW`.
    pub form: u8,
    /// Rays: the result's bloq.
    pub bloq: u8,
    /// Rays: the result's kind (`URNUM_I754` …).
    pub kind: u8,
    /// Rays: the result's tail (`URNUM_TAIL_NULL` or `URNUM_TAIL_PREC`).
    pub tail: u8,
    /// Rays: the result's rank; the shape goes to the caller's `out_shape`.
    pub ndim: u32,
    /// Rays with `URNUM_TAIL_PREC`: `a`.
    pub fixp_a: u64,
    /// Rays with `URNUM_TAIL_PREC`: `b`.
    pub fixp_b: u64,
    /// Bytes `exec` writes to `out`.
    pub out_bytes: usize,
    /// `URNUM_FORM_RAY`: the bit the caller sets in the data atom above the elements
    /// (`elements · 2^bloq`); allocate `pin_bit / 8 + 1` bytes.
    pub pin_bit: u64,
    /// `URNUM_FORM_LIST`: the number of items.
    pub items: u64,
    /// `URNUM_FORM_LIST`: bytes per item.
    pub item_bytes: u32,
    /// Scratch bytes `exec` needs (0: the allocation-free path needs none, the
    /// others allocate what they need on the Rust heap).
    pub scratch_bytes: usize,
    /// `URNUM_PLAN_COMPUTED` when the plan ran the arm; `URNUM_PLAN_NO_ALLOC`
    /// when `exec` on these operands does not allocate.
    pub flags: u32,
}
