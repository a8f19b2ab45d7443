//! A check of an ELF file's layout before it is handed to `dlopen`.
//!
//! glibc maps a shared object's segments straight from the file. A file cut
//! short (an interrupted download or copy) still has a valid header, but its
//! segments run past the end of the file, and touching them kills the
//! process with SIGBUS instead of giving an error. Reading the program
//! headers first turns that case into an error message.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

const PT_LOAD: u64 = 1;

/// `Ok` when `path` is not an ELF file (the loader will say what it is) or
/// when every loadable segment and the header tables lie inside the file.
pub(crate) fn check(path: &Path) -> Result<(), String> {
    let mut file = File::open(path).map_err(|e| e.to_string())?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    let mut ident = [0u8; 64];
    let got = read_up_to(&mut file, &mut ident)?;
    if got < 16 || ident[..4] != *b"\x7fELF" {
        return Ok(());
    }
    let wide = match ident[4] {
        1 => false,
        2 => true,
        _ => return Ok(()),
    };
    let little = match ident[5] {
        1 => true,
        2 => false,
        _ => return Ok(()),
    };
    let need = if wide { 64 } else { 52 };
    if got < need {
        return Err(truncated(size, need as u64));
    }
    let u16_at = |b: &[u8], o: usize| {
        let v = [b[o], b[o + 1]];
        u64::from(if little {
            u16::from_le_bytes(v)
        } else {
            u16::from_be_bytes(v)
        })
    };
    let u32_at = |b: &[u8], o: usize| {
        let v = [b[o], b[o + 1], b[o + 2], b[o + 3]];
        u64::from(if little {
            u32::from_le_bytes(v)
        } else {
            u32::from_be_bytes(v)
        })
    };
    let u64_at = |b: &[u8], o: usize| {
        let mut v = [0u8; 8];
        v.copy_from_slice(&b[o..o + 8]);
        if little {
            u64::from_le_bytes(v)
        } else {
            u64::from_be_bytes(v)
        }
    };
    let (phoff, shoff, phentsize, phnum, shentsize, shnum) = if wide {
        (
            u64_at(&ident, 0x20),
            u64_at(&ident, 0x28),
            u16_at(&ident, 0x36),
            u16_at(&ident, 0x38),
            u16_at(&ident, 0x3A),
            u16_at(&ident, 0x3C),
        )
    } else {
        (
            u32_at(&ident, 0x1C),
            u32_at(&ident, 0x20),
            u16_at(&ident, 0x2A),
            u16_at(&ident, 0x2C),
            u16_at(&ident, 0x2E),
            u16_at(&ident, 0x30),
        )
    };
    let min_phent = if wide { 56 } else { 32 };
    if phnum == 0 || phentsize < min_phent {
        return Ok(());
    }
    let ph_end = phoff.saturating_add(phentsize.saturating_mul(phnum));
    if ph_end > size {
        return Err(truncated(size, ph_end));
    }
    if shoff != 0 {
        let sh_end = shoff.saturating_add(shentsize.saturating_mul(shnum));
        if sh_end > size {
            return Err(truncated(size, sh_end));
        }
    }
    let mut table = vec![0u8; (phentsize * phnum) as usize];
    file.seek(SeekFrom::Start(phoff))
        .map_err(|e| e.to_string())?;
    file.read_exact(&mut table).map_err(|e| e.to_string())?;
    for entry in table.chunks_exact(phentsize as usize) {
        if u32_at(entry, 0) != PT_LOAD {
            continue;
        }
        let (offset, filesz) = if wide {
            (u64_at(entry, 8), u64_at(entry, 32))
        } else {
            (u32_at(entry, 4), u32_at(entry, 16))
        };
        let end = offset.saturating_add(filesz);
        if end > size {
            return Err(truncated(size, end));
        }
    }
    Ok(())
}

fn truncated(size: u64, needed: u64) -> String {
    format!(
        "the file is truncated: {size} bytes, but its ELF headers describe at least {needed} \
         (an interrupted download or copy?); not loaded, since mapping it would crash the process"
    )
}

fn read_up_to(file: &mut File, buf: &mut [u8]) -> Result<usize, String> {
    let mut got = 0;
    while got < buf.len() {
        match file.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let p = std::env::temp_dir().join(format!("cudnn-sys-elf-{}-{name}", std::process::id()));
        std::fs::write(&p, bytes).expect("write");
        p
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
}
