//! [`DeviceLimits`]: what a plan built for a described GPU depends on, and
//! the check that the GPU it runs on is that GPU.

use std::fmt;

use cudarc::driver::{sys::CUdevice_attribute as Attr, CudaContext};

use crate::core::error::{Error, Mismatch, Result};

/// The limits a plan depends on: the keys of a device description, with
/// the driver's attribute for each. They are those cuDNN 9.28 itself
/// compares when it reads a plan back from JSON for a described GPU
/// (changing any one of them there gives `NOT_SUPPORTED_ARCH_MISMATCH`;
/// the name, PCI id, clocks, memory size, CTAs per SM and the driver
/// version do not count, the last compared in its own way).
const LIMITS: &[(&str, Attr)] = &[
    (
        "multiProcessorCount",
        Attr::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
    ),
    (
        "maxSharedMemoryPerBlock",
        Attr::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
    ),
    (
        "maxSharedMemoryPerBlockOptin",
        Attr::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
    ),
    (
        "reservedSharedMemoryPerBlock",
        Attr::CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK,
    ),
    (
        "maxThreadsPerBlock",
        Attr::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
    ),
    (
        "maxThreadsPerSM",
        Attr::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
    ),
    (
        "regsPerBlock",
        Attr::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK,
    ),
    (
        "maxRegistersPerSM",
        Attr::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR,
    ),
    (
        "memoryBusWidth",
        Attr::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH,
    ),
    ("maxBlockSize[0]", Attr::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X),
    ("maxBlockSize[1]", Attr::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y),
    ("maxBlockSize[2]", Attr::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z),
    ("maxGridSize[0]", Attr::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X),
    ("maxGridSize[1]", Attr::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y),
    ("maxGridSize[2]", Attr::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z),
];

/// A device's limits: what a plan built for a described GPU depends on,
/// as far as its kernels depend on the GPU: the
/// architecture (cuDNN picks kernels per compute capability) and the
/// limits its kernels are configured within: the SM count (grids of
/// persistent and split kernels, and the workspace they size, follow
/// it), shared memory, threads and registers per block and per SM, block
/// and grid sizes, and the memory bus width. These are the limits cuDNN
/// 9.28 compares itself when it reads a plan back from JSON for a
/// described GPU.
///
/// A plan built for a [`DeviceProperties`](super::DeviceProperties) records
/// the limits of its GPU
/// ([`ExecutionPlan::target`](super::ExecutionPlan::target)); an execution
/// on a handle whose GPU differs in any of these is refused before cuDNN
/// is called, with the GPU's values read from the CUDA driver. A plan built for a handle runs only
/// on that handle and records no target.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DeviceLimits {
    name: String,
    compute_capability: (u32, u32),
    /// The values of [`LIMITS`], in order.
    limits: Vec<i64>,
}

static_assertions::assert_impl_all!(DeviceLimits: Send, Sync, Clone);

impl fmt::Display for DeviceLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (major, minor) = self.compute_capability;
        write!(
            f,
            "{} (sm_{major}{minor}, {} SMs)",
            self.name,
            self.limit("multiProcessorCount").unwrap_or(0)
        )
    }
}

impl DeviceLimits {
    /// A target named `name`, of compute capability `capability`, whose
    /// limits `limit` gives by key and, for an array key such as
    /// `maxGridSize`, the element (-1 for one it does not have). The
    /// description's target is made once per description
    /// ([`of`](Self::of)).
    pub(crate) fn described(
        name: &str,
        capability: (u32, u32),
        limit: impl Fn(&str, Option<usize>) -> Option<i64>,
    ) -> DeviceLimits {
        let value = |key: &str| match key.split_once('[') {
            None => limit(key, None),
            Some((array, rest)) => {
                let i: usize = rest.trim_end_matches(']').parse().ok()?;
                limit(array, Some(i))
            }
        };
        DeviceLimits {
            name: name.to_owned(),
            compute_capability: capability,
            limits: LIMITS.iter().map(|(k, _)| value(k).unwrap_or(-1)).collect(),
        }
    }

    /// The GPU of a CUDA context, read from the driver.
    ///
    /// # Errors
    /// The driver's error.
    pub(crate) fn of_context(ctx: &CudaContext) -> Result<DeviceLimits> {
        let get = |a: Attr| -> Result<i64> { Ok(i64::from(ctx.attribute(a)?)) };
        let count = |v: i64| u32::try_from(v).unwrap_or(0);
        let mut limits = Vec::with_capacity(LIMITS.len());
        for (_, a) in LIMITS {
            limits.push(get(*a)?);
        }
        Ok(DeviceLimits {
            name: ctx.name().unwrap_or_else(|_| "a CUDA GPU".into()),
            compute_capability: (
                count(get(Attr::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?),
                count(get(Attr::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?),
            ),
            limits,
        })
    }

    /// The device's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The compute capability, `(major, minor)`.
    pub fn compute_capability(&self) -> (u32, u32) {
        self.compute_capability
    }

    /// The value of a limit, by its key in a device description
    /// (`multiProcessorCount`, `maxSharedMemoryPerBlockOptin`,
    /// `maxGridSize[0]`, ...); `None` for a key that is not one of the
    /// limits a plan depends on.
    pub fn limit(&self, key: &str) -> Option<i64> {
        let i = LIMITS.iter().position(|(k, _)| *k == key)?;
        self.limits.get(i).copied()
    }

    /// The keys of the limits a plan depends on (see the type).
    pub fn limit_keys() -> impl Iterator<Item = &'static str> {
        LIMITS.iter().map(|(k, _)| *k)
    }

    /// Whether a plan built for `self` may run on `device`: the same
    /// compute capability and the same value of every limit (the name
    /// does not count). A pure function of the two.
    ///
    /// # Errors
    /// [`Mismatch::OtherDevice`] naming both GPUs and the first thing that
    /// differs.
    pub(crate) fn check_runs_on(&self, device: &DeviceLimits) -> std::result::Result<(), Mismatch> {
        let cc =
            |t: &DeviceLimits| format!("sm_{}{}", t.compute_capability.0, t.compute_capability.1);
        let differs = if self.compute_capability != device.compute_capability {
            Some(format!(
                "the architecture differs ({} and {})",
                cc(self),
                cc(device)
            ))
        } else {
            LIMITS
                .iter()
                .zip(self.limits.iter().zip(&device.limits))
                .find(|(_, (a, b))| a != b)
                .map(|((key, _), (a, b))| format!("`{key}` differs ({a} and {b})"))
        };
        match differs {
            None => Ok(()),
            Some(what) => Err(Mismatch::OtherDevice {
                planned_for: self.to_string(),
                running_on: device.to_string(),
                what,
            }),
        }
    }

    /// [`check_runs_on`](Self::check_runs_on) as the error of `function`.
    pub(crate) fn check_for(&self, function: &'static str, device: &DeviceLimits) -> Result<()> {
        self.check_runs_on(device)
            .map_err(|mismatch| Error::invalid(function, mismatch))
    }
}

#[cfg(test)]
mod target_tests;
