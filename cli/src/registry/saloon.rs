//! Registry entries for the Saloon arms (`<arm>:sa`, urbit/numerics
//! `saloon/desk/lib/saloon.hoon@424a2bf`) and the `/lib/rand` seeding arm
//! `from-atom:seed` their fills take.
//!
//! Door faces: `rnd` (bunt `%n`: bare `sa` is `%n`) and `rtol` (bunt `0x1`).
//! As in Hoon, `(f a b)` and `(f [a b])` are one call: the arguments are
//! joined into a right-nested sample and split into the arm's parts. Results
//! are the arms' nouns: tuples for `+eig` `[vals vecs]`, `+cg`/`+pcg` `[x iter
//! rnorm]`, `+svd` `[u s v]`, `+qr` `[q r]`, `+svd-sweep` `[mat vecs rots]`,
//! `+house` `[v vv alpha]`, the fills `[ray rng]`; `+chol-unit` a unit; the
//! comparisons `+fgte +flte +near +cnear +symmetric +hermitian` and
//! `+all-close +any-close` loobeans (`0` is `%.y`). A gate is no noun: the
//! gate-returning arms `+trans-scalar`/`+fun-scalar` are called uncurried
//! (`[bloq kind fun x]`, `[meta fun x y]`), and `+fill-simple`/`+fill-windowed`,
//! which take a gate, are unsupported.

use super::{
    atom_part, bloq_part, kind_part, loobean, sample, term_part, u64_part, ArmError, Door, Registry,
};
use crate::gates::KnownGate;
use crate::registry::args::{meta_part, ray_part, shape_part};
use hoon::noun::Noun;
use hoon::ray::ray_to_noun;
use lagoon::elementwise as ew;
use lagoon::Ray;
use saloon::elementwise::{self as el, BinaryOp, UnaryOp};
use saloon::fl::{Cf, Fl};
use saloon::grid::{CGrid, Grid};
use saloon::random::{self, Engine, Rng};
use saloon::{Sa, SaloonError};
use softblas::scalar::cplx::Cplx;
use softblas::Atom;

type R = Result<Noun, ArmError>;

impl From<SaloonError> for ArmError {
    fn from(e: SaloonError) -> ArmError {
        match e {
            SaloonError::Lagoon(l) => ArmError::from(l),
            e if e.is_unsupported() => ArmError::unsupported_from(&e),
            e => ArmError::Crash(e.to_string()),
        }
    }
}

/// Registers the `saloon` arms urnum implements.
pub(super) fn register(r: &mut Registry) {
    // Element-wise arms.
    r.insert("trans-scalar:sa", trans_scalar);
    r.insert("fun-scalar:sa", fun_scalar);
    // Delegations to (lake rnd).
    register_eig(r);
    register_scalars(r);
    register_solvers(r);
    register_random(r);
}

fn register_eig(r: &mut Registry) {
    use saloon::eig;
    r.insert("rot-cols-h:sa", |d, a| rot_h(d, a, "rot-cols-h", false));
    r.insert("rot-rows-h:sa", |d, a| rot_h(d, a, "rot-rows-h", true));
    r.insert("sweep-herm:sa", |d, a| {
        let p = sample(a, 2, "sweep-herm")?;
        let mut m = cgrid(d, &ray_part(&p[0], "sweep-herm", 0)?)?;
        let mut v = cgrid(d, &ray_part(&p[1], "sweep-herm", 1)?)?;
        eig::sweep_herm(&sa(d)?, &mut m, &mut v)?;
        Ok(Noun::cell(rayn(m.ray()?)?, rayn(v.ray()?)?))
    });
}

fn register_scalars(r: &mut Registry) {
    r.insert("fadd:sa", |d, a| f2(d, a, "fadd", |f, x, y| f.add(x, y)));
    r.insert("fsub:sa", |d, a| f2(d, a, "fsub", |f, x, y| f.sub(x, y)));
    r.insert("fmul:sa", |d, a| f2(d, a, "fmul", |f, x, y| f.mul(x, y)));
    r.insert("fdiv:sa", |d, a| f2(d, a, "fdiv", |f, x, y| f.div(x, y)));
    r.insert("fgte:sa", |d, a| fb(d, a, "fgte", |f, x, y| f.gte(x, y)));
    r.insert("flte:sa", |d, a| fb(d, a, "flte", |f, x, y| f.lte(x, y)));
    r.insert("near:sa", |d, a| fb(d, a, "near", |f, x, y| f.near(x, y)));
    r.insert("fabs:sa", |d, a| f1(d, a, "fabs", |f, x| f.abs(x)));
    r.insert("fsqt:sa", |d, a| f1(d, a, "fsqt", |f, x| f.sqt(x)));
    r.insert("fneg:sa", |d, a| f1(d, a, "fneg", |f, x| f.neg(x)));
    r.insert("fsign:sa", |d, a| f1(d, a, "fsign", |f, x| f.sign(x)));
    r.insert("f0:sa", |d, a| f0(d, a, "f0", |f| f.zero()));
    r.insert("f1:sa", |d, a| f0(d, a, "f1", |f| f.one()));
    r.insert("f2:sa", |d, a| f0(d, a, "f2", |f| f.two()));
    r.insert("feps:sa", |d, a| f0(d, a, "feps", |f| f.eps()));
    r.insert("stol:sa", |d, a| {
        f0(d, a, "stol", |f| saloon::fl::stol(f.w))
    });
    r.insert("cb-comp:sa", |_, a| {
        let b = bloq_part(&sample(a, 1, "cb-comp")?[0], "cb-comp", 0)?;
        let c = b
            .checked_sub(1)
            .ok_or_else(|| ArmError::Crash("cb-comp: (dec 0)".into()))?;
        Ok(Noun::atom(u64::from(c)))
    });
    r.insert("cadd:sa", |d, a| c2(d, a, "cadd", |c, x, y| c.add(x, y)));
    r.insert("csub:sa", |d, a| c2(d, a, "csub", |c, x, y| c.sub(x, y)));
    r.insert("cmul:sa", |d, a| c2(d, a, "cmul", |c, x, y| c.mul(x, y)));
    r.insert("cdiv:sa", |d, a| c2(d, a, "cdiv", |c, x, y| c.div(x, y)));
    r.insert("cconj:sa", |d, a| {
        let (c, p) = cargs(d, a, 2, "cconj")?;
        Ok(Noun::Atom(c.join(c.conj(p[0]))))
    });
    r.insert("cre:sa", |d, a| {
        let (_, p) = cargs(d, a, 2, "cre")?;
        atom(p[0].re)
    });
    r.insert("cabs-re:sa", |d, a| {
        let (c, p) = cargs(d, a, 2, "cabs-re")?;
        atom(c.abs_re(p[0]))
    });
    r.insert("cnear:sa", |d, a| {
        let (c, p) = cargs(d, a, 3, "cnear")?;
        Ok(loobean(c.near(p[0], p[1])))
    });
    r.insert("cpak:sa", |d, a| {
        let p = sample(a, 3, "cpak")?;
        let c = cf(d, bloq_part(&p[0], "cpak", 0)?, "cpak")?;
        let (x, y) = (atom_part(&p[1], "cpak", 1)?, atom_part(&p[2], "cpak", 2)?);
        Ok(Noun::Atom(softblas::scalar::cplx::pak_atoms(c.d.w, x, y)))
    });
    r.insert("gi:sa", |_, a| {
        let p = sample(a, 2, "gi")?;
        let m = ray_part(&p[0], "gi", 0)?;
        let dex = shape_part(&p[1], "gi", 1)?;
        Ok(Noun::Atom(lagoon::get_item(&m, &dex)?))
    });
    r.insert("si:sa", |_, a| {
        let p = sample(a, 3, "si")?;
        let m = ray_part(&p[0], "si", 0)?;
        let dex = shape_part(&p[1], "si", 1)?;
        rayn(lagoon::set_item(&m, &dex, atom_part(&p[2], "si", 2)?)?)
    });
}

fn register_solvers(r: &mut Registry) {
    use saloon::qr;
    r.insert("sum-sq:sa", |d, a| {
        let p = sample(a, 2, "sum-sq")?;
        let b = bloq_part(&p[0], "sum-sq", 0)?;
        atom(qr::sum_sq(&sa(d)?, b, &floats(&p[1], "sum-sq", 1)?))
    });
    r.insert("house:sa", |d, a| {
        let p = sample(a, 2, "house")?;
        let b = bloq_part(&p[0], "house", 0)?;
        let h = qr::house(&sa(d)?, b, &floats(&p[1], "house", 1)?)?;
        let v = Noun::list(h.v.iter().map(|&x| Noun::Atom(Atom::from_u128(x))));
        Ok(Noun::tuple([v, atom(h.vv)?, atom(h.alpha)?]))
    });
    r.insert("reflect:sa", |d, a| {
        let p = sample(a, 7, "reflect")?;
        let b = bloq_part(&p[0], "reflect", 0)?;
        let mut w = Grid::of(&ray_part(&p[1], "reflect", 1)?)?;
        let k = u64_part(&p[2], "reflect", 2)?;
        let v = floats(&p[3], "reflect", 3)?;
        let vv = atom_part(&p[4], "reflect", 4)?.low_u128();
        let cols = (
            u64_part(&p[5], "reflect", 5)?,
            u64_part(&p[6], "reflect", 6)?,
        );
        qr::reflect(&sa(d)?, b, &mut w, k, (&v, vv), cols)?;
        rayn(w.ray()?)
    });
}

fn register_random(r: &mut Registry) {
    r.insert("from-atom:seed", |_, a| {
        let p = sample(a, 2, "from-atom")?;
        let eng = engine(&p[0])?;
        Ok(rng_to_noun(&random::from_atom(
            eng,
            atom_part(&p[1], "from-atom", 1)?,
        )))
    });
    r.insert("fill-uniform:sa", |_, a| {
        let p = sample(a, 2, "fill-uniform")?;
        let m = meta_part(&p[0], "fill-uniform", 0)?;
        fill(random::fill_uniform(&m, &rng_from_noun(&p[1])?)?)
    });
    r.insert("fill-normal:sa", |_, a| {
        let p = sample(a, 2, "fill-normal")?;
        let m = meta_part(&p[0], "fill-normal", 0)?;
        fill(random::fill_normal(&m, &rng_from_noun(&p[1])?)?)
    });
    r.insert("fill-expon:sa", |_, a| {
        let p = sample(a, 3, "fill-expon")?;
        let m = meta_part(&p[0], "fill-expon", 0)?;
        let l = atom_part(&p[2], "fill-expon", 2)?;
        fill(random::fill_expon(&m, &rng_from_noun(&p[1])?, l)?)
    });
    r.insert("fill-below:sa", |_, a| {
        let p = sample(a, 3, "fill-below")?;
        let m = meta_part(&p[0], "fill-below", 0)?;
        let n = atom_part(&p[1], "fill-below", 1)?;
        fill(random::fill_below(&m, n, &rng_from_noun(&p[2])?)?)
    });
    r.insert("fill-simple:sa", |_, a| {
        fill_with_gate(a, "fill-simple", false)
    });
    r.insert("fill-windowed:sa", |_, a| {
        fill_with_gate(a, "fill-windowed", true)
    });
}

// ----- decoding -----

fn sa(d: &Door) -> Result<Sa, ArmError> {
    d.sake()
}

fn floats(n: &Noun, arm: &str, i: usize) -> Result<Vec<u128>, ArmError> {
    n.as_list()
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument {} is not a list", i + 1)))?
        .iter()
        .map(|e| atom_part(e, arm, i).map(Atom::low_u128))
        .collect()
}

fn atom(v: u128) -> R {
    Ok(Noun::Atom(Atom::from_u128(v)))
}

fn rayn(r: Ray) -> R {
    Ok(ray_to_noun(&r))
}

/// `((trans-scalar bloq kind fun) x)`: the unary gate applied to an atom (the gate itself is not a noun here).
fn trans_scalar(d: &Door, a: &[Noun]) -> R {
    let arm = "trans-scalar";
    let p = sample(a, 4, arm)?;
    let bloq = bloq_part(&p[0], arm, 0)?;
    let kind = kind_part(&p[1], arm, 1)?;
    let op = UnaryOp::from_term(&term_part(&p[2], arm, 2)?)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: not a unary op")))?;
    let gate = el::trans_scalar(&sa(d)?, bloq, kind, op)?;
    Ok(Noun::Atom(ew::apply1(
        d.policy,
        &gate,
        atom_part(&p[3], arm, 3)?,
    )?))
}

/// `((fun-scalar meta fun) x y)`: the binary gate applied to two atoms.
fn fun_scalar(d: &Door, a: &[Noun]) -> R {
    let arm = "fun-scalar";
    let p = sample(a, 4, arm)?;
    let m = meta_part(&p[0], arm, 0)?;
    let op = BinaryOp::from_term(&term_part(&p[1], arm, 1)?)
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: not a binary op")))?;
    let gate = el::fun_scalar(&sa(d)?, &m, op)?;
    let (x, y) = (atom_part(&p[2], arm, 2)?, atom_part(&p[3], arm, 3)?);
    Ok(Noun::Atom(ew::apply2(d.policy, &gate, x, y)?))
}

fn fl(d: &Door, n: &Noun, arm: &str) -> Result<Fl, ArmError> {
    Ok(Fl::new(d.policy.exec, bloq_part(n, arm, 0)?, sa(d)?.rnd))
}

fn f0(d: &Door, a: &[Noun], arm: &str, op: fn(Fl) -> u128) -> R {
    let p = sample(a, 1, arm)?;
    atom(op(fl(d, &p[0], arm)?))
}

fn f1(d: &Door, a: &[Noun], arm: &str, op: fn(Fl, u128) -> u128) -> R {
    let p = sample(a, 2, arm)?;
    atom(op(fl(d, &p[0], arm)?, atom_part(&p[1], arm, 1)?.low_u128()))
}

fn f2(d: &Door, a: &[Noun], arm: &str, op: fn(Fl, u128, u128) -> u128) -> R {
    let p = sample(a, 3, arm)?;
    let (x, y) = (
        atom_part(&p[1], arm, 1)?.low_u128(),
        atom_part(&p[2], arm, 2)?.low_u128(),
    );
    atom(op(fl(d, &p[0], arm)?, x, y))
}

fn fb(d: &Door, a: &[Noun], arm: &str, op: fn(Fl, u128, u128) -> bool) -> R {
    let p = sample(a, 3, arm)?;
    let (x, y) = (
        atom_part(&p[1], arm, 1)?.low_u128(),
        atom_part(&p[2], arm, 2)?.low_u128(),
    );
    Ok(loobean(op(fl(d, &p[0], arm)?, x, y)))
}

fn cf(d: &Door, cb: u32, arm: &str) -> Result<Cf, ArmError> {
    Cf::new(d.policy.exec, cb, sa(d)?.rnd)
        .ok_or_else(|| ArmError::Unsupported(format!("{arm}: complex bloq {cb} outside 5..=8")))
}

/// The complex helpers of the bloq in part 0, and the complex values of parts `1..k`.
fn cargs(d: &Door, a: &[Noun], k: usize, arm: &str) -> Result<(Cf, Vec<Cplx>), ArmError> {
    let p = sample(a, k, arm)?;
    let c = cf(d, bloq_part(&p[0], arm, 0)?, arm)?;
    let vals = p[1..]
        .iter()
        .enumerate()
        .map(|(i, n)| atom_part(n, arm, i + 1).map(|x| c.split(x)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((c, vals))
}

fn c2(d: &Door, a: &[Noun], arm: &str, op: fn(Cf, Cplx, Cplx) -> Cplx) -> R {
    let (c, p) = cargs(d, a, 3, arm)?;
    Ok(Noun::Atom(c.join(op(c, p[0], p[1]))))
}

fn cgrid(d: &Door, a: &Ray) -> Result<CGrid, ArmError> {
    let c = cf(d, a.meta.bloq, "complex helper")?;
    Ok(CGrid::of(a, c.d.w)?)
}

fn rot_h(d: &Door, a: &[Noun], arm: &'static str, rows: bool) -> R {
    let p = sample(a, 5, arm)?;
    let mut m = cgrid(d, &ray_part(&p[0], arm, 0)?)?;
    let (pp, q) = (u64_part(&p[1], arm, 1)?, u64_part(&p[2], arm, 2)?);
    let c = cf(d, m.meta.bloq, arm)?;
    let (cc, b) = (
        c.split(atom_part(&p[3], arm, 3)?),
        c.split(atom_part(&p[4], arm, 4)?),
    );
    let s_ = sa(d)?;
    saloon::eig::rotate(&s_, &mut m, (pp, q), (cc, b), rows)?;
    rayn(m.ray()?)
}

fn cord(t: &str) -> Noun {
    Noun::Atom(Atom::from_le_bytes(t.as_bytes()))
}

fn engine(n: &Noun) -> Result<Engine, ArmError> {
    match term_part(n, "from-atom", 0)?.as_str() {
        "phil" => Ok(Engine::Phil),
        "sm64" => Ok(Engine::Sm64),
        "pcg" => Ok(Engine::Pcg),
        t => Err(ArmError::BadArgs(format!("from-atom: engine %{t}"))),
    }
}

/// The noun of an engine state: `[%phil [key ctr]]`, `[%sm64 s]`, `[%pcg [state inc]]`.
fn rng_to_noun(r: &Rng) -> Noun {
    match r {
        Rng::Phil { key, ctr } => Noun::cell(
            cord("phil"),
            Noun::cell(Noun::Atom(key.clone()), Noun::Atom(ctr.clone())),
        ),
        Rng::Sm64(s) => Noun::cell(cord("sm64"), Noun::Atom(s.clone())),
        Rng::Pcg { state, inc } => Noun::cell(
            cord("pcg"),
            Noun::cell(Noun::Atom(state.clone()), Noun::Atom(inc.clone())),
        ),
    }
}

fn rng_from_noun(n: &Noun) -> Result<Rng, ArmError> {
    let bad = || ArmError::BadArgs("not an rng noun".into());
    let (h, t) = n.as_cell().ok_or_else(bad)?;
    let pair = |t: &Noun| -> Result<(Atom, Atom), ArmError> {
        let (a, b) = t.as_cell().ok_or_else(bad)?;
        Ok((
            a.as_atom().ok_or_else(bad)?.clone(),
            b.as_atom().ok_or_else(bad)?.clone(),
        ))
    };
    match term_part(h, "rng", 0)?.as_str() {
        "phil" => {
            let (key, ctr) = pair(t)?;
            Ok(Rng::Phil { key, ctr })
        }
        "sm64" => Ok(Rng::Sm64(t.as_atom().ok_or_else(bad)?.clone())),
        "pcg" => {
            let (state, inc) = pair(t)?;
            Ok(Rng::Pcg { state, inc })
        }
        _ => Err(bad()),
    }
}

/// `+fill-simple`/`+fill-windowed [meta r draw]` with a draw gate urnum knows
/// ([`crate::gates`]); any other gate is unsupported.
fn fill_with_gate(a: &[Noun], arm: &'static str, window: bool) -> R {
    let p = sample(a, 3, arm)?;
    let m = meta_part(&p[0], arm, 0)?;
    let r = rng_from_noun(&p[1])?;
    let gate = KnownGate::from_noun(&p[2])
        .ok_or_else(|| ArmError::Unsupported(format!("{arm}: a draw gate urnum does not know")))?;
    let draw = |rr: &Rng| -> Result<(Atom, Rng), SaloonError> {
        match (gate, rr) {
            (KnownGate::PhilClaims2p40, Rng::Phil { key, ctr }) => Ok((
                Atom::ZERO,
                Rng::Phil {
                    key: key.clone(),
                    ctr: ctr.add(&Atom::pow2(40)),
                },
            )),
            // `?>  ?=(%phil -.rr)` fails.
            (KnownGate::PhilClaims2p40, _) => Err(SaloonError::Crash {
                arm,
                check: "?=(%phil -.rr)".into(),
            }),
        }
    };
    let res = if window {
        random::fill_windowed(&m, &r, &draw)?
    } else {
        random::fill_simple(&m, &r, &draw)?
    };
    fill(res)
}

fn fill(res: (Ray, Rng)) -> R {
    Ok(Noun::cell(ray_to_noun(&res.0), rng_to_noun(&res.1)))
}
