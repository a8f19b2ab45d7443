//! What a training run must show for the installation to count as working.

use super::TrainReport;

/// The test accuracy the last epoch must reach.
pub const ACCURACY_BAR: f64 = 0.97;

/// The largest difference allowed between the first batch's
/// log-probabilities and the `f64` CPU reference's. Both sides compute in
/// `f32` with FMA (TF32 off), where the differences are around 1e-6.
pub const FIRST_BATCH_TOLERANCE: f64 = 1e-3;

/// The last epoch's mean loss must be below the untrained first batch's
/// loss divided by this.
pub const LOSS_FALL_FACTOR: f64 = 4.0;

/// Why a run does not show a working installation.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The first batch's forward pass differs from the CPU reference by
    /// more than [`FIRST_BATCH_TOLERANCE`] (infinite: a value is not
    /// finite).
    FirstBatchMismatch {
        /// The largest difference.
        max_abs_diff: f64,
    },
    /// The loss is not finite: of the first batch before training
    /// (`epoch` 0), or of an epoch.
    NonFiniteLoss {
        /// 0 for the first batch, else the 1-based epoch.
        epoch: usize,
    },
    /// The loss did not fall by [`LOSS_FALL_FACTOR`].
    LossDidNotFall {
        /// The first batch's loss before training.
        initial: f64,
        /// The last epoch's mean loss.
        last: f64,
    },
    /// The last epoch's test accuracy is below [`ACCURACY_BAR`].
    BelowBar {
        /// The last epoch's test accuracy.
        accuracy: f64,
    },
    /// No epoch ran.
    NoEpochs,
}

impl Failure {
    /// The exit status of the `lenet_digits` example for this failure (1 is
    /// "cannot train", 2 a bad argument).
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::FirstBatchMismatch { .. } => 3,
            Failure::NonFiniteLoss { .. } => 4,
            Failure::LossDidNotFall { .. } | Failure::NoEpochs => 5,
            Failure::BelowBar { .. } => 6,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::FirstBatchMismatch { max_abs_diff } => write!(
                f,
                "the first batch's forward pass differs from the CPU reference by {max_abs_diff:.2e} \
                 (tolerance {FIRST_BATCH_TOLERANCE:.0e})"
            ),
            Failure::NonFiniteLoss { epoch: 0 } => {
                f.write_str("the loss of the first batch, before training, is not finite")
            }
            Failure::NonFiniteLoss { epoch } => {
                write!(f, "the loss became non-finite in epoch {epoch}")
            }
            Failure::LossDidNotFall { initial, last } => write!(
                f,
                "the loss did not fall: {last:.4} at the end, {initial:.4} before training \
                 (it must fall {LOSS_FALL_FACTOR}-fold)"
            ),
            Failure::BelowBar { accuracy } => write!(
                f,
                "the final test accuracy {:.2}% is below {:.0}%",
                100.0 * accuracy,
                100.0 * ACCURACY_BAR
            ),
            Failure::NoEpochs => f.write_str("no epoch ran"),
        }
    }
}

impl std::error::Error for Failure {}

/// Judges a run: the first batch matches the CPU reference, every loss is
/// finite, the loss fell [`LOSS_FALL_FACTOR`]-fold and the last epoch's test
/// accuracy reaches [`ACCURACY_BAR`]. The first check that fails, in that
/// order, is the answer.
///
/// # Errors
/// The [`Failure`] found.
pub fn verdict(report: &TrainReport) -> Result<(), Failure> {
    let diff = report.first_batch_max_diff;
    if diff.is_nan() || diff > FIRST_BATCH_TOLERANCE {
        return Err(Failure::FirstBatchMismatch {
            max_abs_diff: report.first_batch_max_diff,
        });
    }
    if !report.initial_loss.is_finite() {
        return Err(Failure::NonFiniteLoss { epoch: 0 });
    }
    if let Some(e) = report.epochs.iter().find(|e| !e.loss.is_finite()) {
        return Err(Failure::NonFiniteLoss { epoch: e.epoch });
    }
    let last = report.epochs.last().ok_or(Failure::NoEpochs)?;
    // Both losses are finite here.
    if last.loss >= report.initial_loss / LOSS_FALL_FACTOR {
        return Err(Failure::LossDidNotFall {
            initial: report.initial_loss,
            last: last.loss,
        });
    }
    if last.test_accuracy.is_nan() || last.test_accuracy < ACCURACY_BAR {
        return Err(Failure::BelowBar {
            accuracy: last.test_accuracy,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lenet::{max_abs_diff, EpochStats};

    fn epoch(epoch: usize, loss: f64, test_accuracy: f64) -> EpochStats {
        EpochStats {
            epoch,
            loss,
            train_accuracy: 0.9,
            test_accuracy,
            learning_rate: 1e-3,
            seconds: 0.1,
        }
    }

    /// A run that passes: a small first-batch difference, a loss falling
    /// from 2.3 to 0.02, 98.6% at the end.
    fn good() -> TrainReport {
        TrainReport {
            split: (1437, 360),
            first_batch_max_diff: 2e-7,
            initial_loss: 2.3,
            epochs: vec![epoch(1, 0.9, 0.90), epoch(2, 0.02, 0.986)],
            total_seconds: 1.0,
        }
    }

    #[test]
    fn a_good_run_passes() {
        assert_eq!(verdict(&good()), Ok(()));
    }

    #[test]
    fn a_nan_in_the_first_batch_fails() {
        // The GPU's log-probabilities with a NaN injected, against the
        // reference: the comparison reports it, and the verdict fails.
        let cpu = [-2.3f64, -2.2, -2.4];
        let mut gpu = [-2.3f32, -2.2, -2.4];
        gpu[1] = f32::NAN;
        let mut r = good();
        r.first_batch_max_diff = max_abs_diff(&gpu, &cpu);
        let failure = verdict(&r).expect_err("NaN");
        assert_eq!(
            failure,
            Failure::FirstBatchMismatch {
                max_abs_diff: f64::INFINITY
            }
        );
        assert_eq!(failure.exit_code(), 3);
        // A NaN that reaches the report some other way fails too.
        r.first_batch_max_diff = f64::NAN;
        assert!(matches!(
            verdict(&r),
            Err(Failure::FirstBatchMismatch { .. })
        ));
        // And so does a plain difference above the tolerance.
        r.first_batch_max_diff = 2e-3;
        assert!(verdict(&r).is_err());
    }

    #[test]
    fn a_non_finite_loss_fails() {
        let mut r = good();
        r.epochs[0].loss = f64::NAN;
        assert_eq!(verdict(&r), Err(Failure::NonFiniteLoss { epoch: 1 }));
        let mut r = good();
        r.epochs[1].loss = f64::INFINITY;
        let failure = verdict(&r).expect_err("infinite");
        assert_eq!(failure, Failure::NonFiniteLoss { epoch: 2 });
        assert_eq!(failure.exit_code(), 4);
        let mut r = good();
        r.initial_loss = f64::NAN;
        assert_eq!(verdict(&r), Err(Failure::NonFiniteLoss { epoch: 0 }));
    }

    #[test]
    fn a_loss_that_does_not_fall_fails() {
        let mut r = good();
        r.epochs[1].loss = 0.6;
        let failure = verdict(&r).expect_err("not fallen");
        assert_eq!(
            failure,
            Failure::LossDidNotFall {
                initial: 2.3,
                last: 0.6
            }
        );
        assert_eq!(failure.exit_code(), 5);
        assert!(failure.to_string().contains("did not fall"), "{failure}");
        r.epochs.clear();
        assert_eq!(verdict(&r), Err(Failure::NoEpochs));
    }

    #[test]
    fn an_accuracy_below_the_bar_fails() {
        let mut r = good();
        // 349 of 360 is 96.94%: one image short.
        r.epochs[1].test_accuracy = 349.0 / 360.0;
        let failure = verdict(&r).expect_err("below");
        assert_eq!(failure.exit_code(), 6);
        assert_eq!(
            failure.to_string(),
            "the final test accuracy 96.94% is below 97%"
        );
        r.epochs[1].test_accuracy = 350.0 / 360.0;
        assert_eq!(verdict(&r), Ok(()));
        // Only the last epoch counts.
        r.epochs[0].test_accuracy = 0.1;
        assert_eq!(verdict(&r), Ok(()));
    }

    #[test]
    fn every_failure_has_its_own_exit_status() {
        let codes = [
            Failure::FirstBatchMismatch { max_abs_diff: 1.0 }.exit_code(),
            Failure::NonFiniteLoss { epoch: 1 }.exit_code(),
            Failure::LossDidNotFall {
                initial: 1.0,
                last: 1.0,
            }
            .exit_code(),
            Failure::BelowBar { accuracy: 0.5 }.exit_code(),
        ];
        for (i, c) in codes.iter().enumerate() {
            assert!(*c > 2, "{c} is taken by cannot-train or bad-argument");
            assert!(!codes[..i].contains(c), "{codes:?}");
        }
    }
}
