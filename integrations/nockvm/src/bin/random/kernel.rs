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

const KERNEL_HEAD: &str = "/+  *wrapper, *lagoon, math, unum, twoc
=>
|%
+$  state  ~
++  moat  (keep state)
++  gate
  |=  [id=@ud door=*]
  ^-  *
  ?+  id  !!
";

const KERNEL_TAIL: &str = "  ==
++  call
  |=  [id=@ud door=* args=*]
  ^-  (each * ~)
  =/  r
    %-  mule  |.
    =/  g  ;;([* * *] (gate id door))
    .*([-.g args +>.g] [9 2 0 1])
  ?-  -.r
    %&  [%& p.r]
    %|  [%| ~]
  ==
--
%-  (moat |)
^-  fort:moat
|_  s=state
++  load  |=(old=state old)
++  peek
  |=  arg=path
  ^-  (unit (unit *))
  =/  req  ;;((list [@ud * *]) (cue (snag 1 arg)))
  ``(turn req call)
++  poke  |=(=ovum:moat [~ s])
--
";

pub(crate) fn emit_kernel(numerics: &str, out: &str) -> Result<(), String> {
    let src = Sources::read(std::path::Path::new(numerics)).map_err(|e| e.to_string())?;
    let mut k = String::from(KERNEL_HEAD);
    let mut left = Vec::new();
    for (i, s) in urnum_nockvm::specs().iter().enumerate() {
        match gate_hoon(s, &src) {
            Ok(h) => {
                let _ = writeln!(k, "    %{i}  {h}");
            }
            Err(e) => left.push(format!("{}: {e}", s.key)),
        }
    }
    k.push_str(KERNEL_TAIL);
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
