//! The library search and the binary readers: discovery over generated
//! environments and folder listings (both operating systems' rules),
//! loading from generated folder trees on disk, and the ELF and PE readers
//! over damaged copies of real files.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use cudnn::sys::discovery::{
    self, candidates, library_file_names, major_of_file_name, Candidate, Os, SearchEnv, Source,
};
use cudnn::sys::{elf, loader, pe, sublibs};
use cudnn::{Error, Library};

use crate::gen::{Rng, NAMES};
use crate::{Area, Case};

pub const AREAS: &[Area] = &[
    Area {
        name: "discovery",
        weight: 6,
        needs_lib: false,
        writes_files: false,
        run: discovery_case,
    },
    Area {
        name: "loader-trees",
        weight: 1,
        needs_lib: false,
        writes_files: true,
        run: loader_trees,
    },
    Area {
        name: "elf",
        weight: 5,
        needs_lib: false,
        writes_files: false,
        run: elf_case,
    },
    Area {
        name: "pe",
        weight: 5,
        needs_lib: false,
        writes_files: false,
        run: pe_case,
    },
];

/// An environment and folder listings, all generated.
struct GenEnv {
    vars: Vec<(String, OsString)>,
    dirs: HashMap<PathBuf, Vec<OsString>>,
}

impl SearchEnv for GenEnv {
    fn var(&self, name: &str) -> Option<OsString> {
        self.vars
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }
    fn var_names(&self) -> Vec<String> {
        self.vars.iter().map(|(n, _)| n.clone()).collect()
    }
    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        self.dirs.get(dir).cloned().unwrap_or_default()
    }
}

const VARS: [&str; 12] = [
    "CUDNN_LIB_DIR",
    "CUDNN_PATH",
    "VIRTUAL_ENV",
    "CONDA_PREFIX",
    "CUDA_PATH",
    "CUDA_HOME",
    "ProgramFiles",
    "CUDA_PATH_V12_4",
    "CUDA_PATH_V13_0",
    "cuda_path_v11_8",
    "CUDA_PATH_V99999999999_1",
    "CUDA_PATH_V1_2_3",
];

const SUBS: [&str; 10] = [
    "lib",
    "lib64",
    "bin",
    "Lib/site-packages/nvidia/cudnn/bin",
    "Library\\bin",
    "NVIDIA\\CUDNN",
    "NVIDIA\\CUDNN\\v9.1\\bin",
    "lib/python3.12/site-packages/nvidia/cudnn/lib",
    "",
    "bin\\12.6",
];

fn gen_env(c: &mut Case, os: Os) -> GenEnv {
    let sep = if os == Os::Windows { "\\" } else { "/" };
    let mut vars = Vec::new();
    for name in VARS {
        if c.rng.coin() {
            let value = match c.rng.below(4) {
                0 => OsString::new(),
                1 => c.rng.os_string(16),
                _ => c.rng.path_of(1, 4).into_os_string(),
            };
            vars.push((name.to_string(), value));
        }
    }
    if c.rng.one_in(3) {
        let name = format!("CUDA_PATH_V{}_{}", c.rng.size(), c.rng.size());
        vars.push((name, c.rng.path(2).into_os_string()));
    }
    if c.rng.one_in(4) {
        vars.push((c.rng.text(12), c.rng.os_string(12)));
    }
    let mut dirs = HashMap::new();
    let roots: Vec<OsString> = vars.iter().map(|(_, v)| v.clone()).collect();
    for root in roots {
        for _ in 0..c.rng.range(0, 3) {
            let mut dir = root.clone();
            let sub = c.rng.pick(&SUBS).replace(['/', '\\'], sep);
            if !sub.is_empty() {
                dir.push(sep);
                dir.push(sub);
            }
            let entries = (0..c.rng.range(0, 6))
                .map(|_| {
                    if c.rng.coin() {
                        OsString::from(c.rng.pick(&NAMES))
                    } else {
                        c.rng.os_string(10)
                    }
                })
                .collect();
            dirs.insert(PathBuf::from(dir), entries);
        }
    }
    GenEnv { vars, dirs }
}

/// The key discovery compares paths by.
fn key(os: Os, p: &Path) -> OsString {
    match os {
        Os::Linux => p.as_os_str().to_os_string(),
        Os::Windows => OsString::from(p.to_string_lossy().to_lowercase().replace('/', "\\")),
    }
}

fn discovery_case(c: &mut Case) {
    let os = if c.rng.coin() { Os::Linux } else { Os::Windows };
    let env = gen_env(c, os);
    let explicit = c.rng.coin().then(|| c.rng.path_of(0, 3));
    say!(
        c,
        "candidates({os:?}, {explicit:?}, vars {:?}, dirs {:?})",
        env.vars,
        env.dirs
    );
    let list: Vec<Candidate> = candidates(os, explicit.as_deref(), &env);
    let mut seen = std::collections::HashSet::new();
    for cand in &list {
        assert!(
            seen.insert(key(os, &cand.path)),
            "{} twice",
            cand.path.display()
        );
        let _ = cand.source.to_string();
        if !matches!(cand.source, Source::Explicit) {
            let name = cand.path.to_string_lossy();
            assert!(
                library_file_names(os).iter().any(|n| name.ends_with(n)),
                "{name} is not a library file name"
            );
            assert!(matches!(major_of_file_name(&name), Some(8 | 9)), "{name}");
        }
    }
    // Each name is tried: the system loader's step gives the files found
    // along its search path, or the bare name when none is found there
    // (unless an earlier step gave that file already).
    for name in library_file_names(os) {
        let k = key(os, Path::new(name));
        let k = k.to_string_lossy().into_owned();
        let found = list.iter().any(|cand| {
            let p = key(os, &cand.path).to_string_lossy().into_owned();
            p == k || p.ends_with(&format!("/{k}")) || p.ends_with(&format!("\\{k}"))
        });
        assert!(found, "{name} is tried by the system loader");
    }
    let (plan, only) = loader::search_plan(os, explicit.as_deref(), &env);
    match only {
        Some(_) => assert!(plan
            .iter()
            .all(|p| matches!(p.source, Source::Explicit | Source::EnvLibDir))),
        None => assert_eq!(plan, list),
    }
    let text = c.rng.text(30);
    say!(c, "; major_of_file_name({text:?})");
    let _ = major_of_file_name(&text);
    let lossy = c.rng.os_string(20);
    let _ = major_of_file_name(&lossy.to_string_lossy());
    let major = c.rng.pick(&[8, 9, 0, 10, u32::MAX]);
    let name = if c.rng.coin() {
        c.rng.pick(&[
            "graph",
            "ops",
            "ops_infer",
            "cnn_train",
            "adv",
            "engines_precompiled",
        ])
    } else {
        "nothing"
    };
    let _ = (sublibs::specs(major), sublibs::spec_of(major, name));
    let _ = sublibs::file_name(os, major, name);
    let function = if c.rng.coin() {
        cudnn::sys::FUNCTIONS[c.rng.index(cudnn::sys::FUNCTIONS.len())].name
    } else {
        "cudnnNothing"
    };
    let _ = sublibs::implemented_in(major, function);
    let _ = sublibs::functions_of(major, name).count();
    for s in sublibs::specs(major) {
        let _ = s.ships_in(c.rng.next_u64() as u32, c.rng.next_u64() as u32);
    }
    let _ = discovery::Os::current();
}

/// What a generated library file holds: nothing a loader can load.
fn junk(c: &mut Case) -> Vec<u8> {
    let sample = if c.rng.coin() {
        c.ctx.elf.first()
    } else {
        c.ctx.pe.first()
    };
    match (c.rng.below(5), sample) {
        (0, _) => Vec::new(),
        (1, _) => b"not a shared object\n".to_vec(),
        (2, Some((_, bytes))) => {
            // A real library cut inside its headers.
            let cut = c.rng.index(bytes.len().min(2048));
            bytes[..cut].to_vec()
        }
        _ => c.rng.bytes(300),
    }
}

fn loader_trees(c: &mut Case) {
    let root = c.ctx.scratch.join(format!("tree-{}", c.rng.below(4)));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).expect("make a scratch folder");
    let os = Os::current();
    let mut dirs = vec![root.clone()];
    for _ in 0..c.rng.range(0, 4) {
        let parent = dirs[c.rng.index(dirs.len())].clone();
        let name = if c.rng.coin() {
            OsString::from(c.rng.pick(&NAMES))
        } else {
            c.rng.os_string(10)
        };
        // One plain component: no separator, drive or parent that would
        // lead out of the scratch folder.
        let text = name.to_string_lossy();
        if text.is_empty() || text == "." || text == ".." || text.contains(['/', '\\', ':']) {
            continue;
        }
        let dir = parent.join(&name);
        if std::fs::create_dir_all(&dir).is_ok() && dir.starts_with(&root) {
            dirs.push(dir);
        }
    }
    let mut files = Vec::new();
    for _ in 0..c.rng.range(0, 5) {
        let dir = dirs[c.rng.index(dirs.len())].clone();
        let major = c.rng.pick(&[8, 9]);
        let name = match c.rng.below(3) {
            0 => sublibs::file_name(os, major, sublibs::specs(major)[0].name),
            1 => sublibs::file_name(os, major, "ops"),
            _ => library_file_names(os)[c.rng.index(2)].to_string(),
        };
        let path = dir.join(&name);
        if c.rng.one_in(6) {
            let _ = std::fs::create_dir_all(&path);
        } else {
            let bytes = junk(c);
            // A folder made under that name earlier stays a folder.
            let _ = std::fs::write(&path, &bytes);
        }
        files.push(path);
    }
    let target = if c.rng.coin() || files.is_empty() {
        dirs[c.rng.index(dirs.len())].clone()
    } else {
        files[c.rng.index(files.len())].clone()
    };
    say!(c, "Library::open({}) over {files:?}", target.display());
    let r = Library::open(Some(&target));
    match &r {
        Err(Error::LibraryNotFound(e)) => {
            assert!(!e.attempts.is_empty());
            assert!(e.attempts.iter().all(|a| a.outcome.is_err()));
        }
        Err(other) => panic!("expected LibraryNotFound, got {other:?}"),
        Ok(lib) => panic!("junk loaded as cuDNN from {}", lib.path().display()),
    }
    c.note(r);
    for d in &dirs {
        let _ = sublibs::major_from_folder(os, d);
    }
    for f in &files {
        let _ = elf::check(f);
        let _ = pe::check(f);
        if let Ok(Some(info)) = elf::inspect(f) {
            let _ = elf::check_machine(&info);
        }
        let _ = pe::inspect(f);
    }
}

/// Damages a copy of `bytes`: overwrites bytes (mostly in the headers),
/// writes edge values into 2-, 4- and 8-byte fields, or cuts it.
fn damage(rng: &mut Rng, bytes: &[u8]) -> (Vec<u8>, String) {
    let mut m = bytes.to_vec();
    let mut what = String::new();
    let head = m.len().min(if rng.coin() { 512 } else { 8192 });
    for _ in 0..rng.range(1, 6) {
        if m.is_empty() {
            break;
        }
        let region = if rng.one_in(4) { m.len() } else { head.max(1) };
        let at = rng.index(region);
        match rng.below(4) {
            0 => {
                m[at] = rng.pick(&[0, 0xFF, 0x7F, 0x80, 1, 2]);
                what.push_str(&format!(" [{at}]={}", m[at]));
            }
            1 => {
                let width = rng.pick(&[2usize, 4, 8]);
                let at = at & !(width - 1);
                let any = rng.next_u64();
                let v: u64 = rng.pick(&[
                    0,
                    u64::MAX,
                    u64::from(u32::MAX),
                    1 << 63,
                    m.len() as u64,
                    m.len() as u64 + 1,
                    0x8000_0000,
                    any,
                ]);
                let end = (at + width).min(m.len());
                let le = v.to_le_bytes();
                m[at..end].copy_from_slice(&le[..end - at]);
                what.push_str(&format!(" [{at};{width}]={v:#x}"));
            }
            _ => {
                m[at] = rng.below(256) as u8;
                what.push_str(&format!(" [{at}]={}", m[at]));
            }
        }
    }
    if rng.one_in(6) {
        let cut = rng.index(m.len() + 1);
        m.truncate(cut);
        what.push_str(&format!(" cut at {cut}"));
    }
    (m, what)
}

fn elf_case(c: &mut Case) {
    if c.ctx.elf.is_empty() {
        return;
    }
    let (name, bytes) = &c.ctx.elf[c.rng.index(c.ctx.elf.len())];
    let (m, what) = damage(&mut c.rng, bytes);
    say!(c, "elf::inspect_bytes({name} damaged:{what})");
    match elf::inspect_bytes(&m) {
        Ok(Some(info)) => {
            let _ = elf::check_machine(&info);
            c.ok += 1;
        }
        Ok(None) => c.ok += 1,
        Err(e) => {
            assert!(!e.is_empty());
            c.err += 1;
        }
    }
    let _ = pe::inspect_bytes(&m);
    if c.rng.one_in(40) {
        let path = c.scratch_file("damaged.so");
        std::fs::write(&path, &m).expect("write a scratch file");
        say!(c, "; elf::check / inspect of the file");
        let _ = elf::check(&path);
        let _ = elf::inspect(&path);
        let _ = pe::check(&path);
    }
}

fn pe_case(c: &mut Case) {
    if c.ctx.pe.is_empty() {
        return;
    }
    let (name, bytes) = &c.ctx.pe[c.rng.index(c.ctx.pe.len())];
    let (m, what) = damage(&mut c.rng, bytes);
    say!(c, "pe::inspect_bytes({name} damaged:{what})");
    match pe::inspect_bytes(&m) {
        Ok(info) => {
            let _ = pe::machine_name(info.machine);
            c.ok += 1;
        }
        Err(e) => {
            assert!(!matches!(e, pe::PeError::Io(_)), "no I/O over bytes");
            assert!(!e.to_string().is_empty());
            c.err += 1;
        }
    }
    let _ = elf::inspect_bytes(&m);
    if c.rng.one_in(40) {
        let path = c.scratch_file("damaged.dll");
        std::fs::write(&path, &m).expect("write a scratch file");
        say!(c, "; pe::check / inspect of the file");
        let _ = pe::check(&path);
        let _ = pe::inspect(&path);
        let _ = elf::check(&path);
    }
    let _ = pe::machine_name(c.rng.next_u64() as u16);
}

/// A small, complete 64-bit little-endian ELF shared object for this
/// machine: one loadable segment, a dynamic section naming a needed
/// library, a soname and a runpath.
pub fn synthetic_elf() -> Vec<u8> {
    let machine = elf::native_machine().unwrap_or(elf::EM_X86_64);
    let mut f = vec![0u8; 0x200];
    let put = |f: &mut Vec<u8>, at: usize, b: &[u8]| f[at..at + b.len()].copy_from_slice(b);
    put(&mut f, 0, b"\x7fELF\x02\x01\x01");
    put(&mut f, 0x10, &3u16.to_le_bytes()); // ET_DYN
    put(&mut f, 0x12, &machine.to_le_bytes());
    put(&mut f, 0x14, &1u32.to_le_bytes());
    put(&mut f, 0x20, &64u64.to_le_bytes()); // e_phoff
    put(&mut f, 0x34, &64u16.to_le_bytes()); // e_ehsize
    put(&mut f, 0x36, &56u16.to_le_bytes()); // e_phentsize
    put(&mut f, 0x38, &2u16.to_le_bytes()); // e_phnum
    put(&mut f, 0x3A, &64u16.to_le_bytes());
    let len = f.len() as u64;
    // PT_LOAD: the whole file at address 0.
    put(&mut f, 64, &1u32.to_le_bytes());
    put(&mut f, 64 + 32, &len.to_le_bytes());
    put(&mut f, 64 + 40, &len.to_le_bytes());
    // PT_DYNAMIC at 0x100, six entries.
    let dynamic = 0x100usize;
    put(&mut f, 120, &2u32.to_le_bytes());
    put(&mut f, 120 + 8, &(dynamic as u64).to_le_bytes());
    put(&mut f, 120 + 16, &(dynamic as u64).to_le_bytes());
    put(&mut f, 120 + 32, &96u64.to_le_bytes());
    let strtab = 0x180usize;
    let strings = b"\0libc.so.6\0libcudnn.so.9\0$ORIGIN\0";
    put(&mut f, strtab, strings);
    let entries: [(u64, u64); 6] = [
        (1, 1),                     // DT_NEEDED libc.so.6
        (14, 11),                   // DT_SONAME libcudnn.so.9
        (29, 25),                   // DT_RUNPATH $ORIGIN
        (5, strtab as u64),         // DT_STRTAB
        (10, strings.len() as u64), // DT_STRSZ
        (0, 0),
    ];
    for (i, (tag, val)) in entries.iter().enumerate() {
        put(&mut f, dynamic + 16 * i, &tag.to_le_bytes());
        put(&mut f, dynamic + 16 * i + 8, &val.to_le_bytes());
    }
    f
}

/// A small but complete PE32+ DLL for `machine`: one section with an
/// import directory, a delay-load directory, an export directory and a
/// version resource, and a certificate table at the end.
pub fn synthetic_pe(machine: u16) -> Vec<u8> {
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
    put16(&mut f, 0x46, 1);
    put16(&mut f, 0x54, 240);
    put16(&mut f, 0x56, 0x2022);
    let opt = 0x58;
    put16(&mut f, opt, 0x20B);
    f[opt + 24..opt + 32].copy_from_slice(&0x1_8000_0000u64.to_le_bytes());
    put32(&mut f, opt + 60, 0x200);
    put32(&mut f, opt + 108, 16);
    let dir = |f: &mut Vec<u8>, i: usize, rva: u32, size: u32| {
        put32(f, opt + 112 + 8 * i, rva);
        put32(f, opt + 116 + 8 * i, size);
    };
    dir(&mut f, 0, SECTION_VA + 0x200, 0x100); // exports
    dir(&mut f, 1, SECTION_VA, 60); // imports
    dir(&mut f, 2, SECTION_VA + 0x300, 0x100); // resources
    dir(&mut f, 4, 0x800, 0x10); // certificates
    dir(&mut f, 13, SECTION_VA + 0x50, 64); // delay imports
    let sec = opt + 240;
    put(&mut f, sec, b".rdata\0\0");
    put32(&mut f, sec + 8, 0x600);
    put32(&mut f, sec + 12, SECTION_VA);
    put32(&mut f, sec + 16, 0x600);
    put32(&mut f, sec + 20, RAW as u32);
    let rva = |o: usize| SECTION_VA + o as u32;
    put32(&mut f, RAW + 12, rva(0x100));
    put32(&mut f, RAW + 20 + 12, rva(0x120));
    put(&mut f, RAW + 0x100, b"KERNEL32.dll\0");
    put(&mut f, RAW + 0x120, b"cudnn_graph64_9.dll\0");
    put32(&mut f, RAW + 0x50, 1);
    put32(&mut f, RAW + 0x54, rva(0x140));
    put(&mut f, RAW + 0x140, b"nvcuda.dll\0");
    put32(&mut f, RAW + 0x200 + 24, 2);
    put32(&mut f, RAW + 0x200 + 32, rva(0x240));
    put32(&mut f, RAW + 0x240, rva(0x260));
    put32(&mut f, RAW + 0x244, rva(0x280));
    put(&mut f, RAW + 0x260, b"cudnnGetVersion\0");
    put(&mut f, RAW + 0x280, b"cudnnCreate\0");
    let res = RAW + 0x300;
    put16(&mut f, res + 14, 1);
    put32(&mut f, res + 16, 16); // RT_VERSION
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
    for (i, ch) in "VS_VERSION_INFO".encode_utf16().enumerate() {
        put16(&mut f, vi + 6 + 2 * i, ch);
    }
    put32(&mut f, vi + 40, 0xFEEF_04BD);
    put32(&mut f, vi + 44, 0x1_0000);
    put32(&mut f, vi + 48, (9 << 16) | 28);
    put32(&mut f, vi + 52, 42);
    f
}
