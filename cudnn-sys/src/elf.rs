//! Reading an ELF shared object's headers before it is handed to `dlopen`.
//!
//! glibc maps a shared object's segments straight from the file. A file cut
//! short (an interrupted download or copy) still has a valid header, but its
//! segments run past the end of the file, and touching them kills the
//! process with SIGBUS instead of giving an error. Reading the program
//! headers first turns that case into an error message. The same reading
//! gives the libraries the file needs (`DT_NEEDED`), its `SONAME` and its
//! `RUNPATH`, which the loader and the doctor use to say what is missing.
//!
//! Pure parsing: compiled on every platform, never panics, reads only the
//! headers and the dynamic section, not the whole file.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

const PT_LOAD: u32 = 1;
const PT_DYNAMIC: u32 = 2;
const DT_NULL: u64 = 0;
const DT_NEEDED: u64 = 1;
const DT_STRTAB: u64 = 5;
const DT_STRSZ: u64 = 10;
const DT_SONAME: u64 = 14;
const DT_RPATH: u64 = 15;
const DT_RUNPATH: u64 = 29;
/// `e_machine` of x86-64.
pub const EM_X86_64: u16 = 62;
/// `e_machine` of 64-bit Arm.
pub const EM_AARCH64: u16 = 183;
/// Bounds on what a hostile file can make this reader allocate.
const MAX_PHNUM: u64 = 4096;
const MAX_DYNAMIC: u64 = 1 << 20;
const MAX_STRTAB: u64 = 16 << 20;

/// What an ELF file's headers say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElfInfo {
    /// `e_machine`: [`EM_X86_64`], [`EM_AARCH64`], ...
    pub machine: u16,
    /// 64-bit (`ELFCLASS64`).
    pub wide: bool,
    /// The libraries it needs (`DT_NEEDED`), in file order.
    pub needed: Vec<String>,
    /// Its `DT_SONAME`.
    pub soname: Option<String>,
    /// Its `DT_RUNPATH` (or, when absent, `DT_RPATH`), `:`-separated.
    pub runpath: Option<String>,
}

/// The `e_machine` of the architecture this program was compiled for, or
/// `None` where it is neither x86-64 nor 64-bit Arm.
pub const fn native_machine() -> Option<u16> {
    if cfg!(target_arch = "x86_64") {
        Some(EM_X86_64)
    } else if cfg!(target_arch = "aarch64") {
        Some(EM_AARCH64)
    } else {
        None
    }
}

fn machine_name(m: u16) -> String {
    match m {
        3 => "32-bit x86".into(),
        EM_X86_64 => "x86-64".into(),
        40 => "32-bit Arm".into(),
        EM_AARCH64 => "64-bit Arm".into(),
        21 => "64-bit PowerPC".into(),
        other => format!("machine {other}"),
    }
}

/// `Ok` when `path` is not an ELF file (the loader will say what it is) or
/// when it is one for this architecture whose loadable segments and header
/// tables lie inside the file.
pub fn check(path: &Path) -> Result<(), String> {
    match inspect(path)? {
        None => Ok(()),
        Some(info) => check_machine(&info),
    }
}

/// `Err` naming both architectures when `info` is for another one.
pub fn check_machine(info: &ElfInfo) -> Result<(), String> {
    match native_machine() {
        Some(native) if native != info.machine || !info.wide => Err(format!(
            "the file is built for {}{}, but this program runs on {}",
            if info.wide { "" } else { "32-bit " },
            machine_name(info.machine),
            machine_name(native)
        )),
        _ => Ok(()),
    }
}

/// Reads the headers of `path`: `Ok(None)` when it is not an ELF file,
/// `Err` when it cannot be read or is truncated or malformed.
pub fn inspect(path: &Path) -> Result<Option<ElfInfo>, String> {
    let mut file = File::open(path).map_err(|e| e.to_string())?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    let mut reader = Reader {
        file: &mut file,
        size,
    };
    parse(&mut reader)
}

/// Like [`inspect`], over bytes in memory (tests and fuzzing).
pub fn inspect_bytes(bytes: &[u8]) -> Result<Option<ElfInfo>, String> {
    let mut reader = Reader {
        file: &mut std::io::Cursor::new(bytes),
        size: bytes.len() as u64,
    };
    parse(&mut reader)
}

trait Source: Read + Seek {}
impl<T: Read + Seek> Source for T {}

struct Reader<'a> {
    file: &'a mut dyn Source,
    size: u64,
}

impl Reader<'_> {
    /// `len` bytes at `offset`, which must lie inside the file.
    fn bytes(&mut self, offset: u64, len: u64) -> Result<Vec<u8>, String> {
        let end = offset
            .checked_add(len)
            .ok_or_else(|| malformed("an offset overflows"))?;
        if end > self.size {
            return Err(truncated(self.size, end));
        }
        let len = usize::try_from(len).map_err(|_| malformed("a table is too large"))?;
        let mut buf = vec![0u8; len];
        self.file
            .seek(SeekFrom::Start(offset))
            .map_err(|e| e.to_string())?;
        self.file.read_exact(&mut buf).map_err(|e| e.to_string())?;
        Ok(buf)
    }
}

#[derive(Clone, Copy)]
struct Endian {
    little: bool,
}

impl Endian {
    fn u16(self, b: &[u8], o: usize) -> u64 {
        let v = [at(b, o), at(b, o + 1)];
        u64::from(if self.little {
            u16::from_le_bytes(v)
        } else {
            u16::from_be_bytes(v)
        })
    }
    fn u32(self, b: &[u8], o: usize) -> u64 {
        let v = [at(b, o), at(b, o + 1), at(b, o + 2), at(b, o + 3)];
        u64::from(if self.little {
            u32::from_le_bytes(v)
        } else {
            u32::from_be_bytes(v)
        })
    }
    fn u64(self, b: &[u8], o: usize) -> u64 {
        let mut v = [0u8; 8];
        for (i, x) in v.iter_mut().enumerate() {
            *x = at(b, o + i);
        }
        if self.little {
            u64::from_le_bytes(v)
        } else {
            u64::from_be_bytes(v)
        }
    }
    fn word(self, wide: bool, b: &[u8], o: usize) -> u64 {
        if wide {
            self.u64(b, o)
        } else {
            self.u32(b, o)
        }
    }
}

/// `b[o]`, or 0 past the end (callers size their buffers first).
fn at(b: &[u8], o: usize) -> u8 {
    b.get(o).copied().unwrap_or(0)
}

struct Segment {
    kind: u32,
    offset: u64,
    vaddr: u64,
    filesz: u64,
}

/// The fields of the ELF header this reader uses.
struct Header {
    e: Endian,
    wide: bool,
    machine: u16,
    phoff: u64,
    shoff: u64,
    phentsize: u64,
    phnum: u64,
    shentsize: u64,
    shnum: u64,
}

/// What the dynamic section says: the entries naming libraries and paths
/// (tag, string-table offset), and the string table's address and size.
struct Dynamic {
    entries: Vec<(u64, u64)>,
    strtab: Option<u64>,
    strsz: Option<u64>,
}

fn parse(r: &mut Reader<'_>) -> Result<Option<ElfInfo>, String> {
    let Some(h) = read_header(r)? else {
        return Ok(None);
    };
    let mut info = ElfInfo {
        machine: h.machine,
        wide: h.wide,
        needed: Vec::new(),
        soname: None,
        runpath: None,
    };
    let min_phent = if h.wide { 56 } else { 32 };
    if h.phnum == 0 || h.phentsize < min_phent || h.phnum > MAX_PHNUM {
        return Ok(Some(info));
    }
    let segments = read_segments(r, &h)?;
    let Some(dynamic) = segments.iter().find(|s| s.kind == PT_DYNAMIC) else {
        return Ok(Some(info));
    };
    let Dynamic {
        entries,
        strtab,
        strsz,
    } = read_dynamic(r, &h, dynamic)?;
    let (Some(strtab), Some(strsz)) = (strtab, strsz) else {
        return Ok(Some(info));
    };
    let offset = string_table_offset(&segments, strtab)?;
    let strings = r.bytes(offset, strsz.min(MAX_STRTAB))?;
    name_entries(&mut info, &strings, entries)?;
    Ok(Some(info))
}

/// The ELF header: `Ok(None)` when the file is not ELF (no magic, an
/// unknown class or byte order), `Err` when it is cut short.
fn read_header(r: &mut Reader<'_>) -> Result<Option<Header>, String> {
    let head_len = r.size.min(64);
    let ident = r.bytes(0, head_len)?;
    if ident.len() < 16 || ident[..4] != *b"\x7fELF" {
        return Ok(None);
    }
    let wide = match ident[4] {
        1 => false,
        2 => true,
        _ => return Ok(None),
    };
    let e = Endian {
        little: match ident[5] {
            1 => true,
            2 => false,
            _ => return Ok(None),
        },
    };
    let need = if wide { 64 } else { 52 };
    if (ident.len() as u64) < need {
        return Err(truncated(r.size, need));
    }
    let machine = e.u16(&ident, 0x12) as u16;
    let (phoff, shoff, phentsize, phnum, shentsize, shnum) = if wide {
        (
            e.u64(&ident, 0x20),
            e.u64(&ident, 0x28),
            e.u16(&ident, 0x36),
            e.u16(&ident, 0x38),
            e.u16(&ident, 0x3A),
            e.u16(&ident, 0x3C),
        )
    } else {
        (
            e.u32(&ident, 0x1C),
            e.u32(&ident, 0x20),
            e.u16(&ident, 0x2A),
            e.u16(&ident, 0x2C),
            e.u16(&ident, 0x2E),
            e.u16(&ident, 0x30),
        )
    };
    Ok(Some(Header {
        e,
        wide,
        machine,
        phoff,
        shoff,
        phentsize,
        phnum,
        shentsize,
        shnum,
    }))
}

/// The program headers, once the program and section header tables and
/// every loadable segment are known to lie inside the file.
fn read_segments(r: &mut Reader<'_>, h: &Header) -> Result<Vec<Segment>, String> {
    let (e, wide) = (h.e, h.wide);
    let ph_len = h.phentsize * h.phnum;
    let ph_end = h.phoff.saturating_add(ph_len);
    if ph_end > r.size {
        return Err(truncated(r.size, ph_end));
    }
    if h.shoff != 0 {
        let sh_end = h.shoff.saturating_add(h.shentsize.saturating_mul(h.shnum));
        if sh_end > r.size {
            return Err(truncated(r.size, sh_end));
        }
    }
    let table = r.bytes(h.phoff, ph_len)?;
    let mut segments = Vec::new();
    for entry in table.chunks_exact(h.phentsize as usize) {
        let kind = e.u32(entry, 0) as u32;
        let seg = if wide {
            Segment {
                kind,
                offset: e.u64(entry, 8),
                vaddr: e.u64(entry, 16),
                filesz: e.u64(entry, 32),
            }
        } else {
            Segment {
                kind,
                offset: e.u32(entry, 4),
                vaddr: e.u32(entry, 8),
                filesz: e.u32(entry, 16),
            }
        };
        if seg.kind == PT_LOAD {
            let end = seg.offset.saturating_add(seg.filesz);
            if end > r.size {
                return Err(truncated(r.size, end));
            }
        }
        segments.push(seg);
    }
    Ok(segments)
}

/// The dynamic section's entries up to `DT_NULL` (at most
/// [`MAX_DYNAMIC`] bytes of it).
fn read_dynamic(r: &mut Reader<'_>, h: &Header, dynamic: &Segment) -> Result<Dynamic, String> {
    let (e, wide) = (h.e, h.wide);
    let dyn_len = dynamic.filesz.min(MAX_DYNAMIC);
    let dyn_bytes = r.bytes(dynamic.offset, dyn_len)?;
    let ent = if wide { 16 } else { 8 };
    let mut entries = Vec::new();
    let (mut strtab, mut strsz) = (None, None);
    for d in dyn_bytes.chunks_exact(ent) {
        let tag = e.word(wide, d, 0);
        let val = e.word(wide, d, ent / 2);
        match tag {
            DT_NULL => break,
            DT_STRTAB => strtab = Some(val),
            DT_STRSZ => strsz = Some(val),
            DT_NEEDED | DT_SONAME | DT_RPATH | DT_RUNPATH => entries.push((tag, val)),
            _ => {}
        }
    }
    Ok(Dynamic {
        entries,
        strtab,
        strsz,
    })
}

/// The file offset of the string table at address `strtab`: in the
/// loadable segment that holds it.
fn string_table_offset(segments: &[Segment], strtab: u64) -> Result<u64, String> {
    segments
        .iter()
        .filter(|s| s.kind == PT_LOAD)
        .find(|s| strtab >= s.vaddr && strtab - s.vaddr < s.filesz)
        .map(|s| s.offset + (strtab - s.vaddr))
        .ok_or_else(|| malformed("the string table lies outside every segment"))
}

/// Fills `info`'s needed libraries, `SONAME` and `RUNPATH` (else `RPATH`)
/// from the dynamic `entries`, whose values are offsets in `strings`.
fn name_entries(
    info: &mut ElfInfo,
    strings: &[u8],
    entries: Vec<(u64, u64)>,
) -> Result<(), String> {
    let string = |o: u64| -> Result<String, String> {
        let o = usize::try_from(o).map_err(|_| malformed("a name offset overflows"))?;
        let rest = strings
            .get(o..)
            .ok_or_else(|| malformed("a name lies outside the string table"))?;
        let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        Ok(String::from_utf8_lossy(&rest[..end]).into_owned())
    };
    let mut rpath = None;
    for (tag, val) in entries {
        let s = string(val)?;
        match tag {
            DT_NEEDED => info.needed.push(s),
            DT_SONAME => info.soname = Some(s),
            DT_RUNPATH => info.runpath = Some(s),
            _ => rpath = Some(s),
        }
    }
    if info.runpath.is_none() {
        info.runpath = rpath;
    }
    Ok(())
}

fn truncated(size: u64, needed: u64) -> String {
    format!(
        "the file is truncated: {size} bytes, but its ELF headers describe at least {needed} \
         (an interrupted download or copy?); not loaded, since mapping it would crash the process"
    )
}

fn malformed(what: &str) -> String {
    format!("the file is not a well-formed ELF file: {what}")
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// A file holding `bytes`, deleted when the returned path drops.
    fn scratch(name: &str, bytes: &[u8]) -> tempfile::TempPath {
        crate::scratch_file(&format!("elf-{name}"), bytes)
    }

    #[test]
    fn whole_files_pass_and_cut_ones_fail() {
        let me = std::fs::read("/proc/self/exe").expect("read own executable");
        assert_eq!(check(&scratch("whole", &me)), Ok(()));
        for cut in [20, 63, 64, 4096, me.len() / 2, me.len() - 1] {
            let r = check(&scratch(&format!("cut{cut}"), &me[..cut]));
            let e = r.expect_err("cut file");
            assert!(e.starts_with("the file is truncated"), "{cut}: {e}");
        }
    }

    #[test]
    fn other_files_are_left_to_the_loader() {
        assert_eq!(check(&scratch("text", b"hello")), Ok(()));
        assert_eq!(check(&scratch("empty", b"")), Ok(()));
        assert!(check(Path::new("/no/such/file")).is_err());
    }

    #[test]
    fn needed_libraries_are_read() {
        // The test binary itself needs the C library.
        let info = inspect(Path::new("/proc/self/exe"))
            .expect("readable")
            .expect("an ELF file");
        assert_eq!(Some(info.machine), native_machine());
        assert!(
            info.needed.iter().any(|n| n.starts_with("libc.so")),
            "{:?}",
            info.needed
        );
    }

    #[test]
    fn another_architecture_is_named() {
        let mut me = std::fs::read("/proc/self/exe").expect("read own executable");
        // e_machine := 32-bit Arm (little-endian on both supported hosts).
        me[0x12] = 40;
        me[0x13] = 0;
        let e = check(&scratch("arm", &me)).expect_err("wrong machine");
        assert!(e.contains("built for 32-bit Arm"), "{e}");
    }

    #[test]
    fn mutated_headers_never_panic() {
        let me = std::fs::read("/proc/self/exe").expect("read own executable");
        let head = &me[..me.len().min(1 << 16)];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        // Miri interprets each parse: fewer rounds there.
        for _ in 0..if cfg!(miri) { 100 } else { 3000 } {
            let mut m = head.to_vec();
            for _ in 0..4 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let i = (state % 512) as usize;
                m[i] = (state >> 32) as u8;
            }
            let _ = inspect_bytes(&m);
        }
    }
}
