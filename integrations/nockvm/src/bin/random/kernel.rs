//! The NockApp kernel `random emit-kernel` writes: one gate per jet that
//! the pinned numerics sources hold, called by `+peek` under `+mule`.

use std::fmt::Write as _;
use urnum_nockvm::JetSpec;

/// The Hoon expression of spec `s`'s gate over the door sample `door`, or
/// why the kernel leaves it out.
fn gate_hoon(s: &JetSpec, src: &Sources) -> Result<String, String> {
    let (arm, door) = s.key.split_once(':').ok_or("no door")?;
    let has = |text: &str| {
        text.contains(&format!("\n  ++  {arm}\n")) || text.contains(&format!("\n  ++  {arm}  "))
    };
    let has4 = |text: &str| {
        text.contains(&format!("\n    ++  {arm}\n")) || text.contains(&format!("\n    ++  {arm}  "))
    };
    match door {
        "la" if has(&src.lagoon) => Ok(format!("{arm}:(lake ;;(?(%n %u %d %z) door))")),
        "rh" | "rs" | "rd" | "rq" if has4(src.math_door(door)) => Ok(format!(
            "~({arm} {door}:math ;;([?(%n %u %d %z) @r{x} @r{x}] door))",
            x = &door[1..]
        )),
        "rpb" if has(&src.unum_pp) => Ok(format!("~({arm} pp:unum ;;(@ door))")),
        "twid" if has(&src.twid) => Ok(format!("~({arm} twid:twoc ;;(@ door))")),
        _ => Err(format!(
            "no ++{arm} in the {door} door at the pinned revision"
        )),
    }
}

/// The Hoon sources the kernel is checked against (arm names only).
struct Sources {
    lagoon: String,
    math: String,
    unum_pp: String,
    twid: String,
}

impl Sources {
    fn read(numerics: &std::path::Path) -> std::io::Result<Sources> {
        let rd = |p: &str| std::fs::read_to_string(numerics.join(p));
        let unum = rd("libmath/desk/lib/unum.hoon")?;
        let twoc = rd("libmath/desk/lib/twoc.hoon")?;
        let cut = |t: &str, from: &str, to: &str| -> String {
            let i = t.find(from).unwrap_or(0);
            let j = t[i..].find(to).map_or(t.len(), |j| i + j);
            t[i..j].to_string()
        };
        Ok(Sources {
            lagoon: rd("lagoon/desk/lib/lagoon.hoon")?,
            math: rd("libmath/desk/lib/math.hoon")?,
            unum_pp: cut(&unum, "\n++  pp\n", "\n++  rpb"),
            twid: cut(&twoc, "\n++  twid\n", "\n++  twoc\n"),
        })
    }

    /// The text of one `/lib/math` door (`++  rs` up to the next door).
    fn math_door(&self, door: &str) -> &str {
        let start = self.math.find(&format!("\n  ++  {door}\n")).unwrap_or(0);
        let rest = &self.math[start + 1..];
        let end = rest.find("\n  ++  r").map_or(rest.len(), |e| e + 1);
        &rest[..end]
    }
}

/// The NockApp kernel frame, `{imports}`, `{arms}` and `{peek}` to fill
/// (the file `scripts/nockapp_kernel.py` fills too).
const FRAME: &str = include_str!("../../../scripts/kernel_frame.hoon");
/// The `++gate` and `++call` arms of a kernel that calls gates by id,
/// `{cases}` to fill with `?+` cases.
const CALL_ARMS: &str = include_str!("../../../scripts/call_arms.hoon");
/// The `+peek` body of that kernel: each request of a list run by `++call`.
const CALL_PEEK: &str = include_str!("../../../scripts/call_peek.hoon");

pub(crate) fn emit_kernel(numerics: &str, out: &str) -> Result<(), String> {
    let src = Sources::read(std::path::Path::new(numerics)).map_err(|e| e.to_string())?;
    let mut cases = String::new();
    let mut left = Vec::new();
    for (i, s) in urnum_nockvm::specs().iter().enumerate() {
        match gate_hoon(s, &src) {
            Ok(h) => {
                let _ = writeln!(cases, "    %{i}  {h}");
            }
            Err(e) => left.push(format!("{}: {e}", s.key)),
        }
    }
    let imports = "/+  *wrapper, *lagoon, math, unum, twoc";
    let arms = CALL_ARMS.replace("{cases}", &cases);
    let k = FRAME
        .replace("{imports}", imports)
        .replace("{arms}", &arms)
        .replace("{peek}", CALL_PEEK);
    std::fs::write(out, k).map_err(|e| e.to_string())?;
    eprintln!(
        "{} jets, {} in the kernel; left out:",
        urnum_nockvm::specs().len(),
        urnum_nockvm::specs().len() - left.len()
    );
    for l in &left {
        eprintln!("  {l}");
    }
    Ok(())
}
