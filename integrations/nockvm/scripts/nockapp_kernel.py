"""The NockApp kernel frame the kernel scripts write (make_kernels.py,
make_unum_kernel.py): a core of `+$state` (`~`), `++moat` and the script's
own arms, then the `fort:moat` door whose `+peek` is the script's and whose
`+poke` does nothing. The Hoon is in kernel_frame.hoon, and the arms and
`+peek` of a kernel that calls gates by id in call_arms.hoon and
call_peek.hoon; `src/bin/random/kernel.rs` writes its kernel from the same
files."""

import pathlib

HERE = pathlib.Path(__file__).resolve().parent


def kernel(imports, arms, peek):
    """The kernel text: `imports` (the `/+` `/=` lines), `arms` (more arms of
    the core, each line ending in a newline) and `peek` (the body of `+peek`
    below its `^-`, each line ending in a newline)."""
    frame = (HERE / "kernel_frame.hoon").read_text()
    return frame.format(imports=imports, arms=arms, peek=peek)


def call_kernel(imports, cases):
    """The kernel text of a kernel whose `+peek` runs a list of `[id door
    args]` requests, each under `+mule`, through `++gate`: `cases` are its
    `?+` cases (`    %id  gate`, each line ending in a newline)."""
    arms = (HERE / "call_arms.hoon").read_text().format(cases=cases)
    return kernel(imports, arms, (HERE / "call_peek.hoon").read_text())
