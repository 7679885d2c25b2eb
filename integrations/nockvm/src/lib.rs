//! urnum's arms as NockVM jets.
//!
//! NockVM (the `nockvm` crate of zorp-corp/nockchain) finds a jet for a core
//! by the path of `%fast` hint names from the kernel's root to the core
//! (`~%`/`~/` in the Hoon): its hot state is a list of `(path, axis in the
//! battery, fn)`. The numerics libraries hint their cores as
//! `~%  %non  <parent>  ~` at the top of each file, then `~/  %lagoon` on
//! Lagoon's `+la`, `~/  %math` and `~/  %rs` … on `/lib/math`'s engine and
//! doors, `~/  %unum` on `/lib/unum`'s `+pp`, `~/  %twid` on `/lib/twoc`'s
//! width door, and `~/  %<name>` on each jetted arm (lagoon.hoon,
//! math.hoon, unum.hoon, twoc.hoon @96f3cfe). `/lib/complex`, `/lib/fixed`
//! and Saloon's arms carry no arm hints, so no jet can be registered for them;
//! their Hoon calls Lagoon's and `/lib/math`'s jetted arms.
//!
//! Every jet here goes through urnum's arm registry
//! ([`urnum_cli::Registry`]), the same catalogue-driven decoding that
//! `urnum check` and `urnum eval` use: the gate's sample (axis 6) is split
//! into the arm's arguments by the arity of its declared sample
//! ([`urnum_cli::eval::sample::gate_sample`]), the door's faces are read at
//! their axes (Lagoon's `rnd` at 30: the gate's context is `+la`, whose
//! payload is `[rnd …]`; a `/lib/math` door's `[r rtol atol]` at 30; the
//! posit door's `bloq` and `+twid`'s `wid` at 30), and the result is copied
//! back as a noun. Where urnum reports unsupported (or cannot read the
//! sample) the jet punts to the Nock; where urnum finds that the Hoon
//! crashes, the jet fails as the Nock would.
//!
//! **Which `/lib/unum`.** The two revisions of `/lib/unum` (`96f3cfe` and
//! `bcb316c`) hint their cores with the same `%fast` names but give different
//! bits for the elementary functions, and the hot state matches by path only,
//! so the posit jets are built for one revision named by the embedder:
//! [`hot_state`] takes the [`UnumRev`] of the kernel's `/lib/unum` and
//! registers only that revision's posit jets (`exp:rpb@bcb316c` …); with
//! `None` it registers no posit jet at all, so an unknown text runs as Nock.
//! The Lagoon jets it registers serve the same revision for their `%unum`
//! rays (the registry key `add:la@bcb316c`; with `None`, `add:la@none`, under
//! which a `%unum` elementary function punts; Lagoon's own arms apply none).
//!
//! **Test mode** ([`set_test_mode`]): each jet also runs the arm's own Nock
//! (`[9 2 0 1]` on the gate, with every urnum jet punting meanwhile), counts a
//! mismatch when the two differ (a value against a value, or a value against
//! a crash), and returns the Nock's product, so a test suite sees the Hoon's
//! values and the mismatches are reported by [`stats`]. The pinned nockchain
//! revision has no jet-test switch of its own for hot-state jets
//! (`jets::get_jet_test_mode` is constant `false` there), hence this one.

use either::Either::{self, Left};
use hoon::noun::Noun as HNoun;
use nockvm::interpreter::{interpret, Context, Error, Mote};
use nockvm::jets::hot::{HotEntry, K_138};
use nockvm::jets::{Jet, JetErr};
use nockvm::noun::{Atom, IndirectAtom, Noun, D, T};
use softblas::scalar::unum::UnumRev;
use softblas::Atom as UAtom;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};
use urnum_cli::eval::sample::{gate_sample, Gate};
use urnum_cli::eval::types::Type;
use urnum_cli::registry::NO_UNUM_REV;
use urnum_cli::{ArmError, Door, Registry};

/// One jet: where the Hoon registers the arm, and how urnum computes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JetSpec {
    /// The `%fast` names from the root's first child to the arm
    /// (`one non lagoon add-rays`), the kernel root `%k.138` before them.
    pub path: Vec<String>,
    /// The registry key (`add:la`); for a posit door the key at bloq 3
    /// pinned to a revision (`exp:rpb@bcb316c`), the door chosen at call time
    /// from the sample's `bloq`.
    pub key: String,
    /// The `/lib/unum` revision a posit jet serves; `None` for the other libraries.
    pub unum_rev: Option<UnumRev>,
    /// The registry door's faces and their axes in the gate's subject.
    pub faces: &'static [(&'static str, u64)],
    /// How many arguments the sample splits into.
    pub arity: usize,
}

/// The hinted core the numerics libraries' `~%  %non  ..part  ~` names as
/// parent, as the harness patches it for hoon.hoon at kelvin 138 (which has
/// no `part` arm): `..add`, the `%one` core.
pub const PARENT: &[&str] = &["one"];

/// The scalar doors urnum jets: the registry door, the `%fast` names of
/// its core below [`PARENT`], and its faces' axes in a gate's subject (a
/// door's sample is at 30: the gate's context is the door, axis 7, whose
/// sample is its axis 6). The posit door `+pp` is registered once, under
/// its bloq-3 door `rpb`; the call picks the door by the sample's `bloq`.
const SCALAR_DOORS: &[(&str, &[&str], &[(&str, u64)])] = &[
    ("rh", &["non", "math", "rh"], MATH_FACES),
    ("rs", &["non", "math", "rs"], MATH_FACES),
    ("rd", &["non", "math", "rd"], MATH_FACES),
    ("rq", &["non", "math", "rq"], MATH_FACES),
    ("rpb", &["non", "unum"], &[("bloq", 30)]),
    ("twid", &["non", "twid"], &[("wid", 30)]),
];

/// A `/lib/math` door's `[r rtol atol]` at 30.
const MATH_FACES: &[(&str, u64)] = &[("r", 60), ("rtol", 122), ("atol", 123)];

/// The posit doors of `/lib/unum` by the `bloq` of `+pp`'s sample.
const POSIT_DOORS: &[(u64, &str)] = &[(3, "rpb"), (4, "rph"), (5, "rps"), (6, "rpd"), (7, "rpq")];

/// How many parts the declared sample of a scalar library's arm has (each
/// part of those samples has a face, so a faced cell is one part).
fn arity_of(key: &str) -> Option<usize> {
    match gate_sample(key)? {
        Gate::Constant => None,
        Gate::Sample(t) => {
            let mut n = 1;
            let mut cur = &t;
            while let Type::Cell(_, tail) = cur {
                n += 1;
                cur = tail;
            }
            Some(n)
        }
    }
}

fn path(tail: &[&str]) -> Vec<String> {
    PARENT
        .iter()
        .chain(tail)
        .map(|s| (*s).to_string())
        .collect()
}

/// Every jet urnum offers, in a fixed order (the index is the jet's id).
pub fn specs() -> &'static [JetSpec] {
    static SPECS: OnceLock<Vec<JetSpec>> = OnceLock::new();
    SPECS.get_or_init(|| {
        let reg = registry();
        let mut out = Vec::new();
        for row in lagoon::arms::ARMS {
            let Some(jet) = row.jet else { continue };
            out.push(JetSpec {
                path: path(&["non", "lagoon", jet]),
                key: format!("{}:la", row.name),
                unum_rev: None,
                faces: &[("rnd", 30)],
                arity: row.params.len(),
            });
        }
        for key in reg.names() {
            let Some((arm, door)) = key.split_once(':') else {
                continue;
            };
            // A posit arm is jetted only at a named revision (`exp:rpb@bcb316c`).
            let (door, unum_rev) = match door.split_once('@') {
                Some((d, r)) => match UnumRev::from_commit(r) {
                    Some(r) => (d, Some(r)),
                    None => continue,
                },
                None if door == "rpb" => continue,
                None => (door, None),
            };
            let Some(&(_, core, faces)) = SCALAR_DOORS.iter().find(|(d, _, _)| *d == door) else {
                continue;
            };
            let Some(arity) = arity_of(key) else { continue };
            let names: Vec<&str> = core.iter().copied().chain([arm]).collect();
            out.push(JetSpec {
                path: path(&names),
                key: key.to_string(),
                unum_rev,
                faces,
                arity,
            });
        }
        out.sort_by(|a, b| (&a.path, a.unum_rev).cmp(&(&b.path, b.unum_rev)));
        out.dedup_by(|a, b| (&a.path, a.unum_rev) == (&b.path, b.unum_rev));
        out
    })
}

/// urnum's arm registry, built once.
pub fn registry() -> &'static Registry {
    static REG: OnceLock<Registry> = OnceLock::new();
    REG.get_or_init(Registry::new)
}

/// What the jets did: calls, punts, crashes, and in test mode the
/// mismatches against the Nock, per registry key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Calls that urnum answered (a value or a crash).
    pub answered: BTreeMap<String, u64>,
    /// Calls punted to the Nock, with the reason's first line.
    pub punted: BTreeMap<String, u64>,
    /// Mismatches in test mode: key, urnum's side, the Nock's side.
    pub mismatches: Vec<(String, String, String)>,
    /// Test-mode comparisons that agreed.
    pub agreed: u64,
    /// Test-mode comparisons that agreed, per registry key.
    pub agreed_by: BTreeMap<String, u64>,
    /// Nanoseconds spent in the arms' own Nock in test mode, per registry key.
    pub nock_nanos: BTreeMap<String, u64>,
}

fn stats_cell() -> &'static Mutex<Stats> {
    static STATS: OnceLock<Mutex<Stats>> = OnceLock::new();
    STATS.get_or_init(|| Mutex::new(Stats::default()))
}

/// A copy of the jets' statistics so far.
pub fn stats() -> Stats {
    stats_cell().lock().map(|s| s.clone()).unwrap_or_default()
}

/// Clears the statistics.
pub fn reset_stats() {
    if let Ok(mut s) = stats_cell().lock() {
        *s = Stats::default();
    }
}

fn record(f: impl FnOnce(&mut Stats)) {
    if let Ok(mut s) = stats_cell().lock() {
        f(&mut s);
    }
}

thread_local! {
    /// Set while a jet runs the arm's Nock in test mode: every urnum jet punts.
    static PUNT_ALL: Cell<bool> = const { Cell::new(false) };
    static TEST_MODE: Cell<bool> = const { Cell::new(false) };
}

/// Turns test mode (each jet checked against the arm's Nock) on or off for
/// this thread.
pub fn set_test_mode(on: bool) {
    TEST_MODE.with(|t| t.set(on));
}

/// The NockVM noun `n` as urnum's noun (atoms by their little-endian bytes).
pub fn to_urnum(n: Noun) -> HNoun {
    if let Ok(c) = n.as_cell() {
        return HNoun::cell(to_urnum(c.head()), to_urnum(c.tail()));
    }
    match n.as_atom() {
        Ok(a) => HNoun::Atom(UAtom::from_le_bytes(a.as_ne_bytes())),
        Err(_) => HNoun::Atom(UAtom::from_le_bytes(&[])),
    }
}

/// urnum's noun `n` as a NockVM noun on the context's stack.
pub fn to_nockvm(ctx: &mut Context, n: &HNoun) -> Noun {
    match n {
        HNoun::Atom(a) => match a.as_u64() {
            Some(v) if v <= nockvm::noun::DIRECT_MAX => D(v),
            Some(v) => Atom::new(&mut ctx.stack, v).as_noun(),
            None => {
                let bytes = a.to_le_bytes();
                // SAFETY: `new_raw_bytes_ref` copies `bytes` into a fresh atom
                // allocated on the context's stack and normalizes it; the
                // slice outlives the call.
                unsafe { IndirectAtom::new_raw_bytes_ref(&mut ctx.stack, &bytes).as_noun() }
            }
        },
        HNoun::Cell(_) => {
            let (h, t) = n.as_cell().expect("a cell");
            let h = to_nockvm(ctx, h);
            let t = to_nockvm(ctx, t);
            T(&mut ctx.stack, &[h, t])
        }
    }
}

fn slot(n: Noun, axis: u64) -> Option<Noun> {
    nockvm::jets::util::slot(n, axis).ok()
}

fn exit() -> JetErr {
    JetErr::Fail(Error::Deterministic(Mote::Exit, D(0)))
}

fn punt(key: &str) -> JetErr {
    record(|s| *s.punted.entry(key.to_string()).or_default() += 1);
    JetErr::Punt
}

/// Runs the jet `spec` on `subject` for a kernel on the `/lib/unum` revision `rev`: urnum's
/// answer, or a punt.
fn run(
    ctx: &mut Context,
    subject: Noun,
    spec: &JetSpec,
    rev: Option<UnumRev>,
) -> Result<Noun, JetErr> {
    if PUNT_ALL.with(Cell::get) {
        return Err(JetErr::Punt);
    }
    let Some(sample) = slot(subject, 6) else {
        return Err(punt(&spec.key));
    };
    let Some(args) = to_urnum(sample).untuple(spec.arity) else {
        return Err(punt(&spec.key));
    };
    let mut door = Door::bare(spec.key.split_once(':').map_or("", |(_, d)| d));
    // A Lagoon arm's `%unum` rays follow the kernel's revision (`add:la@bcb316c`).
    let mut key = if door.name == "la" {
        format!("{}@{}", spec.key, rev.map_or(NO_UNUM_REV, UnumRev::short))
    } else {
        spec.key.clone()
    };
    for &(face, axis) in spec.faces {
        let Some(v) = slot(subject, axis) else {
            return Err(punt(&spec.key));
        };
        let v = to_urnum(v);
        if face == "bloq" {
            let bloq = v.as_atom().and_then(UAtom::as_u64);
            let Some(&(_, d)) = POSIT_DOORS.iter().find(|(b, _)| Some(*b) == bloq) else {
                return Err(punt(&spec.key));
            };
            // `exp:rpb@bcb316c` at bloq 5 is `exp:rps@bcb316c`.
            let (arm, rest) = key.split_once(':').unwrap_or((key.as_str(), ""));
            let rev = rest
                .split_once('@')
                .map_or(String::new(), |(_, r)| format!("@{r}"));
            key = format!("{arm}:{d}{rev}");
            door = Door::bare(d);
            continue;
        }
        door.args.insert(face.to_string(), v);
    }
    let ours = match registry().call(&key, &door, &args) {
        Ok(n) => Ok(n),
        Err(ArmError::Crash(m)) => Err(m),
        Err(_) => return Err(punt(&key)),
    };
    record(|s| *s.answered.entry(key.clone()).or_default() += 1);
    if !TEST_MODE.with(Cell::get) {
        return match ours {
            Ok(n) => Ok(to_nockvm(ctx, &n)),
            Err(_) => Err(exit()),
        };
    }
    // Test mode: the arm's own Nock, with every urnum jet punting.
    PUNT_ALL.with(|p| p.set(true));
    let fol = T(&mut ctx.stack, &[D(9), D(2), D(0), D(1)]);
    let t0 = std::time::Instant::now();
    let nock = interpret(ctx, subject, fol);
    let nanos = u64::try_from(t0.elapsed().as_nanos()).unwrap_or(u64::MAX);
    PUNT_ALL.with(|p| p.set(false));
    record(|s| *s.nock_nanos.entry(key.clone()).or_default() += nanos);
    let theirs = nock.as_ref().map(|n| to_urnum(*n)).map_err(|_| ());
    let agree = match (&ours, &theirs) {
        (Ok(a), Ok(b)) => a == b,
        (Err(_), Err(())) => true,
        _ => false,
    };
    if agree {
        record(|s| {
            s.agreed += 1;
            *s.agreed_by.entry(key.clone()).or_default() += 1;
        });
    } else {
        let show = |r: Result<&HNoun, String>| match r {
            Ok(n) => {
                let bytes = hoon::jam::jam(n).to_le_bytes();
                let hex: String = bytes.iter().rev().map(|b| format!("{b:02x}")).collect();
                format!("jam 0x{hex}")
            }
            Err(m) => format!("crash: {m}"),
        };
        let u = show(ours.as_ref().map_err(Clone::clone));
        let t = show(theirs.as_ref().map_err(|_| "the Nock crashed".to_string()));
        record(|s| s.mismatches.push((key.clone(), u, t)));
    }
    nock.map_err(JetErr::Fail)
}

macro_rules! jet_table {
    ($($i:literal)*) => {
        /// One `fn` per jet id and kernel revision (NockVM's hot state takes plain fn
        /// pointers): row 0 for a kernel whose `/lib/unum` revision is not named, row `k` for
        /// the revision of C ABI key `k` ([`UnumRev::abi_key`]).
        const JETS: [&[Jet]; 3] = [
            &[$(jet::<$i, 0>),*],
            &[$(jet::<$i, 1>),*],
            &[$(jet::<$i, 2>),*],
        ];
    };
}

fn jet<const I: usize, const R: u32>(ctx: &mut Context, subject: Noun) -> Result<Noun, JetErr> {
    match specs().get(I) {
        Some(spec) => run(ctx, subject, spec, UnumRev::from_abi_key(R)),
        None => Err(JetErr::Punt),
    }
}

jet_table! {
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
    32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
    64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95
    96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127
    128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159
    160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191
    192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223
    224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255
    256 257 258 259 260 261 262 263 264 265 266 267 268 269 270 271 272 273 274 275 276 277 278 279 280 281 282 283 284 285 286 287
    288 289 290 291 292 293 294 295 296 297 298 299 300 301 302 303 304 305 306 307 308 309 310 311 312 313 314 315 316 317 318 319
    320 321 322 323 324 325 326 327 328 329 330 331 332 333 334 335 336 337 338 339 340 341 342 343 344 345 346 347 348 349 350 351
    352 353 354 355 356 357 358 359 360 361 362 363 364 365 366 367 368 369 370 371 372 373 374 375 376 377 378 379 380 381 382 383
    384 385 386 387 388 389 390 391 392 393 394 395 396 397 398 399 400 401 402 403 404 405 406 407 408 409 410 411 412 413 414 415
    416 417 418 419 420 421 422 423 424 425 426 427 428 429 430 431 432 433 434 435 436 437 438 439 440 441 442 443 444 445 446 447
    448 449 450 451 452 453 454 455 456 457 458 459 460 461 462 463 464 465 466 467 468 469 470 471 472 473 474 475 476 477 478 479
}

/// urnum's hot-state entries, to append to a kernel's own (for example
/// nockvm's `URBIT_HOT_STATE`), with the posit jets of the `/lib/unum`
/// revision `unum_rev` the kernel was built from (none for `None`). Panics
/// if there are more jets than the table of fn pointers holds (a test keeps
/// it so).
pub fn hot_state(unum_rev: Option<UnumRev>) -> Vec<HotEntry> {
    let jets = JETS[unum_rev.map_or(0, UnumRev::abi_key) as usize];
    assert!(specs().len() <= jets.len(), "more jets than JETS holds");
    specs()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.unum_rev.is_none() || s.unum_rev == unum_rev)
        .map(|(i, s)| {
            let mut p: Vec<Either<&'static [u8], (u64, u64)>> = vec![K_138];
            for name in &s.path {
                let leaked: &'static [u8] = Box::leak(name.clone().into_bytes().into_boxed_slice());
                p.push(Left(leaked));
            }
            let p: &'static [Either<&'static [u8], (u64, u64)>] = Box::leak(p.into_boxed_slice());
            (p, 1, jets[i])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every Lagoon arm vere jets (a catalogue row with a jet name) and
    /// every `/lib/math`, posit and `+twid` arm of the registry has a jet,
    /// and the table of fn pointers holds them all.
    #[test]
    fn the_jets_cover_the_hinted_arms() {
        let keys: Vec<&str> = specs().iter().map(|s| s.key.as_str()).collect();
        for row in lagoon::arms::ARMS.iter().filter(|r| r.jet.is_some()) {
            assert!(
                keys.contains(&format!("{}:la", row.name).as_str()),
                "{}",
                row.name
            );
        }
        for key in registry().names() {
            let door = key.split_once(':').map_or("", |(_, d)| d);
            let pinned = matches!(door, "rpb@96f3cfe" | "rpb@bcb316c");
            if (pinned || matches!(door, "rh" | "rs" | "rd" | "rq" | "twid"))
                && arity_of(key).is_some()
            {
                assert!(keys.contains(&key), "{key}");
            }
            // No posit jet without a revision.
            assert!(door != "rpb" || !keys.contains(&key), "{key}");
        }
        assert!(JETS.iter().all(|j| specs().len() <= j.len()));
        let posit = |r| specs().iter().filter(|s| s.unum_rev == Some(r)).count();
        let others = specs().len() - posit(UnumRev::V96f3cfe) - posit(UnumRev::Bcb316c);
        assert_eq!(posit(UnumRev::V96f3cfe), posit(UnumRev::Bcb316c));
        for r in UnumRev::ALL {
            assert_eq!(hot_state(Some(r)).len(), others + posit(r));
        }
        assert_eq!(hot_state(None).len(), others);
    }
}
