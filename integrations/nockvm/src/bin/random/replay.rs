//! `random replay`: math-door vector lines run one call per request.

use super::run::{json_atom, mode_noun};
use super::sweep::short_arg;
use super::vm::{boot, request, watchdog, Got, Watch};
use hoon::noun::Noun as HNoun;
use std::io::Write as _;
use std::time::Instant;

/// `random replay KERNEL.jam LINES.jsonl [--timeout SECS]`: each vector
/// line of a math-door arm (`timeouts.jsonl`, `mismatched.jsonl`) run alone,
/// one call per request, in test mode, with its Nock time; a call still
/// running after the timeout (600 s) is named, written to `timeouts.jsonl`
/// (and its row to `table.tsv`) beside LINES, and the process ends (exit 3).
pub(crate) fn replay(argv: &[String]) -> Result<(), String> {
    let [jam, lines, rest @ ..] = argv else {
        return Err("usage: random replay KERNEL.jam LINES.jsonl [--timeout SECS]".into());
    };
    let timeout: f64 = match rest {
        [f, v] if f == "--timeout" => v.parse().map_err(|e| format!("--timeout: {e}"))?,
        [] => 600.0,
        _ => return Err("usage: random replay KERNEL.jam LINES.jsonl [--timeout SECS]".into()),
    };
    let jam = std::fs::read(jam).map_err(|e| e.to_string())?;
    let mut vm = boot(&jam)?;
    urnum_nockvm::set_test_mode(true);
    let watch = std::sync::Arc::new(std::sync::Mutex::new(Watch::default()));
    // a call that does not return is written beside LINES (`timeouts.jsonl`)
    let dir = std::path::Path::new(lines)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or(".".to_string(), |d| d.display().to_string());
    watchdog(watch.clone(), timeout, dir);
    let text = std::fs::read_to_string(lines).map_err(|e| e.to_string())?;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let key = v["arm"].as_str().ok_or("no arm")?;
        let id = urnum_nockvm::specs()
            .iter()
            .position(|s| s.key == key)
            .ok_or(format!("{key}: not a jetted arm"))?;
        let d = &v["door_args"];
        let door = HNoun::tuple([
            mode_noun(d["r"].as_str().ok_or("no r")?),
            HNoun::Atom(json_atom(d.get("rtol")).ok_or("no rtol")?),
            HNoun::Atom(json_atom(d.get("atol")).ok_or("no atol")?),
        ]);
        let args: Vec<HNoun> = v["args"]
            .as_array()
            .ok_or("no args")?
            .iter()
            .map(|a| json_atom(Some(a)).map(HNoun::Atom))
            .collect::<Option<_>>()
            .ok_or("an argument is not an atom")?;
        let shown: Vec<String> = args.iter().map(short_arg).collect();
        if let Ok(mut w) = watch.lock() {
            w.row = format!("{key} {} {}", d["r"], shown.join(" "));
            w.busy = Some((Instant::now(), key.to_string(), vec![line.to_string()]));
        }
        let t0 = Instant::now();
        let got = request(&mut vm, &[(id, door, HNoun::tuple(args))])?;
        if let Ok(mut w) = watch.lock() {
            w.busy = None;
        }
        let g = match &got[0] {
            Got::Value(HNoun::Atom(a)) => a.to_string(),
            Got::Value(_) => "a cell".into(),
            Got::Crash => "crash".into(),
        };
        println!(
            "{key}\t{}\t{}\tnock {g}\texpected {}\t{:.3} s",
            d["r"],
            shown.join(" "),
            v["expected"],
            t0.elapsed().as_secs_f64()
        );
        std::io::stdout().flush().ok();
    }
    Ok(())
}
