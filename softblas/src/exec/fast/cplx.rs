//! The complex kernels: Lagoon's `%cplx` elements at `cs` (bloq 6, two
//! binary32 components) and `cd` (bloq 7, two binary64 components) on the
//! real kernels ([`kernels`]: the hardware loops at binary32/64 in all five
//! modes), each element a pair `[re, im]` of component [`Word`]s (`u32`,
//! `u64`). The real part is the element's low half (`element = im << w | re`,
//! `/lib/complex`'s layout), so a ray's data atom read as little-endian
//! component words is the pairs in order ([`pairs`]).
//!
//! Each element is exactly what the reference executor's scalar dispatch
//! (`crate::ops`, the `%cplx` rows: the doors `cs cd` of
//! `lib/complex.hoon@96f3cfe` through `+fun-scalar` of lagoon.hoon@aa6f2a6)
//! computes, every component operation one rounded IEEE operation with a
//! canonical NaN, in the door's order:
//!
//! | kernel | `/lib/complex` | here |
//! |---|---|---|
//! | `add sub` | `++add ++sub`: per component | one real loop over the `2n` components |
//! | `mul` | `++mul`: `re = ar·br − ai·bi`, `im = ar·bi + ai·br` | [`product`] on the parts apart |
//! | `div` | `++div`: Smith's algorithm | `quotient`: both branches as one, chosen per element |
//! | `neg` | `++neg`: `+0 − x` per component | one real loop over the components |
//! | `conj` | `++conj`: `re` kept, `+0 − im` | as `neg`, the real parts copied back |
//! | folds by `+ −` | per component | each component's fold ([`kernels::fold`]) |
//! | folds by `× ÷` | `++mul ++div` in turn | element by element, the door's own arms ([`Plane`]) |
//! | `+mmul` | each cell `add(acc, mul(a_ik, b_kj))` from `0` | [`contract_parts`], SoftBLAS's complex contraction, whose product and sums are `++mul`'s and `++add`'s |
//!
//! The real kernels' results equal the door's component operations bit for
//! bit ([`kernels`]), and IEEE `+` and `×` with a canonical NaN are
//! commutative bit for bit (zero signs included), which the unified Smith
//! step and the contraction's operand order rely on.
//!
//! Served: `Copy`, `Unary(Neg | Conj)` and `Binary(Add | Sub | Mul | Div)`
//! ([`CplxMap`]); `abs`, the comparisons and the transcendental arms run the
//! reference executor.

use super::kernels::{self, Elementwise, Step};
use crate::dtype::{Dtype, Kind};
use crate::exec::Seed;
use crate::hw::Op;
use crate::policy::Policy;
use crate::prog::{Node, Op1, Op2, Unary};
use crate::round::Round;
use crate::scalar::cplx::{Cplx, Plane};
use crate::scalar::i754::Width;
use crate::word::Word;

mod contract;
pub(crate) use contract::contract_elems;
pub use contract::{contract_acc_into, contract_parts};

/// The component width of a `%cplx` dtype the kernels serve: binary32 at
/// bloq 6 (`cs`), binary64 at bloq 7 (`cd`); else `None`.
pub fn width_of(t: &Dtype) -> Option<Width> {
    match (t.kind, t.bloq) {
        (Kind::Cplx, 6) => Some(Width::S),
        (Kind::Cplx, 7) => Some(Width::D),
        _ => None,
    }
}

/// Runs the generic `$f::<T>(args)` with `T` the component word of the
/// component width `$w` (binary32 `u32`, binary64 `u64`): the one width →
/// component map of the complex carriers.
///
/// # Panics
/// At another width ([`width_of`] gives only these).
#[macro_export]
macro_rules! by_part {
    ($w:expr, $f:ident $args:tt $(,)?) => {
        $crate::by_carrier!(
            $w,
            [$crate::ieee::Width::S => u32, $crate::ieee::Width::D => u64],
            $f $args,
            w => unreachable!("no complex kernel at component width {w:?}")
        )
    };
}
pub use crate::by_part;

/// A `%cplx` element: its real and imaginary components.
pub type Pair<T> = [T; 2];

/// A component word of the complex carriers (`u32` at `cs`, `u64` at
/// `cd`): a [`Word`] with the integer order and masks of Smith's branch
/// test and the bit operations of its branch-free selects, so that both
/// vectorise.
pub trait Part:
    Word + Ord + std::ops::BitAnd<Output = Self> + std::ops::BitXor<Output = Self>
{
    /// The bits below the sign bit.
    const MAG: Self;
    /// The bits of +∞ (a magnitude above them is a NaN's).
    const INF: Self;
    /// All ones when `b`, else all zeros.
    fn mask(b: bool) -> Self;
}

/// [`Part`] for each component word `$t` with its magnitude mask and +∞.
macro_rules! part {
    ($($t:ty: $mag:expr, $inf:expr;)*) => {$(
        impl Part for $t {
            const MAG: $t = $mag;
            const INF: $t = $inf;
            #[inline(always)]
            fn mask(b: bool) -> $t {
                <$t>::from(b).wrapping_neg()
            }
        }
    )*};
}

part! {
    u32: 0x7fff_ffff, 0x7f80_0000;
    u64: 0x7fff_ffff_ffff_ffff, 0x7ff0_0000_0000_0000;
}

/// `(a, b)` where `swap` is all zeros, `(b, a)` where it is all ones.
#[inline(always)]
fn swapped<T: Part>(swap: T, a: T, b: T) -> (T, T) {
    let t = (a ^ b) & swap;
    (a ^ t, b ^ t)
}

/// An elementwise complex kind: what one single program computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CplxMap {
    /// The operand unchanged.
    Copy,
    /// `++neg`: `(+0 − re) + (+0 − im)i`.
    Neg,
    /// `++conj`: `re + (+0 − im)i`.
    Conj,
    /// A two-operand kind over operands 0 and 1.
    Two(Op),
}

impl CplxMap {
    /// The complex kernel of a single program's node, or `None` when none serves it.
    pub fn of_node(node: &Node) -> Option<CplxMap> {
        Some(match node {
            Node::Op1(Op1::Copy, _, _) => CplxMap::Copy,
            Node::Op1(Op1::Unary(Unary::Neg), _, _) => CplxMap::Neg,
            Node::Op1(Op1::Unary(Unary::Conj), _, _) => CplxMap::Conj,
            Node::Op2(op, _, _) => CplxMap::Two(step_of(*op)?),
            _ => return None,
        })
    }

    /// The real operation that computes this kind component by component
    /// over the `2n` components in order (`+ −`), if it is one.
    pub fn componentwise(self) -> Option<Op> {
        match self {
            CplxMap::Two(k @ (Op::Add | Op::Sub)) => Some(k),
            _ => None,
        }
    }
}

/// The complex kernel of a two-operand node kind (`+ − × ÷`,
/// [`crate::prog::Binary::arith`]), or `None`.
pub fn step_of(op: Op2) -> Option<Op> {
    match op {
        Op2::Binary(b) => b.arith(),
        _ => None,
    }
}

/// The pairs of the component words `xs` (an even number of them, real parts first).
///
/// # Panics
/// When `xs` holds an odd number of words.
pub fn pairs<T: Word>(xs: &[T]) -> &[Pair<T>] {
    bytemuck::cast_slice(xs)
}

/// [`pairs`], writable.
///
/// # Panics
/// When `xs` holds an odd number of words.
pub fn pairs_mut<T: Word>(xs: &mut [T]) -> &mut [Pair<T>] {
    bytemuck::cast_slice_mut(xs)
}

fn flat<T: Word>(xs: &[Pair<T>]) -> &[T] {
    bytemuck::cast_slice(xs)
}

fn flat_mut<T: Word>(xs: &mut [Pair<T>]) -> &mut [T] {
    bytemuck::cast_slice_mut(xs)
}

/// The pair of the element bits `v` (`im << w | re`), or `None` when `v` is
/// wider than an element.
pub fn pair_of<T: Word>(v: u128) -> Option<Pair<T>> {
    let bits = 2 * T::BITS;
    (bits >= 128 || v >> bits == 0).then(|| [T::of_bits(v), T::of_bits(v >> T::BITS)])
}

/// The element bits `im << w | re` of a pair.
pub fn bits_of<T: Word>([re, im]: Pair<T>) -> u128 {
    im.bits() << T::BITS | re.bits()
}

/// The seed of a fold over `xs` as `seed` names it, and the elements left to
/// fold; `None` when there is no first element or the seed's bits are wider
/// than an element.
pub fn seeded<'a, T: Word>(seed: &Seed, xs: &'a [Pair<T>]) -> Option<(Pair<T>, &'a [Pair<T>])> {
    Some(match seed {
        Seed::First => (*xs.first()?, &xs[1..]),
        Seed::Zero => (Pair::default(), xs),
        Seed::Bits(b) => (pair_of(b.as_u128()?)?, xs),
    })
}

/// `out = a op b` per component on the kernel layer.
#[inline]
fn part<T: Word>(p: Policy, op: Op, r: Round, a: &[T], b: &[T], out: &mut [T]) {
    kernels::elementwise(p, Elementwise::Two(Step::Arith(op)), r, &[a, b], out);
}

/// `o = a·b` per element over split components (`++mul` of
/// `lib/complex.hoon@96f3cfe`, SoftBLAS's `cN_mul`, `a` first: `re = ar·br −
/// ai·bi`, `im = ar·bi + ai·br`, each product and sum rounded in `r`), `t`
/// two scratch buffers: the complex product of the kernel layer, for
/// Lagoon's `%cplx` and SoftBLAS's complex routines alike.
pub fn product<T: Word>(
    pol: Policy,
    r: Round,
    [ar, ai]: [&[T]; 2],
    [br, bi]: [&[T]; 2],
    [t1, t2]: [&mut [T]; 2],
    [or, oi]: [&mut [T]; 2],
) {
    part(pol, Op::Mul, r, ar, br, t1);
    part(pol, Op::Mul, r, ai, bi, t2);
    part(pol, Op::Sub, r, t1, t2, or);
    part(pol, Op::Mul, r, ar, bi, t1);
    part(pol, Op::Mul, r, ai, br, t2);
    part(pol, Op::Add, r, t1, t2, oi);
}

/// Whether `++div` takes its first branch for the divisor `[br, bi]`:
/// `(gte (fabs br) (fabs bi))`, where `++fabs` is `+0 − x` below zero (the
/// exact magnitude) and `x` itself otherwise (so `−0` and NaNs pass), and
/// `gte` is false on a NaN: both components ordered and `|br| ≥ |bi|`,
/// which on magnitudes is the order of their bits.
#[inline(always)]
fn smith_first<T: Part>(br: T, bi: T) -> bool {
    let (x, y) = (br & T::MAG, bi & T::MAG);
    x <= T::INF && y <= T::INF && x >= y
}

/// `o = a ÷ b` per element over split components (`++div` of
/// `lib/complex.hoon@96f3cfe`, Smith's algorithm), the parts of `a` and `b`
/// scratch that this overwrites, `t` two more.
///
/// The door computes, with `(x, y, p, q) = (ar, ai, br, bi)` in its first
/// branch: `r = q/p`, `dn = p + q·r`, `re = (x + y·r)/dn`, `im = (y −
/// x·r)/dn`; and in its second, `r = br/bi`, `dn = br·r + bi`, `re = (ar·r +
/// ai)/dn`, `im = (ai·r − ar)/dn`, which is the same with `(x, y, p, q) =
/// (ai, ar, bi, br)` (sums and products commute bit for bit) except that
/// `im`'s difference is `x·r − y`. So the parts are swapped where the second
/// branch is taken, one pass of each operation runs over all elements, and
/// the difference's operands are swapped back there.
fn quotient<T: Part>(
    pol: Policy,
    r: Round,
    [x, y]: [&mut [T]; 2],
    [p, q]: [&mut [T]; 2],
    [t1, t2]: [&mut [T]; 2],
    [or, oi]: [&mut [T]; 2],
    second: &mut [T],
) {
    // Swaps by masks, not under a branch: the branch is data, and masks vectorise.
    for i in 0..p.len() {
        let s = T::mask(!smith_first(p[i], q[i]));
        second[i] = s;
        (x[i], y[i]) = swapped(s, x[i], y[i]);
        (p[i], q[i]) = swapped(s, p[i], q[i]);
    }
    part(pol, Op::Div, r, q, p, t1); // r = q/p
    part(pol, Op::Mul, r, q, t1, t2); // q·r
    part(pol, Op::Add, r, p, t2, q); // dn = p + q·r, into q
    part(pol, Op::Mul, r, y, t1, t2); // y·r
    part(pol, Op::Add, r, x, t2, p); // x + y·r, into p
    part(pol, Op::Div, r, p, q, or); // re
    part(pol, Op::Mul, r, x, t1, t2); // v = x·r
    for i in 0..second.len() {
        // y − v in the first branch, v − y in the second: minuend into x, subtrahend into t1.
        (x[i], t1[i]) = swapped(second[i], y[i], t2[i]);
    }
    part(pol, Op::Sub, r, x, t1, p); // im's numerator, into p
    part(pol, Op::Div, r, p, q, oi); // im
}

/// Elements per pass of the split kernels ([`product`], [`quotient`]): their
/// eight buffers (32 KB at `cs`, 64 KB at `cd`) stay in the L1 or L2 cache,
/// and each hardware loop runs over a thousand components per call (at 256,
/// the calls made `cd` products 3.4–3.6× a native loop on an Intel Xeon,
/// against 2.7–2.8 at 1024 and more again at 4096).
const CHUNK: usize = 1024;

/// Elements per pass of a fold's components: few calls of the fold
/// kernels, the components in the L2 cache.
const FOLD: usize = 4096;

/// Words between the starts of [`Split`]'s buffers beyond [`CHUNK`]: 64
/// bytes or more, so that no two buffers start a multiple of 4 KiB apart (a
/// load and a store there would look dependent to the CPU).
const SKEW: usize = 16;

/// Buffers of the split kernels: the parts of both operands, two
/// temporaries, the result's parts, the branch of each quotient (all
/// ones where `++div` takes its second).
struct Split<T> {
    bufs: Vec<T>,
    second: Vec<T>,
}

impl<T: Part> Split<T> {
    fn new(n: usize) -> Self {
        let n = n.min(CHUNK);
        Split {
            bufs: vec![T::default(); 8 * (n + SKEW)],
            second: vec![T::default(); n],
        }
    }

    /// `out = a op b` (`×` or `÷`) for one chunk of at most [`CHUNK`] elements.
    fn run(
        &mut self,
        pol: Policy,
        op: Op,
        r: Round,
        a: &[Pair<T>],
        b: &[Pair<T>],
        out: &mut [Pair<T>],
    ) {
        let n = out.len();
        let cap = self.second.len() + SKEW;
        let mut it = self.bufs.chunks_exact_mut(cap).map(|c| &mut c[..n]);
        let mut next = || it.next().expect("eight buffers");
        let (ar, ai, br, bi) = (next(), next(), next(), next());
        let (t1, t2, or, oi) = (next(), next(), next(), next());
        for i in 0..n {
            [ar[i], ai[i]] = a[i];
            [br[i], bi[i]] = b[i];
        }
        if op == Op::Div {
            let second = &mut self.second[..n];
            quotient(
                pol,
                r,
                [ar, ai],
                [br, bi],
                [t1, t2],
                [&mut *or, &mut *oi],
                second,
            );
        } else {
            product(pol, r, [ar, ai], [br, bi], [t1, t2], [&mut *or, &mut *oi]);
        }
        for i in 0..n {
            out[i] = [or[i], oi[i]];
        }
    }
}

/// Runs `op` at every element of `out` over the equally long `ins` (one per
/// operand, in order), under the policy `p`, as the `%cplx` rows compute it
/// (the module's table).
///
/// # Panics
/// When `ins` has fewer operands than `op` takes or a buffer is shorter than `out`.
pub fn map<T: Part>(p: Policy, op: CplxMap, r: Round, ins: &[&[Pair<T>]], out: &mut [Pair<T>]) {
    let n = out.len();
    let a = &ins[0][..n];
    match op {
        CplxMap::Copy => out.copy_from_slice(a),
        CplxMap::Neg | CplxMap::Conj => {
            let zeros = vec![T::default(); 2 * n];
            part(p, Op::Sub, r, &zeros, flat(a), flat_mut(out));
            if op == CplxMap::Conj {
                for (o, x) in out.iter_mut().zip(a) {
                    o[0] = x[0];
                }
            }
        }
        CplxMap::Two(k) if op.componentwise().is_some() => {
            part(p, k, r, flat(a), flat(&ins[1][..n]), flat_mut(out));
        }
        CplxMap::Two(k) => {
            let b = &ins[1][..n];
            let mut split = Split::new(n);
            for ((a, b), o) in a
                .chunks(CHUNK)
                .zip(b.chunks(CHUNK))
                .zip(out.chunks_mut(CHUNK))
            {
                split.run(p, k, r, a, b, o);
            }
        }
    }
}

/// The door of the component width of `T` in mode `r` (its arms are the reference's own).
fn door<T: Word>(r: Round) -> Plane {
    Plane::new(T::W, r)
}

fn cplx<T: Word>([re, im]: Pair<T>) -> Cplx {
    Cplx::new(re.bits(), im.bits())
}

fn pair<T: Word>(z: Cplx) -> Pair<T> {
    [T::of_bits(z.re), T::of_bits(z.im)]
}

/// `++mul` or `++div` of one pair by another, by the door itself.
fn by_door<T: Word>(d: Plane, op: Op, a: Pair<T>, b: Pair<T>) -> Pair<T> {
    let (a, b) = (cplx(a), cplx(b));
    pair(if op == Op::Mul {
        d.mul(a, b)
    } else {
        d.div(a, b)
    })
}

/// The fold of `rest` by `op` from `seed`: left, `op(…op(op(seed, x0), x1)…)`,
/// or right (`right`), `op(x0, op(x1, … op(x_{n−1}, seed)))`, under the
/// policy `p`: by `+ −` each component's fold on the real kernels, by `× ÷`
/// element by element.
pub fn fold<T: Part>(
    p: Policy,
    op: Op,
    r: Round,
    right: bool,
    seed: Pair<T>,
    rest: &[Pair<T>],
) -> Pair<T> {
    match op {
        Op::Add | Op::Sub => {
            // Chunk by chunk (from the far end for a right fold), each
            // component's fold continuing from its accumulator.
            let step = Step::Arith(op);
            let (mut re, mut im) = (
                vec![T::default(); FOLD.min(rest.len())],
                vec![T::default(); FOLD.min(rest.len())],
            );
            let mut acc = seed;
            let mut chunks: Box<dyn Iterator<Item = &[Pair<T>]>> = if right {
                Box::new(rest.rchunks(FOLD))
            } else {
                Box::new(rest.chunks(FOLD))
            };
            for c in &mut chunks {
                let n = c.len();
                for (i, &[x, y]) in c.iter().enumerate() {
                    (re[i], im[i]) = (x, y);
                }
                acc = [
                    kernels::fold(p, step, r, right, acc[0], &re[..n]),
                    kernels::fold(p, step, r, right, acc[1], &im[..n]),
                ];
            }
            acc
        }
        Op::Mul | Op::Div => {
            let d = door::<T>(r);
            let mut acc = seed;
            if right {
                for &x in rest.iter().rev() {
                    acc = by_door(d, op, x, acc);
                }
            } else {
                for &x in rest {
                    acc = by_door(d, op, acc, x);
                }
            }
            acc
        }
    }
}

/// `acc_i = acc_i op x_i` for every `i`: one step of many left folds at once
/// (the slices of an axis arm), in place, `next` a scratch buffer as long as `acc`.
///
/// # Panics
/// When `xs` or `next` is shorter than `acc`.
pub fn step_into<T: Part>(
    p: Policy,
    op: Op,
    r: Round,
    acc: &mut [Pair<T>],
    xs: &[Pair<T>],
    next: &mut [Pair<T>],
) {
    let n = acc.len();
    let next = &mut next[..n];
    map(p, CplxMap::Two(op), r, &[acc, &xs[..n]], next);
    acc.copy_from_slice(next);
}
