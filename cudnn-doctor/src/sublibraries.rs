//! The sub-libraries in the diagnosis: their names, what the loader found
//! for each, the JIT-only install, and the finding for an unusable one.

use cudnn_sys::discovery::major_of_file_name;
use cudnn_sys::sublibs;

use super::folders::{join, parent, same_dir, Listings};
use super::{finding, Finding, Os, Severity, Snapshot, Sublibrary};

/// The sub-libraries of cuDNN `major` on `os`, in dependency order, as the
/// loader knows them (`cudnn_sys::sublibs`): (short name, file name,
/// required). Required here means needed for the common operations: the
/// tensor-IR engines and the sub-quadratic ops are optional.
pub fn sublibrary_names(os: Os, major: u32) -> Vec<(&'static str, String, bool)> {
    sublibs::specs(major)
        .iter()
        .map(|spec| {
            let required = !matches!(spec.name, "engines_tensor_ir" | "ext");
            (
                spec.name,
                sublibs::file_name(os, major, spec.name),
                required,
            )
        })
        .collect()
}

/// Whether the cuDNN release `version` (`"9.19.0"`) of `major` ships
/// sub-library `name`: false only for one added in a later release of the
/// major. An unreadable version counts as shipping it.
pub(crate) fn ships_in(major: u32, version: &str, name: &str) -> bool {
    let minor = version
        .split('.')
        .nth(1)
        .and_then(|m| m.parse::<u32>().ok());
    match (sublibs::spec_of(major, name), minor) {
        (Some(spec), Some(minor)) => spec.ships_in(major, minor),
        _ => true,
    }
}

/// The sub-library a `cudnn*VersionCheck` function checks.
pub(crate) fn check_target(function: &str) -> Option<&'static str> {
    [8, 9]
        .into_iter()
        .flat_map(sublibs::specs)
        .find(|spec| spec.version_check == Some(function))
        .map(|spec| spec.name)
}

/// The loaded major's sub-libraries: present beside the main library, and
/// their version when cuDNN's own check passed; what the loader found
/// when it says.
pub(crate) fn sublibraries(s: &Snapshot, listings: &Listings<'_>) -> Vec<Sublibrary> {
    let Some(l) = &s.loaded else {
        return Vec::new();
    };
    let dir = parent(s.os, &l.path);
    let files = listings.get(&dir);
    sublibrary_names(s.os, l.major)
        .into_iter()
        .map(|(name, file, required)| {
            let check = s
                .sublibrary_checks
                .iter()
                .find(|c| check_target(&c.function) == Some(name));
            let state = s.sublibrary_states.iter().find(|x| x.name == name);
            let present = state.map_or_else(|| files.iter().any(|f| f == &file), |x| x.present);
            let problem = state.and_then(|x| x.problem.clone());
            let version = match check {
                _ if problem.is_some() => None,
                Some(c) if c.error.is_none() => Some(l.version.clone()),
                Some(c) if is_version_mismatch(c.status.as_deref()) => Some(format!(
                    "differs from {} (cuDNN's {} failed)",
                    l.version, c.function
                )),
                _ => None,
            };
            Sublibrary {
                name: name.to_string(),
                file,
                present,
                required,
                first_release: sublibs::spec_of(l.major, name)
                    .and_then(|spec| spec.first_release)
                    .filter(|_| !ships_in(l.major, &l.version, name))
                    .map(|(major, minor)| format!("{major}.{minor}")),
                version,
                problem,
            }
        })
        .collect()
}

/// The sub-libraries of cuDNN's JIT-only install (`nvidia-cudnn-jit-cu12`):
/// the graph API with runtime-compiled engines, and nothing else.
const JIT_LAYOUT: &[&str] = &["graph", "engines_runtime_compiled"];

/// Whether the loader's findings describe the JIT-only install: its two
/// sub-libraries present, the legacy ones and the precompiled engines
/// absent.
pub(crate) fn is_jit_layout(s: &Snapshot) -> bool {
    let st = &s.sublibrary_states;
    s.loaded.as_ref().is_some_and(|l| l.major == 9)
        && !st.is_empty()
        && st
            .iter()
            .all(|x| x.present == JIT_LAYOUT.contains(&x.name.as_str()))
}

/// What a sub-library the loader could not use costs: nothing loads, the
/// graph plans that need it fail, or its functions return
/// `SublibraryUnavailable`.
fn unusable_consequence(s: &Snapshot, x: &super::SublibraryState, main_file: &str) -> String {
    let serves = s
        .loaded
        .as_ref()
        .map(|l| l.major)
        .or_else(|| major_of_file_name(main_file))
        .and_then(|m| cudnn_sys::sublibs::spec_of(m, &x.name))
        .map(|sp| sp.serves)
        .unwrap_or("its functions");
    let exports_functions = s
        .loaded
        .as_ref()
        .map(|l| l.major)
        .or_else(|| major_of_file_name(main_file))
        .is_some_and(|m| {
            cudnn_sys::sublibs::functions_of(m, &x.name)
                .next()
                .is_some()
        });
    if x.required {
        format!("cuDNN cannot work without it, so {main_file} was not loaded")
    } else if !exports_functions {
        format!("cuDNN cannot use {serves}; graph plans that need them fail with a status")
    } else {
        format!(
            "the functions it implements ({serves}) return SublibraryUnavailable; the rest works"
        )
    }
}

/// How serious an unusable sub-library is: an error, except an optional
/// one that is there but needs something absent (a warning).
fn unusable_severity(x: &super::SublibraryState, problem: &str) -> Severity {
    if x.required || problem.contains("version mismatch") || !x.present {
        Severity::Error
    } else if problem.starts_with("needs ") {
        Severity::Warning
    } else {
        Severity::Error
    }
}

/// The finding for a sub-library the loader could not use.
pub(super) fn sublibrary_finding(
    s: &Snapshot,
    x: &super::SublibraryState,
    main_file: &str,
    version: &str,
) -> Finding {
    let dir = x.dir.display();
    let problem = x.problem.as_deref().unwrap_or_default();
    let consequence = unusable_consequence(s, x, main_file);
    let severity = unusable_severity(x, problem);
    let reinstall = format!("reinstall cuDNN {version} completely into {dir}");
    if !x.present {
        finding(
            "sublibrary-missing",
            severity,
            format!(
                "{} is not in {dir} beside {main_file}: {consequence}",
                x.file
            ),
            reinstall,
        )
    } else if problem.starts_with("the file is truncated") {
        finding(
            "truncated-file",
            severity,
            format!(
                "{} in {dir} is cut short ({problem}): {consequence}",
                x.file
            ),
            format!("download or copy {} again ({reinstall})", x.file),
        )
    } else if problem.contains("version mismatch") || problem.contains("another cuDNN release") {
        finding(
            "sublibrary-version-mixed",
            severity,
            format!(
                "{} in {dir} is from another cuDNN release: {problem}; {consequence}",
                x.file
            ),
            format!(
                "remove the stale cuDNN files from {dir} and reinstall one version of cuDNN there"
            ),
        )
    } else {
        finding(
            "sublibrary-load-failed",
            if problem.contains("libcuda") {
                Severity::Warning
            } else {
                severity
            },
            format!(
                "{} in {dir} does not load: {problem}; {consequence}",
                x.file
            ),
            "see the missing-dependency findings; reinstall cuDNN if there are none".into(),
        )
    }
}

pub(super) fn is_version_mismatch(status: Option<&str>) -> bool {
    matches!(
        status,
        Some("CUDNN_STATUS_VERSION_MISMATCH" | "CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH")
    )
}

/// Sub-libraries absent beside the loaded main library that sit in a folder
/// the system loader searches: cuDNN's shim opens sub-libraries *by name*,
/// so it may load that copy, of another install and often another release,
/// and then fail with `CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH` (seen with
/// a 9.20 wheel beside a 9.23 system install, whose tensor-IR engines the
/// wheel lacks).
pub(super) fn stray_sublibrary_findings(
    s: &Snapshot,
    listings: &Listings<'_>,
    out: &mut Vec<Finding>,
) {
    let Some(l) = &s.loaded else { return };
    let home = parent(s.os, &l.path);
    for sub in sublibraries(s, listings).iter().filter(|x| !x.present) {
        let stray = s
            .loader_dirs
            .iter()
            .filter(|d| !same_dir(s.os, d, &home))
            .find(|d| listings.get(d).iter().any(|f| f == &sub.file));
        let Some(dir) = stray else { continue };
        let path = join(s.os, dir, &sub.file);
        let shipped = match &sub.first_release {
            Some(first) => format!(
                "cuDNN {} does not ship it (it is part of {first} and later)",
                l.version
            ),
            None => format!("it is missing beside the loaded {}", l.path.display()),
        };
        out.push(finding(
            "stray-sublibrary",
            Severity::Warning,
            format!(
                "{} is not in {} ({shipped}), but {} is on the system loader's path: cuDNN opens \
                 sub-libraries by name and may load that copy from another install, which then \
                 fails with CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH",
                sub.file,
                home.display(),
                path.display()
            ),
            format!(
                "remove {} from the loader's path (or that copy), or install a complete cuDNN of \
                 the same release as {} into {}",
                dir.display(),
                path.display(),
                home.display()
            ),
        ));
    }
}
