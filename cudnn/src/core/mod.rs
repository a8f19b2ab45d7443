//! The core every op family uses: the loaded library, handles, errors and
//! statuses, element types, descriptors, workspaces, the shared enums and
//! the launch layer. Nothing here imports a family.

pub(crate) mod activation_descriptor;
pub(crate) mod context;
pub(crate) mod counts;
pub(crate) mod descriptor;
pub(crate) mod dropout_descriptor;
pub(crate) mod dtype;
pub(crate) mod error;
pub(crate) mod fp4;
pub(crate) mod fp8;
pub(crate) mod handle;
pub(crate) mod launch;
pub(crate) mod library;
pub(crate) mod modes;
pub(crate) mod raw;
pub(crate) mod save;
pub(crate) mod size;
pub(crate) mod stack;
pub(crate) mod status;
pub(crate) mod tensor;
pub(crate) mod version;
pub(crate) mod workspace;

/// A folder of a unit test's own, named `cudnn-rs-{what}-…` in the
/// temporary folder and removed with its files when dropped.
#[cfg(test)]
pub(crate) fn scratch_dir(what: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("cudnn-rs-{what}-"))
        .tempdir()
        .expect("scratch folder")
}
