"""The NockApp kernel frame the kernel scripts write (make_kernels.py,
make_unum_kernel.py): a core of `+$state` (`~`), `++moat` and the script's
own arms, then the `fort:moat` door whose `+peek` is the script's and whose
`+poke` does nothing. `src/bin/random/kernel.rs` writes the same frame."""


def kernel(imports, arms, peek):
    """The kernel text: `imports` (the `/+` `/=` lines), `arms` (more arms of
    the core, each line ending in a newline) and `peek` (the body of `+peek`
    below its `^-`, each line ending in a newline)."""
    return f"""{imports}
=>
|%
+$  state  ~
++  moat  (keep state)
{arms}--
%-  (moat |)
^-  fort:moat
|_  s=state
++  load  |=(old=state old)
++  peek
  |=  arg=path
  ^-  (unit (unit *))
{peek}++  poke  |=(=ovum:moat [~ s])
--
"""
