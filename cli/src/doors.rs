//! The table of doors: every door the registry serves arms through (`la`,
//! `rd`, `rpb`, `cs`, `twoc`, `fixed`, …), with its library, its sample's
//! faces and the width of its values. `urnum eval`, `urnum gen-hoon` and the
//! result-type table read doors here, and nowhere else.

/// One door of the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoorSpec {
    /// The door's name as written after the `:` (`la`, `rd`, `rpb`).
    pub name: &'static str,
    /// The library that holds it, as golden vectors name it (`lagoon`, `math`).
    pub lib: &'static str,
    /// Its sample's faces in sample order (`[r rtol atol]` for `rd`).
    pub faces: &'static [&'static str],
    /// The bits of one of its values (a float, a posit, a packed complex
    /// pair); 0 when the door does not fix it (rays, `twid`, `fixed`).
    pub width: u32,
    /// The aura of its float, or of a complex door's component float.
    pub float: Option<&'static str>,
}

const fn d(
    name: &'static str,
    lib: &'static str,
    faces: &'static [&'static str],
    width: u32,
    float: Option<&'static str>,
) -> DoorSpec {
    DoorSpec {
        name,
        lib,
        faces,
        width,
        float,
    }
}

const MATH: &[&str] = &["r", "rtol", "atol"];
const RND: &[&str] = &["rnd"];

/// Every door.
pub static DOORS: &[DoorSpec] = &[
    d("la", "lagoon", RND, 0, None),
    d("sa", "saloon", &["rnd", "rtol"], 0, None),
    d("rh", "math", MATH, 16, Some("rh")),
    d("rs", "math", MATH, 32, Some("rs")),
    d("rd", "math", MATH, 64, Some("rd")),
    d("rq", "math", MATH, 128, Some("rq")),
    d("rpb", "unum", &[], 8, None),
    d("rph", "unum", &[], 16, None),
    d("rps", "unum", &[], 32, None),
    d("rpd", "unum", &[], 64, None),
    d("rpq", "unum", &[], 128, None),
    d("ch", "complex", RND, 32, Some("rh")),
    d("cs", "complex", RND, 64, Some("rs")),
    d("cd", "complex", RND, 128, Some("rd")),
    d("cq", "complex", RND, 256, Some("rq")),
    d("twoc", "twoc", &["bloq"], 8, None),
    d("twid", "twoc", &["wid"], 0, None),
    d("fixed", "fixed", &[], 0, None),
];

/// The door named `name`.
pub fn door(name: &str) -> Option<&'static DoorSpec> {
    DOORS.iter().find(|d| d.name == name)
}

/// The doors of library `lib`, in table order.
pub fn of_lib(lib: &str) -> impl Iterator<Item = &'static DoorSpec> + '_ {
    DOORS.iter().filter(move |d| d.lib == lib)
}
