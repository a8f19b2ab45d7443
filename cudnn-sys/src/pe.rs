//! A reader for PE files (Windows DLLs and executables), on every platform.
//!
//! Two uses: [`check`] is the loader's pre-check of a DLL before it is handed
//! to `LoadLibrary` (a file cut short, a damaged header or a DLL built for
//! another processor is refused with a message that says so), and
//! [`inspect`] describes a DLL — its processor, the DLLs it imports, the
//! names it exports and the file version of its version resource — for the
//! doctor and for tests, which also run on Linux.
//!
//! Nothing here panics or trusts a number read from the file: every read is
//! bounds-checked, every address is translated through the section table,
//! and every count is capped, so a hostile or damaged file costs at most a
//! few megabytes and a bounded number of reads. [`inspect`] reads only the
//! headers and the byte ranges it needs, never the whole file.

use std::fmt;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// `IMAGE_FILE_HEADER.Machine` of 64-bit x86 code (AMD64, x86-64).
pub const MACHINE_AMD64: u16 = 0x8664;
/// `IMAGE_FILE_HEADER.Machine` of 64-bit ARM code (ARM64, AArch64).
pub const MACHINE_ARM64: u16 = 0xAA64;
/// `IMAGE_FILE_HEADER.Machine` of 32-bit x86 code (i386).
pub const MACHINE_I386: u16 = 0x014C;

/// The machine a DLL must be built for to load into this program: AMD64 on
/// x86_64 builds, ARM64 on aarch64 builds, i386 on 32-bit x86 builds, `None`
/// for other processors (no check).
pub const EXPECTED_MACHINE: Option<u16> = if cfg!(target_arch = "x86_64") {
    Some(MACHINE_AMD64)
} else if cfg!(target_arch = "aarch64") {
    Some(MACHINE_ARM64)
} else if cfg!(target_arch = "x86") {
    Some(MACHINE_I386)
} else {
    None
};

/// What a PE file says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeInfo {
    /// `IMAGE_FILE_HEADER.Machine`: [`MACHINE_AMD64`] (0x8664),
    /// [`MACHINE_ARM64`] (0xAA64), [`MACHINE_I386`] (0x14C), ...
    pub machine: u16,
    /// Whether the file is a DLL (`IMAGE_FILE_DLL` in its characteristics).
    pub is_dll: bool,
    /// The DLL names of the import directory, in the order of its entries,
    /// followed by those of the delay-load import directory, in the order of
    /// its entries; spelled as the file writes them (often `KERNEL32.dll`).
    pub imports: Vec<String>,
    /// The names the export directory exports, sorted (byte order).
    pub exports: Vec<String>,
    /// The file version of the version resource (`VS_FIXEDFILEINFO`'s
    /// `dwFileVersionMS` and `dwFileVersionLS`), e.g. `[9, 28, 0, 42]`;
    /// `None` when the file has no version resource.
    pub file_version: Option<[u16; 4]>,
}

/// Why a file could not be read as a PE file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeError {
    /// The file is not a PE file: no `MZ` header, or no `PE` signature where
    /// the header points.
    NotPe,
    /// The file is shorter than its headers say: `size` bytes, while the
    /// headers, the section table, the sections' data or the signature need
    /// at least `needed`.
    Truncated {
        /// The size of the file, in bytes.
        size: u64,
        /// The size the file's headers call for, in bytes.
        needed: u64,
    },
    /// The file is damaged or not laid out as a PE file may be; the text
    /// says what is wrong.
    Malformed(String),
    /// The file could not be opened or read; the operating system's words.
    Io(String),
}

impl fmt::Display for PeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeError::NotPe => f.write_str("not a PE file (a Windows DLL or executable)"),
            PeError::Truncated { size, needed } => write!(
                f,
                "the file is truncated: {size} bytes, but its PE headers describe at least \
                 {needed} (an interrupted download or copy?)"
            ),
            PeError::Malformed(why) => write!(f, "the PE file is damaged: {why}"),
            PeError::Io(why) => write!(f, "the file could not be read: {why}"),
        }
    }
}

impl std::error::Error for PeError {}

/// Reads the PE file at `path` and describes it, reading only its headers
/// and the byte ranges they point to.
///
/// # Errors
/// [`PeError::NotPe`] for a file that is not PE, [`PeError::Truncated`] for
/// one cut short, [`PeError::Malformed`] for one whose tables are damaged,
/// [`PeError::Io`] when it cannot be read.
pub fn inspect(path: &Path) -> Result<PeInfo, PeError> {
    let mut src = FileSource::open(path).map_err(|e| PeError::Io(e.to_string()))?;
    describe(&mut src)
}

/// [`inspect`] over a file's bytes.
///
/// # Errors
/// As [`inspect`], except that [`PeError::Io`] does not occur.
pub fn inspect_bytes(bytes: &[u8]) -> Result<PeInfo, PeError> {
    describe(&mut BytesSource(bytes))
}

/// The loader's check of a file before it is loaded.
///
/// `Ok` when the file is not a PE file at all (the system loader will say
/// what it is), or when it is a PE file whose headers, section table,
/// sections and signature all lie inside the file and whose machine is the
/// one this program is built for ([`EXPECTED_MACHINE`]). `Err` with plain
/// words otherwise: the file is cut short, damaged, built for another
/// processor, or cannot be read.
pub fn check(path: &Path) -> Result<(), String> {
    let mut src = FileSource::open(path).map_err(|e| e.to_string())?;
    let image = match Layout::read(&mut src) {
        Ok(image) => image,
        Err(PeError::NotPe) => return Ok(()),
        Err(e @ PeError::Truncated { .. }) => {
            return Err(format!(
                "{e}; not loaded, since Windows cannot load a DLL whose data is missing"
            ))
        }
        Err(e) => return Err(e.to_string()),
    };
    match EXPECTED_MACHINE {
        Some(want) if image.machine != want => Err(format!(
            "the file is a PE file for {} (machine {:#06x}), but this program is built for {} \
             (machine {want:#06x}); the loader cannot load it",
            machine_name(image.machine),
            image.machine,
            machine_name(want)
        )),
        _ => Ok(()),
    }
}

/// The usual name of an `IMAGE_FILE_HEADER.Machine` value, e.g. `"AMD64
/// (x86-64)"`, or `"an unknown processor"`.
pub fn machine_name(machine: u16) -> &'static str {
    match machine {
        MACHINE_AMD64 => "AMD64 (x86-64)",
        MACHINE_ARM64 => "ARM64",
        MACHINE_I386 => "i386 (32-bit x86)",
        0xA641 => "ARM64EC",
        0x01C4 => "ARM (Thumb-2)",
        0x0200 => "IA-64 (Itanium)",
        _ => "an unknown processor",
    }
}

// ---------------------------------------------------------------------------
// Limits. They are far above what any real DLL needs and keep a hostile file
// from making the reader allocate or loop without end.

/// Import or delay-import descriptors read at most (each directory).
const MAX_IMPORT_DESCRIPTORS: u32 = 16_384;
/// Longest DLL or symbol name read, in bytes.
const MAX_NAME: u64 = 8_192;
/// Most export names read.
const MAX_EXPORT_NAMES: u32 = 1 << 20;
/// Most bytes of export names read in all.
const MAX_EXPORT_NAME_BYTES: u64 = 64 << 20;
/// Largest region read into memory at once (the export directory).
const MAX_WINDOW: u64 = 64 << 20;
/// Most bytes of the version resource read.
const MAX_VERSION_BYTES: u64 = 4_096;

const IMAGE_FILE_DLL: u16 = 0x2000;
const DIR_EXPORT: usize = 0;
const DIR_IMPORT: usize = 1;
const DIR_RESOURCE: usize = 2;
const DIR_SECURITY: usize = 4;
const DIR_DELAY_IMPORT: usize = 13;
const RT_VERSION: u32 = 16;
const VS_FFI_SIGNATURE: u32 = 0xFEEF_04BD;

// ---------------------------------------------------------------------------
// Where the bytes come from: a file (read by seeking) or a slice.

trait Source {
    /// The size of the whole file.
    fn size(&self) -> u64;
    /// Fills `buf` with the bytes at `offset`; `Truncated` when they run
    /// past the end of the file.
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), PeError>;
}

fn range_end(size: u64, offset: u64, len: usize) -> Result<u64, PeError> {
    let end = offset
        .checked_add(len as u64)
        .ok_or_else(|| PeError::Malformed(format!("offset {offset:#x} is out of range")))?;
    if end > size {
        return Err(PeError::Truncated { size, needed: end });
    }
    Ok(end)
}

struct BytesSource<'a>(&'a [u8]);

impl Source for BytesSource<'_> {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), PeError> {
        let end = range_end(self.size(), offset, buf.len())?;
        // Both fit in usize: `end` is at most the slice's length.
        let src = self
            .0
            .get(offset as usize..end as usize)
            .ok_or(PeError::Truncated {
                size: self.size(),
                needed: end,
            })?;
        buf.copy_from_slice(src);
        Ok(())
    }
}

struct FileSource {
    file: File,
    size: u64,
}

impl FileSource {
    fn open(path: &Path) -> std::io::Result<Self> {
        let file = File::open(path)?;
        let size = file.metadata()?.len();
        Ok(FileSource { file, size })
    }
}

impl Source for FileSource {
    fn size(&self) -> u64 {
        self.size
    }

    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), PeError> {
        let end = range_end(self.size, offset, buf.len())?;
        self.file
            .seek(SeekFrom::Start(offset))
            .map_err(|e| PeError::Io(e.to_string()))?;
        self.file.read_exact(buf).map_err(|e| {
            if e.kind() == std::io::ErrorKind::UnexpectedEof {
                // The file shrank since its size was read.
                PeError::Truncated {
                    size: self.size,
                    needed: end,
                }
            } else {
                PeError::Io(e.to_string())
            }
        })
    }
}

fn read_vec(src: &mut dyn Source, offset: u64, len: u64) -> Result<Vec<u8>, PeError> {
    // Never allocate more than the file holds.
    let len_usize = usize::try_from(len)
        .ok()
        .filter(|_| offset.checked_add(len).is_some_and(|end| end <= src.size()))
        .ok_or(PeError::Truncated {
            size: src.size(),
            needed: offset.saturating_add(len),
        })?;
    let mut buf = vec![0u8; len_usize];
    src.read_at(offset, &mut buf)?;
    Ok(buf)
}

// Little-endian fields of a buffer; `None` past its end.
fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let s = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([s[0], s[1]]))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    let s = b.get(at..at.checked_add(8)?)?;
    let mut v = [0u8; 8];
    v.copy_from_slice(s);
    Some(u64::from_le_bytes(v))
}

fn field<T>(v: Option<T>, what: &str) -> Result<T, PeError> {
    v.ok_or_else(|| PeError::Malformed(format!("{what} lies outside its structure")))
}

// ---------------------------------------------------------------------------
// The headers and the section table.

#[derive(Debug, Clone, Copy)]
struct Section {
    virtual_address: u32,
    virtual_size: u32,
    raw_offset: u32,
    raw_size: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct DataDir {
    rva: u32,
    size: u32,
}

#[derive(Debug)]
struct Layout {
    machine: u16,
    characteristics: u16,
    image_base: u64,
    size_of_headers: u32,
    dirs: Vec<DataDir>,
    sections: Vec<Section>,
}

/// The COFF file header's fields this reader uses.
struct FileHeader {
    machine: u16,
    n_sections: u16,
    optional_size: u16,
    characteristics: u16,
}

/// The DOS header's `MZ` and the `PE\0\0` signature it points at, and the
/// file header after it: its offset (`e_lfanew`) and fields. `NotPe` when
/// either signature is missing.
fn read_file_header(src: &mut dyn Source) -> Result<(u64, FileHeader), PeError> {
    let size = src.size();
    let mut dos = [0u8; 64];
    if size < 2 {
        return Err(PeError::NotPe);
    }
    src.read_at(0, &mut dos[..2])?;
    if dos[..2] != *b"MZ" {
        return Err(PeError::NotPe);
    }
    src.read_at(0, &mut dos)?;
    let pe_offset = u64::from(field(u32_at(&dos, 0x3C), "e_lfanew")?);

    let mut file_header = [0u8; 24];
    src.read_at(pe_offset, &mut file_header)?;
    if file_header[..4] != *b"PE\0\0" {
        return Err(PeError::NotPe);
    }
    let h = FileHeader {
        machine: field(u16_at(&file_header, 4), "Machine")?,
        n_sections: field(u16_at(&file_header, 6), "NumberOfSections")?,
        optional_size: field(u16_at(&file_header, 20), "SizeOfOptionalHeader")?,
        characteristics: field(u16_at(&file_header, 22), "Characteristics")?,
    };
    Ok((pe_offset, h))
}

/// The optional header's image base, `SizeOfHeaders` and data directories
/// (at most 16, and only those inside it), for PE32 and PE32+.
fn parse_optional(
    optional: &[u8],
    optional_size: u16,
) -> Result<(u64, u32, Vec<DataDir>), PeError> {
    let magic = u16_at(optional, 0).ok_or_else(|| {
        PeError::Malformed(format!(
            "the optional header is {optional_size} bytes, too short for its magic number"
        ))
    })?;
    let (image_base, n_dirs_at, dirs_at) = match magic {
        0x10B => (u32_at(optional, 28).map(u64::from), 92, 96),
        0x20B => (u64_at(optional, 24), 108, 112),
        other => {
            return Err(PeError::Malformed(format!(
                "unknown optional header magic {other:#06x} (neither PE32 nor PE32+)"
            )))
        }
    };
    if optional.len() < dirs_at {
        return Err(PeError::Malformed(format!(
            "the optional header is {optional_size} bytes, too short for its fields"
        )));
    }
    let image_base = field(image_base, "ImageBase")?;
    let size_of_headers = field(u32_at(optional, 60), "SizeOfHeaders")?;
    let n_dirs = field(u32_at(optional, n_dirs_at), "NumberOfRvaAndSizes")?;
    let n_dirs = (n_dirs.min(16) as usize).min((optional.len() - dirs_at) / 8);
    let dirs = (0..n_dirs)
        .map(|i| {
            let at = dirs_at + 8 * i;
            Ok(DataDir {
                rva: field(u32_at(optional, at), "a data directory")?,
                size: field(u32_at(optional, at + 4), "a data directory")?,
            })
        })
        .collect::<Result<Vec<_>, PeError>>()?;
    Ok((image_base, size_of_headers, dirs))
}

/// Where the last thing the headers place in the file ends: the headers
/// (`headers_end`), each section's data, the certificate table.
fn placed_end(headers_end: u64, sections: &[Section], dirs: &[DataDir]) -> u64 {
    let mut needed = headers_end;
    for s in sections {
        if s.raw_size != 0 {
            needed = needed.max(u64::from(s.raw_offset) + u64::from(s.raw_size));
        }
    }
    // The certificate table (Authenticode signature) is addressed by file
    // offset, not RVA, and usually ends the file.
    if let Some(cert) = dirs.get(DIR_SECURITY) {
        if cert.rva != 0 && cert.size != 0 {
            needed = needed.max(u64::from(cert.rva) + u64::from(cert.size));
        }
    }
    needed
}

impl Layout {
    /// Reads and checks the headers and the section table: `Truncated` when
    /// anything they place in the file (headers, sections' data, the
    /// certificate table) runs past its end.
    fn read(src: &mut dyn Source) -> Result<Layout, PeError> {
        let size = src.size();
        let (pe_offset, h) = read_file_header(src)?;
        let optional_at = pe_offset + 24;
        let optional = read_vec(src, optional_at, u64::from(h.optional_size))?;
        let (image_base, size_of_headers, dirs) = parse_optional(&optional, h.optional_size)?;

        let table_at = optional_at + u64::from(h.optional_size);
        let table = read_vec(src, table_at, 40 * u64::from(h.n_sections))?;
        let sections: Vec<Section> = table
            .chunks_exact(40)
            .map(|s| Section {
                virtual_size: u32_at(s, 8).unwrap_or(0),
                virtual_address: u32_at(s, 12).unwrap_or(0),
                raw_size: u32_at(s, 16).unwrap_or(0),
                raw_offset: u32_at(s, 20).unwrap_or(0),
            })
            .collect();

        // Everything the headers place in the file must be there.
        let headers_end = (table_at + table.len() as u64).max(u64::from(size_of_headers));
        let needed = placed_end(headers_end, &sections, &dirs);
        if needed > size {
            return Err(PeError::Truncated { size, needed });
        }

        Ok(Layout {
            machine: h.machine,
            characteristics: h.characteristics,
            image_base,
            size_of_headers,
            dirs,
            sections,
        })
    }

    fn dir(&self, index: usize) -> Option<DataDir> {
        self.dirs
            .get(index)
            .copied()
            .filter(|d| d.rva != 0 && d.size != 0)
    }

    /// The file offset of `rva` and how many bytes of file data follow it in
    /// its section (or in the headers).
    fn locate(&self, rva: u32) -> Result<(u64, u64), PeError> {
        for s in &self.sections {
            let span = s.virtual_size.max(s.raw_size);
            let Some(delta) = rva.checked_sub(s.virtual_address) else {
                continue;
            };
            if delta >= span {
                continue;
            }
            if delta >= s.raw_size {
                return Err(PeError::Malformed(format!(
                    "RVA {rva:#x} lies in a section's uninitialised data, not in the file"
                )));
            }
            return Ok((
                u64::from(s.raw_offset) + u64::from(delta),
                u64::from(s.raw_size - delta),
            ));
        }
        if rva < self.size_of_headers {
            return Ok((u64::from(rva), u64::from(self.size_of_headers - rva)));
        }
        Err(PeError::Malformed(format!(
            "RVA {rva:#x} lies in no section"
        )))
    }

    /// The file offset of the `len` bytes at `rva`, which must lie in the
    /// file data of one section.
    fn locate_range(&self, rva: u32, len: u64) -> Result<u64, PeError> {
        let (offset, available) = self.locate(rva)?;
        if len > available {
            return Err(PeError::Malformed(format!(
                "{len} bytes at RVA {rva:#x} run past the end of their section"
            )));
        }
        Ok(offset)
    }
}

// ---------------------------------------------------------------------------
// The tables behind the data directories.

struct Reader<'a> {
    src: &'a mut dyn Source,
    layout: Layout,
    /// A region of the file held in memory (file offset, bytes), so that the
    /// many small reads of the export names do not each cost a seek.
    window: Option<(u64, Vec<u8>)>,
}

impl Reader<'_> {
    fn read(&mut self, offset: u64, len: u64) -> Result<Vec<u8>, PeError> {
        if let Some((start, bytes)) = &self.window {
            if let (Some(from), Some(end)) = (offset.checked_sub(*start), offset.checked_add(len)) {
                if end <= start + bytes.len() as u64 {
                    // In range: `from + len` is at most `bytes.len()`.
                    return Ok(bytes[from as usize..(from + len) as usize].to_vec());
                }
            }
        }
        read_vec(self.src, offset, len)
    }

    fn read_rva(&mut self, rva: u32, len: u64) -> Result<Vec<u8>, PeError> {
        let offset = self.layout.locate_range(rva, len)?;
        self.read(offset, len)
    }

    /// The NUL-terminated name at `rva`, at most `MAX_NAME` bytes.
    fn name_at(&mut self, rva: u32, what: &str) -> Result<String, PeError> {
        let (offset, available) = self.layout.locate(rva)?;
        let mut chunk = 64u64;
        loop {
            let len = chunk.min(available).min(MAX_NAME + 1);
            let bytes = self.read(offset, len)?;
            if let Some(end) = bytes.iter().position(|&b| b == 0) {
                return Ok(String::from_utf8_lossy(&bytes[..end]).into_owned());
            }
            if len == available {
                return Err(PeError::Malformed(format!(
                    "the {what} at RVA {rva:#x} runs past the end of its section"
                )));
            }
            if len > MAX_NAME {
                return Err(PeError::Malformed(format!(
                    "the {what} at RVA {rva:#x} is longer than {MAX_NAME} bytes"
                )));
            }
            chunk *= 4;
        }
    }

    fn imports(&mut self) -> Result<Vec<String>, PeError> {
        let mut names = Vec::new();
        if let Some(dir) = self.layout.dir(DIR_IMPORT) {
            // IMAGE_IMPORT_DESCRIPTOR: 20 bytes, Name at 12; a zero entry ends it.
            for i in 0..MAX_IMPORT_DESCRIPTORS {
                let rva = entry_rva(dir.rva, i, 20)?;
                let d = self.read_rva(rva, 20)?;
                if d.iter().all(|&b| b == 0) {
                    break;
                }
                let name = field(u32_at(&d, 12), "an import's name")?;
                if name == 0 {
                    break;
                }
                names.push(self.name_at(name, "imported DLL name")?);
                if i + 1 == MAX_IMPORT_DESCRIPTORS {
                    return Err(too_many("import descriptors"));
                }
            }
        }
        if let Some(dir) = self.layout.dir(DIR_DELAY_IMPORT) {
            // IMAGE_DELAYLOAD_DESCRIPTOR: 32 bytes, Attributes at 0, DllNameRVA
            // at 4. Without the RVA attribute (bit 0), the old format holds
            // virtual addresses instead.
            for i in 0..MAX_IMPORT_DESCRIPTORS {
                let rva = entry_rva(dir.rva, i, 32)?;
                let d = self.read_rva(rva, 32)?;
                let attributes = field(u32_at(&d, 0), "a delay import's attributes")?;
                let name = field(u32_at(&d, 4), "a delay import's name")?;
                if name == 0 {
                    break;
                }
                let name = if attributes & 1 == 1 {
                    name
                } else {
                    u64::from(name)
                        .checked_sub(self.layout.image_base)
                        .and_then(|r| u32::try_from(r).ok())
                        .ok_or_else(|| {
                            PeError::Malformed(format!(
                                "a delay import's name address {name:#x} is below the image base"
                            ))
                        })?
                };
                names.push(self.name_at(name, "delay-loaded DLL name")?);
                if i + 1 == MAX_IMPORT_DESCRIPTORS {
                    return Err(too_many("delay import descriptors"));
                }
            }
        }
        Ok(names)
    }

    fn exports(&mut self) -> Result<Vec<String>, PeError> {
        let Some(dir) = self.layout.dir(DIR_EXPORT) else {
            return Ok(Vec::new());
        };
        // Hold the export directory's region in memory: the names usually lie
        // inside it.
        if let Ok(offset) = self.layout.locate_range(dir.rva, u64::from(dir.size)) {
            if u64::from(dir.size) <= MAX_WINDOW {
                let bytes = read_vec(self.src, offset, u64::from(dir.size))?;
                self.window = Some((offset, bytes));
            }
        }
        // IMAGE_EXPORT_DIRECTORY: NumberOfNames at 24, AddressOfNames at 32.
        let d = self.read_rva(dir.rva, 40)?;
        let n_names = field(u32_at(&d, 24), "NumberOfNames")?;
        let names_rva = field(u32_at(&d, 32), "AddressOfNames")?;
        if n_names > MAX_EXPORT_NAMES {
            return Err(too_many("exported names"));
        }
        let pointers = if n_names == 0 {
            Vec::new()
        } else {
            self.read_rva(names_rva, 4 * u64::from(n_names))?
        };
        let mut names = Vec::with_capacity(n_names as usize);
        let mut total = 0u64;
        for p in pointers.chunks_exact(4) {
            let rva = u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
            let name = self.name_at(rva, "exported name")?;
            total += name.len() as u64 + 1;
            if total > MAX_EXPORT_NAME_BYTES {
                return Err(too_many("bytes of exported names"));
            }
            names.push(name);
        }
        self.window = None;
        names.sort_unstable();
        Ok(names)
    }

    /// `VS_FIXEDFILEINFO`'s file version from the first language of the first
    /// RT_VERSION resource.
    fn file_version(&mut self) -> Result<Option<[u16; 4]>, PeError> {
        let Some(dir) = self.layout.dir(DIR_RESOURCE) else {
            return Ok(None);
        };
        // Three levels: type, name, language. Offsets are relative to the
        // resource directory; a set high bit marks a subdirectory.
        let Some(by_type) = self.resource_entry(dir.rva, 0, Some(RT_VERSION))? else {
            return Ok(None);
        };
        let by_name = subdirectory(by_type)?;
        let Some(by_language) = self.resource_entry(dir.rva, by_name, None)? else {
            return Ok(None);
        };
        let by_language = subdirectory(by_language)?;
        let Some(leaf) = self.resource_entry(dir.rva, by_language, None)? else {
            return Ok(None);
        };
        if leaf & 0x8000_0000 != 0 {
            return Err(PeError::Malformed(
                "the version resource is nested deeper than three levels".into(),
            ));
        }
        let leaf_rva = resource_rva(dir.rva, leaf)?;
        // IMAGE_RESOURCE_DATA_ENTRY: OffsetToData (an RVA), Size.
        let entry = self.read_rva(leaf_rva, 16)?;
        let data_rva = field(u32_at(&entry, 0), "the version resource's address")?;
        let data_size = field(u32_at(&entry, 4), "the version resource's size")?;
        let data = self.read_rva(data_rva, u64::from(data_size).min(MAX_VERSION_BYTES))?;
        Ok(fixed_file_version(&data))
    }

    /// In the resource directory table at `offset` (from the resource
    /// directory's start), the OffsetToData of the entry whose ID is `id`,
    /// or of the first entry when `id` is `None`.
    fn resource_entry(
        &mut self,
        base: u32,
        offset: u32,
        id: Option<u32>,
    ) -> Result<Option<u32>, PeError> {
        let at = resource_rva(base, offset)?;
        let header = self.read_rva(at, 16)?;
        let named = field(u16_at(&header, 12), "NumberOfNamedEntries")?;
        let ids = field(u16_at(&header, 14), "NumberOfIdEntries")?;
        let count = u32::from(named) + u32::from(ids);
        if count == 0 {
            return Ok(None);
        }
        let entries_rva = at
            .checked_add(16)
            .ok_or_else(|| PeError::Malformed("resource directory out of range".into()))?;
        // At most 131,070 entries of 8 bytes: about 1 MiB.
        let entries = self.read_rva(entries_rva, 8 * u64::from(count))?;
        for e in entries.chunks_exact(8) {
            let name = u32::from_le_bytes([e[0], e[1], e[2], e[3]]);
            let data = u32::from_le_bytes([e[4], e[5], e[6], e[7]]);
            if id.is_none_or(|want| name == want) {
                return Ok(Some(data));
            }
        }
        Ok(None)
    }
}

fn entry_rva(base: u32, index: u32, size: u32) -> Result<u32, PeError> {
    index
        .checked_mul(size)
        .and_then(|o| base.checked_add(o))
        .ok_or_else(|| {
            PeError::Malformed("a directory runs past the end of the address space".into())
        })
}

fn too_many(what: &str) -> PeError {
    PeError::Malformed(format!("too many {what}"))
}

fn subdirectory(data: u32) -> Result<u32, PeError> {
    if data & 0x8000_0000 == 0 {
        return Err(PeError::Malformed(
            "the version resource is shallower than three levels".into(),
        ));
    }
    Ok(data & 0x7FFF_FFFF)
}

fn resource_rva(base: u32, offset: u32) -> Result<u32, PeError> {
    base.checked_add(offset & 0x7FFF_FFFF)
        .ok_or_else(|| PeError::Malformed("a resource offset is out of range".into()))
}

/// The file version of a `VS_VERSIONINFO` block: its `VS_FIXEDFILEINFO`
/// follows the key `"VS_VERSION_INFO"` (UTF-16) at the next 4-byte boundary,
/// offset 40. Other layouts are searched for the structure's signature.
fn fixed_file_version(data: &[u8]) -> Option<[u16; 4]> {
    let at = if u32_at(data, 40) == Some(VS_FFI_SIGNATURE) {
        40
    } else {
        (0..data.len().saturating_sub(52))
            .step_by(4)
            .find(|&o| u32_at(data, o) == Some(VS_FFI_SIGNATURE))?
    };
    let ms = u32_at(data, at + 8)?;
    let ls = u32_at(data, at + 12)?;
    Some([(ms >> 16) as u16, ms as u16, (ls >> 16) as u16, ls as u16])
}

fn describe(src: &mut dyn Source) -> Result<PeInfo, PeError> {
    let layout = Layout::read(src)?;
    let mut r = Reader {
        src,
        layout,
        window: None,
    };
    let imports = r.imports()?;
    let exports = r.exports()?;
    let file_version = r.file_version()?;
    Ok(PeInfo {
        machine: r.layout.machine,
        is_dll: r.layout.characteristics & IMAGE_FILE_DLL != 0,
        imports,
        exports,
        file_version,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small but complete PE32+ DLL: one section holding an import
    /// directory (two DLLs), a delay-load directory (one DLL), an export
    /// directory (two names) and a version resource (9.28.0.42), followed by
    /// a 16-byte certificate table at the end of the file.
    fn synthetic(machine: u16) -> Vec<u8> {
        const SECTION_VA: u32 = 0x1000;
        const RAW: usize = 0x200;
        let mut f = vec![0u8; 0x810];
        let put16 =
            |f: &mut Vec<u8>, at: usize, v: u16| f[at..at + 2].copy_from_slice(&v.to_le_bytes());
        let put32 =
            |f: &mut Vec<u8>, at: usize, v: u32| f[at..at + 4].copy_from_slice(&v.to_le_bytes());
        let put = |f: &mut Vec<u8>, at: usize, b: &[u8]| f[at..at + b.len()].copy_from_slice(b);
        put(&mut f, 0, b"MZ");
        put32(&mut f, 0x3C, 0x40);
        put(&mut f, 0x40, b"PE\0\0");
        put16(&mut f, 0x44, machine);
        put16(&mut f, 0x46, 1); // NumberOfSections
        put16(&mut f, 0x54, 240); // SizeOfOptionalHeader
        put16(&mut f, 0x56, 0x2022); // DLL | EXECUTABLE | LARGE_ADDRESS_AWARE
        let opt = 0x58;
        put16(&mut f, opt, 0x20B);
        f[opt + 24..opt + 32].copy_from_slice(&0x1_8000_0000u64.to_le_bytes());
        put32(&mut f, opt + 60, 0x200); // SizeOfHeaders
        put32(&mut f, opt + 108, 16); // NumberOfRvaAndSizes
        let dir = |f: &mut Vec<u8>, i: usize, rva: u32, size: u32| {
            put32(f, opt + 112 + 8 * i, rva);
            put32(f, opt + 116 + 8 * i, size);
        };
        dir(&mut f, DIR_EXPORT, SECTION_VA + 0x200, 0x100);
        dir(&mut f, DIR_IMPORT, SECTION_VA, 60);
        dir(&mut f, DIR_RESOURCE, SECTION_VA + 0x300, 0x100);
        dir(&mut f, DIR_SECURITY, 0x800, 0x10);
        dir(&mut f, DIR_DELAY_IMPORT, SECTION_VA + 0x50, 64);
        let sec = opt + 240;
        put(&mut f, sec, b".rdata\0\0");
        put32(&mut f, sec + 8, 0x600); // VirtualSize
        put32(&mut f, sec + 12, SECTION_VA);
        put32(&mut f, sec + 16, 0x600); // SizeOfRawData
        put32(&mut f, sec + 20, RAW as u32);
        let rva = |o: usize| SECTION_VA + o as u32;
        // Imports: two descriptors and a zero one.
        put32(&mut f, RAW + 12, rva(0x100));
        put32(&mut f, RAW + 20 + 12, rva(0x120));
        put(&mut f, RAW + 0x100, b"KERNEL32.dll\0");
        put(&mut f, RAW + 0x120, b"cudnn_graph64_9.dll\0");
        // Delay imports: one RVA-based descriptor and a zero one.
        put32(&mut f, RAW + 0x50, 1);
        put32(&mut f, RAW + 0x54, rva(0x140));
        put(&mut f, RAW + 0x140, b"nvcuda.dll\0");
        // Exports: two names, listed unsorted.
        put32(&mut f, RAW + 0x200 + 24, 2);
        put32(&mut f, RAW + 0x200 + 32, rva(0x240));
        put32(&mut f, RAW + 0x240, rva(0x260));
        put32(&mut f, RAW + 0x244, rva(0x280));
        put(&mut f, RAW + 0x260, b"cudnnGetVersion\0");
        put(&mut f, RAW + 0x280, b"cudnnCreate\0");
        // Resources: RT_VERSION / 1 / 0x409 -> data entry -> VS_VERSIONINFO.
        let res = RAW + 0x300;
        put16(&mut f, res + 14, 1);
        put32(&mut f, res + 16, RT_VERSION);
        put32(&mut f, res + 20, 0x8000_0018);
        put16(&mut f, res + 0x18 + 14, 1);
        put32(&mut f, res + 0x18 + 16, 1);
        put32(&mut f, res + 0x18 + 20, 0x8000_0030);
        put16(&mut f, res + 0x30 + 14, 1);
        put32(&mut f, res + 0x30 + 16, 0x409);
        put32(&mut f, res + 0x30 + 20, 0x48);
        put32(&mut f, res + 0x48, rva(0x360));
        put32(&mut f, res + 0x48 + 4, 92);
        let vi = RAW + 0x360;
        put16(&mut f, vi, 92);
        put16(&mut f, vi + 2, 52);
        for (i, c) in "VS_VERSION_INFO".encode_utf16().enumerate() {
            put16(&mut f, vi + 6 + 2 * i, c);
        }
        put32(&mut f, vi + 40, VS_FFI_SIGNATURE);
        put32(&mut f, vi + 44, 0x1_0000);
        put32(&mut f, vi + 48, (9 << 16) | 28);
        put32(&mut f, vi + 52, 42);
        f
    }

    /// A file holding `bytes`, deleted when the returned path drops.
    fn scratch(name: &str, bytes: &[u8]) -> tempfile::TempPath {
        crate::scratch_file(&format!("pe-{name}"), bytes)
    }

    #[test]
    fn a_complete_dll_is_described() {
        let info = inspect_bytes(&synthetic(MACHINE_AMD64)).expect("valid PE");
        assert_eq!(
            info,
            PeInfo {
                machine: MACHINE_AMD64,
                is_dll: true,
                imports: vec![
                    "KERNEL32.dll".into(),
                    "cudnn_graph64_9.dll".into(),
                    "nvcuda.dll".into()
                ],
                exports: vec!["cudnnCreate".into(), "cudnnGetVersion".into()],
                file_version: Some([9, 28, 0, 42]),
            }
        );
        let path = scratch("whole", &synthetic(MACHINE_AMD64));
        assert_eq!(inspect(&path), Ok(info));
    }

    #[test]
    fn a_file_cut_anywhere_is_truncated() {
        let whole = synthetic(MACHINE_AMD64);
        // Miri interprets each parse: there, every 29th cut and both sides
        // of each header's, table's and section's edge.
        let cuts: Vec<usize> = if cfg!(miri) {
            let edges = [
                0x3C, 0x40, 0x44, 0x58, 0x148, 0x170, 0x200, 0x300, 0x500, 0x800,
            ];
            (2..whole.len())
                .step_by(29)
                .chain(edges.iter().flat_map(|&e| [e - 1, e, e + 1]))
                .collect()
        } else {
            (2..whole.len()).collect()
        };
        for cut in cuts {
            match inspect_bytes(&whole[..cut]) {
                Err(PeError::Truncated { size, needed }) => {
                    assert_eq!(size, cut as u64);
                    assert!(needed > size, "cut at {cut}: needed {needed}");
                }
                other => panic!("cut at {cut}: {other:?}"),
            }
        }
        assert_eq!(inspect_bytes(&whole[..1]), Err(PeError::NotPe));
        assert_eq!(inspect_bytes(&[]), Err(PeError::NotPe));
        for cut in [100, 0x1FF, 0x7FF, whole.len() - 1] {
            let path = scratch(&format!("cut{cut}"), &whole[..cut]);
            let e = check(&path).expect_err("a cut file is refused");
            assert!(e.starts_with("the file is truncated"), "{cut}: {e}");
        }
    }

    #[test]
    fn other_files_are_not_pe_and_left_to_the_loader() {
        assert_eq!(inspect_bytes(b"hello, world\n"), Err(PeError::NotPe));
        let mut dos = vec![0u8; 128];
        dos[..2].copy_from_slice(b"MZ");
        dos[0x3C] = 0x40;
        assert_eq!(
            inspect_bytes(&dos),
            Err(PeError::NotPe),
            "an MZ file without PE"
        );
        let text = scratch("text", b"not a DLL\n");
        assert_eq!(check(&text), Ok(()));
        let empty = scratch("empty", b"");
        assert_eq!(check(&empty), Ok(()));
        assert!(check(Path::new("/no/such/dir/cudnn64_9.dll")).is_err());
        assert!(matches!(
            inspect(Path::new("/no/such/dir/cudnn64_9.dll")),
            Err(PeError::Io(_))
        ));
    }

    #[test]
    fn a_dll_for_another_processor_is_refused() {
        let Some(want) = EXPECTED_MACHINE else {
            return;
        };
        let other = if want == MACHINE_ARM64 {
            MACHINE_AMD64
        } else {
            MACHINE_ARM64
        };
        let right = scratch("right-machine", &synthetic(want));
        assert_eq!(check(&right), Ok(()));
        let wrong = scratch("wrong-machine", &synthetic(other));
        let e = check(&wrong).expect_err("another processor's DLL");
        assert!(e.contains(machine_name(other)), "{e}");
        assert!(e.contains(machine_name(want)), "{e}");
    }

    #[test]
    fn damaged_tables_are_malformed_not_fatal() {
        let base = synthetic(MACHINE_AMD64);
        let names_field = 0x200 + 0x200 + 24;
        let mut f = base.clone();
        f[names_field..names_field + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(inspect_bytes(&f), Err(PeError::Malformed(_))));
        // 100,000 names: the pointer array would run past the section.
        f[names_field..names_field + 4].copy_from_slice(&100_000u32.to_le_bytes());
        assert!(matches!(inspect_bytes(&f), Err(PeError::Malformed(_))));
        // An import directory without its terminating entry stops at the
        // section's end.
        let mut f = base.clone();
        for i in 0..(0x600 / 20) {
            let at = 0x200 + 20 * i + 12;
            f[at..at + 4].copy_from_slice(&(0x1100u32).to_le_bytes());
        }
        assert!(matches!(inspect_bytes(&f), Err(PeError::Malformed(_))));
        // A name without a NUL up to the section's end.
        let mut f = base.clone();
        for b in &mut f[0x200 + 0x280..0x800] {
            *b = b'x';
        }
        assert!(matches!(inspect_bytes(&f), Err(PeError::Malformed(_))));
        // An unknown optional header.
        let mut f = base;
        f[0x58] = 0x77;
        assert!(matches!(inspect_bytes(&f), Err(PeError::Malformed(_))));
    }

    /// A small deterministic generator (xorshift64*), so a failure replays.
    pub(crate) struct Rng(pub(crate) u64);

    impl Rng {
        pub(crate) fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    #[test]
    fn random_damage_never_panics() {
        let base = synthetic(MACHINE_AMD64);
        let mut rng = Rng(0x5EED_CAFE_F00D_1234);
        let mut outcomes = [0usize; 5];
        // Miri interprets each parse: fewer rounds there.
        for _ in 0..if cfg!(miri) { 24 } else { 20_000 } {
            let mut f = base.clone();
            let flips = 1 + rng.next() % 8;
            for _ in 0..flips {
                let at = (rng.next() % f.len() as u64) as usize;
                f[at] = match rng.next() % 4 {
                    0 => 0,
                    1 => 0xFF,
                    _ => rng.next() as u8,
                };
            }
            if rng.next().is_multiple_of(8) {
                let cut = (rng.next() % f.len() as u64) as usize;
                f.truncate(cut);
            }
            let slot = match inspect_bytes(&f) {
                Ok(_) => 0,
                Err(PeError::NotPe) => 1,
                Err(PeError::Truncated { .. }) => 2,
                Err(PeError::Malformed(_)) => 3,
                Err(PeError::Io(_)) => 4,
            };
            outcomes[slot] += 1;
        }
        assert_eq!(outcomes[4], 0, "no I/O over a slice");
        assert!(outcomes[0] > 0 && outcomes[3] > 0, "{outcomes:?}");
    }

    #[test]
    fn errors_read_as_plain_words() {
        let t = PeError::Truncated {
            size: 10,
            needed: 20,
        }
        .to_string();
        assert!(t.contains("10 bytes") && t.contains("20"), "{t}");
        assert!(PeError::NotPe.to_string().starts_with("not a PE file"));
        assert_eq!(machine_name(MACHINE_AMD64), "AMD64 (x86-64)");
    }

    /// On Windows the test program is itself a PE file.
    #[cfg(windows)]
    #[test]
    fn this_program_is_a_pe_file_for_this_processor() {
        let exe = std::env::current_exe().expect("current_exe");
        let info = inspect(&exe).expect("the test program is PE");
        assert_eq!(Some(info.machine), EXPECTED_MACHINE);
        assert!(!info.is_dll);
        assert!(
            info.imports
                .iter()
                .any(|d| d.eq_ignore_ascii_case("kernel32.dll")),
            "{:?}",
            info.imports
        );
        assert_eq!(check(&exe), Ok(()));
    }
}
