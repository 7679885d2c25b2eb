//! The error curves of the accuracy report as hand-written SVG: per arm and width, two panels
//! (core region, whole sweep) of the largest and the mean ulp error in each of a fixed number of
//! abscissa columns, with reference lines at 0.5 ulp (correct rounding) and 1 ulp (faithful).

use super::ulp::{self, Outcome};
use softblas::scalar::i754::Width;
use std::fmt::Write as _;

/// What a plot panel's abscissa is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// The argument's value.
    Value,
    /// The argument's position in the order of the floats (log-like in magnitude).
    Ordinal,
    /// The angle `atan2(y, x)`.
    Angle,
    /// `n·log2 x`, the binary exponent of `pow`'s result.
    Log2Result,
    /// `pow-n`'s integer exponent `n`.
    Exponent,
}

/// A plot panel's abscissa range and kind.
#[derive(Clone, Copy, Debug)]
pub struct Panel {
    /// Left end.
    pub lo: f64,
    /// Right end.
    pub hi: f64,
    /// What the abscissa is.
    pub axis: Axis,
}

/// How many abscissa columns a panel has.
pub const COLUMNS: usize = 320;

/// The per-column statistics of one panel.
#[derive(Clone, Debug)]
pub struct Bins {
    /// The panel's range and axis.
    pub panel: Panel,
    /// Largest finite error per column (−1 where the column has none).
    pub max: Vec<f64>,
    /// Sum of finite errors per column.
    pub sum: Vec<f64>,
    /// Number of finite errors per column.
    pub count: Vec<u64>,
    /// Number of special mismatches and crashes per column.
    pub bad: Vec<u64>,
}

impl Bins {
    /// Empty columns over `panel`.
    pub fn new(panel: Panel) -> Bins {
        Bins {
            panel,
            max: vec![-1.0; COLUMNS],
            sum: vec![0.0; COLUMNS],
            count: vec![0; COLUMNS],
            bad: vec![0; COLUMNS],
        }
    }

    fn column(&self, x: f64) -> Option<usize> {
        let Panel { lo, hi, .. } = self.panel;
        if !(x >= lo && x <= hi) {
            return None;
        }
        let c = ((x - lo) / (hi - lo) * COLUMNS as f64) as usize;
        Some(c.min(COLUMNS - 1))
    }

    /// Adds a point at abscissa `x` (ignored outside the panel); `None` is a crash.
    pub fn add(&mut self, x: f64, outcome: Option<Outcome>) {
        let Some(c) = self.column(x) else { return };
        match outcome {
            Some(Outcome::Ulps(e)) => {
                self.max[c] = self.max[c].max(e);
                self.sum[c] += e;
                self.count[c] += 1;
            }
            _ => self.bad[c] += 1,
        }
    }

    /// Adds every point of `other` (same panel).
    pub fn merge(&mut self, other: &Bins) {
        for c in 0..COLUMNS {
            self.max[c] = self.max[c].max(other.max[c]);
            self.sum[c] += other.sum[c];
            self.count[c] += other.count[c];
            self.bad[c] += other.bad[c];
        }
    }

    /// The largest error of any column, at most 1e300 (errors beyond a double's range are ∞).
    fn top(&self) -> f64 {
        self.max.iter().copied().fold(0.0, f64::max).min(1e300)
    }
}

/// A float at `w` written briefly (`±2^k` beyond the host double range).
pub fn brief(w: Width, bits: u128) -> String {
    let v = ulp::to_f64(w, bits);
    let zero = softblas::scalar::i754::is_zero(w, bits);
    if softblas::scalar::i754::is_nan(w, bits) {
        "NaN".into()
    } else if softblas::scalar::i754::is_inf(w, bits) {
        if v > 0.0 { "∞" } else { "−∞" }.into()
    } else if zero || (v.is_finite() && v.abs() >= 1e-300) {
        short(v)
    } else {
        let sign = if softblas::scalar::i754::sig(w, bits) {
            ""
        } else {
            "−"
        };
        format!("{sign}2^{:.0}", ulp::log2_abs(w, bits).floor())
    }
}

/// A double in at most four significant digits.
fn short(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let a = v.abs();
    let s = if (1e-3..1e5).contains(&a) {
        let t = format!("{v:.3}");
        let t = t.trim_end_matches('0').trim_end_matches('.').to_string();
        t
    } else {
        let t = format!("{v:.2e}");
        t.replace(".00e", "e")
    };
    s.replace('-', "−")
}

fn tick_label(w: Width, axis: Axis, x: f64) -> String {
    match axis {
        Axis::Ordinal => {
            let end = ulp::ordinal(w, softblas::scalar::i754::max_finite(w));
            brief(
                w,
                ulp::from_ordinal(w, (x.round() as i128).clamp(-end, end)),
            )
        }
        Axis::Log2Result => format!("2^{}", x.round()),
        Axis::Exponent => format!("{}", x.round()),
        Axis::Value | Axis::Angle => short(x),
    }
}

fn axis_title(axis: Axis, arg: &str) -> String {
    match axis {
        Axis::Value => format!("{arg} (linear)"),
        Axis::Ordinal => format!("{arg} (float order: log-scaled magnitude, sign-symmetric)"),
        Axis::Angle => "atan2(y, x) (exact angle)".into(),
        Axis::Log2Result => "n·log₂x (binary exponent of the result)".into(),
        Axis::Exponent => "n".into(),
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

const W: f64 = 900.0;
const PANEL_H: f64 = 260.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 40.0;
const TOP: f64 = 50.0;
const GAP: f64 = 80.0;

/// An SVG drawing of `panels` (each with its caption) under `title`; `arg` names the abscissa.
pub fn render(w: Width, title: &str, arg: &str, panels: &[(&str, &Bins)]) -> String {
    let height = TOP + panels.len() as f64 * (PANEL_H + GAP);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" viewBox="0 0 {W} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" font-size="15" text-anchor="middle">{}</text>"#,
        W / 2.0,
        esc(title)
    );
    for (k, (caption, bins)) in panels.iter().enumerate() {
        let y0 = TOP + k as f64 * (PANEL_H + GAP);
        panel(&mut s, w, y0, caption, arg, bins);
    }
    s.push_str("</svg>\n");
    s
}

fn panel(s: &mut String, w: Width, y0: f64, caption: &str, arg: &str, bins: &Bins) {
    let (x0, x1) = (LEFT, W - RIGHT);
    let (ya, yb) = (y0 + 10.0, y0 + PANEL_H);
    let top = bins.top();
    let log = top > 4.0;
    // The ordinate: linear [0, lim] up to 4 ulp, else log10 from 1e-2 to the next power of ten.
    let (lim, floor) = if log {
        (top.log10().ceil().max(1.0), -2.0)
    } else {
        (
            [0.5, 1.0, 2.0, 4.0]
                .into_iter()
                .find(|&l| top <= l)
                .unwrap_or(4.0),
            0.0,
        )
    };
    let y_of = |e: f64| -> f64 {
        let t = if log {
            (e.max(1e-2).log10() - floor) / (lim - floor)
        } else {
            e / lim
        };
        yb - t.clamp(0.0, 1.0) * (yb - ya)
    };
    let Panel { lo, hi, axis } = bins.panel;
    let x_of = |c: f64| x0 + c / COLUMNS as f64 * (x1 - x0);
    let _ = writeln!(
        s,
        r#"<text x="{x0}" y="{}" font-size="12">{}</text>"#,
        y0 + 2.0,
        esc(caption)
    );
    let _ = writeln!(
        s,
        r##"<rect x="{x0}" y="{ya}" width="{}" height="{}" fill="none" stroke="#444"/>"##,
        x1 - x0,
        yb - ya
    );
    // Ordinate ticks.
    let ticks: Vec<f64> = if log {
        // At most about eight labelled decades.
        let step = ((lim - floor) / 8.0).ceil().max(1.0) as usize;
        (floor as i32..=lim as i32)
            .step_by(step)
            .map(|k| 10f64.powi(k))
            .collect()
    } else {
        (0..=4).map(|k| lim * f64::from(k) / 4.0).collect()
    };
    for t in ticks {
        let y = y_of(t);
        let _ = writeln!(
            s,
            r##"<line x1="{x0}" y1="{y:.1}" x2="{x1}" y2="{y:.1}" stroke="#eee"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            x0 - 4.0,
            y + 4.0,
            short(t)
        );
    }
    // Abscissa ticks.
    for k in 0..=6 {
        let c = COLUMNS as f64 * f64::from(k) / 6.0;
        let v = lo + (hi - lo) * f64::from(k) / 6.0;
        let x = x_of(c);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{yb}" x2="{x:.1}" y2="{}" stroke="#444"/><text x="{x:.1}" y="{}" text-anchor="middle">{}</text>"##,
            yb + 4.0,
            yb + 16.0,
            esc(&tick_label(w, axis, v))
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        (x0 + x1) / 2.0,
        yb + 32.0,
        esc(&axis_title(axis, arg))
    );
    let _ = writeln!(
        s,
        r#"<text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">ulp error{}</text>"#,
        (ya + yb) / 2.0,
        (ya + yb) / 2.0,
        if log { " (log scale)" } else { "" }
    );
    // Max as vertical bars from the floor, mean as a polyline.
    let mut bars = String::new();
    let mut mean = String::new();
    for c in 0..COLUMNS {
        let xa = x_of(c as f64 + 0.5);
        if bins.count[c] > 0 {
            let _ = write!(bars, "M{xa:.1} {yb:.1}V{:.1}", y_of(bins.max[c]));
            let m = bins.sum[c] / bins.count[c] as f64;
            let _ = write!(
                mean,
                "{}{xa:.1},{:.1}",
                if mean.is_empty() { "" } else { " " },
                y_of(m)
            );
        }
        if bins.bad[c] > 0 {
            let _ = writeln!(
                s,
                r##"<line x1="{xa:.1}" y1="{ya:.1}" x2="{xa:.1}" y2="{:.1}" stroke="#c00" stroke-width="2"/>"##,
                ya + 6.0
            );
        }
    }
    let _ = writeln!(
        s,
        r##"<path d="{bars}" stroke="#36c" stroke-width="{:.2}" fill="none"/>"##,
        (x1 - x0) / COLUMNS as f64
    );
    if !mean.is_empty() {
        let _ = writeln!(
            s,
            r##"<polyline points="{mean}" stroke="#000" stroke-width="1" fill="none"/>"##
        );
    }
    for (r, color) in [(0.5, "#2a2"), (1.0, "#d80")] {
        if log || r <= lim {
            let y = y_of(r);
            let _ = writeln!(
                s,
                r#"<line x1="{x0}" y1="{y:.1}" x2="{x1}" y2="{y:.1}" stroke="{color}" stroke-dasharray="4 3"/>"#
            );
        }
    }
    // Legend.
    let lx = x1 - 330.0;
    let _ = writeln!(
        s,
        r##"<text x="{lx}" y="{}"><tspan fill="#36c">█ max</tspan>  <tspan>— mean</tspan>  <tspan fill="#2a2">-- 0.5 ulp</tspan>  <tspan fill="#d80">-- 1 ulp</tspan>  <tspan fill="#c00">▮ NaN/∞ mismatch or crash</tspan></text>"##,
        y0 + 2.0
    );
}
