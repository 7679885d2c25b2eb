//! The rows of `urnum bench` and how they print.

use std::time::Duration;

/// One measured benchmark at one width and mode.
#[derive(Clone, Debug)]
pub struct Row {
    /// The benchmark name (`add`, `mmul`, ...).
    pub bench: String,
    /// The problem size as printed (`1000000`, `256x256`).
    pub size: String,
    /// Best time with the fast executor.
    pub fast: Duration,
    /// Best time with the reference executor.
    pub reference: Duration,
    /// Best time of the naive host-float loop, if the width has one.
    pub native: Option<Duration>,
}

impl Row {
    /// reference / fast.
    pub fn speedup(&self) -> f64 {
        self.reference.as_secs_f64() / self.fast.as_secs_f64().max(1e-12)
    }

    /// fast / native, when there is a native loop.
    pub fn slowdown(&self) -> Option<f64> {
        self.native
            .map(|n| self.fast.as_secs_f64() / n.as_secs_f64().max(1e-12))
    }

    /// `bench width mode size speedup_vs_reference slowdown_vs_native`, tab-separated.
    pub fn tsv(&self, width: &str, mode: &str) -> String {
        format!(
            "{}\t{width}\t{mode}\t{}\t{:.2}\t{}",
            self.bench,
            self.size,
            self.speedup(),
            self.slowdown()
                .map_or("-".to_string(), |s| format!("{s:.2}"))
        )
    }

    /// A line of the human table.
    pub fn human(&self, width: &str, mode: &str) -> String {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        format!(
            "{:<9} {width} {mode}  {:>9}  fast {:>10.3} ms  ref {:>10.3} ms  native {:>10}  {:>8.1}x vs ref  {:>8} vs native",
            self.bench,
            self.size,
            ms(self.fast),
            ms(self.reference),
            self.native.map_or("-".to_string(), |n| format!("{:.3} ms", ms(n))),
            self.speedup(),
            self.slowdown().map_or("-".to_string(), |s| format!("{s:.2}x")),
        )
    }
}

/// A header naming the machine and the host path of the kernels.
pub fn machine(policy: softblas::Policy) -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "# urnum bench: {cpu}, {cores} cores, hw kernels: {} (cap {})",
        softblas::hw::host_path(policy.isa),
        policy.isa.name()
    )
}
