//! The NockVM session that runs the kernel: booting it, one request of
//! calls, what each call gave, and the watchdog for a request that does not
//! return.

use hoon::noun::Noun as HNoun;
use nockapp::utils::create_context;
use nockapp::NounExt;
use nockvm::interpreter::interpret;
use nockvm::jets::cold::Cold;
use nockvm::jets::hot::{HotEntry, URBIT_HOT_STATE};
use nockvm::mem::NockStack;
use nockvm::noun::{Noun, D, T};
use softblas::Atom as UAtom;
use std::io::Write as _;
use std::time::Instant;

/// The wrapper core's `+peek` arm (nockapp's `PEEK_AXIS`).
const PEEK_AXIS: u64 = 22;
/// Words of the Nock stack (8 GiB of address space, allocated lazily).
const STACK_WORDS: usize = 1 << 30;

/// What the Nock gave for one call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Got {
    Value(HNoun),
    Crash,
}

/// A booted kernel: the Nock context and the kernel's core.
pub(crate) struct Vm {
    ctx: nockvm::interpreter::Context,
    arvo: Noun,
}

/// Boots the kernel `jam` with Urbit's jets and urnum's.
pub(crate) fn boot(jam: &[u8]) -> Result<Vm, String> {
    // The random kernels carry /lib/unum at 96f3cfe (the rest of numerics' revision): its posit jets.
    let hot = [
        URBIT_HOT_STATE,
        &urnum_nockvm::hot_state(Some(softblas::scalar::unum::UnumRev::V96f3cfe)),
    ]
    .concat();
    boot_with(jam, &hot)
}

/// Boots the kernel `jam` with the jets of `hot`.
pub(crate) fn boot_with(jam: &[u8], hot: &[HotEntry]) -> Result<Vm, String> {
    let mut stack = NockStack::new(STACK_WORDS, 0);
    let cold = Cold::new(&mut stack);
    let mut ctx = create_context(stack, hot, cold, None);
    let trap = Noun::cue_bytes_slice(&mut ctx.stack, jam).map_err(|e| format!("cue: {e:?}"))?;
    let kick = T(&mut ctx.stack, &[D(9), D(2), D(0), D(1)]);
    let arvo = interpret(&mut ctx, trap, kick).map_err(|e| format!("boot: {e:?}"))?;
    Ok(Vm { ctx, arvo })
}

/// Runs one request (a list of `[id door args]`) and gives the products.
pub(crate) fn request(vm: &mut Vm, items: &[(usize, HNoun, HNoun)]) -> Result<Vec<Got>, String> {
    let list = HNoun::list(
        items
            .iter()
            .map(|(id, d, a)| HNoun::tuple([HNoun::atom(*id as u64), d.clone(), a.clone()])),
    );
    let jam = HNoun::Atom(hoon::jam::jam(&list));
    let jam = urnum_nockvm::to_nockvm(&mut vm.ctx, &jam);
    let calls = D(u64::from_le_bytes(*b"calls\0\0\0"));
    let path = T(&mut vm.ctx.stack, &[calls, jam, D(0)]);
    let out = nockapp::noun::slam(&mut vm.ctx, vm.arvo, PEEK_AXIS, path)
        .map_err(|e| format!("peek: {e:?}"))?;
    let out = urnum_nockvm::to_urnum(out);
    let mut list = out.slot(7).ok_or("peek gave no value")?.clone();
    let mut got = Vec::new();
    while let Some((h, t)) = list.as_cell().map(|(h, t)| (h.clone(), t.clone())) {
        let (tag, val) = h.as_cell().ok_or("a result is not a cell")?;
        got.push(if tag.as_atom().and_then(UAtom::as_u64) == Some(0) {
            Got::Value(val.clone())
        } else {
            Got::Crash
        });
        list = t;
    }
    if got.len() != items.len() {
        return Err(format!("{} results for {} calls", got.len(), items.len()));
    }
    Ok(got)
}

/// What the watchdog reports when a request does not return.
#[derive(Default)]
pub(crate) struct Watch {
    /// When the running request started, its arm and its calls (vector lines, urnum's expectation).
    pub(crate) busy: Option<(Instant, String, Vec<String>)>,
    /// The arm's row so far, as the table would print it.
    pub(crate) row: String,
}

/// With `--call-timeout S`: a thread that, when one request has run S
/// seconds, writes the request's calls to `DIR/timeouts.jsonl`, prints the
/// arm's row so far with the reason, and ends the process (exit code 3): a
/// Nock computation cannot be interrupted in NockVM (its cancel token is read
/// only on entering `interpret`), and a run must not hang.
pub(crate) fn watchdog(
    watch: std::sync::Arc<std::sync::Mutex<Watch>>,
    timeout: f64,
    out: String,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || loop {
        std::thread::sleep(std::time::Duration::from_millis(500));
        let w = match watch.lock() {
            Ok(w) => w,
            Err(_) => return,
        };
        let Some((t0, key, lines)) = &w.busy else {
            continue;
        };
        if t0.elapsed().as_secs_f64() < timeout {
            continue;
        }
        let path = format!("{out}/timeouts.jsonl");
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
        {
            for l in lines {
                let _ = writeln!(f, "{l}");
            }
        }
        let line = format!(
            "{}\t(stopped: a request of {} calls of {key} did not return in {timeout} s; its calls are in {path})",
            w.row,
            lines.len()
        );
        println!("{line}");
        if let Ok(mut t) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(format!("{out}/table.tsv"))
        {
            let _ = writeln!(t, "{line}");
        }
        std::io::stdout().flush().ok();
        std::process::exit(3);
    })
}
