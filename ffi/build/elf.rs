//! Sealing on ELF targets: the partial link, the pass of its own that makes
//! every symbol but `urnum_*` local and drops bitcode and debug sections,
//! and the GNU archive it writes.

use super::link::{musl_unwinder, partial_linker, run};
use super::{ARCHIVE, PREFIX};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Seals an ELF archive: partial link, localise, strip, write `liburnum_ffi.a`.
pub(crate) fn seal_elf(raw: &Path, out_dir: &Path, profile_dir: &Path) -> PathBuf {
    let linked = out_dir.join("urnum-linked.o");
    let (mut ld, is_lld) = partial_linker();
    if is_lld {
        ld.args(["-r", "-d", "--strip-debug", "--whole-archive"])
            .arg(raw);
    } else {
        ld.args(["-r", "-nostdlib", "-Wl,-d,--strip-debug,--whole-archive"])
            .arg(raw)
            .arg("-Wl,--no-whole-archive");
    }
    if let Some(unwind) = musl_unwinder() {
        // Resolve the standard library's `_Unwind_*` references inside the
        // object (only the members they need), so that the ELF pass below
        // makes them local too.
        if is_lld {
            ld.arg("--no-whole-archive");
        }
        ld.arg(unwind);
    }
    ld.arg("-o").arg(&linked);
    run(ld, "the partial link");

    let data = fs::read(&linked).expect("read the partially linked object");
    let sealed = localise_elf(&data);
    fs::remove_file(&linked).ok();

    let dest = profile_dir.join(ARCHIVE);
    let tmp = profile_dir.join(format!("{ARCHIVE}.tmp"));
    let mut f = fs::File::create(&tmp).expect("create the archive");
    f.write_all(&gnu_archive("urnum.o", &sealed.object, &sealed.exports))
        .expect("write the archive");
    drop(f);
    fs::rename(&tmp, &dest).expect("move the archive into place");
    dest
}

/// A rewritten object and the names it exports.
struct Sealed {
    object: Vec<u8>,
    exports: Vec<Vec<u8>>,
}

/// Whether a section carries embedded bitcode, debug information or LLVM's
/// address-significance table (which names symbols by index), or relocations
/// for one of them.
fn dropped_section(name: &[u8]) -> bool {
    let base = name
        .strip_prefix(b".rela")
        .or_else(|| name.strip_prefix(b".rel"))
        .unwrap_or(name);
    base == b".llvmbc"
        || base == b".llvmcmd"
        || base == b".llvm_addrsig"
        || base.starts_with(b".debug")
}

/// Little-endian field access for the ELF64 structures this pass touches.
fn rd16(d: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(d[at..at + 2].try_into().expect("2 bytes"))
}
fn rd32(d: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(d[at..at + 4].try_into().expect("4 bytes"))
}
fn rd64(d: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(d[at..at + 8].try_into().expect("8 bytes"))
}

/// One section header of an ELF64 file.
#[derive(Clone)]
struct Shdr {
    name: u32,
    ty: u32,
    flags: u64,
    addr: u64,
    offset: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
}

const SHT_SYMTAB: u32 = 2;
const SHT_RELA: u32 = 4;
const SHT_NOBITS: u32 = 8;
const SHT_REL: u32 = 9;
const SHT_GROUP: u32 = 17;
const SHT_SYMTAB_SHNDX: u32 = 18;
const SHT_LLVM_ADDRSIG: u32 = 0x6fff_4c03;
const SHF_INFO_LINK: u64 = 0x40;
const SHF_LINK_ORDER: u64 = 0x80;
const SHN_LORESERVE: u16 = 0xff00;
const SHN_COMMON: u16 = 0xfff2;
const SHN_XINDEX: u16 = 0xffff;
const STB_LOCAL: u8 = 0;

/// Makes every defined global or weak symbol of a relocatable ELF64
/// little-endian object not named `urnum_*` local, and drops the sections
/// [`dropped_section`] names. Symbols are reordered (ELF wants the locals
/// first), so every symbol index (relocations, group signatures) and every
/// section index (symbols, links, group members) is rewritten.
///
/// Extended section numbering is read and written as the ELF gABI has it:
/// with `SHN_LORESERVE` sections or more, `e_shnum` is 0 and section 0's
/// `sh_size` holds the count, an `e_shstrndx` of `SHN_XINDEX` sends to
/// section 0's `sh_link`, and a symbol whose section index does not fit
/// 16 bits has `SHN_XINDEX` and its index in the `SHT_SYMTAB_SHNDX` table
/// beside the symbol table (a debug build of the workspace passes 65,280
/// sections).
fn localise_elf(d: &[u8]) -> Sealed {
    assert!(
        d.len() > 64 && &d[..4] == b"\x7fELF" && d[4] == 2 && d[5] == 1 && rd16(d, 16) == 1,
        "the partial link did not give a relocatable ELF64 little-endian object \
         (the only kind this pass rewrites)"
    );
    let shoff = rd64(d, 0x28) as usize;
    let shnum = match rd16(d, 0x3c) {
        0 => rd64(d, shoff + 32) as usize,
        n => n as usize,
    };
    let shstrndx = match rd16(d, 0x3e) {
        SHN_XINDEX => rd32(d, shoff + 40) as usize,
        i => i as usize,
    };
    assert!(
        shnum != 0 && shstrndx < shnum,
        "the object's section count or string table index is out of range"
    );
    let sh: Vec<Shdr> = (0..shnum)
        .map(|i| {
            let at = shoff + 64 * i;
            Shdr {
                name: rd32(d, at),
                ty: rd32(d, at + 4),
                flags: rd64(d, at + 8),
                addr: rd64(d, at + 16),
                offset: rd64(d, at + 24),
                size: rd64(d, at + 32),
                link: rd32(d, at + 40),
                info: rd32(d, at + 44),
                align: rd64(d, at + 48),
                entsize: rd64(d, at + 56),
            }
        })
        .collect();
    let data = |s: &Shdr| -> &[u8] {
        if s.ty == SHT_NOBITS {
            &[]
        } else {
            &d[s.offset as usize..(s.offset + s.size) as usize]
        }
    };
    let shstr = data(&sh[shstrndx]);
    let cstr = |tab: &[u8], at: u32| -> Vec<u8> {
        let t = &tab[at as usize..];
        t[..t.iter().position(|&c| c == 0).unwrap_or(t.len())].to_vec()
    };

    // Which sections stay, and their new indices.
    let mut keep: Vec<bool> = sh
        .iter()
        .enumerate()
        .map(|(i, s)| {
            i == 0 || !(dropped_section(&cstr(shstr, s.name)) || s.ty == SHT_LLVM_ADDRSIG)
        })
        .collect();
    for (i, s) in sh.iter().enumerate() {
        if (s.ty == SHT_RELA || s.ty == SHT_REL) && !keep[s.info as usize] {
            keep[i] = false;
        }
    }
    let mut new_sec = vec![0u32; shnum];
    let mut n = 0u32;
    for i in 0..shnum {
        if keep[i] {
            new_sec[i] = n;
            n += 1;
        }
    }

    // The symbol table: drop symbols of dropped sections, localise, reorder.
    let symtab_i = sh
        .iter()
        .position(|s| s.ty == SHT_SYMTAB)
        .expect("a symbol table");
    let symtab = data(&sh[symtab_i]);
    let strtab = data(&sh[sh[symtab_i].link as usize]);
    let count = symtab.len() / 24;
    // The symbols' extended section indices, where the object has them.
    let shndx_i = sh
        .iter()
        .position(|s| s.ty == SHT_SYMTAB_SHNDX && s.link as usize == symtab_i);
    let xindex: Vec<u32> = match shndx_i {
        Some(x) => data(&sh[x])
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect(),
        None => vec![0; count],
    };
    // The section a symbol is defined in (`None`: undefined or special).
    let section_of = |i: usize, raw: u16| -> Option<usize> {
        match raw {
            SHN_XINDEX => Some(xindex[i] as usize),
            0 => None,
            r if r >= SHN_LORESERVE => None,
            r => Some(r as usize),
        }
    };
    let mut new_xindex = vec![0u32; count];
    let mut syms: Vec<[u8; 24]> = (0..count)
        .map(|i| symtab[24 * i..24 * i + 24].try_into().expect("24 bytes"))
        .collect();
    let mut exports = Vec::new();
    let mut order: Vec<(u8, usize)> = Vec::with_capacity(count);
    for (i, s) in syms.iter_mut().enumerate().skip(1) {
        let shndx = u16::from_le_bytes([s[6], s[7]]);
        assert_ne!(
            shndx, SHN_COMMON,
            "a common symbol survived the partial link (-d)"
        );
        let section = section_of(i, shndx);
        if section.is_some_and(|x| !keep[x]) {
            continue; // gone with its section
        }
        let bind = s[4] >> 4;
        let class = if shndx == 0 || bind == STB_LOCAL {
            if bind == STB_LOCAL {
                0
            } else {
                2
            }
        } else if cstr(strtab, u32::from_le_bytes([s[0], s[1], s[2], s[3]])).starts_with(PREFIX) {
            exports.push(cstr(strtab, u32::from_le_bytes([s[0], s[1], s[2], s[3]])));
            2
        } else {
            s[4] &= 0x0f; // STB_LOCAL, same type
            s[5] &= !0x3; // default visibility
            1
        };
        if let Some(x) = section {
            let ns = new_sec[x];
            let short = if ns >= u32::from(SHN_LORESERVE) {
                new_xindex[i] = ns;
                SHN_XINDEX
            } else {
                ns as u16
            };
            s[6..8].copy_from_slice(&short.to_le_bytes());
        }
        order.push((class, i));
    }
    order.sort_by_key(|&(c, i)| (c, i));
    let mut new_sym = vec![u32::MAX; count];
    new_sym[0] = 0;
    let mut symbytes = vec![0u8; 24];
    let mut xbytes = vec![0u8; 4];
    for (k, &(_, i)) in order.iter().enumerate() {
        new_sym[i] = k as u32 + 1;
        symbytes.extend_from_slice(&syms[i]);
        xbytes.extend_from_slice(&new_xindex[i].to_le_bytes());
    }
    assert!(
        shndx_i.is_some() || new_xindex.iter().all(|&x| x == 0),
        "a symbol needs an extended section index the object has no table for"
    );
    let first_global = 1 + order.iter().filter(|&&(c, _)| c < 2).count() as u32;
    let map_sym = |old: u32| -> u32 {
        let s = new_sym[old as usize];
        assert_ne!(
            s,
            u32::MAX,
            "a kept relocation names a symbol of a dropped section"
        );
        s
    };

    // Lay out the new file: header, section contents, section headers.
    let mut out = d[..64].to_vec();
    let mut headers: Vec<Shdr> = Vec::with_capacity(n as usize);
    for (i, s) in sh.iter().enumerate() {
        if !keep[i] {
            continue;
        }
        let mut h = s.clone();
        let body: Vec<u8> = match s.ty {
            _ if i == symtab_i => {
                h.info = first_global;
                symbytes.clone()
            }
            _ if Some(i) == shndx_i => xbytes.clone(),
            SHT_RELA | SHT_REL => {
                let step = if s.ty == SHT_RELA { 24 } else { 16 };
                let mut b = data(s).to_vec();
                for r in b.chunks_exact_mut(step) {
                    let info = u64::from_le_bytes(r[8..16].try_into().expect("8 bytes"));
                    let sym = map_sym((info >> 32) as u32);
                    let info = (u64::from(sym) << 32) | (info & 0xffff_ffff);
                    r[8..16].copy_from_slice(&info.to_le_bytes());
                }
                b
            }
            SHT_GROUP => {
                let b = data(s);
                let mut g = b[..4].to_vec();
                for m in b[4..].chunks_exact(4) {
                    let m = u32::from_le_bytes(m.try_into().expect("4 bytes")) as usize;
                    if keep[m] {
                        g.extend_from_slice(&new_sec[m].to_le_bytes());
                    }
                }
                h.info = map_sym(s.info);
                g
            }
            _ => data(s).to_vec(),
        };
        if s.ty == SHT_RELA || s.ty == SHT_REL || s.flags & SHF_INFO_LINK != 0 {
            h.info = new_sec[s.info as usize];
        }
        if s.link != 0
            && (matches!(
                s.ty,
                SHT_SYMTAB | SHT_SYMTAB_SHNDX | SHT_RELA | SHT_REL | SHT_GROUP
            ) || s.flags & SHF_LINK_ORDER != 0)
        {
            h.link = new_sec[s.link as usize];
        }
        if i != 0 && s.ty != SHT_NOBITS {
            let align = s.align.max(1) as usize;
            out.resize(out.len().div_ceil(align) * align, 0);
            h.offset = out.len() as u64;
            h.size = body.len() as u64;
            out.extend_from_slice(&body);
        }
        headers.push(h);
    }
    // Counts past 16 bits go into section 0 (extended numbering).
    let new_shstrndx = new_sec[shstrndx];
    let wide = |v: u32| v >= u32::from(SHN_LORESERVE);
    headers[0].size = if wide(n) { u64::from(n) } else { 0 };
    headers[0].link = if wide(new_shstrndx) { new_shstrndx } else { 0 };
    out.resize(out.len().div_ceil(8) * 8, 0);
    let new_shoff = out.len() as u64;
    for h in &headers {
        out.extend_from_slice(&h.name.to_le_bytes());
        out.extend_from_slice(&h.ty.to_le_bytes());
        out.extend_from_slice(&h.flags.to_le_bytes());
        out.extend_from_slice(&h.addr.to_le_bytes());
        out.extend_from_slice(&h.offset.to_le_bytes());
        out.extend_from_slice(&h.size.to_le_bytes());
        out.extend_from_slice(&h.link.to_le_bytes());
        out.extend_from_slice(&h.info.to_le_bytes());
        out.extend_from_slice(&h.align.to_le_bytes());
        out.extend_from_slice(&h.entsize.to_le_bytes());
    }
    out[0x28..0x30].copy_from_slice(&new_shoff.to_le_bytes());
    let e_shnum = if wide(n) { 0 } else { n as u16 };
    let e_shstrndx = if wide(new_shstrndx) {
        SHN_XINDEX
    } else {
        new_shstrndx as u16
    };
    out[0x3c..0x3e].copy_from_slice(&e_shnum.to_le_bytes());
    out[0x3e..0x40].copy_from_slice(&e_shstrndx.to_le_bytes());
    exports.sort();
    exports.dedup();
    Sealed {
        object: out,
        exports,
    }
}

/// A GNU `ar` archive of one member with a symbol index listing `exports`.
fn gnu_archive(member: &str, object: &[u8], exports: &[Vec<u8>]) -> Vec<u8> {
    fn header(out: &mut Vec<u8>, name: &str, size: usize) {
        let h = format!("{name:<16}{:<12}{:<6}{:<6}{:<8}{size:<10}`\n", 0, 0, 0, 644);
        assert_eq!(h.len(), 60);
        out.extend_from_slice(h.as_bytes());
    }
    let names_len: usize = exports.iter().map(|n| n.len() + 1).sum();
    let index_len = 4 + 4 * exports.len() + names_len;
    let index_padded = index_len + index_len % 2;
    // The member's header follows the magic and the index member.
    let member_offset = 8 + 60 + index_padded;
    let mut out = Vec::with_capacity(member_offset + 60 + object.len() + 1);
    out.extend_from_slice(b"!<arch>\n");
    header(&mut out, "/", index_len);
    out.extend_from_slice(&(exports.len() as u32).to_be_bytes());
    for _ in exports {
        out.extend_from_slice(&(member_offset as u32).to_be_bytes());
    }
    for n in exports {
        out.extend_from_slice(n);
        out.push(0);
    }
    if index_len % 2 == 1 {
        out.push(b'\n');
    }
    header(&mut out, &format!("{member}/"), object.len());
    out.extend_from_slice(object);
    if object.len() % 2 == 1 {
        out.push(b'\n');
    }
    out
}
