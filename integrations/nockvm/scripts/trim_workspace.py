#!/usr/bin/env python3
"""Trims nockchain's workspace manifest to the crates the urnum integration
builds (hoonc, nockapp, nockvm and its helpers): the other members depend on
crates from git hosts (libp2p, testcontainers, a criterion fork), which a
build that reaches only the package registry cannot fetch. The criterion fork,
a dev-dependency of nockvm, is replaced by criterion 0.5 from the registry.
Removes `rust-toolchain.toml` beside it: the run uses stable Rust with
RUSTC_BOOTSTRAP=1 for nockvm's one `#![feature(cold_path)]`.

usage: trim_workspace.py NOCKCHAIN_DIR
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
p = root / "Cargo.toml"
s = p.read_text()
i = s.index("members = [")
j = s.index("]", i)
s = s[:i] + """members = [
    "crates/hoonc",
    "crates/nockapp",
    "crates/nockvm/rust/ibig",
    "crates/nockvm/rust/murmur3",
    "crates/nockvm/rust/nockvm_macros",
    "crates/nockvm/rust/nockvm",
""" + s[j:]
s = re.sub(r'criterion = \{ git = [^\n]*\n(?:[^\n]*\n)*?[^\n]*\] \}\n', 'criterion = "0.5"\n', s, count=1)
s = re.sub(r"^(libp2p|testcontainers) = \{ git = .*$", "", s, flags=re.M)
p.write_text(s)
(root / "rust-toolchain.toml").unlink(missing_ok=True)
