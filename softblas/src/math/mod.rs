//! `/lib/math`: the four float doors `rh rs rd rq` of `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9.
//!
//! A [`Door`] is one of those doors with its sample `[r rtol atol]`: the width,
//! the rounding mode `r` (bunt `%z`), and the tolerances read by `is-close`,
//! `all-close` and `factorial`. Its methods are the door's arms, each
//! computing exactly the bits the Hoon computes:
//!
//! - constants (`pi`, `tau`, `e`, …, `huge`, `tiny`), reproduced from the
//!   Hoon's literals even where they are not correctly rounded (`invlog2` at
//!   `@rh` and `@rq`) or not `@rq` values at all (`huge`/`tiny` at `@rq`);
//! - pass-throughs to the stdlib float doors (`add` … `toi`), in mode `r`;
//! - kernels (`exp`, `log`, `log-2`, `log-10`, `sin`, `cos`, `tan`, `asin`,
//!   `acos`, `atan`, `sqt`, `cbt`), every step at `%n` whatever `r` is, except
//!   where the Hoon itself uses `r` (the `@rh @rq` `tan` quotient, the `@rh`
//!   `sin`/`cos` narrowing) or the stdlib's bunt (`sqt` at `@rs`/`@rh`);
//! - composites (`atan2`, `pow`, `pow-n`) whose own steps round in `r`;
//! - `is-close`, `all-close`, `is-int`, `factorial`, `mod` (`@rs`), `round`,
//!   `round-places`, `round-bankers` (`@rs @rd`).
//!
//! Where the Hoon crashes (`need` of a `toi` of NaN or ±∞, a failed `?>`), or
//! never terminates, the method returns a [`MathError`] saying so.
//!
//! Not ported: `sea`, `bit`, `drg`, `grd` (the stdlib `fn`/`dn` conversions).

mod ainv;
pub mod arms;
mod atan;
pub mod batch;
mod coeffs;
mod compose;
mod error;
mod exp;
mod fl;
mod lane;
mod log;
mod root;
mod tan;
mod tools;
mod trig;

pub use crate::scalar::unum::fns::LoopError;
pub use error::MathError;

use crate::ieee::arith::{Arith, Steps};
use crate::policy::Policy;
use crate::prog::Unary;
use crate::scalar::i754::{self, Width};
use crate::{Atom, Round};
use fl::Fl;

/// A `/lib/math` float door with its sample `[r rtol atol]`, and the [`Policy`]
/// it computes under (not part of the Hoon's sample; every policy gives the same bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    width: Width,
    r: Round,
    rtol: u128,
    atol: u128,
    policy: Policy,
}

/// The named constants of a door (`++tau` … `++log10`), as the Hoon's literals round.
struct Constants {
    tau: u128,
    pi: u128,
    e: u128,
    phi: u128,
    sqt2: u128,
    invsqt2: u128,
    log2: u128,
    invlog2: u128,
    log10: u128,
}

const RH: Constants = Constants {
    tau: 0x4648,
    pi: 0x4248,
    e: 0x4170,
    phi: 0x3e79,
    sqt2: 0x3da8,
    invsqt2: 0x39a8,
    log2: 0x398c,
    invlog2: 0x3dc6,
    log10: 0x409b,
};

const RS: Constants = Constants {
    tau: 0x40c9_0fdb,
    pi: 0x4049_0fdb,
    e: 0x402d_f854,
    phi: 0x3fcf_1bbd,
    sqt2: 0x3fb5_04f3,
    invsqt2: 0x3f35_04f3,
    log2: 0x3f31_7218,
    invlog2: 0x3fb8_aa3b,
    log10: 0x4013_5d8e,
};

const RD: Constants = Constants {
    tau: 0x4019_21fb_5444_2d18,
    pi: 0x4009_21fb_5444_2d18,
    e: 0x4005_bf0a_8b14_5769,
    phi: 0x3ff9_e377_9b97_f4a8,
    sqt2: 0x3ff6_a09e_667f_3bcd,
    invsqt2: 0x3fe6_a09e_667f_3bcd,
    log2: 0x3fe6_2e42_fefa_39ef,
    invlog2: 0x3ff7_1547_652b_82fe,
    log10: 0x4002_6bb1_bbb5_5516,
};

const RQ: Constants = Constants {
    tau: 0x4001_921f_b544_42d1_8469_898c_c517_01b8,
    pi: 0x4000_921f_b544_42d1_8469_898c_c517_01b8,
    e: 0x4000_5bf0_a8b1_4576_9535_5fb8_ac40_4e7a,
    phi: 0x3fff_9e37_79b9_7f4a_7c15_f39c_c060_5cee,
    sqt2: 0x3fff_6a09_e667_f3bc_c908_b2fb_1366_ea95,
    invsqt2: 0x3ffe_6a09_e667_f3bc_c908_b2fb_1366_ea95,
    log2: 0x3ffe_62e4_2fef_a39e_f357_93c7_6730_07e6,
    // The literal is the exact decimal expansion of the f64 1/ln 2, so only 53 bits are right.
    invlog2: 0x3fff_7154_7652_b82f_e000_0000_0000_0000,
    log10: 0x4000_26bb_1bbb_5551_582d_d4ad_ac57_05a6,
};

/// Methods of [`Door`] that read its width's constant of the same name ([`Constants`]).
macro_rules! constants {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        pub const fn $name(&self) -> u128 {
            self.consts().$name
        }
    )*};
}

/// Methods of [`Door`] that hand their arguments to the op of the same name
/// of the door's bare ops ([`Door::fl`]).
macro_rules! pass_through {
    ($($(#[$doc:meta])* $name:ident($($a:ident: $t:ty),*) -> $out:ty;)*) => {$(
        $(#[$doc])*
        pub fn $name(&self, $($a: $t),*) -> $out {
            self.fl().$name($($a),*)
        }
    )*};
}

/// Methods of [`Door`] for the kernel arms that cannot fail: the arm `$u`
/// by its one-lane form where the batch serves it ([`Door::one_lane`]),
/// else `$bits` of the door `$d` and the argument `$x`.
macro_rules! kernels {
    ($($(#[$doc:meta])* $name:ident: $u:ident, |$d:ident, $x:ident| $bits:expr;)*) => {$(
        $(#[$doc])*
        pub fn $name(&self, $x: u128) -> u128 {
            let $d = self;
            self.one_lane_ok(Unary::$u, $x).unwrap_or_else(|| $bits)
        }
    )*};
}

impl Door {
    /// The door with its bunted sample: `r = %z`, the width's default `rtol`, `atol = 0`.
    ///
    /// Default `rtol`: `.~~1e-2` (`@rh`), `.1e-5` (`@rs`), `.~1e-10` (`@rd`), `.~~~1e-20` (`@rq`).
    pub const fn new(width: Width) -> Door {
        let rtol = match width {
            Width::H => 0x211f,
            Width::S => 0x3727_c5ac,
            Width::D => 0x3ddb_7cdf_d9d7_bdbb,
            Width::Q => 0x3fbc_79ca_10c9_2422_35d5_11e9_7639_4d7a,
        };
        Door {
            width,
            r: Round::Z,
            rtol,
            atol: 0,
            policy: Policy::FAST,
        }
    }

    /// The bunted door named `name` (`rh`, `rs`, `rd`, `rq`), or `None`.
    pub fn of_name(name: &str) -> Option<Door> {
        Width::ALL
            .into_iter()
            .map(Door::new)
            .find(|d| d.name() == name)
    }

    /// The door `~(… rX [r rtol atol])`.
    ///
    /// # Errors
    /// [`MathError::NotHoonMode`] for [`Round::A`], which no Hoon door accepts.
    pub fn with(width: Width, r: Round, rtol: u128, atol: u128) -> Result<Door, MathError> {
        if r == Round::A {
            return Err(MathError::NotHoonMode(r));
        }
        Ok(Door {
            width,
            r,
            rtol: rtol & width.mask(),
            atol: atol & width.mask(),
            policy: Policy::FAST,
        })
    }

    /// This door computing under the policy `policy`.
    #[must_use]
    pub const fn with_policy(self, policy: Policy) -> Door {
        Door { policy, ..self }
    }

    /// The policy the door computes under.
    pub const fn policy(&self) -> Policy {
        self.policy
    }

    /// The door's width.
    pub const fn width(&self) -> Width {
        self.width
    }

    /// The door's rounding mode `r`.
    pub const fn mode(&self) -> Round {
        self.r
    }

    /// The door's relative tolerance `rtol`.
    pub const fn rtol(&self) -> u128 {
        self.rtol
    }

    /// The door's absolute tolerance `atol`.
    pub const fn atol(&self) -> u128 {
        self.atol
    }

    /// The door's name (`rh`, `rs`, `rd`, `rq`).
    pub const fn name(&self) -> &'static str {
        match self.width {
            Width::H => "rh",
            Width::S => "rs",
            Width::D => "rd",
            Width::Q => "rq",
        }
    }

    /// The context of the door's bare ops (`~(… ^rX r)`).
    const fn fl(&self) -> Fl {
        Fl::new(self.policy.exec, self.width, self.r)
    }

    const fn consts(&self) -> &'static Constants {
        self.width.pick([&RH, &RS, &RD, &RQ])
    }

    // ----- constants -----

    constants! {
        /// `++tau`: 2π.
        tau;
        /// `++pi`: π.
        pi;
        /// `++e`: Euler's number.
        e;
        /// `++phi`: the golden ratio.
        phi;
        /// `++sqt2`: √2.
        sqt2;
        /// `++invsqt2`: 1/√2.
        invsqt2;
        /// `++log2`: ln 2.
        log2;
        /// `++invlog2`: 1/ln 2 (one ulp high at `@rh`, f64-accurate only at `@rq`).
        invlog2;
        /// `++log10`: ln 10.
        log10;
    }

    /// `++huge`: the largest finite value; at `@rq` the Hoon's 144-bit atom
    /// `0x7ffe.ffff.…` (nine 16-bit groups), which is not an `@rq` value.
    pub fn huge(&self) -> Atom {
        match self.width {
            Width::Q => Atom::from_u128(0x7ffe)
                .shl(128)
                .or(&Atom::from_u128(u128::MAX)),
            w => Atom::from_u128(i754::max_finite(w)),
        }
    }

    /// `++tiny`: the smallest subnormal at `@rh @rs`, the smallest normal at
    /// `@rd`, and at `@rq` the Hoon's atom `0x1.0000.….0000` = 2^128 (not an `@rq` value).
    pub fn tiny(&self) -> Atom {
        match self.width {
            Width::H | Width::S => Atom::from_u128(i754::min_subnormal(self.width)),
            Width::D => Atom::from_u128(i754::min_normal(Width::D)),
            Width::Q => Atom::pow2(128),
        }
    }

    // ----- pass-throughs -----

    pass_through! {
        /// `++add`: `a + b` in mode `r`.
        add(a: u128, b: u128) -> u128;
        /// `++sub`: `a − b` in mode `r`.
        sub(a: u128, b: u128) -> u128;
        /// `++mul`: `a × b` in mode `r`.
        mul(a: u128, b: u128) -> u128;
        /// `++div`: `a ÷ b` in mode `r`.
        div(a: u128, b: u128) -> u128;
        /// `++fma`: `a × b + c` with one rounding in mode `r`.
        fma(a: u128, b: u128, c: u128) -> u128;
        /// `++neg`: `(sub .0 x)` in mode `r` (so `neg(+0)` is −0 under `%d`).
        neg(x: u128) -> u128;
    }

    /// `++abs` (and `++arg`): `x` when its sign bit is clear, else `neg(x)`.
    pub fn abs(&self, x: u128) -> u128 {
        if self.sig(x) {
            x & self.width.mask()
        } else {
            self.neg(x)
        }
    }

    /// `++sig` (and `++sgn`): whether the sign bit is clear (`%.y` for +0, `%.n` for −0).
    pub const fn sig(&self, x: u128) -> bool {
        i754::sig(self.width, x)
    }

    pass_through! {
        /// `++lth`: `a < b`.
        lth(a: u128, b: u128) -> bool;
        /// `++lte` (and `++leq`): `a <= b`.
        lte(a: u128, b: u128) -> bool;
        /// `++gth`: `a > b`.
        gth(a: u128, b: u128) -> bool;
        /// `++gte` (and `++geq`): `a >= b`.
        gte(a: u128, b: u128) -> bool;
        /// `++equ`: numeric `a == b`.
        equ(a: u128, b: u128) -> bool;
    }

    /// `++neq`: not `equ` (so true when either side is NaN).
    pub fn neq(&self, a: u128, b: u128) -> bool {
        !self.equ(a, b)
    }

    pass_through! {
        /// `++sun`: the unsigned integer `n` rounded in mode `r`.
        sun(n: &Atom) -> u128;
        /// `++san`: the signed integer `(−1)^negative · n` rounded in mode `r`.
        san(negative: bool, n: &Atom) -> u128;
        /// `++toi`: `x` rounded to an integer in mode `r`, as `(negative, magnitude)`; `None` for NaN and ±∞.
        toi(x: u128) -> Option<(bool, Atom)>;
    }

    // ----- kernels -----

    /// `++exp`: e^x.
    ///
    /// # Errors
    /// [`MathError::ToiNotFinite`] when `x · log2(e)` overflows (the Hoon crashes).
    pub fn exp(&self, x: u128) -> Result<u128, MathError> {
        self.one_lane(Unary::Exp, x)
            .unwrap_or_else(|| exp::exp_in(self.fl_n(), x))
    }

    kernels! {
        /// `++log`: the natural logarithm.
        log: Log, |d, x| log::logb_in(d.fl_n(), log::Base::E, x);
        /// `++log-2`: the base-2 logarithm.
        log_2: Log2, |d, x| log::logb_in(d.fl_n(), log::Base::Two, x);
        /// `++log-10`: the base-10 logarithm.
        log_10: Log10, |d, x| log::logb_in(d.fl_n(), log::Base::Ten, x);
        /// `++sin`: the sine (at `@rh`, computed at `@rs` and narrowed in mode `r`).
        sin: Sin, |d, x| trig::sin_cos(d.policy.exec, d.width, d.r, true, x);
        /// `++cos`: the cosine (at `@rh`, computed at `@rs` and narrowed in mode `r`).
        cos: Cos, |d, x| trig::sin_cos(d.policy.exec, d.width, d.r, false, x);
        /// `++tan`: the tangent (a kernel at `@rs @rd`, `sin ÷ cos` in mode `r` at `@rh @rq`).
        tan: Tan, |d, x| tan::tan(d.policy.exec, d.width, d.r, x);
        /// `++asin`: the inverse sine.
        asin: Asin, |d, x| ainv::ainv_in(d.fl_n(), true, x);
        /// `++acos`: the inverse cosine.
        acos: Acos, |d, x| ainv::ainv_in(d.fl_n(), false, x);
        /// `++atan`: the inverse tangent.
        atan: Atan, |d, x| atan::atan_in(d.fl_n(), x);
        /// `++sqt` (and `++sqrt`): the square root (truncated at `@rh @rs`: the stdlib root in its bunt mode `%z`).
        sqt: Sqrt, |d, x| root::sqt_in(d.fl_n(), x);
    }

    /// `++cbt` (and `++cbrt`): the cube root.
    ///
    /// # Errors
    /// None in practice; those of [`Door::exp`] in principle.
    pub fn cbt(&self, x: u128) -> Result<u128, MathError> {
        self.one_lane(Unary::Cbrt, x)
            .unwrap_or_else(|| root::cbt_in(self.fl_n(), x))
    }

    /// The bit-pattern `%n` context of the door's executor and width, in
    /// which the `/lib/math` kernels run.
    const fn fl_n(&self) -> Fl {
        Fl::n(self.policy.exec, self.width)
    }

    /// The arm `u` on `x` by its one-lane host-float form ([`batch`]) where the
    /// fast executor runs and the batch serves it, else `None` (the caller
    /// runs the bit-pattern form; both give the same bits).
    fn one_lane(&self, u: Unary, x: u128) -> Option<Result<u128, MathError>> {
        batch::one(self.policy, u, self.width, self.r, x)
    }

    /// [`Door::one_lane`] of an arm that cannot fail.
    fn one_lane_ok(&self, u: Unary, x: u128) -> Option<u128> {
        self.one_lane(u, x)?.ok()
    }
}
