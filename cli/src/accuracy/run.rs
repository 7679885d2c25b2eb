//! The measurement itself: every sweep point through the Hoon arm and MPFR, on worker threads,
//! with a progress bar on stderr.

use super::func::{crash_kind, Func};
use super::oracle;
use super::stats::{Scored, Summary};
use super::svg::Bins;
use super::sweep::Sweep;
use super::ulp;
use softblas::math::Door;
use softblas::scalar::i754::Width;
use softblas::Round;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Points per unit of work handed to a thread.
const CHUNK: u64 = 2048;

/// What to measure.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The arms.
    pub funcs: Vec<Func>,
    /// The widths.
    pub widths: Vec<Width>,
    /// Sampled points per arm and width (one-argument arms at `@rh` are exhaustive instead).
    pub points: u64,
    /// The door modes, the first one plotted.
    pub modes: Vec<Round>,
    /// Worker threads.
    pub jobs: usize,
    /// Whether to draw a progress bar on stderr.
    pub progress: bool,
    /// The policy the doors compute under (the same values under every policy).
    pub policy: softblas::Policy,
}

/// The measurement of one arm at one width.
#[derive(Clone, Debug)]
pub struct Cell {
    /// The sweep that was measured.
    pub sweep: Sweep,
    /// One summary per mode of the plan, in its order.
    pub summaries: Vec<Summary>,
    /// The plot columns of the first mode: core panel, whole-sweep panel.
    pub bins: [Bins; 2],
}

/// One chunk's contribution to a cell.
struct Part {
    summaries: Vec<Summary>,
    bins: [Bins; 2],
}

/// A cell being filled: parts arrive in any order and are merged in point order.
struct Filling {
    cell: Cell,
    next: u64,
    pending: BTreeMap<u64, Part>,
}

/// Measures every arm of the plan at every width; returns the cells (arm-major, widths in plan order).
pub fn measure(plan: &Plan) -> Vec<Cell> {
    let cells: Vec<Mutex<Filling>> = plan
        .funcs
        .iter()
        .flat_map(|&f| plan.widths.iter().map(move |&w| (f, w)))
        .map(|(f, w)| {
            let sweep = Sweep::new(f, w, plan.points);
            let panels = sweep.panels();
            Mutex::new(Filling {
                cell: Cell {
                    summaries: vec![Summary::default(); plan.modes.len()],
                    bins: [Bins::new(panels[0]), Bins::new(panels[1])],
                    sweep,
                },
                next: 0,
                pending: BTreeMap::new(),
            })
        })
        .collect();
    // Work units, the widest widths first (they are the slowest).
    let mut units: Vec<(usize, u64)> = Vec::new();
    let mut total = 0;
    for (c, m) in cells.iter().enumerate() {
        let len = m.lock().map(|f| f.cell.sweep.len).unwrap_or(0);
        total += len;
        units.extend((0..len.div_ceil(CHUNK)).map(|k| (c, k)));
    }
    let width_of = |c: usize| {
        cells[c]
            .lock()
            .map(|f| f.cell.sweep.width)
            .unwrap_or(Width::H)
    };
    units.sort_by_key(|&(c, k)| (std::cmp::Reverse(width_of(c)), k, c));

    let next_unit = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    let start = Instant::now();
    std::thread::scope(|scope| {
        if plan.progress {
            scope.spawn(|| progress(&done, total, &finished, start));
        }
        let workers: Vec<_> = (0..plan.jobs.max(1))
            .map(|_| {
                scope.spawn(|| loop {
                    let u = next_unit.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(&(c, k)) = units.get(u) else { break };
                    let sweep = match cells[c].lock() {
                        Ok(f) => f.cell.sweep.clone(),
                        Err(_) => break,
                    };
                    let part = chunk(plan.policy, &sweep, &plan.modes, k);
                    done.fetch_add(part.summaries[0].points, Ordering::Relaxed);
                    if let Ok(mut f) = cells[c].lock() {
                        f.pending.insert(k, part);
                        loop {
                            let key = f.next;
                            let Some(p) = f.pending.remove(&key) else {
                                break;
                            };
                            for (s, q) in f.cell.summaries.iter_mut().zip(&p.summaries) {
                                s.merge(q);
                            }
                            f.cell.bins[0].merge(&p.bins[0]);
                            f.cell.bins[1].merge(&p.bins[1]);
                            f.next += 1;
                        }
                    }
                })
            })
            .collect();
        for w in workers {
            let _ = w.join();
        }
        finished.store(true, Ordering::Relaxed);
    });
    cells
        .into_iter()
        .filter_map(|m| m.into_inner().ok().map(|f| f.cell))
        .collect()
}

/// Measures points `k·CHUNK ..` of a sweep in every mode.
fn chunk(policy: softblas::Policy, sweep: &Sweep, modes: &[Round], k: u64) -> Part {
    let w = sweep.width;
    let doors: Vec<Door> = modes
        .iter()
        .filter_map(|&r| Door::with(w, r, Door::new(w).rtol(), 0).ok())
        .map(|d| d.with_policy(policy))
        .collect();
    let panels = sweep.panels();
    let mut part = Part {
        summaries: vec![Summary::default(); doors.len()],
        bins: [Bins::new(panels[0]), Bins::new(panels[1])],
    };
    let end = ((k + 1) * CHUNK).min(sweep.len);
    for i in k * CHUNK..end {
        let args = sweep.point(i);
        let core = sweep.is_core(args);
        let (exact, value) = oracle::exact(sweep.func, w, args);
        let cr = ulp::round_nearest(w, &exact);
        let (cx, wx) = sweep.coords(args, &value);
        for (m, door) in doors.iter().enumerate() {
            let result = match sweep.func.hoon(door, args) {
                Ok(bits) => Ok(Scored {
                    outcome: ulp::ulp_error(w, bits, &exact),
                    bits,
                    cr,
                    correct: ulp::same(w, bits, cr),
                }),
                Err(e) => Err(crash_kind(&e)),
            };
            part.summaries[m].add(args, core, result);
            if m == 0 {
                let outcome = result.ok().map(|r| r.outcome);
                if core {
                    part.bins[0].add(cx, outcome);
                }
                part.bins[1].add(wx, outcome);
            }
        }
    }
    part
}

/// Draws `done/total` on stderr until `finished` (a bar on a terminal, a line every 10 s otherwise).
fn progress(done: &AtomicU64, total: u64, finished: &AtomicBool, start: Instant) {
    let tty = std::io::stderr().is_terminal();
    let every = if tty {
        Duration::from_millis(250)
    } else {
        Duration::from_secs(10)
    };
    let mut last = Instant::now();
    loop {
        let end = finished.load(Ordering::Relaxed);
        if end || last.elapsed() >= every {
            last = Instant::now();
            let d = done.load(Ordering::Relaxed);
            let frac = if total == 0 {
                1.0
            } else {
                d as f64 / total as f64
            };
            let secs = start.elapsed().as_secs_f64();
            let left = if d == 0 { 0.0 } else { secs / frac - secs };
            let filled = (frac * 30.0) as usize;
            let line = format!(
                "accuracy [{}{}] {:5.1}%  {d}/{total} points  {}s elapsed, ~{}s left",
                "#".repeat(filled),
                ".".repeat(30 - filled.min(30)),
                frac * 100.0,
                secs as u64,
                left as u64
            );
            let mut err = std::io::stderr().lock();
            let _ = if tty {
                write!(err, "\r{line}")
            } else {
                writeln!(err, "{line}")
            };
            let _ = err.flush();
        }
        if end {
            if tty {
                let _ = writeln!(std::io::stderr());
            }
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
