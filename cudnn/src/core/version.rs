//! Versions of cuDNN and of the CUDA runtime it was built for.

use std::fmt;

/// A cuDNN version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Version {
    /// Major, for example 9.
    pub major: u32,
    /// Minor, for example 28.
    pub minor: u32,
    /// Patch level, for example 0.
    pub patch: u32,
}

impl Version {
    /// A version from its parts.
    pub const fn new(major: u32, minor: u32, patch: u32) -> Version {
        Version {
            major,
            minor,
            patch,
        }
    }

    /// Decodes the number `cudnnGetVersion` returns (`CUDNN_VERSION`).
    ///
    /// The encoding changed with cuDNN 9: up to 8.x it is
    /// `major * 1000 + minor * 100 + patch` (8.9.5 is 8905); from 9.0 it is
    /// `major * 10000 + minor * 100 + patch` (9.28.0 is 92800). The two
    /// ranges do not overlap: 8.x reads at most 9999 and 9.0 is 90000.
    pub const fn from_encoded(n: usize) -> Version {
        let n = if n > u32::MAX as usize {
            u32::MAX
        } else {
            n as u32
        };
        if n >= 90_000 {
            Version::new(n / 10_000, n / 100 % 100, n % 100)
        } else {
            Version::new(n / 1000, n / 100 % 10, n % 100)
        }
    }

    /// The number `cudnnGetVersion` would return for this version
    /// (saturating at `u64::MAX` for numbers no cuDNN has).
    pub const fn encoded(self) -> usize {
        let (major, minor, patch) = (self.major as u64, self.minor as u64, self.patch as u64);
        let scale = if major >= 9 { 10_000 } else { 1000 };
        let n = major
            .saturating_mul(scale)
            .saturating_add(minor.saturating_mul(100))
            .saturating_add(patch);
        if n > usize::MAX as u64 {
            usize::MAX
        } else {
            n as usize
        }
    }

    /// Parses `"9.28.0"` or `"8.9"` (patch 0).
    pub fn parse(s: &str) -> Option<Version> {
        let mut it = s.trim().split('.').map(str::parse::<u32>);
        let major = it.next()?.ok()?;
        let minor = it.next()?.ok()?;
        let patch = match it.next() {
            Some(p) => p.ok()?,
            None => 0,
        };
        it.next()
            .is_none()
            .then_some(Version::new(major, minor, patch))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

/// A CUDA runtime version as CUDA encodes it (`major * 1000 + minor * 10`),
/// for example 12020 for CUDA 12.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CudaVersion(pub u32);

impl CudaVersion {
    /// The major, for example 12.
    pub const fn major(self) -> u32 {
        self.0 / 1000
    }
    /// The minor, for example 2.
    pub const fn minor(self) -> u32 {
        self.0 % 1000 / 10
    }
}

impl fmt::Display for CudaVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major(), self.minor())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_both_encodings() {
        assert_eq!(Version::from_encoded(8905), Version::new(8, 9, 5));
        assert_eq!(Version::from_encoded(8600), Version::new(8, 6, 0));
        assert_eq!(Version::from_encoded(7605), Version::new(7, 6, 5));
        assert_eq!(Version::from_encoded(92800), Version::new(9, 28, 0));
        assert_eq!(Version::from_encoded(90100), Version::new(9, 1, 0));
        assert_eq!(Version::from_encoded(91001), Version::new(9, 10, 1));
        for v in [8905, 8600, 92800, 90100, 91001] {
            assert_eq!(Version::from_encoded(v).encoded(), v);
        }
        assert_eq!(Version::new(9, 28, 0).to_string(), "9.28.0");
        assert!(Version::new(8, 9, 5) < Version::new(9, 0, 0));
    }

    #[test]
    fn numbers_no_cudnn_has_do_not_overflow() {
        let huge = Version::new(u32::MAX, u32::MAX, u32::MAX);
        assert!(huge.encoded() >= u32::MAX as usize);
        let _ = Version::from_encoded(usize::MAX);
    }

    #[test]
    fn parses() {
        assert_eq!(Version::parse("9.28.0"), Some(Version::new(9, 28, 0)));
        assert_eq!(Version::parse("8.9"), Some(Version::new(8, 9, 0)));
        assert_eq!(Version::parse("8"), None);
        assert_eq!(Version::parse("8.9.5.30"), None);
        assert_eq!(Version::parse("x.1"), None);
    }

    #[test]
    fn cuda_versions() {
        assert_eq!(CudaVersion(12020).to_string(), "12.2");
        assert_eq!(CudaVersion(13000).major(), 13);
        assert_eq!(CudaVersion(11080).minor(), 8);
    }
}
