//! Cross-crate integration tests of urnum; the tests live in `tests/tests/`.
//!
//! The crate exists so that the golden-vector and property tests can see
//! `softblas`, `lagoon`, `saloon` and `hoon` together. It exports one helper
//! that the bounds tests here and in `ffi/tests/` share: [`within_a_second`].
#![forbid(unsafe_code)]

use std::sync::mpsc;
use std::time::Duration;

/// The time one whole bounds test may take.
pub const DEADLINE: Duration = Duration::from_secs(1);

/// Runs `body` on a fresh thread (the default 2 MiB stack) as a watchdog:
/// fails if it has not finished within [`DEADLINE`] (a hang fails at the
/// deadline instead of hanging the suite) and passes on its panic if it panics.
///
/// # Panics
/// When `body` panics or overruns the deadline.
pub fn within_a_second(body: impl FnOnce() + Send + 'static) {
    let (done, finished) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        body();
        let _ = done.send(());
    });
    match finished.recv_timeout(DEADLINE) {
        Ok(()) => worker.join().expect("the body finished"),
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("the test took over {DEADLINE:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(p) = worker.join() {
                std::panic::resume_unwind(p);
            }
        }
    }
}
