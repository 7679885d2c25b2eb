//! `urnum accuracy` with MPFR: parses the arguments, measures, writes the plots and the report.

use super::func::Func;
use super::report::{self, door_name, mode_term, Provenance};
use super::run::{self, Cell, Plan};
use super::svg;
use super::Args;
use softblas::scalar::i754::Width;
use softblas::{DoorRound, Round};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

fn usage(msg: &str) -> ExitCode {
    eprintln!("urnum accuracy: {msg}");
    ExitCode::from(2)
}

/// The distinct values `parse` gives for `names`, in order, or `default`
/// when no name is given; the error names the first name `parse` refuses.
fn pick<T: Copy + PartialEq>(
    names: &[String],
    default: &[T],
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    for name in names {
        let v = parse(name)?;
        if !out.contains(&v) {
            out.push(v);
        }
    }
    Ok(if out.is_empty() {
        default.to_vec()
    } else {
        out
    })
}

pub(super) fn main(args: &Args, policy: softblas::Policy) -> ExitCode {
    let widths = pick(&args.widths, &Width::ALL, |name| {
        Width::ALL
            .into_iter()
            .find(|&w| door_name(w) == name)
            .ok_or_else(|| format!("unknown door {name:?} (rh, rs, rd, rq)"))
    });
    let funcs = pick(&args.funcs, &Func::ALL, |name| {
        Func::from_name(name).ok_or_else(|| {
            let all: Vec<_> = Func::ALL.iter().map(|f| f.name()).collect();
            format!("unknown arm {name:?} ({})", all.join(" "))
        })
    });
    let modes = pick(&args.modes, &[Round::N], |name| {
        Round::from_term(name).map_err(|e| e.to_string())
    });
    let (widths, funcs, modes) = match (widths, funcs, modes) {
        (Ok(w), Ok(f), Ok(m)) => (w, f, m),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return usage(&e),
    };
    if args.points < 2 {
        return usage("--points must be at least 2");
    }
    let single_svg = args
        .plot
        .as_ref()
        .is_some_and(|p| p.extension().is_some_and(|e| e == "svg"));
    if single_svg && funcs.len() * widths.len() != 1 {
        return usage(
            "--plot FILE.svg needs exactly one --fn and one --width; give a directory instead",
        );
    }
    let jobs = if args.jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.jobs
    };
    let plan = Plan {
        funcs,
        widths,
        points: args.points,
        modes,
        jobs,
        progress: !args.quiet,
        policy,
    };
    let start = Instant::now();
    let cells = run::measure(&plan);
    let seconds = start.elapsed().as_secs_f64();

    let mut plots: Vec<(usize, PathBuf)> = Vec::new();
    if let Some(p) = &args.plot {
        if !single_svg {
            if let Err(e) = std::fs::create_dir_all(p) {
                return usage(&format!("cannot create {}: {e}", p.display()));
            }
        }
        for (i, c) in cells.iter().enumerate() {
            let file = if single_svg {
                p.clone()
            } else {
                p.join(format!(
                    "{}-{}.svg",
                    c.sweep.func.name(),
                    door_name(c.sweep.width)
                ))
            };
            if let Err(e) = std::fs::write(&file, plot(c, plan.modes[0])) {
                return usage(&format!("cannot write {}: {e}", file.display()));
            }
            plots.push((i, file));
        }
    }
    let prov = Provenance {
        command: std::iter::once("urnum".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        date: today(),
        commit: commit(),
        seconds,
        jobs,
    };
    match &args.out {
        Some(out) => {
            let base = out.parent().unwrap_or(Path::new(""));
            let link = |c: &Cell| {
                let i = cells.iter().position(|d| std::ptr::eq(d, c))?;
                let (_, file) = plots.iter().find(|(j, _)| *j == i)?;
                let rel = file.strip_prefix(base).unwrap_or(file);
                Some(rel.display().to_string())
            };
            let mut md = report::markdown(&cells, &plan.modes, &prov, &link);
            // The posit section is written by another sweep (`report::UNUM_SECTION`): keep it.
            if let Ok(old) = std::fs::read_to_string(out) {
                if let Some(i) = old.find(report::UNUM_SECTION) {
                    md.push('\n');
                    md.push_str(&old[i..]);
                }
            }
            if let Err(e) = std::fs::write(out, md) {
                return usage(&format!("cannot write {}: {e}", out.display()));
            }
            eprintln!("urnum accuracy: wrote {} ({seconds:.0} s)", out.display());
        }
        None => {
            for (m, &r) in plan.modes.iter().enumerate() {
                println!("mode {}\n", mode_term(r));
                println!("{}", report::table(&cells, m));
            }
            eprintln!("urnum accuracy: {seconds:.0} s on {jobs} threads");
        }
    }
    ExitCode::SUCCESS
}

/// The SVG of a cell's error curves in `mode`.
fn plot(c: &Cell, mode: Round) -> String {
    let name = c.sweep.func.name();
    let door = door_name(c.sweep.width);
    let title = format!(
        "{name}:{door} against MPFR, mode {}: ulp error ({} points)",
        mode_term(mode),
        c.sweep.len
    );
    let arg = match c.sweep.func.arity() {
        1 => "x",
        _ => "arguments",
    };
    svg::render(
        c.sweep.width,
        &title,
        arg,
        &[("core region", &c.bins[0]), ("whole sweep", &c.bins[1])],
    )
}

/// Today's UTC date as `YYYY-MM-DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The current commit (short hash), noting uncommitted changes to tracked files.
fn commit() -> String {
    let run = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match run(&["rev-parse", "--short=12", "HEAD"]) {
        Some(h) => {
            let dirty = run(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty {
                format!("`{h}` (with uncommitted changes)")
            } else {
                format!("`{h}`")
            }
        }
        None => "(unknown: not a git checkout)".into(),
    }
}
