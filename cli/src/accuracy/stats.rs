//! The summary statistics of one arm at one width in one rounding mode.

use super::ulp::Outcome;
use std::collections::BTreeMap;

/// What the report says about one arm, width and mode: counts, the largest and the mean ulp error.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Points measured.
    pub points: u64,
    /// Points whose arguments lie in the core region.
    pub core_points: u64,
    /// Largest finite ulp error over the core points.
    pub core_max: f64,
    /// Sum of the finite ulp errors over the core points.
    pub core_sum: f64,
    /// Number of finite ulp errors over the core points.
    pub core_count: u64,
    /// Largest finite ulp error over all points.
    pub max: f64,
    /// Sum of the finite ulp errors over all points.
    pub sum: f64,
    /// Number of finite ulp errors over all points.
    pub count: u64,
    /// Points where the result is bit for bit the correctly rounded one (every NaN equal).
    pub correct: u64,
    /// Points where a NaN or an infinity stands against a value ([`Outcome::Special`]).
    pub specials: u64,
    /// Points where the arm gave no value, by kind (`toi`, `assert`, `loops`, `steps`).
    pub crashes: BTreeMap<&'static str, u64>,
    /// The arguments of the first point with the largest error, and that error.
    pub worst: Option<([u128; 2], f64)>,
    /// The first special mismatch: its arguments, the arm's result and the correctly rounded one.
    pub first_special: Option<([u128; 2], u128, u128)>,
}

/// How one point with a result came out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    /// The error.
    pub outcome: Outcome,
    /// The arm's result.
    pub bits: u128,
    /// The correctly rounded result.
    pub cr: u128,
    /// Whether `bits` is `cr` (any NaN equal to any NaN).
    pub correct: bool,
}

/// How one point came out: scored, or the kind of crash.
pub type PointResult = Result<Scored, &'static str>;

impl Summary {
    /// Adds one point.
    pub fn add(&mut self, args: [u128; 2], core: bool, result: PointResult) {
        self.points += 1;
        if core {
            self.core_points += 1;
        }
        match result {
            Ok(scored) => {
                if scored.correct {
                    self.correct += 1;
                }
                match scored.outcome {
                    Outcome::Ulps(e) => {
                        self.sum += e;
                        self.count += 1;
                        if self.worst.is_none_or(|(_, m)| e > m) {
                            self.worst = Some((args, e));
                        }
                        self.max = self.max.max(e);
                        if core {
                            self.core_sum += e;
                            self.core_count += 1;
                            self.core_max = self.core_max.max(e);
                        }
                    }
                    Outcome::Special => {
                        self.specials += 1;
                        self.first_special
                            .get_or_insert((args, scored.bits, scored.cr));
                    }
                }
            }
            Err(kind) => *self.crashes.entry(kind).or_default() += 1,
        }
    }

    /// Adds every point of `later`, a summary of points that come after this one's.
    pub fn merge(&mut self, later: &Summary) {
        self.points += later.points;
        self.core_points += later.core_points;
        self.core_max = self.core_max.max(later.core_max);
        self.core_sum += later.core_sum;
        self.core_count += later.core_count;
        self.max = self.max.max(later.max);
        self.sum += later.sum;
        self.count += later.count;
        self.correct += later.correct;
        self.specials += later.specials;
        for (k, v) in &later.crashes {
            *self.crashes.entry(k).or_default() += v;
        }
        if let Some((a, e)) = later.worst {
            if self.worst.is_none_or(|(_, m)| e > m) {
                self.worst = Some((a, e));
            }
        }
        if self.first_special.is_none() {
            self.first_special = later.first_special;
        }
    }

    /// Mean finite ulp error over the core points (0 when there are none).
    pub fn core_mean(&self) -> f64 {
        if self.core_count == 0 {
            0.0
        } else {
            self.core_sum / self.core_count as f64
        }
    }

    /// Mean finite ulp error over all points (0 when there are none).
    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum / self.count as f64
        }
    }

    /// Number of points where the arm gave no value.
    pub fn crashed(&self) -> u64 {
        self.crashes.values().sum()
    }
}
